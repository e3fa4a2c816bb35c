"""OpenSpiel's own learner on a parlour game, through OpenSpiel's rl_environment, numpy only.

OpenSpiel's NFSP needs a deep-learning framework (`open_spiel.python.jax.nfsp` imports
jax, flax and optax; `open_spiel.python.pytorch.nfsp` imports torch), and DMC is not
OpenSpiel's but RLCard's (`rlcard.agents.dmc_agent`, torch too); none of them is
installed here. So this runs the learner of OpenSpiel that needs numpy alone:
`open_spiel.python.algorithms.tabular_qlearner.QLearner`, the agent of OpenSpiel's own
`examples/tic_tac_toe_qlearner.py`, one per seat in self-play, on the parlour game as
pyspiel registers it (`parlour.envs.openspiel`). Its observations are parlour's tensors:
rl_environment hands each agent `information_state_tensor`, the seat's tensor
(`parlour.envs.encoder`), and the tabular agent keys its Q-values on it. A tabular
learner only generalises across deals that give the same tensor, so the game is kept
small: one hand over a few deals (`deals`).

    .venv/bin/python examples/openspiel_qlearning.py --game seven_and_a_half --players 2 --deals 20 --episodes 5000

It prints, before and after training, each learner's mean return in its own seat against
OpenSpiel's random agents in the others (greedy, no exploration), and the training's mean
TD error. The same loop runs OpenSpiel's NFSP where jax or torch is installed: swap the
agents for `open_spiel.python.pytorch.nfsp.NFSP(player_id, state_representation_size,
num_actions, ...)` (the size is `env.observation_spec()["info_state"][0]`).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent, tabular_qlearner

import parlour.envs.openspiel  # noqa: F401  (registers parlour_<game> with pyspiel)


def make_env(game: str, players: int, deals: int, seed: int) -> rl_environment.Environment:
    loaded = pyspiel.load_game(
        f"parlour_{game}", {"players": players, "deals": deals, "returns": "zero_sum", "options": json.dumps({})}
    )
    return rl_environment.Environment(loaded, seed=seed)


def evaluate(env: rl_environment.Environment, agents: list[Any], episodes: int) -> list[float]:
    """Each agent's mean return in its own seat, the other seats played by random agents."""
    n = env.num_players
    actions = env.action_spec()["num_actions"]
    randoms = [random_agent.RandomAgent(player_id=p, num_actions=actions) for p in range(n)]
    means = []
    for seat in range(n):
        seated = [agents[p] if p == seat else randoms[p] for p in range(n)]
        total = 0.0
        for _ in range(episodes):
            time_step = env.reset()
            while not time_step.last():
                player = time_step.observations["current_player"]
                time_step = env.step([seated[player].step(time_step, is_evaluation=True).action])
            total += time_step.rewards[seat]
        means.append(total / episodes)
    return means


def train(env: rl_environment.Environment, steps: int, log: Any = print) -> tuple[list[Any], dict[str, Any]]:
    """Q-learning in self-play for about `steps` decisions: the agents and the run's figures."""
    n = env.num_players
    actions = env.action_spec()["num_actions"]
    agents = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(n)]
    returns: list[list[float]] = []
    errors: list[float] = []
    done = 0
    while done < steps:
        time_step = env.reset()
        acted: set[int] = set()
        while not time_step.last():
            player = time_step.observations["current_player"]
            output = agents[player].step(time_step)
            time_step = env.step([output.action])
            acted.add(player)
            done += 1
            loss = agents[player].loss
            if loss is not None:
                errors.append(abs(float(loss)))
        for player in sorted(acted):  # a seat that never moved has nothing to learn, and
            agents[player].step(time_step)  # QLearner would keep the end as its last move
        returns.append(list(time_step.rewards))
    figures = {
        "decisions": done,
        "episodes": len(returns),
        "mean_return": np.mean(returns, axis=0).tolist(),
        "mean_td_error": float(np.mean(errors)) if errors else float("nan"),
        "info_states": [len(agent._q_values) for agent in agents],
    }
    log(
        f"{figures['episodes']} hands, {done} decisions; mean |TD error| {figures['mean_td_error']:.4f}; "
        f"information states learned per seat {figures['info_states']}"
    )
    return agents, figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="seven_and_a_half")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=20, help="the deals one hand is dealt from")
    parser.add_argument("--steps", type=int, default=20_000, help="decisions to train for")
    parser.add_argument("--eval-episodes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    np.random.seed(args.seed)  # the tabular agents draw from numpy's global generator
    env = make_env(args.game, args.players, args.deals, args.seed)
    actions = env.action_spec()["num_actions"]
    fresh = [tabular_qlearner.QLearner(player_id=p, num_actions=actions) for p in range(env.num_players)]
    print("before, each seat against random:", [round(x, 3) for x in evaluate(env, fresh, args.eval_episodes)])
    agents, _ = train(env, args.steps)
    print("after,  each seat against random:", [round(x, 3) for x in evaluate(env, agents, args.eval_episodes)])


if __name__ == "__main__":
    main()
