"""Random-playout speed of Paks: whole hands per second for 2, 3, 4 and 6 players.

A hand is every decision from the deal to the empty stock (the draws, feeds and forced
reveals between them are the engine's), each chosen with `random.choice` from
`legal_actions()`; hands follow one another in a match as at the table. The issue's floor
is 500 hands/s for every drawing game.

Run: .venv/bin/python benchmarks/paks_speed.py [seconds per player count, default 3]

What makes it fast: hands are count vectors, every capturing group of a suit holding is
enumerated once (values ascending) and cached, so legal paks and steals are a bisect per
board card or set of paks; a pak keeps its value; sentences are built only when read.
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.paks import GAME


def hands_per_second(players: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """Hands per second and decisions per hand of random play for `seconds`."""
    played = random_play(GAME, GAME.options(players=players), seconds, seed)
    return played.hands / played.elapsed, played.actions / max(played.hands, 1)


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in GAME.player_counts():
        rate, per_hand = hands_per_second(players, seconds)
        print(f"paks {players}p: {rate:,.0f} random hands/s ({per_hand:.0f} decisions a hand)")


if __name__ == "__main__":
    main()
