"""A game lives in one place: nothing outside its package keys on its name.

Everything the layers above the games ask of a game is in its declaration (the `Game`
subclass in `games/<name>/game.py`), read through the registry (`parlour.games.GAMES`).
So no module of `src/parlour` outside a game's package, and no shared test table such as
the conformance tests', holds the game's name as a string of its code: a table keyed by
the name is a second registry that drifts. Docstrings and comments may name a game; a few
strings equal a game's name by coincidence or by being that game's own words, listed in
`ALLOWED` with the reason.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from parlour.games import GAMES

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "parlour"
SHARED_TESTS = [ROOT / "tests" / "test_conformance.py"]

ALLOWED: dict[tuple[str, str], str] = {
    ("cli.py", "ridge"): "the `parlour ridge` command, Ridge's own front end",
    ("bots/move_facts.py", "mighty"): "the kind of a card: the Mighty itself",
    ("bots/ribs_heuristic.py", "ribs"): "Ribs' own bot reads its observation's `ribs`",
    ("bots/paks_heuristic.py", "paks"): "Paks' own bot reads its observation's `paks`",
    ("bots/yaniv_heuristic.py", "yaniv"): "Yaniv's own bot calls 'yaniv'",
    ("training/move_value.py", "ridge"): "ridge regression's strength, a number of the fit",
}
"""(path under src/parlour, name) -> why the string is no key of the game."""


def _own(path: Path, name: str) -> bool:
    """Whether `path` is the game's own place: its package (its PettingZoo module,
    `parlour.envs.<name>_v0`, is made from the registry and has no file)."""
    relative = path.relative_to(SOURCE).as_posix() if path.is_relative_to(SOURCE) else ""
    return relative.startswith(f"games/{name}/")


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (and attribute docstrings) of a module."""
    ids: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                ids.add(id(statement.value))
    return ids


def name_strings(path: Path, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of every string of code in `path` that is exactly a game's name."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and node.value in names and id(node) not in docs
    ]


def test_no_module_outside_a_game_keys_on_its_name() -> None:
    names = set(GAMES)
    found = []
    for path in [*sorted(SOURCE.rglob("*.py")), *SHARED_TESTS]:
        if path == SOURCE / "games" / "__init__.py":
            continue
        relative = path.relative_to(SOURCE).as_posix() if path.is_relative_to(SOURCE) else path.name
        for line, name in name_strings(path, names):
            if not _own(path, name) and (relative, name) not in ALLOWED:
                found.append(f"{relative}:{line}: {name!r}")
    assert not found, "declare it on the game (parlour.engine.Game) instead:\n" + "\n".join(found)


def test_every_allowance_is_still_needed() -> None:
    names = set(GAMES)
    for relative, name in ALLOWED:
        assert any(n == name for _, n in name_strings(SOURCE / relative, names)), (
            f"{relative} no longer holds {name!r}: drop it from ALLOWED"
        )


@pytest.mark.parametrize("table", ["{'ribs': 20}", "x = 'ribs'", "f(game == 'ribs')"])
def test_a_key_by_name_is_found(tmp_path: Path, table: str) -> None:
    module = tmp_path / "registry.py"
    module.write_text(f'"""Ribs, by name."""\n{table}\n', encoding="utf-8")
    assert name_strings(module, set(GAMES)) == [(2, "ribs")]
