"""The `parlour` command.

Each subcommand lives in the module that does its work and exposes `add_arguments(parser)`
and `run(args) -> int`; this file only lists them, so adding a command is one line.
Errors a person can fix (bad options, unreadable records) print one sentence on stderr and
exit with status 2; output cut short by its reader (`| head`) ends quietly. The arguments several subcommands share are in parlour.arguments: a
subcommand never imports this file, the top of the layers.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from parlour.arguments import CommandParser
from parlour.bots.network import blas_on_one_thread
from parlour.engine import OptionsError

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("parlour.terminal", "play a game in the terminal against bots"),
    "replay": ("parlour.replay", "replay a game record and print its outcome"),
    "show": ("parlour.replay", "print a game record hand by hand and trick by trick, as seat N or with every hand shown"),
    "simulate": ("parlour.simulate", "play many seeded hands between bots and compare them"),
    "arena": ("parlour.arena", "a duplicate tournament between bots, with intervals and ratings"),
    "serve": ("parlour.server.serve", "run the web parlour: play in a browser with friends and bots"),
    "ridge": ("parlour.ridge_cli", "play given Ridge deals (PBN) against the double-dummy bot; export PBN"),
    "train": ("parlour.training", "train a learned player's weights, by one of three methods, with a learning curve"),
    "analyse": ("parlour.review", "where a seat lost points in a record: each decision judged, mistakes marked, the better move"),
    "leaderboard": ("parlour.leaderboard", "play bots against the reference on the fixed deals and add them to the leaderboard"),
    "strength": ("parlour.strength", "rerun the results page's figures (docs/strength.md) with fewer hands"),
    "rules": ("parlour.howto", "how to play a game, with the table's rule options explained"),
}


def version() -> str:
    """The installed parlour's version (the package's metadata, from pyproject.toml)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("parlour")
    except PackageNotFoundError:
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="parlour", description="A house of card games.")
    parser.add_argument("--version", action="version", version=f"parlour {version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=CommandParser)
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(module_name)
        command_parser = sub.add_parser(name, help=help_text, description=help_text)
        adder = getattr(module, f"add_{name}_arguments", None) or module.add_arguments
        adder(command_parser)
        command_parser.set_defaults(_run=getattr(module, f"run_{name}", None) or module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    blas_on_one_thread()
    try:
        return int(args._run(args) or 0)
    except OptionsError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader stopped reading (`parlour show FILE | head`): what is left to print goes
        # nowhere, and Python's own flush at exit must not fail on the closed pipe either.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
