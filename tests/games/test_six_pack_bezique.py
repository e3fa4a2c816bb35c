"""Six-Pack Bezique: the source's rules and every scenario of its rulings section."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.engine import IllegalAction, cards_conserved
from parlour.games.six_pack_bezique import FACE_OF, FACE_TEXT, GAME, PACK, BeziqueState, counts_of
from parlour.record import record_of

PARLOUR = str(Path(sys.executable).parent / "parlour")


def faces(text: str) -> list[int]:
    return [FACE_OF[t] for t in text.split()]


def deal(first: str, second: str, top: str = "", cut: int | None = 24) -> dict[str, Any]:
    """A deal: 12 cards to the non-dealer (seat 1 when seat 0 deals), 12 to the dealer, the
    stock with `top` first and the rest of the six packs in a fixed order."""
    hands = [faces(first), faces(second)]
    rest = list(PACK)
    for f in hands[0] + hands[1] + faces(top):
        rest.remove(f)
    out: dict[str, Any] = {"hands": [second.split(), first.split()], "stock": top.split() + [FACE_TEXT[f] for f in rest]}
    if cut is not None:
        out["cut"] = cut
    return out


PLAIN = "7S 8S 9S 7H 8H 9H 7D 8D 9D 7C 8C 9C"
COURTED = PLAIN.replace("7S", "KS")
BLANK = "AS TS AH TH AD TD AC TC 7S 8S 9S 7H"


def new(d: dict[str, Any] | None = None, **options: Any) -> BeziqueState:
    state = GAME.new_state(GAME.options(**options), 1, deals=[d] if d else None)
    assert isinstance(state, BeziqueState)
    return state


def rig(hand: str, table: str = "", trump: str | None = None, seat: int = 1, **options: Any) -> BeziqueState:
    """Seat `seat` has just won a trick and may meld: its hand, its table cards (each laid as
    its own broken meld, that is, free), and the trumps."""
    state = new(deal(PLAIN, PLAIN.replace("7S", "AS")), cut_bonuses=False, **options)
    state.hand[seat] = counts_of(faces(hand))
    for f in faces(table):
        state.uid += 1
        state.table[seat].append((f, state.uid))
    state.trump = "SHDC".index(trump) if trump else -1
    state.phase, state.turn = "meld", seat
    return state


def test_the_cut_and_the_guess() -> None:
    """Scenario 1: a cut of 24 scores the dealer 250; the guess 24 the non-dealer 150."""
    state = new(deal(PLAIN, PLAIN.replace("7S", "AS"), cut=24))
    assert state.to_act() == 1 and state.observation(1)["cut"] is None
    state.apply_text("guess 24")
    assert state.points == [250, 150]
    other = new(deal(PLAIN, PLAIN.replace("7S", "AS"), cut=23))
    other.apply_text("guess 22")
    assert other.points == [0, 0] and other.observation(0)["cut"] == 23
    with pytest.raises(IllegalAction, match="from 20 to 28"):
        new(deal(PLAIN, PLAIN)).apply_text("guess 30")


def test_a_marriage_fixes_trumps_and_a_sequence_on_it_scores_250() -> None:
    """Scenario 2 and R-BEZIQUE-7."""
    state = rig("KH QH AH TH JH 7C")
    state.apply_text("meld KH QH")
    assert state.trump == 1 and state.points[1] == 40
    state.phase, state.turn = "meld", 1
    assert "meld AH TH JH KH* QH*" in state.legal_texts()
    state.apply_text("meld AH TH JH KH* QH*")
    assert state.points[1] == 290
    state.phase, state.turn = "meld", 1
    assert state.legal_texts() == ["pass"], "the K and Q of the sequence cannot marry again"


def test_other_suits_score_as_plain_once_trumps_are_set() -> None:
    """Scenario 3: trumps hearts; a spade sequence 150, a spade marriage 20."""
    state = rig("AS TS KS QS JS 7C", trump="H")
    assert "meld AS TS KS QS JS" in state.legal_texts()
    state.apply_text("meld KS QS")
    assert state.points[1] == 20 and state.trump == 1
    state.phase, state.turn = "meld", 1
    state.apply_text("meld AS TS JS KS* QS*")
    assert state.points[1] == 170


def test_beziques_and_their_augmentation() -> None:
    """Scenario 4, R-BEZIQUE-6 and 18: 40, then +500; a direct double is 500; single to
    triple at once is 1500."""
    state = rig("QS JD QS JD QS JD 7C")
    state.apply_text("meld QS JD")
    state.phase, state.turn = "meld", 1
    state.apply_text("meld QS JD QS* JD*")
    assert state.points[1] == 540
    direct = rig("QS JD QS JD 7C")
    direct.apply_text("meld QS QS JD JD")
    assert direct.points[1] == 500
    chain = rig("QS JD QS JD QS JD 7C")
    chain.apply_text("meld QS JD")
    chain.phase, chain.turn = "meld", 1
    chain.apply_text("meld QS QS JD JD QS* JD*")
    assert chain.points[1] == 40 + 1500


def test_a_bezique_card_does_not_move_to_another_bezique() -> None:
    """R-BEZIQUE-5 and 17: QS* of an intact bezique and a new JD is no meld; two single
    beziques are not merged into a triple; a second single from the hand is 40; the QS may
    marry a KS (another class)."""
    state = rig("QS JD JD KS 7C")
    state.apply_text("meld QS JD")
    state.phase, state.turn = "meld", 1
    legal = state.legal_texts()
    assert "meld QS* JD" not in legal and "meld KS QS*" in legal
    with pytest.raises(IllegalAction, match="R-BEZIQUE-5"):
        state.apply_text("meld QS* JD")
    two = rig("QS JD QS JD QS JD 7C")
    two.apply_text("meld QS JD")
    two.phase, two.turn = "meld", 1
    two.apply_text("meld QS JD")
    assert two.points[1] == 80
    two.phase, two.turn = "meld", 1
    assert "meld QS JD QS*1 QS*2 JD*1 JD*2" not in two.legal_texts()
    assert "meld QS JD QS*1 JD*1" in two.legal_texts()


def test_a_broken_meld_scores_again_when_restored() -> None:
    """The source: break a meld by playing a card, then restore it from the hand."""
    state = rig("AS AH AD AC AC 7C", trump="S")
    state.apply_text("meld AS AH AD AC")
    assert state.points[1] == 100
    state.phase, state.turn = "play", 1
    state.apply_text("play AC*")
    assert state.intact[1] == []
    state.phase, state.turn, state.trick = "meld", 1, []
    assert "meld AC AS* AH* AD*" in state.legal_texts()
    state.apply_text("meld AC AS* AH* AD*")
    assert state.points[1] == 200


def test_fours_score_the_higher_only() -> None:
    """Scenario 5 and R-BEZIQUE-8: four trump aces 1000 (not also 100); four aces of four
    suits 100; four tens only in trumps."""
    state = rig("AH AH AH AH TS TS TS TS 7C", trump="H")
    assert "meld AH AH AH AH" in state.legal_texts()
    assert not any(t.startswith("meld TS") for t in state.legal_texts())
    state.apply_text("meld AH AH AH AH")
    assert state.points[1] == 1000
    mixed = rig("AS AH AD AC 7C", trump="H")
    mixed.apply_text("meld AS AH AD AC")
    assert mixed.points[1] == 100
    tens = rig("TH TH TH TH 7C", trump="H")
    tens.apply_text("meld TH TH TH TH")
    assert tens.points[1] == 900


def test_a_meld_needs_a_hand_card_unless_the_option_says_not() -> None:
    """R-BEZIQUE-4: four kings from four table marriages' kings need a hand card."""
    table = "KS QS KH QH KD QD KC QC"
    state = rig("7C", table=table, trump="S")
    assert state.legal_texts() == ["pass"]
    with pytest.raises(IllegalAction, match="card from your hand"):
        state.apply_text("meld KS* KH* KD* KC*")
    free = rig("7C", table=table, trump="S", meld_needs_hand_card=False)
    assert "meld KS* KH* KD* KC*" in free.legal_texts()


def test_stage_one_tricks() -> None:
    """Scenario 6 and R-BEZIQUE-11: a trump takes a plain lead; identical cards go to the
    leader; the follower need not follow."""
    for lead, follow, winner in (("AH", "7S", 0), ("AH", "AH", 1), ("7H", "8H", 0), ("AH", "7C", 1)):
        state = new(deal("AH 7H 8H 9H 7D 8D 9D 7C 8C 9C 7S 8S", "7S AH 8H 7C 9S 9H 7D 8D 9D 8C 9C 8S"),
                    cut_bonuses=False)
        state.trump = 0
        state.apply_text("pass")
        state.apply_text("pass")
        state.apply_text(f"play {lead}")
        state.apply_text(f"play {follow}")
        assert state.phase == "meld" and state.to_act() == winner, (lead, follow)


def test_stage_two_follow_and_win() -> None:
    """Scenario 7 and R-BEZIQUE-10: follow and beat if able, else trump if void."""
    state = new(deal(PLAIN, PLAIN.replace("7S", "AS")), cut_bonuses=False)
    state.phase, state.turn, state.trump = "last", 1, 0
    state.hand = [counts_of(faces("TD 9D 7S")), counts_of(faces("KD 8C 8C"))]
    state.apply_text("play KD")
    assert state.legal_texts() == ["play TD"]
    with pytest.raises(IllegalAction, match="Follow suit and win"):
        state.apply_text("play 9D")
    void = new(deal(PLAIN, PLAIN.replace("7S", "AS")), cut_bonuses=False)
    void.phase, void.turn, void.trump = "last", 1, 0
    void.hand = [counts_of(faces("7S 8H")), counts_of(faces("KD 8C"))]
    void.apply_text("play KD")
    assert void.legal_texts() == ["play 7S"]
    none = new(deal(PLAIN, PLAIN.replace("7S", "AS")), cut_bonuses=False)
    none.phase, none.turn = "last", 1
    none.hand = [counts_of(faces("7S 8H")), counts_of(faces("KD 8C"))]
    none.apply_text("play KD")
    assert none.legal_texts() == ["play 7S", "play 8H"]


def test_carte_blanche_streak() -> None:
    """Scenario 8, R-BEZIQUE-2 and 19: blanche 250, two number cards shown, a drawn K ends
    the streak with no action: 750. The shown cards are known in the hand, and determinize
    keeps them there and makes the silent draw a court card."""
    state = new(deal(COURTED, BLANK, top="7C 9D 8C AS KH 8H"), cut_bonuses=False)
    assert state.legal_texts() == ["pass"]
    state.apply_text("pass")
    assert state.legal_texts() == ["blanche", "pass"]
    state.apply_text("blanche")
    assert state.points == [250, 0]
    assert state.observation(1)["known"][0] == state.observation(0)["hand"]
    for text in ("play 8S", "play 9S", "pass"):
        state.apply_text(text)
    assert (state.phase, state.to_act()) == ("show", 0)
    for text in ("show", "play 7H", "play 8H", "pass", "show", "play 9C", "play TC", "pass"):
        state.apply_text(text)
    assert state.points[0] == 750 and not state.streak[0] and (state.phase, state.to_act()) == ("play", 0)
    obs = state.observation(1)
    assert "KH" not in obs["known"][0] and "7C" in obs["known"][0] and obs["shown"][0][-1] == "AS"
    for seed in range(5):
        world = GAME.determinize(obs, random.Random(seed))
        assert world.observation(1) == obs and cards_conserved(world)
        assert world.hand[0][FACE_OF["7C"]] >= 1 and world.drawn[0][-1] in faces("KH KS KD KC QH QS QD QC JH JS JD JC")


def test_a_player_on_a_streak_may_pass_which_ends_it() -> None:
    state = new(deal(COURTED, BLANK, top="7C 9D"), cut_bonuses=False)
    for text in ("pass", "blanche", "play 8S", "play 9S", "pass", "pass"):
        state.apply_text(text)
    assert not state.streak[0] and state.phase == "play" and state.points[0] == 250


def test_a_table_card_may_be_played_and_breaks_its_melds() -> None:
    """R-BEZIQUE-12 and 16: `play KH*` plays the table copy; `KH*1`, `KH*2` name copies."""
    state = rig("KH QH KH QH 7C", trump="H")
    state.apply_text("meld KH QH")
    state.phase, state.turn = "meld", 1
    state.apply_text("meld KH QH")
    state.phase, state.turn = "play", 1
    legal = state.legal_texts()
    assert "play KH*1" in legal and "play KH*2" in legal and "play KH*" not in legal
    state.apply_text("play KH*2")
    assert len(state.intact[1]) == 1 and [f for f, _u in state.table[1]] == faces("KH QH QH")
    assert state.observation(0)["table"][1] == ["KH", "QH", "QH"]


def test_alike_table_copies_are_one_action() -> None:
    """Copies in the same intact melds are interchangeable: the oldest is named, and any
    of their texts reads as it."""
    state = rig("7C", table="AC AC", trump="S")
    state.phase, state.turn = "play", 1
    assert state.legal_texts() == ["play 7C", "play AC*1"]
    assert state.text_to_action("play AC*2") == state.text_to_action("play AC*1")


def test_bezique_by_trump() -> None:
    """R-BEZIQUE-9: with the option the bezique follows trumps, and none before trumps."""
    state = rig("QS JD QH JC 7C", bezique_by_trump=True)
    assert not any(t in state.legal_texts() for t in ("meld QS JD", "meld QH JC"))
    state.trump = 1
    assert "meld QH JC" in state.legal_texts() and "meld QS JD" not in state.legal_texts()


def test_the_winner_of_the_trick_that_empties_the_stock_melds_then_stage_two() -> None:
    """R-BEZIQUE-15, scenario 10 and section 3.4: the meld comes before the last draws;
    then the tables go back to the hands and the last trick scores 250."""
    state = new(None, cut_bonuses=False)
    rng = random.Random(4)
    while not (state.phase == "meld" and len(state.stock) - state.top == 2):
        state.apply(rng.choice(state.legal_actions()))
    assert state.legal_actions()
    state.apply_text("pass")
    while state.phase == "show":
        state.apply_text("pass")
    assert state.phase == "last" and not any(state.table) and sum(state.hand[0]) == 12
    before = list(state.points)
    while state.to_act() is not None and not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    winner = state.tricks[-1][3]
    assert state.hand_scores()[winner] == before[winner] + 250
    assert len(state.tricks) == 96


@pytest.mark.parametrize(("points", "final"), [
    ([3500, 2800], [7300, 2800]), ([4000, 3200], [5000, 3200]),
    ([2900, 2500], [6400, 2500]), ([3000, 3000], [3000, 3000]),
])
def test_the_game_bonus_and_the_rubicon(points: list[int], final: list[int]) -> None:
    """Scenario 9 and R-BEZIQUE-13 (a tie is a draw: both win)."""
    state = new(None, cut_bonuses=False)
    state.points = list(points)
    state._end_deal()
    assert state.match_scores() == final and state.hand_scores() == points
    assert state.winners() == ([0, 1] if final[0] == final[1] else [final.index(max(final))])


def test_several_deals_add_up() -> None:
    """R-BEZIQUE-14 option: the dealer alternates and final scores add up."""
    state = new(None, deals=2, cut_bonuses=False)
    state.points = [3500, 2800]
    state._end_deal()
    assert state.dealer == 1 and not state.is_over() and state.match_scores() == [7300, 2800]


def test_bad_input_is_refused_and_changes_nothing() -> None:
    state = new(deal(PLAIN, PLAIN.replace("7S", "AS")))
    before = state.observation(None)
    for text, why in (("play AS", "Guess the cut"), ("guess x", "not a Bezique action"), ("meld QX", "not a bezique card")):
        with pytest.raises(IllegalAction, match=why):
            state.apply_text(text)
    assert state.observation(None) == before
    meld = rig("KH QH 7C")
    with pytest.raises(IllegalAction, match="do not hold"):
        meld.apply_text("meld KS QS")
    with pytest.raises(IllegalAction, match="no meld"):
        meld.apply_text("meld KH 7C")
    with pytest.raises(IllegalAction, match="no K♥ on your table"):
        meld.apply_text("meld KH* QH")


def test_observation_and_record() -> None:
    """Melded cards are public on the table; the record holds cut, hands and stock and
    `parlour replay --json` prints the units of G-11."""
    state = new(None)
    rng = random.Random(2)
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    assert set(record["deals"][0]) == {"cut", "hands", "stock"}
    path = f"/tmp/bezique-{id(record)}.json"
    with open(path, "w") as fh:
        json.dump(record, fh)
    out = subprocess.run([PARLOUR, "replay", path, "--json"],
                         capture_output=True, text=True, check=True)
    result = json.loads(out.stdout)
    assert result["hand_scores"] == [state.hand_scores()] and result["match_scores"] == state.match_scores()
    record["actions"][5][1] = "meld AS AS AS AS AS"
    with open(path, "w") as fh:
        json.dump(record, fh)
    bad = subprocess.run([PARLOUR, "replay", path, "--json"], capture_output=True, text=True)
    assert bad.returncode == 2 and "5" in bad.stderr


def test_naming_one_table_copy_twice_is_refused_with_a_sentence() -> None:
    """`meld AS* AS*` with one ace of spades on the table is bad input, not a crash."""
    state = GAME.new_state(seed=0)
    rng = random.Random(0)
    while not any(t.startswith("meld ") and "AS*" in t for t in state.legal_texts()):
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(IllegalAction, match="not that many copies of AS"):
        state.text_to_action("meld AS* AS*")
