"""`parlour analyse GAME RECORD`: study a finished record with a game's exact oracle.

Only Ridge has one (double dummy, parlour.analysis.ridge): every card of a Ridge hand is
visible, so each call and each card can be valued exactly against the best one.
"""

from __future__ import annotations

import argparse
import json
import sys

from parlour.engine import OptionsError

ANALYSERS = {"ridge": "parlour.analysis.ridge"}


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
