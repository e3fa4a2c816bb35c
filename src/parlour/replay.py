"""`parlour replay FILE [--json] [--index K]`: replay a record and print its outcome.

FILE holds one record, or JSON lines of records (what `simulate --record` and `arena
--record` write), each replayed and printed in turn.

Exit status 2 with one sentence on stderr when the record cannot be replayed; the sentence
names the failing action's index and the reason.
"""

from __future__ import annotations

import argparse
import json
import sys

from parlour.engine import State, jsonable_scores
from parlour.record import RecordError, load_all, replay, summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", help="a game record (JSON), or JSON lines of records as simulate and arena --record write them"
    )
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON (a line per record)")
    parser.add_argument("--index", type=int, metavar="K", help="of a file of several records, replay record K only (from 0)")


def run(args: argparse.Namespace) -> int:
    try:
        records = load_all(args.file)
        if args.index is not None:
            if not 0 <= args.index < len(records):
                raise RecordError(f"--index {args.index}: {args.file} holds records 0 to {len(records) - 1}")
            records = [records[args.index]]
        for k, record in enumerate(records):
            try:
                state = replay(record)
            except RecordError as exc:
                raise RecordError(f"record {k}: {exc}" if len(records) > 1 else str(exc), exc.index) from None
            if len(records) > 1 and not args.json:
                print(f"record {k}:")
            print_outcome(state, args.json)
    except RecordError as exc:
        print(f"parlour replay: {exc}", file=sys.stderr)
        return 2
    return 0


def print_outcome(state: State, as_json: bool) -> None:
    out = summary(state)
    if as_json:
        print(json.dumps(out))
        return
    print(f"{state.game.title}: {'match over' if out['over'] else 'match in progress'}")
    for k, scores in enumerate(out["hand_scores"]):
        print(f"hand {k + 1}: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores)))
    print("match standing: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(jsonable_scores(state.match_scores()))))
    if "money" in out:
        print("money: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(out["money"])))
    if out["winners"]:
        print("winners: " + ", ".join(f"seat {s}" for s in out["winners"]))
