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
