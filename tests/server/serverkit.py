"""A real server process on 127.0.0.1 with a free port, and websocket clients to talk to it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from parlour.record import apply_entry, start_of
from parlour.server.delta import following
from parlour.server.storage import Storage

ROOT = Path(__file__).resolve().parents[2]
# A server starts in about a second; on two cores shared with other work it has taken over 30.
START_SECONDS = 120


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`python -m parlour.server.serve` in a subprocess, on its own port and database."""

    def __init__(self, db_path: Path, bot_delay: float = 0.0, rate: float = 20.0, db_url: str | None = None,
                 lobby_rate: float = 1000.0, evict_after: float = 300.0, extra: tuple[str, ...] = (),
                 port: int = 0) -> None:
        self.extra = extra  # more `parlour serve` options, e.g. ("--allow-any-bot",)
        self.fixed_port = port  # started again on the same port (behind a proxy), else a free one each time
        self.rate = rate
        self.evict_after = evict_after
        self.lobby_rate = lobby_rate
        self.db_path = db_path
        self.db_url = db_url or f"sqlite:///{db_path}"
        self.bot_delay = bot_delay
        self.port = 0
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ServerProcess:
        self.port = self.fixed_port or free_port()
        log = open(self.db_path.with_suffix(f".{self.port}.log"), "ab")  # noqa: SIM115
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "parlour.server.serve", "--host", "127.0.0.1", "--port", str(self.port),
             "--db", self.db_url, "--bot-delay", str(self.bot_delay), "--rate", str(self.rate),
             "--lobby-rate", str(self.lobby_rate), "--evict-after", str(self.evict_after),
             # Every test's tables come from 127.0.0.1: the per-address allowance is tested on its own.
             "--tables-per-address", "100000", "--search-tables-per-address", "100000", *self.extra],
            stdout=log, stderr=subprocess.STDOUT, cwd=self.db_path.parent,
        )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                said = self.log_text.strip().splitlines()[-12:]
                raise RuntimeError(f"the server exited with {self.proc.returncode}; its log ends:\n" + "\n".join(said))
            try:
                if httpx.get(self.base + "/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        self.stop()  # not left running after the test gives up on it
        raise RuntimeError(f"the server did not start in {START_SECONDS} s")

    @property
    def log_text(self) -> str:
        """What the server printed so far (its log file)."""
        return self.db_path.with_suffix(f".{self.port}.log").read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as in a crash."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    # --- lobby over HTTP -----------------------------------------------------------------
    def create(self, game: str = "ribs", players: int = 4, bots: dict[int, str] | None = None,
               start: bool = True, **extra: Any) -> dict[str, Any]:
        """A table; `start=False` makes a waiting room of one with open seats (the lobby's
        way), the default deals at once and leaves open seats for people to take."""
        bots = bots or {}
        seats = [{"bot": bots[s]} if s in bots else {} for s in range(players)]
        body = {"game": game, "players": players, "seats": seats, "start": start, **extra}
        response = httpx.post(self.base + "/api/tables", json=body, timeout=10)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def join(self, table: str, seat: int | None = None, name: str = "") -> dict[str, Any]:
        response = httpx.post(f"{self.base}/api/tables/{table}/join", json={"seat": seat, "name": name}, timeout=10)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def record(self, table: str) -> dict[str, Any]:
        """The table's record, read from its database (the test's view of the truth)."""
        storage = Storage(self.db_url)
        try:
            return next(t for t in storage.load_all() if t.id == table).record()
        finally:
            storage.close()


class Pace:
    """The client's half of the server's per-connection token bucket (`--rate`, twice that
    in a burst), held to four fifths of the rate and half the burst: every message sent is
    counted, and an action waits for a token. A test that plays a hand at machine speed
    (two people answering each other's moves) stays within the limit, and a refused
    action does not leave it waiting for a state that never comes; the margin covers
    messages the server reads later than they were sent, some of them bunched."""

    def __init__(self, rate: float) -> None:
        self.rate = 0.8 * rate
        self.burst = rate
        self.tokens = self.burst
        self.stamp = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def spend(self) -> None:
        self._refill()
        self.tokens -= 1

    def wait(self) -> None:
        self._refill()
        if self.tokens < 1:
            time.sleep((1 - self.tokens) / self.rate)


class Client:
    """A websocket client that keeps every message it receives.

    It takes deltas, as the page does (`full=True`: whole states only, `/ws?full=1`): a
    delta is applied to the last state, and `messages` holds the state it makes, as if the
    server had sent it whole; `wire` holds every message as it came. A delta that does not
    follow the last state (`drop` of them are thrown away unread, as if lost) makes it ask
    for the whole state (`sync`) and wait for it.
    """

    def __init__(self, server: ServerProcess, table: str | None = None, token: str | None = None,
                 full: bool = False) -> None:
        url = server.ws_url + ("?full=1" if full else "")
        self.ws: ClientConnection = connect(url, open_timeout=10, max_size=2**22).__enter__()
        self.messages: list[dict[str, Any]] = []
        self.wire: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.drop = 0
        self.syncs = 0  # whole states asked for
        self.behind = False
        self.pace = Pace(getattr(server, "rate", 20.0))
        if table is not None:
            self.hello(table, token)

    def send(self, message: Any) -> None:
        self.pace.spend()
        self.ws.send(message if isinstance(message, str) else json.dumps(message))

    def recv(self, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(timeout=max(0.0, deadline - time.monotonic())))
            self.wire.append(message)
            if message.get("type") == "delta":
                if self.drop > 0:
                    self.drop -= 1
                    continue
                after = None if self.behind else following(self.state, message)
                if after is None:
                    if not self.behind:
                        self.behind = True
                        self.syncs += 1
                        self.send({"type": "sync"})
                    continue
                message = after
            if message.get("type") == "state":
                self.state = message
                self.behind = False
            self.messages.append(message)
            return dict(message)

    def until(self, pred: Callable[[dict[str, Any]], bool], timeout: float = 20) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message came")
            message = self.recv(left)
            if pred(message):
                return message

    def hello(self, table: str, token: str | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"type": "hello", "table": table}
        if token is not None:
            message["token"] = token
        self.send(message)
        self.until(lambda m: m["type"] in ("welcome", "error"))
        if self.messages[-1]["type"] == "error":
            return self.messages[-1]
        return self.until(lambda m: m["type"] == "state")

    def error(self, message: Any) -> dict[str, Any]:
        """Send `message` and return the error it must draw."""
        self.send(message)
        return self.until(lambda m: m["type"] in ("error", "state"))

    def act(self, text: str, version: int | None = None) -> None:
        assert self.state is not None
        self.pace.wait()
        self.send({"type": "act", "action": text, "version": self.state["version"] if version is None else version})

    def wait_version(self, version: int, timeout: float = 20) -> dict[str, Any]:
        if self.state is not None and self.state["version"] >= version:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["version"] >= version, timeout)

    def wait_turn(self, timeout: float = 20) -> dict[str, Any]:
        """The next state in which this seat is to act (or the match is over)."""
        def mine(m: dict[str, Any]) -> bool:
            obs = m.get("observation") if m.get("type") == "state" else None
            return obs is not None and (obs["to_act"] == m["seat"] or obs["match_over"])
        if self.state is not None and mine(self.state):
            return self.state
        return self.until(mine, timeout)

    def close(self) -> None:
        self.ws.close()


def replay_to(record: dict[str, Any], version: int) -> Any:
    """The engine's state after the first `version` actions of a record."""
    state = start_of(record)
    for index, entry in enumerate(record["actions"][:version]):
        apply_entry(state, entry, index)
    return state
