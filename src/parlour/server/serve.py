"""`parlour serve`: the web parlour on uvicorn, with its database (SQLite unless told)."""

from __future__ import annotations

import argparse
import logging

from parlour.server.app import SOCKETS_PER_ADDRESS, STALL_SECONDS
from parlour.server.storage import Storage, default_db_url
from parlour.server.tables import (
    BOT_SECONDS,
    CLOSE_AFTER,
    GRACE,
    SEARCH_TABLES_PER_ADDRESS,
    TABLES_PER_ADDRESS,
    UNWATCHED_AFTER,
)


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
        "--bot-delay", type=float, default=0.7, help="seconds a bot waits before acting, so people can follow (default 0.7)"
    )
    parser.add_argument(
        "--rate", type=float, default=20.0, help="messages a second one connection may send, twice that in a burst (default 20)"
    )
    parser.add_argument(
        "--lobby-rate", type=float, default=0.2,
        help="tables created or seats taken a second per client address, after a burst of 10 (default 0.2)",
    )
    parser.add_argument(
        "--evict-after", type=float, default=300.0,
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
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from parlour.server.app import MAX_MESSAGE, create_app

    proxies = args.forwarded_allow_ips.strip()

    url = args.db or default_db_url()
    where = Storage(url)  # opened once here to fail early and to print where the data lives
    print(f"parlour: the web parlour is at http://{args.host}:{args.port}/", flush=True)
    print(f"parlour: database {where.describe()}", flush=True)
    where.close()
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")
    app = create_app(
        url,
        bot_delay=max(0.0, args.bot_delay),
        rate=max(1.0, args.rate),
        lobby_rate=max(0.01, args.lobby_rate),
        evict_after=max(0.0, args.evict_after),
        bot_seconds=min(60.0, max(0.05, args.bot_seconds)),
        allow_any_bot=args.allow_any_bot,
        allow_outside_bots=args.allow_outside_bots,
        sockets_per_address=max(1, args.sockets_per_address),
        stall_seconds=max(0.1, args.stall_seconds),
        grace=max(0.0, args.grace),
        close_after=max(1.0, args.close_after),
        unwatched_after=max(1.0, args.unwatched_after),
        tables_per_address=max(1, args.tables_per_address),
        search_tables_per_address=max(0, args.search_tables_per_address),
    )
    # Messages bigger than this are refused by the websocket layer itself; smaller ones
    # above MAX_MESSAGE get the protocol's "too_large" error.
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=16 * MAX_MESSAGE,
        # Compression costs more CPU than it saves on messages of a few kilobytes.
        ws_per_message_deflate=False,
        # Forwarding headers are believed only from the proxies named (uvicorn's own
        # default trusts 127.0.0.1, which lets any local client forge its address).
        proxy_headers=bool(proxies), forwarded_allow_ips=proxies or None,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m parlour.server.serve`: the same as `parlour serve` (used by the tests)."""
    parser = argparse.ArgumentParser(prog="parlour serve", description="Run the web parlour.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
