"""Yaniv, one package: `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Yaniv` declaration). The
layout's decisions are those of every game package (see `parlour.games.cramps`).

The names other modules import from `parlour.games.yaniv` are exported here.
"""

from parlour.games.yaniv.game import GAME, Yaniv, YanivState
from parlour.games.yaniv.rules import *  # noqa: F403
from parlour.games.yaniv.rules import YanivRules
from parlour.games.yaniv.view import meld_fault

__all__ = ["GAME", "Yaniv", "YanivRules", "YanivState", "meld_fault"]  # noqa: F405
