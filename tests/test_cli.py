"""The `parlour` command: replay, play (driven through its prompts), simulate."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.games.ribs import GAME
from parlour.record import record_of

PARLOUR = [sys.executable, "-m", "parlour.cli"]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PARLOUR, *args], input=stdin, capture_output=True, text=True, timeout=120)


def random_record(seed: int, stop_after: int | None = None, **options: Any) -> dict[str, Any]:
    state = GAME.new_state(GAME.options(**options), seed)
    rng = random.Random(seed)
    steps = 0
    while state.to_act() is not None and (stop_after is None or steps < stop_after):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return record_of(state)


def write(tmp_path: Path, record: dict[str, Any]) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    return str(path)


def test_replay_json_prints_the_outcome(tmp_path: Path) -> None:
    record = random_record(4, players=5, hands_to_win=2)
    result = run("replay", write(tmp_path, record), "--json")
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout)
    assert set(out) == {"game", "over", "hand_scores", "match_scores", "winners"}
    assert out["game"] == "ribs" and out["over"] is True
    assert all(len(h) == 5 for h in out["hand_scores"])
    assert max(out["match_scores"]) >= 2 and out["winners"] == [out["match_scores"].index(max(out["match_scores"]))]
    assert all(sum(h) <= 50 for h in out["hand_scores"])


def test_replay_of_an_unfinished_match_has_no_winners(tmp_path: Path) -> None:
    out = json.loads(run("replay", write(tmp_path, random_record(1, stop_after=40)), "--json").stdout)
    assert out["over"] is False and out["winners"] == []


def test_replay_prints_exact_money_with_stakes(tmp_path: Path) -> None:
    for seed in range(60):
        record = random_record(seed, players=4, stakes=[10, 1], hands_to_win=1)
        out = json.loads(run("replay", write(tmp_path, record), "--json").stdout)
        money = out["money"]
        values = [v if isinstance(v, int) else int(v.split("/")[0]) / int(v.split("/")[1]) for v in money]
        assert abs(sum(values)) < 1e-9
        if any(isinstance(v, str) for v in money):
            assert all("/" in v for v in money if isinstance(v, str))
            return
    pytest.fail("no seed produced a money share that is not whole")


def test_replay_accepts_pairs_in_either_order_and_ten_for_t(tmp_path: Path) -> None:
    record = random_record(2, stop_after=60)
    changed = 0
    for entry in record["actions"]:
        words = entry[1].split()
        if words[0] in ("play", "fold"):
            entry[1] = " ".join([words[0], words[2], words[1]]).replace("T", "10")
            changed += 1
    assert changed
    assert run("replay", write(tmp_path, record), "--json").returncode == 0


@pytest.mark.parametrize(
    ("mutate", "reason"),
    [
        (lambda r: r["actions"].__setitem__(3, [r["actions"][3][0], "bid 99"]), "action 3"),
        (lambda r: r["actions"].__setitem__(2, [(r["actions"][2][0] + 1) % 4, r["actions"][2][1]]), "action 2"),
        (lambda r: r["actions"].__setitem__(5, "pass"), "action 5 is malformed"),
        (lambda r: r["actions"].__setitem__(0, [0, "dance"]), "action 0"),
    ],
)
def test_replay_rejects_a_bad_action_with_status_2(tmp_path: Path, mutate: Any, reason: str) -> None:
    record = random_record(3, stop_after=30)
    mutate(record)
    result = run("replay", write(tmp_path, record), "--json")
    assert result.returncode == 2
    assert reason in result.stderr and result.stdout == ""


def test_replay_rejects_a_file_that_is_no_record(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("{not json")
    result = run("replay", str(path), "--json")
    assert result.returncode == 2 and "not JSON" in result.stderr
    result = run("replay", str(tmp_path / "missing.json"))
    assert result.returncode == 2


def test_play_is_driven_through_its_prompts(tmp_path: Path) -> None:
    """A person at seat 0 plays a whole match: bad input first, then help, then moves."""
    record_path = tmp_path / "played.json"
    proc = subprocess.Popen(
        [*PARLOUR, "play", "ribs", "--players", "4", "--seed", "5", "--option", "hands_to_win=1",
         "--record", str(record_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdin and proc.stdout
    transcript = []
    moves = 0
    bad_tried = False

    def read_until_prompt() -> str | None:
        buf = ""
        while True:
            ch = proc.stdout.read(1)  # type: ignore[union-attr]
            if not ch:
                transcript.append(buf)
                return None
            buf += ch
            if buf.endswith("> "):
                return buf

    while True:
        chunk = read_until_prompt()
        if chunk is None:
            break
        transcript.append(chunk)
        if not bad_tried:
            proc.stdin.write("play Z Z\n")
            proc.stdin.flush()
            bad_tried = True
            chunk = read_until_prompt()
            assert chunk is not None and "Not allowed" in chunk and "is not a Ribs card" in chunk
            transcript.append(chunk)
        proc.stdin.write("help\n")
        proc.stdin.flush()
        chunk = read_until_prompt()
        assert chunk is not None and "Legal actions: " in chunk
        transcript.append(chunk)
        legal = chunk.split("Legal actions: ")[1].splitlines()[0].split(" | ")
        proc.stdin.write(legal[-1] + "\n")
        proc.stdin.flush()
        moves += 1
        assert moves < 500
    proc.wait(timeout=60)
    text = "".join(transcript)
    assert proc.returncode == 0, proc.stderr.read() if proc.stderr else ""
    assert "The match is over" in text and "Record saved" in text
    assert re.search(r"wins? the bidding", text) and "The ribs are" in text and "Hand scores:" in text
    assert any(s in text for s in ("made the bid", "failed: the defeated cards", "cracked the ribs"))
    record = json.loads(record_path.read_text())
    replayed = run("replay", str(record_path), "--json")
    assert json.loads(replayed.stdout)["over"] is True
    assert sum(1 for seat, _ in record["actions"] if seat == 0) == moves


def test_simulate_is_seeded_and_the_same_for_any_jobs() -> None:
    args = ["simulate", "ribs", "--players", "4", "--hands", "40", "--bots", "ribs-heuristic,random", "--json"]
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    stats = {s["bot"]: s for s in json.loads(one.stdout)}
    assert stats["ribs-heuristic"]["seat_hands"] == 40 and stats["random"]["seat_hands"] == 120


def test_simulate_rejects_bad_input() -> None:
    result = run("simulate", "ribs", "--players", "4", "--bots", "nobody")
    assert result.returncode == 2 and "unknown bot 'nobody'" in result.stderr
    result = run("simulate", "ribs", "--players", "3")
    assert result.returncode == 2 and "4 to 10 players" in result.stderr


def test_train_help_lists_the_methods_and_a_methods_help_shows_its_own_flags(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["train", "--help"])
    listing = capsys.readouterr().out
    assert all(method in listing for method in ("policy", "turn-value", "move-value"))
    assert "--heuristic-share" not in listing and "--worlds" not in listing
    own = {
        "policy": ("--heuristic-share", "--resume", "--prior", "--seconds"),
        "turn-value": ("--worlds", "--explore"),
        "move-value": ("--only",),
    }
    for method, flags in own.items():
        with pytest.raises(SystemExit):
            main(["train", "ribs", "--method", method, "--help"])
        shown = capsys.readouterr().out
        assert all(flag in shown for flag in flags), method
        others = {flag for name, theirs in own.items() if name != method for flag in theirs}
        assert not [flag for flag in others if flag in shown], method
        assert "--jobs" in shown and "--seed" in shown and "--out" in shown
    for removed in ("--imitate", "--teacher", "--paired", "--sampled", "--moves", "--keep-points", "--move-facts"):
        with pytest.raises(SystemExit):
            main(["train", "ribs", "--hands", "1", removed, "1"])
        assert "unrecognized arguments" in capsys.readouterr().err


def test_version_and_the_games_listed_by_rules(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0 and re.fullmatch(r"parlour \d+\.\d+\.\d+\S*\n", capsys.readouterr().out)
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    from parlour.games import GAMES

    assert all(f"  {name} " in out for name in GAMES) and "parlour rules GAME" in out


def test_rules_takes_a_spec_as_play_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "yaniv(yaniv_max=7)"]) == 0
    assert "**yaniv_max**: 7 *(changed" in capsys.readouterr().out
    assert main(["rules", "yaniv(yaniv_max=70)"]) == 2
    assert "yaniv_max" in capsys.readouterr().err
    assert main(["rules", "nosuchgame"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_a_bet_out_of_the_limits_says_the_limits() -> None:
    from parlour.engine import IllegalAction
    from parlour.games import GAMES

    game = GAMES["seven_and_a_half"]
    state = game.new_state(game.options(players=2), 1)
    while not any(t.startswith("bet ") for t in state.legal_texts()):
        state.apply(state.legal_actions()[0])
    lo, hi = state.observation(state.to_act())["limits"]
    for typed in ("bet 0", "bet -3"):
        with pytest.raises(IllegalAction, match=f"bets at this table are {lo} to {hi} chips"):
            state.apply_text(typed)
    with pytest.raises(IllegalAction, match="whole number"):
        state.apply_text("bet five")
    with pytest.raises(IllegalAction, match="not a Seven and a Half action"):
        state.apply_text("")
