"""Train a masked-action policy on a parlour game with numpy alone, then play it in the arena.

The agent is a small two-layer network from the seat's information-state tensor
(`observation["observation"]`) to one logit per action of the game's action universe;
illegal actions are masked out (`observation["action_mask"]`) before the softmax, so it
only ever picks legal moves. It learns by REINFORCE in self-play: every seat plays the
same network for one hand (`episode="hand"`), each seat's decisions are credited with
its zero-sum reward for the hand (`reward="zero_sum"`), and Adam follows the gradient.

Train (about three minutes on one core), then seat the policy in the arena:

    .venv/bin/python examples/train_masked.py --game ribs --players 4 --seconds 180 --out ribs-policy.npz
    PYTHONPATH=examples .venv/bin/parlour arena ribs --players 4 --hands 400 \
        --bots 'train_masked:PolicyBot(weights=ribs-policy.npz),random'

`PolicyBot` is an outside bot (docs/bots.md): it reads the observation a person at its
seat sees, encodes it with the same encoder the environment uses, and plays the legal
action with the highest logit.
"""

from __future__ import annotations

import argparse
import functools
import time
from typing import Any

import numpy as np

from parlour.bots import Bot
from parlour.engine import Game
from parlour.envs import env as make_env
from parlour.envs.tensors import encoder_of


class Policy:
    """tensor -> tanh hidden layer -> one logit per action; masked softmax on top."""

    def __init__(self, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (hidden, actions)),
            "b2": np.zeros(actions),
        }

    def logits(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.params["w1"] + self.params["b1"])
        return h @ self.params["w2"] + self.params["b2"], h

    @staticmethod
    def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = np.where(mask > 0, logits, -np.inf)
        z = z - z.max(axis=-1, keepdims=True)
        p = np.exp(z)
        return p / p.sum(axis=-1, keepdims=True)

    def gradients(self, x: np.ndarray, mask: np.ndarray, actions: np.ndarray,
                  advantages: np.ndarray) -> dict[str, np.ndarray]:
        """The gradient of the mean of advantage * log pi(action | x) over a batch."""
        logits, h = self.logits(x)
        p = self.masked_softmax(logits, mask)
        d_logits = -p
        d_logits[np.arange(len(actions)), actions] += 1
        d_logits *= advantages[:, None] / len(actions)
        d_h = (d_logits @ self.params["w2"].T) * (1 - h * h)
        return {"w2": h.T @ d_logits, "b2": d_logits.sum(0), "w1": x.T @ d_h, "b1": d_h.sum(0)}

    def save(self, path: str, spec: str) -> None:
        np.savez(path, spec=spec, **self.params)

    @classmethod
    def load(cls, path: str) -> tuple[Policy, str]:
        data = np.load(path)
        policy = cls.__new__(cls)
        policy.params = {k: data[k] for k in ("w1", "b1", "w2", "b2")}
        return policy, str(data["spec"])


class Adam:
    def __init__(self, params: dict[str, np.ndarray], rate: float) -> None:
        self.rate, self.t = rate, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def ascend(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m = self.m[k] / (1 - 0.9**self.t)
            v = self.v[k] / (1 - 0.999**self.t)
            params[k] += self.rate * m / (np.sqrt(v) + 1e-8)


def play_hand(env: Any, policy: Policy, rng: np.random.Generator, seed: int) -> list[tuple]:
    """One self-play hand: each decision as (tensor, mask, action, agent), and the rewards."""
    env.reset(seed=seed)
    decisions = []
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        x, mask = obs["observation"], obs["action_mask"]
        p = policy.masked_softmax(policy.logits(x)[0], mask)
        action = int(rng.choice(len(p), p=p))
        decisions.append((x, mask, action, agent))
        env.step(action)
    return [(x, m, a, returns[agent]) for x, m, a, agent in decisions]


def train(spec: str, seconds: float, out: str, hidden: int = 64, batch: int = 16,
          rate: float = 3e-3, seed: int = 0) -> int:
    """Train for `seconds` and save the policy to `out`; returns the hands played."""
    env = make_env(spec, episode="hand", reward="zero_sum")
    rng = np.random.default_rng(seed)
    inputs = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    policy = Policy(inputs, int(env.action_space(env.possible_agents[0]).n), hidden, rng)
    adam = Adam(policy.params, rate)
    hands = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rows = []
        for _ in range(batch):
            rows += play_hand(env, policy, rng, seed=seed * 1_000_000 + hands)
            hands += 1
        x = np.stack([r[0] for r in rows]).astype(np.float64)
        mask = np.stack([r[1] for r in rows])
        actions = np.array([r[2] for r in rows])
        advantages = np.array([r[3] for r in rows])
        advantages = advantages / (advantages.std() + 1e-8)
        adam.ascend(policy.params, policy.gradients(x, mask, actions, advantages))
        if hands % (batch * 25) == 0:
            print(f"{hands} hands, {time.perf_counter() - start:.0f} s")
    policy.save(out, spec)
    return hands


@functools.cache
def _loaded(path: str) -> tuple[Policy, str]:
    return Policy.load(path)


class PolicyBot(Bot):
    """Plays a trained policy: the legal action with the highest logit."""

    name = "policy"

    def __init__(self, game: Game, seat: int, seed: int | None = None,
                 weights: str = "policy.npz") -> None:
        super().__init__(game, seat, seed)
        self.policy, spec = _loaded(weights)
        if not spec.startswith(game.name):
            raise ValueError(f"{weights} was trained on {spec}, not {game.name}")

    def choose(self, observation: dict[str, Any]) -> str:
        options = self.game.options(**observation["options"])
        x = encoder_of(self.game, options).encode(observation)
        logits = self.policy.logits(x)[0]
        legal = observation["legal_actions"]
        scores = [logits[self.game.action_to_index(options, text)] for text in legal]
        return legal[int(np.argmax(scores))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="ribs")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=180)
    parser.add_argument("--out", default="policy.npz")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    spec = f"{args.game}(players={args.players})"
    hands = train(spec, args.seconds, args.out, seed=args.seed)
    print(f"trained on {hands} hands of {spec}; saved {args.out}")


if __name__ == "__main__":
    main()
