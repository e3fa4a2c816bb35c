"""Zetema: a rummy game with Bezique's marriages, 2-6 players, 65 cards, fourteen discard piles.

Rules and rulings R-ZETEMA-1..19 (from Denexa Games' published rules, section "Zetema",
Parlett's version): docs/rules/zetema.md.

Seats and pack. 2, 3 or 5 players play alone; 4 play as {0, 2} v {1, 3} and 6 as {0, 3} v
{1, 4} v {2, 5} (G-3), partners' points added and every seat showing its side's figure.
65 cards: one 52-card pack and a second copy of the suit `extra_suit` (spades by default,
R-ZETEMA-1), so every rank has five cards. Each seat gets H = 6 cards (5 with 6 players),
dealt as slices clockwise from the dealer's left (G-4); the rest is the stock. Seat 0
deals first unless the record says otherwise; the deal passes left (R-ZETEMA-14).
Deal keys of a record: `hands` (per seat) and `stock` (top card first).

A turn. While the stock lasts the seat to act draws its top card (automatic, G-7), then
does exactly one of (R-ZETEMA-3):
- `meld`: show L cards (L = H) in sequence not all of one suit (20), of one suit not in
  sequence (30), or both (50), or five cards of one rank, an assembly (K or Q 130, J 120,
  A or 5 110, others 100); then discard one card of that meld. The meld's cards stay in
  the hand and are public ("known") until discarded (R-ZETEMA-4: a meld may be shown
  again). Ace high or low, no wrap (`ace`, R-ZETEMA-2). A flush may hold both copies of a
  rank of the duplicated suit (R-ZETEMA-12).
- `marry`: one or more king-queen pairs of a suit, each with at least one card from the
  hand and the other from the hand or pulled from its rank pile (any card of it,
  R-ZETEMA-5). 1, 2, 3, 4 pairs score 10, 30, 60, 100, plus 10 per imperial pair (in the
  duplicated suit, R-ZETEMA-7); five pairs score `five_marriages` (150, R-ZETEMA-6; 170
  adds the two imperial tens). The cards go to the wastepile for good; the seat draws
  back to H as far as the stock goes (R-ZETEMA-8) and makes no discard.
- `discard` a card.
A discard goes on the pile of its rank; the fifth card there is a zetema: J 20, A or 5 15,
K or Q 50, others 5, and the five cards go to the wastepile.

Hand and match. Once the stock is empty nobody draws, and seats without cards are skipped
(R-ZETEMA-19). The hand ends when the stock is empty and nobody holds a card (R-ZETEMA-9);
cards left in rank piles score nothing. Totals carry over; the first side to reach the
target (300 with 2-3 players, 200 with 4-6) wins at once, mid-turn if need be: no
discard after such a meld, no refill after such a marriage (R-ZETEMA-17), and the
cut-short hand is the last row of `hand_scores`. Scores are points scored on the hand
and running totals (G-11).

Action notation (G-6: canonical order written, any order read): `discard 7D`; `meld 3H 4S
5D 6C 7H 8H`, then `discard 8H`; `marry KS QS*, KH QH` (pairs split by commas, `*` on the
card pulled from its pile, each pair checked as written, R-ZETEMA-18). Internally a
discard is its face (0..51); a meld is MELD_FLAG plus a "pmask" (bit f for a face, bit
52 + r for the second copy of the duplicated suit's rank r; hands and known cards are
pmasks too); a marriage is MARRY_FLAG plus, per suit, 2-bit counts of pairs from the hand,
with the queen pulled and with the king pulled.

Hidden information. A seat sees its own hand and the others' card counts. Public: every
meld shown (its cards are each seat's `known` cards until they leave the hand), the rank
piles, the wastepile, every discard and pulled card, who drew when (`draws`: `[seat, k]`,
drawn before the hand's action k), the stock's size. Hidden: the stock's order, the cards
drawn, unshown cards in hand; partners share nothing (R-ZETEMA-16). Determinize places
each card the seat saw leave a hand (or shown in it) in a slot that hand had filled by
then, keeps known cards in their hands and deals the rest at random.

Decisions the rulings leave open, taken here:
- Marrying when both cards are in the hand but the pile also holds the queen (or king) is
  two different actions (`KH QH` or `KH QH*`): which cards leave the hand differs.
- A melded card is known until it leaves the hand; after a discard of a face the hand
  holds twice (the duplicated suit), one fewer copy is known.
- The 6-player hand is 6 cards after the draw, yet melds are 5 cards (section 5's check).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random
from typing import Any, Literal

from parlour.cards import (
    CARD_TEXTS,
    KING,
    QUEEN,
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_NAMES,
    cards_of,
    parse_card,
    sort_key,
)
from parlour.engine import (
    OVER,
    Game,
    GameOptions,
    IllegalAction,
    Limits,
    OptionsError,
    State,
    plural,
    seat_list,
)

TURN, MELD_DISCARD = "turn", "meld_discard"
MARRY_FLAG = 1 << 30
MELD_FLAG = 1 << 66
FACES = (1 << 52) - 1
BIT = tuple(1 << f for f in range(52))
ACE, FIVE, JACK = 12, 3, 9
ASSEMBLY = {KING: 130, QUEEN: 130, JACK: 120, ACE: 110, FIVE: 110}
ZETEMA = {JACK: 20, ACE: 15, FIVE: 15, KING: 50, QUEEN: 50}
MARRIAGES = (0, 10, 30, 60, 100)
RANK_WORDS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces")
PILE_ORDER = (ACE, *range(12))
"""The rank piles as the source lists them: A, 2, ..., K."""


def zetema_points(rank: int) -> int:
    return ZETEMA.get(rank, 5)


def windows(length: int, ace: str) -> tuple[int, ...]:
    """Rank masks of every sequence of `length` (no wrap): ace high, low or either."""
    out = [((1 << length) - 1) << start for start in range(13 - length + (ace != "low"))]
    return tuple(out + [((1 << (length - 1)) - 1) | 1 << ACE] * (ace != "high"))


@dataclasses.dataclass(frozen=True)
class ZetemaOptions(GameOptions):
    """The standard game is the source's for two players, spades duplicated."""

    players: int = 2
    """Seats at the table, 2 to 6; 4 play as two teams of two and 6 as three teams of two, partners
    opposite."""
    # R-ZETEMA-1: the suit of which the pack holds two copies (its marriages are imperial).
    extra_suit: Literal["S", "H", "D", "C"] = "S"
    """The suit the pack holds twice (S spades, H hearts, D diamonds, C clubs); its marriages are
    the imperial ones, worth 10 more."""
    # R-ZETEMA-2: the ace in sequences: high (9-A), low or either; never both at once.
    ace: Literal["both", "high", "low"] = "both"
    """The ace in sequences: both = low (A-2-3...) or high (...Q-K-A), never both at once; high =
    high only; low = low only."""
    # R-ZETEMA-6: all five marriages at once score 150, or 170 with the imperial tens.
    five_marriages: int = 150
    """What all five marriages at once score: 150, or 170 to add 10 for each of the two imperial
    marriages."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise OptionsError(f"Zetema is for 2 to 6 players, not {self.players}")
        if self.five_marriages not in (150, 170):
            raise OptionsError(f"five_marriages is 150 or 170, not {self.five_marriages}")

    @property
    def hand_size(self) -> int:
        return 5 if self.players == 6 else 6

    @property
    def target(self) -> int:
        return 300 if self.players <= 3 else 200

    @property
    def sides(self) -> int:
        """How many sides: one per seat, or the partnerships of 4 and 6."""
        return self.players // 2 if self.players in (4, 6) else self.players


class Pack:
    """The multiset arithmetic of one duplicated suit: a pmask holds a face's first copy at
    its bit and the second copy of the duplicated suit's rank r at bit 52 + r."""

    def __init__(self, extra: int) -> None:
        self.extra = extra
        self.second = tuple(1 << (52 + f % 13) if f // 13 == extra else 0 for f in range(52))
        self.faces = tuple(range(52)) + tuple(13 * extra + r for r in range(13))
        self.assembly = tuple(
            sum(BIT[13 * s + r] for s in range(4)) | 1 << (52 + r) for r in range(13)
        )

    def add(self, m: int, f: int) -> int:
        return m | self.second[f] if m & BIT[f] else m | BIT[f]

    def take(self, m: int, f: int) -> int:
        s = self.second[f]
        return m ^ s if m & s else m ^ BIT[f]

    def count(self, m: int, f: int) -> int:
        return (m >> f & 1) + (1 if m & self.second[f] else 0)

    def cards(self, m: int) -> list[int]:
        """The faces of a pmask, copies repeated, ascending."""
        out = cards_of(m & FACES)
        return sorted(out + [13 * self.extra + r for r in cards_of(m >> 52)]) if m >> 52 else out

    def of(self, cards: list[int]) -> int:
        return functools.reduce(self.add, cards, 0)

    def texts(self, m: int) -> list[str]:
        return [CARD_TEXTS[f] for f in sorted(self.cards(m), key=sort_key)]


PACKS = {s: Pack(s) for s in range(4)}


def meld_value(pack: Pack, m: int, length: int, seqs: frozenset[int]) -> tuple[str, int] | None:
    """What the cards of pmask `m` make as a meld (kind, points), or None."""
    cards = pack.cards(m)
    if len(cards) == 5 and m == pack.assembly[cards[0] % 13]:
        return "assembly", ASSEMBLY.get(cards[0] % 13, 100)
    if len(cards) != length:
        return None
    ranks = 0
    for f in cards:
        ranks |= 1 << (f % 13)
    run = ranks.bit_count() == length and ranks in seqs
    if all(f // 13 == cards[0] // 13 for f in cards):
        return ("flush sequence", 50) if run else ("flush", 30)
    return ("sequence", 20) if run else None


def marriage_pairs(code: int) -> list[tuple[int, int]]:
    """(suit, way) of each pair of a marriage code; way 0 both from the hand, 1 the queen
    pulled, 2 the king pulled."""
    out = []
    for s in range(4):
        for way in range(3):
            out += [(s, way)] * (code >> (6 * s + 2 * way) & 3)
    return out


def marriage_points(code: int, extra: int, five: int) -> int:
    pairs = marriage_pairs(code)
    if len(pairs) >= 5:
        return five
    return MARRIAGES[len(pairs)] + 10 * sum(1 for s, _ in pairs if s == extra)


def suit_ways(suit: int, cap: int) -> list[tuple[int, int, int, int]]:
    """Each way to marry in one suit holding `cap` king-queen pairs: (code part, pairs from
    the hand, pairs pulling the queen, pairs pulling the king)."""
    return [
        ((a | b << 2 | c << 4) << (6 * suit), a, b, c)
        for a in range(cap + 1) for b in range(cap + 1 - a) for c in range(cap + 1 - a - b)
    ]


SUIT_WAYS = {extra: tuple(suit_ways(s, 2 if s == extra else 1) for s in range(4)) for extra in range(4)}


def from_hand(code: int) -> list[int]:
    """The cards a marriage takes from the hand (the others are pulled from the piles)."""
    return [f for s, way in marriage_pairs(code) for f in (13 * s + KING,) * (way != 2) + (13 * s + QUEEN,) * (way != 1)]


def pair_text(suit: int, way: int) -> str:
    k, q = f"K{SUIT_CHARS[suit]}", f"Q{SUIT_CHARS[suit]}"
    return f"{k} {q}*" if way == 1 else f"{k}* {q}" if way == 2 else f"{k} {q}"


def parse_action(text: str, pack: Pack) -> int:
    """Read `discard 7D`, `meld ...` or `marry KS QS*, KH QH`; IllegalAction if malformed."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    try:
        if verb == "discard" and len(rest.split()) == 1:
            return parse_card(rest)
        if verb == "meld" and rest.strip():
            cards = [parse_card(t) for t in rest.replace(",", " ").split()]
            for f in set(cards):
                if cards.count(f) > (2 if pack.second[f] else 1):
                    raise IllegalAction(f"The pack holds fewer than {cards.count(f)} copies of {CARD_TEXTS[f]}.")
            if len(cards) > 6:
                raise IllegalAction("A meld is at most six cards.")
            return MELD_FLAG | pack.of(cards)
        if verb == "marry" and rest.strip():
            return MARRY_FLAG | _marriage_code(rest)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    raise IllegalAction(f"{text!r} is not a Zetema action: discard 7D, meld 3H 4S 5D 6C 7H 8H, or marry KS QS*, KH QH.")


def _marriage_code(rest: str) -> int:
    code = 0
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2:
            raise IllegalAction(f"{part.strip()!r} is not a marriage: write a king and a queen, like KH QH.")
        (k, k_pulled), (q, q_pulled) = sorted(((parse_card(w), w.endswith("*")) for w in words), key=lambda x: -(x[0] % 13))
        if k % 13 != KING or q % 13 != QUEEN or k // 13 != q // 13:
            raise IllegalAction(f"{part.strip()!r} is not a marriage: a king and a queen of one suit.")
        if k_pulled and q_pulled:
            raise IllegalAction(f"{part.strip()!r}: at least one card of a marriage comes from your hand.")
        way = 1 if q_pulled else 2 if k_pulled else 0
        shift = 6 * (k // 13) + 2 * way
        if code >> shift & 3 == 3:
            raise IllegalAction("No suit has more than two marriages.")
        code += 1 << shift
    return code


class ZetemaState(State):
    """One match of Zetema."""

    COPIED = ("hands", "known", "stock", "wastepile", "side_points", "totals", "log", "deals")
    NESTED = ("piles",)

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        o = self.options
        assert isinstance(o, ZetemaOptions)
        self.n, self.H = o.players, o.hand_size
        self.pack = PACKS[SUIT_CHARS.index(o.extra_suit)]
        self.seq_list = windows(self.H, o.ace)
        self.seqs = frozenset(self.seq_list)
        self.fits = FITS[self.H, o.ace]
        k = o.sides
        self.side_of = tuple(s % k for s in range(self.n))
        self.side_seats = tuple(tuple(s for s in range(self.n) if s % k == side) for side in range(k))
        self.totals = [0] * k
        self.target = o.target

    def _deal(self, given: Any) -> None:
        n, H, pack = self.n, self.H, self.pack
        if given is not None:
            hands, stock = self._from_deal(given)
        else:
            cards = list(pack.faces)
            self.rng.shuffle(cards)
            hands = [0] * n
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = pack.of(cards[H * i : H * i + H])
            stock = cards[H * n :]
        self.deals.append({"hands": [pack.texts(h) for h in hands], "stock": [CARD_TEXTS[f] for f in stock]})
        self.hands, self.known = hands, [0] * n
        self.stock = stock[::-1]
        self.piles: list[list[int]] = [[] for _ in range(13)]
        self.wastepile: list[int] = []
        self.side_points = [0] * len(self.totals)
        self.melded = 0
        self.log: list[Any] = [("deal", self.hand_number, self.dealer)]
        self._start_turn((self.dealer + 1) % n)

    def _from_deal(self, deal: Any) -> tuple[list[int], list[int]]:
        n, pack = self.n, self.pack
        raw, stock = (deal.get("hands"), deal.get("stock")) if isinstance(deal, dict) else (None, None)
        if not isinstance(raw, list) or len(raw) != n or not isinstance(stock, list) or any(
                not isinstance(h, list) or len(h) != self.H for h in raw):
            raise ValueError(f"a Zetema deal has 'hands', {n} lists of {self.H} cards, and a 'stock' list")
        faces = [[parse_card(str(t)) for t in h] for h in raw]
        order = [parse_card(str(t)) for t in stock]
        if sorted(order + [f for h in faces for f in h]) != sorted(pack.faces):
            raise ValueError("the deal's cards are not the 65-card Zetema pack")
        return [pack.of(h) for h in faces], order

    def _start_turn(self, seat: int) -> None:
        """The seat's turn begins; it draws the stock's top card while there is one."""
        self.turn, self.phase = seat, TURN
        if self.stock:
            self.hands[seat] = self.pack.add(self.hands[seat], self.stock.pop())
            self.log.append(("draw", seat, len(self.history) - self.hand_start))

    def _end_turn(self, seat: int) -> None:
        """The next seat clockwise plays; once the stock is out, seats without cards are
        skipped, and when nobody holds a card the hand is over."""
        n = self.n
        if self.stock:
            self._start_turn((seat + 1) % n)
            return
        holding = [s for s in ((seat + i) % n for i in range(1, n + 1)) if self.hands[s]]
        if holding:
            self.turn, self.phase = holding[0], TURN
        else:
            self._end_hand(None)

    # --- the turn ------------------------------------------------------------------------
    def _legal_turn(self) -> list[int]:
        hand = self.hands[self.turn]
        out = [*SPADES[hand & 0x1FFF], *HEARTS[hand >> 13 & 0x1FFF], *DIAMONDS[hand >> 26 & 0x1FFF],
               *CLUBS[hand >> 39 & 0x1FFF]]
        if hand.bit_count() >= 5 and self._may_meld(hand):
            out += self._melds(hand)
        if hand & KQ_MASK and self._may_marry(hand):
            out += self._marriages(hand)
        return out

    def _may_meld(self, hand: int) -> bool:
        """Whether the hand might hold a meld: a full rank, L cards of a suit or L ranks of
        a window (most hands hold none, and random play asks on every turn)."""
        s0, s1, s2, s3 = hand & 0x1FFF, hand >> 13 & 0x1FFF, hand >> 26 & 0x1FFF, hand >> 39 & 0x1FFF
        if self.fits[s0 | s1 | s2 | s3]:
            return True
        H = self.H
        if s0.bit_count() >= H or s1.bit_count() >= H or s2.bit_count() >= H or s3.bit_count() >= H:
            return True
        dup, pack = hand >> 52, self.pack
        return bool(dup) and ((hand >> (13 * pack.extra) & 0x1FFF).bit_count() + dup.bit_count() >= H
                              or any(hand & pack.assembly[r] == pack.assembly[r] for r in cards_of(dup)))

    def _may_marry(self, hand: int) -> bool:
        """Whether some suit's king and queen can be married from the hand and the piles."""
        kings, queens = self.piles[KING], self.piles[QUEEN]
        for s in range(4):
            k, q = 13 * s + KING, 13 * s + QUEEN
            hk, hq = hand >> k & 1, hand >> q & 1
            if (hk and (hq or q in queens)) or (hq and k in kings):
                return True
        return False

    def _melds(self, hand: int) -> list[int]:
        """Every meld the hand holds (each multiset of cards once)."""
        pack, H = self.pack, self.H
        out = []
        cards = pack.cards(hand)
        by_rank = [0] * 13
        suits_of: list[list[int]] = [[] for _ in range(13)]
        for f in cards:
            r = f % 13
            by_rank[r] += 1
            if f // 13 not in suits_of[r]:
                suits_of[r].append(f // 13)
        out += [MELD_FLAG | pack.assembly[r] for r in range(13) if by_rank[r] == 5]
        if len(cards) < H:
            return out
        for s in range(4):
            suited = [f for f in cards if f // 13 == s]
            if len(suited) >= H:
                out += [MELD_FLAG | m for m in sorted({pack.of(list(c)) for c in itertools.combinations(suited, H)})]
        ranks = sum(1 << r for r in range(13) if by_rank[r])
        for w in self.seq_list:
            if ranks & w != w:
                continue
            rs = [r for r in range(13) if w >> r & 1]
            for suits in itertools.product(*(suits_of[r] for r in rs)):
                if len(set(suits)) > 1:
                    out.append(MELD_FLAG | sum(BIT[13 * s + r] for s, r in zip(suits, rs, strict=True)))
        return out

    def _marriages(self, hand: int) -> list[int]:
        """Every set of pairs the hand and the K and Q piles allow (R-ZETEMA-5)."""
        per_suit = []
        pack, kings, queens = self.pack, self.piles[KING], self.piles[QUEEN]
        for s in range(4):
            k, q = 13 * s + KING, 13 * s + QUEEN
            hk, hq = pack.count(hand, k), pack.count(hand, q)
            pk, pq = kings.count(k), queens.count(q)
            ways = SUIT_WAYS[pack.extra][s] if hk or hq else ()
            per_suit.append([code for code, a, b, c in ways if a + b <= hk and a + c <= hq and b <= pq and c <= pk] or [0])
        return [MARRY_FLAG | sum(combo) for combo in itertools.product(*per_suit) if any(combo)]

    def _apply_turn(self, action: int) -> None:
        seat = self.turn
        if action < 52:
            if not self._discard(seat, action):
                self._end_turn(seat)
        elif action < MELD_FLAG:
            self._marry(seat, action - MARRY_FLAG)
        else:
            meld = action - MELD_FLAG
            kind, points = meld_value(self.pack, meld, self.H, self.seqs) or ("", 0)
            self.known[seat] |= meld
            self.log.append(("meld", seat, meld, kind, points))
            if not self._score(seat, points):
                self.phase = MELD_DISCARD
                self.melded = meld

    def _legal_meld_discard(self) -> list[int]:
        return cards_of(self.melded & FACES)

    def _apply_meld_discard(self, face: int) -> None:
        self.melded = 0
        self._apply_turn(face)

    def _discard(self, seat: int, face: int) -> bool:
        """Discard to the rank pile; a fifth card there is a zetema. True if the match ended."""
        pack = self.pack
        self.hands[seat] = pack.take(self.hands[seat], face)
        known = self.known[seat]
        if known and pack.count(known, face):
            self.known[seat] = pack.take(known, face)
        rank, pile = face % 13, self.piles[face % 13]
        pile.append(face)
        self.log.append(("discard", seat, face))
        if len(pile) == 5:
            points = zetema_points(rank)
            self.wastepile += pile
            self.piles[rank] = []
            self.log.append(("zetema", seat, rank, points))
            return self._score(seat, points)
        return False

    def _marry(self, seat: int, code: int) -> None:
        """Score the pairs, send their cards to the wastepile, draw back up to H."""
        pack = self.pack
        hand, known = self.hands[seat], self.known[seat]
        for f in from_hand(code):
            hand = pack.take(hand, f)
            known = pack.take(known, f) if pack.count(known, f) else known
        for s, way in marriage_pairs(code):
            self.wastepile += [13 * s + KING, 13 * s + QUEEN]
            if way:
                self.piles[QUEEN if way == 1 else KING].remove(13 * s + (QUEEN if way == 1 else KING))
        self.hands[seat], self.known[seat] = hand, known
        points = marriage_points(code, pack.extra, self.options.five_marriages)  # type: ignore[attr-defined]
        self.log.append(("marry", seat, code, points))
        if self._score(seat, points):
            return
        while self.stock and self.hands[seat].bit_count() < self.H:
            self.hands[seat] = pack.add(self.hands[seat], self.stock.pop())
            self.log.append(("draw", seat, len(self.history) - self.hand_start))
        self._end_turn(seat)

    def _why_not(self, action: Any) -> str | None:
        if type(action) is not int or action < 0 or 52 <= action < MARRY_FLAG or MARRY_FLAG << 1 <= action < MELD_FLAG:
            return "That is not a Zetema action: discard 7D, meld 3H 4S 5D 6C 7H 8H, or marry KS QS*, KH QH."
        pack, seat = self.pack, self.turn
        hand = self.hands[seat]
        if self.phase == MELD_DISCARD:
            return f"You showed {' '.join(pack.texts(self.melded))}: now discard one of those cards."
        if action < 52:
            return f"You do not hold {CARD_TEXTS[action]}."
        if action >= MELD_FLAG:
            meld = action - MELD_FLAG
            missing = pack.texts(meld & ~hand)
            if missing:
                return f"You do not hold {' '.join(missing)}."
            return (f"{' '.join(pack.texts(meld))} is not a meld: {self.H} cards in sequence (not all one suit), "
                    f"{self.H} of one suit, or the five cards of a rank.")
        code = action - MARRY_FLAG
        for s in range(4):
            counts = [code >> (6 * s + 2 * way) & 3 for way in range(3)]
            if sum(counts) > (2 if s == pack.extra else 1):
                return f"There {'are only two' if s == pack.extra else 'is only one'} king and queen of {SUIT_NAMES[s]}."
            for f, pulls in ((13 * s + QUEEN, counts[1]), (13 * s + KING, counts[2])):
                if self.piles[f % 13].count(f) < pulls:
                    return f"There is no {CARD_TEXTS[f]} to pull from the {RANK_WORDS[f % 13]}' pile."
        missing = pack.texts(pack.of(from_hand(code)) & ~hand)
        return f"You do not hold {' '.join(missing)} for the marriage." if missing else None

    # --- scoring -------------------------------------------------------------------------
    def _score(self, seat: int, points: int) -> bool:
        """Add the points to the seat's side; True (and the match over) if it reached the target."""
        side = self.side_of[seat]
        self.side_points[side] += points
        self.totals[side] += points
        reached = self.totals[side] >= self.target
        if reached:
            self.log.append(("target", seat, self.totals[side]))
            self._end_hand(side)
        return reached

    def _end_hand(self, winner: int | None) -> None:
        scores = self.hand_points()
        self.log.append(("over", self.hand_number, scores, self.match_scores()))
        summary = {"hand_number": self.hand_number, "dealer": self.dealer, "points": scores, "totals": self.match_scores(),
                   "target_reached_by": None if winner is None else list(self.side_seats[winner]), "log": self.log}
        self._hand_ended(scores, summary)

    def last_hand_view(self) -> dict[str, Any] | None:
        last = self.last_hand
        return None if last is None else {**last, "log": [e if isinstance(e, str) else self.sentence(e) for e in last["log"]]}

    def _match_winners(self) -> list[int] | None:
        won = [list(self.side_seats[side]) for side, total in enumerate(self.totals) if total >= self.target]
        return won[0] if won else None

    def hand_points(self) -> list[Any]:
        return [self.side_points[s] for s in self.side_of]

    def match_scores(self) -> list[Any]:
        return [self.totals[side] for side in self.side_of]

    # --- cards, for the invariants --------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[f] for f in self.pack.faces]

    def card_places(self) -> dict[str, list[str]]:
        places = {f"hand-{s}": self.pack.texts(h) for s, h in enumerate(self.hands)}
        for r in range(13):
            places[f"pile-{RANK_CHARS[r]}"] = [CARD_TEXTS[f] for f in self.piles[r]]
        places["wastepile"] = [CARD_TEXTS[f] for f in self.wastepile]
        places["stock"] = [CARD_TEXTS[f] for f in self.stock]
        return places

    def check_invariants(self) -> None:
        """Known cards are in their hands, no hand passes H + 1, no rank pile holds five,
        and every side's total is its past hands plus this one."""
        for s in range(self.n):
            assert self.known[s] & ~self.hands[s] == 0, "a known card is not in its hand"
            assert self.hands[s].bit_count() <= self.H + 1
        assert all(len(p) < 5 for p in self.piles)
        for side, seats in enumerate(self.side_seats):
            past = sum(h[seats[0]] for h in self.hand_results)
            now = 0 if self.phase == OVER or self.just_ended else self.side_points[side]
            assert self.totals[side] == past + now, "a side's total is not the sum of its hands"

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action < 52:
            return "discard " + CARD_TEXTS[action]
        if action >= MELD_FLAG:
            return "meld " + " ".join(self.pack.texts(action - MELD_FLAG))
        return "marry " + ", ".join(pair_text(s, w) for s, w in marriage_pairs(action - MARRY_FLAG))

    def text_to_action(self, text: str) -> int:
        return parse_action(text, self.pack)

    def action_cards(self, action: Any) -> list[str]:
        if action < 52:
            return [CARD_TEXTS[action]]
        if action >= MELD_FLAG:
            return self.pack.texts(action - MELD_FLAG)
        return [CARD_TEXTS[f] for f in from_hand(action - MARRY_FLAG)]

    def sentence(self, entry: Any) -> str:
        kind, seat = entry[0], entry[1]
        if kind in ("deal", "draw"):
            return f"Hand {seat + 1}: seat {entry[2]} deals." if kind == "deal" else f"Seat {seat} draws from the stock."
        if kind == "discard":
            return f"Seat {seat} discards {CARD_TEXTS[entry[2]]} to the {RANK_WORDS[entry[2] % 13]}' pile."
        if kind == "zetema":
            return (f"Seat {seat} completes a zetema of {RANK_WORDS[entry[2]]}: +{entry[3]}; "
                    "the five cards go to the wastepile.")
        if kind == "meld":
            return (f"Seat {seat} shows a {entry[3]} for {entry[4]}: {' '.join(self.pack.texts(entry[2]))}; "
                    "one of its cards must be discarded.")
        if kind == "marry":
            pairs = marriage_pairs(entry[2])
            return (f"Seat {seat} declares {len(pairs)} marriage{'s' * (len(pairs) > 1)} "
                    f"({', '.join(pair_text(s, w) for s, w in pairs)}): +{entry[3]}; the cards go to the wastepile.")
        if kind == "target":
            return f"Seat {seat}'s side reaches {entry[2]}, the target of {self.target}: the match ends at once."
        return f"Hand {seat + 1} over: points {seat_list(entry[2])}; totals {seat_list(entry[3])}."

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None) -> dict[str, Any]:
        """A seat's hand is its secret; melds, piles, discards, pulls and who drew are public."""
        pack = self.pack
        return {
            "hand": pack.texts(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "known": [pack.texts(k) for k in self.known],
            "rank_piles": {RANK_CHARS[r]: [CARD_TEXTS[f] for f in self.piles[r]] for r in PILE_ORDER},
            "wastepile": [CARD_TEXTS[f] for f in self.wastepile],
            "stock_size": len(self.stock),
            "meld": pack.texts(self.melded) if self.phase == MELD_DISCARD else [],
            "draws": [[e[1], e[2]] for e in self.log if e[0] == "draw"],
            "sides": [list(s) for s in self.side_seats],
            "target": self.target,
            "meld_length": self.H,
            "extra_suit": self.options.extra_suit,  # type: ignore[attr-defined]
        }

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones = [{"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
                  "cards": [], "hidden": obs["stock_size"]}]
        for s, cards in enumerate(obs["known"]):
            if cards:
                zones.append({"id": f"known-{s}", "kind": "meld", "owner": s,
                              "label": f"Seat {s}'s shown cards", "cards": cards, "hidden": 0})
        for rank, cards in obs["rank_piles"].items():
            zones.append({"id": f"pile-{rank}", "kind": "pile", "owner": None,
                          "label": f"{rank} pile ({len(cards)} of 5)", "cards": cards, "hidden": 0})
        return zones + [{"id": "wastepile", "kind": "pile", "owner": None, "label": "Wastepile",
                         "cards": obs["wastepile"], "hidden": 0}]

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The meld awaiting its discard, the stock, the target, the sides and the imperial suit."""
        out = [{"label": f"Seat {obs['to_act']} must discard from", "value": " ".join(obs["meld"])}] * bool(obs["meld"])
        out += [{"label": "Stock", "value": plural(obs['stock_size'], "card")}, {"label": "Target", "value": str(obs["target"])}]
        if len(obs["sides"][0]) > 1:
            out.append({"label": "Partners", "value": " v ".join("+".join(map(str, s)) for s in obs["sides"])})
        suit = SUIT_NAMES[SUIT_CHARS.index(obs["extra_suit"])]
        return [*out, {"label": "Imperial suit", "value": f"{suit} (two of each card)"}]

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last discard, meld or marriage of the hand, a zetema marked."""
        for i in range(len(self.log) - 1, 0, -1):
            entry, after = self.log[i], self.log[i + 1] if i + 1 < len(self.log) else ("",)
            kind, seat, zetema = entry[0], entry[1], after[0] == "zetema"
            if kind not in ("discard", "meld", "marry"):
                continue
            if kind == "discard":
                cards, label = [CARD_TEXTS[entry[2]]], "discard"
            elif kind == "meld":
                cards, label = self.pack.texts(entry[2]), "meld"
            else:
                cards, label = [t.rstrip("*") for p in marriage_pairs(entry[2]) for t in pair_text(*p).split()], "marriage"
            move = sum(1 for e in self.log[: i + 1] if e[0] in ("discard", "meld", "marry"))
            return {"label": f"Move {move}: {label}", "plays": [{"seat": seat, "cards": cards, "face_down": False, "mark": zetema}],
                    "explanation": self.sentence(after if zetema else entry)}
        return None

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> ZetemaState:
        """A copy whose cards hidden from `seat` (others' unshown cards, the stock) are shuffled."""
        other, pack = self.clone(), self.pack
        assert isinstance(other, ZetemaState)
        unseen = {s: pack.cards(self.hands[s] & ~self.known[s]) for s in range(self.n) if s != seat}
        pool = [f for cards in unseen.values() for f in cards] + self.stock
        rng.shuffle(pool)
        for s, cards in unseen.items():
            other.hands[s] = self.known[s]
            for _ in cards:
                other.hands[s] = pack.add(other.hands[s], pool.pop())
        other.stock = pool
        return other

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's deal from its public course: each card seen leaving a hand (or
        shown in it) fills a slot that hand had by then (dealt, or drawn before); the
        seat's own open slots take its hand; the rest is dealt at random."""
        assert isinstance(options, ZetemaOptions)
        n, H = options.players, options.hand_size
        pack = PACKS[SUIT_CHARS.index(options.extra_suit)]
        seat = observation["seat"]
        order = [(observation["dealer"] + 1 + i) % n for i in range(n)]
        held = [list(range(H * order.index(s), H * order.index(s) + H)) for s in range(n)]
        slots: list[int | None] = [None] * (H * n)
        known, drawn = [0] * n, []

        def place(actor: int, f: int) -> None:
            slots[held[actor].pop(rng.randrange(len(held[actor])))] = f

        def pin(actor: int, f: int) -> None:
            if pack.count(known[actor], f):
                known[actor] = pack.take(known[actor], f)
            else:
                place(actor, f)

        draws, actions = observation["draws"], observation["actions"]
        for k in range(len(actions) + 1):
            for drawer, _ in (d for d in draws if d[1] == k):
                held[drawer].append(len(slots))
                drawn.append(len(slots))
                slots.append(None)
            if k == len(actions):
                break
            actor, text = actions[k]
            action = parse_action(text, pack)
            if action < 52:
                pin(actor, action)
            elif action >= MELD_FLAG:
                meld = action - MELD_FLAG
                for f in cards_of(meld & FACES):
                    for _ in range(pack.count(meld, f) - pack.count(known[actor], f)):
                        place(actor, f)
                known[actor] |= meld
            else:
                for f in from_hand(action - MARRY_FLAG):
                    pin(actor, f)
        pool = list(pack.faces)
        for f in (f for f in slots if f is not None):
            pool.remove(f)
        if seat is not None:
            mine = [parse_card(t) for t in observation["hand"]]
            for f in pack.cards(known[seat]):
                mine.remove(f)
            for slot, f in zip(held[seat], mine, strict=True):
                slots[slot] = f
                pool.remove(f)
        rng.shuffle(pool)
        for i, f in enumerate(slots):
            if f is None:
                slots[i] = pool.pop()
        by_seat = [[CARD_TEXTS[slots[H * order.index(s) + i]] for i in range(H)] for s in range(n)]  # type: ignore[index]
        stock = [CARD_TEXTS[slots[i]] for i in drawn] + [CARD_TEXTS[f] for f in pool]  # type: ignore[index]
        return {"hands": by_seat, "stock": stock}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        """Totals before this hand: the replay of its actions adds its points again."""
        match, hand = observation["scores"]["match"], observation["scores"]["hand"]
        self.totals = [match[seats[0]] - hand[seats[0]] for seats in self.side_seats]


KQ_MASK = sum(BIT[13 * s + r] for s in range(4) for r in (KING, QUEEN))
SPADES, HEARTS, DIAMONDS, CLUBS = (
    tuple(tuple(13 * s + r for r in range(13) if bits >> r & 1) for bits in range(1 << 13)) for s in range(4)
)
FITS = {
    (length, ace): tuple(any(ranks & w == w for w in windows(length, ace)) for ranks in range(1 << 13))
    for length in (5, 6) for ace in ("both", "high", "low")
}
"""Per meld length and ace rule, whether a 13-bit rank mask holds a whole sequence."""


class Zetema(Game):
    name = "zetema"
    title = "Zetema"
    min_players = 2
    max_players = 6
    Options = ZetemaOptions
    state_class = ZetemaState

    def heuristic_bot(self) -> str | None:
        return "zetema-heuristic"

    def teams(self, options: GameOptions) -> list[list[int]]:
        assert isinstance(options, ZetemaOptions)
        k = options.sides
        return [[s for s in range(options.players) if s % k == side] for side in range(k)]

    def limits(self, options: GameOptions) -> Limits:
        """Every turn but a marriage ends with one of the 65 cards discarded, a meld comes
        before a discard, and a marriage takes two cards away: at most 2 x 65 + 33 actions.
        Points: at most 130 a meld (one per discard), 50 a zetema (13 ranks) and the best
        marriages."""
        assert isinstance(options, ZetemaOptions)
        return Limits(
            hand_actions=2 * 65 + 33,
            match_hands=None,
            hand_scores=(0, 130 * 65 + 50 * 13 + max(options.five_marriages, 150)),
            notes="no match bound; the score bound is the rules' arithmetic, far above any real hand",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        """Discards, every marriage set, every meld (tens of thousands: melds are named by
        their cards)."""
        assert isinstance(options, ZetemaOptions)
        return list(_universe(options.players, options.extra_suit, options.ace))


@functools.cache
def _universe(players: int, extra_suit: str, ace: str) -> list[int]:
    pack = PACKS[SUIT_CHARS.index(extra_suit)]
    H = 5 if players == 6 else 6
    per_suit = [[way[0] for way in ways] for ways in SUIT_WAYS[pack.extra]]
    marriages = sorted(MARRY_FLAG | sum(c) for c in itertools.product(*per_suit) if any(c))
    melds = {pack.assembly[r] for r in range(13)}
    for s in range(4):
        suit = [13 * s + r for r in range(13)] * (2 if s == pack.extra else 1)
        melds.update(pack.of(list(c)) for c in itertools.combinations(sorted(suit), H))
    for w in windows(H, ace):
        rs = [r for r in range(13) if w >> r & 1]
        for suits in itertools.product(range(4), repeat=H):
            if len(set(suits)) > 1:
                melds.add(sum(BIT[13 * s + r] for s, r in zip(suits, rs, strict=True)))
    return list(range(52)) + marriages + [MELD_FLAG | m for m in sorted(melds)]


GAME = Zetema()
ZetemaState.game = GAME
