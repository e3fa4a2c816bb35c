"""Every registered game as a PettingZoo AEC environment, in the shape of PettingZoo classic.

`parlour.envs.ribs_v0.env(players=6)` (one module per game, with `env()` and `raw_env()`,
named by the game's tensor layout version: parlour.envs.contract), or
`parlour.envs.env("ribs(players=6)")` for any spec. `env` wraps the raw environment as
classic games are wrapped: `TerminateIllegalWrapper` (an illegal action ends the episode,
-1 for the seat that made it), `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper`.
Nothing here knows a game: observations, action indices and rewards come from the engine
interface, so a game added to the registry is an environment at once.

Agents are `player_0`..`player_{n-1}` (seats). An agent's observation is
`{"observation": float32 tensor, "action_mask": int8 vector}`: the tensor is the seat's
information state (parlour.envs.tensors, documented per game in docs/research-tensors.md),
read from `State.observation(seat, views=False)` without the past hands' results, so a
step costs the same in the first hand and the thousandth; each seat's tensor is kept from
step to step (parlour.envs.incremental), equal to the one built from the whole observation.
`env.unwrapped.layout` is the tensor layout's fingerprint (parlour.envs.contract): store it
beside weights trained on the environment, and `parlour.envs.contract.check(stored,
env.unwrapped.layout)` refuses them, naming both layouts, once the tensor has changed.

Actions are indices into `Game.action_universe(options)` (the game's codec,
`Game.action_to_index` / `index_to_action`); the mask marks the legal ones
for the agent to act (all zeros for the others). A game whose actions cannot be listed
(Paks names a capture by any group of cards) raises NotImplementedError there; its action
is then an index into the legal actions of the moment, in the game's order, the first
`LEGAL_SLOTS` of them (`index` maps each to its number).

Options of the environment (keywords beside the game's options):
- `episode`: "match" (default: hands are dealt until the match ends) or "hand" (one hand
  of a new match, dealt by a seeded random dealer; at termination the observation is
  still the finished hand's, not a next deal).
- `reward`: "points" (default: each finished hand pays its scores, negated where lower
  scores are better), "zero_sum" (each hand pays each seat's score less the mean, divided
  by the game's `score_scale`, the one its tensors divide scores by: the rewards of a hand
  sum to 0)
  or "match" (only the outcome: at the end of the episode, the winners of the match, or of
  the hand in hand episodes, share +1 each and the others pay for it equally, summing to 0).
- `max_hands` and `max_cycles`: the episode is truncated after that many finished hands,
  or that many actions (None: no limit). Random play can make a match last very long
  (Pitch: thousands of hands), so training loops should set one.
- `render_mode`: "ansi" (`render()` returns the spectator's view as text) or "human"
  (the same printed after every step).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from parlour.engine import Game, Options, State
from parlour.envs.contract import Fingerprint, fingerprint_of, module_name
from parlour.envs.incremental import SeatTensors
from parlour.envs.tensors import Encoder, encoder_of
from parlour.games import GAMES, game_from_spec
from parlour.views import generic_view

LEGAL_SLOTS = 1024
ENV_KEYWORDS = ("episode", "reward", "max_hands", "max_cycles", "render_mode")

Episode = Literal["match", "hand"]
Reward = Literal["points", "zero_sum", "match"]


def action_universe(game: Game, options: Options) -> tuple[list[Any] | None, dict[Any, int], int]:
    """The actions an env numbers, each action's number and the width of an action mask:
    the game's codec where it has one, else none (the legal actions of the moment fill the
    first `LEGAL_SLOTS` slots in their order)."""
    try:
        codec = game.action_codec(options)
    except NotImplementedError:
        return None, {}, LEGAL_SLOTS
    return list(codec.actions), codec.index_of_action, len(codec.actions)


def seat_rewards(game: Game, scores: list[Any]) -> list[float]:
    """Each seat's reward for a finished hand: its score, negated where lower is better."""
    return [game.score_sense * float(s) for s in scores]


def zero_sum_rewards(game: Game, scores: list[Any]) -> list[float]:
    """A finished hand's rewards less their mean, on the game's scale: they sum to 0."""
    points = seat_rewards(game, scores)
    mean = sum(points) / len(points)
    scale = game.score_scale
    return [(p - mean) / scale for p in points]


def outcome_rewards(winners: list[int], n: int) -> list[float]:
    """+1 to each winner, the losers paying for it equally (0 to all when all win)."""
    if not winners or len(winners) == n:
        return [0.0] * n
    loss = -len(winners) / (n - len(winners))
    return [1.0 if s in winners else loss for s in range(n)]


def deal(game: Game, options: Options, episode: Episode, seeds: random.Random) -> State:
    """A new episode's state, its deal drawn from `seeds`: a match, or for hand episodes one
    hand of a new match with a random dealer."""
    deal_seed = seeds.getrandbits(32)
    if episode == "hand":
        dealer = seeds.randrange(options.players)
        state = game.new_state(options, deal_seed, dealer=dealer)
        state.hand_only = True
        return state
    return game.new_state(options, deal_seed)


class ParlourEnv(AECEnv):
    """One game with fixed options as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {"name": "parlour_v0", "render_modes": ["ansi", "human"],
                                "is_parallelizable": False}

    def __init__(
        self,
        game: Game,
        options: Options,
        *,
        episode: Episode = "match",
        reward: Reward = "points",
        max_hands: int | None = None,
        max_cycles: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if episode not in ("match", "hand"):
            raise ValueError("episode is 'match' or 'hand'")
        if reward not in ("points", "zero_sum", "match"):
            raise ValueError("reward is 'points', 'zero_sum' or 'match'")
        if render_mode is not None and render_mode not in ("ansi", "human"):
            raise ValueError("render_mode is 'ansi', 'human' or None")
        self.metadata = {**ParlourEnv.metadata, "name": module_name(game)}
        self.game = game
        self.options = options
        self.episode = episode
        self.reward = reward
        self.max_hands = max_hands
        self.max_cycles = max_cycles
        self.render_mode = render_mode
        n = options.players
        self.n = n
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self.universe: list[Any] | None
        self.index: dict[Any, int]
        self.universe, self.index, self.width = action_universe(game, options)
        self.encoder: Encoder = encoder_of(game, options)
        self.layout: Fingerprint = fingerprint_of(game, options)
        """The fingerprint of the observation tensor's layout (parlour.envs.contract)."""
        self.tensors = SeatTensors(self.encoder)
        low, high = self.encoder.bounds()
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low, high, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.width,), np.int8),
            }
        )
        self._act_space = spaces.Discrete(self.width)
        self.observation_spaces = dict.fromkeys(self.possible_agents, self._obs_space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self._act_space)
        self._seeds = random.Random()
        self.match: Any = None
        self.hands = 0
        self.cycles = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    # --- the cycle ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.match = deal(self.game, self.options, self.episode, self._seeds)
        self.hands = 0
        self.cycles = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._agent_of(self.match.to_act())

    def _agent_of(self, seat: int | None) -> str:
        return self.possible_agents[seat if seat is not None else 0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self.match
        index = int(action)
        choices = self.universe if self.universe is not None else match.legal_actions()[:LEGAL_SLOTS]
        if not 0 <= index < len(choices):
            raise ValueError(f"action {index} is outside 0..{len(choices) - 1}")
        self.play(choices[index])

    def play(self, action: Any) -> None:
        """Apply an engine action (not an index) for the agent to act, with the bookkeeping
        of `step`: how a fixed bot's choice is played (parlour.single_agent), where Paks'
        capture may lie past the listed slots."""
        agent = self.agent_selection
        match = self.match
        self._cumulative_rewards[agent] = 0.0
        match.apply(action)
        self.cycles += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if match.hand_over():
            self.hands += 1
            self._pay(self._hand_rewards(match.hand_scores()))
        if match.to_act() is None:
            if self.reward == "match":
                self._pay(outcome_rewards(self._winners(), self.n))
            self._end(self.terminations, agent)
        elif (self.max_hands is not None and self.hands >= self.max_hands) or (
            self.max_cycles is not None and self.cycles >= self.max_cycles
        ):
            self._end(self.truncations, agent)
        else:
            self.agent_selection = self._agent_of(match.to_act())
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _hand_rewards(self, scores: list[Any]) -> list[float]:
        if self.reward == "points":
            return seat_rewards(self.game, scores)
        if self.reward == "zero_sum":
            return zero_sum_rewards(self.game, scores)
        return [0.0] * self.n

    def _winners(self) -> list[int]:
        """The episode's winners: the match's, or in hand episodes the best hand scores."""
        if self.episode == "match":
            return self.match.winners()
        scores = self.match.hand_scores()
        best = self.game.best(scores)
        return [s for s in range(self.n) if scores[s] == best]

    def _pay(self, rewards: list[float]) -> None:
        for s, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] += rewards[s]

    def _end(self, flags: dict[str, bool], agent: str) -> None:
        for a in self.agents:
            flags[a] = True
        seat = self.possible_agents.index(agent)
        self.agent_selection = self.possible_agents[(seat + 1) % self.n]

    # --- what an agent sees -----------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        tensor = self.tensors.tensor(self.match, seat).copy()
        return {"observation": tensor, "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> np.ndarray:
        """The legal actions of `seat` as a 0/1 vector over the action indices."""
        out = np.zeros(self.width, np.int8)
        match = self.match
        agent = self.possible_agents[seat]
        if match.to_act() != seat or self.terminations.get(agent) or self.truncations.get(agent):
            return out
        if self.universe is None:
            legal = match.legal_actions()[:LEGAL_SLOTS]
            self.index = {a: i for i, a in enumerate(legal)}
            out[: len(legal)] = 1
            return out
        for a in match.legal_actions():
            i = self.index.get(a)
            if i is None:
                raise ValueError(f"{self.game.name}: legal action {a!r} is not in action_universe")
            out[i] = 1
        return out

    def render(self) -> str | None:
        """The spectator's view as text ("ansi"), printed too for "human"."""
        if self.match is None or self.render_mode is None:
            return None
        obs = self.match.observation(None)
        view: Callable[[dict[str, Any]], str] = getattr(self.game, "render_text", generic_view)
        text = view(obs)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.match = None


def _split(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The environment's keywords and the game's options among `kwargs`."""
    ours = {k: v for k, v in kwargs.items() if k in ENV_KEYWORDS}
    return ours, {k: v for k, v in kwargs.items() if k not in ENV_KEYWORDS}


def wrap(raw: ParlourEnv) -> AECEnv:
    """The wrappers PettingZoo classic puts around its games."""
    wrapped: AECEnv = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


def raw_env(spec: str, **kwargs: Any) -> ParlourEnv:
    """The unwrapped environment of a spec (`raw_env("ribs(players=6)", episode="hand")`);
    game options may be given as keywords too."""
    game, options = game_from_spec(spec)
    ours, extra = _split(kwargs)
    if extra:
        options = game.options(**{**options.to_json(), **extra})
    return ParlourEnv(game, options, **ours)


def env(spec: str, **kwargs: Any) -> AECEnv:
    """The wrapped environment of a spec, as PettingZoo classic's `env()`."""
    return wrap(raw_env(spec, **kwargs))


def classic(name: str) -> tuple[Callable[..., AECEnv], Callable[..., ParlourEnv]]:
    """The `env` and `raw_env` of one game's module (parlour.envs.ribs_v0): keywords are
    the game's options and the environment's (`env(players=6, render_mode="ansi")`)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}")

    def game_raw_env(**kwargs: Any) -> ParlourEnv:
        return raw_env(name, **kwargs)

    def game_env(**kwargs: Any) -> AECEnv:
        return wrap(game_raw_env(**kwargs))

    game_env.__doc__ = f"{GAMES[name].title}, wrapped as PettingZoo classic wraps its games."
    game_raw_env.__doc__ = f"{GAMES[name].title}, unwrapped."
    return game_env, game_raw_env
