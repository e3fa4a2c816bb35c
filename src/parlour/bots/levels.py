"""Bot levels for people: easy, normal and strong, each a bot spec of the registry.

People choose a level, never a bot's code name ("ribs-heuristic"); the lobby, the table
and the terminal show a bot as "Ribs bot (normal)". What stands behind each level is
decided here alone: normal is the game's heuristic bot, strong the search bot (within the
host's per-move limit, or `seconds` when given), easy the careless player (the heuristic
with a share of random legal moves). A game without a heuristic bot plays random at easy
and normal.
"""

from __future__ import annotations

from parlour.engine import OptionsError
from parlour.games import get_game

LEVELS = ("easy", "normal", "strong")


def level_spec(game_name: str, level: str, seconds: float | None = None) -> str:
    """The bot spec (for `parlour.bots.make_bot`) of `level` at `game_name`."""
    game = get_game(game_name)
    heuristic = game.heuristic_bot()
    if level == "easy":
        return "careless" if heuristic else "random"
    if level == "normal":
        return heuristic or "random"
    if level == "strong":
        return f"ismcts(seconds={seconds:g})" if seconds is not None else "ismcts"
    raise OptionsError(f"unknown bot level {str(level)[:40]!r} (levels: {', '.join(LEVELS)})")


def level_of(game_name: str, spec: str) -> str | None:
    """The level whose spec `spec` is (with the host's default settings), else None."""
    for level in LEVELS:
        if level_spec(game_name, level) == spec:
            return level
    return None


def display_name(game_name: str, spec: str) -> str:
    """How people see a bot: "Ribs bot (normal)"; a bot of no level by its spec's name,
    "Ribs bot (random)"."""
    title = get_game(game_name).title
    level = level_of(game_name, spec)
    return f"{title} bot ({level or spec.split('(')[0].strip()})"
