"""Pitch, one package: `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Pitch` declaration), laid out
as Cramps is (see `parlour.games.cramps` for the layout's decisions). The family's trick
rules stay shared with Couillon in `parlour.games.tricks`.

The names other modules import from `parlour.games.pitch` are exported here.
"""

from parlour.games.pitch.game import GAME, Pitch, PitchState
from parlour.games.pitch.rules import *  # noqa: F403
from parlour.games.pitch.rules import PitchRules

__all__ = ["GAME", "Pitch", "PitchRules", "PitchState"]  # noqa: F405
