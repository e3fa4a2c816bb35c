"""The bots that play without another bot: random, the per-game heuristics, Ridge's bots.

They are the lower half of the registry. A search bot (ISMCTS) makes one of them by name
(`Game.heuristic_bot()`) as its model of how the players play, so it imports this table,
never parlour.bots: the full registry lists the search bot itself, and importing it back
would close a circle.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot, BotTable, RandomBot, bot_from_table
from parlour.bots.learned import ENCODER_READS, LearnedBot
from parlour.declaration import resolve
from parlour.engine import Game
from parlour.games import GAMES

MODELS: BotTable = {"random": (RandomBot, None)} | {
    name: (resolve(path), (game.name,)) for game in GAMES.values() for name, path in game.bots.items()
}
"""Random and every game's own bots, as the games declare them (`Game.bots`)."""


def learned_bot(game: Game, seat: int, seed: int | None = None, **params: Any) -> Bot:
    """The learned player, with the game's heuristic bot (else random) to play the tables
    its weights do not fit and to give its move to weights that read it (`--prior`)."""
    heuristic = game.heuristic_bot() or "random"
    bot = LearnedBot(
        game, seat, seed, fallback=lambda: make_model(heuristic, game, seat, seed),
        prior_model=lambda spec: make_model(spec, game, seat, seed), **params,
    )
    reads = model_reads(heuristic)  # weights trained with --prior ask the heuristic too
    bot.READS = None if reads is None else ENCODER_READS | reads
    return bot


MODELS["learned"] = (learned_bot, None)


def make_model(spec: str, game: Game, seat: int, seed: int | None = None) -> Bot:
    """A bot of MODELS from a spec string, as `parlour.bots.make_bot` makes any bot."""
    return bot_from_table(MODELS, spec, game, seat, seed)


def model_reads(spec: str) -> frozenset[str] | None:
    """The observation keys the model `spec` reads (`Bot.READS`; None: all of them)."""
    entry = MODELS.get(spec.split("(", 1)[0].strip())
    return getattr(entry[0], "READS", None) if entry is not None else None
