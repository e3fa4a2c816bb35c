"""Random-playout speed of 4-player Cramps against OpenSpiel's hearts (C++ via pyspiel).

A "game" is one hand: 13 tricks of Cramps from a fresh deal, or one game of OpenSpiel's
hearts (its chance deal, passing and 13 tricks). Both are driven from Python the same
way: ask for the legal actions, pick one at random, apply it. The last line is the ratio
`cramps/hearts games per second: R` (R >= 1 means pure Python keeps up with C++).
Run: .venv/bin/python benchmarks/cramps_speed.py [seconds-per-measure]
"""

from __future__ import annotations

import random
import sys
import time

from parlour.games.cramps import GAME, CrampsOptions


def cramps_games_per_second(seconds: float) -> float:
    options = CrampsOptions()
    rng = random.Random(1)
    choice = rng.choice
    games = 0
    seed = 0
    start = time.perf_counter()
    while True:
        state = GAME.new_state(options, seed)
        seed += 1
        legal_actions, apply = state.legal_actions, state.apply
        for _ in range(52):
            apply(choice(legal_actions()))
        assert state.hand_over()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def hearts_games_per_second(seconds: float) -> float | None:
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(1)
    choice = rng.choice
    games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(choice(outcomes)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    cramps = cramps_games_per_second(seconds)
    print(f"cramps (4 players, one hand, pure Python): {cramps:.0f} games per second")
    hearts = hearts_games_per_second(seconds)
    if hearts is None:
        print("open-spiel is not installed (pip install -e '.[bench]'): no hearts figure")
        print("cramps/hearts games per second: n/a")
        return
    print(f"hearts (OpenSpiel C++ through pyspiel): {hearts:.0f} games per second")
    print(f"cramps/hearts games per second: {cramps / hearts:.2f}")


if __name__ == "__main__":
    main()
