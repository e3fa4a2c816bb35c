"""Random-playout speed of Seven and a Half: whole hands per second with 4 players.

A hand is the bets, the hole cards, every punter's hits and stands, the banker's play and
the settlement, each decision a uniform `random.choice` among the legal actions; hands
follow one another in matches (20 hands each), as at the table. The issue's floor is
1,000 hands per second with 4 players.

Run: .venv/bin/python benchmarks/seven_and_a_half_speed.py [seconds, default 5] [players]

What keeps it fast: cards are ints, a hand's total is kept as a running count of half
points (KD resolved by one formula), the stock is a list read through an index (a clone
shares it), and log sentences are built only when an observation asks for them.
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.seven_and_a_half import GAME


def run(seconds: float, players: int) -> tuple[int, int, float]:
    played = random_play(GAME, GAME.options(players=players), seconds, seed=1, first_match=0)
    return played.hands, played.actions, played.elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    hands, actions, elapsed = run(seconds, players)
    print(f"seven_and_a_half ({players} players, random play): {hands / elapsed:.0f} hands per second, "
          f"{actions / elapsed:.0f} actions per second")


if __name__ == "__main__":
    main()
