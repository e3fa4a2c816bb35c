"""Cramps, one package: `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Cramps` declaration).

The names other modules import from `parlour.games.cramps` are exported here.
"""

from parlour.games.cramps.game import GAME, Cramps, CrampsState, voids_shown
from parlour.games.cramps.rules import *  # noqa: F403
from parlour.games.cramps.rules import CrampsRules

__all__ = ["GAME", "Cramps", "CrampsRules", "CrampsState", "voids_shown"]  # noqa: F405
