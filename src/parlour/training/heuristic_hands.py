"""The heuristic's self-play hands the value methods learn from (parlour.training.turn_value,
parlour.training.move_value): each hand dealt and its bots seeded by the run's seed and the
hand's number, so a chunk of hands plays the same in any worker, and a move played out to
the hand's end by the heuristic in every seat."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from parlour.bots.learned import seat_margins
from parlour.engine import Game, GameOptions, OptionsError
from parlour.training.runs import Run

DEAL_STRIDE = 1_000_003
"""Hand i of a run with seed s is dealt from seed `s * DEAL_STRIDE + i`."""
HOLDOUT_SHARE = 0.05
"""The share of the hands (the last ones) whose rows are held out of the fit."""
FEWEST_HANDS = 20


def add_hands_arguments(parser: argparse.ArgumentParser) -> None:
    """The flags of a method that learns from the heuristic's hands: how many, and how many
    duplicate hands measure a point of its curve."""
    parser.add_argument("--hands", type=int, required=True, help=f"hands of the heuristic to learn from (at least {FEWEST_HANDS})")
    parser.add_argument("--eval-hands", type=int, default=400, help="duplicate hands per point of the curve (default 400)")


def heuristic_run(args: argparse.Namespace, method: str) -> tuple[Run, str]:
    """The run of a method that learns from the heuristic's hands, and the heuristic."""
    if args.hands < FEWEST_HANDS:
        raise OptionsError(f"--method {method} needs --hands, at least {FEWEST_HANDS} (hands of the heuristic to learn from)")
    run = Run(args, args.eval_hands)
    return run, run.heuristic(f"--method {method}")


@dataclass(frozen=True)
class HandsChunk:
    """Hands `first`..`first + count - 1` of a run with `seed` at table `spec`: a worker's
    task (picklable)."""

    spec: str
    seed: int
    first: int
    count: int


def chunks(hands: int, size: int) -> list[tuple[int, int]]:
    """The first hand and the number of hands of each chunk of `size` (the last shorter)."""
    return [(first, min(size, hands - first)) for first in range(0, hands, size)]


def dealt_hands(seed: int, numbers: range, game: Game, options: GameOptions, heuristic: str) -> Iterator[tuple[int, np.random.Generator, Any, list[Any]]]:
    """Each hand of a chunk: its number, its generator, its deal and the heuristic in every
    seat, all seeded by the run's seed and the hand's number, so a chunk plays the same
    anywhere."""
    from parlour.bots.models import make_model

    n = options.players
    for i in numbers:
        rng = np.random.default_rng([seed, i])
        state = game.new_state(options, seed * DEAL_STRIDE + i, dealer=i % n)
        yield i, rng, state, [make_model(heuristic, game, s, int(rng.integers(2**31))) for s in range(n)]


def played_out(
    game: Game, heuristic: str, state: Any, seat: int, move: str, seed: int, players: int
) -> tuple[dict[str, Any], float] | None:
    """The seat's view at the end of its turn after `move`, and its hand margin when the
    heuristic (seeded with `seed`) plays on in every seat; None if the turn ends the hand.
    Every move of a decision played out with the same `seed` meets the same continuation,
    so the moves' margins differ only through the move."""
    from parlour.bots.models import make_model

    world = state.clone(hand_only=True)
    world.apply_text(move)
    bots = [make_model(heuristic, game, s, seed + s) for s in range(players)]
    while not world.hand_over() and world.to_act() == seat:
        world.apply_text(bots[seat].choose(world.observation(seat, views=False)))
    if world.hand_over():
        return None
    view = world.observation(seat, views=False)
    while not world.hand_over() and (other := world.to_act()) is not None:
        world.apply_text(bots[other].choose(world.observation(other, views=False)))
    return view, seat_margins(game, world.hand_scores())[seat]
