"""Zetema rules pinned by the source's numbers and every scenario of docs/rules/zetema.md."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from parlour.cards import CARD_TEXTS, parse_card
from parlour.engine import IllegalAction, OptionsError
from parlour.games.zetema import (
    GAME,
    MELD_FLAG,
    ZetemaOptions,
    ZetemaState,
    meld_value,
    windows,
    zetema_points,
)


def pack_texts(extra: str = "S") -> list[str]:
    return [CARD_TEXTS[c] for c in range(52)] + [r + extra for r in "23456789TJQKA"]


def deal(
    players: int = 2, hands: dict[int, str] | None = None, top: str = "", extra: str = "S", bottom: str = ""
) -> dict[str, Any]:
    """A deal with the given hands, the given cards on top of the stock (top first) and at
    its bottom; everything else is filled from the pack in order."""
    rest = pack_texts(extra)
    size = 5 if players == 6 else 6
    given = {s: h.split() for s, h in (hands or {}).items()}
    for cards in [*given.values(), top.split(), bottom.split()]:
        for t in cards:
            rest.remove(t)
    out = []
    for s in range(players):
        cards = given.get(s, [])
        while len(cards) < size:
            cards.append(rest.pop())
        out.append(cards)
    return {"hands": out, "stock": top.split() + rest + bottom.split()}


def new(
    players: int = 2, hands: dict[int, str] | None = None, top: str = "", piles: str = "", **options: Any
) -> ZetemaState:
    """A state whose seat 1 (first to play) holds `hands[1]` and has drawn the stock's top;
    `piles` lie on their rank piles as if discarded before."""
    extra = options.get("extra_suit", "S")
    given = deal(players, hands, top, extra, piles)
    state = GAME.new_state(GAME.options(players=players, **options), 0, deals=[given])
    assert isinstance(state, ZetemaState)
    to_pile(state, piles)
    return state


def to_pile(state: ZetemaState, cards: str) -> None:
    """Put cards from the stock on their rank piles (a position reached by earlier play)."""
    for t in cards.split():
        f = parse_card(t)
        state.stock.remove(f)
        state.piles[f % 13].append(f)


def hand(state: ZetemaState, seat: int) -> list[str]:
    return sorted(state.observation(seat)["hand"])


# --- pack, deal, options ---------------------------------------------------------------------


@pytest.mark.parametrize(("players", "stock"), [(2, 53), (3, 47), (4, 41), (5, 35), (6, 35)])
def test_the_65_card_pack_and_the_stock_sizes(players: int, stock: int) -> None:
    state = GAME.new_state(ZetemaOptions(players=players), 1)
    pack = state.full_pack()
    assert len(pack) == 65
    assert all(n == 5 for n in Counter(t[0] for t in pack).values())
    assert Counter(t[1] for t in pack)["S"] == 26
    size = 5 if players == 6 else 6
    assert len(state.deals[0]["stock"]) == stock
    sizes = state.observation(None)["hand_sizes"]
    first = 1
    assert sizes == [size + (s == first) for s in range(players)]
    assert state.to_act() == first


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        ZetemaOptions(players=7)
    with pytest.raises(OptionsError):
        ZetemaOptions(five_marriages=160)
    with pytest.raises(OptionsError):
        GAME.options(extra_suit="X")
    assert [ZetemaOptions(players=n).target for n in range(2, 7)] == [300, 300, 200, 200, 200]


# --- scenario 1: zetemas ---------------------------------------------------------------------


@pytest.mark.parametrize(("rank", "points"), [("J", 20), ("7", 5), ("A", 15), ("5", 15), ("K", 50), ("Q", 50), ("2", 5)])
def test_the_fifth_card_of_a_rank_is_a_zetema(rank: str, points: int) -> None:
    four = f"{rank}S {rank}S {rank}D {rank}C"
    fillers = [t for t in ("2D", "3D", "4D", "6D", "7D", "8D") if t[0] != rank][:5]
    state = new(hands={1: " ".join([f"{rank}H", *fillers])}, top="9H", piles=four)
    state.apply_text(f"discard {rank}H")
    assert state.hand_points() == [0, points]
    assert state.piles[parse_card(f"{rank}H") % 13] == []
    assert sorted(state.observation(0)["wastepile"]) == sorted([*four.split(), f"{rank}H"])
    assert "zetema" in state.observation(0)["log"][-2]
    assert state.observation(0)["recent"]["plays"][0]["mark"] is True


# --- scenario 2: assemblies; scenario 3: sequences and flushes ---------------------------------


@pytest.mark.parametrize(("rank", "points"), [("Q", 130), ("K", 130), ("9", 100), ("A", 110), ("5", 110), ("J", 120), ("2", 100)])
def test_assemblies(rank: str, points: int) -> None:
    five = f"{rank}S {rank}S {rank}H {rank}D {rank}C"
    state = new(hands={1: five + (" 3D" if rank != "3" else " 4D")}, top="8C")
    state.apply_text("meld " + five)
    assert state.hand_points() == [0, points]
    assert state.phase == "meld_discard"


@pytest.mark.parametrize(
    ("cards", "kind", "points"),
    [
        ("3H 4S 5D 6C 7H 8H", "sequence", 20),
        ("2C 5C 8C 9C JC KC", "flush", 30),
        ("4C 5C 6C 7C 8C 9C", "flush sequence", 50),
        ("TD JD QD KD AD 2D", "flush", 30),
        ("AH 2S 3S 4S 5S 6S", "sequence", 20),
        ("9H TS JS QS KS AS", "sequence", 20),
        ("8S 8S 9S TS JS QS", "flush", 30),
    ],
)
def test_meld_kinds(cards: str, kind: str, points: int) -> None:
    state = new(hands={1: cards}, top="2H" if "2H" not in cards else "3D")
    action = state.text_to_action("meld " + cards)
    assert action in state.legal_actions()
    assert meld_value(state.pack, action - MELD_FLAG, 6, state.seqs) == (kind, points)
    state.apply(action)
    assert state.hand_points() == [0, points]


def test_no_wrap_and_the_ace_options() -> None:
    assert meld_value(new().pack, new().text_to_action("meld QH KS AD 2C 3H 4H") - MELD_FLAG, 6,
                      frozenset(windows(6, "both"))) is None
    low = "AH 2S 3S 4S 5S 6S"
    high = "9H TS JS QS KS AS"
    for ace, ok_low, ok_high in (("both", True, True), ("high", False, True), ("low", True, False)):
        for cards, ok in ((low, ok_low), (high, ok_high)):
            state = new(hands={1: cards}, top="2H", ace=ace)
            assert (state.text_to_action("meld " + cards) in state.legal_actions()) is ok, (ace, cards)


def test_a_meld_can_be_shown_again_and_need_not_be_shown() -> None:
    """R-ZETEMA-4 and R-ZETEMA-13: a held meld may be kept; shown again on a later turn."""
    state = new(hands={1: "4C 5C 6C 7C 8C 9C"}, top="TC 2D")
    assert "discard TC" in state.legal_texts()
    state.apply_text("meld 9C 8C 7C 6C 5C 4C")
    state.apply_text("discard 9C")
    assert state.observation(0)["known"][1] == ["8C", "7C", "6C", "5C", "4C"]
    state.apply_text("discard " + state.observation(0)["hand"][0])
    state.apply_text("meld TC 8C 7C 6C 5C 4C")
    assert state.hand_points() == [0, 80]


# --- scenario 4-6: marriages -------------------------------------------------------------------


def test_imperial_marriages() -> None:
    state = new(hands={1: "KH QH KS QS 2D 3D"}, top="4D")
    state.apply_text("marry KH QH, KS QS")
    assert state.hand_points() == [0, 40]
    state = new(hands={1: "KS QS KS QS 2D 3D"}, top="4D")
    assert "marry KS QS, KS QS" in state.legal_texts()
    state.apply_text("marry KS QS, KS QS")
    assert state.hand_points() == [0, 50]


def test_marriage_scale() -> None:
    state = new(hands={1: "KH QH KD QD KC QC"}, top="4D")
    state.apply_text("marry KH QH")
    assert state.hand_points() == [0, 10]
    state = new(hands={1: "KH QH KD QD KC QC"}, top="4D")
    state.apply_text("marry KH QH, KD QD, KC QC")
    assert state.hand_points() == [0, 60]


def test_marriage_pulled_from_the_pile_and_no_refill_at_six() -> None:
    """Scenario 5: seven cards with KD; `marry KD QD*` scores 10; six cards left, no refill."""
    state = new(hands={1: "KD 2H 3H 4H 6C 7C"}, top="8C", piles="QS QD QC")
    stock = len(state.stock)
    state.apply_text("marry KD QD*")
    assert state.hand_points() == [0, 10]
    assert state.hands[1].bit_count() == 6
    assert len(state.stock) == stock - 1  # only seat 0's draw for its turn
    assert [CARD_TEXTS[f] for f in state.piles[10]] == ["QS", "QC"]  # any card of the pile (R-ZETEMA-5)
    assert state.observation(0)["wastepile"] == ["KD", "QD"]
    assert state.to_act() == 0


def test_marriages_draw_back_up_to_six() -> None:
    state = new(hands={1: "KH QH KC QC 2D 3D"}, top="4D 5D 6D 7D")
    state.apply_text("marry KH QH, KC QC")
    assert state.hands[1].bit_count() == 6
    assert "7D" in hand(state, 1) and "6D" in hand(state, 1)


def test_five_marriages() -> None:
    for five, points in ((150, 150), (170, 170)):
        state = new(hands={1: "KS QS KS QS KH KD"}, top="KC", five_marriages=five, piles="QH QD QC")
        action = state.text_to_action("marry KS QS, KS QS, KH QH*, KD QD*, KC QC*")
        assert action in state.legal_actions()
        state.apply(action)
        assert state.hand_points() == [0, points]
        assert state.observation(1)["hand_sizes"][1] == 6


def test_marriages_are_checked_as_written() -> None:
    """R-ZETEMA-18: pairs are never re-paired; a pair needs a card from the hand."""
    state = new(hands={1: "KH QH KS QS 2D 3D"}, top="4D")
    with pytest.raises(IllegalAction, match="king and a queen of one suit"):
        state.text_to_action("marry KS QH, KH QS")
    with pytest.raises(IllegalAction, match="at least one card"):
        state.text_to_action("marry KH* QH*")
    with pytest.raises(IllegalAction, match="no Q♦ to pull"):
        state.apply_text("marry KH QH, KD QD*")
    with pytest.raises(IllegalAction, match="do not hold K♣ Q♣"):
        state.apply_text("marry KC QC")
    with pytest.raises(IllegalAction, match="only one king and queen of hearts"):
        state.apply_text("marry KH QH, KH QH")
    assert state.phase == "turn" and state.hand_points() == [0, 0] and len(hand(state, 1)) == 7


def test_a_meld_and_a_marriage_are_not_one_turn() -> None:
    """R-ZETEMA-3: after a meld only its discard is legal."""
    state = new(hands={1: "9S TS JS QS KS 2D"}, top="AS")
    state.apply_text("meld 9S TS JS QS KS AS")
    assert set(state.legal_texts()) == {f"discard {t}" for t in ("AS", "KS", "QS", "JS", "TS", "9S")}


# --- scenario 7 and R-ZETEMA-17: the target ends the match at once ---------------------------


def test_the_fifth_ace_on_295_wins_at_once() -> None:
    state = new(hands={1: "AH 2H 3H 4H 6D 7D"}, top="8C", piles="AS AS AD AC")
    state.totals[1] = 295
    state.apply_text("discard AH")
    assert state.is_over() and state.winners() == [1]
    assert state.match_scores() == [0, 310]
    assert state.hand_scores() == [0, 15]
    with pytest.raises(IllegalAction, match="over"):
        state.apply_text("discard 2H")


def test_a_meld_reaching_the_target_needs_no_discard() -> None:
    state = new(hands={1: "4C 5C 6C 7C 8C 9C"}, top="8H")
    state.totals[1] = 260
    state.apply_text("meld 4C 5C 6C 7C 8C 9C")
    assert state.is_over() and state.winners() == [1] and state.hand_scores() == [0, 50]
    assert state.hands[1].bit_count() == 7


def test_a_marriage_reaching_the_target_draws_no_refill() -> None:
    state = new(hands={1: "KH QH KC QC 2D 3D"}, top="4D")
    state.totals[1] = 290
    state.apply_text("marry KH QH")
    assert state.is_over() and state.hands[1].bit_count() == 5


# --- scenario 8: the discard after a meld ----------------------------------------------------


def test_the_discard_after_a_meld_comes_from_it() -> None:
    state = new(hands={1: "3H 4S 5D 6C 7H 9C"}, top="8H")
    state.apply_text("meld 3H 4S 5D 6C 7H 8H")
    before = state.observation(1)
    with pytest.raises(IllegalAction, match="discard one of those cards"):
        state.apply_text("discard 9C")
    assert state.observation(1) == before
    state.apply_text("discard 8H")
    assert state.to_act() == 0


# --- scenario 9: six players ------------------------------------------------------------------


def test_six_players_meld_five_cards() -> None:
    state = new(players=6, hands={1: "2C 5C 8C 9C JC"}, top="3D")
    assert state.hands[1].bit_count() == 6
    state.apply_text("meld 2C 5C 8C 9C JC")
    assert state.hand_points() == [0, 30, 0, 0, 30, 0]
    assert state.match_scores() == [0, 30, 0, 0, 30, 0]


# --- the hand's end, partnerships, the next dealer ----------------------------------------------


def test_a_hand_played_out_and_the_next_deal() -> None:
    """R-ZETEMA-9/19: once the stock is out seats without cards are skipped; the hand ends
    when nobody holds a card, and dealer+1 deals the next (R-ZETEMA-14)."""
    state = GAME.new_state(ZetemaOptions(players=3), 5)
    rng = random.Random(5)
    skipped = False
    zetemas = [0, 0, 0]
    while not state.hand_over():
        actor = state.to_act()
        if not state.stock:
            assert state.hands[state.to_act()], "a seat without cards is to act"
            skipped |= any(not h for h in state.hands)
        discards = [a for a in state.legal_actions() if a < 52]
        face = rng.choice(discards)
        if len(state.piles[face % 13]) == 4:
            zetemas[actor] += zetema_points(face % 13)
        state.apply(face)
    assert skipped
    assert state.hand_scores() == zetemas
    assert state.dealer == 1 and state.to_act() == 2
    assert state.hand_scores() == state.match_scores()
    log = state.last_hand_view()
    assert log is not None and log["dealer"] == 0
    record = state.deals[0]
    assert len(record["stock"]) == 47 and all(len(h) == 6 for h in record["hands"])


def test_partners_share_a_score_and_nothing_else() -> None:
    state = new(players=4, hands={1: "JH 2H 3H 4H 6D 7D"}, top="8C", piles="JS JS JD JC")
    state.apply_text("discard JH")
    assert state.hand_points() == [0, 20, 0, 20]
    obs = state.observation(3)
    assert obs["hand"] != state.observation(1)["hand"] and obs["sides"] == [[0, 2], [1, 3]]


# --- notation and hidden information ------------------------------------------------------------


def test_texts_read_leniently_and_refuse_nonsense() -> None:
    state = new(hands={1: "KH QH KS QS 2D 3D"}, top="4D")
    assert state.text_to_action("marry QS KS*, QH KH") == state.text_to_action("marry KH QH, KS* QS")
    assert state.action_to_text(state.text_to_action("marry QS KS*, QH KH")) == "marry KS* QS, KH QH"
    assert state.text_to_action("meld 10h 9c 8c 7c 6c 5c") == state.text_to_action("meld 5C 6C 7C 8C 9C TH")
    for bad in ("draw", "discard", "meld 7H 7H", "marry KH", "discard ZZ"):
        with pytest.raises(IllegalAction):
            state.text_to_action(bad)
    with pytest.raises(IllegalAction, match="You do not hold 9♣"):
        state.apply_text("discard 9C")
    with pytest.raises(IllegalAction, match="is not a meld"):
        state.apply_text("meld KH QH KS QS 2D 3D")


def test_shown_cards_are_known_and_determinize_keeps_them() -> None:
    state = new(hands={1: "3H 4S 5D 6C 7H 9C"}, top="8H 2D")
    state.apply_text("meld 3H 4S 5D 6C 7H 8H")
    state.apply_text("discard 8H")
    obs = state.observation(0)
    assert obs["known"][1] == ["4S", "7H", "3H", "5D", "6C"]
    assert obs["draws"] == [[1, 0], [0, 2]]
    rng = random.Random(1)
    for _ in range(20):
        world = GAME.determinize(obs, rng)
        assert isinstance(world, ZetemaState)
        assert world.observation(0) == obs
        held = world.observation(1)["hand"]
        assert all(t in held for t in ["7H", "3H", "4S", "5D", "6C"])


def test_what_is_no_action_is_refused_with_the_notation() -> None:
    state = new()
    before = state.observation(1)
    for action in (60, -3, 1 << 40, True, "x"):
        with pytest.raises(IllegalAction, match="discard 7D|not a Zetema action"):
            state.apply(action)
    assert state.observation(1) == before


def test_the_rules_record_events_as_data_and_the_view_words_them_for_a_named_reader() -> None:
    """No text on the rules' path: the log and the hand's summary hold events, and the view
    words them for a reader with names ("you" for its own seat, partners as a team, a card
    pulled from its pile said so, not starred), with no seat number left."""
    from parlour.words import Seats

    seats = Seats(["Ann", "Bob", "Cy", "Dee"], me=3)
    state = new(players=4, hands={1: "KD 2H 3H 4H 6C 7C"}, top="8C", piles="QS QD QC")
    labels = {e["text"]: e["label"] for e in state.observation(1)["legal"]}
    assert labels["marry KD QD*"] == "marry K♦ Q♦ (Q♦ from the pile)"
    status = {f["label"]: f["value"] for f in GAME.view.status(state.observation(3, views=False), seats)}
    assert status["Partners"] == "Ann and Cy; you and Bob"
    state.totals[1] = 195
    state.apply_text("marry KD QD*")
    events = state.last_hand["log"]
    assert all(isinstance(e, tuple) for e in events)
    assert [GAME.view.sentence(e, seats) for e in events] == [
        "Hand 1: Ann deals.",
        "Bob draws from the stock.",
        "Bob declares 1 marriage, K♦ Q♦ (Q♦ from the pile): +10; the cards go to the wastepile.",
        "You and Bob reach 205, the target of 200: the match ends at once.",
        "Hand 1 over: points 0 for Ann and Cy, 10 for you and Bob; totals 0 for Ann and Cy, 205 for you and Bob.",
    ]
    assert state.observation(3)["last_hand"]["log"][3] == "Seat 1 and seat 3 reach 205, the target of 200: the match ends at once."


def test_a_meld_is_worded_with_its_article_and_its_cards() -> None:
    from parlour.words import Seats

    five = "QS QS QH QD QC"
    state = new(hands={1: five + " 3D"}, top="8C")
    state.apply_text("meld " + five)
    assert GAME.view.sentence(state.log[-1], Seats(["Ann", "Bob"], me=0)) == (
        "Bob shows an assembly for 130: Q♠ Q♠ Q♥ Q♦ Q♣; one of these cards must be discarded."
    )
    assert state.observation(1)["status"][0] == {"label": "Seat 1 must discard from", "value": "Q♠ Q♠ Q♥ Q♦ Q♣"}
