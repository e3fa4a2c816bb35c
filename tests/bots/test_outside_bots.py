"""Outside bots: `package.module:Class(param=value)` plays in simulate, arena, play and (when
allowed) the web parlour, with --jobs and on Ray; docs/bots.md's example is the bot tested."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from parlour.bots import make_bot
from parlour.cli import main
from parlour.engine import OptionsError
from parlour.games import get_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"
SPEC = "cautious:CautiousBot(pass_rate=0.5)"


@pytest.fixture
def bot_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the documented example as cautious.py (and a few broken modules),
    made the current directory, as a researcher runs the command from their own folder."""
    example = re.search(r"```python\n(.*?)```", DOC.read_text(), re.S)
    assert example is not None
    (tmp_path / "cautious.py").write_text(example.group(1))
    (tmp_path / "broken.py").write_text("import no_such_dependency_anywhere\n")
    (tmp_path / "notabot.py").write_text("class Thing:\n    pass\n\nVALUE = 3\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> list[dict]:
    assert main([*args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_documented_example_plays_in_simulate_with_jobs(bot_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "ribs", "--players", "4", "--hands", "8", "--bots", f"{SPEC},random")
    one = run_json(capsys, *args)
    two = run_json(capsys, *args, "--jobs", "2")
    assert one == two
    assert [row["bot"] for row in one] == [SPEC, "random"]
    assert one[0]["seat_hands"] == 8


def test_an_outside_bot_plays_in_the_arena(bot_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = run_json(capsys, "arena", "pitch", "--bots", "cautious:CautiousBot,random", "--hands", "8")
    assert [row["bot"] for row in rows] == ["cautious:CautiousBot", "random"]


def test_an_outside_bot_plays_on_ray(bot_folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="Ray is not installed here (pip install -e '.[ray]')")
    args = ("arena", "ribs", "--players", "4", "--bots", f"{SPEC},random", "--hands", "8")
    local = run_json(capsys, *args)
    assert run_json(capsys, *args, "--backend", "ray", "--jobs", "2") == local


def test_the_bot_passes_as_its_parameter_says(bot_folder: Path) -> None:
    game = get_game("ribs")
    state = game.new_state(game.options(players=4), 3)
    while "pass" not in state.legal_texts():
        state.apply(state.legal_actions()[0])
    seat = state.to_act()
    assert seat is not None
    always = make_bot("cautious:CautiousBot", game, seat, 1, outside=True)
    assert always.choose(state.observation(seat)) == "pass"
    never = [make_bot("cautious:CautiousBot(pass_rate=0)", game, seat, k, outside=True) for k in range(20)]
    assert {bot.choose(state.observation(seat)) for bot in never} == set(state.legal_texts())


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("nowhere_at_all:Bot", "there is no module 'nowhere_at_all'"),
        ("cautious:Careless", "module cautious has no 'Careless'"),
        ("notabot:Thing", "Thing is not a bot class"),
        ("notabot:VALUE", "VALUE is not a bot class"),
        ("broken:Bot", "importing broken failed: No module named 'no_such_dependency_anywhere'"),
        ("cautious:CautiousBot(pass_rate=often)", "cannot be made with (pass_rate=often): could not convert"),
        ("cautious:CautiousBot(depth=2)", "cannot be made with (depth=2)"),
    ],
)
def test_outside_bots_that_cannot_play_are_refused_with_a_sentence(
    bot_folder: Path, capsys: pytest.CaptureFixture[str], spec: str, says: str
) -> None:
    assert main(["simulate", "ribs", "--players", "4", "--hands", "2", "--bots", spec]) == 2
    assert says in capsys.readouterr().err


def test_outside_bots_are_refused_unless_allowed(bot_folder: Path) -> None:
    with pytest.raises(OptionsError, match="outside bots such as 'cautious:CautiousBot' are not allowed here"):
        make_bot("cautious:CautiousBot", get_game("ribs"), 0, 1)


def test_the_web_parlour_seats_outside_bots_only_when_started_so(bot_folder: Path) -> None:
    from parlour.server.settings import Settings
    from parlour.server.storage import Storage
    from parlour.server.tables import TableError, TableManager

    game = get_game("ribs")
    for allowed in (False, True):
        manager = TableManager(Storage(f"sqlite:///{bot_folder}/db{allowed}.sqlite3"), Settings(allow_outside_bots=allowed))
        try:
            if allowed:
                assert manager.checked_bot(SPEC, game, 1) == SPEC
                assert manager.seat_bot(SPEC, game, 1, 0)[0] == SPEC
            else:
                with pytest.raises(TableError, match="unknown bot"):
                    manager.checked_bot(SPEC, game, 1)
                assert manager.seat_bot(SPEC, game, 1, 0)[0] == manager.default_bot(game)
        finally:
            manager.close()


def test_an_outside_bot_sits_at_a_terminal_table(bot_folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    assert main(["play", "ribs", "--players", "4", "--seed", "3", "--bots", "cautious:CautiousBot"]) == 0
    assert "In turn: you, Ben (Ribs bot, cautious:CautiousBot)" in capsys.readouterr().out
    assert main(["play", "ribs", "--players", "4", "--bots", "cautious:Careless"]) == 2
    assert "module cautious has no 'Careless'" in capsys.readouterr().err
