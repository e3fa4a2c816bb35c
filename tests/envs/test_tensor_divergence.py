"""Two copies of a hand that part by one action keep telling every seat apart.

The long-horizon test of the tensor: a hand is played at random to a random point, where
one copy takes the action the hand took and the other a different legal action; then
both follow the same continuation (the same action indices, each drawn from those legal in
both) to the hand's end. At every step, any seat whose observation differs between the
copies must get a different tensor: a tensor that aliases two observations (Yaniv's
`discard AH AD` and `discard AD AH` before layout v1) hides from a learner what the
seat was shown. Every game, at its fewest and most players with the standard rules and
at its fewest with each option set it declares (`Game.conformance_options`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.engine import OVER, Game, State
from parlour.envs.tensors import encoder_of
from parlour.games import GAMES

HANDS = 3
"""Parted hands a case follows (a parting that ends the hand at once is not counted)."""
MOST_SEEDS = 40
MOST_STEPS = 400
"""Steps a copy is followed after the parting, at most (a Yaniv hand has no bound)."""


def cases() -> list[Any]:
    out = []
    for name, game in GAMES.items():
        counts = game.player_counts()
        for players in sorted({counts[0], counts[-1]}):
            out.append(pytest.param(name, players, {}, id=f"{name}-{players}p"))
        for index, options in enumerate(game.conformance_options):
            out.append(pytest.param(name, counts[0], dict(options), id=f"{name}-{counts[0]}p-o{index + 1}"))
    return out


def _indexed(game: Game, state: State) -> dict[int, Any]:
    """The legal actions by the index an environment gives them: their place in the
    action universe, or in the legal list where the game lists no universe (Paks)."""
    legal = state.legal_actions()
    try:
        index = game.action_codec(state.options).index_of_action
    except NotImplementedError:
        return dict(enumerate(legal))
    return {index[action]: action for action in legal}


def _in_hand(state: State, hand: int) -> bool:
    return state.phase != OVER and state.hand_number == hand


def _twins(state: State, action: Any, legal: list[Any]) -> list[Any]:
    """The other legal actions whose words are the action's in another order (Yaniv's
    `discard AD AH` beside `discard AH AD`): the nearest parting a tensor can alias."""
    words = sorted(state.action_to_text(action).split())
    return [a for a in legal if a != action and sorted(state.action_to_text(a).split()) == words]


def _parted(game: Game, options: Any, seed: int) -> tuple[State, State, int] | None:
    """The two copies just after they part, and the hand they are in (None when the hand
    never offers a choice). Every other seed parts at the first point from a random one
    where the other action can be the same words in another order, if there is one."""
    rng = random.Random(seed)
    start = game.new_state(options, seed)
    course: list[Any] = []
    probe = start.clone()
    hand = probe.hand_number
    while _in_hand(probe, hand) and probe.to_act() is not None:
        action = rng.choice(probe.legal_actions())
        course.append(action)
        probe.apply(action)
    state = start.clone()
    at = rng.randrange(len(course))
    for action in course[:at]:
        state.apply(action)
    partings = []
    walk = state.clone()
    for k, action in enumerate(course[at:], at):
        legal = walk.legal_actions()
        twins = _twins(walk, action, legal) if seed % 2 else []
        if twins or (len(legal) > 1 and not partings):
            partings.append((k, twins or [a for a in legal if a != action]))
        if twins:
            break
        walk.apply(action)
    if not partings:
        return None
    k, others = partings[-1]
    for action in course[at:k]:
        state.apply(action)
    other = state.clone()
    state.apply(course[k])
    other.apply(rng.choice(others))
    return state, other, hand


def _differing(one: dict[str, Any], other: dict[str, Any]) -> list[str]:
    return sorted(k for k in set(one) | set(other) if one.get(k) != other.get(k))


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_a_seat_shown_different_things_gets_different_tensors(name: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[name]
    opts = game.options(players=players, **options)
    enc = encoder_of(game, opts)
    checked = followed = 0
    for seed in range(MOST_SEEDS):
        if followed == HANDS:
            break
        parted = _parted(game, opts, seed)
        if parted is None or not (_in_hand(parted[0], parted[2]) and _in_hand(parted[1], parted[2])):
            continue
        one, other, hand = parted
        followed += 1
        rng = random.Random(1000 + seed)
        for step in range(MOST_STEPS):
            if not (_in_hand(one, hand) and _in_hand(other, hand)):
                break
            for seat in range(players):
                seen = one.observation(seat, views=False)
                seen_other = other.observation(seat, views=False)
                if seen == seen_other:
                    continue
                checked += 1
                assert not np.array_equal(enc.encode(seen), enc.encode(seen_other)), (
                    f"seed {seed}, step {step} after the parting: seat {seat} sees "
                    f"{_differing(seen, seen_other)} differ, and gets the same tensor"
                )
            if one.to_act() is None or one.to_act() != other.to_act():
                break
            mine, theirs = _indexed(game, one), _indexed(game, other)
            both = sorted(set(mine) & set(theirs))
            if not both:
                break
            index = rng.choice(both)
            one.apply(mine[index])
            other.apply(theirs[index])
    assert followed == HANDS and checked, "too few hands parted into observations that differ"


def test_a_yaniv_discard_in_another_order_is_another_tensor_for_every_seat() -> None:
    """`discard AH AD` and `discard AD AH` leave the same cards on the table, but the next
    player's `draw first` takes the other ace: each seat's tensor tells them apart, while
    the discard is pending, once it is on offer, and after it is dead."""
    game = GAMES["yaniv"]
    options = game.options(players=3)
    enc = encoder_of(game, options)
    deal = {"hands": [["2C", "3C", "4C", "5C", "6C"], ["AH", "AD", "9S", "9H", "KC"], ["2D", "3D", "4D", "5D", "6D"]],
            "upcard": "7S"}
    deck = [c for c in game.new_state(options, 0).full_pack()
            if c not in {card for hand in deal["hands"] for card in hand} | {"7S"}]
    state = game.new_state(options, 0, deals=[{**deal, "stock": deck}])
    one, other = state.clone(), state.clone()
    one.apply(one.text_to_action("discard AH AD"))
    other.apply(other.text_to_action("discard AD AH"))
    for turn in ("draw stock", "discard 2D", "draw first", "discard 2C", "draw stock"):
        for seat in range(3):
            mine = enc.encode(one.observation(seat, views=False))
            theirs = enc.encode(other.observation(seat, views=False))
            assert not np.array_equal(mine, theirs), (turn, seat)
        if turn == "discard 2D":
            offer_first = next(s for s in enc.sections if s.fact.name == "offer_first")
            cells = slice(offer_first.offset, offer_first.offset + offer_first.size)
            takes = [enc.faces[int(np.argmax(enc.encode(copy.observation(2, views=False))[cells]))] for copy in (one, other)]
            assert takes == ["AH", "AD"]
        one.apply(one.text_to_action(turn))
        other.apply(other.text_to_action(turn))
