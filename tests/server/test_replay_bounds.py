"""What a replay may cost the server (docs/protocol.md, "Records and replays").

A replay comes a page of frames at a time, however long the record; one address may have
only a couple of pages waiting, and others are served meanwhile; a page whose client has
gone is given up; a table's replays after `again` are of the new match; and the server
stops promptly on SIGTERM with replays waiting, losing no action it acknowledged.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import json
import random
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import httpx
from serverkit import Client, ServerProcess

from parlour.games import GAMES
from parlour.record import record_of
from parlour.replay import ALL, frame_page, frames, seat_names

PAGE = 100


@functools.cache
def long_record(actions: int = 5000) -> dict[str, Any]:
    """Random moves of four-player Ribs over many hands: `actions` of them."""
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=4, hands_to_win=1000), 5)
    rng = random.Random(1)
    while len(state.history) < actions:
        state.apply(rng.choice(state.legal_actions()))
    return record_of(state)


def same_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def client_at(address: str) -> httpx.Client:
    """An HTTP client whose requests come from `address` (any of 127.0.0.0/8 on Linux)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=120)


def post_replay(server: ServerProcess, address: str, record: dict[str, Any], params: dict[str, str]) -> httpx.Response:
    with client_at(address) as client:
        return client.post(server.base + "/api/replay", params=params, json=record)


def test_a_long_record_is_replayed_a_page_at_a_time(server: ServerProcess) -> None:
    record = long_record()
    response = httpx.post(server.base + "/api/replay", params={"seat": "all"}, json=record, timeout=120)
    assert response.status_code == 200, response.text
    assert len(gzip.compress(response.content)) < len(response.content)
    first = response.json()
    whole = frame_page(record, ALL, 0, 1)
    assert (first["from"], first["total"], first["moves"]) == (0, whole.total, 5000)
    assert first["deals"] == whole.deals and len(first["deals"]) > 50
    assert len(first["frames"]) == PAGE and first["frames"] == same_json(frame_page(record, ALL, 0, PAGE).frames)
    assert len(response.content) < 4_000_000, "a page's size is bounded whatever the record's length"

    middle = httpx.post(server.base + "/api/replay", params={"seat": "1", "from": "2999", "count": "40"}, json=record,
                        timeout=120).json()
    assert [f["index"] for f in middle["frames"]] == list(range(2999, 3039))
    assert middle["frames"] == same_json(frame_page(record, 1, 2999, 40).frames)
    past = httpx.post(server.base + "/api/replay", params={"from": str(whole.total)}, json=record, timeout=120).json()
    assert past["frames"] == [] and past["total"] == whole.total


def test_one_address_waits_its_turn_and_others_are_served(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory()
    record = long_record()
    answers: dict[str, list[int]] = {"127.0.0.1": [], "127.0.0.2": []}
    start = threading.Barrier(13)

    def ask(address: str, k: int) -> None:
        start.wait()
        response = post_replay(server, address, record, {"seat": "all", "from": str(k * PAGE)})
        answers[address].append(response.status_code)
        if response.status_code == 429:
            assert response.json()["code"] == "rate_limited", response.text

    threads = [threading.Thread(target=ask, args=("127.0.0.1", k)) for k in range(12)]
    threads.append(threading.Thread(target=ask, args=("127.0.0.2", 0)))
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert answers["127.0.0.2"] == [200]
    assert 429 in answers["127.0.0.1"] and 200 in answers["127.0.0.1"], answers
    assert set(answers["127.0.0.1"]) <= {200, 429}


def test_a_replay_whose_client_has_gone_is_given_up(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory()
    record = long_record()

    def leave_early(k: int) -> None:
        with client_at("127.0.0.3") as client, contextlib.suppress(httpx.TimeoutException):
            client.post(server.base + "/api/replay", params={"seat": "all", "from": str(4000 + k)}, json=record,
                        timeout=httpx.Timeout(10, read=0.05))

    threads = [threading.Thread(target=leave_early, args=(k,)) for k in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    deadline = time.monotonic() + 60
    while "a replay was given up: its client left" not in server.log_text:
        assert time.monotonic() < deadline, server.log_text[-2000:]
        time.sleep(0.1)
    # The address's share is free again: its next replay is answered.
    assert post_replay(server, "127.0.0.3", record, {"seat": "all", "count": "5"}).status_code == 200


def test_after_again_the_replay_is_the_new_match(server: ServerProcess) -> None:
    made = server.create(bots={1: "random", 2: "random", 3: "random"}, options={"hands_to_win": 1}, name="Ann")
    table, token = made["table"]["id"], made["token"]
    url = f"{server.base}/api/tables/{table}"
    client = Client(server, table, token)
    try:
        records = []
        for match in range(2):
            client.send({"type": "resign"})  # a bot plays the seat to the match's end
            client.until(lambda m: m["type"] == "state" and m["observation"]["match_over"], 120)
            record = httpx.get(url + "/record").json()
            records.append(record)
            replayed = httpx.get(url + "/replay", params={"seat": "all"}).json()
            names = seat_names(replayed["seats"])
            assert replayed["frames"] == same_json(frames(record, ALL, names))[:PAGE], f"match {match}"
            assert httpx.get(url).json()["match"] == match
            if match == 0:
                client.send({"type": "again"})
                client.until(lambda m: m["type"] == "state" and not m["observation"]["match_over"])
        assert records[0]["seed"] != records[1]["seed"]
    finally:
        client.close()


def test_sigterm_stops_promptly_with_replays_waiting(server_factory: Callable[..., ServerProcess]) -> None:
    server = server_factory(rate=1000.0)
    made = server.create(game="ridge", players=2, bots={1: "random"}, name="Ann")
    table, token = made["table"]["id"], made["token"]
    client = Client(server, table, token)
    acknowledged = 0
    try:
        for _ in range(6):
            state = client.wait_turn()
            if state["observation"]["match_over"]:
                break
            client.act(state["observation"]["legal_actions"][0], state["version"])
            acknowledged = client.wait_version(state["version"] + 1)["version"]
    finally:
        client.close()
    assert acknowledged > 0
    record = long_record()
    answers: list[int] = []

    def ask(address: str, k: int) -> None:
        with contextlib.suppress(httpx.HTTPError):
            answers.append(post_replay(server, address, record, {"seat": "all", "from": str(k * PAGE)}).status_code)

    threads = [threading.Thread(target=ask, args=(f"127.0.0.{a}", k), daemon=True) for a in range(1, 5) for k in range(2)]
    for thread in threads:
        thread.start()
    time.sleep(0.5)  # the replays are asked for and waiting
    assert server.proc is not None
    server.proc.send_signal(signal.SIGTERM)
    server.proc.wait(30)  # before the fix: a minute or more, every replay worked out first
    assert set(answers) <= {200, 503}
    server.start()
    assert len(server.record(table)["actions"]) >= acknowledged
