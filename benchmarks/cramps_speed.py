"""Random-playout speed of 4-player Cramps against OpenSpiel's hearts (C++ via pyspiel).

A "game" is one hand: 13 tricks of Cramps from a deal, or one game of OpenSpiel's
hearts (its 53 chance nodes for the pass direction and the deal, the passing when there
is one, and 13 tricks). Both are driven from Python the same way: ask for the legal
actions, pick one with `random.choice`, apply it (hearts' chance outcomes are uniform,
so its chance nodes are sampled from `legal_actions()` too, its cheapest path). Cramps'
hands follow one another in a match, as at the table (each hand's end scores it and deals
the next); a finished match is replaced by a new one. Their ratio is printed as
`cramps/hearts games per second: R` (R >= 1: pure Python keeps up with C++).

"Play-outs" are what a look-ahead or an analysis pays: from a mid-hand state (six tricks
played at random, 28 cards to go; eight start states cycled) a copy is played to the
hand's end by random legal moves. Hearts, every line: `state.clone()`, then
`legal_actions()`, `random.choice` and `apply_action()` until `is_terminal()` (its game
is one hand). Cramps, three lines:
- `checked loop`: a full copy (`State.clone()`: at the hand's end it scores the hand and
  deals the next, as the match goes on), then `legal_actions()`, `random.choice` and the
  checked `apply()` until `hand_over()`; the same calls as hearts makes.
- `play-out loop`: the same full copy played by `State.playout(random.choice)`, the game's
  own loop over the hand masks: `random.choice` of the same legal list at every move, the
  same record (history, tricks, events, scores, the next deal), no dispatch per move. Its
  moves are legal by construction rather than checked one by one.
- `hand-only copy`: `State.clone(hand_only=True)` played by the same loop: the copy stops
  at the hand's end after scoring it and does not deal the next hand (hearts does not deal
  again either; a search's copies are made so).
All the loops take their turns in alternating slices (`common.alternate`).

Run: .venv/bin/python benchmarks/cramps_speed.py [seconds-per-loop, default 6]
(open-spiel comes with `pip install -e '.[bench]'`; without it only Cramps is measured.)

What makes Cramps fast (found with cProfile): a hand is a bitmask (plus a mask of second
copies and a joker count for 5-8 players), legal moves are one precomputed tuple per suit
pattern (8192 per suit) listed by `legal_actions` itself in the play, `apply` checks and
plays a card in one call (`_checked_play`: two mask tests, then the move), the trick
winner of the standard game is four comparisons of card ids (`high_card_winner`, a plain
loop over ints, with trumps or two packs), the rules record events as data and never
words, and the deal sorts the pack's positions by random keys (drawn in one C-level loop)
and sums each hand's bits into its mask. A full copy's next deal is drawn and sorted into
hand masks once, by the original, and shared by all its copies (no copy copies the random
stream, a Mersenne Twister's 625 words).

Where the ratios stand on the shared 2-core machine (loaded, so slices spread widely):
fresh hands 0.96-0.98, with hearts' calls bound to locals as Cramps' are (with hearts
looking its methods up on every move, as this benchmark once did, about 0.1 more);
play-outs by the checked loop 0.42-0.49, by the play-out loop 0.57-0.68, on a hand-only
copy 0.65-0.72. What stands in the way: hearts plays a move through two C++ calls, while
a Cramps move is Python throughout: `legal_actions`, then `apply` (the engine's
`_fused_apply`, then `_checked_play`: two frames, where a single one was measured 3-4%
faster; the engine keeps its own turn out of the games' hooks), with `random.choice`
alone, the same on both sides, about a third of hearts' play-out; a Cramps trick's end
records the trick, a hand's end the hand's summary for the table and, on a full copy,
the next deal.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from common import alternate

from parlour.engine import State
from parlour.games.cramps import GAME, CrampsOptions

SLICE = 0.5
TRICKS_DONE = 6
STARTS = 8
Work = Callable[[int], Callable[[], int]]


def cramps_hands(r: int) -> Callable[[], int]:
    """Round r's work: one hand of a match seeded from 1000 r on (a new match once one ends)."""
    options = CrampsOptions()
    choice = random.Random(1000 * r).choice
    seeds = iter(range(1000 * r, 1000 * (r + 1)))
    state = GAME.new_state(options, next(seeds))

    def hand() -> int:
        nonlocal state
        if state.to_act() is None:
            state = GAME.new_state(options, next(seeds))
        legal_actions, apply = state.legal_actions, state.apply
        for _ in range(52):
            apply(choice(legal_actions()))
        return 1

    return hand


def hearts_hands(game: Any) -> Work:
    def start(r: int) -> Callable[[], int]:
        choice = random.Random(r).choice

        def hand() -> int:
            state = game.new_initial_state()
            legal_actions, apply_action, is_terminal = state.legal_actions, state.apply_action, state.is_terminal
            while not is_terminal():
                apply_action(choice(legal_actions()))
            return 1

        return hand

    return start


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


def checked_playouts(starts: list[State]) -> Work:
    """A full copy of each start, played to the hand's end by `legal_actions`,
    `random.choice` and the checked `apply`."""
    def start(r: int) -> Callable[[], int]:
        choice = random.Random(r).choice

        def playouts() -> int:
            for root in starts:
                state = root.clone()
                legal_actions, apply, hand_over = state.legal_actions, state.apply, state.hand_over
                while True:
                    apply(choice(legal_actions()))
                    if hand_over():
                        break
            return len(starts)

        return playouts

    return start


def game_playouts(starts: list[State], hand_only: bool) -> Work:
    """A copy of each start (full, or `hand_only`), played to the hand's end by the game's
    own loop, `State.playout(random.choice)`."""
    def start(r: int) -> Callable[[], int]:
        choice = random.Random(r).choice

        def playouts() -> int:
            for root in starts:
                root.clone(hand_only=hand_only).playout(choice)
            return len(starts)

        return playouts

    return start


def hearts_playouts(starts: list[Any]) -> Work:
    def start(r: int) -> Callable[[], int]:
        choice = random.Random(r).choice

        def playouts() -> int:
            for root in starts:
                state = root.clone()
                legal_actions, apply_action, is_terminal = state.legal_actions, state.apply_action, state.is_terminal
                while not is_terminal():
                    apply_action(choice(legal_actions()))
            return len(starts)

        return playouts

    return start


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        pyspiel = None
    hearts = pyspiel.load_game("hearts") if pyspiel else None
    starts = cramps_starts(STARTS)
    # Each Cramps loop next to the hearts loop it is compared with, so the two see the
    # same load.
    loops: dict[str, Work] = {"cramps hands": cramps_hands}
    if hearts is not None:
        loops["hearts hands"] = hearts_hands(hearts)
    loops["cramps checked loop"] = checked_playouts(starts)
    loops["cramps play-out loop"] = game_playouts(starts, hand_only=False)
    if hearts is not None:
        loops["hearts play-outs"] = hearts_playouts(hearts_starts(hearts, STARTS))
    loops["cramps hand-only copy"] = game_playouts(starts, hand_only=True)
    got = alternate(loops, seconds, SLICE)
    cramps = got["cramps hands"].rate
    print(f"cramps (4 players, one hand, pure Python): {cramps:.0f} games per second, {52 * cramps:.0f} actions per second")
    print(f"cramps play-outs (full clone, checked moves from trick 7): {got['cramps checked loop'].rate:.0f} per second")
    print(f"cramps play-outs (full clone, the game's play-out loop): {got['cramps play-out loop'].rate:.0f} per second")
    print(f"cramps play-outs (hand-only clone, the game's play-out loop): {got['cramps hand-only copy'].rate:.0f} per second")
    if hearts is None:
        print("open-spiel is not installed here (pip install -e '.[bench]'): no hearts figure")
        print("cramps/hearts games per second: n/a")
        print("cramps/hearts play-outs per second: n/a")
        return
    hearts_outs = got["hearts play-outs"].rate
    print(f"hearts (OpenSpiel C++ through pyspiel): {got['hearts hands'].rate:.0f} games per second")
    print(f"hearts play-outs (clone, legal_actions and apply_action from trick 7): {hearts_outs:.0f} per second")
    print(f"cramps/hearts games per second: {cramps / got['hearts hands'].rate:.2f}")
    print(f"cramps/hearts play-outs per second: {got['cramps checked loop'].rate / hearts_outs:.2f}")
    print(f"cramps/hearts play-outs per second, the game's play-out loop: {got['cramps play-out loop'].rate / hearts_outs:.2f}")
    print(f"cramps/hearts play-outs per second, the play-out loop on a hand-only copy: "
          f"{got['cramps hand-only copy'].rate / hearts_outs:.2f}")


if __name__ == "__main__":
    main()
