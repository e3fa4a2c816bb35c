"""The analysis desk alone (no server): its own threads, one job per person, a bounded
line, and a job nobody asks after given up at its next step."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from parlour.server.analyses import AnalysisDesk
from parlour.server.room import TableError
from parlour.server.workers import BotPool


def slow(release: threading.Event, names: list[str]) -> Callable[[Callable[[int, int], None]], dict[str, Any]]:
    def work(step: Callable[[int, int], None]) -> dict[str, Any]:
        names.append(threading.current_thread().name)
        for k in range(1000):
            step(k, 1000)
            if release.wait(0.01):
                return {"done": k}
        return {"done": 1000}
    return work


def wait_for(predicate: Callable[[], bool], seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline
        time.sleep(0.01)


def test_jobs_run_on_their_own_threads_while_the_bots_play() -> None:
    desk = AnalysisDesk(threads=1, queue=1, patience=60)
    pool = BotPool(1)
    release, names = threading.Event(), []
    try:
        job, new = desk.start(("t", 0, 0), "ann", slow(release, names))
        assert new
        wait_for(lambda: job.state == "running")
        assert pool.submit("table", lambda: "bid 2").result(5) == "bid 2"  # the bot is not kept waiting
        release.set()
        assert job.future is not None and job.future.result(5) == job.result
        assert names == ["parlour-analysis_0"] and job.state == "done"
        assert desk.cached(("t", 0, 0)) == job.result
    finally:
        desk.shutdown()
        pool.shutdown()


def test_a_persons_second_job_lets_go_of_the_first_and_the_line_is_bounded() -> None:
    desk = AnalysisDesk(threads=1, queue=1, patience=60)
    release, names = threading.Event(), []
    try:
        first, _ = desk.start(("t", 0, 0), "ann", slow(release, names))
        wait_for(lambda: first.state == "running")
        second, new = desk.start(("t", 0, 1), "ann", slow(release, names))
        assert new
        wait_for(lambda: first.state == "cancelled" and desk.under_way() == 1)  # stopped at its next step
        # Bob joins Ann's job rather than starting another.
        joined, new = desk.start(("t", 0, 1), "bob", slow(release, names))
        assert joined is second and not new
        third, _ = desk.start(("t", 0, 2), "cat", slow(release, names))  # the line's one place
        with pytest.raises(TableError) as refused:
            desk.start(("t", 0, 3), "dan", slow(release, names))
        assert refused.value.code == "busy"
        release.set()
        assert second.future is not None and second.future.result(5)["done"] >= 0
        assert third.future is not None and third.future.result(5)["done"] >= 0
    finally:
        desk.shutdown()


def test_a_job_nobody_asks_after_is_given_up() -> None:
    desk = AnalysisDesk(threads=1, queue=1, patience=0.3)
    release, names = threading.Event(), []
    try:
        job, _ = desk.start(("t", 0, 0), "ann", slow(release, names))
        wait_for(lambda: job.state == "cancelled", 5)
        wait_for(lambda: desk.under_way() == 0, 5)
        assert desk.cached(("t", 0, 0)) is None
        # Asked after, a job goes on past the patience.
        kept, _ = desk.start(("t", 0, 1), "ann", slow(release, names))
        for _ in range(10):
            time.sleep(0.1)
            assert desk.job(("t", 0, 1)) is kept
        assert kept.state == "running"
        release.set()
        assert kept.future is not None and kept.future.result(5)["done"] >= 0
    finally:
        desk.shutdown()
