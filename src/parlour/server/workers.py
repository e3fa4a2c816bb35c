"""The threads the server thinks in: bots' moves shared fairly among tables, and hints on a
budget of their own.

Bots' CPU is what a card room runs out of first. A thread that thinks for one table is a
thread another table's bot waits for, so the bot threads take the next move from the
table that has had the least of them lately (`BotPool`), and a move that waited in the
queue gets only what is left of its time. Hints never enter that queue: they have their
own thread and a short queue of their own (`HintBudget`), one hint at a time per seat and
a few per address, and a hint beyond that is refused at once rather than queued.
"""

from __future__ import annotations

import heapq
import itertools
import math
import threading
import time
from collections import Counter
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

SHARE_HALF_LIFE = 30.0  # seconds over which a table's use of the bot threads counts half as much


class BotPool:
    """Worker threads for bots' moves, fair among their owners (tables).

    Each job is queued under its owner with the thread-seconds that owner used lately
    (decaying with `SHARE_HALF_LIFE`), and a free thread takes the job of the owner that
    used least: a table whose bots think in milliseconds is not kept waiting behind tables
    whose searches take every second they may. Jobs of one owner run in the order given.
    `submit` returns a `concurrent.futures.Future`; one cancelled before it starts never runs.
    """

    def __init__(self, threads: int, name: str = "parlour-bot") -> None:
        self._queue: list[tuple[float, int, Hashable, Future[Any], Callable[..., Any], tuple[Any, ...]]] = []
        self._ready = threading.Condition()
        self._used: dict[Hashable, tuple[float, float]] = {}  # owner -> (thread-seconds, when counted)
        self._order = itertools.count()
        self._closed = False
        self._threads = [threading.Thread(target=self._work, name=f"{name}-{i}", daemon=True) for i in range(threads)]
        for thread in self._threads:
            thread.start()

    def used(self, owner: Hashable, now: float | None = None) -> float:
        """The thread-seconds `owner` used lately, older use counting for less."""
        seconds, stamp = self._used.get(owner, (0.0, 0.0))
        if not seconds:
            return 0.0
        now = time.monotonic() if now is None else now
        return seconds * math.pow(0.5, max(0.0, now - stamp) / SHARE_HALF_LIFE)

    def submit(self, owner: Hashable, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        with self._ready:
            if self._closed:
                raise RuntimeError("the bot threads are shut down")
            heapq.heappush(self._queue, (self.used(owner), next(self._order), owner, future, fn, args))
            self._ready.notify()
        return future

    def waiting(self) -> int:
        """Jobs queued and not yet started."""
        with self._ready:
            return len(self._queue)

    def _work(self) -> None:
        while True:
            with self._ready:
                while not self._queue and not self._closed:
                    self._ready.wait()
                if self._closed:
                    return
                _, _, owner, future, fn, args = heapq.heappop(self._queue)
            if not future.set_running_or_notify_cancel():
                continue
            started = time.monotonic()
            try:
                result = fn(*args)
            except BaseException as exc:
                future.set_exception(exc)
            else:
                future.set_result(result)
            finished = time.monotonic()
            with self._ready:
                self._used[owner] = (self.used(owner, finished) + (finished - started), finished)
                if len(self._used) > 10_000:  # owners long gone: keep those that used the most lately
                    keep = sorted(self._used, key=lambda o: -self.used(o, finished))[:1000]
                    self._used = {o: self._used[o] for o in keep}

    def shutdown(self) -> None:
        """Stop taking jobs; the queued ones are cancelled, the running ones end on their own."""
        with self._ready:
            self._closed = True
            queued, self._queue = self._queue, []
            self._ready.notify_all()
        for _, _, _, future, _, _ in queued:
            future.cancel()


class HintRefused(Exception):
    """A hint not taken on: the seat has one on the way, or the budget is spent."""


class HintBudget:
    """Hints' own threads and a bounded queue, so asking for hints never takes a thread a
    table's bot is waiting for.

    At most one hint per seat (`key`, a table and seat, whatever connections ask) and
    `per_address` per client address are under way, and at most `threads + queue` in all;
    a hint past any of these is refused (`HintRefused`) at once. A hint counts until its
    work ends, not until its asker stops waiting, so a client that gives up and asks again
    gains nothing.
    """

    def __init__(self, threads: int = 1, queue: int = 3, per_address: int = 2) -> None:
        self.executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="parlour-hint")
        self.most = threads + queue
        self.per_address = per_address
        self._lock = threading.Lock()
        self._keys: set[Hashable] = set()
        self._addresses: Counter[str] = Counter()

    def under_way(self) -> int:
        with self._lock:
            return len(self._keys)

    def submit(self, key: Hashable, address: str | None, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        with self._lock:
            if key in self._keys:
                raise HintRefused("a hint for this seat is already being worked out; wait for it")
            if address is not None and self._addresses[address] >= self.per_address:
                raise HintRefused(f"at most {self.per_address} hints at once from one address; wait for them")
            if len(self._keys) >= self.most:
                raise HintRefused("the server is working out as many hints as it can; ask again in a moment")
            self._keys.add(key)
            if address is not None:
                self._addresses[address] += 1
        try:
            future = self.executor.submit(fn, *args)
        except BaseException:
            self._release(key, address)
            raise
        future.add_done_callback(lambda _f: self._release(key, address))
        return future

    def _release(self, key: Hashable, address: str | None) -> None:
        with self._lock:
            self._keys.discard(key)
            if address is not None:
                self._addresses[address] -= 1
                if self._addresses[address] <= 0:
                    del self._addresses[address]

    def shutdown(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
