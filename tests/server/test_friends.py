"""Friends at a table, over the protocol: the waiting room and its host, bots standing in
for people who are away, leaving, resigning, chat, another match at the same table, and
tables closed once everyone has gone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
from conftest import DATABASES, database_url
from serverkit import Client, ServerProcess, replay_to
from sqlalchemy import func, select

from parlour.replay import seat_names
from parlour.server.storage import Storage, events_t
from parlour.server.tables import CHAT_KEEP

GRACE = "0.6"  # seconds before a bot stands in, short for the tests


@pytest.fixture(scope="module", params=DATABASES)
def friends(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    url = database_url(request, request.param)
    proc = ServerProcess(tmp_path_factory.mktemp("friends") / "parlour.sqlite3", db_url=url,
                         extra=("--grace", GRACE)).start()
    yield proc
    proc.stop()


def waiting_room(server: ServerProcess, players: int = 4, bots: dict[int, str] | None = None) -> dict[str, Any]:
    """Ann's table with open seats, made as the lobby makes it: it waits."""
    return server.create(players=players, bots=bots, name="Ann", start=False)


def seats_of(client: Client) -> list[dict[str, Any]]:
    assert client.state is not None
    return list(client.state["seats"])


def play_until(clients: dict[int, Client], watcher: Client, done: Callable[[dict[str, Any]], bool], limit: int = 400) -> None:
    """The people play their first legal move whenever it is their turn, until `done(state)`."""
    for _ in range(limit):
        state = watcher.state
        assert state is not None
        if done(state):
            return
        obs = state["observation"]
        if obs["to_act"] in clients and state["seats"][obs["to_act"]].get("stand_in") is None:
            me = clients[obs["to_act"]]
            mine = me.wait_version(state["version"])
            me.act(mine["observation"]["legal_actions"][0], state["version"])
        watcher.until(lambda m: m["type"] == "state")
    raise AssertionError("the table did not get there")


def test_a_waiting_room_deals_nothing_until_the_last_seat_is_taken(friends: ServerProcess) -> None:
    made = waiting_room(friends, bots={2: "random", 3: "random"})
    table = made["table"]["id"]
    assert made["table"]["state"] == "waiting" and made["table"]["host"] == 0
    ann = Client(friends, table, made["token"])
    watcher = Client(friends, table)
    try:
        assert ann.state is not None and ann.state["observation"] is None and ann.state["table_state"] == "waiting"
        assert watcher.state is not None and watcher.state["observation"] is None
        assert ann.messages[0]["host"] is True and watcher.messages[0]["host"] is False
        assert ann.error({"type": "act", "action": "pass", "version": 0})["code"] == "waiting"
        assert watcher.error({"type": "start"})["code"] == "not_host"
        bob = friends.join(table, name="Bob")
        assert bob["seat"] == 1 and bob["table"]["state"] == "playing"
        state = ann.until(lambda m: m["type"] == "state" and m["observation"] is not None)
        truth = replay_to(friends.record(table), state["version"])
        assert state["observation"] == truth.observation(0, names=seat_names(state["seats"]))
        assert [s["name"] for s in state["seats"][:2]] == ["Ann", "Bob"]
        assert state["seats"][0].get("host") and not state["seats"][1].get("host")
    finally:
        ann.close()
        watcher.close()


def test_the_host_moves_seats_fills_one_with_a_bot_and_starts(friends: ServerProcess) -> None:
    made = waiting_room(friends, players=5)
    table = made["table"]["id"]
    ann = Client(friends, table, made["token"])
    bob_seat = friends.join(table, seat=1, name="Bob")
    bob = Client(friends, table, bob_seat["token"])
    try:
        assert bob.error({"type": "fill", "seat": 2, "level": "easy"})["code"] == "not_host"
        ann.send({"type": "move", "seat": 1, "to": 3})  # Bob to seat 3: his token follows him
        bob.until(lambda m: m["type"] == "state" and m["seat"] == 3)
        ann.send({"type": "fill", "seat": 2, "level": "strong"})
        ann.until(lambda m: m["type"] == "state" and m["seats"][2]["kind"] == "bot")
        assert ann.error({"type": "fill", "seat": 3, "level": "easy"})["code"] == "seat_taken"
        assert ann.error({"type": "fill", "seat": 1, "level": "brilliant"})["code"] == "bad_level"
        ann.send({"type": "start", "level": "easy"})
        state = ann.until(lambda m: m["type"] == "state" and m["observation"] is not None)
        seats = state["seats"]
        assert [s["kind"] for s in seats] == ["person", "bot", "bot", "person", "bot"]
        assert seats[2]["name"] == "Ribs bot (strong)" and seats[2]["level"] == "strong"
        assert seats[1]["name"] == seats[4]["name"] == "Ribs bot (easy)"
        assert seats[3]["name"] == "Bob"
        assert ann.error({"type": "move", "seat": 3, "to": 1})["code"] == "started"
        dealt = bob.until(lambda m: m["type"] == "state" and m["observation"] is not None)
        assert dealt["observation"]["seat"] == 3
    finally:
        ann.close()
        bob.close()


def test_a_bot_stands_in_for_a_friend_away_and_hands_back_on_return(friends: ServerProcess) -> None:
    made = waiting_room(friends, bots={2: "random", 3: "random"})
    table = made["table"]["id"]
    bob_seat = friends.join(table, name="Bob")
    ann = Client(friends, table, made["token"])
    bob = Client(friends, table, bob_seat["token"])
    try:
        bob.close()  # Bob's tab is closed; after the grace a bot plays for him
        away = ann.until(lambda m: m["type"] in ("seats", "state") and m["seats"][1].get("stand_in_in") is not None)
        assert 0 <= away["seats"][1]["stand_in_in"] <= float(GRACE)
        ann.until(lambda m: m["type"] in ("state", "seats") and m["seats"][1].get("stand_in") == "Ribs bot (normal)")
        # The bot plays Bob's turns while Ann plays hers.
        play_until({0: ann}, ann, lambda s: any(seat == 1 for seat, _ in friends.record(table)["actions"]))
        bob = Client(friends, table, bob_seat["token"])
        assert bob.state is not None and bob.state["seats"][1].get("stand_in") is None
        assert bob.state["seats"][1]["connected"]
        # Bob plays again from his next decision on.
        before = sum(1 for seat, _ in friends.record(table)["actions"] if seat == 1)
        play_until({0: ann, 1: bob}, ann, lambda s: sum(1 for seat, _ in friends.record(table)["actions"] if seat == 1) > before + 1)
    finally:
        ann.close()
        bob.close()


def test_a_second_tab_of_a_seat_is_told_so(friends: ServerProcess) -> None:
    made = friends.create(bots={1: "random", 2: "random", 3: "random"}, name="Ann")
    table = made["table"]["id"]
    first = Client(friends, table, made["token"])
    second = Client(friends, table, made["token"])
    try:
        assert first.messages[0]["other_tabs"] == 0 and second.messages[0]["other_tabs"] == 1
        notice = first.until(lambda m: m["type"] == "notice")
        assert notice["code"] == "other_tab"
    finally:
        first.close()
        second.close()


def test_chat_is_cleaned_limited_and_marks_watchers(friends: ServerProcess) -> None:
    made = friends.create(bots={1: "random", 2: "random", 3: "random"}, name="<b>A\u202en\u0000n</b>")
    table = made["table"]["id"]
    ann = Client(friends, table, made["token"])
    watcher = Client(friends, table)
    try:
        ann.send({"type": "chat", "text": "hello\u202e \x1b[31mall\u200b " + "x" * 400})
        line = watcher.until(lambda m: m["type"] == "chat")
        assert (line["name"], line["seat"], line["watcher"]) == ("<b>Ann</b>", 0, False)
        assert line["text"].startswith("hello [31mall x") and len(line["text"]) == 300
        watcher.send({"type": "chat", "text": "nice hand", "name": "Zed\u2066"})
        mark = ann.until(lambda m: m["type"] == "chat" and m["seat"] is None)
        assert (mark["name"], mark["seat"], mark["watcher"]) == ("Zed", None, True)
        assert ann.error({"type": "chat", "text": " \u200b "})["code"] == "bad_message"
        ann.send('{"type": "chat", "text": "\\ud800x\\udfff"}')  # unpaired surrogates: no characters
        assert ann.until(lambda m: m["type"] == "chat" and m["seat"] == 0)["text"] == "x"
        watcher.send('{"type": "chat", "text": "\\udc00ok", "name": "\\ud83d"}')
        odd = ann.until(lambda m: m["type"] == "chat" and m["seat"] is None)
        assert (odd["name"], odd["text"]) == ("A watcher", "ok")
        late = Client(friends, table)
        assert [m["text"] for m in late.messages[0]["chat"]] == [line["text"], "nice hand", "x", "ok"]
        late.close()
    finally:
        ann.close()
        watcher.close()


def test_the_database_keeps_the_chat_a_table_shows_and_no_more(server_factory: Callable[..., ServerProcess]) -> None:
    first = server_factory("chat.sqlite3", rate=5000.0)
    made = first.create(bots={2: "random", 3: "random"}, name="Ann", start=False)  # waits for seat 1
    table = made["table"]["id"]
    ann = Client(first, table, made["token"])
    lines = [f"line {n}" for n in range(CHAT_KEEP + 40)]
    for text in lines:
        ann.send({"type": "chat", "text": text})
    ann.until(lambda m: m["type"] == "chat" and m["text"] == lines[-1])
    assert chat_stored(first, table) == CHAT_KEEP
    ann.close()
    first.kill()
    second = ServerProcess(first.db_path, db_url=first.db_url, rate=5000.0).start()
    try:
        back = Client(second, table, made["token"])
        assert [m["text"] for m in back.messages[0]["chat"]] == lines[-CHAT_KEEP:]
        back.send({"type": "chat", "text": "after the restart"})  # the log's next index is free
        assert back.until(lambda m: m["type"] in ("chat", "error"))["text"] == "after the restart"
        back.send({"type": "start"})  # ... and other events are stored after it
        assert back.until(lambda m: m["type"] == "state" and m["table_state"] == "playing")
        assert chat_stored(second, table) == CHAT_KEEP
        back.close()
    finally:
        second.stop()


def chat_stored(server: ServerProcess, table: str) -> int:
    storage = Storage(server.db_url)
    try:
        with storage.engine.connect() as conn:
            found = select(func.count()).select_from(events_t).where(events_t.c.table_id == table, events_t.c.kind == "chat")
            return int(conn.execute(found).scalar_one())
    finally:
        storage.close()


def test_leave_resign_remove_and_another_match_at_the_same_table(friends: ServerProcess) -> None:
    made = friends.create(players=4, name="Ann", start=False, options={"hands_to_win": 1})
    table = made["table"]["id"]
    tokens = [made["token"]] + [friends.join(table, seat=s, name=n)["token"] for s, n in ((1, "Bob"), (2, "Cy"), (3, "Di"))]
    clients = {seat: Client(friends, table, token) for seat, token in enumerate(tokens)}
    try:
        ann = clients[0]
        clients[2].send({"type": "resign"})
        ann.until(lambda m: m["type"] == "state" and m["seats"][2].get("resigned"))
        clients[2].send({"type": "act", "action": "pass", "version": ann.state["version"]})
        assert clients[2].until(lambda m: m["type"] == "error")["code"] in ("resigned", "stale")
        clients[3].close()
        assert ann.error({"type": "remove", "seat": 1})["code"] == "present"
        clients.pop(3)
        ann.until(lambda m: m["type"] in ("seats", "state") and not m["seats"][3]["connected"])
        ann.send({"type": "remove", "seat": 3})
        gone = ann.until(lambda m: m["type"] == "state" and m["seats"][3]["kind"] == "bot")
        assert gone["seats"][3]["stand_in_for"] == "Di"
        di = Client(friends, table, tokens[3])
        assert di.messages[-1].get("code") == "bad_token", di.messages
        clients[1].send({"type": "leave"})
        ann.until(lambda m: m["type"] == "state" and m["seats"][1]["kind"] == "bot")
        clients.pop(1).close()
        play_until({0: ann}, ann, lambda s: s["observation"]["match_over"], limit=3000)
        first_record = friends.record(table)
        assert ann.state is not None and ann.state["table_state"] == "finished"
        assert table not in {t["id"] for t in httpx.get(friends.base + "/api/tables").json()["tables"]}
        clients[2].send({"type": "again"})
        welcome = ann.until(lambda m: m["type"] == "welcome")
        assert welcome["table"] == table and welcome["summary"]["match"] == 1 and welcome["history"] == []
        fresh = ann.until(lambda m: m["type"] == "state")
        assert not fresh["observation"]["match_over"] and not fresh["seats"][2].get("resigned")
        again = friends.record(table)
        assert again["seed"] != first_record["seed"] and again["options"] == first_record["options"]
        assert fresh["observation"] == replay_to(again, fresh["version"]).observation(0, names=seat_names(fresh["seats"]))
        assert [s["kind"] for s in fresh["seats"]] == ["person", "bot", "person", "bot"]
    finally:
        for client in clients.values():
            client.close()


def test_the_lobby_shows_levels_and_a_table_everyone_left_is_closed(
        server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(extra=("--close-after", "1.5", "--grace", "0.3"))
    lobby = httpx.get(server.base + "/api/games").json()
    ribs = lobby["games"][0]
    assert [lv["name"] for lv in ribs["levels"]] == ["Ribs bot (easy)", "Ribs bot (normal)", "Ribs bot (strong)"]
    made = server.create(players=4, name="Ann", start=False, seats=[{}, {"level": "easy"}, {}, {"level": "strong"}])
    seats = made["table"]["seats"]
    assert (seats[1]["name"], seats[3]["level"]) == ("Ribs bot (easy)", "strong")
    table = made["table"]["id"]
    listed = {t["id"]: t for t in httpx.get(server.base + "/api/tables").json()["tables"]}
    assert listed[table]["state"] == "waiting" and listed[table]["age"] >= 0
    ann = Client(server, table, made["token"])
    ann.close()
    watcher = Client(server, table)
    closed = watcher.until(lambda m: m["type"] == "state" and m["table_state"] == "closed", timeout=15)
    assert closed["observation"] is None
    watcher.close()
    assert table not in {t["id"] for t in httpx.get(server.base + "/api/tables").json()["tables"]}
    assert httpx.get(f"{server.base}/api/tables/{table}").json()["state"] == "closed"
    response = httpx.post(f"{server.base}/api/tables/{table}/join", json={"name": "Bob"})
    assert response.status_code == 409 and response.json()["code"] == "closed"
