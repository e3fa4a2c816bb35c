"""Ridge, one package: `rules.py` (options, the auction as pure functions, deals and PBN,
legal moves, apply, score; events as data, no words), `view.py` (every word a person
reads, through `parlour.words`) and `game.py` (what the engine asks beyond the rules,
and the `Ridge` declaration). The package layout's decisions are Cramps' (see
`parlour.games.cramps`).

The names other modules import from `parlour.games.ridge` are exported here.
"""

from parlour.games.ridge.game import GAME, Ridge, RidgeState
from parlour.games.ridge.rules import *  # noqa: F403
from parlour.games.ridge.rules import RidgeRules
from parlour.games.ridge.view import render_hand

__all__ = ["GAME", "Ridge", "RidgeRules", "RidgeState", "render_hand"]  # noqa: F405
