"""Hints asked for without pause must not take the bot threads from other tables.

Starts `parlour serve` in a subprocess on 127.0.0.1 (a free port, a fresh SQLite database
in a temporary directory, default bot limit and message rate, `--bot-delay 0.3`), makes
`--tables` Ribs tables of four strong bots, each watched by one spectator that also pings
the server every 0.2 s, and one Yaniv table where a person sits beside a strong bot. Once
it is the person's turn (a real decision: Ribs opens with a forced bid), `--sockets`
websockets of that one seat, all from one address, ask for a `hint` over and over for
`--seconds` seconds (each sends the next as soon as the last is answered, by a hint or an
error, or after a second without an answer), while the bot tables play. It prints:

  bot moves   actions the bot tables made in that time (more is better)
  played for  bot moves the server replaced by a random legal move because the bot's
              thought did not come back in time (from the server's log)
  hints       hints answered, and errors by code (`rate_limited`: refused at once)
  ping        p50/p99 of the watchers' ping round trips

    .venv/bin/python benchmarks/hint_flood.py                      # 40 sockets, 13 s
    .venv/bin/python benchmarks/hint_flood.py --sockets 0          # the same tables, no hints
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import statistics
import time

import httpx
import websockets
from common import Clients, against_a_logged_server, quantile


class Flood(Clients):
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        super().__init__(args, base)
        self.moves: dict[str, tuple[int, int]] = {}  # table -> (version at the start, latest)
        self.pings: list[float] = []
        self.answers: collections.Counter[str] = collections.Counter()

    async def watch(self, table: str, ready: asyncio.Event) -> None:
        async with websockets.connect(self.ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table}))
            sent: float | None = None
            ready.set()
            while not self.stop:
                if sent is None:
                    sent = time.perf_counter()
                    await ws.send(json.dumps({"type": "ping"}))
                try:
                    raw = await asyncio.wait_for(ws.recv(), 0.2)
                except TimeoutError:
                    continue
                message = json.loads(raw)
                if message["type"] == "state":
                    first, _ = self.moves.get(table, (message["version"], 0))
                    self.moves[table] = (first, message["version"])
                elif message["type"] == "pong" and sent is not None:
                    self.pings.append(time.perf_counter() - sent)
                    await asyncio.sleep(max(0.0, 0.2 - (time.perf_counter() - sent)))
                    sent = None

    async def ask(self, table: str, token: str, turn: asyncio.Event) -> None:
        async with websockets.connect(self.ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table, "token": token}))
            while not turn.is_set():
                message = json.loads(await ws.recv())
                if message["type"] == "state" and message["observation"]["to_act"] == message["seat"]:
                    turn.set()
            while not self.stop:
                await ws.send(json.dumps({"type": "hint"}))
                while not self.stop:
                    try:  # a message past the connection's rate limit is dropped unanswered
                        message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    except TimeoutError:
                        break
                    if message["type"] == "hint":
                        self.answers["hint"] += 1
                        break
                    if message["type"] == "error":
                        self.answers[message["code"]] += 1
                        break

    async def run(self) -> None:
        strong = {"bot": "strong"}
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            tables = []
            for _ in range(self.args.tables):
                made = (await http.post("/api/tables", json={"game": "ribs", "players": 4, "sit": None,
                                                              "seats": [strong] * 4})).json()
                tables.append(made["table"]["id"])
            made = (await http.post("/api/tables", json={"game": "yaniv", "players": 2, "seats": [{}, strong]})).json()
            flooded, token = made["table"]["id"], made["token"]
        readies = [asyncio.Event() for _ in tables]
        watchers = [asyncio.create_task(self.watch(t, r)) for t, r in zip(tables, readies, strict=True)]
        for ready in readies:
            await ready.wait()
        await asyncio.sleep(1.0)
        turn = asyncio.Event()
        askers = [asyncio.create_task(self.ask(flooded, token, turn)) for _ in range(self.args.sockets)]
        if askers:
            await turn.wait()
        self.moves = {t: (v, v) for t, (_, v) in self.moves.items()}
        self.pings.clear()
        start = time.perf_counter()
        await asyncio.sleep(self.args.seconds)
        elapsed = time.perf_counter() - start
        self.stop = True
        await asyncio.gather(*watchers, *askers, return_exceptions=True)
        self.elapsed = elapsed

    def report(self, log: str) -> None:
        moves = sum(last - first for first, last in self.moves.values())
        played_for = log.count("playing a legal move")
        print(f"{self.args.tables} tables of 4 strong Ribs bots, {self.args.sockets} sockets of one seat asking "
              f"for hints, {self.elapsed:.1f} s")
        print(f"bot moves:  {moves} at the bot tables ({moves / max(1, self.args.tables):.1f} a table)")
        print(f"played for: {played_for} bot moves replaced by a random legal move (whole server)")
        print("hints:      " + (", ".join(f"{k} {v}" for k, v in sorted(self.answers.items())) or "none asked"))
        if self.pings:
            pings = sorted(self.pings)
            p99 = quantile(pings, 0.99)
            print(f"ping:       p50 {statistics.median(pings) * 1000:.0f} ms  p99 {p99 * 1000:.0f} ms  "
                  f"({len(pings)} pings)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=3, help="tables of strong bots that play meanwhile")
    parser.add_argument("--sockets", type=int, default=40, help="websockets of the one seat asking for hints")
    parser.add_argument("--seconds", type=float, default=13.0)
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--server-args", default="--search-tables-per-address 100",
                        help="more `parlour serve` options (\"\" for a server without that one)")
    args = parser.parse_args()
    arguments = ["--bot-delay", str(args.bot_delay), "--lobby-rate", "1000", *args.server_args.split()]
    return against_a_logged_server(lambda base: Flood(args, base), arguments, "flood.sqlite3", args.seconds + 120)


if __name__ == "__main__":
    raise SystemExit(main())
