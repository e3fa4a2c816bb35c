"""One seat against fixed bots as a gymnasium.Env: gymnasium's env checker passes for every
game, the bots sit where they are told, and the learner is paid its own seat's reward."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from parlour.envs.pettingzoo import zero_sum_rewards
from parlour.games import GAMES
from parlour.single_agent import SingleAgentEnv

UNBOUNDED = ("minimum value is -infinity", "maximum value is infinity")
"""The checker's remarks on a Box with infinite entries: scores and a game's own numbers
have no bound the rules declare (docs/research.md)."""


@pytest.mark.parametrize("name", sorted(GAMES))
def test_gymnasiums_env_checker_passes(name: str) -> None:
    env = SingleAgentEnv(f"{name}(players={GAMES[name].min_players})", seat=1, opponents="normal")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, skip_render_check=True)
    remarks = [str(w.message) for w in caught if not any(u in str(w.message) for u in UNBOUNDED)]
    assert not remarks


def _play(env: SingleAgentEnv, seed: int) -> tuple[float, list[int]]:
    """A legal episode, the learner taking its first legal action: its rewards and actions."""
    observation, _ = env.reset(seed=seed)
    total, taken = 0.0, []
    done = False
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        taken.append(action)
        observation, reward, terminated, truncated, info = env.step(action)
        assert not info.get("illegal")
        total += reward
        done = terminated or truncated
    return total, taken


def test_the_learner_is_paid_its_seats_share_of_the_hand() -> None:
    env = SingleAgentEnv("ribs(players=4)", seat=2, opponents=["random", "ribs-heuristic", "normal"])
    assert env.opponents == {0: "random", 1: "ribs-heuristic", 3: "normal"}
    total, taken = _play(env, 7)
    assert taken
    match = env.table.match
    assert match.hand_over()
    assert total == pytest.approx(zero_sum_rewards(match.game, match.hand_scores())[2])
    # The same seed and actions replay the same hand.
    assert _play(env, 7) == (total, taken)


def test_partners_are_bots_and_the_learner_may_sit_anywhere() -> None:
    env = SingleAgentEnv("couillon", seat=3, opponents="random", reward="points")
    total, _ = _play(env, 3)
    match = env.table.match
    assert total == pytest.approx(float(match.hand_scores()[3]))


def test_an_action_the_mask_forbids_ends_the_episode_with_minus_one() -> None:
    env = SingleAgentEnv("pitch", opponents="random")
    observation, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info) == (-1.0, True, False, {"illegal": True})
    with pytest.raises(RuntimeError, match="reset"):
        env.step(illegal)


def test_bad_tables_are_refused_with_a_sentence() -> None:
    with pytest.raises(ValueError, match="2 opponents for the 3 other seats"):
        SingleAgentEnv("ribs(players=4)", opponents=["random", "random"])
    with pytest.raises(ValueError, match="seat 4 is not at a table of 4"):
        SingleAgentEnv("ribs(players=4)", seat=4)
    with pytest.raises(Exception, match="nobody"):
        SingleAgentEnv("ribs(players=4)", opponents="nobody")
