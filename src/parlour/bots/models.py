"""The bots that play without another bot: random, the per-game heuristics, Ridge's bots.

They are the lower half of the registry. A search bot (ISMCTS) makes one of them by name
(`Game.heuristic_bot()`) as its model of how the players play, so it imports this table,
never parlour.bots: the full registry lists the search bot itself, and importing it back
would close a circle.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot, BotTable, RandomBot, bot_from_table
from parlour.bots.couillon_heuristic import CouillonHeuristicBot
from parlour.bots.cramps_heuristic import CrampsHeuristicBot
from parlour.bots.kings_in_the_corner_heuristic import KingsHeuristicBot
from parlour.bots.learned import ENCODER_READS, LearnedBot
from parlour.bots.mighty_heuristic import MightyHeuristicBot
from parlour.bots.paks_heuristic import PaksHeuristicBot
from parlour.bots.pitch_heuristic import PitchHeuristicBot
from parlour.bots.ribs_heuristic import RibsHeuristicBot
from parlour.bots.ridge import RidgeDDBot, RidgeGreedyBot
from parlour.bots.seven_and_a_half_heuristic import SevenHalfHeuristicBot
from parlour.bots.six_pack_bezique_heuristic import SixPackBeziqueHeuristicBot
from parlour.bots.yaniv_heuristic import YanivHeuristicBot
from parlour.bots.zetema_heuristic import ZetemaHeuristicBot
from parlour.engine import Game

MODELS: BotTable = {
    "random": (RandomBot, None),
    "ribs-heuristic": (RibsHeuristicBot, ("ribs",)),
    "pitch-heuristic": (PitchHeuristicBot, ("pitch",)),
    "mighty-heuristic": (MightyHeuristicBot, ("mighty",)),
    "cramps-heuristic": (CrampsHeuristicBot, ("cramps",)),
    "paks-heuristic": (PaksHeuristicBot, ("paks",)),
    "couillon-heuristic": (CouillonHeuristicBot, ("couillon",)),
    "kings_in_the_corner-heuristic": (KingsHeuristicBot, ("kings_in_the_corner",)),
    "ridge-dd": (RidgeDDBot, ("ridge",)),
    "ridge-greedy": (RidgeGreedyBot, ("ridge",)),
    "seven_and_a_half-heuristic": (SevenHalfHeuristicBot, ("seven_and_a_half",)),
    "zetema-heuristic": (ZetemaHeuristicBot, ("zetema",)),
    "six_pack_bezique-heuristic": (SixPackBeziqueHeuristicBot, ("six_pack_bezique",)),
    "yaniv-heuristic": (YanivHeuristicBot, ("yaniv",)),
}


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
