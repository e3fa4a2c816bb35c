"""Bot levels for people (parlour.bots.levels) and the careless player behind "easy"."""

from __future__ import annotations

import random

import pytest

from parlour.bots import bot_names, make_bot
from parlour.bots.levels import LEVELS, display_name, level_of, level_spec
from parlour.engine import OptionsError
from parlour.games import GAMES, get_game


@pytest.mark.parametrize("name", list(GAMES))
def test_every_level_is_a_bot_of_the_registry_that_plays_legal_moves(name: str) -> None:
    game = get_game(name)
    state = game.new_state(game.options(players=game.min_players), seed=3)
    for level in LEVELS:
        spec = level_spec(name, level, seconds=0.05 if level == "strong" else None)
        assert spec.split("(")[0] in bot_names(name)
        seat = state.to_act()
        assert seat is not None
        obs = state.observation(seat)
        assert make_bot(spec, game, seat, 1).choose(obs) in obs["legal_actions"]
        assert level_of(name, level_spec(name, level)) == level
        assert display_name(name, level_spec(name, level)) == f"{game.title} bot ({level})"


def test_normal_is_the_heuristic_and_strong_the_search() -> None:
    assert level_spec("pitch", "normal") == "pitch-heuristic"  # no weights shipped for Pitch
    assert level_spec("pitch", "strong") == "ismcts"
    assert level_spec("pitch", "strong", seconds=1.5) == "ismcts(seconds=1.5)"
    assert display_name("ribs", "random") == "Ribs bot (random)"
    with pytest.raises(OptionsError, match="levels: easy, normal, strong"):
        level_spec("ribs", "brilliant")


def test_with_weights_normal_is_learned_and_strong_searches_with_it() -> None:
    assert level_spec("ribs", "normal") == "learned"
    assert level_spec("ribs", "strong") == "ismcts(model=learned, opponents=ribs-heuristic, iterations=24)"
    assert level_spec("ribs", "strong", seconds=1) == "ismcts(model=learned, opponents=ribs-heuristic, seconds=1)"
    assert display_name("ribs", level_spec("ribs", "strong")) == "Ribs bot (strong)"


def test_the_careless_player_mostly_plays_the_heuristics_move() -> None:
    """With no slips it plays exactly as its heuristic (a twin seeded as its model is);
    with half its moves slipping, it strays on some decisions, never to an illegal move."""
    game = get_game("ribs")
    rng = random.Random(5)
    agree = {0.0: 0, 0.5: 0}
    decisions = 0
    for seed in range(4):
        state = game.new_state(game.options(players=4), seed=seed)
        twins = {s: make_bot("ribs-heuristic", game, s, random.Random(seed).getrandbits(32)) for s in range(4)}
        careless = {slips: {s: make_bot(f"careless(slips={slips})", game, s, seed) for s in range(4)} for slips in agree}
        while not state.hand_over():
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat)
            model = twins[seat].choose(obs)
            for slips, bots in careless.items():
                chosen = bots[seat].choose(obs)
                assert chosen in obs["legal_actions"]
                agree[slips] += chosen == model
            decisions += 1
            state.apply(state.text_to_action(rng.choice(obs["legal_actions"])))
    assert decisions > 30
    assert agree[0.0] == decisions
    assert agree[0.5] < decisions
    with pytest.raises(OptionsError, match="slips must be a number from 0 to 1"):
        make_bot("careless(slips=2)", game, 0, 1)
