"""Environment steps per second: every parlour game beside PettingZoo classic and OpenSpiel.

Each environment is driven the way a learning loop drives it: the standard AEC loop
(`agent_iter`, `last`, `step`) with a uniformly random legal action read from the action
mask, reset whenever an episode ends, for a fixed number of seconds on one core. A parlour
step builds the acting seat's observation and its tensor (parlour.envs.tensors); the
episode is a whole match, as it is by default.

Beside them: PettingZoo classic's card games (Leduc and Texas Hold'em, through RLCard) and
OpenSpiel's Hearts through shimmy's PettingZoo wrapper, where those packages are installed
(`pip install -e '.[bench]'`); a missing one prints "not installed". The last table is one
long random Pitch match, in windows of steps: an observation copies nothing of the past
hands, so the rate holds from the first hand to the thousandth.

Run: `.venv/bin/python benchmarks/env_speed.py [seconds per environment]`.
"""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.games import GAMES


def mask_of(obs: Any, info: dict[str, Any]) -> np.ndarray | None:
    if isinstance(obs, dict) and "action_mask" in obs:
        return np.asarray(obs["action_mask"])
    if "action_mask" in info:
        return np.asarray(info["action_mask"])
    return None


def steps_per_second(make: Callable[[], Any], seconds: float) -> tuple[float, int]:
    """Steps per second of random legal play, and the episodes finished."""
    env = make()
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                action = None
            else:
                mask = mask_of(obs, info)
                action = (
                    int(rng.choice(np.flatnonzero(mask)))
                    if mask is not None
                    else env.action_space(agent).sample()
                )
                steps += 1
            env.step(action)
            if steps % 64 == 0 and time.perf_counter() - start >= seconds:
                break
        else:
            episodes += 1
            env.reset(seed=episodes)
    elapsed = time.perf_counter() - start
    env.close()
    return steps / elapsed, episodes


def parlour_maker(name: str) -> Callable[[], Any]:
    module = importlib.import_module(f"parlour.envs.{name}_v0")
    return lambda: module.env()


def classic_maker(module: str) -> Callable[[], Any] | None:
    try:
        found = importlib.import_module(f"pettingzoo.classic.{module}")
    except ImportError:
        return None
    return lambda: found.env()


def hearts_maker() -> Callable[[], Any] | None:
    try:
        from shimmy import OpenSpielCompatibilityV0  # type: ignore[import-not-found]
    except ImportError:
        return None
    return lambda: OpenSpielCompatibilityV0(game_name="hearts")


def long_match(windows: int, window: int) -> list[tuple[int, float]]:
    """One random Pitch match, never truncated: steps per second in each window of steps."""
    env = importlib.import_module("parlour.envs.pitch_v0").raw_env(target=100000)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    out = []
    steps = 0
    start = time.perf_counter()
    for _ in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if steps % window == 0:
            now = time.perf_counter()
            out.append((env.hands, window / (now - start)))
            start = now
            if len(out) == windows:
                break
    return out


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    rows: list[tuple[str, str, float | None, int]] = []
    for name in GAMES:
        rate, episodes = steps_per_second(parlour_maker(name), seconds)
        rows.append((f"{name}_v0", "parlour", rate, episodes))
    for module in ("leduc_holdem_v4", "texas_holdem_v4", "texas_holdem_no_limit_v6"):
        make = classic_maker(module)
        result = steps_per_second(make, seconds) if make else (None, 0)
        rows.append((module, "PettingZoo classic", *result))
    make = hearts_maker()
    result = steps_per_second(make, seconds) if make else (None, 0)
    rows.append(("hearts (shimmy)", "OpenSpiel", *result))
    print(f"{'environment':<28}{'from':<20}{'steps/s':>10}{'episodes':>10}")
    for env_name, source, rate, episodes in rows:
        shown = f"{rate:>10,.0f}" if rate is not None else f"{'not installed':>10}"
        print(f"{env_name:<28}{source:<20}{shown}{episodes:>10}")
    print()
    print("One random Pitch match (target 100000), steps per second by window of 5,000 steps:")
    for hands, rate in long_match(windows=8, window=5000):
        print(f"  after {hands:>5} hands: {rate:>8,.0f}")


if __name__ == "__main__":
    main()
