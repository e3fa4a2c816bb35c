"""Kings in the Corner: 2-6 players build down in alternating colours to shed their hands.

Rules and rulings R-KINGS-1..12 (from Denexa Games' published rules, section "Kings in
the Corner": Setup, Game play): docs/rules/kings_in_the_corner.md.

Pack and deal. One 52-card pack, aces low (A 2 .. K); hearts and diamonds are red,
spades and clubs black. Each seat gets 7 cards, dealt as slices clockwise from the
dealer's left (G-4). The rest is the stock; its top 4 cards are turned up as the side
piles N, E, S, W (the tableau). The corners NE, SE, SW, NW start empty. Seat 0 deals
first unless the record says otherwise; the deal passes left.

Play. Turns start at dealer+1 and go clockwise. On a turn a player makes any number of
plays, in any order: a card from hand onto a pile whose top card is one rank higher and
of the opposite colour (nothing goes on an ace); a king into an empty corner; a whole
pile X onto pile Y when X's bottom card is one rank lower than Y's top card and of the
opposite colour (R-KINGS-2, R-KINGS-9, R-KINGS-11), leaving X's space vacant; any card,
a king too, into a vacant side space (R-KINGS-3, R-KINGS-4). A pile headed by a king
never moves (R-KINGS-1); corners only ever hold king-headed piles, so they are never
vacant again. Nobody must play (R-KINGS-5). The turn ends with `draw` (the top stock
card) while the stock lasts, else with `knock`.

Hand end. A player whose hand empties wins at once, mid-turn (R-KINGS-7). Once the stock
is empty, a knock made without a play that turn adds 1 to a count of knocks in a row, a
knock after a play resets it to 0 (a draw is no knock and resets it too); when the count
reaches the number of players, the hand ends and the fewest cards win, ties sharing
(R-KINGS-6, R-KINGS-12).

Scores (G-11, section 4). `hand_scores()` is minus each seat's cards left (`penalty`=
"count"), or minus 10 per king and 1 per other card (`penalty`="kings10"); the match is
`hands` hands (default 1, R-KINGS-8) and `match_scores()` adds them up. Higher is better.
`winners()` are the seats with the best total (G-9); the summary's `winners` are the
hand's winners by the source's rule (emptied hand, or the fewest cards).

Options: `players` 2..6 (default 2), `hands` (1), `penalty` ("count" | "kings10"),
`king_pile_to_corner` (false | true: a side pile headed by a king may move into an
empty corner as a play, vacating its side; R-KINGS-1).

Deal record keys (R-KINGS-10): `hands` (per seat), `tableau` ({"N", "E", "S", "W"}: one
card text each) and `stock` (the rest, top card first).

Action notation: `play 7H on N` (a card onto pile N, or into the vacant space N),
`play KH on NE` (a king into an empty corner), `move W to N` (pile W onto pile N, or with
the option a king pile into an empty corner), `draw`, `knock`. Piles are N, E, S, W, NE,
SE, SW, NW. The rulings' shorter `play 7S N` and `move W N` (and `onto`) are read too.
Internally: a card play is card*8 + pile (0..415), a move MOVE + from*8 + to, then DRAW
and KNOCK.

Hidden information: each seat sees its own hand, every card of every pile, the tableau
as dealt, all hand sizes and the stock's size; it knows the cards it drew itself
(`drawn`, its own only). Hidden: other hands, the stock's order, and a drawn card. The
actions are public as written (`draw` names no card). Determinize rebuilds the deal from
the hand's course: each card another seat played came from its earliest slot still open
(a dealt card, else a card drawn before that play), the observer's own slots are its own
cards, and the unseen cards fill the other slots and the rest of the stock at random.

Decisions the rulings leave open, taken here:
- The texts say "on" and "to" for clarity; the rulings' bare forms are read as well.
- The corners are filled in any order a player names; a king turned up for a side pile
  stays there (R-KINGS-1 default).
- `last_hand` gives the cards left per seat (`cards_left`), the `scores` and the hand's
  `winners`; `knocks` and `played` (whether the seat to act has played this turn) are
  public facts, so a player sees how near the end is.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and ints (seats, card ids, piles 0..7 in the order N E S W NE SE SW NW), which `view.py`
words when a person reads them: `("play", seat, card, pile)`, `("move", seat, from,
to, cards moved)`, `("draw", seat)`, `("knock", seat)` and `("over", winners,
scores)`. The hand's summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, Literal

from parlour.cards import CARD_TEXTS, KING, mask_of, parse_card, sort_key
from parlour.engine import GameOptions, IllegalAction, OptionsError, State

HAND = 7
PILES = ("N", "E", "S", "W", "NE", "SE", "SW", "NW")
SIDES = range(4)
PILE_INDEX = {p: i for i, p in enumerate(PILES)}
MOVE = 52 * 8
DRAW = MOVE + 64
KNOCK = DRAW + 1
PLAY = "play"
BITS = tuple(1 << c for c in range(52))
FULL = (1 << 52) - 1
KINGS = mask_of(13 * s + KING for s in range(4))


def low_rank(c: int) -> int:
    """Rank with aces low: A 0, 2 1, .., K 12."""
    return (c % 13 + 1) % 13


def is_red(c: int) -> bool:
    return c // 13 in (1, 2)


# ONTO[t]: the cards that may go on a pile whose top card is t (one lower, other colour).
ONTO = tuple(
    mask_of(c for c in range(52) if low_rank(c) == low_rank(t) - 1 and is_red(c) != is_red(t)) for t in range(52)
)
# The canonical order of G-6 for a hand's cards, as lists per 13-bit suit pattern.
SUIT_ORDER = tuple(
    tuple(tuple(13 * s + r for r in range(12, -1, -1) if bits >> r & 1) for bits in range(1 << 13)) for s in range(4)
)
SPADE_ORDER, HEART_ORDER, DIAMOND_ORDER, CLUB_ORDER = SUIT_ORDER


def hand_cards(mask: int) -> list[int]:
    """The cards of a hand mask in the canonical order (suits S H D C, high to low)."""
    return [
        *SPADE_ORDER[mask & 0x1FFF],
        *HEART_ORDER[(mask >> 13) & 0x1FFF],
        *DIAMOND_ORDER[(mask >> 26) & 0x1FFF],
        *CLUB_ORDER[(mask >> 39) & 0x1FFF],
    ]


def texts(cards: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(cards, key=sort_key)]


def decode(action: int) -> tuple[str, int, int]:
    """An action as (kind, a, b): ("play", card, pile), ("move", from, to), ("draw"|"knock", 0, 0)."""
    if action < MOVE:
        return ("play", *divmod(action, 8))
    if action < DRAW:
        return ("move", *divmod(action - MOVE, 8))
    return ("draw" if action == DRAW else "knock", 0, 0)


def may_build(card: int, top: int) -> bool:
    """Whether `card` goes on a pile whose top card is `top` (the rule of R-KINGS-2)."""
    return bool(ONTO[top] & BITS[card])


@dataclasses.dataclass(frozen=True)
class KingsOptions(GameOptions):
    """The standard game is the source's: one hand, scored by the cards left."""

    players: int = 2
    """Seats at the table, 2 to 6, each playing alone."""
    # R-KINGS-8: hands in the match; the scores add up and the deal passes left.
    hands: int = 1
    """Hands in the match; the scores add up and the deal passes to the left."""
    # R-KINGS-8: a hand scores minus the cards left, or minus 10 per king and 1 per other card.
    penalty: Literal["count", "kings10"] = "count"
    """What cards left in hand cost: count = 1 point each; kings10 = 10 for each king and 1 for any
    other card."""
    # R-KINGS-1: a side pile headed by a king may move into an empty corner (`move W to NE`).
    king_pile_to_corner: bool = False
    """Whether a side pile that starts with a king may be moved into an empty corner, leaving its
    side space empty."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 6:
            raise OptionsError(f"Kings in the Corner is for 2 to 6 players, not {self.players}")
        if not isinstance(self.hands, int) or self.hands < 1:
            raise OptionsError(f"a match has at least one hand, not {self.hands}")


class KingsRules(State):
    """One match of Kings in the Corner."""

    COPIED = ("hands", "tops", "bottoms", "totals", "log")
    NESTED = ("piles", "drawn")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        self.totals = [0] * self.players

    def _deal(self, given: Any) -> None:
        n = self.players
        if given is not None:
            hands, sides, stock = self._from_deal(given)
        else:
            cards = list(range(52))
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = cards[HAND * i : HAND * i + HAND]
            sides = cards[HAND * n : HAND * n + 4]
            stock = cards[HAND * n + 4 :]
        self.deals.append({
            "hands": [texts(h) for h in hands],
            "tableau": {PILES[p]: CARD_TEXTS[c] for p, c in enumerate(sides)},
            "stock": [CARD_TEXTS[c] for c in stock],
        })
        self.hands = [mask_of(h) for h in hands]
        self.sides = tuple(sides)
        self.piles: list[list[int]] = [[c] for c in sides] + [[], [], [], []]
        self.tops = [*sides, -1, -1, -1, -1]
        self.bottoms = [*sides, -1, -1, -1, -1]
        self.stock = tuple(stock)
        self.stock_at = 0
        self.drawn: list[list[int]] = [[] for _ in range(n)]
        self.played = False
        self.knocks = 0
        self.log: list[Any] = []
        self.phase = PLAY
        self.turn = (self.dealer + 1) % n

    def _from_deal(self, deal: Any) -> tuple[list[list[int]], list[int], list[int]]:
        n = self.players
        try:
            hands = [[parse_card(t) for t in h] for h in deal["hands"]]
            sides = [parse_card(deal["tableau"][p]) for p in PILES[:4]]
            stock = [parse_card(t) for t in deal["stock"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a Kings in the Corner deal has hands, tableau (N E S W) and stock: {exc}") from None
        if len(hands) != n or any(len(h) != HAND for h in hands):
            raise ValueError(f"a Kings in the Corner deal has {n} hands of {HAND} cards")
        if sorted(c for part in (*hands, sides, stock) for c in part) != list(range(52)):
            raise ValueError("the deal's cards are not one 52-card pack")
        return hands, sides, stock

    # --- play ----------------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        hand = self.hands[self.turn]
        tops = self.tops
        out = []
        for p in range(8):
            t = tops[p]
            m = hand & ONTO[t] if t >= 0 else hand if p < 4 else hand & KINGS
            while m:
                low = m & -m
                out.append((low.bit_length() - 1) * 8 + p)
                m ^= low
        bottoms = self.bottoms
        for x in SIDES:
            b = bottoms[x]
            if b < 0:
                continue
            if b % 13 == KING:
                if self.options.king_pile_to_corner:
                    out.extend(MOVE + x * 8 + y for y in range(4, 8) if tops[y] < 0)
                continue
            bit = BITS[b]
            for y in range(8):
                t = tops[y]
                if t >= 0 and y != x and ONTO[t] & bit:
                    out.append(MOVE + x * 8 + y)
        out.append(DRAW if self.stock_at < len(self.stock) else KNOCK)
        return out

    def _apply_play(self, action: int) -> None:
        seat = self.turn
        if action < MOVE:
            card, p = divmod(action, 8)
            self.hands[seat] ^= BITS[card]
            self.piles[p].append(card)
            self.tops[p] = card
            if self.bottoms[p] < 0:
                self.bottoms[p] = card
            self.played = True
            self.log.append(("play", seat, card, p))
            if not self.hands[seat]:
                self._end_hand([seat])
        elif action < DRAW:
            x, y = divmod(action - MOVE, 8)
            moved = self.piles[x]
            self.piles[y].extend(moved)
            self.piles[x] = []
            self.tops[y] = self.tops[x]
            if self.bottoms[y] < 0:
                self.bottoms[y] = self.bottoms[x]
            self.tops[x] = self.bottoms[x] = -1
            self.played = True
            self.log.append(("move", seat, x, y, len(moved)))
        else:
            if action == DRAW:
                card = self.stock[self.stock_at]
                self.stock_at += 1
                self.hands[seat] |= BITS[card]
                self.drawn[seat].append(card)
                self.knocks = 0
                self.log.append(("draw", seat))
            else:
                self.knocks = 0 if self.played else self.knocks + 1
                self.log.append(("knock", seat))
            if self.knocks >= self.players:
                sizes = [h.bit_count() for h in self.hands]
                least = min(sizes)
                self._end_hand([s for s in range(self.players) if sizes[s] == least])
                return
            self.played = False
            self.turn = (seat + 1) % self.players

    # --- scoring -------------------------------------------------------------------------
    def _penalty(self, mask: int) -> int:
        if self.options.penalty == "kings10":
            kings = (mask & KINGS).bit_count()
            return 10 * kings + mask.bit_count() - kings
        return mask.bit_count()

    def _end_hand(self, winners: list[int]) -> None:
        left = [h.bit_count() for h in self.hands]
        scores = [-self._penalty(h) for h in self.hands]
        for s in range(self.players):
            self.totals[s] += scores[s]
        self.log.append(("over", winners, scores))
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "cards_left": left,
            "held": [[CARD_TEXTS[c] for c in range(52) if h >> c & 1] for h in self.hands],
            "scores": scores,
            "winners": winners,
            "log": list(self.log),
        }
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        if self.hand_number + 1 < self.options.hands:
            return None
        best = max(self.totals)
        return [s for s in range(self.players) if self.totals[s] == best]

    def hand_points(self) -> list[Any]:
        """Minus each seat's cards in hand: the public part of the score (with `kings10`
        the kings in a hand are hidden until the hand is scored)."""
        return [-h.bit_count() for h in self.hands]

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        kind, a, b = decode(action)
        if kind == "play":
            return f"play {CARD_TEXTS[a]} on {PILES[b]}"
        return f"move {PILES[a]} to {PILES[b]}" if kind == "move" else kind

    def text_to_action(self, text: str) -> int:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        if len(words) == 1 and verb in ("draw", "knock"):
            return DRAW if verb == "draw" else KNOCK
        if len(words) == 4 and words[2].lower() in ("on", "onto", "to", "into"):
            words = words[:2] + words[3:]
        if verb in ("play", "move") and len(words) == 3:
            target = PILE_INDEX.get(words[2].upper())
            if target is None:
                raise IllegalAction(f"{words[2]!r} is not a pile: the piles are {', '.join(PILES)}.")
            if verb == "play":
                try:
                    return parse_card(words[1]) * 8 + target
                except ValueError as exc:
                    raise IllegalAction(str(exc)) from None
            source = PILE_INDEX.get(words[1].upper())
            if source is None:
                raise IllegalAction(f"{words[1]!r} is not a pile: the piles are {', '.join(PILES)}.")
            return MOVE + source * 8 + target
        raise IllegalAction(
            f"{text!r} is not a Kings in the Corner action: play 7H on N, move W to N, draw or knock."
        )

    def action_cards(self, action: Any) -> list[str]:
        return [CARD_TEXTS[action // 8]] if action < MOVE else []

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """The whole tableau, the hand sizes and the stock's size are public; a seat's own
        hand and the cards it drew are its secrets."""
        return {
            "hand": [CARD_TEXTS[c] for c in hand_cards(self.hands[seat])] if seat is not None else None,
            "drawn": [CARD_TEXTS[c] for c in self.drawn[seat]] if seat is not None else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "piles": {PILES[p]: [CARD_TEXTS[c] for c in pile] for p, pile in enumerate(self.piles)},
            "tableau": {PILES[p]: CARD_TEXTS[c] for p, c in enumerate(self.sides)},
            "stock_size": len(self.stock) - self.stock_at,
            "knocks": self.knocks,
            "played": self.played,
        }
