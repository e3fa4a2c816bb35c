"""Clipped PPO with numpy alone, on one seat of a parlour game against fixed bots.

The standard algorithm (Schulman et al. 2017, as CleanRL's `ppo.py` writes it), on
`parlour.single_agent.SingleAgentEnv` through gymnasium's API: rollouts of `--rollout`
steps, advantages by GAE(gamma, lambda), then `--epochs` passes over shuffled minibatches
of the clipped surrogate objective with a value loss and an entropy bonus, advantages
normalised per minibatch, gradients clipped by their global norm, Adam for the steps.
The network is one tanh hidden layer shared by a policy head (one logit per action of
the game's action universe, illegal ones masked out before the softmax) and a value
head, its gradients written out by hand.

    .venv/bin/python examples/ppo_numpy.py --game "ribs(players=4)" --opponents random --steps 20000 \
        --lr 0.001 --rollout 512 --minibatch 128 --out ppo.npz

Each update prints the steps so far, the mean return of the episodes finished since the
last update, and the policy loss, value loss, entropy and approximate KL. `--out` saves
the weights with the layout they were trained on (`parlour.envs.contract.check` refuses
them once the game's tensor changes).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
from typing import Any

import numpy as np

from parlour.single_agent import SingleAgentEnv


@dataclasses.dataclass
class Settings:
    steps: int = 20_000
    rollout: int = 256
    epochs: int = 4
    minibatch: int = 64
    gamma: float = 0.99
    lam: float = 0.95
    clip: float = 0.2
    vf_coef: float = 0.5
    ent_coef: float = 0.01
    lr: float = 3e-4
    max_grad_norm: float = 0.5
    hidden: int = 64
    seed: int = 0


class ActorCritic:
    """x -> tanh(x W1 + b1) = h; logits = h Wp + bp; value = h Wv + bv."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        def layer(n_in: int, n_out: int, gain: float) -> np.ndarray:
            return (rng.standard_normal((n_in, n_out)) * gain / np.sqrt(n_in)).astype(np.float64)

        self.params = {
            "W1": layer(inputs, hidden, 1.0), "b1": np.zeros(hidden),
            "Wp": layer(hidden, actions, 0.01), "bp": np.zeros(actions),
            "Wv": layer(hidden, 1, 1.0), "bv": np.zeros(1),
        }

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The hidden layer, the masked action probabilities and the values of a batch."""
        p = self.params
        h = np.tanh(x @ p["W1"] + p["b1"])
        logits = np.where(mask, h @ p["Wp"] + p["bp"], -np.inf)
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return h, e / e.sum(axis=1, keepdims=True), (h @ p["Wv"] + p["bv"])[:, 0]


class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            params[k] -= self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def ppo_gradients(
    net: ActorCritic, s: Settings, x: np.ndarray, mask: np.ndarray, actions: np.ndarray,
    old_logp: np.ndarray, advantages: np.ndarray, returns: np.ndarray,
) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """The gradients of PPO's loss on one minibatch (clipped surrogate + value loss -
    entropy bonus), and its parts."""
    p = net.params
    b = len(actions)
    h, probs, values = net.forward(x, mask)
    rows = np.arange(b)
    logp_all = np.log(np.where(mask, probs, 1.0))
    logp = logp_all[rows, actions]
    ratio = np.exp(logp - old_logp)
    adv = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    clipped = np.clip(ratio, 1 - s.clip, 1 + s.clip)
    policy_loss = -np.minimum(ratio * adv, clipped * adv).mean()
    value_loss = 0.5 * ((values - returns) ** 2).mean()
    entropy_each = -(probs * logp_all).sum(axis=1)
    # d(-min(r A, clip(r) A))/d logp: -r A where the unclipped term is the one taken
    active = ~(((adv > 0) & (ratio > 1 + s.clip)) | ((adv < 0) & (ratio < 1 - s.clip)))
    g_logp = -(ratio * adv) * active / b
    onehot = np.zeros_like(probs)
    onehot[rows, actions] = 1.0
    g_logits = g_logp[:, None] * (onehot - probs)
    # -ent_coef * H: dH/dz = -p (log p + H)
    g_logits += s.ent_coef * probs * (logp_all + entropy_each[:, None]) / b
    g_logits = np.where(mask, g_logits, 0.0)
    g_values = s.vf_coef * (values - returns) / b
    grads = {
        "Wp": h.T @ g_logits, "bp": g_logits.sum(axis=0),
        "Wv": h.T @ g_values[:, None], "bv": g_values.sum(keepdims=True),
    }
    g_h = g_logits @ p["Wp"].T + g_values[:, None] @ p["Wv"].T
    g_z = g_h * (1 - h * h)
    grads["W1"] = x.T @ g_z
    grads["b1"] = g_z.sum(axis=0)
    norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
    if norm > s.max_grad_norm:
        grads = {k: g * (s.max_grad_norm / norm) for k, g in grads.items()}
    stats = {
        "policy_loss": float(policy_loss), "value_loss": float(value_loss),
        "entropy": float(entropy_each.mean()), "approx_kl": float(((ratio - 1) - np.log(ratio)).mean()),
    }
    return grads, stats


def gae(rewards: np.ndarray, values: np.ndarray, dones: np.ndarray, last_value: float,
        gamma: float, lam: float) -> tuple[np.ndarray, np.ndarray]:
    """GAE(gamma, lambda) advantages and the value targets (advantage + value)."""
    advantages = np.zeros_like(rewards)
    running = 0.0
    for t in range(len(rewards) - 1, -1, -1):
        next_value = last_value if t == len(rewards) - 1 else values[t + 1]
        alive = 1.0 - dones[t]
        delta = rewards[t] + gamma * next_value * alive - values[t]
        running = delta + gamma * lam * alive * running
        advantages[t] = running
    return advantages, advantages + values


def train(env: SingleAgentEnv, s: Settings, log: Any = print) -> tuple[ActorCritic, list[dict[str, float]]]:
    """PPO on `env` for `s.steps` steps: the network and each update's figures."""
    rng = np.random.default_rng(s.seed)
    inputs = int(np.prod(env.observation_space["observation"].shape))
    actions = int(env.action_space.n)
    net = ActorCritic(inputs, actions, s.hidden, rng)
    opt = Adam(net.params, s.lr)
    obs, _ = env.reset(seed=s.seed)
    history: list[dict[str, float]] = []
    finished: list[float] = []
    episode_return = 0.0
    done_steps = 0
    while done_steps < s.steps:
        n = min(s.rollout, s.steps - done_steps)
        xs = np.zeros((n, inputs))
        masks = np.zeros((n, actions), bool)
        acts = np.zeros(n, int)
        logps, values, rewards, dones = np.zeros(n), np.zeros(n), np.zeros(n), np.zeros(n)
        for t in range(n):
            xs[t] = obs["observation"]
            masks[t] = obs["action_mask"].astype(bool)
            _, probs, value = net.forward(xs[t : t + 1], masks[t : t + 1])
            a = int(rng.choice(actions, p=probs[0]))
            acts[t], logps[t], values[t] = a, np.log(probs[0, a]), value[0]
            obs, reward, terminated, truncated, _ = env.step(a)
            episode_return += reward
            if truncated and not terminated:
                _, _, tail = net.forward(obs["observation"][None].astype(float), obs["action_mask"][None].astype(bool))
                reward += s.gamma * float(tail[0])
            rewards[t], dones[t] = reward, float(terminated or truncated)
            if terminated or truncated:
                finished.append(episode_return)
                episode_return = 0.0
                obs, _ = env.reset()
        done_steps += n
        _, _, last = net.forward(obs["observation"][None].astype(float), obs["action_mask"][None].astype(bool))
        advantages, returns = gae(rewards, values, dones, float(last[0]), s.gamma, s.lam)
        figures: list[dict[str, float]] = []
        for _ in range(s.epochs):
            order = rng.permutation(n)
            for start in range(0, n, s.minibatch):
                k = order[start : start + s.minibatch]
                grads, stats = ppo_gradients(net, s, xs[k], masks[k], acts[k], logps[k], advantages[k], returns[k])
                opt.step(net.params, grads)
                figures.append(stats)
        update = {key: float(np.mean([f[key] for f in figures])) for key in figures[0]}
        update["steps"] = float(done_steps)
        update["mean_return"] = float(np.mean(finished)) if finished else float("nan")
        update["episodes"] = float(len(finished))
        finished = []
        history.append(update)
        log(
            f"steps {done_steps:>7}  return {update['mean_return']:+.3f} over {int(update['episodes'])} episodes  "
            f"policy {update['policy_loss']:+.4f}  value {update['value_loss']:.4f}  "
            f"entropy {update['entropy']:.3f}  kl {update['approx_kl']:.4f}"
        )
    return net, history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="ribs(players=4)", help="a game spec")
    parser.add_argument("--seat", type=int, default=0)
    parser.add_argument("--opponents", default="random", help="a bot spec for every other seat")
    parser.add_argument("--out", help="where to save the weights (.npz)")
    for field in dataclasses.fields(Settings):
        parser.add_argument(f"--{field.name.replace('_', '-')}", type=type(field.default), default=field.default)
    args = parser.parse_args()
    settings = Settings(**{f.name: getattr(args, f.name) for f in dataclasses.fields(Settings)})
    env = SingleAgentEnv(args.game, seat=args.seat, opponents=args.opponents)
    net, _ = train(env, settings)
    if args.out:
        np.savez(args.out, layout=json.dumps(env.layout), **net.params)
        print(f"saved {args.out}")


if __name__ == "__main__":
    main()
