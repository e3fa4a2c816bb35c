"""Seven and a Half, one package: `rules.py` (options, deal, legal moves, apply, settle;
events as data, no words), `view.py` (every word a person reads, through
`parlour.words`) and `game.py` (what the engine asks beyond the rules, and the
`SevenAndAHalf` declaration). The layout's decisions are those of every game package (see
`parlour.games.cramps`).

The names other modules import from `parlour.games.seven_and_a_half` are exported here.
"""

from parlour.games.seven_and_a_half.game import GAME, SevenAndAHalf, SevenHalfState
from parlour.games.seven_and_a_half.rules import *  # noqa: F403
from parlour.games.seven_and_a_half.rules import SevenHalfRules

__all__ = ["GAME", "SevenAndAHalf", "SevenHalfRules", "SevenHalfState"]  # noqa: F405
