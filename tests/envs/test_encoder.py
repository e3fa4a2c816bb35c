"""The encoder's tensor is faithful to the observation, seat-relative, and sees nothing hidden.

Faithful: from random mid-hand states, two different actions are applied to two copies; for
every seat, the two observations (less their legal-move texts) differ only if the two
tensors do. The same observation always gives the same tensor, and worlds with the cards
hidden from a seat dealt again give that seat the same tensor (it reads the observation
only).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest
from tests.test_conformance import OPTION_SETS

from parlour.engine import State
from parlour.envs import encoder
from parlour.envs.tensors import Encoder, encoder_of
from parlour.games import GAMES

IGNORED = ("legal_actions", "log")
SAMPLES = 12


def cases() -> list[Any]:
    """Every option set at the fewest players, the first two at the most."""
    out = []
    for name, game in GAMES.items():
        counts = game.player_counts()
        for index, options in enumerate(OPTION_SETS[name]):
            for players in sorted({counts[0], counts[-1]} if index < 2 else {counts[0]}):
                out.append(pytest.param(name, players, options, id=f"{name}-{players}p-o{index}"))
    return out


def _facts(state: State, seat: int) -> dict[str, Any]:
    obs = state.observation(seat, views=False)
    return {k: v for k, v in obs.items() if k not in IGNORED}


def _mid_hand(name: str, players: int, options: dict[str, Any], seed: int) -> State | None:
    """A state at a random point of a random hand (the first hand or a later one)."""
    game = GAMES[name]
    state = game.new_state(game.options(players=players, **options), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(2)):
        while state.to_act() is not None and not state.hand_over():
            state.apply(rng.choice(state.legal_actions()))
        state.just_ended = False
    if state.to_act() is None:
        return None
    course = state.clone(hand_only=True)
    steps = []
    while course.to_act() is not None:
        action = rng.choice(course.legal_actions())
        course.apply(action)
        steps.append(action)
    for action in steps[: rng.randrange(len(steps))]:
        state.apply(action)
    return state


def _encoder(name: str, players: int, options: dict[str, Any]) -> Encoder:
    game = GAMES[name]
    return encoder_of(game, game.options(players=players, **options))


def _states(name: str, players: int, options: dict[str, Any], seeds: range) -> list[State]:
    states = (_mid_hand(name, players, options, seed) for seed in seeds)
    return [s for s in states if s is not None]


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_different_observations_give_different_tensors(
    name: str, players: int, options: dict[str, Any]
) -> None:
    enc = _encoder(name, players, options)
    rng = random.Random(7)
    compared = 0
    for state in _states(name, players, options, range(SAMPLES)):
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        a, b = rng.sample(legal, 2)
        after = []
        for action in (a, b):
            copy_ = state.clone(hand_only=True)
            copy_.apply(action)
            after.append(copy_)
        if any(s.hand_over() for s in after):
            continue
        for seat in range(players):
            oa, ob = _facts(after[0], seat), _facts(after[1], seat)
            ta, tb = enc.encode(oa), enc.encode(ob)
            if oa != ob:
                compared += 1
                assert not np.array_equal(ta, tb), (
                    f"seat {seat}: {state.action_to_text(a)!r} and {state.action_to_text(b)!r} "
                    f"give different observations but one tensor"
                )
    assert compared, "no pair of different observations was sampled"


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_same_observation_same_tensor_and_no_leak(
    name: str, players: int, options: dict[str, Any]
) -> None:
    enc = _encoder(name, players, options)
    rng = random.Random(3)
    for state in _states(name, players, options, range(100, 104)):
        for seat in range(players):
            obs = state.observation(seat, views=False)
            tensor = enc.encode(obs)
            assert tensor.dtype == np.float32 and tensor.shape == enc.shape
            assert np.all(np.isfinite(tensor))
            assert np.array_equal(tensor, enc.encode(copy.deepcopy(obs)))
            assert np.array_equal(tensor, enc.encode(state.observation(seat)))
            redealt = state.redeal_hidden(seat, rng)
            assert np.array_equal(tensor, enc.encode(redealt.observation(seat, views=False)))


def _after_each(state: State, enc: Encoder, seats: range) -> dict[str, list[np.ndarray]]:
    """Each legal action's text -> the tensors of every seat after it."""
    out = {}
    for action in state.legal_actions():
        copy_ = state.clone(hand_only=True)
        copy_.apply(action)
        out[state.action_to_text(action)] = [enc.encode(copy_.observation(s, views=False)) for s in seats]
    return out


def _assert_all_distinct(tensors: dict[str, list[np.ndarray]], seats: range) -> None:
    for seat in seats:
        seen: dict[bytes, str] = {}
        for text, per_seat in tensors.items():
            key = per_seat[seat].tobytes()
            assert key not in seen, f"seat {seat}: {seen[key]!r} and {text!r} alias"
            seen[key] = text


@pytest.mark.parametrize("spec", ["ribs", "ribs(players=6)", "pitch", "mighty", "cramps(royal=true)"])
def test_every_opening_call_is_seen_apart_by_every_seat(spec: str) -> None:
    enc = encoder(spec)
    state = enc.game.new_state(enc.options, 5)
    seats = range(enc.n)
    _assert_all_distinct(_after_each(state, enc, seats), seats)


def _auction(enc: Encoder, bids: list[str]) -> State:
    """A Ribs hand whose auction went `bids`, then passes until the ribs are laid."""
    state = enc.game.new_state(enc.options, 1)
    for text in bids:
        state.apply_text(text)
    while "pass" in state.legal_texts():
        state.apply_text("pass")
    return state


def test_ribs_won_at_2_and_at_4_differ() -> None:
    enc = encoder("ribs")
    at_2, at_4 = _auction(enc, ["bid 2"]), _auction(enc, ["bid 2", "bid 3", "bid 4"])
    assert at_2.phase == at_4.phase
    for seat in range(4):
        a, b = at_2.observation(seat, views=False), at_4.observation(seat, views=False)
        assert a["bidding"]["bid"] == 2 and b["bidding"]["bid"] == 4
        assert not np.array_equal(enc.encode(a), enc.encode(b))


def test_mighty_auction_pairs_differ() -> None:
    enc = encoder("mighty")
    state = enc.game.new_state(enc.options, 2)
    rng = random.Random(2)
    first = state.legal_actions()
    for a in rng.sample([x for x in first if state.action_to_text(x) != "pass"], 6):
        after = state.clone(hand_only=True)
        after.apply(a)
        _assert_all_distinct(_after_each(after, enc, range(5)), range(5))


def test_ridge_north_and_south_are_distinct() -> None:
    enc = encoder("ridge")
    state = enc.game.new_state(enc.options, 3)
    for seat in range(2):
        obs = state.observation(seat, views=False)
        swapped = copy.deepcopy(obs)
        swapped["hands"]["N"], swapped["hands"]["S"] = obs["hands"]["S"], obs["hands"]["N"]
        assert not np.array_equal(enc.encode(obs), enc.encode(swapped))


def _section(enc: Encoder, name: str) -> tuple[int, int]:
    for section_name, offset, size, _ in enc.layout():
        if section_name == name:
            return offset, size
    raise KeyError(name)


def test_scores_and_hands_are_seat_relative() -> None:
    enc = encoder("cramps(players=5)")
    state = enc.game.new_state(enc.options, 4)
    at, size = _section(enc, "match_scores")
    hand_at, _ = _section(enc, "hand_sizes")
    for seat in range(5):
        obs = state.observation(seat, views=False)
        obs["scores"]["match"] = [10 * s for s in range(5)]
        obs["hand_sizes"] = [s for s in range(5)]
        tensor = enc.encode(obs)
        scale = 10 * 5 / 31
        expected = [((seat + k) % 5) * 10 / 31 for k in range(5)]
        assert np.allclose(tensor[at : at + size], expected), scale
        assert np.allclose(tensor[hand_at : hand_at + 5], [((seat + k) % 5) / 10 for k in range(5)])


def test_layout_covers_the_tensor_once() -> None:
    for name in GAMES:
        enc = encoder(name)
        at = 0
        for _, offset, size, doc in enc.layout():
            assert offset == at and size > 0 and doc
            at += size
        assert at == enc.shape[0] <= 3000


def test_the_tensor_doc_is_generated_from_the_declarations() -> None:
    from pathlib import Path

    from parlour.envs.tensors import tensor_doc

    page = Path(__file__).resolve().parents[2] / "docs" / "research-tensors.md"
    assert page.read_text() == tensor_doc(), (
        "docs/research-tensors.md is stale: python -m parlour.envs.tensors > docs/research-tensors.md"
    )
