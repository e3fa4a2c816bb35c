"""Tournaments in duplicate: which bot is stronger, with confidence intervals and a rating.

`parlour arena ribs --players 6 --bots ismcts,ribs-heuristic --hands 1000 --jobs 2`

Duplicate: deal k is dealt from seed `seed + k` by seat `k mod n` and played n times, once
per seating: in seating r bot j of the list sits at seat `(j + r) mod n`. The cards stay
with the seats while the bots move round, so every bot holds every hand of every deal and
luck of the deal cancels out. An arena compares bots: it needs two different ones at least. `--hands H` plays ceil(H / n) deals, so H rounded up to a
whole number of deals. A bot list shorter than the table is filled with its last entry.

Teams: where the game has fixed partnerships (`Game.teams`: Couillon and Pitch {0, 2} v
{1, 3}, Paks with 4 or 6 players, Zetema with 4 or 6) a bot plays for a side, every seat
of it, and a deal is played once per side: in seating r bot j takes side `(j + r) mod k`.
The rotation keeps partners together, and a bot's score, win and margin are its side's.
Ridge needs no such rule (each of its two seats is a side holding two hands), nor Mighty
(the declarer's side is made anew each hand, its partner secret: every seat plays alone).

The table gives, per distinct bot: the seat-hands it played, its mean hand score and its
hand-win rate (a hand is won by every seat with the best score) with 95% intervals, its
duplicate margin (per deal, its mean score minus the mean score of the other bots'
seats in the same hands, averaged over deals, 95% interval over deals: the figure that
says whether a bot beats the field; the same for the hand-win rate) and an Elo rating: a Bradley-Terry fit of every
hand's pairwise results between seats held by different bots (a better score beats a
worse, equal scores are half a win each), scaled to Elo points (400 per factor of 10
in odds) around a mean of 1500. The fit does not depend on the order of the hands. Elo
counts hands won, by any amount, where the margin counts points, so the two can order two
bots differently (winning most hands by a point and losing the others by ten); the table
says so under it when they do.
"Best" and "better" are in the game's score sense (`Game.score_sense`, carried by every
`HandResult`): where lower scores are better (penalty points) the hand is won by the lowest
score and the score margin is the others' mean minus the bot's, so a positive margin says
the bot is better in every game. Where the game pays money, the mean money per hand is a
column too.

`--record DIR` saves every hand played as a record (JSON lines, see parlour.simulate).
`--plot FILE.png` draws the mean scores and the hand-win rates with their intervals (the
path is checked before the first hand). A win-rate margin's interval is kept within -100 ..
+100 points, the bounds of a difference of two rates.
`--backend ray` runs the same hands on Ray (`--ray-address`, or a local Ray); the hands
are seeded and gathered in order, so the table is the same as with the local backend.
The pieces that simulate and arena share (the hand runner, the task runner with its
progress bar, the intervals) live in parlour.simulate.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Sequence
from typing import Any

from parlour.arguments import add_game_arguments, writable
from parlour.engine import OptionsError, best_of
from parlour.simulate import (
    BotStats,
    HandResult,
    HandTask,
    add_record_argument,
    mean_ci,
    money_cell,
    run_tasks,
    save_records,
    simulate_hand,
    table_from_args,
    tally,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--bots", required=True, help="comma-separated bot specs, e.g. ismcts,ribs-heuristic")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play, rounded up to whole deals (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, or Ray CPUs (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first deal (default 0)")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the scores and win rates with their intervals")
    parser.add_argument("--backend", choices=("local", "ray"), default="local", help="where the hands run")
    parser.add_argument("--ray-address", help="an existing Ray cluster (default: start a local one)")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    add_record_argument(parser)


def duplicate_tasks(
    game: str, options: Any, bots: list[str], hands: int, seed: int, *, record: bool = False
) -> list[HandTask]:
    """Every seating of every deal, deal by deal: one per side (seat or partnership)."""
    from parlour.games import get_game

    n = options.players
    sides = len(get_game(game).teams(options))
    deals = -(-hands // sides)
    return [
        HandTask(game, options, bots, seed + k, rotation, dealer=k % n, record=record)
        for k in range(deals)
        for rotation in range(sides)
    ]


def run(args: argparse.Namespace) -> int:
    game, options, bots = table_from_args(args)
    if args.ray_address and args.backend != "ray":
        raise OptionsError("--ray-address goes with --backend ray")
    if len(set(bots)) < 2:
        raise OptionsError("an arena compares bots: name at least two different ones, like --bots strong,normal")
    problem = writable(args.plot) if args.plot else None
    if problem:
        raise OptionsError(f"cannot draw the plot there: {problem}")
    tasks = duplicate_tasks(game.name, options, bots, args.hands, args.seed, record=args.record is not None)
    results = run_tasks(
        simulate_hand,
        tasks,
        jobs=args.jobs,
        description=f"{game.title} duplicate hands",
        backend=args.backend,
        address=args.ray_address,
    )
    if args.record is not None:
        save_records(results, args.record, f"arena-{game.name}-{options.players}p-seed{args.seed}")
    sides = len(game.teams(options))
    report = arena_report(results, bots, sides)
    teams = f", {sides} teams" if sides < options.players else ""
    title = (
        f"{game.title}, {options.players} players{teams}: {len(tasks)} hands "
        f"({len(tasks) // sides} deals x {sides} seatings), seed {args.seed}"
    )
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report, title)
    if args.plot:
        plot_report(report, title, args.plot)
    return 0


def duplicate_margins(
    results: Sequence[HandResult], bots: Sequence[str], seatings: int, *, wins: bool = False
) -> dict[str, list[float]]:
    """Per bot, one figure per deal (`seatings` results in a row): its mean score (or
    hand-win rate, with `wins`) minus the others' mean, in the same hands; positive is
    better in the game's score sense. In a partnership game a bot's score is its side's."""
    margins: dict[str, list[float]] = {spec: [] for spec in bots}
    for start in range(0, len(results), seatings):
        deal = results[start : start + seatings]
        for spec in margins:
            mine: list[float] = []
            others: list[float] = []
            for result in deal:
                best = best_of(result.scores, result.sense)
                for j, other_spec in enumerate(bots):
                    score = result.scores[result.seat_of_bot[j]]
                    value = float(score == best) if wins else float(result.sense * score)
                    (mine if other_spec == spec else others).append(value)
            if mine and others:
                margins[spec].append(sum(mine) / len(mine) - sum(others) / len(others))
    return margins


def elo_ratings(results: Sequence[HandResult], bots: Sequence[str], rounds: int = 500) -> dict[str, float]:
    """Bradley-Terry strengths from pairwise hand results, as Elo points around 1500."""
    names = list(dict.fromkeys(bots))
    if len(names) < 2:
        return dict.fromkeys(names, 1500.0)
    index = {name: i for i, name in enumerate(names)}
    m = len(names)
    wins = [[0.0] * m for _ in range(m)]
    for result in results:
        for a, spec_a in enumerate(bots):
            for b, spec_b in enumerate(bots):
                if a >= b or spec_a == spec_b:
                    continue
                sa = result.sense * result.scores[result.seat_of_bot[a]]
                sb = result.sense * result.scores[result.seat_of_bot[b]]
                i, k = index[spec_a], index[spec_b]
                if sa > sb:
                    wins[i][k] += 1
                elif sb > sa:
                    wins[k][i] += 1
                else:
                    wins[i][k] += 0.5
                    wins[k][i] += 0.5
    # Half a win each way between every pair keeps strengths finite for a clean sweep.
    for i in range(m):
        for k in range(m):
            if i != k:
                wins[i][k] += 0.5
    strength = [1.0] * m
    for _ in range(rounds):
        new = []
        for i in range(m):
            total_wins = sum(wins[i])
            denom = sum((wins[i][k] + wins[k][i]) / (strength[i] + strength[k]) for k in range(m) if k != i)
            new.append(total_wins / denom)
        mean_log = sum(math.log(s) for s in new) / m
        strength = [s / math.exp(mean_log) for s in new]
    return {name: 1500 + 400 * math.log10(strength[index[name]]) for name in names}


def rate_margin_ci(per_deal: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a mean win-rate margin: a Wilson score interval, so never beyond
    -1 .. 1 (a difference of two rates), where a normal interval passes them when nearly every
    deal is won.

    Each deal's margin lies in -1 .. 1, so at a true mean m its variance is at most
    1 - m * m (all of it when every deal is won or lost outright, as a proportion's is).
    The interval is every m with (mean - m)^2 <= z^2 r (1 - m^2) / n, r the deals' observed
    variance as a share of that most (1 when it is all at the bounds). With margins of
    +1 and -1 alone this is exactly Wilson's interval of the share of deals won; and no m
    beyond -1 .. 1 qualifies, where 1 - m^2 is negative.
    """
    n = len(per_deal)
    if n == 0:
        return 0.0, 0.0
    mean = sum(per_deal) / n
    most = 1.0 - mean * mean
    variance = sum((v - mean) ** 2 for v in per_deal) / n
    share = min(1.0, variance / most) if most > 1e-12 else 1.0
    k = z * z * share / n
    half = math.sqrt(max(0.0, k * (1.0 + k - mean * mean)))
    return max(-1.0, (mean - half) / (1.0 + k)), min(1.0, (mean + half) / (1.0 + k))


def arena_report(results: Sequence[HandResult], bots: Sequence[str], seatings: int) -> list[dict[str, Any]]:
    """The table's rows, JSON-ready: simulate's per-bot figures plus margin and rating."""
    stats: list[BotStats] = tally(results, bots)
    margins = duplicate_margins(results, bots, seatings)
    win_margins = duplicate_margins(results, bots, seatings, wins=True)
    ratings = elo_ratings(results, bots)
    rows = []
    for s in stats:
        row = s.to_json()
        margin, half = mean_ci(margins[s.bot])
        row["duplicate_margin"] = margin if margins[s.bot] else None
        row["duplicate_margin_ci95"] = [margin - half, margin + half] if margins[s.bot] else None
        per_deal = win_margins[s.bot]
        row["win_rate_margin"] = sum(per_deal) / len(per_deal) if per_deal else None
        row["win_rate_margin_ci95"] = list(rate_margin_ci(per_deal)) if per_deal else None
        row["elo"] = round(ratings[s.bot], 1)
        rows.append(row)
    return rows


def elo_note(rows: Sequence[dict[str, Any]]) -> str | None:
    """A sentence for the table when the Elo column orders two bots against their score
    margins. Both are right: Elo counts hands won and lost between two bots' seats (by any
    amount), the margin counts points, so a bot that wins most hands by a little and
    loses a few by a lot has the better Elo and the worse margin."""
    rated = [row for row in rows if row.get("duplicate_margin") is not None]
    for a in rated:
        for b in rated:
            if a["elo"] > b["elo"] and a["duplicate_margin"] < b["duplicate_margin"]:
                return (
                    f"Elo ranks {a['bot']} above {b['bot']} and the score margin below: Elo "
                    f"counts the hands won between the bots' seats, by any amount, the margin "
                    f"counts points (many hands won by a little, a few lost by a lot)."
                )
    return None


def print_report(rows: Sequence[dict[str, Any]], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    columns = (
        "bot",
        "seat-hands",
        "mean score (95% CI)",
        "hand-win rate (95% CI)",
        "score margin vs others (95% CI)",
        "win-rate margin (95% CI)",
        "Elo",
    )
    money = any("mean_money" in row for row in rows)
    for column in columns + (("money per hand (95% CI)",) if money else ()):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for row in rows:
        low, high = row["mean_score_ci95"]
        rlow, rhigh = row["hand_win_rate_ci95"]
        if row["duplicate_margin"] is None:
            margin = win_margin = "-"
        else:
            mlow, mhigh = row["duplicate_margin_ci95"]
            margin = f"{row['duplicate_margin']:+.3f} ({mlow:+.3f} .. {mhigh:+.3f})"
            wlow, whigh = row["win_rate_margin_ci95"]
            win_margin = f"{100 * row['win_rate_margin']:+.1f} ({100 * wlow:+.1f} .. {100 * whigh:+.1f})"
        table.add_row(
            row["bot"],
            str(row["seat_hands"]),
            f"{row['mean_score']:.3f} ({low:.3f} .. {high:.3f})",
            f"{100 * row['hand_win_rate']:.1f}% ({100 * rlow:.1f} .. {100 * rhigh:.1f})",
            margin,
            win_margin,
            f"{row['elo']:.0f}",
            *([money_cell(row)] if money else []),
        )
    import sys

    console = Console(width=None if sys.stdout.isatty() else 160)
    console.print(table)
    note = elo_note(rows)
    if note:
        console.print(note)


def plot_report(rows: Sequence[dict[str, Any]], title: str, path: str) -> None:
    """Per bot, with 95% intervals: the mean hand score and the hand-win rate (top), and
    the duplicate margins over the other bots with the line of parity (bottom), since the
    margins are what say whether a bot beats the field."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [row["bot"] for row in rows]
    ys = list(range(len(rows)))
    fig, axes = plt.subplots(2, 2, figsize=(11, 2.4 + 1.2 * len(rows)), sharey=True)
    panels = (
        (axes[0][0], "mean_score", 1, "mean hand score (95% CI)", "tab:blue"),
        (axes[0][1], "hand_win_rate", 100, "hand-win rate, % (95% CI)", "tab:green"),
        (axes[1][0], "duplicate_margin", 1, "score margin vs the others (95% CI)", "tab:blue"),
        (axes[1][1], "win_rate_margin", 100, "win-rate margin vs the others, points (95% CI)", "tab:green"),
    )
    for axis, key, scale, label, colour in panels:
        shown = [(y, row) for y, row in zip(ys, rows, strict=True) if row.get(key) is not None]
        if shown:
            values = [scale * row[key] for _, row in shown]
            low = [v - scale * row[f"{key}_ci95"][0] for v, (_, row) in zip(values, shown, strict=True)]
            high = [scale * row[f"{key}_ci95"][1] - v for v, (_, row) in zip(values, shown, strict=True)]
            axis.errorbar(values, [y for y, _ in shown], xerr=[low, high], fmt="o", capsize=4, color=colour)
        if key.endswith("margin"):
            axis.axvline(0, color="grey", linewidth=1, linestyle="--")
        axis.set_xlabel(label)
        axis.grid(axis="x", alpha=0.3)
    for axis in (axes[0][0], axes[1][0]):
        axis.set_yticks(ys, names)
        axis.set_ylim(-0.7, len(rows) - 0.3)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)
