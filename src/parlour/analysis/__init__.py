"""Advice and exact analysis: what the hints and `parlour analyse` (parlour.review) ask.

`parlour analyse` weighs a finished record's decisions with the hints' play-outs
(parlour.review); Ridge keeps its exact oracle (double dummy, parlour.analysis.ridge): every
card of a Ridge hand is visible, so each call and each card of both sides is valued exactly
against the best one.

Advice for the seat to act, in every game: `hint(game, observation)` (parlour.analysis.advice)
gives the move a strong player would make with the numbers behind it (the exact oracle's in
Ridge, the search bot's elsewhere); the terminal's `hint` and the web parlour's hint message
ask it. `hints(game, observation)` keeps the oracle's lines (Ridge). The front ends look a
game's advice up here, by the game's name: the game declares its analysis module by path
(`Game.analysis`), because a game may not import analysis (the layers of docs/architecture.md:
analysis sits above the games and imports them).
"""

from __future__ import annotations

from typing import Any

from parlour.analysis.advice import Hint, NoHint, hint, hint_patience
from parlour.declaration import resolve
from parlour.games import get_game

__all__ = ["Hint", "NoHint", "hint", "hint_patience", "hints"]

def hints(game: str, observation: dict[str, Any]) -> list[str] | None:
    """Advice for the seat to act in `observation` of `game`: the lines of the game's exact
    analysis (`hint_lines`, imported on use: Ridge's double-dummy solver loads only when
    someone asks); None when the game has none."""
    analysis = get_game(game).analysis
    return resolve(analysis).hint_lines(observation) if analysis else None
