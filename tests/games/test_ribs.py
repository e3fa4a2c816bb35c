"""Ribs rules pinned by the sources' own examples and docs/rules/ribs.md."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

from parlour.engine import IllegalAction, OptionsError, fraction_text
from parlour.games import game_from_spec
from parlour.games.ribs import (
    GAME,
    PLAYING,
    RANK_TEXT,
    TRICKS_PER_HAND,
    RibsState,
    lemon_score,
    pair_text,
    share_large_pot,
)


def deal_with(players: int, first_pairs: dict[int, str], fill: str = "") -> list[dict[str, Any]]:
    """A one-hand deal: seat s holds `first_pairs[s]` (e.g. "Q 9"), the rest filled from
    the remaining cards so that the pack is exactly `players` of each rank."""
    left = Counter({r: players for r in RANK_TEXT})
    hands: list[list[str]] = [[] for _ in range(players)]
    for seat, cards in first_pairs.items():
        for c in cards.split():
            hands[seat].append(c)
            left[c] -= 1
    assert all(v >= 0 for v in left.values()), "the example uses more cards than the pack has"
    rest = [r for r in (fill or RANK_TEXT) for _ in range(left[r])]
    rest += [r for r in RANK_TEXT for _ in range(left[r] - rest.count(r))]
    for seat in range(players):
        while len(hands[seat]) < 8:
            hands[seat].append(rest.pop())
    return [{"hands": hands}]


def play(state: RibsState, *texts: str) -> None:
    for text in texts:
        state.apply_text(text)


def new(players: int = 4, seed: int = 0, deals: list[dict[str, Any]] | None = None, **options: Any) -> RibsState:
    return GAME.new_state(GAME.options(players=players, **options), seed, deals=deals)


# --- bidding ------------------------------------------------------------------------------


def test_the_six_player_bidding_example() -> None:
    """pagat: A bids 2, B 3, C pass, D pass, E 4, F pass, A pass, B 5, E 6, B pass."""
    state = new(6)
    seats = "ABCDEF"
    script = [("A", "bid 2"), ("B", "bid 3"), ("C", "pass"), ("D", "pass"), ("E", "bid 4"), ("F", "pass"),
              ("A", "pass"), ("B", "bid 5"), ("E", "bid 6"), ("B", "pass")]
    for who, text in script:
        assert state.to_act() == seats.index(who), f"{who} should be to act before {text}"
        state.apply_text(text)
    assert state.phase == "playing"
    assert (state.bidder, state.bid) == (seats.index("E"), 6)
    assert state.to_act() == seats.index("E"), "the bidder plays the ribs first"


def test_the_opener_must_bid_exactly_two_and_nobody_jumps() -> None:
    state = new(4)
    assert state.legal_texts() == ["bid 2"]
    with pytest.raises(IllegalAction, match="exactly 2"):
        state.apply_text("bid 3")
    with pytest.raises(IllegalAction, match="cannot pass"):
        state.apply_text("pass")
    state.apply_text("bid 2")
    assert state.legal_texts() == ["pass", "bid 3"]
    with pytest.raises(IllegalAction, match="exactly 3"):
        state.apply_text("bid 5")


def test_at_least_two_opening_and_bids_by_two() -> None:
    state = new(4, opening="at_least_two", bid_step=2)
    assert state.legal_texts()[:3] == ["bid 2", "bid 3", "bid 4"]
    state.apply_text("bid 5")
    assert state.legal_texts() == ["pass", "bid 7"]


def test_bids_are_capped_at_four_per_opponent() -> None:
    state = new(4, opening="at_least_two")
    state.apply_text("bid 12")
    assert state.legal_texts() == ["pass"], "at the cap the others can only pass"
    play(state, "pass", "pass", "pass")
    assert (state.bidder, state.bid, state.phase) == (0, 12, "playing")


def test_if_everyone_passes_the_opener_is_bidder_at_two() -> None:
    state = new(5)
    play(state, "bid 2", "pass", "pass", "pass", "pass")
    assert (state.bidder, state.bid) == (0, 2)


def test_the_bidder_of_a_trick_opens_the_next_bidding() -> None:
    state = new(4, deals=deal_with(4, {0: "A K", 1: "Q J", 2: "T 9", 3: "8 7"}))
    play(state, "bid 2", "bid 3", "pass", "pass", "pass")
    assert state.bidder == 1
    play(state, "play Q J", "play T 9", "play 8 7", "play A K")
    assert state.trick_no == 1 and state.to_act() == 1 and state.legal_texts() == ["bid 2"]


# --- resolution ---------------------------------------------------------------------------


def six_players_against_q9() -> RibsState:
    deals = deal_with(6, {0: "Q 9", 1: "K 7", 2: "K 9", 3: "J T", 4: "Q J", 5: "A Q"})
    state = new(6, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "pass", "pass")
    play(state, "play Q 9", "play K 7", "play 9 K", "play 10 J", "play Q J", "play A Q")
    return state


def test_against_q9_k7_beats_and_k9_jt_qj_aq_are_defeated() -> None:
    """pagat: against ribs Q-9, K-7 beats; K-9, J-10, Q-J and A-Q are defeated."""
    state = six_players_against_q9()
    assert state._counts_texts(state.captured[1]) == ["K", "7"], "K-7 beats the ribs and is kept"
    for seat in (2, 3, 4, 5):
        assert sum(state.captured[seat]) == 0, f"seat {seat}'s pair is defeated"
    taken = Counter(state._counts_texts(state.captured[0]))
    assert taken == Counter("K 9 J T Q J A Q Q 9".split()), "the bidder takes the defeated pairs and the ribs"
    assert state.points_of(0) == 3 + 3 + 4 + 2 + 3
    assert "made the bid of 2" in state.sentence(state.log[-1])


def ribs_worth_three_defeating_six(bid_to: int) -> RibsState:
    """Ribs Q-9 (3 points) against J-T, 8-7 and A-9: 3 + 2 + 1 = 6 defeated."""
    deals = deal_with(4, {0: "Q 9", 1: "J T", 2: "8 7", 3: "A 9"})
    state = new(4, deals=deals)
    play(state, "bid 2", "bid 3", "bid 4", "bid 5", "bid 6")
    if bid_to == 6:
        play(state, "pass", "pass", "pass")
        assert (state.bidder, state.bid) == (0, 6)
    else:
        play(state, "bid 7", "pass", "pass", "pass")
        assert (state.bidder, state.bid) == (1, 7)
    return state


def test_ribs_worth_3_with_6_defeated_bid_6_takes_9() -> None:
    state = ribs_worth_three_defeating_six(6)
    play(state, "play Q 9", "play J T", "play 8 7", "play A 9")
    assert state.points_of(0) == 9
    assert all(state.points_of(s) == 0 for s in (1, 2, 3))


def test_ribs_worth_3_with_6_defeated_bid_7_takes_nothing() -> None:
    deals = deal_with(4, {1: "Q 9", 2: "J T", 3: "8 7", 0: "A 9"})
    state = new(4, deals=deals)
    play(state, "bid 2", "bid 3", "bid 4", "bid 5", "bid 6", "bid 7", "pass", "pass", "pass")
    assert (state.bidder, state.bid) == (1, 7)
    play(state, "play Q 9", "play J T", "play 8 7", "play A 9")
    assert state.points_of(1) == 0, "a failed bid captures nothing"
    assert (state.points_of(2), state.points_of(3), state.points_of(0)) == (3, 2, 1), "defeated pairs go back"
    assert state._counts_texts(state.discard_up) == ["Q", "9"], "the ribs go to the discard pile face up"
    assert "The bid of 7 failed: the defeated cards were worth 6" in state.sentence(state.log[-1])


def test_a_second_crackers_cards_go_to_the_first_cracker() -> None:
    deals = deal_with(5, {0: "K 8", 1: "Q Q", 2: "8 K", 3: "A 9", 4: "K 8"})
    state = new(5, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "pass")
    play(state, "play K 8", "play Q Q", "play 8 K", "fold A 9", "play K 8")
    taken = Counter(state._counts_texts(state.captured[2]))
    assert taken == Counter("K 8 Q Q K 8 K 8".split()), "the first cracker takes every face-up card"
    assert sum(state.captured[4]) == 0 and sum(state.captured[1]) == 0 and sum(state.captured[0]) == 0
    assert sorted(state._counts_texts(state.discard_folded)) == ["9", "A"], "folded cards count for no one"
    assert "Seat 2 cracked the ribs K 8 and takes all 13 points on the table (seat 4 cracked them too" in state.sentence(state.log[-1])


def test_a_matching_card_is_defeated_even_with_a_higher_card() -> None:
    """Denexa: ribs J-9 against A-J: the jacks match, the ribs win."""
    deals = deal_with(4, {0: "J 9", 1: "A J", 2: "A 7", 3: "8 7"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "play J 9", "play A J", "play A 7", "play 8 7")
    assert sum(state.captured[1]) == 0
    assert state._counts_texts(state.captured[2]) == ["A", "7"]


def test_both_above_needs_both_cards_above_both_ribs() -> None:
    deals = deal_with(4, {0: "Q 9", 1: "K 7", 2: "A K", 3: "8 7"})
    state = new(4, deals=deals, beat="both_above")
    play(state, "bid 2", "pass", "pass", "pass", "play Q 9", "play K 7", "play A K", "play 8 7")
    assert sum(state.captured[1]) == 0, "K-7 does not beat Q-9 when both must be above"
    assert state._counts_texts(state.captured[2]) == ["A", "K"]


def test_everyone_folding_or_beating_fails_the_bid() -> None:
    """R-RIBS-5: nothing defeated, so the bid of 2 fails."""
    deals = deal_with(4, {0: "8 7", 1: "A K", 2: "Q J", 3: "T 9"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "play 8 7", "play A K", "fold Q J", "play T 9")
    assert state.points_of(0) == 0
    assert state.points_of(1) == 2 and state.points_of(3) == 2
    assert "failed: the defeated cards were worth 0" in state.sentence(state.log[-1])


def test_folding_once_a_hand_and_never_by_the_bidder() -> None:
    deals = deal_with(4, {0: "8 7 8 7", 1: "A K Q J", 2: "Q J T 9", 3: "T 9 A K"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass")
    assert not any(t.startswith("fold") for t in state.legal_texts()), "the bidder never folds"
    play(state, "play 8 7", "fold A K", "play Q J", "play T 9")
    play(state, "bid 2", "pass", "pass", "pass", "play 8 7")
    with pytest.raises(IllegalAction, match="already folded"):
        state.apply_text("fold Q J")


def test_without_folding_and_the_open_last_trick() -> None:
    state = new(4, folding=False)
    play(state, "bid 2", "pass", "pass", "pass")
    play(state, state.legal_texts()[0])
    assert not any(t.startswith("fold") for t in state.legal_texts())
    state = new(4, seed=3, open_last_trick=True)
    rng = random.Random(1)
    while state.trick_no < 3:
        state.apply(rng.choice(state.legal_actions()))
    while state.phase == "bidding":
        state.apply(rng.choice(state.legal_actions()))
    bidder = state.to_act()
    state.apply(state.legal_actions()[0])
    obs = state.observation((bidder + 1) % 4)
    assert obs["table"][bidder]["cards"] is not None and not obs["table"][bidder]["face_down"], "ribs face up"
    assert not any(t.startswith("fold") for t in state.legal_texts()), "nobody folds in the open last trick"


# --- scoring, lemons, stakes, match --------------------------------------------------------


def test_lemonade_in_an_eight_player_game() -> None:
    """pagat: 3 lemons -9, 4 -12, 5 +10, 6 +10; with +3 each, 4 -12, 5 +15, 6 +18."""
    assert [lemon_score(k, 8) for k in (3, 4, 5, 6)] == [-9, -12, 10, 10]
    assert [lemon_score(k, 8, "three_each") for k in (4, 5, 6)] == [-12, 15, 18]


def test_lemons_rank_sevens_above_aces() -> None:
    deals = deal_with(4, {0: "A K", 1: "7 8", 2: "Q J", 3: "T 9"})
    state = new(4, deals=deals, lemons=True)
    play(state, "bid 2", "pass", "pass", "pass", "play A K", "play 7 8", "play Q J", "play T 9")
    assert state._counts_texts(state.captured[1]) == ["7", "8"], "a lemon beats A-K"
    assert state.points_of(1) == 1 - 3, "a lone lemon scores -3 at hand end"


def test_the_eighty_pot_shared_thirty_thirty_ten_ten() -> None:
    assert share_large_pot(80, [12, 12, 7, 7]) == [30, 30, 10, 10]
    assert share_large_pot(80, [3, 9, 5, 1]) == [20, 40, 20, 0]
    assert sum(share_large_pot(70, [5, 5, 5, 1, 0])) == 70
    assert share_large_pot(27, [1, 2, 3, 4])[3] == Fraction(27, 2)


def test_stakes_pay_raises_and_folds_and_the_bidder_takes_the_small_pot() -> None:
    deals = deal_with(4, {0: "Q 9", 1: "J T", 2: "8 7", 3: "A K"})
    state = new(4, deals=deals, stakes=(10, 1))
    play(state, "bid 2", "bid 3", "pass", "pass", "bid 4", "pass")
    assert state.bidder == 0 and state.small_pot == 2, "two raises pay; the opening bid does not"
    play(state, "play Q 9", "play J T", "fold 8 7", "play A K")
    assert state.hand_money == [-11, -11, -11, -10], "a raise or a fold pays one small stake"
    assert (state.large_pot, state.small_pot) == (43, 0), "the failed bid's small pot joins the large pot"
    made = new(4, deals=deals, stakes=(10, 1))
    play(made, "bid 2", "pass", "pass", "pass", "play Q 9", "play J T", "fold 8 7", "play A K")
    assert made.hand_money[0] == -10 + 1 and made.large_pot == 40, "a made bid takes the small pot"


def test_stakes_money_is_exact_and_sums_to_zero() -> None:
    for seed in range(30):
        state = new(5, seed=seed, stakes=(10, 1), hands_to_win=2)
        rng = random.Random(seed)
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_actions()))
            if state.hand_over():
                money = state.money()
                assert money is not None and sum(money) == 0
                assert all(isinstance(m, Fraction) for m in money)


def test_hand_winners_and_match_to_hands_to_win() -> None:
    state = new(4, seed=11, hands_to_win=2)
    rng = random.Random(2)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
        if state.hand_over():
            points = state.hand_scores()
            winners = state.last_hand["winners"]
            assert winners == [s for s in range(4) if points[s] == max(points)]
    assert max(state.wins) >= 2 and state.wins.count(max(state.wins)) == 1
    assert state.winners() == [state.wins.index(max(state.wins))]


def test_match_tie_share_lets_every_leader_win() -> None:
    for seed in range(40):
        state = new(4, seed=seed, hands_to_win=1, match_tie="share")
        rng = random.Random(seed)
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_actions()))
        assert state.winners() == [s for s in range(4) if state.wins[s] == 1]
        assert len(state.scores_by_hand()) == 1


def test_match_tie_play_on_plays_until_one_leads() -> None:
    tied = 0
    for seed in range(40):
        state = new(4, seed=seed, hands_to_win=1)
        rng = random.Random(seed)
        while state.to_act() is not None:
            state.apply(rng.choice(state.legal_actions()))
        assert len(state.winners()) == 1
        tied += len(state.scores_by_hand()) > 1
    assert tied > 0, "some seed had a tie that had to be played on"


# --- options and text -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ribs(players=3)", "4 to 10 players"),
        ("ribs(players=11)", "4 to 10 players"),
        ("ribs(lemon=true)", "unknown option 'lemon'"),
        ("ribs(stakes=10/1.5)", "whole number"),
        ("ribs(stakes=10)", "needs 2 values"),
        ("ribs(beat=all)", "must be one of"),
        ("ribs(bid_step=3)", "bid_step must be 1 or 2"),
        ("ribs(folding=maybe)", "true or false"),
    ],
)
def test_bad_options_get_a_clear_error(spec: str, message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        game_from_spec(spec)


def test_options_from_a_spec_string() -> None:
    game, options = game_from_spec("ribs(players=6, lemons=true, stakes=10/1)")
    assert game is GAME and options.players == 6 and options.lemons and options.stakes == (10, 1)


def test_pairs_read_in_either_order_and_ten_for_t() -> None:
    state = new(4)
    assert state.text_to_action("play 10 K") == state.text_to_action("play K T") == state.text_to_action("play KT")
    assert state.action_to_text(state.text_to_action("fold 7 9")) == "fold 9 7"
    lemons = new(4, lemons=True)
    assert lemons.action_to_text(lemons.text_to_action("play A 7")) == "play 7 A", "with lemons 7 is highest"
    for bad in ("play K", "play K Z", "bid x", "jump", ""):
        with pytest.raises(IllegalAction):
            state.text_to_action(bad)


# --- hidden information -----------------------------------------------------------------------


def test_ribs_and_folds_stay_hidden_until_their_time() -> None:
    deals = deal_with(4, {0: "A K", 1: "Q J", 2: "T 9", 3: "8 7"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "play A K", "fold Q J")
    for seat in (2, 3, None):
        obs = state.observation(seat)
        assert obs["table"][0]["cards"] is None and obs["table"][1]["cards"] is None
        assert "A K" not in str(obs["actions"]) and "Q J" not in str(obs["actions"])
    assert state.observation(0)["table"][0]["cards"] == "A K", "the bidder sees its own ribs"
    assert state.observation(1)["my_fold"] == "Q J", "a seat remembers its own fold"
    play(state, "play T 9", "play 8 7")
    obs = state.observation(3)
    assert obs["tricks"][-1]["ribs"] == "A K", "the ribs are shown once turned"
    assert obs["discard"]["folded"] == 2 and "Q" not in obs["discard"]["face_up"]
    rng = random.Random(0)
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    assert [1, "Q J"] in state.observation(3)["last_hand"]["folds"], "folds are shown when the hand ends"


def test_card_text_cache_stays_bounded_and_right(monkeypatch: pytest.MonkeyPatch) -> None:
    import parlour.games.ribs.pack as ribs_module

    state = GAME.new_state(GAME.options(players=6), 3)
    expected = [state.observation(s)["hand"] for s in range(6)]
    monkeypatch.setattr(ribs_module, "COUNTS_TEXTS_LIMIT", 3)
    for cache in ribs_module._COUNTS_TEXTS:
        cache.clear()
    for _ in range(3):
        assert [state.observation(s)["hand"] for s in range(6)] == expected
        assert all(len(cache) <= 3 for cache in ribs_module._COUNTS_TEXTS)


# --- status, recent and the reasons for illegal moves ----------------------------------------


def test_status_shows_the_bid_the_trick_and_the_pots() -> None:
    deals = deal_with(4, {0: "Q 9", 1: "J T", 2: "8 7", 3: "A K"})
    state = new(4, deals=deals, stakes=(10, 1))
    assert state.observation(1)["status"] == [
        {"label": "Bidding", "value": "seat 0 opens"},
        {"label": "Trick", "value": "1 of 4"},
        {"label": "Fold", "value": "you may still fold once this hand"},
        {"label": "Hands to win", "value": "5"},
        {"label": "Pots", "value": "large 40, small 0 (stakes 10/1)"},
        {"label": "Money", "value": "seat 0 0, seat 1 0, seat 2 0, seat 3 0"},
    ]
    play(state, "bid 2", "bid 3")
    assert state.observation(2)["status"][0] == {"label": "Bid", "value": "3 by seat 1 (cap 12)"}
    play(state, "pass", "pass", "bid 4", "pass")
    status = state.observation(None)["status"]
    assert status[0] == {"label": "Bid", "value": "seat 0 won the bid at 4"}
    assert status[3] == {"label": "Pots", "value": "large 40, small 2 (stakes 10/1)"}
    play(state, "play Q 9", "play J T", "fold 8 7", "play A K")
    assert state.observation(2)["status"][1:-1] == [
        {"label": "Trick", "value": "2 of 4"},
        {"label": "Hands to win", "value": "5"},
        {"label": "Pots", "value": "large 43, small 0 (stakes 10/1)"},
    ], "the failed bid's small pot went to the large pot; seat 2 has folded"


def test_recent_tags_every_pair_of_a_made_trick() -> None:
    state = six_players_against_q9()
    recent = state.observation(3)["recent"]
    assert recent["label"] == "Trick 1" and "made the bid of 2" in recent["explanation"]
    marks = {p["seat"]: (p["cards"], p["face_down"], p["mark"]) for p in recent["plays"]}
    assert marks[0] == (["Q", "9"], False, "ribs, made: takes 15")
    assert marks[1] == (["K", "7"], False, "beat the ribs: keeps 3")
    assert marks[2] == (["K", "9"], False, "defeated (3): to the bidder")
    assert marks[5] == (["A", "Q"], False, "defeated (2): to the bidder")


def test_recent_hides_folds_and_names_the_cracker() -> None:
    deals = deal_with(5, {0: "K 8", 1: "Q Q", 2: "8 K", 3: "A 9", 4: "K 8"})
    state = new(5, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "pass")
    assert state.observation(1)["recent"] is None, "no trick resolved yet"
    play(state, "play K 8", "play Q Q", "play 8 K", "fold A 9", "play K 8")
    marks = {p["seat"]: (p["cards"], p["face_down"], p["mark"]) for p in state.observation(1)["recent"]["plays"]}
    assert marks[0] == (["K", "8"], False, "ribs, cracked")
    assert marks[2] == (["K", "8"], False, "cracked the ribs: takes 13")
    assert marks[1] == (["Q", "Q"], False, "taken by the cracker (4)")
    assert marks[3] == ([], True, "folded"), "a fold stays face down"
    assert marks[4] == (["K", "8"], False, "taken by the cracker (3)")


def test_recent_of_a_failed_bid_and_after_the_hand() -> None:
    deals = deal_with(4, {0: "8 7", 1: "A K", 2: "A 8", 3: "T 9"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "play 8 7", "play A K", "play A 8", "play T 9")
    marks = [p["mark"] for p in state.observation(0)["recent"]["plays"]]
    assert marks == ["ribs, failed", "beat the ribs: keeps 2", "defeated (1): kept", "beat the ribs: keeps 2"]
    rng = random.Random(0)
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    recent = state.observation(0)["recent"]
    assert recent["label"] == "Trick 4", "a new hand shows the last trick of the hand before"
    assert recent["explanation"] == state.observation(0)["last_hand"]["tricks"][-1]["explanation"]


@pytest.mark.parametrize(
    ("setup", "options", "action", "message"),
    [
        ([], {}, "play K 8", "time to bid, not to play"),
        (["bid 2"], {}, "bid 4", "next bid must be exactly 3"),
        ([], {"opening": "at_least_two"}, "pass", "opener cannot pass"),
        (["bid 12"], {"opening": "at_least_two"}, "bid 13", "at its cap of 12"),
        (["bid 2", "pass", "pass", "pass"], {}, "bid 3", "time to play two cards"),
        (["bid 2", "pass", "pass", "pass"], {}, "play A A", "You do not hold two As"),
        (["bid 2", "pass", "pass", "pass"], {}, "play Q 7", "You do not hold a 7"),
        (["bid 2", "pass", "pass", "pass"], {}, "fold A K", "bidder plays the ribs and cannot fold"),
        (["bid 2", "pass", "pass", "pass", "play A K"], {"folding": False}, "fold Q J", "without folding"),
    ],
)
def test_illegal_moves_get_the_players_reason(setup: list[str], options: dict[str, Any], action: str, message: str) -> None:
    deals = deal_with(4, {0: "A K Q J T 9 8 8", 1: "Q J", 2: "T 9", 3: "8 7"})
    state = new(4, deals=deals, **options)
    play(state, *setup)
    before = state.observation(None)
    with pytest.raises(IllegalAction, match=message):
        state.apply_text(action)
    assert state.observation(None) == before
    with pytest.raises(IllegalAction, match="not a Ribs action"):
        state.apply("bid 2")


def test_nobody_folds_in_the_open_last_trick_and_why() -> None:
    state = new(4, seed=3, open_last_trick=True)
    rng = random.Random(1)
    while state.trick_no < 3 or state.phase == "bidding" or state.to_act() == state.bidder:
        state.apply(rng.choice([a for a in state.legal_actions() if not state.action_to_text(a).startswith("fold")]))
    pair = state.legal_texts()[0].replace("play", "fold")
    with pytest.raises(IllegalAction, match="Nobody folds in the open last trick"):
        state.apply_text(pair)


def test_determinize_fills_the_masked_fold_and_ribs_from_its_sample() -> None:
    deals = deal_with(4, {0: "A K", 1: "Q J", 2: "T 9", 3: "8 7"})
    state = new(4, deals=deals)
    play(state, "bid 2", "pass", "pass", "pass", "play A K", "fold Q J")
    obs = state.observation(2)
    assert [a[1] for a in obs["actions"][-2:]] == ["ribs", "fold"]
    for seed in range(5):
        world = GAME.determinize(obs, random.Random(seed))
        assert world.observation(2) == obs
        assert world.plays[0] is not None and world.plays[1] is not None and world.plays[1][2]


# --- facts against a plain reading of the state ---------------------------------------------


def plain_texts(state: RibsState, counts: list[int]) -> list[str]:
    """A count vector's cards written out, high first in the table's ranking."""
    return [RANK_TEXT[r] for r in sorted(range(8), key=lambda r: -state.strength[r]) for _ in range(counts[r])]


def plain_facts(state: RibsState, seat: int | None) -> dict[str, Any]:
    """`facts` read straight off the state, every part worked out afresh."""
    n, over = state.n, state.is_over()
    table: list[dict[str, Any] | None] = [None] * n
    if state.phase == PLAYING:
        ribs_down = not (state.options.open_last_trick and state.trick_no == TRICKS_PER_HAND - 1)
        for s, p in enumerate(state.plays):
            if p is not None:
                down = p[2] or (s == state.bidder and ribs_down)
                cards = pair_text(p[0], p[1], state.strength) if not down or s == seat else None
                table[s] = {"cards": cards, "face_down": down, "ribs": s == state.bidder, "folded": p[2]}
    own_fold = state.folds[seat] if seat is not None and not over else None
    facts: dict[str, Any] = {
        "trick": min(state.trick_no + 1, TRICKS_PER_HAND),
        "hand": plain_texts(state, state.hands[seat]) if seat is not None else None,
        "hand_sizes": [sum(h) for h in state.hands],
        "my_fold": pair_text(*own_fold, state.strength) if own_fold else None,
        "folded": [s for s in range(n) if state.has_folded[s]] if not over else [],
        "bidding": {
            "opener": state.opener, "bid": state.bid, "bidder": state.bidder if state.bid else None,
            "bids": list(state.bids), "out": [s for s in range(n) if not state.in_bidding[s]],
            "cap": state.options.bid_cap,
        },
        "table": table,
        "captured": [plain_texts(state, c) for c in state.captured],
        "discard": {"face_up": plain_texts(state, state.discard_up), "folded": sum(state.discard_folded)},
        "tricks": list(state.tricks) if not over else [],
        "hands_to_win": state.options.hands_to_win,
    }
    if state.options.stakes:
        facts["money"] = {
            "net": [fraction_text(m) for m in state.money_net],
            "this_hand": [fraction_text(m) for m in state.hand_money] if not over else None,
            "large_pot": fraction_text(state.large_pot),
            "small_pot": fraction_text(state.small_pot),
        }
    return facts


def plain_hand_points(state: RibsState) -> list[Any]:
    return list(state.hand_results[-1]) if state.is_over() else [state.points_of(s) for s in range(state.n)]


def spoil(value: Any) -> None:
    """Change in place every list and dict that `facts` makes afresh, as a caller that keeps
    facts may: all of them but the trick records and the bids in the bidding, which are the
    state's own records, shared as they are (nobody changes them)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("tricks", "bids"):
                item.append("spoiled")
            else:
                spoil(item)
        value["spoiled"] = True
    elif isinstance(value, list):
        for item in value:
            spoil(item)
        value.append("spoiled")


def same(got: Any, expected: Any) -> bool:
    """Equal, with the same types all the way down (a list stays a list, an int an int) and
    the same key order."""
    if type(got) is not type(expected):
        return False
    if isinstance(got, dict):
        return list(got) == list(expected) and all(same(got[k], expected[k]) for k in got)
    if isinstance(got, list):
        return len(got) == len(expected) and all(same(a, b) for a, b in zip(got, expected, strict=True))
    return bool(got == expected)


@pytest.mark.parametrize("players, options", [
    (4, {}),
    (6, {"stakes": (10, 1)}),
    (5, {"lemons": True, "lemonade": "three_each", "stakes": (5, 2), "opening": "at_least_two"}),
    (8, {"lemons": True, "open_last_trick": True, "folding": False, "bid_step": 2, "hands_to_win": 2}),
])
def test_facts_and_hand_points_are_the_states_plain_reading(players: int, options: dict[str, Any]) -> None:
    """Over random matches, clones among them (a clone keeps what its original read and
    then plays on its own), every seat's facts and the hand's points equal a plain reading
    of the state, also after the caller changed what it was given earlier."""
    rng = random.Random(players)
    worlds = [new(players, seed=players, **options)]
    for _ in range(1200):
        i = rng.randrange(len(worlds))
        if rng.random() < 0.1 and len(worlds) < 12:
            worlds.append(worlds[i].clone(hand_only=rng.random() < 0.5))
            i = -1
        state = worlds[i]
        for seat in (None, *range(players)):
            got = state.facts(seat)
            assert same(got, plain_facts(state, seat)), f"seat {seat}'s facts after {len(state.history)} actions"
            spoil(got)
        points = state.hand_points()
        assert same(points, plain_hand_points(state))
        points.append(99)
        assert same(state.hand_points(), plain_hand_points(state))
        if state.is_over():
            worlds.remove(state)
            if not worlds:
                worlds.append(new(players, seed=rng.randrange(1000), **options))
            continue
        state.apply(rng.choice(state.legal_actions()))


KEY_SETS = [
    frozenset(), frozenset({"bidding"}), frozenset({"bidding", "money"}), frozenset({"money"}),
    frozenset({"bidding", "table", "hand", "hand_sizes", "my_fold", "folded"}), frozenset({"captured", "bidding"}),
    frozenset({"tricks", "table"}),
]


def test_facts_leave_out_the_money_only_when_the_keys_do_not_name_it() -> None:
    state = new(4, stakes=(10, 1))
    play(state, "bid 2", "bid 3")
    assert state.facts(0)["money"]["this_hand"] == [-10, -11, -10, -10]
    assert state.facts(0, keys={"money"})["money"] == state.facts(0)["money"]
    assert "money" not in state.facts(0, keys={"captured", "bidding"})
    assert state.facts(0, keys={"captured"}) == {k: v for k, v in state.facts(0).items() if k != "money"}
    assert state.facts(0, keys={"bidding"}) == {"bidding": state.facts(0)["bidding"]}


@pytest.mark.parametrize("options", [{"stakes": (10, 1)}, {"lemons": True, "open_last_trick": True}])
def test_facts_with_keys_hold_every_key_asked_for(options: dict[str, Any]) -> None:
    """At every step of random hands, for every seat: with keys, each key asked for holds
    the full facts' value; keys among an auction's or a trick's plays' build those alone."""
    rng = random.Random(5)
    state = new(4, **options)
    for _ in range(150):
        for seat in range(4):
            full = state.facts(seat)
            for keys in KEY_SETS:
                cut = state.facts(seat, keys)
                assert {k: cut[k] for k in keys if k in full} == {k: full[k] for k in keys if k in full}
                assert "money" not in cut or "money" in keys
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", range(6))
def test_facts_of_a_new_hand_are_read_afresh(seed: int) -> None:
    """Facts read after the second trick of one hand, then none until after the second
    trick of the next: the capture piles, the money and the points are the new hand's."""
    rng = random.Random(seed)
    state = new(5, seed=seed, stakes=(10, 1), lemons=seed % 2 == 1)
    for hand in range(3):
        while state.hand_number == hand and len(state.tricks) < 2:
            state.apply(rng.choice(state.legal_actions()))
        assert same(state.facts(0), plain_facts(state, 0)) and same(state.hand_points(), plain_hand_points(state))
        while state.hand_number == hand:
            state.apply(rng.choice(state.legal_actions()))
