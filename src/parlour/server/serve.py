"""`parlour serve`: the web parlour on uvicorn, with its database (SQLite unless told)."""

from __future__ import annotations

import argparse
import logging

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
    parser.add_argument("--log-level", default="warning", help="uvicorn log level (default warning)")


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from parlour.server.app import MAX_MESSAGE, create_app

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
    )
    # Messages bigger than this are refused by the websocket layer itself; smaller ones
    # above MAX_MESSAGE get the protocol's "too_large" error.
    uvicorn.run(
        app, host=args.host, port=args.port, log_level=args.log_level, ws_max_size=16 * MAX_MESSAGE,
        # Compression costs more CPU than it saves on messages of a few kilobytes.
        ws_per_message_deflate=False,
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    """`python -m parlour.server.serve`: the same as `parlour serve` (used by the tests)."""
    parser = argparse.ArgumentParser(prog="parlour serve", description="Run the web parlour.")
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    raise SystemExit(main())
