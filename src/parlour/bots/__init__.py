"""Bots: players that see only their observation and answer with an action's text.

A bot is made for one game and one seat by `make_bot("name(arg=value)", game, seat,
seed)`. It answers `choose(observation) -> text`, where the observation is exactly what
`State.observation(seat)` gives a person at that seat: bots cannot cheat. The registry is
an explicit table of name -> (factory, games it plays; None for every game): the bots of
parlour.bots.models, which need no other bot, the search bot that uses them as models, and
the levels people choose (`easy`, `normal`, `strong`, optionally `strong(seconds=0.5)`),
each made as the bot it stands for at that game (parlour.bots.levels), so the arena and
the terminal take the same levels as the lobby.
Bot modules import their base from parlour.bots.base, never this registry, so the imports
form no circle.
"""

from __future__ import annotations

import functools

from parlour.bots.base import Bot, BotFactory, BotTable, RandomBot, bot_from_table, names_in
from parlour.engine import Game, OptionsError

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_names", "make_bot"]


@functools.cache
def _registry() -> BotTable:
    """The table, built once on first use (the bot modules load only when a bot is wanted)."""
    from parlour.bots.careless import CarelessBot
    from parlour.bots.ismcts import ISMCTSBot
    from parlour.bots.levels import LEVELS
    from parlour.bots.models import MODELS
    from parlour.declaration import resolve
    from parlour.games import GAMES

    # The levels first, then random and the search bot before the per-game bots, as the lists show.
    levels: BotTable = {level: (functools.partial(level_bot, level), None) for level in LEVELS}
    bots: BotTable = {"random": MODELS["random"], "ismcts": (ISMCTSBot, None)} | dict(MODELS)
    strong: BotTable = {
        name: (resolve(path), (game.name,)) for game in GAMES.values() for name, path in game.strong_bots.items()
    }
    return {**levels, **bots, "careless": (CarelessBot, None), **strong}


def level_bot(level: str, game: Game, seat: int, seed: int | None = None, **params: str) -> Bot:
    """The bot that `level` stands for at `game`, made with the same seat and seed; `strong`
    alone takes a time budget (`seconds`), as the lobby's host gives it one. A strong
    learned player plays the level's search, not the heuristic, at a table its weights do
    not fit."""
    from parlour.bots.ismcts import MAX_SECONDS, bounded
    from parlour.bots.learned import LearnedBot
    from parlour.bots.levels import level_spec, strong_search_spec

    unknown = sorted(set(params) - ({"seconds"} if level == "strong" else set()))
    if unknown:
        takes = "takes only seconds" if level == "strong" else "takes no settings"
        raise OptionsError(f"the {level} level {takes}, not {', '.join(unknown)}")
    seconds = bounded("seconds", params["seconds"], 0, MAX_SECONDS) if "seconds" in params else None
    bot = bot_from_table(_registry(), level_spec(game.name, level, seconds), game, seat, seed)
    if level == "strong" and isinstance(bot, LearnedBot):
        search = strong_search_spec(game.name, seconds)
        bot.fallback_factory = lambda: bot_from_table(_registry(), search, game, seat, seed)
    return bot


def bot_names(game: str | None = None) -> list[str]:
    """The bots that play `game` (every bot when None)."""
    return names_in(_registry(), game)


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None, *, outside: bool = False) -> Bot:
    """A bot from a spec string such as `random` or `ismcts(iterations=500)`; with `outside`
    (the command line; a server only when told), also `package.module:Class(param=value)`,
    a bot written outside parlour (docs/bots.md)."""
    return bot_from_table(_registry(), spec, game, seat, seed, outside=outside)
