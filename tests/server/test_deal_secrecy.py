"""No card before the start, and one seat per person per match.

A waiting room has no deal yet: its replays and record are refused whatever seat the host
moves to, and the deal is drawn at the start (its seed in the start event, not the one
the table was made with), and survives a restart. One who leaves a match in play (or is
removed from it) may not sit down again at another of its seats, so they cannot read a
second hand; from another address people still may, and a waiting room lets anyone move
about. Checked on a real server, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
from serverkit import Client, ServerProcess, replay_to
from sqlalchemy import select

from parlour.replay import seat_names
from parlour.server.storage import Storage, StoredTable, tables_t

ELSEWHERE = "127.0.0.2"  # another client address on the same machine (Linux routes 127/8 to lo)


def made_with_seed(server: ServerProcess, table: str) -> int:
    """The seed stored with the table when it was made."""
    storage = Storage(server.db_url)
    try:
        with storage.engine.connect() as conn:
            return int(conn.execute(select(tables_t.c.seed).where(tables_t.c.id == table)).scalar_one())
    finally:
        storage.close()


def refused(response: httpx.Response, status: int, code: str) -> bool:
    return response.status_code == status and response.json()["code"] == code


def test_a_waiting_room_shows_no_card_from_any_seat_and_deals_at_the_start(server: ServerProcess) -> None:
    made = server.create(players=4, name="Ann", start=False)
    table, token = made["table"]["id"], made["token"]
    server.join(table, seat=1, name="Bob")
    base = f"{server.base}/api/tables/{table}"
    ann = Client(server, table, token)
    try:
        mine = {"x-parlour-token": token}
        for params in ({"seat": "0"}, {"seat": "all"}, {}):
            assert refused(httpx.get(base + "/replay", params=params, headers=mine), 409, "not_started"), params
        assert refused(httpx.get(base + "/record"), 409, "not_started")
        for to in (2, 3):  # the host walks through the empty seats: still nothing to read
            assert ann.state is not None
            ann.send({"type": "move", "seat": ann.state["seat"], "to": to})
            ann.until(lambda m, to=to: m["type"] == "state" and m["seat"] == to)
            assert refused(httpx.get(base + "/replay", params={"seat": str(to)}, headers=mine), 409, "not_started")
        assert ann.error({"type": "hint"})["code"] == "waiting"
        assert all(m["observation"] is None for m in ann.messages if m["type"] == "state")

        ann.send({"type": "start", "level": "easy"})
        state = ann.until(lambda m: m["type"] == "state" and m["observation"] is not None)
        record = server.record(table)
        assert record["seed"] != made_with_seed(server, table)  # drawn at the start, not before
        truth = replay_to(record, state["version"])
        assert state["observation"] == truth.observation(3, names=seat_names(state["seats"]))
        assert httpx.get(base + "/replay", params={"seat": "3"}, headers=mine).status_code == 200
    finally:
        ann.close()


def test_a_deal_drawn_at_the_start_comes_back_after_a_restart(server_factory: Callable[..., ServerProcess]) -> None:
    first = server_factory("drawn.sqlite3")
    made = first.create(players=4, name="Ann", start=False)
    table = made["table"]["id"]
    ann = Client(first, table, made["token"])
    ann.send({"type": "start"})
    before = ann.wait_turn()  # the bots rest until Ann acts
    ann.close()
    first.kill()
    second = ServerProcess(first.db_path, db_url=first.db_url).start()
    try:
        again = Client(second, table, made["token"])
        assert again.state is not None and again.state["observation"] == before["observation"]
        again.close()
    finally:
        second.stop()


def test_tables_stored_before_deals_were_drawn_at_the_start_load_with_their_own_seed(tmp_path: Path) -> None:
    storage = Storage(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    try:
        for name, start, seed in (("old", {}, 11), ("new", {"seed": 42}, 42)):
            storage.create_table(StoredTable(id=name, game="ribs", options={"players": 2}, seed=11, dealer=0,
                                             seats=[{"bot": None}, {"bot": None}], created=1.0))
            for index, (kind, data) in enumerate((("wait", {}), ("claim", {"seat": 0, "hash": "a", "name": "A"}),
                                                  ("claim", {"seat": 1, "hash": "b", "name": "B"}), ("start", start))):
                storage.append_event(name, index, kind, data, 2.0)
            loaded = storage.load_one(name)
            assert loaded is not None and loaded.seed == seed and loaded.next_event == 4
    finally:
        storage.close()


def test_one_who_leaves_a_match_in_play_may_not_take_another_seat(server: ServerProcess) -> None:
    made = server.create(players=4, name="Ann")  # plays at once; seats 1 to 3 wait for people
    table = made["table"]["id"]
    join = f"{server.base}/api/tables/{table}/join"
    eve = server.join(table, seat=1, name="Eve")
    eve_client = Client(server, table, eve["token"])
    ann = Client(server, table, made["token"])
    try:
        assert eve_client.state is not None and eve_client.state["observation"] is not None
        eve_client.send({"type": "leave"})
        ann.until(lambda m: m["type"] in ("state", "seats") and m["seats"][1]["kind"] == "bot")
        for seat in (2, None):
            assert refused(httpx.post(join, json={"seat": seat, "name": "Eve"}), 403, "left_match")
        assert ann.state is not None and ann.state["seats"][2]["taken"] is False

        # From another address a person may sit; removed while away, they may not come back.
        with httpx.Client(transport=httpx.HTTPTransport(local_address=ELSEWHERE)) as elsewhere:
            answer = elsewhere.post(join, json={"seat": 2, "name": "Fay"})
            assert answer.status_code == 200 and answer.json()["seat"] == 2
            ann.send({"type": "remove", "seat": 2})
            ann.until(lambda m: m["type"] in ("state", "seats") and m["seats"][2]["kind"] == "bot")
            assert refused(elsewhere.post(join, json={"seat": 3, "name": "Fay"}), 403, "left_match")
    finally:
        eve_client.close()
        ann.close()


def test_in_a_waiting_room_people_may_leave_and_sit_elsewhere(server: ServerProcess) -> None:
    made = server.create(players=4, name="Ann", start=False)
    table = made["table"]["id"]
    bob = server.join(table, seat=1, name="Bob")
    bob_client = Client(server, table, bob["token"])
    try:
        bob_client.send({"type": "leave"})
        bob_client.until(lambda m: m["type"] == "state" and m["seat"] is None)
        assert server.join(table, seat=2, name="Bob")["seat"] == 2
    finally:
        bob_client.close()
