"""`parlour analyse GAME RECORD`: study a finished record with a game's exact oracle.

Only Ridge has one (double dummy, parlour.analysis.ridge): every card of a Ridge hand is
visible, so each call and each card can be valued exactly against the best one.

Advice for the seat to act, in every game: `hint(game, observation)` (parlour.analysis.advice)
gives the move a strong player would make with the numbers behind it (the exact oracle's in
Ridge, the search bot's elsewhere); the terminal's `hint` and the web parlour's hint message
ask it. `hints(game, observation)` keeps the oracle's lines (Ridge). The front ends look a
game's advice up here, by the game's name, because a game may not import analysis (the
layers of docs/architecture.md: analysis sits above the games and imports them).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any

from parlour.analysis.advice import Hint, NoHint, hint, hint_patience
from parlour.engine import OptionsError

__all__ = ["HINTS", "Hint", "NoHint", "add_arguments", "hint", "hint_patience", "hints", "run"]

ANALYSERS = {"ridge": "parlour.analysis.ridge"}


def _ridge_hints(observation: dict[str, Any]) -> list[str]:
    # Imported on use: the double-dummy solver loads only when someone asks for a hint.
    from parlour.analysis.ridge import hint_lines

    return hint_lines(observation)


HINTS: dict[str, Callable[[dict[str, Any]], list[str]]] = {"ridge": _ridge_hints}
"""Game name -> lines of advice for the seat to act in an observation."""


def hints(game: str, observation: dict[str, Any]) -> list[str] | None:
    """Advice for the seat to act in `observation` of `game`; None when the game has none."""
    hint = HINTS.get(game)
    return hint(observation) if hint else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game of the record ({', '.join(ANALYSERS)})")
    parser.add_argument("record", help="a game record (JSON) of that game")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")


def run(args: argparse.Namespace) -> int:
    from parlour.record import RecordError, load

    if args.game not in ANALYSERS:
        raise OptionsError(f"no analysis for {args.game!r} (analysed games: {', '.join(ANALYSERS)})")
    try:
        record = load(args.record)
        if record.get("game") != args.game:
            raise RecordError(f"{args.record} is a record of {record.get('game')!r}, not {args.game!r}")
        from parlour.analysis.ridge import analyse_record, format_report

        report = analyse_record(record)
    except RecordError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if args.json else format_report(report))
    return 0
