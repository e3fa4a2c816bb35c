"""Random checked play of one game: hands a second from the deal, and clone-and-play-out
from a mid-hand state, the two costs a simulation and a search pay.

"Hands": matches of the game's default options played with `random.choice` over
`legal_actions()` and a checked `apply`, counting finished hands. "Play-outs": a state
some way into a hand is cloned (`hand_only`) and played out to the hand's end with checked
moves, as a search's rollout does. Each is measured in alternating slices of SLICE seconds,
so a busy machine slows both alike; the figures are absolute, so compare two versions of
the engine by running this script on each, in turn, several times.

Run: .venv/bin/python benchmarks/hands_speed.py GAME [seconds-per-measure, default 6]
"""

from __future__ import annotations

import random
import sys
import time

from common import random_play

from parlour.engine import State
from parlour.games import get_game

SLICE = 0.5


def hands_slice(name: str, seconds: float, seed: int) -> tuple[int, float]:
    """Hands finished and time taken in one slice; a finished match is replaced."""
    game = get_game(name)
    played = random_play(game, game.Options(), seconds, seed, whole_matches=False)
    return played.hands, played.elapsed


def midhand(name: str, seed: int) -> State:
    """A state a third of the way into its first hand (random moves)."""
    game = get_game(name)
    state = game.new_state(game.Options(), seed)
    rng = random.Random(seed)
    probe = state.clone(hand_only=True)
    length = 0
    while not probe.is_over():
        probe.apply(rng.choice(probe.legal_actions()))
        length += 1
    for _ in range(length // 3):
        state.apply(rng.choice(state.legal_actions()))
    return state


def playout_slice(state: State, seconds: float, seed: int) -> tuple[int, float]:
    choice = random.Random(seed).choice
    done = 0
    start = time.perf_counter()
    while True:
        for _ in range(20):
            other = state.clone(hand_only=True)
            while not other.is_over():
                other.apply(choice(other.legal_actions()))
        done += 20
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def main() -> None:
    name = sys.argv[1]
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 6.0
    state = midhand(name, 1)
    totals = {"hands": [0, 0.0], "play-outs": [0, 0.0]}
    k = 0
    while totals["hands"][1] < seconds or totals["play-outs"][1] < seconds:
        for key, (n, t) in (("hands", hands_slice(name, SLICE, k)), ("play-outs", playout_slice(state, SLICE, k))):
            totals[key][0] += n
            totals[key][1] += t
        k += 1
    for key, (n, t) in totals.items():
        print(f"{name} {key} per second: {n / t:.0f}")


if __name__ == "__main__":
    main()
