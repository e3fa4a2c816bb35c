"""Random-playout speed of Couillon: whole hands per second, for each pack.

A hand is played from its deal to its end by random legal actions (`random.choice` of
`legal_actions()`, then `apply`), hands following one another in a match as at the table;
a finished match is replaced by a new one. Nothing reads an observation, so what is
measured is the rules' path: the deal, the trump call, trick play, the board.

Run: .venv/bin/python benchmarks/couillon_speed.py [seconds per pack, default 3]
"""

from __future__ import annotations

import random
import sys
import time

from parlour.games.couillon import GAME


def hands_per_second(deck: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Hands and actions per second of random play with a `deck`-card pack."""
    options = GAME.options(deck=deck)
    choice = random.Random(seed).choice
    hands = actions = matches = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = GAME.new_state(options, seed + matches)
        matches += 1
        legal_actions, apply, to_act, hand_over = state.legal_actions, state.apply, state.to_act, state.hand_over
        while to_act() is not None:
            apply(choice(legal_actions()))
            actions += 1
            if hand_over():
                hands += 1
    elapsed = time.perf_counter() - start
    return hands / elapsed, actions / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for deck in (24, 32):
        hands, actions = hands_per_second(deck, seconds)
        print(f"couillon {deck} cards: {hands:.0f} hands per second, {actions:.0f} actions per second")


if __name__ == "__main__":
    main()
