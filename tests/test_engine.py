"""The engine's clone: independent copies that share the random stream until one draws."""

from __future__ import annotations

import pickle
import random

import pytest

from parlour.engine import OVER
from parlour.games import GAMES
from parlour.games.cramps import GAME as CRAMPS


def mid_hand(seed: int, moves: int = 20):
    state = CRAMPS.new_state(CRAMPS.Options(), seed)
    choice = random.Random(seed).choice
    for _ in range(moves):
        state.apply(choice(state.legal_actions()))
    return state


def finish_hand(state, seed: int) -> None:
    choice = random.Random(seed).choice
    while True:
        state.apply(choice(state.legal_actions()))
        if state.hand_over():
            return


def test_a_clone_deals_the_next_hand_as_the_original_would() -> None:
    for seed in range(3):
        state = mid_hand(seed)
        copy = state.clone()
        finish_hand(copy, 99)  # the copy draws first: its own stream, from the same point
        finish_hand(state, 99)
        assert copy.observation(0) == state.observation(0)
        assert copy.deals == state.deals and len(state.deals) == 2
        again = mid_hand(seed)
        finish_hand(again, 99)
        assert again.deals == state.deals, "cloning did not move the original's stream"


def test_a_cramps_clone_deals_its_next_hand_from_keys_drawn_before_the_stream_was_shared() -> None:
    """Only a deal draws in Cramps, so the next deal's keys are drawn once, before a clone
    shares the stream: the copy deals without taking a copy of the stream, and the original
    still deals what it would have dealt uncloned."""
    state = mid_hand(3)
    copy = state.clone()
    finish_hand(copy, 7)
    assert len(copy.deals) == 2 and copy._rng_shared, "the copy took its own stream to deal"
    finish_hand(state, 8)
    uncloned = mid_hand(3)
    finish_hand(uncloned, 8)
    assert state.deals == uncloned.deals == copy.deals


def test_a_clone_draws_independently_of_its_original() -> None:
    state = mid_hand(1)
    copy = state.clone()
    first = state.rng.random()
    assert copy.rng.random() == first
    assert state.rng.random() == copy.rng.random()
    grandchild = copy.clone()
    assert grandchild.rng.getstate() == copy.rng.getstate()
    grandchild.rng.random()
    assert grandchild.rng.getstate() != copy.rng.getstate()


def test_a_hand_only_clone_stops_at_the_hand_end() -> None:
    state = mid_hand(2)
    before = state.observation(None)
    copy = state.clone(hand_only=True)
    choice = random.Random(5).choice
    while copy.to_act() is not None:
        copy.push(choice(copy.legal_actions()))
    assert copy.hand_over() and copy.phase == OVER and copy.legal_actions() == []
    assert len(copy.hand_results) == 1 and sum(copy.hand_scores()) == 10
    assert len(copy.deals) == 1, "no next hand is dealt"
    assert state.observation(None) == before
    assert not state.hand_only


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_clone_that_deals_the_next_hand_leaves_the_original_record_alone(name: str) -> None:
    """Every game's deals list is the match's record: a clone playing on past a hand's end
    must not write its next deal into the original's."""
    state = GAMES[name].new_state(seed=4)
    rng = random.Random(4)
    before = len(state.deals)
    clone = state.clone()
    while clone.to_act() is not None and len(clone.deals) == before:
        clone.apply(rng.choice(clone.legal_actions()))
    assert len(state.deals) == before


def test_player_counts_run_from_min_to_max_unless_a_game_leaves_one_out() -> None:
    assert CRAMPS.player_counts() == [4, 5, 6, 7, 8]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_state_pickles_with_its_dispatch_tables(name: str) -> None:
    """A state carries its game's dispatch tables (the checked moves' too): a pickled state
    (the OpenSpiel adapter's serialize, a worker's hand-off) plays on as the original."""
    state = GAMES[name].new_state(seed=6)
    rng = random.Random(6)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    move = random.Random(1).choice(state.legal_actions())
    state.apply(move)
    copy.apply(move)
    assert copy.observation(0) == state.observation(0)
