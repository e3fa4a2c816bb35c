"""Seeded simulations: many hands between bots, with confidence intervals.

`parlour simulate ribs --players 6 --hands 5000 --bots ribs-heuristic,random --jobs 2`

Hand i is a fresh deal from seed `seed + i`, dealt by seat `i mod n`, and bot j of the list
sits at seat `(j + i) mod n`, so every bot meets every seat and every dealer position. In a
game of fixed partnerships (`Game.teams`: Couillon, Pitch, Paks and Zetema with 4 or 6) a
bot plays for a side, every seat of it, and bot j takes side `(j + i) mod k`. Each
hand is independent, so the result is the same for any `--jobs`. A bot list shorter than
the table is filled with its last entry. A hand is won by every seat with the best hand
score (ties all win, as in Ribs), best in the game's score sense (`Game.score_sense`: the
lowest where scores are penalty points). Where the game pays money (`State.money()`, e.g.
Ribs with stakes) each bot's mean money per hand is reported beside its score. The pieces (`play_hand`, `run_tasks`, `mean_ci`,
`rate_ci`) are shared with the arena.

`--record DIR` saves every hand played (here and in the arena) as a game record, JSON lines
in one file, `DIR/<command>-<game>-<players>p-seed<seed>.jsonl`: one record a line, in the
order the hands were dealt whatever `--jobs` or the backend, each the record of a match
stopped after its first hand (its seed, dealer and deals, so it replays exactly) with
`"bots"`, the spec at each seat, and, where a learned player read the research tensor in
the hand (itself or as a search's model), `"layout"`, the fingerprint of the tensor's
layout it read (parlour.envs.contract): the moves of such a player are those of its
weights on that layout. `parlour replay FILE` replays every line (`--index K` one).
"""

from __future__ import annotations

import argparse
import contextlib
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from parlour.arguments import add_game_arguments, game_from_args
from parlour.bots import Bot, make_bot
from parlour.bots.learned import TENSOR_READS
from parlour.bots.network import blas_on_one_thread
from parlour.engine import Game, GameOptions, OptionsError, Score, State, best_of
from parlour.record import record_of, save_lines

T = TypeVar("T")
R = TypeVar("R")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--hands", type=int, default=1000, help="hands to play (default 1000)")
    parser.add_argument("--bots", default="random", help="comma-separated bot specs, seat by seat")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the table as JSON")
    add_record_argument(parser)


def add_record_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--record", metavar="DIR",
        help="save every hand played as a record in DIR/<command>-<game>-<players>p-seed<seed>.jsonl, "
        "JSON lines: one record a line, in the order played, each with the bots by seat; "
        "`parlour replay` reads the file",
    )


def table_from_args(args: argparse.Namespace) -> tuple[Game, GameOptions, list[str]]:
    """The game, options and seat-by-seat bots of `simulate` or `arena`, checked: an unknown
    bot, or a count below 1, fails here with a sentence rather than in a worker."""
    game, options = game_from_args(args)
    bots = table_bots(split_bots(args.bots), len(game.teams(options)))
    for spec in set(bots):
        make_bot(spec, game, 0, 0, outside=True)
    if args.hands < 1:
        raise OptionsError("--hands must be at least 1")
    if args.jobs < 1:
        raise OptionsError("--jobs must be at least 1")
    return game, options, bots


def run(args: argparse.Namespace) -> int:
    game, options, bots = table_from_args(args)
    record = args.record is not None
    tasks = [HandTask(game.name, options, bots, args.seed + i, i, record=record) for i in range(args.hands)]
    results = run_tasks(simulate_hand, tasks, jobs=args.jobs, description=f"{game.title} hands")
    if record:
        save_records(results, args.record, f"simulate-{game.name}-{options.players}p-seed{args.seed}")
    stats = tally(results, bots)
    if args.json:
        import json

        print(json.dumps([s.to_json() for s in stats], indent=1))
    else:
        print_table(stats, f"{game.title}, {options.players} players, {args.hands} hands, seed {args.seed}")
    return 0


def split_bots(text: str) -> list[str]:
    """`a,b(x=1, y=2),c` -> ["a", "b(x=1, y=2)", "c"] (commas inside brackets stay)."""
    out, depth, current = [], 0, ""
    for ch in text:
        depth += ch in "(["
        depth -= ch in ")]"
        if ch == "," and depth == 0:
            out.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        out.append(current.strip())
    if not out:
        raise OptionsError("--bots needs at least one bot")
    return out


def table_bots(bots: Sequence[str], sides: int) -> list[str]:
    """One bot per side (a seat, or a partnership), the last repeated to fill the table."""
    if len(bots) > sides:
        raise OptionsError(f"{len(bots)} bots for {sides} sides (a bot plays for a seat, or for a partnership)")
    return list(bots) + [bots[-1]] * (sides - len(bots))


@dataclass(frozen=True)
class HandTask:
    """One hand to simulate: picklable, so it runs the same in any worker."""

    game: str
    options: GameOptions
    bots: list[str]
    seed: int
    rotation: int
    dealer: int | None = None
    """The hand's dealer; None: seat `rotation mod n` (simulate). The arena fixes it per
    deal so that the cards stay with the seats while the bots rotate (duplicate)."""
    record: bool = False
    """Whether the result carries the hand's record (`--record`)."""


@dataclass
class HandResult:
    seed: int
    seat_of_bot: list[int]
    """Per bot, its seat (the first seat of its side in a partnership game)."""
    scores: list[Score]
    sense: int = 1
    """The game's score sense (+1: higher is better, -1: lower is), so that whoever reads
    the results compares scores the game's way."""
    money: list[Score] | None = None
    """Each seat's money won in the hand, where the game pays money (`State.money()`)."""
    record: dict[str, Any] | None = None
    """The hand's record with the bots by seat (`"bots"`), when the task asked for it."""


def seat_specs(game: Game, options: GameOptions, specs: Sequence[str], rotation: int) -> tuple[list[str], list[int]]:
    """Where the bots sit in seating `rotation`: bot j plays side `(j + rotation) mod k` of
    the game's k sides (`Game.teams`: a seat each, or the partnerships), every seat of it.
    Returns the spec at each seat and, per bot, the first seat of its side (partners
    score alike, so that seat's score is the side's)."""
    sides = game.teams(options)
    by_seat = [""] * options.players
    first_seats = []
    for j, spec in enumerate(specs):
        side = sides[(j + rotation) % len(sides)]
        for seat in side:
            by_seat[seat] = spec
        first_seats.append(side[0])
    return by_seat, first_seats


def seat_bots(game: Game, by_seat: Sequence[str], seed: int) -> list[Bot]:
    """Bots by seat, each with its own derived seed."""
    return [make_bot(spec, game, seat, seed * 1000 + seat, outside=True) for seat, spec in enumerate(by_seat)]


def play_hand(state: State, bots: Sequence[Bot]) -> list[Score]:
    """Play the current hand of `state` to its end with `bots` (indexed by seat)."""
    while True:
        seat = state.to_act()
        if seat is None:
            break
        state.apply_text(bots[seat].choose(state.observation(seat)))
        if state.hand_over():
            break
    return state.hand_scores()


def simulate_hand(task: HandTask) -> HandResult:
    from parlour.games import get_game

    game = get_game(task.game)
    n = task.options.players
    by_seat, seats = seat_specs(game, task.options, task.bots, task.rotation)
    dealer = task.rotation % n if task.dealer is None else task.dealer
    state = game.new_state(task.options, task.seed, dealer=dealer)
    reads: list[dict[str, Any]] = []
    token = TENSOR_READS.set(reads)
    try:
        result = hand_result(game, state, seat_bots(game, by_seat, task.seed), task.seed, seats)
    finally:
        TENSOR_READS.reset(token)
    if task.record:
        result.record = {**record_of(state), "bots": by_seat} | ({"layout": reads[0]} if reads else {})
    return result


def save_records(results: list[HandResult], directory: str, name: str) -> Path:
    """Write the results' records as JSON lines in `directory` (made if missing), in the
    order the hands were dealt, and say where on stderr; the results keep no copy."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.jsonl"
    save_lines((r.record for r in results if r.record is not None), path)
    for r in results:
        r.record = None
    print(f"parlour: {len(results)} records in {path}", file=sys.stderr)
    return path


def hand_result(game: Game, state: State, bots: Sequence[Bot], seed: int, seats: list[int]) -> HandResult:
    """Play the current hand of `state` and keep what the tables read: the scores with the
    game's score sense, and the money the hand moved where the game pays any."""
    before = state.money()
    scores = play_hand(state, bots)
    after = state.money()
    money = None if after is None else [a - b for a, b in zip(after, before or [0] * len(after), strict=True)]
    return HandResult(seed, seats, scores, game.score_sense, money)


def progress_bar() -> Any:
    """The progress bar of long runs (simulate, arena, train), drawn on stderr."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=Console(stderr=True), transient=False)


def run_tasks(
    worker: Callable[[T], R],
    tasks: Sequence[T],
    *,
    jobs: int = 1,
    description: str = "working",
    backend: str = "local",
    address: str | None = None,
) -> list[R]:
    """Run `worker` over `tasks` in order-preserving chunks, with a progress bar.

    `backend="ray"` sends the chunks to a Ray cluster (`address`, or a local Ray with
    `jobs` CPUs); results come back in task order, so they equal the local ones.
    """
    with progress_bar() as progress:
        bar = progress.add_task(description, total=len(tasks))
        with TaskRunner(jobs, backend, address) as runner:
            return runner.map(worker, tasks, lambda k: progress.advance(bar, k))


class TaskRunner:
    """Where lists of tasks run, kept for many lists (training's rounds): in this process
    (`jobs=1`), in a pool of `jobs` worker processes, or on Ray. Results come back in
    task order whatever runs them, so a seeded run gives the same results everywhere."""

    def __init__(self, jobs: int = 1, backend: str = "local", address: str | None = None) -> None:
        self.jobs = jobs
        self.backend = backend
        self.address = address
        self.pool: ProcessPoolExecutor | None = None
        self.stack = contextlib.ExitStack()

    def __enter__(self) -> TaskRunner:
        if self.backend == "ray":
            from parlour.raybackend import ray_session

            self.stack.enter_context(ray_session(self.jobs, self.address))
        elif self.jobs > 1:
            self.pool = self.stack.enter_context(ProcessPoolExecutor(max_workers=self.jobs, initializer=blas_on_one_thread))
        return self

    def __exit__(self, *exc: object) -> None:
        self.stack.close()

    def map(self, worker: Callable[[T], R], tasks: Sequence[T], advance: Callable[[int], None]) -> list[R]:
        """`[worker(t) for t in tasks]`, calling `advance(k)` as k more are done."""
        results: list[R] = []
        if self.pool is None and self.backend == "local":
            for task in tasks:
                results.append(worker(task))
                advance(1)
            return results
        chunk = max(1, min(64, len(tasks) // (self.jobs * 8) or 1))
        if self.backend == "ray":
            from parlour.raybackend import run_on_ray

            return run_on_ray(worker, tasks, chunk, self.jobs, self.address, advance)
        assert self.pool is not None
        for result in self.pool.map(worker, tasks, chunksize=chunk):
            results.append(result)
            advance(1)
        return results


@dataclass
class BotStats:
    bot: str
    scores: list[float] = field(default_factory=list)
    wins: int = 0
    money: list[float] = field(default_factory=list)
    """Money won per seat-hand, where the game pays money (else empty)."""

    @property
    def hands(self) -> int:
        return len(self.scores)

    def to_json(self) -> dict[str, Any]:
        mean, half = mean_ci(self.scores)
        rate, low, high = rate_ci(self.wins, self.hands)
        out: dict[str, Any] = {
            "bot": self.bot,
            "seat_hands": self.hands,
            "mean_score": mean,
            "mean_score_ci95": [mean - half, mean + half],
            "hand_win_rate": rate,
            "hand_win_rate_ci95": [low, high],
        }
        if self.money:
            money, money_half = mean_ci(self.money)
            out["mean_money"] = money
            out["mean_money_ci95"] = [money - money_half, money + money_half]
        return out


def tally(results: Iterable[HandResult], bots: Sequence[str]) -> list[BotStats]:
    """Per distinct bot spec: every seat-hand it played, the hands it won (best score in
    the game's sense) and, where the game pays money, the money it won."""
    stats: dict[str, BotStats] = {}
    for spec in bots:
        stats.setdefault(spec, BotStats(spec))
    for result in results:
        best = best_of(result.scores, result.sense)
        for j, spec in enumerate(bots):
            seat = result.seat_of_bot[j]
            score = result.scores[seat]
            stats[spec].scores.append(float(score))
            stats[spec].wins += score == best
            if result.money is not None:
                stats[spec].money.append(float(result.money[seat]))
    return list(stats.values())


def money_cell(row: dict[str, Any]) -> str:
    """A row's mean money per hand with its interval, for the tables ("-" without money)."""
    if "mean_money" not in row:
        return "-"
    low, high = row["mean_money_ci95"]
    return f"{row['mean_money']:+.3f} ({low:+.3f} .. {high:+.3f})"


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def rate_ci(k: int, n: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson score interval."""
    if n == 0:
        return 0.0, 0.0, 0.0
    z = 1.96
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return p, max(0.0, centre - half), min(1.0, centre + half)


def print_table(stats: Sequence[BotStats], title: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    rows = [s.to_json() for s in stats]
    money = any("mean_money" in j for j in rows)
    columns = ["bot", "seat-hands", "mean score (95% CI)", "hand-win rate (95% CI)"]
    for column in columns + (["money per hand (95% CI)"] if money else []):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for s, j in zip(stats, rows, strict=True):
        low, high = j["mean_score_ci95"]
        rlow, rhigh = j["hand_win_rate_ci95"]
        cells = [
            s.bot,
            str(s.hands),
            f"{j['mean_score']:.3f} ({low:.3f} .. {high:.3f})",
            f"{100 * j['hand_win_rate']:.1f}% ({100 * rlow:.1f} .. {100 * rhigh:.1f})",
        ]
        if money:
            cells.append(money_cell(j))
        table.add_row(*cells)
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)
    console.print(table)
