"""`parlour serve`: the web parlour on uvicorn, with its database (SQLite unless told).

One process is the default, and all SQLite allows. On PostgreSQL, `--workers N` makes this
process a supervisor: it runs N worker processes (ports `--port`+1 .. `--port`+N on
127.0.0.1, each named `host:port`), restarts one that dies, and runs HAProxy on `--port`
in front of them (proxy.py). A worker is an ordinary server with `--worker-name`: run
the same on another machine, against the same database, and it joins the same parlour
(put it behind the proxy too).
"""

from __future__ import annotations

import argparse
import logging
import signal
import socket
import subprocess
import sys
import time
from typing import Any

from parlour.server.settings import (
    ANALYSIS_PATIENCE,
    ANALYSIS_SECONDS,
    BOT_DELAY,
    BOT_SECONDS,
    CLOSE_AFTER,
    EVICT_AFTER,
    GRACE,
    LEASE_SECONDS,
    LOBBY_RATE,
    RATE,
    SEARCH_TABLES_PER_ADDRESS,
    SOCKETS_PER_ADDRESS,
    STALL_SECONDS,
    TABLES_PER_ADDRESS,
    UNWATCHED_AFTER,
    Settings,
)
from parlour.server.storage import Storage, default_db_url


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument(
        "--db",
        default=None,
        help="SQLAlchemy database URL, e.g. postgresql+psycopg://user@host/parlour "
        "(default: SQLite file parlour.sqlite3 in the current directory)",
    )
    parser.add_argument(
        "--bot-delay", type=float, default=BOT_DELAY, help="seconds a bot waits before acting, so people can follow (default 0.7)"
    )
    parser.add_argument(
        "--rate", type=float, default=RATE, help="messages a second one connection may send, twice that in a burst (default 20)"
    )
    parser.add_argument(
        "--lobby-rate", type=float, default=LOBBY_RATE,
        help="tables created or seats taken a second per client address, after a burst of 10 (default 0.2)",
    )
    parser.add_argument(
        "--evict-after", type=float, default=EVICT_AFTER,
        help="seconds after its end that a finished, unwatched table leaves memory (it stays in the database)",
    )
    parser.add_argument(
        "--bot-seconds", type=float, default=BOT_SECONDS,
        help=f"the most seconds one bot move may take; a bot still thinking then is played for (default {BOT_SECONDS:g})",
    )
    parser.add_argument(
        "--allow-any-bot", action="store_true",
        help="accept any bot spec with parameters, e.g. ismcts(iterations=500) (default: the lobby's named bots only)",
    )
    parser.add_argument(
        "--allow-outside-bots", action="store_true",
        help="let tables seat bots written outside parlour, package.module:Class(param=value); "
        "the server imports the module named, so use it only among people you trust (default: off)",
    )
    parser.add_argument(
        "--forwarded-allow-ips", default="",
        help="comma-separated addresses of proxies whose X-Forwarded-For / X-Forwarded-Proto are believed "
        "(default: none; the peer's own address is the client's)",
    )
    parser.add_argument(
        "--sockets-per-address", type=int, default=SOCKETS_PER_ADDRESS,
        help=f"websockets one client address may hold open at once (default {SOCKETS_PER_ADDRESS})",
    )
    parser.add_argument(
        "--stall-seconds", type=float, default=STALL_SECONDS,
        help=f"seconds a message may wait for a client that does not read before it is closed (default {STALL_SECONDS:g})",
    )
    parser.add_argument(
        "--grace", type=float, default=GRACE,
        help=f"seconds a seated player may be disconnected before a bot stands in for them (default {GRACE:g})",
    )
    parser.add_argument(
        "--close-after", type=float, default=CLOSE_AFTER,
        help=f"seconds a table may go with none of its players connected before it is closed (default {CLOSE_AFTER:g})",
    )
    parser.add_argument(
        "--unwatched-after", type=float, default=UNWATCHED_AFTER,
        help="seconds a table with nobody seated (its bots playing by themselves) may go unwatched before it is "
        f"closed (default {UNWATCHED_AFTER:g})",
    )
    parser.add_argument(
        "--tables-per-address", type=int, default=TABLES_PER_ADDRESS,
        help=f"tables in play one client address may have made (default {TABLES_PER_ADDRESS})",
    )
    parser.add_argument(
        "--search-tables-per-address", type=int, default=SEARCH_TABLES_PER_ADDRESS,
        help="tables in play with a strong (searching) bot one client address may have made "
        f"(default {SEARCH_TABLES_PER_ADDRESS})",
    )
    parser.add_argument(
        "--analysis-seconds", type=float, default=ANALYSIS_SECONDS,
        help=f"the search's seconds for each decision of an \"Analyse my play\" (default {ANALYSIS_SECONDS:g})",
    )
    parser.add_argument(
        "--analysis-deals", type=int, default=None,
        help="instead of --analysis-seconds, the most sampled deals each decision of an analysis is weighed on",
    )
    parser.add_argument(
        "--analysis-patience", type=float, default=ANALYSIS_PATIENCE,
        help=f"seconds an analysis goes on with nobody asking after it, before it is stopped (default {ANALYSIS_PATIENCE:g})",
    )
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")
    parser.add_argument(
        "--workers", type=int, default=1,
        help="server processes on this machine, behind HAProxy on --port, each on a port of its own above it "
        "(default 1: this process alone); more than one needs a PostgreSQL --db",
    )
    parser.add_argument(
        "--worker-name", default=None,
        help="run as one worker of a parlour of several (any machines) sharing the PostgreSQL --db: its name "
        "among them, unique, e.g. host:port (default: the only process; with --workers, the workers are named "
        "NAME:port, NAME being this machine's host name unless given)",
    )
    parser.add_argument(
        "--lease-seconds", type=float, default=LEASE_SECONDS,
        help=f"seconds a worker's hold on a table lasts unless renewed: a dead worker's tables move this long after "
        f"(default {LEASE_SECONDS:g})",
    )


SHUTDOWN_SECONDS = 5


def _postgresql(url: str | None) -> bool:
    return bool(url) and str(url).startswith(("postgresql", "postgres"))


def run(args: argparse.Namespace) -> int:
    if args.workers < 1:
        print("parlour serve: --workers is 1 or more", file=sys.stderr)
        return 2
    if (args.workers > 1 or args.worker_name) and not _postgresql(args.db):
        print("parlour serve: several workers share their tables through PostgreSQL: give --db "
              "postgresql+psycopg://user@host/parlour (SQLite is one process's database)", file=sys.stderr)
        return 2
    if args.workers > 1:
        return supervise(args)
    return serve(args)


def worker_arguments(args: argparse.Namespace, port: int, name: str) -> list[str]:
    """A worker's command line: this one's options, on its own port and name."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    argv = ["--host", "127.0.0.1", "--port", str(port), "--worker-name", name]
    if not args.forwarded_allow_ips:
        argv += ["--forwarded-allow-ips", "127.0.0.1"]  # the proxy, in front of them all
    for action in parser._actions:
        if action.dest in ("help", "host", "port", "workers", "worker_name"):
            continue
        value = getattr(args, action.dest, action.default)
        if value == action.default:
            continue
        if isinstance(action, argparse._StoreTrueAction):
            argv.append(action.option_strings[0])
        else:
            argv += [action.option_strings[0], str(value)]
    return argv


RESTART_WAIT = 1.0  # seconds before a worker that died is started again


def supervise(args: argparse.Namespace) -> int:
    """Run the workers and the proxy until stopped (SIGTERM, ^C); a worker that dies is
    started again (its tables have moved to the others meanwhile, and come back)."""
    from parlour.server.proxy import ProxyError, running_proxy

    host = socket.gethostname()
    ports = [args.port + i for i in range(1, args.workers + 1)]
    names = [f"{args.worker_name or host}:{port}" for port in ports]
    stopping = False

    def stop(_sig: int, _frame: Any) -> None:
        nonlocal stopping
        stopping = True

    def start(i: int) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "parlour.server.serve", *worker_arguments(args, ports[i], names[i])]
        return subprocess.Popen(command, stdin=subprocess.DEVNULL)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    workers = [start(i) for i in range(args.workers)]
    try:
        with running_proxy(args.port, [("127.0.0.1", port) for port in ports], args.host) as proxy:
            print(f"parlour: the web parlour is at http://{args.host}:{args.port}/ "
                  f"({args.workers} workers on ports {ports[0]}-{ports[-1]}, HAProxy in front)", flush=True)
            while not stopping:
                time.sleep(0.2)
                if proxy.poll() is not None:
                    print(f"parlour: the proxy exited with {proxy.returncode}", file=sys.stderr, flush=True)
                    return 1
                for i, worker in enumerate(workers):
                    if worker.poll() is not None and not stopping:
                        print(f"parlour: worker {names[i]} exited with {worker.returncode}; starting it again",
                              file=sys.stderr, flush=True)
                        time.sleep(RESTART_WAIT)
                        workers[i] = start(i)
    except ProxyError as exc:
        print(f"parlour serve: {exc}", file=sys.stderr)
        return 1
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.terminate()
        for worker in workers:
            try:
                worker.wait(SHUTDOWN_SECONDS + 10)
            except subprocess.TimeoutExpired:
                worker.kill()
                worker.wait()
    return 0


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server, which tells the app when the stop signal comes (before it
        waits for the requests in flight), so replays still waiting are let go at once."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            stopping = getattr(app.state, "stopping", None)
            if stopping is not None:
                stopping()
            super().handle_exit(sig, frame)

    from parlour.server.app import MAX_MESSAGE, create_app

    proxies = args.forwarded_allow_ips.strip()

    url = args.db or default_db_url()
    where = Storage(url)  # opened once here to fail early and to print where the data lives
    print(f"parlour: the web parlour is at http://{args.host}:{args.port}/", flush=True)
    print(f"parlour: database {where.describe()}", flush=True)
    if args.worker_name:
        print(f"parlour: worker {args.worker_name}", flush=True)
    where.close()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    app = create_app(url, Settings.from_args(args))
    # Messages bigger than this are refused by the websocket layer itself; smaller ones
    # above MAX_MESSAGE get the protocol's "too_large" error.
    config = uvicorn.Config(
        app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=16 * MAX_MESSAGE,
        # Compression costs more CPU than it saves on messages of a few kilobytes.
        ws_per_message_deflate=False,
        # Forwarding headers are believed only from the proxies named (uvicorn's own
        # default trusts 127.0.0.1, which lets any local client forge its address).
        proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
        # Requests still running this long after the stop signal are cancelled: an
        # action is acknowledged only once stored, so none acknowledged is lost.
        timeout_graceful_shutdown=SHUTDOWN_SECONDS,
    )
    server = Server(config)
    server.run()
    return 0 if server.started else 3  # as uvicorn.run: it could not start (a port in use)


def main(argv: list[str] | None = None) -> int:
    """`python -m parlour.server.serve`: the same as `parlour serve` (used by the tests)."""
    parser = argparse.ArgumentParser(prog="parlour serve", description="Run the web parlour.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
