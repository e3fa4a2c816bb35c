"""Clients that lie, nest, forge or stop reading (issue 12, items 2, 3, 4, 6 and 7).

Each test drives a real server process from outside, as the probe that found the
defects did: forged forwarding headers, sockets held open by the hundred, bodies and
messages nested past the parser's depth, names with control and direction characters,
and a spectator that stops reading a busy table.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
import unicodedata
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from serverkit import Client, ServerProcess
from websockets.exceptions import ConnectionClosed

from parlour.server.app import SOCKETS_PER_ADDRESS

TABLE = {"game": "ribs", "players": 4}


def forged(n: int) -> dict[str, str]:
    return {"X-Forwarded-For": f"203.0.113.{n % 250 + 1}"}


def test_a_forged_forwarded_for_buys_no_fresh_lobby_allowance(server_factory: Callable[..., ServerProcess]) -> None:
    strict = server_factory("forged.sqlite3", lobby_rate=0.2)
    answers = [httpx.post(strict.base + "/api/tables", json=TABLE, headers=forged(n)).status_code for n in range(14)]
    assert answers[:10] == [200] * 10
    assert answers[10:] == [429] * 4
    # Behind a proxy named by --forwarded-allow-ips, the header it writes is believed.
    proxied = server_factory("proxied.sqlite3", lobby_rate=0.2, extra=("--forwarded-allow-ips", "127.0.0.1"))
    answers = [httpx.post(proxied.base + "/api/tables", json=TABLE, headers=forged(n)).status_code for n in range(14)]
    assert answers == [200] * 14


def test_one_address_holds_a_bounded_number_of_websockets(server: ServerProcess) -> None:
    held = [Client(server) for _ in range(SOCKETS_PER_ADDRESS)]
    try:
        extra = Client(server)
        with pytest.raises(ConnectionClosed) as closed:
            extra.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
        assert "too many connections" in closed.value.rcvd.reason
        held.pop().close()
        deadline = time.monotonic() + 10
        while True:  # the server counts the closed socket out once it has gone
            again = Client(server)
            again.send({"type": "ping"})
            try:
                assert again.until(lambda m: m["type"] == "pong", timeout=5)
                break
            except ConnectionClosed:
                assert time.monotonic() < deadline, "a freed place was never given back"
                time.sleep(0.2)
        held.append(again)
        assert httpx.get(server.base + "/api/games").status_code == 200
    finally:
        for client in held:
            client.close()


NESTED = "[" * 8000 + "]" * 8000
BAD_TABLE_BODIES: list[Any] = [
    {"game": ["ribs"]},
    {"game": {"ribs": 1}},
    {"game": 7},
    {"game": "ribs", "players": [4]},
    {"game": "ribs", "players": 10**30},
    {"game": "ribs", "players": 4.5},
    {"game": "ribs", "players": 4, "options": {"hands_to_win": [1]}},
    {"game": "ribs", "players": 4, "options": {"hands_to_win": {"a": 1}}},
    {"game": "ribs", "players": 4, "options": {"lemons": [True]}},
    {"game": "ribs", "players": 4, "options": ["lemons"]},
    {"game": "ribs", "players": 4, "seats": [{"bot": ["random"]}, {}, {}, {}]},
    {"game": "ribs", "players": 4, "seats": [{"bot": {"x": 1}}, {}, {}, {}]},
    {"game": "ribs", "players": 4, "seats": [1, 2, 3, 4]},
    {"game": "ribs", "players": 4, "seats": {"0": {}}},
    {"game": "ribs", "players": 4, "sit": [0]},
    {"game": "ribs", "players": 4, "sit": {"seat": 0}},
    {"game": "ribs", "players": 4, "sit": 9},
]


@pytest.mark.parametrize("body", [*BAD_TABLE_BODIES, NESTED, '{"a":' * 5000 + "1" + "}" * 5000],
                         ids=[*(json.dumps(b)[:40] for b in BAD_TABLE_BODIES), "nested-list", "nested-object"])
def test_every_bad_table_request_gets_a_4xx_with_a_message(server: ServerProcess, body: Any) -> None:
    content = body if isinstance(body, str) else json.dumps(body)
    response = httpx.post(server.base + "/api/tables", content=content, headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500, response.text
    answer = response.json()
    assert answer["type"] == "error" and answer["message"]


@pytest.mark.parametrize("body", [{"seat": [1]}, {"seat": {"a": 1}}, {"seat": "1"}, {"seat": 1.5}, NESTED])
def test_every_bad_join_request_gets_a_4xx_with_a_message(server: ServerProcess, body: Any) -> None:
    table = server.create(name="Ann")["table"]["id"]
    content = body if isinstance(body, str) else json.dumps(body)
    response = httpx.post(f"{server.base}/api/tables/{table}/join", content=content,
                          headers={"content-type": "application/json"})
    assert 400 <= response.status_code < 500, response.text
    assert response.json()["message"]


def test_a_deeply_nested_message_is_answered_and_the_connection_kept(server: ServerProcess) -> None:
    made = server.create(name="Ann")
    ann = Client(server, made["table"]["id"], made["token"])
    try:
        for message in ("[" * 2000 + "]" * 2000, '{"type":"hello","table":' + "[" * 1900 + "]" * 1900 + "}"):
            assert len(message) < 4096
            answer = ann.error(message)
            assert answer["type"] == "error" and answer["code"] == "bad_json", answer
            assert "nested too deeply" in answer["message"]
        ann.send({"type": "ping"})
        assert ann.until(lambda m: m["type"] in ("pong", "error"))["type"] == "pong"
        ann.act(ann.state["observation"]["legal_actions"][0])
        assert ann.wait_version(1)["version"] == 1
    finally:
        ann.close()


def test_names_lose_control_and_format_characters(server: ServerProcess) -> None:
    made = server.create(name="A\x00n\x07n\x1b[31m\u202eX\u200b", players=4)
    table = made["table"]["id"]
    server.join(table, name="\u200b" * 30 + "Eve")  # invisible characters first, then the cut
    server.join(table, name="\uff22\uff4f\uff42\u2003\u2003Smith")  # full-width letters, em spaces
    server.join(table, name="\u202e\u2066\u200d")  # nothing visible at all
    names = [s["name"] for s in httpx.get(f"{server.base}/api/tables/{table}").json()["seats"]]
    assert names == ["Ann[31mX", "Eve", "Bob Smith", "Guest"]
    for name in names:
        assert all(unicodedata.category(ch) not in ("Cc", "Cf") for ch in name), repr(name)


def raw_websocket(server: ServerProcess) -> socket.socket:
    """A websocket on a bare socket with a small receive buffer, so the test decides when
    (whether) anything is read."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
    )
    head = b""
    while b"\r\n\r\n" not in head:
        head += sock.recv(1)
    assert b" 101 " in head.split(b"\r\n")[0], head
    return sock


def text_frame(text: str) -> bytes:
    payload = text.encode()
    mask = os.urandom(4)
    size = len(payload)
    head = bytes([0x81, 0x80 | size]) if size < 126 else bytes([0x81, 0x80 | 126]) + size.to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def test_a_spectator_that_stops_reading_is_closed(server_factory: Callable[..., ServerProcess]) -> None:
    busy = server_factory("busy.sqlite3", extra=("--stall-seconds", "1"))
    made = busy.create(players=10, bots={s: "random" for s in range(10)}, sit=None, options={"hands_to_win": 30})
    table = made["table"]["id"]
    sock = raw_websocket(busy)
    sock.sendall(text_frame(json.dumps({"type": "hello", "table": table})))
    info = f"{busy.base}/api/tables/{table}"
    deadline = time.monotonic() + 10
    while httpx.get(info).json()["spectators"] != 1:
        assert time.monotonic() < deadline, "the spectator never arrived"
        time.sleep(0.05)
    deadline = time.monotonic() + 60  # then it reads nothing while the table plays on
    while httpx.get(info).json()["spectators"] != 0:
        assert time.monotonic() < deadline, "a spectator that stopped reading is still attached"
        assert not httpx.get(info).json()["match_over"], "the match ended before the buffers filled"
        time.sleep(0.2)
    # ... and the server closes its socket (the websocket layer aborts it when even the
    # close frame cannot be sent), though the client still reads nothing.
    mine = sock.getsockname()[1]
    deadline = time.monotonic() + 60
    try:
        while server_side_established(busy.port, mine):
            assert time.monotonic() < deadline, "the server never closed the socket"
            time.sleep(0.5)
    finally:
        sock.close()
    assert httpx.get(busy.base + "/api/games").status_code == 200


def server_side_established(server_port: int, client_port: int) -> bool:
    """Whether the server's end of the connection from `client_port` is still open
    (ESTABLISHED in /proc/net/tcp): read by the kernel, so the test need not read."""
    for line in open("/proc/net/tcp").read().splitlines()[1:]:
        fields = line.split()
        local, remote, state = fields[1], fields[2], fields[3]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) == client_port:
            return state == "01"
    return False
