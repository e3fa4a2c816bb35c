"""Replay work, kept from crowding out play and from one client crowding out another.

A replay page is CPU work (every action applied, the page's frames observed), so it is
done on a thread of its own, one page at a time, never on the event loop or on the
threads that bots think on. Each client address may have `per_address` pages asked for
and not yet answered; more are refused (`rate_limited`), and pages wait in one line per
address, served in turn: the address served longest ago goes next, so one address's many
pages cannot keep another's single page waiting behind them. Work whose client has gone,
or that is still waiting when the server stops, is dropped: a page being built stops at
its next action. Answers are kept in a small cache (by bytes), keyed by what they were
built from, so a table watched by many is replayed once per action.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import threading
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from parlour.server.tables import TableError

PER_ADDRESS = 2  # replay pages one client address may have waiting or being built
WAITING = 64  # replay pages waiting or being built, from every address together
CACHE_BYTES = 32 * 1024 * 1024  # bytes of compressed replay pages kept for the next viewer

Work = Callable[[Callable[[], None]], bytes]
"""A page's work: called with a `check` to call often, which raises GivenUp once the
page is no longer wanted."""


class GivenUp(Exception):
    """Raised by a job's `check` once its client has gone or the server is stopping."""


@dataclass(eq=False)
class Job:
    work: Work
    address: str
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[bytes]
    state: str = "waiting"  # waiting, running or done
    given_up: bool = False


class ReplayDesk:
    """The replay line and its cache (see the module's doc)."""

    def __init__(self, per_address: int = PER_ADDRESS, waiting: int = WAITING, cache_bytes: int = CACHE_BYTES) -> None:
        self.per_address = per_address
        self.waiting = waiting
        self.cache_bytes = cache_bytes
        self.cache: OrderedDict[Hashable, bytes] = OrderedDict()
        self.cached_bytes = 0
        self.lines: dict[str, deque[Job]] = {}
        self.asked: dict[str, int] = {}  # address -> its pages waiting or being built
        self.served: dict[str, int] = {}  # address -> when (a count) it last had a page begun
        self.turns = itertools.count(1)
        self.stopping = False
        self.given_up = 0  # jobs dropped because nobody wanted them any more
        self.cond = threading.Condition()
        self.thread: threading.Thread | None = None

    # --- the cache ------------------------------------------------------------------------
    def cached(self, key: Hashable) -> bytes | None:
        body = self.cache.get(key)
        if body is not None:
            self.cache.move_to_end(key)
        return body

    def keep(self, key: Hashable, body: bytes) -> None:
        if len(body) > self.cache_bytes // 4 or key in self.cache:
            return
        self.cache[key] = body
        self.cached_bytes += len(body)
        while self.cached_bytes > self.cache_bytes:
            _key, old = self.cache.popitem(last=False)
            self.cached_bytes -= len(old)

    # --- the line -------------------------------------------------------------------------
    async def run(self, address: str, work: Work) -> bytes:
        """The page `work` builds, once its turn comes; TableError `rate_limited` when the
        address has its share waiting already, `busy` when the line is full, and
        `shutting_down` when the server stops first. Cancelling the caller (its client
        gone) drops the job, or stops it at its next action."""
        loop = asyncio.get_running_loop()
        with self.cond:
            if self.stopping:
                raise TableError("shutting_down", "the server is stopping; ask again in a moment")
            if self.asked.get(address, 0) >= self.per_address:
                raise TableError(
                    "rate_limited", f"at most {self.per_address} replays at a time from one address; wait for yours"
                )
            if sum(self.asked.values()) >= self.waiting:
                raise TableError("busy", "too many replays are being worked out; ask again in a few seconds")
            job = Job(work, address, loop, loop.create_future())
            self.lines.setdefault(address, deque()).append(job)
            self.asked[address] = self.asked.get(address, 0) + 1
            if self.thread is None:
                self.thread = threading.Thread(target=self._serve, name="parlour-replays", daemon=True)
                self.thread.start()
            self.cond.notify()
        try:
            return await job.future
        finally:
            self._give_up(job)

    def _give_up(self, job: Job) -> None:
        with self.cond:
            if job.state == "done":
                return
            job.given_up = True
            if job.state == "waiting":
                self.lines[job.address].remove(job)
                if not self.lines[job.address]:
                    del self.lines[job.address]
                self._release(job)
            self.given_up += 1

    def _release(self, job: Job) -> None:
        job.state = "done"
        self.asked[job.address] -= 1
        if not self.asked[job.address]:
            del self.asked[job.address]

    def _next(self) -> Job | None:
        """The next job (the address served longest ago first), or None once stopping."""
        with self.cond:
            while not self.lines and not self.stopping:
                self.cond.wait()
            if self.stopping:
                return None
            address = min(self.lines, key=lambda a: self.served.get(a, 0))
            line = self.lines[address]
            job = line.popleft()
            if not line:
                del self.lines[address]
            self.served[address] = next(self.turns)
            if len(self.served) > 10_000:
                self.served = {a: t for a, t in self.served.items() if a in self.lines}
            job.state = "running"
            return job

    def _serve(self) -> None:
        while (job := self._next()) is not None:
            def check(job: Job = job) -> None:
                if job.given_up or self.stopping:
                    raise GivenUp
            outcome: tuple[bytes | None, BaseException | None]
            try:
                outcome = (job.work(check), None)
            except BaseException as exc:  # handed to the request that waits for it
                outcome = (None, exc)
            with self.cond:
                self._release(job)
            with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                job.loop.call_soon_threadsafe(_settle, job.future, outcome)

    def stop(self) -> None:
        """Stop at once: every waiting page is answered `shutting_down`, the one being
        built stops at its next action. Called on the event loop's thread."""
        with self.cond:
            self.stopping = True
            for line in self.lines.values():
                for job in line:
                    self._release(job)
                    _settle(job.future, (None, TableError("shutting_down", "the server is stopping; ask again in a moment")))
            self.lines.clear()
            self.cond.notify_all()


def _settle(future: asyncio.Future[bytes], outcome: tuple[bytes | None, BaseException | None]) -> None:
    if future.done():
        return
    body, exc = outcome
    if exc is not None:
        future.set_exception(exc)
    else:
        assert body is not None
        future.set_result(body)
