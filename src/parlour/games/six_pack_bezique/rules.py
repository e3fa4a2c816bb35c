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

Events. The rules write no words: the hand's log is a list of events, tuples of a kind and
data (seats, codes, points), which `view.py` words when a person reads them: `("deal",
hand, dealer)`, `("guess", seat, guess, cut)`, `("blanche", seat)`, `("trick", k,
leader, lead, follow, winner, last)` (k from 0, lead and follow codes, last true for the
deal's last trick), `("meld", seat, codes, class, pairs, value, trump)` (trump the suit
the meld fixes, else None), `("court", seat)` (a drawn court card ends the streak),
`("show", seat, face)`, `("stage2",)` and `("over", hand, points, final)`. The hand's
summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection
from typing import Any

from parlour.cards import SUIT_CHARS
from parlour.engine import OVER, GameOptions, IllegalAction, OptionsError, State
from parlour.games.six_pack_bezique.pack import (
    BEZIQUE_PAIRS,
    BEZIQUES,
    BLANCHE,
    CANON,
    CODE_KEY,
    CODE_TEXT,
    COURT,
    FACE_OF,
    FACE_TEXT,
    FOUR_ANY,
    FOUR_TRUMP,
    GUESS,
    PACK,
    PASS,
    PLAY_TEXT,
    SEQ_RANKS,
    SHOW,
    TABLE,
    A,
    J,
    K,
    Q,
    T,
    _splits,
    _takes,
    beats,
    copy_no,
    counts_of,
    face,
    meld_class,
    meld_name,
    meld_text,
    parse_code,
    table_code,
    texts,
)

RUBICON, GAME_BONUS, LAST_TRICK, CUT_BONUS, GUESS_BONUS, BLANCHE_BONUS = 3000, 1000, 250, 250, 150, 250
GUESS_PHASE, BLANCHE_PHASE, PLAY, MELD, SHOW_PHASE, LAST = "guess", "blanche", "play", "meld", "show", "last"


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


class BeziqueRules(State):
    """One match of Six-Pack Bezique: its rules (the engine's hooks beyond them are in
    `game.py`)."""

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
        self.log: list[Any] = [("deal", self.hand_number, self.dealer)]
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
        if self.cut == 24:
            self.points[self.dealer] += CUT_BONUS
        if n == self.cut:
            self.points[nd] += GUESS_BONUS
        self.log.append(("guess", nd, n, self.cut))
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
            self.log.append(("blanche", s))
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
        self.log.append(("trick", len(self.tricks) - 1, self.leader, lead, code, winner, last))
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
            fixed = None
            if cls in "AB" and self.trump < 0:
                self.trump = fixed = face(action[0]) // 8
            self.log.append(("meld", s, action, cls, n, value, fixed))
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
                    self.log.append(("court", s))
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
            self.log.append(("show", s, f))
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
        self.log.append(("stage2",))
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
        self.log.append(("over", self.hand_number, p, final))
        self._hand_ended(p, {"hand_number": self.hand_number, "dealer": self.dealer, "points": p,
                             "final": final, "trump": self._trump_text(), "log": self.log})

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
        interchangeable copies, the oldest ones; `*` bare when one copy lies on the table.
        A bare `*` said again names the next copy laid (`meld QS* QS* ...`: two of them)."""
        if self.phase not in (PLAY, MELD) or all(c < TABLE for c in codes):
            return codes
        groups = self._groups(self.turn)
        out, used = [], set()
        for c in codes:
            f, k = face(c), copy_no(c)
            if TABLE <= c < TABLE + 32:
                k = min((i for g in groups.get(f, []) for i in g if (f, i) not in used), default=k)
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
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
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
        return [{"kind": meld_name(cls, n), "cards": sorted(place[u] for u in uids)}
                for _mid, cls, uids, n in self.intact[s]]

