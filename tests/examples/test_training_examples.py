"""The training examples of docs/research.md run: numpy PPO on the single-agent env and
OpenSpiel's tabular Q-learner on the pyspiel game, each for a few hundred steps, with
finite losses and returns and a policy that moved."""

from __future__ import annotations

import math

import numpy as np
import openspiel_qlearning
import ppo_numpy
import pytest

from parlour.single_agent import SingleAgentEnv


def _batch(rng: np.random.Generator, b: int, inputs: int, actions: int) -> tuple[np.ndarray, ...]:
    x = rng.standard_normal((b, inputs))
    mask = rng.random((b, actions)) < 0.6
    mask[np.arange(b), rng.integers(0, actions, b)] = True
    acts = np.array([rng.choice(np.flatnonzero(row)) for row in mask])
    return x, mask, acts


def test_the_ppo_gradients_are_those_of_its_loss() -> None:
    """The hand-written backward pass against finite differences of the loss it reports
    (clipped surrogate + value loss - entropy bonus), with ratios inside and outside the
    clip."""
    rng = np.random.default_rng(3)
    s = ppo_numpy.Settings(max_grad_norm=math.inf, ent_coef=0.05)
    net = ppo_numpy.ActorCritic(6, 5, 4, rng)
    for params in net.params.values():
        params += rng.standard_normal(params.shape) * 0.3
    x, mask, acts = _batch(rng, 9, 6, 5)
    _, probs, _ = net.forward(x, mask)
    old_logp = np.log(probs[np.arange(9), acts]) + rng.uniform(-0.6, 0.6, 9)
    adv, ret = rng.standard_normal(9), rng.standard_normal(9)

    def loss() -> float:
        _, stats = ppo_numpy.ppo_gradients(net, s, x, mask, acts, old_logp, adv, ret)
        return stats["policy_loss"] + s.vf_coef * stats["value_loss"] - s.ent_coef * stats["entropy"]

    grads, _ = ppo_numpy.ppo_gradients(net, s, x, mask, acts, old_logp, adv, ret)
    for name, params in net.params.items():
        numeric = np.zeros_like(params)
        for i in np.ndindex(params.shape):
            keep = params[i]
            params[i] = keep + 1e-6
            up = loss()
            params[i] = keep - 1e-6
            down = loss()
            params[i] = keep
            numeric[i] = (up - down) / 2e-6
        assert np.allclose(grads[name], numeric, atol=1e-6), name


def test_gae_is_the_discounted_sum_of_td_errors() -> None:
    rewards, values = np.array([0.0, 0.0, 1.0, 0.5]), np.array([0.1, 0.2, 0.3, 0.4])
    dones = np.array([0.0, 0.0, 1.0, 0.0])
    adv, ret = ppo_numpy.gae(rewards, values, dones, last_value=0.7, gamma=0.9, lam=0.8)
    d2 = 1.0 - 0.3
    d1 = 0.9 * 0.3 - 0.2
    d0 = 0.9 * 0.2 - 0.1
    assert adv[2] == pytest.approx(d2)
    assert adv[1] == pytest.approx(d1 + 0.72 * d2)
    assert adv[0] == pytest.approx(d0 + 0.72 * (d1 + 0.72 * d2))
    assert adv[3] == pytest.approx(0.5 + 0.9 * 0.7 - 0.4)
    assert np.allclose(ret, adv + values)


def test_ppo_trains_on_the_single_agent_env() -> None:
    env = SingleAgentEnv("seven_and_a_half(players=4)", opponents="random")
    s = ppo_numpy.Settings(steps=384, rollout=128, minibatch=32, epochs=2, lr=1e-3, seed=5)
    net, history = ppo_numpy.train(env, s, log=lambda line: None)
    assert len(history) == 3
    for update in history:
        assert update["episodes"] > 0
        assert all(math.isfinite(v) for v in update.values()), update
    first = ppo_numpy.ActorCritic(net.params["W1"].shape[0], env.action_space.n, s.hidden,
                                  np.random.default_rng(s.seed))
    obs, _ = env.reset(seed=9)
    x, mask = obs["observation"][None].astype(float), obs["action_mask"][None].astype(bool)
    assert not np.allclose(first.forward(x, mask)[1], net.forward(x, mask)[1], atol=1e-4)


def test_openspiel_q_learning_trains_on_the_pyspiel_game() -> None:
    np.random.seed(0)
    env = openspiel_qlearning.make_env("seven_and_a_half", 2, 20, 0)
    agents, figures = openspiel_qlearning.train(env, 400, log=lambda line: None)
    assert figures["decisions"] >= 400
    assert all(math.isfinite(r) for r in figures["mean_return"])
    assert math.isfinite(figures["mean_td_error"]) and figures["mean_td_error"] > 0
    learned = [q for agent in agents for values in agent._q_values.values() for q in values.values() if q]
    assert learned and all(math.isfinite(q) for q in learned)
    means = openspiel_qlearning.evaluate(env, agents, 20)
    assert all(math.isfinite(m) for m in means)
