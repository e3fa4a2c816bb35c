""""Analyse my play": a finished match's analysis of one seat (parlour.review), worked out
as a bounded background job.

An analysis weighs every decision of the seat, seconds of CPU at the least, so it never
runs on the event loop or on the bots' threads: it has `threads` of its own and a line
of at most `queue` more jobs; past that a request is refused (`busy`). Each person (a
seat token's hash, else the client's address) has one job at a time: asking for another
lets go of the first, which stops unless someone else is waiting for it too. People
wait by asking for the job's progress (GET); a job nobody has asked after for `patience`
seconds is given up at its next decision, so an analysis whose viewer left costs little.

Results are kept per (table, match, seat): in memory (the newest `CACHE` of them) and in
the database (storage.py's `parlour_analyses`), so a restart keeps them. Only finished
matches are analysed (`analysis_record`), and each decision is judged from the seat's own
observation; the hindsight figures (the real cards) are of finished hands only.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import zlib
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from parlour.record import RecordError, record_of, start_of
from parlour.server.room import TableError
from parlour.server.storage import token_hash
from parlour.server.tables import Table

CACHE = 256  # analyses kept in memory; the database keeps them all

Key = tuple[str, int, int]  # (table, match, seat)
Work = Callable[[Callable[[int, int], None]], dict[str, Any]]
"""A job's work: called with `step(done, total)`, which raises GivenUp once nobody waits."""


class GivenUp(Exception):
    """Raised by a job's `step` once nobody has asked after it for `patience` seconds."""


@dataclasses.dataclass(eq=False)
class Job:
    key: Key
    people: set[Hashable]
    seen: float
    state: str = "queued"  # queued, running, done, failed or cancelled
    done: int = 0
    total: int = 0
    result: dict[str, Any] | None = None
    message: str = ""
    future: Future[dict[str, Any]] | None = None

    def status(self) -> dict[str, Any]:
        table, match, seat = self.key
        out: dict[str, Any] = {"type": "analysis", "table": table, "match": match, "seat": seat,
                               "state": self.state, "done": self.done, "total": self.total}
        if self.message:
            out["message"] = self.message
        if self.result is not None:
            out["analysis"] = self.result
        return out


class AnalysisDesk:
    """The analysis threads, their line, who waits for what, and the cache (module doc)."""

    def __init__(self, threads: int = 1, queue: int = 4, patience: float = 20.0) -> None:
        self.executor = ThreadPoolExecutor(max_workers=max(1, threads), thread_name_prefix="parlour-analysis")
        self.most = max(1, threads) + max(0, queue)
        self.patience = patience
        self.lock = threading.Lock()
        self.jobs: dict[Key, Job] = {}
        self.people: dict[Hashable, Key] = {}
        self.cache: OrderedDict[Key, dict[str, Any]] = OrderedDict()

    def cached(self, key: Key) -> dict[str, Any] | None:
        with self.lock:
            found = self.cache.get(key)
            if found is not None:
                self.cache.move_to_end(key)
            return found

    def keep(self, key: Key, result: dict[str, Any]) -> None:
        with self.lock:
            self.cache[key] = result
            self.cache.move_to_end(key)
            while len(self.cache) > CACHE:
                self.cache.popitem(last=False)

    def job(self, key: Key, person: Hashable | None = None) -> Job | None:
        """The job under way for `key`, marked as waited for (and by `person`)."""
        with self.lock:
            job = self.jobs.get(key)
            if job is not None:
                job.seen = time.monotonic()
                if person is not None and self.people.get(person) == key:
                    job.people.add(person)
            return job

    def start(self, key: Key, person: Hashable, work: Work) -> tuple[Job, bool]:
        """The job for `key` (begun now, or the one under way, which `person` now waits for
        too) and whether it is new; `person`'s job for another key is let go of.
        TableError `busy` when the line is full."""
        with self.lock:
            earlier = self.people.get(person)
            if earlier is not None and earlier != key:
                self._let_go(person, earlier)
            job = self.jobs.get(key)
            if job is not None and job.state != "cancelled":
                job.people.add(person)
                job.seen = time.monotonic()
                self.people[person] = key
                return job, False
            if len(self.jobs) >= self.most:
                raise TableError("busy", "the server is analysing as many matches as it can; ask again in a minute")
            job = Job(key, {person}, time.monotonic())
            self.jobs[key] = job
            self.people[person] = key
        job.future = self.executor.submit(self._run, job, work)
        return job, True

    def _let_go(self, person: Hashable, key: Key) -> None:
        del self.people[person]
        job = self.jobs.get(key)
        if job is not None:
            job.people.discard(person)
            if not job.people:
                job.state = "cancelled"

    def _run(self, job: Job, work: Work) -> dict[str, Any]:
        def step(done: int, total: int) -> None:
            job.done, job.total = done, total
            if job.state == "cancelled" or time.monotonic() - job.seen > self.patience:
                raise GivenUp

        try:
            step(0, 0)
            job.state = "running"
            result = work(step)
        except GivenUp:
            job.state = "cancelled"
            job.message = "nobody was waiting for this analysis any more; it was stopped"
            self._end(job)
            raise
        except Exception as exc:
            job.state = "failed"
            job.message = "this match could not be analysed"
            self._end(job)
            raise TableError("no_analysis", job.message) from exc
        job.result = result
        job.state = "done"
        self.keep(job.key, result)
        self._end(job)
        return result

    def _end(self, job: Job) -> None:
        with self.lock:
            if self.jobs.get(job.key) is job:
                del self.jobs[job.key]
            for person in job.people:
                if self.people.get(person) == job.key:
                    del self.people[person]

    def under_way(self) -> int:
        with self.lock:
            return len(self.jobs)

    def shutdown(self) -> None:
        with self.lock:
            for job in self.jobs.values():
                job.state = "cancelled"
        self.executor.shutdown(wait=False, cancel_futures=True)


def person_of(token: str | None, address: str | None) -> Hashable:
    """Who asks: the seat token's holder where a token is shown, else the client's address."""
    return ("token", token_hash(token)) if token else ("address", address or "?")


def analysis_seed(key: Key) -> int:
    """The search's seed for a seat's analysis: the same for the same match and seat."""
    return zlib.crc32(repr(key).encode())


async def analysis_record(table: Table, seat: Any, match: Any, token: str | None,
                          need_record: bool = True) -> tuple[Key, dict[str, Any] | None]:
    """The key of the analysis asked for and the finished match's record (None unless
    `need_record`: a poll's check is only who may ask), or TableError.

    The table's latest match may be analysed at any seat once it is over (its hands are
    public then, as its replay is); while it is in play, not at all. An earlier match of
    the table (its record is not public) only at the seat of the token shown.
    """
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < table.players:
        raise TableError("bad_seat", f"'seat' is a seat of this table, from 0 to {table.players - 1}")
    latest = table.stored.match
    if match is None:
        match = latest
    if not isinstance(match, int) or isinstance(match, bool) or not 0 <= match <= latest:
        raise TableError("bad_match", f"'match' is a match of this table, from 0 to {latest}")
    key: Key = (table.id, match, seat)
    if match == latest:
        async with table.lock:
            if not table.room.started or not table.state.is_over():
                raise TableError("match_not_over", "a match in play cannot be analysed: ask again once it is over")
            return key, record_of(table.state) if need_record else None
    if token is None or table.seat_of_token(token) != seat:
        raise TableError("bad_token", "an earlier match of this table is analysed only for your own seat, "
                         "with your seat's token")
    if not need_record:
        return key, None
    seed, actions = await table.manager.db_or_refuse(table.manager.storage.match_start, table.id, match)
    seeds = [int(data["seed"]) for kind, data, _at in table.stored.events
             if kind == "again" or (kind == "start" and "seed" in data)]
    starts = [kind for kind, data, _at in table.stored.events if kind == "again" or (kind == "start" and "seed" in data)]
    if starts and starts[0] == "start":
        seed = seeds.pop(0)
    if match > 0:
        seed = seeds[match - 1]
    record = {"parlour": 1, "game": table.game.name, "options": table.stored.options, "seed": seed,
              "dealer": table.stored.dealer, "actions": [[s, t] for s, t in actions]}
    try:
        state = start_of(record)
        for _seat, text in actions:
            state.apply_text(text)
    except (RecordError, ValueError, KeyError) as exc:
        raise TableError("no_analysis", "this match's record cannot be read back") from exc
    if not state.is_over():
        raise TableError("match_not_over", "that match was left unfinished: there is nothing to analyse")
    return key, record_of(state)
