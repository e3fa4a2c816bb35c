"""The tensor layout's vocabulary: what a game declares beside the hand's course.

A game's declaration (`Game.tensor_course`) tunes the generic course sections
(parlour.envs.tensors): `recent` (how many of the hand's last calls keep their order),
`scale` (the hand length a position is divided by), `call_verbs` (verbs whose numbers are
no cards: Ribs' ranks are digits, so "bid 9" would read as a card), and the `calls` and
card `verbs` the action universe does not list (the forms other seats see: Ribs' "fold"
and "ribs", Mighty's "discard"; Paks, whose actions cannot be listed, names all of its
own). `Game.score_scale` divides hand and match scores.

`Game.tensor_facts` lists the game's own sections, each a `Fact(name, kind, path)` over a
key of its observation (see the kinds in parlour.envs.tensors). Paths are those of the
game's `facts(seat)`; a fact a seat may not know is None in its observation, and encodes
as such.
"""

from __future__ import annotations

from parlour.declaration import COMPASS, DENOMINATIONS, SUITS, Fact

__all__ = ["COMPASS", "DENOMINATIONS", "SUITS", "Fact"]
