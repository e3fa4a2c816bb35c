"""A backup is only as good as its restore: a dump of the database taken while a table is
in play (by the shell command of deploy/systemd/parlour-backup.service: pg_dump's custom
format), restored with pg_restore into a fresh database, and a server started on that one: the
players come back with their seat tokens to the table as it was, chat and all, and play
it to its end; its stored record replays to what they saw.

Debian's pg_dump and pg_restore of the cluster's own version are used (the ones beside
its initdb), as docs/deploy.md tells an operator to.
"""

from __future__ import annotations

import os
import shlex
import subprocess
from pathlib import Path
from typing import Any

import httpx
from serverkit import ROOT, Client, ServerProcess, replay_to

from parlour.replay import seat_names
from parlour.server.pgcluster import SUPERUSER, Cluster


def pg_tool(cluster: Cluster, program: str, *args: str) -> None:
    done = subprocess.run([str(cluster.bin / program), "-h", "127.0.0.1", "-p", str(cluster.port), "-U", SUPERUSER,
                           *args], capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 0, f"{program}: {done.stderr}"


def backup(cluster: Cluster, folder: Path) -> Path:
    """The backup unit's dump, its command as systemd runs it (`$$` and `%%` read as `$`
    and `%`), into `folder` as its state directory, of the cluster's `parlour` database."""
    unit = (ROOT / "deploy" / "systemd" / "parlour-backup.service").read_text()
    line = next(line for line in unit.splitlines() if line.startswith("ExecStart=/bin/sh "))
    argv = [word.replace("$$", "$").replace("%%", "%") for word in shlex.split(line.split("=", 1)[1])]
    env = {**os.environ, "STATE_DIRECTORY": str(folder), "PGHOST": "127.0.0.1", "PGPORT": str(cluster.port),
           "PGUSER": SUPERUSER, "PATH": f"{cluster.bin}:{os.environ['PATH']}"}
    done = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=120)
    assert done.returncode == 0, done.stderr
    dumps = list(folder.glob("parlour-*.dump"))
    assert len(dumps) == 1, dumps
    return dumps[0]


def play_until(clients: dict[int, Client], done: Any) -> None:
    """People act (their last legal action) when it is their turn, bots by themselves,
    until `done(state)` holds for the first client's state."""
    first = clients[min(clients)]
    while not done(first.state):
        to_act = first.state["observation"]["to_act"]
        if to_act in clients:
            me = clients[to_act]
            me.wait_version(first.state["version"])
            me.act(me.state["observation"]["legal_actions"][-1])
        first.until(lambda m: m["type"] == "state")


def lasting(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats without who is connected this moment (the players come back one by one)."""
    return [{k: v for k, v in seat.items() if k not in ("connected", "stand_in_in")} for seat in seats]


def test_a_restored_dump_plays_on(pg_cluster: Cluster, tmp_path: Path) -> None:
    url = pg_cluster.database("parlour")  # the database the backup unit dumps
    first = ServerProcess(tmp_path / "first.sqlite3", db_url=url).start()
    try:
        made = first.create(players=4, bots={1: "random", 3: "random"}, name="Ann", options={"hands_to_win": 1})
        table = made["table"]["id"]
        bob = first.join(table, name="Bob")
        clients = {0: Client(first, table, made["token"]), 2: Client(first, table, bob["token"])}
        play_until(clients, lambda s: s["version"] >= 10)
        # The table rests with a person to act, so what the dump holds is what they see.
        play_until(clients, lambda s: s["observation"]["to_act"] in clients)
        version = clients[0].state["version"]
        assert not clients[0].state["observation"]["match_over"]
        clients[2].send({"type": "chat", "text": "is this saved?"})
        clients[0].until(lambda m: m["type"] == "chat")
        before = {seat: c.wait_version(version) for seat, c in clients.items()}
        (tmp_path / "backups").mkdir()
        dump = backup(pg_cluster, tmp_path / "backups")
    finally:
        first.stop()  # the machine is lost with its database; the dump is all there is
    for client in clients.values():
        client.close()

    fresh = pg_cluster.database("restored")
    pg_tool(pg_cluster, "pg_restore", "--no-owner", "--exit-on-error", "-d", "restored", str(dump))
    second = ServerProcess(tmp_path / "second.sqlite3", db_url=fresh).start()
    try:
        assert table in {t["id"] for t in httpx.get(second.base + "/api/tables", timeout=10).json()["tables"]}
        again = {0: Client(second, table, made["token"]), 2: Client(second, table, bob["token"])}
        for seat, client in again.items():
            state = client.state
            assert state["seat"] == seat and state["version"] == version
            for key in ("observation", "hands_finished"):
                assert state[key] == before[seat][key], f"seat {seat}'s {key} is not as it was"
            assert lasting(state["seats"]) == lasting(before[seat]["seats"])
        welcome = next(m for m in again[0].messages if m["type"] == "welcome")
        assert [(line["name"], line["text"]) for line in welcome["chat"]] == [("Bob", "is this saved?")]

        play_until(again, lambda s: s["observation"]["match_over"])
        last = again[0].state
        assert last["version"] > version
        record = second.record(table)
        assert len(record["actions"]) == last["version"]
        truth = replay_to(record, last["version"])
        assert last["observation"] == truth.observation(0, names=seat_names(last["seats"]))
        for client in again.values():
            client.close()
    finally:
        second.stop()
