"""A burst of strong-bot tables must not slow every other table's bots.

Starts `parlour serve` in a subprocess on 127.0.0.1 (a free port, a fresh SQLite database
in a temporary directory, default bot limit, `--bot-delay 0.3`), makes `--quick` Ribs
tables of four normal bots, each watched by a spectator, then asks in one burst for
`--strong` more tables of four strong bots (each watched too), from the same address, and
for `--seconds` seconds counts:

  made        the strong tables the server made (the others were refused, and why)
  quick move  seconds between one action and the next at the normal bots' tables, less
              the bot delay: the wait for a bot thread and the thinking (p50, p90)
  played for  bot moves the server replaced by a random legal move (from its log)

    .venv/bin/python benchmarks/bot_share.py                      # the server's allowance
    .venv/bin/python benchmarks/bot_share.py --server-args "--search-tables-per-address 100"
    .venv/bin/python benchmarks/bot_share.py --strong 0           # the quick tables alone
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


class Share(Clients):
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        super().__init__(args, base)
        self.measuring = False
        self.gaps: list[float] = []
        self.refused: collections.Counter[str] = collections.Counter()
        self.made = 0

    async def watch(self, table: str, timed: bool) -> None:
        async with websockets.connect(self.ws_url, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "hello", "table": table}))
            last: tuple[int, float] | None = None
            while not self.stop:
                try:
                    message = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                except TimeoutError:
                    continue
                if message["type"] != "state":
                    continue
                now = time.perf_counter()
                version = message["version"]
                if timed and self.measuring and last is not None and version == last[0] + 1:
                    self.gaps.append(now - last[1] - self.args.bot_delay)
                last = (version, now)

    async def run(self) -> None:
        def seats(level: str) -> list[dict[str, str]]:
            return [{"level": level}] * 4

        watchers = []
        async with httpx.AsyncClient(base_url=self.base, timeout=30) as http:
            for _ in range(self.args.quick):
                made = (await http.post("/api/tables", json={"game": "ribs", "players": 4, "sit": None,
                                                              "seats": seats("normal"), "options": {"hands_to_win": 30}}))
                watchers.append(asyncio.create_task(self.watch(made.json()["table"]["id"], True)))
            await asyncio.sleep(2.0)
            burst = await asyncio.gather(*[
                http.post("/api/tables", json={"game": "ribs", "players": 4, "sit": None, "seats": seats("strong")})
                for _ in range(self.args.strong)
            ])
        for answer in burst:
            if answer.status_code == 200:
                self.made += 1
                watchers.append(asyncio.create_task(self.watch(answer.json()["table"]["id"], False)))
            else:
                self.refused[answer.json().get("code", str(answer.status_code))] += 1
        await asyncio.sleep(1.0)
        self.measuring = True
        await asyncio.sleep(self.args.seconds)
        self.stop = True
        await asyncio.gather(*watchers, return_exceptions=True)

    def report(self, log: str) -> None:
        refused = ", ".join(f"{k} {v}" for k, v in sorted(self.refused.items())) or "none"
        print(f"{self.args.quick} tables of normal Ribs bots; a burst of {self.args.strong} strong tables asked "
              f"for; {self.args.seconds:g} s measured")
        print(f"made:       {self.made} strong tables (refused: {refused})")
        if self.gaps:
            gaps = sorted(self.gaps)
            p90 = quantile(gaps, 0.9)
            print(f"quick move: p50 {statistics.median(gaps):.2f} s  p90 {p90:.2f} s  ({len(gaps)} moves)")
        print(f"played for: {log.count('playing a legal move')} bot moves replaced by a random legal move")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", type=int, default=2, help="tables of normal bots, whose moves are timed")
    parser.add_argument("--strong", type=int, default=10, help="tables of strong bots asked for in one burst")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--bot-delay", type=float, default=0.3)
    parser.add_argument("--server-args", default="", help="more `parlour serve` options")
    args = parser.parse_args()
    arguments = ["--bot-delay", str(args.bot_delay), "--lobby-rate", "1000", *args.server_args.split()]
    return against_a_logged_server(lambda base: Share(args, base), arguments, "share.sqlite3", args.seconds + 120)


if __name__ == "__main__":
    raise SystemExit(main())
