"""What every way of training a learned player shares: the run (`Run`: its folder, its
workers, its progress bars, its clock and its learning curve), the checkpoint a run goes
on from, the optimizer, and the flags every method takes."""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np

from parlour.arguments import add_game_arguments, game_from_args
from parlour.bots.network import FloatArray, load, save
from parlour.engine import Game, GameOptions, OptionsError
from parlour.simulate import TaskRunner, mean_ci, progress_bar

MAX_GRAD_NORM = 2.0
"""Adam's global clip of the gradients' norm."""
EVAL_SEED = 10**6
"""The curve's duplicate hands are dealt from `EVAL_SEED + seed`, apart from the training hands."""


def add_run_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of every method: the table, the run's folder and seed, where the hands run,
    and how many hands a point of the curve is measured over."""
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, help="seed of the run (default 0)")
    parser.add_argument("--out", default="train-out", help="folder for the weights and the curve (default train-out)")
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="where the hands run")
    parser.add_argument("--ray-address", help="an existing Ray cluster (default: start a local one)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, or Ray CPUs (default 1)")


def hidden_sizes(text: str) -> tuple[int, ...]:
    """`--hidden 256,256` read: the hidden layers' sizes."""
    try:
        return tuple(int(h) for h in text.split(",") if h.strip())
    except ValueError:
        raise OptionsError("--hidden: write sizes such as 256,256") from None


def table_spec(game: Game, options: GameOptions) -> str:
    """The spec string of a table: what the encoder is built from and the weights name."""
    values = ", ".join(f"{key}={value}" for key, value in options.to_json().items())
    return f"{game.name}({values})"


class Run:
    """One training run: the table, the folder its files go to (`<game>-<players>.npz`,
    `curve.json`, `curve.png`, a method's checkpoint), the workers its hands run on
    (`--jobs`, `--backend`), the progress bars, the clock and CPU time, and the learning
    curve: the learned player measured against the game's heuristic bot. Entered as a
    context, it holds the workers and the progress bars open."""

    def __init__(self, args: argparse.Namespace, eval_hands: int) -> None:
        self.game, self.options = game_from_args(args)
        self.spec = table_spec(self.game, self.options)
        self.seed: int = args.seed if args.seed is not None else 0
        self.eval_hands = eval_hands
        if eval_hands < 1:
            raise OptionsError("--eval-hands must be at least 1")
        self.out = Path(args.out)
        self.weights_file = self.out / f"{self.game.name}-{self.options.players}.npz"
        self.checkpoint_file = self.out / "checkpoint.npz"
        self.opponent = self.game.heuristic_bot() or "random"
        self.curve: list[dict[str, Any]] = []
        self.workers = (args.jobs, args.backend, args.ray_address)
        self.started = time.perf_counter()
        self.cpu_started = cpu_time()
        self.stack = contextlib.ExitStack()

    def heuristic(self, method: str) -> str:
        """The game's heuristic bot, which the value methods learn from and improve on."""
        heuristic = self.game.heuristic_bot()
        if heuristic is None:
            raise OptionsError(f"{method}: {self.game.title} has no heuristic bot to learn from")
        return heuristic

    def __enter__(self) -> Run:
        self.out.mkdir(parents=True, exist_ok=True)
        self.runner = self.stack.enter_context(TaskRunner(*self.workers))
        self.progress = self.stack.enter_context(progress_bar())
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.stack.close()

    def seconds(self) -> float:
        """Wall-clock seconds since the run began."""
        return time.perf_counter() - self.started

    def cpu_seconds(self) -> float:
        """CPU seconds since the run began (see `cpu_time`)."""
        return cpu_time() - self.cpu_started

    def play(self, worker: Callable[[Any], Any], tasks: list[Any], description: str) -> list[Any]:
        """Each task's result from `worker` on the run's workers, in order, with a progress bar."""
        bar = self.progress.add_task(f"{self.game.title}: {description}", total=len(tasks))
        return self.runner.map(worker, tasks, lambda k: self.progress.advance(bar))

    def fitted(self, fitting: Any, params: dict[str, FloatArray], meta: dict[str, Any], point: dict[str, Any]) -> None:
        """A fit done: its point of the curve measured (`measure`), and the fitting's
        progress bar (`fitting`) moved on with the margin."""
        margin, half = self.measure(params, meta, point)
        self.progress.update(fitting, advance=1, description=f"{self.game.title}: fitting, margin {margin:+.2f}±{half:.2f}")

    def measure(self, params: dict[str, FloatArray], meta: dict[str, Any], point: dict[str, Any]) -> tuple[float, float]:
        """A point of the curve: the weights written, raced against the heuristic over the
        run's `eval_hands` duplicate hands (`evaluate`), the point (`point` with the margin
        and its half-width) added to the curve, the weights written again with the curve
        among their facts (`meta` holds the run's `curve` itself), and `curve.json`."""
        save(self.weights_file, params, meta)
        margin, half = evaluate(self.runner, self.game, self.options, self.weights_file.resolve(), self.eval_hands,
                                EVAL_SEED + self.seed)
        self.curve.append({**point, "margin": margin, "half": half})
        save(self.weights_file, params, meta)
        (self.out / "curve.json").write_text(json.dumps(self.curve, indent=1))
        return margin, half

    def finish(self, what: str, summary: str) -> None:
        """The curve drawn (`curve.png`, titled by `what` the player is) and the run's
        summary printed with its last point."""
        plot_curve(self.curve, f"{self.spec}: {what} vs {self.opponent}, seed {self.seed}", self.out / "curve.png")
        last = self.curve[-1]
        print(
            f"{self.spec}: {summary}; margin vs {self.opponent} {last['margin']:+.3f} ({last['margin'] - last['half']:+.3f} .. "
            f"{last['margin'] + last['half']:+.3f}) over {self.eval_hands} duplicate hands; weights {self.weights_file}"
        )


class Adam:
    """Adam with a global gradient-norm clip, its moments kept for checkpoints."""

    def __init__(self, params: dict[str, FloatArray], lr: float) -> None:
        self.lr = lr
        self.step = 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def apply(self, params: dict[str, FloatArray], grads: dict[str, FloatArray]) -> None:
        norm = math.sqrt(sum(float((g.astype(np.float64) ** 2).sum()) for g in grads.values()))
        shrink = min(1.0, MAX_GRAD_NORM / (norm + 1e-12))
        self.step += 1
        b1, b2 = 0.9, 0.999
        correction = math.sqrt(1 - b2**self.step) / (1 - b1**self.step)
        for key, grad in grads.items():
            g = grad * np.float32(shrink)
            self.m[key] = b1 * self.m[key] + (1 - b1) * g
            self.v[key] = b2 * self.v[key] + (1 - b2) * g * g
            params[key] -= (self.lr * correction * self.m[key] / (np.sqrt(self.v[key]) + 1e-8)).astype(np.float32)


def save_checkpoint(path: Path, params: dict[str, FloatArray], adam: Adam, meta: dict[str, Any]) -> None:
    """Weights with Adam's moments and step: all a run needs to go on as if never stopped."""
    arrays = dict(params) | {f"adam_m_{k}": v for k, v in adam.m.items()} | {f"adam_v_{k}": v for k, v in adam.v.items()}
    save(path, arrays, {**meta, "adam_step": adam.step})


def read_checkpoint(path: Path, lr: Callable[[dict[str, Any]], float]) -> tuple[dict[str, FloatArray], dict[str, Any], Adam]:
    """The weights, facts and optimizer of a checkpoint `save_checkpoint` wrote; `lr` reads
    the step size from the facts."""
    if not path.is_file():
        raise OptionsError(f"--resume: no checkpoint {str(path)!r}")
    arrays, meta = load(path)
    if "adam_step" not in meta:
        raise OptionsError(f"--resume: {str(path)!r} holds weights only, not a checkpoint")
    params = {k: v for k, v in arrays.items() if not k.startswith("adam_")}
    adam = Adam(params, lr(meta))
    adam.step = meta.pop("adam_step")
    adam.m = {k: arrays[f"adam_m_{k}"] for k in params}
    adam.v = {k: arrays[f"adam_v_{k}"] for k in params}
    return params, meta, adam


def evaluate(runner: TaskRunner, game: Game, options: GameOptions, weights: Path, hands: int, seed: int) -> tuple[float, float]:
    """The learned player's duplicate margin (and its 95% half-width) in one seat (one
    side, in a partnership game) against the game's heuristic bot (random where there is
    none) in the others."""
    from parlour.arena import duplicate_margins, duplicate_tasks
    from parlour.simulate import simulate_hand

    other = game.heuristic_bot() or "random"
    sides = len(game.teams(options))
    bots = [f"learned(weights={weights})"] + [other] * (sides - 1)
    tasks = duplicate_tasks(game.name, options, bots, hands, seed)
    results = runner.map(simulate_hand, tasks, lambda k: None)
    return mean_ci(duplicate_margins(results, bots, sides)[bots[0]])


def plot_curve(curve: list[dict[str, Any]], title: str, path: Path) -> None:
    """The learning curve: margin against the heuristic by hands trained, with intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axis = plt.subplots(figsize=(8, 4.5))
    xs = [point["hands"] for point in curve]
    ys = [point["margin"] for point in curve]
    half = [point["half"] for point in curve]
    axis.errorbar(xs, ys, yerr=half, fmt="o-", capsize=3, color="tab:blue")
    axis.axhline(0, color="grey", linewidth=1, linestyle="--")
    for point in curve:
        axis.annotate(f"{point['seconds'] / 60:.0f} min", (point["hands"], point["margin"]),
                      textcoords="offset points", xytext=(0, 8), ha="center", fontsize=7)
    axis.set_xlabel("hands of training")
    axis.set_ylabel("duplicate margin vs the heuristic, points a hand (95% CI)")
    axis.set_title(title, fontsize=10)
    axis.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def cpu_time() -> float:
    """CPU seconds used so far by this process and its ended worker processes (the local
    backend's; Ray's are not its children): on a shared machine the wall clock says
    little about the work a run needed."""
    import resource

    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def machine() -> str:
    """Where the run trained, for the record of how long it took."""
    import os
    import platform

    return f"{platform.machine()}, {os.cpu_count()} CPUs, {platform.processor() or platform.system()}"
