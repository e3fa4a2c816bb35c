"""The Kings in the Corner heuristic: it sheds whatever it can and beats random play."""

from __future__ import annotations

from parlour.bots import make_bot
from parlour.games.kings_in_the_corner import GAME, KingsOptions


def test_it_ends_a_turn_only_when_nothing_is_left_to_play() -> None:
    state = GAME.new_state(KingsOptions(players=3), 4)
    bots = [make_bot("kings_in_the_corner-heuristic", GAME, s, s) for s in range(3)]
    while state.to_act() is not None:
        seat = state.to_act()
        assert seat is not None
        legal = state.legal_texts()
        text = bots[seat].choose(state.observation(seat, views=False))
        if text in ("draw", "knock"):
            assert not any(t.startswith("play") for t in legal), f"{text} with {legal}"
        state.apply_text(text)


def test_it_wins_most_hands_against_random() -> None:
    wins = 0
    for seed in range(40):
        state = GAME.new_state(KingsOptions(players=2), seed)
        bots = [make_bot("kings_in_the_corner-heuristic", GAME, 0, seed), make_bot("random", GAME, 1, seed)]
        while state.to_act() is not None:
            seat = state.to_act()
            assert seat is not None
            state.apply_text(bots[seat].choose(state.observation(seat, views=False)))
        wins += state.winners() == [0]
    assert wins >= 30, wins
