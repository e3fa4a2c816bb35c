"""Ribs, one package: `pack.py` (the pack and the action notation), `rules.py` (options,
deal, legal moves, apply, score; events as data, no words), `view.py` (every word a
person reads, through `parlour.words`) and `game.py` (what the engine asks beyond the
rules, and the `Ribs` declaration).

The names other modules import from `parlour.games.ribs` are exported here.
"""

from parlour.games.ribs.game import GAME, Ribs, RibsState
from parlour.games.ribs.pack import *  # noqa: F403
from parlour.games.ribs.pack import _COUNTS_TEXTS  # noqa: F401
from parlour.games.ribs.rules import *  # noqa: F403
from parlour.games.ribs.rules import RibsRules

__all__ = ["GAME", "Ribs", "RibsRules", "RibsState"]
