"""The replay desk's line (parlour.server.replays), without a server: the address served
longest ago goes next, an address's share is bounded, a page nobody waits for is dropped
or stopped, and stopping answers every page still waiting."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import pytest

from parlour.server.replays import GivenUp, ReplayDesk
from parlour.server.tables import TableError


def blocking(name: str, done: list[str], gate: threading.Event) -> Callable[[Callable[[], None]], bytes]:
    def work(check: Callable[[], None]) -> bytes:
        while not gate.wait(0.01):
            check()
        done.append(name)
        return name.encode()
    return work


async def started(desk: ReplayDesk) -> None:
    """Returns once the desk's thread has taken the one job asked for."""
    while not desk.asked or desk.lines:
        await asyncio.sleep(0.01)


def test_the_address_served_longest_ago_goes_next() -> None:
    async def main() -> list[str]:
        desk = ReplayDesk(per_address=2)
        done: list[str] = []
        gate = threading.Event()
        first = asyncio.ensure_future(desk.run("a", blocking("a1", done, gate)))
        await started(desk)  # a1 is being built
        rest = [asyncio.ensure_future(desk.run("a", blocking("a2", done, gate)))]
        await asyncio.sleep(0.05)
        rest.append(asyncio.ensure_future(desk.run("b", blocking("b1", done, gate))))
        await asyncio.sleep(0.05)
        with pytest.raises(TableError) as refused:
            await desk.run("a", blocking("a3", done, gate))
        assert refused.value.code == "rate_limited"
        gate.set()
        assert await first == b"a1"
        await asyncio.gather(*rest)
        desk.stop()
        return done

    assert asyncio.run(main()) == ["a1", "b1", "a2"]


def test_a_page_nobody_waits_for_is_dropped_or_stopped() -> None:
    async def main() -> None:
        desk = ReplayDesk(per_address=2)
        done: list[str] = []
        gate = threading.Event()
        running = asyncio.ensure_future(desk.run("a", blocking("a1", done, gate)))
        await started(desk)
        waiting = asyncio.ensure_future(desk.run("a", blocking("a2", done, gate)))
        await asyncio.sleep(0.05)
        waiting.cancel()
        running.cancel()
        for task in (waiting, running):
            with pytest.raises(asyncio.CancelledError):
                await task
        for _ in range(100):
            if not desk.asked:
                break
            await asyncio.sleep(0.02)
        assert desk.asked == {} and desk.given_up == 2 and done == []
        gate.set()
        assert await desk.run("a", blocking("a3", done, gate)) == b"a3"
        desk.stop()

    asyncio.run(main())


def test_stopping_answers_every_page_at_once() -> None:
    async def main() -> None:
        desk = ReplayDesk(per_address=4)
        gate = threading.Event()
        running = asyncio.ensure_future(desk.run("a", blocking("a1", [], gate)))
        await started(desk)
        waiting = [asyncio.ensure_future(desk.run(address, blocking(address, [], gate))) for address in "abc"]
        await asyncio.sleep(0.05)
        desk.stop()
        with pytest.raises(GivenUp):
            await running
        for task in waiting:
            with pytest.raises(TableError) as stopped:
                await task
            assert stopped.value.code == "shutting_down"
        with pytest.raises(TableError):
            await desk.run("d", blocking("d", [], gate))

    asyncio.run(main())
