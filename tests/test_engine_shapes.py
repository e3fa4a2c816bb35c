"""The shapes Engine v2 gives the games still to come, held to the contract by Draw Toy
(examples/draw_toy, the example game of docs/architecture.md): lower scores better, seats that leave the match, a stock made again
from the discards and recorded in the deal, compound turns, and cards known to be in a hand
(required in determinize's deal)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from draw_toy import DRAW_PILE, DRAW_STOCK, GAME, ToyState

from parlour.engine import IllegalAction, State, cards_conserved
from test_conformance import _check_clone_independent, _check_observations


def _play(players: int, seed: int, *, check: bool = False, pile_bias: float = 0.3) -> ToyState:
    state = GAME.new_state(GAME.options(players=players), seed)
    rng = random.Random(seed)
    probe = random.Random(seed + 7)
    while state.to_act() is not None:
        legal = state.legal_actions()
        assert legal
        assert state.to_act() not in state.eliminated, "a seat that left the match is to act"
        if DRAW_PILE in legal:
            action = DRAW_PILE if rng.random() < pile_bias else DRAW_STOCK
        else:
            action = rng.choice(legal)
        if check and probe.random() < 0.1:
            _check_clone_independent(state, action)
        state.apply(action)
        assert cards_conserved(state)
        if check and (probe.random() < 0.2 or state.hand_over()):
            _check_observations(GAME, state, probe)
    assert isinstance(state, ToyState)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_toy_keeps_the_contract(players: int) -> None:
    """Random matches to the end, with the leak test, determinize consistency (cards taken
    from the pile stay in their hands) and clone independence along the way."""
    for seed in range(4):
        state = _play(players, seed, check=True)
        assert state.winners()
        assert state.legal_actions() == []


def _replay(state: State, seed: int) -> State:
    again = GAME.new_state(state.options, seed, dealer=state.first_dealer, deals=[dict(d) for d in state.deals])
    for seat, action in state.history:
        assert again.to_act() == seat
        again.apply(again.text_to_action(state.action_to_text(action)))
    return again


def test_reshuffles_are_recorded_and_replay_the_same_under_any_seed() -> None:
    state = _play(4, 1)
    assert any("reshuffles" in d for d in state.deals), "four players empty the stock"
    again = _replay(state, seed=999)
    for seat in [None, *range(4)]:
        assert again.observation(seat) == state.observation(seat)
    assert again.deals == state.deals


def test_a_clone_that_reshuffles_leaves_the_original_deal_alone() -> None:
    """Clones share the list of deals; a reshuffle in the clone must not write into it."""
    state = GAME.new_state(GAME.options(players=4), 1)
    while state.stock or state.phase != "draw":
        assert state.hand_number == 0, "the first hand ended before its stock ran out"
        state.apply(state.legal_actions()[0])
    before = [dict(d) for d in state.deals]
    clone = state.clone()
    clone.apply(DRAW_STOCK)
    assert "reshuffles" in clone.deals[-1]
    assert state.deals == before, "the clone's reshuffle changed the original's deal"


def test_a_reshuffle_that_does_not_hold_the_discards_is_refused() -> None:
    state = _play(4, 1)
    k = next(i for i, d in enumerate(state.deals) if "reshuffles" in d)
    deals = [dict(d) for d in state.deals]
    first = list(deals[k]["reshuffles"][0])
    first[0] = "JK" if first[0] != "JK" else "AS"
    deals[k]["reshuffles"] = [first, *deals[k]["reshuffles"][1:]]
    again = GAME.new_state(state.options, 0, dealer=state.first_dealer, deals=deals)
    with pytest.raises(ValueError, match="reshuffle"):
        for _seat, action in state.history:
            again.apply(action)


def test_lower_is_better_everywhere_the_engine_compares() -> None:
    assert GAME.better(3, 10) and not GAME.better(10, 3)
    assert GAME.best([7, 2, 9]) == 2
    state = _play(3, 2)
    places = state.places()
    first = [s for s in range(3) if places[s] == 1]
    assert first == state.winners()


def test_seats_that_leave_are_skipped_dealt_nothing_and_placed_last() -> None:
    seen = 0
    for seed in range(10):
        state = GAME.new_state(GAME.options(players=4), seed)
        rng = random.Random(seed)
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_actions()))
            if state.hand_over() and state.to_act() is not None:
                for s in state.eliminated:
                    assert state.hands[s] == [], "a seat out of the match is dealt no cards"
                    assert s not in state.observation(None)["legal_actions"]
        if len(state.eliminated) < 2:
            continue
        seen += 1
        places = state.places()
        assert sorted(places) == [1, 2, 3, 4] or places.count(1) > 1
        assert places[state.eliminated[-1]] < places[state.eliminated[0]], "the last to leave places best of those out"
        assert all(places[s] == 1 for s in state.winners())
    assert seen


def test_a_compound_turn_is_two_decisions_of_one_seat() -> None:
    state = GAME.new_state(GAME.options(players=3), 5)
    seat = state.to_act()
    state.apply(state.legal_actions()[0])
    assert state.to_act() == seat and state.phase == "draw"
    assert state.legal_texts() == ["draw stock", "draw pile"]
    with pytest.raises(IllegalAction, match="not legal now"):
        state.apply(0)
    state.apply(DRAW_STOCK)
    assert state.to_act() != seat


def test_a_card_taken_from_the_pile_is_known_and_determinize_keeps_it() -> None:
    state = GAME.new_state(GAME.options(players=3), 3)
    seat = state.to_act()
    assert seat is not None
    under = state.pile[-1]
    state.apply(state.legal_actions()[0])
    state.apply(DRAW_PILE)
    watcher = (seat + 1) % 3
    obs: dict[str, Any] = state.observation(watcher)
    assert obs["known"][seat] == [state.observation(None)["known"][seat][0]]
    rng = random.Random(0)
    for _ in range(20):
        world = GAME.determinize(obs, rng)
        assert isinstance(world, ToyState)
        assert under in world.hands[seat]
        assert world.observation(watcher) == obs
