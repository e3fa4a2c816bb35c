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
  server CPU/action  the server process's CPU time (all threads) over the measured
            time, per action

Target on the project's machine: 200 concurrent Ribs tables with p99 under 50 ms.
Measured figures and where one process saturates: docs/capacity.md.
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20
    .venv/bin/python benchmarks/server_load.py --tables 200 --seconds 20 --db postgresql
    .venv/bin/python benchmarks/server_load.py --tables 20 --bot-delay 0   # throughput
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets
from common import Clients, ServerDidNotStart, cpu_seconds, quantile, served_process

from parlour.server.delta import following


class Load(Clients):
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        super().__init__(args, base)
        self.latencies: list[float] = []
        self.actions = 0
        self.finished = 0
        self.received = 0  # bytes of the messages the clients received
        self.server_pid: int | None = None
        self.rng = random.Random(1)

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
        url = self.ws_url + ("?full=1" if self.args.full else "")
        async with websockets.connect(url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            sent_at: float | None = None
            sent_version = -1
            seen = 0
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

    async def table_loop(self, http: httpx.AsyncClient, start_after: float) -> None:
        await asyncio.sleep(start_after)  # tables open over the warm-up, not all at once
        while not self.stop:
            table, tokens = await self.new_table(http)
            done = asyncio.Event()
            tasks = [asyncio.create_task(self.seat(table, s, t, done)) for s, t in tokens]
            await asyncio.gather(*tasks)

    async def run(self) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            loops = [
                asyncio.create_task(self.table_loop(http, self.args.warmup * 0.8 * i / self.args.tables))
                for i in range(self.args.tables)
            ]
            await asyncio.sleep(self.args.warmup)
            self.latencies.clear()
            self.actions = 0
            self.finished = 0
            self.received = 0
            cpu = cpu_seconds(self.server_pid) if self.server_pid else None
            start = time.perf_counter()
            await asyncio.sleep(self.args.seconds)
            elapsed = time.perf_counter() - start
            actions, finished, lat, received = self.actions, self.finished, sorted(self.latencies), self.received
            if cpu is not None and self.server_pid:
                cpu = cpu_seconds(self.server_pid) - cpu
            self.stop = True
            for loop in loops:
                loop.cancel()
            await asyncio.gather(*loops, return_exceptions=True)
        print(f"tables: {self.args.tables} concurrent Ribs tables, {self.args.players} seats, "
              f"{self.args.people} websocket client(s) each ({'whole states' if self.args.full else 'deltas'}), "
              f"bot delay {self.args.bot_delay:g} s, {elapsed:.1f} s measured")
        print(f"tables/s:  {finished / elapsed:.2f}   ({finished} matches finished)")
        print(f"actions/s: {actions / elapsed:.0f}")
        if actions:
            print(f"bytes/action: {received / actions:.0f}   (received by the {self.args.people} client(s) of a "
                  f"table, JSON text without the websocket framing)")
            if cpu is not None:
                print(f"server CPU/action: {1000 * cpu / actions:.2f} ms   (all its threads, {cpu:.1f} s in all)")
        if lat:
            p50 = statistics.median(lat) * 1000
            p99 = quantile(lat, 0.99) * 1000
            print(f"round trip: p50 {p50:.1f} ms  p99 {p99:.1f} ms  ({len(lat)} actions by clients)")
            print(f"target p99 < 50 ms: {'met' if p99 < 50 else 'NOT met'}")


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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        if args.db == "sqlite":
            url = f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        elif args.db == "postgresql":
            from parlour.server.pgcluster import Cluster

            url = stack.enter_context(Cluster(durable=True)).database("load")
        else:
            url = args.db
        print(f"database: {args.db}")
        try:
            with served_process(
                ["--db", url, "--bot-delay", str(args.bot_delay), "--rate", "100000", "--lobby-rate", "1000",
                 "--evict-after", "30", "--sockets-per-address", "100000", "--tables-per-address", "100000"],
                wait=30,
            ) as (base, server):
                load = Load(args, base)
                load.server_pid = server.pid
                asyncio.run(asyncio.wait_for(load.run(), args.warmup + args.seconds + 60))
        except ServerDidNotStart as exc:
            print(exc, file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
