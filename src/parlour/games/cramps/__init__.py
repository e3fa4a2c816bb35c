"""Cramps, one package: `pack.py` (the pack as bit masks and the cards a hand may play), `rules.py` (options, deal, legal moves, apply, score; events as
data, no words), `view.py` (every word a person reads, through `parlour.words`) and
`game.py` (what the engine asks beyond the rules, and the `Cramps` declaration).

Decisions of this layout (the same for every game package):
- The rules never format text. Events are tuples of a kind and data; the hand's summary
  (`last_hand`) is data, its `log` the hand's events.
- Words are made only for a person: the engine asks the view when an observation is built
  with `views=True`, and words a finished hand's summary once, when it is first read. Bots,
  search and the RL adapters read `views=False` and pay nothing for words.
- The sentence of an illegal action (`view.why_not`) is made from the acting seat's
  observation, when an action is refused.
- An observation's words name the seats by the names its caller hands it
  (`observation(seat, names=...)`, as the table and the terminal do), the reader as "you";
  without names, by the numbered convention ("seat 2") for the front end to name.

The names other modules import from `parlour.games.cramps` are exported here.
"""

from parlour.games.cramps.game import GAME, Cramps, CrampsState, voids_shown
from parlour.games.cramps.pack import *  # noqa: F403
from parlour.games.cramps.rules import *  # noqa: F403
from parlour.games.cramps.rules import CrampsRules

__all__ = ["GAME", "Cramps", "CrampsRules", "CrampsState", "voids_shown"]  # noqa: F405
