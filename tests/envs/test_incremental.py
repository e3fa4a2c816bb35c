"""The tensor kept from step to step is the tensor built from the whole observation, at
every step of random matches of every game (fewest and most players) through two hands
and the deal of the next, whether a seat is looked at after every action or only when it is
to act."""

from __future__ import annotations

import random

import numpy as np
import pytest

from parlour.envs.incremental import SeatTensors
from parlour.envs.tensors import Encoder, encoder_of
from parlour.games import GAMES

MOST_STEPS = 600
HANDS = 2


def cases() -> list[object]:
    out = []
    for name, game in GAMES.items():
        counts = game.player_counts()
        for players in sorted({counts[0], counts[-1]}):
            out.append(pytest.param(name, players, id=f"{name}-{players}p"))
    return out


def _rebuilt(enc: Encoder, state: object, seat: int) -> np.ndarray:
    return enc.encode(state.observation(seat, views=False, keys=Encoder.READS))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("name", "players"), cases())
def test_kept_tensor_equals_the_rebuilt_one_at_every_step(name: str, players: int) -> None:
    game = GAMES[name]
    options = game.Options(players=players)
    enc = encoder_of(game, options)
    for seed in range(2):
        state = game.new_state(options, seed)
        rng = random.Random(seed)
        every_step, when_to_act = SeatTensors(enc), SeatTensors(enc)
        hands = step = 0
        while hands <= HANDS and step < MOST_STEPS:
            seat = state.to_act()
            if seat is None:
                break
            for s in range(players):
                rebuilt = _rebuilt(enc, state, s)
                kept = every_step.tensor(state, s)
                assert np.array_equal(kept, rebuilt), f"seed {seed}, step {step}, seat {s}"
            kept = when_to_act.tensor(state, seat)
            assert np.array_equal(kept, _rebuilt(enc, state, seat)), f"seed {seed}, step {step}"
            state.apply(rng.choice(state.legal_actions()))
            hands += state.hand_over()
            step += 1


def test_a_new_match_starts_every_seat_afresh() -> None:
    game = GAMES["yaniv"]
    options = game.Options(players=2)
    enc = encoder_of(game, options)
    tensors = SeatTensors(enc)
    first = game.new_state(options, 1)
    for _ in range(30):
        tensors.tensor(first, first.to_act())
        first.apply(random.Random(0).choice(first.legal_actions()))
    second = game.new_state(options, 2)
    assert np.array_equal(tensors.tensor(second, 0), _rebuilt(enc, second, 0))


def test_one_seat_tensors_follow_match_after_match() -> None:
    """A new match reuses each seat's memory, cleared: every seat, asked in any order,
    matches the rebuilt tensor from the new match's first step on."""
    game = GAMES["ribs"]
    options = game.Options(players=4)
    enc = encoder_of(game, options)
    tensors = SeatTensors(enc)
    for seed in range(3):
        state = game.new_state(options, seed)
        rng = random.Random(seed)
        seats = list(range(4))
        for _ in range(40):
            rng.shuffle(seats)
            for s in seats[: 2 + seed % 3]:
                assert np.array_equal(tensors.tensor(state, s), _rebuilt(enc, state, s)), (seed, s)
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["ribs", "yaniv", "cramps"])
def test_the_course_from_a_place_is_the_rest_of_the_course(name: str) -> None:
    """`public_actions(seat, start)` is what one who keeps the first `start` entries reads,
    hidden entries (a fold, face-down ribs) hidden as they are in the whole list."""
    game = GAMES[name]
    options = game.Options(players=4)
    state = game.new_state(options, 5)
    rng = random.Random(5)
    for _ in range(60):
        if state.to_act() is None:
            break
        for seat in (None, *range(4)):
            whole = state.public_actions(seat)
            for start in range(len(whole) + 1):
                assert state.public_actions(seat, start) == whole[start:]
        state.apply(rng.choice(state.legal_actions()))
