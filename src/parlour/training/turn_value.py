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

Why: at Kings in the Corner the policy gradient finds nothing over the heuristic. The
search's edge there is one step of improvement on the heuristic: the value of each move
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
each pass the weights are written and measured as the policy method's curve is: the
player's duplicate margin against the heuristic over `--eval-hands` hands.

Out (`--out DIR`): `<game>-<players>.npz` (weights and facts, `kind` "turn_value"),
`curve.json` and `curve.png`. The run is minutes long, so it keeps no checkpoint to
resume from: run it again with the same seed for the same weights.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.bots.learned import TurnValue
from parlour.bots.network import FloatArray, hidden_and_value, init_params
from parlour.engine import OptionsError, plural
from parlour.envs.contract import fingerprint
from parlour.training.heuristic_hands import (
    HOLDOUT_SHARE,
    HandsChunk,
    add_hands_arguments,
    chunks,
    dealt_hands,
    heuristic_run,
)
from parlour.training.runs import Adam, add_run_arguments, hidden_sizes, machine

VALUE_CHUNK_HANDS = 250
"""Hands per task of the data's play: large enough that a worker's start is paid back."""
SUMMARY = "the values of a seat's turn end, learned from the heuristic's hands; the player tries each move"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The method's flags. Their defaults: the player samples one world a move (at Kings in
    the Corner 4, 2 and 1 worlds measured +0.334, +0.284 and +0.302 over the same 2,000
    hands, and one keeps the slowest moves under 5 ms); it gives the heuristic's move 0.3
    points (in a trial run over 600 deals that measured +0.517, where no bonus measured
    +0.235 over 200); the hands explore 3% of their moves and keep half of the turn ends."""
    add_run_arguments(parser)
    add_hands_arguments(parser)
    parser.add_argument("--hidden", default="256,256", help="hidden layer sizes (default 256,256)")
    parser.add_argument("--lr", type=float, default=1e-4, help="Adam's step size (default 0.0001)")
    parser.add_argument("--epochs", type=int, default=2, help="passes over the turn ends, a point of the curve each (default 2)")
    parser.add_argument("--minibatch", type=int, default=512, help="turn ends per Adam step (default 512)")
    parser.add_argument("--worlds", type=int, default=1, help="worlds the player samples a move (default 1)")
    parser.add_argument("--bonus", type=float, default=0.3, help="points the heuristic's own move is given (default 0.3)")
    parser.add_argument("--explore", type=float, default=0.03, help="chance of a random move in the heuristic's hands (default 0.03)")
    parser.add_argument("--keep", type=float, default=0.5, help="chance that a turn's end is kept as a row (default 0.5)")


@dataclass(frozen=True)
class ValueTask(HandsChunk):
    """A chunk of the heuristic's self-play hands whose turn ends are kept."""

    explore: float
    keep: float


def turn_end_rows(task: ValueTask) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Play a chunk's hands (a worker: runs anywhere); the kept views' tensors (float16),
    their seats' hand margins, and the number of the hand each row came from."""
    from parlour.bots.learned import seat_margins
    from parlour.envs import encoder
    from parlour.games import game_from_spec

    game, options = game_from_spec(task.spec)
    heuristic = game.heuristic_bot()
    assert heuristic is not None
    tensor = encoder(task.spec)
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
    width = int(np.prod(tensor.shape))
    return np.array(rows, np.float16).reshape(-1, width), np.array(targets, np.float32), np.array(hands, np.int64)


def value_gradients(params: dict[str, FloatArray], x: FloatArray, target: FloatArray) -> tuple[float, dict[str, FloatArray]]:
    """The mean squared error of the value head on a minibatch and its gradients."""
    layers = sum(1 for key in params if key.startswith("w") and key[1:].isdigit())
    hidden = [x]
    for k in range(layers):
        hidden.append(np.maximum(hidden[-1] @ params[f"w{k}"] + params[f"b{k}"], 0.0))
    value = (hidden[-1] @ params["wv"] + params["bv"])[:, 0]
    error = value - target
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


def squared_error(params: dict[str, FloatArray], x: np.ndarray, target: FloatArray) -> float:
    """The value head's mean squared error over many rows, a block at a time."""
    total = 0.0
    for start in range(0, len(x), 4096):
        _, value = hidden_and_value(params, x[start : start + 4096].astype(np.float32))
        total += float(((value - target[start : start + 4096]) ** 2).sum())
    return total / max(1, len(x))


def check_arguments(args: argparse.Namespace) -> None:
    if not (0 <= args.explore < 1 and 0 < args.keep <= 1 and args.worlds >= 1 and args.bonus >= 0):
        raise OptionsError("--explore from 0 to below 1, --keep above 0 up to 1, --worlds at least 1, --bonus at least 0")
    if args.epochs < 1 or args.minibatch < 1:
        raise OptionsError("--epochs and --minibatch must be at least 1")


def run(args: argparse.Namespace) -> int:
    from parlour.envs import encoder

    run, heuristic = heuristic_run(args, "turn-value")
    check_arguments(args)
    spec, seed = run.spec, run.seed
    hidden = hidden_sizes(args.hidden)
    shape = list(encoder(spec).shape)
    tasks = [
        ValueTask(spec, seed, first, count, args.explore, args.keep) for first, count in chunks(args.hands, VALUE_CHUNK_HANDS)
    ]
    with run:
        parts = run.play(turn_end_rows, tasks, "the heuristic's hands")
        x = np.concatenate([p[0] for p in parts])
        target = np.concatenate([p[1] for p in parts])
        hands = np.concatenate([p[2] for p in parts])
        if len(x) < 100:
            raise OptionsError(f"{args.hands} hands kept only {len(x)} turn ends: give more --hands or a larger --keep")
        scale = float(target.std()) or 1.0
        target = (target / scale).astype(np.float32)
        held = hands >= args.hands * (1 - HOLDOUT_SHARE)
        fit, hold = np.flatnonzero(~held), np.flatnonzero(held)
        rng = np.random.default_rng([seed, 1])
        params = init_params(int(np.prod(shape)), hidden, 1, rng)
        del params["wp"], params["bp"]
        adam = Adam(params, args.lr)
        fitting = run.progress.add_task(f"{run.game.title}: fitting the values", total=args.epochs)
        for epoch in range(1, args.epochs + 1):
            order = rng.permutation(fit)
            for start in range(0, len(order) - args.minibatch + 1, args.minibatch):
                rows = order[start : start + args.minibatch]
                _, grads = value_gradients(params, x[rows].astype(np.float32), target[rows])
                adam.apply(params, grads)
            held_error = round(squared_error(params, x[hold], target[hold]), 4)
            facts = {
                "method": "turn-value", "hands": args.hands, "rows": int(len(x)), "epochs": epoch, "seed": seed,
                "hidden": list(hidden), "lr": args.lr, "minibatch": args.minibatch, "explore": args.explore, "keep": args.keep,
                "held_out_error": held_error, "seconds": round(run.seconds(), 1),
                "cpu_seconds": round(run.cpu_seconds(), 1), "machine": machine(), "curve": run.curve,
            }
            meta: dict[str, Any] = {
                "kind": TurnValue.kind, "game": run.game.name, "spec": spec, "options": run.options.to_json(),
                "prior": heuristic, "encoder_shape": shape, "layout": fingerprint(spec), "scale": scale, "hidden": list(hidden),
                "worlds": args.worlds, "bonus": args.bonus, "training": facts,
            }
            point = {"hands": args.hands * epoch, "seconds": facts["seconds"], "held_out_error": held_error}
            run.fitted(fitting, params, meta, point)
    run.finish(
        "turn-end values (x: hands x passes)",
        f"values of {plural(len(x), 'turn end')} from {args.hands} hands of {heuristic}, {args.epochs} passes, "
        f"held-out error {run.curve[-1]['held_out_error']:.4f} of the targets' variance; {run.seconds():.0f} s "
        f"({run.cpu_seconds():.0f} CPU-seconds)",
    )
    return 0
