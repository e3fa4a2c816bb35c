"""Train a learned player for every table size the lobby offers that has no shipped weights.

Weights ship per table (`<game>-<players>.npz`); a game with weights at one count plays
the bare heuristic as `normal` at every other. This trains each missing count with the
settings the game's shipped file records (its method, head, hidden layers, step size,
heuristic share; for a run that began from other weights, the settings of the run it
began from, since a network for another count cannot start from them), one table after
another on `--jobs` processes, and keeps a row per table in `benchmarks/learned_counts.jsonl`:
the run's last curve point (duplicate margin against the heuristic, 95% half-width, over
`--eval-hands` hands), its hands and CPU-seconds, the command, and whether it shipped.

Every policy run takes `--prior` (the heuristic's move is an input), Ribs' too, whose
shipped 6-player weights were trained without it over 185,000 hands: a fresh network
without the prior plays noise for its first minutes and cannot reach the heuristic in a
budget of a few minutes a table, where with the prior it starts as the heuristic.

`--ship` copies a run's weights into the package where the lower end of its last point's
interval is above 0, and only there. The rows are what docs/strength.md's table of learned
players per table size is written from.

Run: .venv/bin/python benchmarks/train_counts.py [--only ribs ribs-4 ...] [--seconds S]
     [--eval-hands 200] [--jobs 1] [--ship] [--collect] [--dry-run]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from parlour.bots.learned import weights_path
from parlour.bots.network import load
from parlour.games import GAMES

SOURCES = {"ribs": 6, "cramps": 4, "seven_and_a_half": 4, "yaniv": 2, "kings_in_the_corner": 2, "zetema": 2, "paks": 2}
"""The table whose shipped weights give each game's settings, in the order the games are
trained: Ribs first, the house's flagship. Every other count the lobby offers is trained."""
SECONDS = {"ribs": 150.0, "": 120.0}
"""Training seconds a table: the budget is about 80 CPU-minutes for the 31 tables on one
core, and Ribs, the flagship, gets the most."""
RESULTS = Path(__file__).with_name("learned_counts.jsonl")
TURN_VALUE_HANDS_PER_SECOND = 200
"""Heuristic hands a turn-value run plays per second of `--seconds` (the method counts
hands, not seconds): Kings in the Corner's runs at 3 to 6 players played 190 to 220 hands
a CPU-second, their measuring included."""


def missing_tables(only: list[str]) -> list[tuple[str, int]]:
    """Every (game, players) the lobby offers but the one each game's settings come from,
    in `SOURCES`' order; `only` keeps games (`ribs`) or tables (`ribs-4`)."""
    tables = [(g, n) for g, source in SOURCES.items() for n in GAMES[g].player_counts() if n != source]
    if only:
        tables = [(g, n) for g, n in tables if g in only or f"{g}-{n}" in only]
    return tables


def shipped_settings(game: str) -> dict[str, Any]:
    """The training facts of `game`'s shipped weights (the one count it ships at)."""
    meta = load(weights_path(game, SOURCES[game]))[1]
    return {"players": SOURCES[game], "meta": meta, "training": meta["training"]}


def seconds(game: str, args: argparse.Namespace) -> float:
    return args.seconds if args.seconds is not None else SECONDS.get(game, SECONDS[""])


def command(game: str, players: int, args: argparse.Namespace) -> list[str]:
    """The `parlour train` command for one table, with the shipped run's settings."""
    shipped = shipped_settings(game)
    meta, training = shipped["meta"], shipped["training"]
    out = str(Path(args.out) / f"{game}-{players}")
    base = [str(Path(sys.executable).with_name("parlour")), "train", game, "--players", str(players),
            "--jobs", str(args.jobs), "--out", out, "--eval-hands", str(args.eval_hands)]
    if meta["kind"] == "turn_value":
        return base + [
            "--method", "turn-value", "--seed", str(training["seed"]),
            "--hands", str(int(seconds(game, args) * TURN_VALUE_HANDS_PER_SECOND)),
            "--hidden", args.hidden or ",".join(map(str, training["hidden"])), "--lr", str(training["lr"]),
            "--epochs", str(training["epochs"]), "--minibatch", str(training["minibatch"]),
            "--explore", str(training["explore"]), "--keep", str(training["keep"]),
            "--worlds", str(meta["worlds"]), "--bonus", str(meta["bonus"]),
        ]
    first = (training.get("started_from") or {}).get("settings") or training["settings"]
    return base + [
        "--method", "policy", "--prior", "--seed", str(first["seed"]), "--seconds", str(seconds(game, args)),
        "--eval-every", str(10**9),
        "--head", training["settings"]["head"], "--hidden", args.hidden or ",".join(map(str, first["hidden"])),
        "--lr", str(first["lr"]), "--heuristic-share", str(first["heuristic_share"]),
        "--batch", str(first["batch"]), "--epochs", str(first["epochs"]), "--minibatch", str(first["minibatch"]),
        "--entropy", str(first["entropy"]),
    ]


def train(game: str, players: int, args: argparse.Namespace) -> dict[str, Any]:
    """One table trained, its row written to `RESULTS`, its weights shipped where they win."""
    cmd = command(game, players, args)
    shown = " ".join(["parlour", *cmd[1:]])
    print(shown, flush=True)
    if args.dry_run:
        return {}
    weights = Path(args.out) / f"{game}-{players}" / f"{game}-{players}.npz"
    started = time.time()
    if not args.collect:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds(game, args) * 6 + 600)
        if done.returncode != 0 or not weights.is_file():
            print(done.stdout[-2000:], done.stderr[-2000:], file=sys.stderr)
            raise SystemExit(f"{game}-{players}: the run failed ({done.returncode})")
    training = load(weights)[1]["training"]
    last = training["curve"][-1]
    row = {
        "table": f"{game}-{players}", "margin": round(last["margin"], 3), "half": round(last["half"], 3),
        "eval_hands": args.eval_hands, "hands": training["hands"], "cpu_seconds": training["cpu_seconds"],
        "wall_seconds": None if args.collect else round(time.time() - started, 1), "hidden": args.hidden, "command": shown,
        "shipped": bool(args.ship and last["margin"] - last["half"] > 0),
    }
    if row["shipped"]:
        shutil.copyfile(weights, weights_path(game, players))
    with RESULTS.open("a") as results:
        results.write(json.dumps(row) + "\n")
    print(f"  {row['table']}: {row['margin']:+.3f} ± {row['half']:.3f} over {args.eval_hands} hands, "
          f"{row['hands']} hands, {row['cpu_seconds']:.0f} CPU-s, {'shipped' if row['shipped'] else 'not shipped'}",
          flush=True)
    return row


def exact_command(row: dict[str, Any]) -> str:
    """A row's command with its hands in place of its seconds: the same weights on any
    machine (a policy run's rounds are seeded by their number; `--seconds` reaches a number
    of hands that depends on the machine)."""
    words = row["command"].split()
    if "--seconds" in words:
        at = words.index("--seconds")
        words[at:at + 2] = ["--hands", str(row["hands"])]
    return " ".join(words)


def markdown() -> str:
    """The table of docs/strength.md's trained table sizes, from `RESULTS` (the last row
    of each table)."""
    rows = {}
    for line in RESULTS.read_text().splitlines():
        row = json.loads(line)
        rows[row["table"]] = row
    lines = ["| game | players | margin vs heuristic (95%) | eval hands | training hands | CPU-s | shipped | command |",
             "| --- | ---: | --- | ---: | ---: | ---: | --- | --- |"]
    for game, players in missing_tables([]):
        row = rows.get(f"{game}-{players}")
        title = GAMES[game].title
        if row is None:
            lines.append(f"| {title} | {players} | not trained | - | - | - | no | - |")
            continue
        margin = f"{row['margin']:+.3f} ± {row['half']:.3f}"
        lines.append(f"| {title} | {players} | {'**' + margin + '**' if row['margin'] - row['half'] > 0 else margin} | "
                     f"{row['eval_hands']} | {row['hands']:,} | {row['cpu_seconds']:.0f} | {'yes' if row['shipped'] else 'no'} | "
                     f"`{exact_command(row)}` |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", default=[], help="games (ribs) or tables (ribs-4) to train")
    parser.add_argument("--seconds", type=float, help="training seconds a table (default 150 at Ribs, else 120)")
    parser.add_argument("--eval-hands", type=int, default=200, help="duplicate hands of each curve point (default 200)")
    parser.add_argument("--hidden", help="hidden layers for every run (default: the shipped run's)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default="runs")
    parser.add_argument("--ship", action="store_true", help="copy weights whose interval is above 0 into the package")
    parser.add_argument("--collect", action="store_true", help="record finished runs in --out without training")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    parser.add_argument("--markdown", action="store_true", help="print the table of the recorded runs and stop")
    args = parser.parse_args()
    if args.markdown:
        print(markdown())
        return
    for game, players in missing_tables(args.only):
        train(game, players, args)


if __name__ == "__main__":
    main()
