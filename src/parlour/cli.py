"""The `parlour` command.

Each subcommand lives in the module that does its work and exposes `add_arguments(parser)`
and `run(args) -> int`; this file only lists them, so adding a command is one line.
Errors a person can fix (bad options, unreadable records) print one sentence on stderr and
exit with status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from parlour.engine import Game, GameOptions, OptionsError
from parlour.games import game_from_spec

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("parlour.terminal", "play a game in the terminal against bots"),
    "replay": ("parlour.replay", "replay a game record and print its outcome"),
    "simulate": ("parlour.simulate", "play many seeded hands between bots and compare them"),
    "arena": ("parlour.arena", "a duplicate tournament between bots, with intervals and ratings"),
    "serve": ("parlour.server.serve", "run the web parlour: play in a browser with friends and bots"),
    "ridge": ("parlour.ridge_cli", "play given Ridge deals (PBN) against the double-dummy bot; export PBN"),
    "analyse": ("parlour.analysis", "analyse a record with the game's exact oracle (Ridge: double dummy)"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlour", description="A house of card games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        adder = getattr(module, f"add_{name}_arguments", None) or module.add_arguments
        adder(command_parser)
        command_parser.set_defaults(_run=getattr(module, f"run_{name}", None) or module.run)
    return parser


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args._run(args) or 0)
    except OptionsError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
