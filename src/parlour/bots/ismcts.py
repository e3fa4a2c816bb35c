"""Information-set Monte Carlo tree search: a search bot for every registered game.

The variant is single-observer ISMCTS (SO-ISMCTS, Cowling, Powley and Whitehouse 2012):
one tree for the searching seat, whose nodes are sequences of actions. Each iteration
samples a world consistent with the bot's observation with `Game.determinize` (the bot
never sees the true state), walks the tree inside that world choosing, at every node, the
child that maximises UCB1 among the actions legal *in that world* (each child counts how
often it was available, so actions legal only in some worlds are not favoured), adds one
node, plays the hand out with the rollout policy and backs up the result. Every seat's
decisions in the tree maximise that seat's own reward (max^n style).

Why single-observer: it needs nothing from a game beyond the interface (a many-tree
variant would need each game to say how others see an action). Its known weakness is
that, below the root, the tree branches on opponents' hidden actions (a fold, Ribs'
face-down ribs), so later nodes are a little optimistic; the root decision, the one that
is played, averages over all sampled worlds.

The search stops at the end of the current hand. Rewards are normalised the same way for
every game, with no code of its own: the relative score of a seat is its hand score made
relative to the table, `(score - lowest) / (highest - lowest)` over the seats (0.5 each
when all are equal), so it lies in [0, 1] whatever a game's scale and a bigger margin is
worth more; the default reward (`reward=mixed`) is half that and half a hand-win bonus
(1 for every seat with the best score), since a hand won is what a match counts in Ribs;
`reward=relative` is the relative score alone.
Higher hand scores are taken to be better, as in every game registered so far.

Worlds: sampling a world replays the hand so far, which costs several rollouts' worth of
time, so the search samples `worlds` distinct worlds and then reuses copies of them in
turn (with the defaults each world is walked eight times); `worlds=0` samples afresh
every iteration, as in the paper.

Parameters (all optional): `iterations` (default `DEFAULT_ITERATIONS`, chosen in
docs/strength.md) or `seconds` per move (a time budget replaces the iteration budget and
is not reproducible); `worlds` (default `DEFAULT_WORLDS`); `c`, the UCB exploration
constant (default `DEFAULT_C`, for rewards in [0, 1]); `rollout=random` (default),
`mast` (move-average sampling: actions that did well for whoever played them earlier in
this search are preferred, with `MAST_EPSILON` random moves) or `heuristic` (the game's
heuristic bot plays the rollouts: a better model of strong players, far slower);
`bias` > 0 adds `bias / (1 + visits)` to the heuristic bot's choice at the root (a
prior). A seeded bot with an iteration budget plays the same moves on the same
observations.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from parlour.bots import Bot, make_bot
from parlour.engine import Action, Game, OptionsError, State

DEFAULT_ITERATIONS = 400
DEFAULT_WORLDS = 50
DEFAULT_C = 0.4
DEFAULT_REWARD = "mixed"
MAST_EPSILON = 0.3


class Node:
    """A node of the tree: the action sequence that reaches it, with statistics.

    `reward` sums the rewards of the seat that chose the action leading here; `avail`
    counts the iterations in which that action was legal (the ISMCTS availability count).
    """

    __slots__ = ("children", "visits", "reward", "avail", "seat")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 0
        self.seat = seat


def mixed_rewards(scores: list[Any]) -> list[float]:
    """Half the relative reward, half a hand-win bonus (1 to every seat with the best score)."""
    rel = relative_rewards(scores)
    best = max(scores)
    return [0.5 * r + (0.5 if s == best else 0.0) for r, s in zip(rel, scores, strict=True)]


def relative_rewards(scores: list[Any]) -> list[float]:
    """Hand scores made relative to the table: lowest 0, highest 1, all equal 0.5."""
    values = [float(s) for s in scores]
    low, high = min(values), max(values)
    if high == low:
        return [0.5] * len(values)
    span = high - low
    return [(v - low) / span for v in values]


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
        self.use_mast = mast
        self.reward_of = mixed_rewards if reward == "mixed" else relative_rewards
        self.simulations = 0
        self.prior_action: Action = None
        self.bias = 0.0
        self.mast: dict[Action, list[float]] | None = None

    def search(
        self,
        observation: dict[str, Any],
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        prior: str | None = None,
        bias: float = 0.0,
        worlds: int = 0,
    ) -> str:
        """The text of the root action with the most visits after the budget is spent.

        `prior` (an action's text, e.g. the heuristic bot's choice) gets a progressive
        bias `bias / (1 + visits)` at the root. `worlds` > 0 samples that many worlds and
        then reuses copies of them in turn (cheaper than a fresh determinization).
        """
        seat = observation["seat"]
        root = Node(seat)
        deadline = time.perf_counter() + seconds if seconds is not None else None
        done = 0
        text_world: State | None = None
        pool: list[State] = []
        if self.use_mast:
            self.mast = {}
        self.prior_action = None
        self.bias = bias
        while True:
            if deadline is not None:
                if done > 0 and time.perf_counter() >= deadline:
                    break
            elif done >= (iterations or DEFAULT_ITERATIONS):
                break
            if worlds and len(pool) >= worlds:
                world = pool[done % worlds].clone()
            else:
                world = self.game.determinize(observation, self.rng)
                if worlds:
                    pool.append(world.clone())
            if text_world is None:
                text_world = world.clone()
                if prior is not None and bias > 0:
                    self.prior_action = text_world.text_to_action(prior)
            self._iterate(root, world)
            done += 1
        self.simulations += done
        assert text_world is not None
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].reward))[0]
        return text_world.action_to_text(best)

    def _iterate(self, root: Node, world: State) -> None:
        rng = self.rng
        node = root
        path: list[Node] = []
        trail: list[tuple[int, Action]] | None = [] if self.mast is not None else None
        c = self.c
        # Selection: descend while every action legal in this world has a child.
        while True:
            actor = world.to_act()
            if actor is None:
                break
            legal = world.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                child = Node(actor)
                children[action] = child
                for a in legal:
                    known = children.get(a)
                    if known is not None:
                        known.avail += 1
                world.apply(action)
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
            world.apply(best_action)
            path.append(best)
            if trail is not None:
                trail.append((actor, best_action))
            node = best
            if world.hand_over():
                break
        # Rollout to the end of the hand.
        if not world.hand_over() and world.to_act() is not None:
            self._rollout(world, trail)
        rewards = self.reward_of(world.hand_scores())
        for n in path:
            n.visits += 1
            n.reward += rewards[n.seat]
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

    def _rollout(self, world: State, trail: list[tuple[int, Action]] | None) -> None:
        rng = self.rng
        bots = self.rollout_bots
        mast = self.mast
        while True:
            seat = world.to_act()
            if seat is None:
                return
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
                world.apply(action)
                trail.append((seat, action))
            elif bots is None:
                legal = world.legal_actions()
                world.apply(legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            else:
                world.apply(world.text_to_action(bots[seat].choose(world.observation(seat))))
            if world.hand_over():
                return


class ISMCTSBot(Bot):
    """`ismcts`, `ismcts(iterations=2000)`, `ismcts(seconds=0.5)`, `ismcts(rollout=heuristic)`."""

    name = "ismcts"

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        iterations: int | str | None = None,
        seconds: float | str | None = None,
        rollout: str = "random",
        c: float | str = DEFAULT_C,
        bias: float | str = 0.0,
        worlds: int | str = DEFAULT_WORLDS,
        reward: str = DEFAULT_REWARD,
        **unknown: Any,
    ) -> None:
        super().__init__(game, seat, seed, **unknown)
        if iterations is not None and seconds is not None:
            raise OptionsError("ismcts takes iterations or seconds, not both")
        try:
            self.iterations = int(iterations) if iterations is not None else None
            self.seconds = float(seconds) if seconds is not None else None
            explore = float(c)
            self.bias = float(bias)
            self.worlds = int(worlds)
        except ValueError:
            raise OptionsError("ismcts: iterations is a whole number, seconds and c are numbers") from None
        if self.iterations is not None and self.iterations < 1:
            raise OptionsError("ismcts: iterations must be at least 1")
        if self.seconds is not None and self.seconds <= 0:
            raise OptionsError("ismcts: seconds must be more than 0")
        if self.iterations is None and self.seconds is None:
            self.iterations = DEFAULT_ITERATIONS
        rollout_bots = None
        if rollout == "heuristic":
            name = game.heuristic_bot()
            if name is None:
                raise OptionsError(f"{game.name} has no heuristic bot for rollout=heuristic")
            rollout_bots = [
                make_bot(name, game, s, self.rng.getrandbits(32)) for s in range(game.max_players)
            ]
        elif rollout not in ("random", "mast"):
            raise OptionsError(f"ismcts: rollout must be random, mast or heuristic, not {rollout!r}")
        if reward not in ("relative", "mixed"):
            raise OptionsError(f"ismcts: reward must be relative or mixed, not {reward!r}")
        self.search = ISMCTS(
            game, self.rng, c=explore, rollout_bots=rollout_bots, mast=rollout == "mast", reward=reward
        )
        self.prior_bot = None
        if self.bias > 0:
            name = game.heuristic_bot()
            if name is None:
                raise OptionsError(f"{game.name} has no heuristic bot to bias the search")
            self.prior_bot = make_bot(name, game, seat, self.rng.getrandbits(32))

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        prior = self.prior_bot.choose(observation) if self.prior_bot is not None else None
        return self.search.search(
            observation,
            iterations=self.iterations,
            seconds=self.seconds,
            prior=prior,
            bias=self.bias,
            worlds=self.worlds,
        )
