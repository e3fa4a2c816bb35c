"""`parlour train GAME --method METHOD`: a learned player's weights, one method a module.

- `policy` (parlour.training.policy, the default): a policy and value network by policy
  gradient in self-play against the heuristic; checkpoints and `--resume`.
- `turn-value` (parlour.training.turn_value): the values of a seat's turn end, learned
  from the heuristic's hands; the player tries each move and finishes its turn.
- `move-value` (parlour.training.move_value): each move's worth as a sum over its facts,
  every move of the heuristic's decisions played out in the true deal.

Each method has its own flags (`parlour train GAME --method M --help`); what they share,
the run (its folder, workers, progress, clock and learning curve), is
parlour.training.runs. The weights each method writes say their `kind`, and the learned
player (parlour.bots.learned) reads them by it: playing is the bots' side alone.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from parlour.arguments import CommandParser, add_game_arguments

METHODS: dict[str, str] = {
    "policy": "parlour.training.policy",
    "turn-value": "parlour.training.turn_value",
    "move-value": "parlour.training.move_value",
}
"""Each method's module: its `SUMMARY`, `add_arguments(parser)` and `run(args)`."""
DEFAULT_METHOD = "policy"
HELP_FLAGS = ("-h", "--help")


def method_module(name: str) -> Any:
    return importlib.import_module(METHODS[name])


def asked_method(words: list[str]) -> str | None:
    """The method `--method M` (or `--method=M`) names among the words, if any."""
    for k, word in enumerate(words):
        if word == "--method" and k + 1 < len(words):
            return words[k + 1]
        if word.startswith("--method="):
            return word.split("=", 1)[1]
    return None


def add_method_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--method", choices=tuple(METHODS), default=DEFAULT_METHOD,
                        help=f"how the player is trained (default {DEFAULT_METHOD}); each has its own flags")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The command's parser lists the methods; the words of a call are read by the parser of
    the method they name (`--method`, else the default), made when they are read."""
    add_game_arguments(parser)
    add_method_argument(parser)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "methods (parlour train GAME --method METHOD --help shows a method's flags):\n" + "\n".join(
        f"  {name:<11} {method_module(name).SUMMARY}" for name in METHODS
    )
    if isinstance(parser, CommandParser):
        parser.choose = lambda words: method_parser(parser, words)


def method_parser(command: argparse.ArgumentParser, words: list[str]) -> argparse.ArgumentParser | None:
    """The parser of the method the words name; None (the command's own parser, which lists
    the methods) for help asked without a method, or a method that does not exist."""
    name = asked_method(words)
    if name is None and any(word in HELP_FLAGS for word in words):
        return None
    name = name or DEFAULT_METHOD
    if name not in METHODS:
        return None
    module = method_module(name)
    parser = argparse.ArgumentParser(prog=command.prog, description=f"--method {name}: {module.SUMMARY}.", allow_abbrev=False)
    module.add_arguments(parser)
    add_method_argument(parser)
    parser.set_defaults(_run=module.run)
    return parser


def run(args: argparse.Namespace) -> int:
    return int(method_module(args.method).run(args))
