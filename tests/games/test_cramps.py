"""Cramps rules pinned by the source's own numbers and the scenarios of docs/rules/cramps.md."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.cards import SUIT_CHARS, card_text, parse_cards, trick_winner
from parlour.engine import OVER, IllegalAction, State, play_out
from parlour.games.cramps import (
    GAME,
    VALUES_4,
    VALUES_MANY,
    CrampsOptions,
    CrampsState,
    full_pack_faces,
    voids_shown,
)

# One whole 4-player hand, each trick in play order from its leader (seat 1 leads trick 1
# when seat 0 deals). Seat 1 wins tricks 3, 4, 7, 8, 11 and 12 and takes no queen: the
# source's maximum of 30 (scenario 2).
MAX_HAND = [
    "2H 5H 6H AH", "2C 2S 3C AC", "3D 4D AD 5D", "AS 5S 6S 7S", "3H 7H 8H KH",
    "4C 3S 5C KC", "6D 7D KD 8D", "KS 8S 9S TS", "4H 9H JH TH", "QS QH 4S QC",
    "9D TD JD 7C", "JS 8C TC 6C", "2D 9C JC QD",
]


def seats_of(tricks: list[str], players: int, leader: int, trump: int | None = None) -> list[list[tuple[int, int]]]:
    """(seat, card) of each play: the leader of each trick is the last trick's winner."""
    out = []
    for text in tricks:
        cards = parse_cards(text)
        out.append([((leader + i) % players, c) for i, c in enumerate(cards)])
        leader = (leader + trick_winner(cards, cards[0] // 13, trump)) % players
    return out


def deal_of(tricks: list[str], players: int, leader: int, trump: int | None = None) -> dict[str, Any]:
    hands: list[list[str]] = [[] for _ in range(players)]
    for trick in seats_of(tricks, players, leader, trump):
        for seat, c in trick:
            hands[seat].append(card_text(c))
    return {"hands": hands}


def play_tricks(state: CrampsState, tricks: list[str]) -> None:
    for text in tricks:
        for c in text.split():
            state.apply_text(f"play {c}")


def test_values_and_totals_of_the_source() -> None:
    assert sum(VALUES_4) - 4 == 10
    assert sum(VALUES_MANY) - 8 == 10
    assert sum(v for v in VALUES_4 if v > 0) == 30
    assert sum(v for v in VALUES_MANY if v > 0) == 42
    assert CrampsOptions().target == 31 and CrampsOptions(players=5).target == 43
    assert CrampsOptions(players=4).min_bid == 11 and CrampsOptions(players=8).min_bid == 15


@pytest.mark.parametrize("players", range(4, 9))
def test_every_pack_deals_13_cards_each_with_4_more_queens(players: int) -> None:
    faces = full_pack_faces(players)
    assert len(faces) == 13 * players
    queens = sum(1 for c in faces if c < 52 and c % 13 == 10)
    assert queens == (4 if players == 4 else 8)
    jokers = faces.count(52)
    assert jokers == {4: 0, 5: 1, 6: 2, 7: 3, 8: 0}[players]


def test_the_maximum_hand_of_30() -> None:
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(MAX_HAND, 4, 1)])
    play_tricks(state, MAX_HAND)
    assert state.hand_over()
    assert state.hand_scores() == [-11, 30, 0, -9]
    assert sum(state.hand_scores()) == 10
    assert state.tricks == []  # the next hand is dealt at once
    assert state.last_hand is not None
    assert [k for k, w in enumerate(state.last_hand["trick_winners"]) if w == 1] == [2, 3, 6, 7, 10, 11]


def test_trick_three_with_a_queen_scores_plus_two() -> None:
    tricks = list(MAX_HAND)
    tricks[2] = "3D QD AD 5D"  # seat 0 drops the queen of diamonds on seat 1's trick 3
    tricks[12] = "2D 9C JC 4D"
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(tricks, 4, 1)])
    play_tricks(state, tricks[:3])
    assert state.points[1] == 3 - 1
    play_tricks(state, tricks[3:])
    assert sum(state.hand_scores()) == 10


@pytest.mark.parametrize("players", range(4, 9))
def test_every_regular_hand_totals_ten(players: int) -> None:
    rng = random.Random(players)
    for seed in range(5):
        state = GAME.new_state(CrampsOptions(players=players), seed)
        play_out(state, lambda s: rng.choice(s.legal_actions()), until_hand_over=True)
        assert sum(state.hand_scores()) == 10


def at_trick(state: CrampsState, k: int, leader: int, hands: list[str]) -> None:
    """Put `state` at the start of trick k with the given hands (white box, for one-trick
    scenarios of the bigger packs)."""
    state.trick_no = k - 1
    state.leader = state.turn = leader
    state.led = -1
    for s, text in enumerate(hands):
        state._set_hand(s, parse_cards(text))


def test_six_players_trick_two_with_two_queens_is_minus_five() -> None:
    state = GAME.new_state(CrampsOptions(players=6), 1)
    at_trick(state, 2, 0, ["2S", "AS", "QS", "QS", "3S", "4S"])
    for c in ["2S", "AS", "QS", "QS", "3S", "4S"]:
        state.apply_text(f"play {c}")
    assert state.points[1] == -3 - 2


def test_a_led_joker_wins_and_the_second_joker_loses() -> None:
    state = GAME.new_state(CrampsOptions(players=6), 1)
    at_trick(state, 1, 0, ["JK 2S", "AS 3S", "KH 3H", "2C 3C", "9D 3D", "JK 4D"])
    for c in ["JK", "AS", "KH", "2C", "9D", "JK"]:
        state.apply_text(f"play {c}")
    assert state.tricks[-1][2] == 0
    assert "joker led" in state.sentence(state.log[-1])


def test_joker_may_be_played_holding_the_suit_led_and_never_wins_unled() -> None:
    state = GAME.new_state(CrampsOptions(players=5), 1)
    at_trick(state, 1, 0, ["2S 3D", "JK AS", "3S 4D", "4S 5D", "5S 6D"])
    state.apply_text("play 2S")
    assert set(state.legal_texts()) == {"play AS", "play JK"}
    state.apply_text("play JK")
    with pytest.raises(IllegalAction):
        state.apply_text("play 4D")  # seat 2 holds a spade
    for c in ["3S", "4S", "5S"]:
        state.apply_text(f"play {c}")
    assert state.tricks[-1][2] == 4


def test_of_two_identical_cards_the_first_played_wins() -> None:
    state = GAME.new_state(CrampsOptions(players=8), 1)
    at_trick(state, 1, 0, ["AS 2D", "2S 3D", "AS 4D", "3S 5D", "4S 6D", "5S 7D", "6S 8D", "7S 9D"])
    for c in ["AS", "2S", "AS", "3S", "4S", "5S", "6S", "7S"]:
        state.apply_text(f"play {c}")
    assert state.tricks[-1][2] == 0


def royal_state(players: int, bidder_bids: list[str], declare: str, seed: int = 3) -> CrampsState:
    state = GAME.new_state(CrampsOptions(players=players, royal=True), seed)
    for text in bidder_bids:
        state.apply_text(text)
    state.apply_text(declare)
    return state


def test_royal_joker_led_is_beaten_by_a_trump() -> None:
    state = royal_state(6, ["bid 15", "pass", "pass", "pass", "pass", "pass"], "trump S")
    assert state.to_act() == 1 and state.trump == 0
    at_trick(state, 1, 1, ["3H", "JK 2D", "2S 9D", "3C", "4C", "5C"])
    for c in ["JK", "2S", "3C", "4C", "5C", "3H"]:
        state.apply_text(f"play {c}")
    assert state.tricks[-1][2] == 2


def test_royal_auction_order_minimum_and_pass_is_final() -> None:
    state = GAME.new_state(CrampsOptions(royal=True), 5)
    assert state.to_act() == 1 and state.legal_texts()[:2] == ["pass", "bid 11"]
    assert state.legal_texts()[-1] == "bid 30"
    with pytest.raises(IllegalAction):
        state.apply_text("bid 10")
    state.apply_text("bid 13")
    state.apply_text("pass")
    state.apply_text("bid 20")  # jumps are allowed
    with pytest.raises(IllegalAction):
        state.apply_text("bid 20")
    state.apply_text("pass")
    assert state.to_act() == 1  # seat 2 passed for good
    state.apply_text("pass")
    assert state.phase == "declare" and state.to_act() == 3
    state.apply_text("trump NT")
    assert state.to_act() == 3 and state.queen_value == (-1, -1, -1, -1)


def test_royal_all_pass_plays_as_regular() -> None:
    state = GAME.new_state(CrampsOptions(royal=True), 5)
    for _ in range(4):
        state.apply_text("pass")
    assert state.phase == "play" and state.to_act() == 1 and state.trump is None


def test_royal_passed_player_may_bid_again_with_the_option() -> None:
    state = GAME.new_state(CrampsOptions(royal=True, pass_is_final=False), 5)
    for text in ["pass", "bid 12", "pass", "pass", "bid 14", "pass", "pass"]:
        state.apply_text(text)
    assert state.phase == "auction" and state.to_act() == 0
    state.apply_text("pass")
    assert state.phase == "declare" and state.bidder == 1 and state.bid == 14


def test_royal_made_with_trump_queens_at_minus_four() -> None:
    # The maximum hand with diamonds trumps: seat 1 still takes 30, the queen of diamonds
    # (-4, seat 0's last trick) and no other queen counts.
    state = GAME.new_state(CrampsOptions(royal=True), deals=[deal_of(MAX_HAND, 4, 1)])
    for text in ["bid 12", "pass", "pass", "pass", "trump D"]:
        state.apply_text(text)
    play_tricks(state, MAX_HAND)
    assert state.hand_scores() == [-14, 30, 0, -6]
    assert state.last_hand is not None and state.last_hand["made"] is True


def test_royal_made_scores_the_bid_with_the_option() -> None:
    state = GAME.new_state(CrampsOptions(royal=True, royal_made="bid"), deals=[deal_of(MAX_HAND, 4, 1)])
    for text in ["bid 12", "pass", "pass", "pass", "trump NT"]:
        state.apply_text(text)
    play_tricks(state, MAX_HAND)
    assert state.hand_scores() == [-11, 12, 0, -9]


def test_royal_set_bidder_loses_the_bid() -> None:
    # Scenario 5 settled: the bidder's 9 falls short of 12, so -12; the table is -11.
    state = GAME.new_state(CrampsOptions(royal=True), 1)
    state.bidder, state.bid, state.points = 0, 12, [9, 0, 1, 0]
    state._end_hand()
    assert state.hand_scores() == [-12, 0, 1, 0] and sum(state.hand_scores()) == -11
    # Scenario 6: 16 at no trump against 11 is made and scores 16.
    state = GAME.new_state(CrampsOptions(royal=True), 1)
    state.bidder, state.bid, state.points = 0, 11, [16, -2, -2, -2]
    state._end_hand()
    assert state.hand_scores()[0] == 16


def test_a_tie_at_the_top_plays_on_then_one_leader_wins() -> None:
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(MAX_HAND, 4, 1), deal_of(MAX_HAND, 4, 2)])
    state.totals = [44, 3, 20, 24]
    play_tricks(state, MAX_HAND)
    assert state.match_scores() == [33, 33, 20, 15]
    assert state.to_act() is not None and state.winners() == []
    play_tricks(state, MAX_HAND)
    assert state.match_scores() == [24, 22, 50, 15]
    assert state.is_over() and state.winners() == [2]


def test_illegal_plays_leave_the_state_unchanged() -> None:
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(MAX_HAND, 4, 1)])
    state.apply_text("play 2H")
    before = state.observation(None)
    with pytest.raises(IllegalAction, match="follow suit"):
        state.apply_text("play 3C")
    with pytest.raises(IllegalAction, match="do not hold"):
        state.apply_text("play AH")
    assert state.observation(None) == before


def test_determinize_respects_shown_voids() -> None:
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(MAX_HAND, 4, 1)])
    play_tricks(state, MAX_HAND[:2])  # seat 1 shows no clubs in trick 2
    obs = state.observation(0)
    rng = random.Random(0)
    for _ in range(30):
        world = GAME.determinize(obs, rng)
        assert world.observation(0) == obs
        assert not any(c // 13 == 3 for c in world.hand_cards(1))


def test_joker_does_not_show_a_void_to_determinize() -> None:
    assert voids_shown([[1, "play 2S"], [2, "play JK"], [3, "play 3H"]], 5) == [0, 0, 0, 1, 0]
    assert voids_shown([[1, "play JK"], [2, "play 3H"]], 5) == [0] * 5


def test_the_fast_trick_winner_agrees_with_the_shared_helper() -> None:
    from parlour.cards import high_card_winner

    rng = random.Random(5)
    faces = full_pack_faces(7)
    for _ in range(3000):
        plays = rng.sample(faces, rng.randint(2, 8))
        trump = rng.choice([None, 0, 1, 2, 3])
        led = plays[0] // 13
        assert high_card_winner(plays, led, trump) == trick_winner(plays, led, trump)


def test_a_four_player_trick_without_trumps_goes_to_the_shared_helpers_winner() -> None:
    """`_end_trick` names the winner of the standard game's tricks by comparisons of its
    own: it must be `trick_winner`'s, whatever the suits of the cards that follow."""
    rng = random.Random(11)
    for _ in range(2000):
        state = GAME.new_state(CrampsOptions(), 0)
        trick = rng.sample(range(52), 4)
        state.trick, state.led, state.leader, state.trick_no = list(trick), trick[0] // 13, 1, 0
        state._end_trick()
        assert state.tricks[-1][2] == (1 + trick_winner(trick, trick[0] // 13, None)) % 4, trick


def test_the_target_is_31_for_four_players_and_43_for_more() -> None:
    state = GAME.new_state(CrampsOptions(players=6), 1)
    state.totals = [30, 0, 0, 0, 0, 0]
    state.points = [5, 1, 1, 1, 1, 1]
    state._end_hand()
    assert state.match_scores()[0] == 35 and not state.is_over()
    state.points = [8, 0, 0, 0, 0, 2]
    state._end_hand()
    assert state.is_over() and state.winners() == [0]
    state = GAME.new_state(CrampsOptions(), 1)
    state.totals = [30, 0, 0, 0]
    state.points = [1, 3, 3, 3]
    state._end_hand()
    assert state.is_over() and state.winners() == [0]


def test_the_lean_rollout_scores_the_hand_the_playout_plays() -> None:
    """`rollout` keeps only masks and points: for the same choices its scores must be the
    hand scores of the full playout (Royal settlement included)."""
    for seed in range(30):
        start = GAME.new_state(CrampsOptions(royal=seed % 3 == 0, royal_made="bid" if seed % 2 else "actual"), seed)
        steps = random.Random(seed)
        for _ in range(seed % 25):
            start.apply(steps.choice(start.legal_actions()))
        full = start.clone(hand_only=True)
        full.playout(random.Random(seed).choice)
        lean = start.clone(hand_only=True).rollout(random.Random(seed).choice)
        assert lean == full.hand_scores()


def test_the_play_out_loop_plays_what_the_engines_loop_plays() -> None:
    """Cramps' `playout` (one loop over the hand masks) must leave exactly the state the
    engine's loop of legal lists and pushes leaves for the same choices: from a hand's
    start, mid-trick and mid-hand, on full copies (the next hand dealt, the match ended)
    and on hand-only ones; Royal and 5-8 players take the engine's loop."""
    loose = ("_rng", "_rng_shared", "_legal_memo", "_prepared")
    for seed in range(24):
        options = CrampsOptions(players=4 if seed % 4 else 6, royal=seed % 5 == 0)
        state = GAME.new_state(options, seed)
        steps = random.Random(seed)
        for _ in range(seed % 30):
            state.apply(steps.choice(state.legal_actions()))
        hand_only = seed % 3 == 0
        for _ in range(12):  # a random Royal match may never end: twelve hands at most
            if state.to_act() is None:
                break
            ours, engines = state.clone(hand_only=hand_only), state.clone(hand_only=hand_only)
            ours.playout(random.Random(seed).choice)
            State.playout(engines, random.Random(seed).choice)
            assert {k: v for k, v in vars(ours).items() if k not in loose} == {
                k: v for k, v in vars(engines).items() if k not in loose
            }
            assert ours.rng.getstate() == engines.rng.getstate() and ours.hand_over() == engines.hand_over()
            assert ours.deals == engines.deals and ours.observation(1) == engines.observation(1)
            if hand_only:
                break
            state = ours


def test_status_keeps_the_trick_value_the_contract_and_the_target_in_view() -> None:
    state = GAME.new_state(CrampsOptions(royal=True), 3)
    facts = {f["label"]: f["value"] for f in state.observation(1)["status"]}
    assert facts["Trick 1 of 13 is worth"] == "+0"
    assert facts["Auction"] == "bids 11 to 30, no bid yet" and facts["Target"] == "31"
    assert facts["Trick values"].startswith("[+0] -1 +3 +3 -3")
    state.apply_text("bid 12")
    for _ in range(3):
        state.apply_text("pass")
    state.apply_text("trump H")
    facts = {f["label"]: f["value"] for f in state.observation(None)["status"]}
    assert facts["Contract"] == f"seat {state.bidder} bid 12, trumps ♥"
    assert facts["Queens"] == "-4 the queen of trumps, others 0"
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    facts = {f["label"]: f["value"] for f in state.observation(None)["status"]}
    assert facts["Trick 2 of 13 is worth"] == "-1"
    assert facts["Trick values"].startswith("+0 [-1] +3")


def test_recent_is_the_last_trick_with_its_winner_marked() -> None:
    state = GAME.new_state(CrampsOptions(), deals=[deal_of(MAX_HAND, 4, 1)])
    assert state.observation(0)["recent"] is None
    play_tricks(state, MAX_HAND[:3])
    recent = state.observation(0)["recent"]
    assert recent["label"] == "Trick 3"
    assert [p["cards"] for p in recent["plays"]] == [["3D"], ["4D"], ["AD"], ["5D"]]
    assert [p["mark"] for p in recent["plays"]] == [False, False, True, False]
    assert "wins with A♦" in recent["explanation"] and "+3" in recent["explanation"]


FACT_KEYS = ["hand", "hand_sizes", "trick_number", "trick_values", "trick", "tricks", "auction", "trump",
             "queen_values", "target"]
TENSOR_KEYS = frozenset({"hand", "hand_sizes"} | {fact.path.split(".")[0] for fact in GAME.tensor_facts})


def plain_facts(state: CrampsState, seat: int | None) -> dict[str, Any]:
    """A seat's facts made card by card from the state's own accessors: what `facts` must
    give, however it gets there."""
    n, options = state.n, state.options
    return {
        "hand": [card_text(c) for c in state.hand_cards(seat)] if seat is not None else None,
        "hand_sizes": [state.hand_size(s) for s in range(n)],
        "trick_number": min(state.trick_no + 1, 13),
        "trick_values": list(state.values),
        "trick": [[(state.leader + i) % n, card_text(c)] for i, c in enumerate(state.trick)] if state.phase == "play" else [],
        "tricks": [
            {"leader": ld, "cards": [card_text(c) for c in cards], "winner": w, "points": v}
            for ld, cards, w, v in state.tricks
        ],
        "auction": {"bid": state.bid or None, "bidder": state.bidder, "min_bid": options.min_bid,
                    "max_bid": options.max_bid, "passed": [s for s in range(n) if state.passed[s]]},
        "trump": (None if state.bidder is None else "NT" if state.trump is None else SUIT_CHARS[state.trump])
        if state.phase in ("play", OVER) else None,
        "queen_values": list(state.queen_value),
        "target": options.target,
    }


def containers(value: Any) -> list[Any]:
    """Every list and dict in a facts value, outermost first."""
    if isinstance(value, dict):
        return [value, *(c for v in value.values() for c in containers(v))]
    if isinstance(value, list):
        return [value, *(c for v in value for c in containers(v))]
    return []


@pytest.mark.parametrize(("players", "royal"), [(4, False), (4, True), (5, False), (6, True), (7, True), (8, False)])
def test_facts_with_keys_are_the_full_facts_cut_to_those_keys(players: int, royal: bool) -> None:
    """At every step of random hands and for every seat (and a spectator): without keys
    every key is there, with the values, types and order of the plain build; with keys,
    the same values for the keys asked, and no finished tricks unless asked. Every list
    and dict is new at each call, never the state's own nor one shared between calls."""
    key_sets = [TENSOR_KEYS, frozenset(), frozenset({"tricks"}), frozenset({"hand", "tricks", "auction"}),
                frozenset(FACT_KEYS), TENSOR_KEYS | {"actions", "scores"},
                frozenset({"hand", "hand_sizes", "trick", "trick_number"}), frozenset({"trick", "tricks"})]
    rng = random.Random(players * 2 + royal)
    for seed in range(2):
        state = GAME.new_state(CrampsOptions(players=players, royal=royal, pass_is_final=seed == 0), seed)
        for _ in range(2 * 13 * players + 20):
            own = {id(v) for v in vars(state).values()}
            for seat in (*range(players), None):
                full = state.facts(seat)
                assert list(full) == FACT_KEYS
                assert repr(full) == repr(plain_facts(state, seat))
                again = state.facts(seat)
                assert full == again
                assert all(a is not b and id(a) not in own for a, b in zip(containers(full), containers(again), strict=True))
                for keys in key_sets:
                    cut = state.facts(seat, keys)
                    asked = [k for k in FACT_KEYS if k in keys]
                    assert repr({k: cut[k] for k in asked}) == repr({k: full[k] for k in asked})
                    assert ("tricks" in cut) == ("tricks" in keys)
                    assert [k for k in cut if k in keys] == asked
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
