"""The bot threads are shared fairly among tables, and a bot move gets what is left of its time."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest

from parlour.bots import Bot
from parlour.server.tables import BOT_LEAST, think
from parlour.server.workers import BotPool, HintBudget, HintRefused


def test_the_table_that_used_the_bot_threads_least_goes_first() -> None:
    pool = BotPool(1)
    try:
        pool.submit("searching", time.sleep, 0.3).result(5)  # this table used its thread lately
        gate = threading.Event()
        ran: list[str] = []
        blocker = pool.submit("other", gate.wait, 5)
        queued = [pool.submit(owner, ran.append, owner) for owner in ("searching", "searching", "quick", "new")]
        gate.set()
        blocker.result(5)
        for future in queued:
            future.result(5)
        assert ran == ["quick", "new", "searching", "searching"]
        assert pool.used("searching") > pool.used("quick")
    finally:
        pool.shutdown()


def test_a_move_cancelled_before_a_thread_is_free_never_runs() -> None:
    pool = BotPool(1)
    try:
        gate = threading.Event()
        blocker = pool.submit("a", gate.wait, 5)
        ran: list[int] = []
        stale = pool.submit("b", ran.append, 1)
        assert stale.cancel()
        gate.set()
        blocker.result(5)
        pool.submit("b", ran.append, 2).result(5)
        assert ran == [2]
    finally:
        pool.shutdown()


class Clock(Bot):
    name = "clock"

    def choose(self, observation: dict[str, Any]) -> str:
        return f"{self.time_limit:.3f}"


def test_a_bot_move_that_waited_for_a_thread_thinks_only_for_what_is_left() -> None:
    from parlour.games import get_game

    bot = Clock(get_game("ribs"), 0)
    assert float(think(bot, {}, time.monotonic() + 1.0)) == pytest.approx(1.0, abs=0.05)
    assert float(think(bot, {}, time.monotonic() - 3.0)) == BOT_LEAST


def test_hints_are_one_a_seat_a_few_an_address_and_bounded_in_all() -> None:
    budget = HintBudget(threads=1, queue=2, per_address=2)
    gate = threading.Event()
    try:
        first = budget.submit(("t", 0), "10.0.0.1", gate.wait, 5)
        with pytest.raises(HintRefused, match="this seat"):
            budget.submit(("t", 0), "10.0.0.2", gate.wait, 5)
        budget.submit(("t", 1), "10.0.0.1", gate.wait, 5)
        with pytest.raises(HintRefused, match="one address"):
            budget.submit(("u", 0), "10.0.0.1", gate.wait, 5)
        budget.submit(("u", 0), "10.0.0.2", gate.wait, 5)
        with pytest.raises(HintRefused, match="as many hints"):
            budget.submit(("v", 0), "10.0.0.3", gate.wait, 5)
        gate.set()
        first.result(5)
        deadline = time.monotonic() + 5
        while budget.under_way():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        budget.submit(("t", 0), "10.0.0.1", gate.wait, 5).result(5)
    finally:
        gate.set()
        budget.shutdown()
