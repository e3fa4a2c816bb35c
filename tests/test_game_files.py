"""A game lives in one package whose rules stay readable: the rules file under 600 lines,
and its view and its declaration (the package's `game.py` with its `__init__.py`) each
shorter than the rules, so the rules are the most of what a reader opens."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from parlour.games import GAMES

RULES_LIMIT = 600


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def package(name: str) -> Path:
    """The folder of a registered game's package (where its declaration is)."""
    return Path(sys.modules[type(GAMES[name]).__module__].__file__ or "").parent


def test_every_registered_game_is_a_package_of_its_own() -> None:
    folders = {package(name) for name in GAMES}
    assert len(folders) == len(GAMES) == 12
    for folder in folders:
        assert {"rules.py", "view.py", "game.py", "__init__.py"} <= {p.name for p in folder.iterdir()}, folder


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_rules_are_the_largest_part_of_a_game_and_under_the_limit(name: str) -> None:
    folder = package(name)
    rules = lines(folder / "rules.py")
    view = lines(folder / "view.py")
    declaration = lines(folder / "game.py") + lines(folder / "__init__.py")
    assert rules < RULES_LIMIT, f"{name}: rules.py has {rules} lines"
    assert view < rules, f"{name}: view.py has {view} lines, the rules {rules}"
    assert declaration < rules, f"{name}: game.py and __init__.py have {declaration} lines, the rules {rules}"
