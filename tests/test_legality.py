"""A checked `apply` asks the game "is this legal" directly where the game can answer
(`_is_legal_<phase>`, a mask test or a count): the answer must be the legal list's, for
every action the game can ever play and for values that are no action at all."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.engine import IllegalAction, State
from parlour.games import GAMES

DIRECT = sorted(name for name, game in GAMES.items() if any(n.startswith("_is_legal_") for n in dir(game.state_class)))
FUSED = sorted(name for name, game in GAMES.items() if any(n.startswith("_checked_") for n in dir(game.state_class)))
ODD = (-1, 2.0, 102.0, 5.0, 1000, "play AS", None, (1, 2), True, False)


def _option_sets(name: str) -> list[tuple[int, dict[str, Any]]]:
    game = GAMES[name]
    counts = game.player_counts()
    sets = [{}, *map(dict, game.conformance_options)]
    return [(n, opts) for n in sorted({counts[0], counts[len(counts) // 2], counts[-1]}) for opts in sets]


def _agrees(state: State, probes: list[Any]) -> None:
    legal = state.legal_actions()
    for action in probes:
        expected = type(action) is not bool and action in legal
        assert state.is_legal(action) == expected, f"{action!r} in phase {state.phase}"


def test_the_games_that_answer_directly_are_found() -> None:
    assert {"cramps", "ribs"} <= set(DIRECT)


@pytest.mark.parametrize("name", DIRECT)
def test_a_direct_answer_is_the_legal_lists(name: str) -> None:
    game = GAMES[name]
    for players, values in _option_sets(name):
        options = game.options(players=players, **values)
        probes = [*game.action_universe(options), *ODD]
        for seed in range(3):
            state = game.new_state(options, seed)
            rng = random.Random(seed)
            for _ in range(250):
                if state.to_act() is None:
                    break
                _agrees(state, probes)
                state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", DIRECT)
def test_apply_refuses_what_the_direct_answer_refuses(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.options(players=game.player_counts()[-1]), 3)
    rng = random.Random(3)
    universe = list(game.action_universe(state.options))
    for _ in range(40):
        legal = state.legal_actions()
        for action in rng.sample([a for a in universe if a not in legal], 3):
            history = list(state.history)
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert state.history == history
        state.apply(rng.choice(legal))


def test_a_finished_match_has_nothing_legal() -> None:
    game = GAMES["cramps"]
    state = game.new_state(game.options(), 1)
    rng = random.Random(1)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_legal(0)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0)


def test_a_game_without_a_direct_answer_is_checked_against_its_list() -> None:
    name = next(n for n in sorted(GAMES) if n not in DIRECT)
    game = GAMES[name]
    state = game.new_state(game.options(), 2)
    legal = state.legal_actions()
    assert all(state.is_legal(a) for a in legal)
    assert not state.is_legal(object())
    state.apply(legal[0])


def _same(a: State, b: State) -> None:
    """Two states hold the same match: every field (the random stream by its state)."""
    loose = ("_rng", "_rng_shared", "_legal_memo", "_last_hand_words", "_piles_seen", "_points_seen")  # the stream, and caches
    assert {k: v for k, v in vars(a).items() if k not in loose} == {k: v for k, v in vars(b).items() if k not in loose}
    assert a.rng.getstate() == b.rng.getstate()


def test_the_games_that_check_and_play_in_one_call_are_found() -> None:
    assert {"cramps", "ribs"} <= set(FUSED)
    for name in FUSED:
        state_class = GAMES[name].state_class
        assert state_class.apply is State._fused_apply
        fused = {n[len("_checked_"):] for n in dir(state_class) if n.startswith("_checked_")}
        assert all(state_class._PLAY[phase] is getattr(state_class, f"_checked_{phase}") for phase in fused)


def test_the_engine_finds_only_the_games_phases() -> None:
    """The engine's own methods are no phase (a method named like a phase's hook once made one)."""
    for game in GAMES.values():
        assert set(game.state_class._LEGAL) == set(game.state_class._APPLY) | {"over"}, game.name


@pytest.mark.parametrize("name", FUSED)
def test_a_checked_move_is_the_check_then_the_pushed_move(name: str) -> None:
    """`apply` through `_checked_<phase>` refuses exactly what `is_legal` refuses, leaving
    the state as it was, and plays the rest exactly as `push` does: actions of the universe,
    every small number now and then (a bid past the cap) and values that are no action, at every phase a random match reaches (its
    bids often the highest, so that the bidding reaches its cap)."""
    game = GAMES[name]
    for players, values in _option_sets(name):
        options = game.options(players=players, **values)
        probes = [*game.action_universe(options), *ODD, -(10**20), 10**20]
        state = game.new_state(options, players)
        rng = random.Random(players)
        for step in range(120):
            if state.to_act() is None:
                break
            small = range(-1, 64) if step % 3 == 0 else ()
            for action in [*rng.sample(probes, 8), *small, rng.choice(state.legal_actions())]:
                checked, pushed = state.clone(), state.clone()
                legal = state.is_legal(action)
                try:
                    checked.apply(action)
                except IllegalAction:
                    assert not legal, f"{action!r} refused in phase {state.phase}"
                    _same(checked, pushed)
                    continue
                assert legal, f"{action!r} played in phase {state.phase}"
                pushed.push(next(a for a in state.legal_actions() if a == action))
                _same(checked, pushed)
                assert checked.hand_over() == pushed.hand_over()
            legal = state.legal_actions()
            state.apply(legal[-1] if rng.random() < 0.3 else rng.choice(legal))  # the last: the top bid
