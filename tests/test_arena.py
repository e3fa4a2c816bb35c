"""`parlour arena`: duplicate deals, the same table for any --jobs and on Ray, ratings, plot."""

from __future__ import annotations

import json

import pytest

from parlour.arena import (
    arena_report,
    duplicate_tasks,
    elo_note,
    elo_ratings,
    print_report,
    rate_margin_ci,
)
from parlour.cli import main
from parlour.games import get_game
from parlour.simulate import HandResult, simulate_hand


def arena_json(capsys: pytest.CaptureFixture[str], *extra: str) -> list[dict]:
    args = ["arena", "ribs", "--players", "4", "--bots", "ismcts(iterations=8),random", "--hands", "8", "--json"]
    assert main([*args, *extra]) == 0
    return json.loads(capsys.readouterr().out)


def test_duplicate_keeps_the_cards_with_the_seats_and_moves_the_bots() -> None:
    game = get_game("ribs")
    options = game.options(players=4)
    bots = ["random", "random", "random", "random"]
    tasks = duplicate_tasks("ribs", options, bots, 6, seed=5)
    assert len(tasks) == 8  # 6 hands rounded up to two deals of four seatings
    for deal in (tasks[:4], tasks[4:]):
        first_hands = [game.new_state(t.options, t.seed, dealer=t.dealer).deals[0] for t in deal]
        assert all(h == first_hands[0] for h in first_hands)
        seats = [simulate_hand(t).seat_of_bot for t in deal]
        for j in range(4):
            assert sorted(s[j] for s in seats) == [0, 1, 2, 3]


def test_same_table_for_any_jobs_and_a_plot(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    one = arena_json(capsys)
    plot = tmp_path / "arena.png"
    two = arena_json(capsys, "--jobs", "2", "--plot", str(plot))
    assert one == two
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert [row["bot"] for row in one] == ["ismcts(iterations=8)", "random"]
    assert one[0]["seat_hands"] == 8 and one[1]["seat_hands"] == 24
    assert one[0]["duplicate_margin"] == pytest.approx(-one[1]["duplicate_margin"])


def test_ray_backend_gives_the_same_table(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("ray", reason="Ray is not installed here (pip install -e '.[ray]')")
    local = arena_json(capsys)
    on_ray = arena_json(capsys, "--backend", "ray", "--jobs", "1")
    assert local == on_ray


def test_elo_is_a_bradley_terry_fit() -> None:
    # "a" beats "b" in three hands of four: odds 3:1 (plus the half-win prior each way).
    results = [HandResult(0, [0, 1], [2, 1])] * 3 + [HandResult(0, [0, 1], [0, 1])]
    ratings = elo_ratings(results, ["a", "b"])
    assert ratings["a"] > 1500 > ratings["b"]
    assert ratings["a"] - ratings["b"] == pytest.approx(400 * __import__("math").log10(3.5 / 1.5), abs=0.5)
    even = elo_ratings([HandResult(0, [0, 1], [1, 1])], ["a", "b"])
    assert even == {"a": 1500.0, "b": 1500.0}


def test_levels_meet_in_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "paks", "--players", "2", "--bots", "strong(seconds=0.02),normal", "--hands", "2", "--json"]
    assert main(args) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in rows] == ["strong(seconds=0.02)", "normal"]
    assert rows[0]["seat_hands"] == rows[1]["seat_hands"] == 2


def test_bad_arena_input() -> None:
    assert main(["arena", "ribs", "--players", "4", "--bots", "nobody"]) == 2
    assert main(["arena", "ribs", "--players", "4", "--bots", "random", "--hands", "0"]) == 2
    assert main(["arena", "ribs", "--players", "4", "--bots", "random", "--ray-address", "auto"]) == 2


def test_a_plot_into_a_missing_folder_is_refused_before_any_hand(capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    args = ["arena", "ribs", "--players", "4", "--bots", "random,ribs-heuristic", "--hands", "4"]
    assert main([*args, "--plot", str(tmp_path / "no" / "such" / "arena.png")]) == 2
    captured = capsys.readouterr()
    assert "cannot draw the plot there: the folder" in captured.err and "does not exist" in captured.err
    assert captured.out == "" and "Traceback" not in captured.err


def test_an_arena_of_one_bot_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "ribs", "--players", "4", "--bots", "random", "--hands", "4"]) == 2
    assert "at least two different" in capsys.readouterr().err
    assert main(["arena", "ribs", "--players", "4", "--bots", "random,random", "--hands", "4"]) == 2


def test_a_win_rate_interval_stays_within_its_bounds() -> None:
    from parlour.arena import arena_report

    # Deal 1: "a" wins both seatings; deal 2: "a" wins one, the other is tied.
    results = [HandResult(0, [0, 1], [2, 1]), HandResult(0, [1, 0], [1, 2]),
               HandResult(1, [0, 1], [2, 1]), HandResult(1, [1, 0], [1, 1])]
    rows = {row["bot"]: row for row in arena_report(results, ["a", "b"], 2)}
    assert rows["a"]["win_rate_margin"] == pytest.approx(0.75)
    low, high = rows["a"]["win_rate_margin_ci95"]
    assert high <= 1.0 and 0 < low < 0.75
    assert rows["b"]["win_rate_margin_ci95"][0] >= -1.0


def test_elo_and_margin_can_disagree_and_the_table_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    # Two deals of two seatings: "a" wins three hands of four by a point, loses one by ten.
    results = [
        HandResult(0, [0, 1], [6, 5]),
        HandResult(0, [1, 0], [5, 6]),
        HandResult(1, [0, 1], [6, 5]),
        HandResult(1, [1, 0], [15, 5]),
    ]
    rows = arena_report(results, ["a", "b"], 2)
    a, b = rows
    assert a["elo"] > b["elo"] and a["duplicate_margin"] < b["duplicate_margin"]
    note = elo_note(rows)
    assert note is not None and "Elo ranks a above b" in note and "points" in note
    print_report(rows, "constructed")
    assert "Elo counts the hands won" in " ".join(capsys.readouterr().out.split())
    # Elo and margin agree: no note.
    agree = arena_report(results[:3] + [HandResult(1, [1, 0], [5, 6])], ["a", "b"], 2)
    assert elo_note(agree) is None


def test_elo_does_not_depend_on_the_order_of_the_hands() -> None:
    results = [HandResult(0, [0, 1], [2, 1])] * 5 + [HandResult(0, [0, 1], [0, 1])] * 3
    assert elo_ratings(results, ["a", "b"]) == pytest.approx(elo_ratings(results[::-1], ["a", "b"]))


def test_win_rate_margin_interval_is_wilson_within_the_bounds() -> None:
    import math

    from parlour.simulate import mean_ci, rate_ci

    # Nineteen deals won outright, one drawn: a normal interval passes +1.
    per_deal = [1.0] * 19 + [0.0]
    mean, half = mean_ci(per_deal)
    assert mean + half > 1.0
    low, high = rate_margin_ci(per_deal)
    assert -1.0 <= low < mean <= high <= 1.0
    # Every deal won outright: the interval still reaches below +1.
    low, high = rate_margin_ci([1.0] * 10)
    assert low < 1.0 and high == pytest.approx(1.0)
    # Margins of +1 and -1 alone are a proportion: Wilson's interval of the deals won.
    wins = [1.0] * 7 + [-1.0] * 3
    _, plow, phigh = rate_ci(7, 10)
    low, high = rate_margin_ci(wins)
    assert (low, high) == pytest.approx((2 * plow - 1, 2 * phigh - 1))
    # Losing everywhere mirrors winning everywhere.
    assert rate_margin_ci([-1.0] * 10) == pytest.approx(tuple(-x for x in rate_margin_ci([1.0] * 10)[::-1]))
    assert all(math.isfinite(x) for x in rate_margin_ci([0.5]))
