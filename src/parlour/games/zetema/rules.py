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

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and data (seats, card ids, pmasks, codes, points), which `view.py` words when a person
reads them: `("deal", hand, dealer)`, `("draw", seat, k)` (before the hand's action k),
`("discard", seat, face)`, `("zetema", seat, rank, points)`, `("meld", seat, pmask, kind,
points, extra)` (kind as `meld_value` names it: "sequence", "flush", "flush sequence" or
"assembly"; extra the duplicated suit, which the pmask needs), `("marry", seat, code,
points)`, `("target", seat, total, target)` and
`("over", hand, points, totals)` (per seat). The hand's summary (`last_hand`) keeps them
as its `log`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection
from typing import Any, Literal

from parlour.cards import CARD_TEXTS, KING, QUEEN, RANK_CHARS, SUIT_CHARS, cards_of, parse_card
from parlour.engine import GameOptions, OptionsError, State
from parlour.games.zetema.pack import (
    BIT,
    CLUBS,
    DIAMONDS,
    FACES,
    FITS,
    HEARTS,
    KQ_MASK,
    MARRY_FLAG,
    MELD_FLAG,
    PACKS,
    PILE_ORDER,
    SPADES,
    SUIT_WAYS,
    from_hand,
    marriage_pairs,
    marriage_points,
    meld_value,
    pair_text,
    parse_action,
    windows,
    zetema_points,
)

TURN, MELD_DISCARD = "turn", "meld_discard"


def side_seats(players: int) -> tuple[tuple[int, ...], ...]:
    """The seats of each side: one seat a side, or partners opposite with 4 and 6 (G-3)."""
    k = players // 2 if players in (4, 6) else players
    return tuple(tuple(s for s in range(players) if s % k == side) for side in range(k))


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


class ZetemaRules(State):
    """One match of Zetema: its rules (the engine's hooks beyond them are in `game.py`)."""

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
        self.side_seats = side_seats(self.n)
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
            self.log.append(("meld", seat, meld, kind, points, self.pack.extra))
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


    # --- scoring -------------------------------------------------------------------------
    def _score(self, seat: int, points: int) -> bool:
        """Add the points to the seat's side; True (and the match over) if it reached the target."""
        side = self.side_of[seat]
        self.side_points[side] += points
        self.totals[side] += points
        reached = self.totals[side] >= self.target
        if reached:
            self.log.append(("target", seat, self.totals[side], self.target))
            self._end_hand(side)
        return reached

    def _end_hand(self, winner: int | None) -> None:
        scores = self.hand_points()
        self.log.append(("over", self.hand_number, scores, self.match_scores()))
        summary = {"hand_number": self.hand_number, "dealer": self.dealer, "points": scores, "totals": self.match_scores(),
                   "target_reached_by": None if winner is None else list(self.side_seats[winner]), "log": self.log}
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        won = [list(self.side_seats[side]) for side, total in enumerate(self.totals) if total >= self.target]
        return won[0] if won else None

    def hand_points(self) -> list[Any]:
        return [self.side_points[s] for s in self.side_of]

    def match_scores(self) -> list[Any]:
        return [self.totals[side] for side in self.side_of]

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

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
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

