"""Load on the web parlour: many websocket clients playing bot-speed tables on loopback.

Starts `parlour serve` in a subprocess on 127.0.0.1 (a free port, a fresh database in a
temporary directory: SQLite, or with `--db postgresql` a throwaway PostgreSQL cluster from
Debian's packages, default settings, fsync on; a per-connection rate limit high enough for
bot speed), creates
`--tables` Ribs tables each with `--people` websocket clients and random bots in the other
seats. Bot speed: the server's bots act `--bot-delay` seconds after their turn comes, and
the clients answer after the same delay, as bots would. `--bot-delay 0` plays flat out:
every table asks for the next action at once, the server is saturated, and the figure that
matters is actions/s (the round trip is then mostly the queue of the other tables). A
finished table is replaced by a new one. After `--seconds` it stops by itself and prints:

  tables/s  matches finished per second (with --hands-to-win 1 a match is one hand)
  actions/s actions applied at all tables per second (people's and bots')
  p50/p99   round trip of a person's action: from sending `act` to receiving the state
            that includes it (the database commit is inside this time)
  bytes/action  what the clients of a table receive per action at it (JSON text)
  server CPU/action  the server's processes' CPU time (all threads; every worker's, and
            the proxy's apart) over the measured time, per action
  PostgreSQL (with a PostgreSQL database) transactions committed and rows written per
            action, and the connections the server holds open

`--workers N` (PostgreSQL only) runs `parlour serve --workers N`: N worker processes with
HAProxy in front on the port the clients use; `--workers 1` is one `parlour serve`, no
proxy. `--clients-procs K` splits the clients over K processes (their figures merged), so
the load generator is not one busy event loop itself.

Target on the project's machine: 200 concurrent Ribs tables with p99 under 50 ms.
Measured figures and where one process saturates: docs/capacity.md.
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20 --db postgresql
    .venv/bin/python benchmarks/server_load.py --tables 200 --db postgresql --workers 2 --clients-procs 2
    .venv/bin/python benchmarks/server_load.py --tables 20 --bot-delay 0   # throughput
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import json
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets
from common import Clients, ServerDidNotStart, cpu_seconds, free_port, quantile, served_process

from parlour.server.delta import following


@dataclasses.dataclass
class Measured:
    """What one load process's clients saw over the measured time."""

    actions: int = 0
    finished: int = 0
    received: int = 0
    failures: int = 0
    reconnects: int = 0
    latencies: list[float] = dataclasses.field(default_factory=list)


class Load(Clients):
    """The clients of `share` tables (of `--tables` in all): `part` of `parts` processes
    playing at once, each table opened at its place in the warm-up among all of them, and
    counted from `measure_from` to `measure_until` (wall-clock times, the same for every
    process)."""

    def __init__(self, args: argparse.Namespace, base: str, part: int = 0, parts: int = 1,
                 measure_from: float = 0.0, measure_until: float = 0.0) -> None:
        super().__init__(args, base)
        self.part, self.parts = part, parts
        self.measure_from, self.measure_until = measure_from, measure_until
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = 0
        self.received = 0  # bytes of the messages the clients received
        self.failures = 0  # tables that could not be made or whose socket failed
        self.reconnects = 0  # sockets opened again after their table moved
        self.rng = random.Random(1 + part)
        self.measured = Measured()

    async def new_table(self, http: httpx.AsyncClient) -> tuple[str, list[tuple[int, str]]]:
        players = self.args.players
        people = min(self.args.people, players)
        seats = [{} if s < people else {"bot": "random"} for s in range(players)]
        options = {"hands_to_win": self.args.hands_to_win}
        made = (await http.post("/api/tables", json={"game": "ribs", "players": players, "options": options,
                                                      "seats": seats, "sit": 0})).json()
        table = made["table"]["id"]
        tokens = [(0, made["token"])]
        for seat in range(1, people):
            joined = (await http.post(f"/api/tables/{table}/join", json={"seat": seat})).json()
            tokens.append((seat, joined["token"]))
        return table, tokens

    async def seat(self, table: str, seat: int, token: str, done: asyncio.Event) -> None:
        """One client at its seat until the match ends. A socket closed under it (its table
        moved to another worker, code 1012) is opened again and says `hello` again, as the
        page does; an action sent and not seen applied then is sent again."""
        # The table in the URL is what a proxy in front of several workers routes on.
        url = f"{self.ws_url}?table={table}" + ("&full=1" if self.args.full else "")
        sent_at: float | None = None
        sent_version = -1
        seen = 0
        while True:
            try:
                async with websockets.connect(url, max_size=2**22) as ws:
                    await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
                    last: dict[str, Any] | None = None
                    async for raw in ws:
                        self.received += len(raw)
                        message = json.loads(raw)
                        if message["type"] == "error":
                            print("error:", message, file=sys.stderr)
                            continue
                        if message["type"] == "delta":  # rebuilt as the page does
                            message = following(last, message)
                            if message is None:
                                print("a delta did not follow the last state", file=sys.stderr)
                                await ws.send(json.dumps({"type": "sync"}))
                                continue
                        if message["type"] != "state":
                            continue
                        last = message
                        version = message["version"]
                        if seat == 0 and version > seen:
                            self.actions += version - seen
                            seen = version
                        if sent_at is not None and version > sent_version:
                            self.latencies.append(time.perf_counter() - sent_at)
                            sent_at = None
                        obs = message["observation"]
                        if obs["match_over"] or self.stop:
                            if obs["match_over"] and seat == 0:
                                self.finished += 1
                            done.set()
                            return
                        if obs["to_act"] == seat and sent_version < version:
                            sent_version = version
                            if self.args.bot_delay > 0:  # a person's pace varies around the bots'
                                await asyncio.sleep(self.args.bot_delay * self.rng.uniform(0.5, 1.5))
                            sent_at = time.perf_counter()
                            text = self.rng.choice(obs["legal_actions"])
                            await ws.send(json.dumps({"type": "act", "action": text, "version": version}))
                    return  # closed cleanly by the server: the table is over for this client
            except websockets.ConnectionClosedError as exc:
                if exc.rcvd is None or exc.rcvd.code != 1012 or self.stop:
                    raise
                self.reconnects += 1
                sent_version = -1 if sent_at is not None else sent_version
                await asyncio.sleep(0.1)

    async def table_loop(self, http: httpx.AsyncClient, start_after: float) -> None:
        await asyncio.sleep(start_after)  # tables open over the warm-up, not all at once
        while not self.stop:
            try:
                table, tokens = await self.new_table(http)
                done = asyncio.Event()
                tasks = [asyncio.create_task(self.seat(table, s, t, done)) for s, t in tokens]
                await asyncio.gather(*tasks)
            except (OSError, KeyError, ValueError, httpx.HTTPError, websockets.WebSocketException) as exc:
                self.failures += 1
                if self.failures == 1:  # said once; the count is in the report
                    print(f"a table failed: {exc!r}", file=sys.stderr)
                await asyncio.sleep(1.0)

    async def run(self) -> None:
        tables = range(self.part, self.args.tables, self.parts)
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            loops = [
                asyncio.create_task(self.table_loop(http, self.args.warmup * 0.8 * i / self.args.tables))
                for i in tables
            ]
            await asyncio.sleep(max(0.0, self.measure_from - time.time()))
            self.latencies.clear()
            self.actions = 0
            self.finished = 0
            self.received = 0
            await asyncio.sleep(max(0.0, self.measure_until - time.time()))
            self.measured = Measured(self.actions, self.finished, self.received, self.failures, self.reconnects,
                                     list(self.latencies))
            self.stop = True
            for loop in loops:
                loop.cancel()
            await asyncio.gather(*loops, return_exceptions=True)


def play_part(args: argparse.Namespace, base: str, part: int, parts: int, start: float, end: float,
              out: Any) -> None:
    """One load process: its share of the tables, its figures sent back on `out`."""
    load = Load(args, base, part, parts, start, end)
    try:
        asyncio.run(asyncio.wait_for(load.run(), end - time.time() + 60))
    finally:
        out.put(dataclasses.asdict(load.measured))


def server_processes(root: int) -> dict[int, str]:
    """The server's process and every process under it, by id, with their names (Linux: /proc)."""
    parents: dict[int, list[int]] = {}
    names: dict[int, str] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue
        pid = int(stat.parent.name)
        names[pid] = text[text.index("(") + 1:text.rindex(")")]
        parents.setdefault(int(text.rsplit(")", 1)[1].split()[1]), []).append(pid)
    found, todo = {}, [root]
    while todo:
        pid = todo.pop()
        found[pid] = names.get(pid, "?")
        todo.extend(parents.get(pid, []))
    return found


def cpu_of(pids: dict[int, str]) -> dict[int, float]:
    spent = {}
    for pid in pids:
        with contextlib.suppress(OSError):
            spent[pid] = cpu_seconds(pid)
    return spent


class Database:
    """The database's own counters over the measured time (PostgreSQL only): transactions
    committed and rows written, from pg_stat_database; the write-ahead log's flushes to disk
    (pg_stat_wal: several commits at once share one); and the connections held open."""

    def __init__(self, url: str) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1)
        self.start: tuple[int, int] | None = None

    def counters(self) -> tuple[int, int, int, int]:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute("SELECT pg_stat_clear_snapshot()")
            row = conn.execute(
                "SELECT xact_commit, tup_inserted + tup_updated + tup_deleted FROM pg_stat_database "
                "WHERE datname = current_database()").fetchone()
            held = conn.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                "AND pid <> pg_backend_pid()").fetchone()
            flushes = conn.execute("SELECT wal_sync FROM pg_stat_wal").fetchone()
        assert row is not None and held is not None and flushes is not None
        return int(row[0]), int(row[1]), int(held[0]), int(flushes[0])


def drive(args: argparse.Namespace, base: str, server_pid: int, database: Database | None) -> None:
    """Run the load processes against the server at `base`, measure, and print."""
    parts = args.clients_procs
    start = time.time() + args.warmup + 0.5 * parts  # the processes start first
    end = start + args.seconds
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    procs = [context.Process(target=play_part, args=(args, base, part, parts, start, end, out)) for part in range(parts)]
    for proc in procs:
        proc.start()
    time.sleep(max(0.0, start - time.time()))
    processes = server_processes(server_pid)
    cpu_before = cpu_of(processes)
    db_before = database.counters() if database else None
    time.sleep(max(0.0, end - time.time()))
    cpu_after = cpu_of(processes)
    db_after = database.counters() if database else None
    elapsed = args.seconds
    parts_seen = [Measured(**out.get(timeout=args.seconds + 120)) for _ in procs]
    for proc in procs:
        proc.join(30)
    actions = sum(m.actions for m in parts_seen)
    finished = sum(m.finished for m in parts_seen)
    received = sum(m.received for m in parts_seen)
    lat = sorted(x for m in parts_seen for x in m.latencies)
    print(f"tables: {args.tables} concurrent Ribs tables, {args.players} seats, "
          f"{args.people} websocket client(s) each ({'whole states' if args.full else 'deltas'}), "
          f"bot delay {args.bot_delay:g} s, {elapsed:.1f} s measured, clients in {parts} process(es)")
    print(f"tables/s:  {finished / elapsed:.2f}   ({finished} matches finished)")
    print(f"actions/s: {actions / elapsed:.0f}")
    failures = sum(m.failures for m in parts_seen)
    if failures:
        print(f"failures: {failures} tables could not be made or lost their socket (the first is said above)")
    reconnects = sum(m.reconnects for m in parts_seen)
    if reconnects:
        print(f"reconnects: {reconnects} sockets opened again after their table moved to another worker")
    if actions:
        print(f"bytes/action: {received / actions:.0f}   (received by the {args.people} client(s) of a "
              f"table, JSON text without the websocket framing)")
        spent = {pid: cpu_after[pid] - cpu_before[pid] for pid in cpu_before if pid in cpu_after}
        proxy = sum(cpu for pid, cpu in spent.items() if processes[pid] == "haproxy")
        workers = sum(spent.values()) - proxy
        count = sum(1 for pid in spent if processes[pid] != "haproxy")
        each = ", ".join(f"{cpu:.1f}" for pid, cpu in sorted(spent.items()) if processes[pid] != "haproxy")
        print(f"server CPU/action: {1000 * workers / actions:.2f} ms   (all threads of {count} server "
              f"process(es), {workers:.1f} s in all: {each} s)")
        if proxy:
            print(f"proxy CPU/action:  {1000 * proxy / actions:.2f} ms   (haproxy, {proxy:.1f} s in all)")
        if db_before and db_after:
            commits, rows = db_after[0] - db_before[0], db_after[1] - db_before[1]
            flushes = db_after[3] - db_before[3]
            print(f"PostgreSQL: {commits / actions:.2f} transactions and {rows / actions:.2f} rows written per action "
                  f"({commits / elapsed:.0f} commits/s, {flushes / elapsed:.0f} WAL flushes/s), "
                  f"{db_after[2]} connections held")
    if lat:
        p50 = statistics.median(lat) * 1000
        p99 = quantile(lat, 0.99) * 1000
        print(f"round trip: p50 {p50:.1f} ms  p99 {p99:.1f} ms  ({len(lat)} actions by clients)")
        print(f"target p99 < 50 ms: {'met' if p99 < 50 else 'NOT met'}")


def free_ports(count: int) -> int:
    """A port with the `count` after it free too (the workers of `parlour serve --workers`)."""
    while True:
        port = free_port()
        if port + count < 65536 and all(_free(port + i) for i in range(1, count + 1)):
            return port


def _free(port: int) -> bool:
    import socket

    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@contextlib.contextmanager
def database_url(args: argparse.Namespace, tmp: str) -> Iterator[str]:
    if args.db == "sqlite":
        yield f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
    elif args.db == "postgresql":
        from parlour.server.pgcluster import Cluster

        with Cluster(durable=True) as cluster:
            yield cluster.database("load")
    else:
        yield args.db


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--people", type=int, default=1, help="websocket clients per table (the rest are bots)")
    parser.add_argument("--hands-to-win", type=int, default=1)
    parser.add_argument("--bot-delay", type=float, default=0.7,
                        help="seconds bots and clients wait before acting (0: flat out)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=5.0)
    parser.add_argument("--full", action="store_true",
                        help="clients ask for whole states only (/ws?full=1), not deltas")
    parser.add_argument("--db", default="sqlite",
                        help="sqlite (default), postgresql (a throwaway local cluster), or a SQLAlchemy URL")
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes: 1 (default) is one `parlour serve`; N > 1 is `parlour serve "
                             "--workers N`, HAProxy in front (PostgreSQL only)")
    parser.add_argument("--clients-procs", type=int, default=1, help="processes the clients are split over (default 1)")
    args = parser.parse_args()
    if args.workers < 1 or args.clients_procs < 1:
        parser.error("--workers and --clients-procs are at least 1")
    if args.workers > 1 and (args.db == "sqlite" or args.db.startswith("sqlite")):
        parser.error("several workers share one PostgreSQL database: add --db postgresql")
    with tempfile.TemporaryDirectory() as tmp, database_url(args, tmp) as url:
        print(f"database: {args.db}, {args.workers} worker(s)" + (" behind HAProxy" if args.workers > 1 else ""))
        arguments = ["--db", url, "--bot-delay", str(args.bot_delay), "--rate", "100000", "--lobby-rate", "1000",
                     "--evict-after", "30", "--sockets-per-address", "100000", "--tables-per-address", "100000"]
        port = None
        if args.workers > 1:
            port = free_ports(args.workers)
            arguments = ["--workers", str(args.workers), *arguments]
        try:
            with served_process(arguments, wait=30 * args.workers, port=port) as (base, server):
                database = Database(url) if url.startswith("postgresql") else None
                drive(args, base, server.pid, database)
        except ServerDidNotStart as exc:
            print(exc, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
