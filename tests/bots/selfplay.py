"""Hands of self-play for the judges' tests: each decision with its state, before the move."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from parlour.bots import make_bot
from parlour.engine import Game, State


def decisions(game: Game, spec: str, players: int, seeds: range, rotate_dealer: bool = False) -> Iterator[tuple[State, int, dict[str, Any]]]:
    """(state, seat to act, its observation without views) at every decision of one hand per
    seed, `spec` playing every seat; the seat's move is made once the caller has looked."""
    for seed in seeds:
        state = game.new_state(game.options(players=players), seed, dealer=seed % players if rotate_dealer else 0)
        bots = [make_bot(spec, game, s, seed + s) for s in range(players)]
        while state.to_act() is not None and not state.hand_over():
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat, views=False)
            yield state, seat, obs
            state.apply_text(bots[seat].choose(obs))
