"""Paks rules pinned by the source's own examples and the scenarios of docs/rules/paks.md."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.cards import parse_card, parse_cards
from parlour.engine import IllegalAction, OptionsError, play_out
from parlour.games.paks import END, GAME, PaksState, group_value, pak_value, sides_of
from parlour.words import Seats, seats_of


def deal(players: int, hands: dict[int, str], board: str, stock_top: str) -> dict[str, Any]:
    """A whole deal: the given hands (others filled), the board and the stock's top cards;
    the rest of the pack follows in a fixed order."""
    pack = list(range(52)) * (1 if players == 2 else 2)
    fixed = {s: parse_cards(h) for s, h in hands.items()}
    top = parse_cards(stock_top)
    for c in [c for h in fixed.values() for c in h] + parse_cards(board) + top:
        pack.remove(c)
    out = []
    for s in range(players):
        cards = fixed.get(s) or [pack.pop() for _ in range(5)]
        out.append([str(t) for t in _texts(cards)])
    return {"hands": out, "board": _texts(parse_cards(board)), "stock": _texts(top) + _texts(pack)}


def _texts(cards: list[int]) -> list[str]:
    from parlour.cards import CARD_TEXTS

    return [CARD_TEXTS[c] for c in cards]


def start(players: int, hands: dict[int, str], board: str, stock_top: str, **options: Any) -> PaksState:
    state = GAME.new_state(GAME.options(players=players, **options), 1, deals=[deal(players, hands, board, stock_top)])
    assert isinstance(state, PaksState)
    return state


def test_the_source_captures_of_the_jack_of_diamonds() -> None:
    """Scenario 1 and the source's list: all of these beat JD (10); 8-2 (10) does not."""
    for group, value in (("AD", 20), ("KD 2D", 12), ("9D 4D", 13), ("5D 5D", 55), ("3D 2D", 32)):
        assert group_value(parse_cards(group)) == value
        assert value > 10
    state = start(3, {1: "KD 8D 2D 9D 4D"}, "JD 2S 3S", "6D")
    legal = state.legal_texts()
    assert "pak JD with KD 2D" in legal and "pak JD with 9D 4D" in legal
    assert "pak JD with 8D 2D" not in legal
    before = state.observation(None)
    with pytest.raises(IllegalAction, match="worth 10, not more than J♦"):
        state.apply_text("pak JD with 8D 2D")
    assert state.observation(None) == before


def test_a_pak_is_worth_its_single_values() -> None:
    """Scenario 2: AC captured by 5C 2C (52) is a pak worth 27, not 72."""
    assert group_value(parse_cards("5C 2C")) == 52
    assert pak_value(tuple(parse_cards("AC 5C 2C"))) == 27
    state = start(2, {1: "5C 2C 9H 8H 7H"}, "AC 3H 4S", "6C")
    state.apply_text("pak AC with 5C 2C")
    assert state.observation(None)["paks"][1] == [{"cards": ["AC", "5C", "2C"], "value": 27, "points": 30}]


def test_several_pairs_read_at_their_best() -> None:
    """Scenario 4 (R-PAKS-2): 5-4-3-2 is 95 (53 + 42), or 59 with one pair at most."""
    cards = parse_cards("5D 4D 3D 2D")
    assert group_value(cards) == 95
    assert group_value(cards, multi=False) == 59
    assert group_value(parse_cards("TS 5S 2S")) == 62


def test_the_source_steal_of_two_spade_paks() -> None:
    """Scenario 3: 10-5-2 of spades (62) takes K-7 (17) and 9-6 (15) from one seat; the
    new pak K-T-9-7-6-5-2 is worth 49. It may not steal in the suit of its own pak."""
    state = start(2, {1: "TS 5S 2S AH 8S"}, "KH 3C 4D", "8H")
    state.paks[0] = [(0, tuple(parse_cards("KS 7S")), 17), (2, tuple(parse_cards("QD 9D")), 19),
                     (0, tuple(parse_cards("9S 6S")), 15), (0, tuple(parse_cards("4S 3S")), 7)]
    state.apply_text("pak KH with AH")
    legal = state.legal_texts()
    assert "steal 0:1,3 with TS 5S 2S" in legal
    with pytest.raises(IllegalAction, match="one suit"):
        state.apply_text("steal 0:1,2 with TS 5S 2S")
    state.apply_text("steal 0:3,1 with 2S 5S TS")
    paks = state.observation(None)["paks"]
    assert paks[1][-1] == {"cards": ["KS", "TS", "9S", "7S", "6S", "5S", "2S"], "value": 49, "points": 50}
    assert [p["cards"] for p in paks[0]] == [["QD", "9D"], ["4S", "3S"]]
    with pytest.raises(IllegalAction, match="already stolen spades"):
        state.apply_text("steal 0:2 with 8S")
    assert state.legal_texts() == ["end"]


def test_no_steal_in_the_suit_of_the_turns_pak_and_numbers_move_up() -> None:
    """R-PAKS-6 and R-PAKS-18: a steal never in the pak's suit; after a steal the victim's
    remaining paks are renumbered for the next steal."""
    state = start(2, {1: "AH QH AD TD 9C"}, "KH 3C 4S", "8H")
    state.paks[0] = [(1, tuple(parse_cards("JH 2H")), 12), (2, tuple(parse_cards("9D 8D")), 17),
                     (3, tuple(parse_cards("7C 6C")), 13)]
    state.apply_text("pak KH with AH")
    with pytest.raises(IllegalAction, match="hearts, the suit of this turn's pak"):
        state.apply_text("steal 0:1 with QH")
    state.apply_text("steal 0:2 with AD")
    assert "steal 0:2 with 9C" not in state.legal_texts()
    assert [p["cards"] for p in state.observation(None)["paks"][0]] == [["JH", "2H"], ["7C", "6C"]]
    with pytest.raises(IllegalAction, match="not more than"):
        state.apply_text("steal 0:2 with 9C")
    state.apply_text("end")


def test_a_card_of_a_missing_suit_feeds_the_board() -> None:
    """Scenario 5: hearts, spades and clubs on the board; 7D feeds it and the turn ends.
    Then the table is full: the next draw is hidden and a pak is compulsory (R-PAKS-4)."""
    state = start(2, {0: "AH 2C 3C 4C 6H", 1: "9H 8S 7S 6S 5S"}, "JH 2S 5C", "7D 8D")
    obs = state.observation(0)
    assert obs["board"] == ["2S", "JH", "7D", "5C"]
    assert obs["course"][0] == {"seat": 1, "card": "7D", "kind": "fed", "at": 0, "revealed": None}
    assert state.to_act() == 0 and obs["full_table"]
    assert obs["course"][1]["card"] == "8D" and state.observation(1)["course"][1]["card"] is None
    assert "end" not in state.legal_texts()
    with pytest.raises(IllegalAction, match="must"):
        state.apply(END)
    state.apply_text("pak JH with AH")


def test_at_a_full_table_with_no_pak_the_hand_is_shown() -> None:
    """R-PAKS-11, R-PAKS-16: no action; the hand is public from then on."""
    state = start(2, {0: "2H 6H 3D 7S 8S", 1: "9H 6S 5S 4S 3S"}, "AH AS AC", "7D 3C 9C")
    obs = state.observation(None)
    assert obs["course"][1]["revealed"] == ["8S", "7S", "6H", "2H", "3D", "3C"]
    assert obs["known"][0] == ["8S", "7S", "6H", "2H", "3D", "3C"]
    assert state.to_act() == 1 and obs["course"][2]["seat"] == 1


def test_an_empty_board_is_fed_by_every_card() -> None:
    """R-PAKS-8: with no suit on the board, every drawn card feeds."""
    state = start(2, {}, "AH KH QH", "9H 2H 3H")
    state.board = []
    state.apply_text("end")
    assert state.observation(None)["board"] == ["2H"]


def test_the_hand_ends_after_the_turn_of_the_last_card() -> None:
    """R-PAKS-12: the last card's turn plays in full, then the hand is scored."""
    state = start(2, {1: "AH 9C 8C 7C 6C"}, "KH 3C 4S", "8H")
    state.stock = [parse_card("QH")]
    state.apply_text("end")
    assert state.to_act() == 0 and not state.stock
    state.apply_text(state.legal_texts()[-1])
    if state.phase == "steal":
        state.apply_text("end")
    assert state.hand_over()


def end_scores(players: int, paks: dict[int, list[str]], **options: Any) -> tuple[list[int], dict[str, Any]]:
    state = start(players, {}, "AH KH QH", "9S", **options)
    for s, texts_ in paks.items():
        state.paks[s] = [(parse_card(t.split()[0]) // 13, tuple(parse_cards(t)), pak_value(tuple(parse_cards(t))))
                         for t in texts_]
    state.stock = []
    state.hands[state.turn] = [0] * 52
    state.apply(END)
    assert state.hand_over()
    assert state.last_hand is not None
    return state.hand_scores(), state.last_hand


def test_cancellation_by_the_fewest_paks_of_a_suit() -> None:
    """Scenario 6 (R-PAKS-9, R-PAKS-10): hearts 4/3/1 -> each discards its lowest one; if
    Charlie holds none, nothing is discarded (or, with cancel_counts_zero=false, the
    fewest among the holders: 3)."""
    alpha = ["AH KH", "7H 6H", "QH 2H", "JH 3H"]
    bravo = ["TH 9H", "9H 5H", "8H 8H"]
    scores, last = end_scores(3, {0: alpha, 1: bravo, 2: ["AH 5H"]})
    assert last["discarded"] == [[["7H", "6H"]], [["9H", "5H"]], [["AH", "5H"]]]
    assert scores == [30 + 15 + 15, 20 + 20, 0]
    scores, last = end_scores(3, {0: alpha, 1: bravo})
    assert last["discarded"] == [[], [], []] and scores == [70, 55, 0]
    scores, last = end_scores(3, {0: alpha, 1: bravo}, cancel_counts_zero=False)
    assert len(last["discarded"][0]) == 3 and len(last["discarded"][1]) == 3
    assert scores == [30, 0, 0]


def test_scoring_values() -> None:
    """Scenario 7 and R-PAKS-14: AH KH 7H scores 35, 9S 8S 2S 25 (an 8 is 8 to capture)."""
    scores, _ = end_scores(2, {0: ["AH KH 7H", "9S 8S 2S"]})
    assert scores == [60, 0]
    assert group_value(parse_cards("8S")) == 8


def test_partners_pool_their_paks_and_share_their_score() -> None:
    """G-3 and R-PAKS-1: at 4 {0,2} v {1,3}; at 6 two teams of three, or three of two."""
    assert sides_of(4, "2x3") == [[0, 2], [1, 3]]
    assert sides_of(6, "2x3") == [[0, 2, 4], [1, 3, 5]]
    assert sides_of(6, "3x2") == [[0, 3], [1, 4], [2, 5]]
    scores, last = end_scores(4, {0: ["AH KH"], 2: ["9S 8S"], 1: ["QH 2H"]})
    assert last["discarded"] == [[["AH", "KH"]], [["QH", "2H"]]]
    assert scores == [20, 0, 20, 0]
    scores, _ = end_scores(6, {0: ["AS KS"], 4: ["9S 8S"], 3: ["2C 3C"]}, six_teams="3x2")
    assert scores == [40, 20, 0, 40, 20, 0]


def test_the_match_ends_with_a_single_side_on_top() -> None:
    """Scenario 8: 510 beats 505; 510 and 510 play another hand."""
    state = start(2, {}, "AH KH QH", "9S")
    state.totals = [510, 505]
    assert state._match_winners() == [0]
    state.totals = [510, 510]
    assert state._match_winners() is None
    state.totals = [490, 499]
    assert state._match_winners() is None


def test_stock_sizes_and_player_counts() -> None:
    for players, size in ((2, 39), (3, 86), (4, 81), (6, 71)):
        state = GAME.new_state(GAME.options(players=players), 3)
        assert len(state.deals[0]["stock"]) == size
    with pytest.raises(OptionsError, match="five cannot play"):
        GAME.options(players=5)
    assert GAME.player_counts() == [2, 3, 4, 6]


def test_texts_are_canonical_and_input_takes_any_order() -> None:
    """R-PAKS-15, R-PAKS-19: cards high to low, numbers ascending; `10` reads as T."""
    state = start(2, {}, "AH KH QH", "9S")
    action = state.text_to_action("steal 1:3,1 with 2s 10s 5S")
    assert state.action_to_text(action) == "steal 1:1,3 with TS 5S 2S"
    assert state.action_to_text(state.text_to_action("pak JD with 2D KD")) == "pak JD with KD 2D"
    for bad in ("pak JD KD", "steal x:1 with 2S", "pak ZZ with 2S", "take JD"):
        with pytest.raises(IllegalAction):
            state.text_to_action(bad)


def test_bad_paks_are_refused_with_a_reason_and_change_nothing() -> None:
    state = start(3, {1: "KD 8D 2D 9S 4C"}, "JD 2S 3S", "6D")
    before = state.observation(1)
    for text, reason in (
        ("pak QD with KD", "not on the board"),
        ("pak JD with KS", "do not hold K♠"),
        ("pak 2S with 9S 4C", "spades"),
        ("pak JD with KD KD", "twice"),
        ("steal 0:1 with KD", "only after forming a pak"),
    ):
        with pytest.raises(IllegalAction, match=reason):
            state.apply_text(text)
    assert state.observation(1) == before


def test_determinize_keeps_known_cards_and_the_course() -> None:
    """A world sampled for a seat replays to its observation, at every step of a hand."""
    state = GAME.new_state(GAME.options(players=4), 9)
    rng = random.Random(9)
    for _ in range(60):
        if state.to_act() is None:
            break
        for seat in range(4):
            obs = state.observation(seat)
            assert GAME.determinize(obs, rng).observation(seat) == obs
        state.apply(rng.choice(state.legal_actions()))


def test_a_match_plays_to_its_target() -> None:
    state = GAME.new_state(GAME.options(players=4, target=150), 2)
    rng = random.Random(2)
    play_out(state, lambda s: rng.choice(s.legal_actions()))
    totals = state.match_scores()
    assert state.winners() and max(totals) >= 150
    assert all(totals[w] == max(totals) for w in state.winners())


def test_the_rules_record_events_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log holds events, worded by the view for a reader
    with names, "you" for its own seat; sides are named by their players, suits by name,
    cards in symbol form, and no seat number or card code is left. A button's label names
    the seat robbed in the numbered convention front ends name ("steal seat 2's pak 1")."""
    import re

    names = ["Ann", "Bob", "Cy", "Dee"]
    state = GAME.new_state(GAME.options(players=4), 4)
    rng = random.Random(4)
    said: list[str] = []
    labels: list[str] = []
    events = state.log
    while not state.hand_over():
        events = state.log
        state.apply(rng.choice(state.legal_actions()))
        if state.to_act() is not None:
            labels += [GAME.view.label(state.observation(state.to_act(), views=False), a, Seats.numbered(4))
                       for a in state.legal_actions()]
            obs = state.observation(state.to_act(), names=names)
            said += [z["label"] for z in obs["zones"]] + [f["value"] for f in obs["status"]]
            said.append(obs["recent"]["explanation"] if obs["recent"] else "")
        assert all(isinstance(e, tuple) for e in state.log)
    seats = seats_of(4, 1, names)
    said += [GAME.view.sentence(e, seats) for e in events]
    assert said[-1].startswith("The stock is out; after cancelling, the hand scores Ann and Cy: ")
    assert "; you and Dee: " in said[-1]
    assert any(" against " in line for line in said) and any(line.startswith("Bob ") for line in said)
    steals = [line for line in labels if line.startswith("steal ")]
    assert steals and all(re.match(r"steal seat \d's paks? \d", line) for line in steals), "the numbered convention"
    for line in labels:
        assert not re.search(r"\b[2-9TJQKA][SHDC]\b|:\d", line), line
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d|\b\d[:+]\d|\b[2-9TJQKA][SHDC]\b", line), line
        assert not re.search(r"\b[Yy]ou (ends|shows|has|draws)\b|\bpak in [SHDC]\b", line), line


def test_a_refused_steal_names_the_seat_and_the_suit() -> None:
    state = start(2, {1: "TS 5S 2S AH 8S"}, "KH 3C 4D", "8H")
    state.paks[0] = [(0, tuple(parse_cards("KS 7S")), 17)]
    state.apply_text("pak KH with AH")
    with pytest.raises(IllegalAction, match="Seat 0 has no pak 2 \\(only 1 pak\\)") as refused:
        state.apply_text("steal 0:2 with TS")
    assert refused.value.reason(["Ann", "Bob"]) == "Ann has no pak 2 (only 1 pak)."
    with pytest.raises(IllegalAction, match="^8♠ is worth 8, not more than the paks stolen \\(17\\)"):
        state.apply_text("steal 0:1 with 8S")
