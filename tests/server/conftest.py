"""Fixtures: a real server process per module (or per test, from the factory), on SQLite
and on PostgreSQL.

Every server fixture is parametrised over the two databases the server supports. The
PostgreSQL one is a throwaway cluster (parlour.server.pgcluster: Debian's packages, a
temporary folder, 127.0.0.1 only) started once per session, with a fresh database per
server. Where PostgreSQL is not installed its cases are skipped, except under `make
test` (PARLOUR_REQUIRE_POSTGRES=1), where a missing PostgreSQL is a failure.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from serverkit import ServerProcess

from parlour.server.pgcluster import Cluster, ClusterError

DATABASES = ["sqlite", "postgresql"]
_names = itertools.count()


def start_cluster() -> Cluster:
    """A started throwaway cluster, or the test is skipped (failed under `make test`)."""
    try:
        import psycopg  # noqa: F401

        return Cluster(durable=False).start()
    except (ImportError, ClusterError) as exc:
        if os.environ.get("PARLOUR_REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL is required here but cannot run: {exc}")
        pytest.skip(f"PostgreSQL cannot run here: {exc}")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One cluster for the session's servers; each server gets its own database."""
    cluster = start_cluster()
    yield cluster
    cluster.close()


@pytest.fixture
def own_cluster() -> Iterator[Cluster]:
    """A cluster of the test's own, for a test that stops and starts it."""
    cluster = start_cluster()
    yield cluster
    cluster.close()


def database_url(request: pytest.FixtureRequest, kind: str) -> str | None:
    """None for SQLite (the server's file in the test's folder), else a new PostgreSQL database."""
    if kind == "sqlite":
        return None
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.database(f"parlour_{os.getpid()}_{next(_names)}")


@pytest.fixture(params=DATABASES)
def db_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def server_factory(tmp_path: Path, db_kind: str, request: pytest.FixtureRequest) -> Iterator[Callable[..., ServerProcess]]:
    started: list[ServerProcess] = []

    def make(db_name: str = "parlour.sqlite3", bot_delay: float = 0.0, rate: float = 20.0,
             db_url: str | None = None, lobby_rate: float = 1000.0, evict_after: float = 300.0,
             extra: tuple[str, ...] = ()) -> ServerProcess:
        url = db_url or database_url(request, db_kind)
        server = ServerProcess(tmp_path / db_name, bot_delay, rate, url, lobby_rate, evict_after, extra).start()
        started.append(server)
        return server

    yield make
    for server in started:
        server.stop()


@pytest.fixture(scope="module", params=DATABASES)
def server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    url = database_url(request, request.param)
    proc = ServerProcess(tmp_path_factory.mktemp("server") / "parlour.sqlite3", db_url=url).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module", params=DATABASES)
def fast_server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    """A server whose clients may act at bot speed (a high per-connection rate limit)."""
    url = database_url(request, request.param)
    proc = ServerProcess(tmp_path_factory.mktemp("fast") / "parlour.sqlite3", rate=5000, db_url=url).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module", params=DATABASES)
def any_bot_server(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> Iterator[ServerProcess]:
    """A server started with --allow-any-bot and a short per-move bot limit (0.5 s)."""
    url = database_url(request, request.param)
    proc = ServerProcess(tmp_path_factory.mktemp("anybot") / "parlour.sqlite3", db_url=url,
                         extra=("--allow-any-bot", "--bot-seconds", "0.5")).start()
    yield proc
    proc.stop()
