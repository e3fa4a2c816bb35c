"""The database restarts under a running server (issue 12, item 8): nothing stalls.

A real PostgreSQL cluster of the test's own is stopped (fast shutdown: every connection
cut) while a bot is due to act, and started again. The bot's store fails or waits, and
the table must go on by itself: the pool reconnects, stores are retried with back-off,
and a bot whose action could not be stored acts again. A person who acts while the
database is away has the action stored once it is back.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
from serverkit import Client, ServerProcess, replay_to

from parlour.replay import seat_names
from parlour.server.pgcluster import Cluster


def test_bot_tables_survive_a_database_restart(own_cluster: Cluster, tmp_path: Path) -> None:
    url = own_cluster.database("restart")
    server = ServerProcess(tmp_path / "pg.sqlite3", bot_delay=1.0, db_url=url).start()
    try:
        made = server.create(players=4, bots={1: "random", 2: "random", 3: "random"}, name="Ann")
        table = made["table"]["id"]
        ann = Client(server, table, made["token"])
        assert ann.state["observation"]["to_act"] == 0
        ann.act(ann.state["observation"]["legal_actions"][0])
        ann.wait_version(1)  # stored; seat 1 (a bot) is due in a second
        own_cluster.stop("fast")
        time.sleep(3.0)  # the bot comes to act while the database is away
        own_cluster.start()
        state = ann.wait_turn(timeout=90)  # ... and the bots play on to Ann's turn
        assert state["version"] >= 4 or state["observation"]["match_over"]
        # Ann acts while the database is away again: stored once it is back.
        version = state["version"]
        own_cluster.stop("fast")
        ann.act(state["observation"]["legal_actions"][0])
        time.sleep(2.0)
        own_cluster.start()
        answer = ann.until(lambda m: m["type"] in ("state", "error") and m.get("version", 0) > version
                           or m["type"] == "error", timeout=60)
        assert answer["type"] == "state", answer
        ann.wait_turn(timeout=90)
        record = server.record(table)
        assert len(record["actions"]) == ann.state["version"]
        names = seat_names(ann.state["seats"])
        assert ann.state["observation"] == replay_to(record, ann.state["version"]).observation(0, names=names)
        assert "could not be stored" in server.log_text or "stored after" in server.log_text
        ann.close()
    finally:
        server.stop()


def test_the_lobby_answers_503_while_the_database_is_away(own_cluster: Cluster, tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "away.sqlite3", db_url=own_cluster.database("away")).start()
    try:
        own_cluster.stop("fast")
        made = httpx.post(server.base + "/api/tables", json={"game": "ribs", "players": 4}, timeout=30)
        looked_up = httpx.get(server.base + "/api/tables/nosuchtable", timeout=30)
        joined = httpx.post(server.base + "/api/tables/nosuchtable/join", json={}, timeout=30)
        for answer in (made, looked_up, joined):
            assert answer.status_code == 503 and answer.json()["code"] == "server_error", answer.text
        own_cluster.start()
        assert httpx.get(server.base + "/api/tables/nosuchtable", timeout=30).status_code == 404
        assert server.create(players=4)["table"]["state"] == "playing"
    finally:
        server.stop()
