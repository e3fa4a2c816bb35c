"""Kings in the Corner pinned by the source's example and the scenarios and rulings of
docs/rules/kings_in_the_corner.md (R-KINGS-1..12, test scenarios 1-6)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import card_text, mask_of, parse_cards
from parlour.engine import IllegalAction, cards_conserved
from parlour.games.kings_in_the_corner import GAME, KingsOptions, KingsState
from parlour.record import record_of, replay


def deal_of(hands: list[str], tableau: str, stock_top: str = "") -> dict[str, Any]:
    """A deal with the given hands and side piles (N E S W); the stock starts with
    `stock_top` and holds the rest of the pack in a fixed order."""
    used = [c for h in hands for c in parse_cards(h)] + parse_cards(tableau) + parse_cards(stock_top)
    rest = [c for c in range(52) if c not in used]
    per_seat = [h.split() for h in hands]
    for h in per_seat:
        while len(h) < 7:
            h.append(card_text(rest.pop()))
    sides = tableau.split()
    return {
        "hands": per_seat,
        "tableau": dict(zip(("N", "E", "S", "W"), sides, strict=True)),
        "stock": stock_top.split() + [card_text(c) for c in rest],
    }


def new(cards: list[str], tableau: str, stock_top: str = "", dealer: int = 0, **options: Any) -> KingsState:
    """A match whose first hand is the given deal (`cards`: the start of each seat's hand);
    with dealer 0 seat 1 plays first."""
    opts = KingsOptions(players=len(cards), **options)
    state = GAME.new_state(opts, 0, dealer=dealer, deals=[deal_of(cards, tableau, stock_top)])
    assert isinstance(state, KingsState)
    return state


def empty_the_stock(state: KingsState, hands: list[str]) -> None:
    """A position with the stock used up and the given hands (the knock rules read only
    the hand sizes and the stock)."""
    state.stock_at = len(state.stock)
    state.hands = [mask_of(parse_cards(h)) for h in hands]


def refused(state: KingsState, text: str, words: str) -> None:
    before = state.observation(None)
    mine = state.observation(state.turn)
    with pytest.raises(IllegalAction, match=words):
        state.apply_text(text)
    assert state.observation(None) == before and state.observation(state.turn) == mine


# --- deal ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "stock"), [(2, 34), (3, 27), (4, 20), (5, 13), (6, 6)])
def test_the_deal_leaves_the_stock_of_the_rulings(players: int, stock: int) -> None:
    state = GAME.new_state(KingsOptions(players=players), 5)
    obs = state.observation(None)
    assert obs["stock_size"] == stock
    assert obs["hand_sizes"] == [7] * players
    assert all(len(obs["piles"][p]) == 1 for p in "NESW")
    assert all(obs["piles"][p] == [] for p in ("NE", "SE", "SW", "NW"))
    assert state.to_act() == 1
    deal = record_of(state)["deals"][0]
    assert set(deal) == {"hands", "tableau", "stock"} and set(deal["tableau"]) == {"N", "E", "S", "W"}
    assert len(deal["stock"]) == stock  # R-KINGS-10: tableau maps N E S W to one card each


def test_a_recorded_deal_is_dealt_as_given() -> None:
    state = new(["7S 6C KH", "QS"], "8H AS 5D 9C", "2H")
    assert "QS" in state.observation(1)["hand"] and "7S" in state.observation(0)["hand"]
    assert state.observation(None)["piles"]["N"] == ["8H"]
    state.apply_text("draw")
    assert "2H" in state.observation(1)["hand"] and state.observation(1)["drawn"] == ["2H"]
    with pytest.raises(ValueError, match="52-card pack"):
        bad = deal_of(["7S", "QS"], "8H AS 5D 9C")
        bad["stock"][0] = "7S"
        GAME.new_state(KingsOptions(), 0, deals=[bad])


# --- scenario 1 and building --------------------------------------------------------------
def test_scenario_1_building_down_in_alternating_colours() -> None:
    state = new(["2C", "7S 7D 6C QD"], "8H AS 5D 9C")
    legal = state.legal_texts()
    assert "play 7S on N" in legal
    refused(state, "play 7D on N", "opposite colour")
    refused(state, "play 6C on N", "one rank higher")
    refused(state, "play QD on E", "Nothing goes on an ace")
    assert not any(t.endswith(" on E") for t in legal)
    state.apply_text("play 7S on N")
    assert state.observation(None)["piles"]["N"] == ["8H", "7S"]


# --- scenario 2: kings into corners --------------------------------------------------------
def test_scenario_2_kings_go_into_empty_corners_and_take_a_queen() -> None:
    state = new(["2C", "KH QS"], "8H AS 5D 9C")
    assert {"play KH on NE", "play KH on SE", "play KH on SW", "play KH on NW"} <= set(state.legal_texts())
    refused(state, "play QS on NE", "Only a king goes into an empty corner")
    state.apply_text("play KH on NE")
    state.apply_text("play QS on NE")
    assert state.observation(None)["piles"]["NE"] == ["KH", "QS"]
    assert state.to_act() == 1, "plays do not end the turn"


# --- scenario 3 and the source's example: moving a whole pile ------------------------------------
def test_scenario_3_a_pile_moves_and_its_side_is_filled() -> None:
    state = new(["2C", "6H 9C"], "8D AS 5D 7S")
    state.apply_text("play 6H on W")
    assert "move W to N" in state.legal_texts()
    state.apply_text("move W to N")
    piles = state.observation(None)["piles"]
    assert piles["N"] == ["8D", "7S", "6H"] and piles["W"] == []
    state.apply_text("play 9C on W")
    assert state.observation(None)["piles"]["W"] == ["9C"]


def test_the_source_example_7s_pile_goes_on_8h() -> None:
    """"if the top card of one tableau pile is the 8H and the bottom card of another pile
    is the 7S ... the pile headed by the 7 could be placed on top of the 8"."""
    state = new(["2C", "3D"], "8H AS 5D 7S")
    assert state.legal_texts().count("move W to N") == 1
    state.apply_text("move W N")  # the rulings' short form reads the same move
    assert state.observation(None)["piles"]["N"] == ["8H", "7S"]


def test_r_kings_2_a_pile_move_needs_the_opposite_colour() -> None:
    state = new(["2C", "3D"], "8D AS 5D 7H")
    assert not any(t.startswith("move") for t in state.legal_texts())
    refused(state, "move W to N", "one rank lower and of the opposite colour")


def test_r_kings_11_a_pile_never_moves_into_an_empty_space() -> None:
    state = new(["2C", "3D"], "8D AS 5D 7S")
    state.apply_text("move W to N")
    refused(state, "move N to W", "a pile moves only onto another pile")
    refused(state, "move E to NE", "a pile moves only onto another pile")
    refused(state, "move W to E", "there is no pile to move")
    refused(state, "move N to N", "onto itself")


def test_r_kings_9_only_whole_piles_move() -> None:
    state = new(["2C", "6H 5S"], "8D AS 5D 7S")
    state.apply_text("play 6H on W")
    state.apply_text("play 5S on W")
    state.apply_text("move W to N")
    piles = state.observation(None)["piles"]
    assert piles["N"] == ["8D", "7S", "6H", "5S"] and piles["W"] == []
    with pytest.raises(IllegalAction):
        state.apply_text("move 6H to N")


# --- R-KINGS-1: a king turned up for a side pile ---------------------------------------------
def test_r_kings_1_a_side_king_stays_takes_a_queen_and_never_moves() -> None:
    state = new(["2C", "QH"], "KS AS 5D 7S")
    assert "play QH on N" in state.legal_texts()
    assert not any(t.startswith("move N") for t in state.legal_texts())
    refused(state, "move N to NE", "headed by a king never moves")


def test_r_kings_1_option_moves_a_side_king_pile_into_an_empty_corner() -> None:
    state = new(["2C", "QH 4C"], "KS AS 5D 7S", king_pile_to_corner=True)
    state.apply_text("play QH on N")
    assert {"move N to NE", "move N to SE", "move N to SW", "move N to NW"} <= set(state.legal_texts())
    refused(state, "move N to E", "moves only into an empty corner")
    state.apply_text("move N to NE")
    piles = state.observation(None)["piles"]
    assert piles["NE"] == ["KS", "QH"] and piles["N"] == []
    state.apply_text("play 4C on N")
    assert not any(t.startswith("move NE") for t in state.legal_texts()), "a corner never moves"
    state.check_invariants()


# --- R-KINGS-3, 4, 5: vacant sides, kings there, no obligation to play ------------------------------
def test_r_kings_3_4_any_card_a_king_too_fills_a_vacant_side_on_a_later_turn() -> None:
    state = new(["KD 2S", "3D"], "8D AS 5D 7S")
    state.apply_text("move W to N")
    state.apply_text("draw")  # R-KINGS-3: filling is optional; the space stays vacant
    assert state.observation(None)["piles"]["W"] == []
    assert {"play KD on W", "play 2S on W"} <= set(state.legal_texts())
    state.apply_text("play KD on W")
    assert state.observation(None)["piles"]["W"] == ["KD"]


def test_r_kings_5_draw_ends_the_turn_and_knock_waits_for_an_empty_stock() -> None:
    state = new(["2C", "7S"], "8H AS 5D 9C", "4H")
    assert "play 7S on N" in state.legal_texts() and "draw" in state.legal_texts()
    refused(state, "knock", "only once the stock is empty")
    state.apply_text("draw")
    assert state.to_act() == 0 and state.observation(1)["hand_sizes"][1] == 8
    assert "4H" in state.observation(1)["hand"]
    empty_the_stock(state, ["2C 3C", "7S"])
    refused(state, "draw", "The stock is empty")
    assert state.legal_texts()[-1] == "knock"


# --- scenario 4 and R-KINGS-7: going out -----------------------------------------------------
def test_scenario_4_the_last_card_ends_the_hand_at_once() -> None:
    state = new(["2C", "KH QS JH TS 9H 8S 7H"], "8D AS 5D 4C")
    for text in ["KH", "QS", "JH", "TS", "9H", "8S"]:
        state.apply_text(f"play {text} on NE")
        assert not state.hand_over()
    state.apply_text("play 7H on NE")
    assert state.hand_over() and state.is_over()
    assert state.hand_scores() == [-7, 0]
    assert state.winners() == [1] and state.last_hand is not None and state.last_hand["winners"] == [1]


def test_r_kings_7_going_out_by_filling_a_vacant_side() -> None:
    state = new(["2C", "KH QS JH TS 9H 8S 2D"], "8D AS 5D 7C")
    for text in ["KH", "QS", "JH", "TS", "9H", "8S"]:
        state.apply_text(f"play {text} on NE")
    state.apply_text("move W to N")
    state.apply_text("play 2D on W")
    assert state.is_over() and state.winners() == [1] and state.hand_scores() == [-7, 0]


# --- scenarios 5, 6 and R-KINGS-6, 12: the knocking end ----------------------------------------
def test_scenario_5_all_knock_without_playing_fewest_cards_win() -> None:
    state = new(["2C", "3C", "4C"], "8H AS 5D 9C", dealer=2)
    empty_the_stock(state, ["QD JD 3C", "4D 4C", "6S 6C 2S 2C 3S"])
    for seat in (0, 1):
        assert state.to_act() == seat
        state.apply_text("knock")
        assert not state.hand_over()
    state.apply_text("knock")
    assert state.is_over()
    assert state.hand_scores() == [-3, -2, -5] and state.winners() == [1]


def test_scenario_6_a_knock_after_a_play_resets_the_count() -> None:
    state = new(["7S", "3C", "4C"], "8H AS 5D 9C", dealer=2)
    empty_the_stock(state, ["7S QD JD 3C", "4D 4C", "6S 6C 2S 2C 3S"])
    state.apply_text("play 7S on N")
    state.apply_text("knock")
    assert state.observation(None)["knocks"] == 0
    state.apply_text("knock")
    state.apply_text("knock")
    assert not state.hand_over() and state.observation(None)["knocks"] == 2
    state.apply_text("knock")
    assert state.is_over() and state.hand_scores() == [-3, -2, -5]


def test_r_kings_12_the_last_draw_is_no_knock() -> None:
    state = new(["2C", "3C"], "8H AS 5D 9C")
    state.stock_at = len(state.stock) - 1
    state.apply_text("draw")
    assert state.observation(None)["knocks"] == 0 and state.observation(None)["stock_size"] == 0
    state.apply_text("knock")
    assert not state.hand_over() and state.observation(None)["knocks"] == 1
    state.apply_text("knock")
    assert state.is_over() and state.hand_scores() == [-7, -8] and state.winners() == [0]


def test_a_whole_hand_of_draws_then_knocks_ends_in_a_shared_win() -> None:
    state = GAME.new_state(KingsOptions(players=2), 9)
    while state.observation(None)["stock_size"]:
        state.apply_text("draw")
    assert state.observation(None)["hand_sizes"] == [24, 24]
    state.apply_text("knock")
    state.apply_text("knock")
    assert state.is_over() and state.hand_scores() == [-24, -24] and state.winners() == [0, 1]
    assert cards_conserved(state)


# --- R-KINGS-8: options of the match -------------------------------------------------------------
def test_r_kings_8_kings10_penalty_and_a_match_of_two_hands() -> None:
    state = new(["KC KD 2C", "3C"], "8H AS 5D 9C", hands=2, penalty="kings10")
    empty_the_stock(state, ["KC KD 2C", "3C 4C 5C"])
    assert state.observation(1)["scores"]["hand"] == [-3, -3], "hidden kings are not shown"
    state.apply_text("knock")
    state.apply_text("knock")
    assert state.hand_scores() == [-21, -3] and state.last_hand["winners"] == [0, 1]
    assert not state.is_over() and state.dealer == 1 and state.to_act() == 0
    assert state.match_scores() == [-21, -3]
    with pytest.raises(Exception, match="at least one hand"):
        KingsOptions(hands=0)
    with pytest.raises(Exception, match="2 to 6 players"):
        KingsOptions(players=7)


# --- notation, hidden information, determinize ------------------------------------------------------
def test_texts_read_both_notations_and_refuse_nonsense() -> None:
    state = new(["2C", "7S"], "8H AS 5D TC")
    for text in ("play 7S N", "play 7s on n", "PLAY 7S onto N"):
        assert state.action_to_text(state.text_to_action(text)) == "play 7S on N"
    assert state.action_to_text(state.text_to_action("move w onto n")) == "move W to N"
    assert state.action_to_text(state.text_to_action("play 10c on W")) == "play TC on W"
    for text in ("play ZZ on N", "play 7S on Q", "move X to N", "dance", "", "draw now"):
        refused(state, text, "is not")
    refused(state, "play 9D on N", "You do not hold 9♦")
    assert state.action_cards(state.text_to_action("play 7S on N")) == ["7S"]
    assert state.action_cards(state.text_to_action("draw")) == []


def test_a_draw_is_seen_by_the_others_as_draw_only() -> None:
    state = new(["2C", "7S"], "8H AS 5D 9C", "4H")
    state.apply_text("draw")
    other, own = state.observation(0), state.observation(1)
    assert other["actions"] == [[1, "draw"]] and other["drawn"] == [] and "4H" not in json.dumps(other)
    assert own["drawn"] == ["4H"]
    assert state.observation(None)["hand"] is None and state.observation(None)["drawn"] is None
    recent = other["recent"]
    assert recent["plays"][0]["face_down"] and recent["plays"][0]["cards"] == []


def test_determinize_keeps_what_a_seat_has_seen() -> None:
    """After draws and plays of drawn cards, a sampled world agrees with the observation:
    the played cards were in the right hands when played, and the observer's draws are
    its own."""
    rng = random.Random(3)
    for seed in range(30):
        state = GAME.new_state(KingsOptions(players=3), seed)
        for _ in range(rng.randrange(5, 60)):
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act() is None:
            continue
        for seat in range(3):
            obs = state.observation(seat)
            world = GAME.determinize(obs, rng)
            assert world.observation(seat) == obs
            assert cards_conserved(world)


def test_status_and_zones_show_the_table() -> None:
    state = new(["2C", "7S"], "8H AS 5D 9C")
    obs = state.observation(1)
    labels = {s["label"]: s["value"] for s in obs["status"]}
    assert labels["Stock"].startswith("34 cards") and "N 8♥" in labels["Tops"]
    ids = [z["id"] for z in obs["zones"]]
    assert ids[2:] == ["pile-N", "pile-E", "pile-S", "pile-W", "pile-NE", "pile-SE", "pile-SW", "pile-NW", "stock"]
    assert [e for e in obs["legal"] if e["text"] == "play 7S on N"] == [{"text": "play 7S on N", "label": "play 7♠ on the north side", "cards": ["7S"]}]
    empty_the_stock(state, ["2C", "7S"])
    labels = {s["label"]: s["value"] for s in state.observation(0)["status"]}
    assert labels["Knocks in a row"] == "0 of 2 end the hand"


def test_replay_json_gives_minus_the_cards_left(tmp_path: Path) -> None:
    state = new(["2C", "KH QS JH TS 9H 8S 7H"], "8D AS 5D 4C")
    for text in ["KH", "QS", "JH", "TS", "9H", "8S", "7H"]:
        state.apply_text(f"play {text} on NE")
    path = tmp_path / "kings.json"
    path.write_text(json.dumps(record_of(state)))
    cli = [sys.executable, "-m", "parlour.cli", "replay", str(path), "--json"]
    out = json.loads(subprocess.run(cli, capture_output=True, text=True, check=True).stdout)
    assert out == {"game": "kings_in_the_corner", "over": True, "hand_scores": [[-7, 0]],
                   "match_scores": [-7, 0], "winners": [1]}
    record = record_of(state)
    record["actions"][3] = [1, "play TS on N"]
    path.write_text(json.dumps(record))
    bad = subprocess.run(cli, capture_output=True, text=True)
    assert bad.returncode == 2 and "action 3" in bad.stderr
    assert replay(record_of(state)).observation(None) == state.observation(None)
