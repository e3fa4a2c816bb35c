"""Information-set Monte Carlo search: a search bot for every registered game.

It sees only its own observation and samples worlds consistent with it with
`Game.determinize`; the only per-game knowledge it may use is the game's heuristic bot
(`Game.heuristic_bot()`), as a model of how the others play. Two forms share the code:

**Model search (`root=paired`, the default when the game has a heuristic bot).** The
heuristic bot plays every seat after the root move, in its cheaper rollout form
(`ROLLOUT_PARAMS` on the bot class: Ribs' takes 4 samples instead of 24). The candidates
are the heuristic's own choice at full strength (the prior) and rivals: every other legal
move when the budget can compare them all over `MIN_PAIRED_WORLDS` worlds, else the moves
the model itself picks when asked again with other seeds (its near misses), then a random
fill. Each sampled world is played out once after every live candidate with the model
bots reseeded alike (common random numbers), so two candidates' outcomes differ only
through the move. It is a race: from `SETTLE_WORLDS` worlds on, a rival whose gain over
the prior, world by world, is surely negative or surely positive (a Student-t interval of
`z` standard errors, raised for the number of rivals, Bonferroni) stops being played, and
the search ends when no rival is left open or the budget is spent. A rival replaces the
prior only when its gain is surely positive. So the bot plays the heuristic's move unless
the playouts show clearly that another is better: one step of policy improvement on the
heuristic, which is what the measured budgets can afford (tens of playouts per move; a
deeper tree would see each of its nodes a handful of times). Clear decisions end after a
few worlds and close ones get the budget; a game without chance (Ridge) settles each race
at once. The default budget, `DEFAULT_PAIRED_ITERATIONS` playouts per move at most, is
the one that keeps `parlour arena ribs --players 6 ... --hands 1000 --jobs 2` within
about half an hour on two cores.

**Inference (`infer=1`, the default where the model can judge).** A uniform
determinization deals the hidden cards as if the others' play said nothing about them,
so a search on it thinks a seat that raised to 11 holds an average hand and that the
ribs it hid are any two unseen cards. Where the model bot offers
`plausibility(observation)` (how well the hand in a seat's view of a world fits what that
seat did; Ribs' heuristic judges the current round's bids and the ribs, Yaniv's a seat's
last discard and draw, Seven and a Half's a punter's draws and stand), each world of the
model search is drawn again until the judges accept it (`sample_world`: rejection
sampling, at most `tries` draws). The judges play no part in a game whose model cannot
judge, and `infer=0` turns them off. Measured on Ribs, the judge's
signal is weak, since the heuristic raises on most hands, and the effect on strength is
within the noise of a 1,000-hand run. At Seven and a Half it is what keeps the search's
banker from standing on 3 against a punter whose stand said it holds 5 or more.

**Tree search (`root=ucb`, the default for a game without a heuristic bot).**
Single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012): one tree for the
searching seat, whose nodes are sequences of actions. Each iteration samples a world,
walks the tree inside it choosing, at every node, the child that maximises UCB1 among the
actions legal *in that world* (each child counts how often it was available, so actions
legal only in some worlds are not favoured), adds one node, plays the hand out with the
rollout policy and backs up the result. Every seat's decisions in the tree maximise that
seat's own reward (max^n style); with `rollout=heuristic` the other seats' decisions in
the tree are the model's instead, so the tree branches on the bot's own moves. Forced
moves (one legal action) are followed without a decision. Why single-observer: it needs
nothing from a game beyond the interface (a many-tree variant would need each game to say
how others see an action). Its known weakness is that, below the root, the tree branches
on opponents' hidden actions (a fold, Ribs' face-down ribs), so later nodes are a little
optimistic; the root decision, the one that is played, averages over all sampled worlds.
Sampling a world replays the hand so far, which costs several rollouts' worth of time,
so the tree search samples `worlds` distinct worlds and then reuses copies of them in
turn (with the defaults each world is walked eight times); `worlds=0` samples afresh
every iteration, as in the paper.

The search stops at the end of the current hand. Rewards need no code of a game's own:
`reward=mixed` (default) is half the relative score, `(score - lowest) / (highest -
lowest)` over the seats (0.5 each when all are equal, so it lies in [0, 1] whatever a
game's scale), and half a hand-win bonus (1 for every seat with the best score), since a
hand won is what a match counts in Ribs; `reward=relative` is the relative score alone;
`reward=margin` is the seat's score minus the others' mean (the arena's duplicate margin;
unscaled, so meant for `root=paired`, whose test does not depend on scale). Each reward
reads the game's score sense (`Game.score_sense`): where lower hand scores are better
(penalty points) the scores are negated first, so "best" is the lowest.

**Weighing, for hints (`ISMCTSBot.weigh`).** A hint must show figures that agree with
its advice, which a race's cannot: the race plays the heuristic's move unless a rival is
surely better, and a rival settled after four worlds keeps a mean over those four. So a
hint plays the heuristic's move and its rivals (every legal move when `moves` allows) on
the same worlds, every one of them on each, the model bots reseeded alike, and stops at
the time limit, at `deals` worlds, or from `least` worlds on once the best move so far is
surely ahead of or level with every other; what it makes of the figures is
parlour.analysis.advice's business.

Speed: playouts work on copies that stop at the hand's end (`clone(hand_only=True)`: no
next deal), apply actions with the unchecked `push` (every action they play comes from
the world's own legal list, or is the searching seat's legal move, legal in every world
sampled from its observation), and give the model bots `observation(seat, views=False)`,
the facts without the views drawn for people (with `keys=` the model's `READS` where it
declares them, so the engine skips the keys it never reads, such as the public history);
the model's answers are read as actions once per text in a search.

Parameters (all optional): `iterations` (playouts per move, at most for the model
search; default `DEFAULT_PAIRED_ITERATIONS` for the model search, `DEFAULT_ITERATIONS`
for the tree) or `seconds` per move (a time budget replaces the iteration budget, lets
the model search race every legal move, and is not reproducible); `rollout=heuristic`
(default where there is a heuristic bot), `random` or `mast` (move-average sampling:
actions that did well for whoever played them earlier in this search are preferred, with
`MAST_EPSILON` random moves); `root=paired` or `ucb`; `z` (default `DEFAULT_Z`); `c`,
the UCB exploration constant (default `DEFAULT_C`, for rewards in [0, 1]); `worlds`
(tree only, default `DEFAULT_WORLDS`); `bias` > 0 adds `bias / (1 + visits)` to the
heuristic bot's choice at the tree's root (a prior); `infer=0` samples worlds uniformly
even where the model can judge them; `tries` (default `WORLD_TRIES`), the draws of a
world the judges may reject before the most plausible of them is kept: where several
seats are judged, ten draws often end on that fallback, whose worlds are surer of the
others' cards than their play says (about one world in six at Seven and a Half, one in
two at 6-player Ribs); `model`, the bot that is the model (a name of parlour.bots.models;
default the game's heuristic bot): `model=learned` makes the learned player
(parlour.bots.learned) the prior, the source of the rivals (its ranking of the legal
moves, best first, where a model offers `preferences`) and the player of every seat in
the playouts, so it is also the opponent model; it cannot judge worlds,
so they are sampled uniformly; `opponents`, another such name, plays the other seats in
the playouts and judges the worlds instead (default: the model), as
`ismcts(model=learned, opponents=ribs-heuristic)` keeps the heuristic's cheap moves and
its judge for the others while the learned player chooses for the searching seat. Every
playout is played to the hand's end. A seeded bot with an iteration budget
plays the same moves on the same observations.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
import time
from collections.abc import Sequence
from statistics import NormalDist
from typing import Any

from parlour.bots.base import Bot
from parlour.bots.models import make_model
from parlour.engine import Action, Game, OptionsError, State

DEFAULT_ITERATIONS = 400
DEFAULT_PAIRED_ITERATIONS = 64
DEFAULT_WORLDS = 50
DEFAULT_C = 0.4
DEFAULT_REWARD = "mixed"
MAST_EPSILON = 0.3
DEFAULT_Z = 1.0
MIN_PAIRED_WORLDS = 8
SETTLE_WORLDS = 4
WORLD_TRIES = 10


MAX_ITERATIONS = 1_000_000  # playouts per move: beyond this a move takes hours
MAX_SECONDS = 600.0  # seconds per move
MAX_WORLDS = 100_000
MAX_WORLD_TRIES = 10_000  # draws of a world before the most plausible is kept


def earliest(deadline: float | None, seconds: float | None) -> float | None:
    """The sooner of a host's deadline and the bot's own time budget from now (None: no
    time limit at all, the iteration budget alone ends the search)."""
    own = time.perf_counter() + seconds if seconds is not None else None
    limits = [t for t in (deadline, own) if t is not None]
    return min(limits) if limits else None


def bounded(name: str, value: Any, low: float, high: float, whole: bool = False) -> float:
    """`value` (a spec's text or a number) as a number within [low, high], else an
    OptionsError naming the parameter: a setting such as `c=nan` or `worlds=-5` would
    otherwise be accepted and then fail on every move, or `seconds=inf` never end one."""
    kind = "a whole number" if whole else "a number"
    try:
        number = int(value) if whole else float(value)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if not (math.isfinite(number) and low <= number <= high):
        raise OptionsError(f"ismcts: {name} must be {kind} from {low:g} to {high:g}, not {str(value)[:40]!r}")
    return number


def bonferroni_z(z: float, rivals: int) -> float:
    """`z` raised so that `rivals` one-sided tests together err no more often than one."""
    if rivals <= 1:
        return z
    return NormalDist().inv_cdf(1 - (1 - NormalDist().cdf(z)) / rivals)


def student_t(z: float, dof: int) -> float:
    """The Student-t quantile with the normal quantile `z`'s probability, for `dof` degrees of
    freedom (Cornish-Fisher, Abramowitz and Stegun 26.7.5): wider than `z` for the handful
    of worlds a race starts with, so a few lucky worlds settle nothing."""
    z2 = z * z
    g1 = (z2 + 1) * z / 4
    g2 = ((5 * z2 + 16) * z2 + 3) * z / 96
    g3 = (((3 * z2 + 19) * z2 + 17) * z2 - 15) * z / 384
    return z + g1 / dof + g2 / dof**2 + g3 / dof**3


def gain_bounds(rival: list[float], prior: list[float], z: float) -> tuple[float, float]:
    """Lower and upper `z` bounds (Student-t) of a rival's mean gain over the prior, world
    by world; the rival's rewards are paired with the prior's first ones."""
    gains = [r - b for r, b in zip(rival, prior, strict=False)]
    n = len(gains)
    if n < 2:
        return -math.inf, math.inf
    mean = sum(gains) / n
    var = sum((g - mean) ** 2 for g in gains) / (n - 1)
    half = student_t(z, n - 1) * math.sqrt(var / n)
    return mean - half, mean + half


def settled(bounds: tuple[float, float]) -> bool:
    """A rival's race is over when its gain's interval no longer straddles zero."""
    return bounds[1] <= 0 or bounds[0] > 0


def paired_choice(rewards: list[list[float]], z: float) -> int:
    """Which candidate to play: 0 (the prior) unless another beats it world by world.

    `rewards[k][w]` is candidate k's reward in world w. Candidate k > 0 wins when the lower
    bound of its mean gain over candidate 0 is positive, the bound being `z` raised for the
    number of rivals (Bonferroni) so that many comparisons do not turn noise into a change
    of mind; among winners the largest lower bound is taken.
    """
    z = bonferroni_z(z, len(rewards) - 1)
    best, best_bound = 0, 0.0
    for k in range(1, len(rewards)):
        low, _ = gain_bounds(rewards[k], rewards[0], z)
        if low > best_bound:
            best, best_bound = k, low
    return best


class Node:
    """A node of the tree: the action sequence that reaches it, with statistics.

    `reward` sums the rewards of the seat that chose the action leading here; `avail`
    counts the iterations in which that action was legal (the ISMCTS availability count).
    The root's children also sum that seat's hand score (`points`) and count the hands it
    won (`wins`), for `ISMCTS.root_statistics`.
    """

    __slots__ = ("children", "visits", "reward", "avail", "seat", "points", "wins")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.seat = seat
        self.points = 0.0
        self.wins = 0


@dataclasses.dataclass(frozen=True)
class MoveStats:
    """What one search learnt of one root move: how often it was played out (`visits`),
    its mean reward (`value`, the search's own measure), the searching seat's mean hand
    score after it (`points`, in the game's unit) and the share of playouts in which that
    seat had the best hand score (`wins`). The bot plays `chosen`; a hint weighs its moves
    afresh on common deals (`ISMCTS.weigh`), since a race's moves end on different deals."""

    action: str
    visits: int
    value: float
    points: float
    wins: float
    chosen: bool = False
    model: bool = False
    """The model bot's own choice (the prior the paired search races the others against)."""


@dataclasses.dataclass(frozen=True)
class Weighing:
    """Moves played out on the same deals, for a hint: `points[k][w]` is the seat's hand
    score after `actions[k]` in deal w, `wins[k][w]` whether it was the hand's best there.
    The others are reseeded alike in each deal, so two moves' figures differ only through
    the moves (common random numbers). A move surely behind another stops being played:
    `behind[k]` names the move it fell behind, and its deals are the first
    `len(points[k])` of that move's. `model` is the index of the model bot's own choice,
    with its `reason` where it gives one."""

    actions: list[str]
    points: list[list[float]]
    wins: list[list[bool]]
    model: int
    behind: dict[int, int] = dataclasses.field(default_factory=dict)
    reason: str | None = None

    @property
    def deals(self) -> int:
        return max((len(row) for row in self.points), default=0)


def gap_bounds(ahead: list[float], behind: list[float], z: float) -> tuple[float, float]:
    """`gain_bounds` of `ahead` over `behind`, deal by deal, with a tie's bounds exact: where
    every deal gives the same gap (no chance left, or the moves always alike) the gap is
    known, not unknown."""
    gaps = [a - b for a, b in zip(ahead, behind, strict=True)]
    if gaps and all(g == gaps[0] for g in gaps):
        return gaps[0], gaps[0]
    return gain_bounds(ahead, behind, z)


class Tally:
    """Per root move, the sums behind `MoveStats`, kept as the search goes."""

    __slots__ = ("visits", "reward", "points", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.points = 0.0
        self.wins = 0

    def add(self, reward: float, points: float, won: bool) -> None:
        self.visits += 1
        self.reward += reward
        self.points += points
        self.wins += won

    def stats(self, action: str, chosen: bool, model: bool) -> MoveStats:
        n = self.visits or 1
        return MoveStats(action, self.visits, self.reward / n, self.points / n, self.wins / n, chosen, model)


def mixed_rewards(scores: list[Any], sense: int = 1) -> list[float]:
    """Half the relative reward, half a hand-win bonus (1 to every seat with the best score,
    best in the score sense `sense`: +1 higher is better, -1 lower is)."""
    values = [sense * float(s) for s in scores]
    rel = relative_rewards(values)
    best = max(values)
    return [0.5 * r + (0.5 if v == best else 0.0) for r, v in zip(rel, values, strict=True)]


def margin_rewards(scores: list[Any], sense: int = 1) -> list[float]:
    """Each seat's hand score minus the mean of the others' (the arena's duplicate margin),
    positive when better in the score sense `sense`.

    Not scaled, so it suits `root=paired` (whose test is scale-free) rather than UCB.
    """
    values = [sense * float(s) for s in scores]
    total, others = sum(values), len(values) - 1
    return [v - (total - v) / others for v in values]


def relative_rewards(scores: list[Any], sense: int = 1) -> list[float]:
    """Hand scores made relative to the table: worst 0, best 1 (in the score sense
    `sense`), all equal 0.5."""
    values = [sense * float(s) for s in scores]
    low, high = min(values), max(values)
    if high == low:
        return [0.5] * len(values)
    span = high - low
    return [(v - low) / span for v in values]


REWARDS = {"mixed": mixed_rewards, "relative": relative_rewards, "margin": margin_rewards}


class ISMCTS:
    """The search itself, separate from the Bot plumbing so benchmarks can drive it."""

    def __init__(
        self,
        game: Game,
        rng: random.Random,
        *,
        c: float = DEFAULT_C,
        rollout_bots: list[Any] | None = None,
        mast: bool = False,
        reward: str = DEFAULT_REWARD,
    ) -> None:
        self.game = game
        self.rng = rng
        self.c = c
        self.rollout_bots = rollout_bots
        reads: list[frozenset[str] | None] = [getattr(bot, "READS", None) for bot in rollout_bots or ()]
        self.model_keys: frozenset[str] | None = None
        if reads and all(r is not None for r in reads):
            self.model_keys = frozenset(k for r in reads if r is not None for k in r)
        self.use_mast = mast
        self.reward_of = functools.partial(REWARDS[reward], sense=game.score_sense)
        self.simulations = 0
        self.prior_action: Action = None
        self.bias = 0.0
        self.mast: dict[Action, list[float]] | None = None
        self.judges: list[Any] | None = None
        self.world_tries = WORLD_TRIES
        self.doubts: dict[int, int] | None = None
        self.action_of: dict[str, Action] = {}
        """The model bots' texts read as actions, in this search's game options."""
        self.last_root: list[MoveStats] = []

    def root_statistics(self) -> list[MoveStats]:
        """The root moves of the last search with what it learnt of each, the move it chose
        first, then by mean reward: the numbers behind the bot's choice."""
        return list(self.last_root)

    def _keep_root(
        self, world: State, tallies: dict[Action, Tally], chosen: Action, prior: Action = None
    ) -> None:
        stats = [t.stats(world.action_to_text(a), a == chosen, a == prior) for a, t in tallies.items()]
        self.last_root = sorted(stats, key=lambda m: (not m.chosen, -m.value, -m.visits))

    def _won(self, scores: list[Any], seat: int) -> bool:
        return bool(scores[seat] == self.game.best(scores))

    def search(
        self,
        observation: dict[str, Any],
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        prior: str | None = None,
        bias: float = 0.0,
        worlds: int = 0,
        deadline: float | None = None,
    ) -> str:
        """The text of the root action with the most visits after the budget is spent.

        `prior` (an action's text, e.g. the heuristic bot's choice) gets a progressive
        bias `bias / (1 + visits)` at the root. `worlds` > 0 samples that many worlds and
        then reuses copies of them in turn (cheaper than a fresh determinization).
        `deadline` (a `time.perf_counter()` instant, set by whoever hosts the bot) ends the
        search early with the best action so far, whatever the budget.
        """
        seat = observation["seat"]
        root = Node(seat)
        self.action_of = {}
        deadline = earliest(deadline, seconds)
        done = 0
        text_world: State | None = None
        pool: list[State] = []
        if self.use_mast:
            self.mast = {}
        self.prior_action = None
        self.bias = bias
        while True:
            if done > 0 and deadline is not None and time.perf_counter() >= deadline:
                break
            if seconds is None and done >= (iterations or DEFAULT_ITERATIONS):
                break
            if worlds and len(pool) >= worlds:
                world = pool[done % worlds].clone(hand_only=True)
            else:
                world = self.game.determinize(observation, self.rng)
                if worlds:
                    pool.append(world.clone(hand_only=True))
            if text_world is None:
                text_world = world.clone()
                if prior is not None and bias > 0:
                    self.prior_action = text_world.text_to_action(prior)
            self._iterate(root, world)
            done += 1
        self.simulations += done
        assert text_world is not None
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
        tallies: dict[Action, Tally] = {}
        for action, child in root.children.items():
            tally = tallies[action] = Tally()
            tally.visits, tally.reward = child.visits, child.reward
            tally.points, tally.wins = child.points, child.wins
        self._keep_root(text_world, tallies, best, self.prior_action)
        return text_world.action_to_text(best)

    def search_paired(
        self,
        observation: dict[str, Any],
        prior: str,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        z: float = DEFAULT_Z,
        deadline: float | None = None,
    ) -> str:
        """The model's own choice `prior`, or a root action that beats it on common worlds.

        Every sampled world is played out once after each live candidate, with the model
        bots reseeded alike, so two candidates differ only by the action (common random
        numbers): the per-world difference of rewards is far less noisy than either reward.
        It is a race: from `SETTLE_WORLDS` worlds on, a rival is settled, and no longer
        played, once its gain's interval lies wholly below zero (no better than the prior)
        or wholly above (better); the search stops when every rival is settled or the
        budget (`iterations` playouts, or `seconds`) is spent. So clear decisions cost a
        few worlds and close ones get the budget; a game without chance (every world the
        same, every playout alike) is settled at once. A rival replaces the prior only when
        its lower bound is positive (`paired_choice`). Looking after every world lets
        noise cross a bound more often than once-at-the-end would; measured on Ribs, the
        wider early bound (`z` + 1) that prevents it halved the changes of mind while
        keeping their direction (five of six a raise turned into a pass, the heuristic's
        known overbidding), at nearly twice the cost, so the bounds are the same.
        `deadline`, as in `search`, ends the race early: the prior stands unless a rival
        has already beaten it.
        """
        seat = observation["seat"]
        self.doubts = None
        self.action_of = {}
        world = self.sample_world(observation)
        legal = world.legal_actions()
        prior_action = world.text_to_action(prior)
        budget = iterations or DEFAULT_PAIRED_ITERATIONS
        room = len(legal) if seconds is not None else max(1, budget // MIN_PAIRED_WORLDS - 1)
        candidates = [prior_action, *self._rivals(observation, world, legal, prior_action, room)]
        rewards: list[list[float]] = [[] for _ in candidates]
        tallies = {a: Tally() for a in candidates}
        live = list(range(1, len(candidates)))
        z_rival = bonferroni_z(z, len(live))
        deadline = earliest(deadline, seconds)
        done = 0
        worlds = 0
        while live:
            if done and deadline is not None and time.perf_counter() >= deadline:
                break
            if seconds is None and done and done + len(live) + 1 > budget:
                break
            if done:
                world = self.sample_world(observation)
            stream = self.rng.getrandbits(32)
            for k in (0, *live):
                if k and deadline is not None and time.perf_counter() >= deadline:
                    break  # many candidates (a discard of 3 from 13): no world overruns the limit
                scores = self.play_out(world, candidates[k], stream)
                reward = self.reward_of(scores)[seat]
                rewards[k].append(reward)
                tallies[candidates[k]].add(reward, float(scores[seat]), self._won(scores, seat))
                done += 1
            worlds += 1
            if worlds >= SETTLE_WORLDS:
                live = [
                    k for k in live if not settled(gain_bounds(rewards[k], rewards[0], z_rival))
                ]
        self.simulations += done
        chosen = candidates[paired_choice(rewards, z)]
        self._keep_root(world, tallies, chosen, prior_action)
        return world.action_to_text(chosen)

    def weigh(
        self,
        observation: dict[str, Any],
        prior: str,
        *,
        moves: int,
        deals: int,
        least: int,
        z: float,
        deadline: float | None = None,
        also: Sequence[str] = (),
    ) -> Weighing:
        """The model's choice `prior` and at most `moves - 1` rivals (`_rivals`), played out
        on the same deals, for a hint to compare fairly. The moves of `also` are always
        among them (in place of rivals), so an analysis compares the move played with the
        best on the same deals.

        Every move still in play is played out on each deal. From `SETTLE_WORLDS` * 2 deals
        on, a move surely behind the best so far (its gap's interval, at `z` raised for the
        number of rivals, wholly above zero) stops being played, so the time goes to the
        moves still in doubt; the moves left in play always share every deal. Deals are
        added until `deals` of them, or the `deadline` (only whole deals count, and at least
        one is played), or, from `least` deals on, until no move in play is in doubt: each
        is the best or level with it in every deal. A clear decision costs `least` deals,
        a close one the whole time."""
        seat = observation["seat"]
        sense = self.game.score_sense
        self.doubts = None
        self.action_of = {}
        world = self.sample_world(observation)
        legal = world.legal_actions()
        prior_action = world.text_to_action(prior)
        wanted = [a for a in dict.fromkeys(world.text_to_action(t) for t in also) if a != prior_action]
        room = max(0, moves - 1 - len(wanted))
        rivals = [a for a in self._rivals(observation, world, legal, prior_action, room + len(wanted)) if a not in wanted]
        candidates = [prior_action, *wanted, *rivals[:room]]
        points: list[list[float]] = [[] for _ in candidates]
        signed: list[list[float]] = [[] for _ in candidates]
        wins: list[list[bool]] = [[] for _ in candidates]
        behind: dict[int, int] = {}
        live = list(range(len(candidates)))
        z_all = bonferroni_z(z, len(candidates) - 1)
        done = 0
        while done < deals:
            if done:
                if deadline is not None and time.perf_counter() >= deadline:
                    break
                world = self.sample_world(observation)
            stream = self.rng.getrandbits(32)
            results: list[tuple[float, bool]] = []
            for k in live:
                if done and deadline is not None and time.perf_counter() >= deadline:
                    break  # a deal not every move in play has seen is left out
                scores = self.play_out(world, candidates[k], stream)
                results.append((float(scores[seat]), self._won(scores, seat)))
            if len(results) < len(live):
                break
            for k, (score, won) in zip(live, results, strict=True):
                points[k].append(score)
                signed[k].append(sense * score)
                wins[k].append(won)
            done += 1
            self.simulations += len(live)
            if done % SETTLE_WORLDS == 0 and done >= 2 * SETTLE_WORLDS:
                best = max(live, key=lambda k: sum(signed[k]))
                bounds = {k: gap_bounds(signed[best], signed[k], z_all) for k in live if k != best}
                behind.update((k, best) for k, (low, _) in bounds.items() if low > 0)
                live = [k for k in live if k not in behind]
                if done >= least and all(bounds[k][0] == bounds[k][1] for k in live if k != best):
                    break
        return Weighing([world.action_to_text(a) for a in candidates], points, wins, 0, behind)

    def play_out(self, world: State, action: Action, stream: int) -> list[Any]:
        """The hand's scores after `action` in a copy of `world`, the model bots playing on,
        reseeded from `stream` (the same stream gives two moves the same play after them):
        one play-out of the paired search, of a hint's weighing and of an analysis."""
        copy = world.clone(hand_only=True)
        copy.push(action)
        for b, bot in enumerate(self.rollout_bots or ()):
            bot.rng.seed(stream + b)
        if copy.hand_over() or copy.to_act() is None:
            return copy.hand_scores()
        return self._rollout(copy, None)

    def sample_world(self, observation: dict[str, Any]) -> State:
        """A world consistent with the observation and, where the model can judge it, with
        how the others played: a drawn world is kept with the probability the judges (the
        model bots' `plausibility`, one per seat) give it, else another is drawn, up to
        `world_tries` draws (the bot's `tries`), after which the most plausible drawn is
        kept (judging a world stops once its weight falls below the draw that would keep
        it, so the weights compared there are upper bounds of the rejected worlds'; the
        seats that rejected most worlds in this search are judged first). Uniform worlds
        ignore what a bid says about a hand, so a search on them thinks a seat that raised
        to 11 holds the average hand, and that its bid will fail."""
        judges = self.judges
        world = self.game.determinize(observation, self.rng)
        if not judges:
            return world
        seat = observation["seat"]
        if self.doubts is None:
            self.doubts = {s: 0 for s in range(world.players) if s != seat}
        doubts = self.doubts
        order = sorted(doubts, key=lambda s: -doubts[s])
        best, best_weight = world, -1.0
        for tries in range(self.world_tries):
            if tries:
                world = self.game.determinize(observation, self.rng)
            weight, keep = 1.0, self.rng.random()
            for s in order:
                weight *= judges[s].plausibility(self.facts(world, s))
                if weight <= keep:
                    doubts[s] += 1
                    break
            else:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        return best

    def facts(self, world: State, seat: int) -> dict[str, Any]:
        """`seat`'s observation of `world` for the model bots and judges: without the views
        drawn for people, and only the keys the model reads where it says which."""
        return world.observation(seat, views=False, keys=self.model_keys)

    def _rivals(
        self,
        observation: dict[str, Any],
        world: State,
        legal: list[Action],
        prior: Action,
        room: int,
    ) -> list[Action]:
        """At most `room` legal actions other than the prior to race against it: all of them
        when they fit, else first the ones the model itself picks when asked again with other
        seeds (the moves it finds nearly as good), then a random fill."""
        others = [a for a in legal if a != prior]
        if len(others) <= room:
            return others
        chosen: list[Action] = []
        model = self.rollout_bots[observation["seat"]] if self.rollout_bots else None
        if model is not None and hasattr(model, "preferences"):
            ranked = [world.text_to_action(text) for text in model.preferences(observation)]
            chosen = [a for a in ranked if a != prior][:room]
        elif model is not None:
            for _ in range(2 * room):
                model.rng.seed(self.rng.getrandbits(32))
                action = world.text_to_action(model.choose(observation))
                if action != prior and action not in chosen:
                    chosen.append(action)
                    if len(chosen) == room:
                        return chosen
        rest = [a for a in others if a not in chosen]
        return chosen + self.rng.sample(rest, room - len(chosen))

    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        node = root
        path: list[Node] = []
        trail: list[tuple[int, Action]] | None = [] if self.mast is not None else None
        c = self.c
        push = world.push
        # Selection: descend while every action legal in this world has a child.
        model = self.rollout_bots
        me = root.seat
        while True:
            actor = world.to_act()
            if actor is None:
                break
            legal = world.legal_actions()
            children = node.children
            if len(legal) == 1 or (model is not None and actor != me):
                if len(legal) == 1 or model is None:
                    action = legal[0]
                else:
                    action = world.text_to_action(model[actor].choose(self.facts(world, actor)))
                follow = children.get(action)
                if follow is None:
                    follow = children[action] = Node(actor)
                follow.avail += 1
                push(action)
                path.append(follow)
                if trail is not None:
                    trail.append((actor, action))
                node = follow
                if world.hand_over():
                    break
                continue
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(actor)
                children[action] = child
                for a in legal:
                    known = children.get(a)
                    if known is not None:
                        known.avail += 1
                push(action)
                path.append(child)
                if trail is not None:
                    trail.append((actor, action))
                break
            best: Node | None = None
            best_action: Action = None
            best_value = -1.0
            favoured = self.prior_action if node is root else None
            for a in legal:
                ch = children[a]
                ch.avail += 1
                value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if a == favoured:
                    value += self.bias / (1 + ch.visits)
                if value > best_value:
                    best_value, best, best_action = value, ch, a
            assert best is not None
            push(best_action)
            path.append(best)
            if trail is not None:
                trail.append((actor, best_action))
            node = best
            if world.hand_over():
                break
        # Rollout to the end of the hand.
        scores = world.hand_scores()
        if not world.hand_over() and world.to_act() is not None:
            scores = self._rollout(world, trail)
        rewards = self.reward_of(scores)
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]
        if path:
            path[0].points += float(scores[root.seat])
            path[0].wins += self._won(scores, root.seat)
        root.visits += 1
        if trail is not None and self.mast is not None:
            mast = self.mast
            for actor, action in trail:
                entry = mast.get(action)
                if entry is None:
                    mast[action] = [rewards[actor], 1.0]
                else:
                    entry[0] += rewards[actor]
                    entry[1] += 1.0

    def _rollout(self, world: State, trail: list[tuple[int, Action]] | None) -> list[Any]:
        """Play the world to the hand's end and return the hand's scores: random moves
        through the game's own `rollout` where it can, else MAST or the model bots."""
        rng = self.rng
        bots = self.rollout_bots
        mast = self.mast
        push = world.push
        if bots is None and mast is None:
            randrange = rng.randrange
            return world.rollout(lambda legal: legal[randrange(len(legal))] if len(legal) > 1 else legal[0])
        while True:
            seat = world.to_act()
            if seat is None:
                return world.hand_scores()
            if mast is not None and trail is not None:
                legal = world.legal_actions()
                if len(legal) == 1 or rng.random() < MAST_EPSILON:
                    action = legal[int(rng.random() * len(legal))]
                else:
                    best_value = -1.0
                    action = legal[0]
                    for a in legal:
                        entry = mast.get(a)
                        value = entry[0] / entry[1] if entry is not None else 1.0
                        if value > best_value:
                            best_value, action = value, a
                push(action)
                trail.append((seat, action))
            elif bots is None:
                legal = world.legal_actions()
                push(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            else:
                self._model_move(world, seat)
            if world.hand_over():
                return world.hand_scores()

    def _model_move(self, world: State, seat: int) -> None:
        """Play the model bot's move for `seat` (a forced move without asking it)."""
        legal = world.legal_actions()
        if len(legal) == 1:
            world.push(legal[0])
            return
        assert self.rollout_bots is not None
        text = self.rollout_bots[seat].choose(self.facts(world, seat))
        action = self.action_of.get(text)
        if action is None:
            action = self.action_of[text] = world.text_to_action(text)
        world.push(action)


def model_bot(name: str, game: Game, seat: int, seed: int) -> Bot:
    """The heuristic bot as the search's model of the players, in its cheaper rollout form.

    A heuristic bot class may set `ROLLOUT_PARAMS` (e.g. fewer samples): the search calls
    it hundreds of times per move, where speed buys more than a finer estimate.
    """
    bot = make_model(name, game, seat, seed)
    params = getattr(type(bot), "ROLLOUT_PARAMS", None)
    if params:
        bot = type(bot)(game, seat, seed, **params)
    return bot


class ISMCTSBot(Bot):
    """`ismcts`, `ismcts(iterations=2000)`, `ismcts(seconds=0.5)`, `ismcts(rollout=heuristic)`,
    `ismcts(model=learned)`."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        iterations: int | str | None = None,
        seconds: float | str | None = None,
        rollout: str | None = None,
        root: str | None = None,
        c: float | str = DEFAULT_C,
        z: float | str = DEFAULT_Z,
        bias: float | str = 0.0,
        worlds: int | str = DEFAULT_WORLDS,
        reward: str = DEFAULT_REWARD,
        infer: int | str = 1,
        model: str | None = None,
        opponents: str | None = None,
        tries: int | str = WORLD_TRIES,
        **unknown: Any,
    ) -> None:
        super().__init__(game, seat, seed, **unknown)
        if iterations is not None and seconds is not None:
            raise OptionsError("ismcts takes iterations or seconds, not both")
        self.iterations = (
            int(bounded("iterations", iterations, 1, MAX_ITERATIONS, whole=True))
            if iterations is not None
            else None
        )
        self.seconds = bounded("seconds", seconds, 0, MAX_SECONDS) if seconds is not None else None
        if self.seconds == 0:
            raise OptionsError("ismcts: seconds must be more than 0")
        explore = bounded("c", c, 0, 100)
        self.z = bounded("z", z, 0, 10)
        self.bias = bounded("bias", bias, 0, 1000)
        self.worlds = int(bounded("worlds", worlds, 0, MAX_WORLDS, whole=True))
        self.infer = int(bounded("infer", infer, 0, 1, whole=True))
        world_tries = int(bounded("tries", tries, 1, MAX_WORLD_TRIES, whole=True))
        heuristic = model or game.heuristic_bot()
        for name in (model, opponents):
            if name is not None:
                make_model(name, game, seat, 0)
        others = opponents or heuristic
        if rollout is None:
            rollout = "heuristic" if heuristic is not None else "random"
        if rollout not in ("random", "mast", "heuristic"):
            raise OptionsError(
                f"ismcts: rollout must be random, mast or heuristic, not {rollout!r}"
            )
        if rollout == "heuristic" and heuristic is None:
            raise OptionsError(f"{game.name} has no heuristic bot for rollout=heuristic")
        if root is None:
            root = "paired" if rollout == "heuristic" else "ucb"
        if root not in ("ucb", "paired"):
            raise OptionsError(f"ismcts: root must be ucb or paired, not {root!r}")
        if root == "paired" and rollout != "heuristic":
            raise OptionsError(
                "ismcts: root=paired compares moves by the heuristic bot's playouts (rollout=heuristic)"
            )
        if reward not in REWARDS:
            raise OptionsError(
                f"ismcts: reward must be one of {', '.join(REWARDS)}, not {reward!r}"
            )
        if self.iterations is None and self.seconds is None:
            self.iterations = DEFAULT_PAIRED_ITERATIONS if root == "paired" else DEFAULT_ITERATIONS
        self.root = root
        rollout_bots = None
        if rollout == "heuristic":
            assert heuristic is not None
            rollout_bots = [
                model_bot(heuristic if s == seat else others, game, s, self.rng.getrandbits(32))
                for s in range(game.max_players)
            ]
        self.search = ISMCTS(
            game,
            self.rng,
            c=explore,
            rollout_bots=rollout_bots,
            mast=rollout == "mast",
            reward=reward,
        )
        self.prior_bot = None
        if self.bias > 0 or root == "paired":
            if heuristic is None:
                raise OptionsError(f"{game.name} has no heuristic bot to bias the search")
            self.prior_bot = make_model(heuristic, game, seat, self.rng.getrandbits(32))
        if rollout_bots and self.infer and hasattr(rollout_bots[seat - 1], "plausibility"):
            self.search.world_tries = world_tries
            self.search.judges = [
                model_bot(others, game, s, self.rng.getrandbits(32))
                for s in range(game.max_players)
            ]

    def root_statistics(self) -> list[MoveStats]:
        """The root moves of the last search, the one played first (see `ISMCTS.root_statistics`);
        empty when the last move was forced."""
        return self.search.root_statistics()

    def weigh(
        self,
        observation: dict[str, Any],
        *,
        moves: int,
        deals: int,
        least: int,
        z: float,
        also: Sequence[str] = (),
    ) -> Weighing:
        """The model's move and its rivals played out on the same deals, within the bot's
        budget (`seconds`, or `iterations` as the most deals), for a hint (`ISMCTS.weigh`);
        the model's reason for its move comes with it. `also`: moves weighed whatever the
        rivals (an analysis weighs the move played)."""
        if self.prior_bot is None or self.search.rollout_bots is None:
            raise OptionsError(f"{self.game.name} has no heuristic bot to weigh moves with")
        deadline = earliest(time.perf_counter() + self.time_limit if self.time_limit is not None else None,
                            self.seconds)
        prior = self.prior_bot.choose(observation)
        weighing = self.search.weigh(
            observation, prior, moves=moves, deals=min(deals, self.iterations or deals), least=least, z=z,
            deadline=deadline, also=also,
        )
        return dataclasses.replace(weighing, reason=self.prior_bot.last_reason)

    def model_reason(self) -> str | None:
        """The heuristic's own reason for its choice in the last search (the move marked
        `model` among the root statistics), where it gives one."""
        return self.prior_bot.last_reason if self.prior_bot is not None else None

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        self.search.last_root = []
        if len(legal) == 1:
            return legal[0]
        deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else None
        prior = self.prior_bot.choose(observation) if self.prior_bot is not None else None
        if self.root == "paired":
            assert prior is not None
            return self.search.search_paired(
                observation, prior, iterations=self.iterations, seconds=self.seconds, z=self.z,
                deadline=deadline,
            )
        return self.search.search(
            observation,
            iterations=self.iterations,
            seconds=self.seconds,
            prior=prior,
            bias=self.bias,
            worlds=self.worlds,
            deadline=deadline,
        )
