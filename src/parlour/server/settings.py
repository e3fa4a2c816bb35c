"""The web parlour's settings: one frozen object made once (from `parlour serve`'s options,
or a test's choice) and read by the app, the table manager and every table.

The defaults are the server's defaults; `Settings.from_args` bounds what an operator
asks for (a bot limit of a minute at most, a grace of no less than zero, ...).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

GRACE = 60.0  # seconds a seated person may be away before a bot stands in (--grace)
CLOSE_AFTER = 1800.0  # seconds a table may go without people before it is closed (--close-after)
BOT_SECONDS = 1.5  # the default limit of one bot move (--bot-seconds)
BOT_THREADS = 4  # bot moves thought about at once; more would only share the GIL
BOT_DELAY = 0.7  # seconds a bot waits before acting, so people can follow (--bot-delay)
EVICT_AFTER = 300.0  # seconds after its end that a finished, unwatched table leaves memory
RATE = 20.0  # messages per second a connection may send on average (--rate), twice that in a burst
LOBBY_RATE = 0.2  # tables created or seats taken per second per client address (--lobby-rate)
SOCKETS_PER_ADDRESS = 64  # websockets open at once from one client address
STALL_SECONDS = 10.0  # seconds one message may wait for a client that does not read, before it is closed
HINT_THREADS = 1  # hints worked out at once, in threads of their own (never the bots')
HINT_QUEUE = 3  # ... and waiting for one; a hint beyond is refused (`rate_limited`)
HINTS_PER_ADDRESS = 2  # hints under way at once for one client address
UNWATCHED_AFTER = 300.0  # seconds a table with nobody seated may play on unwatched (--unwatched-after)
TABLES_PER_ADDRESS = 20  # tables in play that one client address may have made (--tables-per-address)
SEARCH_TABLES_PER_ADDRESS = 2  # ... of them with a searching bot (--search-tables-per-address)
LEASE_SECONDS = 6.0  # seconds a worker's hold on a table lasts unless renewed (--lease-seconds)
ANALYSIS_THREADS = 1  # finished matches analysed at once ("Analyse my play"), never on the bots' threads
ANALYSIS_QUEUE = 4  # ... and waiting for a thread; one more is refused (`busy`)
ANALYSIS_PATIENCE = 20.0  # seconds an analysis goes on with nobody asking after it (--analysis-patience)
ANALYSIS_SECONDS = 0.1  # the search's seconds a decision of an analysis (--analysis-seconds)


@dataclass(frozen=True)
class Settings:
    """What one server is set to: its tables' timers, its bots' limits, its clients' limits."""

    bot_delay: float = BOT_DELAY
    bot_seconds: float = BOT_SECONDS
    bot_threads: int = BOT_THREADS
    allow_any_bot: bool = False
    allow_outside_bots: bool = False
    """Whether a table may seat `package.module:Class` bots: importing a module named by
    a client runs its code, so only a server started with --allow-outside-bots does."""
    grace: float = GRACE
    close_after: float = CLOSE_AFTER
    evict_after: float = EVICT_AFTER
    rate: float = RATE
    lobby_rate: float = LOBBY_RATE
    sockets_per_address: int = SOCKETS_PER_ADDRESS
    stall_seconds: float = STALL_SECONDS
    hint_threads: int = HINT_THREADS
    hint_queue: int = HINT_QUEUE
    hints_per_address: int = HINTS_PER_ADDRESS
    unwatched_after: float = UNWATCHED_AFTER
    tables_per_address: int = TABLES_PER_ADDRESS
    search_tables_per_address: int = SEARCH_TABLES_PER_ADDRESS
    worker: str | None = None
    """This process's name among the workers sharing one PostgreSQL database; None: the
    only process, which holds every table without leases."""
    lease_seconds: float = LEASE_SECONDS
    """How long a worker's lease on a table lasts; renewed every third of it, so a dead
    worker's tables are taken over this long after it died."""
    analysis_threads: int = ANALYSIS_THREADS
    analysis_queue: int = ANALYSIS_QUEUE
    analysis_patience: float = ANALYSIS_PATIENCE
    analysis_seconds: float = ANALYSIS_SECONDS
    analysis_deals: int | None = None
    """The most sampled deals a decision of an analysis is weighed on, instead of a time
    budget (--analysis-deals): a small number makes a quick, rough analysis."""

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Settings:
        """`parlour serve`'s options, each bounded to what the server can live with."""
        return cls(
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
            worker=getattr(args, "worker_name", None) or None,
            lease_seconds=max(0.5, getattr(args, "lease_seconds", LEASE_SECONDS)),
            analysis_patience=min(600.0, max(1.0, args.analysis_patience)),
            analysis_seconds=min(10.0, max(0.01, args.analysis_seconds)),
            analysis_deals=None if args.analysis_deals is None else min(400, max(1, args.analysis_deals)),
        )
