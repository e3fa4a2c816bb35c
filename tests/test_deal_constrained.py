"""`cards.deal_constrained`, the deal behind determinize: sizes kept, bans kept, a deal found
whenever one exists (even where random greedy deals keep failing)."""

from __future__ import annotations

import random

import pytest

from parlour.cards import SUIT_MASKS, deal_constrained, void_mask


def test_sizes_and_bans_are_kept() -> None:
    rng = random.Random(0)
    cards = list(range(26))  # spades and hearts
    for _ in range(50):
        parts = deal_constrained(cards, [6, 10, 10], [SUIT_MASKS[0], 0, SUIT_MASKS[1]], rng)
        assert [len(p) for p in parts] == [6, 10, 10]
        assert sorted(c for p in parts for c in p) == cards
        assert all(c >= 13 for c in parts[0]) and all(c < 13 for c in parts[2])


def test_a_tight_deal_is_found() -> None:
    """Only one deal fits: place 0 must take exactly the 13 cards the others refuse."""
    cards = list(range(26))
    forbidden = [SUIT_MASKS[1], SUIT_MASKS[0] & ~1, SUIT_MASKS[0] & ~1]
    rng = random.Random(1)
    for _ in range(20):
        parts = deal_constrained(cards, [12, 7, 7], forbidden, rng, tries=1)
        assert sorted(parts[0]) == list(range(1, 13))


def test_no_deal_raises() -> None:
    with pytest.raises(ValueError, match="no deal"):
        deal_constrained([0, 1, 2], [2, 1], [0b111, 0], random.Random(0))


def test_void_masks_leave_only_the_deal_that_fits() -> None:
    """A seat void in spades and hearts and another void in diamonds and clubs."""
    rng = random.Random(0)
    spades_and_diamonds = list(range(13)) + list(range(26, 39))
    for _ in range(50):
        one, two = deal_constrained(spades_and_diamonds, [13, 13], [void_mask([0, 1]), void_mask([2, 3])], rng)
        assert sorted(one) == list(range(26, 39)) and sorted(two) == list(range(13))
    with pytest.raises(ValueError):
        deal_constrained([0, 13], [1, 1], [void_mask([0]), void_mask([0, 1])], rng)
