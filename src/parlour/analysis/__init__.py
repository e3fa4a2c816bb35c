"""`parlour analyse GAME RECORD`: where a seat's play lost points in a finished record.

Every game: `parlour analyse cramps RECORD --seat 1` replays the record to each decision of
that seat and weighs it from the seat's own observation, as the hints do
(parlour.analysis.review): the move played, the better move and why, what the played move
cost with its error bar, named an inaccuracy, a mistake or a blunder by the game's
thresholds, and per hand the deal's par beside what the play cost. Ridge keeps its exact
oracle (double dummy, parlour.analysis.ridge): every card of a Ridge hand is visible, so
each call and each card of both sides is valued exactly against the best one.

Advice for the seat to act, in every game: `hint(game, observation)` (parlour.analysis.advice)
gives the move a strong player would make with the numbers behind it (the exact oracle's in
Ridge, the search bot's elsewhere); the terminal's `hint` and the web parlour's hint message
ask it. `hints(game, observation)` keeps the oracle's lines (Ridge). The front ends look a
game's advice up here, by the game's name: the game declares its analysis module by path
(`Game.analysis`), because a game may not import analysis (the layers of docs/architecture.md:
analysis sits above the games and imports them).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from parlour.analysis.advice import Hint, NoHint, hint, hint_patience
from parlour.declaration import resolve
from parlour.engine import OptionsError
from parlour.games import GAMES, get_game

__all__ = ["Hint", "NoHint", "add_arguments", "hint", "hint_patience", "hints", "run"]

def hints(game: str, observation: dict[str, Any]) -> list[str] | None:
    """Advice for the seat to act in `observation` of `game`: the lines of the game's exact
    analysis (`hint_lines`, imported on use: Ridge's double-dummy solver loads only when
    someone asks); None when the game has none."""
    analysis = get_game(game).analysis
    return resolve(analysis).hint_lines(observation) if analysis else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from parlour.analysis.review import DEFAULT_SECONDS

    parser.add_argument("game", help=f"the game of the record ({', '.join(sorted(GAMES))})")
    parser.add_argument("record", help="a game record (JSON) of that game")
    parser.add_argument("--seat", type=int, default=0, help="the seat whose play is analysed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"the search's time a decision (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--iterations", type=int,
                        help="the most sampled deals a decision instead of a time budget: with --seed, the same analysis every time")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    parser.add_argument("--hand", type=int, action="append", help="analyse only this hand (from 1; repeat for more)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")


def run(args: argparse.Namespace) -> int:
    from parlour.record import RecordError, load

    if args.game not in GAMES:
        raise OptionsError(f"no game {args.game!r} (games: {', '.join(sorted(GAMES))})")
    if not 0 < args.seconds <= 600:
        raise OptionsError("--seconds must be more than 0 and at most 600")
    if args.iterations is not None and not 1 <= args.iterations <= 100_000:
        raise OptionsError("--iterations must be from 1 to 100000")
    if args.jobs < 1:
        raise OptionsError("--jobs must be 1 or more")
    try:
        record = load(args.record)
        if record.get("game") != args.game:
            raise RecordError(f"{args.record} is a record of {record.get('game')!r}, not {args.game!r}")
        exact = get_game(args.game).analysis
        if exact:
            analysis = resolve(exact)
            report = analysis.analyse_record(record)
            text = analysis.format_report
        else:
            from parlour.analysis import review

            report = review.analyse(record, args.seat, seconds=args.seconds, iterations=args.iterations,
                                    seed=args.seed, jobs=args.jobs, progress=True,
                                    hands=set(args.hand) if args.hand else None,
                                    names=record.get("names") if isinstance(record.get("names"), list) else None)
            text = review.format_report
    except RecordError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if args.json else text(report))
    return 0
