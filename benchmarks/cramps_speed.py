"""Random-playout speed of 4-player Cramps against OpenSpiel's hearts (C++ via pyspiel).

A "game" is one hand: 13 tricks of Cramps from a deal, or one game of OpenSpiel's
hearts (its 53 chance nodes for the pass direction and the deal, the passing when there
is one, and 13 tricks). Both are driven from Python the same way: ask for the legal
actions, pick one with `random.choice`, apply it (hearts' chance outcomes are uniform,
so its chance nodes are sampled from `legal_actions()` too, its cheapest path). The two
are measured in alternating slices so that a busy machine slows both alike, and their ratio
is printed as `cramps/hearts games per second: R` (R >= 1: pure Python keeps up with C++).

"Play-outs" are what a look-ahead or an analysis pays: from a mid-hand state (six tricks
played at random, 28 cards to go; several start states cycled) a full copy
(`State.clone()`, which deals the next hand when the copy's hand ends) played to the
hand's end by random checked moves (`legal_actions` then `apply`), against hearts from
the same point through `state.clone()`, `legal_actions()` and `apply_action()`. Their
ratio is the last line, `cramps/hearts play-outs per second: R`. All four loops take
their turns in the same alternating slices.

Run: .venv/bin/python benchmarks/cramps_speed.py [seconds-per-game, default 6]
(open-spiel comes with `pip install -e '.[bench]'`; without it only Cramps is measured.)

What makes Cramps fast (found with cProfile): a hand is a bitmask (plus a mask of second
copies and a joker count for 5-8 players), legal moves are one precomputed tuple per suit
pattern (8192 per suit), `apply` asks the rules whether a card is legal with two mask
tests (`_is_legal_play`) instead of searching a list, the trick winner is a plain loop over
ints (cards.high_card_winner), the rules record events as data and never words, and the
deal sorts the pack's positions by random keys. A clone draws the next deal's keys before
it shares the random stream, so a copy that plays past the hand's end deals without
copying the stream (`getstate`/`setstate` of a Mersenne Twister's 625 words, which was the
dearest part of a copy's next deal).

Where the ratios stand on the shared 2-core machine (loaded, so slices spread widely):
fresh hands about 0.8-0.9 under heavy load (measured by CPU time rather than the clock,
about 1.0); play-outs about 0.3. What stands in the way of play-outs: hearts plays a move
through two C++ calls (about 1.2 us with `random.choice`), while a checked Cramps move is
`legal_actions`, `random.choice` and `apply` in the interpreter (about twice that), and the
full copy's hand end scores the hand and deals the next one (a copy made with
`hand_only=True` stops at the hand's end as hearts does: about 0.4).
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from parlour.engine import State
from parlour.games.cramps import GAME, CrampsOptions

SLICE = 0.5
TRICKS_DONE = 6
STARTS = 8


def cramps_slice(seconds: float, seed: int) -> tuple[int, int, float]:
    """Hands played, actions applied and time taken in one slice. Hands follow one another
    in a match, as at the table (each hand end deals the next); a finished match is
    replaced by a new one."""
    options = CrampsOptions()
    choice = random.Random(seed).choice
    games = matches = 0
    start = time.perf_counter()
    while True:
        state = GAME.new_state(options, seed + matches)
        matches += 1
        legal_actions, apply, to_act = state.legal_actions, state.apply, state.to_act
        while to_act() is not None:
            for _ in range(52):
                apply(choice(legal_actions()))
            games += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return games, 52 * games, elapsed

def hearts_slice(game: Any, seconds: float, seed: int) -> tuple[int, int, float]:
    choice = random.Random(seed).choice
    games = actions = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
            actions += 1
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games, actions, elapsed


def cramps_starts(count: int) -> list[State]:
    """Mid-hand Cramps states: a seeded deal with six tricks played at random."""
    out = []
    for seed in range(count):
        state = GAME.new_state(CrampsOptions(), seed)
        choice = random.Random(seed).choice
        for _ in range(TRICKS_DONE * 4):
            state.apply(choice(state.legal_actions()))
        out.append(state)
    return out


def hearts_starts(game: Any, count: int) -> list[Any]:
    """Mid-hand hearts states: a seeded deal, its passing, six tricks played at random.
    The play starts after the pass direction, the 52 cards dealt and, unless the
    direction is "no pass" (0), the 12 cards passed."""
    out = []
    for seed in range(count):
        choice = random.Random(seed).choice
        state = game.new_initial_state()
        state.apply_action(choice(state.legal_actions()))
        before_play = 1 + 52 + (0 if state.history()[0] == 0 else 12)
        while len(state.history()) < before_play + TRICKS_DONE * 4:
            state.apply_action(choice(state.legal_actions()))
        out.append(state)
    return out


def cramps_playouts(starts: list[State], seconds: float, seed: int) -> tuple[int, float]:
    """Play-outs done and time taken in one slice: a full clone, checked moves to the
    hand's end."""
    choice = random.Random(seed).choice
    done = 0
    start = time.perf_counter()
    while True:
        for root in starts:
            state = root.clone()
            legal_actions, apply, hand_over = state.legal_actions, state.apply, state.hand_over
            while True:
                apply(choice(legal_actions()))
                if hand_over():
                    break
        done += len(starts)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def hearts_playouts(starts: list[Any], seconds: float, seed: int) -> tuple[int, float]:
    choice = random.Random(seed).choice
    done = 0
    start = time.perf_counter()
    while True:
        for root in starts:
            state = root.clone()
            legal_actions, apply_action, is_terminal = state.legal_actions, state.apply_action, state.is_terminal
            while not is_terminal():
                apply_action(choice(legal_actions()))
        done += len(starts)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    hearts_game = pyspiel.load_game("hearts") if pyspiel else None
    totals = {"cramps": [0, 0, 0.0], "hearts": [0, 0, 0.0]}
    outs = {"cramps": [0, 0.0], "hearts": [0, 0.0]}
    starts = {"cramps": cramps_starts(STARTS), "hearts": hearts_starts(hearts_game, STARTS) if hearts_game else []}
    rounds = max(1, round(seconds / SLICE))
    for r in range(rounds):
        for name in ("cramps", "hearts"):
            if name == "hearts" and hearts_game is None:
                continue
            g, a, t = cramps_slice(SLICE, 1000 * r) if name == "cramps" else hearts_slice(hearts_game, SLICE, r)
            totals[name][0] += g
            totals[name][1] += a
            totals[name][2] += t
            playouts = cramps_playouts if name == "cramps" else hearts_playouts
            done, spent = playouts(starts[name], SLICE, r)
            outs[name][0] += done
            outs[name][1] += spent
    g, a, t = totals["cramps"]
    cramps = g / t
    cramps_outs = outs["cramps"][0] / outs["cramps"][1]
    print(f"cramps (4 players, one hand, pure Python): {cramps:.0f} games per second, {a / t:.0f} actions per second")
    print(f"cramps play-outs (full clone, checked moves from trick 7): {cramps_outs:.0f} per second")
    if hearts_game is None:
        print("open-spiel is not installed here (pip install -e '.[bench]'): no hearts figure")
        print("cramps/hearts games per second: n/a")
        print("cramps/hearts play-outs per second: n/a")
        return
    g, a, t = totals["hearts"]
    hearts = g / t
    hearts_outs = outs["hearts"][0] / outs["hearts"][1]
    print(f"hearts (OpenSpiel C++ through pyspiel): {hearts:.0f} games per second, {a / t:.0f} actions per second")
    print(f"hearts play-outs (clone, apply_action from trick 7): {hearts_outs:.0f} per second")
    print(f"cramps/hearts games per second: {cramps / hearts:.2f}")
    print(f"cramps/hearts play-outs per second: {cramps_outs / hearts_outs:.2f}")


if __name__ == "__main__":
    main()
