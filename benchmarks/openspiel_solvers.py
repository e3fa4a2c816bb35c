"""OpenSpiel's solvers on parlour's games: tree sizes, CFR and MCCFR with exploitability.

For each small variant (docs/research.md, "OpenSpiel", says why these): the size of its tree (histories,
terminal histories, information states per seat), then for the ones small enough
OpenSpiel's CFR and external-sampling MCCFR (C++, calling back into the Python game) for a
fixed number of iterations, with the exploitability of the average policy after each
block (pyspiel.exploitability: the NashConv, pyspiel.nash_conv, divided by the number of
players; in a zero-sum game the mean of what a best responder wins against each seat;
0 is a Nash equilibrium) and the uniform random policy's as the baseline. The larger games
are counted up to a cap, to show how far they are from exact solving. Pitch and Couillon
score each team's points, not a zero-sum game, so they are solved with `returns="zero_sum"`
(a seat's points less the mean of the others'), which exploitability needs.

Run: `.venv/bin/python benchmarks/openspiel_solvers.py [GAME ...]` (needs the openspiel
extra); naming games keeps to their variants.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable

import pyspiel

from parlour.envs.openspiel import tree_size

CAP = 100_000

VARIANTS = [
    ("seven_and_a_half", {"players": 2, "min_bet": 1, "max_bet": 2}, 1),
    ("seven_and_a_half", {"players": 2, "min_bet": 1, "max_bet": 2}, 4),
    ("seven_and_a_half", {"players": 2, "min_bet": 1, "max_bet": 2}, 16),
    ("seven_and_a_half", {"players": 2, "min_bet": 1, "max_bet": 10}, 16),
    ("seven_and_a_half", {"players": 3, "min_bet": 1, "max_bet": 2}, 4),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 1}, 1),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 2}, 1),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 2}, 4),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 3}, 1),
    ("couillon", {"players": 4, "hand_cards": 2}, 4),
    ("couillon", {"players": 4}, 1),
    ("pitch", {"players": 4, "hand_cards": 1}, 1),
    ("pitch", {"players": 4, "hand_cards": 1}, 4),
    ("pitch", {"players": 4, "hand_cards": 2}, 1),
    ("pitch", {"players": 4, "hand_cards": 3}, 1),
    ("pitch", {"players": 4}, 1),
    ("ridge", {"players": 2}, 1),
]
TWO_BETS = {"players": 2, "min_bet": 1, "max_bet": 2}
SEVEN = ([10, 100, 300], [100, 1000, 5000])
SOLVES = [
    ("seven_and_a_half", TWO_BETS, 1, *SEVEN),
    ("seven_and_a_half", TWO_BETS, 4, *SEVEN),
    ("seven_and_a_half", TWO_BETS, 16, *SEVEN),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 2}, 1, [10, 100], [100, 1000]),
    ("couillon", {"players": 4, "deck": 16, "hand_cards": 2}, 4, [10, 30], [100, 1000]),
    ("pitch", {"players": 4, "hand_cards": 1}, 4, [10, 30], [100, 1000]),
]
"""Each solved variant with its CFR and MCCFR iteration counts: a few seconds to a minute each."""


def load(name: str, options: dict, deals: int) -> pyspiel.Game:
    """The variant's OpenSpiel game; with zero-sum returns where its points are not zero-sum."""
    players = options["players"]
    params = {"players": players, "options": json.dumps({k: v for k, v in options.items() if k != "players"}), "deals": deals}
    game = pyspiel.load_game(f"parlour_{name}", params)
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        return game
    return pyspiel.load_game(f"parlour_{name}", {**params, "returns": "zero_sum"})


def sizes(names: set[str]) -> None:
    print("| variant | deals | histories | terminal | information states per seat | time |")
    print("| --- | ---: | ---: | ---: | --- | ---: |")
    for name, options, deals in VARIANTS:
        if name not in names:
            continue
        game = load(name, options, deals)
        started = time.perf_counter()
        size = tree_size(game, cap=CAP)
        spent = time.perf_counter() - started
        more = "" if size.complete else "more than "
        print(
            f"| {name}({', '.join(f'{k}={v}' for k, v in options.items())}) | {deals} | {more}{size.states:,} "
            f"| {more}{size.terminals:,} | {more}{size.infostates} | {spent:.1f} s |"
        )


def solve(name: str, options: dict, deals: int, blocks: list[int], mccfr_blocks: list[int]) -> None:
    game = load(name, options, deals)
    print(f"\n{name}({', '.join(f'{k}={v}' for k, v in options.items())}), {deals} deals:")
    print(f"  uniform random policy: exploitability {pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game)):.4f}")
    cfr = pyspiel.CFRSolver(game)
    blocks_of(game, "CFR", cfr.evaluate_and_update_policy, cfr.average_policy, blocks)
    mccfr = pyspiel.ExternalSamplingMCCFRSolver(game, seed=1)
    blocks_of(game, "MCCFR (external sampling)", mccfr.run_iteration, mccfr.average_policy, mccfr_blocks)


def blocks_of(game: pyspiel.Game, label: str, step: Callable[[], object], policy: Callable[[], object], blocks: list[int]) -> None:
    """Run `step` up to each count of `blocks`, printing the average policy's exploitability."""
    started, done = time.perf_counter(), 0
    for upto in blocks:
        for _ in range(upto - done):
            step()
        done = upto
        value = pyspiel.exploitability(game, policy())
        print(f"  {label}, {upto:>6} iterations: exploitability {value:.4f} ({time.perf_counter() - started:.1f} s)")


def main() -> None:
    names = set(sys.argv[1:]) or {name for name, _, _ in VARIANTS}
    sizes(names)
    for name, options, deals, blocks, mccfr_blocks in SOLVES:
        if name in names:
            solve(name, options, deals, blocks, mccfr_blocks)


if __name__ == "__main__":
    main()
