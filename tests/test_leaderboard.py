"""`parlour leaderboard`: rows of bots against the reference on the fixed deals, stored as
JSON lines, and docs/leaderboard.md written from them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.games import get_game
from parlour.leaderboard import (
    DEAL_SETS,
    PAGE,
    RESULTS,
    deals_digest,
    load_results,
    page_text,
    timed_hand,
)
from parlour.simulate import HandTask

ROOT = Path(__file__).resolve().parents[1]


def leaderboard(tmp_path: Path, *args: str) -> int:
    return main(["leaderboard", *args, "--results", str(tmp_path / "results.jsonl"), "--page", str(tmp_path / "page.md")])


def test_a_row_is_the_arenas_duplicate_on_the_fixed_deals_and_is_appended(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert leaderboard(tmp_path, "ribs", "--players", "4", "--bots", "random", "--deals", "2") == 0
    capsys.readouterr()
    rows = load_results(tmp_path / "results.jsonl")
    assert len(rows) == 1
    row = rows[0]
    ribs = get_game("ribs")
    digest = deals_digest(ribs, ribs.options(players=4), DEAL_SETS[1], 2)
    assert row["deal_set"] == {"version": 1, "seed": DEAL_SETS[1], "deals": 2, "digest": digest}
    assert digest != deals_digest(ribs, ribs.options(players=4), DEAL_SETS[1], 3)
    assert (row["game"], row["players"], row["bot"], row["reference"], row["hands"]) == ("ribs", 4, "random", "ribs-heuristic", 8)
    assert row["command"] == "parlour leaderboard ribs --players 4 --bots random --deals 2"
    assert row["ms_per_move"] > 0 and row["moves"] > 0

    # The same deals in the arena give the same figures.
    arena = ["arena", "ribs", "--players", "4", "--bots", "random,ribs-heuristic", "--hands", "8"]
    assert main([*arena, "--seed", str(DEAL_SETS[1]), "--json"]) == 0
    mine = json.loads(capsys.readouterr().out)[0]
    assert row["score_margin"] == mine["duplicate_margin"]
    assert row["score_margin_ci95"] == mine["duplicate_margin_ci95"]
    assert row["win_rate_margin_ci95"] == mine["win_rate_margin_ci95"]
    assert row["hand_win_rate"] == mine["hand_win_rate"]

    assert leaderboard(tmp_path, "ribs", "--players", "4", "--bots", "ribs-heuristic,random", "--deals", "2") == 0
    again = load_results(tmp_path / "results.jsonl")
    assert [r["bot"] for r in again] == ["random", "ribs-heuristic", "random"]
    assert {k: v for k, v in again[2].items() if "ms" not in k} == {k: v for k, v in row.items() if "ms" not in k}
    page = (tmp_path / "page.md").read_text()
    assert page == page_text(again)
    assert page.count("`parlour leaderboard ribs --players 4 --bots random --deals 2`") == 1


def test_the_reference_against_itself_is_level_and_each_side_is_timed_as_its_bot() -> None:
    game = get_game("pitch")
    options = game.options()
    bots = ["pitch-heuristic", "pitch-heuristic"]
    one, two = (timed_hand(HandTask("pitch", options, bots, DEAL_SETS[1], r, dealer=0)) for r in (0, 1))
    assert one.result.scores == two.result.scores  # the same players on the same cards
    assert one.result.seat_of_bot == [0, 1] and two.result.seat_of_bot == [1, 0]
    assert one.moves == two.moves[::-1] and min(one.moves) > 0  # a side's moves go to its bot
    assert all(s >= 0 for s in one.seconds + two.seconds)


def rows_for_page() -> list[dict]:
    base = {
        "game": "ribs", "players": 4, "options": get_game("ribs").options(players=4).to_json(),
        "deal_set": {"version": 1, "seed": DEAL_SETS[1], "deals": 10, "digest": "0123456789ab"}, "hands": 40,
        "reference": "ribs-heuristic", "hand_win_rate": 0.25, "hand_win_rate_ci95": [0.1, 0.4],
        "win_rate_margin": 0.0, "win_rate_margin_ci95": [-0.1, 0.1], "ms_per_move": 0.5,
    }  # fmt: skip
    return [
        {**base, "bot": "random", "score_margin": -3.0, "score_margin_ci95": [-4.0, -2.0], "command": "parlour leaderboard ribs --bots random --deals 10"},
        {**base, "bot": "normal", "score_margin": 0.25, "score_margin_ci95": [-0.5, 1.0], "command": "parlour leaderboard ribs --bots normal --deals 10"},
        {**base, "bot": "random", "score_margin": -2.5, "score_margin_ci95": [-3.5, -1.5], "command": "parlour leaderboard ribs --bots random --deals 10"},
        {**base, "bot": "random", "deal_set": {"version": 1, "seed": DEAL_SETS[1], "deals": 20, "digest": "ba9876543210"}, "score_margin": -2.75,
         "score_margin_ci95": [-3.0, -2.5], "command": "parlour leaderboard ribs --bots random --deals 20"},
        {**base, "game": "pitch", "players": 4, "options": get_game("pitch").options(players=4, hand_cards=3).to_json(),
         "reference": "pitch-heuristic", "bot": "random", "score_margin": -1.0, "score_margin_ci95": [-2.0, 0.0],
         "command": "parlour leaderboard pitch --bots random --deals 10 --option hand_cards=3"},
    ]  # fmt: skip


def test_the_page_is_written_from_the_rows_the_latest_of_each_bot_at_each_deal_count() -> None:
    page = page_text(rows_for_page())
    ribs = page.index("## Ribs, 4 players\n")
    assert page.count("## Ribs, 4 players\n") == 1  # 10 deals and 20 deals in one table
    assert "## Pitch, 4 players (hand_cards=3)" in page
    first = page[ribs : page.index("## ", ribs + 3)]
    assert "Deal set 1 (seed 1000000), a seating per seat; reference `ribs-heuristic`." in first
    lines = [line for line in first.splitlines() if line.startswith("| `")]
    assert lines == [
        "| `normal` | 10 | +0.250 (-0.500 .. +1.000) | 25.0% (10.0 .. 40.0) | +0.0 (-10.0 .. +10.0) | 0.5 | `parlour leaderboard ribs --bots normal --deals 10` |",
        "| `random` | 10 | -2.500 (-3.500 .. -1.500) | 25.0% (10.0 .. 40.0) | +0.0 (-10.0 .. +10.0) | 0.5 | `parlour leaderboard ribs --bots random --deals 10` |",
        "| `random` | 20 | -2.750 (-3.000 .. -2.500) | 25.0% (10.0 .. 40.0) | +0.0 (-10.0 .. +10.0) | 0.5 | `parlour leaderboard ribs --bots random --deals 20` |",
    ]
    assert page.index("## Ribs") < page.index("## Pitch")  # the games in their order


def test_the_shipped_page_is_written_from_the_shipped_results() -> None:
    rows = load_results(ROOT / RESULTS)
    assert rows, "the leaderboard has no rows"
    assert (ROOT / PAGE).read_text(encoding="utf-8") == page_text(rows), (
        "docs/leaderboard.md is stale: run `parlour leaderboard --render` from the repository's root"
    )


def test_the_shipped_rows_were_played_on_the_cards_the_games_deal_now() -> None:
    """A game that deals other cards from the same seeds needs a new deal set version: its
    old rows were played on other deals."""
    for row in load_results(ROOT / RESULTS):
        game = get_game(row["game"])
        deal_set = row["deal_set"]
        options = game.options(**row["options"])
        digest = deals_digest(game, options, deal_set["seed"], deal_set["deals"])
        assert deal_set["digest"] == digest, f"{row['game']} deals other cards than its leaderboard rows were played on"


def test_a_stale_page_is_told_from_a_fresh_one() -> None:
    rows = rows_for_page()
    stale = page_text(rows[:2])
    assert stale != page_text(rows)
    changed = [dict(rows[0], score_margin=-3.5)]
    assert page_text(changed) != page_text(rows[:1])


def test_render_rewrites_the_page_alone(tmp_path: Path) -> None:
    (tmp_path / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows_for_page()))
    (tmp_path / "page.md").write_text("old\n")
    assert leaderboard(tmp_path, "--render") == 0
    assert (tmp_path / "page.md").read_text() == page_text(rows_for_page())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["nogame", "--bots", "random"], "unknown game"),
        (["ribs", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["ribs", "--bots", "random", "--deals", "0"], "--deals must be at least 1"),
        (["ribs", "--bots", "random", "--jobs", "0"], "--jobs must be at least 1"),
        (["ribs", "--players", "12", "--bots", "random"], "players"),
        (["ribs"], "--bots needs at least one bot"),
        ([], "name a game"),
        (["ribs", "--render"], "--render only rewrites the page"),
        (["ribs(lemons=true)", "--bots", "random"], "name the game plainly"),
    ],
)
def test_bad_input_is_one_sentence_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    assert leaderboard(tmp_path, *args) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1
    assert not (tmp_path / "results.jsonl").exists()


def test_a_damaged_results_file_is_named_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "results.jsonl").write_text(json.dumps(rows_for_page()[0]) + "\n{not json\n")
    assert leaderboard(tmp_path, "--render") == 2
    assert "results.jsonl, line 2, is not JSON" in capsys.readouterr().err
    (tmp_path / "results.jsonl").write_text('{"game": "ribs"}\n')
    assert leaderboard(tmp_path, "ribs", "--bots", "random", "--deals", "1") == 2
    assert "line 1, is not a leaderboard row" in capsys.readouterr().err


def test_a_results_file_in_a_missing_folder_is_refused_before_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["leaderboard", "ribs", "--bots", "random", "--results", str(tmp_path / "no" / "r.jsonl"), "--page", str(tmp_path / "p.md")])
    assert code == 2
    assert "does not exist" in capsys.readouterr().err


def test_an_outside_bot_gets_a_row(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    example = re.search(r"```python\n(.*?)```", (ROOT / "docs" / "bots.md").read_text(), re.S)
    assert example is not None
    (tmp_path / "cautious.py").write_text(example.group(1))
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    spec = "cautious:CautiousBot(pass_rate=0.5)"
    assert leaderboard(tmp_path, "pitch", "--bots", spec, "--deals", "1") == 0
    (row,) = load_results(tmp_path / "results.jsonl")
    assert row["bot"] == spec and row["reference"] == "pitch-heuristic" and row["hands"] == 2
    assert row["command"] == f"parlour leaderboard pitch --players 4 --bots '{spec}' --deals 1"
    assert f"| `{spec}` |" in (tmp_path / "page.md").read_text()
