"""The Yaniv heuristic's judge of sampled worlds: it must never doubt the world that is."""

from __future__ import annotations

import random

from selfplay import decisions

from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.bots.yaniv_heuristic import JUDGE_MISS, YanivHeuristicBot
from parlour.games.yaniv import GAME


def judge(seat: int) -> YanivHeuristicBot:
    bot = make_bot("yaniv-heuristic", GAME, seat, 7)
    assert isinstance(bot, YanivHeuristicBot)
    return bot


def test_the_true_world_always_fits_the_last_turn_and_uniform_ones_often_do_not() -> None:
    true, uniform = [], []
    judges = [judge(s) for s in range(2)]
    rng = random.Random(0)
    for state, seat, obs in decisions(GAME, "yaniv-heuristic", 2, range(40), rotate_dealer=True):
        if obs["phase"] == "turn":
            other = 1 - seat
            true.append(judges[other].plausibility(state.observation(other, views=False)))
            world = GAME.determinize(state.observation(seat), rng)
            uniform.append(judges[other].plausibility(world.observation(other, views=False)))
    assert len(true) > 200
    assert min(true) > JUDGE_MISS, "the hand the seat really held plays its turn"
    assert sum(p == JUDGE_MISS for p in uniform) > len(uniform) / 4, "a uniform deal often does not"


def test_a_seat_that_shed_a_king_while_holding_two_queens_is_unlikely() -> None:
    state = GAME.new_state(GAME.options(players=2), 3, dealer=0)
    obs = state.observation(1, views=False)
    obs = dict(obs, actions=[[1, "discard KS"], [1, "draw first"]], upcard="2D", known=[[], ["2D"]],
               offer=["KS"], dead=[])
    fits = dict(obs, hand=["2D", "3C", "4D", "5H"])
    doubts = dict(obs, hand=["2D", "3C", "QH", "QD"])
    assert judge(1).plausibility(fits) == 1.0
    assert judge(1).plausibility(doubts) == JUDGE_MISS, "it would have shed the pair of queens"


def test_the_search_judges_yaniv_worlds() -> None:
    bot = make_bot("ismcts", GAME, 0, 1)
    assert isinstance(bot, ISMCTSBot) and bot.search.judges is not None
