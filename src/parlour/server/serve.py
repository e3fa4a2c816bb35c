"""`parlour serve`: the web parlour on uvicorn, with its database (SQLite unless told)."""

from __future__ import annotations

import argparse
import logging
from typing import Any

from parlour.server.settings import (
    ANALYSIS_PATIENCE,
    ANALYSIS_SECONDS,
    BOT_DELAY,
    BOT_SECONDS,
    CLOSE_AFTER,
    EVICT_AFTER,
    GRACE,
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


SHUTDOWN_SECONDS = 5


def run(args: argparse.Namespace) -> int:
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
