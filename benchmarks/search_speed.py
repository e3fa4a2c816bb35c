"""Search-shaped speed: random playouts from a cloned mid-hand state, Cramps beside hearts.

A search does not play whole hands from a deal: it copies the state it is thinking about
and plays the copy out, thousands of times. So one sample here is: clone a fixed mid-hand
state (4 players, after five tricks: 32 cards still to play) and play the copy to the
hand's end with uniform random legal moves. Cramps goes through `State.clone(hand_only=True)`
(the copy a search plays out: it stops at the hand's end instead of dealing the next
hand) and the unchecked `push` a search uses (its moves are legal by construction); OpenSpiel's hearts
(C++ through pyspiel, passing off so every move is a card) through `state.clone()`,
`legal_actions()` and `apply_action()`. Both use `random.Random.choice`. The two are timed
in alternating slices in one process, so a busy machine slows both alike; several start
states (one per seed) are cycled. The last line is `cramps/hearts playouts per second: R`
(R >= 1: the pure-Python engine keeps up with C++ where search spends its time).

Run: .venv/bin/python benchmarks/search_speed.py [seconds-per-game, default 6]
(open-spiel comes with `pip install -e '.[bench]'`; without it only Cramps is measured.)

Each slice's rate is kept, so the spread printed beside each figure (lowest and highest
slice) shows how much the machine's load moved the numbers.

Measured on the shared 2-core machine (busy with other work, so slices spread widely):
R 0.27 with the old clone (a fresh `random.Random()` seeded from the OS on every clone,
plus the next hand's deal at the hand's end); 0.44-0.52 with a push per move (clone 1.5 us:
the random stream is shared until one side draws, and a hand-only copy never deals; each
move still costs `legal_actions`, `push` and the rules as separate calls). The last line
measures what a search actually runs: `State.rollout`, which Cramps plays in one loop
keeping only the hand masks, the card winning the trick so far and the points (its scores
equal those of the move-by-move playout for the same choices, tested in
tests/games/test_cramps.py): R 1.10 (cramps 19,199, hearts 17,386 playouts per second).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from parlour.engine import State
from parlour.games.cramps import GAME, CrampsOptions

SLICE = 0.5
TRICKS_DONE = 5
PLAYERS = 4
STARTS = 8


def cramps_starts(count: int) -> list[State]:
    """Mid-hand Cramps states: a seeded deal with five tricks played at random."""
    out = []
    for seed in range(count):
        state = GAME.new_state(CrampsOptions(players=PLAYERS), seed)
        choice = random.Random(seed).choice
        for _ in range(TRICKS_DONE * PLAYERS):
            state.apply(choice(state.legal_actions()))
        out.append(state)
    return out


def hearts_starts(game: Any, count: int) -> list[Any]:
    """Mid-hand hearts states: a seeded deal with five tricks played at random."""
    out = []
    for seed in range(count):
        choice = random.Random(seed).choice
        state = game.new_initial_state()
        played = 0
        while played < TRICKS_DONE * PLAYERS:
            if not state.is_chance_node():
                played += 1
            state.apply_action(choice(state.legal_actions()))
        out.append(state)
    return out


def cramps_playout(root: State, choice: Callable[[list[Any]], Any]) -> None:
    """One search-style playout: a hand-only copy, pushed to the hand's end."""
    state = root.clone(hand_only=True)
    legal_actions, push, hand_over = state.legal_actions, state.push, state.hand_over
    while True:
        push(choice(legal_actions()))
        if hand_over():
            return


def cramps_rollout(root: State, choice: Callable[[list[Any]], Any]) -> None:
    """The rollout ISMCTS makes: a hand-only copy whose hand `State.rollout` plays to its
    scores, which Cramps does in one loop over the hand masks and trick points (the same
    moves as the pushes above for the same choices, tested)."""
    root.clone(hand_only=True).rollout(choice)


def hearts_playout(root: Any, choice: Callable[[list[Any]], Any]) -> None:
    state = root.clone()
    legal_actions, apply_action, is_terminal = state.legal_actions, state.apply_action, state.is_terminal
    while not is_terminal():
        apply_action(choice(legal_actions()))


def run_slice(starts: list[Any], playout: Callable[..., None], seconds: float, seed: int) -> tuple[int, float]:
    """Playouts done and time taken in one slice, cycling over the start states."""
    choice = random.Random(seed).choice
    playouts = 0
    start = time.perf_counter()
    while True:
        for root in starts:
            playout(root, choice)
        playouts += len(starts)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return playouts, elapsed


def summary(rates: list[float], total: tuple[int, float]) -> tuple[float, str]:
    rate = total[0] / total[1]
    return rate, f"{rate:,.0f} playouts per second (slices {min(rates):,.0f} to {max(rates):,.0f})"


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    hearts_game = pyspiel.load_game("hearts", {"pass_cards": False}) if pyspiel else None
    cramps = cramps_starts(STARTS)
    starts: dict[str, Any] = {"cramps": cramps, "cramps-rollout": cramps}
    if hearts_game is not None:
        starts["hearts"] = hearts_starts(hearts_game, STARTS)
    totals = {name: [0, 0.0] for name in starts}
    rates: dict[str, list[float]] = {name: [] for name in starts}
    for r in range(max(1, round(seconds / SLICE))):
        for name in starts:
            playout = {"cramps": cramps_playout, "cramps-rollout": cramps_rollout}.get(name, hearts_playout)
            done, spent = run_slice(starts[name], playout, SLICE, r)
            totals[name][0] += done
            totals[name][1] += spent
            rates[name].append(done / spent)
    pushed, line = summary(rates["cramps"], (int(totals["cramps"][0]), totals["cramps"][1]))
    print(f"cramps (clone + a push per move from trick 6, pure Python): {line}")
    rollout, line = summary(rates["cramps-rollout"], (int(totals["cramps-rollout"][0]), totals["cramps-rollout"][1]))
    print(f"cramps (clone + State.rollout, the search's random rollout, pure Python): {line}")
    if hearts_game is None:
        print("open-spiel is not installed here (pip install -e '.[bench]'): no hearts figure")
        print("cramps/hearts playouts per second: n/a")
        return
    hearts, line = summary(rates["hearts"], (int(totals["hearts"][0]), totals["hearts"][1]))
    print(f"hearts (clone + apply_action from trick 6, OpenSpiel C++ via pyspiel): {line}")
    print(f"cramps/hearts with a push per move: {pushed / hearts:.2f}")
    print(f"cramps/hearts playouts per second: {rollout / hearts:.2f}")


if __name__ == "__main__":
    main()
