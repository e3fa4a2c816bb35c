"""How long a hint takes in every game: `parlour.analysis.hint` on decisions of random play.

For each game (default options) the script plays seeded random moves and asks a hint at
`DECISIONS` decisions with more than one legal move, timing each call, and prints per game
the median and the slowest time, the deals the advised move was played out on (every move
still in doubt shares them) and the number of moves weighed. A hint's search has a time
budget (`DEFAULT_SECONDS`, 1.5 s) and ends sooner on a clear decision; what it may add on
top is the sampling of the first deal and the playout under way when the time is up.
Ridge's hint is exact (double dummy) and has no budget: its first call for a deal solves
the deal's table (DDS), later ones reuse it.

Run: .venv/bin/python benchmarks/hint_speed.py [game ...]

Measured on the 2-core development machine shared with other work (load average about 10),
`nice -n 10`, four decisions per game. Per game, median / max seconds, median deals:
ribs 1.51 / 1.52, 23; cramps 1.50 / 1.51, 111; ridge 3.47 / 6.65 (exact); couillon 0.08 /
1.26, 54; mighty 1.51 / 1.52, 50; pitch 0.90 / 1.51, 108; seven_and_a_half 0.96 / 1.51, 40;
kings_in_the_corner 0.75 / 1.50, 56; zetema 1.52 / 1.69, 20; six_pack_bezique 1.54 / 1.55,
4 (its hands are long: a playout is about 250 moves, so its hints say they are quick
guesses); yaniv 1.50 / 1.51, 37; paks 1.50 / 1.50, 45.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from parlour.analysis import hint
from parlour.games import GAMES

DECISIONS = 4


def measure(name: str) -> tuple[list[float], list[int], list[int]]:
    """Seconds per hint, deals behind the advised move, candidates, over DECISIONS decisions."""
    game = GAMES[name]
    times: list[float] = []
    deals: list[int] = []
    sizes: list[int] = []
    seed = 0
    while len(times) < DECISIONS:
        state = game.new_state(game.Options(), seed)
        rng = random.Random(seed)
        steps = rng.randrange(4, 40)
        for _ in range(steps):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        seed += 1
        if state.to_act() is None or len(state.legal_actions()) < 2:
            continue
        obs = state.observation(state.to_act())
        start = time.perf_counter()
        advice = hint(game, obs, seed=seed)
        times.append(time.perf_counter() - start)
        deals.append(int(advice.candidates[0]["visits"]))
        sizes.append(len(advice.candidates))
    return times, deals, sizes


def main(names: list[str]) -> None:
    print(f"{'game':<20} {'median s':>9} {'max s':>7} {'deals':>6} {'moves':>6}")
    for name in names or list(GAMES):
        times, deals, sizes = measure(name)
        print(f"{name:<20} {statistics.median(times):>9.2f} {max(times):>7.2f} "
              f"{statistics.median(deals):>6.0f} {statistics.median(sizes):>6.0f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
