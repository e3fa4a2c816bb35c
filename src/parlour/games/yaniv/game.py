"""Yaniv as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `Yaniv` declaration names the
rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections import Counter
from typing import Any

from parlour.cards import CARD_TEXTS, parse_card
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
    Levels,
    Mistakes,
)
from parlour.engine import EVERYONE, NOBODY, OVER, Game, GameOptions, Limits, Zone
from parlour.games.drawing import Slots
from parlour.games.yaniv import view
from parlour.games.yaniv.rules import (
    DRAW,
    DRAW_FIRST,
    DRAW_LAST,
    DRAW_STOCK,
    HAND_SIZE,
    OUT_ABOVE,
    PACKS,
    PENALTY,
    YANIV,
    YanivOptions,
    YanivRules,
    run_orders,
    set_orders,
    texts,
    value_of,
)


class YanivState(YanivRules):
    """One match of Yaniv."""

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return texts(PACKS[self.options.decks])

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's but for the cards it took from the discards, which
        everyone saw; the stock, which no one sees; the discards, face up. Once the match
        is over every card lies open."""
        over = self.phase == OVER
        zones = [
            Zone(f"hand-{s}", self.hand_of(s), EVERYONE if over else s, functools.partial(self._set_hand, s), self.known[s])
            for s in range(self.players)
        ]
        zones.append(Zone("stock", self.stock, EVERYONE if over else NOBODY, self._put_stock))
        zones += [Zone("dead", self.dead), Zone("offer", self.offer), Zone("discard", self.pending)]
        return zones

    def _put_stock(self, cards: list[int]) -> None:
        self.stock = cards

    def check_invariants(self) -> None:
        """Sizes and values follow the hands, known cards are held, a player still in holds
        1 to 5 cards (0 between discarding a whole hand and drawing), a player out none, and
        no total rests on 200."""
        for s in range(self.players):
            cards = self.hand_of(s)
            assert len(cards) == self.hand_size(s) and value_of(cards) == self.values[s]
            assert not Counter(self.known[s]) - Counter(cards), "a known card is not in its hand"
            if s in self.eliminated:
                assert self.totals[s] > OUT_ABOVE
            elif self.phase != OVER:
                assert (self.phase != DRAW or s != self.turn) <= len(cards) <= HAND_SIZE
                assert self.totals[s] != 200

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's deal from its public course: every card a player held came
        into a slot, dealt or drawn from a stock (the first, or a reshuffle of public dead
        cards). A discard not known to be in the hand fills one of the player's open slots
        that could hold it, the seat's own hand fills its open slots, and what each stock
        still has is dealt at random into the slots left open."""
        assert isinstance(options, YanivOptions)
        for _ in range(100):
            deal = _course(options, observation, rng)
            if deal is not None:
                return deal, {}
        raise ValueError("no Yaniv deal fits the hand's course")

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])


def _course(options: YanivOptions, obs: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """One try at a deal that fits the hand's course (see sample_deal), or None."""
    n = options.players
    out = set(obs.get("eliminated", []))
    order = [s for s in ((obs["dealer"] + 1 + i) % n for i in range(n)) if s not in out]
    upcard = parse_card(obs["upcard"])
    first = list(PACKS[options.decks])
    first.remove(upcard)
    slots = Slots(first, rng)
    for s in order:
        slots.deal(s, HAND_SIZE)
    known: list[list[int]] = [[] for _ in range(n)]
    stock = len(first) - HAND_SIZE * len(order)
    offer: list[int] = [upcard]
    pending: list[int] = []
    dead: list[int] = []
    for actor, text in obs["actions"]:
        if text.startswith("discard "):
            pending = [parse_card(t) for t in text.split()[1:]]
            for c in pending:
                if c in known[actor]:
                    known[actor].remove(c)
                elif not slots.fill(actor, c):
                    return None
            continue
        if text == "draw stock":
            if not stock:
                slots.reshuffle(dead)
                stock, dead = len(dead), []
            slots.draw(actor)
            stock -= 1
        else:
            known[actor].append(offer.pop(0 if text == "draw first" else -1))
        dead += offer
        offer, pending = pending, []
    seat = obs["seat"]
    mine = Counter(parse_card(t) for t in obs["hand"]) - Counter(known[seat])
    if not slots.fill_own(seat, list(mine.elements())):
        return None
    stocks = slots.stocks()
    deal: dict[str, Any] = {"hands": [texts(slots.hand(s)) for s in range(n)],
                            "stock": [CARD_TEXTS[c] for c in stocks[0]], "upcard": CARD_TEXTS[upcard]}
    if len(stocks) > 1:
        deal["reshuffles"] = [[CARD_TEXTS[c] for c in s] for s in stocks[1:]]
    return deal


class Yaniv(Game):
    name = "yaniv"
    title = "Yaniv"
    min_players = 2
    max_players = 5
    Options = YanivOptions
    state_class = YanivState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,yaniv-heuristic", 6000, 100000, 1000),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 400, 101000, 12),
        Figure(2, STRONG_VS_HEURISTIC, "strong,yaniv-heuristic", 400, 100000, 12),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"yaniv-heuristic": "parlour.bots.yaniv_heuristic:YanivHeuristicBot"}
    score_scale = 200
    mistakes = Mistakes(swing=10)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_course = {"scale": 200}
    tensor_version = 1
    """The discards' order is in the tensor from layout v1 (v0 counted their faces only)."""
    tensor_facts = (
        Fact("hand_value", "number", "hand_value", scale=50, doc="my hand's value"),
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("offer", "cards", "offer", doc="the discards on offer"),
        Fact("offer_first", "cards", "offer.0", doc="the card `draw first` takes"),
        Fact("offer_last", "cards", "offer.-1", doc="the card `draw last` takes"),
        Fact("discard", "cards", "discard", doc="the last discard"),
        Fact("discard_first", "cards", "discard.0", doc="the last discard's first card, the next player's `draw first`"),
        Fact("discard_last", "cards", "discard.-1", doc="the last discard's last card, the next player's `draw last`"),
        Fact("discard_places", "card_places", "actions", values=("discard",), length=HAND_SIZE,
             doc="the hand's discards in their players' order"),
        Fact("dead", "cards", "dead", doc="cards out of play"),
        Fact("stock_size", "number", "stock_size", scale=50, doc="cards in the stock"),
        Fact("upcard", "cards", "upcard", doc="the first upcard"),
        Fact("reshuffles", "number", "reshuffles", doc="reshuffles of the stock"),
        Fact("yaniv_max", "number", "yaniv_max", scale=10, doc="the most a hand may call"),
    )
    levels = Levels(strong_settings="reward=margin, z=3")
    conformance_options = (
        {"decks": 2, "penalty_on_tie": True, "lowest_scores_zero": True},
        {"empty_stock": "end_hand", "yaniv_max": 7},
        {"decks": 2, "empty_stock": "end_hand"},
    )
    score_sense = -1

    def heuristic_bot(self) -> str | None:
        return "yaniv-heuristic"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, YanivOptions)
        return [f"Everyone gets {HAND_SIZE} cards", f"worth {options.yaniv_max} or less",
            f"the caller {PENALTY} more", f"above {OUT_ABOVE} is out"]

    def limits(self, options: GameOptions) -> Limits:
        """A hand never holds more than 5 cards (a discard comes before every draw), so a
        score is at most 5 tens and the caller's 30."""
        return Limits(
            hand_actions=None,
            match_hands=None,
            hand_scores=(0, HAND_SIZE * 10 + 30),
            notes="no length bound: drawing from the discards keeps the stock, and a hand ends only on yaniv",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, YanivOptions)
        copies = options.decks
        jokers = 2 * copies
        out: list[Any] = [YANIV, DRAW_STOCK, DRAW_FIRST, DRAW_LAST]
        out += [(c,) for c in range(53)]
        for rank in range(13):
            out += set_orders(tuple(13 * s + rank for s in range(4) for _ in range(copies)))
        for suit in range(4):
            out += run_orders(suit, (1 << 13) - 1, min(jokers, HAND_SIZE - 1))
        return out


GAME = Yaniv()
YanivState.game = GAME

