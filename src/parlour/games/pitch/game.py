"""Pitch as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `Pitch` declaration names the
rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from parlour.cards import SUIT_CHARS, card_text, cards_of, mask_of, pack
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    SUITS,
    Fact,
    Figure,
    Mistakes,
)
from parlour.engine import NOBODY, OVER, Game, GameOptions, Limits, Zone
from parlour.games.pitch import view
from parlour.games.pitch.rules import PASS, PLAY_BASE, SMUDGE, TRICKS, PitchOptions, PitchRules
from parlour.games.tricks import sample_hands, texts


class PitchState(PitchRules):
    """One match of Pitch."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """The unseen cards go to the other hands, which respect shown voids, and to the
        stub; nothing is ever masked."""
        trump = SUIT_CHARS.index(observation["trump"]) if observation["trump"] else None
        hands, stub = sample_hands(observation, pack(), [], trump, rng)
        return {"hands": [texts(h) for h in hands], "stub": [card_text(c) for c in stub]}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"][:2])

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [card_text(c) for c in range(52)]

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; the table and the won piles; the stub, which no one
        sees. Once the match is over every card lies open."""
        if self.phase == OVER:
            return [Zone("dealt", cards_of(self.dealt)), Zone("stub", self.stub)]
        zones = [Zone(f"hand-{s}", cards_of(self.hands[s]), s, functools.partial(self._put_hand, s)) for s in range(4)]
        zones.append(Zone("table", self.trick))
        zones += [Zone(f"pile-{team}", cards_of(self.piles[team])) for team in (0, 1)]
        zones.append(Zone("stub", self.stub, NOBODY, self._put_stub))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = mask_of(cards)

    def _put_stub(self, cards: list[int]) -> None:
        self.stub = cards

    def check_invariants(self) -> None:
        """Every hand scores at most 4 points made; a team's delta is its points or -bid."""
        if self.phase != OVER:
            played = len(self.tricks) * 4 + len(self.trick)
            assert sum(bin(h).count("1") for h in self.hands) == 4 * self.options.hand_cards - played
        if self.just_ended and self.last_hand is not None:
            made = self.last_hand["made"]
            assert 0 <= sum(made) <= 4, f"{made} points made in one hand"
        assert self.totals == [sum(h[t] for h in self.hand_results) for t in (0, 1)]


class Pitch(Game):
    name = "pitch"
    title = "Pitch"
    min_players = 4
    max_players = 4
    Options = PitchOptions
    state_class = PitchState
    view = view
    strength = (
        Figure(4, NORMAL_VS_HEURISTIC, "normal,pitch-heuristic", 4000, 100000, 1000),
        Figure(4, STRONG_VS_NORMAL, "strong,normal", 4000, 200000, 150),
        Figure(4, STRONG_VS_HEURISTIC, "strong,pitch-heuristic", 2000, 100000, 150),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"pitch-heuristic": "parlour.bots.pitch_heuristic:PitchHeuristicBot"}
    score_scale = 21
    mistakes = Mistakes(swing=2)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_facts = (
        Fact("high_bid", "choice", "high_bid", values=("2", "3", "4", "smudge"),
             doc="the standing bid"),
        Fact("pitcher", "seat", "pitcher", doc="the pitcher"),
        Fact("trump", "choice", "trump", values=SUITS, doc="trumps"),
        Fact("trick_leader", "seat", "trick.leader", doc="who led the trick"),
        Fact("trick", "plays", "trick.cards", length=4, doc="the trick on the table in order"),
        Fact("tricks_won", "team_numbers", "tricks_won", teams=2, scale=6,
             doc="tricks each side has won"),
        Fact("piles", "team_cards", "piles", teams=2, doc="the cards each side has taken"),
        Fact("target", "number", "target", scale=21, doc="the match target"),
    )
    table_limits = {"target": 100}
    conformance_options = (
        {"low": "played", "smudge_set": 4, "target": 5},
        {"target": 1},
        {"hand_cards": 2, "target": 3},
    )

    def heuristic_bot(self) -> str | None:
        return "pitch-heuristic"

    def render_text(self, observation: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The generic view under a line saying the bid, the pitcher and trumps."""
        return view.render_text(observation, names)

    def teams(self, options: GameOptions) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, PitchOptions)
        return [f"reach {options.target} points", f"{options.target} or more", f"it costs {options.smudge_set}",
            f"Everyone gets {TRICKS} cards"]

    def limits(self, options: GameOptions) -> Limits:
        """One bid or pass a seat, `hand_cards` tricks of four. A team makes at most 4 points (a smudge
        5) and a set team loses its bid (a smudge `smudge_set`)."""
        assert isinstance(options, PitchOptions)
        return Limits(
            hand_actions=4 + 4 * options.hand_cards,
            match_hands=None,
            hand_scores=(-max(4, options.smudge_set), 5),
            notes="no match bound: a team over the target that did not make its bid plays on",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        return [PASS, 2, 3, 4, SMUDGE, *(PLAY_BASE + c for c in range(52))]


GAME = Pitch()
PitchState.game = GAME
