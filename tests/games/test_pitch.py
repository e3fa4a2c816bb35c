"""Pitch rules pinned by the source and docs/rules/pitch.md
(R-PITCH-1..11, the test scenarios of its part 9)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.engine import IllegalAction, OptionsError
from parlour.games.pitch import GAME, PitchState, game_points
from parlour.record import record_of, replay

# Scenario 1's deal (dealer 0, seat 1 bids first). Seat 1 pitches AS; seat 0 later trumps
# a club trick with 2S, the lowest trump, so team {0,2} captures Low.
DEAL_1 = {
    0: "2S 5S 2C 3C 4C 6C",
    1: "AS JS TD TH 9C 8C",
    2: "AC 5H 6H 7H 8H 7C",
    3: "KD QD 3H 4H 2D 9H",
}
PLAY_1 = [
    "play AS", "play 5H", "play 9H", "play 5S",  # seat 1 wins: High
    "play TH", "play 6H", "play 3H", "play 2C",  # seat 1
    "play TD", "play 7H", "play 2D", "play 3C",  # seat 1
    "play 8C", "play AC", "play 4H", "play 4C",  # seat 2 wins
    "play 7C", "play QD", "play 2S", "play 9C",  # seat 0 trumps with 2S: Low to {0,2}
    "play 6C", "play JS", "play 8H", "play KD",  # seat 1's jack wins
]
# Seat 1 holds five top spades: it takes every trick, and seat 0 must drop 2S on trick 1.
DEAL_SMUDGE = {
    0: "2S 2H 3H 4H 5H 6H",
    1: "AS KS QS JS TS AH",
    2: "2C 3C 4C 5C 6C 7C",
    3: "2D 3D 4D 5D 6D 7D",
}
PLAY_SMUDGE = [
    "play AS", "play 2C", "play 2D", "play 2S",
    "play KS", "play 3C", "play 3D", "play 2H",
    "play QS", "play 4C", "play 4D", "play 3H",
    "play JS", "play 5C", "play 5D", "play 4H",
    "play TS", "play 6C", "play 6D", "play 5H",
    "play AH", "play 7C", "play 7D", "play 6H",
]


def deal(hands: dict[int, str]) -> list[dict[str, Any]]:
    return [{"hands": [hands[s].split() for s in range(4)]}]


def new(hands: dict[int, str] | None = None, seed: int = 0, **options: Any) -> PitchState:
    return GAME.new_state(GAME.options(**options), seed, deals=deal(hands) if hands else None)


def play(state: PitchState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def test_the_deal_is_six_cards_each_and_a_stub_of_28() -> None:
    state = new(seed=3)
    assert [len(state.observation(s)["hand"]) for s in range(4)] == [6, 6, 6, 6]
    assert len(state.stub) == 28
    assert state.to_act() == 1, "bidding begins with the player to the dealer's left"


def test_scenario_1_high_jack_and_game_against_low() -> None:
    state = new(DEAL_1)
    play(state, "bid 3", "pass", "pass", "pass")
    assert state.pitcher == 1 and state.to_act() == 1
    play(state, *PLAY_1)
    last = state.last_hand
    assert last is not None
    assert last["awards"]["high"][:2] == [1, "AS"]
    assert last["awards"]["low"][:2] == [0, "2S"]
    assert last["awards"]["jack"][:2] == [1, "JS"]
    assert last["awards"]["game"] == [1, [6, 28]]
    assert state.scores_by_hand() == [[1, 3, 1, 3]]
    assert state.match_scores() == [1, 3, 1, 3]


def test_scenario_2_a_set_team_loses_its_bid_and_the_opponents_still_score() -> None:
    state = new(DEAL_1)
    play(state, "bid 4", "pass", "pass", "pass", *PLAY_1)
    assert state.scores_by_hand() == [[1, -4, 1, -4]], "made 3 of 4: set back 4; the others score their 1"


def test_a_made_bid_scores_every_point_made() -> None:
    """R-PITCH-7: bid 2, made 3 scores 3."""
    state = new(DEAL_1)
    play(state, "bid 2", "pass", "pass", "pass", *PLAY_1)
    assert state.hand_scores() == [1, 3, 1, 3]


def test_scenario_3_smudge_made_scores_five() -> None:
    state = new(DEAL_SMUDGE)
    play(state, "bid smudge", "pass", "pass")
    assert "bid smudge" in state.legal_texts(), "the dealer may steal even a smudge (R-PITCH-3)"
    play(state, "pass", *PLAY_SMUDGE)
    assert state.last_hand is not None and state.last_hand["made"] == [0, 4]
    assert state.hand_scores() == [0, 5, 0, 5]


@pytest.mark.parametrize(("smudge_set", "loss"), [(5, -5), (4, -4)])
def test_scenario_3_smudge_without_the_jack_dealt_is_set(smudge_set: int, loss: int) -> None:
    """All six tricks but only 3 points: the jack of trumps lies in the stub (R-PITCH-2)."""
    hands = dict(DEAL_SMUDGE)
    hands[1] = "AS KS QS 9S TS AH"
    state = new(hands, smudge_set=smudge_set)
    play(state, "bid smudge", "pass", "pass", "pass", *[t.replace("JS", "9S") for t in PLAY_SMUDGE])
    assert state.last_hand is not None
    assert state.last_hand["awards"]["jack"] is None
    assert state.last_hand["tricks_won"] == [0, 6]
    assert state.hand_scores() == [0, loss, 0, loss]


def test_a_bid_of_four_taking_everything_scores_four_not_five() -> None:
    """R-PITCH-5: a smudge must be bid."""
    state = new(DEAL_SMUDGE)
    play(state, "bid 4", "pass", "pass", "pass", *PLAY_SMUDGE)
    assert state.hand_scores() == [0, 4, 0, 4]


def test_low_captured_or_played() -> None:
    """R-PITCH-1: seat 0 plays 2S, the lowest trump, but seat 1 captures it."""
    captured = new(DEAL_SMUDGE)
    play(captured, "bid 3", "pass", "pass", "pass", *PLAY_SMUDGE)
    assert captured.last_hand is not None and captured.last_hand["awards"]["low"][:2] == [1, "2S"]
    played = new(DEAL_SMUDGE, low="played")
    play(played, "bid 3", "pass", "pass", "pass", *PLAY_SMUDGE)
    assert played.last_hand is not None and played.last_hand["awards"]["low"][:2] == [0, "2S"]
    assert played.hand_scores() == [1, 3, 1, 3]


def test_scenario_4_game_count() -> None:
    assert game_points(parse_cards("TD AS KC JH 9D")) == 18


def test_scenario_5_a_game_tie_scores_nobody() -> None:
    state = new(DEAL_1)
    play(state, "bid 2", "pass", "pass", "pass", *PLAY_1[:-1])
    state.piles = [sum(1 << c for c in parse_cards(p)) for p in ("TC KC JS 2S", "TD AS 9D")]
    made, awards = state.points_made()
    assert awards["game"] == [None, [14, 14]]
    assert made == [2, 1], "High to {1,3} who played AS; Low and Jack to {0,2}; Game to nobody"


def test_scenario_6_the_forced_bid_and_the_steal() -> None:
    state = new(seed=1)
    play(state, "pass", "pass", "pass")
    assert state.legal_texts() == ["bid 2"]
    with pytest.raises(IllegalAction, match="must bid 2"):
        state.apply_text("pass")
    play(state, "bid 2")
    assert state.pitcher == 0 and state.high_bid == 2
    state = new(seed=1)
    play(state, "bid 3", "pass", "pass")
    assert state.legal_texts() == ["pass", "bid 3", "bid 4", "bid smudge"]
    play(state, "bid 3")
    assert state.pitcher == 0, "the dealer steals at 3"


def test_bids_go_up_and_the_bidding_is_one_round() -> None:
    state = new(seed=2)
    play(state, "bid 3")
    with pytest.raises(IllegalAction):
        state.apply_text("bid 3")
    with pytest.raises(IllegalAction):
        state.apply_text("bid 2")
    play(state, "bid 4", "pass")
    assert "bid 4" in state.legal_texts() and "bid 3" not in state.legal_texts()
    play(state, "pass")
    assert state.phase == "playing" and state.pitcher == 2, "the high bid stands after the dealer"


def test_the_dealer_may_steal_from_its_partner() -> None:
    """R-PITCH-11."""
    state = new(seed=4)
    play(state, "pass", "bid 2", "pass", "bid 2")
    assert state.pitcher == 0


def test_scenario_7_only_a_made_bid_wins_at_21() -> None:
    state = new(DEAL_1)
    state.totals = [23, 19]
    state.hand_results = [[23, 19, 23, 19]]
    play(state, "bid 2", "pass", "pass", "pass", *PLAY_1)
    assert state.match_scores() == [24, 22, 24, 22]
    assert state.is_over() and state.winners() == [1, 3], "the pitching team crosses 21 and wins"


def test_a_team_over_21_that_is_set_does_not_win() -> None:
    state = new(DEAL_1)
    state.totals = [0, 25]
    state.hand_results = [[0, 25, 0, 25]]
    play(state, "bid 4", "pass", "pass", "pass", *PLAY_1)
    assert not state.is_over() and state.match_scores()[1] == 21


def test_scenario_8_follow_suit_or_trump_at_any_time() -> None:
    hands = {
        0: "4H 5C 6C 7C 8C 2D",
        1: "AH 2C 3S 4S 5S 6S",
        2: "KH QH QC 3D 4D 5D",
        3: "2H 3H 7D 8D 9D TD",
    }
    state = new(hands)
    play(state, "bid 2", "pass", "pass", "pass", "play AH")
    assert state.trump == 1
    assert sorted(state.legal_texts()) == ["play KH", "play QH"], "hearts led: follow hearts"
    play(state, "play QH", "play 2H", "play 4H", "play 2C")
    assert state.to_act() == 2
    assert sorted(state.legal_texts()) == ["play KH", "play QC"], "clubs led: the club or any trump"
    with pytest.raises(IllegalAction, match="follow clubs"):
        state.apply_text("play 3D")
    play(state, "play KH", "play 7D")
    assert sorted(state.legal_texts()) == ["play 5C", "play 6C", "play 7C", "play 8C"]
    play(state, "play 5C")
    assert state.tricks[-1]["winner"] == 2, "the trump wins the club trick"


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        GAME.options(players=3)
    with pytest.raises(OptionsError):
        GAME.options(smudge_set=3)


def test_a_short_hand_of_two_tricks_and_its_smudge() -> None:
    """`hand_cards`=2: two cards each, two tricks; a smudge needs both tricks and all four points."""
    hands = {0: "2S 3C", 1: "AS JS", 2: "4C 5D", 3: "2H 3H"}
    state = new(hands, hand_cards=2)
    assert len(state.stub) == 44
    play(state, "bid smudge", "pass", "pass", "pass", "play AS", "play 4C", "play 2H", "play 2S", "play JS")
    assert state.to_act() == 2, "seat 2 plays to the second trick"
    play(state, "play 5D", "play 3H", "play 3C")
    assert state.last_hand is not None and state.last_hand["tricks_won"] == [0, 2]
    assert state.last_hand["made"] == [0, 4] and state.hand_scores() == [0, 5, 0, 5]
    with pytest.raises(OptionsError, match="hand_cards must be a whole number from 1 to 6, not 0"):
        GAME.options(hand_cards=0)


def test_the_stub_never_leaves_the_engine() -> None:
    state = new(seed=5)
    rng = random.Random(0)
    while state.hand_number == 0:
        state.apply(rng.choice(state.legal_actions()))
    stub = set(state.deals[0]["stub"])
    words = set(json.dumps(state.observation(None)).replace('"', " ").replace(",", " ").split())
    assert not stub & words, "a stub card shows in the spectator's view of the finished hand"
    fresh = new(seed=6)
    for seat in range(4):
        words = set(json.dumps(fresh.observation(seat)).replace('"', " ").replace(",", " ").split())
        others = {c for s in range(4) if s != seat for c in fresh.deals[0]["hands"][s]}
        assert not (others | set(fresh.deals[0]["stub"])) & words


def test_determinize_keeps_shown_voids() -> None:
    hands = {
        0: "4H 5C 6C 7C 8C 2D",
        1: "AS 2C 3S 4S 5S 6S",
        2: "KH QH QC 3D 4D 5D",
        3: "2H 3H 7D 8D 9D TD",
    }
    state = new(hands)
    play(state, "bid 2", "pass", "pass", "pass", "play 2C", "play QC", "play 7D", "play 5C")
    play(state, "play QH", "play 2H", "play 4H", "play 3S")
    obs = state.observation(0)
    rng = random.Random(1)
    for _ in range(40):
        world = GAME.determinize(obs, rng)
        assert world.observation(0) == obs
        assert not [c for c in world.observation(3)["hand"] if c.endswith("C")], "seat 3 showed no clubs"
        assert not [c for c in world.observation(1)["hand"] if c.endswith("H")], "seat 1 showed no hearts"


def test_a_record_replays() -> None:
    state = new(DEAL_1)
    play(state, "bid 3", "pass", "pass", "pass", *PLAY_1)
    again = replay(record_of(state))
    assert again.scores_by_hand() == [[1, 3, 1, 3]]
    assert again.observation(2) == state.observation(2)


def test_one_trump_dealt_is_both_high_and_low() -> None:
    """R-PITCH-6 and R-PITCH-8: only 5H of the trumps is dealt; the stub never counts."""
    hands = {
        0: "9C TC JC QC KC AC",
        1: "5H 2S 3S 4S 6S 7S",
        2: "2C 3C 4C 6C 7C 8C",
        3: "2D 3D 4D 6D 7D 8D",
    }
    state = new(hands)
    play(state, "bid 2", "pass", "pass", "pass", "play 5H", "play 2C", "play 2D", "play 9C")
    for i, spade in enumerate(("2S", "3S", "4S", "6S", "7S")):
        play(state, f"play {spade}", f"play {hands[2].split()[i + 1]}", f"play {hands[3].split()[i + 1]}",
             f"play {hands[0].split()[i + 1]}")
    last = state.last_hand
    assert last is not None
    assert last["awards"]["high"][:2] == [1, "5H"] and last["awards"]["low"][:2] == [1, "5H"]
    assert last["awards"]["jack"] is None
    assert state.hand_scores() == [0, 3, 0, 3]


def test_status_gives_the_bid_trumps_and_target() -> None:
    state = new(DEAL_1, target=15)
    assert state.observation(2)["status"] == [
        {"label": "Bid", "value": "none yet; seat 0 deals and bids last"},
        {"label": "Target", "value": "15"},
    ]
    play(state, "bid 3", "pass", "pass", "pass")
    assert state.observation(2)["status"][:2] == [
        {"label": "Bid", "value": "3 by seat 1"},
        {"label": "Trumps", "value": "named by the pitcher's first lead"},
    ]
    play(state, "play AS")
    assert state.observation(2)["status"][1] == {"label": "Trumps", "value": "spades"}


def test_recent_is_the_last_trick_with_its_winner_marked() -> None:
    state = new(DEAL_1)
    play(state, "bid 3", "pass", "pass", "pass", *PLAY_1[:16])
    recent = state.observation(0)["recent"]
    assert recent["label"] == "Trick 4"
    assert [(p["seat"], p["cards"], p["mark"]) for p in recent["plays"]] == [
        (1, ["8C"], False), (2, ["AC"], True), (3, ["4H"], False), (0, ["4C"], False)
    ]
    assert recent["explanation"] == (
        "Trick 4: seat 1 8♣, seat 2 A♣, seat 3 4♥, seat 0 4♣; seat 2 wins with A♣, the highest card of the suit led.")


def test_why_an_action_is_illegal() -> None:
    state = new(DEAL_1)
    with pytest.raises(IllegalAction, match="time to bid, not to play"):
        state.apply_text("play AS")
    play(state, "bid 3")
    with pytest.raises(IllegalAction, match=r"at least 4 \(2 < 3 < 4 < smudge\)"):
        state.apply_text("bid 3")
    play(state, "pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="time to play a card, not to bid"):
        state.apply_text("bid 4")
    with pytest.raises(IllegalAction, match="You do not hold 2♠"):
        state.apply_text("play 2S")


def test_the_rules_record_events_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log and the hand's summary hold events (tuples);
    the view words them for a reader with names, "you" for its own seat, a team as its
    players, no seat number left and every verb agreeing with its subject."""
    import re

    from parlour.games.pitch import view
    from parlour.words import Seats

    state = new(DEAL_1)
    play(state, "bid 3", "pass", "pass", "pass", *PLAY_1)
    events = state.last_hand["log"]
    assert all(isinstance(e, tuple) for e in events)
    said = [view.sentence(e, Seats(["Ann", "Bob", "Cy", "Dee"], me=1)) for e in events]
    assert said[:3] == ["Hand 1: Ann deals.", "You bid 3.", "Cy passes."]
    assert said[5] == "You pitch at 3; your first lead names trumps."
    assert said[6] == "You pitch A♠: spades are trumps."
    assert said[7] == "Trick 1: you A♠, Cy 5♥, Dee 9♥, Ann 5♠; you win with A♠, the highest trump."
    assert said[-1].startswith("Hand 1 over: the pitcher's team (you and Dee) makes its bid of 3")
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d", line), line
        assert not re.search(r"\b[Yy]ou (wins|plays|passes|bids|deals|pitches)\b", line), line
    assert view.sentence(("bid", 0, 3, "steal"), Seats(["Ann", "Bob", "Cy", "Dee"], me=0)) == "You bid 3, stealing the bid."
    assert all(isinstance(line, str) for line in state.observation(1)["last_hand"]["log"])
