"""Scores with their reasons: every game's finished hand says why it scored what it did, in
a player's words, and gives its line of the score sheet; the match ends with who won, by
how much and the hands that decided it.

Each game plays a seeded random hand to its end; the summary's reasons must name the
facts the rules scored (Pitch's High, Low, Jack and Game takers, Paks' cancelled paks,
Ribs' captures and lemons, ...), worked out here from the hand's own record, and the
sheet's points must be the engine's hand scores. The sheet's labels are words, never the
summary's internal keys ("raw", "captured", "hands").
"""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.cards import card_symbol
from parlour.games import GAMES
from parlour.terminal import TerminalGame
from parlour.views import hand_lines, match_summary, name_seats, sheet_lines, standings
from parlour.words import Seats, card

NAMES = ["You", "Ann", "Bob", "Cy", "Di", "Ed"]


def first_hand(name: str, seed: int = 1, **options: Any) -> tuple[Any, dict[str, Any], dict[str, Any]]:
    """A seeded random playout to the end of the first hand: the state, the summary's data
    (as the rules keep it) and the summary a person reads (worded, seats named later)."""
    game = GAMES[name]
    state = game.new_state(game.options(**options), seed)
    rng = random.Random(seed)
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    return state, state.last_hand, state.observation(0)["last_hand"]


def said(summary: dict[str, Any]) -> str:
    """The summary's reasons as a person reads them (seats named)."""
    return " ".join(name_seats(line, NAMES) for line in summary["why"])


def column_points(state: Any, sheet: dict[str, Any]) -> list[Any]:
    """The engine's hand scores, one per column of the sheet (a team's figure is its first seat's)."""
    scores = state.hand_scores()
    return [scores[seats[0]] for seats in sheet["seats"]]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_hand_has_its_reasons_and_a_line_of_the_sheet_in_words(name: str) -> None:
    state, data, shown = first_hand(name)
    assert shown["why"] and all(isinstance(line, str) and line for line in shown["why"])
    sheet = shown["sheet"]
    assert len(sheet["columns"]) == len(sheet["points"]) == len(sheet["seats"])
    assert sorted(s for seats in sheet["seats"] for s in seats) == list(range(state.players))
    if name == "six_pack_bezique":
        assert sheet["points"] == data["final"], "a deal's line is its final score, bonus and Rubicon included"
    elif name == "couillon":
        assert sheet["points"] == data["points"] and sheet["totals"] == data["needed"] and sheet["lower"]
    else:
        assert sheet["points"] == column_points(state, sheet)
    internal = {key for key in data if "_" in key} | {"raw", "captured", "hands", "scores", "final", "needed", "totals"}
    labels = [*sheet["columns"], sheet["unit"]]
    for label in labels:
        assert label not in internal and "_" not in label, label
        assert not re.search(r"\b(raw|captured)\b", label), label
    for line in [*shown["why"], *hand_lines(shown)]:
        assert not re.search(r"\[|\{|\bNone\b|\bTrue\b|\bFalse\b|(?<!\w)(10|[2-9TJQKA])[SHDC]\b", line), line


def test_pitch_names_who_took_high_low_jack_and_game() -> None:
    for seed in range(1, 6):
        state, data, shown = first_hand("pitch", seed)
        trumps = "SHDC".index(data["trump"])
        played: dict[str, int] = {}
        taken: dict[str, int] = {}
        for trick in data["tricks"]:
            for i, c in enumerate(trick["cards"]):
                played[c] = (trick["leader"] + i) % 4
                taken[c] = trick["winner"]
        trump_cards = sorted((c for c in played if c[-1] == "SHDC"[trumps]), key=lambda c: "23456789TJQKA".index(c[0]))
        high, low = trump_cards[-1], trump_cards[0]
        text = said(shown)
        assert f"{NAMES[played[high]]} took high ({card_symbol(high)})" in text, text
        assert f"{NAMES[taken[low]].lower() if taken[low] == 0 else NAMES[taken[low]]} low ({card_symbol(low)})" in text, text
        jack = "J" + data["trump"]
        if jack in played:
            who = "you" if taken[jack] == 0 else NAMES[taken[jack]]
            assert f"{who} the jack ({card_symbol(jack)})" in text, text
        else:
            assert "nobody the jack" in text
        count = [0, 0]
        for c, seat in taken.items():
            count[seat % 2] += {"T": 10, "A": 4, "K": 3, "Q": 2, "J": 1}.get(c[0], 0)
        if count[0] == count[1]:
            assert f"game was tied {count[0]} to {count[1]}" in text
        else:
            team = 0 if count[0] > count[1] else 1
            assert f"game, {count[team]} to {count[1 - team]}" in text
            assert ("you and Bob game" if team == 0 else "Ann and Cy game") in text


def test_paks_tells_the_cancelling_suit_by_suit() -> None:
    state, data, shown = first_hand("paks", 1)
    text = said(shown)
    assert data["discarded"][0], "the seeded hand cancels some paks"
    for paks in data["discarded"]:
        for pak in paks:
            assert " ".join(card(c) for c in pak) in text, (pak, text)
    suits = {pak[0][-1] for paks in data["discarded"] for pak in paks}
    for suit in suits:
        word = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs"}[suit]
        assert re.search(rf"{word}: paks held you \d+, Ann \d+; the fewest is \d+, so each side cancels", text), text
    assert f"you {data['scores'][0]}, Ann {data['scores'][1]}." in text


def test_ribs_tells_each_capture_and_the_lemons() -> None:
    state, data, shown = first_hand("ribs", 1, players=4)
    text = said(shown)
    for seat, pile in enumerate(data["captured"]):
        if pile:
            ranks = " ".join(pile).replace("T", "10")
            assert f"{NAMES[seat]} captured {ranks}: {data['points'][seat]} point" in text, text
    winners = data["winners"]
    assert f"The hand goes to {NAMES[winners[0]].lower() if winners[0] == 0 else NAMES[winners[0]]}" in text
    for seed in range(1, 40):
        state, data, shown = first_hand("ribs", seed, players=4, lemons=True)
        sevens = [(s, pile.count("7")) for s, pile in enumerate(data["captured"]) if "7" in pile]
        if any(0 < k <= 2 for _, k in sevens):
            break
    else:
        pytest.fail("no seeded hand captured a lemon")
    text = said(shown)
    for seat, k in sevens:
        if 2 * k <= 4:
            assert re.search(rf"{NAMES[seat]} captured [^.]*: -?\d+ points?, with {k} lemons? \(sevens, -3 each\)", text), text
        else:
            assert re.search(rf"{NAMES[seat]} captured [^.]*, with lemonade", text), text


def test_the_other_games_name_their_reasons() -> None:
    _, data, shown = first_hand("couillon", 1)
    text = said(shown)
    assert f"Card points: you and Bob {data['points'][0]}, Ann and Cy {data['points'][1]}" in text
    _, data, shown = first_hand("cramps", 1)
    text = said(shown)
    for k, winner in enumerate(data["trick_winners"]):
        assert re.search(rf"{NAMES[winner]} won tricks? [^.]*\b{k + 1} \(", text), (k, text)
    _, data, shown = first_hand("kings_in_the_corner", 1)
    for seat, left in enumerate(data["cards_left"]):
        if left:
            who = "You are" if seat == 0 else f"{NAMES[seat]} is"
            assert f"{who} left holding {left} card" in said(shown)
    _, data, shown = first_hand("mighty", 1)
    text = said(shown)
    assert f"declared {data['contract'].split()[0]}" in text and f"took {data['declarer_points']} of the 20 points" in text
    _, data, shown = first_hand("ridge", 1)
    assert f"Tricks taken: you {data['won'][0]}, Ann {data['won'][1]}." in said(shown)
    _, data, shown = first_hand("seven_and_a_half", 1, players=4)
    text = said(shown)
    for seat, bet in enumerate(data["bets"]):
        if bet and seat != data["banker"]:
            assert f"{NAMES[seat]} bet {bet} and" in text, text
    _, data, shown = first_hand("six_pack_bezique", 1)
    text = said(shown)
    assert f"You scored {data['points'][0]}" in text and f"Ann scored {data['points'][1]}" in text
    assert "+1000" in text or "a draw" in text
    _, data, shown = first_hand("yaniv", 1)
    text = said(shown)
    for seat, (held, value) in enumerate(zip(data["hands"], data["values"], strict=True)):
        if held:
            assert f"{'you' if seat == 0 else NAMES[seat]} {' '.join(card(c) for c in held)} ({value})" in text
    _, data, shown = first_hand("zetema", 1)
    zetemas = sum(1 for e in data["log"] if e[0] == "zetema" and e[1] == 0)
    if zetemas:
        assert re.search(rf"You scored {data['points'][0]}: {zetemas} zetemas? ", said(shown)), said(shown)


def test_a_match_ends_with_its_sheet_who_won_by_how_much_and_the_deciding_hands() -> None:
    game = GAMES["zetema"]
    state = game.new_state(game.options(), 2)
    rng = random.Random(2)
    hands = []
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        if state.hand_over():
            hands.append(state.observation(0)["last_hand"])
    rows = standings(hands)
    assert [total for total in rows[-1][2]] == [state.match_scores()[0], state.match_scores()[1]]
    lines = [name_seats(line, NAMES) for line in match_summary(hands, state.winners())]
    winner, other = state.winners()[0], 1 - state.winners()[0]
    scores = state.match_scores()
    who = "You win" if winner == 0 else "Ann wins"
    assert lines[0] == (f"{who} the match with {scores[winner]} points against {scores[other]} for "
                        f"{'you' if other == 0 else 'Ann'}: by {scores[winner] - scores[other]} points.")
    assert lines[1].startswith("The hand") and "decided it: hand " in lines[1]
    sheet = sheet_lines(hands)
    assert sheet[0].startswith("Score sheet") and len(sheet) == len(hands) + 1


def test_a_lower_is_better_standing_is_read_so() -> None:
    """Yaniv counts penalty points: the winner has fewer."""
    sheet = {"columns": ["Seat 0", "Seat 1"], "seats": [[0], [1]], "points": [0, 20], "totals": [40, 101],
             "adds": None, "unit": "points", "lower": True}
    lines = match_summary([{"hand_number": 0, "sheet": sheet, "why": ["x"]}], [0])
    assert lines[0] == "Seat 0 wins the match with 40 points against 101 for seat 1 (fewer is better): by 61 points."


def test_the_match_summary_names_the_seats_as_its_reader_does() -> None:
    sheet = {"columns": ["You", "Bob"], "seats": [[0], [1]], "points": [0, 20], "totals": [40, 101],
             "adds": None, "unit": "points", "lower": True}
    hands = [{"hand_number": 0, "sheet": sheet, "why": ["x"]}]
    assert match_summary(hands, [0], Seats(["Ann", "Bob"], me=0))[0] == (
        "You win the match with 40 points against 101 for Bob (fewer is better): by 61 points."
    )
    assert match_summary(hands, [0], Seats(["Ann", "Bob"], me=1))[0] == (
        "Ann wins the match with 40 points against 101 for you (fewer is better): by 61 points."
    )


def test_the_terminal_ends_each_hand_with_its_why_and_the_match_with_its_summary() -> None:
    game = GAMES["ribs"]
    options = game.options(players=4, hands_to_win=2)
    state = game.new_state(options, 3)
    bots = {s: make_bot("random", game, s, s) for s in range(1, 4)}

    class Person(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            return random.Random(len(state.history)).choice(state.legal_texts()) + "\n"

    out = io.StringIO()
    TerminalGame(game, state, 0, bots, Person(), out).run()
    text = out.getvalue()
    assert state.is_over()
    assert re.search(r"^(You|Ben|Cleo|Dan) captured ", text, re.M) and "The hand goes to " in text
    assert "Score sheet (each hand, then the standing after it):" in text
    assert re.search(r"^(You win|(Ben|Cleo|Dan) wins) the match with \d+ hands? won against \d+ for ", text, re.M), text[-2000:]
    assert re.search(r"^Hand scores: you: -?\d+, Ben: -?\d+, Cleo: -?\d+, Dan: -?\d+$", text, re.M), text[-2000:]
    assert not re.search(r"\b[Ss]eats? \d", text), "the terminal names the seats"
