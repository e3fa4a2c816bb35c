"""Replays seen frame by frame (parlour.replay.frames) and told by `parlour show`, in every game.

Each game plays a seeded game of random moves for two hands (or to the match's end), which
is recorded; the frames and the text are then checked against the engine replaying the same
record step by step: a seat's frames are exactly its live observations, the all-seeing frames
show every hand as its owner sees it, and the text tells every hand's sentences and last
events in order, with the scores `parlour replay` gives.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import symbols
from parlour.cli import main
from parlour.engine import State
from parlour.games import GAMES
from parlour.record import RecordError, record_of, start_of
from parlour.replay import ALL, HAND_OVER, frames, parse_view, seat_values, show_lines
from parlour.views import recent_text
from parlour.words import Seats, table_names

HANDS = 2


def recorded(name: str, seed: int = 5) -> dict[str, Any]:
    """A record of `HANDS` hands (or the whole match, if shorter) of random legal moves."""
    game = GAMES[name]
    state = game.new_state(game.Options(), seed)
    rng = random.Random(seed)
    hands = 0
    while state.to_act() is not None and hands < HANDS:
        state.apply(rng.choice(state.legal_actions()))
        hands += state.hand_over()
    return record_of(state)


def steps(record: dict[str, Any]) -> list[tuple[State, State]]:
    """The engine's own course: after each action, the state and the state the action's
    frame shows (the same, or a copy stopped at the hand's end when the action ended it)."""
    state = start_of(record)
    out = []
    for _seat, text in record["actions"]:
        before = state.clone(hand_only=True)
        state.apply_text(text)
        if state.hand_over():
            before.apply_text(text)
            out.append((state.clone(), before))
        else:
            out.append((state.clone(), state.clone()))
    return out


@pytest.fixture(scope="module", params=sorted(GAMES))
def game_record(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    return request.param, recorded(request.param)


def test_a_seats_frames_are_its_live_observations(game_record: tuple[str, dict[str, Any]]) -> None:
    name, record = game_record
    seat = 1
    shown = frames(record, seat)
    course = steps(record)
    moves = [f for f in shown if f["move"] is not None]
    assert [f["move"] for f in moves] == list(range(len(record["actions"])))
    assert [f["actor"] for f in moves] == [seat for seat, _ in record["actions"]]
    deals = [f for f in shown if f["move"] is None]
    assert len(deals) == len([f for f in moves if f["hand_over"] and not f["observation"]["match_over"]]) + 1
    for frame, (state, seen) in zip(moves, course, strict=True):
        obs = frame["observation"]
        live = seen.observation(seat)
        assert frame["hand_over"] == state.hand_over()
        if frame["hand_over"]:
            live.update(match_over=state.is_over(), winners=state.winners())
            live["phase"] = HAND_OVER if not state.is_over() else "over"
            assert live["hand_results"] == state.observation(seat)["hand_results"]
        assert obs == live
        assert frame["action"] == seen.public_actions(seat)[-1][1]
        if frame["actor"] == seat:
            assert frame["action"] == record["actions"][frame["move"]][1]


def test_the_all_seeing_frames_show_every_hand_as_its_owner_sees_it(game_record: tuple[str, dict[str, Any]]) -> None:
    name, record = game_record
    shown = frames(record, ALL)
    state = start_of(record)
    players = state.players
    checked = 0
    for frame in shown:
        if frame["move"] is not None:
            state.apply_text(record["actions"][frame["move"]][1])
            assert frame["action"] == record["actions"][frame["move"]][1]
        if frame["hand_over"]:
            continue
        obs = frame["observation"]
        assert obs["seat"] is None and obs["all_seeing"]
        zones = {z["id"]: z for z in obs["zones"]}
        for owner in range(players):
            for zone in state.observation(owner)["zones"]:
                if zone.get("owner") == owner and zone["kind"] == "hand" and zone["id"] in zones:
                    assert sorted(zones[zone["id"]]["cards"]) == sorted(zone["cards"]), (name, zone["id"])
                    checked += bool(zone["cards"])
    assert checked


def test_show_tells_every_hand_in_order_with_the_outcome_of_replay(
    game_record: tuple[str, dict[str, Any]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name, record = game_record
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path), "--json"]) == 0
    outcome = json.loads(capsys.readouterr().out)
    assert main(["show", str(path)]) == 0
    text = capsys.readouterr().out
    lines = text.splitlines()
    assert lines[0].startswith(GAMES[name].title)
    assert not re.search(r"\b[Ss]eats? \d", text), "show names the seats (Ada, Ben, ...)"

    # What the engine says, step by step: each hand's header, sentences, last events, scores.
    expected: list[str] = []
    state = start_of(record)
    names = table_names(state.players)
    seats = Seats(names)
    expected.append(f"== Hand 1 ({seats.does(state.dealer, 'deal')}) ==")
    log_seen = list(state.observation(None, names=names)["log"])
    recent_seen = recent_text(state.observation(None, names=names), names=names)
    for _seat, text_ in record["actions"]:
        before = state.clone(hand_only=True)
        state.apply_text(text_)
        if state.hand_over():
            before.apply_text(text_)
            obs = before.observation(None, names=names)
        else:
            obs = state.observation(None, names=names)
        expected += [line for line in obs["log"] if line not in log_seen]
        log_seen = list(obs["log"])
        recent = recent_text(obs, explain=False, names=names)
        if recent is not None and recent_text(obs, names=names) != recent_seen:
            expected.append(recent)
        recent_seen = recent_text(obs, names=names)
        if state.hand_over():
            expected.append(f"Hand scores: {seat_values(outcome['hand_scores'][len(state.scores_by_hand()) - 1], seats)}")
            if not state.is_over():
                expected.append(f"== Hand {state.hand_number + 1} ({seats.does(state.dealer, 'deal')}) ==")
                log_seen = list(state.observation(None, names=names)["log"])
                recent_seen = recent_text(state.observation(None, names=names), names=names)
    at = 0
    for line in expected:
        found = next((i for i in range(at, len(lines)) if lines[i] == line), None)
        assert found is not None, f"{name}: {line!r} missing after line {at}"
        at = found + 1
    assert len([x for x in lines if x.startswith("Hand scores:")]) == len(outcome["hand_scores"])
    assert f"Match standing: {seat_values(outcome['match_scores'], seats)}" in lines
    if outcome["over"]:
        assert lines[-1] == f"The match is over. Winner: {seats.group(outcome['winners'], start=True)}."
    else:
        assert lines[-1] == "The record stops before the match is over."


def test_show_as_a_seat_hides_the_other_hands(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = recorded("cramps")
    path = tmp_path / "cramps.json"
    path.write_text(json.dumps(record))
    assert main(["show", str(path), "--seat", "2"]) == 0
    text = capsys.readouterr().out
    hands = start_of(record).observation(2)
    mine = next(z for z in hands["zones"] if z["id"] == "hand-2")
    assert f"Your hand: {symbols(' '.join(mine['cards']))}" in text
    assert f"Ada's hand:  [{len(mine['cards'])} face down]" in text
    assert "as Cleo (you)" in text.splitlines()[0]
    assert not re.search(r"\b[Ss]eat \d", text)


def test_show_refuses_a_seat_that_is_not_at_the_table(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "ribs.json"
    path.write_text(json.dumps(recorded("ribs")))
    assert main(["show", str(path), "--seat", "9"]) == 2
    assert "from 0 to 3" in capsys.readouterr().err
    assert parse_view("all") == ALL and parse_view("none") is None and parse_view("3", 4) == 3
    with pytest.raises(ValueError, match="seat number"):
        parse_view("north")


def test_show_names_the_action_a_broken_record_fails_at(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = recorded("ribs")
    record["actions"][3] = [record["actions"][3][0], "bid 99"]
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(record))
    assert main(["show", str(path)]) == 2
    assert "action 3" in capsys.readouterr().err
    with pytest.raises(RecordError, match="action 3"):
        list(show_lines(record, ALL))


def test_show_reads_simulates_json_lines_and_takes_an_index(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "ribs", "--players", "4", "--bots", "random", "--hands", "3", "--record", str(tmp_path)]) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.jsonl")
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert all(f"=== Record {k} of {path} ===" in out for k in range(3)) and "Extra data" not in out
    assert main(["show", str(path), "--index", "1"]) == 0
    one = capsys.readouterr().out
    assert "=== Record" not in one and one.startswith("Ribs, 4 players")
    assert main(["show", str(path), "--index", "3"]) == 2
    assert "holds records 0 to 2" in capsys.readouterr().err


def test_every_hand_shown_shows_seven_and_a_half_hole_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = recorded("seven_and_a_half")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "??" not in out
    holes = [s["hole"] for f in frames(record, 0) for s in f["observation"]["seats"] if s.get("hole")]
    assert holes and symbols(holes[0]) in out
    assert main(["show", str(path), "--seat", "none"]) == 0
    assert "??" in capsys.readouterr().out  # a spectator still sees them face down


def test_show_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    path = tmp_path / "game.json"
    path.write_text(json.dumps(recorded("six_pack_bezique")))
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parent.parent / "src")}
    proc = subprocess.Popen([sys.executable, "-m", "parlour.cli", "show", str(path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 0, err
    assert "Traceback" not in err and "BrokenPipeError" not in err
