"""Kings in the Corner as the engine runs it: the rules' state with what the engine asks
beyond the rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `KingsInTheCorner`
declaration names the rules' state, the view and the heuristic bot, and bounds the game
for solvers."""

from __future__ import annotations

import functools
import random
from typing import Any

from parlour.cards import CARD_TEXTS, KING, cards_of, mask_of, parse_card
from parlour.declaration import (
    COMPASS,
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
    Levels,
    Mistakes,
)
from parlour.engine import NOBODY, Game, GameOptions, Limits, Zone
from parlour.games.kings_in_the_corner import view
from parlour.games.kings_in_the_corner.rules import (
    HAND,
    KNOCK,
    PILES,
    KingsOptions,
    KingsRules,
    may_build,
    texts,
)


class KingsState(KingsRules):
    """One match of Kings in the Corner."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the deal from the hand's public course (see the module's docstring):
        each seat's slots are its 7 dealt cards and then its draws, in order; every card a
        seat played takes its earliest open slot, which always exists before the play."""
        n = options.players
        me = observation["seat"]
        slots: list[list[int | None]] = [[None] * HAND for _ in range(n)]
        draw_slots: list[tuple[int, int]] = []
        filled = [0] * n
        seen = {parse_card(observation["tableau"][p]) for p in PILES[:4]}
        for actor, text in observation["actions"]:
            if text == "draw":
                draw_slots.append((actor, len(slots[actor])))
                slots[actor].append(None)
            elif text.startswith("play "):
                card = parse_card(text.split()[1])
                seen.add(card)
                if actor != me:
                    slots[actor][filled[actor]] = card
                    filled[actor] += 1
        if me is not None:
            drawn = [parse_card(t) for t in observation["drawn"]]
            held = {parse_card(t) for t in observation["hand"]}
            mine = {parse_card(text.split()[1]) for actor, text in observation["actions"] if actor == me and text.startswith("play ")}
            slots[me] = [*sorted((held | mine) - set(drawn)), *drawn]
            seen |= held
        unseen = [c for c in range(52) if c not in seen]
        rng.shuffle(unseen)
        for s in range(n):
            for i, c in enumerate(slots[s]):
                if c is None:
                    slots[s][i] = unseen.pop()
        stock = [slots[s][i] for s, i in draw_slots] + unseen
        deal = {
            "hands": [texts([c for c in slots[s][:HAND] if c is not None]) for s in range(n)],
            "tableau": dict(observation["tableau"]),
            "stock": [CARD_TEXTS[c] for c in stock if c is not None],
        }
        return deal, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return list(CARD_TEXTS[:52])

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; the eight piles; the stock, which no one sees."""
        zones = [Zone(f"hand-{s}", cards_of(h), s, functools.partial(self._put_hand, s)) for s, h in enumerate(self.hands)]
        zones += [Zone(f"pile-{PILES[p]}", pile) for p, pile in enumerate(self.piles)]
        zones.append(Zone("stock", self.stock[self.stock_at :], NOBODY, self._put_stock))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = mask_of(cards)

    def _put_stock(self, cards: list[int]) -> None:
        self.stock: tuple[int, ...] = self.stock[: self.stock_at] + tuple(cards)

    def check_invariants(self) -> None:
        """Every pile is a valid build from its bottom card; corners hold king-headed piles;
        tops and bottoms match the piles; hands hold what was dealt, drawn and not played."""
        for p, pile in enumerate(self.piles):
            assert self.tops[p] == (pile[-1] if pile else -1) and self.bottoms[p] == (pile[0] if pile else -1)
            for below, above in zip(pile, pile[1:], strict=False):
                assert may_build(above, below), f"{CARD_TEXTS[above]} lies on {CARD_TEXTS[below]} in {PILES[p]}"
            if p >= 4 and pile:
                assert pile[0] % 13 == KING, f"the corner {PILES[p]} is not headed by a king"
        assert sum(len(d) for d in self.drawn) == self.stock_at


class KingsInTheCorner(Game):
    name = "kings_in_the_corner"
    title = "Kings in the Corner"
    min_players = 2
    max_players = 6
    Options = KingsOptions
    state_class = KingsState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,kings_in_the_corner-heuristic", 2000, 300000, 400),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 1000, 200000, 60),
        Figure(2, STRONG_VS_HEURISTIC, "strong,kings_in_the_corner-heuristic", 1000, 200000, 60),
        Figure(6, NORMAL_VS_HEURISTIC, "normal,kings_in_the_corner-heuristic", 1200, 0, 300),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"kings_in_the_corner-heuristic": "parlour.bots.kings_in_the_corner_heuristic:KingsHeuristicBot"}
    score_scale = 50
    mistakes = Mistakes(swing=2.5)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_course = {"scale": 200}
    tensor_facts = (
        Fact("drawn", "cards", "drawn", doc="the cards I drew"),
        Fact("piles", "named_cards", "piles",
             values=("N", "E", "S", "W", "NE", "SE", "SW", "NW"), doc="the eight piles"),
        Fact("tableau", "named_cards", "tableau", values=COMPASS, doc="each pile's bottom card"),
        Fact("stock_size", "number", "stock_size", scale=52, doc="cards in the stock"),
        Fact("knocks", "number", "knocks", scale=6, doc="knocks in a row"),
        Fact("played", "number", "played", doc="whether I have played this turn"),
    )
    levels = Levels(heuristic_model_search=True)
    table_limits = {"hands": 20}
    conformance_options = (
        {"king_pile_to_corner": True, "penalty": "kings10"},
        {"hands": 2},
    )

    def heuristic_bot(self) -> str | None:
        return "kings_in_the_corner-heuristic"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, KingsOptions)
        return [f"Everyone gets {HAND} cards",
            "The match is one hand" if options.hands == 1 else f"{options.hands} hands",
            "minus one point for every card left"]

    def limits(self, options: GameOptions) -> Limits:
        """Every stock card is drawn once and every card is played from a hand once; a pile
        moves onto another (or into a corner) at most once per card play and four more; a
        play resets the knocks, so at most n knocks follow each play or move. A seat loses
        at most its cards (kings 10 each with kings10)."""
        assert isinstance(options, KingsOptions)
        n = options.players
        stock = 52 - HAND * n - 4
        plays = 52
        moves = plays + 4
        return Limits(
            hand_actions=stock + plays + moves + n * (plays + moves + stock + 1),
            match_hands=options.hands,
            hand_scores=(-(52 + (36 if options.penalty == "kings10" else 0)), 0),
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        return list(range(KNOCK + 1))


GAME = KingsInTheCorner()
KingsState.game = GAME
