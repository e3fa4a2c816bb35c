"""`parlour train GAME`: a learned player by self-play, in numpy, with a learning curve.

`parlour train ribs --players 6 --seconds 600 --out runs/ribs-6`

What is learned: one network (parlour.bots.network) plays every learning seat. It reads
the research tensor of the seat's observation (`parlour.envs.encoder`, the `views=False`
facts, seat-relative) and gives a policy over the game's action universe, masked to the
legal actions, and a value: the seat's margin at the hand's end (its score minus the
others' mean, in the game's score sense), which is the arena's duplicate margin, the
figure a level is judged by.

How: policy gradient with a value baseline, clipped as in PPO ("PPO-lite"). Each round
plays `--batch` hands, one hand an episode; in each hand every seat is a learner except
that each seat is the game's heuristic bot with probability `--heuristic-share`, so the
player meets the opponents it will be judged against as well as itself. A learner's
every decision with a choice is kept with the hand's margin (divided by the first
round's spread, `scale`) as its return; the advantage is the return less the value.
Then `--epochs` passes of minibatch Adam over the round: the clipped policy loss, half
the squared value error and an entropy bonus. Why this and not deep Monte-Carlo
(DouZero): DMC values each (state, action) pair and needs many visits per action to rank
them, with epsilon-greedy moves wasted on exploring; the policy gradient moves the whole
masked distribution with each return, and the value head halves the noise of a hand's
luck, which on two shared cores is what learns fastest. The clip lets each round be used
for more than one pass. The forward pass is the player's own (network.forward, and
learned.head_logits when a move is sampled); the backward pass and Adam are written out
here, float32.

Copying first (`--imitate HANDS`): before the self-play, the player is fitted to the
moves of a teacher, by cross-entropy over all the copied moves (`--imitate-epochs`
passes). The teacher is the game's heuristic in every seat, or `--teacher BOT` (a
search, such as `ismcts`) in one seat a hand among heuristics: expert iteration's first
step, the network learning what the search finds, at a fraction of its cost a move. The
copied moves are kept in the run's folder (`copied.npz`) for the next run there.
`--only VERBS` (with `--prior`) keeps the network to decisions among moves of those verbs:
the heuristic makes the others (a teacher's seat too: the search spends its time only on
the moves copied), which are neither copied nor learned from, and the player the weights
make leaves them to the heuristic too. `--move-facts` (a features head) adds to each move
what it does at the table (parlour.bots.move_facts): at Mighty, whether the card takes the
trick, who is winning it, what it holds.

Determinism: hand i of the run (counted over the whole run, resumes included) is dealt
from seed `seed * 1_000_000_007 + i`, its moves sampled from a generator seeded by
(seed, i), and the rounds' minibatches from (seed, round); the hands of a round run in
fixed chunks of `CHUNK_HANDS`, gathered in order. So a fixed seed gives the same weights
in one process, with `--jobs`, under `--backend ray`, and across `--resume`.
`--seconds` (wall clock) stops after the round that passes the time, so the number of
hands it reaches depends on the machine and its load; `--hands` does not. The run's
facts keep the wall-clock seconds of training and the CPU-seconds of the whole run
(its measurements included; with the local backend's workers, not Ray's).

Out (`--out DIR`): `checkpoint.npz` (weights, Adam's moments and the run's facts;
`--resume` reads it and goes on with its settings, refusing flags that ask for others;
rewritten whole at every point of the curve, so a run killed or lost with its machine
resumes from its last point and goes on as it would have),
`<game>-<players>.npz` (the weights alone, what
`parlour/bots/weights/` ships), `curve.json` and `curve.png`: the duplicate margin of
the learned player (greedy) in one seat against the game's heuristic bot in the others,
with its 95% interval, measured every `--eval-every` hands on the same `--eval-hands`
duplicate hands. With `--keep-points`, also `points/<game>-<players>-<hands>.npz`, the
weights each point measured: a curve that peaks and falls back (Six-Pack Bezique's did)
keeps the peak, to be measured again in the arena on new deals, which tells a real
peak from a lucky point.

`--start WEIGHTS` begins a new run from a trained player's weights (a file, or `shipped`
for the package's) with the new run's own settings: the same network, read the same way,
but other opponents or steps, say more heuristic seats and a smaller step size. Its hands
are counted from 0 again, Adam starts afresh, and the run's facts say where it began.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from parlour.arguments import add_game_arguments, game_from_args
from parlour.bots.learned import (
    ENCODER_READS,
    FEATURE_BUCKETS,
    engine_text,
    head_logits,
    head_size,
    judged,
    legal_heads,
    seat_margins,
    weights_path,
    with_prior_fact,
)
from parlour.bots.network import FloatArray, forward, hidden_and_value, init_params, load, save
from parlour.engine import Game, GameOptions, OptionsError, plural
from parlour.simulate import TaskRunner, progress_bar
from parlour.training import Adam, cpu_time, evaluate, last_point_text, machine, plot_curve

CHUNK_HANDS = 8
SEED_STRIDE = 1_000_000_007
CLIP = 0.2
VALUE_WEIGHT = 0.5
FLAT_HEAD_MOST = 1000
PRIOR_START = 2.0
"""The prior's output at the start: the heuristic's move has e^2 (about 7.4) times the
weight of any other: a fresh player plays it greedily and explores the others often.
The policy head's weights start at zero then, so every other output is exactly 0 and
this holds in every position. With the usual small random head it held only where the
inputs were small: Six-Pack Bezique's unscaled call counts (47 "pass" late in a hand)
spread the random logits past 2 late in a hand, and the fresh player left the heuristic
in about one decision in a hundred (-105.8 over 300 duplicate hands where 0 was due)."""
IMITATION_HANDS = 1 << 40
"""Hands copied from a teacher (`--imitate`) are numbered from here, apart from the run's own."""
UNBOUNDED_HAND_ACTIONS = 3_000
"""Where a game's rules set no bound on a hand (`Limits.hand_actions` None: Mighty deals
again while all five pass), a training hand is abandoned after this many actions, its
decisions dropped. Learners that all learned to pass would otherwise deal forever, and
they did: a Mighty run grew to 19 GB in twelve minutes. A real hand is far shorter."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="train for about this many seconds (default 600)")
    budget.add_argument("--hands", type=int, help="train on this many hands (reproducible anywhere)")
    parser.add_argument("--seed", type=int, help="seed of the run (default 0)")
    parser.add_argument("--out", default="train-out", help="folder for checkpoints, weights and the curve")
    parser.add_argument("--resume", metavar="CKPT", help="continue from a checkpoint.npz")
    parser.add_argument(
        "--start", metavar="WEIGHTS",
        help="begin a new run from trained weights (a .npz, or 'shipped' for the package's), "
        "with this run's settings",
    )
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="where the hands run")
    parser.add_argument("--ray-address", help="an existing Ray cluster (default: start a local one)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, or Ray CPUs (default 1)")
    parser.add_argument("--batch", type=int, help="hands per round (default 128)")
    parser.add_argument("--hidden", help="hidden layer sizes (default 256,256)")
    parser.add_argument("--lr", type=float, help="Adam's step size (default 0.001)")
    parser.add_argument("--epochs", type=int, help="passes over each round (default 2)")
    parser.add_argument("--minibatch", type=int, help="decisions per Adam step (default 512)")
    parser.add_argument("--entropy", type=float, help="entropy bonus (default 0.01)")
    parser.add_argument(
        "--heuristic-share", type=float,
        help="chance that a seat is the heuristic bot rather than a learner (default 0.5)",
    )
    parser.add_argument(
        "--head", choices=("auto", "actions", "features"),
        help="policy head: one output per action, or actions scored by their features "
        "(auto: per action up to 1,000 actions)",
    )
    parser.add_argument(
        "--prior", action="store_true",
        help="the heuristic bot's move is an input: the player starts as the heuristic and learns where to depart from it",
    )
    parser.add_argument("--buckets", type=int, help="outputs of a features head (default 2048)")
    parser.add_argument(
        "--imitate", type=int, default=0, metavar="HANDS",
        help="first learn to copy a teacher's moves over this many hands (default 0; the teacher: --teacher)",
    )
    parser.add_argument(
        "--teacher", metavar="BOT",
        help="the bot --imitate copies (default the heuristic, in every seat); another, such as "
        "ismcts, plays one seat a hand among heuristics and only its moves are copied",
    )
    parser.add_argument("--imitate-epochs", type=int, default=2, help="passes over the copied moves (default 2)")
    parser.add_argument(
        "--method", choices=("policy", "turn-value", "move-value"), default="policy",
        help="policy: a policy and value network by policy gradient (default); turn-value: the values of "
        "a seat's turn end, learned from the heuristic's hands (parlour.train_value); move-value: each move's "
        "worth as a sum over its facts, every move of the heuristic's hands played out (parlour.train_move)",
    )
    parser.add_argument("--worlds", type=int, help="turn-value: worlds the player samples a move (default 1)")
    parser.add_argument(
        "--bonus", type=float,
        help="turn-value, move-value: points the heuristic's own move is given (default 0.3; move-value 0.1)",
    )
    parser.add_argument("--explore", type=float, help="turn-value: chance of a random move in the heuristic's hands (default 0.03)")
    parser.add_argument(
        "--keep", type=float,
        help="turn-value: chance that a turn's end is kept as a row (default 0.5); move-value: share of decisions (default 1)",
    )
    parser.add_argument(
        "--paired", action="store_true",
        help="turn-value: at each kept decision play every legal move out in the same deal, with the same "
        "continuation, and learn the moves' differences (--keep is then the share of decisions kept)",
    )
    parser.add_argument(
        "--moves", type=int, metavar="K",
        help="turn-value --paired: play out at most K moves of a kept decision, the heuristic's and K-1 at random "
        "(default all)",
    )
    parser.add_argument(
        "--sampled", type=int, metavar="K",
        help="turn-value --paired: play each move out in K deals sampled from the seat's observation, as the "
        "search does, not in the true deal, and learn their mean margin (default: the true deal)",
    )
    parser.add_argument(
        "--only", metavar="VERBS",
        help="the network (turn-value: the values) decides only among moves of these verbs (comma-separated, "
        "e.g. play); the heuristic makes the others (the policy method needs --prior)",
    )
    parser.add_argument(
        "--move-facts", action="store_true",
        help="a features head also reads what each move does at the table, such as whether a card takes the "
        "trick now (games with such facts: parlour.bots.move_facts)",
    )
    parser.add_argument("--eval-every", type=int, help="hands between points of the curve")
    parser.add_argument("--eval-hands", type=int, help="duplicate hands per point of the curve (default 120)")
    parser.add_argument(
        "--keep-points", action="store_true",
        help="keep the weights of every point of the curve (points/GAME-PLAYERS-HANDS.npz), to measure a peak again",
    )


RUN_DEFAULTS: dict[str, Any] = {
    "seed": 0, "batch": 128, "hidden": "256,256", "lr": 1e-3, "epochs": 2, "minibatch": 512,
    "entropy": 0.01, "heuristic_share": 0.5, "eval_hands": 120, "head": "auto", "buckets": FEATURE_BUCKETS,
}
"""The run's settings when a flag is not given. The flags default to None so that a
resumed run can tell a setting asked for from one left alone (`with_defaults`)."""


def with_defaults(args: argparse.Namespace) -> set[str]:
    """Fill `args` with `RUN_DEFAULTS` where a flag was not given; the names that were."""
    given = {name for name in RUN_DEFAULTS if getattr(args, name) is not None}
    for name in RUN_DEFAULTS.keys() - given:
        setattr(args, name, RUN_DEFAULTS[name])
    if args.prior:
        given.add("prior")
    if args.only is not None:
        given.add("only")
    if args.move_facts:
        given.add("move_facts")
    return given


@dataclass(frozen=True)
class Settings:
    """What a run is, kept in its checkpoint so that `--resume` goes on the same way."""

    spec: str
    seed: int
    batch: int
    hidden: tuple[int, ...]
    lr: float
    epochs: int
    minibatch: int
    entropy: float
    heuristic_share: float
    eval_hands: int
    head: str = "actions"
    buckets: int = FEATURE_BUCKETS
    prior: str | None = None
    only: tuple[str, ...] = ()
    """`--only VERBS`: the network decides only among moves of these verbs (with `--prior`,
    the heuristic makes the other decisions); empty: every decision."""
    move_facts: bool = False
    """`--move-facts`: a features head reads, beside each move's text, what the move does at
    the table (parlour.bots.move_facts)."""


@dataclass(frozen=True)
class PlayTask:
    """Hands `first`..`first + count - 1` of a run, played with `params`: picklable."""

    spec: str
    params: dict[str, FloatArray]
    actions: tuple[str, ...]
    seed: int
    first: int
    count: int
    heuristic_share: float
    head: str = "actions"
    buckets: int = FEATURE_BUCKETS
    prior: str | None = None
    """The heuristic whose move is a fact of each action (`--prior`), or None."""
    imitate: bool = False
    """Every seat the heuristic (but the teacher's), each copied decision kept with the
    move made: the examples a player first learns to copy (`--imitate`)."""
    teacher: str | None = None
    """With `imitate`: this bot (a registry spec) plays one seat a hand, drawn at random,
    the heuristic the others, and only the teacher's decisions are kept."""
    only: tuple[str, ...] = ()
    """`Settings.only`: a learner's other decisions are the prior's (the heuristic's, a
    teacher's seat too) and are not kept."""
    move_facts: bool = False
    """`Settings.move_facts`."""


@dataclass
class Experience:
    """A learner's decisions, one row each: inputs, the move (its place among the row's
    legal actions), its log-probability, the return (the hand's margin in points); and
    the legal actions themselves, ragged: `counts[r]` actions a row, each with
    `feature_counts[e]` head outputs, laid end to end in `features`. Also each hand's
    mean learner margin."""

    x: FloatArray
    action: np.ndarray
    logp: FloatArray
    margin: FloatArray
    counts: np.ndarray
    feature_counts: np.ndarray
    features: np.ndarray
    hand_margins: list[float]
    abandoned: int = 0
    """Hands stopped at `UNBOUNDED_HAND_ACTIONS` and left out."""

    @functools.cached_property
    def entry_starts(self) -> np.ndarray:
        """Where each row's legal actions start among all rows' (kept: a round's
        minibatches all read them)."""
        return np.cumsum(self.counts) - self.counts

    @functools.cached_property
    def feature_starts(self) -> np.ndarray:
        """Where each legal action's head outputs start in `features` (kept, likewise)."""
        return np.cumsum(self.feature_counts) - self.feature_counts

    def rows(self, part: np.ndarray) -> Experience:
        """The experience of rows `part`, in that order."""
        entries = spans(self.entry_starts[part], self.counts[part])
        return Experience(
            self.x[part], self.action[part], self.logp[part], self.margin[part], self.counts[part],
            self.feature_counts[entries], self.features[spans(self.feature_starts[entries], self.feature_counts[entries])], [],
        )


def spans(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The indices starts[0] .. starts[0]+lengths[0]-1, then the next span's, end to end."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, np.int64)
    ends = np.cumsum(lengths)
    return np.repeat(starts - (ends - lengths), lengths) + np.arange(total)


def table_spec(game: Game, options: GameOptions) -> str:
    """The spec string of a table: what the encoder is built from and the weights name."""
    values = ", ".join(f"{key}={value}" for key, value in options.to_json().items())
    return f"{game.name}({values})"


def action_texts(game: Game, options: GameOptions, head: str = "actions") -> tuple[str, ...]:
    """The texts of the action universe, in order: the "actions" head's outputs (none for
    a "features" head, which reads each action's text)."""
    if head == "features":
        return ()
    try:
        universe = game.action_universe(options)
    except NotImplementedError:
        raise OptionsError(f"{game.title} has no fixed list of actions: train it with --head features") from None
    probe = game.new_state(options, 0)
    return tuple(probe.action_to_text(a) for a in universe)


def chosen_head(game: Game, options: GameOptions, asked: str) -> str:
    """`--head auto`: one output per action where the game lists at most `FLAT_HEAD_MOST`
    actions, else the features head."""
    if asked != "auto":
        return asked
    try:
        return "actions" if len(game.action_universe(options)) <= FLAT_HEAD_MOST else "features"
    except NotImplementedError:
        return "features"


def play_hands(task: PlayTask) -> Experience:
    """Play a task's hands and keep the learners' decisions (a worker: runs anywhere)."""
    from parlour.bots import make_bot
    from parlour.bots.models import make_model
    from parlour.envs import encoder
    from parlour.games import game_from_spec

    game, options = game_from_spec(task.spec)
    enc = encoder(task.spec)
    index = {text: i for i, text in enumerate(task.actions)}
    prior_output = head_size(task.head, len(task.actions), task.buckets)
    probe = game.new_state(options, 0)
    heuristic = game.heuristic_bot()
    longest = game.limits(options).hand_actions or UNBOUNDED_HAND_ACTIONS
    abandoned = 0
    if task.imitate and heuristic is None:
        raise OptionsError(f"--imitate: {game.title} has no heuristic bot to copy")
    n = options.players
    xs: list[FloatArray] = []
    moves: list[int] = []
    logps: list[float] = []
    returns: list[float] = []
    counts: list[int] = []
    feature_counts: list[int] = []
    features: list[np.ndarray] = []
    hand_margins: list[float] = []
    for i in range(task.first, task.first + task.count):
        rng = np.random.default_rng([task.seed, i])
        seed = task.seed * SEED_STRIDE + i
        state = game.new_state(options, seed, dealer=i % n)
        learners = [True] * n
        teacher_seat = int(rng.integers(n)) if task.imitate and task.teacher is not None else None
        if teacher_seat is not None:
            learners = [s == teacher_seat for s in range(n)]
        elif heuristic is not None and task.heuristic_share > 0 and not task.imitate:
            learners = [bool(rng.random() >= task.heuristic_share) for _ in range(n)]
            if not any(learners):
                learners[int(rng.integers(n))] = True
        bots = {
            s: make_model(heuristic, game, s, int(rng.integers(2**31)))
            for s in range(n)
            if (task.imitate or not learners[s]) and heuristic is not None
        }
        if teacher_seat is not None and task.teacher is not None:
            bots[teacher_seat] = make_bot(task.teacher, game, teacher_seat, int(rng.integers(2**31)))
        priors = {
            s: make_model(task.prior, game, s, int(rng.integers(2**31)))
            for s in range(n)
            if task.prior is not None and learners[s]
        }
        rows: list[list[int]] = [[] for _ in range(n)]
        first_row, first_feature, actions_played = len(moves), len(features), 0
        while True:
            seat = state.to_act()
            if seat is None or actions_played == longest:
                break
            actions_played += 1
            if not learners[seat]:
                bot = bots[seat]
                state.apply_text(bot.choose(state.observation(seat, views=False, keys=bot.READS)))
                if state.hand_over():
                    break
                continue
            keys: frozenset[str] | None = ENCODER_READS
            for helper in (bots[seat] if task.imitate else None, priors.get(seat)):
                if helper is not None and keys is not None:
                    keys = None if helper.READS is None else keys | helper.READS
            obs = state.observation(seat) if seat == teacher_seat else state.observation(seat, views=False, keys=keys)
            legal = obs["legal_actions"]
            if len(legal) == 1:
                state.apply_text(legal[0])
            elif not judged(legal, task.only):
                state.apply_text((priors[seat] if seat in priors else bots[seat]).choose(obs))
            else:
                x = np.asarray(enc.encode(obs), np.float32).reshape(-1)
                heads = legal_heads(task.head, index, task.buckets, legal, game.name if task.move_facts else None, obs)
                if seat in priors:
                    heads = with_prior_fact(heads, legal, engine_text(probe, priors[seat].choose(obs)), prior_output)
                if task.imitate:
                    k = legal.index(engine_text(state, bots[seat].choose(obs)))
                    logp = 0.0
                    state.apply_text(legal[k])
                else:
                    hidden, _ = hidden_and_value(task.params, x[None, :])
                    z = head_logits(task.params, hidden[0], heads).astype(np.float64)
                    p = np.exp(z - z.max())
                    p /= p.sum()
                    k = min(int(np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right")), len(legal) - 1)
                    logp = math.log(p[k])
                    state.apply_text(legal[k])
                rows[seat].append(len(moves))
                xs.append(x)
                moves.append(k)
                logps.append(logp)
                returns.append(0.0)
                counts.append(len(legal))
                feature_counts.extend(len(h) for h in heads)
                features.extend(heads)
            if state.hand_over():
                break
        if not state.hand_over() and seat is not None:
            abandoned += 1
            del xs[first_row:], moves[first_row:], logps[first_row:], returns[first_row:], counts[first_row:]
            del feature_counts[first_feature:], features[first_feature:]
            continue
        hand = seat_margins(game, state.hand_scores())
        for s in range(n):
            for r in rows[s]:
                returns[r] = hand[s]
        kept = [hand[s] for s in range(n) if learners[s]]
        hand_margins.append(float(np.mean(kept)))
    return Experience(
        np.array(xs, np.float32).reshape(len(xs), -1) if xs else np.zeros((0, 0), np.float32),
        np.array(moves, np.int64),
        np.array(logps, np.float32),
        np.array(returns, np.float32),
        np.array(counts, np.int64),
        np.array(feature_counts, np.int64),
        np.concatenate(features) if features else np.zeros(0, np.int64),
        hand_margins,
        abandoned,
    )


def join(parts: list[Experience]) -> Experience:
    parts_with_rows = [p for p in parts if len(p.action)] or parts[:1]
    return Experience(
        np.concatenate([p.x for p in parts_with_rows]),
        np.concatenate([p.action for p in parts_with_rows]),
        np.concatenate([p.logp for p in parts_with_rows]),
        np.concatenate([p.margin for p in parts_with_rows]),
        np.concatenate([p.counts for p in parts_with_rows]),
        np.concatenate([p.feature_counts for p in parts_with_rows]),
        np.concatenate([p.features for p in parts_with_rows]),
        [m for p in parts for m in p.hand_margins],
        sum(p.abandoned for p in parts),
    )


def gradients(
    params: dict[str, FloatArray],
    batch: Experience,
    advantage: FloatArray,
    target: FloatArray,
    entropy_weight: float,
    imitation: bool = False,
) -> tuple[dict[str, FloatArray], dict[str, float]]:
    """The gradients of the PPO-lite loss on a minibatch, by hand, and its parts.

    loss = -mean(min(ratio * A, clip(ratio) * A)) + VALUE_WEIGHT * mean((v - R)^2)
           - entropy_weight * mean(entropy), the policy a softmax over each row's legal
    actions, an action's logit the sum of its head outputs. With `imitation` the policy
    part is the cross-entropy of the recorded moves, -mean(log p(move)).
    """
    x, action, logp_old = batch.x, batch.action, batch.logp
    rows = len(action)
    hidden: list[FloatArray] = []
    outputs, value = forward(params, x, hidden)
    width = outputs.shape[1]
    entries = len(batch.feature_counts)
    entry_row = np.repeat(np.arange(rows), batch.counts)
    feature_entry = np.repeat(np.arange(entries), batch.feature_counts)
    cell = entry_row[feature_entry] * width + batch.features
    z = np.bincount(feature_entry, weights=outputs.reshape(-1)[cell], minlength=entries)
    starts = batch.entry_starts
    z = z - np.maximum.reduceat(z, starts)[entry_row]
    e = np.exp(z)
    log_all = z - np.log(np.add.reduceat(e, starts))[entry_row]
    p = np.exp(log_all)
    picked = starts + action
    logp = log_all[picked]
    if imitation:
        ratio = np.ones(rows)
        unclipped = clipped = logp
        active = np.ones(rows, bool)
        g_logp = np.full(rows, -1.0 / rows)
    else:
        ratio = np.exp(logp - logp_old)
        unclipped = ratio * advantage
        clipped = np.clip(ratio, 1 - CLIP, 1 + CLIP) * advantage
        active = unclipped <= clipped
        g_logp = np.where(active, -advantage * ratio, 0.0) / rows
    onehot = np.zeros(entries)
    onehot[picked] = 1.0
    entropy = -np.add.reduceat(p * log_all, starts)
    d_z = g_logp[entry_row] * (onehot - p) + (entropy_weight / rows) * p * (log_all + entropy[entry_row])
    d_outputs = np.bincount(cell, weights=d_z[feature_entry], minlength=rows * width).reshape(rows, width).astype(np.float32)
    d_value = ((2 * VALUE_WEIGHT / rows) * (value - target)).astype(np.float32)
    top = hidden[-1] if hidden else x
    grads: dict[str, FloatArray] = {
        "wp": top.T @ d_outputs,
        "bp": d_outputs.sum(axis=0),
        "wv": top.T @ d_value[:, None],
        "bv": np.array([d_value.sum()], np.float32),
    }
    d_h = d_outputs @ params["wp"].T + d_value[:, None] @ params["wv"].T
    for k in range(len(hidden) - 1, -1, -1):
        d_h = d_h * (hidden[k] > 0)
        below = hidden[k - 1] if k else x
        grads[f"w{k}"] = below.T @ d_h
        grads[f"b{k}"] = d_h.sum(axis=0)
        if k:
            d_h = d_h @ params[f"w{k}"].T
    stats = {
        "policy_loss": float(-np.minimum(unclipped, clipped).mean()),
        "value_loss": float(((value - target) ** 2).mean()),
        "entropy": float(entropy.mean()),
        "clipped": float(1 - active.mean()),
    }
    return {k: v.astype(np.float32) for k, v in grads.items()}, stats



def learn(
    params: dict[str, FloatArray], adam: Adam, batch: Experience, scale: float, settings: Settings, round_: int,
    imitation: bool = False, epochs: int | None = None,
) -> dict[str, float]:
    """One round's update: advantages against the current value, then minibatch epochs."""
    target = (batch.margin / scale).astype(np.float32)
    _, value = forward(params, batch.x)
    advantage = target - value
    advantage = ((advantage - advantage.mean()) / (advantage.std() + 1e-6)).astype(np.float32)
    rng = np.random.default_rng([settings.seed, round_, 1])
    stats: dict[str, float] = {}
    for _ in range(epochs or settings.epochs):
        order = rng.permutation(len(batch.action))
        for start in range(0, len(order), settings.minibatch):
            part = order[start : start + settings.minibatch]
            grads, stats = gradients(params, batch.rows(part), advantage[part], target[part], settings.entropy, imitation)
            adam.apply(params, grads)
    return stats


def imitate(
    runner: TaskRunner, progress: Any, game: Game, settings: Settings, actions: tuple[str, ...],
    params: dict[str, FloatArray], adam: Adam, hands: int, epochs: int, teacher: str | None, out: Path,
) -> float:
    """`--imitate`: play `hands` hands and keep each copied decision with the move made
    (`PlayTask.imitate`), then fit the player to all of them, `epochs` passes of shuffled
    minibatches; the run's scale, from the copied hands' margins. All the moves are kept
    before the first step because a teacher's are dear (a search costs about half a
    CPU-second a hand): each is used in every pass, and the minibatches mix hands. The
    examples are held in memory, the encoder's inputs in float32 for each decision. They
    are also written to `COPIED` in the run's folder, and a new run there that would copy
    the same hands reads them instead of playing them again (a run stopped while fitting,
    or another number of passes, costs no second search)."""
    who = teacher or game.heuristic_bot()
    facts = {"spec": settings.spec, "seed": settings.seed, "hands": hands, "teacher": who, "prior": settings.prior,
             "head": settings.head, "buckets": settings.buckets, "actions": list(actions)}
    if settings.only:
        facts["only"] = list(settings.only)
    if settings.move_facts:
        facts["move_facts"] = True
    taught = read_copied(out / COPIED, facts)
    if taught is None:
        step = 1 if teacher else CHUNK_HANDS
        playing = progress.add_task(f"{game.title}: {who} plays the hands to copy", total=hands)
        tasks = [
            PlayTask(settings.spec, {}, actions, settings.seed, IMITATION_HANDS + k, min(step, hands - k), 0.0,
                     settings.head, settings.buckets, settings.prior, imitate=True, teacher=teacher, only=settings.only,
                     move_facts=settings.move_facts)
            for k in range(0, hands, step)
        ]
        taught = join(runner.map(play_hands, tasks, lambda k: progress.update(playing, advance=k * step)))
        progress.update(playing, completed=hands)
        save(out / COPIED, {name: getattr(taught, name) for name in COPIED_ARRAYS}, facts)
    scale = float(np.std(taught.margin)) or 1.0
    fitting = progress.add_task(f"{game.title}: copying {len(taught.action):,} moves of {who}", total=epochs)
    for epoch in range(epochs):
        learn(params, adam, taught, scale, settings, IMITATION_HANDS + epoch, imitation=True, epochs=1)
        progress.update(fitting, advance=1)
    return scale


COPIED = "copied.npz"
COPIED_ARRAYS = ("x", "action", "logp", "margin", "counts", "feature_counts", "features")


def read_copied(path: Path, facts: dict[str, Any]) -> Experience | None:
    """The copied moves `imitate` wrote at `path`, if they are of the hands `facts` names."""
    if not path.exists():
        return None
    arrays, meta = load(path)
    if meta != facts:
        return None
    x, action, logp, margin, counts, feature_counts, features = (arrays[name] for name in COPIED_ARRAYS)
    return Experience(x, action, logp, margin, counts, feature_counts, features, [])



def weights_meta(game: Game, options: GameOptions, settings: Settings, actions: tuple[str, ...], shape: Any, scale: float, facts: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": game.name,
        "spec": settings.spec,
        "options": options.to_json(),
        "actions": list(actions),
        "head": settings.head,
        "buckets": settings.buckets,
        "prior": settings.prior,
        "only": list(settings.only),
        "move_facts": settings.move_facts,
        "encoder_shape": list(shape),
        "scale": scale,
        "hidden": list(settings.hidden),
        "training": facts,
    }



def only_verbs(only: str | None, prior: bool) -> tuple[str, ...]:
    """`--only VERBS` read: the verbs whose decisions the network makes. The heuristic
    makes the others, so the weights must read its move (`--prior`)."""
    if only is None:
        return ()
    verbs = tuple(verb.strip() for verb in only.split(",") if verb.strip())
    if not verbs:
        raise OptionsError("--only needs verbs, such as play or bid,pass")
    if not prior:
        raise OptionsError("--only leaves the other decisions to the heuristic: give --prior too")
    return verbs


def setting_text(value: Any) -> str:
    """A setting as it is written on the command line (`--hidden 256,256`)."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return "off" if value is None else str(value)


def run(args: argparse.Namespace) -> int:
    from parlour.envs import encoder

    game, options = game_from_args(args)
    turn_value = {"--worlds": args.worlds, "--bonus": args.bonus, "--explore": args.explore, "--keep": args.keep,
                  "--paired": args.paired or None, "--moves": args.moves, "--sampled": args.sampled}
    if args.method == "move-value":
        from parlour.train_move import run_move_value

        return run_move_value(args, game, options, table_spec(game, options))
    if args.method == "turn-value":
        from parlour.train_value import TURN_VALUE_DEFAULTS, run_turn_value

        for flag, value in TURN_VALUE_DEFAULTS.items():
            if getattr(args, flag) is None:
                setattr(args, flag, value)
        return run_turn_value(args, game, options, table_spec(game, options))
    if any(value is not None for value in turn_value.values()):
        raise OptionsError(f"{', '.join(f for f, v in turn_value.items() if v is not None)}: only with --method turn-value (--bonus and --keep also move-value)")
    given = with_defaults(args)
    if args.batch < 1 or args.epochs < 1 or args.minibatch < 1 or args.eval_hands < 1:
        raise OptionsError("--batch, --epochs, --minibatch and --eval-hands must be at least 1")
    if not 0 <= args.heuristic_share < 1:
        raise OptionsError("--heuristic-share must be from 0 to below 1")
    try:
        hidden = tuple(int(h) for h in args.hidden.split(",") if h.strip())
    except ValueError:
        raise OptionsError("--hidden: write sizes such as 256,256") from None
    if args.buckets < 16 or args.imitate < 0 or args.imitate_epochs < 1:
        raise OptionsError("--buckets must be at least 16, --imitate at least 0, --imitate-epochs at least 1")
    if args.start and (args.resume or args.imitate):
        raise OptionsError("--start begins a new run from trained weights: not with --resume or --imitate")
    if (args.imitate or args.prior) and game.heuristic_bot() is None:
        raise OptionsError(f"--imitate and --prior: {game.title} has no heuristic bot")
    teacher = args.teacher
    if teacher is not None:
        from parlour.bots import make_bot

        if not args.imitate or args.resume:
            raise OptionsError("--teacher names the bot that --imitate copies: give it with --imitate, on a new run")
        make_bot(teacher, game, 0, 0)
    settings = Settings(
        table_spec(game, options), args.seed, args.batch, hidden, args.lr, args.epochs,
        args.minibatch, args.entropy, args.heuristic_share, args.eval_hands,
        chosen_head(game, options, args.head), args.buckets, game.heuristic_bot() if args.prior else None,
        only_verbs(args.only, args.prior), args.move_facts,
    )
    if settings.move_facts and settings.head != "features":
        raise OptionsError("--move-facts: only a features head reads them (give --head features)")
    shape = tuple(encoder(settings.spec).shape)
    inputs = int(np.prod(shape))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    hands_done, round_, seconds, cpu, scale, imitated, abandoned = 0, 0, 0.0, 0.0, 0.0, 0, 0
    started_from: dict[str, Any] | None = None
    curve: list[dict[str, Any]] = []
    if args.resume:
        params, meta, adam = read_checkpoint(Path(args.resume))
        run_facts = meta["training"]
        if run_facts["settings"]["spec"] != settings.spec:
            raise OptionsError(f"--resume: the checkpoint is of {run_facts['settings']['spec']}, not {settings.spec}")
        kept = Settings(**{**run_facts["settings"], "hidden": tuple(run_facts["settings"]["hidden"]),
                           "only": tuple(run_facts["settings"].get("only", ()))})
        changed = sorted(name for name in given if getattr(settings, name) != getattr(kept, name))
        if changed:
            raise OptionsError(
                "--resume goes on with the checkpoint's own settings, and it was trained with "
                + ", ".join(f"--{name.replace('_', '-')} {setting_text(getattr(kept, name))}" for name in changed)
                + "; leave those flags out, or start a new run in another --out to change them"
            )
        settings = kept
        imitated, teacher = run_facts.get("imitated", 0), run_facts.get("teacher")
        hands_done, round_, seconds = run_facts["hands"], run_facts["rounds"], run_facts["seconds"]
        cpu = run_facts.get("cpu_seconds", 0.0)
        abandoned = run_facts.get("abandoned", 0)
        started_from = run_facts.get("started_from")
        scale, curve = meta["scale"], run_facts["curve"]
    actions = action_texts(game, options, settings.head)
    if not args.resume:
        outputs = head_size(settings.head, len(actions), settings.buckets) + (settings.prior is not None)
        params = init_params(inputs, settings.hidden, outputs, np.random.default_rng([settings.seed, 0]))
        if settings.prior is not None:
            params["wp"][:] = 0.0
            params["bp"][-1] = PRIOR_START
        if args.start:
            scale, started_from = start_weights(args.start, game, options, settings, actions, params)
        adam = Adam(params, settings.lr)
    budget_hands = hands_done + args.hands if args.hands is not None else None
    budget_seconds = seconds + (args.seconds if args.seconds is not None else (600.0 if args.hands is None else math.inf))
    eval_every = args.eval_every or max(settings.batch, (args.hands or 8 * settings.batch * 8) // 8)
    next_eval = (hands_done // eval_every + 1) * eval_every if curve else 0
    weights_file = out / f"{game.name}-{options.players}.npz"

    def facts() -> dict[str, Any]:
        return {
            "settings": {**settings.__dict__, "hidden": list(settings.hidden)},
            "hands": hands_done, "rounds": round_, "seconds": round(seconds, 1), "imitated": imitated, "teacher": teacher,
            "cpu_seconds": round(cpu + cpu_time() - cpu_started, 1), "abandoned": abandoned, "curve": curve,
            "started_from": started_from,
            "machine": machine(),
        }

    def write(path: Path, with_adam: bool) -> None:
        arrays = dict(params)
        meta = weights_meta(game, options, settings, actions, shape, scale or 1.0, facts())
        if with_adam:
            arrays |= {f"adam_m_{k}": v for k, v in adam.m.items()} | {f"adam_v_{k}": v for k, v in adam.v.items()}
            meta["adam_step"] = adam.step
        save(path, arrays, meta)

    def point() -> None:
        write(weights_file, False)
        if args.keep_points:
            (out / "points").mkdir(exist_ok=True)
            write(out / "points" / f"{weights_file.stem}-{hands_done}.npz", False)
        margin, half = evaluate(runner, game, options, weights_file.resolve(), settings.eval_hands, 10**6 + settings.seed)
        curve.append({"hands": hands_done, "seconds": round(seconds, 1), "margin": margin, "half": half})
        write(out / "checkpoint.npz", True)
        (out / "curve.json").write_text(json.dumps(curve, indent=1))

    total = budget_hands if budget_hands is not None else budget_seconds
    cpu_started = cpu_time()
    with TaskRunner(args.jobs, args.backend, args.ray_address) as runner, progress_bar() as progress:
        if args.imitate and not args.resume:
            started = time.perf_counter()
            scale = imitate(runner, progress, game, settings, actions, params, adam, args.imitate, args.imitate_epochs, teacher, out)
            imitated = args.imitate
            seconds += time.perf_counter() - started
        bar = progress.add_task(f"{game.title} training", total=total, completed=hands_done if budget_hands else seconds)
        while True:
            if hands_done >= next_eval:
                point()
                next_eval = hands_done + eval_every
                last = curve[-1]
                progress.update(bar, description=f"{game.title} training, margin {last['margin']:+.2f}±{last['half']:.2f}")
            if (budget_hands is not None and hands_done >= budget_hands) or seconds >= budget_seconds:
                break
            started = time.perf_counter()
            count = settings.batch if budget_hands is None else min(settings.batch, budget_hands - hands_done)
            tasks = [
                PlayTask(settings.spec, params, actions, settings.seed, hands_done + k, min(CHUNK_HANDS, count - k),
                         settings.heuristic_share, settings.head, settings.buckets, settings.prior, only=settings.only,
                         move_facts=settings.move_facts)
                for k in range(0, count, CHUNK_HANDS)
            ]
            batch = join(runner.map(play_hands, tasks, lambda k: None))
            if len(batch.action):
                scale = scale or float(np.std(batch.margin)) or 1.0
                learn(params, adam, batch, scale, settings, round_)
            hands_done += count
            round_ += 1
            seconds += time.perf_counter() - started
            progress.update(bar, completed=hands_done if budget_hands is not None else min(seconds, total))
            abandoned += batch.abandoned
        if not curve or curve[-1]["hands"] != hands_done:
            point()
    write(weights_file, False)
    cpu += cpu_time() - cpu_started
    plot_curve(curve, f"{settings.spec}: learned vs {game.heuristic_bot() or 'random'}, seed {settings.seed}", out / "curve.png")
    print(
        f"{settings.spec}: {hands_done} hands in {seconds:.0f} s of training ({cpu:.0f} CPU-seconds); "
        + last_point_text(curve, game.heuristic_bot() or "random", settings.eval_hands, weights_file)
        + (f"; {plural(abandoned, 'hand')} abandoned after {UNBOUNDED_HAND_ACTIONS:,} actions" if abandoned else "")
    )
    return 0


def start_weights(
    source: str, game: Game, options: GameOptions, settings: Settings, actions: tuple[str, ...], params: dict[str, FloatArray]
) -> tuple[float, dict[str, Any]]:
    """Copy trained weights into a new run's `params` (`--start`), so that a player can be
    trained on against other opponents or with other steps than it was: a resume would keep
    its settings. The network must be the same shape and read the same actions. Returns
    the weights' return scale and what the run records of where it began."""
    path = weights_path(game.name, options.players) if source == "shipped" else Path(source)
    if not path.is_file():
        raise OptionsError(f"--start: no weights {str(path)!r}")
    arrays, meta = load(path)
    if meta.get("spec") != settings.spec:
        raise OptionsError(f"--start: the weights are of {meta.get('spec')}, not {settings.spec}")
    theirs = (list(meta.get("hidden", [])), meta.get("head", "actions"), int(meta.get("buckets", FEATURE_BUCKETS)), meta.get("prior"),
              bool(meta.get("move_facts", False)), list(meta.get("actions", [])))
    ours = (list(settings.hidden), settings.head, settings.buckets, settings.prior, settings.move_facts, list(actions))
    names = ("--hidden", "--head", "--buckets", "--prior", "--move-facts", "the actions")
    differ = [f"{name} {setting_text(tuple(a) if isinstance(a, list) else a)}" for name, a, b in zip(names, theirs, ours, strict=True) if a != b]
    if differ or any(key not in arrays or arrays[key].shape != value.shape for key, value in params.items()):
        raise OptionsError("--start: the weights are another network (" + (", ".join(differ) or "other inputs") + "); give the same settings")
    for key in params:
        params[key][...] = arrays[key]
    trained = meta.get("training", {})
    return float(meta["scale"]), {"weights": path.name, "hands": trained.get("hands", 0), "settings": trained.get("settings")}


def read_checkpoint(path: Path) -> tuple[dict[str, FloatArray], dict[str, Any], Adam]:
    """The weights, facts and optimizer of a checkpoint `run` wrote."""
    if not path.is_file():
        raise OptionsError(f"--resume: no checkpoint {str(path)!r}")
    arrays, meta = load(path)
    if "adam_step" not in meta:
        raise OptionsError(f"--resume: {str(path)!r} holds weights only, not a checkpoint")
    params = {k: v for k, v in arrays.items() if not k.startswith("adam_")}
    adam = Adam(params, meta["training"]["settings"]["lr"])
    adam.step = meta["adam_step"]
    adam.m = {k: arrays[f"adam_m_{k}"] for k in params}
    adam.v = {k: arrays[f"adam_v_{k}"] for k in params}
    return params, meta, adam



