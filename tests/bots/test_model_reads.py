"""A heuristic bot that declares what it reads (`Bot.READS`) decides the same on the part of
its observation a search hands it as on the whole: the search (hints, the strong bot) gets
cheaper playouts from the declaration, and must not get a different player."""

from __future__ import annotations

import random

import pytest

from parlour.bots.models import make_model
from parlour.engine import State
from parlour.games import GAMES

MODELS = sorted(name for name, game in GAMES.items() if game.heuristic_bot())


def positions(name: str, count: int) -> list[State]:
    """`count` states of `name` at random points of random play (fewest players)."""
    game = GAMES[name]
    found = []
    for seed in range(count):
        state = game.new_state(game.options(players=game.min_players), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(2, 60)):
            if state.is_over() or state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if not state.is_over() and state.to_act() is not None:
            found.append(state)
    return found


@pytest.mark.parametrize("name", MODELS)
def test_a_model_decides_and_judges_alike_on_what_it_declares_it_reads(name: str) -> None:
    game = GAMES[name]
    model = game.heuristic_bot()
    assert model is not None
    reads = getattr(type(make_model(model, game, 0, 0)), "READS", None)
    if reads is None:
        pytest.skip(f"{model} reads every key")
    for state in positions(name, 8):
        seat = state.to_act()
        assert seat is not None
        whole = state.observation(seat, views=False)
        part = state.observation(seat, views=False, keys=reads)
        assert make_model(model, game, seat, 7).choose(part) == make_model(model, game, seat, 7).choose(whole)
        judge = make_model(model, game, seat, 7)
        if hasattr(judge, "plausibility"):
            for other in range(state.players):
                assert judge.plausibility(state.observation(other, views=False, keys=reads)) == judge.plausibility(
                    state.observation(other, views=False)
                )
