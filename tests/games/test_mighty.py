"""Mighty rules pinned by the source and docs/rules/mighty.md
(R-MIGHTY-1..24, the test scenarios of its part 9)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.cards import card_text, parse_card
from parlour.engine import IllegalAction, OptionsError
from parlour.games.mighty import GAME, MightyState, points
from parlour.record import record_of, replay

# Seat 0 deals and declares 13 H; trumps hearts: the mighty is AS, the ripper 3C.
DEAL_RIPPER = {
    0: "3C 4C 5C 6C 7C 8C 9C TC JC QC",
    1: "JK KC AC 2D 3D 4D 5D 6D 7D 8D",
    2: "AS 2C 9D TD JD QD KD AD 2S 3S",
    3: "4S 5S 6S 7S 8S 9S TS JS QS KS",
    4: "5H 6H 7H 8H 9H TH JH QH KH AH",
    "widow": "2H 3H 4H",
}


def deal(spec: dict[Any, str]) -> list[dict[str, Any]]:
    """A deal from `spec` (seat -> cards, "widow" -> cards); unnamed places filled in order."""
    used = {parse_card(t) for v in spec.values() for t in v.split()}
    rest = [card_text(c) for c in range(53) if c not in used]
    hands = []
    for s in range(5):
        if s in spec:
            hands.append(spec[s].split())
        else:
            hands.append(rest[:10])
            rest = rest[10:]
    widow = spec["widow"].split() if "widow" in spec else rest[:3]
    return [{"hands": hands, "widow": widow}]


def new(spec: dict[Any, str] | None = None, seed: int = 0, **options: Any) -> MightyState:
    return GAME.new_state(GAME.options(**options), seed, deals=deal(spec) if spec else None)


def play(state: MightyState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def declare(state: MightyState, bid: str, discard: str, trump: str, call: str) -> None:
    """Seat 0 (dealer and opener) wins the auction at `bid`, exchanges, names trumps, calls."""
    play(state, f"bid {bid}", "pass", "pass", "pass", "pass", f"discard {discard}", f"trump {trump}", f"call {call}")


# --- scoring (scenarios 1-5) -------------------------------------------------------------


def scored(contract: int, partner: int | None, defender_points: int) -> list[int]:
    """The hand scores with seat 0 declaring `contract` and the defenders taking that many points."""
    state = new(DEAL_RIPPER)
    state.declarer, state.partner, state.contract = 0, partner, contract
    side = {0} | ({partner} if partner is not None else set())
    defenders = [s for s in range(5) if s not in side]
    point_cards = [c for c in range(52) if points(1 << c)]
    state.won = [0] * 5
    for i, c in enumerate(point_cards):
        seat = defenders[0] if i < defender_points else 0
        state.won[seat] |= 1 << c
    result, _ = state.hand_result()
    assert sum(result) == 0, "a hand's scores balance"
    return result


def test_scenario_1_made_17_with_a_partner() -> None:
    assert scored(17, 4, 3) == [10, -5, -5, -5, 5]


def test_scenario_2_broken_14_with_a_partner_by_the_bid_not_the_shortfall() -> None:
    assert scored(14, 4, 8) == [-4, 2, 2, 2, -2]
    assert scored(14, 4, 7) == [-4, 2, 2, 2, -2], "D = 13 breaks 14 by one: the same score (R-MIGHTY-12)"


def test_scenario_3_made_15_without_a_partner() -> None:
    assert scored(15, None, 2) == [12, -3, -3, -3, -3]


def test_scenario_4_a_run_doubles() -> None:
    assert scored(13, 4, 0) == [4, -2, -2, -2, 2]


def test_scenario_5_a_back_run_doubles() -> None:
    assert scored(15, 4, 11) == [-12, 6, 6, 6, -6]
    assert scored(15, 4, 10) == [-6, 3, 3, 3, -3]


# --- auction -------------------------------------------------------------------------------


def test_the_auction_order_and_its_end() -> None:
    state = new(seed=1)
    assert state.to_act() == 0, "the dealer bids first on the first hand"
    with pytest.raises(IllegalAction):
        state.apply_text("bid 12 S")  # R-MIGHTY-1: 13 is the least bid
    play(state, "pass")  # R-MIGHTY-2: the opener may pass
    play(state, "bid 13 S")
    assert "bid 13 NT" in state.legal_texts() and "bid 13 H" not in state.legal_texts()
    play(state, "bid 13 NT", "bid 14 D", "pass")
    assert state.to_act() == 1, "seat 0 passed and is out; seat 4 passed"
    play(state, "pass", "pass")
    assert state.phase == "exchange" and state.declarer == 3 and state.contract == 14
    assert len(state.observation(3)["hand"]) == 13, "the declarer took the widow"


def test_twenty_no_trump_ends_the_auction_at_once() -> None:
    state = new(seed=2)
    play(state, "bid 13 S", "bid 20 NT")
    assert state.phase == "exchange" and state.declarer == 1


def test_all_pass_redeals_by_the_same_dealer_and_is_not_a_hand() -> None:
    state = new(seed=3)
    play(state, "pass", "pass", "pass", "pass", "pass")
    assert state.phase == "auction" and state.dealer == 0 and state.to_act() == 0
    assert len(state.deals) == 2 and state.hand_number == 0 and state.scores_by_hand() == []
    again = replay(record_of(state))
    assert again.observation(None) == state.observation(None)


def test_all_pass_forced_bid_option() -> None:
    state = new(seed=3, all_pass="force")
    play(state, "pass", "pass", "pass", "pass", "pass")
    assert state.to_act() == 0
    assert state.legal_texts() == ["bid 13 S", "bid 13 H", "bid 13 D", "bid 13 C", "bid 13 NT"]
    play(state, "bid 13 NT")
    assert state.phase == "exchange" and state.declarer == 0 and state.contract == 13


# --- trumps and the contract (scenario 6) ---------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "trump", "contract", "mighty", "ripper"),
    [("14 H", "S", 16, "AD", "3C"), ("14 NT", "C", 16, "AS", "3S"), ("14 S", "NT", 15, "AS", "3C"),
     ("14 H", "H", 14, "AS", "3C")],
)
def test_scenario_6_changing_trumps_raises_the_contract(bid: str, trump: str, contract: int, mighty: str,
                                                         ripper: str) -> None:
    state = new(DEAL_RIPPER)
    play(state, f"bid {bid}", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", f"trump {trump}")
    assert state.contract == contract
    assert card_text(state.mighty) == mighty and card_text(state.ripper) == ripper


def test_no_change_may_take_the_contract_above_20() -> None:
    state = new(DEAL_RIPPER)
    play(state, "bid 19 S", "pass", "pass", "pass", "pass", "discard 2H 3H 4H")
    assert state.legal_texts() == ["trump S", "trump NT"]
    with pytest.raises(IllegalAction):
        state.apply_text("trump H")


# --- play (scenarios 7-9) ------------------------------------------------------------------


def test_scenario_7_neither_mighty_nor_joker_leads_the_first_trick() -> None:
    spec = dict(DEAL_RIPPER)
    spec[0], spec[1] = "JK AS 5C 6C 7C 8C 9C TC JC QC", "3C KC AC 2D 3D 4D 5D 6D 7D 8D"
    spec[2] = "4C 2C 9D TD JD QD KD AD 2S 3S"
    state = new(spec)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    legal = state.legal_texts()
    assert "play AS" not in legal and not [t for t in legal if t.startswith("play JK")]
    with pytest.raises(IllegalAction, match="first trick"):
        state.apply_text("play AS")


def test_scenario_8_the_ripper_forces_the_joker_which_cannot_win() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    assert state.partner == 4
    play(state, "play 3C")
    assert state.legal_texts() == ["play JK"], "the joker's holder must play it to a led ripper"
    play(state, "play JK", "play 2C", "play 4S", "play 5H")
    assert state.tricks[-1]["winner"] == 4, "the joker has no power: the trump wins"
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play 3C", "play JK", "play AS", "play 4S", "play 5H")
    assert state.tricks[-1]["winner"] == 2, "the mighty wins"


def test_the_ripper_called_option() -> None:
    state = new(DEAL_RIPPER, ripper="called")
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    assert "play 3C call" in state.legal_texts()
    play(state, "play 3C")
    assert "play KC" in state.legal_texts(), "a ripper led without the call forces nothing"
    state = new(DEAL_RIPPER, ripper="called")
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play 3C call")
    assert state.legal_texts() == ["play JK"]


def test_scenario_9_mighty_over_joker_and_joker_over_trumps() -> None:
    spec = {
        0: "AH 4C 5C 6C 7C 8C 9C TC JC QC",
        1: "JK KC AC 2D 3D 4D 5D 6D 7D 8D",
        2: "AS 2C 9D TD JD QD KD AD 2S 3S",
        3: "4S 5S 6S 7S 8S 9S TS JS QS KS",
        4: "5H 6H 7H 8H 9H TH JH QH KH 3C",
        "widow": "2H 3H 4H",
    }
    state = new(spec)
    declare(state, "13 S", "2H 3H 4H", "S", "KH")
    assert card_text(state.mighty) == "AD"
    play(state, "play 4C", "play JK", "play 2C", "play 4S", "play 3C")
    assert state.tricks[-1]["winner"] == 1, "the joker (played freely, R-MIGHTY-6) beats the trump 4S"
    assert state.phase == "play" and state.to_act() == 1, "no point card in the trick: no reveal prompt"


def test_a_joker_lead_names_the_suit_and_wins_over_a_trump() -> None:
    spec = {
        0: "JK AC KC QC JC TC 9C 8C 7C 6C",
        1: "AH 5C 4C 2D 3D 4D 5D 6D 7D 8D",
        2: "AS 2C 9D TD JD QD KD AD 2S 3S",
        3: "4S 5S 6S 7S 8S 9S TS JS QS KS",
        4: "5H 6H 7H 8H 9H TH JH QH KH 3C",
        "widow": "2H 3H 4H",
    }
    state = new(spec)
    declare(state, "13 D", "2H 3H 4H", "D", "KH")
    play(state, "play AC", "play 4C", "play 2C", "play 4S", "play 3C")
    assert state.to_act() == 0 and state.phase == "play", "the declarer's own trick prompts nobody"
    assert "play JK H" in state.legal_texts() and "play JK" not in state.legal_texts()
    with pytest.raises(IllegalAction, match="names the suit to follow"):
        state.apply_text("play JK")
    play(state, "play JK H")
    assert state.legal_texts() == ["play AH"], "the joker named hearts: follow hearts"
    play(state, "play AH", "play 9D", "play 5S")
    assert all(t.split()[1].endswith("H") for t in state.legal_texts())
    play(state, "play 5H")
    assert state.tricks[-1]["winner"] == 0, "the joker beats the one trump played"


def test_a_winner_who_is_not_the_partner_can_only_pass() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "JD")
    assert state.partner == 2
    play(state, "play QC", "play KC", "play 2C", "play 4S", "play 5H")
    assert state.phase == "reveal" and state.to_act() == 4
    assert state.legal_texts() == ["pass"]
    with pytest.raises(IllegalAction, match="Only the partner"):
        state.apply_text("reveal")
    play(state, "pass")
    assert state.to_act() == 4 and state.phase == "play"


def test_the_called_card_reveals_the_partner_when_played() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    for seat in range(5):
        assert state.observation(seat)["partner"] is None
    play(state, "play 3C", "play JK", "play 2C", "play 4S", "play KH")
    assert state.revealed == 4 and state.sides_known
    assert all(state.observation(s)["partner"] == 4 for s in range(5))


def test_the_partner_may_reveal_after_winning_points() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play QC", "play KC", "play 2C", "play 4S", "play AH")
    assert state.to_act() == 4 and state.legal_texts() == ["reveal", "pass"]
    play(state, "reveal")
    assert state.observation(1)["partner"] == 4 and state.to_act() == 4


def test_a_card_in_the_declarers_hand_means_no_partner() -> None:
    """R-MIGHTY-9: calling one's own card scores as without a partner."""
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "QC")
    assert state.partner is None and not state.sides_known
    play(state, "play QC")
    assert state.sides_known and state.revealed is None


def test_the_hint_only_after_twenty_no_trump() -> None:
    state = new(DEAL_RIPPER)
    play(state, "bid 20 NT", "discard 2H 3H 4H", "trump NT")
    assert "call KH hint S" in state.legal_texts()
    play(state, "call KH hint S")
    assert state.observation(3)["hint"] == "S"
    state = new(DEAL_RIPPER)
    play(state, "bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H")
    assert "call KH hint S" not in state.legal_texts()
    with pytest.raises(IllegalAction):
        state.apply_text("call KH hint S")


def test_the_deal_passes_to_the_partner_and_the_declarer_opens() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    rng = random.Random(0)
    while state.hand_number == 0:
        state.apply(rng.choice(state.legal_actions()))
    assert state.dealer == 4 and state.opener == 0 and state.to_act() == 0
    assert len(state.scores_by_hand()) == 1 and sum(state.scores_by_hand()[0]) == 0


def test_hidden_widow_discards_and_partner() -> None:
    state = new(DEAL_RIPPER)
    for seat in range(5):
        words = json.dumps(state.observation(seat))
        assert '"2H"' not in words and '"3H"' not in words, "the widow is hidden from everyone"
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    assert state.observation(0)["discards"] == ["4H", "3H", "2H"]
    for seat in range(1, 5):
        obs = state.observation(seat)
        assert obs["discards"] is None and obs["widow"] is None
        assert [0, "discard"] in obs["actions"]
        assert '"2H"' not in json.dumps(obs)


def test_determinize_puts_the_called_card_with_the_revealed_partner() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "AH")
    play(state, "play QC", "play KC", "play 2C", "play 4S", "play 5H", "reveal")
    obs = state.observation(1)
    rng = random.Random(2)
    for _ in range(30):
        world = GAME.determinize(obs, rng)
        assert world.observation(1) == obs
        assert "AH" in world.observation(4)["hand"]


def test_determinize_keeps_voids_and_the_joker_shown_missing() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play 3C", "play JK", "play 2C", "play 4S", "play 5H")
    obs = state.observation(0)
    rng = random.Random(3)
    for _ in range(30):
        world = GAME.determinize(obs, rng)
        assert world.observation(0) == obs
        assert not [c for c in world.observation(3)["hand"] if c.endswith("C")]
        assert not [c for c in world.observation(4)["hand"] if c.endswith("C")]


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        GAME.options(players=4)
    with pytest.raises(OptionsError):
        GAME.options(min_bid=12)


def test_the_mighty_alone_in_its_suit_must_follow() -> None:
    """R-MIGHTY-16: "If the mighty is the only card you have in its suit and that suit is
    led, you have to play it"."""
    spec = {
        0: "4S 4C 5C 6C 7C 8C 9C TC JC QC",
        1: "JK KC AC 2D 3D 4D 5D 6D 7D 8D",
        2: "AS 2C 9D TD JD QD KD AD 3C 2H",
        3: "5S 6S 7S 8S 9S TS JS QS KS 2S",
        4: "5H 6H 7H 8H 9H TH JH QH KH AH",
        "widow": "3S 3H 4H",
    }
    state = new(spec)
    declare(state, "13 H", "3S 3H 4H", "H", "KH")
    play(state, "play 4S")
    assert "play JK" in state.legal_texts(), "the joker may be played at any time (R-MIGHTY-6)"
    play(state, "play 2D")
    assert state.legal_texts() == ["play AS"]
    strict = new(spec, joker_free=False)
    declare(strict, "13 H", "3S 3H 4H", "H", "KH")
    play(strict, "play 4S")
    assert "play JK" in strict.legal_texts(), "void in spades, the joker may be played even when strict"


@pytest.mark.parametrize(("joker_free", "legal"), [(True, ["play JK", "play AC", "play KC"]), (False, ["play AC", "play KC"])])
def test_the_joker_while_holding_the_suit(joker_free: bool, legal: list[str]) -> None:
    """R-MIGHTY-6: seat 1 holds the joker and clubs when clubs are led."""
    state = new(DEAL_RIPPER, joker_free=joker_free)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play 4C")
    assert sorted(state.legal_texts()) == sorted(legal)


def test_determinize_after_a_thrown_in_deal_and_for_the_declarer() -> None:
    state = new(seed=3)
    play(state, "pass", "pass", "pass", "pass", "pass", "bid 13 S", "pass", "pass", "pass", "pass")
    rng = random.Random(4)
    for seat in range(5):
        obs = state.observation(seat)
        assert obs["deal_number"] == 1
        assert GAME.determinize(obs, rng).observation(seat) == obs
    hand = state.observation(0)["hand"]
    play(state, f"discard {' '.join(hand[-3:])}", "trump S", "call none")
    obs = state.observation(0)
    assert obs["discards"] is not None and len(obs["discards"]) == 3
    world = GAME.determinize(obs, rng)
    assert world.observation(0) == obs
    assert sorted(card_text(c) for c in world.discards) == sorted(hand[-3:])


def test_who_holds_the_called_card_does_not_show_to_the_others() -> None:
    """Seats 1 and 2 swap 8D and 9D; 9D is called: the partner differs, no one else can tell."""
    swapped = dict(DEAL_RIPPER)
    swapped[1] = DEAL_RIPPER[1].replace("8D", "9D")
    swapped[2] = DEAL_RIPPER[2].replace("9D", "8D")
    states = [new(DEAL_RIPPER), new(swapped)]
    for state in states:
        declare(state, "13 H", "2H 3H 4H", "H", "9D")
        play(state, "play 3C", "play JK", "play 2C", "play 4S", "play 5H")
    assert [s.partner for s in states] == [2, 1]
    for seat in (None, 0, 3, 4):
        assert states[0].observation(seat) == states[1].observation(seat)


# --- what a player reads: status, recent, the hand's points, the reasons for a refusal ------


def status(state: MightyState, seat: int = 1) -> dict[str, str]:
    return {row["label"]: row["value"] for row in state.observation(seat)["status"]}


def test_status_follows_the_auction_the_contract_and_the_sides() -> None:
    state = new(DEAL_RIPPER)
    assert status(state) == {"Auction": "no bid yet; seat 0 opened"}
    play(state, "bid 13 H", "bid 14 S")
    assert status(state) == {"Auction": "seat 1 bids 14 ♠; seat 0 opened"}
    state = new(DEAL_RIPPER)
    play(state, "bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H")
    assert status(state) == {"Contract": "seat 0 bid 13 ♥; trumps to be named",
                             "Points taken": "declarer 0, others (sides unknown) 0; needs 13"}
    play(state, "trump S", "call KH")
    assert status(state) == {"Contract": "seat 0, 15 ♠", "Called": "K♥", "Partner": "unknown",
                             "Mighty": "A♦", "Ripper": "3♣",
                             "Points taken": "declarer 0, others (sides unknown) 0; needs 15"}


def test_status_counts_the_point_cards_of_each_side_once_the_partner_reveals() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    play(state, "play QC", "play KC", "play 2C", "play 4S", "play AH")
    assert state.observation(2)["scores"]["hand"] == [0, 0, 0, 0, 3], "QC KC AH: seat 4's three point cards"
    assert status(state)["Points taken"] == "declarer 0, others (sides unknown) 3; needs 13"
    play(state, "reveal")
    assert status(state)["Partner"] == "seat 4"
    assert status(state)["Points taken"] == "declarer's side 3, defenders 0; needs 13"


def test_status_of_a_hand_without_a_partner_and_with_a_hint() -> None:
    state = new(DEAL_RIPPER)
    play(state, "bid 20 NT", "discard 2H 3H 4H", "trump NT", "call KH hint S")
    assert status(state)["Contract"] == "seat 0, 20 no trump"
    assert status(state)["Called"] == "K♥, suggesting a ♠ lead"
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "none")
    assert status(state)["Partner"] == "none"
    assert status(state)["Points taken"].startswith("declarer's side 0, defenders 0")


def test_recent_is_the_last_trick_with_its_winner_marked() -> None:
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    assert state.observation(1)["recent"] is None
    play(state, "play QC", "play KC", "play 2C", "play 4S", "play AH", "pass")
    play(state, "play 5H")
    recent = state.observation(1)["recent"]
    assert recent["label"] == "Trick 1"
    assert [(p["seat"], p["cards"], p["mark"]) for p in recent["plays"]] == [
        (0, ["QC"], False), (1, ["KC"], False), (2, ["2C"], False), (3, ["4S"], False), (4, ["AH"], True)]
    assert not any(p["face_down"] for p in recent["plays"])
    assert recent["explanation"] == (
        "Trick 1: seat 0 Q♣, seat 1 K♣, seat 2 2♣, seat 3 4♠, seat 4 A♥; seat 4 wins with A♥, the highest trump.")


@pytest.mark.parametrize(
    ("moves", "bad", "reason"),
    [
        ([], "bid 12 S", "Bid from 13 to 20"),
        (["bid 14 S"], "bid 14 D", "Bid higher than the current bid"),
        (["bid 13 H", "pass", "pass", "pass", "pass"], "discard 3C 4C AD", "You do not hold A♦"),
        (["bid 19 S", "pass", "pass", "pass", "pass", "discard 2H 3H 4H"], "trump H", "a change the contract can afford"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H"], "call KH hint S",
         "a hint only after a 20 NT bid"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH"], "play AS",
         "You do not hold A♠"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH"], "bid 14 S",
         "It is time to play a card"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH"], "play 3C call",
         "A led ripper always forces the joker"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH", "play 3C"],
         "play KC", "The ripper was led: you must play the joker"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH", "play QC"],
         "play 2D", "You must follow ♣"),
        (["bid 13 H", "pass", "pass", "pass", "pass", "discard 2H 3H 4H", "trump H", "call KH", "play QC"],
         "play JK H", "Only the leader names the joker's suit"),
    ],
)
def test_why_an_action_is_refused(moves: list[str], bad: str, reason: str) -> None:
    state = new(DEAL_RIPPER)
    play(state, *moves)
    before = state.observation(None)
    with pytest.raises(IllegalAction, match=reason):
        state.apply_text(bad)
    assert state.observation(None) == before


def test_a_forced_opener_is_told_to_bid() -> None:
    state = new(seed=3, all_pass="force")
    play(state, "pass", "pass", "pass", "pass", "pass")
    with pytest.raises(IllegalAction, match="Everyone passed: you must bid 13"):
        state.apply_text("pass")


def test_a_thrown_in_deal_is_told_and_survives_determinize() -> None:
    state = new(seed=3)
    play(state, "pass", "pass", "pass", "pass", "pass")
    obs = state.observation(2)
    assert obs["throw_ins"] == 1 and obs["actions"] == []
    assert obs["log"] == ["Hand 1: all passed; seat 0 deals again."]
    assert GAME.determinize(obs, random.Random(1)).observation(2) == obs


def test_the_rules_record_events_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log and the hand's summary hold events (tuples);
    the view words them for a reader with names, "you" for its own seat, no seat number
    left and every verb agreeing with its subject."""
    import re

    from parlour.games.mighty import view
    from parlour.words import Seats

    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    state = new(DEAL_RIPPER)
    declare(state, "13 H", "2H 3H 4H", "H", "KH")
    rng = random.Random(2)
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    events = state.last_hand["log"]
    assert all(isinstance(e, tuple) for e in events)
    said = [view.sentence(e, Seats(names, me=4)) for e in events]
    assert said[:3] == ["Hand 1: Ann deals; Ann opens the auction.", "Ann bids 13 ♥.", "Bob passes."]
    assert "Ann declares at 13 ♥ and takes the widow." in said
    assert any(line.startswith("You ") or " you " in line for line in said)
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d", line), line
        assert not re.search(r"\b[Yy]ou (wins|plays|passes|bids|deals|reveals|does|is|takes)\b", line), line
    reader = Seats(names, me=0)
    assert view.sentence(("declare", 0, 13, 4), reader) == "You declare at 13 no trump and take the widow."
    assert view.sentence(("reveal", 0, True), reader) == "You reveal: you are the partner."
    assert view.sentence(("reveal", 2, False), reader) == "Cy does not reveal."
    assert view.sentence(("called_played", 3, False), reader) == "Dee plays the called card and is the partner."
    assert all(isinstance(line, str) for line in state.observation(1)["last_hand"]["log"])
