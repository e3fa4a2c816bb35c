"""A table's record and replays over HTTP (docs/protocol.md, "Records and replays").

A finished table gives its record and every replay; an unfinished one gives a spectator's
replay, a seat's own replay to its token holder, and nothing else (no hand leaks). A record
sent by a client is replayed with a clear 400 for whatever is wrong with it. The frames
are checked against parlour.replay.frames on the record the database holds.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

import httpx
from serverkit import ServerProcess

from parlour.games import GAMES
from parlour.record import record_of, replay
from parlour.replay import ALL, frames, seat_names


def finished_table(server: ServerProcess) -> str:
    """A table of four random bots playing a one-hand match, once it is over."""
    made = server.create(bots={s: "random" for s in range(4)}, options={"hands_to_win": 1}, sit=None)
    table = made["table"]["id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{server.base}/api/tables/{table}").json()["match_over"]:
        assert time.monotonic() < deadline, "the bots did not finish their match"
        time.sleep(0.1)
    return str(table)


def two_hands(second_deal: dict[str, Any]) -> dict[str, Any]:
    """A record of random moves over two hands of Ribs whose second deal is `second_deal`."""
    state = GAMES["ribs"].new_state(GAMES["ribs"].options(players=4, hands_to_win=2), 3)
    rng = random.Random(3)
    while len(state.scores_by_hand()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    record["deals"][1] = second_deal
    return record


def ridge_record() -> dict[str, Any]:
    """A few random moves of two-player Ridge (whose observation of a seat past the
    table's used to be answered as if it were a seat)."""
    state = GAMES["ridge"].new_state(GAMES["ridge"].options(players=2), 5)
    rng = random.Random(5)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    return record_of(state)


def same_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def every_page(url: str, params: dict[str, str] | None = None, headers: dict[str, str] | None = None,
               record: dict[str, Any] | None = None, count: int = 100) -> dict[str, Any]:
    """A replay fetched a page at a time, its pages' frames joined (checked to fit)."""
    pages: list[dict[str, Any]] = []
    while not pages or pages[-1]["from"] + len(pages[-1]["frames"]) < pages[-1]["total"]:
        query = {**(params or {}), "from": str(len(pages) * count), "count": str(count)}
        if record is None:
            response = httpx.get(url, params=query, headers=headers or {})
        else:
            response = httpx.post(url, params=query, json=record)
        assert response.status_code == 200, response.text
        page = response.json()
        assert page["from"] == len(pages) * count and 0 < len(page["frames"]) <= count
        pages.append(page)
    assert len({(p["total"], p["moves"], tuple(p["deals"])) for p in pages}) == 1
    return dict(pages[0], frames=[f for p in pages for f in p["frames"]])


def test_a_finished_table_gives_its_record_and_every_replay(server: ServerProcess) -> None:
    table = finished_table(server)
    response = httpx.get(f"{server.base}/api/tables/{table}/record")
    assert response.status_code == 200
    assert response.headers["content-disposition"] == f'attachment; filename="parlour-ribs-{table}.json"'
    record = response.json()
    assert record["actions"] == server.record(table)["actions"]
    assert record["deals"] and replay(record).is_over()

    seen = httpx.get(f"{server.base}/api/tables/{table}/replay", params={"seat": "all"})
    assert seen.status_code == 200 and seen.headers["content-encoding"] == "gzip"
    data = seen.json()
    assert (data["game"], data["title"], data["view"], data["players"]) == ("ribs", "Ribs", "all", 4)
    assert [s["name"] for s in data["seats"]] == ["Ribs bot (random)"] * 4
    names = seat_names(data["seats"])  # the table's words name its seats, the four bots told apart
    assert names == [f"Ribs bot {s} (random)" for s in range(4)]
    assert data["frames"] == same_json(frames(record, ALL, names))[:100]
    whole = every_page(f"{server.base}/api/tables/{table}/replay", {"seat": "all"}, count=17)
    assert whole["frames"] == same_json(frames(record, ALL, names)) and whole["total"] == len(whole["frames"])
    assert whole["frames"][-1]["observation"]["match_over"]
    again = httpx.get(f"{server.base}/api/tables/{table}/replay", params={"seat": "all"}, headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in again.headers and again.json() == data
    as_seat = every_page(f"{server.base}/api/tables/{table}/replay", {"seat": "2"})
    assert as_seat["frames"] == same_json(frames(record, 2, names))


def test_an_unfinished_table_shows_no_hand_it_should_not(server: ServerProcess) -> None:
    made = server.create(bots={1: "random", 2: "random", 3: "random"}, name="Ann")
    table, token = made["table"]["id"], made["token"]
    url = f"{server.base}/api/tables/{table}"
    deadline = time.monotonic() + 30
    while httpx.get(url).json()["to_act"] != 0:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    refused = httpx.get(url + "/record")
    assert refused.status_code == 409 and refused.json()["code"] == "match_not_over"
    all_seeing = httpx.get(url + "/replay", params={"seat": "all"})
    assert all_seeing.status_code == 409 and "once the match is over" in all_seeing.json()["message"]
    for headers in ({}, {"X-Parlour-Token": token}):
        other = httpx.get(url + "/replay", params={"seat": "1"}, headers=headers)
        assert other.status_code == 403 and other.json()["code"] == "bad_token"
    record = server.record(table)
    own = every_page(url + "/replay", {"seat": "0"}, {"X-Parlour-Token": token})
    names = seat_names(own["seats"])
    assert names == ["Ann", "Ribs bot 1 (random)", "Ribs bot 2 (random)", "Ribs bot 3 (random)"]
    assert own["frames"] == same_json(frames(record, 0, names))
    watched = every_page(url + "/replay")
    assert watched["view"] is None
    assert all(f["observation"]["hand"] is None for f in watched["frames"])
    assert watched["frames"] == same_json(frames(record, None, names))
    bad = httpx.get(url + "/replay", params={"seat": "7"})
    assert bad.status_code == 400 and "from 0 to 3" in bad.json()["message"]
    assert httpx.get(f"{server.base}/api/tables/nothere/replay").status_code == 404
    assert httpx.get(f"{server.base}/api/tables/nothere/record").status_code == 404


def test_a_record_sent_is_replayed_or_refused_with_a_reason(server: ServerProcess) -> None:
    table = finished_table(server)
    record = httpx.get(f"{server.base}/api/tables/{table}/record").json()
    url = server.base + "/api/replay"
    data = every_page(url, {"seat": "1"}, record=record)
    assert data["seats"] == [{"seat": s, "name": f"Seat {s}"} for s in range(4)]
    assert data["frames"] == same_json(frames(record, 1))

    broken = dict(record, actions=[list(a) for a in record["actions"]])
    broken["actions"][2][1] = "bid 99"
    cases: list[tuple[Any, dict[str, str], str, str]] = [
        (b"{not json", {}, "bad_json", "the record is not JSON"),
        (b"[1, 2]", {}, "bad_message", "the record is a JSON object"),
        (json.dumps(broken).encode(), {}, "bad_record", "action 2"),
        (json.dumps({"game": "whist"}).encode(), {}, "bad_record", "unknown game"),
        (json.dumps(two_hands(second_deal={"hands": "nonsense"})).encode(), {}, "bad_record", "cannot be replayed"),
        (json.dumps(record).encode(), {"seat": "north"}, "bad_view", "a seat number, 'all' or 'none'"),
        (json.dumps(record).encode(), {"seat": "4"}, "bad_view", "from 0 to 3, not 4"),
        (json.dumps(record).encode(), {"from": "-1"}, "bad_page", "'from' must be from 0"),
        (json.dumps(record).encode(), {"count": "101"}, "bad_page", "'count' must be from 1 to 100"),
        (json.dumps(record).encode(), {"count": "many"}, "bad_page", "'count' is a whole number"),
        (json.dumps(dict(record, seed=True)).encode(), {}, "bad_record", "'seed' must be a whole number"),
        (json.dumps(dict(record, dealer=False)).encode(), {}, "bad_record", "'dealer' must be a seat"),
        (json.dumps(ridge_record()).encode(), {"seat": "2"}, "bad_view", "from 0 to 1, not 2"),
        (json.dumps(dict(record, pad="x" * 300_000)).encode(), {}, "too_large", "at most 262144 bytes"),
        (json.dumps(dict(record, actions=[[0, "pass"]] * 5001)).encode(), {}, "too_large", "at most 5000 actions"),
    ]
    for body, params, code, words in cases:
        response = httpx.post(url, params=params, content=body, headers={"Content-Type": "application/json"})
        assert response.status_code == 400, (code, response.text)
        assert response.json()["code"] == code and words in response.json()["message"], response.text
