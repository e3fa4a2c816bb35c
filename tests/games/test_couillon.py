"""Couillon rules pinned by the source's text and the scenarios of docs/rules/couillon.md."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from parlour.cards import CARD_TEXTS, parse_cards
from parlour.engine import IllegalAction, OptionsError
from parlour.games.couillon import GAME, CouillonOptions, CouillonState, card_points
from parlour.games.tricks import voids_shown

# A hand dealt by seat 0 (seat 1 leads), hearts trumps (upcard QH, bottom card KH). Plays
# in order from each trick's leader: seats 1 and 3 take 8 points, seats 0 and 2 take 12.
TWELVE_EIGHT = {
    "hands": [["TH", "KD", "TC", "9S"], ["AH", "9D", "JC", "TS"], ["9H", "AD", "AC", "JD"], ["JH", "TD", "9C", "QD"]],
    "stub": ["QH", "AS", "KS", "QS", "JS", "KC", "QC", "KH"],
}
TWELVE_EIGHT_PLAYS = ["AH 9H JH TH", "9D AD TD KD", "AC 9C TC JC", "JD QD 9S TS"]

# A 10-10 tie when seat 1 deals (seat 2 leads), hearts trumps.
TIE = {
    "hands": [["TH", "TD", "TC", "TS"], ["JH", "JD", "JC", "AS"], ["AH", "AD", "9C", "JS"], ["9H", "9D", "AC", "9S"]],
    "stub": ["QH", "KH", "KD", "QD", "KC", "QC", "QS", "KS"],
}
TIE_PLAYS = ["AH 9H TH JH", "AD 9D TD JD", "9C AC TC JC", "9S TS AS JS"]


def rotated(deal: dict[str, Any], by: int) -> dict[str, Any]:
    """The same deal with every hand moved `by` seats to the left."""
    return {"hands": [deal["hands"][(s - by) % 4] for s in range(4)], "stub": deal["stub"]}


def play(state: CouillonState, trump_calls: list[str], tricks: list[str]) -> None:
    for text in trump_calls:
        state.apply_text(text)
    for trick in tricks:
        for c in trick.split():
            state.apply_text(f"play {c}")


def test_card_points() -> None:
    assert card_points(parse_cards("AH KS QD JC 9C")) == 10
    assert card_points(parse_cards("TH 9H 8S 7D")) == 0


def test_the_pack_and_the_stub() -> None:
    state = GAME.new_state(CouillonOptions(), 1)
    assert len(state.full_pack()) == 24 and len(state.stub) == 8
    assert state.upcard == state.stub[0]
    state = GAME.new_state(CouillonOptions(deck=32), 1)
    assert len(state.full_pack()) == 32 and len(state.stub) == 16


def test_the_small_game_deals_short_hands_from_sixteen_cards() -> None:
    state = GAME.new_state(CouillonOptions(deck=16, hand_cards=3), 1)
    assert len(state.full_pack()) == 16 and len(state.stub) == 4
    assert all(len(state.observation(s)["hand"]) == 3 for s in range(4))
    state.apply_text("accept")
    rng = random.Random(1)
    for _ in range(11):
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == "play" and state.observation(0)["trick_number"] == 3
    state.apply(state.legal_actions()[0])
    assert state.last_hand is not None and sum(state.last_hand["points"]) == 40 - state.last_hand["stub_points"]
    with pytest.raises(OptionsError, match="a 16-card pack dealt 4 cards each leaves no upcard and bottom card"):
        CouillonOptions(deck=16, hand_cards=4)


def test_losing_acceptors_take_a_mark_and_the_winners_erase_a_line() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    play(state, ["accept"], TWELVE_EIGHT_PLAYS)
    assert state.hand_scores() == [12, 8, 12, 8]
    assert state.match_scores() == [4, 6, 4, 6]


def test_all_pass_turns_the_bottom_card_and_nobody_takes_a_mark() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    for text in ["pass", "pass", "pass", "pass"]:
        state.apply_text(text)
    obs = state.observation(1)
    assert obs["bottom_card"] == "KH" and obs["trump"] == "hearts"
    play(state, [], TWELVE_EIGHT_PLAYS)
    assert state.match_scores() == [4, 5, 4, 5]


def test_a_tie_makes_the_next_decided_hand_count_double() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT, TIE, rotated(TWELVE_EIGHT, 2)])
    play(state, ["accept"], TWELVE_EIGHT_PLAYS)
    assert state.match_scores() == [4, 6, 4, 6]
    play(state, ["accept"], TIE_PLAYS)  # seat 2's team accepted; a tie is no loss
    assert state.hand_scores() == [10, 10, 10, 10]
    assert state.match_scores() == [4, 6, 4, 6]
    play(state, ["pass"] * 4, TWELVE_EIGHT_PLAYS)
    assert state.match_scores() == [2, 6, 2, 6]


def test_ties_accumulate_with_the_option() -> None:
    deals = [TIE, rotated(TIE, 1), rotated(TWELVE_EIGHT, 3)]
    for carry, expected in (("double", 3), ("accumulate", 2)):
        state = GAME.new_state(CouillonOptions(tie_carry=carry), dealer=1, deals=deals)
        play(state, ["pass"] * 4, TIE_PLAYS)
        play(state, ["pass"] * 4, TIE_PLAYS)
        play(state, ["pass"] * 4, TWELVE_EIGHT_PLAYS)
        assert state.match_scores()[1] == expected, carry


def test_the_last_line_ends_the_match_and_the_mark_still_counts() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    state.needed = [1, 5]
    play(state, ["accept"], TWELVE_EIGHT_PLAYS)
    assert state.is_over() and state.winners() == [0, 2]
    assert state.match_scores() == [0, 6, 0, 6]
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    state.needed, state.ties = [2, 5], 1
    play(state, ["pass"] * 4, TWELVE_EIGHT_PLAYS)
    assert state.is_over() and state.match_scores() == [0, 5, 0, 5]


def test_trump_at_any_time_otherwise_follow_suit() -> None:
    deal = {
        "hands": [["AD", "KD", "JD", "TD"], ["AH", "KH", "QH", "JH"], ["TH", "9S", "KC", "QD"], ["JC", "QC", "TS", "JS"]],
        "stub": ["AS", "KS", "QS", "9H", "9D", "AC", "TC", "9C"],
    }
    state = GAME.new_state(CouillonOptions(), deals=[deal])
    state.apply_text("accept")
    state.apply_text("play AH")
    assert set(state.legal_texts()) == {"play TH", "play 9S"}
    with pytest.raises(IllegalAction, match="follow suit or play a trump"):
        state.apply_text("play KC")
    state.apply_text("play 9S")
    assert len(state.legal_texts()) == 4
    state.apply_text("play JC")
    state.apply_text("play AD")
    assert state.tricks[-1][2] == 2  # the nine of trumps beats the ace led


def test_the_stub_never_leaves_the_engine() -> None:
    for seed in range(6):
        state = GAME.new_state(CouillonOptions(deck=32), seed)
        rng = random.Random(seed)
        while not state.hand_over():
            hidden = state.stub[1:] if not state.bottom_turned else state.stub[1:-1]
            for seat in (None, 0, 1, 2, 3):
                text = json.dumps(state.observation(seat))
                for c in hidden:
                    assert not re.search(rf"\b{CARD_TEXTS[c]}\b", text), (seat, c)
            state.apply(rng.choice(state.legal_actions()))


def test_determinize_respects_shown_voids_and_keeps_the_stub_possible() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    play(state, ["accept"], TWELVE_EIGHT_PLAYS[:3] + ["JD QD 9S"])
    obs = state.observation(2)
    rng = random.Random(0)
    for _ in range(30):
        world = GAME.determinize(obs, rng)
        assert world.observation(2) == obs
        assert not any(c // 13 == 2 for c in world.hands[0])  # seat 0 showed no diamonds
    assert voids_shown([[1, "play AH"], [2, "play 9S"]], 0) == [0] * 4
    assert voids_shown([[1, "play AH"], [2, "play 9S"]], 1) == [0, 0, 1 << 1, 0]


def test_options_read_from_typed_strings() -> None:
    assert GAME.options(deck="32") == CouillonOptions(deck=32)
    with pytest.raises(Exception, match="24 or 32"):
        GAME.options(deck="36")
    with pytest.raises(Exception, match="4 players"):
        GAME.options(players=6)


def test_after_a_tie_the_win_doubles_but_the_mark_does_not() -> None:
    state = GAME.new_state(CouillonOptions(), dealer=1, deals=[TIE, rotated(TWELVE_EIGHT, 2)])
    play(state, ["pass"] * 4, TIE_PLAYS)
    assert state.ties == 1
    play(state, ["accept"], TWELVE_EIGHT_PLAYS)  # seat 3 accepts for seats 1 and 3, who lose
    assert state.match_scores() == [3, 6, 3, 6]
    assert state.ties == 0


def test_status_names_trumps_who_risks_a_mark_and_the_lines_left() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    assert state.observation(0)["status"][0] == {"label": "Upcard", "value": "Q♥ offers hearts as trumps"}
    state.apply_text("pass")
    state.apply_text("accept")
    status = state.observation(0)["status"]
    assert status[0] == {"label": "Trumps", "value": "hearts (accepted by seat 2; seat 0 and seat 2 risk a mark)"}
    assert status[1] == {"label": "Lines left", "value": "seat 0 and seat 2: 5, seat 1 and seat 3: 5"}
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    play(state, ["pass"] * 4, TWELVE_EIGHT_PLAYS)
    status = state.observation(0)["status"]
    assert status[1] == {"label": "Lines left", "value": "seat 0 and seat 2: 4, seat 1 and seat 3: 5"}
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    play(state, ["pass"] * 4, [])
    assert state.observation(3)["status"][0]["value"] == "hearts (the bottom card K♥; nobody risks a mark)"


def test_status_says_what_pending_ties_are_worth() -> None:
    for carry, step in (("double", 2), ("accumulate", 3)):
        state = GAME.new_state(CouillonOptions(tie_carry=carry), dealer=1, deals=[TIE, rotated(TIE, 1)])
        play(state, ["pass"] * 4, TIE_PLAYS)
        play(state, ["pass"] * 4, TIE_PLAYS)
        pending = state.observation(0)["status"][-1]
        assert pending == {"label": "Ties pending", "value": f"2: the next decided hand erases {step} lines"}, carry


def test_recent_is_the_last_trick_with_its_winner_marked() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    state.apply_text("accept")
    assert state.observation(0)["recent"] is None
    play(state, [], TWELVE_EIGHT_PLAYS[:2])
    recent = state.observation(3)["recent"]
    assert recent["label"] == "Trick 2"
    assert [(p["seat"], p["cards"], p["mark"]) for p in recent["plays"]] == [
        (1, ["9D"], False), (2, ["AD"], True), (3, ["TD"], False), (0, ["KD"], False)
    ]
    assert recent["explanation"].startswith("Trick 2 ") and "seat 2 wins with A♦" in recent["explanation"]


def test_why_an_action_is_illegal() -> None:
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    with pytest.raises(IllegalAction, match="First decide on trumps"):
        state.apply_text("play 9D")
    state.apply_text("accept")
    with pytest.raises(IllegalAction, match="time to play a card"):
        state.apply_text("pass")
    with pytest.raises(IllegalAction, match="You do not hold 10♥"):
        state.apply_text("play TH")
    state.apply_text("play AH")
    with pytest.raises(IllegalAction, match=r"You hold hearts: follow suit or play a trump \(hearts\)"):
        state.apply_text("play AD")


def test_the_rules_record_events_as_data_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log and the hand's summary hold events, and the view
    words them for a reader with names ("you" for its own seat, partners as a team), with
    no seat number left."""
    from parlour.words import Seats

    names = ["Ann", "Bob", "Cy", "Dee"]
    seats = Seats(names, me=1)
    state = GAME.new_state(CouillonOptions(), deals=[TWELVE_EIGHT])
    play(state, ["pass", "pass", "accept"], TWELVE_EIGHT_PLAYS[:1])
    assert all(isinstance(e, tuple) for e in state.log)
    status = GAME.view.status(state.observation(1, views=False), seats)
    assert status[0]["value"] == "hearts (accepted by Dee; you and Dee risk a mark)"
    play(state, [], TWELVE_EIGHT_PLAYS[1:])
    events = state.last_hand["log"]
    assert all(isinstance(e, tuple) for e in events)
    said = [GAME.view.sentence(e, seats) for e in events]
    assert said[:4] == [
        "Hand 1: Ann deals; the upcard is Q♥, offering hearts as trumps.",
        "You pass.",
        "Cy passes.",
        "Dee accepts hearts as trumps: you and Dee must take more points than your opponents or take a mark.",
    ]
    assert said[4] == (
        "Trick 1 (you A♥, Cy 9♥, Dee J♥, Ann 10♥): you win with A♥, the highest trump (hearts), taking 5 points for you and Dee."
    )
    assert said[-1] == (
        "Hand 1 over: Ann and Cy win 12 to 8 and erase 1 line. The acceptors, you and Dee, lost and take a mark. "
        "Wins still needed: 4 for Ann and Cy, 6 for you and Dee."
    )
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d|\d\+\d", line), line
    assert state.observation(1)["last_hand"]["log"][-1].startswith("Hand 1 over: seat 0 and seat 2 win 12 to 8")
