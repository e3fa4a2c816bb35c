"""`parlour play` for every registered game: a whole match through the prompt loop."""

from __future__ import annotations

import io
import random
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.cards import card_symbol
from parlour.games import GAMES
from parlour.terminal import NEXT_DEAL, TerminalGame
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
    the recent event is told when it changes (printed, or its cards named by the lines that
    told it), not again at a prompt where it has not."""
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
        if printed.endswith(NEXT_DEAL):
            continue
        for fact in facts:
            assert fact in lines, (name, fact, printed)
    events = [obs for obs, printed in person.turns if obs["recent"] and not printed.endswith(NEXT_DEAL)]
    assert events, f"{name}: no public event in {len(person.turns)} turns"
    text = out.getvalue()
    for obs in events:
        line = name_seats(recent_text(obs, explain=False, names=session.names) or "", session.names)
        cards = [card_symbol(c) for play in obs["recent"]["plays"] for c in play.get("cards") or []]
        assert line.splitlines()[0] + "\n" in text or all(c in text for c in cards), (name, line)
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
    assert "Moves weighed over " in out and "possible deals (points you score this hand, on average):" in out
    hint_text = out[out.index("Hint: Bid 2: it is the only legal move."):]
    for jargon in ("sampled", "tries", "heuristic", "search"):
        assert jargon not in hint_text.lower()


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


class Recorder(io.StringIO):
    """Plays random legal moves, presses Enter between deals, and keeps at each prompt the
    observation (as the person reads it, the seats named) and the text printed since the
    previous prompt."""

    def __init__(self, session: list[TerminalGame], out: io.StringIO, seed: int, prompts: int) -> None:
        super().__init__()
        self.session = session
        self.out = out
        self.rng = random.Random(seed)
        self.prompts = prompts
        self.seen = 0
        self.turns: list[tuple[dict[str, Any], str, str]] = []

    def readline(self, size: int | None = -1) -> str:
        state = self.session[0].state
        text = self.out.getvalue()
        chunk, self.seen = text[self.seen :], len(text)
        if len(self.turns) >= self.prompts:
            return ""
        answer = "" if chunk.endswith(NEXT_DEAL) else self.rng.choice(state.legal_texts())
        self.turns.append((state.observation(0, names=self.session[0].names), chunk, answer))
        return answer + "\n"


def told(name: str, seed: int = 5, prompts: int = 400, **options: Any) -> tuple[TerminalGame, Recorder, str]:
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players, **options), seed)
    holder: list[TerminalGame] = []
    out = io.StringIO()
    person = Recorder(holder, out, seed, prompts)
    bot = game.heuristic_bot() or "random"
    session = TerminalGame(game, state, 0, {s: make_bot(bot, game, s, s) for s in range(1, state.players)}, person, out)
    holder.append(session)
    session.run()
    return session, person, out.getvalue()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_hand_is_told_to_its_end_before_the_next_deal(name: str) -> None:
    """Each hand ends with its last events, why it scored and its scores, then a wait for
    Enter; the next deal's first line comes only after it, and nothing is told twice."""
    session, person, text = told(name)
    ends = [(obs, chunk) for obs, chunk, _ in person.turns if chunk.endswith(NEXT_DEAL)]
    if session.state.is_over():
        ends.append((session.state.observation(0, names=session.names), text[person.seen :]))
    assert ends, f"{name}: no hand ended"
    hands = len(session.state.scores_by_hand())
    assert len(ends) == hands, (name, "hands told", len(ends), "of", hands)
    for obs, chunk in ends:
        assert chunk.count("Hand scores:") == 1, (name, chunk)
        result = chunk.index("Hand scores:")
        last = (obs.get("last_hand") or {}).get("log")
        if last:
            ending = name_seats(last[-1], session.names)
            assert chunk.count(ending) == 1 and chunk.index(ending) < result, (name, ending, chunk)
        if not obs["match_over"] and obs["log"]:
            assert name_seats(obs["log"][0], session.names) not in chunk, (name, "next deal told early", chunk)
    for i, (obs, chunk, _) in enumerate(person.turns[:-1]):
        if chunk.endswith(NEXT_DEAL) and obs["log"]:
            assert person.turns[i + 1][1].lstrip("\n").startswith(name_seats(obs["log"][0], session.names)), name


def test_the_last_events_of_a_hand_come_before_its_scores() -> None:
    """Yaniv's showdown, Ribs' last round and Paks' cancelling are told before the scores."""
    _, _, text = told("yaniv", prompts=120)
    showdown = text.index("Showdown: ")
    assert text.index("Hand scores:") > showdown > text.index("calls yaniv")
    _, _, text = told("ribs", prompts=60)
    assert text.index("Trick 4: ") < text.index("Hand 1 over") < text.index("Hand scores:")
    _, _, text = told("paks", prompts=200)
    assert "after cancelling" in text and text.index("after cancelling") < text.index("Hand scores:")


def test_the_bots_plays_to_a_trick_are_told_before_the_person_follows() -> None:
    session, person, _ = told("pitch", prompts=60)
    followed = 0
    for obs, chunk, _ in person.turns:
        trick = obs.get("trick") or {}
        if obs["to_act"] == 0 and trick.get("cards"):
            for seat, card in zip(range(trick["leader"], trick["leader"] + 4), trick["cards"], strict=False):
                who = session.names[seat % 4]
                assert any(line.startswith(f"{who} p") and card_symbol(card) in line for line in chunk.splitlines()), chunk
                followed += 1
    assert followed > 5


def test_an_action_without_a_line_is_told_by_its_seats_name_the_verb_agreeing() -> None:
    game = GAMES["pitch"]
    out = io.StringIO()
    session = TerminalGame(game, game.new_state(game.options(), 1), 0, {}, io.StringIO(), out)
    session.pending = [(0, "play KS", []), (1, "play QH", []), (2, "pass", [])]
    session.tell()
    assert out.getvalue() == "You play K♠.\nBen plays Q♥.\nCleo passes.\n"


def test_your_own_draw_names_the_card_to_you() -> None:
    _, person, _ = told("yaniv", prompts=60)
    drew = 0
    for (before, _, answer), (after, chunk, _) in zip(person.turns, person.turns[1:], strict=False):
        if answer == "draw stock" and after["hand_number"] == before["hand_number"]:
            from collections import Counter

            new = list((Counter(after["hand"]) - Counter(before["hand"])).elements())
            assert len(new) == 1 and f"Into your hand: {card_symbol(new[0])}." in chunk, chunk
            drew += 1
    assert drew > 2


def test_quit_at_the_next_deal_stops_before_it_is_told() -> None:
    game = GAMES["yaniv"]
    state = game.new_state(game.options(players=2), 5)
    out = io.StringIO()

    class Person(io.StringIO):
        rng = random.Random(5)

        def readline(self, size: int | None = -1) -> str:
            return "quit\n" if out.getvalue().endswith(NEXT_DEAL) else self.rng.choice(state.legal_texts()) + "\n"

    session = TerminalGame(game, state, 0, {1: make_bot("random", game, 1, 1)}, Person(), out)
    session.run()
    text = out.getvalue()
    assert text.endswith(NEXT_DEAL + "Stopped.\n")
    assert state.observation(0, names=session.names)["log"][0] not in text.split("Hand scores:")[-1]
