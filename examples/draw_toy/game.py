"""Draw Toy as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks for the card zones (where each card lies and
who may see it: the engine derives from them every place a card can be and the leak
test's redeal) and determinize's half, `sample_deal` (a deal that fits one seat's
observation) with `_restore` (the match's totals from an observation). The `DrawToy`
declaration names the state and the view and says what the layers above may read.
"""

from __future__ import annotations

import functools
import random
from typing import Any

from parlour.cards import CARD_TEXTS, parse_card
from parlour.engine import NOBODY, Game, GameOptions, Limits, Zone

from . import view
from .rules import (
    DRAW_PILE,
    DRAW_STOCK,
    FACES,
    HAND,
    LIMIT,
    PACK,
    VALUE,
    ToyOptions,
    ToyRules,
    texts,
)


class ToyState(ToyRules):
    """A match of Draw Toy: its rules, its card zones and determinize's half."""

    def check_invariants(self) -> None:
        """A card known to be in a hand is in it; a hand holds its 3 cards between turns."""
        for s, known in enumerate(self.known):
            for c in set(known):
                assert known.count(c) <= self.hands[s].count(c), f"seat {s}'s known {CARD_TEXTS[c]} is not in its hand"
        if self.phase == "discard":
            assert all(len(self.hands[s]) == HAND for s in self.in_match())

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
        action = _action(text)
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


def _action(text: str) -> int:
    """An action of the observation's history, from its text."""
    return {"draw stock": DRAW_STOCK, "draw pile": DRAW_PILE}.get(text) or parse_card(text.split()[1])


class DrawToy(Game):
    name = "draw-toy"
    title = "Draw Toy"
    min_players = 2
    max_players = 4
    Options = ToyOptions
    state_class = ToyState
    score_sense = -1
    view = view
    score_scale = 10.0
    conformance_options = ({"turns": 9},)
    table_limits = {"turns": 50}

    def action_universe(self, options: GameOptions) -> list[Any]:
        return [*FACES, DRAW_STOCK, DRAW_PILE]

    def howto_facts(self, options: GameOptions) -> list[str]:
        """The numbers the How to play text states, in its words."""
        assert isinstance(options, ToyOptions)
        return [f"Everyone gets {HAND} cards", f"passes {LIMIT}", f"After {options.turns} turns each"]

    def limits(self, options: GameOptions) -> Limits:
        assert isinstance(options, ToyOptions)
        return Limits(
            hand_actions=2 * options.turns * options.players,
            match_hands=None,
            hand_scores=(0, HAND * max(VALUE.values())),
            notes="A match ends only when all but one seat have passed the limit; a hand of jokers and aces keeps a seat in.",
        )


GAME = DrawToy()
ToyState.game = GAME
