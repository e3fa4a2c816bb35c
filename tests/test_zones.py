"""Card zones: what the engine derives from a game's declaration of where its cards lie and
who may see them (the conservation invariant's places and the leak test's redeal)."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest

from parlour.cards import SUIT_MASKS, card_text
from parlour.engine import EVERYONE, NOBODY, State, Zone, cards_conserved
from parlour.games import GAMES


class Table(State):
    """Three hands of a seat each, a face-up pile and a stock no one sees; seat 2 has shown a
    card it holds and that it lacks spades."""

    COPIED = ("stock", "pile")
    NESTED = ("hands",)

    def __init__(self, put_stock: bool = True) -> None:
        self.hands = [[0, 1, 2], [13, 14, 15], [26, 27, 39]]
        self.pile = [40, 41]
        self.stock = [3, 4, 16, 28]
        self.put_stock = put_stock

    def card_zones(self) -> list[Zone]:
        zones = [Zone(f"hand-{s}", h, s, functools.partial(self._put_hand, s)) for s, h in enumerate(self.hands[:2])]
        zones.append(Zone("hand-2", self.hands[2], 2, functools.partial(self._put_hand, 2), [39], SUIT_MASKS[0]))
        zones.append(Zone("pile", self.pile))
        zones.append(Zone("stock", self.stock, NOBODY, functools.partial(setattr, self, "stock") if self.put_stock else None))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = cards

    def full_pack(self) -> list[str]:
        return [card_text(c) for c in (0, 1, 2, 3, 4, 13, 14, 15, 16, 26, 27, 28, 39, 40, 41)]


def test_who_sees_a_zone() -> None:
    assert not Zone("table", [1], EVERYONE).hidden_from(None)
    assert Zone("stock", [1], NOBODY).hidden_from(0)
    assert not Zone("hand", [1], 1).hidden_from(1)
    assert Zone("hand", [1], 1).hidden_from(0) and Zone("hand", [1], 1).hidden_from(None)
    assert not Zone("discards", [1], (0, 2)).hidden_from(2) and Zone("discards", [1], (0, 2)).hidden_from(1)


def test_card_places_are_the_zones_cards() -> None:
    table = Table()
    assert table.card_places()["hand-2"] == ["2D", "3D", "2C"]
    assert set(table.card_places()) == {"hand-0", "hand-1", "hand-2", "pile", "stock"}
    assert cards_conserved(table)
    table.pile.append(0)
    assert not cards_conserved(table)


@pytest.mark.parametrize("seed", range(30))
def test_redeal_deals_only_what_the_seat_cannot_see(seed: int) -> None:
    table = Table()
    other = table.redeal_hidden(0, random.Random(seed))
    assert isinstance(other, Table)
    assert other.hands[0] == table.hands[0] and other.pile == table.pile, "what seat 0 sees stays"
    assert [len(h) for h in other.hands] == [3, 3, 3] and len(other.stock) == 4
    hidden = Counter(table.hands[1] + table.hands[2] + table.stock)
    assert Counter(other.hands[1] + other.hands[2] + other.stock) == hidden
    assert other.hands[2][0] == 39, "a card everyone saw in a hand stays there"
    assert not any(c // 13 == 0 for c in other.hands[2]), "a void shown is kept"
    assert table.hands == [[0, 1, 2], [13, 14, 15], [26, 27, 39]] and table.stock == [3, 4, 16, 28]


def test_a_spectator_sees_only_open_zones() -> None:
    moved = set()
    for seed in range(20):
        other = Table().redeal_hidden(None, random.Random(seed))
        assert isinstance(other, Table)
        moved |= {c for c in other.hands[0] if c not in (0, 1, 2)}
    assert moved, "a spectator's redeal moves the hands too"


def test_a_hidden_zone_must_say_how_to_put_cards_back() -> None:
    with pytest.raises(TypeError, match="stock"):
        Table(put_stock=False).redeal_hidden(0, random.Random(1))


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_its_zones_and_hides_the_others_hands(name: str) -> None:
    """Each game's zones cover its pack, and a seat's redeal leaves its own hand alone."""
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), 3)
    rng = random.Random(5)
    for _ in range(6):
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_actions()))
    zones = state.card_zones()
    assert len({z.name for z in zones}) == len(zones), "zone names are unique"
    assert cards_conserved(state)
    seat = state.to_act()
    if seat is not None:
        mine = [z.cards for z in zones if z.seen_by == seat]
        redealt = state.redeal_hidden(seat, rng)
        assert [z.cards for z in redealt.card_zones() if z.seen_by == seat] == mine
