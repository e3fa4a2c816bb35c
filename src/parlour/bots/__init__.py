"""Bots: players that see only their observation and answer with an action's text.

A bot is made for one game and one seat by `make_bot("name(arg=value)", game, seat,
seed)`. It answers `choose(observation) -> text`, where the observation is exactly what
`State.observation(seat)` gives a person at that seat: bots cannot cheat. The registry is
an explicit table of name -> (factory, games it plays; None for every game).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from parlour.engine import Game, OptionsError
from parlour.spec import SpecError, parse_spec


class Bot:
    """Base of every bot. Subclasses override `choose`."""

    name = "bot"
    # The most seconds one move may take, set by whoever hosts the bot (the web parlour's
    # --bot-seconds); None: no limit. A bot that searches stops by then and plays its best
    # move so far; the host plays a legal move for a bot that still has not answered.
    time_limit: float | None = None

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any) -> None:
        if params:
            raise OptionsError(f"bot {self.name!r} takes no parameter {sorted(params)[0]!r}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def choose(self, observation: dict[str, Any]) -> str:
        return self.rng.choice(observation["legal_actions"])


BotFactory = Callable[..., Bot]


def _registry() -> dict[str, tuple[BotFactory, tuple[str, ...] | None]]:
    from parlour.bots.couillon_heuristic import CouillonHeuristicBot
    from parlour.bots.cramps_heuristic import CrampsHeuristicBot
    from parlour.bots.ismcts import ISMCTSBot
    from parlour.bots.mighty_heuristic import MightyHeuristicBot
    from parlour.bots.pitch_heuristic import PitchHeuristicBot
    from parlour.bots.ribs_heuristic import RibsHeuristicBot
    from parlour.bots.ridge import RidgeDDBot, RidgeGreedyBot

    return {
        "random": (RandomBot, None),
        "ismcts": (ISMCTSBot, None),
        "ribs-heuristic": (RibsHeuristicBot, ("ribs",)),
        "pitch-heuristic": (PitchHeuristicBot, ("pitch",)),
        "mighty-heuristic": (MightyHeuristicBot, ("mighty",)),
        "cramps-heuristic": (CrampsHeuristicBot, ("cramps",)),
        "couillon-heuristic": (CouillonHeuristicBot, ("couillon",)),
        "ridge-dd": (RidgeDDBot, ("ridge",)),
        "ridge-greedy": (RidgeGreedyBot, ("ridge",)),
    }


def bot_names(game: str | None = None) -> list[str]:
    """The bots that play `game` (every bot when None)."""
    return [
        name
        for name, (_, games) in _registry().items()
        if game is None or games is None or game in games
    ]


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    """A bot from a spec string such as `random` or `ismcts(iterations=500)`."""
    try:
        name, params = parse_spec(spec)
    except SpecError as exc:
        raise OptionsError(str(exc)) from None
    registry = _registry()
    if name not in registry:
        raise OptionsError(f"unknown bot {name!r} (bots for {game.name}: {', '.join(bot_names(game.name))})")
    factory, games = registry[name]
    if games is not None and game.name not in games:
        raise OptionsError(f"bot {name!r} does not play {game.name} (it plays {', '.join(games)})")
    return factory(game, seat, seed, **params)
