"""The drawing games' family module: a hand's deal rebuilt from its public course."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from parlour.games.drawing import Course

PACK = [0, 0, 1, 1, 2, 2, 3, 3]
LOW = 0b0011  # faces 0 and 1


def test_a_card_that_left_a_hand_fills_one_of_its_slots_and_the_rest_is_dealt() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        course = Course(2, PACK)
        for c in (0, 1):
            course.deal(0, c)
        slots = [course.deal(1), course.deal(1)]
        course.draw(0, 2)
        drawn = course.draw(1)
        course.leave(1, 3, rng)
        assert sum(course.card[i] == 3 for i in [*slots, drawn]) == 1
        hands, (stock,) = course.finish(rng)
        assert hands[0] == [0, 1] and 3 in hands[1] + [course.card[drawn]]
        assert stock[0] == 2 and stock[1] == course.card[drawn]
        assert Counter(hands[0] + hands[1] + stock) == Counter(PACK)


def test_kinds_known_cards_and_voids_hold() -> None:
    for seed in range(20):
        rng = random.Random(seed)
        course = Course(2, PACK, kinds=(0, LOW))
        for c in (0, 0, 3):
            course.deal(0, c)
        shown, plain, high = course.deal(1), course.deal(1), course.deal(1)
        course.mark(high, 1)
        course.show(1, shown, 1)
        course.leave(1, 1, rng)  # the shown copy: no slot is filled
        assert course.card[plain] is None and course.card[high] is None
        course.forbid(1, 1 << 3)
        hands, (stock,) = course.finish(rng)
        assert hands[1][0] == 1 and hands[1][2] == 2 and hands[1][1] in (1, 2)
        assert Counter(hands[0] + hands[1] + stock) == Counter(PACK)


def test_a_reshuffle_is_a_new_stock_its_draws_take_its_cards() -> None:
    rng = random.Random(1)
    course = Course(2, PACK[:4])
    course.deal(0, 0)
    course.deal(1)
    course.draw(0, 1)
    course.draw(1)
    course.reshuffle([2, 3])
    slot = course.draw(1)
    with pytest.raises(ValueError):
        Course(1, [0]).leave(0, 0, rng)
    course.leave(1, 3, rng)
    hands, stocks = course.finish(rng)
    assert course.card[slot] in (2, 3) and sorted(stocks[1]) == [2, 3]
    assert sorted(hands[1] + stocks[0][1:]) == [0, 1] and stocks[0][0] == 1
