"""`parlour train GAME --method move-value`: a learned player from what each move is worth,
read off the move's facts.

`parlour train mighty --method move-value --only play --hands 6000 --jobs 2 --out runs/mighty-mv`

What is learned: one number per fact of a move (the features head's outputs, parlour.bots.
learned: the move's text read as a card player reads it, and with `move_facts` what it
does at the table, parlour.bots.move_facts), and one for "this is the heuristic's move".
A move's value is the sum of its facts' numbers; the player (`learned` with these
weights) plays the legal move of highest value. The values do not read the research
tensor: the facts carry the situation (the seat's side, who is winning the trick, the
points on it, whether the card takes it or is its suit's master).

Why: at Mighty a network on the whole tensor falls level with the heuristic: it learns
the deals, not the moves (a hand's luck outweighs a move's worth many times). A value that is a sum over a few hundred facts cannot learn a deal: it
can only learn what a kind of move is worth in a kind of situation, averaged over every
deal where it came up, and the noise of the deals averages away.

How: `--hands` hands of the heuristic in every seat. At a decision with a choice (one the
values judge: `--only VERBS`; kept with chance `--keep`), every legal move is played in the
true deal and the hand played out by the heuristic in every seat, seeded alike for every
move, so the moves' margins differ only through the move. The true deal is a fair draw of
the cards the seat cannot see (the other seats played to it as the heuristic plays), so a
move's margin there is an unbiased sample of its worth to the seat. The fit is least
squares on the margins around each decision's mean (the deal's luck, which all of its
moves share, drops out), with a small ridge (`MOVE_RIDGE`), by full-batch Adam. The last
`HOLDOUT_SHARE` of the hands are held out: the printed gain is what the values' choices
would have won over the heuristic's, a decision at a time, in those deals.

The heuristic's move gets `--bonus` points beyond its fact's learned number, so that a
departure needs a clear edge. The learning curve fits the values on the first quarter,
half, three quarters and all of the hands (`--epochs` points) and measures each in the
arena, as the policy method's curve does.

Out (`--out DIR`): `<game>-<players>.npz` (the weights and the run's facts, `kind`
"move_value"),
`curve.json` and `curve.png`. The run keeps no checkpoint: the same seed gives the same
weights, with `--jobs` or Ray alike.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.bots.learned import (
    FEATURE_BUCKETS,
    MoveValues,
    engine_text,
    judged,
    legal_heads,
    with_prior_fact,
)
from parlour.engine import OptionsError, plural
from parlour.envs.contract import fingerprint
from parlour.training.heuristic_hands import (
    HOLDOUT_SHARE,
    HandsChunk,
    add_hands_arguments,
    chunks,
    dealt_hands,
    heuristic_run,
    played_out,
)
from parlour.training.runs import add_run_arguments, machine

MOVE_CHUNK_HANDS = 25
"""Hands per task: a Mighty hand's decisions take about a quarter of a second to play out."""
SUMMARY = "each move's worth as a sum over its facts, every move of the heuristic's decisions played out"
MOVE_STEPS = 400
"""Full-batch Adam steps of a fit: the held-out error settles within a hundred."""
MOVE_RATE = 0.02
MOVE_RIDGE = 1e-4
"""The ridge on the values: a fact seen a handful of times stays near zero."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The method's flags. The bonus: at Mighty the values of 6,000 hands with no bonus beat
    the heuristic by +0.075 over 8,000 hands, with 0.1 by +0.117 (docs/strength.md)."""
    add_run_arguments(parser)
    add_hands_arguments(parser)
    parser.add_argument(
        "--only", metavar="VERBS",
        help="the values decide only among moves of these verbs (comma-separated, e.g. play); the heuristic makes the others",
    )
    parser.add_argument("--keep", type=float, default=1.0, help="share of the decisions played out (default 1)")
    parser.add_argument("--bonus", type=float, default=0.1, help="points the heuristic's own move is given (default 0.1)")
    parser.add_argument("--epochs", type=int, default=4,
                        help="points of the curve: fits on the first 1/N, 2/N .. of the hands (default 4)")


@dataclass(frozen=True)
class MoveTask(HandsChunk):
    """A chunk of the heuristic's hands whose decisions are played out."""

    keep: float
    only: tuple[str, ...]
    facts: bool


@dataclass
class MoveData:
    """Played-out decisions: per decision its hand, its number of legal moves and which is
    the heuristic's; per move its margin and its facts' buckets, laid end to end."""

    hands: np.ndarray
    counts: np.ndarray
    prior: np.ndarray
    margins: np.ndarray
    feature_counts: np.ndarray
    features: np.ndarray

    def decisions(self, keep: np.ndarray) -> MoveData:
        """The decisions where `keep` is true, in order."""
        entry = np.repeat(keep, self.counts)
        return MoveData(self.hands[keep], self.counts[keep], self.prior[keep], self.margins[entry],
                        self.feature_counts[entry], self.features[np.repeat(entry, self.feature_counts)])


def join_moves(parts: list[MoveData]) -> MoveData:
    """The workers' chunks end to end, in order."""
    return MoveData(*(np.concatenate([getattr(p, name) for p in parts]) for name in MoveData.__dataclass_fields__))


def move_rows(task: MoveTask) -> MoveData:
    """Play a chunk's hands with the heuristic in every seat (a worker: runs anywhere); at
    each kept decision play every legal move out in the true deal (`played_out`, seeded
    alike for every move). A decision where some move ends the hand within the turn is
    left out."""
    from parlour.games import game_from_spec

    game, options = game_from_spec(task.spec)
    heuristic = game.heuristic_bot()
    assert heuristic is not None
    n = options.players
    hands: list[int] = []
    counts: list[int] = []
    prior: list[int] = []
    margins: list[float] = []
    heads: list[np.ndarray] = []
    for i, rng, state, bots in dealt_hands(task.seed, range(task.first, task.first + task.count), game, options, heuristic):
        while (seat := state.to_act()) is not None and not state.hand_over():
            observation = state.observation(seat, views=False)
            legal = observation["legal_actions"]
            choice = bots[seat].choose(observation)
            if len(legal) > 1 and judged(legal, task.only) and rng.random() < task.keep:
                seed = int(rng.integers(2**31))
                outcomes = [played_out(game, heuristic, state, seat, text, seed, n) for text in legal]
                first = engine_text(state, choice)
                if first in legal and all(outcome is not None for outcome in outcomes):
                    hands.append(i)
                    counts.append(len(legal))
                    prior.append(legal.index(first))
                    margins.extend(outcome[1] for outcome in outcomes if outcome is not None)
                    found = legal_heads("features", {}, FEATURE_BUCKETS, legal, game.name if task.facts else None, observation)
                    heads.extend(with_prior_fact(found, legal, first, FEATURE_BUCKETS))
            state.apply_text(choice)
    return MoveData(
        np.array(hands, np.int64), np.array(counts, np.int64), np.array(prior, np.int64), np.array(margins, np.float32),
        np.array([len(h) for h in heads], np.int64), np.concatenate(heads) if heads else np.zeros(0, np.int64),
    )


class Layout:
    """Index arrays of a `MoveData` that every step of the fit reads."""

    def __init__(self, data: MoveData) -> None:
        self.data = data
        self.entries = len(data.margins)
        self.entry_decision = np.repeat(np.arange(len(data.counts)), data.counts)
        self.feature_entry = np.repeat(np.arange(self.entries), data.feature_counts)
        self.starts = np.cumsum(data.counts) - data.counts
        self.target = self.centred(data.margins.astype(np.float64))

    def values(self, weights: np.ndarray) -> np.ndarray:
        """Each move's value: the sum of its facts' numbers."""
        return np.bincount(self.feature_entry, weights=weights[self.data.features], minlength=self.entries)

    def centred(self, per_move: np.ndarray) -> np.ndarray:
        """Each move's number less its decision's mean."""
        means = np.add.reduceat(per_move, self.starts) / self.data.counts if self.entries else per_move
        return per_move - means[self.entry_decision]

    def error(self, weights: np.ndarray) -> float:
        """The mean squared error around the decisions' means, as a share of the targets'."""
        return float(((self.centred(self.values(weights)) - self.target) ** 2).mean() / (self.target.var() or 1.0))

    def choices(self, weights: np.ndarray, bonus: float) -> np.ndarray:
        """The move (its index in its decision) the values choose, `bonus` given to the heuristic's."""
        values = self.values(weights)
        values[self.starts + self.data.prior] += bonus
        best = np.maximum.reduceat(values, self.starts)[self.entry_decision]
        first = np.flatnonzero(values >= best - 1e-12)
        owner = self.entry_decision[first]
        keep = np.r_[True, owner[1:] != owner[:-1]]
        return first[keep] - self.starts

    def gain(self, weights: np.ndarray, bonus: float) -> tuple[float, float, float]:
        """Over these decisions: how often the values depart from the heuristic's move, what
        their choice wins over the heuristic's a decision in these deals, and its standard
        error."""
        if not len(self.data.counts):
            return 0.0, 0.0, 0.0
        chosen = self.choices(weights, bonus)
        won = self.data.margins[self.starts + chosen] - self.data.margins[self.starts + self.data.prior]
        return float((chosen != self.data.prior).mean()), float(won.mean()), float(won.std() / np.sqrt(len(won)))


def fit_move_values(layout: Layout, outputs: int, steps: int = MOVE_STEPS) -> np.ndarray:
    """The facts' numbers minimising the squared error around each decision's mean, plus
    `MOVE_RIDGE`, by full-batch Adam. The centred error's gradient is the facts' sums of
    the centred residuals, since a decision's residuals sum to zero."""
    weights = np.zeros(outputs)
    m, v = np.zeros(outputs), np.zeros(outputs)
    decisions = max(len(layout.data.counts), 1)
    for step in range(1, steps + 1):
        residual = layout.centred(layout.values(weights)) - layout.target
        grad = np.bincount(layout.data.features, weights=residual[layout.feature_entry], minlength=outputs) / decisions
        grad += MOVE_RIDGE * weights
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        weights -= MOVE_RATE * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
    return weights


def check_arguments(args: argparse.Namespace) -> None:
    if args.only is not None and not [verb for verb in args.only.split(",") if verb.strip()]:
        raise OptionsError("--only needs verbs, such as play or bid,pass")
    if not (0 < args.keep <= 1 and args.bonus >= 0 and 1 <= args.epochs <= 20):
        raise OptionsError("--keep above 0 up to 1, --bonus at least 0, --epochs (points of the curve) from 1 to 20")


def run(args: argparse.Namespace) -> int:
    run, heuristic = heuristic_run(args, "move-value")
    check_arguments(args)
    spec, seed = run.spec, run.seed
    only = tuple(verb.strip() for verb in args.only.split(",") if verb.strip()) if args.only else ()
    facts_read = run.game.move_facts is not None
    tasks = [
        MoveTask(spec, seed, first, count, args.keep, only, facts_read) for first, count in chunks(args.hands, MOVE_CHUNK_HANDS)
    ]
    outputs = FEATURE_BUCKETS + 1
    with run:
        data = join_moves(run.play(move_rows, tasks, "every move of the heuristic's hands played out"))
        if len(data.counts) < 100:
            raise OptionsError(f"{args.hands} hands kept only {len(data.counts)} decisions: give more --hands or a larger --keep")
        held = data.hands >= args.hands * (1 - HOLDOUT_SHARE)
        hold = Layout(data.decisions(held))
        fitting = run.progress.add_task(f"{run.game.title}: fitting the moves' values", total=args.epochs)
        fit_hands = int(np.ceil(args.hands * (1 - HOLDOUT_SHARE)))
        for part in range(1, args.epochs + 1):
            hands_used = int(np.ceil(fit_hands * part / args.epochs))
            fit = Layout(data.decisions(~held & (data.hands < hands_used)))
            weights = fit_move_values(fit, outputs)
            departs, gain, error = hold.gain(weights, args.bonus)
            facts = {
                "method": "move-value", "hands": args.hands, "fitted_hands": hands_used, "decisions": int(len(data.counts)),
                "moves": int(len(data.margins)), "seed": seed, "keep": args.keep, "bonus": args.bonus, "steps": MOVE_STEPS,
                "ridge": MOVE_RIDGE, "held_out_error": round(hold.error(weights), 4),
                "held_out_gain": [round(gain, 4), round(error, 4)], "held_out_departures": round(departs, 4),
                "seconds": round(run.seconds(), 1), "cpu_seconds": round(run.cpu_seconds(), 1),
                "machine": machine(), "curve": run.curve,
            }
            params = {"bp": weights.astype(np.float32)}
            params["bp"][-1] += args.bonus
            meta: dict[str, Any] = {
                "kind": MoveValues.kind, "game": run.game.name, "spec": spec, "options": run.options.to_json(),
                "buckets": FEATURE_BUCKETS, "prior": heuristic, "only": list(only), "move_facts": facts_read,
                "layout": fingerprint(spec), "training": facts,
            }
            point = {"hands": hands_used, "seconds": facts["seconds"], "held_out_gain": facts["held_out_gain"]}
            run.fitted(fitting, params, meta, point)
    run.finish(
        "move values (x: hands fitted)",
        f"values of {plural(len(data.margins), 'move')} at {plural(len(data.counts), 'decision')} of {args.hands} "
        f"hands of {heuristic}; held-out error {hold.error(weights):.4f}, gain {gain:+.4f} (±{error:.4f}) a decision over the "
        f"heuristic's move, departing at {departs:.1%}; {run.seconds():.0f} s ({run.cpu_seconds():.0f} CPU-seconds)",
    )
    return 0
