"""The results page's figures (docs/strength.md), rerun at a size two cores play in minutes.

`parlour strength` runs, for every table where the package ships learned weights, the
arena duplicates the page reports (`normal` against the heuristic, `strong` against
`normal`, `strong` against the heuristic) with the page's commands and seeds but fewer
hands, and prints one line per figure as it is done: the duplicate margin with its 95%
interval, the wall clock and the CPU time it took; the table of them all at the end. `parlour strength --full` plays the page's own hand counts, so each
figure comes out as printed there. `--only GAME` (repeatable) keeps some tables.

The commands live here once: docs/strength.md shows them as written by `Measure.command`,
and a test holds the page to this list. The quick hand counts give each `strong` figure
about 45 CPU-seconds (as measured with these seeds), so the whole run takes about 1,100
CPU-seconds: ten minutes on two idle cores. The intervals are wide at that size; the page's
figures are the ones to quote.
"""

from __future__ import annotations

import argparse
import resource
import time
from dataclasses import dataclass

from parlour import arena
from parlour.games import GAMES
from parlour.simulate import run_tasks, simulate_hand, table_from_args


@dataclass(frozen=True)
class Measure:
    """One figure of the results page: an arena duplicate between two bots."""

    game: str
    players: int
    label: str
    """"normal vs heuristic", "strong vs normal" or "strong vs heuristic"."""
    bots: str
    hands: int
    """The page's hand count."""
    seed: int
    quick: int
    """Hands for `parlour strength` without `--full`."""

    def command(self, hands: int | None = None, jobs: int = 2) -> str:
        """The arena command, as docs/strength.md prints it."""
        bots = f'"{self.bots}"' if "(" in self.bots else self.bots
        return (
            f"parlour arena {self.game} --players {self.players} --bots {bots} "
            f"--hands {self.hands if hands is None else hands} --seed {self.seed} --jobs {jobs}"
        )

    def argv(self, hands: int, jobs: int) -> list[str]:
        return [
            self.game, "--players", str(self.players), "--bots", self.bots,
            "--hands", str(hands), "--seed", str(self.seed), "--jobs", str(jobs),
        ]  # fmt: skip


MEASURES: tuple[Measure, ...] = tuple(
    Measure(game.name, figure.players, figure.label, figure.bots, figure.hands, figure.seed, figure.quick)
    for game in GAMES.values()
    for figure in game.strength
)
"""Every figure of the results page, from each game's declaration (`Game.strength`).
Ribs' `strong` against `normal` is not measured (the page says so), so it is not rerun
either."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--full", action="store_true", help="play the page's hand counts (hours) rather than the quick ones")
    parser.add_argument("--only", action="append", metavar="GAME", help="rerun this game's figures only (repeatable)")
    parser.add_argument("--hands", type=int, help="play this many hands for every figure (rounded up to whole deals)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")


def margin_of(measure: Measure, hands: int, jobs: int) -> tuple[float, float, float, int]:
    """The first bot's duplicate margin over the second, its 95% interval, and the hands
    played, from the arena's own tasks and report."""
    parser = argparse.ArgumentParser()
    arena.add_arguments(parser)
    args = parser.parse_args(measure.argv(hands, jobs))
    game, options, bots = table_from_args(args)
    tasks = arena.duplicate_tasks(game.name, options, bots, args.hands, args.seed)
    results = run_tasks(simulate_hand, tasks, jobs=jobs, description=f"{game.title} {options.players}p, {measure.label}")
    report = arena.arena_report(results, bots, len(game.teams(options)))
    first = next(row for row in report if row["bot"] == bots[0])
    low, high = first["duplicate_margin_ci95"]
    return first["duplicate_margin"], low, high, len(tasks)


def run(args: argparse.Namespace) -> int:
    from parlour.engine import OptionsError
    from parlour.games import get_game

    only = set(args.only or ())
    for name in only:
        get_game(name)
    measures = [m for m in MEASURES if not only or m.game in only]
    if not measures:
        raise OptionsError(f"no figure of the results page is for {', '.join(sorted(only))}")
    lines = []
    started, cpu_started = time.monotonic(), cpu_seconds()
    for k, measure in enumerate(measures, 1):
        hands = args.hands if args.hands is not None else measure.hands if args.full else measure.quick
        print(f"[{k}/{len(measures)}] {measure.command(hands, args.jobs)}", flush=True)
        clock, cpu = time.monotonic(), cpu_seconds()
        margin, low, high, played = margin_of(measure, hands, args.jobs)
        line = (
            f"| {get_game(measure.game).title} ({measure.players}) | {measure.label} | {margin:+.3f} "
            f"({low:+.3f} .. {high:+.3f}) | {played:,} | {time.monotonic() - clock:.0f} s | {cpu_seconds() - cpu:.0f} s |"
        )
        print(line, flush=True)
        lines.append(line)
    print()
    print("| table (players) | figure | duplicate margin (95% CI) | hands | wall clock | CPU |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for line in lines:
        print(line)
    print(
        f"\n{len(measures)} figures in {time.monotonic() - started:.0f} s of wall clock, "
        f"{cpu_seconds() - cpu_started:.0f} s of CPU."
    )
    return 0


def cpu_seconds() -> float:
    """CPU time of this process and of its finished workers: on a shared machine the wall
    clock also counts other work, so the CPU time says what a run costs."""
    own, workers = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
