"""Draw Toy: a small drawing game that exists only to hold the engine to the shapes the
drawing, banking and melding games need (tests/test_engine_shapes.py plays it).

Not a real game and not registered. 2-4 players; two packs of A-5 in spades and hearts and
two jokers (22 cards, copies of a face are one action). Each seat gets 3 cards, one card
starts the pile, the rest is the stock. A turn is compound: `discard X`, then `draw stock`
or `draw pile` (the card that lay under your discard: it is then known to be in your hand).
An empty stock is made again from the pile under its top card, shuffled, and the new order
is recorded in the deal's `reshuffles`. After five turns each the hand ends: each seat
scores its hand's value (A 1 .. 5 5, joker 0), and lower is better. A seat whose total
passes 20 leaves the match; the last seat in wins (if the rest all leave on one hand, the
lowest total of them wins). The deal passes to the next seat still in.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from parlour.cards import CARD_TEXTS, JOKER, parse_card
from parlour.engine import NOBODY, Game, GameOptions, OptionsError, State, Zone

FACES = (0, 1, 2, 3, 12, 13, 14, 15, 16, 25, JOKER)
"""2-5 and A of spades, 2-5 and A of hearts, the joker (card ids of cards.py)."""
PACK = tuple(sorted([f for f in FACES if f != JOKER] * 2 + [JOKER, JOKER]))
VALUE = {f: (0 if f == JOKER else 1 if f % 13 == 12 else f % 13 + 2) for f in FACES}
HAND, TURNS, LIMIT = 3, 5, 20
DRAW_STOCK, DRAW_PILE = 100, 101
DISCARD, DRAW = "discard", "draw"


class ToyOptions(GameOptions):
    players: int = 3

    def check(self) -> None:
        if not 2 <= self.players <= 4:
            raise OptionsError(f"Draw Toy is for 2 to 4 players, not {self.players}")


def texts(cards: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(cards)]


class ToyState(State):
    COPIED = ("totals", "stock", "pile", "log")
    NESTED = ("hands", "known")

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
        self.turns_left = TURNS * len(live)
        self.log = []
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
        self.phase = DRAW

    def _legal_draw(self) -> list[int]:
        return [DRAW_STOCK, DRAW_PILE]

    def _apply_draw(self, action: int) -> None:
        seat = self.turn
        if action == DRAW_PILE:
            card = self.pile.pop(-2)
            self.known[seat].append(card)
        else:
            if not self.stock:
                top = self.pile.pop()
                self.stock = self.reshuffle(self.pile, CARD_TEXTS.__getitem__, parse_card)
                self.pile = [top]
            card = self.stock.pop(0)
        self.hands[seat].append(card)
        self.turns_left -= 1
        if self.turns_left:
            self.phase = DISCARD
            self.turn = self.next_seat(seat)
            return
        scores = [sum(VALUE[c] for c in self.hands[s]) if s in self.in_match() else 0 for s in range(self.players)]
        for s in self.in_match():
            self.totals[s] += scores[s]
        live = self.in_match()
        leaving = [s for s in live if self.totals[s] > LIMIT]
        if len(leaving) == len(live):
            best = min(self.totals[s] for s in live)
            leaving = [s for s in live if self.totals[s] > best]
        for s in sorted(leaving, key=lambda s: -self.totals[s]):
            self.eliminate(s)
        self._hand_ended(scores, {"scores": scores})

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
        return parse_card(words[1])

    def full_pack(self) -> list[str]:
        return texts(list(PACK))

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's but for the cards drawn from the pile; the pile; the
        stock, which no one sees."""
        zones = [
            Zone(f"hand-{s}", h, s, functools.partial(self._put_hand, s), self.known[s]) for s, h in enumerate(self.hands)
        ]
        return [*zones, Zone("pile", self.pile), Zone("stock", self.stock, NOBODY, self._put_stock)]

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = cards

    def _put_stock(self, cards: list[int]) -> None:
        self.stock = cards

    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's deal from its public course.

        Each card a seat held came into a slot: dealt, or drawn from a stock segment (the
        first stock, then each reshuffled pile, whose cards are public). Going forward
        through the actions, a discard that is not a known card fills the seat's earliest
        open slot that can hold it; the observer's own slots take its hand; what is left
        open is dealt at random from what each segment still has to give."""
        for _ in range(50):
            course = _assign(options.players, observation, rng)
            if course is not None:
                break
        else:
            raise ValueError("no deal fits the hand's course")
        n = options.players
        order, slots, segments, draws, upcard = course
        pools = _pools(segments, slots, upcard)
        for i, (segment, card) in enumerate(slots):
            if card is None:
                pool = pools[segment]
                slots[i][1] = pool.pop(rng.randrange(len(pool)))
        for pool in pools:
            rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        for k, s in enumerate(order):
            hands[s] = [slots[i][1] for i in range(HAND * k, HAND * k + HAND)]
        stock = [upcard, *(slots[i][1] for i in draws[0]), *pools[0]]
        deal: dict[str, Any] = {"hands": [texts(h) for h in hands], "stock": [CARD_TEXTS[c] for c in stock]}
        if len(segments) > 1:
            deal["reshuffles"] = [
                [CARD_TEXTS[slots[i][1]] for i in draws[k]] + [CARD_TEXTS[c] for c in pools[k]]
                for k in range(1, len(segments))
            ]
        return deal, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])


def _assign(players: int, observation: dict[str, Any], rng: random.Random) -> tuple[Any, ...] | None:
    """One try at filling the slots the hand's course pins down (None: a dead end)."""
    n = players
    seat = observation["seat"]
    live = [s for s in range(n) if s not in observation.get("eliminated", [])]
    dealer = observation["dealer"]
    order = [s for s in ((dealer + 1 + i) % n for i in range(n)) if s in live]
    slots: list[list[Any]] = []
    held: list[list[int]] = [[] for _ in range(n)]
    known: list[list[int]] = [[] for _ in range(n)]
    for s in order:
        for _ in range(HAND):
            held[s].append(len(slots))
            slots.append([0, None])
    upcard = parse_card(observation["upcard"])
    segments: list[list[int]] = [list(PACK)]
    draws: list[list[int]] = [[]]
    stock_size = len(PACK) - HAND * len(live) - 1
    pile = [upcard]
    for actor, text in observation["actions"]:
        action = ToyState.text_to_action(None, text)  # type: ignore[arg-type]
        if action == DRAW_PILE:
            known[actor].append(pile.pop(-2))
        elif action == DRAW_STOCK:
            if stock_size == 0:
                segments.append(pile[:-1])
                draws.append([])
                stock_size = len(pile) - 1
                pile = pile[-1:]
            draws[-1].append(len(slots))
            held[actor].append(len(slots))
            slots.append([len(segments) - 1, None])
            stock_size -= 1
        else:
            pile.append(action)
            if action in known[actor]:
                known[actor].remove(action)
                continue
            fits = [i for i in held[actor] if _may_hold(segments, slots, i, action, upcard)]
            if not fits:
                return None
            slot = rng.choice(fits)
            slots[slot][1] = action
            held[actor].remove(slot)
    if seat is not None:
        mine = [parse_card(t) for t in observation["hand"]]
        for c in known[seat]:
            mine.remove(c)
        rng.shuffle(mine)
        for i in sorted(held[seat], key=lambda i: -slots[i][0]):
            fits = [c for c in mine if _may_hold(segments, slots, i, c, upcard)]
            if not fits:
                return None
            slots[i][1] = fits[0]
            mine.remove(fits[0])
    return order, slots, segments, draws, upcard


def _taken(slots: list[list[Any]], segment: int, card: int) -> int:
    return sum(1 for s, c in slots if s == segment and c == card)


def _may_hold(segments: list[list[int]], slots: list[list[Any]], i: int, card: int, upcard: int) -> bool:
    """Whether open slot i can still be `card`: its segment has a copy left to give (the
    first stock's upcard is not dealt into a slot)."""
    segment, held = slots[i]
    if held is not None:
        return False
    left = segments[segment].count(card) - _taken(slots, segment, card) - (segment == 0 and card == upcard)
    return left > 0


def _pools(segments: list[list[int]], slots: list[list[Any]], upcard: int) -> list[list[int]]:
    """What each segment still has to give to its open slots and the rest of its stock."""
    pools = [list(seg) for seg in segments]
    pools[0].remove(upcard)
    for segment, card in slots:
        if card is not None:
            pools[segment].remove(card)
    return pools


class DrawToy(Game):
    name = "draw-toy"
    title = "Draw Toy"
    min_players = 2
    max_players = 4
    Options = ToyOptions
    state_class = ToyState
    score_sense = -1

    def action_universe(self, options: GameOptions) -> list[Any]:
        return [*FACES, DRAW_STOCK, DRAW_PILE]


GAME = DrawToy()
ToyState.game = GAME
