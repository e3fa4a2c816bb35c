"""ribs-heuristic answers legally however it is reused, and takes its sample count."""

from __future__ import annotations

import pytest

from parlour.bots import make_bot
from parlour.engine import OptionsError
from parlour.games import GAMES
from parlour.games.ribs import rank_id


def test_one_bot_per_seat_reused_across_many_deals_always_answers_legally() -> None:
    """The search reuses one model bot per seat in world after world at the same trick of
    the same hand number: nothing it caches may outlive the hand it was computed for."""
    game = GAMES["ribs"]
    options = game.options(players=5)
    bots = [make_bot("ribs-heuristic(samples=2)", game, s, s) for s in range(5)]
    for deal in range(40):
        state = game.new_state(options, deal)
        while state.trick_no == 0:
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat)
            bot = bots[seat]
            text = bot.choose(obs)
            assert text in obs["legal_actions"], (deal, text, obs["hand"])
            if obs["phase"] == "bidding" and len(obs["legal_actions"]) > 1:
                held = {rank_id(t) for t in obs["hand"]}
                assert {r for pair in bot._takes for r in pair} <= held, "estimates are for this hand's ribs"
            state.apply_text(text)


@pytest.mark.parametrize("spec", ["ribs-heuristic(samples=0)", "ribs-heuristic(samples=many)", "ribs-heuristic(depth=2)"])
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(OptionsError):
        make_bot(spec, GAMES["ribs"], 0, 1)
