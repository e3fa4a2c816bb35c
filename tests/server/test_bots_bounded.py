"""Bots can stall nothing (issue 12, items 1 and 5).

A bot thinks in a worker thread within the server's per-move limit (`--bot-seconds`), so
no setting of any bot holds up another table, at creation or after a restart; bot
parameters are bounded when the table is created (a clear 400 naming the parameter);
and the lobby offers its named bots only unless the server is started `--allow-any-bot`.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx
import pytest
from serverkit import Client, ServerProcess

from parlour.server.storage import Storage, StoredTable

SLOW = "ismcts(iterations=1000000, rollout=random)"  # within bounds, hours per move unbounded


def ribs_seats(bots: dict[int, str], players: int = 4) -> list[dict[str, str]]:
    return [{"bot": bots[s]} if s in bots else {} for s in range(players)]


def ping_seconds(client: Client) -> float:
    started = time.monotonic()
    client.send({"type": "ping"})
    client.until(lambda m: m["type"] == "pong", timeout=60)
    return time.monotonic() - started


@pytest.mark.parametrize(
    ("spec", "setting"),
    [
        ("ismcts(seconds=inf, rollout=random)", "seconds"),
        ("ismcts(seconds=nan)", "seconds"),
        ("ismcts(seconds=-1)", "seconds"),
        ("ismcts(seconds=1e9)", "seconds"),
        ("ismcts(iterations=100000000000)", "iterations"),
        ("ismcts(iterations=-3)", "iterations"),
        ("ismcts(c=nan)", "c"),
        ("ismcts(c=-1e308)", "c"),
        ("ismcts(iterations=1, worlds=-5)", "worlds"),
        ("ismcts(z=inf)", "z"),
        ("ismcts(bias=-1)", "bias"),
        ("ismcts(infer=7)", "infer"),
    ],
)
def test_bot_settings_out_of_bounds_are_refused_naming_the_setting(
    any_bot_server: ServerProcess, spec: str, setting: str
) -> None:
    body = {"game": "ribs", "players": 4, "sit": None, "seats": ribs_seats({1: spec})}
    response = httpx.post(any_bot_server.base + "/api/tables", json=body, timeout=10)
    assert response.status_code == 400, response.text
    message = response.json()["message"]
    assert message.startswith("seat 1: ismcts: " + setting + " must be"), message


def test_the_lobby_offers_named_bots_only_unless_the_server_allows_any(
    server: ServerProcess, any_bot_server: ServerProcess
) -> None:
    games = httpx.get(server.base + "/api/games").json()
    assert games["any_bot"] is False and games["bot_seconds"] > 0
    ribs = next(g for g in games["games"] if g["name"] == "ribs")
    for name in ribs["bots"]:  # every named bot is accepted as it is offered
        server.create(players=4, bots={1: name}, sit=None)
    for spec in ("ismcts(iterations=50)", "random(x=1)", "ismcts(seconds=0.1)"):
        body = {"game": "ribs", "players": 4, "sit": None, "seats": ribs_seats({2: spec})}
        response = httpx.post(server.base + "/api/tables", json=body, timeout=10)
        assert response.status_code == 400, (spec, response.text)
        assert "own settings only" in response.json()["message"]
        assert "ribs-heuristic" in response.json()["message"]  # it says what is offered
    assert httpx.get(any_bot_server.base + "/api/games").json()["any_bot"] is True
    any_bot_server.create(players=4, bots={2: "ismcts(iterations=50)"}, sit=None)


def test_a_slow_bot_never_holds_up_another_table(any_bot_server: ServerProcess) -> None:
    server = any_bot_server
    made = server.create(players=4, bots={0: SLOW}, sit=None)  # seat 0 bids first
    watcher = Client(server, made["table"]["id"])
    other = server.create(players=4, name="Ann")
    ann = Client(server, other["table"]["id"], other["token"])
    try:
        started = time.monotonic()
        waits = [ping_seconds(ann) for _ in range(8)]
        assert max(waits) < 0.4, waits  # answered while the bot thinks
        state = watcher.wait_version(1, timeout=30)
        assert time.monotonic() - started < 10  # the limit (0.5 s) and its grace, not the budget
        assert state["observation"]["to_act"] != 0
        ann.act(ann.state["observation"]["legal_actions"][0])
        assert ann.wait_version(1)["version"] == 1
    finally:
        watcher.close()
        ann.close()


def test_the_issues_freezing_request_is_refused_and_the_server_answers(server: ServerProcess) -> None:
    body = {"game": "ribs", "players": 4, "sit": None,
            "seats": [{"bot": "random"}, {"bot": "ismcts(seconds=inf, rollout=random)"}, {}, {}]}
    response = httpx.post(server.base + "/api/tables", json=body, timeout=10)
    assert response.status_code == 400
    assert "own settings only" in response.json()["message"]  # said without the settings it was sent
    made = server.create(name="Ann")
    ann = Client(server, made["table"]["id"], made["token"])
    try:
        assert ping_seconds(ann) < 1.0
    finally:
        ann.close()


def test_a_stored_table_with_an_unbounded_bot_stalls_no_start_up(
    server_factory: Callable[..., ServerProcess],
) -> None:
    first = server_factory("stored.sqlite3")  # creates the database's tables
    first.stop()
    storage = Storage(first.db_url)
    try:  # a table stored before bot settings were bounded, its bot to act first
        storage.create_table(StoredTable(
            id="frozen1", game="ribs", options={"players": 4}, seed=12, dealer=0,
            seats=[{"bot": "ismcts(seconds=inf, rollout=random)"}, {"bot": None}, {"bot": None}, {"bot": None}],
            created=time.time(),
        ))
        storage.create_table(StoredTable(
            id="slow1", game="ribs", options={"players": 4}, seed=13, dealer=0,
            seats=[{"bot": SLOW}, {"bot": None}, {"bot": None}, {"bot": None}], created=time.time(),
        ))
    finally:
        storage.close()
    second = server_factory("stored.sqlite3", db_url=first.db_url, extra=("--bot-seconds", "0.5"))
    watcher = Client(second, "frozen1")
    slow = Client(second, "slow1")
    try:
        assert watcher.wait_version(1, timeout=30)["observation"]["to_act"] != 0
        assert watcher.state["seats"][0]["bot"] == "ribs-heuristic"  # the game's default plays instead
        assert slow.wait_version(1, timeout=30)["version"] >= 1
        assert ping_seconds(watcher) < 1.0
        assert "refused" in second.log_text
    finally:
        watcher.close()
        slow.close()
