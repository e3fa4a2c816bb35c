"""Random-bot 6-player Ribs on one core: hands per second and actions per second.

Each hand is a fresh seeded deal played to its end by uniform random choices over
`legal_actions()` (the engine's own speed, no observation building), through the checked
`apply` a front end uses. Beside it the naive unchecked loop: the same hands through
`push`, which plays an action without checking it (what a search or a checked record's
replay uses). The two are timed in alternating slices (`common.alternate`) so that a busy
machine slows both alike; their ratio says what checking costs (1.0: nothing). Ribs
answers `apply` through `_checked_<phase>`: the check (a bid against the last bid, a pair
against the hand's counts) and the move in one call, which reads the pair's ranks once for
both; a bid's or a pass's move is written out in `_checked_bidding` itself, so a checked
bid takes as many calls as a pushed one (the engine's, then the game's), and a checked
action does what a pushed one does plus a few comparisons (about 50 ns a bid, measured
alone).

Both loops play the same seeds in a round, and the one that plays a deal first pays for
what the game remembers of it (the texts of each hand's counts are cached), so the loop
that goes first alternates from round to round; with `push` in both loops the ratio
printed is then 1.00 within the noise. With `apply` in one loop it prints 0.95-1.03 on the
shared 2-core machine (a slice the machine's load hits hard moves it further either way:
compare the slices' spread printed beside each rate); the best slices of each loop, timed
alike, stand at 0.97-0.98.

Run: `.venv/bin/python benchmarks/ribs_speed.py [seconds]`; the last lines are the
headline figures.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable

from common import alternate

from parlour.games.ribs import GAME

SLICE = 0.5


def hands_of(checked: bool, hands: list[int]) -> Callable[[int], Callable[[], int]]:
    """Round r's work: one fresh hand after another from seed 100000 r, its actions
    counted (the hands are counted in `hands`)."""
    options = GAME.options(players=6)

    def start(r: int) -> Callable[[], int]:
        choice = random.Random(100_000 * r).choice
        seeds = iter(range(100_000 * r, 100_000 * (r + 1)))

        def hand() -> int:
            state = GAME.new_state(options, next(seeds))
            play = state.apply if checked else state.push
            legal_actions, hand_over = state.legal_actions, state.hand_over
            actions = 0
            while True:
                play(choice(legal_actions()))
                actions += 1
                if hand_over():
                    hands[0] += 1
                    return actions

        return hand

    return start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    hands = {True: [0], False: [0]}
    got = alternate({"apply": hands_of(True, hands[True]), "push": hands_of(False, hands[False])}, seconds, SLICE)
    checked, naive = got["apply"], got["push"]
    print(f"ribs 6-player actions per second: {checked.rate:,.0f} (slices {min(checked.rates):,.0f} to {max(checked.rates):,.0f})")
    print(f"ribs 6-player hands per second: {hands[True][0] / checked.spent:,.0f}")
    print(f"ribs 6-player naive unchecked loop (push): {naive.rate:,.0f} actions per second "
          f"(slices {min(naive.rates):,.0f} to {max(naive.rates):,.0f})")
    print(f"apply/push (checked/naive unchecked loop): {checked.rate / naive.rate:.2f}")


if __name__ == "__main__":
    main()
