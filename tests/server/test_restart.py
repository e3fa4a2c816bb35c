"""A server killed mid-hand (SIGKILL) comes back with every table as it was."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from serverkit import Client, ServerProcess, replay_to


def test_tables_survive_a_killed_server(server_factory: Callable[..., ServerProcess]) -> None:
    first = server_factory("restart.sqlite3")
    made = first.create(players=5, bots={1: "random", 3: "random", 4: "random"}, name="Ann")
    table = made["table"]["id"]
    bob = first.join(table, name="Bob")
    idle = first.create(players=4, name="Cleo")  # a second table, untouched, also comes back
    ann_client = Client(first, table, made["token"])
    bob_client = Client(first, table, bob["token"])
    clients = {0: ann_client, 2: bob_client}
    while ann_client.state["version"] < 12:  # well into the first hand, bots and people
        to_act = ann_client.state["observation"]["to_act"]
        if to_act in clients:
            me = clients[to_act]
            me.wait_version(ann_client.state["version"])
            me.act(me.state["observation"]["legal_actions"][-1])
        ann_client.until(lambda m: m["type"] == "state")
    # Wait for the bots: the table rests once a person is to act.
    while ann_client.state["observation"]["to_act"] not in clients:
        ann_client.until(lambda m: m["type"] == "state")
    before = {seat: c.wait_version(ann_client.state["version"])["observation"] for seat, c in clients.items()}
    version = ann_client.state["version"]
    assert 0 < version and not ann_client.state["hands_finished"]
    first.kill()
    for c in clients.values():
        c.close()

    second = ServerProcess(first.db_path, db_url=first.db_url).start()
    try:
        again = {seat: Client(second, table, tok) for seat, tok in ((0, made["token"]), (2, bob["token"]))}
        for seat, client in again.items():
            assert client.state["version"] == version
            assert client.state["observation"] == before[seat], f"seat {seat} lost something"
        tables = {t["id"] for t in httpx.get(second.base + "/api/tables").json()["tables"]}
        assert {table, idle["table"]["id"]} <= tables
        # ... and play goes on to the end of the hand, with the same engine as before.
        ann = again[0]
        while not ann.state["hands_finished"]:
            to_act = ann.state["observation"]["to_act"]
            if to_act in again:
                me = again[to_act]
                me.wait_version(ann.state["version"])
                me.act(me.state["observation"]["legal_actions"][0])
            ann.until(lambda m: m["type"] == "state")
        record = second.record(table)
        truth = replay_to(record, ann.state["version"])
        assert ann.state["observation"] == truth.observation(0)
        assert truth.scores_by_hand() and len(truth.scores_by_hand()[0]) == 5
        for client in again.values():
            client.close()
    finally:
        second.stop()
