"""Ridge's rules from the source's own examples and the rulings' scenarios (docs/rules/ridge.md)."""

from __future__ import annotations

import pytest

from parlour.cards import cards_text, parse_card
from parlour.engine import IllegalAction
from parlour.games.ridge import (
    AUCTION,
    DECLARING,
    GAME,
    PLAYING,
    RidgeState,
    deal_pbn,
    hand_score,
    hands_of_deal,
    parse_pbn,
)
from parlour.record import record_of, replay

# Every suit in one hand: North spades, East hearts, South diamonds, West clubs. Whoever
# holds the trumps (or leads at no trump) takes every trick, whatever is played.
ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

# Scenario 9: West leads a spade, North (void) ruffs with 2H, East AS, South KS.
RUFF_DEAL = {
    "hands": {
        "N": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H".split(),
        "E": "AS QS JS AD KD QD JD TD 9D 8D 7D 6D 5D".split(),
        "S": "KS TS 9S 8S 4D 3D 2D AC KC QC JC TC 9C".split(),
        "W": "7S 6S 5S 4S 3S 2S 8C 7C 6C 5C 4C 3C 2C".split(),
    }
}


def new(deals: list[dict[str, object]] | None = None, dealer: int = 0, **options: object) -> RidgeState:
    return GAME.new_state(GAME.options(**options), seed=1, dealer=dealer, deals=deals)


def play(state: RidgeState, *texts: str) -> RidgeState:
    for text in texts:
        state.apply_text(text)
    return state


def play_out_cards(state: RidgeState) -> None:
    """Play the first legal card until the hand ends (ONE_SUIT_EACH does not care)."""
    while state.phase == PLAYING:
        state.apply(state.legal_actions()[0])


# --- the scoring table -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("bid", "tricks", "contested", "expected"),
    [
        (8, 8, False, (21, True)),  # the source: 5 + 2x8
        (8, 9, False, (22, True)),  # 5 + 2x8 + 1
        (8, 8, True, (34, True)),  # 10 + 3x8
        (8, 9, True, (37, True)),  # 10 + 3x9
        (8, 7, False, (5, False)),  # the defender gets 5
        (9, 7, True, (20, False)),  # the defender gets 20
        (9, 10, False, (24, True)),  # scenario 6: 5 + 18 + 1
        (9, 6, True, (30, False)),  # scenario 7
        (13, 13, True, (49, True)),  # scenario 8
        (13, 13, False, (31, True)),
    ],
)
def test_the_scoring_table_of_the_source(bid: int, tricks: int, contested: bool, expected: tuple[int, bool]) -> None:
    assert hand_score(bid, tricks, contested) == expected


def test_a_contested_thirteen_made_scores_49_to_the_declarer() -> None:
    state = play(new([{"pbn": ONE_SUIT_EACH}]), "bid 13", "contest", "declare S W")
    play_out_cards(state)
    assert state.scores_by_hand() == [[49, 0]]
    assert state.last_hand is not None and state.last_hand["won"] == [13, 0]


def test_an_uncontested_bid_going_down_pays_the_defender_five_per_trick() -> None:
    # East-West answer North-South's 2 with 3, then North-South pass: contested 3.
    # Without the responder's bid: North-South bid 9 alone and declare no trump with
    # East leading: East runs thirteen hearts, nine down, 45 to East-West.
    state = play(new([{"pbn": ONE_SUIT_EACH}]), "bid 9", "pass", "declare NT E")
    play_out_cards(state)
    assert state.scores_by_hand() == [[0, 45]]


def test_contested_by_a_second_bid_down_pays_ten_per_trick() -> None:
    state = play(new([{"pbn": ONE_SUIT_EACH}]), "bid 2", "bid 3", "pass", "declare NT S")
    play_out_cards(state)  # South leads diamonds and takes all 13: East-West 0 of 3
    assert state.scores_by_hand() == [[30, 0]]


# --- the auction ----------------------------------------------------------------------
def test_both_pass_scores_nothing_and_the_other_player_deals_next() -> None:
    state = play(new(), "pass", "pass")
    assert state.scores_by_hand() == [[0, 0]]
    assert state.hand_number == 1 and state.dealer == 1 and state.to_act() == 1
    assert state.phase == AUCTION


def test_an_outbid_makes_the_responder_declarer_contested() -> None:
    state = play(new(), "bid 7", "bid 8", "pass")
    assert (state.phase, state.declarer, state.bid, state.contested) == (DECLARING, 1, 8, True)


def test_a_lone_bid_after_the_dealers_pass_is_uncontested() -> None:
    state = play(new(), "pass", "bid 9", "pass")
    assert (state.declarer, state.bid, state.contested) == (1, 9, False)


def test_the_responder_contests_the_opening_bid_and_the_auction_ends() -> None:
    state = play(new(), "bid 9")
    assert state.legal_texts()[:3] == ["pass", "contest", "bid 10"]
    play(state, "contest")
    assert (state.phase, state.declarer, state.bid, state.contested) == (DECLARING, 0, 9, True)


def test_only_the_first_answer_to_the_dealers_opening_may_contest() -> None:
    state = play(new(), "pass", "bid 5")
    assert "contest" not in state.legal_texts()  # R-RIDGE-3
    with pytest.raises(IllegalAction):
        state.apply_text("contest")
    state = play(new(), "bid 5", "bid 6")
    assert "contest" not in state.legal_texts()
    state = play(new(dealer_may_contest=True), "pass", "bid 5")
    assert "contest" in state.legal_texts()


def test_the_dealer_may_outbid_after_passing() -> None:
    state = play(new(), "pass", "bid 5", "bid 6", "pass")  # R-RIDGE-5
    assert (state.declarer, state.bid, state.contested) == (0, 6, True)


def test_a_bid_not_above_the_standing_one_is_refused_and_changes_nothing() -> None:
    state = play(new(), "bid 8")
    before = state.observation(None)
    for text in ("bid 8", "bid 7"):
        with pytest.raises(IllegalAction, match="more than the standing bid of 8"):
            state.apply_text(text)
    assert state.observation(None) == before


def test_the_lowest_bid_is_an_option() -> None:
    state = new(min_bid=7)
    assert state.legal_texts()[:2] == ["pass", "bid 7"]
    with pytest.raises(IllegalAction, match="lowest bid is 7"):
        state.apply_text("bid 6")


def test_an_opening_thirteen_may_still_be_contested() -> None:
    state = play(new(), "bid 13")
    assert state.phase == AUCTION and state.legal_texts() == ["pass", "contest"]  # R-RIDGE-4
    play(state, "pass")
    assert (state.declarer, state.bid, state.contested) == (0, 13, False)
    state = play(new(contest_13=False), "bid 13")
    assert (state.phase, state.declarer, state.contested) == (DECLARING, 0, False)


def test_a_later_thirteen_ends_the_auction_at_once() -> None:
    state = play(new(), "bid 7", "bid 13")
    assert (state.phase, state.declarer, state.bid, state.contested) == (DECLARING, 1, 13, True)


# --- declaration and play -------------------------------------------------------------
def test_the_declarer_names_one_of_the_defenders_hands_to_lead() -> None:
    state = play(new(), "bid 7", "pass")
    assert state.legal_texts()[:2] == ["declare S E", "declare S W"]
    with pytest.raises(IllegalAction, match="your own hand"):
        state.apply_text("declare S N")
    play(state, "declare NT W")
    assert state.to_act() == 1 and state.observation(None)["hand_to_play"] == "W"


def test_a_ruff_wins_and_the_ruffing_hand_leads_next() -> None:
    state = play(new([RUFF_DEAL]), "bid 7", "pass", "declare H W", "play 2S", "play 2H", "play AS")
    # South holds spades and must follow, though North (same player) ruffed: R-RIDGE-9.
    with pytest.raises(IllegalAction, match="must follow suit"):
        state.apply_text("play AC")
    play(state, "play KS")
    assert state.won == [1, 0]
    assert state.observation(None)["hand_to_play"] == "N" and state.to_act() == 0
    assert state.log[-1][:2] == ("trick", 1)
    assert "North wins with 2♥, the highest trump on a spade lead" in state.observation(None)["log"][-1]


def test_a_hand_void_in_the_suit_led_may_play_any_card() -> None:
    state = play(new([RUFF_DEAL]), "bid 7", "pass", "declare NT W", "play 2S")
    assert len(state.legal_actions()) == 13  # North has no spade


# --- the match ------------------------------------------------------------------------
def test_the_first_to_the_target_wins() -> None:
    deals = [{"pbn": ONE_SUIT_EACH}] * 3
    state = play(new(deals, target=40), "bid 13", "pass", "declare S W")
    play_out_cards(state)
    assert state.match_scores() == [31, 0] and not state.is_over()
    play(state, "pass", "pass", "bid 7", "pass", "declare S E")  # seat 1 deals hand 2
    play_out_cards(state)
    assert state.is_over() and state.winners() == [0]


def test_a_fixed_number_of_hands_tied_is_shared() -> None:
    state = play(new(hands=1), "pass", "pass")
    assert state.is_over() and state.winners() == [0, 1]


# --- deals, PBN and records -----------------------------------------------------------
def test_pbn_deals_round_trip_and_name_their_errors() -> None:
    hands = parse_pbn(ONE_SUIT_EACH)
    assert cards_text(sorted(c for c in range(52) if hands[1] >> c & 1)) == cards_text(range(13, 26))
    state = new()
    text = deal_pbn(state.dealt)
    assert parse_pbn(text) == state.dealt
    assert parse_pbn("E:" + " ".join(text[2:].split()[1:] + text[2:].split()[:1])) == state.dealt
    assert hands_of_deal(state.deals[0]) == hands_of_deal({"pbn": text}) == state.dealt
    north, _east, south, west = text[2:].split()
    with pytest.raises(ValueError, match="dealt twice"):
        parse_pbn(f"N:{north} {north} {south} {west}")
    with pytest.raises(ValueError, match="North has 12 cards"):
        parse_pbn(f"N:{north[1:]} {_east} {south} {west}")
    with pytest.raises(ValueError, match="four hands"):
        parse_pbn("N:AKQ...")


def test_a_record_replays_from_a_pbn_deal_alone() -> None:
    state = play(new([{"pbn": ONE_SUIT_EACH}]), "bid 13", "contest", "declare S W")
    play_out_cards(state)
    record = record_of(state)
    record["deals"] = [{"pbn": d["pbn"]} for d in record["deals"]]
    assert replay(record).observation(None) == state.observation(None)


def test_the_observation_shows_every_hand_to_everyone() -> None:
    state = new()
    for seat in (None, 0, 1):
        obs = state.observation(seat)
        assert all(len(obs["hands"][h]) == 13 for h in "NESW")
        assert all(zone["hidden"] == 0 for zone in obs["zones"])
    assert parse_card(state.observation(1)["hands"]["N"][0]) in range(52)


# --- the views: status, recent, and the reasons for a refusal ---------------------------
def status_of(state: RidgeState) -> dict[str, str]:
    return {item["label"]: item["value"] for item in state.observation(0)["status"]}


def test_the_status_keeps_the_contract_the_tricks_and_the_target_in_view() -> None:
    state = new([RUFF_DEAL])
    assert status_of(state) == {"Auction": "no bid yet", "Target": "first to 150 points"}
    play(state, "bid 8")
    assert status_of(state)["Auction"] == "high bid 8 by seat 0"
    play(state, "pass")
    assert status_of(state)["Contract"] == "8 by seat 0 (North-South), uncontested"
    play(state, "declare H W", "play 2S", "play 2H", "play AS", "play KS")
    assert status_of(state) == {
        "Contract": "8 by seat 0 (North-South), uncontested; trumps hearts, W led",
        "Tricks": "North-South 1, East-West 0",
        "Needs": "seat 0 8 to make it, seat 1 6 to beat it",
        "Target": "first to 150 points",
    }
    contested = play(new(hands=2), "bid 5", "contest")
    assert status_of(contested) == {
        "Contract": "5 by seat 0 (North-South), contested",
        "Target": "the higher total after 2 hands",
    }
    assert status_of(new(hands=1))["Target"] == "the higher total after 1 hand"


def test_recent_shows_the_last_trick_with_its_winning_hand_marked() -> None:
    state = play(new([RUFF_DEAL]), "bid 7", "pass", "declare H W", "play 2S", "play 2H", "play AS")
    assert state.observation(1)["recent"] is None
    play(state, "play KS")
    recent = state.observation(1)["recent"]
    assert recent["label"] == "Trick 1"
    assert [(p["seat"], p["hand"], p["cards"], p["mark"]) for p in recent["plays"]] == [
        (1, "W", ["2S"], False), (0, "N", ["2H"], True), (1, "E", ["AS"], False), (0, "S", ["KS"], False)
    ]
    assert not any(p["face_down"] for p in recent["plays"])
    assert "North wins with 2♥, the highest trump" in recent["explanation"]


def test_recent_shows_the_last_hands_final_trick_until_the_next_one_is_played() -> None:
    state = play(new([{"pbn": ONE_SUIT_EACH}] * 2), "bid 13", "pass", "declare S W")
    play_out_cards(state)
    recent = state.observation(None)["recent"]
    assert recent["label"] == "Hand 1, last trick" and state.hand_number == 1
    assert [p["mark"] for p in recent["plays"]] == [p["hand"] == "N" for p in recent["plays"]]
    assert recent["explanation"].startswith("Trick 13:")


@pytest.mark.parametrize(
    ("texts", "refused", "reason"),
    [
        ((), "contest", "There is no bid to contest."),
        (("bid 5", "bid 6"), "contest", "Only the first answer to the opening bid may contest it"),
        (("bid 13",), "bid 12", "Nobody can bid more than 13 tricks: pass or contest."),
        ((), "play AS", "It is time to bid: pass, bid a number of tricks, or contest."),
        (("bid 7", "pass"), "play AS", "Name trumps and the leading hand"),
        (("bid 7", "pass"), "declare NT S", "South is your own hand"),
        (("bid 7", "pass", "declare H W"), "bid 8", "It is time to play a card, like 'play Q♠'."),
        (("bid 7", "pass", "declare H W"), "play AS", "A♠ is not in West's hand; West is to play."),
        (("bid 7", "pass", "declare H W", "play 2S"), "play 2S", "2♠ is not in North's hand"),
        (("bid 7", "pass", "declare H W", "play 2S", "play 2H"), "play AD", "East holds spades and must follow suit."),
    ],
)
def test_a_refused_action_says_why(texts: tuple[str, ...], refused: str, reason: str) -> None:
    state = play(new([RUFF_DEAL]), *texts)
    before = state.observation(None)
    with pytest.raises(IllegalAction) as refusal:
        state.apply_text(refused)
    assert str(refusal.value).startswith(reason)
    assert state.observation(None) == before
