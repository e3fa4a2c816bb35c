"""A server killed mid-hand (SIGKILL) comes back with every table as it was."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx
from serverkit import Client, ServerProcess, replay_to

from parlour.replay import seat_names


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
        assert ann.state["observation"] == truth.observation(0, names=seat_names(ann.state["seats"]))
        assert truth.scores_by_hand() and len(truth.scores_by_hand()[0]) == 5
        for client in again.values():
            client.close()
    finally:
        second.stop()


def test_waiting_rooms_stand_ins_and_chat_survive_a_killed_server(server_factory: Callable[..., ServerProcess]) -> None:
    """Killed (SIGKILL) with a waiting room half set up, a bot standing in for a player
    who is away, and chat said at a table: all three come back as they were."""
    flags = ("--grace", "0.5")
    first = server_factory("friends-restart.sqlite3", extra=flags)
    # A waiting room: the host put a strong bot in seat 1 and moved Bob to seat 3.
    room = first.create(players=5, name="Ann", start=False)
    room_id = room["table"]["id"]
    bob_room = first.join(room_id, seat=2, name="Bob")
    host = Client(first, room_id, room["token"])
    host.send({"type": "fill", "seat": 1, "level": "strong"})
    host.send({"type": "move", "seat": 2, "to": 3})
    host.until(lambda m: m["type"] == "state" and m["seats"][3]["name"] == "Bob")
    # A match in play: Bob's tab is closed and a bot stands in for him; people chat.
    play = first.create(players=4, bots={2: "random", 3: "random"}, name="Cleo", start=False)
    play_id = play["table"]["id"]
    bob_play = first.join(play_id, name="Bob")
    cleo = Client(first, play_id, play["token"])
    bob = Client(first, play_id, bob_play["token"])
    bob.close()
    cleo.until(lambda m: m["type"] in ("state", "seats") and m["seats"][1].get("stand_in") is not None)
    watcher = Client(first, play_id)
    cleo.send({"type": "chat", "text": "where did Bob go? <i>"})
    watcher.send({"type": "chat", "text": "he'll be back", "name": "Dot"})
    said = [cleo.until(lambda m: m["type"] == "chat")["text"] for _ in range(2)]
    room_seats = host.state["seats"]
    first.kill()
    for client in (host, cleo, watcher):
        client.close()

    second = ServerProcess(first.db_path, db_url=first.db_url, extra=flags).start()
    try:
        summary = httpx.get(f"{second.base}/api/tables/{room_id}").json()
        assert summary["state"] == "waiting" and summary["host"] == 0
        again = Client(second, room_id, room["token"])
        assert again.state["observation"] is None and again.messages[0]["host"] is True
        assert [(s["kind"], s["name"], s.get("level")) for s in again.state["seats"]] == [
            (s["kind"], s["name"], s.get("level")) for s in room_seats]
        bob_again = Client(second, room_id, bob_room["token"])
        assert bob_again.state["seat"] == 3
        look = Client(second, play_id)
        assert [(m["name"], m["text"], m["watcher"]) for m in look.messages[0]["chat"]] == [
            ("Cleo", said[0], False), ("Dot", said[1], True)]
        assert look.state["seats"][1].get("stand_in") == "Ribs bot (normal)"
        back = Client(second, play_id, bob_play["token"])
        assert back.state["seats"][1].get("stand_in") is None  # Bob takes his seat back
        for client in (again, bob_again, look, back):
            client.close()
    finally:
        second.stop()


CLOSE_AFTER = 4.0  # seconds, after the restart: longer than the server takes to start on a busy machine


def test_only_tables_in_play_are_loaded_at_start_up(server_factory: Callable[..., ServerProcess]) -> None:
    """A table everyone left long enough ago, and a finished one, stay in the database at
    start-up (out of the lobby) and come back when asked for; the one left is then closed."""
    first = server_factory("loading.sqlite3")
    left = first.create(players=4, bots={1: "random", 2: "random", 3: "random"}, name="Ann")
    ann = Client(first, left["table"]["id"], left["token"])
    ann.close()  # nobody is at this table from now on
    done = first.create(players=4, bots={s: "random" for s in range(4)}, sit=None, options={"hands_to_win": 1})
    watcher = Client(first, done["table"]["id"])
    watcher.until(lambda m: m["type"] == "state" and m["observation"]["match_over"], timeout=60)
    watcher.close()
    busy = first.create(players=4, bots={1: "random", 2: "random", 3: "random"}, name="Bea")
    bea = Client(first, busy["table"]["id"], busy["token"])  # still at her table when the server dies
    time.sleep(CLOSE_AFTER + 0.5)
    first.kill()
    bea.close()

    second = ServerProcess(first.db_path, db_url=first.db_url, extra=("--close-after", str(CLOSE_AFTER))).start()
    try:
        listed = {t["id"] for t in httpx.get(second.base + "/api/tables").json()["tables"]}
        assert busy["table"]["id"] in listed
        assert left["table"]["id"] not in listed and done["table"]["id"] not in listed
        assert "restored 1 tables" in second.log_text
        assert httpx.get(f"{second.base}/api/tables/{done['table']['id']}").json()["state"] == "finished"
        asked = httpx.get(f"{second.base}/api/tables/{left['table']['id']}").json()
        assert asked["state"] == "playing"  # loaded on demand, as it was
        deadline = time.monotonic() + 20
        while httpx.get(f"{second.base}/api/tables/{left['table']['id']}").json()["state"] != "closed":
            assert time.monotonic() < deadline, "the table nobody came back to was not closed"
            time.sleep(0.2)
    finally:
        second.stop()
