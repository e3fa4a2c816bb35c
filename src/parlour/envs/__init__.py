"""Adapters to the ecosystem: `env(spec)` is a PettingZoo AEC environment of any game (and
`parlour.envs.ribs_v0` etc. the per-game modules, as PettingZoo classic has), and
`encoder(spec)` the information-state tensor its observations carry.

The per-game modules are made from the registry, not written one a game: importing
`parlour.envs.<name>_v0` (or `from parlour.envs import <name>_v0`) for a registered game
gives a module whose `env()` and `raw_env()` play that game (`pettingzoo.classic`), so a
game added to the registry has its module at once and nothing here names a game.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

CLASSIC_SUFFIX = "_v0"
"""What PettingZoo classic puts after a game's name to name its module (`ribs_v0`)."""


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


def classic_game(module: str) -> str | None:
    """The registered game a module name of this package stands for (`parlour.envs.ribs_v0`
    -> "ribs"), or None."""
    package, _, leaf = module.rpartition(".")
    if package != __name__ or not leaf.endswith(CLASSIC_SUFFIX):
        return None
    from parlour.games import GAMES

    name = leaf[: -len(CLASSIC_SUFFIX)]
    return name if name in GAMES else None


class ClassicModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """The import system's finder and loader of the per-game modules: asked only for a
    name no file of the package answers, it makes `<name>_v0` for a registered game."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: types.ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
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
    """`parlour.envs.ribs_v0` read as an attribute before anything imported it."""
    if classic_game(f"{__name__}.{name}") is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return importlib.import_module(f"{__name__}.{name}")
