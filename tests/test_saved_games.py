"""`simulate --record DIR` and `arena --record DIR`: every hand played saved as a record
(JSON lines) that `parlour replay` reads, the same for any --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.cli import main
from parlour.games import get_game
from parlour.record import load_all, replay
from parlour.simulate import HandTask, simulate_hand


def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str], *args: str) -> list[dict]:
    assert main([*args, "--record", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    files = list(tmp_path.glob("*.jsonl"))
    assert len(files) == 1 and str(files[0]) in err
    return load_all(files[0])


def test_simulate_saves_every_hand_and_each_replays_to_its_scores(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("simulate", "pitch", "--hands", "6", "--seed", "3", "--bots", "pitch-heuristic,random")
    records = saved(tmp_path / "one", capsys, *args)
    assert saved(tmp_path / "two", capsys, *args, "--jobs", "2") == records
    assert (tmp_path / "one" / "simulate-pitch-4p-seed3.jsonl").exists()
    game = get_game("pitch")
    options = game.options()
    bots = ["pitch-heuristic", "random"]  # one bot per partnership
    for i, record in enumerate(records):
        played = simulate_hand(HandTask("pitch", options, bots, 3 + i, i))
        assert replay(record).scores_by_hand()[0] == played.scores
        assert record["bots"][played.seat_of_bot[0]] == "pitch-heuristic"
        assert sorted(record["bots"]) == ["pitch-heuristic"] * 2 + ["random"] * 2


def test_arena_saves_every_seating_and_replay_reads_the_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = saved(tmp_path, capsys, "arena", "ribs", "--players", "4", "--bots", "ribs-heuristic,random", "--hands", "8", "--json")
    assert len(records) == 8
    first_deal = {json.dumps(r["deals"][0], sort_keys=True) for r in records[:4]}
    assert len(first_deal) == 1  # duplicate: one deal, four seatings
    path = next(tmp_path.glob("*.jsonl"))
    assert main(["replay", str(path), "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 8 and all(json.loads(line)["game"] == "ribs" for line in lines)
    assert main(["replay", str(path), "--index", "2"]) == 0
    out = capsys.readouterr().out
    assert "hand 1:" in out
    # Seating 2 of the first deal: ribs-heuristic (bot 0) at seat 2, random elsewhere.
    assert records[2]["bots"] == ["random", "random", "ribs-heuristic", "random"]
    assert (
        "seats: Ada: Ribs bot (random); Ben: Ribs bot (random); "
        "Cleo: Ribs bot (ribs-heuristic); Dan: Ribs bot (random)"
    ) in out
    assert main(["replay", str(path), "--index", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"] == records[2]["bots"]
    assert main(["replay", str(path), "--index", "8"]) == 2
    assert "holds records 0 to 7" in capsys.readouterr().err


def test_replay_names_the_record_and_the_action_that_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = saved(tmp_path, capsys, "simulate", "ribs", "--hands", "2", "--json")
    records[1]["actions"][3][1] = "bid 99"
    path = tmp_path / "bad.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith("parlour replay: record 1: action 3 ('bid 99')")
    path.write_text(json.dumps(records[0]) + "\nnot json\n")
    assert main(["replay", str(path)]) == 2
    assert "line 2, is not JSON" in capsys.readouterr().err


def test_a_seats_bot_reads_as_people_see_it() -> None:
    from parlour.replay import seat_bot

    assert seat_bot("ribs", "normal") == "Ribs bot (normal)"
    assert seat_bot("pitch", "strong(seconds=0.5)") == "Pitch bot (strong), strong(seconds=0.5)"
    assert seat_bot("ribs", "ismcts(iterations=8)") == "Ribs bot (ismcts), ismcts(iterations=8)"
    assert seat_bot("ribs", None) == "a player"
