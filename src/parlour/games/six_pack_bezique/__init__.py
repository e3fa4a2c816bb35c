"""Six-Pack Bezique, one package: `pack.py` (faces, codes, notation and the table of
melds), `rules.py` (options, deal, legal moves, apply, score; events as data, no words),
`view.py` (every word a person reads, through `parlour.words`) and `game.py` (what the
engine asks beyond the rules, and the `SixPackBezique` declaration). The layout's
decisions are those of every game package (see `parlour.games.cramps`).

The names other modules import from `parlour.games.six_pack_bezique` are exported here.
"""

from parlour.games.six_pack_bezique.game import GAME, BeziqueState, SixPackBezique
from parlour.games.six_pack_bezique.pack import *  # noqa: F403
from parlour.games.six_pack_bezique.rules import *  # noqa: F403
from parlour.games.six_pack_bezique.rules import BeziqueRules

__all__ = ["GAME", "BeziqueRules", "BeziqueState", "SixPackBezique"]  # noqa: F405
