"""The tensor kept from step to step is the tensor built from the whole observation, at
every step of random matches of every game (fewest and most players) through two hands
and the deal of the next, whether a seat is looked at after every action or only when it is
to act."""

from __future__ import annotations

import random
from array import array

import numpy as np
import pytest

from parlour.envs.incremental import SeatTensors
from parlour.envs.tensors import PUT, Encoder, encoder_of
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


def _section(enc: Encoder, path: str) -> object:
    return next(s for s in enc.sections if s.fact.path == path)


def _written(enc: Encoder, section: object, value: object, seat: int) -> array:
    cells = array("f", bytes(4 * enc.size))
    PUT[section.fact.kind](enc, section.fact, value, seat, cells, section.offset, {})  # type: ignore[attr-defined]
    return cells


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (["AH", "2C", "KS", "JK"], ["AH", "KS", "JK"]),
        (["AH", "2C", "KS"], ["KS", "2C", "AH", "5D"]),
        (["AH", "AH", "2C"], ["AH", "2C", "2C"]),
        (["AH", "2C"], []),
        ([], ["QD", "QD"]),
        (["AH", ["2C", "3C"]], ["AH", ["2C"]]),
        (["AH", "2C"], "AH 2C 9S"),
        ("AH", "2C"),
        (None, "2C 3C"),
        ("AH", None),
        ("AH", ["AH", "AH"]),
        ({"up": "AH"}, "AH"),
        (["AH", "AH", "2C"], ["AH", "2C"]),
        (["AH", "2C", "2C"], ["AH", "2C"]),
        (["2C", "AH", "KS"], ["AH", "2C"]),
        (["AH", "KS", "2C"], ["KS", "AH"]),
        (["AH", "KS", "QD", "2C"], ["AH", "QD", "KS"]),
        (["AH", ["2C"], "KS"], ["AH", "KS"]),
    ],
)
def test_cards_written_where_they_changed_are_the_cards_written_afresh(old: object, new: object) -> None:
    enc = encoder_of(GAMES["yaniv"], GAMES["yaniv"].Options(players=4))
    section = _section(enc, "hand")
    cells = _written(enc, section, old, 1)
    SeatTensors(enc)._write_cards(section, old, new, 1, cells, {})  # type: ignore[arg-type]
    assert cells == _written(enc, section, new, 1)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ([1, 2, 3, 4], [1, 5, 3, 4]),
        ([1, None, 3, 4], [1, 2, None, 4.5]),
        (["1/2", 0, True, 7], ["1 1/2", 0, False, "x"]),
        ([1, 2, 3, 4], [1, 2, 3]),
        (None, [0, 0, 9, 0]),
        ([1, 2, 3, 4, 5], [6, 2, 3, 4, 7]),
    ],
)
def test_numbers_per_seat_written_where_they_changed_are_the_numbers_written_afresh(old: object, new: object) -> None:
    enc = encoder_of(GAMES["yaniv"], GAMES["yaniv"].Options(players=4))
    section = _section(enc, "hand_sizes")
    for seat in range(4):
        cells = _written(enc, section, old, seat)
        SeatTensors(enc)._write_seat_numbers(section, old, new, seat, cells, {})  # type: ignore[arg-type]
        assert cells == _written(enc, section, new, seat), seat


def test_a_record_met_again_is_written_for_the_seat_that_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record's cells are kept by seat and by what the encoder reads of it: the same
    trick read by another seat, or a trick differing only in what the encoder does not
    read, or holding an item that cannot be looked up, is still written as the encoder
    writes it, and so is every record after the kept ones are forgotten."""
    enc = encoder_of(GAMES["ribs"], GAMES["ribs"].Options(players=4))
    section = _section(enc, "tricks")
    trick = {"bidder": 2, "bid": 7, "ribs": "J 7", "outcome": "failed", "cracker": None, "defeated_points": 2}
    records = [
        [trick],
        [trick, {**trick, "bids": [[0, 2]]}],
        [trick, {**trick, "bidder": 3}],
        [{**trick, "ribs": ["J", "7"]}, {**trick, "ribs": ["J", "7"]}],
        [{k: v for k, v in trick.items() if k != "cracker"}],
    ]
    monkeypatch.setattr("parlour.envs.incremental.ROWS_KEPT", 2)
    tensors = SeatTensors(enc)
    for _ in range(2):
        for seat in range(4):
            for value in records:
                cells = array("f", bytes(4 * enc.size))
                tensors._write(section, [], value, seat, cells, {})  # type: ignore[arg-type]
                assert cells == _written(enc, section, value, seat), (seat, value)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ([["K", "K"], [], ["8"], []], [["K", "K", "Q"], [], ["8"], ["7", "7"]]),
        ([["K", "K"], ["J"], ["8"], []], [["K"], None, ["8", ["9"]], ["7"]]),
        ([["K"], None, ["8"], []], [["K"], ["Q", "Q"], [], []]),
    ],
)
def test_cards_per_seat_written_where_they_changed_are_the_cards_written_afresh(old: object, new: object) -> None:
    enc = encoder_of(GAMES["ribs"], GAMES["ribs"].Options(players=4))
    section = _section(enc, "captured")
    for seat in range(4):
        cells = _written(enc, section, old, seat)
        SeatTensors(enc)._write(section, old, new, seat, cells, {})  # type: ignore[arg-type]
        assert cells == _written(enc, section, new, seat), seat
