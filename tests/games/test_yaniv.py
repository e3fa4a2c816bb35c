"""Yaniv rules pinned by the source's examples and the scenarios of docs/rules/yaniv.md."""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import parse_card, parse_cards
from parlour.engine import IllegalAction, cards_conserved
from parlour.games.yaniv import (
    DRAW_FIRST,
    DRAW_LAST,
    DRAW_STOCK,
    GAME,
    PACKS,
    TURN,
    YANIV,
    YanivState,
    discard_moves,
    masks_of,
    meld_fault,
    value_of,
)
from parlour.record import record_of, replay, summary


def state_with(hands: list[str], totals: list[int] | None = None, **options: Any) -> YanivState:
    """A hand of `len(hands)` players where seat 0 deals and seat 1 acts first, its hands
    set to the given cards (the scoring scenarios need hands no single pack deals)."""
    state = GAME.new_state(GAME.options(players=len(hands), **options), 1)
    assert isinstance(state, YanivState)
    for seat, text in enumerate(hands):
        state._set_hand(seat, parse_cards(text))
    if totals is not None:
        state.totals = list(totals)
    return state


def dealt(hands: list[str], upcard: str, stock: str | None = None, **options: Any) -> YanivState:
    """A real deal: the given hands and upcard, the rest of the pack as the stock."""
    opts = GAME.options(players=len(hands), **options)
    rest = Counter(PACKS[opts.decks]) - Counter(parse_cards(" ".join(hands)) + [parse_card(upcard)])
    order = parse_cards(stock) if stock is not None else sorted(rest.elements())
    assert Counter(order) == rest
    deal = {"hands": [h.split() for h in hands], "stock": [t for t in " ".join(
        "JK" if c == 52 else f"{'23456789TJQKA'[c % 13]}{'SHDC'[c // 13]}" for c in order).split()], "upcard": upcard}
    state = GAME.new_state(opts, 5, deals=[deal])
    assert isinstance(state, YanivState)
    return state


# --- scoring: scenarios 1-4, 8, 9 and the options -------------------------------------
def test_scenario_1_the_lowest_caller_scores_0() -> None:
    state = state_with(["4S 5S 6S", "AS AH 2D", "7C", "TC 2H"])
    state.apply(YANIV)
    assert state.hand_scores() == [15, 0, 7, 12]


def test_scenario_2_a_beaten_caller_pays_30_more() -> None:
    state = state_with(["9S", "2S 3H", "3C", "KH"])
    state.apply(YANIV)
    assert state.hand_scores() == [9, 35, 3, 10]


def test_scenario_3_a_tie_goes_to_the_caller_unless_the_assaf_rule() -> None:
    state = state_with(["9S", "2S 3H", "5C"])
    state.apply(YANIV)
    assert state.hand_scores() == [9, 0, 5]
    state = state_with(["9S", "2S 3H", "5C"], penalty_on_tie=True)
    state.apply(YANIV)
    assert state.hand_scores() == [9, 35, 5]


def test_lowest_scores_zero_gives_the_lowest_others_0() -> None:
    state = state_with(["2C", "2S 3H", "3C", "AD 2D"], lowest_scores_zero=True)
    state.apply(YANIV)
    assert state.hand_scores() == [0, 35, 3, 3]


def test_scenario_4_resets_and_going_out() -> None:
    state = state_with(["TS KS", "AS", "TC", "5S 5H"], totals=[180, 0, 90, 195])
    state.apply(YANIV)
    assert state.hand_scores() == [20, 0, 10, 10]
    assert state.match_scores()[:3] == [100, 0, 50]
    assert state.match_scores()[3] == 205 and state.eliminated == [3]
    assert state.last_hand is not None and state.last_hand["resets"] == [[0, 200, 100], [2, 100, 50]]


def test_resets_apply_once_and_do_not_chain() -> None:
    state = state_with(["KS KH KD KC TS", "AS", "2C 3C 4C 5C 6C"], totals=[150, 0, 60])
    state.apply(YANIV)
    assert state.match_scores() == [100, 0, 80]


def test_a_total_resting_on_100_drops_to_50_when_the_hand_adds_nothing() -> None:
    state = state_with(["TS", "AS"], totals=[30, 100])
    state.apply(YANIV)
    assert state.match_scores() == [40, 50]


def test_scenario_8_a_beaten_caller_goes_out_and_the_other_wins() -> None:
    state = state_with(["3S", "2S 3H"], totals=[190, 195])
    state.apply(YANIV)
    assert state.match_scores() == [193, 230]
    assert state.is_over() and state.winners() == [0]


def test_scenario_9_a_reset_saves_the_other_player() -> None:
    state = state_with(["2S", "AS 3H"], totals=[198, 199])
    state.apply(YANIV)
    assert state.match_scores() == [100, 233] and state.winners() == [0]


def test_scenario_9_both_out_and_the_lower_total_wins() -> None:
    state = state_with(["2S", "AS 3H"], totals=[199, 199])
    state.apply(YANIV)
    assert state.match_scores() == [201, 233] and state.winners() == [0]


def test_r_yaniv_17_a_player_out_earlier_never_wins() -> None:
    state = state_with(["KS", "2S 3H", "3C"], totals=[201, 195, 199])
    state.eliminate(0)
    state._set_hand(0, [])
    state.apply(YANIV)
    assert state.hand_scores() == [0, 35, 3]
    assert state.match_scores() == [201, 230, 202]
    assert state.winners() == [2]


def test_equal_lowest_totals_share_the_win() -> None:
    state = state_with(["2S", "2C", "2H"], totals=[199, 199, 199], penalty_on_tie=True)
    state.apply(YANIV)
    assert state.winners() == [0, 2] and state.match_scores() == [201, 231, 201]


def test_the_deal_passes_to_the_next_player_still_in() -> None:
    state = state_with(["3S", "AS", "KC"], totals=[0, 0, 195])
    state.apply(YANIV)
    assert state.eliminated == [2] and state.dealer == 1 and state.to_act() == 0
    assert state.deals[-1]["hands"][2] == [] and state.hand_size(2) == 0
    skipped = state_with(["3S", "2S 3H", "AS"], totals=[0, 195, 0])
    skipped.apply(YANIV)
    assert skipped.eliminated == [1] and skipped.dealer == 2 and skipped.to_act() == 0


# --- discards: scenarios 5-7 and R-YANIV-5, 11, 16 --------------------------------------
@pytest.mark.parametrize(("text", "fault"), [
    ("JK 2H 3H", None), ("QH KH JK", "above the king"), ("JK QH KH", None), ("QS KS AS", "above the king"),
    ("JK JK", "Jokers make no set"), ("4C 4H", None), ("8D 9D TD JD", None), ("7S 7H 7D", None),
    ("3H 2H AH", "ascending"), ("JK JK AH", "below the ace"), ("7S JK", "runs only"), ("7S 7H JK", "runs only"),
    ("4H JK 6H", None), ("7S 8H", "three or more"), ("7S 8H 9S", "one suit"), ("AH 2H 4H", "ascending"),
])
def test_scenario_6_what_makes_a_set_or_a_run(text: str, fault: str | None) -> None:
    found = meld_fault(tuple(parse_cards(text)))
    assert (found is None) if fault is None else (found is not None and fault in found), found


def test_a_joker_stands_in_the_written_order() -> None:
    """JK 2H 3H is A-2-3 and JK QH KH J-Q-K; the jokers' places decide."""
    moves = set(discard_moves(*masks_of(parse_cards("2H 3H JK QH KH"))))
    assert tuple(parse_cards("JK 2H 3H")) in moves and tuple(parse_cards("2H 3H JK")) in moves
    assert tuple(parse_cards("JK QH KH")) in moves and tuple(parse_cards("QH KH JK")) not in moves


def test_a_joker_may_stand_for_a_card_its_player_holds() -> None:
    moves = set(discard_moves(*masks_of(parse_cards("4H 5H 6H JK 9C"))))
    assert tuple(parse_cards("4H JK 6H")) in moves and tuple(parse_cards("4H 5H 6H JK")) in moves


def test_two_decks_allow_identical_cards_in_a_set_never_in_a_run() -> None:
    moves = set(discard_moves(*masks_of(parse_cards("7C 7C 8C 9C 7H"))))
    assert tuple(parse_cards("7C 7C")) in moves and tuple(parse_cards("7C 7H 7C")) in moves
    assert tuple(parse_cards("7C 8C 9C")) in moves
    assert not any(len(m) >= 3 and len(set(m)) < len(m) and len({c % 13 for c in m}) > 1 for m in moves)


def test_the_legal_discards_are_exactly_the_valid_groups_held() -> None:
    """Every ordering of every sub-multiset of random hands: legal iff meld_fault passes."""
    rng = random.Random(4)
    for decks in (1, 2):
        for _ in range(150):
            hand = rng.sample(PACKS[decks], rng.randint(1, 5))
            legal = set(discard_moves(*masks_of(hand)))
            valid = {
                g for size in range(1, len(hand) + 1) for g in itertools.permutations(hand, size)
                if meld_fault(g) is None
            }
            assert legal == valid, hand


def test_scenario_5_draws_from_the_previous_group_s_ends() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS", "2C 3C 4C 5C 6C"], "AH")
    state.apply_text("discard 8D 9D TD JD")
    state.apply_text("draw stock")
    state.apply_text("discard 2C")
    assert state.legal_actions() == [DRAW_STOCK, DRAW_FIRST, DRAW_LAST]
    assert state.observation(2)["offer"] == ["8D", "9D", "TD", "JD"]
    state.apply_text("draw last")
    assert "JD" in state.observation(2)["hand"]
    assert state.observation(0)["known"][2] == ["JD"], "a card taken from the discards is public"
    assert state.observation(None)["dead"] == ["AH", "8D", "9D", "TD"], "the rest of the group is dead"


def test_a_draw_from_the_discards_names_its_card() -> None:
    """The buttons say which card each end is: "draw 8♦ (first)", not "draw first"."""
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS", "2C 3C 4C 5C 6C"], "AH")
    state.apply_text("discard 8D 9D TD JD")
    state.apply_text("draw stock")
    state.apply_text("discard 2C")
    labels = {e["text"]: e["label"] for e in state.observation(2)["legal"]}
    assert labels == {"draw stock": "draw stock", "draw first": "draw 8\u2666 (first)", "draw last": "draw J\u2666 (last)"}
    single = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    single.apply_text("discard KS")
    assert [e["label"] for e in single.observation(1)["legal"]] == ["draw stock", "draw A\u2665"]


def test_the_first_player_draws_the_upcard_as_a_one_card_group() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    state.apply_text("discard KS")
    assert state.legal_texts() == ["draw stock", "draw first"]
    with pytest.raises(IllegalAction, match="single card"):
        state.apply(DRAW_LAST)
    state.apply_text("draw first")
    assert state.observation(0)["known"][1] == ["AH"]


def test_scenario_7_yaniv_needs_5_or_less() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "KH JK AS 3D 9C"], "AH")
    state._set_hand(1, parse_cards("KH JK AS 3D"))
    assert value_of(parse_cards("KH JK AS 3D")) == 14
    assert YANIV not in state.legal_actions()
    before = state.observation(None)
    with pytest.raises(IllegalAction, match="worth 5 or less; yours is worth 14"):
        state.apply_text("yaniv")
    assert state.observation(None) == before


def test_yaniv_max_7_and_yaniv_only_before_discarding() -> None:
    state = state_with(["9S", "2S 5H"], yaniv_max=7)
    assert YANIV in state.legal_actions()
    state.apply_text("discard 5H")
    with pytest.raises(IllegalAction, match="before discarding"):
        state.apply_text("yaniv")


@pytest.mark.parametrize(("text", "reason"), [
    ("discard 9C", "do not hold 9♣"), ("discard QH KH JK", "above the king"), ("discard 4S 3S 2S", "ascending"),
    ("draw stock", "Discard first"), ("discard XX", "is not a card"), ("fold", "not a Yaniv action"),
    ("discard JK JK", "Jokers make no set"),
])
def test_bad_input_is_refused_with_a_reason_and_changes_nothing(text: str, reason: str) -> None:
    state = dealt(["2S 3S 4S 5S 6S", "QH KH JK 2D 7C"], "AH")
    before = [state.observation(s) for s in (None, 0, 1)]
    with pytest.raises(IllegalAction, match=reason):
        state.apply_text(text)
    assert [state.observation(s) for s in (None, 0, 1)] == before


def test_actions_read_back_and_keep_the_player_s_order() -> None:
    state = dealt(["8D 9D TD JD KS", "7S 7H 7D 2C 3C"], "AH")
    assert "discard 7D 7S 7H" in state.legal_texts() and "discard 7S 7H 7D" in state.legal_texts()
    assert state.text_to_action("discard 10h 7s") == tuple(parse_cards("TH 7S"))
    state.apply_text("discard 7H 7D 7S")
    state.apply_text("draw stock")
    state.apply_text("discard KS")
    assert state.observation(0)["offer"] == ["7H", "7D", "7S"]
    state.apply_text("draw last")
    assert state.observation(1)["known"][0] == ["7S"]


# --- the stock: R-YANIV-3, 13, 14 -------------------------------------------------------
def play_until(state: YanivState, done: Any, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not done(state):
        legal = [a for a in state.legal_actions() if a != YANIV]
        state.apply(DRAW_STOCK if DRAW_STOCK in legal else rng.choice(legal))


def test_an_empty_stock_is_made_again_from_the_dead_cards_only() -> None:
    """R-YANIV-13: the group the drawer may take from and the drawer's own discard stay out."""
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    play_until(state, lambda s: not s.stock and s.phase == "draw")
    dead = Counter(state.dead)
    offer, own = state.offer, state.pending
    state.apply(DRAW_STOCK)
    recorded = parse_cards(state.deals[-1]["reshuffles"][0])
    assert Counter(recorded) == dead and state.reshuffles == 1
    assert Counter(state.stock) == dead - Counter(recorded[:1]), "the drawer took the new stock's top card"
    assert not (set(offer) | set(own)) & set(recorded)
    assert state.offer == own and Counter(state.dead) == Counter(offer)
    assert cards_conserved(state)


def test_a_reshuffle_replays_the_same_under_any_seed_and_clones_leave_the_record_alone() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    play_until(state, lambda s: not s.stock and s.phase == "draw")
    twin = state.clone()
    twin.apply(DRAW_STOCK)
    assert "reshuffles" not in state.deals[-1], "a clone's reshuffle wrote into the original's deal"
    state.apply(DRAW_STOCK)
    record = record_of(state)
    record["seed"] = 999
    again = replay(record)
    for seat in (None, 0, 1):
        assert again.observation(seat) == state.observation(seat)


def test_with_nothing_to_shuffle_only_the_discards_may_be_drawn() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    play_until(state, lambda s: not s.stock and s.phase == "draw")
    state.dead = []
    assert DRAW_STOCK not in state.legal_actions()
    with pytest.raises(IllegalAction, match="nothing|no dead"):
        state.apply(DRAW_STOCK)


def test_end_hand_option_ends_the_hand_when_the_stock_runs_out() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH", empty_stock="end_hand")
    play_until(state, lambda s: s.hand_over())
    last = state.last_hand
    assert last is not None and last["caller"] is None
    assert state.hand_scores() == last["values"] and all(v > 0 for v in last["values"])


# --- hidden information -----------------------------------------------------------------
def test_determinize_keeps_known_cards_in_their_hands() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS", "2C 3C 4C 5C 6C"], "AH")
    for text in ("discard 8D 9D TD JD", "draw first", "discard 2C", "draw last", "discard 2S", "draw first"):
        state.apply_text(text)
    obs = state.observation(1)
    assert obs["known"] == [["2C"], ["AH"], ["JD"]]
    for seed in range(20):
        world = GAME.determinize(obs, random.Random(seed))
        assert "2C" in world.observation(0)["hand"] and "JD" in world.observation(2)["hand"]
        assert world.observation(1) == obs


def test_the_showdown_shows_every_hand() -> None:
    state = state_with(["4S 5S 6S", "AS AH 2D", "7C"])
    state.apply(YANIV)
    last = state.observation(2)["last_hand"]
    assert last["hands"] == [["6S", "5S", "4S"], ["AS", "AH", "2D"], ["7C"]]
    assert "Seat 1 has the lowest hand and scores 0" in last["log"][-1]


def test_status_and_recent_say_what_a_player_needs() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    state.apply_text("discard 8D 9D TD JD")
    obs = state.observation(0)
    labels = {s["label"]: s["value"] for s in obs["status"]}
    assert labels["Your hand is worth"] == "20" and "A♥" in labels["You may take"]
    assert obs["recent"]["plays"][0]["cards"] == ["8D", "9D", "TD", "JD"]
    assert "8♦ or J♦" in obs["recent"]["explanation"]


def test_action_universe_holds_every_legal_action() -> None:
    for decks in (1, 2):
        universe = GAME.action_universe(GAME.options(players=4, decks=decks))
        assert len(set(universe)) == len(universe)
        known = set(universe)
        rng = random.Random(decks)
        state = GAME.new_state(GAME.options(players=4, decks=decks), decks)
        for _ in range(3000):
            if state.to_act() is None:
                break
            legal = state.legal_actions()
            assert set(legal) <= known
            state.apply(rng.choice(legal))


def test_replay_json_gives_hand_and_match_scores(tmp_path: Path) -> None:
    state = state_with(["TS KS", "AS", "TC", "5S 5H"], totals=[180, 0, 90, 195])
    state.apply(YANIV)
    record = record_of(GAME.new_state(GAME.options(players=3), 2))
    rng = random.Random(0)
    live = replay(record)
    while live.to_act() is not None and len(live.scores_by_hand()) < 2:
        live.apply(rng.choice(live.legal_actions()))
    path = tmp_path / "yaniv.json"
    path.write_text(json.dumps(record_of(live)))
    out = subprocess.run([sys.executable, "-m", "parlour.cli", "replay", str(path), "--json"],
                         capture_output=True, text=True, check=True)
    printed = json.loads(out.stdout)
    assert printed == summary(live)
    assert printed["hand_scores"] == live.scores_by_hand() and printed["match_scores"] == live.totals


def test_the_phases_of_a_turn() -> None:
    state = dealt(["2S 3S 4S 5S 6S", "8D 9D TD JD KS"], "AH")
    assert state.phase == TURN and state.to_act() == 1
    state.apply_text("discard KS")
    assert state.to_act() == 1 and state.phase == "draw"
    state.apply_text("draw stock")
    assert state.to_act() == 0 and state.phase == TURN


@pytest.mark.parametrize("options", [
    {}, {"decks": 2}, {"empty_stock": "end_hand"}, {"penalty_on_tie": True, "lowest_scores_zero": True},
    {"decks": 2, "empty_stock": "end_hand", "yaniv_max": 7},
])
def test_the_lean_rollout_makes_the_moves_of_the_playout(options: dict[str, Any]) -> None:
    """`rollout` keeps only hands, piles and values: for the same choices it must be offered
    the same lists as the generic playout (so it makes the same moves, reshuffles included)
    and score the hand as the playout does."""
    for seed in range(60):
        start = GAME.new_state(GAME.options(players=2 + seed % 4, **options), seed)
        steps = random.Random(seed)
        for _ in range(seed % 40):
            start.apply(steps.choice(start.legal_actions()))
        offered: tuple[list[Any], list[Any]] = ([], [])

        def chooser(seen: list[Any], seed: int = seed) -> Any:
            rng = random.Random(seed)
            return lambda legal: seen.append(list(legal)) or rng.choice(legal)

        full = start.clone(hand_only=True)
        full.playout(chooser(offered[0]))
        lean = start.clone(hand_only=True).rollout(chooser(offered[1]))
        assert offered[0] == offered[1]
        assert lean == full.hand_scores()


def test_the_rules_record_events_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log and the hand's summary hold events, worded by
    the view for a reader with names, "you" for its own seat, with no seat number and no
    card code left."""
    import re

    names = ["Ann", "Bob", "Cy"]
    said: list[str] = []
    for seed in range(4):
        state = GAME.new_state(GAME.options(players=3), seed)
        rng = random.Random(seed)
        while not state.hand_over():
            state.apply(rng.choice(state.legal_actions()))
            if state.to_act() is not None:
                obs = state.observation(state.to_act(), names=names)
                said += [z["label"] for z in obs["zones"]] + [f["value"] for f in obs["status"]]
            assert all(isinstance(e, tuple) for e in state.log)
        assert state.last_hand is not None
        assert all(isinstance(e, tuple) for e in state.last_hand["log"])
        said += state.observation(1, names=names)["last_hand"]["log"]
    assert any(line.startswith("You discard ") for line in said)
    assert any(re.match(r"(Ann|Cy) (deals|discards|draws|takes) ", line) for line in said)
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d|\b[2-9TJQKA][SHDC]\b", line), line
        assert not re.search(r"\b[Yy]ou (discards|draws|takes|calls|deals|has|is|pays|scores)\b", line), line
