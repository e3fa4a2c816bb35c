"""The command-line arguments that name a table, shared by the subcommands.

`play`, `simulate`, `arena` and `ridge` all take a game (or a spec), `--players` and
`--option name=value`. The helpers live here rather than in cli.py because cli.py is the
top layer and imports every subcommand: a subcommand importing it back made a circle.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable, Sequence
from typing import Any

from parlour.engine import Game, GameOptions, OptionsError
from parlour.games import game_from_spec


def parse_option_args(items: Sequence[str] | None) -> dict[str, str]:
    """`--option name=value` items -> {name: value}."""
    out: dict[str, str] = {}
    for item in items or []:
        if "=" not in item:
            raise OptionsError(f"--option {item!r}: write name=value")
        name, value = item.split("=", 1)
        out[name.strip()] = value.strip()
    return out


def add_game_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments that name a table: the game (or a spec), --players, --option."""
    parser.add_argument("game", help="a game name or spec, e.g. ribs or 'ribs(lemons=true)'")
    parser.add_argument("--players", type=int, help="seats at the table")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a game option")


def game_from_args(args: argparse.Namespace) -> tuple[Game, GameOptions]:
    """The game and options named by `add_game_arguments`' arguments."""
    extra: dict[str, Any] = parse_option_args(args.option)
    if args.players is not None:
        extra["players"] = args.players
    return game_from_spec(args.game, extra)


class CommandParser(argparse.ArgumentParser):
    """A subcommand's parser. One whose flags depend on a choice among its words (`parlour
    train GAME --method M`: each method its own flags) sets `choose`, which picks the parser
    that reads the words, or None for this one (say, to list the methods in its help)."""

    choose: Callable[[list[str]], argparse.ArgumentParser | None] | None = None

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        chosen = self.choose(list(args)) if self.choose is not None and args is not None else None
        if chosen is not None:
            return chosen.parse_known_args(args, namespace)
        return super().parse_known_args(args, namespace)


def writable(path: str) -> str | None:
    """Why a file (a record, a plot) cannot be written to `path`, or None when it can:
    checked before play, so a game or a long run is not lost to a typo at its end."""
    if os.path.isdir(path):
        return f"{path} is a folder"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.exists(path):
        return None if os.access(path, os.W_OK) else f"{path} cannot be written (permission denied)"
    return None if os.access(folder, os.W_OK) else f"{folder} cannot be written in (permission denied)"
