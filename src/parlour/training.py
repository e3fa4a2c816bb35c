"""What parlour's ways of training a learned player share: the optimizer, the
measurement of a point of the learning curve, its plot, and the facts of how long a run
took and where (parlour.train, the policy gradient; parlour.train_value, turn-end values;
parlour.train_move, move values)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots.network import FloatArray, save
from parlour.engine import Game, GameOptions
from parlour.simulate import TaskRunner, mean_ci

MAX_GRAD_NORM = 2.0
"""Adam's global clip of the gradients' norm."""


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


def measure_point(
    runner: TaskRunner, game: Game, options: GameOptions, weights_file: Path, params: dict[str, FloatArray],
    meta: dict[str, Any], curve: list[dict[str, Any]], point: dict[str, Any], hands: int, seed: int,
) -> tuple[float, float]:
    """A point of a value method's curve: the weights written, raced against the heuristic
    (`evaluate`), the point (`point` with the margin and its half-width) added to `curve`,
    and the weights written again with it among their facts, and `curve.json` beside them."""
    save(weights_file, params, meta)
    margin, half = evaluate(runner, game, options, weights_file.resolve(), hands, seed)
    curve.append({**point, "margin": margin, "half": half})
    meta["training"]["curve"] = curve
    save(weights_file, params, meta)
    (weights_file.parent / "curve.json").write_text(json.dumps(curve, indent=1))
    return margin, half


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



def last_point_text(curve: list[dict[str, Any]], opponent: str, hands: int, weights: Path) -> str:
    """The end of a run's summary line: its last point's margin, and where the weights are."""
    last = curve[-1]
    return (
        f"margin vs {opponent} {last['margin']:+.3f} ({last['margin'] - last['half']:+.3f} .. "
        f"{last['margin'] + last['half']:+.3f}) over {hands} duplicate hands; weights {weights}"
    )
