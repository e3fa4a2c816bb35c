"""How to play: one text per game, written for a newcomer, and the table's rule options in words.

Each registered game declares its text's file in its package (`Game.howto`, package data:
`games/<name>/howto.md`): under the title a
sentence or two for a newcomer (the lobby's line about the game, `summary`), then what the
players try to do, the cards and the deal, a turn, the scoring, the end of the match and a worked
example, in the markdown subset of parlour.howto.markup. The text describes the standard
game, the Options defaults; `how_to_play` adds a section listing every option of the
table with its value and its explanation, the option's field docstring (`option_docs`),
so the words for an option live in one place, beside the option itself, and the lobby's
option list (`Options.describe`) reads the same sentence. The lobby, the table's menu,
`parlour rules GAME` and `GET /api/games/<game>/howto` all show what this module builds.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from importlib import resources
from typing import Any

from parlour.arguments import parse_option_args
from parlour.engine import Game, Options, OptionsError, option_docs
from parlour.games import get_game
from parlour.howto.markup import to_html
from parlour.spec import SpecError, parse_spec

OPTIONS_HEADING = "Rule options at this table"
CHANGED_NOTE = (
    "The text above describes the standard game. An option marked *changed* is played"
    " differently at this table, and its rule here replaces the text's."
)


def game_text(game_name: str) -> str:
    """The game's own How to play text (markdown), the standard game."""
    game = get_game(game_name)
    package = type(game).__module__.rpartition(".")[0]
    return resources.files(package).joinpath(game.howto).read_text(encoding="utf-8")


def summary(game_name: str) -> str:
    """The game in a sentence or two for someone who has never heard of it: the text's first
    paragraph, between the title and the first section, so the lobby and the rules share it."""
    lines = game_text(game_name).splitlines()[1:]
    start = next(i for i, line in enumerate(lines) if line.strip())
    paragraph = []
    for line in lines[start:]:
        if not line.strip() or line.startswith("#"):
            break
        paragraph.append(line.strip())
    return " ".join(paragraph)


def value_words(value: Any) -> str:
    """An option's value as a player reads it: yes/no, 10/1, `at least two`."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (tuple, list)):
        return "/".join(value_words(v) for v in value)
    return str(value).replace("_", " ")


def options_section(game: Game, options: Options) -> str:
    """The markdown list of every option: its value, whether it is the standard one, and why."""
    docs = option_docs(type(options))
    lines = [f"## {OPTIONS_HEADING}", "", CHANGED_NOTE, ""]
    for field in dataclasses.fields(options):
        value = getattr(options, field.name)
        shown = value_words(value)
        if value != field.default:
            shown += f" *(changed; the standard game has {value_words(field.default)})*"
        lines.append(f"- **{field.name}**: {shown}. {docs.get(field.name, '')}".rstrip())
    return "\n".join(lines) + "\n"


def how_to_play(game_name: str, options: dict[str, Any] | None = None) -> str:
    """The game's text and the table's options in words (markdown).

    `options` are option values by name, typed or as a person types them ("true", "10/1");
    a bad name or value raises OptionsError with a sentence saying which.
    """
    game = get_game(game_name)
    chosen = game.options(**(options or {}))
    return game_text(game.name).rstrip() + "\n\n" + options_section(game, chosen)


def how_to_play_html(game_name: str, options: dict[str, Any] | None = None) -> str:
    """`how_to_play` as HTML, every character of the text escaped (parlour.howto.markup)."""
    return to_html(how_to_play(game_name, options))


def add_rules_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", nargs="?", help="the game's name or spec, e.g. ribs or 'yaniv(yaniv_max=7)'; "
                        "without it, the games are listed")
    parser.add_argument("--players", type=int, help="seats at the table")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a rule option of the table")
    parser.add_argument("--html", action="store_true", help="print HTML instead of text")


def games_list() -> str:
    """Every game with its line for a newcomer, and how to read its rules."""
    from parlour.games import GAMES

    lines = ["The games (parlour rules GAME explains one):", ""]
    for name in sorted(GAMES):
        game = GAMES[name]
        lines.append(f"  {name:<20} {game.title}: {summary(name)}")
    return "\n".join(lines) + "\n"


def run_rules(args: argparse.Namespace) -> int:
    """`parlour rules GAME`: rendered by rich in a terminal, the markdown itself in a pipe.
    A spec names the table as `play` does (`yaniv(yaniv_max=7)`); no game lists them."""
    if args.game is None:
        sys.stdout.write(games_list())
        return 0
    try:
        name, spec_values = parse_spec(args.game)
    except SpecError as exc:
        raise OptionsError(str(exc)) from None
    values: dict[str, Any] = {**spec_values, **parse_option_args(args.option)}
    if args.players is not None:
        values["players"] = args.players
    if args.html:
        sys.stdout.write(how_to_play_html(name, values) + "\n")
        return 0
    text = how_to_play(name, values)
    if sys.stdout.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console().print(Markdown(text))
    else:
        sys.stdout.write(text)
    return 0
