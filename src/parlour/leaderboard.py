"""The leaderboard: every bot against one reference on a fixed set of duplicate deals.

`parlour leaderboard ribs --players 4 --bots random,normal --deals 50`

A row is one bot against the table's reference (the game's heuristic bot, or random where
a game has none): the bot plays one side and the reference every other, on the arena's
duplicate deals (parlour.arena: each deal played once per side, the bot taking each side in
turn, so luck of the cards cancels). Measuring every bot against the same fixed opponents
on the same deals, as RLCard's leaderboard does, makes rows of one table comparable with
each other, and a new bot needs one run rather than a tournament with every other.

The deals are fixed and versioned: deal set version `v` starts at seed `DEAL_SETS[v]`, and
`--deals D` plays its first D deals (the arena's deal k: seed + k, dealt by seat k mod n).
Rows name their deal set (version, seed, count, and a digest of the cards of those deals),
and the page puts the rows of one version in one table, each with its deal count. The digest says when a game deals other
cards from the same seeds (a change of its shuffle or its deal): the test of the shipped
page then fails, and the set takes a new version rather than reuse one.

Columns, all from the arena's statistics: the score margin (the bot's mean hand score
minus the reference seats', per deal, averaged, with its 95% interval), the hand-win rate
(Wilson interval), the win-rate margin (`arena.rate_margin_ci`) and the CPU milliseconds
per move of the bot (process CPU time around its `choose`, so the load of other processes
on the machine counts little). The reference's own row is the reference playing itself:
its margins are zero by construction and its win rate is the table's baseline.

Each run appends its rows (JSON lines, with the command that reproduces them, the deal set
and the parlour version) to the stored results, `benchmarks/leaderboard.jsonl`, and
rewrites docs/leaderboard.md from all of them; `--render` only rewrites the page. Where a
bot has several rows on one deal set, the page shows the latest.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import shlex
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.arena import arena_report, duplicate_tasks
from parlour.arguments import parse_option_args, writable
from parlour.bots import Bot, make_bot
from parlour.engine import Game, GameOptions, OptionsError
from parlour.games import GAMES, game_from_spec
from parlour.simulate import (
    HandResult,
    HandTask,
    hand_result,
    run_tasks,
    seat_bots,
    seat_specs,
    split_bots,
)

DEAL_SETS: dict[int, int] = {1: 1_000_000}
"""Deal set version -> the seed of its first deal. Away from the arena's default seeds, so
a bot tuned on `parlour arena` runs has not seen these deals."""
DEAL_SET_VERSION = 1
RESULTS = "benchmarks/leaderboard.jsonl"
PAGE = "docs/leaderboard.md"
FORMAT = 1
"""The version of a stored row's fields."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", help="a game name, e.g. ribs")
    parser.add_argument("--players", type=int, help="seats at the table (default: the game's)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--bots", help="comma-separated bot specs, one row each, e.g. random,normal")
    parser.add_argument("--deals", type=int, default=100, help="deals of the fixed set to play (default 100)")
    parser.add_argument("--reference", help="the bot every row plays against (default: the game's heuristic)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--results", default=RESULTS, help=f"the stored results, JSON lines (default {RESULTS})")
    parser.add_argument("--page", default=PAGE, help=f"the page written from them (default {PAGE})")
    parser.add_argument("--render", action="store_true", help="only rewrite the page from the stored results")


@dataclass
class TimedHand:
    """A duplicate hand's result and, per bot of the list, the CPU seconds it spent
    choosing and the moves it made."""

    result: HandResult
    seconds: list[float]
    moves: list[int]


class Stopwatch:
    """A seat's bot with the CPU time of its choices counted."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.seconds = 0.0
        self.moves = 0

    def choose(self, observation: dict[str, Any]) -> str:
        start = time.process_time()
        action = self.bot.choose(observation)
        self.seconds += time.process_time() - start
        self.moves += 1
        return action


def timed_hand(task: HandTask) -> TimedHand:
    """`simulate.simulate_hand` with a stopwatch at every seat."""
    from parlour.games import get_game

    game = get_game(task.game)
    by_seat, seats = seat_specs(game, task.options, task.bots, task.rotation)
    state = game.new_state(task.options, task.seed, dealer=task.dealer)
    watches = [Stopwatch(bot) for bot in seat_bots(game, by_seat, task.seed)]
    result = hand_result(game, state, watches, task.seed, seats)  # type: ignore[arg-type]
    sides = game.teams(task.options)
    seconds = [0.0] * len(task.bots)
    moves = [0] * len(task.bots)
    for j in range(len(task.bots)):
        for seat in sides[(j + task.rotation) % len(sides)]:
            seconds[j] += watches[seat].seconds
            moves[j] += watches[seat].moves
    return TimedHand(result, seconds, moves)


def deals_digest(game: Game, options: GameOptions, seed: int, deals: int) -> str:
    """A short hash of the cards of the set's first `deals` deals, as the arena deals them."""
    n = options.players
    cards = [game.new_state(options, seed + k, dealer=k % n).deals[0] for k in range(deals)]
    text = json.dumps(cards, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def reference_of(game: Game) -> str:
    return game.heuristic_bot() or "random"


def command_of(game: str, players: int, options: dict[str, str], bot: str, deals: int, reference: str | None) -> str:
    """The command that plays a row again."""
    words = ["parlour", "leaderboard", game, "--players", str(players)]
    for name, value in sorted(options.items()):
        words += ["--option", f"{name}={value}"]
    words += ["--bots", bot, "--deals", str(deals)]
    if reference is not None:
        words += ["--reference", reference]
    return shlex.join(words)


def play_row(
    game: Game, options: GameOptions, bot: str, reference: str, deals: int, *, jobs: int = 1, version: int = DEAL_SET_VERSION
) -> dict[str, Any]:
    """One row: `bot` on one side, `reference` on the others, over the deal set's first
    `deals` deals, as the arena plays them; the figures as the page stores them."""
    sides = len(game.teams(options))
    bots = [bot] + [reference] * (sides - 1)
    seed = DEAL_SETS[version]
    tasks = duplicate_tasks(game.name, options, bots, deals * sides, seed)
    hands: list[TimedHand] = run_tasks(
        timed_hand, tasks, jobs=jobs, description=f"{game.title} {options.players}p, {bot} v {reference}"
    )
    # The arena keys its figures by name, and the bot may be the reference itself.
    labels = ["bot"] + ["reference"] * (sides - 1)
    rows = {row["bot"]: row for row in arena_report([h.result for h in hands], labels, sides)}
    mine, theirs = rows["bot"], rows["reference"]
    seconds = sum(h.seconds[0] for h in hands)
    moves = sum(h.moves[0] for h in hands)
    ref_seconds = sum(sum(h.seconds[1:]) for h in hands)
    ref_moves = sum(sum(h.moves[1:]) for h in hands)
    return {
        "leaderboard": FORMAT,
        "game": game.name,
        "players": options.players,
        "options": options.to_json(),
        "deal_set": {"version": version, "seed": seed, "deals": deals, "digest": deals_digest(game, options, seed, deals)},
        "hands": len(tasks),
        "bot": bot,
        "reference": reference,
        "score_margin": mine["duplicate_margin"],
        "score_margin_ci95": mine["duplicate_margin_ci95"],
        "mean_score": mine["mean_score"],
        "reference_mean_score": theirs["mean_score"],
        "hand_win_rate": mine["hand_win_rate"],
        "hand_win_rate_ci95": mine["hand_win_rate_ci95"],
        "win_rate_margin": mine["win_rate_margin"],
        "win_rate_margin_ci95": mine["win_rate_margin_ci95"],
        "moves": moves,
        "ms_per_move": 1000 * seconds / moves if moves else None,
        "reference_ms_per_move": 1000 * ref_seconds / ref_moves if ref_moves else None,
    }


def run(args: argparse.Namespace) -> int:
    results, page = Path(args.results), Path(args.page)
    stored = load_results(results)
    if args.render:
        if args.game or args.bots:
            raise OptionsError("--render only rewrites the page: name no game or bots with it")
        write_page(page, stored)
        return 0
    if not args.game:
        raise OptionsError("name a game, e.g. parlour leaderboard ribs --bots random (or --render to rewrite the page)")
    if not args.bots:
        raise OptionsError("--bots needs at least one bot, e.g. --bots random,normal")
    extra: dict[str, Any] = parse_option_args(args.option)
    if args.players is not None:
        extra["players"] = args.players
    game, options = game_from_spec(args.game, extra)
    if game.name != args.game:
        raise OptionsError(f"name the game plainly ({game.name}) and its options with --option")
    if args.deals < 1:
        raise OptionsError("--deals must be at least 1")
    if args.jobs < 1:
        raise OptionsError("--jobs must be at least 1")
    reference = args.reference or reference_of(game)
    bots = split_bots(args.bots)
    for spec in dict.fromkeys([*bots, reference]):
        make_bot(spec, game, 0, 0, outside=True)
    for path in (results, page):
        problem = writable(str(path))
        if problem:
            raise OptionsError(f"cannot write {path}: {problem} (run from the repository's root, or name --results and --page)")
    named = {key: str(value) for key, value in parse_option_args(args.option).items()}
    for bot in bots:
        row = play_row(game, options, bot, reference, args.deals, jobs=args.jobs)
        row["command"] = command_of(game.name, options.players, named, bot, args.deals, args.reference)
        row["parlour"] = parlour_version()
        row["date"] = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d")
        with results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(row, sort_keys=True) + "\n")
        stored.append(row)
        print(row_line(row))
    write_page(page, stored)
    print(f"parlour: {len(bots)} row(s) added to {results}; {page} rewritten")
    return 0


def parlour_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("parlour")
    except PackageNotFoundError:
        return "unknown"


def load_results(path: Path) -> list[dict[str, Any]]:
    """The stored rows, in the order they were added (none where there is no file yet)."""
    if not path.exists():
        return []
    if path.is_dir():
        raise OptionsError(f"{path} is a folder, not the results file")
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise OptionsError(f"{path}, line {number}, is not JSON ({exc.msg})") from None
        missing = [key for key in ROW_KEYS if not isinstance(row, dict) or key not in row]
        if missing:
            raise OptionsError(f"{path}, line {number}, is not a leaderboard row (it lacks {', '.join(missing)})")
        deal_set = row["deal_set"]
        if not isinstance(deal_set, dict) or any(key not in deal_set for key in ("version", "seed", "deals", "digest")):
            raise OptionsError(f"{path}, line {number}, names no whole deal set (version, seed, deals, digest)")
        rows.append(row)
    return rows


ROW_KEYS = ("game", "players", "options", "deal_set", "bot", "reference", "score_margin", "command")


def interval(value: float, bounds: Sequence[float], scale: float = 1.0, places: int = 3) -> str:
    low, high = bounds
    return f"{scale * value:+.{places}f} ({scale * low:+.{places}f} .. {scale * high:+.{places}f})"


def row_cells(row: dict[str, Any]) -> list[str]:
    low, high = row["hand_win_rate_ci95"]
    ms = row["ms_per_move"]
    return [
        f"`{row['bot']}`",
        interval(row["score_margin"], row["score_margin_ci95"]),
        f"{100 * row['hand_win_rate']:.1f}% ({100 * low:.1f} .. {100 * high:.1f})",
        interval(row["win_rate_margin"], row["win_rate_margin_ci95"], 100, 1),
        "-" if ms is None else f"{ms:.3g}",
        f"`{row['command']}`",
    ]


def row_line(row: dict[str, Any]) -> str:
    bot, margin, rate, win_margin, ms, _ = row_cells(row)
    return f"{bot.strip('`')}: score margin {margin}, hand-win rate {rate}, win-rate margin {win_margin}, {ms} CPU ms a move"


def table_title(row: dict[str, Any]) -> str:
    """The game and table size, with the options that are not the game's defaults."""
    game = GAMES.get(row["game"])
    title = game.title if game else row["game"]
    changed: dict[str, Any] = dict(row["options"])
    if game is not None:
        defaults = game.options(players=row["players"]).to_json()
        changed = {k: v for k, v in changed.items() if defaults.get(k) != v}
    changed.pop("players", None)
    extra = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(changed.items()))
    return f"{title}, {row['players']} players" + (f" ({extra})" if extra else "")


HEADER = """# Leaderboard on fixed deals

<!-- Written by `parlour leaderboard` from benchmarks/leaderboard.jsonl: edit neither by
hand; run the command (or `parlour leaderboard --render`) and commit both. -->

Every row is one bot against the table's reference, the game's heuristic bot: the bot
holds one seat (or one partnership) and the reference all the others, on a fixed set of
duplicate deals, each deal played once per seat (or side) with the bot taking each in
turn, so every row of a table faces the same cards and the same opponents. The deal set
is versioned: version 1 starts at seed 1000000, and a row's deal count says how many of
its first deals were played (`--deals`); rows of one count played the very same deals.
Each stored row keeps a hash of its deals' cards, so a game that came to deal other cards
from the same seeds is caught (its test fails) rather than compared with old rows. The figures are the arena's (`parlour arena`):

- **score margin**: the bot's mean hand score minus the reference seats' in the same
  hands, per deal, averaged over deals, with its 95% interval; positive is better than
  the reference in the game's own sense (fewer points where points are penalties);
- **hand-win rate**: the share of its seat-hands the bot won (best score, ties all win),
  with its 95% Wilson interval; the reference's own row gives the table's baseline;
- **win-rate margin**: the bot's hand-win rate minus the reference seats', in points, with
  its 95% interval (kept within -100 .. +100);
- **CPU ms / move**: the bot's process CPU time per decision on the machine that played
  the row (a shared two-core machine for the rows below).

The reference's own row plays it against itself: its margins are zero by construction.
Where the package ships no weights for a table, `normal` is the heuristic itself, and its
margins are zero too. Each row's command plays it again (`--jobs 2` splits
the work, with the same figures); the CPU times vary with the machine. `normal` and
`strong` are the levels the lobby offers, the bots they stand for at each game listed in
docs/strength.md; `parlour.envs.openspiel:ISMCTS` is OpenSpiel's Python ISMCTS (random
rollouts) as an outside bot, OpenSpiel's C++ ISMCTS being unable to draw worlds of these
games (docs/research.md says why). The deal counts are small, so the intervals are wide;
any outside bot (docs/bots.md) gets a row with `--bots 'module:Class(param=value)'`.
"""


def page_text(rows: Sequence[dict[str, Any]]) -> str:
    """The page: one table per game, table size, options, deal set version and reference,
    in the order of the games; the latest row of each bot at each deal count, best score
    margin first. A smaller count plays the first deals of a larger one, so the rows of one
    table met the same opponents on deals drawn alike, and those of one count the very
    same deals."""
    order = {name: i for i, name in enumerate(GAMES)}
    tables: dict[tuple[Any, ...], dict[tuple[str, int], dict[str, Any]]] = {}
    for row in rows:
        deal_set = row["deal_set"]
        key = (
            order.get(row["game"], len(order)),
            row["game"],
            row["players"],
            json.dumps(row["options"], sort_keys=True),
            deal_set["version"],
            deal_set["seed"],
            row["reference"],
        )
        tables.setdefault(key, {})[row["bot"], deal_set["deals"]] = row
    out = [HEADER]
    for key in sorted(tables):
        latest = sorted(tables[key].values(), key=lambda r: -r["score_margin"])
        first = latest[0]
        deal_set = first["deal_set"]
        sides = first["hands"] // deal_set["deals"]
        seatings = f"{sides} seatings a deal" if sides < first["players"] else "a seating per seat"
        out.append(f"## {table_title(first)}\n")
        out.append(f"Deal set {deal_set['version']} (seed {deal_set['seed']}), {seatings}; reference `{first['reference']}`.\n")
        out.append("| bot | deals | score margin (95% CI) | hand-win rate (95% CI) | win-rate margin, points (95% CI) | CPU ms / move | command |")
        out.append("|---|---:|---:|---:|---:|---:|---|")
        for row in latest:
            cells = row_cells(row)
            cells.insert(1, str(row["deal_set"]["deals"]))
            out.append("| " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def write_page(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    path.write_text(page_text(rows), encoding="utf-8")
