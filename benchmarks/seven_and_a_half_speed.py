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

import random
import sys
import time

from parlour.games.seven_and_a_half import GAME


def run(seconds: float, players: int) -> tuple[int, int, float]:
    options = GAME.options(players=players)
    choice = random.Random(1).choice
    hands = actions = matches = 0
    start = time.perf_counter()
    while True:
        state = GAME.new_state(options, matches)
        matches += 1
        legal_actions, apply, to_act, hand_over = state.legal_actions, state.apply, state.to_act, state.hand_over
        while to_act() is not None:
            apply(choice(legal_actions()))
            actions += 1
            if hand_over():
                hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands, actions, elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    hands, actions, elapsed = run(seconds, players)
    print(f"seven_and_a_half ({players} players, random play): {hands / elapsed:.0f} hands per second, "
          f"{actions / elapsed:.0f} actions per second")


if __name__ == "__main__":
    main()
