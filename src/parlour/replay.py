"""`parlour replay FILE [--json]`: replay a record and print its outcome.

Exit status 2 with one sentence on stderr when the record cannot be replayed; the sentence
names the failing action's index and the reason.
"""

from __future__ import annotations

import argparse
import json
import sys

from parlour.engine import jsonable_scores
from parlour.record import RecordError, load, replay, summary


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a game record (JSON)")
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON")


def run(args: argparse.Namespace) -> int:
    try:
        state = replay(load(args.file))
    except RecordError as exc:
        print(f"parlour replay: {exc}", file=sys.stderr)
        return 2
    out = summary(state)
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{state.game.title}: {'match over' if out['over'] else 'match in progress'}")
    for k, scores in enumerate(out["hand_scores"]):
        print(f"hand {k + 1}: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores)))
    print("match standing: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(jsonable_scores(state.match_scores()))))
    if "money" in out:
        print("money: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(out["money"])))
    if out["winners"]:
        print("winners: " + ", ".join(f"seat {s}" for s in out["winners"]))
    return 0
