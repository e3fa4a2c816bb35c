"""The Seven and a Half heuristic's judge of sampled worlds: a punter's stand says how high
its hole card is, and the world that is must fit the seat's play."""

from __future__ import annotations

import random

from selfplay import decisions

from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.bots.seven_and_a_half_heuristic import JUDGE_MISS, SevenHalfHeuristicBot
from parlour.games import GAMES

GAME = GAMES["seven_and_a_half"]


def judge(seat: int) -> SevenHalfHeuristicBot:
    bot = make_bot("seven_and_a_half-heuristic", GAME, seat, 7)
    assert isinstance(bot, SevenHalfHeuristicBot)
    return bot


def stood_on(hole: str, up: list[str], state: str = "stood") -> dict:
    """Seat 1's view of a hand in which it drew `up` on `hole` and then stood."""
    obs = GAME.new_state(GAME.options(players=4), 3).observation(1, views=False)
    seats = [dict(info) for info in obs["seats"]]
    seats[1] = dict(seats[1], bet=1, hole=hole, hole_down=True, up=up, state=state)
    return dict(obs, phase="play", banker=0, hand=[hole, *up], seats=seats)


def test_a_stand_without_a_draw_says_the_hole_card_is_high() -> None:
    assert judge(1).plausibility(stood_on("7S", [])) == 1.0
    assert judge(1).plausibility(stood_on("2S", [])) == JUDGE_MISS, "it would have drawn on 2"
    assert judge(1).plausibility(stood_on("2S", ["2H"])) == JUDGE_MISS, "and on 4"
    assert judge(1).plausibility(stood_on("2S", ["3H"])) == 1.0, "most cards bust a 5"
    assert judge(1).plausibility(stood_on("2S", ["2H", "3D"])) == 1.0
    assert judge(1).plausibility(stood_on("7S", ["QD"])) == JUDGE_MISS, "it would have stood on 7"
    assert judge(1).plausibility(stood_on("6S", ["AH", "QD"], "7½")) == JUDGE_MISS**2
    assert judge(1).plausibility(stood_on("2S", ["3H"], "in")) == 1.0, "no stand yet"


def test_the_banker_and_a_punter_yet_to_play_are_not_judged() -> None:
    assert judge(0).plausibility(dict(stood_on("2S", []), seat=0)) == 1.0
    assert judge(1).plausibility(stood_on("2S", [], "in")) == 1.0


def test_the_true_world_fits_the_play_where_uniform_ones_often_do_not() -> None:
    true, uniform = [], []
    judges = [judge(s) for s in range(4)]
    rng = random.Random(0)
    for state, seat, obs in decisions(GAME, "seven_and_a_half-heuristic", 4, range(150)):
        if obs["phase"] == "play" and seat == obs["banker"]:
            world = GAME.determinize(state.observation(seat), rng)
            for other in range(4):
                if other != seat and obs["seats"][other]["state"] == "stood":
                    true.append(judges[other].plausibility(state.observation(other, views=False)))
                    uniform.append(judges[other].plausibility(world.observation(other, views=False)))
    assert len(true) > 100
    assert min(true) == 1.0, "the hole card a punter really held fits its play"
    assert sum(p < 1.0 for p in uniform) > len(uniform) / 4, "a uniform deal often does not"


def test_the_search_judges_seven_and_a_half_worlds() -> None:
    for spec in ("ismcts", "ismcts(model=learned, opponents=seven_and_a_half-heuristic)"):
        bot = make_bot(spec, GAME, 0, 1)
        assert isinstance(bot, ISMCTSBot) and bot.search.judges is not None
