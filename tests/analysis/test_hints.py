"""`parlour.analysis.hint` for every game: a legal move, its label, numbers, the same hint
for the same seed and budget, and none for a seat that is not to act."""

from __future__ import annotations

import random

import pytest

from parlour.analysis import NoHint, hint
from parlour.engine import State
from parlour.games import GAMES


def a_decision(name: str, seed: int) -> State:
    """A state of `name` a few random moves in, where the seat to act has a choice."""
    game = GAMES[name]
    state = game.new_state(game.Options(), seed)
    rng = random.Random(seed)
    moves = 0
    while moves < 5 or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_hints_a_legal_move_with_its_numbers_and_the_same_for_a_seed(name: str) -> None:
    state = a_decision(name, 4)
    seat = state.to_act()
    assert seat is not None
    obs = state.observation(seat)
    labels = {e["text"]: e["label"] for e in obs["legal"]}
    first = hint(name, obs, seed=3, iterations=24)
    assert first.action in obs["legal_actions"] and first.label == labels[first.action]
    assert first.candidates[0]["action"] == first.action
    assert all(c["action"] in labels and c["label"] == labels[c["action"]] for c in first.candidates)
    assert first.unit and first.why.startswith(first.label[:1].upper())
    assert all(isinstance(c["value"], (int, float)) for c in first.candidates)
    if name != "ridge":
        assert first.candidates[0]["visits"] > 0 and "sampled deal" in first.why
    assert hint(name, obs, seed=3, iterations=24) == first
    other = next(s for s in range(state.players) if s != seat)
    with pytest.raises(NoHint):
        hint(name, state.observation(other), seed=3, iterations=24)


def test_a_forced_move_is_hinted_without_a_search() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.Options(), 0)
    obs = state.observation(state.to_act())
    assert obs["legal_actions"] == ["bid 2"]
    advice = hint(game, obs)
    assert advice.action == "bid 2" and advice.why == "Bid 2: it is the only legal move."


def test_the_why_names_the_next_best_move_and_says_whose_choice_it_is() -> None:
    state = a_decision("yaniv", 2)
    obs = state.observation(state.to_act())
    advice = hint("yaniv", obs, seed=1, iterations=64)
    assert "penalty points" in advice.unit and "fewer is better" in advice.unit
    assert "Next best by the search:" in advice.why
    assert "heuristic player" in advice.why
    assert len(advice.candidates) > 1


def test_a_heuristic_that_can_say_why_is_quoted() -> None:
    state = a_decision("cramps", 4)
    advice = hint("cramps", state.observation(state.to_act()), seed=1, iterations=24)
    assert "The heuristic player's reasoning: The trick is worth" in advice.why or "Leading into a trick" in advice.why
