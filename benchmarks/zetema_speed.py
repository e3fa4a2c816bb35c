"""Random-playout speed of Zetema: whole hands per second, for every player count.

A hand is played from its deal to its end by random legal actions (`random.choice` of
`legal_actions()`, then `apply`), hands following one another in a match as at the table;
a finished match (a side at the target, possibly mid-hand) is replaced by a new one, and
a hand cut short by the target counts as a hand. The issue's floor for a drawing game is
500 hands/s.

Run: .venv/bin/python benchmarks/zetema_speed.py [seconds per player count, default 3]

What keeps it fast: a hand, the known cards and a meld are each one int (a 65-bit mask
with the second copy of the duplicated suit's ranks above bit 52), the stock is a list
popped from its end, legal melds are looked for only when the hand could hold one (five
of a rank, L of a suit, L ranks in a window), marriages only when a king or queen is
held, and log sentences are built only when an observation asks for them.
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.zetema import GAME


def hands_per_second(players: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Hands and actions per second of random play with `players` seats."""
    played = random_play(GAME, GAME.options(players=players), seconds, seed)
    return played.hands / played.elapsed, played.actions / played.elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for players in range(2, 7):
        hands, actions = hands_per_second(players, seconds)
        print(f"zetema {players} players: {hands:.0f} hands per second, {actions:.0f} actions per second")


if __name__ == "__main__":
    main()
