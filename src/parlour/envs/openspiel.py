"""Every parlour game as an OpenSpiel game, so OpenSpiel's algorithms and tests run on them.

Importing this module (it needs the `openspiel` extra: `pip install -e '.[openspiel]'`)
registers `parlour_<game>` for every game with pyspiel as a Python game:

```
import pyspiel
import parlour.envs.openspiel
game = pyspiel.load_game("parlour_ribs", {"players": 6, "options": '{"lemons": true}'})
```

What an OpenSpiel game is here, and why:
- **One hand.** An OpenSpiel game ends; a parlour match may not (a target nobody need
  reach), so the OpenSpiel game is one hand of the match, dealt by seat 0. Its returns are
  each seat's hand score signed by the game's score sense (`returns="points"`), or that
  less the mean of the other seats' (`returns="zero_sum"`, zero-sum for any game). The
  utility bounds, the zero- or constant-sum type, the number of distinct actions and the
  longest game come from `Game.algorithm_facts`.
- **The deal is chance.** The first node is a chance node whose outcome k (of `deals`,
  each 1/deals) deals the hand from the seeded shuffle `seed + k`; everything random after
  it (a stock reshuffled, a thrown-in deal dealt again) follows from that shuffle's own
  stream. So the game is the hand over `deals` equally likely deals: a sample of the real
  deal space, and with a small `deals` a small game for exact solvers.
- **Actions** are the codec's numbers (`Game.action_to_index`); Paks, whose actions cannot
  be listed, numbers the legal actions of the moment (at most `LEGAL_SLOTS`).
- **What a seat knows**: the information-state and observation strings are the seat's
  observation (`State.observation(seat, views=False)`) as canonical JSON, and both
  tensors are `parlour.envs.encoder(spec)`'s tensor of it. `resample_from_infostate` is
  `Game.determinize` of that observation: a world drawn from what the seat knows only.
- Games without a bound on a hand's length (Yaniv; Mighty with thrown-in deals dealt again)
  end after `max_actions` decisions with every return 0 (truncated); 0 keeps the game's own
  bound where it has one.

`ISMCTS` is OpenSpiel's own information-set MCTS (open_spiel.python.algorithms.ismcts) as a
parlour bot, `parlour arena ribs --bots 'parlour.envs.openspiel:ISMCTS(simulations=200),ismcts'`.
Not the C++ `pyspiel.ISMCTSBot`: pyspiel's C++ wrapper of a Python state does not forward
`ResampleFromInfostate` to Python, so from C++ the resampling below is never reached.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import numpy as np
import pyspiel

from parlour.engine import Game, OptionsError, State
from parlour.envs.tensors import encoder_of
from parlour.games import GAMES

PREFIX = "parlour_"
LEGAL_SLOTS = 1024
"""Paks: how many legal actions of the moment can be numbered."""
DEFAULT_DEALS = 1000
UNBOUNDED_CAP = 2000
"""`max_actions` of a game whose hands have no bound, unless given."""


def short_name(game: Game) -> str:
    return PREFIX + game.name


def _parameters(game: Game) -> dict[str, Any]:
    return {
        "players": game.Options().players,
        "options": "{}",
        "deals": DEFAULT_DEALS,
        "seed": 0,
        "returns": "points",
        "max_actions": 0,
    }


GAME_STRING_COMMA = ";"
"""What separates the options in the game's string: OpenSpiel cuts a game string's
parameters at every comma, so `options` is kept there as JSON with this in place of its
commas, and read back from either form."""


def _read_options(text: str) -> dict[str, Any]:
    try:
        extra = json.loads(text)
    except json.JSONDecodeError as exc:
        try:
            extra = json.loads(text.replace(GAME_STRING_COMMA, ","))
        except json.JSONDecodeError:
            raise OptionsError(f"'options' is a JSON object of option values: {exc}") from None
    if not isinstance(extra, dict):
        raise OptionsError("'options' is a JSON object of option values")
    return extra


def _game_type(game: Game) -> pyspiel.GameType:
    """The registered type: the most general utility any options give (the loaded game's
    own `get_type()` says which its options make)."""
    return _type_of(game, pyspiel.GameType.Utility.GENERAL_SUM)


def _type_of(game: Game, utility: Any) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name(game),
        long_name=f"parlour {game.title} (one hand)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(game),
    )


class ParlourGame(pyspiel.Game):
    """One parlour game under fixed options, as an OpenSpiel game of one hand."""

    def __init__(self, game: Game, params: dict[str, Any] | None = None) -> None:
        values = {**_parameters(game), **(params or {})}
        extra = _read_options(values["options"])
        values["options"] = json.dumps(extra, sort_keys=True, separators=(GAME_STRING_COMMA, ":"))
        self.parlour = game
        self.options = game.options(**{**extra, "players": values["players"]})
        self.deals = int(values["deals"])
        self.seed = int(values["seed"])
        self.zero_sum_returns = values["returns"] == "zero_sum"
        if values["returns"] not in ("points", "zero_sum"):
            raise OptionsError("'returns' is 'points' or 'zero_sum'")
        if self.deals < 1:
            raise OptionsError("'deals' must be at least 1")
        facts = game.algorithm_facts(self.options)
        self.facts = facts
        bound = facts.max_hand_actions
        cap = int(values["max_actions"])
        self.max_actions = cap if cap > 0 else (bound if bound is not None else UNBOUNDED_CAP)
        self.truncates = bound is None or self.max_actions < bound
        try:
            self.codec: Any = game.action_codec(self.options)
            actions = len(self.codec)
        except NotImplementedError:
            self.codec = None
            actions = LEGAL_SLOTS
        self.encoder = encoder_of(game, self.options)
        n = self.options.players
        sense = game.score_sense
        low, high = sorted(sense * float(b) for b in facts.hand_score_bounds)
        if self.truncates:
            low, high = min(low, 0.0), max(high, 0.0)
        utility_sum: float | None = None
        if self.zero_sum_returns:
            low, high = low - high, high - low
            utility_sum, kind = 0.0, pyspiel.GameType.Utility.ZERO_SUM
        elif facts.hand_score_sum is not None and (facts.hand_score_sum == 0 or not self.truncates):
            utility_sum = sense * float(facts.hand_score_sum)
            kind = pyspiel.GameType.Utility.ZERO_SUM if utility_sum == 0 else pyspiel.GameType.Utility.CONSTANT_SUM
        else:
            kind = pyspiel.GameType.Utility.GENERAL_SUM
        info = pyspiel.GameInfo(
            num_distinct_actions=actions,
            max_chance_outcomes=self.deals,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=utility_sum,
            max_game_length=self.max_actions,
        )
        super().__init__(_type_of(game, kind), info, values)

    def new_initial_state(self) -> ParlourSpielState:
        return ParlourSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> SeatObserver:
        return SeatObserver(self, params)

    def max_chance_nodes_in_history(self) -> int:
        return 1


class _Match:
    """The parlour state inside an OpenSpiel state. OpenSpiel clones a Python state by
    deep-copying its attributes; this copies the match with the engine's cheap `clone`
    instead, and the game's tables are never copied."""

    def __init__(self, state: State | None, decisions: int = 0) -> None:
        self.state = state
        self.decisions = decisions

    def __deepcopy__(self, memo: dict[int, Any]) -> _Match:
        return _Match(None if self.state is None else self.state.clone(), self.decisions)


class ParlourSpielState(pyspiel.State):
    """One hand: a chance node for the deal, then the seats' decisions."""

    def __init__(self, game: ParlourGame) -> None:
        super().__init__(game)
        self.match = _Match(None)

    def _spiel(self) -> ParlourGame:
        game = self.get_game()
        assert isinstance(game, ParlourGame)
        return game

    def _truncated(self) -> bool:
        return self.match.decisions >= self._spiel().max_actions

    def current_player(self) -> int:
        state = self.match.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = state.to_act()
        if seat is None or self._truncated():
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def is_terminal(self) -> bool:
        return self.current_player() == pyspiel.PlayerId.TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = self._spiel().deals
        return [(k, 1.0 / deals) for k in range(deals)]

    def _legal_actions(self, player: int) -> list[int]:
        state = self.match.state
        assert state is not None
        legal = state.legal_actions()
        codec = self._spiel().codec
        if codec is None:
            return list(range(min(len(legal), LEGAL_SLOTS)))
        return sorted(codec.index_of_action[a] for a in legal)

    def _apply_action(self, action: int) -> None:
        spiel = self._spiel()
        if self.match.state is None:
            state = spiel.parlour.new_state(spiel.options, spiel.seed + int(action))
            state.hand_only = True
            self.match = _Match(state)
            return
        state = self.match.state
        if spiel.codec is None:
            state.apply(state.legal_actions()[action])
        else:
            state.apply(spiel.codec.actions[action])
        self.match.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        spiel = self._spiel()
        if spiel.codec is not None:
            return str(spiel.codec.texts[action])
        state = self.match.state
        assert state is not None
        legal = state.legal_actions()
        return state.action_to_text(legal[action]) if 0 <= action < len(legal) else f"legal action {action}"

    def returns(self) -> list[float]:
        spiel = self._spiel()
        n = spiel.options.players
        state = self.match.state
        if state is None or not state.is_over():
            return [0.0] * n
        sense = spiel.parlour.score_sense
        points = [sense * float(s) for s in state.hand_scores()]
        if not spiel.zero_sum_returns:
            return points
        total = sum(points)
        return [p - (total - p) / (n - 1) for p in points]

    def observation_of(self, player: int) -> dict[str, Any] | None:
        """What seat `player` knows (None before the deal)."""
        state = self.match.state
        return None if state is None else state.observation(player, views=False)

    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return _canonical(self.observation_of(seat), seat)

    def observation_string(self, player: int | None = None) -> str:
        return self.information_state_string(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourSpielState:
        """A state drawn from what seat `player_id` knows: `Game.determinize` of its
        observation, seeded by the sampler (a pyspiel sampler, or any callable giving a
        number in [0, 1))."""
        return self.resample(player_id, random.Random(int(probability_sampler() * 2**53)))

    def resample(self, player: int, rng: random.Random) -> ParlourSpielState:
        spiel = self._spiel()
        other = ParlourSpielState(spiel)
        obs = self.observation_of(player)
        if obs is None:
            other.match = _Match(None)
            return other
        world = spiel.parlour.determinize(obs, rng)
        world.hand_only = True
        other.match = _Match(world, self.match.decisions)
        return other

    def __str__(self) -> str:
        state = self.match.state
        if state is None:
            return "before the deal"
        from parlour.record import record_of

        return json.dumps(record_of(state), separators=(",", ":"))


def _canonical(observation: dict[str, Any] | None, seat: int) -> str:
    if observation is None:
        return f"seat {seat}, before the deal"
    return json.dumps(observation, sort_keys=True, separators=(",", ":"))


class SeatObserver:
    """OpenSpiel's observer: one seat's observation as the encoder's tensor and as JSON."""

    def __init__(self, game: ParlourGame, params: Any = None) -> None:
        if params:
            raise ValueError(f"parlour observers take no parameters, not {params}")
        self.encoder = game.encoder
        self.tensor = np.zeros(self.encoder.shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourSpielState, player: int) -> None:
        obs = state.observation_of(player)
        if obs is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.encoder.encode(obs)

    def string_from(self, state: ParlourSpielState, player: int) -> str:
        return _canonical(state.observation_of(player), player)


def load(game_name: str, **params: Any) -> ParlourGame:
    """The OpenSpiel game of a parlour game with pyspiel parameters (`players`, `options` as
    a JSON object, `deals`, `seed`, `returns`, `max_actions`)."""
    spiel = pyspiel.load_game(PREFIX + game_name, params)
    assert isinstance(spiel, ParlourGame)
    return spiel


def spiel_state_of(spiel: ParlourGame, state: State) -> ParlourSpielState:
    """An OpenSpiel state around a parlour state (a world a bot sampled for itself)."""
    out = ParlourSpielState(spiel)
    copy = state.clone()
    copy.hand_only = True
    out.match = _Match(copy)
    return out


class ISMCTS:
    """OpenSpiel's information-set MCTS (its Python ISMCTSBot with random rollouts) playing
    a parlour seat. It searches the OpenSpiel game of the current hand, so it maximises the
    hand's points; its worlds come from `Game.determinize` of its own observation, never
    from the true state. Parameters: `simulations` (100), `uct_c` (2.0), `rollouts` (1),
    `worlds` (the most worlds sampled at the root; 0: a new world every simulation).

    It is an outside bot in form (a class with `choose`), not a subclass of parlour's Bot:
    the learned players in parlour.bots read the research tensors of this package, so this
    package may not import parlour.bots back."""

    name = "openspiel-ismcts"
    time_limit: float | None = None
    READS: frozenset[str] | None = None
    last_reason: str | None = None

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        simulations: str = "100",
        uct_c: str = "2.0",
        rollouts: str = "1",
        worlds: str = "0",
    ) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.simulations = int(simulations)
        self.uct_c = float(uct_c)
        self.rollouts = int(rollouts)
        self.worlds = int(worlds)
        if self.simulations < 1 or self.rollouts < 1 or self.worlds < 0 or not self.uct_c >= 0:
            raise ValueError("simulations and rollouts are at least 1, worlds and uct_c at least 0")
        self._spiel: dict[str, ParlourGame] = {}

    def choose(self, observation: dict[str, Any]) -> str:
        from open_spiel.python.algorithms import ismcts, mcts

        legal = observation["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        key = json.dumps(observation["options"], sort_keys=True)
        spiel = self._spiel.get(key)
        if spiel is None:
            options = dict(observation["options"])
            players = options.pop("players")
            spiel = load(self.game.name, players=players, options=json.dumps(options))
            self._spiel[key] = spiel
        world = self.game.determinize(observation, self.rng)
        root = spiel_state_of(spiel, world)
        numbers = np.random.RandomState(self.rng.getrandbits(32))
        bot = ismcts.ISMCTSBot(
            game=spiel,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=self.rollouts, random_state=numbers),
            uct_c=self.uct_c,
            max_simulations=self.simulations,
            max_world_samples=self.worlds or ismcts.UNLIMITED_NUM_WORLD_SAMPLES,
            random_state=numbers,
        )
        bot.set_resampler(lambda state, player: state.resample(player, self.rng))
        action = bot.step(root)
        return root.action_to_string(self.seat, action)


@dataclasses.dataclass
class TreeSize:
    """The size of a game's tree: every history (chance and terminal ones included), the
    terminal ones, and the information states of each seat; `complete` is False when the
    count stopped at its cap."""

    states: int
    terminals: int
    infostates: list[int]
    complete: bool


def tree_size(game: ParlourGame, cap: int | None = None) -> TreeSize:
    """Walk the whole tree (depth first, no recursion), up to `cap` histories."""
    n = game.num_players()
    seen: list[set[str]] = [set() for _ in range(n)]
    states = terminals = 0
    stack = [game.new_initial_state()]
    while stack:
        if cap is not None and states >= cap:
            return TreeSize(states, terminals, [len(s) for s in seen], False)
        state = stack.pop()
        states += 1
        if state.is_terminal():
            terminals += 1
        elif state.is_chance_node():
            stack.extend(state.child(a) for a, _ in state.chance_outcomes())
        else:
            seen[state.current_player()].add(state.information_state_string())
            stack.extend(state.child(a) for a in state.legal_actions())
    return TreeSize(states, terminals, [len(s) for s in seen], True)


def register_all() -> None:
    """Register `parlour_<game>` for every game (once; importing the module does it).

    pyspiel keeps what it registers until the process has finalised Python; a class (one
    per game) outlives that, where a plain function freed then would abort the exit."""
    registered = set(pyspiel.registered_names())
    for game in GAMES.values():
        if short_name(game) not in registered:
            pyspiel.register_game(_game_type(game), _game_class(game))


def _game_class(game: Game) -> type[ParlourGame]:
    def __init__(self: ParlourGame, params: dict[str, Any] | None = None) -> None:
        ParlourGame.__init__(self, game, params)

    return type(f"Parlour{game.title.replace(' ', '').replace('-', '')}Game", (ParlourGame,), {"__init__": __init__})


register_all()
