"""Zetema, one package: `pack.py` (the 65-card pack as multiset masks, meld and marriage
values, the action notation), `rules.py` (options, deal, turns, scoring; events as data,
no words), `view.py` (every word a person reads, through `parlour.words`) and `game.py`
(what the engine asks beyond the rules, and the `Zetema` declaration).

The layout's decisions are Cramps' (see `parlour.games.cramps`): the rules never format
text, words are made only for a person (observations with `views=True`, a finished hand's
summary when first read), `view.why_not` words a refused action from the acting seat's
observation, and an observation's words name seats by the numbered convention ("seat 2")
until a front end names them. A side of partners reads as a team ("seat 0 and seat 2").

The names other modules import from `parlour.games.zetema` are exported here.
"""

from parlour.games.zetema.game import GAME, Zetema, ZetemaState
from parlour.games.zetema.pack import *  # noqa: F403
from parlour.games.zetema.rules import *  # noqa: F403
from parlour.games.zetema.rules import ZetemaRules

__all__ = ["GAME", "Zetema", "ZetemaRules", "ZetemaState"]  # noqa: F405
