"""Tables: one match each, its seats, its watchers, its bots, and the order of its actions.

Everything a seat learns about a table leaves through `Table.observe` (the one choke
point): the websocket messages, the bots and the hand history are all built from
`state.observation(seat)` for the seat asking, or `observation(None)` for spectators.

An action is applied under the table's lock: its version must be the table's current
version (the number of actions so far), its seat the one to act, and the engine must
accept it; then it is appended to the database, and only then broadcast. Whatever sends
an observation to a connection holds the lock too, so no one sees an action before it is
stored. Bots act through the same `act` as people, after a short delay so people can
follow the play.

A bot thinks in a worker thread, never on the event loop, within the server's per-move
limit (`bot_seconds`): a search bot stops by then with its best move so far, and a bot
that still has not answered a little later is played for (a legal move), so no setting
of any bot can stall the other tables. The lobby offers named bots only (`bot_names`,
each with its default, bounded settings); a spec with parameters is refused unless the
server allows any bot, and even then the bot's own validation bounds every parameter.

The database may go away (a restart, a failover): a store is retried with back-off for
`STORE_PATIENCE` seconds before the action is refused, and a bot whose action could not
be stored tries again later, so a table never waits for a wake-up that will not come.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import random
import secrets
import sys
import time
import unicodedata
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from parlour.analysis import NoHint, hint, hint_patience
from parlour.bots import Bot, bot_names, make_bot
from parlour.engine import Game, GameOptions, IllegalAction, OptionsError, State
from parlour.games import GAMES, get_game
from parlour.record import apply_entry, start_of
from parlour.server.storage import IntegrityError, Storage, StoredTable, token_hash

log = logging.getLogger("parlour.server")

NAME_LIMIT = 24
BOT_SECONDS = 1.5  # the default limit of one bot move (--bot-seconds)
BOT_GRACE = 0.5  # seconds past its limit before a bot's move is played for it
BOT_THREADS = 4  # bot moves thought about at once; more would only share the GIL
STORE_PATIENCE = 15.0  # seconds a store is retried while the database is away
STORE_FIRST_WAIT = 0.05  # ... first wait between tries, doubled up to STORE_LONGEST_WAIT
STORE_LONGEST_WAIT = 2.0
BOT_RETRY_LONGEST = 30.0  # the longest a bot waits before trying a refused action again


class TableError(Exception):
    """A request the table refuses; `code` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Listener:
    """A connection watching a table: a seat (with its token) or a spectator (seat None).

    `send` must not block: it queues the message for the connection's writer.
    """

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], None]) -> None:
        self.seat = seat
        self.send = send


def clean_name(name: Any, seat: int) -> str:
    """A name fit to show others: NFKC-normalised, without control or format characters
    (NUL, ESC, bidirectional overrides, zero-width spaces: Unicode Cc and Cf, which let a
    name pose as another), spaces collapsed, cut to NAME_LIMIT; else "Player n"."""
    if not isinstance(name, str):
        return f"Player {seat}"
    text = unicodedata.normalize("NFKC", name)
    text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf"))
    text = " ".join(text.split())[:NAME_LIMIT].strip()
    return text or f"Player {seat}"


class Table:
    """One table: a match in progress, its seats and the connections that watch it."""

    def __init__(self, manager: TableManager, stored: StoredTable) -> None:
        self.manager = manager
        self.id = stored.id
        self.stored = stored
        self.game: Game = get_game(stored.game)
        self.state: State = start_of(stored.record() | {"actions": []})
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        self.bots: dict[int, Bot] = {}
        self.bot_specs: dict[int, str] = {}
        for seat, spec in enumerate(stored.seats):
            if spec.get("bot"):
                self.bot_specs[seat], self.bots[seat] = manager.seat_bot(
                    str(spec["bot"]), self.game, seat, (stored.seed + seat) & 0xFFFFFFFF
                )
        self.claimed: dict[int, tuple[str, str]] = dict(stored.claimed)
        self.hands: list[dict[int | None, Any]] = []  # per finished hand: seat -> last_hand
        self.bot_task: asyncio.Task[None] | None = None
        self.thinking: dict[int, Future[str]] = {}  # a bot's move still being thought about
        self.bot_failures = 0  # bot actions refused by the database in a row
        for index, entry in enumerate(stored.actions):
            apply_entry(self.state, list(entry), index)
            self._after_action()

    # --- the one place observations leave ---------------------------------------------
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator). Nothing else reads the state for a seat."""
        return self.state.observation(seat)

    # --- facts anyone may read ----------------------------------------------------------
    @property
    def version(self) -> int:
        """Actions stored so far (an action being committed is not counted yet)."""
        return len(self.stored.actions)

    @property
    def players(self) -> int:
        return self.state.players

    def seat_info(self) -> list[dict[str, Any]]:
        connected = {lis.seat for lis in self.listeners if lis.seat is not None}
        out = []
        for seat in range(self.players):
            if seat in self.bots:
                bot = self.bot_specs[seat]
                out.append(
                    {"seat": seat, "kind": "bot", "bot": bot, "name": f"Bot {seat} ({bot})", "taken": True, "connected": True}
                )
            else:
                claim = self.claimed.get(seat)
                out.append(
                    {
                        "seat": seat,
                        "kind": "person",
                        "name": claim[1] if claim else None,
                        "taken": claim is not None,
                        "connected": seat in connected,
                    }
                )
        return out

    def summary(self) -> dict[str, Any]:
        state = self.state
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.stored.options,
            "seats": self.seat_info(),
            "open_seats": [s for s in range(self.players) if s not in self.bots and s not in self.claimed],
            "version": self.version,
            "to_act": state.to_act(),
            "match_over": state.is_over(),
            "spectators": sum(1 for lis in self.listeners if lis.seat is None),
            "created": self.stored.created,
        }

    # --- seats ----------------------------------------------------------------------------
    def seat_of_token(self, token: Any) -> int:
        if not isinstance(token, str) or not token:
            raise TableError("bad_token", "this seat token is not valid at this table")
        hashed = token_hash(token)
        for seat, (stored_hash, _name) in self.claimed.items():
            if hmac.compare_digest(stored_hash, hashed):
                return seat
        raise TableError("bad_token", "this seat token is not valid at this table")

    async def claim(self, seat: int | None, name: Any) -> tuple[int, str]:
        """Sit a person at `seat` (the first open seat when None); returns (seat, token)."""
        async with self.lock:
            open_seats = [s for s in range(self.players) if s not in self.bots and s not in self.claimed]
            if seat is None:
                if not open_seats:
                    raise TableError("table_full", "every seat at this table is taken")
                seat = open_seats[0]
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
                raise TableError("bad_seat", f"seat must be a number from 0 to {self.players - 1}")
            if seat not in open_seats:
                raise TableError("seat_taken", f"seat {seat} is taken")
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            who = clean_name(name, seat)
            await self.manager.db_or_refuse(self.manager.storage.claim_seat, self.id, seat, hashed, who)
            self.claimed[seat] = (hashed, who)
            self.broadcast()
        return seat, token

    # --- actions --------------------------------------------------------------------------
    async def act(self, seat: int, text: Any, version: Any) -> None:
        """Apply `text` for `seat` if it is that seat's turn at `version`; else TableError."""
        if not isinstance(text, str) or not text.strip():
            raise TableError("bad_message", "'action' must be the text of an action, e.g. \"pass\"")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("bad_message", "'version' must be the version of the state you act on")
        async with self.lock:
            if version != self.version:
                raise TableError(
                    "stale",
                    f"this action was meant for version {version}, but the table is at version {self.version}: look again",
                )
            to_act = self.state.to_act()
            if to_act is None:
                raise TableError("match_over", "the match is over")
            if seat != to_act:
                raise TableError("not_your_turn", f"it is seat {to_act}'s turn, not seat {seat}'s")
            try:
                action = self.state.text_to_action(text)
                canonical = self.state.action_to_text(action)
                self.state.apply(action)  # IllegalAction leaves the state unchanged
            except IllegalAction as exc:
                raise TableError("illegal", str(exc)) from None
            try:
                await self.manager.append(self.id, version, seat, canonical)
            except Exception:
                # Not stored, so it never happened: rebuild the state from the stored log.
                log.exception("table %s: action %d could not be stored", self.id, version)
                self.state = self._replayed()
                raise TableError("server_error", "the server could not store your action; try again") from None
            self.stored.actions.append((seat, canonical))
            self._after_action()
            self.broadcast()
        self.wake_bot()

    def _replayed(self) -> State:
        state = start_of(self.stored.record() | {"actions": []})
        for index, entry in enumerate(self.stored.actions):
            apply_entry(state, list(entry), index)
        return state

    def _after_action(self) -> None:
        if self.state.hand_over():
            seats: list[int | None] = [None, *range(self.players)]
            self.hands.append({seat: self.observe(seat).get("last_hand") for seat in seats})

    # --- telling the watchers -------------------------------------------------------------
    def message_for(self, seat: int | None, observation: dict[str, Any] | None = None) -> dict[str, Any]:
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "seat": seat,
            "seats": self.seat_info(),
            "hands_finished": len(self.hands),
            "observation": observation if observation is not None else self.observe(seat),
        }

    def history_for(self, seat: int | None) -> list[Any]:
        return [hand.get(seat) for hand in self.hands]

    def broadcast(self) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for lis in list(self.listeners):
            if lis.seat not in cache:
                cache[lis.seat] = self.message_for(lis.seat)
            lis.send(cache[lis.seat])

    def attach(self, listener: Listener) -> None:
        self.listeners.append(listener)
        self.broadcast_seats_if_person(listener)

    def detach(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)
            self.broadcast_seats_if_person(listener)

    def broadcast_seats_if_person(self, listener: Listener) -> None:
        if listener.seat is not None:
            info = self.seat_info()
            for lis in self.listeners:
                if lis is not listener:
                    lis.send({"type": "seats", "table": self.id, "version": self.version, "seats": info})

    # --- bots -----------------------------------------------------------------------------
    def wake_bot(self) -> None:
        """Start the bot to act, if a bot is to act and none is already thinking."""
        seat = self.state.to_act()
        if seat is None or seat not in self.bots:
            return
        if self.bot_task is not None and not self.bot_task.done():
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        delay = self.manager.bot_delay
        if delay > 0:
            await asyncio.sleep(delay)
        version = self.version
        if self.state.to_act() != seat:
            self.bot_task = None
            return
        observation = self.observe(seat)
        text = await self._bot_move(seat, observation)
        self.bot_task = None
        try:
            await self.act(seat, text, version)
        except TableError as exc:
            if exc.code == "server_error":
                self._bot_again_later()
                return
            if exc.code != "illegal":
                return  # the table moved on (stale): nothing to do
            log.warning("bot %s at table %s chose %r: %s", self.bots[seat], self.id, text, exc.message)
            legal = self.observe(seat)["legal_actions"]
            if legal and self.version == version:
                try:
                    await self.act(seat, legal[0], version)
                except TableError as again:
                    if again.code == "server_error":
                        self._bot_again_later()
            return
        self.bot_failures = 0

    async def _bot_move(self, seat: int, observation: dict[str, Any]) -> str:
        """The bot's move, thought about in a worker thread within the server's limit.

        A bot still thinking past its limit (and a grace) is played for: a legal move,
        and while its old thought runs on it is not asked again, so a bot object is
        never used by two threads at once.
        """
        bot = self.bots[seat]
        legal = observation["legal_actions"]
        if seat in self.thinking and not self.thinking[seat].done():
            log.warning("bot %s at table %s is still thinking; playing a legal move for it", bot, self.id)
            return str(self.manager.rng.choice(legal))
        future = self.manager.bot_executor.submit(bot.choose, observation)
        self.thinking[seat] = future
        try:
            return str(await asyncio.wait_for(asyncio.wrap_future(future), self.manager.bot_seconds + BOT_GRACE))
        except TimeoutError:
            log.warning("bot %s at table %s took over %g s; playing a legal move for it", bot, self.id, self.manager.bot_seconds)
        except Exception:  # a broken bot must not stall the table
            log.exception("bot %s at table %s failed; playing a legal move instead", bot, self.id)
        return str(self.manager.rng.choice(legal))

    # --- hints ---------------------------------------------------------------------------
    async def hint(self, seat: int) -> dict[str, Any]:
        """The hint message for `seat`, which must be the seat to act: the move a strong
        player would make there, worked out in a bot thread within the bot time limit
        (an exact oracle's, Ridge's, gets `hint_patience` more), from the seat's own
        observation. TableError not_your_turn or no_hint otherwise."""
        async with self.lock:
            to_act = self.state.to_act()
            if to_act is None:
                raise TableError("no_hint", "the match is over")
            if seat != to_act:
                raise TableError("not_your_turn", f"hints are for the seat to act: it is seat {to_act}'s turn")
            observation = self.observe(seat)
            version = self.version
        seconds = self.manager.bot_seconds
        future = self.manager.bot_executor.submit(hint, self.game, observation, seconds)
        try:
            advice = await asyncio.wait_for(
                asyncio.wrap_future(future), seconds + BOT_GRACE + hint_patience(self.game.name)
            )
        except TimeoutError:
            raise TableError("no_hint", "the hint took too long to work out; try again") from None
        except NoHint as exc:
            raise TableError("no_hint", str(exc)) from None
        return {"type": "hint", "table": self.id, "version": version, **advice.to_json()}

    def _bot_again_later(self) -> None:
        """The bot's action could not be stored (the database is away): wake it again
        after a back-off, so the table goes on once the database is back."""
        self.bot_failures += 1
        wait = min(BOT_RETRY_LONGEST, 0.5 * 2 ** min(self.bot_failures, 8))
        log.warning("table %s: a bot's action could not be stored; trying again in %g s", self.id, wait)
        asyncio.get_running_loop().call_later(wait, self.wake_bot)


NO_PLAYERS = object()
"""`checked_options`' players when the request names none (null is a value, and refused)."""


def checked_options(game: Game, values: Any, players: Any = NO_PLAYERS) -> GameOptions:
    """A request's options for `game`, or TableError `bad_options` saying what is wrong.

    Table creation and the How to play endpoint read options alike, so a table's options
    and the rules shown for them are refused for the same reasons, in the same words.
    """
    try:
        if not isinstance(values or {}, dict):
            raise OptionsError("'options' must be an object of option names and values")
        values = dict(values or {})
        if players is not NO_PLAYERS:
            values["players"] = players
        if not all(isinstance(key, str) for key in values):
            raise OptionsError("'options' must be an object of option names and values")
        options = game.options(**values)
    except OptionsError as exc:
        raise TableError("bad_options", str(exc)) from None
    except (TypeError, ValueError, OverflowError) as exc:
        raise TableError("bad_options", f"an option has a value of the wrong kind ({exc})"[:300]) from None
    if not game.min_players <= options.players <= game.max_players:
        raise TableError("bad_options", f"{game.title} is for {game.min_players} to {game.max_players} players")
    return options


class TableManager:
    """Every table of the server, the database, and the worker thread that writes to it."""

    def __init__(
        self,
        storage: Storage,
        bot_delay: float = 0.7,
        evict_after: float = 300.0,
        bot_seconds: float = BOT_SECONDS,
        allow_any_bot: bool = False,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.evict_after = evict_after
        self.bot_seconds = bot_seconds
        self.allow_any_bot = allow_any_bot
        self.bot_executor = ThreadPoolExecutor(max_workers=BOT_THREADS, thread_name_prefix="parlour-bot")
        self.rng = random.Random()
        self.tables: dict[str, Table] = {}
        self.finished_at: dict[str, float] = {}  # table -> when it was first seen finished
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-db")
        self.inline = storage.engine.dialect.name == "sqlite"
        self.pending: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self.flushing = False

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a storage call: SQLite's on the event loop (a commit without fsync is quicker
        than handing work to a thread that must win the GIL back from a busy loop), any
        other database's in the worker thread, so a network round trip never blocks play."""
        if self.inline:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def db_or_refuse(self, fn: Callable[..., Any], *args: Any) -> Any:
        """A storage call whose failure (the database away) is refused as `server_error`:
        nothing was stored, and the client may try again."""
        try:
            return await self.db(fn, *args)
        except Exception:
            log.exception("the database refused %s", getattr(fn, "__name__", fn))
            raise TableError("server_error", "the server could not reach its database; try again") from None

    async def append(self, table_id: str, index: int, seat: int, text: str) -> None:
        """Store one action; returns once it is committed.

        Actions arriving while a commit is under way are committed together in the next
        transaction (group commit), so a busy server does one commit per batch, not per
        action, and each table still waits for its own action to be on disk.
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append(((table_id, index, seat, text), future))
        if not self.flushing:
            self.flushing = True
            asyncio.get_running_loop().create_task(self._flush())  # runs after this tick's acts
        await future

    async def _flush(self) -> None:
        try:
            while self.pending:
                batch, self.pending = self.pending, []
                try:
                    await self._store(batch)
                except Exception as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for _, future in batch:
                    if not future.done():
                        future.set_result(None)
        finally:
            self.flushing = False

    async def _store(self, batch: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]]) -> None:
        """Commit a batch of actions, retrying with back-off while the database is away
        (a restart drops every pooled connection; the pool's pre-ping replaces them).

        A retry stores only the rows not already there, since a commit whose answer was
        lost may have happened; a row there with other content is a real conflict.
        """
        rows = [row for row, _ in batch]
        give_up = time.monotonic() + STORE_PATIENCE
        wait = STORE_FIRST_WAIT
        try:
            await self.db(self.storage.append_actions, rows)
            return
        except IntegrityError:
            raise
        except Exception as exc:
            log.warning("actions could not be stored (%s); retrying", type(exc).__name__)
        while True:
            await asyncio.sleep(wait)
            try:
                await self.db(self.storage.append_missing_actions, rows)
                log.warning("actions stored after the database came back")
                return
            except IntegrityError:
                raise
            except Exception:
                if time.monotonic() + wait > give_up:
                    raise
            wait = min(STORE_LONGEST_WAIT, 2 * wait)

    def seat_bot(self, spec: str, game: Game, seat: int, seed: int) -> tuple[str, Bot]:
        """The bot of a stored seat, under the server's per-move limit. A stored spec that
        is now refused (a table created before its parameters were bounded) is replaced by
        the game's default bot, so the table and its people are not lost."""
        try:
            bot = make_bot(spec, game, seat, seed)
        except OptionsError as exc:
            fallback = self.default_bot(game)
            log.warning("bot %r at seat %d is refused (%s); %s plays instead", spec, seat, exc, fallback)
            spec, bot = fallback, make_bot(fallback, game, seat, seed)
        bot.time_limit = self.bot_seconds
        return spec, bot

    @staticmethod
    def default_bot(game: Game) -> str:
        names = bot_names(game.name)
        heuristic = game.heuristic_bot()
        return heuristic if heuristic in names else names[0]

    async def restore(self) -> int:
        """Rebuild every stored table by replaying its actions; returns how many."""
        stored = await self.db(self.storage.load_all)
        for entry in stored:
            try:
                self.tables[entry.id] = Table(self, entry)
            except Exception:
                log.exception("table %s cannot be restored; it is left out", entry.id)
        for table in self.tables.values():
            table.wake_bot()
        return len(self.tables)

    async def get(self, table_id: Any) -> Table:
        """A table by id: in memory, or read back from the database (a finished table
        that was let go of)."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("unknown_table", f"there is no table {str(table_id)[:40]!r}")
        table = self.tables.get(table_id)
        if table is None:
            stored = await self.db_or_refuse(self.storage.load_one, table_id)
            table = self.tables.get(table_id)  # someone else may have loaded it meanwhile
            if table is None and stored is not None:
                table = self.tables[table_id] = Table(self, stored)
                self.finished_at.setdefault(table_id, time.monotonic())
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        return table

    async def sweep(self) -> None:
        """Let go of finished tables nobody watches, `evict_after` seconds after they end.

        They stay in the database (and come back on demand), but not in memory, so a
        long-running server's memory and garbage-collection pauses stay bounded.
        """
        while True:
            await asyncio.sleep(max(0.2, min(30.0, self.evict_after / 2)))
            now = time.monotonic()
            for table_id, table in list(self.tables.items()):
                if not table.state.is_over() or table.listeners:
                    continue
                ended = self.finished_at.setdefault(table_id, now)
                if now - ended >= self.evict_after:
                    del self.tables[table_id]
                    del self.finished_at[table_id]

    def lobby(self) -> dict[str, Any]:
        games = []
        for game in GAMES.values():
            games.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "options": [o for o in game.Options.describe() if o["name"] != "players"],
                    "bots": bot_names(game.name),
                    "default_bot": self.default_bot(game),
                    "about": _first_line(sys.modules[type(game).__module__].__doc__),
                }
            )
        return {"games": games, "any_bot": self.allow_any_bot, "bot_seconds": self.bot_seconds}

    def open_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        tables = sorted(self.tables.values(), key=lambda t: -t.stored.created)
        return [t.summary() for t in tables[:limit]]

    async def create(self, request: Any) -> tuple[Table, int | None, str | None]:
        """Create a table from a lobby request; the creator sits at `sit` (or no seat)."""
        if not isinstance(request, dict):
            raise TableError("bad_message", "a table request is a JSON object")
        if not isinstance(request.get("game", ""), str):
            raise TableError("bad_options", "'game' must be a game's name, e.g. \"ribs\"")
        try:
            game = get_game(request.get("game", ""))
        except OptionsError as exc:
            raise TableError("bad_options", str(exc)) from None
        options = checked_options(game, request.get("options"), request.get("players", NO_PLAYERS))
        n = options.players
        seats_req = request.get("seats") or [{} for _ in range(n)]
        if not isinstance(seats_req, list) or len(seats_req) != n:
            raise TableError("bad_options", f"'seats' must list the {n} seats (each {{}} or {{\"bot\": name}})")
        seats: list[dict[str, Any]] = []
        for seat, entry in enumerate(seats_req):
            if not isinstance(entry, dict):
                raise TableError("bad_options", f"seat {seat}: each seat is {{}} (a person) or {{\"bot\": name}}")
            bot = entry.get("bot")
            if bot:
                seats.append({"bot": self.checked_bot(bot, game, seat)})
            else:
                seats.append({"bot": None})
        sit = request.get("sit", "first")
        people = [s for s in range(n) if not seats[s]["bot"]]
        if sit == "first":
            sit = people[0] if people else None
        if sit is not None and sit not in people:
            raise TableError("bad_seat", f"you cannot sit at seat {sit}: it is not a seat for a person")
        stored = StoredTable(
            id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
            game=game.name,
            options=options.to_json(),
            seed=secrets.randbits(62),
            dealer=0,
            seats=seats,
            created=time.time(),
        )
        await self.db_or_refuse(self.storage.create_table, stored)
        table = Table(self, stored)
        self.tables[stored.id] = table
        token = None
        if sit is not None:
            sit, token = await table.claim(sit, request.get("name"))
        table.wake_bot()
        return table, sit, token

    def checked_bot(self, spec: Any, game: Game, seat: int) -> str:
        """A bot asked for at table creation: one of the game's named bots (with their
        default, bounded settings), or, when the server allows any bot, any spec the bot
        itself accepts (its parameters are bounded there)."""
        if not isinstance(spec, str) or len(spec) > 200:
            raise TableError("bad_options", f"seat {seat}: a bot is named by a short text, e.g. \"random\"")
        spec = spec.strip()
        names = bot_names(game.name)
        if spec not in names and not self.allow_any_bot:
            known = spec.split("(")[0].strip() in names
            why = "this server offers its bots with their own settings only" if known else "unknown bot"
            raise TableError("bad_options", f"seat {seat}: {why} {spec[:60]!r} (bots for {game.name}: {', '.join(names)})")
        try:
            make_bot(spec, game, seat, 0)
        except OptionsError as exc:
            raise TableError("bad_options", f"seat {seat}: {exc}") from None
        return spec

    def close(self) -> None:
        self.bot_executor.shutdown(wait=False, cancel_futures=True)
        self.executor.shutdown(wait=True)
        self.storage.close()


def _first_line(doc: str | None) -> str:
    return (doc or "").strip().split("\n")[0]
