"""`parlour analyse GAME RECORD`: study a finished record with a game's exact oracle.

Only Ridge has one (double dummy, parlour.analysis.ridge): every card of a Ridge hand is
visible, so each call and each card can be valued exactly against the best one.

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

def analysed_games() -> list[str]:
    """The games whose declaration names an exact analysis (`Game.analysis`)."""
    return [game.name for game in GAMES.values() if game.analysis]


def hints(game: str, observation: dict[str, Any]) -> list[str] | None:
    """Advice for the seat to act in `observation` of `game`: the lines of the game's exact
    analysis (`hint_lines`, imported on use: Ridge's double-dummy solver loads only when
    someone asks); None when the game has none."""
    analysis = get_game(game).analysis
    return resolve(analysis).hint_lines(observation) if analysis else None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game of the record ({', '.join(analysed_games())})")
    parser.add_argument("record", help="a game record (JSON) of that game")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")


def run(args: argparse.Namespace) -> int:
    from parlour.record import RecordError, load

    analysed = analysed_games()
    if args.game not in analysed:
        raise OptionsError(f"no analysis for {args.game!r} (analysed games: {', '.join(analysed)})")
    try:
        record = load(args.record)
        if record.get("game") != args.game:
            raise RecordError(f"{args.record} is a record of {record.get('game')!r}, not {args.game!r}")
        analysis = resolve(get_game(args.game).analysis or "")
        report = analysis.analyse_record(record)
    except RecordError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if args.json else analysis.format_report(report))
    return 0
