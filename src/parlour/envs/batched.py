"""Many tables of one game stepped by one call, for learners that act on batches.

`Tables("ribs(players=4)", 64)` holds 64 tables; `reset(seed)` deals them and `step(actions)`
plays one action at each (an array of 64 action indices, one per table, for the seat to
act there) and returns a `Batch` of stacked arrays, in the shape pgx and gymnasium's vector
environments give:

- `current_player` (N,): the seat to act at each table;
- `observation` (N, size) float32: that seat's tensor (parlour.envs.tensors);
- `legal_action_mask` (N, width) bool: its legal actions over the action indices;
- `rewards` (N, players) float32: what the step paid each seat of each table;
- `terminated`, `truncated` (N,) bool: the episode at that table ended with this step.

Each step's arrays are new and the batch's own: a learner may keep them or write into them.

Each table is what the PettingZoo environment (parlour.envs.pettingzoo) is with the same
`episode`, `reward`, `max_hands` and `max_cycles`: table i dealt as `raw_env(...)` reset
with seed `seed + i`, then reset without a seed at each episode's end, steps through the
same states and pays the same rewards (the tests hold the two to it).

**Auto-reset, in the same step.** A table whose episode ends is dealt its next episode at
once: the step returns the ended episode's rewards and flags with the new deal's
observation and mask, as pgx's `auto_reset` and gymnasium's `AutoresetMode.SAME_STEP` do
(`metadata["autoreset_mode"]`). The ended episode's own last observation is not returned:
at its end nobody is to act, so no tensor of it asks for an action, and the rewards are
the whole of what the end gives each seat.

**Episodes are hands by default**, not matches: a hand's zero-sum rewards are what a
learner is trained on, a hand is the longest stretch whose decisions share a reward, and
hands of fixed length keep the tables in step where matches run from a few hands to
thousands (a random Pitch match). `episode="match"` plays whole matches, as the PettingZoo
environment does by default.

Actions are indices into `Game.action_universe(options)`; for a game whose actions cannot be
listed (Paks) into the legal actions of the moment, as in the PettingZoo environment.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np

from parlour.engine import IllegalAction, State
from parlour.envs.incremental import SeatTensors
from parlour.envs.pettingzoo import (
    LEGAL_SLOTS,
    Episode,
    Reward,
    action_universe,
    deal,
    outcome_rewards,
    seat_rewards,
    zero_sum_rewards,
)
from parlour.envs.tensors import encoder_of
from parlour.games import game_from_spec


@dataclasses.dataclass
class Batch:
    """The tables after a reset or a step (see the module docstring)."""

    current_player: np.ndarray
    observation: np.ndarray
    legal_action_mask: np.ndarray
    rewards: np.ndarray
    terminated: np.ndarray
    truncated: np.ndarray


class Tables:
    """`num_tables` tables of one game under fixed options, stepped together."""

    metadata: dict[str, Any] = {"autoreset_mode": "SameStep"}

    def __init__(
        self,
        spec: str,
        num_tables: int,
        *,
        episode: Episode = "hand",
        reward: Reward = "zero_sum",
        max_hands: int | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        if num_tables < 1:
            raise ValueError("num_tables is at least 1")
        if episode not in ("match", "hand"):
            raise ValueError("episode is 'match' or 'hand'")
        if reward not in ("points", "zero_sum", "match"):
            raise ValueError("reward is 'points', 'zero_sum' or 'match'")
        game, found = game_from_spec(spec)
        if options:
            found = game.options(**{**found.to_json(), **options})
        self.game = game
        self.options = found
        self.num_tables = num_tables
        self.episode: Episode = episode
        self.reward: Reward = reward
        self.max_hands = max_hands
        self.max_cycles = max_cycles
        self.players = found.players
        self.encoder = encoder_of(game, found)
        self.universe: list[Any] | None
        self.index: dict[Any, int]
        self.universe, self.index, self.width = action_universe(game, found)
        self.states: list[State] = []
        self._seeds = [random.Random() for _ in range(num_tables)]
        self._tensors = [SeatTensors(self.encoder) for _ in range(num_tables)]
        self._legal: list[list[Any]] = [[] for _ in range(num_tables)]
        self._hands = [0] * num_tables
        self._cycles = [0] * num_tables
        self._batch: Batch | None = None

    # --- the cycle ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> Batch:
        """Deal every table: table i from seed `seed + i` (unseeded: from fresh randomness)."""
        for i, seeds in enumerate(self._seeds):
            seeds.seed(None if seed is None else seed + i)
        self.states = [self._deal(i) for i in range(self.num_tables)]
        batch = self._empty()
        self._look_all(batch)
        self._batch = batch
        return batch

    def step(self, actions: Any) -> Batch:
        """Play `actions[i]` (an action index) at table i, for every table; a table whose
        episode ends is dealt its next one in the same step."""
        if self._batch is None:
            raise RuntimeError("reset() the tables before stepping them")
        chosen = np.asarray(actions).reshape(-1)
        if chosen.shape[0] != self.num_tables:
            raise ValueError(f"{chosen.shape[0]} actions for {self.num_tables} tables")
        batch = self._empty()
        for i, index in enumerate(chosen.tolist()):
            self._play(i, int(index), batch)
        self._look_all(batch)
        self._batch = batch
        return batch

    def _empty(self) -> Batch:
        n = self.num_tables
        return Batch(
            current_player=np.zeros(n, np.int64),
            observation=np.empty((0, self.encoder.size), np.float32),
            legal_action_mask=np.zeros((n, self.width), np.bool_),
            rewards=np.zeros((n, self.players), np.float32),
            terminated=np.zeros(n, np.bool_),
            truncated=np.zeros(n, np.bool_),
        )

    def _deal(self, i: int) -> State:
        self._hands[i] = 0
        self._cycles[i] = 0
        return deal(self.game, self.options, self.episode, self._seeds[i])

    def _play(self, i: int, index: int, batch: Batch) -> None:
        state = self.states[i]
        if self.universe is not None:
            if not 0 <= index < self.width:
                raise ValueError(f"table {i}: action {index} is outside 0..{self.width - 1}")
            action = self.universe[index]
        else:
            legal = self._legal[i]
            if not 0 <= index < len(legal):
                raise ValueError(f"table {i}: action {index} is outside 0..{len(legal) - 1}")
            action = legal[index]
        try:
            state.apply(action)
        except IllegalAction as error:
            raise ValueError(f"table {i}: {error}") from error
        self._cycles[i] += 1
        if state.hand_over():
            self._hands[i] += 1
            batch.rewards[i] += self._hand_rewards(state.hand_scores())
        if state.to_act() is None:
            if self.reward == "match":
                batch.rewards[i] += outcome_rewards(self._winners(state), self.players)
            batch.terminated[i] = True
        elif (self.max_hands is not None and self._hands[i] >= self.max_hands) or (
            self.max_cycles is not None and self._cycles[i] >= self.max_cycles
        ):
            batch.truncated[i] = True
        else:
            return
        self.states[i] = self._deal(i)

    def _hand_rewards(self, scores: list[Any]) -> list[float]:
        if self.reward == "points":
            return seat_rewards(self.game, scores)
        if self.reward == "zero_sum":
            return zero_sum_rewards(self.game, scores)
        return [0.0] * self.players

    def _winners(self, state: State) -> list[int]:
        if self.episode == "match":
            return state.winners()
        scores = state.hand_scores()
        best = self.game.best(scores)
        return [s for s in range(self.players) if scores[s] == best]

    # --- what the seat to act sees ------------------------------------------------------------
    def _look_all(self, batch: Batch) -> None:
        """Each table's seat to act, its tensor and its legal actions into the batch: the
        tensors joined into one buffer and the mask set by one index, not row by row (a numpy
        row's every write costs more than the copy itself)."""
        tensors: list[Any] = []
        marks: list[int] = []
        width = self.width
        index = self.index
        current = batch.current_player
        for i, state in enumerate(self.states):
            seat = state.to_act()
            assert seat is not None, "a table is dealt again when its episode ends"
            current[i] = seat
            tensors.append(self._tensors[i].cells(state, seat))
            legal = state.legal_actions()
            at = i * width
            if self.universe is None:
                legal = legal[:LEGAL_SLOTS]
                marks.extend(range(at, at + len(legal)))
            else:
                marks.extend([at + index[action] for action in legal])
            self._legal[i] = legal
        batch.observation = np.frombuffer(bytearray().join(tensors), np.float32).reshape(
            self.num_tables, self.encoder.size
        )
        batch.legal_action_mask.reshape(-1)[marks] = True
