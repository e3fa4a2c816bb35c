"""Random-bot 6-player Ribs on one core: hands per second and actions per second.

Each hand is a fresh seeded deal played to its end by uniform random choices over
`legal_actions()` (the engine's own speed, no observation building). Run:
`.venv/bin/python benchmarks/ribs_speed.py [seconds]`; the last line is the headline figure.
"""

from __future__ import annotations

import random
import sys
import time

from parlour.games.ribs import GAME


def measure(seconds: float) -> tuple[float, float]:
    options = GAME.options(players=6)
    rng = random.Random(0)
    hands = actions = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            state = GAME.new_state(options, hands)
            while not state.hand_over():
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    hands_per_second, actions_per_second = measure(seconds)
    print(f"ribs 6-player actions per second: {actions_per_second:,.0f}")
    print(f"ribs 6-player hands per second: {hands_per_second:,.0f}")


if __name__ == "__main__":
    main()
