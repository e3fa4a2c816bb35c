"""Teams in the arena and simulate: in a game of fixed partnerships a bot plays for a whole
side, the duplicate rotation keeps partners together, and the margins are per side."""

from __future__ import annotations

import json

import pytest

from parlour.arena import duplicate_tasks
from parlour.cli import main
from parlour.games import GAMES, get_game
from parlour.simulate import seat_specs, simulate_hand


@pytest.mark.parametrize(
    ("name", "players", "options", "teams"),
    [
        ("couillon", 4, {}, [[0, 2], [1, 3]]),
        ("pitch", 4, {}, [[0, 2], [1, 3]]),
        ("paks", 4, {}, [[0, 2], [1, 3]]),
        ("paks", 6, {}, [[0, 2, 4], [1, 3, 5]]),
        ("paks", 6, {"six_teams": "3x2"}, [[0, 3], [1, 4], [2, 5]]),
        ("paks", 3, {}, [[0], [1], [2]]),
        ("zetema", 4, {}, [[0, 2], [1, 3]]),
        ("zetema", 6, {}, [[0, 3], [1, 4], [2, 5]]),
        ("zetema", 5, {}, [[0], [1], [2], [3], [4]]),
        ("mighty", 5, {}, [[0], [1], [2], [3], [4]]),
        ("ridge", 2, {}, [[0], [1]]),
        ("ribs", 4, {}, [[0], [1], [2], [3]]),
    ],
)
def test_teams_follow_the_rules(name: str, players: int, options: dict, teams: list[list[int]]) -> None:
    game = GAMES[name]
    assert game.teams(game.options(players=players, **options)) == teams


def test_partners_score_alike_in_every_partnership_game() -> None:
    for name in ("couillon", "pitch", "paks", "zetema"):
        game = GAMES[name]
        for players in game.player_counts():
            options = game.options(players=players)
            sides = game.teams(options)
            bots = ["random"] * len(sides)
            result = simulate_hand(duplicate_tasks(name, options, bots, 1, seed=players)[0])
            for side in sides:
                assert len({result.scores[s] for s in side}) == 1, (name, players, side, result.scores)


def test_a_seating_puts_one_bot_at_every_seat_of_its_side() -> None:
    game = get_game("paks")
    options = game.options(players=6, six_teams="3x2")
    by_seat, first = seat_specs(game, options, ["a", "b", "c"], rotation=1)
    assert by_seat == ["c", "a", "b", "c", "a", "b"]
    assert first == [1, 2, 0]


def test_the_duplicate_rotation_keeps_partners_together() -> None:
    game = get_game("pitch")
    options = game.options()
    tasks = duplicate_tasks("pitch", options, ["pitch-heuristic", "random"], 8, seed=2)
    assert len(tasks) == 8  # 4 deals x 2 seatings
    for deal in (tasks[0:2], tasks[2:4]):
        assert deal[0].seed == deal[1].seed and deal[0].dealer == deal[1].dealer
        specs = [seat_specs(game, options, t.bots, t.rotation)[0] for t in deal]
        assert specs[0] == ["pitch-heuristic", "random", "pitch-heuristic", "random"]
        assert specs[1] == ["random", "pitch-heuristic", "random", "pitch-heuristic"]


def test_the_arena_gives_per_team_margins(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "pitch", "--bots", "pitch-heuristic,random", "--hands", "40", "--json"]
    assert main(args) == 0
    rows = json.loads(capsys.readouterr().out)
    heuristic, random_side = rows
    assert heuristic["seat_hands"] == random_side["seat_hands"] == 40
    assert heuristic["duplicate_margin"] == pytest.approx(-random_side["duplicate_margin"])
    assert heuristic["duplicate_margin"] != 0
    assert main(["arena", "pitch", "--bots", "random,random,random"]) == 2
    assert "3 bots for 2 sides" in capsys.readouterr().err


def test_the_printed_table_names_the_teams(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "couillon", "--bots", "couillon-heuristic,random", "--hands", "4"]) == 0
    out = capsys.readouterr().out
    assert "4 players, 2 teams: 4 hands (2 deals x 2 seatings)" in " ".join(out.split())
