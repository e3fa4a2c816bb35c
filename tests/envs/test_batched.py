"""The batched tables are N PettingZoo environments stepped together: the same states, the
same tensors, masks and rewards, table by table, and a new deal where an episode ends."""

from __future__ import annotations

import numpy as np
import pytest

from parlour.envs.batched import Tables
from parlour.envs.pettingzoo import ParlourEnv, raw_env
from parlour.games import GAMES

TABLES = 3
MOST_STEPS = 2000


def cases() -> list[object]:
    out = []
    for name, game in GAMES.items():
        counts = game.player_counts()
        for players in sorted({counts[0], counts[-1]}):
            out.append(pytest.param(name, players, id=f"{name}-{players}p"))
    return out


def _legal_mask(env: ParlourEnv, seat: int) -> np.ndarray:
    """The mask made from the legal actions themselves, independently of either env."""
    out = np.zeros(env.width, np.bool_)
    legal = env.match.legal_actions()
    if env.universe is None:
        out[: len(legal)] = True
    else:
        for action in legal:
            out[env.universe.index(action)] = True
    return out


@pytest.mark.parametrize(("name", "players"), cases())
@pytest.mark.parametrize("episode", ["hand", "match"])
def test_tables_step_as_single_envs(name: str, players: int, episode: str) -> None:
    kwargs = {"episode": episode, "reward": "zero_sum"}
    if episode == "match":
        kwargs["max_cycles"] = 60
    tables = Tables(f"{name}(players={players})", TABLES, **kwargs)
    singles = [raw_env(name, players=players, **kwargs) for _ in range(TABLES)]
    batch = tables.reset(seed=7)
    for i, env in enumerate(singles):
        env.reset(seed=7 + i)
    rng = np.random.default_rng(0)
    ended = steps = 0
    while ended < TABLES + 1 and steps < MOST_STEPS:
        steps += 1
        actions = []
        for i, env in enumerate(singles):
            agent = env.agent_selection
            seat = env.possible_agents.index(agent)
            seen = env.observe(agent)
            assert batch.current_player[i] == seat
            np.testing.assert_array_equal(batch.observation[i], seen["observation"])
            np.testing.assert_array_equal(batch.legal_action_mask[i], seen["action_mask"].astype(bool))
            np.testing.assert_array_equal(batch.legal_action_mask[i], _legal_mask(env, seat))
            actions.append(int(rng.choice(np.flatnonzero(batch.legal_action_mask[i]))))
        batch = tables.step(np.array(actions))
        for i, env in enumerate(singles):
            env.step(actions[i])
            paid = [env.rewards[a] for a in env.possible_agents]
            np.testing.assert_allclose(batch.rewards[i], paid, rtol=0, atol=1e-6)
            done = any(env.terminations.values()) or any(env.truncations.values())
            assert bool(batch.terminated[i]) == any(env.terminations.values())
            assert bool(batch.truncated[i]) == any(env.truncations.values())
            if done:
                ended += 1
                env.reset()
    assert ended > TABLES, "too few episodes ended: auto-reset was not exercised"


def test_a_table_is_dealt_again_in_the_step_its_hand_ends() -> None:
    tables = Tables("ribs(players=4)", 2)
    batch = tables.reset(seed=1)
    first = list(tables.states)
    rng = np.random.default_rng(1)
    for _ in range(400):
        before = list(tables.states)
        batch = tables.step([rng.choice(np.flatnonzero(m)) for m in batch.legal_action_mask])
        for i in range(2):
            if batch.terminated[i]:
                assert tables.states[i] is not before[i]
                assert tables.states[i].to_act() == batch.current_player[i]
                assert abs(float(batch.rewards[i].sum())) < 1e-5
                assert batch.legal_action_mask[i].any()
    assert all(a is not b for a, b in zip(first, tables.states, strict=True))


def test_an_illegal_action_names_its_table() -> None:
    tables = Tables("cramps(players=4)", 2)
    batch = tables.reset(seed=0)
    illegal = int(np.flatnonzero(~batch.legal_action_mask[1])[0])
    legal = int(np.flatnonzero(batch.legal_action_mask[0])[0])
    with pytest.raises(ValueError, match="table 1"):
        tables.step([legal, illegal])


def test_a_batch_is_its_own_writable_arrays() -> None:
    """A learner may write into what a step returns (normalise the tensors in place, mask
    out actions) without changing what the tables see or the next batch holds."""
    tables = Tables("yaniv(players=2)", 3)
    first = tables.reset(seed=4)
    kept = first.observation.copy()
    assert first.observation.flags.writeable and first.observation.dtype == np.float32
    assert first.observation.shape == (3, tables.encoder.size)
    first.observation[:] = -7.0
    action = [int(np.flatnonzero(m)[0]) for m in first.legal_action_mask]
    second = tables.step(action)
    assert not np.shares_memory(first.observation, second.observation)
    again = Tables("yaniv(players=2)", 3)
    np.testing.assert_array_equal(again.reset(seed=4).observation, kept)
    np.testing.assert_array_equal(again.step(action).observation, second.observation)
