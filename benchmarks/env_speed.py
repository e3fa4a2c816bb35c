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

The first two tables come first and are timed in one process, in alternating slices (each
contender runs a short slice in turn until each has had its share), in CPU seconds of this
process, so that a machine shared with other work changes every contender alike:

1. **The tensor's cost per step** for Ribs, Cramps and Yaniv: a step is the seat to act's
   tensor, its legal actions and mask, and a random legal action applied, over hands dealt
   one after another. "rebuilt" builds the tensor from the whole observation at every step
   (`encoder.encode(state.observation(seat, views=False, keys=READS))`), "kept" keeps each
   seat's tensor from step to step (parlour.envs.incremental, one `SeatTensors` for the
   run, as every env keeps one for its life); both play the same hands with the same
   choices, and "none" is the same play without a tensor.
2. **Batched steps per second** (parlour.envs.batched, 64 tables, random legal actions
   picked from the masks with numpy) beside PettingZoo classic's leduc_holdem_v4 (the AEC
   loop) and OpenSpiel's C++ Hearts through pyspiel, with its information-state tensor read
   at every decision and without it; the last column is the rate over Hearts with its
   tensor.

Run: `.venv/bin/python benchmarks/env_speed.py [seconds per environment]`.
"""

from __future__ import annotations

import importlib
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from parlour.envs.batched import Tables
from parlour.envs.contract import module_name
from parlour.envs.incremental import SeatTensors
from parlour.envs.tensors import Encoder, encoder_of
from parlour.games import GAMES, game_from_spec

TENSOR_GAMES = ("ribs(players=4)", "cramps(players=4)", "yaniv(players=4)")
SLICE = 0.25
"""CPU seconds of one contender's turn in the alternation."""
TABLES = 64


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
    module = importlib.import_module(f"parlour.envs.{module_name(GAMES[name])}")
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
    env = importlib.import_module(f"parlour.envs.{module_name(GAMES['pitch'])}").raw_env(target=100000)
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


def alternate(contenders: dict[str, Iterator[int]], seconds: float) -> dict[str, float]:
    """Steps per CPU second of each contender, run in turn slice after slice: a contender
    is an iterator whose every item is a number of steps just taken."""
    steps = dict.fromkeys(contenders, 0)
    spent = dict.fromkeys(contenders, 0.0)
    while min(spent.values()) < seconds:
        for name, steps_of in contenders.items():
            start = time.process_time()
            while time.process_time() - start < SLICE:
                steps[name] += next(steps_of)
            spent[name] += time.process_time() - start
    return {name: steps[name] / spent[name] for name in contenders}


def hands_played(spec: str, tensor: str) -> Iterator[int]:
    """Random legal play over hand after hand (each a new deal), a step at a time: with the
    tensor rebuilt from the observation, kept from step to step, or none."""
    game, options = game_from_spec(spec)
    encoder = encoder_of(game, options)
    codec = game.action_codec(options)
    index, width = codec.index_of_action, len(codec.actions)
    rng = random.Random(0)
    deal = 0
    kept = SeatTensors(encoder)
    while True:
        state = game.new_state(options, deal, dealer=deal % options.players)
        state.hand_only = True
        deal += 1
        while (seat := state.to_act()) is not None:
            if tensor == "rebuilt":
                encoder.encode(state.observation(seat, views=False, keys=Encoder.READS))
            elif tensor == "kept":
                kept.tensor(state, seat).copy()
            legal = state.legal_actions()
            mask = np.zeros(width, np.int8)
            for action in legal:
                mask[index[action]] = 1
            state.apply(legal[rng.randrange(len(legal))])
            yield 1


def tensor_costs(seconds: float) -> list[tuple[str, float, float, float]]:
    """Microseconds per step with the tensor rebuilt, kept and without it, per game."""
    rows = []
    for spec in TENSOR_GAMES:
        rates = alternate({way: hands_played(spec, way) for way in ("rebuilt", "kept", "none")}, seconds)
        rows.append((spec, 1e6 / rates["rebuilt"], 1e6 / rates["kept"], 1e6 / rates["none"]))
    return rows


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action of each row of `mask` (each row has one at least):
    the k-th of the row's legal indices, k drawn below their count, so that drawing costs
    one number per table, not one per action of the game's universe."""
    legal = np.flatnonzero(mask)
    counts = np.bincount(legal // mask.shape[1], minlength=len(mask))
    firsts = np.cumsum(counts) - counts
    return legal[firsts + (rng.random(len(mask)) * counts).astype(np.int64)] % mask.shape[1]


def batched_steps(spec: str) -> Iterator[int]:
    tables = Tables(spec, TABLES)
    batch = tables.reset(seed=0)
    rng = np.random.default_rng(0)
    while True:
        batch = tables.step(random_legal(batch.legal_action_mask, rng))
        yield TABLES


def aec_steps(make: Callable[[], Any]) -> Iterator[int]:
    """The AEC loop of `steps_per_second`, a step at a time."""
    env = make()
    rng = np.random.default_rng(0)
    episodes = 0
    env.reset(seed=0)
    while True:
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = mask_of(obs, info)
            action = (
                int(rng.choice(np.flatnonzero(mask)))
                if mask is not None
                else env.action_space(agent).sample()
            )
            env.step(action)
            yield 1
        episodes += 1
        env.reset(seed=episodes)


def hearts_steps(with_tensor: bool) -> Iterator[int] | None:
    """OpenSpiel's Hearts (C++) through pyspiel: random legal play, each decision reading
    the information-state tensor of the player to act when `with_tensor`."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None

    def play() -> Iterator[int]:
        game = pyspiel.load_game("hearts")
        rng = random.Random(0)
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probabilities)[0])
                    continue
                if with_tensor:
                    state.information_state_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                yield 1

    return play()


def batched_rates(seconds: float) -> list[tuple[str, str, float | None]]:
    contenders: dict[str, Iterator[int]] = {}
    for spec in TENSOR_GAMES:
        contenders[f"{spec} x{TABLES}"] = batched_steps(spec)
    leduc = classic_maker("leduc_holdem_v4")
    if leduc is not None:
        contenders["leduc_holdem_v4"] = aec_steps(leduc)
    for with_tensor, label in ((True, "hearts, with its tensor"), (False, "hearts, no tensor")):
        hearts = hearts_steps(with_tensor)
        if hearts is not None:
            contenders[label] = hearts
    rates = alternate(contenders, seconds)
    rows: list[tuple[str, str, float | None]] = [
        (f"{spec} x{TABLES}", "parlour batched", rates[f"{spec} x{TABLES}"]) for spec in TENSOR_GAMES
    ]
    rows.append(("leduc_holdem_v4", "PettingZoo classic", rates.get("leduc_holdem_v4")))
    rows.append(("hearts, with its tensor", "OpenSpiel (pyspiel)", rates.get("hearts, with its tensor")))
    rows.append(("hearts, no tensor", "OpenSpiel (pyspiel)", rates.get("hearts, no tensor")))
    return rows


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print("The tensor's cost per step (microseconds of CPU), alternating slices:")
    print(f"{'game':<22}{'rebuilt':>10}{'kept':>10}{'none':>10}{'rebuilt/kept':>14}")
    for spec, rebuilt, kept, none in tensor_costs(seconds):
        print(f"{spec:<22}{rebuilt:>10.1f}{kept:>10.1f}{none:>10.1f}{rebuilt / kept:>13.2f}x")
    print()
    print("Steps per CPU second (one core), alternating slices:")
    batched = batched_rates(seconds)
    hearts = dict((name, rate) for name, _, rate in batched).get("hearts, with its tensor")
    print(f"{'environment':<28}{'from':<22}{'steps/s':>10}{'vs hearts+tensor':>18}")
    for env_name, source, rate in batched:
        shown = f"{rate:>10,.0f}" if rate is not None else f"{'not installed':>10}"
        ratio = f"{rate / hearts:>17.2f}x" if rate is not None and hearts else f"{'':>18}"
        print(f"{env_name:<28}{source:<22}{shown}{ratio}")
    print()
    print("Every environment through its AEC loop (wall clock):")
    rows: list[tuple[str, str, float | None, int]] = []
    for name in GAMES:
        rate, episodes = steps_per_second(parlour_maker(name), seconds)
        rows.append((module_name(GAMES[name]), "parlour", rate, episodes))
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
