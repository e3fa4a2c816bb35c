"""Bots: players that see only their observation and answer with an action's text.

A bot is made for one game and one seat by `make_bot("name(arg=value)", game, seat,
seed)`. It answers `choose(observation) -> text`, where the observation is exactly what
`State.observation(seat)` gives a person at that seat: bots cannot cheat. The registry is
an explicit table of name -> (factory, games it plays; None for every game): the bots of
parlour.bots.models, which need no other bot, and the search bot that uses them as models.
Bot modules import their base from parlour.bots.base, never this registry, so the imports
form no circle.
"""

from __future__ import annotations

import functools

from parlour.bots.base import Bot, BotFactory, BotTable, RandomBot, bot_from_table, names_in
from parlour.engine import Game

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_names", "make_bot"]


@functools.cache
def _registry() -> BotTable:
    """The table, built once on first use (the bot modules load only when a bot is wanted)."""
    from parlour.bots.careless import CarelessBot
    from parlour.bots.ismcts import ISMCTSBot
    from parlour.bots.models import MODELS

    # The search bot second, after random and before the per-game bots, as the lists show.
    return {"random": MODELS["random"], "ismcts": (ISMCTSBot, None)} | dict(MODELS) | {"careless": (CarelessBot, None)}


def bot_names(game: str | None = None) -> list[str]:
    """The bots that play `game` (every bot when None)."""
    return names_in(_registry(), game)


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None, *, outside: bool = False) -> Bot:
    """A bot from a spec string such as `random` or `ismcts(iterations=500)`; with `outside`
    (the command line; a server only when told), also `package.module:Class(param=value)`,
    a bot written outside parlour (docs/bots.md)."""
    return bot_from_table(_registry(), spec, game, seat, seed, outside=outside)
