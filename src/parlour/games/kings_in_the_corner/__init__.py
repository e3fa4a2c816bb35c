"""Kings in the Corner, one package: `rules.py` (options, deal, legal moves, apply,
score; events as data, no words), `view.py` (every word a person reads, through
`parlour.words`) and `game.py` (what the engine asks beyond the rules, and the
`KingsInTheCorner` declaration). The package layout's decisions are Cramps' (see
`parlour.games.cramps`).

The names other modules import from `parlour.games.kings_in_the_corner` are exported here.
"""

from parlour.games.kings_in_the_corner.game import GAME, KingsInTheCorner, KingsState
from parlour.games.kings_in_the_corner.rules import *  # noqa: F403
from parlour.games.kings_in_the_corner.rules import KingsRules
from parlour.games.kings_in_the_corner.view import PILE_NAMES

__all__ = ["GAME", "PILE_NAMES", "KingsInTheCorner", "KingsRules", "KingsState"]  # noqa: F405
