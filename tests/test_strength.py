"""The results page (docs/strength.md) and `parlour strength`, which reruns its figures."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

import pytest

from parlour.bots.learned import shipped_tables
from parlour.cli import main
from parlour.games import GAMES
from parlour.strength import MEASURES

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "strength.md"


def results_rows() -> dict[tuple[str, int], str]:
    """The results table's rows by (game title, players)."""
    rows = {}
    for line in PAGE.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[1].isdigit():
            rows[(cells[0], int(cells[1]))] = line
    return rows


def test_every_figure_shows_the_command_that_reruns_it() -> None:
    page = PAGE.read_text()
    for measure in MEASURES:
        assert measure.command() in page, measure


def test_a_row_per_game_and_table_size_with_the_gaps_written_plainly() -> None:
    rows = results_rows()
    shipped = {(m.game, m.players) for m in MEASURES}
    for name, game in GAMES.items():
        for players in game.player_counts():
            row = rows.pop((game.title, players))
            if (name, players) in shipped:
                assert "**" in row, row
            else:
                assert f"no learned weights for {players} players: `normal` = the heuristic" in row, row
                assert (name, players) not in set(shipped_tables())
    assert not rows, f"rows for tables the lobby does not offer: {sorted(rows)}"


def test_every_shipped_table_has_its_figures_rerun() -> None:
    for measure in MEASURES:
        assert (measure.game, measure.players) in set(shipped_tables()), measure
    labels = {(m.game, m.players, m.label) for m in MEASURES}
    assert len(labels) == len(MEASURES)


def test_strength_reruns_the_arena_at_a_tiny_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", "--only", "couillon", "--hands", "2", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    table = [line for line in out.splitlines() if line.startswith("| Couillon (4)")]
    assert len(table) == 6, "each figure once as it is done, and again in the table at the end"
    table = table[3:]
    assert [line.split("|")[2].strip() for line in table] == ["normal vs heuristic", "strong vs normal", "strong vs heuristic"]
    first = next(m for m in MEASURES if m.game == "couillon")
    assert f"parlour arena couillon --players 4 --bots {first.bots} --hands 2 --seed {first.seed} --jobs 1" in out
    shown = re.match(r"([+-]\d+\.\d+)", table[0].split("|")[3].strip())
    assert shown is not None
    assert main(["arena", *first.argv(2, 1), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    normal = next(row for row in report if row["bot"] == "normal")
    assert float(shown.group(1)) == pytest.approx(normal["duplicate_margin"], abs=5e-4)


def train_counts() -> dict[str, Any]:
    """benchmarks/train_counts.py's names (a script, not a module of the package)."""
    return runpy.run_path(str(ROOT / "benchmarks" / "train_counts.py"))


def test_the_page_shows_every_trained_table_size_as_recorded() -> None:
    """The table of trained sizes is `benchmarks/train_counts.py --markdown`, printed from
    the recorded runs: a run recorded and not shown, or a figure edited by hand, fails."""
    assert train_counts()["markdown"]() in PAGE.read_text()


def test_a_recorded_run_gives_its_command_with_hands_not_seconds() -> None:
    """`--seconds` reaches a number of hands that depends on the machine; the page's
    command replays the run's hands, so it gives the same weights anywhere."""
    row = {"command": "parlour train ribs --players 5 --out runs/ribs-5 --seed 0 --seconds 150.0 --lr 0.001",
           "hands": 2816}
    assert train_counts()["exact_command"](row) == (
        "parlour train ribs --players 5 --out runs/ribs-5 --seed 0 --hands 2816 --lr 0.001")
