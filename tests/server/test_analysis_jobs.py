""""Analyse my play" on the server: a bounded background job per finished match and seat.

Refused for a match in play; any seat of a table's finished latest match (it is public,
as its replay is); an earlier match only at the seat of the token shown. One job per
person (the second lets go of the first), given up once nobody asks after it, kept in
memory and in the database over a restart. The analysis is parlour.review's, judged
from the seat's own observation, its labels in the table's words.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from serverkit import Client, ServerProcess

FAST = ("--analysis-deals", "2")


def analysis_url(server: ServerProcess, table: str) -> str:
    return f"{server.base}/api/tables/{table}/analysis"


def ask(server: ServerProcess, table: str, seat: int, match: int | None = None, token: str | None = None) -> httpx.Response:
    body: dict[str, Any] = {"seat": seat} if match is None else {"seat": seat, "match": match}
    headers = {"X-Parlour-Token": token} if token else {}
    return httpx.post(analysis_url(server, table), json=body, headers=headers, timeout=10)


def poll(server: ServerProcess, table: str, seat: int, token: str | None = None, **query: Any) -> httpx.Response:
    headers = {"X-Parlour-Token": token} if token else {}
    return httpx.get(analysis_url(server, table), params={"seat": seat, **query}, headers=headers, timeout=10)


def finished(server: ServerProcess, table: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info = httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()
        if info["match_over"]:
            return dict(info)
        time.sleep(0.2)
    raise AssertionError(f"table {table} did not finish in {timeout} s")


def until_done(server: ServerProcess, table: str, seat: int, timeout: float = 120, **query: Any) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        answer = poll(server, table, seat, **query)
        assert answer.status_code == 200, answer.text
        status = answer.json()
        seen.append(status["state"])
        if status["state"] == "done":
            return dict(status)
        assert status["state"] in ("queued", "running"), status
        time.sleep(0.2)
    raise AssertionError(f"no analysis in {timeout} s: {seen[-5:]}")


def bots_table(server: ServerProcess, game: str = "ribs", players: int = 4, **options: Any) -> str:
    made = server.create(game=game, players=players, bots={s: "random" for s in range(players)},
                         options=options, sit=None)
    return str(made["table"]["id"])


def test_a_finished_public_table_is_analysed_at_any_seat_cached_and_kept_over_a_restart(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(extra=FAST)
    table = bots_table(server, hands_to_win=1)
    finished(server, table)
    answer = ask(server, table, 2)
    assert answer.status_code == 202, answer.text
    assert answer.json()["state"] in ("queued", "running", "done")
    status = until_done(server, table, 2)
    report = status["analysis"]
    assert report["seat"] == 2 and report["game"] == "ribs" and status["total"] > 0
    decisions = [d for hand in report["hands"] for d in hand["decisions"]]
    assert decisions, report
    for d in decisions:
        assert "seat" not in d["played_label"].lower() and d["expected"] is not None
    # Asked again: the answer at once, from memory.
    again = ask(server, table, 2)
    assert again.status_code == 200 and again.json()["state"] == "done"
    assert again.json()["analysis"] == report
    # A restart keeps it: the database answers, no job is started.
    server.stop()
    server.start()
    kept = poll(server, table, 2)
    assert kept.status_code == 200 and kept.json()["state"] == "done"
    assert kept.json()["analysis"] == report
    # Another seat was never asked for.
    assert poll(server, table, 1).json()["code"] == "no_analysis"


def test_a_match_in_play_is_not_analysed_and_an_earlier_match_only_for_your_own_seat(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(extra=FAST)
    made = server.create(game="ribs", players=4, bots={s: "random" for s in range(1, 4)},
                         options={"hands_to_win": 1})
    table, token = made["table"]["id"], made["token"]
    ann = Client(server, table, token)
    try:
        state = ann.wait_turn(timeout=60)
        # The match is in play: nothing of it is analysed, not even with a seat's token.
        for seat, shown in ((0, token), (0, None), (1, None)):
            refused = ask(server, table, seat, token=shown)
            assert refused.status_code == 409 and refused.json()["code"] == "match_not_over", refused.text
            assert "in play" in refused.json()["message"]
        while not state["observation"]["match_over"]:
            version = state["version"]
            ann.act(state["observation"]["legal_actions"][0], version)
            state = ann.until(lambda m, v=version: m.get("type") == "state" and m["version"] > v, 60)
            state = ann.wait_turn(timeout=60)
        ann.send({"type": "again"})
        deadline = time.monotonic() + 20
        while httpx.get(f"{server.base}/api/tables/{table}", timeout=10).json()["match"] != 1:
            assert time.monotonic() < deadline, "no second match"
            time.sleep(0.1)
    finally:
        ann.close()
    # The first match is no longer the table's public one: only seat 0's own play, with its token.
    assert ask(server, table, 0, match=0).status_code == 403
    assert ask(server, table, 1, match=0, token=token).status_code == 403
    assert ask(server, table, 0, match=5, token=token).json()["code"] == "bad_match"
    mine = ask(server, table, 0, match=0, token=token)
    assert mine.status_code in (200, 202), mine.text
    status = until_done(server, table, 0, match=0, token=token)
    assert status["match"] == 0 and status["analysis"]["seat"] == 0
    # The match the table plays now is in play (its bots wait for Ann).
    assert ask(server, table, 0, token=token).status_code == 409


@pytest.mark.parametrize("db_kind", ["sqlite"])  # the jobs live in memory: one database is enough
def test_one_job_per_person_and_a_job_nobody_waits_for_is_given_up(
    server_factory: Callable[..., ServerProcess],
) -> None:
    # A slow budget and a long match, so the jobs are still under way when the test looks.
    server = server_factory(extra=("--analysis-seconds", "0.2", "--analysis-patience", "2"))
    table = bots_table(server, "zetema", 2)
    finished(server, table)
    first = ask(server, table, 0)
    assert first.status_code == 202
    second = ask(server, table, 1)  # the same person (address): the first is let go of
    assert second.status_code == 202
    status = poll(server, table, 0)
    assert status.status_code == 404 or status.json()["state"] == "cancelled", status.text
    running = poll(server, table, 1).json()
    assert running["state"] in ("queued", "running") and running["total"] >= 0
    # Nobody asks after seat 1's job now: it is given up within the patience (2 s) and a
    # decision's work, long before the match's some sixty decisions are weighed.
    time.sleep(8)
    gone = poll(server, table, 1)
    assert gone.status_code == 404 and gone.json()["code"] == "no_analysis", gone.text
