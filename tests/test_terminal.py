"""`parlour play` for every registered game: a whole match through the prompt loop."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.games import GAMES
from parlour.terminal import TerminalGame
from parlour.views import name_seats, recent_text


class ScriptedPerson(io.StringIO):
    """Answers each prompt: first with nonsense and 'help', then with a legal action."""

    def __init__(self, session: list[TerminalGame], seed: int) -> None:
        super().__init__()
        self.session = session
        self.rng = random.Random(seed)
        self.answers: list[str] = []
        self.moves = 0

    def readline(self, size: int | None = -1) -> str:
        if not self.answers:
            state = self.session[0].state
            legal = state.legal_texts()
            self.answers = ["nonsense", "help", self.rng.choice(legal)] if self.moves == 0 else [self.rng.choice(legal)]
            self.moves += 1
        return self.answers.pop(0) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_person_plays_a_whole_match_in_the_terminal(name: str) -> None:
    game = GAMES[name]
    short = {"ribs": {"hands_to_win": 1}, "cramps": {}, "ridge": {"hands": 1}, "couillon": {},
             "mighty": {"hands": 1}, "pitch": {"target": 1}}.get(name, {})
    options = game.options(players=game.min_players, **short)
    state = game.new_state(options, 3)
    bot = game.heuristic_bot() or "random"
    bots = {s: make_bot(bot, game, s, s) for s in range(1, options.players)}
    holder: list[TerminalGame] = []
    person = ScriptedPerson(holder, 1)
    out = io.StringIO()
    session = TerminalGame(game, state, 0, bots, person, out)
    holder.append(session)
    for _ in range(50):
        if state.is_over():
            break
        session.run()
    text = out.getvalue()
    assert state.is_over(), f"{name}: the match did not end"
    assert "Not allowed:" in text and "Legal actions:" in text
    assert "The match is over. Winner:" in text and "Hand scores:" in text


class Watcher(io.StringIO):
    """Plays random legal moves and keeps, at each prompt, the observation and the text
    printed since the previous prompt."""

    def __init__(self, session: list[TerminalGame], out: io.StringIO, moves: int) -> None:
        super().__init__()
        self.session = session
        self.out = out
        self.rng = random.Random(5)
        self.moves = moves
        self.seen = 0
        self.turns: list[tuple[dict[str, Any], str]] = []

    def readline(self, size: int | None = -1) -> str:
        state = self.session[0].state
        text = self.out.getvalue()
        self.turns.append((state.observation(0, names=self.session[0].names), text[self.seen :]))
        self.seen = len(text)
        if len(self.turns) > self.moves:
            return ""  # quit
        if len(self.turns) == 1:
            return "help\n"  # a second prompt in the same turn
        return self.rng.choice(state.legal_texts()) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_status_lines_and_the_recent_event_are_printed(name: str) -> None:
    """Each turn prints the observation's status as `label: value` lines before the prompt;
    the recent event is printed when it changes, not again at a prompt where it has not
    (two alike events, the same discard in two hands, are each printed)."""
    game = GAMES[name]
    options = game.options(players=game.min_players)
    state = game.new_state(options, 11)
    if not state.observation(0).get("status"):
        pytest.skip(f"{name} gives no status yet (not on engine v2's status and recent)")
    holder: list[TerminalGame] = []
    out = io.StringIO()
    person = Watcher(holder, out, moves=40)
    session = TerminalGame(game, state, 0, {s: make_bot("random", game, s, s) for s in range(1, options.players)}, person, out)
    holder.append(session)
    session.run()
    assert len(person.turns) > 2
    for obs, printed in person.turns:
        lines = printed.splitlines()
        facts = [name_seats(f"{f['label']}: {f['value']}", session.names) for f in obs["status"]]
        if printed.startswith("Legal actions:"):
            assert not any(fact in lines for fact in facts)  # not on every prompt
            continue
        for fact in facts:
            assert fact in lines, (name, fact, printed)
    events = [name_seats(recent_text(obs, explain=False, names=session.names) or "", session.names) for obs, _ in person.turns if obs["recent"]]
    assert events, f"{name}: no public event in {len(person.turns)} turns"
    text = out.getvalue()
    for event in set(events):
        assert event is not None and event.splitlines()[0] + "\n" in text, (name, event)
    for (before, _), (obs, printed) in zip(person.turns, person.turns[1:], strict=False):
        if obs["recent"] and obs["recent"] == before["recent"]:
            line = name_seats(recent_text(obs, explain=False, names=session.names) or "", session.names)
            assert line and line.splitlines()[0] + "\n" not in printed, (name, "printed again", line)


class Interrupting(io.StringIO):
    """Types the given lines, pressing Ctrl-C (readline raises KeyboardInterrupt) for each
    None among them and once they are used up."""

    def __init__(self, lines: list[str | None]) -> None:
        super().__init__()
        self.lines = list(lines)

    def readline(self, size: int | None = -1) -> str:
        line = self.lines.pop(0) if self.lines else None
        if line is None:
            raise KeyboardInterrupt
        return line + "\n"


def play(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], stdin: io.StringIO) -> tuple[int, str, str]:
    from parlour.cli import main

    monkeypatch.setattr("sys.stdin", stdin)
    code = main(["play", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


RIBS = ["ribs", "--seed", "3", "--bots", "ribs-heuristic"]


def test_ctrl_c_saves_to_the_record_file_without_asking(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = tmp_path / "game.json"
    code, out, _ = play(monkeypatch, capsys, [*RIBS, "--record", str(path)], Interrupting(["bid 2"]))
    assert code == 0 and "Stopped (Ctrl-C)." in out and f"Record saved to {path}" in out
    record = json.loads(path.read_text())
    assert record["game"] == "ribs" and record["actions"][0] == [0, "bid 2"]


def test_ctrl_c_asks_where_to_save_and_a_second_ctrl_c_leaves(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kept.json"
    code, out, _ = play(monkeypatch, capsys, RIBS, Interrupting(["bid 2"]))
    assert code == 0 and "Save the record?" in out and "Record saved" not in out
    code, out, _ = play(monkeypatch, capsys, RIBS, Interrupting(["bid 2", None, str(path)]))
    assert code == 0 and f"Record saved to {path}" in out and path.exists()


def test_a_record_path_that_cannot_be_written_stops_before_any_play(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = play(monkeypatch, capsys, [*RIBS, "--record", str(tmp_path / "no" / "such" / "x.json")], io.StringIO("bid 2\n"))
    assert code == 2 and "does not exist" in err and "cannot save the record there" in err
    assert "Ribs, 4 players" not in out
    code, _, err = play(monkeypatch, capsys, [*RIBS, "--record", str(tmp_path)], io.StringIO(""))
    assert code == 2 and "is a folder" in err


def test_an_existing_record_is_overwritten_only_when_agreed(tmp_path: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "old.json"
    path.write_text("keep me")
    code, out, err = play(monkeypatch, capsys, [*RIBS, "--record", str(path)], io.StringIO("n\n"))
    assert code == 2 and "exists" in out and "was kept" in err and path.read_text() == "keep me"
    code, out, _ = play(monkeypatch, capsys, [*RIBS, "--record", str(path)], Interrupting(["y", "bid 2"]))
    assert code == 0 and '"game": "ribs"' in path.read_text()
    path.write_text("keep me")
    code, out, _ = play(monkeypatch, capsys, [*RIBS, "--record", str(path), "--force"], Interrupting(["bid 2"]))
    assert code == 0 and "Overwrite" not in out and '"game": "ribs"' in path.read_text()
    path.write_text("keep me")
    code, out, _ = play(monkeypatch, capsys, RIBS, Interrupting(["bid 2", None, str(path), "n", ""]))
    assert "Overwrite it?" in out and "Record saved" not in out and path.read_text() == "keep me"


def test_seats_are_named_moves_labelled_and_a_hint_is_given(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = play(monkeypatch, capsys, RIBS, Interrupting(["hint", "bid 2", "hint"]))
    assert code == 0
    assert "You bid 2." in out and "In turn: you, Ben (Ribs bot), Cleo (Ribs bot), Dan (Ribs bot)." in out
    assert "Hint: Bid 2: it is the only legal move." in out
    assert "Moves weighed (points you score this hand" in out and "sampled deals" in out


def test_the_other_seats_are_bots_of_a_level(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = play(monkeypatch, capsys, ["ribs", "--seed", "3", "--bots", "easy,strong(seconds=0.05)"], Interrupting(["bid 2"]))
    assert code == 0
    assert "Ben (Ribs bot, easy)" in out and "Cleo (Ribs bot, strong)" in out and "Dan (Ribs bot, strong)" in out
    code, out, _ = play(monkeypatch, capsys, ["ribs", "--seed", "3"], Interrupting(["bid 2"]))
    assert code == 0 and "Ben (Ribs bot)" in out


def test_a_move_may_be_typed_as_its_label() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=4), 0)
    while state.phase == "bidding":
        state.apply(state.legal_actions()[0])
    bidder = state.to_act()
    assert bidder is not None
    entry = state.observation(bidder)["legal"][0]
    assert entry["label"].startswith("lay ribs ") and entry["label"].endswith(" face down")
    played = len(state.history)
    out = io.StringIO()
    bots = {s: make_bot("random", game, s, s) for s in range(4) if s != bidder}
    session = TerminalGame(game, state, bidder, bots, Interrupting([entry["label"].upper()]), out)
    with pytest.raises(KeyboardInterrupt):
        session.run()
    assert state.history[played] == (bidder, state.text_to_action(entry["text"]))
    assert "You play the ribs face down." in out.getvalue() and "Not allowed" not in out.getvalue()
