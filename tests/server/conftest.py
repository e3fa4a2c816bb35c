"""Fixtures: a real server process per module (or per test, from the factory)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from serverkit import ServerProcess


@pytest.fixture
def server_factory(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    started: list[ServerProcess] = []

    def make(db_name: str = "parlour.sqlite3", bot_delay: float = 0.0, rate: float = 20.0,
             db_url: str | None = None, lobby_rate: float = 1000.0, evict_after: float = 300.0) -> ServerProcess:
        server = ServerProcess(tmp_path / db_name, bot_delay, rate, db_url, lobby_rate, evict_after).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("server") / "parlour.sqlite3").start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def fast_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose clients may act at bot speed (a high per-connection rate limit)."""
    proc = ServerProcess(tmp_path_factory.mktemp("fast") / "parlour.sqlite3", rate=5000).start()
    yield proc
    proc.stop()
