"""Random-bot 6-player Ribs on one core: hands per second and actions per second.

Each hand is a fresh seeded deal played to its end by uniform random choices over
`legal_actions()` (the engine's own speed, no observation building), through the checked
`apply` a front end uses. Beside it the naive unchecked loop: the same hands through
`push`, which plays an action without checking it (what a search or a checked record's
replay uses). The two are timed in alternating slices so that a busy machine slows both
alike; their ratio says what checking costs (1.0: nothing). `apply` asks the rules
whether the action is legal (`_is_legal_<phase>`: a bid against the last bid, a pair
against the hand's counts) and plays it as `push` does, so what is left is that question,
a few per cent of an action. A game not yet on the engine's template has no unchecked
`push`, and only the checked figures are printed.

Both loops play the same seeds in a round, and the one that plays a deal first pays for
what the game remembers of it (the texts of each hand's counts are cached), so the loop
that goes first alternates from round to round; with `push` in both loops the ratio
printed is then 1.00 within the noise.

Run: `.venv/bin/python benchmarks/ribs_speed.py [seconds]`; the last lines are the
headline figures.
"""

from __future__ import annotations

import random
import sys
import time

from parlour.engine import State
from parlour.games.ribs import GAME

SLICE = 0.5


def run_slice(seconds: float, first_seed: int, checked: bool) -> tuple[int, int, float]:
    """Hands and actions played in one slice, from seeds `first_seed` on."""
    options = GAME.options(players=6)
    rng = random.Random(first_seed)
    hands = actions = 0
    start = time.perf_counter()
    while True:
        state = GAME.new_state(options, first_seed + hands)
        play = state.apply if checked else state.push
        legal_actions, hand_over = state.legal_actions, state.hand_over
        while True:
            play(rng.choice(legal_actions()))
            actions += 1
            if hand_over():
                break
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands, actions, elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    unchecked = GAME.state_class.apply is State.apply
    loops = (True, False) if unchecked else (True,)
    totals = {loop: [0, 0, 0.0] for loop in loops}
    rates: dict[bool, list[float]] = {loop: [] for loop in loops}
    for r in range(max(1, round(seconds / SLICE))):
        for loop in loops if r % 2 == 0 else loops[::-1]:
            hands, actions, spent = run_slice(SLICE, 100_000 * r, loop)
            totals[loop][0] += hands
            totals[loop][1] += actions
            totals[loop][2] += spent
            rates[loop].append(actions / spent)
    hands, actions, spent = totals[True]
    print(f"ribs 6-player actions per second: {actions / spent:,.0f} (slices {min(rates[True]):,.0f} to {max(rates[True]):,.0f})")
    print(f"ribs 6-player hands per second: {hands / spent:,.0f}")
    if not unchecked:
        print("apply/push (checked/naive unchecked loop): n/a, Ribs has no unchecked push yet")
        return
    hands, naive, naive_spent = totals[False]
    print(f"ribs 6-player naive unchecked loop (push): {naive / naive_spent:,.0f} actions per second "
          f"(slices {min(rates[False]):,.0f} to {max(rates[False]):,.0f})")
    print(f"apply/push (checked/naive unchecked loop): {(actions / spent) / (naive / naive_spent):.2f}")


if __name__ == "__main__":
    main()
