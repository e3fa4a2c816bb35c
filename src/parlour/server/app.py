"""The web parlour's HTTP and websocket app (Starlette). The protocol is docs/protocol.md.

HTTP serves the client (static files), the lobby (games, tables, creating a table, taking
a seat). One websocket per seat or spectator carries the play: the client says `hello`
with its table and seat token, then sends `act` messages and receives a `state` message,
then after each change a `delta` (what changed: delta.py), or whole states only when it
connected to `/ws?full=1`.
Input is distrusted: size-capped, rate-limited per connection, and every refusal is an
`error` message that changes nothing. A client address may hold `sockets_per_address`
websockets at once (idle sockets would otherwise use up the file descriptors), and its
address is the peer's own unless the peer is a proxy named by `--forwarded-allow-ips`
(serve.py), so a forged X-Forwarded-For buys no fresh lobby allowance. A connection whose
client stops reading is closed once one message waits `stall_seconds` to be sent, or its
outbox overflows: a table's messages are never held up for it, and it does not linger.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import gzip
import hashlib
import json
import logging
import os
import socket
import struct
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.engine import OptionsError
from parlour.games import get_game
from parlour.howto import how_to_play
from parlour.howto.markup import to_html
from parlour.record import RecordError
from parlour.replay import View, ViewError, parse_view, replay_page
from parlour.server.analyses import AnalysisDesk, analysis_record, analysis_seed, person_of
from parlour.server.replays import GivenUp, ReplayDesk
from parlour.server.settings import RATE, STALL_SECONDS, Settings
from parlour.server.settings import (
    SOCKETS_PER_ADDRESS as SOCKETS_PER_ADDRESS,  # the tests' and tools' name for it
)
from parlour.server.storage import Storage, token_hash
from parlour.server.tables import (
    Listener,
    Table,
    TableError,
    TableManager,
    checked_options,
)

log = logging.getLogger("parlour.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
MAX_MESSAGE = 4096  # bytes of one client message; the protocol's messages are far smaller
MAX_BODY = 16384  # bytes of an HTTP request body
MAX_RECORD = 262144  # bytes of a record sent to POST /api/replay (a long match of Yaniv is about 50 kB)
MAX_REPLAY_ACTIONS = 5000  # actions of a record replayed for a viewer
PAGE = 100  # frames of a replay in one answer, at most (they cost CPU and memory to build)
REPLAY_STATUS = {"match_not_over": 409, "no_analysis": 404, "bad_match": 400, "bad_seat": 400, "not_started": 409, "bad_token": 403, "rate_limited": 429, "busy": 503, "shutting_down": 503}
OUTBOX_LIMIT = 256  # messages queued for a connection that does not read them, before it is closed
BURST = 2 * RATE  # messages a connection may send in a burst
LOBBY_BURST = 10.0  # tables created or seats taken per client address in a burst
HOST_REQUESTS = ("move", "fill", "open", "start", "remove")
TABLE_REQUESTS = (*HOST_REQUESTS, "leave", "resign", "again", "chat")
MESSAGE_TYPES = ("hello", "act", "ping", "hint", "sync", *TABLE_REQUESTS)
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


class RateLimit:
    """A token bucket: `allow()` is False once the connection sends faster than RATE."""

    def __init__(self, rate: float = RATE, burst: float = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


def cut_socket(ws: WebSocket) -> None:
    """Reset the TCP connection under `ws` at once.

    The websocket layer's own close never completes for a client that reads nothing: the
    close frame waits behind unsent data, and its transport waits for a flush that will
    not come, so the socket and its descriptor would linger. Found by its two addresses
    among our own descriptors, the socket is set to reset on close and shut down, so the
    next write fails and the event loop drops it. Linux only (/proc); elsewhere, and
    behind a proxy (which changes the peer's address), the websocket layer's close stands.
    """
    peer, local = ws.scope.get("client"), ws.scope.get("server")
    if not peer or not local or not os.path.isdir("/proc/self/fd"):
        return
    for name in os.listdir("/proc/self/fd"):
        try:
            if not os.readlink(f"/proc/self/fd/{name}").startswith("socket:"):
                continue
            sock = socket.socket(fileno=os.dup(int(name)))
        except OSError:
            continue
        try:
            if sock.family not in (socket.AF_INET, socket.AF_INET6) or sock.type != socket.SOCK_STREAM:
                continue
            if sock.getsockname()[1] != local[1]:
                continue
            if tuple(sock.getpeername()[:2]) == (peer[0], peer[1]):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.shutdown(socket.SHUT_RDWR)
                return
        except OSError:
            continue
        finally:
            sock.close()


def parse_json(data: str | bytes, what: str) -> Any:
    """JSON from a client, or TableError `bad_json`: malformed text, and nesting too deep
    for the parser (a RecursionError, which would otherwise end the request or the
    connection without a word)."""
    try:
        return json.loads(data)
    except json.JSONDecodeError as exc:
        raise TableError("bad_json", f"{what} is not JSON: {exc.msg} at character {exc.pos}") from None
    except RecursionError:
        raise TableError("bad_json", f"{what} is nested too deeply") from None


class Connection:
    """One websocket: reads client messages, queues server messages for its writer."""

    def __init__(self, websocket: WebSocket, manager: TableManager, rate: float = RATE,
                 stall_seconds: float = STALL_SECONDS) -> None:
        self.ws = websocket
        self.manager = manager
        self.stall_seconds = stall_seconds
        self.outbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.table: Table | None = None
        self.listener: Listener | None = None
        self.limit = RateLimit(rate, 2 * rate)
        self.last_limit_error = 0.0
        self.dropped = False
        self.hint_task: asyncio.Task[None] | None = None
        self.address = websocket.client.host if websocket.client else None
        self.deltas = websocket.query_params.get("full") not in ("1", "true")  # `/ws?full=1`: whole states only
        self.close_code, self.close_reason = 1008, "too slow"

    def moved(self) -> None:
        """The table moved to another worker: the connection closes (1012, as at a
        restart), and its client connects again, through the proxy to the table's worker."""
        self.close_code, self.close_reason = 1012, "the table moved; connect again"
        self.dropped = True
        while not self.outbox.empty():
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)

    def send(self, message: dict[str, Any]) -> None:
        if self.dropped:
            return
        if self.outbox.qsize() > OUTBOX_LIMIT:
            self.dropped = True
            while not self.outbox.empty():  # nothing queued will be read now
                self.outbox.get_nowait()
            self.outbox.put_nowait(None)  # too slow to keep up: the writer closes
            return
        self.outbox.put_nowait(message)

    def error(self, code: str, message: str, reply_to: Any = None) -> None:
        out: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if isinstance(reply_to, str):
            out["in_reply_to"] = reply_to[:32]
        if self.table is not None:
            out["version"] = self.table.version
        self.send(out)

    async def writer(self) -> None:
        """Send the outbox in order. A client that leaves one message unsent for
        `stall_seconds` (it stopped reading: its socket's buffers are full) or lets the
        outbox overflow is dropped: it stops watching its table at once, and the socket
        is closed (the websocket layer aborts it if even the close frame cannot go)."""
        while True:
            message = await self.outbox.get()
            if message is None:
                break
            try:
                await asyncio.wait_for(self.ws.send_text(json.dumps(message, separators=(",", ":"))), self.stall_seconds)
            except TimeoutError:
                log.info("a client stopped reading for %g s; closing its connection", self.stall_seconds)
                break
        self.dropped = True
        self.leave()
        if message is not None:  # stuck on a send: not even a close frame would go
            cut_socket(self.ws)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(code=self.close_code, reason=self.close_reason), self.stall_seconds)

    def leave(self) -> None:
        """Stop watching the table (idempotent)."""
        if self.table is not None and self.listener is not None:
            self.table.detach(self.listener)
        self.listener = None

    async def reader(self) -> None:
        with contextlib.suppress(WebSocketDisconnect):
            while True:
                raw = await self.ws.receive()
                if raw["type"] == "websocket.disconnect":
                    return
                data = raw.get("text")
                if data is None:
                    data = (raw.get("bytes") or b"").decode("utf-8", "replace")
                await self.handle(data)

    async def run(self) -> None:
        await self.ws.accept()
        tasks = [asyncio.create_task(self.reader()), asyncio.create_task(self.writer())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            self.leave()
            if self.hint_task is not None:
                tasks.append(self.hint_task)
            for task in tasks:
                task.cancel()
            for task in tasks:
                with contextlib.suppress(BaseException):
                    await task

    async def handle(self, data: str) -> None:
        if not self.limit.allow():
            now = time.monotonic()
            if now - self.last_limit_error > 1.0:
                self.last_limit_error = now
                self.error("rate_limited", f"too many messages: at most {self.limit.rate:g} a second; this one was ignored")
            return
        if len(data.encode()) > MAX_MESSAGE:
            self.error("too_large", f"a message may be at most {MAX_MESSAGE} bytes; this one was ignored")
            return
        try:
            message = parse_json(data, "the message")
        except TableError as exc:
            self.error(exc.code, exc.message)
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self.error("bad_message", "a message is a JSON object with a 'type'")
            return
        kind = message["type"]
        try:
            if kind == "hello":
                await self.hello(message)
            elif kind == "act":
                await self.act(message)
            elif kind == "ping":
                self.send({"type": "pong"})
            elif kind == "hint":
                self.ask_hint()
            elif kind == "sync":
                await self.sync()
            elif kind in TABLE_REQUESTS:
                await self.table_request(kind, message)
            else:
                raise TableError("unknown_type", f"unknown message type {kind[:32]!r} (types: {', '.join(MESSAGE_TYPES)})")
        except TableError as exc:
            self.error(exc.code, exc.message, kind)
        except Exception:  # a fault of ours: say so, keep the connection, log it
            log.exception("a %r message could not be handled", kind[:32])
            self.error("server_error", "the server failed to handle this message; nothing changed", kind)

    async def hello(self, message: dict[str, Any]) -> None:
        table = await self.manager.get(message.get("table"))
        token = message.get("token")
        seat = table.seat_of_token(token) if token is not None else None
        if self.dropped:
            return
        self.leave()
        self.table = table
        address = self.ws.client.host if self.ws.client else None
        self.listener = Listener(seat, self.send, token_hash(token) if seat is not None else None, address,
                                 self.deltas, self.moved)
        async with table.lock:  # never between an action's apply and its commit
            if table.moved:  # handed over while this hello waited
                self.moved()
                return
            with contextlib.suppress(TableError):  # the database away: the seat is back all the same
                await table.arrive(self.listener)
            table.attach(self.listener)
            table.welcome(self.listener)
        table.wake_bot()

    async def table_request(self, kind: str, message: dict[str, Any]) -> None:
        """Everything but play: the host's, a seated person's, and chat."""
        if self.table is None or self.listener is None:
            raise TableError("not_seated", "say hello with your table (and seat token) first")
        if kind in HOST_REQUESTS:
            await self.table.host_request(self.listener, kind, message)
        elif kind == "chat":
            await self.table.say(self.listener, message.get("text"), message.get("name"))
        else:
            await self.table.player_request(self.listener, kind)

    async def sync(self) -> None:
        """The whole state again: the client missed a state (a delta's `seq` did not follow
        its last state's)."""
        if self.table is None or self.listener is None:
            raise TableError("not_seated", "say hello with your table first")
        await self.table.resend(self.listener)

    def ask_hint(self) -> None:
        """Start working out a hint for this connection's seat; one at a time here, and
        the table and the server's hint budget refuse the rest (`Table.hint`): hints have
        threads of their own, never the bots' (the answer comes as a `hint` or an `error`)."""
        if self.table is None or self.listener is None:
            raise TableError("not_seated", "say hello with your table and seat token first")
        if self.listener.seat is None:
            raise TableError("not_your_turn", "hints are for the seat to act; spectators get none")
        if self.hint_task is not None and not self.hint_task.done():
            raise TableError("rate_limited", "a hint is already being worked out; wait for it")
        self.hint_task = asyncio.create_task(self._hint(self.table, self.listener.seat))

    async def _hint(self, table: Table, seat: int) -> None:
        try:
            self.send(await table.hint(seat, self.address))
        except TableError as exc:
            self.error(exc.code, exc.message, "hint")
        except Exception:
            log.exception("a hint at table %s failed", table.id)
            self.error("no_hint", "no hint could be worked out here", "hint")

    async def act(self, message: dict[str, Any]) -> None:
        if self.table is None or self.listener is None:
            raise TableError("not_seated", "say hello with your table and seat token first")
        if self.listener.seat is None:
            raise TableError("spectator", "spectators cannot act; take a seat to play")
        await self.table.act(self.listener.seat, message.get("action"), message.get("version"))


def create_app(db_url: str, settings: Settings | None = None) -> Starlette:
    """The app; the database is opened and every table restored at start-up."""
    settings = settings or Settings()
    rate, lobby_rate = settings.rate, settings.lobby_rate
    sockets_per_address, stall_seconds = settings.sockets_per_address, settings.stall_seconds
    holder: dict[str, TableManager] = {}

    def manager() -> TableManager:
        return holder["manager"]

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        storage = Storage(db_url)
        holder["manager"] = TableManager(storage, settings)
        restored = await holder["manager"].restore()
        if restored:
            log.info("restored %d tables", restored)
        holder["manager"].lobby()  # made once, before the first visitor asks
        # What start-up made lives as long as the server: keep it out of every collection.
        gc.collect()
        gc.freeze()
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(holder["manager"].sweep())
        helpers = []
        if settings.worker is not None:  # one of several workers: hold leases, hear the others
            helpers = [loop.create_task(holder["manager"].hold()), loop.create_task(holder["manager"].listen())]
        # The server's stop signal, before it waits for requests in flight: replays
        # waiting or being built are let go at once (serve.py calls this).
        app.state.stopping = lambda: loop.call_soon_threadsafe(desk.stop)
        yield
        desk.stop()
        analyses.shutdown()
        sweeper.cancel()
        for task in helpers:
            task.cancel()
        await holder["manager"].let_go_all()
        holder["manager"].close()

    async def index(_request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers=SECURITY_HEADERS)

    async def games(_request: Request) -> Response:
        return JSONResponse(manager().lobby())

    async def healthz(_request: Request) -> Response:
        """For the proxy's health checks: 200 while this worker serves."""
        return JSONResponse({"ok": True, "worker": settings.worker, "pid": os.getpid()})

    async def tables(_request: Request) -> Response:
        try:
            open_tables, finished = await manager().lobby_tables()
        except TableError as exc:
            return _error(exc, 503)
        return JSONResponse({"tables": open_tables, "finished": finished})

    async def table_info(request: Request) -> Response:
        try:
            return JSONResponse((await manager().peek(request.path_params["table_id"])).summary())
        except TableError as exc:
            return _error(exc, 404)

    async def howto(request: Request) -> Response:
        """How to play the game, its options explained with this table's values (`?options=`)."""
        try:
            game = get_game(request.path_params["game"])
        except OptionsError as exc:
            return _error(TableError("unknown_game", str(exc)), 404)
        raw = request.query_params.get("options")
        try:
            if raw is not None and len(raw) > MAX_BODY:
                raise TableError("too_large", f"the options may be at most {MAX_BODY} characters")
            options = checked_options(game, parse_json(raw, "options") if raw else {})
        except TableError as exc:
            return _error(exc, 400)
        markdown = how_to_play(game.name, options.to_json())
        return JSONResponse({"game": game.name, "title": game.title, "markdown": markdown, "html": to_html(markdown)})

    lobby_limits: dict[str, RateLimit] = {}

    def lobby_limit(request: Request) -> None:
        """Tables and seats a client address may ask for (default: 10 at once, then one each 5 s)."""
        host = client_address(request) or "?"
        if len(lobby_limits) > 10_000:
            lobby_limits.clear()
        bucket = lobby_limits.setdefault(host, RateLimit(lobby_rate, max(LOBBY_BURST, 50 * lobby_rate)))
        if not bucket.allow():
            raise TableError("rate_limited", "too many tables or seats asked for; wait a few seconds")

    async def create_table(request: Request) -> Response:
        try:
            lobby_limit(request)
            body = await _json_body(request)
            table, seat, token = await manager().create(body, client_address(request))
        except TableError as exc:
            return _error(exc, 429 if exc.code in ("rate_limited", "too_many_tables") else 400)
        return JSONResponse({"table": table.summary(), "seat": seat, "token": token})

    async def join(request: Request) -> Response:
        try:
            table = await manager().get(request.path_params["table_id"])
        except TableError as exc:
            return _error(exc, 404)
        try:
            lobby_limit(request)
            body = await _json_body(request)
            seat, token = await table.claim(body.get("seat"), body.get("name"), address=client_address(request))
        except TableError as exc:
            status = {"seat_taken": 409, "table_full": 409, "closed": 409, "left_match": 403,
                      "rate_limited": 429}.get(exc.code, 400)
            return _error(exc, status)
        return JSONResponse({"table": table.summary(), "seat": seat, "token": token})

    desk = ReplayDesk()

    def page_of(request: Request) -> tuple[int, int]:
        """The frames asked for: `from` (default 0) and `count` (default and at most PAGE)."""
        def number(name: str, default: int, high: int) -> int:
            raw = request.query_params.get(name)
            if raw is None:
                return default
            try:
                value = int(raw)
            except ValueError:
                raise TableError("bad_page", f"'{name}' is a whole number, not {raw[:20]!r}") from None
            low = 1 if name == "count" else 0
            if not low <= value <= high:
                raise TableError("bad_page", f"'{name}' must be from {low} to {high}, not {value}")
            return value
        return number("from", 0, 2 * MAX_REPLAY_ACTIONS + 1), number("count", PAGE, PAGE)

    async def replay_body(request: Request, source: tuple[Any, ...], record: dict[str, Any], view: View,
                          seats: list[dict[str, Any]] | None) -> bytes:
        """A page of a replay as gzipped JSON (frames repeat themselves: a tenth of the
        size or less), from the cache or else worked out at the replay desk (its own
        thread, its line per address), and given up if the client leaves first."""
        actions = record.get("actions")
        if isinstance(actions, list) and len(actions) > MAX_REPLAY_ACTIONS:
            raise TableError("too_large", f"a replay may have at most {MAX_REPLAY_ACTIONS} actions; this record has {len(actions)}")
        start, count = page_of(request)
        key = (*source, view, start, count)
        body = desk.cached(key)
        if body is not None:
            return body

        def work(check: Callable[[], None]) -> bytes:
            try:
                data = replay_page(record, view, start, count, seats, check)
            except ViewError as exc:
                raise TableError("bad_view", str(exc)) from None
            except RecordError as exc:
                raise TableError("bad_record", str(exc)) from None
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
                # A hostile record can reach past what start_of checks (a later hand's deal).
                log.info("a record could not be replayed: %r", exc)
                raise TableError("bad_record", "the record cannot be replayed: one of its deals or actions is malformed") from None
            return gzip.compress(json.dumps(data, separators=(",", ":")).encode(), 5)

        address = client_address(request) or "?"
        job = asyncio.ensure_future(desk.run(address, work))
        gone = asyncio.ensure_future(_client_gone(request))
        try:
            await asyncio.wait((job, gone), return_when=asyncio.FIRST_COMPLETED)
            if not job.done():
                log.info("a replay was given up: its client left")
                raise TableError("gone", "the client has gone")
            body = job.result()
        except GivenUp:
            raise TableError("shutting_down", "the server is stopping; ask again in a moment") from None
        finally:
            for task in (job, gone):
                task.cancel()
            with contextlib.suppress(BaseException):
                await job
        desk.keep(key, body)
        return body

    def replay_response(body: bytes, request: Request) -> Response:
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(body, media_type="application/json", headers={"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})
        return Response(gzip.decompress(body), media_type="application/json", headers={"Vary": "Accept-Encoding"})

    def view_of(request: Request, players: int | None) -> View:
        try:
            return parse_view(request.query_params.get("seat"), players)
        except ValueError as exc:
            raise TableError("bad_view", str(exc)) from None

    async def table_record(request: Request) -> Response:
        try:
            table = await manager().peek(request.path_params["table_id"])
        except TableError as exc:
            return _error(exc, 404)
        async with table.lock:
            try:
                record = table.finished_record()
            except TableError as exc:
                return _error(exc, 409)
        name = f"parlour-{table.game.name}-{table.id}.json"
        return JSONResponse(record, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def table_replay(request: Request) -> Response:
        try:
            table = await manager().peek(request.path_params["table_id"])
        except TableError as exc:
            return _error(exc, 404)
        try:
            view = view_of(request, table.players)
            async with table.lock:
                record = table.replay_record(view, request.headers.get("x-parlour-token"))
                seats = table.seat_info()
                source = ("table", table.id, table.stored.match, table.version)
            body = await replay_body(request, source, record, view, seats)
        except TableError as exc:
            return _error(exc, REPLAY_STATUS.get(exc.code, 400))
        return replay_response(body, request)

    async def record_replay(request: Request) -> Response:
        try:
            lobby_limit(request)
            record = await _json_body(request, MAX_RECORD, "the record")
            view = view_of(request, None)
            digest = hashlib.sha256(json.dumps(record, sort_keys=True).encode()).hexdigest()
            body = await replay_body(request, ("record", digest), record, view, None)
        except TableError as exc:
            return _error(exc, REPLAY_STATUS.get(exc.code, 400))
        return replay_response(body, request)

    analyses = AnalysisDesk(settings.analysis_threads, settings.analysis_queue, settings.analysis_patience)
    storing: set[asyncio.Task[None]] = set()

    async def store_when_done(key: tuple[str, int, int], future: Any) -> None:
        with contextlib.suppress(Exception):
            result = await asyncio.wrap_future(future)
            await manager().db(manager().storage.store_analysis, *key, result)

    async def analysis(request: Request) -> Response:
        """POST: start (or join) the analysis of one seat's play in a finished match; GET:
        its progress, and the analysis once done (docs/protocol.md, "Analyse my play")."""
        try:
            table = await manager().get(request.path_params["table_id"])
        except TableError as exc:
            return _error(exc, 404)
        token = request.headers.get("x-parlour-token") or None
        try:
            if request.method == "POST":
                body = await _json_body(request)
                seat, match = body.get("seat"), body.get("match")
            else:
                seat, match = _number_param(request, "seat"), _number_param(request, "match")
            key, record = await analysis_record(table, seat, match, token, request.method == "POST")
            person = person_of(token, client_address(request))
            done = analyses.cached(key)
            if done is None:
                job = analyses.job(key, person)
                if job is not None and (request.method != "POST" or job.state != "cancelled"):
                    return JSONResponse(job.status())
                done = await manager().db_or_refuse(manager().storage.load_analysis, *key)
                if done is not None:
                    analyses.keep(key, done)
            if done is not None:
                return JSONResponse({"type": "analysis", "table": key[0], "match": key[1], "seat": key[2],
                                     "state": "done", "done": 1, "total": 1, "analysis": done})
            if request.method != "POST":
                raise TableError("no_analysis", "this seat's play has not been analysed: ask for it first (POST)")
            names = table.room.seat_names()
            seconds, deals = settings.analysis_seconds, settings.analysis_deals

            assert record is not None

            def work(step: Callable[[int, int], None]) -> dict[str, Any]:
                from parlour.review import analyse

                assert record is not None
                return analyse(record, key[2], seconds=None if deals else seconds, iterations=deals,
                               seed=analysis_seed(key), names=names, step=step)

            job, new = analyses.start(key, person, work)
            if new and job.future is not None:
                task = asyncio.ensure_future(store_when_done(key, job.future))
                storing.add(task)
                task.add_done_callback(storing.discard)
            return JSONResponse(job.status(), status_code=202)
        except TableError as exc:
            return _error(exc, REPLAY_STATUS.get(exc.code, 400))

    sockets: dict[str, int] = {}

    async def websocket(ws: WebSocket) -> None:
        host = ws.client.host if ws.client else "?"
        if sockets.get(host, 0) >= sockets_per_address:
            await ws.accept()
            await ws.close(code=1013, reason=f"too many connections from your address (at most {sockets_per_address})")
            return
        sockets[host] = sockets.get(host, 0) + 1
        try:
            await Connection(ws, manager(), rate, stall_seconds).run()
        finally:
            sockets[host] -= 1
            if not sockets[host]:
                del sockets[host]

    routes = [
        Route("/", index),
        Route("/healthz", healthz),
        Route("/api/games", games),
        Route("/api/games/{game}/howto", howto, methods=["GET"]),
        Route("/api/tables", tables, methods=["GET"]),
        Route("/api/tables", create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", table_info, methods=["GET"]),
        Route("/api/tables/{table_id}/join", join, methods=["POST"]),
        Route("/api/tables/{table_id}/record", table_record, methods=["GET"]),
        Route("/api/tables/{table_id}/replay", table_replay, methods=["GET"]),
        Route("/api/tables/{table_id}/analysis", analysis, methods=["GET", "POST"]),
        Route("/api/replay", record_replay, methods=["POST"]),
        WebSocketRoute("/ws", websocket),
        Mount("/static", StaticFiles(directory=WEB_DIR), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    return app


async def _json_body(request: Request, limit: int = MAX_BODY, what: str = "the request") -> dict[str, Any]:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TableError("too_large", f"{what} may be at most {limit} bytes")
    data = parse_json(body or b"{}", what)
    if not isinstance(data, dict):
        raise TableError("bad_message", f"{what} is a JSON object")
    return data


def _number_param(request: Request, name: str) -> int | None:
    raw = request.query_params.get(name)
    if raw is None:
        return None
    try:
        return int(raw)
    except ValueError:
        raise TableError(f"bad_{name}", f"'{name}' is a whole number, not {raw[:20]!r}") from None


async def _client_gone(request: Request) -> None:
    """Returns once the client has hung up (its request's body already read)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass


def client_address(request: Request) -> str | None:
    """The client's address: the peer's, or the one a trusted proxy names (serve.py)."""
    return request.client.host if request.client else None


def _error(exc: TableError, status: int) -> JSONResponse:
    """An error answer; `server_error` (the database out of reach) is 503 whatever the
    route, so a client knows to try again."""
    if exc.code == "server_error":
        status = 503
    return JSONResponse({"type": "error", "code": exc.code, "message": exc.message}, status_code=status)
