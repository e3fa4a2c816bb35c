"""What the benchmarks share: random play timed for a while, and a `parlour serve` of
their own on loopback for the load benchmarks to talk to.

A benchmark is run as `.venv/bin/python benchmarks/<name>.py`, which puts this folder on
the path: `from common import random_play`. Benchmarks that compare two loops time them in
alternating slices (`alternate`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

import httpx


@dataclasses.dataclass(frozen=True)
class Played:
    """What a stretch of random play did, and the wall and CPU time it took."""

    hands: int
    actions: int
    matches: int
    elapsed: float
    cpu: float


def random_play(
    game: Any,
    options: Any,
    seconds: float,
    seed: int = 0,
    *,
    first_match: int | None = None,
    push: bool = False,
    whole_matches: bool = True,
) -> Played:
    """Random legal moves (`random.Random(seed).choice` of `legal_actions()`, then `apply`,
    or `push` unchecked), match after match as at the table, for at least `seconds`.

    Match k is dealt with seed `first_match + k` (`seed + k` by default). Nothing reads an
    observation, so what is timed is the rules' path. Play stops at the end of the match
    that passes `seconds`, or with `whole_matches=False` at the end of the hand that does."""
    choice = random.Random(seed).choice
    first = seed if first_match is None else first_match
    hands = actions = matches = 0
    start, cpu = time.perf_counter(), time.process_time()
    while True:
        state = game.new_state(options, first + matches)
        matches += 1
        legal_actions, to_act, hand_over = state.legal_actions, state.to_act, state.hand_over
        play = state.push if push else state.apply
        while to_act() is not None:
            play(choice(legal_actions()))
            actions += 1
            if hand_over():
                hands += 1
                if not whole_matches and time.perf_counter() - start >= seconds:
                    return Played(hands, actions, matches, time.perf_counter() - start, time.process_time() - cpu)
        if whole_matches and time.perf_counter() - start >= seconds:
            return Played(hands, actions, matches, time.perf_counter() - start, time.process_time() - cpu)


@dataclasses.dataclass
class Slices:
    """What one loop of `alternate` did over its slices: units of work (hands, play-outs),
    the time they took, and each slice's rate."""

    done: int = 0
    spent: float = 0.0
    rates: list[float] = dataclasses.field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.done / self.spent


def timed(work: Callable[[], int], seconds: float) -> tuple[int, float]:
    """`work()` again and again until `seconds` have passed: the units it did (the sum of
    what it returns) and the time they took."""
    done = 0
    start = time.perf_counter()
    while True:
        done += work()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done, elapsed


def alternate(loops: dict[str, Callable[[int], Callable[[], int]]], seconds: float, slice_seconds: float = 0.5) -> dict[str, Slices]:
    """Each of `loops` timed in turn, a slice each per round, about `seconds` in all per
    loop: a busy machine slows them alike, so their ratios stand where their rates do not.

    `loops[name](r)` makes round r's work, a call that plays some and says how many units
    it played; it is repeated until the slice is spent. Every other round runs the loops
    in reverse order, so none always goes first (the first to deal a seed pays for what a
    game caches of it)."""
    out = {name: Slices() for name in loops}
    names = list(loops)
    for r in range(max(1, round(seconds / slice_seconds))):
        for name in names if r % 2 == 0 else names[::-1]:
            done, spent = timed(loops[name](r), slice_seconds)
            got = out[name]
            got.done += done
            got.spent += spent
            got.rates.append(done / spent)
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerDidNotStart(RuntimeError):
    """The server exited, or did not answer in time."""


@contextlib.contextmanager
def served(arguments: Sequence[str], *, output: IO[bytes] | int = subprocess.DEVNULL, wait: float = 60.0) -> Iterator[str]:
    """`parlour serve` in a subprocess on 127.0.0.1 at a free port, with `arguments` (its
    database, its limits), its output to `output`: the base URL once it answers, and the
    server stopped on leaving."""
    with served_process(arguments, output=output, wait=wait) as (base, _server):
        yield base


@contextlib.contextmanager
def served_process(arguments: Sequence[str], *, output: IO[bytes] | int = subprocess.DEVNULL,
                   wait: float = 60.0, port: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """`served`, with the server's process too (to read its CPU time: `cpu_seconds`), on
    `port` or else a free one."""
    port = port or free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "parlour.server.serve", "--host", "127.0.0.1", "--port", str(port), *arguments],
        stdout=output, stderr=subprocess.STDOUT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + wait
        while True:
            # 200, not any answer: a proxy in front answers 503 until a worker is up.
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            if time.monotonic() > deadline or server.poll() is not None:
                raise ServerDidNotStart("the server did not start")
            time.sleep(0.1)
        yield base, server
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()


class Clients:
    """The clients of one benchmark: its arguments, the server's addresses, and the flag
    that stops every client. `run` plays them against the server; `report` prints what
    they measured, given the server's log."""

    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args = args
        self.base = base
        self.ws_url = base.replace("http://", "ws://") + "/ws"
        self.stop = False

    async def run(self) -> None:
        raise NotImplementedError

    def report(self, log: str) -> None:
        raise NotImplementedError


def against_a_logged_server(make: Callable[[str], Clients], arguments: Sequence[str], database: str, timeout: float) -> int:
    """Run `make(base)`'s clients (at most `timeout` seconds) against a server of their own
    with a fresh SQLite database named `database` in a temporary directory and more
    `arguments`, then report with the server's log: the exit status of a benchmark (1:
    the server did not start)."""
    with tempfile.TemporaryDirectory() as tmp:
        log_path = Path(tmp) / "server.log"
        try:
            with open(log_path, "wb") as log, served(
                ["--db", f"sqlite:///{Path(tmp) / database}", *arguments], output=log
            ) as base:
                clients = make(base)
                asyncio.run(asyncio.wait_for(clients.run(), timeout))
        except ServerDidNotStart as exc:
            print(exc, file=sys.stderr)
            return 1
        clients.report(log_path.read_text(errors="replace"))
    return 0


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used so far, all its threads, user and system (Linux: /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def quantile(ordered: Sequence[float], q: float) -> float:
    """The value a fraction `q` of the way up `ordered` (sorted), as the reports quote p90, p99."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]
