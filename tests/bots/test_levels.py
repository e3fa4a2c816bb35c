"""Bot levels for people (parlour.bots.levels) and the careless player behind "easy"."""

from __future__ import annotations

import random

import pytest

from parlour.bots import bot_names, make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.bots.learned import LearnedBot
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


def test_without_weights_normal_is_the_heuristic_and_strong_the_search(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("parlour.bots.levels.has_weights", lambda game_name: False)
    assert level_spec("pitch", "normal") == "pitch-heuristic"
    assert level_spec("pitch", "strong") == "ismcts"
    assert level_spec("pitch", "strong", seconds=1.5) == "ismcts(seconds=1.5)"
    assert level_spec("six_pack_bezique", "strong") == "ismcts(iterations=32)"  # within the second a move
    assert level_of("six_pack_bezique", "ismcts(iterations=32)") == "strong"
    assert display_name("ribs", "random") == "Ribs bot (random)"
    with pytest.raises(OptionsError, match="levels: easy, normal, strong"):
        level_spec("ribs", "brilliant")


def test_with_weights_normal_is_learned_and_strong_searches_with_it() -> None:
    assert level_spec("ribs", "normal") == "learned"
    ribs = "ismcts(model=learned, opponents=ribs-heuristic, iterations=24, reward=margin, z=3)"
    assert level_spec("ribs", "strong") == ribs, "a stricter race (docs/strength.md)"
    assert level_spec("ribs", "strong", seconds=1) == ribs.replace("iterations=24", "seconds=1")
    assert display_name("ribs", level_spec("ribs", "strong")) == "Ribs bot (strong)"
    yaniv = "ismcts(model=learned, opponents=yaniv-heuristic, iterations=24, reward=margin, z=3)"
    assert level_spec("yaniv", "strong") == yaniv, "scored by points, with a stricter race (docs/strength.md)"
    assert level_of("yaniv", yaniv) == "strong"
    assert level_spec("yaniv", "strong", seconds=1) == yaniv.replace("iterations=24", "seconds=1")
    assert level_spec("kings_in_the_corner", "normal") == "learned"
    assert level_spec("kings_in_the_corner", "strong") == "ismcts", "turn-end values are too dear inside playouts"
    assert level_spec("six_pack_bezique", "strong") == "learned(worlds=8)", "turn ends weighed over eight deals"
    assert level_spec("six_pack_bezique", "strong", seconds=1) == "learned(worlds=8)"
    assert level_of("six_pack_bezique", "learned(worlds=8)") == "strong"
    assert level_spec("seven_and_a_half", "strong", seconds=1) == "seven_and_a_half-exact"


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


def test_a_level_is_a_bot_name_everywhere_and_plays_as_the_bot_it_stands_for() -> None:
    """The arena and the terminal make bots by name, so `strong` must be the very bot the
    lobby's strong level is: the same moves with the same seed."""
    game = get_game("cramps")
    assert bot_names("cramps")[:3] == list(LEVELS)
    for level in LEVELS:
        state = game.new_state(game.options(players=4), seed=11)
        by_name = {s: make_bot(level, game, s, 7 + s) for s in range(4)}
        by_spec = {s: make_bot(level_spec("cramps", level), game, s, 7 + s) for s in range(4)}
        for _ in range(12):
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat)
            move = by_name[seat].choose(obs)
            assert move == by_spec[seat].choose(obs)
            state.apply_text(move)
    assert [level_of("cramps", level) for level in LEVELS] == list(LEVELS)
    assert display_name("cramps", "strong") == "Cramps bot (strong)"
    bot = make_bot("strong(seconds=0.05)", game, 0, 1)
    assert type(bot).__name__ == "ISMCTSBot" and bot.seconds == 0.05


def test_a_level_refuses_settings_it_does_not_take() -> None:
    game = get_game("ribs")
    with pytest.raises(OptionsError, match="the normal level takes no settings, not seconds"):
        make_bot("normal(seconds=1)", game, 0, 1)
    with pytest.raises(OptionsError, match="the strong level takes only seconds, not z"):
        make_bot("strong(z=2)", game, 0, 1)
    with pytest.raises(OptionsError, match="seconds must be a number"):
        make_bot("strong(seconds=soon)", game, 0, 1)
    with pytest.raises(OptionsError, match="unknown bot 'brilliant' \\(bots for ribs: easy, normal, strong, random"):
        make_bot("brilliant", game, 0, 1)


def test_a_strong_learned_player_searches_at_a_table_its_weights_do_not_fit() -> None:
    """Six-Pack Bezique's strong level is the learned player, trained on one deal with the
    standard beziques; in a match of three deals, or with beziques by trumps, it plays the
    search with the heuristic as its model, not the bare heuristic as `normal` does."""
    game = get_game("six_pack_bezique")
    for options in (game.options(deals=3), game.options(bezique_by_trump=True)):
        state = game.new_state(options, 4)
        seat = state.to_act()
        assert seat is not None
        obs = state.observation(seat)
        strong = make_bot("strong(seconds=0.05)", game, seat, 1)
        assert strong.choose(obs) in obs["legal_actions"]
        assert isinstance(strong, LearnedBot) and isinstance(strong.fallback, ISMCTSBot)
        normal = make_bot("normal", game, seat, 1)
        assert normal.choose(obs) in obs["legal_actions"]
        assert isinstance(normal, LearnedBot) and not isinstance(normal.fallback, ISMCTSBot)
