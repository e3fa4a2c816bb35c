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


def test_required_cards_land_in_their_place_and_copies_count() -> None:
    """A card known to be in a hand (taken from the discards) stays there, and copies of a
    face (two packs) are dealt as a multiset."""
    rng = random.Random(3)
    cards = [0, 0, 1, 1, 2, 2, 52, 52]
    for _ in range(100):
        one, two = deal_constrained(cards, [4, 4], [0, 0], rng, required=[[52, 52], [2]])
        assert one.count(52) == 2 and 2 in two
        assert sorted(one + two) == sorted(cards)
    with pytest.raises(ValueError):
        deal_constrained(cards, [4, 4], [0, 0], rng, required=[[3], []])
    with pytest.raises(ValueError):
        deal_constrained([0, 13], [1, 1], [void_mask([1]), 0], rng, required=[[], [0]])


def test_shown_voids_follow_the_one_rule() -> None:
    """Off-suit plays show a void; free cards (trumps where trumping is always allowed)
    and tricks with nothing to follow show nothing."""
    from parlour.cards import shown_voids, suits_mask

    td, two_h = 26 + 8, 13
    tricks = [(0, [(1, td), (2, two_h)]), (None, [(3, td)]), (4, [(0, td)])]
    assert shown_voids(tricks, 4) == [0, 1, 1, 0]
    assert shown_voids(tricks, 4, free=1 << td) == [0, 0, 1, 0]
    assert suits_mask(0b10) == SUIT_MASKS[1]
