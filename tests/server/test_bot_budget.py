"""Bots' CPU is the scarce thing: no client may take it from other tables.

Hints have threads and a queue of their own, one hint at a time per seat whatever its
connections and a few per address; a match's length is bounded at the server; a table
with nobody seated that nobody watches is closed; and one address may start only so many
tables, fewer with searching bots. Each drives a real server process from outside.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from serverkit import Client, ServerProcess

STRONG = {"bot": "strong"}


def answer(client: Client, timeout: float = 30) -> dict[str, Any]:
    return client.until(lambda m: m["type"] in ("hint", "error"), timeout=timeout)


def yaniv_at_my_turn(server: ServerProcess, sockets: int) -> tuple[str, list[Client]]:
    """A Yaniv table of a person and a strong bot, and `sockets` connections of the person's
    seat once it is their turn (a real decision to hint at)."""
    made = server.create(game="yaniv", players=2, seats=[{}, STRONG], name="Ann")
    table = made["table"]["id"]
    clients = [Client(server, table, made["token"]) for _ in range(sockets)]
    clients[0].wait_turn(timeout=60)
    return table, clients


def test_one_seat_gets_one_hint_at_a_time_however_many_sockets_and_bots_keep_their_threads(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(extra=("--bot-seconds", "0.5"))
    bots = server.create(players=4, seats=[STRONG] * 4, sit=None)["table"]["id"]
    watcher = Client(server, bots)
    table, clients = yaniv_at_my_turn(server, 12)
    try:
        for client in clients:
            client.send({"type": "hint"})
        answers = [answer(client) for client in clients]
        assert sorted(a["type"] for a in answers) == ["error"] * 11 + ["hint"]
        assert {a["code"] for a in answers if a["type"] == "error"} == {"rate_limited"}
        assert all(a["in_reply_to"] == "hint" for a in answers if a["type"] == "error")
        # Every socket asks again as soon as it is answered, for a few seconds: the bot
        # table's bots still think in their own threads, and none is played for.
        start = watcher.state["version"]
        deadline = time.monotonic() + 4
        while time.monotonic() < deadline:
            for client in clients:
                client.send({"type": "hint"})
            for client in clients:
                answer(client)
        assert watcher.wait_version(start + 1, timeout=30)["version"] > start
        time.sleep(1.0)  # a bot move under way is played for by 0.5 s past the limit
        played_for = [line for line in server.log_text.splitlines() if "playing a legal move" in line]
        assert not [line for line in played_for if bots in line], played_for
    finally:
        watcher.close()
        for client in clients:
            client.close()


def test_one_address_has_a_few_hints_under_way_at_once(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(extra=("--bot-seconds", "0.5"))
    seats = [yaniv_at_my_turn(server, 1)[1][0] for _ in range(3)]
    try:
        for client in seats:
            client.send({"type": "hint"})
        answers = [answer(client) for client in seats]
        assert sorted(a["type"] for a in answers) == ["error", "hint", "hint"]
        refused = next(a for a in answers if a["type"] == "error")
        assert refused["code"] == "rate_limited" and "one address" in refused["message"]
        for client in seats:  # the budget comes back once the hints are done
            client.send({"type": "hint"})
            assert answer(client)["type"] == "hint"
    finally:
        for client in seats:
            client.close()


@pytest.mark.parametrize(
    ("game", "players", "options", "name"),
    [
        ("ribs", 4, {"hands_to_win": 1e9}, "hands_to_win"),
        ("ribs", 4, {"hands_to_win": 31}, "hands_to_win"),
        ("ridge", 2, {"target": 10**9}, "target"),
        ("ridge", 2, {"hands": 51}, "hands"),
        ("mighty", 5, {"hands": 10**6}, "hands"),
        ("pitch", 4, {"target": 101}, "target"),
        ("paks", 2, {"target": 10**7}, "target"),
        ("seven_and_a_half", 4, {"hands": 101}, "hands"),
        ("kings_in_the_corner", 2, {"hands": 1000}, "hands"),
    ],
)
def test_a_match_without_end_is_refused(
    server: ServerProcess, game: str, players: int, options: dict[str, Any], name: str
) -> None:
    body = {"game": game, "players": players, "options": options, "sit": None,
            "seats": [{"level": "easy"}] * players}
    response = httpx.post(server.base + "/api/tables", json=body, timeout=10)
    assert response.status_code == 400, response.text
    error = response.json()
    assert error["code"] == "bad_options" and error["message"].startswith(f"{name} may be at most"), error
    howto = httpx.get(f"{server.base}/api/games/{game}/howto", params={"options": json.dumps(options)})
    assert howto.status_code == 400 and howto.json()["code"] == "bad_options"


def test_the_longest_match_allowed_is_made(server: ServerProcess) -> None:
    made = server.create(players=4, seats=[{"level": "easy"}] * 4, sit=None, options={"hands_to_win": 30})
    assert made["table"]["options"]["hands_to_win"] == 30


def wait_state(server: ServerProcess, table: str, state: str, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while httpx.get(f"{server.base}/api/tables/{table}").json()["state"] != state:
        assert time.monotonic() < deadline, f"table {table} never became {state}"
        time.sleep(0.2)


def test_a_bot_table_nobody_watches_is_closed_and_its_record_kept(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(bot_delay=0.2, extra=("--unwatched-after", "2"))
    easy = [{"level": "easy"}] * 4
    left = server.create(players=4, seats=easy, sit=None, options={"hands_to_win": 30})["table"]["id"]
    watched = server.create(players=4, seats=easy, sit=None, options={"hands_to_win": 30})["table"]["id"]
    fan = Client(server, watched)
    passer = Client(server, left)
    try:
        passer.wait_version(3)
        passer.close()
        wait_state(server, left, "closed")
        assert len(server.record(left)["actions"]) >= 3  # the record stays, as at any closed table
        assert httpx.get(f"{server.base}/api/tables/{watched}").json()["state"] == "playing"
        version = fan.state["version"]
        assert fan.wait_version(version + 1)["table_state"] == "playing"  # the watched one plays on
    finally:
        fan.close()
        passer.close()


def test_close_after_closes_a_bot_table_while_its_bots_play(server_factory: Callable[..., ServerProcess]) -> None:
    """Past `--close-after` (the issue's endless match went on past it), sooner than the
    unwatched allowance."""
    server = server_factory(bot_delay=0.2, extra=("--close-after", "1.5"))
    made = server.create(players=4, seats=[{"level": "easy"}] * 4, sit=None, options={"hands_to_win": 30})
    wait_state(server, made["table"]["id"], "closed")


def test_one_address_starts_a_bounded_number_of_tables_and_strong_ones(
    server_factory: Callable[..., ServerProcess],
) -> None:
    server = server_factory(extra=("--tables-per-address", "4", "--search-tables-per-address", "2"))

    def make(seats: list[dict[str, Any]], start: bool = True) -> httpx.Response:
        body = {"game": "ribs", "players": 4, "seats": seats, "start": start, "name": "Ann"}
        return httpx.post(server.base + "/api/tables", json=body, timeout=10)

    assert make([{}, STRONG, STRONG, STRONG]).status_code == 200
    assert make([{}, {}, {}, {"bot": "ismcts"}]).status_code == 200
    refused = make([{}, STRONG, {}, {}])
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables", refused.text
    assert "strong" in refused.json()["message"]
    waiting = make([{}, {}, {"level": "easy"}, {}], start=False)  # a cheaper table is still allowed
    assert waiting.status_code == 200
    host = Client(server, waiting.json()["table"]["id"], waiting.json()["token"])
    try:
        filled = host.error({"type": "fill", "seat": 1, "level": "strong"})
        assert filled["type"] == "error" and filled["code"] == "too_many_tables"
        started = host.error({"type": "start", "level": "strong"})
        assert started["type"] == "error" and started["code"] == "too_many_tables"
        host.send({"type": "start", "level": "normal"})
        host.until(lambda m: m["type"] == "state" and m["table_state"] == "playing")
    finally:
        host.close()
    assert make([{}, {"level": "normal"}, {}, {}]).status_code == 200  # the fourth
    refused = make([{}, {"level": "easy"}, {}, {}])
    assert refused.status_code == 429 and refused.json()["code"] == "too_many_tables"
