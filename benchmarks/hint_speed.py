"""How long a hint takes in every game: `parlour.analysis.hint` on decisions of random play.

For each game (default options) the script plays seeded random moves and asks a hint at
`DECISIONS` decisions with more than one legal move, timing each call, and prints per game
the median and the slowest time, the search's deals per hint and the number of candidates.
A hint's search has a time budget (`DEFAULT_SECONDS`, 1.5 s); what it may add on top is the
sampling of the first world and the end of the playout under way when the time is up.
Ridge's hint is exact (double dummy) and has no budget: its first call for a deal solves
the deal's table (DDS), later ones reuse it.

Run: .venv/bin/python benchmarks/hint_speed.py [game ...]

Measured on the 2-core development machine shared with other work (load average about 21),
`nice -n 10`, four decisions per game: every search hint within 1.55 s (median 0.02 s in
Pitch, where the race settles after 4 deals, to 1.54 s in Six-Pack Bezique, whose playouts
are slow: 4 deals in the budget); Ridge's exact hint 2.15 s median, 4.79 s at most (the
first hint on a deal solves its table). Per game, median / max seconds: ribs 1.51 / 1.52,
cramps 0.13 / 1.50, ridge 2.15 / 4.79, couillon 0.03 / 1.51, mighty 0.13 / 1.52, pitch
0.02 / 1.18, seven_and_a_half 0.76 / 1.51, kings_in_the_corner 0.47 / 1.41, zetema 1.51 /
1.51, six_pack_bezique 1.54 / 1.55, yaniv 0.50 / 1.52, paks 0.82 / 1.50.
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
