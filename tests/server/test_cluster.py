"""One parlour on several processes: two workers on one PostgreSQL behind HAProxy.

Tables are played through the proxy by bots and by websocket clients that reconnect as
the page does; workers are killed (SIGKILL) and started again, or stopped and started in
turn, during play. Every table must finish, its stored record replaying to every state
its clients were shown, and no acknowledged action, chat line or seat change may be lost
(counted). The lease race is forced with two table managers in one process: exactly one
of them stores an action at each index, and the other lets go of the table.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
import psycopg
import pytest
from serverkit import Client, ServerProcess, free_port
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from parlour.record import apply_entry, start_of
from parlour.replay import seat_names
from parlour.server.pgcluster import Cluster
from parlour.server.proxy import find_haproxy, running_proxy
from parlour.server.room import Presence, Room, TableError
from parlour.server.settings import Settings
from parlour.server.storage import Storage
from parlour.server.tables import Table, TableManager

LEASE = 2.0  # seconds: a dead worker's tables move after this
BOT_DELAY = 0.05
TAKEOVER = 10.0  # seconds within which a dead worker's tables must be held by another
QUICK = {"hands_to_win": 1}


@pytest.fixture
def haproxy() -> str:
    found = find_haproxy()
    if found is None:
        if os.environ.get("PARLOUR_REQUIRE_POSTGRES"):
            pytest.fail("haproxy is required here (Debian: apt-get install haproxy)")
        pytest.skip("haproxy is not installed")
    return found


# --- the lease race, forced ----------------------------------------------------------------

def test_two_managers_race_to_store_at_one_table(pg_cluster: Cluster) -> None:
    """Two managers each believe they hold a table: at every index exactly one action is
    stored, the holder's; the other is refused (`moved`) and lets go of the table. The
    lease then passes to the other (expired, taken over), and the race is run again."""
    url = pg_cluster.database(f"race_{os.getpid()}")

    async def race() -> None:
        managers = [TableManager(Storage(url), Settings(worker=name, lease_seconds=0.3, bot_delay=0.0))
                    for name in ("east", "west")]
        try:
            table, _, _ = await managers[0].create({"game": "ribs", "players": 4, "sit": None, "options": QUICK,
                                                    "seats": [{}, {}, {}, {}], "start": True})
            table_id = table.id
            holder, other = managers
            outcomes = []
            for _ in range(6):
                held = await holder.get(table_id)
                stale = Table(other, await other.db(other.storage.load_one, table_id))
                other.tables[table_id] = stale  # believes it holds the table: the lease says not
                version = held.version
                seat = held.state.to_act()
                text = held.observe(seat)["legal_actions"][0]
                if len(outcomes) % 2:  # the stale one alone first: nobody else appends at this index yet
                    with pytest.raises(TableError) as refused:
                        await stale.act(seat, text, version)
                    results: list[Any] = [None, refused.value]
                    await held.act(seat, text, version)
                else:
                    results = list(await asyncio.gather(held.act(seat, text, version), stale.act(seat, text, version),
                                                        return_exceptions=True))
                assert results[0] is None, results
                assert isinstance(results[1], TableError) and results[1].code == "moved", results
                assert table_id not in other.tables and stale.moved  # the loser let go
                outcomes.append(held.version)
                again = Table(other, await other.db(other.storage.load_one, table_id))
                other.tables[table_id] = again
                async with again.lock:
                    with pytest.raises(TableError) as late:  # nor may it store an event there
                        await again.record_event("chat", {"text": "late", "name": "x"})
                assert late.value.code == "moved" and table_id not in other.tables
                # The holder stalls; its lease expires and the other takes the table over.
                await asyncio.sleep(0.4)
                taken = await other.get(table_id)
                assert taken is not held and taken.version == held.version
                holder.lost(held)  # it learns so at its next renewal
                holder, other = other, holder
            stored = await holder.db(holder.storage.load_one, table_id)
            assert len(stored.actions) == 6 == outcomes[-1]
            assert stored.events == [e for e in stored.events if e[1].get("text") != "late"]
        finally:
            for manager in managers:
                manager.close()

    asyncio.run(race())


# --- two workers behind the proxy ------------------------------------------------------------

def fixed_port() -> int:
    """A free port below the range the kernel hands out to outgoing connections, so
    that a worker started again finds its port still free."""
    low, _high = (int(n) for n in Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split())
    for _ in range(1000):
        port = random.randrange(max(1024, low - 12000), low)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    return free_port()


class Player:
    """A websocket client of one table through the proxy, which reconnects (as the page
    does) when its connection closes, plays its seat (if any) with the first legal move,
    and says a chat line after some of its moves. Everything it was shown is kept."""

    def __init__(self, proxy: int, table: str, token: str | None = None, seat: int | None = None,
                 name: str = "", chats: int = 0) -> None:
        self.url = f"ws://127.0.0.1:{proxy}/ws?table={table}"
        self.table, self.token, self.seat, self.name = table, token, seat, name
        self.chats = chats  # chat lines still to say
        self.clients: list[Client] = []
        self.acted_at: int | None = None
        self.sent: list[tuple[int, str]] = []  # (index, action) sent
        self.said: list[str] = []
        self.reconnects = -1
        self.connect()

    @property
    def client(self) -> Client:
        return self.clients[-1]

    def connect(self) -> None:
        deadline = time.monotonic() + 60
        while True:
            try:
                client = Client(SimpleNamespace(ws_url=self.url))  # type: ignore[arg-type]
            except (OSError, InvalidHandshake, TimeoutError):
                client = None
            if client is not None:
                try:
                    answer = client.hello(self.table, self.token)
                    if answer.get("type") == "state":
                        self.clients.append(client)
                        self.reconnects += 1
                        self.acted_at = None
                        return
                except (ConnectionClosed, TimeoutError, OSError):
                    pass
                client.close()
            assert time.monotonic() < deadline, f"table {self.table}: could not reconnect"
            time.sleep(0.2)

    def states(self) -> list[dict[str, Any]]:
        return [m for c in self.clients for m in c.messages if m["type"] == "state"]

    def heard(self) -> list[dict[str, Any]]:
        return [m for c in self.clients for m in c.messages]

    @property
    def state(self) -> dict[str, Any]:
        state = self.client.state
        assert state is not None
        return state

    @property
    def over(self) -> bool:
        observation = self.state.get("observation")
        return bool(observation and observation["match_over"])

    def pump(self, seconds: float = 0.02) -> None:
        """Read what came (a closed connection: connect again), and play if it is our turn."""
        try:
            while True:
                message = self.client.recv(seconds)
                if message["type"] == "error" and message.get("in_reply_to") == "act":
                    self.acted_at = None
        except TimeoutError:
            pass
        except (ConnectionClosed, OSError):
            self.connect()
            return
        state = self.client.state
        observation = state.get("observation") if state else None
        if self.seat is None or not observation or observation["match_over"] or observation["to_act"] != self.seat:
            return
        if self.acted_at == state["version"] or self.client.behind:
            return
        self.acted_at = state["version"]
        text = observation["legal_actions"][0]
        try:
            self.client.act(text)
            self.sent.append((state["version"], text))
            if self.chats > 0:
                self.chats -= 1
                line = f"{self.name} at {state['version']}"
                self.client.send({"type": "chat", "text": line})
                self.said.append(line)
        except (ConnectionClosed, OSError):
            self.connect()


class Parlour:
    """PostgreSQL's database, two workers on fixed ports and HAProxy in front of them."""

    def __init__(self, url: str, folder: Path, bot_delay: float = BOT_DELAY) -> None:
        self.url = url
        self.workers = {
            name: ServerProcess(folder / f"{name}.sqlite3", bot_delay=bot_delay, db_url=url, port=fixed_port(),
                                extra=("--worker-name", name, "--lease-seconds", str(LEASE),
                                       "--forwarded-allow-ips", "127.0.0.1"))
            for name in ("ann", "bea")
        }
        self.proxy = free_port()
        self.players: list[Player] = []
        self.tables: list[str] = []
        self.joined: list[tuple[str, int, str]] = []  # seat changes acknowledged: (table, seat, name)
        self.starting: list[threading.Thread] = []

    def start(self, name: str) -> None:
        """Start a worker in the background (a start takes seconds): play goes on meanwhile.
        A worker that exits as it starts is started again, as its supervisor would, up to
        three times; what it said is printed."""
        worker = self.workers[name]

        def supervise() -> None:
            for attempt in range(3):
                try:
                    worker.start()
                    return
                except RuntimeError as failed:
                    print(f"worker {name} did not start (attempt {attempt + 1}): {failed}", file=sys.stderr)
                    if attempt == 2:
                        raise
                    time.sleep(1)

        thread = threading.Thread(target=supervise)
        thread.start()
        self.starting.append(thread)

    def started(self) -> None:
        """Play on until the workers being started are up."""
        self.play(lambda: not any(thread.is_alive() for thread in self.starting), seconds=150)
        self.starting.clear()
        assert all(w.proc is not None and w.proc.poll() is None for w in self.workers.values())

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.proxy}"

    def post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        response = httpx.post(self.base + path, json=body, timeout=30)
        assert response.status_code == 200, response.text
        return dict(response.json())

    def bot_table(self, hands: int = 1) -> None:
        made = self.post("/api/tables", {"game": "ribs", "players": 4, "options": {"hands_to_win": hands}, "sit": None,
                                         "seats": [{"bot": "random"}] * 4})
        table = made["table"]["id"]
        self.tables.append(table)
        self.players.append(Player(self.proxy, table))  # a spectator

    def people_table(self, open_seat: bool = False) -> str:
        seats = [{}, {"bot": "random"}, {} if open_seat else {"bot": "random"}, {"bot": "random"}]
        made = self.post("/api/tables", {"game": "ribs", "players": 4, "options": QUICK, "seats": seats,
                                         "start": True, "name": "Cleo"})
        table = made["table"]["id"]
        self.tables.append(table)
        self.players.append(Player(self.proxy, table, made["token"], made["seat"], "Cleo", chats=40))
        return table

    def join(self, table: str, name: str) -> None:
        made = self.post(f"/api/tables/{table}/join", {"name": name})
        self.joined.append((table, made["seat"], name))
        self.players.append(Player(self.proxy, table, made["token"], made["seat"], name, chats=40))

    def holders(self) -> dict[str, str]:
        with psycopg.connect(self.url.replace("+psycopg", "")) as conn:
            return dict(conn.execute("SELECT table_id, owner FROM parlour_leases").fetchall())

    def live(self) -> list[str]:
        """The tables not finished yet, as their clients last saw them."""
        latest: dict[str, bool] = {}
        for player in self.players:
            latest[player.table] = latest.get(player.table, False) or player.over
        return [table for table, over in latest.items() if not over]

    def versions(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for player in self.players:
            out[player.table] = max(out.get(player.table, 0), player.state["version"])
        return out

    def play(self, until: Any, seconds: float = 90) -> None:
        deadline = time.monotonic() + seconds
        while not until():
            assert time.monotonic() < deadline, f"the tables stalled at {self.versions()}"
            for player in self.players:
                player.pump()

    def advance(self, by: int) -> None:
        """Play on until each table not finished has moved `by` actions (or finished)."""
        start = self.versions()
        self.play(lambda: all(self.versions()[t] >= start[t] + by or t not in self.live() for t in start))

    def takeover(self, dead: str) -> float:
        """Play on until no table is held by `dead`; the seconds it took."""
        began = time.monotonic()
        self.play(lambda: dead not in self.holders().values(), seconds=60)
        return time.monotonic() - began

    def busiest(self) -> str:
        held = list(self.holders().values())
        return max(self.workers, key=held.count)

    def check(self) -> dict[str, int]:
        """Every table's stored record replays to every state its clients were shown;
        returns what was lost (must be none)."""
        lost = {"actions": 0, "chat": 0, "seats": 0}
        storage = Storage(self.url)
        try:
            for table in self.tables:
                stored = storage.load_one(table)
                assert stored is not None
                record = stored.record()
                players = [p for p in self.players if p.table == table]
                shown = [(m["version"], p.seat, m) for p in players for m in p.states() if m.get("observation")]
                state = start_of(record)
                by_version: dict[int, list[tuple[int | None, dict[str, Any]]]] = {}
                for version, seat, message in shown:
                    by_version.setdefault(version, []).append((seat, message))
                for index in range(len(record["actions"]) + 1):
                    for seat, message in by_version.pop(index, []):
                        names = seat_names(message["seats"])
                        assert message["observation"] == state.observation(seat, names=names), (table, index)
                    if index < len(record["actions"]):
                        apply_entry(state, record["actions"][index], index)
                assert not by_version, f"states shown past the stored record of {table}: {sorted(by_version)}"
                assert state.is_over()
                stored_chat = {data.get("text") for kind, data, _ in stored.events if kind == "chat"}
                for player in players:
                    acknowledged = [(v, t) for v, t in player.sent if any(
                        s["version"] > v for s in player.states())]
                    lost["actions"] += sum(1 for v, t in acknowledged if record["actions"][v] != [player.seat, t])
                    echoed = {m.get("text") for m in player.heard() if m["type"] == "chat"}
                    lost["chat"] += sum(1 for line in player.said if line in echoed and line not in stored_chat)
                seats = Room(stored, time.time()).seat_info(Presence(frozenset(), 0, time.time()))
                for joined_table, seat, name in self.joined:
                    if joined_table == table and seats[seat].get("name") != name:
                        lost["seats"] += 1
        finally:
            storage.close()
        return lost

    def __enter__(self) -> Parlour:
        for name in self.workers:
            self.start(name)
        for thread in self.starting:
            thread.join()
        self.starting.clear()
        self._proxy = running_proxy(self.proxy, [("127.0.0.1", w.port) for w in self.workers.values()])
        self._proxy.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        for thread in self.starting:
            thread.join()
        for player in self.players:
            for client in player.clients:
                client.close()
        self._proxy.__exit__(None, None, None)
        for worker in self.workers.values():
            worker.stop()


def test_killed_workers_lose_nothing(pg_cluster: Cluster, haproxy: str, tmp_path: Path) -> None:
    """Kill the busier worker, start it again, kill the other: the tables go on, each is
    held by the survivor within TAKEOVER seconds, and nothing acknowledged is lost."""
    with Parlour(pg_cluster.database(f"kills_{os.getpid()}"), tmp_path, bot_delay=0.15) as parlour:
        for _ in range(3):
            parlour.bot_table(hands=2)
        parlour.people_table()
        waiting = parlour.people_table(open_seat=True)  # seat 2 waits for someone to take it
        parlour.play(lambda: all(v >= 3 for t, v in parlour.versions().items() if t != waiting))
        takeovers = []
        first = parlour.busiest()
        assert parlour.live()
        parlour.workers[first].kill()
        takeovers.append(parlour.takeover(first))
        parlour.join(waiting, "Dot")  # a seat taken while its worker is gone
        parlour.start(first)
        parlour.advance(4)
        parlour.started()
        second = next(name for name in parlour.workers if name != first)
        assert parlour.live()
        parlour.workers[second].kill()
        takeovers.append(parlour.takeover(second))
        parlour.play(lambda: not parlour.live())
        lost = parlour.check()
        print(f"takeovers {[round(t, 1) for t in takeovers]} s, "
              f"reconnects {sum(p.reconnects for p in parlour.players)}, lost {lost}")
        assert lost == {"actions": 0, "chat": 0, "seats": 0}
        assert all(t < TAKEOVER for t in takeovers), takeovers
        assert sum(p.reconnects for p in parlour.players) > 0  # the kills were felt
        chat = [p for p in parlour.players if p.said]
        assert chat and all(p.sent for p in chat)


def test_rolling_restart_loses_nothing(pg_cluster: Cluster, haproxy: str, tmp_path: Path) -> None:
    """Stop one worker (SIGTERM), start it again, then the other: no table stalls, and
    nothing acknowledged is lost."""
    with Parlour(pg_cluster.database(f"rolling_{os.getpid()}"), tmp_path, bot_delay=0.2) as parlour:
        for _ in range(2):
            parlour.bot_table(hands=2)
        parlour.people_table()
        parlour.play(lambda: all(v >= 3 for v in parlour.versions().values()))
        for name, worker in parlour.workers.items():
            assert parlour.live()  # the restart is felt
            worker.stop()
            parlour.takeover(name)
            parlour.start(name)
            parlour.advance(3)
            parlour.started()
        parlour.play(lambda: not parlour.live())
        assert parlour.check() == {"actions": 0, "chat": 0, "seats": 0}


def test_serve_workers_needs_postgresql(tmp_path: Path) -> None:
    from parlour.server.serve import main

    assert main(["--workers", "2", "--db", f"sqlite:///{tmp_path}/x.sqlite3", "--port", str(free_port())]) == 2
    assert main(["--worker-name", "w1", "--port", str(free_port())]) == 2


def test_serve_workers_behind_the_proxy(pg_cluster: Cluster, haproxy: str, tmp_path: Path) -> None:
    """`parlour serve --workers 2`: the lobby answers through the proxy, a table made by
    one worker is played through the proxy by whichever holds it, each worker's lobby
    hears of the other's tables, and a worker that dies is started again."""
    import subprocess
    import sys

    port = free_port()
    while any(_taken(p) for p in (port + 1, port + 2)):
        port = free_port()
    url = pg_cluster.database(f"serve_{os.getpid()}")
    proc = subprocess.Popen([sys.executable, "-m", "parlour.server.serve", "--port", str(port), "--workers", "2",
                             "--db", url, "--bot-delay", "0", "--lease-seconds", str(LEASE)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tmp_path)
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            try:
                if all(httpx.get(f"http://127.0.0.1:{p}/healthz", timeout=1).status_code == 200
                       for p in (port + 1, port + 2)) and httpx.get(base + "/api/games", timeout=2).is_success:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the workers did not start"
            time.sleep(0.2)
        made = [httpx.post(base + "/api/tables", json={"game": "ribs", "players": 4, "name": "Eve", "options": QUICK,
                                                       "seats": [{}, *[{"bot": "random"}] * 3]}, timeout=30).json()
                for _ in range(2)]
        for entry in made:
            table = entry["table"]["id"]
            eve = Player(port, table, entry["token"], entry["seat"], "Eve")
            for _ in range(200):
                eve.pump()
                if eve.state["version"] >= 5:
                    break
            assert eve.state["version"] >= 5
            eve.client.close()
        listed = {t["id"] for t in httpx.get(base + "/api/tables", timeout=10).json()["tables"]}
        assert {entry["table"]["id"] for entry in made} <= listed  # every worker's tables, whichever answers
        # A table made on one worker is in the other's lobby too, once its NOTIFY comes.
        lobbies = [f"http://127.0.0.1:{p}/api/tables" for p in (port + 1, port + 2)]
        for lobby in lobbies:
            httpx.get(lobby, timeout=10)  # each has read the others' tables once
        new = httpx.post(lobbies[0], json={"game": "ribs", "players": 4, "name": "Fay"}, timeout=30).json()
        deadline = time.monotonic() + 20
        while new["table"]["id"] not in {t["id"] for t in httpx.get(lobbies[1], timeout=10).json()["tables"]}:
            assert time.monotonic() < deadline, "the other worker's lobby never heard of the new table"
            time.sleep(0.1)
        # A worker that dies is started again by the supervisor.
        health = f"http://127.0.0.1:{port + 1}/healthz"
        dead = httpx.get(health, timeout=10).json()["pid"]
        os.kill(dead, signal.SIGKILL)
        deadline = time.monotonic() + 120
        while True:
            try:
                if httpx.get(health, timeout=2).json()["pid"] != dead:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the supervisor did not start the worker again"
            time.sleep(0.2)
    finally:
        proc.terminate()
        proc.wait(60)


def _taken(port: int) -> bool:
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def test_the_proxy_configuration(tmp_path: Path) -> None:
    """What the proxy must do, read from its configuration (and checked by haproxy
    itself where it is installed): the hash on the table id, the health checks, the
    timeouts of long-lived sockets."""
    import subprocess

    from parlour.server.proxy import haproxy_config

    config = haproxy_config(8000, [("127.0.0.1", 8001), ("10.0.0.2", 8001)])
    for line in ("bind 127.0.0.1:8000", "url_param(table)", "path,field(4,/)", "balance hash var(txn.table)",
                 "hash-type consistent", "option httpchk GET /healthz", "timeout tunnel 1h", "timeout client 30s",
                 "timeout server 30s", "timeout connect 5s", "balance roundrobin",
                 "server w1 127.0.0.1:8001 check inter 1s fall 2 rise 2",
                 "server w2 10.0.0.2:8001 check inter 1s fall 2 rise 2"):
        assert line in config, line
    program = find_haproxy()
    if program is not None:
        path = tmp_path / "haproxy.cfg"
        path.write_text(config)
        checked = subprocess.run([program, "-c", "-q", "-f", str(path)], capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
