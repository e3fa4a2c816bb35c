"""Adapters to the ecosystem: `env(spec)` is a PettingZoo AEC environment of any game (and
`parlour.envs.ribs_v0` etc. the per-game modules, as PettingZoo classic has), and
`encoder(spec)` the information-state tensor its observations carry."""

from __future__ import annotations

from typing import Any


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
