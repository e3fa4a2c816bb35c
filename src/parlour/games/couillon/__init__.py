"""Couillon, one package: `rules.py` (options, deal, trumps, tricks, the board; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Couillon` declaration).

The layout's decisions are Cramps' (see `parlour.games.cramps`): the rules never format
text, words are made only for a person (observations with `views=True`, a finished hand's
summary when first read), `view.why_not` words a refused action from the acting seat's
observation, and an observation's words name seats by the numbered convention ("seat 2")
until a front end names them. A partnership reads as a team ("seat 0 and seat 2", "you and
Cy"), never as its seat numbers.

The names other modules import from `parlour.games.couillon` are exported here.
"""

from parlour.games.couillon.game import GAME, Couillon, CouillonState
from parlour.games.couillon.rules import *  # noqa: F403
from parlour.games.couillon.rules import CouillonRules

__all__ = ["GAME", "Couillon", "CouillonRules", "CouillonState"]  # noqa: F405
