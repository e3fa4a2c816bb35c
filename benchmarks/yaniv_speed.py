"""Random-playout speed of 4-player Yaniv: whole hands per second (issue 14's floor: 2,000).

A hand is everything from the deal to the `yaniv` that ends it: every turn's discard and
draw, with the stock made again from the dead discards whenever it runs out. Three loops
are timed in alternating slices, so a busy machine slows them alike:

- `checked apply`: `apply(random.choice(legal_actions()))`, as a front end or simulate
  plays; hands follow one another in a match (each hand's end deals the next, seats go out
  above 200) and a finished match is replaced by a new one.
- `unchecked push`: the same loop through `push` (moves legal by construction).
- `rollout`: the search's random playout, the line issue 14's floor is judged on. Each
  hand is a new 4-player match's first hand (`new_state`, so the deal's cost is counted),
  played to its end by `State.rollout` with the choice ISMCTS passes it
  (`legal[randrange(len(legal))]`). Yaniv's `rollout` makes the generic playout's moves for
  the same choices (tests/games/test_yaniv.py holds it to that) in one loop without the
  hand's record. Its hands are all dealt to 4 players, so they run a little longer than
  the match loops' (where later hands may have fewer players left).

Each line gives hands per wall-clock second and hands per CPU second of this process
(`time.process_time`): on the shared, loaded machine the wall figure falls with the load,
and the CPU figure is what one idle core gives. Beside them, in the same slices, 4-player
Cramps' hands through `apply` (benchmarks/cramps_speed.py's loop) are the machine's
yardstick.

Run: .venv/bin/python benchmarks/yaniv_speed.py [seconds, default 8]

What makes Yaniv fast (found with cProfile): a hand is a bitmask (with a mask of second copies and a joker count
for two decks), singles come from one precomputed tuple per suit pattern, a table says per
suit pattern how many jokers a run needs (most hands have no set and no run, and pay for
nothing more), sets and runs are worked out once per rank or suit pattern, the next seat
is a tuple, log sentences wait until someone reads them, and `rollout` keeps only the
hands, piles and values. What stands in the way: random hands are long (about 195 actions
with 4 players, since a random player seldom gets a hand worth 5 or less and then calls
with odds 1 in its legal moves); in `rollout` the choice itself (a Python-level random
draw per decision) takes about a third of the time, the deal's shuffle about a tenth.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Sequence

from common import random_play

from parlour.engine import State
from parlour.games.cramps import GAME as CRAMPS
from parlour.games.yaniv import GAME

SLICE = 0.5
PLAYERS = 4


def yaniv_slice(seconds: float, seed: int, how: str) -> tuple[int, int, float, float]:
    """Hands played, actions taken, wall and CPU time spent in one slice."""
    options = GAME.options(players=PLAYERS)
    if how != "rollout":
        played = random_play(GAME, options, seconds, seed, push=how == "push", whole_matches=False)
        return played.hands, played.actions, played.elapsed, played.cpu
    randrange = random.Random(seed).randrange
    hands = 0
    start, cpu = time.perf_counter(), time.process_time()

    def search_choice(legal: Sequence[object]) -> object:
        actions_seen[0] += 1
        return legal[randrange(len(legal))] if len(legal) > 1 else legal[0]

    actions_seen = [0]
    while True:
        GAME.new_state(options, seed + hands).rollout(search_choice)
        hands += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands, actions_seen[0], elapsed, time.process_time() - cpu


def cramps_slice(seconds: float, seed: int) -> tuple[int, int, float, float]:
    choice = random.Random(seed).choice
    hands = matches = 0
    start, cpu = time.perf_counter(), time.process_time()
    while True:
        state: State = CRAMPS.new_state(CRAMPS.options(players=4), seed + matches)
        matches += 1
        while state.to_act() is not None:
            for _ in range(52):
                state.apply(choice(state.legal_actions()))
            hands += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return hands, 52 * hands, elapsed, time.process_time() - cpu


LINES = {
    "apply": "whole hands, checked apply",
    "push": "whole hands, unchecked push",
    "rollout": "whole hands, rollout: the search's random playout, deal included",
}


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 8.0
    totals = {name: [0, 0, 0.0, 0.0] for name in [*LINES, "cramps"]}
    for r in range(max(1, round(seconds / (len(totals) * SLICE)))):
        for name in totals:
            got = cramps_slice(SLICE, 1000 * r) if name == "cramps" else yaniv_slice(SLICE, 1000 * r, name)
            for i in range(4):
                totals[name][i] += got[i]
    for name, label in LINES.items():
        hands, actions, spent, cpu = totals[name]
        print(f"yaniv (4 players, {label}): {hands / spent:,.0f} hands per second "
              f"({hands / cpu:,.0f} per CPU second: the figure on an idle core), "
              f"{actions / spent:,.0f} actions per second, {actions / hands:.0f} actions a hand")
    hands, actions, spent, cpu = totals["cramps"]
    print(f"yardstick, cramps (4 players, apply): {hands / spent:,.0f} hands per second "
          f"({hands / cpu:,.0f} per CPU second), {actions / spent:,.0f} actions per second")


if __name__ == "__main__":
    main()
