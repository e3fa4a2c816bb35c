"""Seven and a Half: the source's rules and every scenario and ruling of
docs/rules/seven_and_a_half.md, on stocks fixed card by card (R-SEVENHALF-14: holes to the
punters in turn order, then the banker, then the hits in the order they are made)."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import CARD_TEXTS
from parlour.engine import IllegalAction, cards_conserved
from parlour.games.seven_and_a_half import GAME, PACK, SevenHalfState, half_text, hand_total
from parlour.record import record_of, replay, summary

sys.path.insert(0, str(Path(__file__).parents[1]))  # the contract's checks, shared with the toy's tests
from test_conformance import _check_observations  # noqa: E402


def stock(*first: str) -> dict[str, Any]:
    rest = [CARD_TEXTS[c] for c in PACK if CARD_TEXTS[c] not in first]
    return {"stock": [*first, *rest]}


def play(players: int, first: list[str], actions: list[str], **options: Any) -> SevenHalfState:
    state = GAME.new_state(GAME.options(players=players, **options), 0, deals=[stock(*first)])
    for text in actions:
        state.apply_text(text)
    assert isinstance(state, SevenHalfState)
    return state


def cards(text: str) -> list[int]:
    return [PACK[[CARD_TEXTS[c] for c in PACK].index(t)] for t in text.split()]


def test_the_pack_and_the_values() -> None:
    """52 - 12 = 40 cards, ten a suit; courts are a half, KD is wild (R-SEVENHALF-4)."""
    assert len(PACK) == 40 and not any(CARD_TEXTS[c][0] in "89T" for c in PACK)
    assert hand_total(cards("7C QH")) == 15 and hand_total(cards("KD QS")) == 15
    assert hand_total(cards("KD 7S")) == 16, "KD + 7 is at least 8: a bust, not a 7½"
    assert half_text(hand_total(cards("5S JD"))) == "5½" and half_text(1) == "½"


def test_1_a_two_card_seven_and_a_half_stands_at_once_and_is_paid_double() -> None:
    state = play(2, ["QC", "5D", "7H", "JS"], ["bet 5", "hit"])
    seat = state.observation(0)["seats"][1]
    assert seat["state"] == "two-card 7½" and seat["hole"] == "QC", "the hole card is shown"
    assert state.to_act() == 0, "the punter stands automatically; the banker plays"
    state.apply_text("stand")
    assert state.hand_scores() == [-10, 10]
    assert state.dealer == 1, "a two-card 7½ takes the bank"
    state = play(2, ["QC", "7D", "7H", "JS"], ["bet 5", "hit", "hit"])
    assert state.hand_scores() == [0, 0], "against the banker's two-card 7½ it is a push"
    assert state.dealer == 0, "the banker with a two-card 7½ keeps the bank"


def test_2_king_of_diamonds_and_a_court_card() -> None:
    state = play(2, ["KD", "5D", "QS"], ["bet 2", "hit"])
    assert state.observation(1)["seats"][1]["state"] == "two-card 7½"


def test_3_seven_and_the_wild_king_is_a_bust_and_the_bet_is_lost_at_once() -> None:
    state = play(3, ["7S", "4C", "2D", "KD"], ["bet 3", "bet 1", "hit"])
    assert state.hand_points() == [3, -3, 0], "the banker collects at once"
    obs = state.observation(2)
    assert obs["seats"][1]["state"] == "bust" and obs["seats"][1]["hole"] == "7S"
    assert state.to_act() == 2, "a further hit from the busted seat is out of turn (R-SEVENHALF-17)"


def test_4_the_wild_king_takes_the_best_value() -> None:
    state = play(2, ["KD", "5D", "3C", "2H"], ["bet 1", "hit", "hit"])
    assert state.observation(1)["seats"][1]["total"] == "7"
    state = play(2, ["KD", "5D", "AS"], ["bet 1", "hit"])
    assert state.observation(1)["seats"][1]["total"] == "7"


def test_5_totals_compare_and_ties_push() -> None:
    state = play(2, ["6C", "5S", "JD"], ["bet 4", "stand", "hit", "stand"])
    assert state.hand_scores() == [-4, 4]
    state = play(2, ["6C", "5S", "AD"], ["bet 4", "stand", "hit", "stand"])
    assert state.hand_scores() == [0, 0], "equal totals push (R-SEVENHALF-12)"


def test_6_the_bankers_two_card_seven_and_a_half_beats_a_three_card_one() -> None:
    state = play(2, ["4C", "7S", "3D", "JS", "QH"], ["bet 3", "hit", "hit", "hit"])
    assert state.hand_scores() == [3, -3]
    state = play(2, ["4C", "5S", "3D", "JS", "2H", "QH"], ["bet 3", "hit", "hit", "hit", "hit"])
    assert state.hand_scores() == [0, 0], "3-card 7½ against 3-card 7½ pushes"


def test_7_a_banker_bust_pays_the_standing_and_doubles_a_two_card_seven_and_a_half() -> None:
    first = ["4C", "7D", "6H", "6S", "QS", "5H", "4S"]
    state = play(4, first, ["bet 5", "bet 3", "bet 2", "stand", "hit", "hit", "hit"])
    assert state.hand_scores() == [-9, 5, 6, -2]
    assert state.dealer == 2 and state.hand_number == 1


def test_8_the_first_two_card_holder_clockwise_takes_the_bank() -> None:
    first = ["7C", "2D", "7D", "5S", "JH", "KS"]
    state = play(4, first, ["bet 1", "bet 1", "bet 1", "hit", "stand", "hit", "stand"])
    assert state.dealer == 1
    first = ["7C", "2D", "7D", "7S", "JH", "KS", "JC"]
    state = play(4, first, ["bet 1", "bet 1", "bet 1", "hit", "stand", "hit", "hit"])
    assert state.dealer == 0, "the banker's own two-card 7½ keeps the bank"


def test_nobody_bets_the_hand_is_void_and_counts() -> None:
    state = play(3, [], ["sit", "sit"], hands=2)
    assert state.hand_scores() == [0, 0, 0] and state.hand_number == 1 and state.dealer == 0
    assert state.deals[0] == stock(), "the void hand used its deal"


def test_the_stock_order_and_standing_at_once() -> None:
    state = play(3, ["AS", "2S", "3S"], ["bet 1", "bet 2", "stand"])
    assert state.observation(1)["hand"] == ["AS"] and state.observation(2)["hand"] == ["2S"]
    assert state.to_act() == 2 and state.legal_texts() == ["hit", "stand"]


def test_the_banker_plays_only_if_a_punter_stands_and_its_hole_stays_hidden() -> None:
    state = play(2, ["7S", "6D", "5C"], ["bet 2", "hit"])
    assert state.hand_scores() == [2, -2]
    last = state.observation(1)["last_hand"]
    assert last["cards"][0] == [] and not {"6D", "6♦"} & set(" ".join(last["log"]).replace(".", " ").split())


def test_hole_cards_are_private_until_shown() -> None:
    state = play(3, ["AS", "2S", "3S"], ["bet 1", "bet 2", "stand"])
    banker = state.observation(0)
    assert banker["seats"][1]["hole"] is None and banker["seats"][1]["hole_down"]
    assert state.observation(1)["seats"][0]["hole"] is None
    state.apply_text("stand")
    assert state.observation(1)["seats"][0]["hole"] == "3S", "the banker's turn shows its hole"
    state.apply_text("stand")
    assert state.observation(0)["last_hand"]["cards"][1] == ["AS"], "settlement shows every hole"


def test_bad_input_is_refused_with_a_sentence_and_changes_nothing() -> None:
    state = play(2, [], [])
    before = json.dumps(state.observation(None))
    for text, words in [("bet 11", "over the limit of 10"), ("hit", "bets come first"),
                        ("take bank", "offered only"), ("limits 1 5", "only before the bets")]:
        with pytest.raises(IllegalAction, match=words):
            state.apply_text(text)
    for text in ("bet 0", "bet x", "double"):
        with pytest.raises(IllegalAction):
            state.apply_text(text)
    assert json.dumps(state.observation(None)) == before
    state.apply_text("bet 1")
    with pytest.raises(IllegalAction, match="before the cards"):
        state.apply_text("bet 2")


def test_the_banker_sets_the_limits() -> None:
    state = play(2, [], [], banker_sets_limits=True, max_bet=8)
    with pytest.raises(IllegalAction, match="Limits are from 1 to 8 chips, the minimum first"):
        state.apply_text("limits 2 9")
    with pytest.raises(IllegalAction, match="the banker names the limits"):
        state.apply_text("hit")
    state = play(2, [], ["limits 2 4"], banker_sets_limits=True)
    assert state.legal_texts() == ["sit", "bet 2", "bet 3", "bet 4"]
    with pytest.raises(IllegalAction, match="over the limit of 4"):
        state.apply_text("bet 5")
    with pytest.raises(IllegalAction, match="under the minimum of 2"):
        state.apply_text("bet 1")


def test_a_bankroll_caps_the_bets_and_a_broke_seat_sits_out() -> None:
    state = play(3, ["2C", "6D"], ["bet 3", "sit", "stand", "stand"], bankroll=3)
    assert state.match_scores() == [3, -3, 0] and state.hand_number == 1
    assert state.to_act() == 2, "seat 1 has no chips left: it sits out with no action"
    assert state.observation(None)["chips"] == [6, 0, 3]
    state = play(2, [], [], bankroll=3)
    with pytest.raises(IllegalAction, match="more than your 3 chips"):
        state.apply_text("bet 4")


def test_the_bank_offered_may_be_declined_then_offered_to_the_next() -> None:
    first = ["7C", "2D", "7D", "5S", "JH", "KS"]
    state = play(4, first, ["bet 1", "bet 1", "bet 1", "hit", "stand", "hit", "stand"], bank_pass="offered")
    assert state.phase == "bank" and state.to_act() == 1 and state.legal_texts() == ["take bank", "decline"]
    state.apply_text("decline")
    assert state.to_act() == 3
    state.apply_text("take bank")
    assert state.dealer == 3 and state.hand_number == 1


def test_a_shoe_carries_its_stock_and_reshuffles_are_recorded_and_replay() -> None:
    seen = 0
    for seed in range(6):
        state = GAME.new_state(GAME.options(players=6, reshuffle="when_empty", hands=8), seed)
        rng = random.Random(seed)
        probe = random.Random(seed + 1)
        while state.to_act() is not None:
            legal = state.legal_texts()
            text = "hit" if "hit" in legal and rng.random() < 0.7 else rng.choice(legal)
            before = state.hand_number
            state.apply_text(text)
            assert cards_conserved(state)
            state.check_invariants()
            if state.hand_number == before + 1 and state.to_act() is not None:
                assert state.deals[-1]["stock"] == [CARD_TEXTS[c] for c in state.stock[: len(state.deals[-1]["stock"])]]
            if probe.random() < 0.3:
                _check_observations(GAME, state, probe)
        seen += sum(1 for d in state.deals if "reshuffles" in d)
        record = record_of(state)
        assert summary(replay({**record, "seed": None})) == summary(state)
    assert seen, "a shoe runs out across hands"


def test_a_shoe_that_runs_out_in_the_deal_and_in_the_hits() -> None:
    """The discards become the stock mid-hand, each new order is recorded (R-SEVENHALF-18), a
    record replays it under any seed, and determinize rebuilds worlds across the reshuffles.
    (With all 40 cards each hand, a hand cannot draw them all: 8 seats reach about 116 of
    the pack's 118 points before every one has busted.)"""
    for first, actions in [(["2C"], ["bet 1", "bet 2", "hit", "hit"]), (["2C", "3C", "4C"], ["bet 1", "hit", "hit"])]:
        players = 3 if len(first) == 1 else 2
        state = GAME.new_state(GAME.options(players=players, reshuffle="when_empty"), 5, deals=[{"stock": first}])
        assert state.discards == sorted(set(PACK) - set(cards(" ".join(first)))), "the rest of the shoe is discarded"
        probe = random.Random(5)
        for text in actions:
            state.apply_text(text)
            assert cards_conserved(state)
            _check_observations(GAME, state, probe)
        assert len(state.deals[0]["reshuffles"]) == 1
        again = replay({**record_of(state), "seed": 99})
        assert again.observation(None) == state.observation(None)


def test_chips_are_whole_exact_and_sum_to_zero() -> None:
    state = GAME.new_state(GAME.options(players=5, hands=6), 3)
    rng = random.Random(3)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
    assert sum(state.match_scores()) == 0 and state.money() == state.match_scores()
    assert all(isinstance(x, int) for h in state.scores_by_hand() for x in h)
    assert state.winners() == [s for s in range(5) if state.match_scores()[s] == max(state.match_scores())]
    def floats(x: Any) -> bool:
        if isinstance(x, dict):
            return any(floats(v) for v in x.values())
        return any(floats(v) for v in x) if isinstance(x, list) else isinstance(x, float)

    assert not floats(state.observation(None)) and not floats(summary(state)), "no float anywhere (G-10)"


def test_status_and_the_terminal_show_bets_cards_and_the_bank() -> None:
    state = play(3, ["AS", "2S", "3S", "4H"], ["bet 1", "bet 2", "hit"])
    obs = state.observation(2)
    labels = {row["label"]: row["value"] for row in obs["status"]}
    assert labels["Bank"] == "seat 0 (bets 1 to 10)"
    assert labels["Seat 1 bets 1"] == "?? 4♥ (in)" and labels["Seat 2 bets 2"] == "2♠ (in)"
    assert labels["Banker's cards"] == "??"
    assert obs["recent"]["plays"][0]["cards"] == ["4H"]
    names = ["Ann", "Bob", "Cy"]
    text = GAME.render_text(state.observation(2, names=names), names)
    assert "banker Ann, bets 1 to 10" in text and "Bob (bet 1): ?? 4♥" in text and "You (bet 2): 2♠" in text
    assert "Balances: Ann 0, Bob 0, you 0." in text
