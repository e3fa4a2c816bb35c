"""Draw Toy's rules: options, the deal, legal moves, apply and the score. No words.

The rules in brief: 2-4 players; two packs of A-5 in spades and hearts and two jokers (22
cards; the copies of a face are one action). Each seat still in the match gets 3 cards, one
card starts the pile, the rest is the stock. A turn is compound: `discard X`, then `draw
stock` or `draw pile` (the card that lay under your discard: everyone then knows it is in
your hand). An empty stock is made again from the pile under its top card, shuffled, and
the new order is written into the deal's `reshuffles`. After `turns` turns each the hand
ends: each seat scores its hand's value (A 1 .. 5 5, joker 0), and lower is better. A seat
whose total passes 20 leaves the match; the last seat in wins (if the rest all leave on one
hand, the lowest total of them wins). The deal passes to the next seat still in.

Actions: a card id (discard it), `DRAW_STOCK` or `DRAW_PILE`; texts `discard 4H`,
`draw stock`, `draw pile`.

Events (`State.log`, worded by `view.py`):
- `("deal", dealer, upcard)`: the hand is dealt and `upcard` starts the pile;
- `("discard", seat, card)`;
- `("draw", seat)`: from the stock, unseen; `("take", seat, card)`: from the pile;
- `("reshuffle", count)`: the pile under its top card, `count` cards, is the new stock;
- `("scores", scores, leaving)`: the hand's scores and the seats that leave the match.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from parlour.cards import CARD_TEXTS, JOKER, parse_card
from parlour.engine import GameOptions, IllegalAction, OptionsError, State

FACES = (0, 1, 2, 3, 12, 13, 14, 15, 16, 25, JOKER)
"""2-5 and A of spades, 2-5 and A of hearts, the joker (card ids of parlour.cards)."""
PACK = tuple(sorted([f for f in FACES if f != JOKER] * 2 + [JOKER, JOKER]))
VALUE = {f: (0 if f == JOKER else 1 if f % 13 == 12 else f % 13 + 2) for f in FACES}
HAND, LIMIT = 3, 20
DRAW_STOCK, DRAW_PILE = 100, 101
DISCARD, DRAW = "discard", "draw"


@dataclasses.dataclass(frozen=True)
class ToyOptions(GameOptions):
    players: int = 3
    """How many play: 2 to 4."""
    turns: int = 5
    """Turns each player takes in a hand before the hands are scored."""

    def check(self) -> None:
        if not 2 <= self.players <= 4:
            raise OptionsError(f"Draw Toy is for 2 to 4 players, not {self.players}")
        if not 1 <= self.turns <= 50:
            raise OptionsError(f"a hand is 1 to 50 turns each, not {self.turns}")


def texts(cards: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(cards)]


class ToyRules(State):
    """One match of Draw Toy: the rules; `game.py` adds what determinize and the leak test
    ask (`ToyState`)."""

    COPIED = ("totals", "stock", "pile", "log")
    NESTED = ("hands", "known")
    options: ToyOptions

    def _new_match(self) -> None:
        self.totals = [0] * self.players

    def _dealer_of(self, hand: int) -> int:
        return self.first_dealer if hand == 0 else self.next_seat(self.dealer)

    def _deal(self, given: Any) -> None:
        n = self.players
        live = self.in_match()
        if given is not None:
            hands = [[parse_card(t) for t in h] for h in given["hands"]]
            stock = [parse_card(t) for t in given["stock"]]
        else:
            cards = list(PACK)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i, s in enumerate(live):
                hands[s] = cards[HAND * i : HAND * i + HAND]
            stock = cards[HAND * len(live) :]
        self.deals.append({"hands": [texts(h) for h in hands], "stock": [CARD_TEXTS[c] for c in stock]})
        self.hands = hands
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.upcard = stock[0]
        self.pile = [stock[0]]
        self.stock = stock[1:]
        self.turns_left = self.options.turns * len(live)
        self.log = [("deal", self.dealer, self.upcard)]
        self.phase = DISCARD
        self.turn = self.next_seat(self.dealer)

    def _legal_discard(self) -> list[int]:
        return sorted(set(self.hands[self.turn]))

    def _apply_discard(self, card: int) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if card in self.known[seat]:
            self.known[seat].remove(card)
        self.pile.append(card)
        self.log.append(("discard", seat, card))
        self.phase = DRAW

    def _legal_draw(self) -> list[int]:
        return [DRAW_STOCK, DRAW_PILE]

    def _apply_draw(self, action: int) -> None:
        seat = self.turn
        if action == DRAW_PILE:
            card = self.pile.pop(-2)
            self.known[seat].append(card)
            self.log.append(("take", seat, card))
        else:
            if not self.stock:
                top = self.pile.pop()
                self.stock = self.reshuffle(self.pile, CARD_TEXTS.__getitem__, parse_card)
                self.pile = [top]
                self.log.append(("reshuffle", len(self.stock)))
            card = self.stock.pop(0)
            self.log.append(("draw", seat))
        self.hands[seat].append(card)
        self.turns_left -= 1
        if self.turns_left:
            self.phase = DISCARD
            self.turn = self.next_seat(seat)
            return
        self._score()

    def _score(self) -> None:
        live = self.in_match()
        scores = [sum(VALUE[c] for c in self.hands[s]) if s in live else 0 for s in range(self.players)]
        for s in live:
            self.totals[s] += scores[s]
        leaving = [s for s in live if self.totals[s] > LIMIT]
        if len(leaving) == len(live):
            best = min(self.totals[s] for s in live)
            leaving = [s for s in live if self.totals[s] > best]
        leaving.sort(key=lambda s: -self.totals[s])
        for s in leaving:
            self.eliminate(s)
        self.log.append(("scores", scores, leaving))
        self._hand_ended(scores, {"scores": scores, "leaving": leaving})

    def _match_winners(self) -> list[int] | None:
        live = self.in_match()
        if len(live) == 1 or all(self.totals[s] > LIMIT for s in live):
            return live
        return None

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    def facts(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": texts(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "known": [texts(k) for k in self.known],
            "pile": [CARD_TEXTS[c] for c in self.pile],
            "stock_size": len(self.stock),
            "upcard": CARD_TEXTS[self.upcard],
            "turns_left": self.turns_left,
        }

    def action_to_text(self, action: Any) -> str:
        if action == DRAW_STOCK:
            return "draw stock"
        if action == DRAW_PILE:
            return "draw pile"
        return "discard " + CARD_TEXTS[action]

    def text_to_action(self, text: str) -> int:
        words = text.split()
        if words == ["draw", "stock"]:
            return DRAW_STOCK
        if words == ["draw", "pile"]:
            return DRAW_PILE
        if len(words) == 2 and words[0] == "discard":
            try:
                card = parse_card(words[1])
            except (KeyError, ValueError):
                card = -1
            if card in FACES:
                return card
        raise IllegalAction(f"{text!r} is no Draw Toy action: discard a card (discard 4H), draw stock or draw pile.")

    def action_cards(self, action: Any) -> list[str]:
        return [] if action in (DRAW_STOCK, DRAW_PILE) else [CARD_TEXTS[action]]
