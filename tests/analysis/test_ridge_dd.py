"""Ridge's double-dummy oracle: table orientation, the perfect bot, the auction solver,
the play-by-play analysis, hints, PBN export. DDS calls are kept few (one table per deal)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from parlour.analysis import hints
from parlour.analysis.ridge import (
    AuctionSolver,
    analyse_record,
    card_values,
    dd_table,
    format_report,
    play_values,
)
from parlour.bots import make_bot
from parlour.cards import card_text
from parlour.cli import main
from parlour.games.ridge import (
    AUCTION,
    DENOM_TEXTS,
    GAME,
    HAND_NAMES,
    PLAYING,
    RidgeState,
    auction_start,
    declarer_net,
    parse_pbn,
)
from parlour.record import record_of
from parlour.ridge_cli import read_deals, record_pbn

ONE_SUIT_EACH = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def bots_play(state: RidgeState, names: tuple[str, str] = ("ridge-dd", "ridge-dd"), stop: int | None = None) -> None:
    bots = [make_bot(names[s], GAME, s, s) for s in range(2)]
    while state.to_act() is not None and (stop is None or len(state.history) < stop):
        seat = state.to_act()
        assert seat is not None
        state.apply_text(bots[seat].choose(state.observation(seat)))


def test_the_table_is_indexed_by_trumps_and_leading_hand() -> None:
    table = dd_table(parse_pbn(ONE_SUIT_EACH))
    spades, hearts, nt = 0, 1, 4
    # North-South declare (West or East leads): North's spades ruff everything.
    assert table[spades][3] == table[spades][1] == 13
    # At no trump the leader runs a whole suit: the declaring side takes nothing.
    assert table[nt][3] == table[nt][1] == 0
    # East-West declare in hearts with North leading: East ruffs and runs hearts.
    assert table[hearts][0] == 13


def test_the_perfect_auction_on_a_deal_where_both_sides_make_thirteen() -> None:
    # Each side makes 13 with its own trumps. The dealer opens 13 (R-RIDGE-4 lets the
    # responder contest, which would give 49 instead of 31, so the responder passes).
    table = dd_table(parse_pbn(ONE_SUIT_EACH))
    solver = AuctionSolver(table, 0, GAME.options())
    line, end = solver.perfect_line(auction_start(0))
    assert line == [(0, 13), (1, 0)] and end == (0, 13, False)
    assert solver.value(auction_start(0)) == 31
    # If the dealer passes, the responder opens 13 and the dealer cannot answer it; any
    # lower opening is outbid by a 13 that is contested by the two bids: 10 + 39 = 49.
    values = solver.action_values(auction_start(0))
    assert values[0] == -31 and values[13] == 31
    assert all(values[b] == -49 for b in range(1, 13))


def search(state: RidgeState, table: list[list[int]], dealer: int) -> int:
    """The dealer's net points with perfect play from `state`, through the engine itself."""
    if state.hand_over() or state.phase != AUCTION:
        if state.declarer is None:
            return 0
        tricks = max(table[d][h] for d in range(5) for h in range(4) if h % 2 != state.declarer)
        net = declarer_net(state.bid, tricks, state.contested)
        return net if state.declarer == dealer else -net
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(search(child, table, dealer))
    return max(values) if state.to_act() == dealer else min(values)


@pytest.mark.parametrize(
    "options", [{"min_bid": 9}, {"min_bid": 10, "dealer_may_contest": True}, {"min_bid": 10, "contest_13": False}]
)
def test_the_auction_solver_agrees_with_a_search_through_the_game_itself(options: dict[str, object]) -> None:
    """Minimax over the engine's own auction (clones of the state), leaves scored from the
    table, against the solver's backward induction, for random tables (no DDS needed)."""
    rng = random.Random(5)
    opts = GAME.options(**options)
    for _ in range(4):
        table = [[rng.randint(0, 13) for _ in range(4)] for _ in range(5)]
        for dealer in (0, 1):
            state = GAME.new_state(opts, seed=1, dealer=dealer)
            solver = AuctionSolver(table, dealer, opts)
            assert search(state, table, dealer) == solver.value(auction_start(dealer))


def test_ridge_dd_against_itself_makes_exactly_the_double_dummy_tricks() -> None:
    for seed in range(4):
        state = GAME.new_state(GAME.options(hands=1), seed=seed)
        bots_play(state)
        last = state.last_hand
        assert last is not None
        contract = last["contract"]
        if contract is None:
            continue
        table = dd_table(parse_pbn(last["deal"]))
        expected = table[DENOM_TEXTS.index(contract["trump"])][HAND_NAMES.index(contract["leader"])]
        assert last["won"][contract["declarer"]] == expected, seed
        # and the declaration was the best one for the declarer
        best = max(table[d][h] for d in range(5) for h in range(4) if h % 2 != contract["declarer"])
        assert expected == best


@pytest.mark.parametrize("seed", range(10, 20))
def test_ridge_dd_card_play_keeps_the_double_dummy_value(seed: int) -> None:
    state = GAME.new_state(GAME.options(hands=1), seed=seed)
    for text in ("bid 1", "pass", f"declare {DENOM_TEXTS[seed % 5]} {'EW'[seed % 2]}"):
        state.apply_text(text)
    start = play_values(state.dealt, seed % 5, "NESW".index("EW"[seed % 2]), [])[0]
    bots_play(state)
    assert state.last_hand is not None and state.last_hand["won"][0] == start


def test_the_analysis_marks_a_bad_card_with_its_true_cost() -> None:
    for seed in range(20, 40):
        state = GAME.new_state(GAME.options(hands=1), seed=seed)
        for text in ("bid 1", "pass", "declare NT W"):
            state.apply_text(text)
        bots_play(state, stop=len(state.history) + 4)  # the first trick, played perfectly
        hand = "NESW".index(state.observation(None)["hand_to_play"])
        values = card_values(state.hands, 4, state.trick, hand)
        worst = min(values, key=lambda c: values[c])
        cost = max(values.values()) - values[worst]
        if cost == 0:
            continue
        state.apply_text("play " + card_text(worst))
        bots_play(state)
        report = analyse_record(record_of(state))
        cards = report["hands"][0]["cards"]
        assert [c["cost"] for c in cards if c["cost"]] == [cost]
        assert cards[4]["card"] == card_text(worst) and cards[4]["cost"] == cost
        side = hand % 2
        assert report["tricks_given"][side] == cost and report["tricks_given"][1 - side] == 0
        assert f"{cards[4]['hand']} {card_text(worst)} (-{cost})" in format_report(report)
        return
    raise AssertionError("no seed gave a costly card")


def test_the_analysis_values_calls_and_the_perfect_bidding() -> None:
    state = GAME.new_state(GAME.options(hands=1), seed=0, deals=[{"pbn": ONE_SUIT_EACH}])
    for text in ("bid 5", "pass", "declare S W"):
        state.apply_text(text)
    bots_play(state)
    hand = analyse_record(record_of(state))["hands"][0]
    assert hand["perfect"]["scores"] == [31, 0]
    assert hand["perfect"]["calls"] == [[0, "bid 13"], [1, "pass"]]
    # Over a 5 the responder should bid 13 and make it contested (49): the 5 costs the
    # dealer 31 + 49 points. The responder's pass instead lets 5 + 10 + 8 = 23 through.
    assert hand["calls"][0] == {"seat": 0, "call": "bid 5", "value": -49, "cost": 80}
    assert hand["calls"][1] == {"seat": 1, "call": "pass", "value": -23, "cost": 72}
    assert hand["declaration"]["cost"] == 0 and hand["tricks_given"] == [0, 0]


def test_hints_value_every_legal_card() -> None:
    state = GAME.new_state(GAME.options(hands=1), seed=3)
    for text in ("bid 1", "pass", "declare NT W"):
        state.apply_text(text)
    assert state.phase == PLAYING
    obs = state.observation(1)
    lines = hints("ridge", obs)
    assert lines is not None
    assert len(lines) == 2 + len(obs["legal_actions"])
    assert any("(best)" in line for line in lines)
    auction = hints("ridge", GAME.new_state(GAME.options(), seed=3).observation(0))
    assert auction is not None
    assert any(line.startswith("  bid 13:") for line in auction)


def test_pbn_export_and_import_through_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = GAME.new_state(GAME.options(hands=2), seed=0, deals=[{"pbn": ONE_SUIT_EACH}])
    bots_play(state, ("ridge-greedy", "ridge-greedy"))
    record = record_of(state)
    pbn = record_pbn(record)
    assert f'[Deal "{ONE_SUIT_EACH}"]' in pbn and pbn.count("[Deal ") == 2
    assert '[Result "13"]' in pbn or '[Result "0"]' in pbn
    path = tmp_path / "games.pbn"
    path.write_text(pbn)
    assert [d["pbn"] for d in read_deals([str(path)])] == [d["pbn"] for d in record["deals"]]
    rec_path = tmp_path / "game.json"
    rec_path.write_text(json.dumps(record))
    assert main(["ridge", "--export", str(rec_path)]) == 0
    assert capsys.readouterr().out.strip() == pbn.strip()
    assert main(["analyse", "ridge", str(rec_path), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["hands"]) == 2 and report["match_scores"] == state.match_scores()


def test_a_person_plays_a_whole_hand_against_ridge_dd_in_the_terminal() -> None:
    import io

    from parlour.terminal import TerminalGame

    spades = "A K Q J T 9 8 7 6 5 4 3 2".split()
    moves = ["hint", "bid 13", "declare S W", "hint"]
    for i in range(13):  # North ruffs the first club lead, then leads: N and S alternate
        moves += [f"play {spades[i]}S", f"play {spades[12 - i]}D"]
    state = GAME.new_state(GAME.options(hands=1), seed=0, deals=[{"pbn": ONE_SUIT_EACH}])
    out = io.StringIO()
    bot = make_bot("ridge-dd", GAME, 1, 0)
    TerminalGame(GAME, state, 0, {1: bot}, io.StringIO("\n".join(moves) + "\n"), out).run()
    text = out.getvalue()
    assert "  bid 13: +31 (best)" in text
    assert "Ben (Responder) passes." in text
    assert "You made 13 tricks on an uncontested bid of 13 and score 31." in text
    assert state.is_over() and state.match_scores() == [31, 0]


def test_the_report_names_the_two_seats_as_parlour_show_does() -> None:
    """A record keeps no names: the report calls the seats what `parlour show` does, never
    "seat 0"."""
    record = json.loads((Path(__file__).parent.parent / "playthroughs" / "ridge-greedy-match.json").read_text())
    record["actions"] = record["actions"][:40]
    text = format_report(analyse_record(record))
    assert "(dealer Ada)" in text and "Tricks given away in play: Ada " in text
    assert not re.search(r"\b[Ss]eats? \d", text), text
