"""Draw Toy, the example game of docs/architecture.md's "Adding a game": one package laid
out as every game of `parlour.games` is. `rules.py` holds the rules (options, deal, legal
moves, apply, score; events as data, no words), `view.py` every word a person reads
(through `parlour.words`), and `game.py` what the engine asks beyond the rules (card
zones, determinize's `sample_deal`) and the `DrawToy` declaration; `howto.md` is its How
to play. It is not registered (`parlour.games.GAMES`): tests/test_recipe.py plays it
through the conformance contract, and tests/test_engine_shapes.py holds the engine to the
shapes it uses (a lower score is better, seats leave the match, a stock made again from
the pile, compound turns, cards known to be in a hand).
"""

from .game import GAME, DrawToy, ToyState
from .rules import DISCARD, DRAW, DRAW_PILE, DRAW_STOCK, FACES, PACK, VALUE, ToyOptions, ToyRules

__all__ = [
    "DISCARD", "DRAW", "DRAW_PILE", "DRAW_STOCK", "FACES", "GAME", "PACK", "VALUE",
    "DrawToy", "ToyOptions", "ToyRules", "ToyState",
]
