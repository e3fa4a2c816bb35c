"""Paks, one package: `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Paks` declaration). The
layout's decisions are those of every game package (see `parlour.games.cramps`).

The names other modules import from `parlour.games.paks` are exported here.
"""

from parlour.games.paks.game import GAME, Paks, PaksState
from parlour.games.paks.rules import *  # noqa: F403
from parlour.games.paks.rules import PaksRules

__all__ = ["GAME", "Paks", "PaksRules", "PaksState"]  # noqa: F405
