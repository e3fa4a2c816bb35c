"""Random-playout speed of Kings in the Corner: whole hands per second, per player count.

A "hand" is one match of the default options (one hand): the deal, then actions picked
with `random.choice` from `legal_actions()` and applied until the hand ends (a player
goes out, or everyone knocks without playing on an empty stock). The floor of issue 14
is 500 hands/s for every drawing game.

Run: .venv/bin/python benchmarks/kings_in_the_corner_speed.py [seconds per player count, default 3]

What keeps it fast: hands are bitmasks; the cards that go on a pile are one precomputed
mask per top card (ONTO), so a pile's legal plays are a mask test; pile tops and bottoms
are kept in lists beside the piles; the stock is a tuple shared by clones with an index
of the next card, and log entries stay tuples until an observation reads them.
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.kings_in_the_corner import GAME, KingsOptions


def measure(players: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Hands and actions per second of random play at `players` seats (the standard match is
    one hand)."""
    played = random_play(GAME, KingsOptions(players=players), seconds, seed)
    return played.matches / played.elapsed, played.actions / played.elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in range(GAME.min_players, GAME.max_players + 1):
        hands, actions = measure(players, seconds)
        print(f"kings_in_the_corner {players} players: {hands:.0f} random hands per second, {actions:.0f} actions per second")


if __name__ == "__main__":
    main()
