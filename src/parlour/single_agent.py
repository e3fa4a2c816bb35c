"""One seat learns, the others are fixed bots: a game as a single-agent gymnasium.Env.

```python
from parlour.single_agent import SingleAgentEnv

env = SingleAgentEnv("ribs(players=4)", seat=0, opponents="normal")
observation, info = env.reset(seed=1)
terminated = truncated = False
while not (terminated or truncated):
    legal = observation["action_mask"].nonzero()[0]
    observation, reward, terminated, truncated, info = env.step(int(legal[0]))
```

The shape of RLCard's `set_agents` and of the single-agent libraries (a PPO, a DQN): the
learner's seat is an agent of parlour's PettingZoo environment (parlour.envs.pettingzoo),
and every other seat is a bot named as the arena names them: a level (`easy`, `normal`,
`strong`), a bot (`random`, `ribs-heuristic`, `ismcts(iterations=50)`) or an outside bot
(`module:Class(param=value)`, docs/bots.md). `opponents` is one spec for every other
seat, or one per other seat in seat order. Partners are bots too: at Couillon the
learner's partner is the bot across the table.

- Observations, the action space and the Box are the PettingZoo environment's:
  `{"observation": float32 tensor, "action_mask": int8 vector}`, `Discrete(width)`.
- `step(action)` plays the learner's action, then the bots' until the learner is to act
  again or the episode ends; the reward is what the learner's seat was paid in between
  (`reward="zero_sum"` by default: each hand's score less the table's mean, over the
  game's score scale). A bot plays the move it chooses from the observation a person at
  its seat sees, as in the arena.
- An action the mask does not allow ends the episode with -1, as PettingZoo classic's
  `TerminateIllegalWrapper` does (`info["illegal"]` is True): gymnasium's spaces know no
  masks, and a learner that ignores the mask is told so at once.
- `episode="hand"` (default) is one hand; `"match"` deals until the match ends (set
  `max_hands` or `max_cycles`: random play can make a match long). A hand the bots finish
  before the learner's first move (a seat that never acts in it) is dealt again, since an
  episode starts at the learner's decision.
- `reset(seed=...)` seeds the deal and the bots, so a seed replays the same episode for
  the same actions (gymnasium's env checker holds the environment to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np

from parlour.bots import Bot, make_bot
from parlour.envs.pettingzoo import ParlourEnv, raw_env

DEALS_WITHOUT_A_MOVE = 100
"""Deals a reset tries for one where the learner moves before the episode ends."""


class SingleAgentEnv(gymnasium.Env):
    """One seat of a game against fixed bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        spec: str,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        episode: str = "hand",
        reward: str = "zero_sum",
        max_hands: int | None = None,
        max_cycles: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.table: ParlourEnv = raw_env(
            spec,
            episode=episode,
            reward=reward,
            max_hands=max_hands,
            max_cycles=max_cycles,
            render_mode=render_mode,
            **options,
        )
        n = self.table.n
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at a table of {n} (seats 0 to {n - 1})")
        others = [s for s in range(n) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise ValueError(f"{len(specs)} opponents for the {len(others)} other seats of a table of {n}")
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.opponents: dict[int, str] = dict(zip(others, specs, strict=True))
        game = self.table.game
        for other, bot_spec in self.opponents.items():
            make_bot(bot_spec, game, other, 0, outside=True)  # an unknown bot is refused here
        self.bots: dict[int, Bot] = {}
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)

    # --- gymnasium --------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        for _ in range(DEALS_WITHOUT_A_MOVE):
            numbers = self.np_random.integers(0, 2**31, size=1 + len(self.opponents))
            self.table.reset(seed=int(numbers[0]))
            game = self.table.game
            self.bots = {
                other: make_bot(spec, game, other, int(number), outside=True)
                for (other, spec), number in zip(self.opponents.items(), numbers[1:], strict=True)
            }
            self._bots_play()
            if not self._over():
                return self.table.observe(self.agent), {}
        raise RuntimeError(f"seat {self.seat} had no move in {DEALS_WITHOUT_A_MOVE} deals running")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        table = self.table
        if self._over():
            raise RuntimeError("the episode is over: call reset()")
        mask = table.mask(self.seat)
        index = int(action)
        if not (0 <= index < len(mask) and mask[index]):
            table.terminations = dict.fromkeys(table.agents, True)
            return table.observe(self.agent), -1.0, True, False, {"illegal": True}
        table.step(index)
        paid = table.rewards[self.agent] + self._bots_play()
        terminated = table.terminations[self.agent]
        truncated = table.truncations[self.agent] and not terminated
        return table.observe(self.agent), float(paid), terminated, truncated, {}

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        self.table.close()

    # --- the bots' turns --------------------------------------------------------------------
    def _over(self) -> bool:
        return bool(self.table.terminations[self.agent] or self.table.truncations[self.agent])

    def _bots_play(self) -> float:
        """The bots play until the learner is to act or the episode ends; what the
        learner's seat was paid meanwhile."""
        table = self.table
        paid = 0.0
        while not self._over() and table.agent_selection != self.agent:
            match = table.match
            seat = match.to_act()
            table.play(match.text_to_action(self.bots[seat].choose(match.observation(seat))))
            paid += table.rewards[self.agent]
        return paid
