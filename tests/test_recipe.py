"""docs/architecture.md's recipe for adding a game is held to the engine, and its example
game (examples/draw_toy) keeps the contract every registered game keeps.

The hooks a game is asked for are read from the engine itself: every method of `State` and
`Game` left to the game (its body only raises NotImplementedError), every default a game
may override (a body that returns nothing or a constant, or one a game or the example does
override), every class attribute a game declares (`ClassVar`s, the engine's private
dispatch tables aside), the `_legal_<phase>`/`_apply_<phase>` pairs (and the
`_is_legal_<phase>`/`_checked_<phase>` answers) the engine dispatches to, and every function of a game's view the engine calls. The recipe must name each, and
every `State.x`, `Game.x` and `view.x` it names must be one.
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from draw_toy import GAME as EXAMPLE

from parlour import engine
from parlour.engine import Game, State
from parlour.games import GAMES
from test_conformance import keep_the_contract

ROOT = Path(__file__).resolve().parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
EXAMPLE_DIR = ROOT / "examples" / "draw_toy"
RECIPE_HEADING = "## Adding a game"
NAME = re.compile(r"`((?:State|Game|view)\.(?!py`)[A-Za-z_][\w<>]*)")
"""A name the recipe gives: `State._deal(given)`, `Game.bots`, `view.label(...)` (not the file
`view.py`)."""
PHASE_HOOKS = ("_legal_<phase>", "_apply_<phase>", "_is_legal_<phase>", "_checked_<phase>")


def _body(fn: Any) -> list[ast.stmt]:
    """The statements of a function after its docstring."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(fn)))
    node = tree.body[0]
    assert isinstance(node, ast.FunctionDef)
    body = node.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]
    return body


def _left_to_the_game(fn: Any) -> bool:
    """Whether the engine's method only raises NotImplementedError (a game must write it)
    or is an empty default (nothing, a constant, an empty list or dict) a game fills."""
    body = _body(fn)
    if not body or all(isinstance(s, ast.Pass) for s in body):
        return True
    if len(body) != 1:
        return False
    statement = body[0]
    if isinstance(statement, ast.Raise):
        raised = statement.exc
        target = raised.func if isinstance(raised, ast.Call) else raised
        return isinstance(target, ast.Name) and target.id == "NotImplementedError"
    if isinstance(statement, ast.Return):
        value = statement.value
        return value is None or isinstance(value, ast.Constant) or (
            isinstance(value, (ast.List, ast.Dict, ast.Tuple)) and not getattr(value, "elts", getattr(value, "keys", None))
        )
    return False


def _function(value: Any) -> Any:
    return value.__func__ if isinstance(value, (classmethod, staticmethod)) else value


def engine_hooks(games: Iterable[Game], state: type[State] = State, game: type[Game] = Game) -> set[str]:
    """Every hook and declaration the engine asks a game for (see the module's docstring)."""
    hooks: set[str] = {f"State.{name}" for name in PHASE_HOOKS}
    bases = (("State", state), ("Game", game))
    for owner, base in bases:
        for attr, value in vars(base).items():
            fn = _function(value)
            if not attr.startswith("__") and inspect.isfunction(fn) and _left_to_the_game(fn):
                hooks.add(f"{owner}.{attr}")
        for attr, hint in vars(base).get("__annotations__", {}).items():
            if str(hint).startswith("ClassVar") and not attr.startswith("_"):
                hooks.add(f"{owner}.{attr}")
    for g in games:
        for owner, base in bases:
            own = g.state_class if owner == "State" else type(g)
            for klass in own.__mro__:
                if klass is base or not issubclass(klass, base):
                    continue
                for attr, value in vars(klass).items():
                    if getattr(_function(value), "__module__", None) == engine.__name__:
                        continue  # put there by the engine itself (`__init_subclass__`)
                    if attr in vars(base) and not attr.startswith("__") and not (attr.startswith("_") and attr[1:].isupper()):
                        hooks.add(f"{owner}.{attr}")
    hooks.update(f"view.{name}" for name in view_calls())
    return hooks


def view_calls() -> set[str]:
    """The functions of a game's view the engine calls (`view.label(...)`)."""
    tree = ast.parse(inspect.getsource(engine))
    return {
        node.attr for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "view"
    }


def recipe(text: str) -> str:
    """The recipe's section of the page."""
    start = text.index(RECIPE_HEADING)
    end = text.find("\n## ", start + len(RECIPE_HEADING))
    return text[start : end if end != -1 else len(text)]


def recipe_names(text: str) -> set[str]:
    """Every `State.x`, `Game.x` and `view.x` the recipe names (arguments dropped)."""
    return set(NAME.findall(recipe(text)))


def on_the_engine(name: str) -> bool:
    """Whether the engine has the name the recipe gives."""
    owner, _, attr = name.partition(".")
    if owner == "view":
        return attr in view_calls()
    base = State if owner == "State" else Game
    if attr in PHASE_HOOKS:
        return owner == "State" and _dispatches()
    return hasattr(base, attr) or attr in vars(base).get("__annotations__", {})


def _dispatches() -> bool:
    """Whether the engine dispatches a phase's legal moves and apply to the state's
    `_legal_<phase>` and `_apply_<phase>`."""

    class Probe(State):
        def _legal_probe(self) -> list[Any]:
            return []

        def _apply_probe(self, action: Any) -> None:
            pass

        def _is_legal_probe(self, action: Any) -> bool:
            return False

        def _checked_probe(self, action: Any) -> bool:
            return False

    return (
        Probe._LEGAL.get("probe") is Probe._legal_probe
        and Probe._APPLY.get("probe") is Probe._apply_probe
        and Probe._CHECK.get("probe") is Probe._is_legal_probe
        and Probe._PLAY.get("probe") is Probe._checked_probe
    )


def drift(text: str, hooks: set[str]) -> tuple[list[str], list[str]]:
    """(hooks the recipe leaves out, names it gives that the engine lacks)."""
    named = recipe_names(text)
    return sorted(hooks - named), sorted(n for n in named if not on_the_engine(n))


def test_the_recipe_names_every_hook_and_only_the_engines() -> None:
    missing, unknown = drift(ARCHITECTURE.read_text(encoding="utf-8"), engine_hooks([*GAMES.values(), EXAMPLE]))
    assert not missing, f"docs/architecture.md's recipe leaves out what the engine asks: {missing}"
    assert not unknown, f"docs/architecture.md's recipe names what the engine lacks: {unknown}"


def test_drift_is_found_both_ways() -> None:
    """A hook the engine gains and a name the engine loses are each reported."""

    class MoreState(State):
        def _deal_again(self) -> None:
            raise NotImplementedError

    page = ARCHITECTURE.read_text(encoding="utf-8")
    hooks = engine_hooks(GAMES.values(), state=MoreState)
    assert "State._deal_again" in hooks and drift(page, hooks)[0] == ["State._deal_again"]
    assert drift(page.replace("`State._deal(given)`", "`State._deal_in(given)`"), engine_hooks(GAMES.values()))[1] == [
        "State._deal_in"
    ]
    assert "State.apply" not in engine_hooks(GAMES.values()), "the engine's own turn is no hook"


def test_the_recipe_walks_through_the_example_game() -> None:
    section = recipe(ARCHITECTURE.read_text(encoding="utf-8"))
    for part in ("rules.py", "view.py", "game.py", "howto.md", "__init__.py"):
        assert (EXAMPLE_DIR / part).is_file(), part
        assert f"examples/draw_toy/{part}" in section, f"the recipe does not show {part}"
    howto = (EXAMPLE_DIR / EXAMPLE.howto).read_text(encoding="utf-8")
    assert howto.startswith(f"# {EXAMPLE.title}\n")
    facts = EXAMPLE.howto_facts(EXAMPLE.options())
    assert facts and all(fact in " ".join(howto.split()) for fact in facts), facts
    assert EXAMPLE.name not in GAMES, "the example is no game of the card room"


@pytest.mark.parametrize("options", [{}, *EXAMPLE.conformance_options], ids=lambda o: str(o or "standard"))
@pytest.mark.parametrize("players", EXAMPLE.player_counts())
def test_the_example_game_keeps_the_contract(
    players: int, options: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The conformance suite every registered game passes, the leak test and determinize
    included, with the example in the registry for its records to replay."""
    monkeypatch.setitem(GAMES, EXAMPLE.name, EXAMPLE)
    keep_the_contract(EXAMPLE, players, dict(options))
