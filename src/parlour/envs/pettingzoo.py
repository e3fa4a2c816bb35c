"""A PettingZoo AEC environment for every registered game, built from observations only.

`env("ribs(players=6)")` gives an environment whose agents are `player_0`..`player_{n-1}`
(seats). Nothing here knows a game: the observation vector, the action index and the
rewards come from the engine interface, so a game added to the registry is an
environment at once.

Observation of an agent: a dict `{"observation": float32 vector, "action_mask": int8
vector}`, read from `State.observation(seat)`, the same view a person at the seat has:
- the seat, the seat to act and the dealer, one-hot over the seats;
- the hand number, and the phase, one-hot over `PHASE_BUCKETS` buckets of a stable hash
  of its name (phases are game-defined strings, so the vector cannot list them; two phases
  of a game may share a bucket);
- every zone of the observation added into a slot chosen by its kind (`ZONE_KINDS`, other
  kinds share the last slot) and its owner relative to the seat (self, left, ..., and one
  slot for zones nobody owns): per slot the count of each face of the game's card universe
  (the distinct texts of `State.full_pack()`, sorted) and the count of hidden cards;
- the numbers of `scores` (nested lists and dicts flattened in key order, "p/q" read as a
  fraction), cut or padded to `SCORE_SLOTS_PER_SEAT` per seat.

Actions are indices into `Game.action_universe(options)`; the mask marks the legal ones
for the agent to act (all zeros for the others). A game whose actions cannot be listed
(Paks names a capture by any group of cards and any set of paks) raises NotImplementedError
there; its action is then an index into the legal actions of the moment, in the game's
order, the first `LEGAL_SLOTS` of them (`index` maps each to its number). Rewards: the hand's scores
(`State.hand_scores()`) when a hand ends, zero otherwise, signed by the game's score sense
(`Game.score_sense`): where lower scores are better (penalty points) the reward is the
score negated, so an agent maximising its reward plays the game's way. An episode is the whole match
(`episode="match"`, default) or one hand (`episode="hand"`).
"""

from __future__ import annotations

import random
import zlib
from fractions import Fraction
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from parlour.engine import Game, Options, State
from parlour.games import game_from_spec

ZONE_KINDS = ("hand", "table", "pile", "stock", "meld", "other")
PHASE_BUCKETS = 16
SCORE_SLOTS_PER_SEAT = 4
LEGAL_SLOTS = 1024


def env(spec: str, *, episode: Literal["match", "hand"] = "match") -> ParlourEnv:
    """The AEC environment of a game spec such as `ribs(players=6)`."""
    game, options = game_from_spec(spec)
    return ParlourEnv(game, options, episode=episode)


def seat_rewards(game: Game, scores: list[Any]) -> list[float]:
    """Each seat's reward for a finished hand: its score, negated where lower is better."""
    return [game.score_sense * float(s) for s in scores]


def _numbers(value: Any, out: list[float]) -> None:
    if isinstance(value, bool):
        out.append(float(value))
    elif isinstance(value, (int, float)):
        out.append(float(value))
    elif isinstance(value, str) and "/" in value:
        try:
            out.append(float(Fraction(value)))
        except (ValueError, ZeroDivisionError):
            pass
    elif isinstance(value, dict):
        for key in sorted(value):
            _numbers(value[key], out)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _numbers(item, out)


class ParlourEnv(AECEnv):
    """One game with fixed options as a PettingZoo AEC environment."""

    metadata = {"name": "parlour_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: Game,
        options: Options,
        *,
        episode: Literal["match", "hand"] = "match",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if episode not in ("match", "hand"):
            raise ValueError("episode is 'match' or 'hand'")
        self.game = game
        self.options = options
        self.episode = episode
        self.render_mode = render_mode
        n = options.players
        self.n = n
        self.possible_agents = [f"player_{s}" for s in range(n)]
        try:
            self.universe: list[Any] | None = list(game.action_universe(options))
        except NotImplementedError:
            self.universe = None
        self.index = {a: i for i, a in enumerate(self.universe or [])}
        self.width = len(self.universe) if self.universe is not None else LEGAL_SLOTS
        if self.universe is not None and len(self.index) != len(self.universe):
            raise ValueError(f"{game.name}: action_universe lists an action twice")
        probe = game.new_state(options, 0)
        self.faces = sorted(set(probe.full_pack()))
        self.face_index = {f: i for i, f in enumerate(self.faces)}
        self.zone_width = len(self.faces) + 1
        self.zone_slots = len(ZONE_KINDS) * (n + 1)
        self.score_slots = SCORE_SLOTS_PER_SEAT * n
        self.size = 3 * n + 1 + PHASE_BUCKETS + self.zone_slots * self.zone_width + self.score_slots
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.width,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.width)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeds = random.Random()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # --- the cycle ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.state = self.game.new_state(self.options, self._seeds.getrandbits(32))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of(self.state.to_act())

    def _agent_of(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None
        index = int(action)
        choices = self.universe if self.universe is not None else state.legal_actions()[:LEGAL_SLOTS]
        if not 0 <= index < len(choices):
            raise ValueError(f"action {index} is outside 0..{len(choices) - 1}")
        self._cumulative_rewards[agent] = 0.0
        state.apply(choices[index])
        self.rewards = dict.fromkeys(self.agents, 0.0)
        ended = False
        if state.hand_over():
            rewards = seat_rewards(self.game, state.hand_scores())
            for s, a in enumerate(self.possible_agents):
                if a in self.rewards:
                    self.rewards[a] = rewards[s]
            ended = self.episode == "hand"
        if ended or state.to_act() is None:
            self.terminations = dict.fromkeys(self.agents, True)
            seat = self.possible_agents.index(agent)
            self.agent_selection = self.possible_agents[(seat + 1) % self.n]
        else:
            self.agent_selection = self._agent_of(state.to_act())
        self._accumulate_rewards()

    # --- what an agent sees -----------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self.state
        assert state is not None
        seat = self.possible_agents.index(agent)
        obs = state.observation(seat)
        return {"observation": self.vector(obs), "action_mask": self.mask(state, seat)}

    def mask(self, state: State, seat: int) -> np.ndarray:
        out = np.zeros(self.width, np.int8)
        if state.to_act() == seat and not self.terminations.get(self.possible_agents[seat], False):
            if self.universe is None:
                legal = state.legal_actions()[:LEGAL_SLOTS]
                self.index = {a: i for i, a in enumerate(legal)}
                out[: len(legal)] = 1
                return out
            for a in state.legal_actions():
                i = self.index.get(a)
                if i is None:
                    raise ValueError(f"{self.game.name}: legal action {a!r} is not in action_universe")
                out[i] = 1
        return out

    def vector(self, obs: dict[str, Any]) -> np.ndarray:
        """The fixed-size vector of one observation (see the module docstring)."""
        n = self.n
        v = np.zeros(self.size, np.float32)
        seat = obs["seat"] or 0
        v[seat] = 1
        if obs["to_act"] is not None and 0 <= obs["to_act"] < n:
            v[n + obs["to_act"]] = 1
        if obs.get("dealer") is not None and 0 <= obs["dealer"] < n:
            v[2 * n + obs["dealer"]] = 1
        at = 3 * n
        v[at] = float(obs.get("hand_number") or 0)
        at += 1
        v[at + zlib.crc32(str(obs["phase"]).encode()) % PHASE_BUCKETS] = 1
        at += PHASE_BUCKETS
        width = self.zone_width
        faces = self.face_index
        for zone in obs["zones"]:
            kind = zone.get("kind")
            k = ZONE_KINDS.index(kind) if kind in ZONE_KINDS else len(ZONE_KINDS) - 1
            owner = zone.get("owner")
            rel = (owner - seat) % n if isinstance(owner, int) else n
            base = at + (k * (n + 1) + rel) * width
            for text in zone.get("cards", []):
                i = faces.get(text)
                if i is not None:
                    v[base + i] += 1
            v[base + width - 1] += zone.get("hidden", 0)
        at += self.zone_slots * width
        numbers: list[float] = []
        _numbers(obs["scores"], numbers)
        numbers = numbers[: self.score_slots]
        v[at : at + len(numbers)] = numbers
        return v

    def render(self) -> str | None:
        if self.state is None:
            return None
        return "\n".join(self.state.observation(None)["log"])

    def close(self) -> None:
        self.state = None
