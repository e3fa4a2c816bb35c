"""`parlour train GAME --method policy`: a policy and value network by policy gradient.

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
here, float32. `--prior` makes the heuristic's move an input (parlour.bots.learned): the
player starts as the heuristic and learns where to depart from it.

Determinism: hand i of the run (counted over the whole run, resumes included) is dealt
from seed `seed * 1_000_000_007 + i`, its moves sampled from a generator seeded by
(seed, i), and the rounds' minibatches from (seed, round); the hands of a round run in
fixed chunks of `CHUNK_HANDS`, gathered in order. So a fixed seed gives the same weights
in one process, with `--jobs`, under `--backend ray`, and across `--resume`.
`--seconds` (wall clock) stops after the round that passes the time, so the number of
hands it reaches depends on the machine and its load; `--hands` does not. The run's
facts keep the wall-clock seconds of training and the CPU-seconds of the whole run
(its measurements included; with the local backend's workers, not Ray's).

Out (`--out DIR`, parlour.training.runs.Run): `checkpoint.npz` (weights, Adam's moments
and the run's facts; `--resume` reads it and goes on with its settings, refusing flags
that ask for others; rewritten whole at every point of the curve, so a run killed or
lost with its machine resumes from its last point and goes on as it would have),
`<game>-<players>.npz` (the weights alone, `kind` "policy", what `parlour/bots/weights/`
ships), `curve.json` and `curve.png`: the duplicate margin of the learned player (greedy)
in one seat against the game's heuristic bot in the others, with its 95% interval,
measured every `--eval-every` hands on the same `--eval-hands` duplicate hands.

`--start WEIGHTS` begins a new run from a trained player's weights (a file, or `shipped`
for the package's) with the new run's own settings: the same network, read the same way,
but other opponents or steps, say more heuristic seats and a smaller step size. Its hands
are counted from 0 again, Adam starts afresh, and the run's facts say where it began.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import math
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots.learned import (
    ENCODER_READS,
    FEATURE_BUCKETS,
    Policy,
    engine_text,
    head_logits,
    head_size,
    legal_heads,
    seat_margins,
    weights_path,
    with_prior_fact,
)
from parlour.bots.network import FloatArray, forward, hidden_and_value, init_params, load, save
from parlour.engine import Game, GameOptions, OptionsError, plural
from parlour.envs.contract import check, fingerprint, saved_fingerprint
from parlour.training.runs import (
    Adam,
    Run,
    add_run_arguments,
    hidden_sizes,
    machine,
    read_checkpoint,
    save_checkpoint,
)

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
UNBOUNDED_HAND_ACTIONS = 3_000
"""Where a game's rules set no bound on a hand (`Limits.hand_actions` None: Mighty deals
again while all five pass), a training hand is abandoned after this many actions, its
decisions dropped. Learners that all learned to pass would otherwise deal forever, and
they did: a Mighty run grew to 19 GB in twelve minutes. A real hand is far shorter."""
SUMMARY = "a policy and value network by policy gradient (PPO-lite) in self-play against the heuristic"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_run_arguments(parser)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--seconds", type=float, help="train for about this many seconds (default 600)")
    budget.add_argument("--hands", type=int, help="train on this many hands (reproducible anywhere)")
    parser.add_argument("--resume", metavar="CKPT", help="continue from a checkpoint.npz")
    parser.add_argument(
        "--start", metavar="WEIGHTS",
        help="begin a new run from trained weights (a .npz, or 'shipped' for the package's), "
        "with this run's settings",
    )
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
    parser.add_argument("--eval-every", type=int, help="hands between points of the curve")
    parser.add_argument("--eval-hands", type=int, help="duplicate hands per point of the curve (default 120)")


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

    @staticmethod
    def kept(facts: dict[str, Any]) -> Settings:
        """The settings a checkpoint's facts record."""
        known = {field.name for field in dataclasses.fields(Settings)}
        return Settings(**{key: value for key, value in facts.items() if key in known} | {"hidden": tuple(facts["hidden"])})


@dataclass(frozen=True)
class PlayTask:
    """Hands `first`..`first + count - 1` of a run, played with `params`: picklable."""

    settings: Settings
    params: dict[str, FloatArray]
    actions: tuple[str, ...]
    first: int
    count: int


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
    from parlour.bots.models import make_model
    from parlour.envs import encoder
    from parlour.games import game_from_spec

    settings = task.settings
    game, options = game_from_spec(settings.spec)
    enc = encoder(settings.spec)
    index = {text: i for i, text in enumerate(task.actions)}
    prior_output = head_size(settings.head, len(task.actions), settings.buckets)
    probe = game.new_state(options, 0)
    heuristic = game.heuristic_bot()
    longest = game.limits(options).hand_actions or UNBOUNDED_HAND_ACTIONS
    abandoned = 0
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
        rng = np.random.default_rng([settings.seed, i])
        state = game.new_state(options, settings.seed * SEED_STRIDE + i, dealer=i % n)
        learners = [True] * n
        if heuristic is not None and settings.heuristic_share > 0:
            learners = [bool(rng.random() >= settings.heuristic_share) for _ in range(n)]
            if not any(learners):
                learners[int(rng.integers(n))] = True
        bots = {
            s: make_model(heuristic, game, s, int(rng.integers(2**31)))
            for s in range(n)
            if not learners[s] and heuristic is not None
        }
        priors = {
            s: make_model(settings.prior, game, s, int(rng.integers(2**31)))
            for s in range(n)
            if settings.prior is not None and learners[s]
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
            prior = priors.get(seat)
            keys: frozenset[str] | None = None
            if prior is None:
                keys = ENCODER_READS
            elif prior.READS is not None:
                keys = ENCODER_READS | prior.READS
            obs = state.observation(seat, views=False, keys=keys)
            legal = obs["legal_actions"]
            if len(legal) == 1:
                state.apply_text(legal[0])
            else:
                x = np.asarray(enc.encode(obs), np.float32).reshape(-1)
                heads = legal_heads(settings.head, index, settings.buckets, legal)
                if prior is not None:
                    heads = with_prior_fact(heads, legal, engine_text(probe, prior.choose(obs)), prior_output)
                hidden, _ = hidden_and_value(task.params, x[None, :])
                z = head_logits(task.params, hidden[0], heads).astype(np.float64)
                p = np.exp(z - z.max())
                p /= p.sum()
                k = min(int(np.searchsorted(np.cumsum(p), rng.random() * p.sum(), side="right")), len(legal) - 1)
                state.apply_text(legal[k])
                rows[seat].append(len(moves))
                xs.append(x)
                moves.append(k)
                logps.append(math.log(p[k]))
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
        hand_margins.append(float(np.mean([hand[s] for s in range(n) if learners[s]])))
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
) -> tuple[dict[str, FloatArray], dict[str, float]]:
    """The gradients of the PPO-lite loss on a minibatch, by hand, and its parts.

    loss = -mean(min(ratio * A, clip(ratio) * A)) + VALUE_WEIGHT * mean((v - R)^2)
           - entropy_weight * mean(entropy), the policy a softmax over each row's legal
    actions, an action's logit the sum of its head outputs.
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
    params: dict[str, FloatArray], adam: Adam, batch: Experience, scale: float, settings: Settings, round_: int
) -> dict[str, float]:
    """One round's update: advantages against the current value, then minibatch epochs."""
    target = (batch.margin / scale).astype(np.float32)
    _, value = forward(params, batch.x)
    advantage = target - value
    advantage = ((advantage - advantage.mean()) / (advantage.std() + 1e-6)).astype(np.float32)
    rng = np.random.default_rng([settings.seed, round_, 1])
    stats: dict[str, float] = {}
    for _ in range(settings.epochs):
        order = rng.permutation(len(batch.action))
        for start in range(0, len(order), settings.minibatch):
            part = order[start : start + settings.minibatch]
            grads, stats = gradients(params, batch.rows(part), advantage[part], target[part], settings.entropy)
            adam.apply(params, grads)
    return stats


def setting_text(value: Any) -> str:
    """A setting as it is written on the command line (`--hidden 256,256`)."""
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return "off" if value is None else str(value)


def asked_settings(args: argparse.Namespace, run: Run) -> Settings:
    """The settings the flags ask for (`with_defaults` has filled in the others)."""
    if args.batch < 1 or args.epochs < 1 or args.minibatch < 1:
        raise OptionsError("--batch, --epochs and --minibatch must be at least 1")
    if not 0 <= args.heuristic_share < 1:
        raise OptionsError("--heuristic-share must be from 0 to below 1")
    hidden = hidden_sizes(args.hidden)
    if args.buckets < 16:
        raise OptionsError("--buckets must be at least 16")
    if args.start and args.resume:
        raise OptionsError("--start begins a new run from trained weights: not with --resume")
    if args.prior and run.game.heuristic_bot() is None:
        raise OptionsError(f"--prior: {run.game.title} has no heuristic bot")
    return Settings(
        run.spec, args.seed, args.batch, hidden, args.lr, args.epochs, args.minibatch, args.entropy,
        args.heuristic_share, args.eval_hands, chosen_head(run.game, run.options, args.head), args.buckets,
        run.game.heuristic_bot() if args.prior else None,
    )


@dataclass
class Trained:
    """How far a run has come: kept in its checkpoint, read back by `--resume`."""

    hands: int = 0
    rounds: int = 0
    seconds: float = 0.0
    """Wall-clock seconds spent playing and learning, the curve's measurements left out."""
    cpu_seconds: float = 0.0
    """CPU seconds of the run's earlier parts (before a `--resume`)."""
    abandoned: int = 0
    scale: float = 0.0
    started_from: dict[str, Any] | None = None


def resumed(path: Path, settings: Settings, given: set[str], run: Run) -> tuple[Settings, Trained, dict[str, FloatArray], Adam]:
    """`--resume`: the checkpoint's settings, progress, weights and optimizer. A flag that
    asks for another setting than the checkpoint's is refused, not silently ignored."""
    params, meta, adam = read_checkpoint(path, lambda meta: meta["training"]["settings"]["lr"])
    facts = meta["training"]
    if facts["settings"]["spec"] != settings.spec:
        raise OptionsError(f"--resume: the checkpoint is of {facts['settings']['spec']}, not {settings.spec}")
    check(saved_fingerprint(meta), fingerprint(settings.spec), "--resume: the checkpoint's weights", "the encoder here")
    kept = Settings.kept(facts["settings"])
    changed = sorted(name for name in given if getattr(settings, name) != getattr(kept, name))
    if changed:
        raise OptionsError(
            "--resume goes on with the checkpoint's own settings, and it was trained with "
            + ", ".join(f"--{name.replace('_', '-')} {setting_text(getattr(kept, name))}" for name in changed)
            + "; leave those flags out, or start a new run in another --out to change them"
        )
    run.curve = facts["curve"]
    trained = Trained(facts["hands"], facts["rounds"], facts["seconds"], facts.get("cpu_seconds", 0.0),
                      facts.get("abandoned", 0), meta["scale"], facts.get("started_from"))
    return kept, trained, params, adam


def weights_meta(run: Run, settings: Settings, actions: tuple[str, ...], shape: tuple[int, ...], trained: Trained) -> dict[str, Any]:
    """What the weights file says of itself: its kind, the table and network, and the run."""
    return {
        "kind": Policy.kind,
        "game": run.game.name,
        "spec": settings.spec,
        "options": run.options.to_json(),
        "actions": list(actions),
        "head": settings.head,
        "buckets": settings.buckets,
        "prior": settings.prior,
        "encoder_shape": list(shape),
        "layout": fingerprint(settings.spec),
        "scale": trained.scale or 1.0,
        "hidden": list(settings.hidden),
        "training": {
            "settings": {**settings.__dict__, "hidden": list(settings.hidden)},
            "hands": trained.hands, "rounds": trained.rounds, "seconds": round(trained.seconds, 1),
            "cpu_seconds": round(trained.cpu_seconds + run.cpu_seconds(), 1), "abandoned": trained.abandoned,
            "curve": run.curve, "started_from": trained.started_from, "machine": machine(),
        },
    }


def run(args: argparse.Namespace) -> int:
    from parlour.envs import encoder

    given = with_defaults(args)
    run = Run(args, args.eval_hands)
    settings = asked_settings(args, run)
    shape = tuple(encoder(settings.spec).shape)
    if args.resume:
        settings, trained, params, adam = resumed(Path(args.resume), settings, given, run)
        run.seed, run.eval_hands = settings.seed, settings.eval_hands
        actions = action_texts(run.game, run.options, settings.head)
    else:
        trained = Trained()
        actions = action_texts(run.game, run.options, settings.head)
        outputs = head_size(settings.head, len(actions), settings.buckets) + (settings.prior is not None)
        params = init_params(int(np.prod(shape)), settings.hidden, outputs, np.random.default_rng([settings.seed, 0]))
        if settings.prior is not None:
            params["wp"][:] = 0.0
            params["bp"][-1] = PRIOR_START
        if args.start:
            trained.scale, trained.started_from = start_weights(args.start, run.game, run.options, settings, actions, params)
        adam = Adam(params, settings.lr)
    budget_hands = trained.hands + args.hands if args.hands is not None else None
    budget_seconds = trained.seconds + (args.seconds if args.seconds is not None else (600.0 if args.hands is None else math.inf))
    eval_every = args.eval_every or max(settings.batch, (args.hands or 8 * settings.batch * 8) // 8)
    next_eval = (trained.hands // eval_every + 1) * eval_every if run.curve else 0

    def meta() -> dict[str, Any]:
        return weights_meta(run, settings, actions, shape, trained)

    def point() -> None:
        run.measure(params, meta(), {"hands": trained.hands, "seconds": round(trained.seconds, 1)})
        save_checkpoint(run.checkpoint_file, params, adam, meta())

    with run:
        total = budget_hands if budget_hands is not None else budget_seconds
        bar = run.progress.add_task(f"{run.game.title} training", total=total,
                                    completed=trained.hands if budget_hands else trained.seconds)
        while True:
            if trained.hands >= next_eval:
                point()
                next_eval = trained.hands + eval_every
                last = run.curve[-1]
                run.progress.update(bar, description=f"{run.game.title} training, margin {last['margin']:+.2f}±{last['half']:.2f}")
            if (budget_hands is not None and trained.hands >= budget_hands) or trained.seconds >= budget_seconds:
                break
            started = time.perf_counter()
            count = settings.batch if budget_hands is None else min(settings.batch, budget_hands - trained.hands)
            tasks = [
                PlayTask(settings, params, actions, trained.hands + k, min(CHUNK_HANDS, count - k))
                for k in range(0, count, CHUNK_HANDS)
            ]
            batch = join(run.runner.map(play_hands, tasks, lambda k: None))
            if len(batch.action):
                trained.scale = trained.scale or float(np.std(batch.margin)) or 1.0
                learn(params, adam, batch, trained.scale, settings, trained.rounds)
            trained.hands += count
            trained.rounds += 1
            trained.seconds += time.perf_counter() - started
            run.progress.update(bar, completed=trained.hands if budget_hands is not None else min(trained.seconds, total))
            trained.abandoned += batch.abandoned
        if not run.curve or run.curve[-1]["hands"] != trained.hands:
            point()
    save(run.weights_file, params, meta())
    run.finish(
        "learned",
        f"{trained.hands} hands in {trained.seconds:.0f} s of training "
        f"({trained.cpu_seconds + run.cpu_seconds():.0f} CPU-seconds)"
        + (f", {plural(trained.abandoned, 'hand')} abandoned after {UNBOUNDED_HAND_ACTIONS:,} actions" if trained.abandoned else ""),
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
    if meta.get("kind") != Policy.kind:
        raise OptionsError(f"--start: {str(path)!r} holds no policy weights (their kind: {meta.get('kind')})")
    check(saved_fingerprint(meta), fingerprint(settings.spec), f"--start: the weights {path.name}", "the encoder here")
    theirs = (list(meta["hidden"]), meta["head"], int(meta["buckets"]), meta["prior"], list(meta["actions"]))
    ours = (list(settings.hidden), settings.head, settings.buckets, settings.prior, list(actions))
    names = ("--hidden", "--head", "--buckets", "--prior", "the actions")
    differ = [f"{name} {setting_text(tuple(a) if isinstance(a, list) else a)}" for name, a, b in zip(names, theirs, ours, strict=True) if a != b]
    if differ or any(key not in arrays or arrays[key].shape != value.shape for key, value in params.items()):
        raise OptionsError("--start: the weights are another network (" + (", ".join(differ) or "other inputs") + "); give the same settings")
    for key in params:
        params[key][...] = arrays[key]
    trained = meta.get("training", {})
    return float(meta["scale"]), {"weights": path.name, "hands": trained.get("hands", 0), "settings": trained.get("settings")}
