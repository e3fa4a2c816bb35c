"""Random-playout speed of 4-player Yaniv: whole hands per second (issue 14's floor: 2,000).

A hand is everything from the deal to the `yaniv` that ends it: every turn's discard and
draw, with the stock made again from the dead discards whenever it runs out. Each action
is picked with `random.choice` among `legal_actions()`; hands follow one another in a
match (each hand's end deals the next, seats go out above 200) and a finished match is
replaced by a new one. Two loops are timed in alternating slices, so a busy machine slows
both alike: the checked `apply` a front end uses, and the unchecked `push` a search uses
(its moves are legal by construction). Beside them, in the same slices, 4-player Cramps'
hands through `apply` (benchmarks/cramps_speed.py's loop): its actions per second are the
machine's yardstick, since the same code gives very different figures on a quiet machine
and on the shared one.

Run: .venv/bin/python benchmarks/yaniv_speed.py [seconds, default 8]

What makes Yaniv fast: a hand is a bitmask (with a mask of second copies and a joker count
for two decks), singles come from one precomputed tuple per suit pattern, a table says per
suit pattern how many jokers a run needs (most hands have no set and no run, and pay for
nothing more), sets and runs are worked out once per rank or suit pattern, the next seat
is a tuple, and log sentences and deal texts wait until someone reads them. What stands in
the way: random hands are long (about 195 actions with 4 players, since a random player
seldom gets a hand worth 5 or less and then calls with odds 1 in its legal moves), so the
engine's own cost per action (about 1 us for `legal_actions`, `apply` and `push` on a quiet
machine) and `random.choice` take most of the time.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from parlour.engine import State
from parlour.games.cramps import GAME as CRAMPS
from parlour.games.yaniv import GAME

SLICE = 0.5
PLAYERS = 4


def yaniv_slice(seconds: float, seed: int, checked: bool) -> tuple[int, int, float]:
    """Hands played, actions taken and time spent in one slice."""
    options = GAME.options(players=PLAYERS)
    choice = random.Random(seed).choice
    hands = actions = matches = 0
    start = time.perf_counter()
    while True:
        state = GAME.new_state(options, seed + matches)
        matches += 1
        legal_actions, to_act, hand_over = state.legal_actions, state.to_act, state.hand_over
        play: Callable[[object], None] = state.apply if checked else state.push
        while to_act() is not None:
            play(choice(legal_actions()))
            actions += 1
            if hand_over():
                hands += 1
                elapsed = time.perf_counter() - start
                if elapsed >= seconds:
                    return hands, actions, elapsed


def cramps_slice(seconds: float, seed: int) -> tuple[int, int, float]:
    choice = random.Random(seed).choice
    hands = matches = 0
    start = time.perf_counter()
    while True:
        state: State = CRAMPS.new_state(CRAMPS.options(players=4), seed + matches)
        matches += 1
        while state.to_act() is not None:
            for _ in range(52):
                state.apply(choice(state.legal_actions()))
            hands += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return hands, 52 * hands, elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 8.0
    totals = {"apply": [0, 0, 0.0], "push": [0, 0, 0.0], "cramps": [0, 0, 0.0]}
    for r in range(max(1, round(seconds / (3 * SLICE)))):
        for name in totals:
            if name == "cramps":
                got = cramps_slice(SLICE, 1000 * r)
            else:
                got = yaniv_slice(SLICE, 1000 * r, checked=name == "apply")
            for i in range(3):
                totals[name][i] += got[i]
    for name, label in (("apply", "checked apply"), ("push", "unchecked push")):
        hands, actions, spent = totals[name]
        print(f"yaniv (4 players, whole hands, {label}): {hands / spent:,.0f} hands per second, "
              f"{actions / spent:,.0f} actions per second, {actions / hands:.0f} actions a hand")
    hands, actions, spent = totals["cramps"]
    print(f"yardstick, cramps (4 players, apply): {hands / spent:,.0f} hands per second, {actions / spent:,.0f} actions per second")


if __name__ == "__main__":
    main()
