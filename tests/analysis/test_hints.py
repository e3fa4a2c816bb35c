"""`parlour.analysis.hint` for every game: a legal move, its label, numbers, the same hint
for the same seed and budget, and none for a seat that is not to act; at random turns of
every game the advice agrees with its own figures (the best one, or moves called too close
to tell apart), in a player's words."""

from __future__ import annotations

import functools
import random
import re

import pytest

from parlour.analysis import Hint, NoHint, hint
from parlour.analysis.advice import judged
from parlour.bots.ismcts import Weighing
from parlour.cards import symbols
from parlour.engine import State
from parlour.games import GAMES


def a_decision(name: str, seed: int) -> State:
    """A state of `name` a few random moves in, where the seat to act has a choice."""
    game = GAMES[name]
    state = game.new_state(game.Options(), seed)
    rng = random.Random(seed)
    moves = 0
    while moves < 5 or len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return state


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_hints_a_legal_move_with_its_numbers_and_the_same_for_a_seed(name: str) -> None:
    state = a_decision(name, 4)
    seat = state.to_act()
    assert seat is not None
    obs = state.observation(seat)
    labels = {e["text"]: e["label"] for e in obs["legal"]}
    first = hint(name, obs, seed=3, iterations=12)
    assert first.action in obs["legal_actions"] and first.label == labels[first.action]
    assert first.candidates[0]["action"] == first.action
    assert all(c["action"] in labels and c["label"] == labels[c["action"]] for c in first.candidates)
    assert first.unit and first.why.startswith(first.label[:1].upper())
    assert all(isinstance(c["value"], (int, float)) for c in first.candidates)
    if name != "ridge":
        deals = first.candidates[0]["visits"]
        assert deals > 0 and all(0 < c["visits"] <= deals for c in first.candidates)
        assert f"{deals} possible deals of the cards you cannot see" in first.why
    assert hint(name, obs, seed=3, iterations=12) == first
    other = next(s for s in range(state.players) if s != seat)
    with pytest.raises(NoHint):
        hint(name, state.observation(other), seed=3, iterations=24)


def test_a_forced_move_is_hinted_without_a_search() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.Options(), 0)
    obs = state.observation(state.to_act())
    assert obs["legal_actions"] == ["bid 2"]
    advice = hint(game, obs)
    assert advice.action == "bid 2" and advice.why == "Bid 2: it is the only legal move."


def test_the_why_names_the_next_best_move_with_its_figure() -> None:
    state = a_decision("yaniv", 2)
    obs = state.observation(state.to_act())
    advice = hint("yaniv", obs, seed=1, iterations=64)
    assert "penalty points" in advice.unit and "fewer is better" in advice.unit
    assert len(advice.candidates) > 1
    second = advice.candidates[1]
    if "too close to tell apart" in advice.why:
        assert second["label"] in advice.why and second["close"]
    else:
        figure = round(second["value"], 2 if abs(second["value"]) < 10 else 1)
        assert f"the next best, {second['label']}, takes {figure:g}" in advice.why


def test_a_heuristic_that_can_say_why_is_quoted_when_the_moves_are_close() -> None:
    state = a_decision("cramps", 4)
    advice = hint("cramps", state.observation(state.to_act()), seed=1, iterations=24)
    if "too close to tell apart" in advice.why:
        assert "The trick is worth" in advice.why or "Leading into a trick" in advice.why


# --- at random turns of every game --------------------------------------------------------

CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[SHDC]\b|\bJK\b")
SEAT_NUMBER = re.compile(r"\bseat \d", re.IGNORECASE)
JARGON = ("sampled", "tries", "heuristic", "search")


def a_random_turn(name: str, seed: int) -> State:
    """A turn with a choice at a random point of a seeded random game (fewest players)."""
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), seed)
    rng = random.Random(seed)
    target = rng.randrange(2, 50)
    moves = 0
    while moves < target or len(state.legal_actions()) < 2:
        if state.is_over():
            state = game.new_state(game.options(players=game.min_players), seed + 1000)
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    return state


TURNS = [(name, seed) for name in sorted(GAMES) for seed in range(2)]


@functools.cache
def asked(name: str, seed: int) -> tuple[Hint, dict]:
    """The hint at a random turn, on a short time budget (what a person waits for, shrunk)."""
    state = a_random_turn(name, seed)
    obs = state.observation(state.to_act())
    return hint(name, obs, seconds=0.25, seed=seed), obs


@pytest.mark.parametrize(("name", "seed"), TURNS)
def test_a_hint_advises_the_best_figure_it_shows_or_says_the_moves_are_close(name: str, seed: int) -> None:
    advice, obs = asked(name, seed)
    sense = GAMES[name].score_sense
    shown = {c["action"]: c for c in advice.candidates}
    assert advice.action in shown and advice.action in obs["legal_actions"]
    if len(shown) == 1:
        return
    best = max(sense * c["value"] for c in advice.candidates)
    mine = shown[advice.action]
    if sense * mine["value"] < best:
        assert "too close to tell apart" in advice.why or " is as good" in advice.why, advice.why
        assert mine.get("close", True), "the advised move is not within the noise of the best"
        top = [c for c in advice.candidates if sense * c["value"] == best]
        assert any(c.get("close", True) for c in top)
    if name != "ridge":
        deals = mine["visits"]
        assert all(c["visits"] == deals for c in advice.candidates if c["close"]), "moves compared over different deals"
        assert all(c["visits"] <= deals for c in advice.candidates)
        assert (deals < 20) == ("quick guess" in advice.why)
        assert f"{deals} possible deal" in advice.why


@pytest.mark.parametrize(("name", "seed"), TURNS)
def test_a_hint_speaks_a_players_words(name: str, seed: int) -> None:
    advice, _ = asked(name, seed)
    words = " ".join([advice.why, advice.unit, advice.label, *(c["label"] for c in advice.candidates)])
    for jargon in JARGON:
        assert jargon not in words.lower(), f"{jargon!r} in {words!r}"
    assert not SEAT_NUMBER.search(words), words
    assert not CARD_CODE.search(words), words


# --- the rule, on figures made up for it ------------------------------------------------


def test_the_advice_is_the_best_figure_even_against_the_heuristics_move() -> None:
    deals = 40
    weighing = Weighing(
        ["play 2H", "play KS"],
        [[float(3 + w % 3) for w in range(deals)], [float(9 + w % 3) for w in range(deals)]],
        [[False] * deals, [True] * deals],
        model=0,
        reason="Keep your high cards.",
    )
    advice = judged(weighing, symbols, 1)
    assert advice.action == "play KS" and advice.why.startswith("Play K♠. Played out over 40 possible deals")
    assert "the next best, play 2♥, scores 3.98" in advice.why and "too close" not in advice.why
    assert [c["close"] for c in advice.candidates] == [True, False]


def test_moves_within_the_noise_are_called_close_and_the_heuristics_reason_given() -> None:
    deals = 40
    noise = [float((w * 7) % 5) for w in range(deals)]
    weighing = Weighing(
        ["play 2H", "play KS"],
        [[n + 3 * (w % 2) for w, n in enumerate(noise)], [n + 3 * (1 - w % 2) + 0.2 * (w % 5 == 0) for w, n in enumerate(noise)]],
        [[False] * deals, [False] * deals],
        model=0,
        reason="The trick is worth +3: take it with AS.",
    )
    advice = judged(weighing, symbols, 1)
    assert advice.action == "play 2H" and advice.candidates[1]["value"] > advice.candidates[0]["value"]
    assert advice.why.startswith("Play 2♥ or play K♠: too close to tell apart.")
    assert advice.why.endswith("I would play 2♥. The trick is worth +3: take it with A♠.")
    assert all(c["close"] for c in advice.candidates)


def test_a_move_left_behind_shows_a_figure_below_the_move_it_fell_behind() -> None:
    weighing = Weighing(
        ["play 2H", "play KS", "play QD"],
        [[5.0] * 8 + [1.0] * 32, [4.0] * 8 + [0.0] * 32, [1.0] * 8],
        [[True] * 40, [False] * 40, [False] * 8],
        model=1,
        behind={2: 0},
    )
    advice = judged(weighing, symbols, 1)
    values = {c["action"]: (c["value"], c["visits"], c["close"]) for c in advice.candidates}
    assert advice.action == "play 2H"
    assert values["play 2H"] == (1.8, 40, True)
    assert values["play QD"] == (1.8 - 5.0 + 1.0, 8, False)
