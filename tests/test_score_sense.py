"""The score sense reaches every reader of scores: simulate, arena, ISMCTS rewards, PettingZoo.

`LowCramps` is Cramps scored as penalty points (lower is better), a test-only game: every
check below would pass for Cramps itself and fails if a reader took the highest score as
the best.
"""

from __future__ import annotations

import random

import pytest

from parlour.arena import duplicate_margins, elo_ratings
from parlour.bots.base import RandomBot
from parlour.bots.ismcts import ISMCTS, margin_rewards, mixed_rewards, relative_rewards
from parlour.games import get_game
from parlour.games.cramps import GAME as CRAMPS
from parlour.games.cramps import Cramps
from parlour.simulate import HandResult, hand_result, tally


class LowCramps(Cramps):
    """Cramps where the lowest hand score is the best."""

    score_sense = -1


LOW = LowCramps()


def random_hand(game: Cramps, seed: int) -> HandResult:
    state = game.new_state(game.Options(), seed)
    bots = [RandomBot(game, s, seed * 10 + s) for s in range(4)]
    return hand_result(game, state, bots, seed, [0, 1, 2, 3])


def test_simulate_wins_the_hand_with_the_best_score_in_the_game_sense() -> None:
    bots = ["a", "b", "c", "d"]
    for seed in range(4):
        high, low = random_hand(CRAMPS, seed), random_hand(LOW, seed)
        assert high.scores == low.scores, "the same seed and bots play the same hand"
        assert (high.sense, low.sense) == (1, -1)
        won_high = [s.wins for s in tally([high], bots)]
        won_low = [s.wins for s in tally([low], bots)]
        assert won_high == [int(v == max(high.scores)) for v in high.scores]
        assert won_low == [int(v == min(low.scores)) for v in low.scores]
        assert won_high != won_low


def test_arena_margins_and_ratings_favour_the_better_score_in_the_game_sense() -> None:
    # Bot "a" always scores 1, bot "b" 5: with penalty points "a" is the better bot.
    deal = [HandResult(0, [0, 1], [1, 5], sense=-1), HandResult(0, [1, 0], [5, 1], sense=-1)]
    margins = duplicate_margins(deal, ["a", "b"], 2)
    assert margins == {"a": [4.0], "b": [-4.0]}
    wins = duplicate_margins(deal, ["a", "b"], 2, wins=True)
    assert wins == {"a": [1.0], "b": [-1.0]}
    ratings = elo_ratings(deal, ["a", "b"])
    assert ratings["a"] > 1500 > ratings["b"]
    higher = [HandResult(0, [0, 1], [1, 5]), HandResult(0, [1, 0], [5, 1])]
    assert duplicate_margins(higher, ["a", "b"], 2) == {"a": [-4.0], "b": [4.0]}


def test_search_rewards_read_the_score_sense() -> None:
    scores = [10, 0, 5, 10]
    assert relative_rewards(scores, -1) == [0.0, 1.0, 0.5, 0.0]
    assert mixed_rewards(scores, -1) == [0.0, 1.0, 0.25, 0.0]
    assert margin_rewards([10, 0, 5, 5], -1) == pytest.approx([-20 / 3, 20 / 3, 0.0, 0.0])
    assert ISMCTS(LOW, random.Random(0)).reward_of(scores) == [0.0, 1.0, 0.25, 0.0]
    assert ISMCTS(CRAMPS, random.Random(0)).reward_of(scores) == [1.0, 0.0, 0.25, 1.0]
    low = ISMCTS(LOW, random.Random(0), reward="margin").reward_of([10, 0, 5, 5])
    assert low == pytest.approx([-20 / 3, 20 / 3, 0.0, 0.0])


def test_pettingzoo_reward_is_the_score_in_the_game_sense() -> None:
    pytest.importorskip("pettingzoo")
    from parlour.envs.pettingzoo import seat_rewards

    assert seat_rewards(LOW, [3, -1]) == [-3.0, 1.0]
    assert seat_rewards(CRAMPS, [3, -1]) == [3.0, -1.0]


def test_simulate_reports_the_money_a_hand_moves_where_the_game_pays_money() -> None:
    ribs = get_game("ribs")
    options = ribs.options(players=4, stakes=(10, 1))
    state = ribs.new_state(options, 3)
    bots = [RandomBot(ribs, s, s) for s in range(4)]
    result = hand_result(ribs, state, bots, 3, [0, 1, 2, 3])
    assert result.money is not None and sum(result.money) == 0 and any(result.money)
    assert result.money == state.money()
    rows = [s.to_json() for s in tally([result], ["a", "b", "c", "d"])]
    assert [row["mean_money"] for row in rows] == [float(m) for m in result.money]
    plain = random_hand(CRAMPS, 0)
    assert plain.money is None and "mean_money" not in tally([plain], ["a"] * 4)[0].to_json()
