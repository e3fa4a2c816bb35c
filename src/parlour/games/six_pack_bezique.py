"""Six-Pack Bezique: 2 players, 192 cards, trick play for the right to meld, then 12 last tricks.

Rules and rulings R-BEZIQUE-1..19 (from Denexa Games' published rules, section
"Bezique"): docs/rules/six_pack_bezique.md. Seats 0 and 1; seat 0 deals first (G-2); the
match is one deal (`deals` > 1: the dealer alternates and the final game scores add up).

Deck and deal. Six 32-card packs (A T K Q J 9 8 7 in each suit: tens rank above kings).
The engine draws the cut c from 24 - `cut_spread` to 24 + `cut_spread` (R-BEZIQUE-1); the
non-dealer acts `guess n`; then c is shown: c = 24 scores the dealer 250, a right guess
the non-dealer 150. Twelve cards each (the non-dealer's slice first, G-4), the other 168
are the stock. Record keys: `cut` (with `cut_bonuses`), `hands`, `stock` (top first).

Play. Carte blanche first (non-dealer, then dealer): a hand with no K, Q or J may
`blanche` (shown, 250) or `pass`; after it each number card drawn may be `show`n for 250
more, and a `pass` or a drawn K, Q or J (no action) ends the streak (R-BEZIQUE-2, 19).
Stage 1, while the stock lasts: the leader plays any card, the follower any card; the
follower wins only with a higher card of the suit led or a trump on a plain lead (ties go
to the leader, R-BEZIQUE-11). The winner melds once or passes (R-BEZIQUE-3, 15), draws,
and the loser draws. Melds: A sequence A T K Q J (250 trumps / 150), B marriage K Q
(40 / 20), C four aces 100, kings 80, queens 60, jacks 40, four of the trump suit A 1000,
T 900, K 800, Q 600, J 400 (only the higher, R-BEZIQUE-8), D bezique QS JD 40, double 500,
triple 1500, quadruple 4500. The first marriage or sequence fixes trumps and scores as
trumps; none before the stock ends: no trumps (R-BEZIQUE-10). Melded cards lie on the
table, public but still the owner's to play. A meld needs a hand card
(`meld_needs_hand_card`, R-BEZIQUE-4); a table card of an intact class-X meld goes into a
new class-X meld only as a bezique augmentation of that whole meld, which scores the
larger meld's full value (R-BEZIQUE-5, 6, 17, 18); a meld is intact until one of its
cards is played. Stage 2: table cards go back to the hands, the last trick's winner leads
12 tricks; the follower must follow suit and win if able (a higher card of the suit, else
a trump when void). The last trick scores 250. Game: the higher score gets +1000, and the
loser's score too if it is under 3000 (the Rubicon); equal scores are a draw
(R-BEZIQUE-13).

Action notation: `guess 24`, `blanche`, `pass`, `show`, `play AH` (from the hand),
`play AH*` (from the table), `meld KH QH`, `meld AH TH JH KH* QH*`. `QS*1`, `QS*2` name
the table copies of a face in the order they were laid (R-BEZIQUE-16); `QS*` is the text
when one copy lies there. Internally a face is suit * 8 + rank (7 8 9 J Q K T A = 0..7);
a hand card is its face, a table copy TABLE + 32 * k + face (k = 0 for the bare `*`), a
meld a tuple of those in the canonical order (hand cards first, G-6), GUESS + n, PASS,
BLANCHE, SHOW. Identical copies are one action; table copies that belong to the same
intact melds are one action too (the oldest is named; `text_to_action` reads any of
them as that one), so search does not branch on copies.

Hidden information: each seat sees its concealed hand, both tables, every trick, the
stock count and what it drew; the cut is hidden until guessed. Cards shown for carte
blanche and table cards taken back in stage 2 are `known` to be in that hand until played
(a play of that face uses a known copy first). A draw that silently ends a streak shows a
K, Q or J; stage 2 plays show voids and missing higher cards; determinize respects all.

Decisions the sources and rulings leave open, taken here:
- "Any four aces" (kings, queens, jacks) are any four cards of the rank, copies allowed.
- With `bezique_by_trump`, no bezique can be melded before trumps are fixed.
- The cut is hidden from both players until the guess; `hand_scores` are the deal's points
  (cut and carte blanche included), `match_scores` the final scores with the game bonus
  and Rubicon, summed over deals.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from typing import Any

from parlour.cards import SUIT_CHARS, SUIT_NAMES
from parlour.engine import OVER, Game, GameOptions, IllegalAction, Limits, OptionsError, State
from parlour.games.drawing import Course

RANKS = "789JQKTA"
J, Q, K, T, A = 3, 4, 5, 6, 7
FACE_TEXT = tuple(RANKS[f % 8] + SUIT_CHARS[f // 8] for f in range(32))
FACE_OF = {t: f for f, t in enumerate(FACE_TEXT)}
CANON = tuple(sorted(range(32), key=lambda f: (f // 8, -(f % 8))))
RANK_OF_CANON = {f: i for i, f in enumerate(CANON)}
PACK = tuple(f for _ in range(6) for f in range(32))
COURT = frozenset(f for f in range(32) if f % 8 in (J, Q, K))
COURT_MASK = sum(1 << f for f in COURT)
NUMBER_MASK = (1 << 32) - 1 - COURT_MASK
SUIT_BITS = tuple(0xFF << 8 * s for s in range(4))
TABLE = 32
PASS, BLANCHE, SHOW, GUESS = 1000, 1001, 1002, 1100
COPIES = 7
SEQ_RANKS = (A, T, K, Q, J)
FOUR_ANY = {A: 100, K: 80, Q: 60, J: 40}
FOUR_TRUMP = {A: 1000, T: 900, K: 800, Q: 600, J: 400}
BEZIQUES = (0, 40, 500, 1500, 4500)
BEZIQUE_PAIRS = {0: (Q, 0, J, 2), 1: (Q, 1, J, 3), 2: (Q, 2, J, 0), 3: (Q, 3, J, 1)}
CLASS_NAMES = {"A": "sequence", "B": "marriage", "C": "four of a kind"}
BEZIQUE_NAMES = ("", "bezique", "double bezique", "triple bezique", "quadruple bezique")
RUBICON, GAME_BONUS, LAST_TRICK, CUT_BONUS, GUESS_BONUS, BLANCHE_BONUS = 3000, 1000, 250, 250, 150, 250
GUESS_PHASE, BLANCHE_PHASE, PLAY, MELD, SHOW_PHASE, LAST = "guess", "blanche", "play", "meld", "show", "last"
CODE_TEXT = {f: FACE_TEXT[f] for f in range(32)} | {
    TABLE + 32 * k + f: FACE_TEXT[f] + "*" + (str(k) if k else "") for k in range(COPIES) for f in range(32)
}
CODE_KEY = {c: (c >= TABLE, RANK_OF_CANON[c % 32], c // 32) for c in CODE_TEXT}
PLAY_TEXT = {c: "play " + t for c, t in CODE_TEXT.items()}


@functools.cache
def _splits(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write `total` as a sum of len(caps) parts, part i at most caps[i]."""
    if not caps:
        return ((),) if total == 0 else ()
    return tuple((first, *rest) for first in range(min(total, caps[0]), -1, -1)
                 for rest in _splits(total - first, caps[1:]))


MELD_SHAPES: dict[tuple[int, ...], tuple[str, int]] = {
    tuple(sorted(faces)): shape for faces, shape in
    [([8 * suit + r for r in ranks], (cls, 1)) for suit in range(4) for ranks, cls in (((K, Q), "B"), (SEQ_RANKS, "A"))]
    + [([8 * suit + r for suit in range(4) for _ in range(split[suit])], ("C", 1))
       for r in (A, T, K, Q, J) for split in _splits(4, (4, 4, 4, 4))]
    + [([8 * qs + qr] * n + [8 * js + jr] * n, ("D", n)) for qr, qs, jr, js in BEZIQUE_PAIRS.values() for n in range(1, 5)]
}
"""Every meld's faces (sorted) with its class and pairs: A sequence, B marriage (each
suit), C four of a rank (any suits), D n beziques (each suit's pair, R-BEZIQUE-9)."""


def face(code: int) -> int:
    return code % 32


def copy_no(code: int) -> int:
    """The table copy a code names (1 = the oldest; the bare `*` is 1)."""
    return max(1, (code - TABLE) // 32)


def table_code(f: int, k: int, groups: list[list[int]]) -> int:
    """The code of table copy k of face f (`groups`: all the face's copies on the table)."""
    return TABLE + (32 * k if sum(map(len, groups)) > 1 else 0) + f


def parse_code(word: str) -> int:
    """`QS` -> a hand card, `QS*` / `QS*2` -> a table copy; IllegalAction when unreadable."""
    w = word.strip().upper()
    base, star, k = w.partition("*")
    base = "T" + base[2:] if base.startswith("10") else base
    if base not in FACE_OF:
        raise IllegalAction(f"{word!r} is not a bezique card (A T K Q J 9 8 7 of S H D C, like QS or TH).")
    if not star:
        return FACE_OF[base]
    if k and not (k.isdigit() and 1 <= int(k) < COPIES):
        raise IllegalAction(f"{word!r}: name a table copy as {base}*1 to {base}*{COPIES - 1}.")
    return TABLE + 32 * (int(k) if k else 0) + FACE_OF[base]


def beats(lead: int, follow: int, trump: int) -> bool:
    """Whether the follower's card takes the trick (R-BEZIQUE-11: ties go to the leader)."""
    if follow // 8 == lead // 8:
        return follow % 8 > lead % 8
    return follow // 8 == trump


def texts(counts: list[int]) -> list[str]:
    return [FACE_TEXT[f] for f in CANON for _ in range(counts[f])]


def counts_of(faces: list[int]) -> list[int]:
    out = [0] * 32
    for f in faces:
        out[f] += 1
    return out


@functools.cache
def meld_text(codes: tuple[int, ...]) -> str:
    return "meld " + " ".join(CODE_TEXT[c] for c in codes)


@dataclasses.dataclass(frozen=True)
class BeziqueOptions(GameOptions):
    """The standard game is the source's: one deal with the cut, QS JD beziques."""

    players: int = 2
    """Bezique is for two players."""
    # R-BEZIQUE-1: the cut and the guess (250 for a cut of 24, 150 for a right guess).
    cut_bonuses: bool = True
    """Whether the deal starts with the cut and the guess: 250 to the dealer for cutting exactly 24
    cards, 150 to the other player for guessing the cut."""
    # R-BEZIQUE-1: the cut is drawn from 24 - spread to 24 + spread.
    cut_spread: int = 4
    """How far from 24 the cut may fall: with 4, anything from 20 to 28 cards."""
    # R-BEZIQUE-4: every meld puts at least one card from the hand on the table.
    meld_needs_hand_card: bool = True
    """Whether every meld must use at least one card from the hand, not only cards already on the
    table."""
    # R-BEZIQUE-9: the bezique follows trumps (QH-JC, QD-JS, QC-JH, QS-JD) instead of QS-JD.
    bezique_by_trump: bool = False
    """Whether the bezique follows trumps (Q♥ J♣ with hearts, Q♦ J♠ with diamonds, Q♣ J♥ with
    clubs, Q♠ J♦ with spades) instead of always being Q♠ J♦."""
    # R-BEZIQUE-14: deals in the match; the dealer alternates and final scores add up.
    deals: int = 1
    """Deals in the match; the dealer alternates and the final scores add up."""

    def check(self) -> None:
        if self.players != 2:
            raise OptionsError(f"Six-Pack Bezique is for 2 players, not {self.players}")
        if not isinstance(self.cut_spread, int) or not 0 <= self.cut_spread <= 12:
            raise OptionsError("cut_spread must be a whole number from 0 to 12")
        if not isinstance(self.deals, int) or not 1 <= self.deals <= 20:
            raise OptionsError("deals must be from 1 to 20")


class BeziqueState(State):
    """One match of Six-Pack Bezique."""

    COPIED = ("points", "totals", "trick", "log", "streak", "tricks")
    NESTED = ("hand", "known", "table", "intact", "shown", "drawn")

    def _new_match(self) -> None:
        self.totals = [0, 0]

    # --- the deal ---------------------------------------------------------------------
    def _deal(self, given: Any) -> None:
        o = self.options
        nd = 1 - self.dealer
        if given is not None:
            hands, stock, cut = self._read_deal(given)
        else:
            cards = list(PACK)
            self.rng.shuffle(cards)
            hands = [[], []]
            hands[nd], hands[self.dealer] = cards[:12], cards[12:24]
            stock = cards[24:]
            cut = self.rng.randint(24 - o.cut_spread, 24 + o.cut_spread) if o.cut_bonuses else None
        self.deals.append(({} if cut is None else {"cut": cut}) | {
            "hands": [[FACE_TEXT[f] for f in h] for h in hands], "stock": [FACE_TEXT[f] for f in stock]})
        self.dealt = [list(h) for h in hands]
        self.hand = [counts_of(h) for h in hands]
        self.known = [[0] * 32, [0] * 32]
        self.table: list[list[tuple[int, int]]] = [[], []]
        self.intact: list[list[tuple[int, str, frozenset[int], int]]] = [[], []]
        self.shown: list[list[int]] = [[], []]
        self.drawn: list[list[int]] = [[], []]
        self.streak = [False, False]
        self.stock, self.top, self.uid = tuple(stock), 0, 0
        self.cut: int | None = cut
        self.guess: int | None = None
        self.points = [0, 0]
        self.trump = -1
        self.trick: list[int] = []
        self.tricks: list[tuple[int, int, int, int]] = []
        self.leader = nd
        self.pending: tuple[int, ...] = ()
        self.log = [f"Hand {self.hand_number + 1}: seat {self.dealer} deals."]
        self.last_meld: tuple[int, tuple[int, ...], str, int, int] | None = None
        self.turn = nd
        self.phase = GUESS_PHASE if cut is not None else BLANCHE_PHASE

    def _read_deal(self, given: dict[str, Any]) -> tuple[list[list[int]], list[int], int | None]:
        try:
            hands = [[FACE_OF[str(t).upper()] for t in h] for h in given["hands"]]
            stock = [FACE_OF[str(t).upper()] for t in given["stock"]]
        except (KeyError, TypeError) as exc:
            raise ValueError("a Six-Pack Bezique deal has 'hands' (12 cards each) and 'stock'") from exc
        if len(hands) != 2 or any(len(h) != 12 for h in hands) or sorted(stock + hands[0] + hands[1]) != sorted(PACK):
            raise ValueError("the deal's cards are not two hands of 12 and a stock of the six packs")
        cut = given.get("cut")
        spread = self.options.cut_spread
        if self.options.cut_bonuses and not (isinstance(cut, int) and abs(cut - 24) <= spread):
            raise ValueError(f"the deal's 'cut' must be from {24 - spread} to {24 + spread}")
        return hands, stock, cut if self.options.cut_bonuses else None

    # --- the cut and carte blanche --------------------------------------------------------
    def _legal_guess(self) -> list[int]:
        s = self.options.cut_spread
        return [GUESS + n for n in range(24 - s, 25 + s)]

    def _apply_guess(self, action: int) -> None:
        self.guess = n = action - GUESS
        nd = 1 - self.dealer
        said = f"Seat {nd} guesses {n}; the cut was {self.cut}."
        if self.cut == 24:
            self.points[self.dealer] += CUT_BONUS
            said += f" Seat {self.dealer} cut exactly 24: 250."
        if n == self.cut:
            self.points[nd] += GUESS_BONUS
            said += f" Seat {nd} guessed right: 150."
        self.log.append(said)
        self.phase = BLANCHE_PHASE

    def _legal_blanche(self) -> list[int]:
        hand = self.hand[self.turn]
        return [PASS] if any(hand[f] for f in COURT) else [BLANCHE, PASS]

    def _apply_blanche(self, action: int) -> None:
        s = self.turn
        if action == BLANCHE:
            self.points[s] += BLANCHE_BONUS
            self.streak[s] = True
            self.known[s] = list(self.hand[s])
            self.shown[s] = [f for f in CANON for _ in range(self.hand[s][f])]
            self.log.append(f"Seat {s} shows carte blanche: 250.")
        if s != self.dealer:
            self.turn = self.dealer
        else:
            self.phase = PLAY
            self.turn = self.leader

    # --- stage 1: tricks, melds, draws --------------------------------------------------------
    def _legal_play(self) -> list[int]:
        hand = self.hand[self.turn]
        table = [table_code(f, ks[0], gs) for f, gs in self._groups(self.turn).items() for ks in gs]
        return [f for f in CANON if hand[f]] + sorted(table, key=CODE_KEY.__getitem__)

    def _apply_play(self, code: int) -> None:
        s = self.turn
        f = face(code)
        if code < TABLE:
            self._take(s, f)
        else:
            uid = self._resolve(s, code)
            self.table[s] = [e for e in self.table[s] if e[1] != uid]
            self.intact[s] = [m for m in self.intact[s] if uid not in m[2]]
        if self._played(s, code):
            self.phase = MELD

    def _played(self, s: int, code: int) -> bool:
        """Seat s plays `code` to the trick; True when that completes it: the winner takes
        it (and 250 for the last trick) and leads next."""
        self.trick.append(code)
        if len(self.trick) == 1:
            self.turn = 1 - s
            return False
        lead = self.trick[0]
        winner = s if beats(face(lead), face(code), self.trump) else 1 - s
        self.tricks.append((self.leader, lead, code, winner))
        last = self.phase == LAST and not any(self.hand[winner])
        self.log.append(f"Trick {len(self.tricks)}: seat {self.leader} {CODE_TEXT[lead]}, seat {s} "
                        f"{CODE_TEXT[code]}; seat {winner} wins{' and 250 for the last trick' * last}.")
        self.points[winner] += LAST_TRICK * last
        self.trick = []
        self.leader = self.turn = winner
        return True

    def _take(self, s: int, f: int) -> None:
        """A card leaves the concealed hand: a known copy of that face goes first."""
        self.hand[s][f] -= 1
        if self.known[s][f]:
            self.known[s][f] -= 1

    def _groups(self, s: int) -> dict[int, list[list[int]]]:
        """Per face on seat s's table, its copies (numbered 1.. in the order laid) grouped
        by the intact melds they are in: the copies of a group are interchangeable."""
        melds: dict[int, set[int]] = {}
        for mid, _cls, uids, _n in self.intact[s]:
            for uid in uids:
                melds.setdefault(uid, set()).add(mid)
        count = [0] * 32
        groups: dict[tuple[int, frozenset[int]], list[int]] = {}
        for f, uid in self.table[s]:
            count[f] += 1
            groups.setdefault((f, frozenset(melds.get(uid, ()))), []).append(count[f])
        out: dict[int, list[list[int]]] = {}
        for (f, _melds), ks in groups.items():
            out.setdefault(f, []).append(ks)
        return out

    def _resolve(self, s: int, code: int) -> int:
        """The uid of the table copy a code names; KeyError when there is none."""
        f, k = face(code), copy_no(code)
        for g, uid in self.table[s]:
            if g == f:
                k -= 1
                if not k:
                    return uid
        raise KeyError(code)

    def _legal_meld(self) -> list[Any]:
        return [PASS, *self._melds(self.turn)]

    def _melds(self, s: int) -> list[tuple[int, ...]]:
        """Every meld seat s may make now, as canonical code tuples."""
        hand, trump, o = self.hand[s], self.trump, self.options
        avail = list(hand)
        for f, _uid in self.table[s]:
            avail[f] += 1
        groups = self._groups(s) if self.table[s] else {}
        options: dict[tuple[int, int], list[list[int]]] = {}

        def take(f: int, m: int) -> list[list[int]]:
            got = options.get((f, m))
            if got is None:
                got = options[(f, m)] = _takes(f, m, hand[f], groups.get(f, []), avail[f] - hand[f] == 1)
            return got

        found: list[tuple[list[int], str, int]] = []
        for suit in range(4):
            b = 8 * suit
            if avail[b + K] and avail[b + Q]:
                found += [(x + y, "B", 1) for x in take(b + K, 1) for y in take(b + Q, 1)]
                if avail[b + A] and avail[b + T] and avail[b + J]:
                    parts = [take(b + r, 1) for r in SEQ_RANKS]
                    found += [(sum(p, []), "A", 1) for p in itertools.product(*parts)]
        for r in (A, T, K, Q, J):
            if avail[r] + avail[8 + r] + avail[16 + r] + avail[24 + r] < 4:
                continue
            if r == T and (trump < 0 or avail[8 * trump + T] < 4):
                continue
            faces = (r, 8 + r, 16 + r, 24 + r)
            for split in _splits(4, tuple(min(4, avail[f]) for f in faces)):
                if r == T and split[trump] != 4:
                    continue
                parts = [take(f, m) for f, m in zip(faces, split, strict=True) if m]
                found += [(sum(p, []), "C", 1) for p in itertools.product(*parts)]
        if trump >= 0 or not o.bezique_by_trump:
            qr, qs, jr, js = BEZIQUE_PAIRS[trump if o.bezique_by_trump else 0]
            qf, jf = 8 * qs + qr, 8 * js + jr
            for n in range(1, min(4, avail[qf], avail[jf]) + 1):
                found += [(x + y, "D", n) for x in take(qf, n) for y in take(jf, n)]
        out = []
        for codes, cls, n in found:
            if self._meld_value(s, codes, cls, n) is not None:
                out.append(tuple(sorted(codes, key=CODE_KEY.__getitem__)))
        return out

    def _meld_value(self, s: int, codes: list[int] | tuple[int, ...], cls: str, n: int) -> int | None:
        """The meld's score, or None where R-BEZIQUE-4/5/17 forbid it."""
        if self.options.meld_needs_hand_card and min(codes) >= TABLE:
            return None
        uids = frozenset(self._resolve(s, c) for c in codes if c >= TABLE)
        touched = [m for m in self.intact[s] if m[1] == cls and m[2] & uids]
        if touched:
            if cls != "D":
                return None
            big = max(touched, key=lambda m: m[3])
            if not (big[2] <= uids and n > big[3] and all(m[2] <= big[2] for m in touched)):
                return None
        trump = self.trump
        first = face(codes[0])
        if cls in "AB":
            trumps = trump < 0 or first // 8 == trump
            return (250 if trumps else 150) if cls == "A" else (40 if trumps else 20)
        if cls == "C":
            suits = {face(c) // 8 for c in codes}
            return FOUR_TRUMP[first % 8] if suits == {trump} else FOUR_ANY[first % 8]
        return BEZIQUES[n]

    def _apply_meld(self, action: Any) -> None:
        s = self.turn
        if action != PASS:
            cls, n = meld_class(action)
            value = self._meld_value(s, action, cls, n)
            assert value is not None
            uids = {self._resolve(s, c) for c in action if c >= TABLE}
            for c in action:
                if c < TABLE:
                    self._take(s, c)
                    self.uid += 1
                    self.table[s].append((c, self.uid))
                    uids.add(self.uid)
            self.uid += 1
            self.intact[s].append((self.uid, cls, frozenset(uids), n))
            self.points[s] += value
            said = f"Seat {s} melds {meld_text(action)[5:]}: {_meld_name(cls, n)}, {value}."
            if cls in "AB" and self.trump < 0:
                self.trump = face(action[0]) // 8
                said += f" {SUIT_NAMES[self.trump].capitalize()} are trumps."
            self.log.append(said)
            self.last_meld = (s, action, cls, value, len(self.tricks))
        self.pending = (s, 1 - s)
        self._draw_next()

    def _draw_next(self) -> None:
        """Draws in order, winner first; a streaking player who draws a number card decides
        at once (R-BEZIQUE-19); an empty stock starts stage 2."""
        while self.pending:
            s, self.pending = self.pending[0], self.pending[1:]
            f = self.stock[self.top]
            self.top += 1
            self.hand[s][f] += 1
            self.drawn[s].append(f)
            if self.streak[s]:
                if f in COURT:
                    self.streak[s] = False
                    self.log.append(f"Seat {s} draws a court card: the carte blanche streak ends.")
                else:
                    self.phase, self.turn = SHOW_PHASE, s
                    return
        if self.top == len(self.stock):
            self._start_last()
        else:
            self.phase, self.turn = PLAY, self.leader

    def _legal_show(self) -> list[int]:
        return [SHOW, PASS]

    def _apply_show(self, action: int) -> None:
        s = self.turn
        if action == SHOW:
            f = self.drawn[s][-1]
            self.points[s] += BLANCHE_BONUS
            self.known[s][f] += 1
            self.shown[s].append(f)
            self.log.append(f"Seat {s} shows {FACE_TEXT[f]} for carte blanche: 250.")
        else:
            self.streak[s] = False
        self._draw_next()

    # --- stage 2: the last 12 tricks --------------------------------------------------------
    def _start_last(self) -> None:
        for s in (0, 1):
            for f, _uid in self.table[s]:
                self.hand[s][f] += 1
                self.known[s][f] += 1
            self.table[s] = []
            self.intact[s] = []
        self.streak = [False, False]
        self.log.append("The stock is empty: the tables go back to the hands for the last 12 tricks.")
        self.phase, self.turn = LAST, self.leader

    def _legal_last(self) -> list[int]:
        hand = self.hand[self.turn]
        cards = [f for f in CANON if hand[f]]
        if not self.trick:
            return cards
        lead = self.trick[0]
        suit = [f for f in cards if f // 8 == lead // 8]
        if suit:
            return [f for f in suit if f > lead] or suit
        trumps = [f for f in cards if f // 8 == self.trump]
        return trumps or cards

    def _apply_last(self, f: int) -> None:
        self._take(self.turn, f)
        if self._played(self.turn, f) and not any(self.hand[self.leader]):
            self._end_deal()

    def _end_deal(self) -> None:
        p = list(self.points)
        final = list(p)
        if p[0] != p[1]:
            w = 0 if p[0] > p[1] else 1
            final[w] += GAME_BONUS + (p[1 - w] if p[1 - w] < RUBICON else 0)
        for s in (0, 1):
            self.totals[s] += final[s]
        self.log.append(f"Deal over: points {p}, final scores {final}.")
        self._hand_ended(p, {"hand_number": self.hand_number, "dealer": self.dealer, "points": p,
                             "final": final, "trump": self._trump_text(), "log": list(self.log)})

    def _match_winners(self) -> list[int] | None:
        if self.hand_number + 1 < self.options.deals:
            return None
        best = max(self.totals)
        return [s for s in (0, 1) if self.totals[s] == best]

    def hand_points(self) -> list[Any]:
        return list(self.points)

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])

    def _trump_text(self) -> str | None:
        return SUIT_CHARS[self.trump] if self.trump >= 0 else None

    # --- refusals -------------------------------------------------------------------------
    def _why_not(self, action: Any) -> str | None:
        phase, s, spread = self.phase, self.turn, self.options.cut_spread
        want = {GUESS_PHASE: f"Guess the cut: guess {24 - spread} to guess {24 + spread}.",
                BLANCHE_PHASE: "Carte blanche first: blanche (a hand with no K, Q or J) or pass.",
                PLAY: "It is your turn to play a card.", LAST: "It is your turn to play a card.",
                MELD: "You won the trick: meld or pass.", SHOW_PHASE: "Show the card you drew, or pass."}[phase]
        if phase == GUESS_PHASE and isinstance(action, int) and action >= GUESS:
            return f"Guess a number from {24 - spread} to {24 + spread}."
        if phase == BLANCHE_PHASE and action == BLANCHE:
            return "Carte blanche needs a hand with no king, queen or jack."
        if phase in (PLAY, LAST) and action in CODE_TEXT:
            if action >= TABLE:
                if phase == LAST:
                    return "The tables went back to the hands: play cards without *."
                return f"There is no {CODE_TEXT[action]} on your table."
            if not self.hand[s][action]:
                return f"You do not hold {FACE_TEXT[action]}."
            lead = self.trick[0]
            if any(self.hand[s][f] for f in range(8 * (lead // 8), 8 * (lead // 8) + 8)):
                return f"Follow suit and win if you can: a higher {SUIT_NAMES[lead // 8][:-1]} if you hold one."
            return f"You must win the trick if you can: play a trump ({SUIT_NAMES[self.trump]})."
        if phase == MELD and isinstance(action, tuple):
            return self._meld_problem(s, action)
        return want

    def _meld_problem(self, s: int, codes: tuple[int, ...]) -> str:
        hand = list(self.hand[s])
        for c in codes:
            if c >= TABLE:
                try:
                    self._resolve(s, c)
                except KeyError:
                    return f"There is no {CODE_TEXT[c]} on your table."
            elif hand[c] <= 0:
                return f"You do not hold {FACE_TEXT[c]} in your hand."
            else:
                hand[c] -= 1
        shape = meld_class(codes)
        if shape is None:
            return "Those cards make no meld: a sequence A T K Q J, a marriage K Q, four of a kind or beziques."
        if self.options.meld_needs_hand_card and min(codes) >= TABLE:
            return "A meld needs at least one card from your hand (R-BEZIQUE-4)."
        if self._meld_value(s, codes, *shape) is None:
            return ("A table card of an intact meld of this class may only go into a bigger bezique "
                    "that contains that whole meld (R-BEZIQUE-5).")
        return "That meld is not possible now (trumps decide tens and beziques)."

    # --- text ------------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if isinstance(action, tuple):
            return meld_text(action)
        if action < GUESS:
            return {PASS: "pass", BLANCHE: "blanche", SHOW: "show"}.get(action) or PLAY_TEXT[action]
        return f"guess {action - GUESS}"

    def text_to_action(self, text: str) -> Any:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        simple = {"pass": PASS, "blanche": BLANCHE, "show": SHOW}
        if verb in simple and len(words) == 1:
            return simple[verb]
        if verb == "guess" and len(words) == 2 and words[1].isdigit() and int(words[1]) < 100:
            return GUESS + int(words[1])
        if verb == "play" and len(words) == 2:
            return self._canonical([parse_code(words[1])])[0]
        if verb == "meld" and 2 <= len(words) <= 9:
            codes = self._canonical([parse_code(w) for w in words[1:]])
            return tuple(sorted(codes, key=CODE_KEY.__getitem__))
        raise IllegalAction(f"{text!r} is not a Bezique action: guess 24, blanche, pass, show, play QS, "
                            "play QS*, meld KH QH.")

    def _canonical(self, codes: list[int]) -> list[int]:
        """Table copies as the legal lists name them: within each group of a face's
        interchangeable copies, the oldest ones; `*` bare when one copy lies on the table."""
        if self.phase not in (PLAY, MELD) or all(c < TABLE for c in codes):
            return codes
        groups = self._groups(self.turn)
        out, used = [], set()
        for c in codes:
            f, k = face(c), copy_no(c)
            group = next((g for g in groups.get(f, []) if k in g), None)
            if c < TABLE or group is None:
                out.append(c)
                continue
            free = next((i for i in group if (f, i) not in used), None)
            if free is None:
                raise IllegalAction(f"There are not that many copies of {FACE_TEXT[f]} on your table.")
            used.add((f, free))
            k = free
            out.append(table_code(f, k, groups[f]))
        return out

    def action_cards(self, action: Any) -> list[str]:
        if isinstance(action, tuple):
            return [FACE_TEXT[face(c)] for c in action]
        return [FACE_TEXT[face(action)]] if action < GUESS and action not in (PASS, BLANCHE, SHOW) else []

    # --- what a seat may know -----------------------------------------------------------------
    def facts(self, seat: int | None) -> dict[str, Any]:
        """Tables, tricks, shown cards and known cards are public; a seat also knows its own
        concealed hand, its dealt hand and its draws; the cut shows after the guess."""
        out: dict[str, Any] = {
            "hand": texts(self.hand[seat]) if seat is not None else None,
            "hand_sizes": [sum(h) for h in self.hand],
            "known": [texts(k) for k in self.known],
            "table": [[FACE_TEXT[f] for f, _u in t] for t in self.table],
            "melds": [self._meld_views(s) for s in (0, 1)],
            "trump": self._trump_text(),
            "stock_size": len(self.stock) - self.top,
            "stage": 2 if self.phase == LAST or (self.phase == OVER and self.top) else 1,
            "trick": [[self.leader if i == 0 else 1 - self.leader, CODE_TEXT[c]] for i, c in enumerate(self.trick)],
            "tricks_played": len(self.tricks),
            "cut": self.cut if self.guess is not None else None,
            "guess": self.guess,
            "streak": list(self.streak),
            "shown": [[FACE_TEXT[f] for f in sh] for sh in self.shown],
        }
        if seat is not None:
            out["dealt"] = [FACE_TEXT[f] for f in self.dealt[seat]]
            out["drawn"] = [FACE_TEXT[f] for f in self.drawn[seat]]
        return out

    def _meld_views(self, s: int) -> list[dict[str, Any]]:
        place = {uid: i for i, (_f, uid) in enumerate(self.table[s])}
        return [{"kind": _meld_name(cls, n), "cards": sorted(place[u] for u in uids)}
                for _mid, cls, uids, n in self.intact[s]]

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones = [{"id": f"table-{s}", "kind": "hand" if s == seat else "meld", "owner": s,
                  "label": "Your melds (table)" if s == seat else f"Seat {s}'s melds", "cards": obs["table"][s],
                  "hidden": 0} for s in (0, 1)]
        zones.append({"id": "trick", "kind": "table", "owner": None, "label": "Trick",
                      "cards": [c.rstrip("*0123456789") for _s, c in obs["trick"]], "hidden": 0})
        zones.append({"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
                      "cards": [], "hidden": min(obs["stock_size"], 1)})
        return zones

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        out = [{"label": "Trumps", "value": SUIT_NAMES[SUIT_CHARS.index(obs["trump"])] if obs["trump"] else "none yet"},
               {"label": "Stock", "value": str(obs["stock_size"])},
               {"label": "Stage", "value": "last 12 tricks: follow suit and win if able"
                if obs["stage"] == 2 else "stock play: meld after winning a trick"},
               {"label": "Points", "value": " / ".join(str(p) for p in obs["scores"]["hand"])}]
        if obs["cut"] is not None:
            out.append({"label": "Cut", "value": f"{obs['cut']} (guess {obs['guess']})"})
        return out

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        if self.last_meld is not None and self.last_meld[4] == len(self.tricks):
            s, codes, cls, value, _k = self.last_meld
            return {"label": "Meld", "plays": [{"seat": s, "cards": self.action_cards(codes), "face_down": False,
                                                "mark": True}], "explanation": f"{_meld_name(cls, len(codes) // 2)}: {value}"}
        if not self.tricks:
            return None
        leader, lead, follow, winner = self.tricks[-1]
        return {"label": f"Trick {len(self.tricks)}",
                "plays": [{"seat": seat, "cards": [FACE_TEXT[face(c)]], "face_down": False, "mark": seat == winner}
                          for seat, c in ((leader, lead), (1 - leader, follow))],
                "explanation": f"Seat {winner} wins the trick."}

    # --- cards, for the invariants -------------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [FACE_TEXT[f] for f in PACK]

    def card_places(self) -> dict[str, list[str]]:
        places = {f"hand-{s}": texts(self.hand[s]) for s in (0, 1)}
        places |= {f"table-{s}": [FACE_TEXT[f] for f, _u in self.table[s]] for s in (0, 1)}
        places["stock"] = [FACE_TEXT[f] for f in self.stock[self.top:]]
        places["tricks"] = [FACE_TEXT[face(c)] for t in self.tricks for c in t[1:3]]
        places["trick"] = [FACE_TEXT[face(c)] for c in self.trick]
        return places

    def check_invariants(self) -> None:
        """Known cards are in the hand; every intact meld's cards lie on the table; between
        tricks each player holds 12 cards with the table in stage 1."""
        for s in (0, 1):
            assert all(k <= h for k, h in zip(self.known[s], self.hand[s], strict=True))
            on_table = {u for _f, u in self.table[s]}
            assert all(m[2] <= on_table for m in self.intact[s])
        if self.phase == PLAY and not self.trick:
            assert [sum(self.hand[s]) + len(self.table[s]) for s in (0, 1)] == [12, 12]

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> BeziqueState:
        """A copy whose concealed unknown cards (not `seat`'s) and stock are shuffled together."""
        other = self.clone()
        assert isinstance(other, BeziqueState)
        if other.phase == OVER:
            return other
        seats = [s for s in (0, 1) if s != seat]
        free = {s: [f for f in range(32) for _ in range(other.hand[s][f] - other.known[s][f])] for s in seats}
        pool = list(other.stock[other.top:]) + [f for s in seats for f in free[s]]
        rng.shuffle(pool)
        for s in seats:
            dealt, pool = counts_of(pool[:len(free[s])]), pool[len(free[s]):]
            other.hand[s] = [a + b for a, b in zip(other.known[s], dealt, strict=True)]
        other.stock = other.stock[:other.top] + tuple(pool)
        return other

    # --- determinize ---------------------------------------------------------------------------
    @classmethod
    def sample_deal(cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
                    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the deal from the hand's public course (`_course`): the observer's own
        cards are known; each opponent card that left the concealed hand fills one of its
        slots (dealt or drawn before), the rest is dealt from the unseen cards."""
        assert isinstance(options, BeziqueOptions)
        if observation["seat"] is None:
            raise ValueError("determinize needs a seat")
        hands, (stock,) = _course(observation, rng).finish(rng)
        deal: dict[str, Any] = {"hands": [[FACE_TEXT[f] for f in h] for h in hands],
                                "stock": [FACE_TEXT[f] for f in stock]}
        if options.cut_bonuses:
            spread = options.cut_spread
            cut = observation["cut"]
            deal["cut"] = cut if cut is not None else rng.randint(24 - spread, 24 + spread)
        return deal, {}


def _takes(f: int, m: int, held: int, groups: list[list[int]], bare: bool) -> list[list[int]]:
    """The ways to take m copies of face f: some of the `held` in the hand, the rest from the
    table, one choice per group of interchangeable copies (`groups`: their numbers, oldest
    first; `bare`: the only copy on the table, written `*`)."""
    out = []
    for nh in range(min(held, m), -1, -1):
        for split in _splits(m - nh, tuple(len(g) for g in groups)):
            codes = [f] * nh
            for g, j in zip(groups, split, strict=True):
                codes += [TABLE + (0 if bare else 32 * i) + f for i in g[:j]]
            out.append(codes)
    return out


def meld_class(codes: tuple[int, ...] | list[int]) -> Any:
    """(class, pairs) of the cards' shape, whatever the trumps, or None for no meld."""
    return MELD_SHAPES.get(tuple(sorted(face(c) for c in codes)))


def _meld_name(cls: str, n: int) -> str:
    return BEZIQUE_NAMES[n] if cls == "D" else CLASS_NAMES[cls]


def _course(obs: dict[str, Any], rng: random.Random) -> Course:
    """The hand's public course as slots (games/drawing.py): the opponent's carte blanche
    and shown draws fix slots; a draw that let its streak go on is a number card, one that
    silently ended it a court card; a hand card it plays or melds leaves its hand (its
    table cards come back known in stage 2); its stage-2 plays show voids."""
    me = obs["seat"]
    opp = 1 - me
    course = Course(2, PACK, (0, COURT_MASK, NUMBER_MASK))
    for t in obs["dealt"]:
        course.deal(me, FACE_OF[t])
    for _ in range(12):
        course.deal(opp)
    mine = iter(FACE_OF[t] for t in obs["drawn"])
    shown = iter(FACE_OF[t] for t in obs["shown"][opp])
    actions = obs["actions"]
    streak, table, void, trump, winner = [False, False], [0] * 32, 0, -1, 1 - obs["dealer"]
    trick: list[tuple[int, int]] = []
    pending: list[int] = []
    phase = BLANCHE_PHASE

    def draws(k: int) -> str:
        """The pending draws after action k, in turn; the phase that follows (a show owed,
        play, or stage 2 with the opponent's table cards back in its hand)."""
        while pending:
            s = pending.pop(0)
            slot = course.draw(s, next(mine) if s == me else None)
            if not streak[s]:
                continue
            if s == me:
                number = course.card[slot] not in COURT
            else:
                after = actions[k + 1] if k + 1 < len(actions) else None
                number = (after[0] == s and after[1] in ("show", "pass") if after
                          else obs["phase"] == SHOW_PHASE and obs["to_act"] == s)
                course.mark(slot, 1 if number else 2)
            if number:
                return SHOW_PHASE
            streak[s] = False
        if len(course.drawn[0]) < len(PACK) - 24:
            return PLAY
        for f in range(32):
            for _ in range(table[f]):
                course.know(opp, f)
        return LAST

    for k, (actor, text) in enumerate(actions):
        verb, *words = text.split()
        if verb == "blanche":
            streak[actor] = True
            for slot in course.dealt[opp] if actor == opp else ():
                course.show(opp, slot, next(shown))
        elif verb == "play":
            code = parse_code(words[0])
            f = face(code)
            if actor == opp and code >= TABLE:
                table[f] -= 1
            elif actor == opp:
                course.leave(opp, f, rng)
            trick.append((actor, f))
            if len(trick) == 2:
                (ls, lf), (fs, ff) = trick
                winner = fs if beats(lf, ff, trump) else ls
                trick = []
                if phase == LAST and fs == opp and ff // 8 != lf // 8:
                    void |= SUIT_BITS[lf // 8] | (SUIT_BITS[trump] if 0 <= trump != ff // 8 else 0)
                elif phase == LAST and fs == opp and winner != opp:
                    void |= SUIT_BITS[lf // 8] & -(2 << lf)
                phase = phase if phase == LAST else MELD
        elif phase == MELD:
            codes = [parse_code(w) for w in words]
            if codes and trump < 0 and meld_class(codes)[0] in "AB":
                trump = face(codes[0]) // 8
            for c in codes if actor == opp else ():
                if c < TABLE:
                    course.leave(opp, c, rng)
                    table[c] += 1
            pending[:] = [winner, 1 - winner]
            phase = draws(k)
        elif phase == SHOW_PHASE:
            if verb == "show" and actor == opp:
                course.show(opp, course.drawn[0][-1], next(shown))
            streak[actor] = verb == "show"
            phase = draws(k)
    course.forbid(opp, void)
    return course


class SixPackBezique(Game):
    name = "six_pack_bezique"
    title = "Six-Pack Bezique"
    min_players = 2
    max_players = 2
    Options = BeziqueOptions
    state_class = BeziqueState

    def heuristic_bot(self) -> str | None:
        return "six_pack_bezique-heuristic"

    def limits(self, options: GameOptions) -> Limits:
        """The guess, carte blanche (a show per card drawn), 84 stage-1 tricks of two plays
        and a meld or pass, 12 last tricks. Points: each meld at most 4500, the cut 250,
        carte blanche 250 a show, the last trick 250."""
        assert isinstance(options, BeziqueOptions)
        tricks = 168 // 2
        return Limits(
            hand_actions=1 + 2 + 168 + 3 * tricks + 24,
            match_hands=options.deals,
            hand_scores=(0, 4500 * tricks + 250 + 250 * (1 + 168) + 250),
            notes="the score bound is the rules' arithmetic, far above any real deal",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, BeziqueOptions)
        return list(_universe(options.cut_spread, options.meld_needs_hand_card))


@functools.cache
def _universe(spread: int, needs_hand: bool) -> tuple[Any, ...]:
    """Every action: the guesses, the words, each card code, and each meld over hand cards
    and table copies 1..6 (or the bare `*`)."""
    out: list[Any] = [GUESS + n for n in range(24 - spread, 25 + spread)] + [PASS, BLANCHE, SHOW]
    out += sorted(CODE_TEXT, key=CODE_KEY.__getitem__)
    copies = [[k] for k in range(1, COPIES)]
    melds: set[tuple[int, ...]] = set()
    for shape in MELD_SHAPES:
        per_face = [_takes(f, m, m, copies, False) + [[f] * (m - 1) + [TABLE + f]]
                    for f in sorted(set(shape)) for m in [shape.count(f)]]
        for combo in itertools.product(*per_face):
            codes = sum(combo, [])
            if not needs_hand or min(codes) < TABLE:
                melds.add(tuple(sorted(codes, key=CODE_KEY.__getitem__)))
    return tuple(out) + tuple(sorted(melds, key=lambda t: [CODE_KEY[c] for c in t]))


GAME = SixPackBezique()
BeziqueState.game = GAME
