"""`parlour train GAME --method turn-value`: a learned player from the values of a seat's turn end.

`parlour train kings_in_the_corner --method turn-value --hands 80000 --jobs 2 --out runs/kings-tv`

What is learned: one network (parlour.bots.network, its value head alone) gives a seat's
expected hand margin from the research tensor of its view at the moment its turn ends
(the first moment another seat is to act). The player (`learned` with these weights,
`LearnedBot.turn_end_choice`) plays every legal action in sampled worlds (`--worlds`,
one by default), finishes its turn as the heuristic would, and takes the action whose
turn ends best; the heuristic's own move gets a small bonus (`--bonus`, in points: a
game's scale sets it, 0.3 at Kings in the Corner, 150 at Six-Pack Bezique), so that the
network's error does not overrule it on noise.

Why: at Kings in the Corner the policy gradient found nothing over the heuristic in three
runs, and copying the search's moves taught the network too few of them (docs/strength.md).
The search's edge is one step of improvement on the heuristic: the value of each move
when the heuristic plays on. A value network learns that same quantity from every turn
of cheap heuristic self-play, not from the search's dear moves: deep Monte-Carlo, as
DouZero valued its actions by the returns of whole games. Valuing the turn's end rather
than each move compares all of a turn's choices at the same point of the game, where the
other seat is about to play.

How: `--hands` hands of the heuristic in every seat, a random legal move now and then
(`--explore`, so that moves the heuristic never makes are valued too). At each turn's end
the seat's tensor is kept with chance `--keep`, and the hand's margin for that seat (the
arena's duplicate margin) is its target. The hands run in chunks (`--jobs` processes or
Ray), each seeded by its number, so a fixed seed gives the same data anywhere. Then
`--epochs` passes of minibatch Adam on the squared error, the targets divided by their
spread (`scale`); the last 5% of the hands are held out and their error is printed. After
each pass the weights are written and measured as the other method's curve is: the
player's duplicate margin against the heuristic over `--eval-hands` hands.

Paired targets (`--paired`). A hand's margin is mostly the luck of the deal, which every
move of a decision shares: at five seats (Mighty) the values learned from it could not
tell a seat's moves apart. With `--paired`, at each kept decision (`--keep` is then the
share of decisions) every legal move is played in the true deal, the seat's turn finished
and the hand played out by the heuristic in every seat, seeded alike for every move, so
the moves' margins differ only through the move; the fit then weighs each row's error
around its decision's mean (`value_gradients`), with a little of the plain error so the
values stay in points. That is the search's paired playout, spent on the training hands
instead of at the table. `--only play` keeps the decisions among moves of those verbs
(the play of the cards, not the auction) and the player leaves the others to the
heuristic. `--sampled K` plays each move out not in the true deal but in K deals sampled
from the seat's observation, as the search's playouts are, and takes their mean margin:
the cards the seat cannot see are then averaged over rather than drawn once, so the
target is nearer to what the seat can know (at K times the playouts).

Out (`--out DIR`): `<game>-<players>.npz` (weights and facts, with `kind` "turn_value"),
`curve.json` and `curve.png`. The run is minutes long, so it keeps no checkpoint to
resume from: run it again with the same seed for the same weights.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots.learned import TurnValue, engine_text, judged, seat_margins
from parlour.bots.network import FloatArray, hidden_and_value, init_params
from parlour.engine import Game, GameOptions, OptionsError, plural
from parlour.simulate import TaskRunner, progress_bar

VALUE_CHUNK_HANDS = 250
"""Hands per task of the data's play: large enough that a worker's start is paid back."""
TURN_VALUE_DEFAULTS = {"worlds": 1, "bonus": 0.3, "explore": 0.03, "keep": 0.5}
"""The method's own settings. The player samples one world a move: at Kings in the Corner
4, 2 and 1 worlds measured +0.334, +0.284 and +0.302 over the same 2,000 hands, and one
keeps the slowest moves under 5 ms. It gives the heuristic's move 0.3 points: in a trial
run over 600 deals that measured +0.517, where no bonus measured +0.235 over 200. The
hands explore 3% of their moves and keep half of the turn ends."""
HOLDOUT_SHARE = 0.05
"""The share of the hands (the last ones) whose rows are held out of the fit."""


PAIRED_ANCHOR = 0.05
"""With `--paired`, the weight of the rows' own squared error beside their error around
their decision's mean (the targets are then scaled by the spread of the moves'
differences, `scale`): enough to keep the values in points (a turn that ends the hand
counts its real margin beside them), too little to let a world's luck, which every move
of a decision shares, outweigh the moves' differences. At Mighty's play of the cards
that luck has 5 times the variance of the differences."""


@dataclass(frozen=True)
class ValueTask:
    """A chunk of the heuristic's self-play hands whose turn ends are kept (picklable)."""

    spec: str
    seed: int
    first: int
    count: int
    explore: float
    keep: float
    paired: bool = False
    only: tuple[str, ...] = ()
    moves: int = 0
    sampled: int = 0


def chunk_table(task: ValueTask) -> tuple[Game, GameOptions, str, Any]:
    """A chunk's game, rules, heuristic bot and tensor encoder (in the worker)."""
    from parlour.envs import encoder
    from parlour.games import game_from_spec

    game, options = game_from_spec(task.spec)
    heuristic = game.heuristic_bot()
    assert heuristic is not None
    return game, options, heuristic, encoder(task.spec)


def dealt_hands(seed: int, numbers: range, game: Game, options: GameOptions, heuristic: str) -> Iterator[tuple[int, np.random.Generator, Any, list[Any]]]:
    """Each hand of a chunk: its number, its generator, its deal and the heuristic in every
    seat, all seeded by the run's seed and the hand's number, so a chunk plays the same
    anywhere."""
    from parlour.bots.models import make_model

    n = options.players
    for i in numbers:
        rng = np.random.default_rng([seed, i])
        state = game.new_state(options, seed * 1_000_003 + i, dealer=i % n)
        yield i, rng, state, [make_model(heuristic, game, s, int(rng.integers(2**31))) for s in range(n)]


def turn_end_rows(task: ValueTask) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Play a chunk's hands (a worker: runs anywhere); the kept views' tensors (float16),
    their seats' hand margins, the number of the hand each row came from, and each row's
    decision (`--paired`: the rows of one decision are its moves; else each row its own)."""
    if task.paired:
        return paired_rows(task)
    game, options, heuristic, tensor = chunk_table(task)
    rows: list[np.ndarray] = []
    targets: list[float] = []
    hands: list[int] = []
    for i, rng, state, bots in dealt_hands(task.seed, range(task.first, task.first + task.count), game, options, heuristic):
        kept: list[tuple[int, np.ndarray]] = []
        while (seat := state.to_act()) is not None:
            observation = state.observation(seat, views=False)
            legal = observation["legal_actions"]
            if len(legal) > 1 and rng.random() < task.explore:
                action = legal[int(rng.integers(len(legal)))]
            else:
                action = bots[seat].choose(observation)
            state.apply_text(action)
            if state.hand_over():
                break
            if state.to_act() != seat and rng.random() < task.keep:
                kept.append((seat, np.asarray(tensor.encode(state.observation(seat, views=False)), np.float16).reshape(-1)))
        margin = seat_margins(game, state.hand_scores())
        for seat, row in kept:
            rows.append(row)
            targets.append(margin[seat])
            hands.append(i)
    return chunk_arrays(rows, targets, hands, list(range(len(rows))), int(np.prod(tensor.shape)))


def paired_rows(task: ValueTask) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`--paired`: at a kept decision of the heuristic's hands (one the values judge, with
    a choice), every legal move is played in the true deal, the seat's turn is finished
    and the hand played out by the heuristic in every seat, seeded alike for every move
    (common random numbers), so the moves' margins differ only through the move. Each
    move's turn-end view is a row with its margin as target; the rows of a decision share
    its number. A decision where some move ends the hand within the turn is not kept. With
    `moves` (`--moves K`), at most K moves of a decision are played out: the heuristic's
    and K-1 others drawn at random, so a decision of 41 bids costs 6 playouts, not 41."""
    game, options, heuristic, tensor = chunk_table(task)
    rows: list[np.ndarray] = []
    targets: list[float] = []
    hands: list[int] = []
    decisions: list[int] = []
    kept = 0
    n = options.players
    for i, rng, state, bots in dealt_hands(task.seed, range(task.first, task.first + task.count), game, options, heuristic):
        while (seat := state.to_act()) is not None and not state.hand_over():
            observation = state.observation(seat, views=False)
            legal = observation["legal_actions"]
            choice = bots[seat].choose(observation)
            if len(legal) > 1 and judged(legal, task.only) and rng.random() < task.keep:
                seed = int(rng.integers(2**31))
                tried = legal
                if 0 < task.moves < len(legal):
                    first = engine_text(state, choice)
                    others = [text for text in legal if text != first]
                    picked = rng.choice(len(others), task.moves - 1, replace=False)
                    tried = [first, *(others[k] for k in sorted(picked))]
                worlds = sampled_worlds(game, state, observation, task.sampled, seed)
                outcomes = [mean_played_out(game, heuristic, worlds, seat, text, seed, n) for text in tried]
                if all(outcome is not None for outcome in outcomes):
                    for outcome in outcomes:
                        assert outcome is not None
                        rows.append(np.asarray(tensor.encode(outcome[0]), np.float16).reshape(-1))
                        targets.append(outcome[1])
                        hands.append(i)
                        decisions.append(kept)
                    kept += 1
            if len(legal) > 1 and rng.random() < task.explore:
                choice = legal[int(rng.integers(len(legal)))]
            state.apply_text(choice)
    return chunk_arrays(rows, targets, hands, decisions, int(np.prod(tensor.shape)))


def chunk_arrays(
    rows: list[np.ndarray], targets: list[float], hands: list[int], decisions: list[int], width: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """A chunk's rows (float16, `width` wide), targets, hands and decisions as arrays."""
    return (
        np.array(rows, np.float16).reshape(-1, width),
        np.array(targets, np.float32),
        np.array(hands, np.int64),
        np.array(decisions, np.int64),
    )


def sampled_worlds(game: Game, state: Any, observation: dict[str, Any], count: int, seed: int) -> list[Any]:
    """The deals a decision's moves are played out in: the true deal, or with `--sampled`
    `count` deals sampled from the seat's observation, seeded by `seed`."""
    if not count:
        return [state]
    sampler = random.Random(seed)
    return [game.determinize(observation, sampler) for _ in range(count)]


def mean_played_out(
    game: Game, heuristic: str, worlds: list[Any], seat: int, move: str, seed: int, players: int
) -> tuple[dict[str, Any], float] | None:
    """`played_out` in each of `worlds`: the seat's view (the same in all: each fits its
    observation, and the heuristic finishes its turn alike) and the mean margin; None if
    the turn ends the hand."""
    margins: list[float] = []
    view: dict[str, Any] | None = None
    for world in worlds:
        outcome = played_out(game, heuristic, world, seat, move, seed, players)
        if outcome is None:
            return None
        view = outcome[0] if view is None else view
        margins.append(outcome[1])
    assert view is not None
    return view, float(np.mean(margins))


def played_out(
    game: Game, heuristic: str, state: Any, seat: int, move: str, seed: int, players: int
) -> tuple[dict[str, Any], float] | None:
    """The seat's view at the end of its turn after `move`, and its hand margin when the
    heuristic (seeded with `seed`) plays on in every seat; None if the turn ends the hand."""
    from parlour.bots.models import make_model

    world = state.clone(hand_only=True)
    world.apply_text(move)
    bots = [make_model(heuristic, game, s, seed + s) for s in range(players)]
    while not world.hand_over() and world.to_act() == seat:
        world.apply_text(bots[seat].choose(world.observation(seat, views=False)))
    if world.hand_over():
        return None
    view = world.observation(seat, views=False)
    while not world.hand_over() and (other := world.to_act()) is not None:
        world.apply_text(bots[other].choose(world.observation(other, views=False)))
    return view, seat_margins(game, world.hand_scores())[seat]


def value_gradients(
    params: dict[str, FloatArray], x: FloatArray, target: FloatArray, decisions: np.ndarray | None = None
) -> tuple[float, dict[str, FloatArray]]:
    """The mean squared error of the value head on a minibatch and its gradients. With
    `decisions` (`--paired`: each row's decision, numbered from 0 in the batch), the error
    is measured around each decision's mean, and `PAIRED_ANCHOR` times the plain squared
    error is added: the gradient of `mean(centred**2) + PAIRED_ANCHOR * mean(error**2)`."""
    layers = sum(1 for key in params if key.startswith("w") and key[1:].isdigit())
    hidden = [x]
    for k in range(layers):
        hidden.append(np.maximum(hidden[-1] @ params[f"w{k}"] + params[f"b{k}"], 0.0))
    value = (hidden[-1] @ params["wv"] + params["bv"])[:, 0]
    error = value - target
    if decisions is not None:
        error = around_decisions(error, decisions) + np.float32(PAIRED_ANCHOR) * error
    grad = (2.0 * error / len(x)).astype(np.float32)[:, None]
    grads = {"wv": hidden[-1].T @ grad, "bv": grad.sum(0)}
    back = grad @ params["wv"].T
    for k in range(layers - 1, -1, -1):
        back = back * (hidden[k + 1] > 0)
        grads[f"w{k}"] = hidden[k].T @ back
        grads[f"b{k}"] = back.sum(0)
        if k:
            back = back @ params[f"w{k}"].T
    return float((error**2).mean()), grads


def around_decisions(values: FloatArray, decisions: np.ndarray) -> FloatArray:
    """Each row's value less the mean of its decision's rows (`decisions` numbered from 0)."""
    sums = np.bincount(decisions, weights=values)
    counts = np.bincount(decisions)
    return (values - (sums / np.maximum(counts, 1))[decisions]).astype(np.float32)


def held_out_error(params: dict[str, FloatArray], x: np.ndarray, target: FloatArray, decisions: np.ndarray, paired: bool) -> float:
    """The held-out rows' mean squared error as a share of their targets' variance; with
    `paired`, of the moves' differences: both errors and targets around their decision's mean."""
    if not paired:
        return squared_error(params, x, target)
    values = np.concatenate([
        hidden_and_value(params, x[start : start + 4096].astype(np.float32))[1] for start in range(0, len(x), 4096)
    ])
    _, numbered = np.unique(decisions, return_inverse=True)
    spread = around_decisions(target, numbered)
    return float((around_decisions(values - target, numbered) ** 2).mean() / max(float((spread**2).mean()), 1e-12))


def squared_error(params: dict[str, FloatArray], x: np.ndarray, target: FloatArray) -> float:
    """The value head's mean squared error over many rows, a block at a time."""
    total = 0.0
    for start in range(0, len(x), 4096):
        _, value = hidden_and_value(params, x[start : start + 4096].astype(np.float32))
        total += float(((value - target[start : start + 4096]) ** 2).sum())
    return total / max(1, len(x))


def numbered_across(parts: list[np.ndarray]) -> list[np.ndarray]:
    """The chunks' decision numbers (each chunk's from 0), made distinct across chunks."""
    out, offset = [], 0
    for part in parts:
        out.append(part + offset)
        offset += int(part.max()) + 1 if len(part) else 0
    return out


def decision_batches(decisions: np.ndarray, fit: np.ndarray, minibatch: int, rng: np.random.Generator) -> list[np.ndarray]:
    """Minibatches of whole decisions (`--paired`: a decision's rows are fitted together,
    around their mean), in a seeded random order, each of at least `minibatch` rows."""
    rows_of = np.split(fit, np.flatnonzero(np.diff(decisions[fit])) + 1)
    batches, batch, size = [], [], 0
    for k in rng.permutation(len(rows_of)):
        batch.append(rows_of[k])
        size += len(rows_of[k])
        if size >= minibatch:
            batches.append(np.concatenate(batch))
            batch, size = [], 0
    return batches


POLICY_FLAGS = (
    "--seconds", "--resume", "--start", "--batch", "--entropy", "--heuristic-share", "--head", "--buckets", "--prior",
    "--imitate", "--teacher", "--keep-points",
)
"""The policy method's own flags, which the value methods refuse."""


def given_flags(args: argparse.Namespace, flags: tuple[str, ...]) -> list[str]:
    """Those of `flags` given on the command line: a switch when on, `--imitate` above 0,
    any other when it has a value."""
    given = []
    for flag in flags:
        value = getattr(args, flag[2:].replace("-", "_"))
        if value is not None and value is not False and not (flag == "--imitate" and value == 0):
            given.append(flag)
    return given


def check_arguments(args: argparse.Namespace) -> None:
    """Refuse the policy method's flags, which mean nothing here, and bad numbers."""
    unused = given_flags(args, POLICY_FLAGS)
    if unused:
        raise OptionsError(f"--method turn-value does not take {', '.join(unused)}")
    if args.hands is None or args.hands < 20:
        raise OptionsError("--method turn-value needs --hands, at least 20 (hands of the heuristic to learn from)")
    if args.moves is not None and (not args.paired or args.moves < 2):
        raise OptionsError("--moves needs --paired and is at least 2 (the heuristic's move and another)")
    if args.sampled is not None and (not args.paired or args.sampled < 1):
        raise OptionsError("--sampled needs --paired and is at least 1 (deals sampled a decision)")
    if args.only is not None and not [verb for verb in args.only.split(",") if verb.strip()]:
        raise OptionsError("--only needs verbs, such as play or bid,pass")
    if not (0 <= args.explore < 1 and 0 < args.keep <= 1 and args.worlds >= 1 and args.bonus >= 0):
        raise OptionsError("--explore from 0 to below 1, --keep above 0 up to 1, --worlds at least 1, --bonus at least 0")


def run_turn_value(args: argparse.Namespace, game: Game, options: GameOptions, spec: str) -> int:
    from parlour.envs import encoder
    from parlour.training import Adam, cpu_time, last_point_text, machine, measure_point, plot_curve

    check_arguments(args)
    heuristic = game.heuristic_bot()
    if heuristic is None:
        raise OptionsError(f"--method turn-value: {game.title} has no heuristic bot to learn from")
    seed = args.seed or 0
    hidden = tuple(int(h) for h in (args.hidden or "256,256").split(",") if h.strip())
    lr = args.lr or 1e-4
    epochs = args.epochs or 2
    minibatch = args.minibatch or 512
    eval_hands = args.eval_hands or 400
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    weights_file = out / f"{game.name}-{options.players}.npz"
    paired, only = bool(args.paired), tuple(args.only.split(",")) if args.only else ()
    started, cpu_started = time.perf_counter(), cpu_time()
    tasks = [
        ValueTask(spec, seed, first, min(VALUE_CHUNK_HANDS, args.hands - first), args.explore, args.keep, paired, only, args.moves or 0,
                  args.sampled or 0)
        for first in range(0, args.hands, VALUE_CHUNK_HANDS)
    ]
    curve: list[dict[str, Any]] = []
    with TaskRunner(args.jobs, args.backend, args.ray_address) as runner, progress_bar() as progress:
        bar = progress.add_task(f"{game.title}: the heuristic's hands", total=len(tasks))
        parts = runner.map(turn_end_rows, tasks, lambda k: progress.advance(bar))
        x = np.concatenate([p[0] for p in parts])
        target = np.concatenate([p[1] for p in parts])
        hands = np.concatenate([p[2] for p in parts])
        decisions = np.concatenate(numbered_across([p[3] for p in parts]))
        if len(x) < 100:
            raise OptionsError(f"{args.hands} hands kept only {len(x)} turn ends: give more --hands or a larger --keep")
        scale = float(around_decisions(target, decisions).std() if paired else target.std()) or 1.0
        target = (target / scale).astype(np.float32)
        held = hands >= args.hands * (1 - HOLDOUT_SHARE)
        fit, hold = np.flatnonzero(~held), np.flatnonzero(held)
        rng = np.random.default_rng([seed, 1])
        params = init_params(int(np.prod(encoder(spec).shape)), hidden, 1, rng)
        del params["wp"], params["bp"]
        adam = Adam(params, lr)
        fitting = progress.add_task(f"{game.title}: fitting the values", total=epochs)
        for epoch in range(1, epochs + 1):
            if paired:
                for rows in decision_batches(decisions, fit, minibatch, rng):
                    _, numbered = np.unique(decisions[rows], return_inverse=True)
                    _, grads = value_gradients(params, x[rows].astype(np.float32), target[rows], numbered)
                    adam.apply(params, grads)
            else:
                order = rng.permutation(fit)
                for start in range(0, len(order) - minibatch + 1, minibatch):
                    rows = order[start : start + minibatch]
                    _, grads = value_gradients(params, x[rows].astype(np.float32), target[rows])
                    adam.apply(params, grads)
            held_error = held_out_error(params, x[hold], target[hold], decisions[hold], paired)
            facts = {
                "method": "turn-value", "hands": args.hands, "rows": int(len(x)), "epochs": epoch, "seed": seed,
                "hidden": list(hidden), "lr": lr, "minibatch": minibatch, "explore": args.explore, "keep": args.keep,
                "paired": paired, "moves": args.moves or 0, "sampled": args.sampled or 0, "held_out_error": round(held_error, 4), "seconds": round(time.perf_counter() - started, 1),
                "cpu_seconds": round(cpu_time() - cpu_started, 1), "machine": machine(), "curve": curve,
            }
            meta = {
                "game": game.name, "spec": spec, "options": options.to_json(), "actions": [], "kind": TurnValue.kind,
                "prior": heuristic, "encoder_shape": list(encoder(spec).shape), "scale": scale, "hidden": list(hidden),
                "worlds": args.worlds, "bonus": args.bonus, "only": list(only), "training": facts,
            }
            point = {"hands": args.hands * epoch, "seconds": facts["seconds"], "held_out_error": round(held_error, 4)}
            margin, half = measure_point(runner, game, options, weights_file, params, meta, curve, point, eval_hands, 10**6 + seed)
            progress.update(fitting, advance=1, description=f"{game.title}: fitting, margin {margin:+.2f}±{half:.2f}")
    plot_curve(curve, f"{spec}: turn-end values vs {heuristic}, seed {seed} (x: hands x passes)", out / "curve.png")
    print(
        f"{spec}: values of {plural(len(x), 'turn end')} from {args.hands} hands of {heuristic}, {epochs} passes, "
        f"held-out error {curve[-1]['held_out_error']:.4f} of the targets' variance; {time.perf_counter() - started:.0f} s "
        f"({cpu_time() - cpu_started:.0f} CPU-seconds); " + last_point_text(curve, heuristic, eval_hands, weights_file)
    )
    return 0
