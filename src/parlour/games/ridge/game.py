"""Ridge as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize, its card zones
(where each card lies and who may see it), from which the engine derives every place a
card can be and the leak test's redeal, and the game's invariants; with every card face up
the first two are the deal itself. The `Ridge` declaration names the rules' state, the
view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, cards_of
from parlour.declaration import (
    COMPASS,
    DENOMINATIONS,
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
)
from parlour.engine import OVER, Game, GameOptions, Limits, Zone
from parlour.games.ridge import view
from parlour.games.ridge.rules import (
    CONTEST,
    DECLARE_BASE,
    HAND_NAMES,
    PASS,
    PLAY_BASE,
    TRICKS,
    RidgeOptions,
    RidgeRules,
)


class RidgeState(RidgeRules):
    """One match of Ridge."""

    # --- determinize: nothing is hidden ----------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """The known deal: every card is face up and every action public."""
        return {"pbn": observation["deal"]}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])

    # --- cards and invariants ------------------------------------------------------------
    def full_pack(self) -> list[str]:
        return list(CARD_TEXTS[:52])

    def card_zones(self) -> list[Zone]:
        """The four hands, the trick and the cards each side has won, all face up."""
        zones = [Zone(f"hand-{HAND_NAMES[h]}", cards_of(self.hands[h])) for h in range(4)]
        zones.append(Zone("trick", [c for _, c in self.trick]))
        zones += [Zone(f"won-{s}", cards_of(self.won_cards[s])) for s in range(2)]
        return zones

    def check_invariants(self) -> None:
        """Tricks won match the cards taken and the hand sizes; one side scores per hand;
        the match totals are the sum of the hands."""
        assert sum(self.won) == len(self.tricks)
        for s in range(2):
            assert self.won_cards[s].bit_count() == 4 * self.won[s]
        if self.phase != OVER:
            for h in range(4):
                played = any(p == h for p, _ in self.trick)
                assert self.hands[h].bit_count() == TRICKS - len(self.tricks) - played
        for scores in self.hand_results:
            assert min(scores) == 0 and all(x >= 0 for x in scores)
        assert self.totals == [sum(h[s] for h in self.hand_results) for s in range(2)]


class Ridge(Game):
    name = "ridge"
    title = "Ridge"
    min_players = 2
    max_players = 2
    Options = RidgeOptions
    state_class = RidgeState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,ridge-greedy", 2000, 100000, 400),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 600, 100000, 26),
        Figure(2, STRONG_VS_HEURISTIC, "strong,ridge-greedy", 1000, 100000, 26),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"ridge-dd": "parlour.bots.ridge:RidgeDDBot", "ridge-greedy": "parlour.bots.ridge:RidgeGreedyBot"}
    score_scale = 30
    tensor_facts = (
        Fact("hand_to_play", "choice", "hand_to_play", values=COMPASS, rotate=True,
             doc="the hand to play next"),
        Fact("hands", "named_cards", "hands", values=COMPASS, rotate=True,
             doc="the four hands, my first hand first"),
        Fact("bid", "number", "standing_bid.bid", scale=13, doc="the standing bid"),
        Fact("bidder", "seat", "standing_bid.bidder", doc="the standing bidder"),
        Fact("declarer", "seat", "contract.declarer", doc="the declarer"),
        Fact("contract", "number", "contract.bid", scale=13, doc="the contract"),
        Fact("contested", "number", "contract.contested", doc="whether it was contested"),
        Fact("trump", "choice", "contract.trump", values=DENOMINATIONS, doc="trumps"),
        Fact("leader", "choice", "contract.leader", values=COMPASS, rotate=True,
             doc="the opening leader"),
        Fact("trick", "plays", "trick", length=4, values=COMPASS, rotate=True,
             doc="the trick on the table, by hand"),
        Fact("tricks", "records", "tricks", length=13, items=(
            Fact("leader", "choice", "leader", values=COMPASS, rotate=True),
            Fact("winner", "choice", "winner", values=COMPASS, rotate=True),
        ), doc="who led and won each trick"),
        Fact("won", "seat_numbers", "won", scale=13, doc="tricks each side has won"),
    )
    analysis = "parlour.analysis.ridge"
    table_limits = {"target": 1500, "hands": 50}
    conformance_options = (
        {"hands": 2, "min_bid": 7},
        {"target": 30, "dealer_may_contest": True, "contest_13": False},
    )

    def heuristic_bot(self) -> str | None:
        return "ridge-greedy"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, RidgeOptions)
        return [f"reach {options.target} points", f"{options.target} points or more", f"from {options.min_bid} to 13"]

    def limits(self, options: GameOptions) -> Limits:
        """An auction of rising bids (at most one per number, a pass, a contest and a pass
        more), the declaration and 52 cards. Only one side scores: at most 13 undertricks
        of 10, or a contested 13 made (49)."""
        assert isinstance(options, RidgeOptions)
        return Limits(
            hand_actions=(TRICKS - options.min_bid + 1) + 3 + 1 + 52,
            match_hands=options.hands,
            hand_scores=(0, 10 * TRICKS),
            notes="" if options.hands else "no match bound to a target: a passed-out hand scores 0-0",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, RidgeOptions)
        bids = list(range(options.min_bid, TRICKS + 1))
        declares = [DECLARE_BASE + k for k in range(20)]
        return [PASS, *bids, CONTEST, *declares, *(PLAY_BASE + c for c in range(52))]

    def render_text(self, observation: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The table as a bridge diagram (`view.render_text`)."""
        return view.render_text(observation, names)


GAME = Ridge()
RidgeState.game = GAME
