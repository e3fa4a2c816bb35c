"""Where tables live between restarts: SQLAlchemy 2 Core, SQLite by default, any URL.

A table is stored as what its record needs (game, options, seed, dealer) plus its seats,
and every action is one row appended before anyone hears of it. Everything else that
happens at a table (a seat taken, moved or given to a bot, the start, a stand-in, a chat
line, a new match, the close) is one row of its event log, appended the same way.
Restarting the server replays each table's events and actions (parlour.record), so a
table survives a crash intact. Seat tokens are stored hashed: the database alone does not
let anyone act for a seat.

A table plays several matches ("play again"): the actions of its first match are stored
under the table's id, those of match k (from 1) under `<id>.k` (ids never hold a dot).
Each match's deal is drawn when it starts: the seed is in its `start` event (a waiting
room's) or `again` event; a table that plays at once keeps the seed it was made with.

Chat lines are events too, but only the newest `keep_chat` of a table are kept: older
ones are deleted as new ones come, so the log's indices have gaps and the next event's
index is one past the largest stored (`StoredTable.next_event`), never the count.

All calls are blocking and made from one worker thread (see tables.py), so SQLite needs no
locking and the event loop never waits on a disk.

Several server processes (workers) may share one PostgreSQL database. A table is then
acted on by one worker at a time, the holder of its lease (`parlour_leases`: the table,
its owner, when it expires). A lease is taken when it is free, already ours, or expired;
it is renewed every few seconds while held, and given back on a handover. Every action
and event a worker stores goes under its lease: the insert's transaction locks the
lease row (SELECT ... FOR UPDATE) and stores only if the row still names this worker;
otherwise nothing is stored and `LeaseLost` says which tables went. Taking a lease
updates that same row, so it waits for an append in flight, and an append after it
finds another owner: two workers can never both append at a table. An expired lease
nobody has taken is still its owner's (nobody else can have stored anything), so a
worker slowed down for a moment loses a table only when another actually takes it.
Times are the database's clock, so the workers' clocks need not agree.
"""

from __future__ import annotations

import hashlib
import json
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Column,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    extract,
    func,
    literal,
    select,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

__all__ = ["IntegrityError", "LeaseLost", "Storage", "StoredTable", "default_db_url", "match_key", "token_hash"]

CHECKPOINT_EVERY = 2.0  # seconds between SQLite WAL checkpoints

metadata = MetaData()

tables_t = Table(
    "parlour_tables",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("dealer", Integer, nullable=False),
    Column("seats", Text, nullable=False),
    Column("created", Float, nullable=False),
)

seats_t = Table(
    "parlour_seats",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("token_hash", String(64), nullable=False),
    Column("name", String(64), nullable=False),
)

actions_t = Table(
    "parlour_actions",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("text", String(200), nullable=False),
)


events_t = Table(
    "parlour_events",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)

leases_t = Table(
    "parlour_leases",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(128), nullable=False),
    Column("expires", Float, nullable=False),
)

LOBBY_CHANNEL = "parlour_lobby"  # NOTIFY'd with a table's id when one of its events is stored


class LeaseLost(Exception):
    """Nothing was stored: this worker no longer holds the lease of these tables."""

    def __init__(self, tables: set[str]) -> None:
        super().__init__(f"the lease of {', '.join(sorted(tables))} is held by another worker")
        self.tables = tables


def table_of(key: str) -> str:
    """The table an action key (`match_key`) belongs to."""
    return key.split(".", 1)[0]


analyses_t = Table(
    "parlour_analyses",
    metadata,
    Column("table_id", String(32), primary_key=True),
    Column("match", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("data", Text, nullable=False),
    Column("at", Float, nullable=False),
)
"""A finished match's analysis of one seat's play (parlour.review), kept over restarts."""

# Events after which a table is not loaded at start-up: it is closed, or its match is
# over (no "again" after it), or nobody has been at it for a while ("quiet").
ENDING_EVENTS = ("closed", "over")


def match_key(table_id: str, match: int) -> str:
    """The key a match's actions are stored under (see the module's doc)."""
    return table_id if match == 0 else f"{table_id}.{match}"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def default_db_url(path: str | Path = "parlour.sqlite3") -> str:
    return f"sqlite:///{Path(path).resolve()}"


@dataclass
class StoredTable:
    """One table as read back from the database."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    dealer: int
    seats: list[dict[str, Any]]
    created: float
    claimed: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (hash, name)
    actions: list[tuple[int, str]] = field(default_factory=list)  # of the match being played
    events: list[tuple[str, dict[str, Any], float]] = field(default_factory=list)  # (kind, data, at)
    match: int = 0  # matches begun before the current one ("again" events)
    next_event: int = 0  # the index of the next event stored (old chat lines leave gaps)

    def record(self) -> dict[str, Any]:
        """The table's game record (parlour.record format) as far as it has been played."""
        return {
            "parlour": 1,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "dealer": self.dealer,
            "actions": [[seat, text] for seat, text in self.actions],
        }


class Storage:
    """The database of tables, seats and actions."""

    def __init__(self, url: str) -> None:
        self.url = url
        # pre_ping: after a database restart every pooled connection is dead; each is
        # tested as it is taken and replaced, instead of failing the next store.
        self.engine: Engine = create_engine(url, future=True, pool_pre_ping=True)
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        if self.engine.dialect.name == "sqlite" and self.engine.url.database not in (None, "", ":memory:"):
            # Checkpoints fsync; done here, off the commit path, they never stall a table.
            self._checkpointer = threading.Thread(target=self._checkpoints, name="parlour-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self) -> None:
        while not self._stop.wait(CHECKPOINT_EVERY):
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception:  # a busy or closing database: try again next time
                continue

    def describe(self) -> str:
        """The database as printed at start: the file for SQLite, else the URL sans password."""
        if self.engine.dialect.name == "sqlite":
            return self.engine.url.database or ":memory:"
        return self.engine.url.render_as_string(hide_password=True)

    def _now(self) -> Any:
        """The database's clock in seconds (PostgreSQL's), else this process's (SQLite is
        one process's database)."""
        if self.engine.dialect.name == "postgresql":
            return extract("epoch", func.clock_timestamp())
        return literal(time.time())

    def _held(self, conn: Any, tables: set[str], owner: str) -> set[str]:
        """Of `tables`, those whose lease names `owner`, their rows locked till the commit."""
        query = select(leases_t.c.table_id).where(leases_t.c.table_id.in_(sorted(tables)), leases_t.c.owner == owner)
        return set(conn.execute(query.with_for_update()).scalars())

    def take_lease(self, table_id: str, owner: str, seconds: float) -> str | None:
        """Take (or renew) the lease of a table for `seconds`: None when `owner` holds it
        now, else the worker that does. Free, ours, or expired: it is taken."""
        insert = (postgresql.insert if self.engine.dialect.name == "postgresql" else sqlite.insert)(leases_t)
        now = self._now()
        statement = insert.values(table_id=table_id, owner=owner, expires=now + seconds).on_conflict_do_update(
            index_elements=[leases_t.c.table_id],
            set_={"owner": insert.excluded.owner, "expires": insert.excluded.expires},
            where=(leases_t.c.owner == insert.excluded.owner) | (leases_t.c.expires < now),
        ).returning(leases_t.c.owner)
        with self.engine.begin() as conn:
            if conn.execute(statement).first() is not None:
                return None
            holder = conn.execute(select(leases_t.c.owner).where(leases_t.c.table_id == table_id)).scalar()
        return str(holder) if holder is not None else "?"

    def renew_leases(self, owner: str, tables: list[str], seconds: float) -> set[str]:
        """Extend the leases `owner` still holds among `tables`; returns those."""
        if not tables:
            return set()
        with self.engine.begin() as conn:
            found = conn.execute(
                leases_t.update()
                .where(leases_t.c.table_id.in_(tables), leases_t.c.owner == owner)
                .values(expires=self._now() + seconds)
                .returning(leases_t.c.table_id)
            )
            return set(found.scalars())

    def release_lease(self, table_id: str, owner: str, expire: bool = False) -> None:
        """Give a lease back, so anyone may take it at once: deleted (a handover to the
        worker asking, a table done with), or `expire`d (a worker stopping: the others
        adopt the table)."""
        mine = (leases_t.c.table_id == table_id) & (leases_t.c.owner == owner)
        with self.engine.begin() as conn:
            if expire:
                conn.execute(leases_t.update().where(mine).values(expires=self._now() - 1.0))
            else:
                conn.execute(leases_t.delete().where(mine))

    def lease_holder(self, table_id: str) -> tuple[str, float] | None:
        """(owner, seconds left, negative once expired) of a table's lease, or None."""
        with self.engine.connect() as conn:
            row = conn.execute(select(leases_t.c.owner, leases_t.c.expires - self._now())
                               .where(leases_t.c.table_id == table_id)).first()
        return (str(row[0]), float(row[1])) if row is not None else None

    def adoptable(self, owner: str) -> list[str]:
        """Tables whose lease has expired (its worker died or stalled) or still names
        `owner` (this worker's name, from before a restart): theirs to take over."""
        with self.engine.connect() as conn:
            query = select(leases_t.c.table_id).where((leases_t.c.expires < self._now()) | (leases_t.c.owner == owner))
            return list(conn.execute(query).scalars())

    def notify(self, channel: str, payload: str) -> None:
        """PostgreSQL's NOTIFY (nothing elsewhere: one process needs no telling)."""
        if self.engine.dialect.name != "postgresql":
            return
        with self.engine.begin() as conn:
            conn.execute(select(func.pg_notify(channel, payload)))

    def create_table(self, table: StoredTable, owner: str | None = None, lease: float = 0.0) -> None:
        """Store a new table; with `owner`, its lease is taken in the same transaction."""
        with self.engine.begin() as conn:
            if owner is not None:
                conn.execute(leases_t.insert().values(table_id=table.id, owner=owner, expires=self._now() + lease))
            conn.execute(
                tables_t.insert().values(
                    id=table.id,
                    game=table.game,
                    options=json.dumps(table.options),
                    seed=table.seed,
                    dealer=table.dealer,
                    seats=json.dumps(table.seats),
                    created=table.created or time.time(),
                )
            )
            if owner is not None and self.engine.dialect.name == "postgresql":
                conn.execute(select(func.pg_notify(LOBBY_CHANNEL, table.id)))

    def append_event(self, table_id: str, index: int, kind: str, data: dict[str, Any], at: float,
                     keep_chat: int = 0, owner: str | None = None) -> None:
        """One event of a table's log, committed; the key (table, index) refuses a second
        writer. A chat line with `keep_chat` deletes the table's chat lines older than the
        newest `keep_chat` in the same transaction, so a chatty table's log stays bounded.
        With `owner`, stored only under its lease (else LeaseLost), and the other workers
        are told (NOTIFY) that the table changed, for their lobby."""
        with self.engine.begin() as conn:
            if owner is not None:
                if not self._held(conn, {table_id}, owner):
                    raise LeaseLost({table_id})
                if self.engine.dialect.name == "postgresql":
                    conn.execute(select(func.pg_notify(LOBBY_CHANNEL, table_id)))
            conn.execute(
                events_t.insert().values(table_id=table_id, idx=index, kind=kind, data=json.dumps(data), at=at)
            )
            if kind == "chat" and keep_chat > 0:
                chat = (events_t.c.table_id == table_id) & (events_t.c.kind == "chat")
                oldest_kept = conn.execute(
                    select(events_t.c.idx).where(chat).order_by(events_t.c.idx.desc()).offset(keep_chat - 1).limit(1)
                ).scalar()
                if oldest_kept is not None:
                    conn.execute(events_t.delete().where(chat & (events_t.c.idx < oldest_kept)))

    def append_action(self, table_id: str, index: int, seat: int, text: str, owner: str | None = None) -> None:
        """One action, committed. The primary key (table, index) refuses a second writer,
        and with `owner`, so does the lease (LeaseLost)."""
        lost = self.append_actions([(table_id, index, seat, text)], owner)
        if lost:
            raise LeaseLost(lost)

    def append_actions(self, rows: list[tuple[str, int, int, str]], owner: str | None = None) -> set[str]:
        """Several tables' actions in one transaction (the server's group commit). With
        `owner`, only the rows of tables whose lease it holds are stored; returns the
        tables whose lease it lost (their rows not stored)."""
        with self.engine.begin() as conn:
            rows, lost = self._leased(conn, rows, owner)
            if rows:
                conn.execute(
                    actions_t.insert(),
                    [{"table_id": t, "idx": i, "seat": s, "text": x} for t, i, s, x in rows],
                )
        return lost

    def _leased(self, conn: Any, rows: list[tuple[str, int, int, str]], owner: str | None) -> tuple[
            list[tuple[str, int, int, str]], set[str]]:
        if owner is None:
            return rows, set()
        tables = {table_of(row[0]) for row in rows}
        lost = tables - self._held(conn, tables, owner)
        return [row for row in rows if table_of(row[0]) not in lost], lost

    def append_missing_actions(self, rows: list[tuple[str, int, int, str]], owner: str | None = None) -> set[str]:
        """`append_actions` again after a failure: rows already stored (a commit whose
        answer was lost) are skipped, and one stored with other content is a conflict
        (IntegrityError), as a second writer's would be."""
        with self.engine.begin() as conn:
            rows, lost = self._leased(conn, rows, owner)
            missing = []
            for t, i, s, x in rows:
                found = conn.execute(
                    select(actions_t.c.seat, actions_t.c.text).where(actions_t.c.table_id == t, actions_t.c.idx == i)
                ).first()
                if found is None:
                    missing.append({"table_id": t, "idx": i, "seat": s, "text": x})
                elif (found.seat, found.text) != (s, x):
                    raise IntegrityError("append_missing_actions", (t, i), Exception(f"action {i} of {t} differs"))
            if missing:
                conn.execute(actions_t.insert(), missing)
        return lost

    def load_all(self) -> list[StoredTable]:
        """Every table with its claimed seats and its actions in order."""
        return self._load(None)

    def load_live(self, quiet_since: float) -> list[StoredTable]:
        """The tables worth loading at start-up: not closed, their match not over, and
        someone there since `quiet_since` (people were at it when the server stopped, or
        left less than that long ago, or it was made since). The others stay in the
        database and are loaded when someone asks for them."""
        latest: dict[str, tuple[str, float]] = {}
        ended: set[str] = set()
        with self.engine.connect() as conn:
            query = select(events_t.c.table_id, events_t.c.kind, events_t.c.at).where(
                events_t.c.kind.in_([*ENDING_EVENTS, "again", "quiet", "busy"])
            ).order_by(events_t.c.table_id, events_t.c.idx)
            for row in conn.execute(query):
                if row.kind in ENDING_EVENTS:
                    ended.add(row.table_id)
                elif row.kind == "again":
                    ended.discard(row.table_id)
                if row.kind in ("quiet", "busy") or row.table_id not in latest:
                    latest[row.table_id] = (row.kind, row.at)
            made = {row.id: row.created for row in conn.execute(select(tables_t.c.id, tables_t.c.created))}
        wanted = []
        for table_id, created in made.items():
            if table_id in ended:
                continue
            kind, at = latest.get(table_id, ("made", created))
            if kind == "busy" or max(at, created) >= quiet_since:
                wanted.append(table_id)
        return [table for table_id in wanted if (table := self.load_one(table_id)) is not None]

    def load_one(self, table_id: str) -> StoredTable | None:
        """One table, or None if the database has no such table."""
        found = self._load(table_id)
        return found[0] if found else None

    def _load(self, table_id: str | None) -> list[StoredTable]:
        tables_q = select(tables_t).order_by(tables_t.c.created)
        seats_q = select(seats_t)
        events_q = select(events_t).order_by(events_t.c.table_id, events_t.c.idx)
        if table_id is not None:
            tables_q = tables_q.where(tables_t.c.id == table_id)
            seats_q = seats_q.where(seats_t.c.table_id == table_id)
            events_q = events_q.where(events_t.c.table_id == table_id)
        with self.engine.connect() as conn:
            out: dict[str, StoredTable] = {}
            for row in conn.execute(tables_q):
                out[row.id] = StoredTable(
                    id=row.id,
                    game=row.game,
                    options=json.loads(row.options),
                    seed=row.seed,
                    dealer=row.dealer,
                    seats=json.loads(row.seats),
                    created=row.created,
                )
            for row in conn.execute(seats_q):
                if row.table_id in out:
                    out[row.table_id].claimed[row.seat] = (row.token_hash, row.name)
            for row in conn.execute(events_q):
                if row.table_id in out:
                    stored = out[row.table_id]
                    data = json.loads(row.data)
                    stored.events.append((row.kind, data, row.at))
                    stored.next_event = row.idx + 1
                    if row.kind == "again":  # a new match: its own deal
                        stored.match += 1
                        stored.seed = int(data["seed"])
                    elif row.kind == "start" and "seed" in data:  # a waiting room's deal, drawn at its start
                        stored.seed = int(data["seed"])
            keys = {match_key(t.id, t.match): t for t in out.values()}
            actions_q = select(actions_t).order_by(actions_t.c.table_id, actions_t.c.idx)
            if table_id is not None:
                actions_q = actions_q.where(actions_t.c.table_id.in_(list(keys)))
            for row in conn.execute(actions_q):
                if row.table_id in keys:
                    keys[row.table_id].actions.append((row.seat, row.text))
        return list(out.values())

    def store_analysis(self, table_id: str, match: int, seat: int, data: dict[str, Any]) -> None:
        """One seat's analysis of a finished match; a second store of the same is ignored."""
        with self.engine.begin() as conn:
            found = conn.execute(select(analyses_t.c.seat).where(
                analyses_t.c.table_id == table_id, analyses_t.c.match == match, analyses_t.c.seat == seat)).first()
            if found is None:
                conn.execute(analyses_t.insert().values(table_id=table_id, match=match, seat=seat,
                                                        data=json.dumps(data), at=time.time()))

    def load_analysis(self, table_id: str, match: int, seat: int) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            data = conn.execute(select(analyses_t.c.data).where(
                analyses_t.c.table_id == table_id, analyses_t.c.match == match, analyses_t.c.seat == seat)).scalar()
        return None if data is None else dict(json.loads(data))

    def match_start(self, table_id: str, match: int) -> tuple[int, list[tuple[int, str]]]:
        """The seed the table was made with and the actions of its match `match` (an
        earlier one than `StoredTable` holds: its record is built from these and the
        match's own start event)."""
        with self.engine.connect() as conn:
            seed = conn.execute(select(tables_t.c.seed).where(tables_t.c.id == table_id)).scalar()
            rows = conn.execute(select(actions_t.c.seat, actions_t.c.text).where(
                actions_t.c.table_id == match_key(table_id, match)).order_by(actions_t.c.idx)).all()
        return int(seed or 0), [(row.seat, row.text) for row in rows]

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=5)
        self.engine.dispose()


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    # WAL with synchronous=NORMAL: a commit survives the process being killed (the case
    # the server promises to survive) without an fsync per action. Checkpoints are left
    # to Storage's own thread instead of the commit that happens to fill the WAL.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA wal_autocheckpoint=0")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()
