"""Mighty, one package: `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Mighty` declaration), laid out
as Cramps is (see `parlour.games.cramps` for the layout's decisions).

The names other modules import from `parlour.games.mighty` are exported here.
"""

from parlour.games.mighty.game import GAME, Mighty, MightyState, shown_lacks
from parlour.games.mighty.rules import *  # noqa: F403
from parlour.games.mighty.rules import MightyRules

__all__ = ["GAME", "Mighty", "MightyRules", "MightyState", "shown_lacks"]  # noqa: F405
