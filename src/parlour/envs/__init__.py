"""Adapters to the ecosystem: `env(spec)` is a PettingZoo AEC environment of any game (and
`parlour.envs.ribs_v0` etc. the per-game modules, as PettingZoo classic has), and
`encoder(spec)` the information-state tensor its observations carry.

The per-game modules are made from the registry, not written one a game: importing
`parlour.envs.<name>_v<version>` (or `from parlour.envs import <name>_v<version>`) for a
registered game gives a module whose `env()` and `raw_env()` play that game
(`pettingzoo.classic`), so a game added to the registry has its module at once and nothing
here names a game. The version is the game's tensor layout's (`Game.tensor_version`, see
parlour.envs.contract): when a game's tensor changes its module is renamed (`ribs_v1`), and
the old name fails to import with a sentence naming the current one, so an agent trained
on the old layout is not fed the new one unawares.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import re
import sys
import types
from collections.abc import Sequence
from typing import Any

CLASSIC_NAME = re.compile(r"(?P<game>\w+?)_v(?P<version>\d+)")
"""A game's module name as PettingZoo classic writes it: the game's name, then `_v` and the
version (`ribs_v0`)."""


def env(spec: str, **kwargs: Any) -> Any:
    """`env("ribs(players=6)")`, wrapped as PettingZoo classic: see parlour.envs.pettingzoo."""
    from parlour.envs.pettingzoo import env as make

    return make(spec, **kwargs)


def raw_env(spec: str, **kwargs: Any) -> Any:
    """`raw_env("ribs(players=6)")`, unwrapped: see parlour.envs.pettingzoo."""
    from parlour.envs.pettingzoo import raw_env as make

    return make(spec, **kwargs)


def encoder(spec: str) -> Any:
    """`encoder("ribs(players=6)")`: see parlour.envs.tensors."""
    from parlour.envs.tensors import encoder as make

    return make(spec)


def classic_name(module: str) -> tuple[str, int] | None:
    """The registered game and version a module name of this package stands for
    (`parlour.envs.ribs_v0` -> ("ribs", 0)), current or not, or None."""
    package, _, leaf = module.rpartition(".")
    found = CLASSIC_NAME.fullmatch(leaf) if package == __name__ else None
    if found is None:
        return None
    from parlour.games import GAMES

    name = found["game"]
    return (name, int(found["version"])) if name in GAMES else None


def classic_game(module: str) -> str | None:
    """The registered game whose current module this is (`parlour.envs.ribs_v0` -> "ribs"
    while Ribs' tensor is at version 0), or None."""
    named = classic_name(module)
    if named is None:
        return None
    from parlour.games import GAMES

    name, version = named
    return name if version == GAMES[name].tensor_version else None


def not_current(module: str) -> str | None:
    """Why a module name of a registered game is not its current module, or None."""
    named = classic_name(module)
    if named is None:
        return None
    from parlour.games import GAMES

    name, version = named
    game = GAMES[name]
    if version == game.tensor_version:
        return None
    current = f"{__name__}.{name}_v{game.tensor_version}"
    if version < game.tensor_version:
        return (
            f"{module} is layout v{version} of the {game.title} tensor, which this parlour no longer gives; "
            f"its current module is {current} (layout v{game.tensor_version}: see docs/research-tensors.md)"
        )
    return f"{module} does not exist: the {game.title} tensor is at layout v{game.tensor_version}, module {current}"


class ClassicModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The import system's finder and loader of the per-game modules: asked only for a
    name no file of the package answers, it makes `<name>_v<version>` for a registered
    game's current version, and refuses another version of it by name."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        why = not_current(fullname)
        if why is not None:
            raise ModuleNotFoundError(why, name=fullname)
        if classic_game(fullname) is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, self)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        from parlour.envs.pettingzoo import classic
        from parlour.games import GAMES

        name = classic_game(module.__name__)
        assert name is not None
        module.__doc__ = (
            f"{GAMES[name].title} as a PettingZoo classic environment: `env(players=..., **options)`"
            " (see parlour.envs.pettingzoo for the environment's own keywords)."
        )
        module.env, module.raw_env = classic(name)  # type: ignore[attr-defined]


if not any(isinstance(finder, ClassicModules) for finder in sys.meta_path):
    sys.meta_path.append(ClassicModules())


def __getattr__(name: str) -> types.ModuleType:
    """`parlour.envs.ribs_v0` read as an attribute before anything imported it (another
    version of a game's module fails to import, saying the current one)."""
    if classic_name(f"{__name__}.{name}") is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
