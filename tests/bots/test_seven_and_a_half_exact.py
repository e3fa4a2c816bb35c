"""The Seven and a Half player who banks by exact expectation: its sums are the plain
enumeration's, its choices the obvious ones where they are obvious, and it plays as its
model everywhere but at the banker's draw."""

from __future__ import annotations

import random

import pytest
from selfplay import decisions

from parlour.bots import make_bot
from parlour.bots.seven_and_a_half_exact import (
    Rival,
    SevenHalfExactBot,
    banker_draw_value,
    rivals_of,
)
from parlour.cards import parse_card
from parlour.engine import OptionsError
from parlour.games import GAMES
from parlour.games.seven_and_a_half import (
    BUST,
    PACK,
    SEVEN_HALF,
    STOOD,
    TOP,
    TWO_CARD,
    hand_total,
    settlement,
)

GAME = GAMES["seven_and_a_half"]


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def enumerated(mine: list[int], unseen: list[int], rivals: list[Rival]) -> tuple[float, float]:
    """The banker's values by playing out every order of the unseen cards, card by card."""

    def standing(total: int, state: int) -> float:
        return -sum(p * settlement(bet, s, t, state, total) for bet, s, chances in rivals for t, p in chances.items())

    def after(held: list[int], left: list[int]) -> float:
        total = hand_total(held)
        if total > TOP:
            return standing(0, BUST)
        if total == TOP:
            return standing(total, TWO_CARD if len(held) == 2 else STOOD)
        return max(standing(total, STOOD), drawing(held, left))

    def drawing(held: list[int], left: list[int]) -> float:
        if not left:
            return standing(hand_total(held), STOOD)
        return sum(after([*held, c], [d for d in left if d != c]) for c in left) / len(left)

    return standing(hand_total(mine), STOOD), drawing(mine, unseen)


def test_the_expectation_is_the_one_playing_out_every_card_gives() -> None:
    rng = random.Random(5)
    for _ in range(40):
        pack = list(PACK)
        rng.shuffle(pack)
        mine, unseen = pack[:1], pack[1:8]
        rivals: list[Rival] = []
        for _r in range(rng.randint(1, 3)):
            state = rng.choice((STOOD, STOOD, SEVEN_HALF, TWO_CARD))
            if state == STOOD:
                totals = rng.sample(range(1, TOP), 3)
                weights = [rng.random() for _ in totals]
                chances = {t: w / sum(weights) for t, w in zip(totals, weights, strict=True)}
            else:
                chances = {TOP: 1.0}
            rivals.append((rng.randint(1, 10), state, chances))
        exact = banker_draw_value(mine, unseen, rivals)
        assert exact == pytest.approx(enumerated(mine, unseen, rivals), abs=1e-9)


def test_a_banker_on_seven_stands_and_one_on_a_half_against_a_seven_and_a_half_draws() -> None:
    stood_high: Rival = (1, STOOD, {10: 0.4, 12: 0.3, 14: 0.3})
    stand, draw = banker_draw_value(cards("7S"), [c for c in PACK if c != parse_card("7S")], [stood_high])
    assert stand == pytest.approx(0.4 + 0.3) and draw < stand, "only a court card does not bust a 7"
    unseen = [c for c in PACK if c not in cards("JS 6H AD QD")]
    stand, draw = banker_draw_value(cards("JS"), unseen, [(2, SEVEN_HALF, {TOP: 1.0})])
    assert stand == -2 and draw > stand, "no card busts a half, and 7½ pushes"


def banker_view(hole: str, punters: list[tuple[str, list[str], str]]) -> dict:
    """Seat 0's view as banker holding `hole`, after seats 1.. played as given (a hole card,
    face-up cards, a state), every hole card hidden from the banker."""
    obs = GAME.new_state(GAME.options(players=4), 3).observation(0, views=False)
    seats = [dict(info) for info in obs["seats"]]
    seats[0] = dict(seats[0], hole=hole, hole_down=False, up=[], state="in")
    for seat, (_hole, up, state) in enumerate(punters, start=1):
        seats[seat] = dict(seats[seat], bet=1, hole=None, hole_down=True, up=up, state=state)
    return dict(obs, phase="play", banker=0, seat=0, hand=[hole], seats=seats, legal_actions=["hit", "stand"])


def test_a_stand_without_a_draw_reads_as_a_high_hole_card() -> None:
    obs = banker_view("4S", [("6H", [], "stood")])
    unseen = [c for c in PACK if c != parse_card("4S")]
    [(_bet, _state, chances)] = rivals_of(obs, unseen)
    assert sum(p for t, p in chances.items() if t >= 10) > 0.9, "the heuristic's punter draws under 5"
    assert make_bot("seven_and_a_half-exact", GAME, 0, 1).choose(obs) == "hit", "a 4 loses to the 5 to 7 it was shown"


def test_it_plays_as_its_model_except_at_the_bankers_draw() -> None:
    exact = [make_bot("seven_and_a_half-exact", GAME, s, s) for s in range(4)]
    model = [make_bot("learned", GAME, s, s) for s in range(4)]
    banker_changes = others = 0
    for _state, seat, obs in decisions(GAME, "learned", 4, range(120)):
        mine, theirs = exact[seat].choose(obs), model[seat].choose(obs)
        if obs["phase"] == "play" and seat == obs["banker"]:
            banker_changes += mine != theirs
        else:
            others += 1
            assert mine == theirs
    assert others > 300 and banker_changes > 0


def test_it_plays_seven_and_a_half_only_and_takes_a_model() -> None:
    with pytest.raises(OptionsError, match="does not play ribs"):
        make_bot("seven_and_a_half-exact", GAMES["ribs"], 0, 1)
    bot = make_bot("seven_and_a_half-exact(model=seven_and_a_half-heuristic)", GAME, 0, 1)
    assert isinstance(bot, SevenHalfExactBot) and bot.model.name == "seven_and_a_half-heuristic"


def test_the_strong_level_is_the_exact_player_and_normal_its_model() -> None:
    for spec in ("strong", "strong(seconds=0.5)"):
        bot = make_bot(spec, GAME, 0, 1)
        assert isinstance(bot, SevenHalfExactBot) and bot.model.name == make_bot("normal", GAME, 0, 1).name
