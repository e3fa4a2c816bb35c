"""The protocol of docs/protocol.md, spoken by real websocket clients to a real server process."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import httpx
import pytest
from serverkit import Client, ServerProcess, replay_to

from parlour.games import GAMES
from parlour.howto import summary
from parlour.replay import seat_names


def test_the_lobby_lists_every_game_with_options_and_bots(server: ServerProcess) -> None:
    games = httpx.get(server.base + "/api/games").json()["games"]
    assert [g["name"] for g in games] == list(GAMES)
    assert [g["about"] for g in games] == [summary(name) for name in GAMES]
    ribs = games[0]
    assert (ribs["min_players"], ribs["max_players"]) == (4, 10)
    assert "random" in ribs["bots"]
    names = {o["name"] for o in ribs["options"]}
    assert {"lemons", "opening", "hands_to_win"} <= names
    page = httpx.get(server.base + "/")
    assert page.status_code == 200 and "app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert httpx.get(server.base + "/static/app.js").status_code == 200


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "whist"}, "unknown game"),
        ({"game": "ribs", "players": 3}, "4 to 10"),
        ({"game": "ribs", "players": 4, "options": {"lemon": True}}, "unknown option 'lemon'"),
        ({"game": "ribs", "players": 4, "seats": [{}, {"bot": "nobody"}, {}, {}]}, "unknown bot"),
        ({"game": "ribs", "players": 4, "seats": [{}]}, "must list the 4 seats"),
    ],
)
def test_a_bad_table_request_is_refused_with_a_reason(server: ServerProcess, body: dict, words: str) -> None:
    response = httpx.post(server.base + "/api/tables", json=body)
    assert response.status_code == 400
    assert words in response.json()["message"]


def test_a_seat_sees_its_own_hand_and_a_spectator_sees_none(server: ServerProcess) -> None:
    made = server.create(bots={1: "random", 2: "random", 3: "random"}, name="Ann")
    table = made["table"]["id"]
    seat = Client(server, table, made["token"])
    watcher = Client(server, table)
    try:
        record = server.record(table)
        truth = replay_to(record, seat.state["version"])
        assert seat.state["seat"] == 0
        names = seat_names(seat.state["seats"])
        assert names == ["Ann", "Ribs bot 1 (random)", "Ribs bot 2 (random)", "Ribs bot 3 (random)"]
        assert seat.state["observation"] == truth.observation(0, names=names)
        assert watcher.state["observation"] == truth.observation(None, names=names)
        assert watcher.state["observation"]["hand"] is None
        assert watcher.messages[0]["type"] == "welcome" and watcher.messages[0]["seat"] is None
        assert any(s["name"] == "Ann" for s in seat.state["seats"])
    finally:
        seat.close()
        watcher.close()


def test_bad_input_gets_a_clear_error_and_changes_nothing(server: ServerProcess) -> None:
    made = server.create(name="Ann")  # four people: seat 0 deals and bids first
    table = made["table"]["id"]
    other = server.join(table, name="Bob")
    assert other["seat"] == 1
    ann = Client(server, table, made["token"])
    bob = Client(server, table, other["token"])
    watcher = Client(server, table)
    try:
        version = ann.state["version"]
        assert ann.state["observation"]["to_act"] == 0
        cases = [
            ("{not json", "bad_json"),
            (json.dumps([1, 2]), "bad_message"),
            ({"type": "shout"}, "unknown_type"),
            ({"type": "act", "action": "bid 2"}, "bad_message"),
            ({"type": "act", "action": "", "version": version}, "bad_message"),
            ({"type": "act", "action": "bid 3", "version": version}, "illegal"),
            ({"type": "act", "action": "play Z Z", "version": version}, "illegal"),
            ({"type": "act", "action": "bid 2", "version": version - 1}, "stale"),
            ({"type": "act", "action": "bid 2", "version": version + 5}, "stale"),
            ({"type": "act", "action": "x" * 5000, "version": version}, "too_large"),
            ({"type": "hello", "table": "nope"}, "unknown_table"),
        ]
        for message, code in cases:
            answer = ann.error(message)
            assert answer["type"] == "error" and answer["code"] == code, (message, answer)
            assert answer["message"]
        ann.hello(table, made["token"])
        assert bob.error({"type": "act", "action": "bid 2", "version": version})["code"] == "not_your_turn"
        claim = {"type": "act", "action": "bid 2", "version": version, "seat": 0}  # a seat is its token's
        assert bob.error(claim)["code"] == "not_your_turn"
        assert watcher.error({"type": "act", "action": "bid 2", "version": version})["code"] == "spectator"
        stranger = Client(server)
        assert stranger.error({"type": "act", "action": "bid 2", "version": version})["code"] == "not_seated"
        assert stranger.hello(table, "forged-token")["code"] == "bad_token"
        stranger.close()
        assert ann.state["version"] == version
        assert server.record(table)["actions"] == []
        ann.act("bid 2")
        assert ann.until(lambda m: m["type"] in ("state", "error"))["type"] == "state"
        assert bob.wait_version(version + 1)["observation"]["to_act"] == 1
        assert server.record(table)["actions"] == [[0, "bid 2"]]
    finally:
        for c in (ann, bob, watcher):
            c.close()


def test_a_flood_is_rate_limited_and_the_server_stays_well(server: ServerProcess) -> None:
    made = server.create(name="Ann")
    table = made["table"]["id"]
    ann = Client(server, table, made["token"])
    try:
        version = ann.state["version"]
        for _ in range(300):
            ann.send({"type": "act", "action": "bid 3", "version": version})
        ann.until(lambda m: m["type"] == "error" and m["code"] == "rate_limited")
        assert server.record(table)["actions"] == []
    finally:
        ann.close()
    again = Client(server, table, made["token"])
    try:
        again.send({"type": "ping"})
        assert again.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        again.act("bid 2")
        assert again.wait_version(1)["version"] == 1
    finally:
        again.close()


def test_a_huge_message_is_refused_by_the_websocket_layer(server: ServerProcess) -> None:
    made = server.create(name="Ann")
    ann = Client(server, made["table"]["id"], made["token"])
    ann.send("x" * 200_000)
    with pytest.raises(Exception, match="1009|too big|closed"):
        ann.until(lambda m: False, timeout=5)
    assert httpx.get(server.base + "/api/games").status_code == 200


def test_seats_are_claimed_once_and_tokens_resume(server: ServerProcess) -> None:
    made = server.create(players=4, bots={2: "random", 3: "random"}, name="Ann")
    table = made["table"]["id"]
    response = httpx.post(f"{server.base}/api/tables/{table}/join", json={"seat": 0})
    assert response.status_code == 409 and "taken" in response.json()["message"]
    response = httpx.post(f"{server.base}/api/tables/{table}/join", json={"seat": 2})
    assert response.status_code == 409
    bob = server.join(table, name="Bob")
    assert bob["seat"] == 1 and bob["token"] != made["token"]
    response = httpx.post(f"{server.base}/api/tables/{table}/join", json={})
    assert response.status_code == 409 and "every seat" in response.json()["message"]
    first = Client(server, table, bob["token"])
    seen = first.state["observation"]
    first.close()
    again = Client(server, table, bob["token"])
    try:
        assert again.state["seat"] == 1
        assert again.state["observation"] == seen
    finally:
        again.close()


def test_a_hand_with_bots_plays_through_and_is_kept_in_the_history(server: ServerProcess) -> None:
    made = server.create(bots={1: "random", 2: "random", 3: "random"}, name="Ann")
    table = made["table"]["id"]
    ann = Client(server, table, made["token"])
    try:
        while ann.state["hands_finished"] == 0:
            state = ann.wait_turn()
            if state["hands_finished"]:
                break
            ann.act(state["observation"]["legal_actions"][0])
            ann.wait_version(state["version"] + 1)
        record = server.record(table)
        truth = replay_to(record, ann.state["version"])
        assert ann.state["observation"] == truth.observation(0, names=seat_names(ann.state["seats"]))
        ann.hello(table, made["token"])
        welcome = next(m for m in reversed(ann.messages) if m["type"] == "welcome")
        assert len(welcome["history"]) == 1
        assert welcome["history"][0]["points"] == truth.scores_by_hand()[0]
    finally:
        ann.close()


def test_asking_for_tables_too_fast_is_refused(server_factory: Callable[..., ServerProcess]) -> None:
    strict = server_factory("strict.sqlite3", lobby_rate=0.2)
    answers = [httpx.post(strict.base + "/api/tables", json={"game": "ribs", "players": 4}).status_code for _ in range(14)]
    assert answers[:10] == [200] * 10
    assert 429 in answers[10:]
    refused = httpx.post(strict.base + "/api/tables", json={"game": "ribs", "players": 4})
    assert refused.status_code == 429 and "too many" in refused.json()["message"]


def test_a_finished_table_leaves_memory_and_comes_back_on_demand(server_factory: Callable[..., ServerProcess]) -> None:
    quick = server_factory("evict.sqlite3", evict_after=0.3)
    bots = {s: "random" for s in range(4)}
    made = quick.create(players=4, bots=bots, sit=None, options={"hands_to_win": 1})
    table = made["table"]["id"]
    deadline = time.monotonic() + 30
    while table in {t["id"] for t in httpx.get(quick.base + "/api/tables").json()["tables"]}:
        assert time.monotonic() < deadline, "the finished table stayed in memory"
        time.sleep(0.2)
    watcher = Client(quick, table)  # read back from the database
    try:
        record = quick.record(table)
        truth = replay_to(record, len(record["actions"]))
        assert truth.is_over()
        assert watcher.state["observation"] == truth.observation(None, names=seat_names(watcher.state["seats"]))
        assert watcher.state["observation"]["match_over"]
    finally:
        watcher.close()


def test_the_seat_to_act_gets_a_hint_naming_a_legal_move_and_others_are_refused(server: ServerProcess) -> None:
    made = server.create(name="Ann")  # four people: seat 0 must open at 2, then seat 1 decides
    table = made["table"]["id"]
    other = server.join(table, name="Bob")
    ann = Client(server, table, made["token"])
    bob = Client(server, table, other["token"])
    watcher = Client(server, table)
    try:
        ann.send({"type": "hint"})
        forced = ann.until(lambda m: m["type"] in ("hint", "error"), timeout=30)
        assert forced["type"] == "hint" and forced["action"] == "bid 2" and "only legal move" in forced["why"]
        ann.act("bid 2")
        state = bob.wait_version(1)
        legal = state["observation"]["legal_actions"]
        labels = {e["text"]: e["label"] for e in state["observation"]["legal"]}
        assert len(legal) > 1
        bob.send({"type": "hint"})
        bob.send({"type": "hint"})  # one at a time
        busy = bob.until(lambda m: m["type"] == "error")
        assert busy["code"] == "rate_limited" and busy["in_reply_to"] == "hint"
        advice = bob.until(lambda m: m["type"] == "hint", timeout=30)
        assert advice["version"] == 1
        assert advice["action"] in legal and advice["label"] == labels[advice["action"]]
        assert advice["why"].startswith(advice["label"][:1].upper() + advice["label"][1:]) and advice["unit"]
        assert advice["candidates"][0]["action"] == advice["action"]
        assert {c["action"] for c in advice["candidates"]} <= set(legal)
        best = max(c["value"] for c in advice["candidates"])
        assert advice["candidates"][0]["value"] == best or "too close to tell apart" in advice["why"]
        words = f"{advice['why']} {advice['unit']}".lower()
        assert not [w for w in ("sampled", "tries", "heuristic", "search") if w in words], words
        for client in (ann, watcher):
            client.send({"type": "hint"})
            refused = client.until(lambda m: m["type"] in ("error", "hint"), timeout=30)
            assert refused["type"] == "error" and refused["code"] == "not_your_turn"
        assert server.record(table)["actions"] == [[0, "bid 2"]]
    finally:
        for c in (ann, bob, watcher):
            c.close()
