"""Adapters to the ecosystem: `env(spec)` is a PettingZoo AEC environment of any game, and
`encoder(spec)` the information-state tensor its observations carry."""

from __future__ import annotations

from typing import Any


def env(spec: str, **kwargs: Any) -> Any:
    """`env("ribs(players=6)")`: see parlour.envs.pettingzoo."""
    from parlour.envs.pettingzoo import env as make

    return make(spec, **kwargs)


def encoder(spec: str) -> Any:
    """`encoder("ribs(players=6)")`: see parlour.envs.encoder."""
    from parlour.envs.encoder import encoder as make

    return make(spec)
