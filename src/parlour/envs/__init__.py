"""Adapters to the ecosystem: `env(spec)` is a PettingZoo AEC environment of any game."""

from __future__ import annotations

from typing import Any


def env(spec: str, **kwargs: Any) -> Any:
    """`env("ribs(players=6)")`: see parlour.envs.pettingzoo."""
    from parlour.envs.pettingzoo import env as make

    return make(spec, **kwargs)
