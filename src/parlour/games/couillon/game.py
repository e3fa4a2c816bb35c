"""Couillon as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `Couillon` declaration names
the rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, SUIT_CHARS, parse_card
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    SUITS,
    Fact,
    Figure,
)
from parlour.engine import EVERYONE, NOBODY, OVER, Game, GameOptions, Limits, Zone
from parlour.games.couillon import view
from parlour.games.couillon.rules import (
    ACCEPT,
    HAND_CARDS,
    LINES,
    PASS,
    PLAY,
    CouillonOptions,
    CouillonRules,
    card_points,
)
from parlour.games.tricks import sample_hands, texts


class CouillonState(CouillonRules):
    """One match of Couillon."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """The unseen cards go to the other hands, which respect shown voids, and to the
        hidden part of the stub, which may hold anything; nothing is ever masked."""
        assert isinstance(options, CouillonOptions)
        upcard = parse_card(observation["upcard"])
        bottom = [parse_card(observation["bottom_card"])] if observation["bottom_card"] else []
        trump = SUIT_CHARS.index(observation["trump_suit"]) if observation["phase"] == PLAY else None
        hands, hidden = sample_hands(observation, options.pack, [upcard, *bottom], trump, rng)
        stub = [upcard, *hidden, *bottom]
        return {"hands": [texts(h) for h in hands], "stub": [CARD_TEXTS[c] for c in stub]}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.needed = list(observation["wins_needed"])
        self.ties = observation["ties_pending"]

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in self.options.pack]

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; won tricks and the table; the stub, whose upcard (and
        bottom card once turned) everyone sees and whose rest no one does. Once the match
        is over every card lies open."""
        over = self.phase == OVER
        zones = [
            Zone(f"hand-{s}", list(self.hands[s]), EVERYONE if over else s, functools.partial(self._put_hand, s))
            for s in range(4)
        ]
        zones += [Zone(f"taken-{team}", list(self.taken[team])) for team in (0, 1)]
        zones.append(Zone("table", self.trick))
        end = len(self.stub) - (1 if self.bottom_turned else 0)
        zones.append(Zone("upcard", self.stub[:1]))
        zones.append(Zone("stub", self.stub[1:end], EVERYONE if over else NOBODY, self._put_stub))
        zones.append(Zone("bottom", self.stub[end:]))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = set(cards)

    def _put_stub(self, cards: list[int]) -> None:
        self.stub[1 : 1 + len(cards)] = cards

    def check_invariants(self) -> None:
        """The pack's 40 card points are all in hands, the table, won tricks or the stub; a
        finished hand's teams share the 40 less what stayed in the stub; counts stay >= 0."""
        total = sum(card_points(list(h)) for h in self.hands) + card_points(self.trick)
        total += sum(self.team_points()) + card_points(self.stub)
        assert total == 40, f"{total} card points accounted for, not 40"
        assert min(self.needed) >= 0
        if self.just_ended and self.last_hand is not None:
            assert sum(self.last_hand["points"]) == 40 - self.last_hand["stub_points"]


class Couillon(Game):
    name = "couillon"
    title = "Couillon"
    min_players = 4
    max_players = 4
    Options = CouillonOptions
    state_class = CouillonState
    view = view
    strength = (
        Figure(4, NORMAL_VS_HEURISTIC, "normal,couillon-heuristic", 2000, 0, 1000),
        Figure(4, STRONG_VS_NORMAL, "strong,normal", 6000, 1, 400),
        Figure(4, STRONG_VS_HEURISTIC, "strong,couillon-heuristic", 2000, 0, 400),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"couillon-heuristic": "parlour.bots.couillon_heuristic:CouillonHeuristicBot"}
    score_scale = 10
    tensor_facts = (
        Fact("stub_size", "number", "stub_size", scale=10, doc="cards left in the stub"),
        Fact("upcard", "cards", "upcard", doc="the upcard"),
        Fact("bottom_card", "cards", "bottom_card", doc="the stub's bottom card"),
        Fact("trump", "choice", "trump_suit", values=SUITS, doc="trumps"),
        Fact("offered", "choice", "trump", values=("spades", "hearts", "diamonds", "clubs"),
             doc="the suit named as trumps"),
        Fact("acceptor", "seat", "acceptor", doc="who accepted trumps"),
        Fact("trick_number", "number", "trick_number", scale=8, doc="tricks played"),
        Fact("trick", "plays", "trick", length=4, doc="the trick on the table"),
        Fact("wins_needed", "team_numbers", "wins_needed", teams=2, scale=5,
             doc="wins each side still needs"),
        Fact("ties_pending", "number", "ties_pending", doc="tied hands carried"),
    )
    conformance_options = (
        {"deck": 32, "tie_carry": "accumulate"},
        {"deck": 16, "hand_cards": 2},
    )

    def heuristic_bot(self) -> str | None:
        return "couillon-heuristic"

    def render_text(self, obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The terminal view: upcard and trumps, the table, the hand, points and board."""
        return view.render_text(obs, names)

    def teams(self, options: GameOptions) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, CouillonOptions)
        return [f"{options.deck} cards", f"Everyone gets {HAND_CARDS} cards", f"starts with {LINES} wins",
            "count goes from 5 down to 4", "ace 4, king 3, queen 2, jack 1"]

    def limits(self, options: GameOptions) -> Limits:
        """Four accept-or-pass calls, then `hand_cards` tricks of four cards. A seat's hand
        score is its team's card points, at most the pack's 40."""
        assert isinstance(options, CouillonOptions)
        return Limits(
            hand_actions=4 + 4 * options.hand_cards,
            match_hands=None,
            hand_scores=(0, 40),
            notes="no match bound: acceptors who lose add a line",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, CouillonOptions)
        return [ACCEPT, PASS, *sorted(options.pack)]


GAME = Couillon()
CouillonState.game = GAME
