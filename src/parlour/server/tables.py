"""Tables: each a room (room.py: its seats, its match, its events, pure) and around it what
does I/O: the table's lock, storing, the connections that watch it, its bots and hints
in worker threads, and the timers of people away.

A request is decided by the room (refused, or the events that carry it out); the table
stores each event before it applies it to the room, and only then tells the watchers, so
a restart replays the events as they were. Replays are the one way out besides the
messages, and `Room.replay_record` decides who may have one: once the match is over its
hands are public (the record, every seat's view, all-seeing); before, a spectator's
view, or a seat's own view to the holder of its token.

An action is applied under the table's lock: its version must be the table's current
version (the number of actions so far), its seat the one to act, and the engine must
accept it; then it is appended to the database, and only then broadcast. Whatever sends
an observation to a connection holds the lock too, so no one sees an action before it is
stored. Bots act through the same `act` as people, after a short delay so people can
follow the play.

A bot thinks in a worker thread, never on the event loop, within the server's per-move
limit (`bot_seconds`): a search bot stops by then with its best move so far, and a bot
that still has not answered a little later is played for (a legal move), so no setting
of any bot can stall the other tables. The bot threads are shared fairly among tables,
and hints think in threads of their own (workers.py). The lobby offers named bots only
(`bot_names`, each with its default, bounded settings); a spec with parameters is refused
unless the server allows any bot, and even then the bot's own validation bounds every
parameter. Bots' CPU being what runs short, a match's length is bounded
(each game's `table_limits`), and one client address may start only so many tables, fewer with
searching bots (`TableManager.allow`).

A table gathers its people first. Made with open seats, it is a waiting room: nothing
is dealt until every seat is taken or the host (whoever made it, known by the hash of
their seat token) starts it with bots in the empty seats; meanwhile the host may move
people between seats and fill a seat with a bot of a level. The deal's seed is drawn
here at the start and stored in the `start` event (room.py deals from it), so nothing of
the deal exists while people come and go. The addresses people sit and connect from are
told to the room, which refuses one who left a match in play another of its seats
(`left_match`); they are kept in memory only. Once it plays, a person
whose connections are all gone for `grace` seconds is stood in for by a bot at the
next decision, until they come back (again at the next decision); one who leaves, or
whom the host removes while away, is replaced for good. People chat at the table (and
watchers, marked as such), and when the match is over anyone seated may start another
at the same table: the same seats and options, a new deal, the same link. A table
nobody has been at for `close_after` seconds is closed, and so is one with nobody seated
that nobody has watched for `unwatched_after` seconds.

The database may go away (a restart, a failover): a store is retried with back-off for
`STORE_PATIENCE` seconds before the action is refused, and a bot whose action could not
be stored tries again later, so a table never waits for a wake-up that will not come.
The server's settings (settings.py) are one object, read here through the manager.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from parlour.analysis import NoHint, hint, hint_patience
from parlour.bots import Bot, bot_names, make_bot
from parlour.bots.levels import LEVELS, display_name, level_of, level_spec
from parlour.engine import Game, GameOptions, OptionsError, State
from parlour.games import GAMES, get_game
from parlour.howto import summary
from parlour.replay import View
from parlour.server.delta import changes
from parlour.server.room import CHAT_KEEP, Event, Presence, Room, TableError, searching_bot
from parlour.server.settings import Settings
from parlour.server.storage import (
    LOBBY_CHANNEL,
    IntegrityError,
    LeaseLost,
    Storage,
    StoredTable,
    match_key,
    table_of,
    token_hash,
)
from parlour.server.workers import BotPool, HintBudget, HintRefused

log = logging.getLogger("parlour.server")

BOT_GRACE = 0.5  # seconds past its limit before a bot's move is played for it
BOT_LEAST = 0.05  # the least thinking time a bot move gets, however long it waited for a thread
STORE_PATIENCE = 15.0  # seconds a store is retried while the database is away
STORE_FIRST_WAIT = 0.05  # ... first wait between tries, doubled up to STORE_LONGEST_WAIT
STORE_LONGEST_WAIT = 2.0
BOT_RETRY_LONGEST = 30.0  # the longest a bot waits before trying a refused action again
HANDOVER_CHANNEL = "parlour_handover"  # NOTIFY'd with a table's id: its owner lets go of it
HANDOVER_POLL = 0.1  # seconds between tries to take a lease while its owner lets go
LOBBY_REFRESH = 30.0  # seconds the other workers' tables in the lobby are kept while NOTIFY is not heard
MOVED = "this table has moved to another server process; connect again"


class Listener:
    """A connection watching a table: a seat (with its token's hash) or a spectator (seat
    None). The seat follows the token: a host may move its holder to another seat.

    `send` must not block: it queues the message for the connection's writer. With
    `deltas`, a state the connection was sent already is followed by what changed since
    (`Table.tell`); `sent` is that last state, `seq` how many states it was sent.
    """

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], None], hashed: str | None = None,
                 address: str | None = None, deltas: bool = False,
                 close: Callable[[], None] | None = None) -> None:
        self.seat = seat
        self.send = send
        self.close = close  # ends the connection: its table moved to another worker
        self.hashed = hashed
        self.address = address
        self.deltas = deltas
        self.sent: dict[str, Any] | None = None
        self.seq = 0


class Table:
    """One table: its room (the pure state, room.py), and what the room does not do: the
    lock its changes are made under, storing them, the connections that watch it, its
    bots' and hints' worker threads, and the timers of people away."""

    def __init__(self, manager: TableManager, stored: StoredTable) -> None:
        self.manager = manager
        self.id = stored.id
        self.room = Room(stored, time.time())
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        self.away: dict[int, asyncio.TimerHandle] = {}  # seat -> its stand-in, due after the grace
        self.bots: dict[int, Bot] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.thinking: dict[int, Future[str]] = {}  # a bot's move still being thought about
        self.bot_failures = 0  # bot actions refused by the database in a row
        self.made_by: str | None = None  # the client address that made it (not kept over a restart)
        self.unwatched_since: float | None = time.monotonic()  # no connection at all, since
        self.moved = False  # another worker holds it now: nothing more is stored or sent here
        self._seat_bots()

    # --- the room's facts, read through the table ----------------------------------------
    @property
    def stored(self) -> StoredTable:
        return self.room.stored

    @property
    def game(self) -> Game:
        return self.room.game

    @property
    def state(self) -> State:
        return self.room.state

    @property
    def version(self) -> int:
        """Actions stored so far (an action being committed is not counted yet)."""
        return self.room.version

    @property
    def players(self) -> int:
        return self.room.players

    @property
    def phase(self) -> str:
        """waiting, playing, finished or closed: what the lobby shows."""
        return self.room.phase

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator): the room's one choke point."""
        return self.room.observe(seat)

    def presence(self) -> Presence:
        """Who is connected now, for the room's messages."""
        seats = frozenset(lis.seat for lis in self.listeners if lis.seat is not None)
        spectators = sum(1 for lis in self.listeners if lis.seat is None)
        return Presence(seats, spectators, time.time())

    def _present(self, seat: int) -> bool:
        return any(lis.seat == seat for lis in self.listeners)

    # --- records and replays ---------------------------------------------------------------
    def finished_record(self) -> dict[str, Any]:
        return self.room.finished_record()

    def replay_record(self, view: View, token: Any = None) -> dict[str, Any]:
        """The record a replay seen from `view` may be built from (Room.replay_record)."""
        return self.room.replay_record(view, lambda: self.seat_of_token(token))

    def seat_info(self) -> list[dict[str, Any]]:
        return self.room.seat_info(self.presence())

    def summary(self) -> dict[str, Any]:
        return self.room.summary(self.presence(), self.manager.settings.grace)

    # --- events: stored, then applied -------------------------------------------------------
    async def record_event(self, kind: str, data: dict[str, Any]) -> None:
        """Store an event (the caller holds the lock), then apply it: refused as
        `server_error` while the database is away, and then nothing changed. Storing a
        chat line deletes the table's chat lines older than the newest CHAT_KEEP."""
        self.check_ours()
        at = time.time()
        index = self.stored.next_event
        await self.manager.db_or_refuse(self.manager.storage.append_event, self.id, index, kind, data, at, CHAT_KEEP,
                                        self.manager.owner)
        self.room.apply_event(kind, data, at)
        self._seat_bots()
        for lis in self.listeners:
            lis.seat = self.room.seat_of_hash(lis.hashed)

    async def record_events(self, events: list[Event]) -> None:
        """Store and apply the events a request was decided into, in order; one refused,
        those before it stand and the rest are not stored."""
        for kind, data in events:
            await self.record_event(kind, data)

    def _seat_bots(self) -> None:
        """The bots that play now (Room.wanted_bots), kept while their spec is the same, so
        a bot's luck goes on (a waiting room's bots are made again at its start: the room
        lets go of their specs then)."""
        wanted = self.room.wanted_bots()
        specs = self.room.bot_specs
        for seat in list(self.bots):
            if seat not in specs or wanted.get(seat) != specs[seat]:
                del self.bots[seat]
                specs.pop(seat, None)
        for seat, name in wanted.items():
            if seat not in self.bots:
                specs[seat], self.bots[seat] = self.manager.seat_bot(name, self.game, seat, self.room.bot_seed(seat))

    def check_ours(self) -> None:
        """TableError `moved` once another worker holds the table (its clients reconnect)."""
        if self.moved:
            raise TableError("moved", MOVED)

    def disband(self) -> None:
        """Another worker holds the table now: its timers and bots stop here, and its
        connections are closed, so their clients connect again (through the proxy, to
        the worker that holds it)."""
        self.moved = True
        for handle in self.away.values():
            handle.cancel()
        self.away.clear()
        if self.bot_task is not None:
            self.bot_task.cancel()
        for lis in list(self.listeners):
            if lis.close is not None:
                lis.close()
        self.listeners.clear()

    # --- seats ----------------------------------------------------------------------------
    def seat_of_token(self, token: Any) -> int:
        if not isinstance(token, str) or not token:
            raise TableError("bad_token", "this seat token is not valid at this table")
        seat = self.room.seat_of_hash(token_hash(token))
        if seat is None:
            raise TableError("bad_token", "this seat token is not valid at this table")
        return seat

    async def claim(self, seat: int | None, name: Any, host: bool = False, address: str | None = None) -> tuple[int, str]:
        """Sit a person, from `address`, at `seat` (the first open seat when None); returns
        (seat, token). The last open seat of a waiting room taken, the match starts, dealt
        from a seed drawn now."""
        async with self.lock:
            token = secrets.token_urlsafe(24)
            hashed = token_hash(token)
            seat, events = self.room.decide_claim(seat, name, hashed, secrets.randbits(62), host, address)
            await self.record_events(events)
            self.room.seen_at(hashed, address)
            self.graces()
            self.broadcast()
        self.wake_bot()
        return seat, token

    async def host_request(self, listener: Listener, kind: str, message: dict[str, Any]) -> None:
        """What the host may do (Room.decide_host)."""
        async with self.lock:
            events = self.room.decide_host(listener.seat, listener.hashed, kind, message, self.presence(),
                                           secrets.randbits(62))
            if self.room.brings_search(events):
                self.manager.allow(self.made_by, True, self)
            await self.record_events(events)
            if kind == "remove":
                self._cancel_away(events[0][1]["seat"])
            elif kind == "start":
                self.graces()
            self.broadcast()
        self.wake_bot()

    async def player_request(self, listener: Listener, kind: str) -> None:
        """What a seated person may do (Room.decide_player); after `again` everyone is
        welcomed to the new match."""
        async with self.lock:
            events = self.room.decide_player(listener.seat, kind, secrets.randbits(62))
            if kind == "again":
                self.manager.allow(self.made_by, self.room.searching(), self)
            await self.record_events(events)
            if kind == "leave":
                self._cancel_away(events[0][1]["seat"])
            elif kind == "again":
                for lis in list(self.listeners):
                    self.welcome(lis)
            self.broadcast()
        self.wake_bot()

    async def say(self, listener: Listener, text: Any, name: Any) -> None:
        """A chat line from a seat (its name) or a watcher (the name they give, marked)."""
        async with self.lock:
            kind, data = self.room.decide_chat(listener.seat, text, name)
            await self.record_event(kind, data)
            message = self.room.chat_message()
            for lis in list(self.listeners):
                lis.send(message)

    # --- coming and going -------------------------------------------------------------------
    def away_from_now(self, seat: int) -> None:
        """Start the grace of a seated person with no connection: a bot stands in once it ends."""
        if seat in self.away or self._present(seat) or not self.room.may_stand_in(seat):
            return
        grace = self.manager.settings.grace
        self.room.away_until[seat] = time.time() + grace
        self.away[seat] = asyncio.get_running_loop().call_later(grace, self._stand_in_later, seat)

    def graces(self) -> None:
        """Start the grace of every seated person not connected (at the start, on loading)."""
        for seat in list(self.room.claimed):
            self.away_from_now(seat)

    def _cancel_away(self, seat: int) -> None:
        handle = self.away.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self.room.away_until.pop(seat, None)

    def _stand_in_later(self, seat: int) -> None:
        self.away.pop(seat, None)
        asyncio.get_running_loop().create_task(self._stand_in(seat))

    async def _stand_in(self, seat: int) -> None:
        async with self.lock:
            self.room.away_until.pop(seat, None)
            events = self.room.decide_stand_in(seat, self.presence())
            if not events:
                return
            try:
                await self.record_events(events)
            except TableError:  # the database is away: try again after another grace
                self.away_from_now(seat)
                return
            self.broadcast()
        self.wake_bot()

    async def arrive(self, listener: Listener) -> None:
        """A connection says hello (under the lock): a person back from away takes their
        seat again, a quiet table is busy again (Room.decide_arrive); both stored."""
        if listener.seat is not None:
            self._cancel_away(listener.seat)
            self.room.seen_at(listener.hashed, listener.address)
        await self.record_events(self.room.decide_arrive(listener.seat))

    def gone(self, listener: Listener) -> None:
        """A connection closed: the grace of its seat starts, and the table falls quiet
        when it was the last seated one."""
        seat = listener.seat
        if seat is None or self._present(seat):
            return
        self.away_from_now(seat)
        if all(lis.seat is None for lis in self.listeners):
            asyncio.get_running_loop().create_task(self._quiet())

    async def _quiet(self) -> None:
        async with self.lock:
            with contextlib.suppress(TableError):  # the database away: the table is not closed early, that is all
                await self.record_events(self.room.decide_quiet(self.presence()))

    async def close_table(self, why: str) -> None:
        async with self.lock:
            events = self.room.decide_close(why)
            if not events:
                return
            await self.record_events(events)
            for seat in list(self.away):
                self._cancel_away(seat)
            self.broadcast()

    # --- actions --------------------------------------------------------------------------
    async def act(self, seat: int, text: Any, version: Any, by_bot: bool = False) -> None:
        """Apply `text` for `seat` if it is that seat's turn at `version` (Room.take_action),
        store it, and only then tell everyone; else TableError."""
        async with self.lock:
            self.check_ours()
            canonical = self.room.take_action(seat, text, version, by_bot)
            try:
                await self.manager.append(match_key(self.id, self.stored.match), version, seat, canonical)
            except LeaseLost:
                self.room.action_lost()
                self.manager.lost(self)
                raise TableError("moved", MOVED) from None
            except Exception:
                # Not stored, so it never happened: rebuild the state from the stored log.
                log.exception("table %s: action %d could not be stored", self.id, version)
                self.room.action_lost()
                raise TableError("server_error", "the server could not store your action; try again") from None
            over = self.room.action_stored(seat, canonical)
            with contextlib.suppress(TableError):  # noted again when next loaded
                await self.record_events(over)
            self.broadcast()
        self.wake_bot()

    # --- telling the watchers -------------------------------------------------------------
    def welcome(self, listener: Listener) -> None:
        """The `welcome` and first `state` of a connection (the caller holds the lock)."""
        seat = listener.seat
        others = sum(1 for lis in self.listeners if lis is not listener and seat is not None and lis.seat == seat)
        presence = self.presence()
        listener.send(self.room.welcome_message(seat, listener.hashed, others, presence, self.manager.settings.grace))
        self.tell(listener, self.room.message_for(seat, presence), whole=True)

    async def resend(self, listener: Listener) -> None:
        """The whole state again, for a connection that lost track (a delta that did not
        follow its last state)."""
        async with self.lock:
            if listener in self.listeners:
                self.tell(listener, self.room.message_for(listener.seat, self.presence()), whole=True)

    def broadcast(self) -> None:
        listeners = list(self.listeners)
        messages = self.room.messages_for((lis.seat for lis in listeners), self.presence())
        made: dict[tuple[int, int], tuple[dict[str, Any], list[list[Any]] | None]] = {}
        for lis in listeners:
            self.tell(lis, messages[lis.seat], made=made)

    def tell(self, listener: Listener, message: dict[str, Any], whole: bool = False,
             made: dict[tuple[int, int], tuple[dict[str, Any], list[list[Any]] | None]] | None = None) -> None:
        """Send `listener` the state `message` (for its seat): whole, or, to a connection
        that takes deltas, what changed since the last state it was sent. The changes are
        worked out from the two messages of that connection's own seat, nothing else, so
        a delta says no more than the whole state would; connections sent the same last
        state share the work (`made`). A new hand, a new seat or the start of the match
        goes whole: little of the last state is left then."""
        sent, listener.sent = listener.sent, message
        listener.seq += 1
        steps = None
        if listener.deltas and not whole and sent is not None and _same_hand(sent, message):
            key = (id(sent), id(message))
            if made is not None and key in made:
                steps = made[key][1]
            else:
                steps = changes(sent, message, SKIPPED)
                if made is not None:
                    made[key] = (sent, steps)  # `sent` kept alive, so its id is not reused meanwhile
        if steps is None:
            listener.send({**message, "seq": listener.seq})
        else:
            listener.send({"type": "delta", "table": self.id, "seq": listener.seq, "version": message["version"],
                           "changes": steps})

    def attach(self, listener: Listener) -> None:
        if listener.seat is not None:
            for lis in self.listeners:
                if lis.seat == listener.seat:
                    lis.send(self.room.other_tab_notice())
        self.listeners.append(listener)
        self.unwatched_since = None
        self.broadcast_seats_if_person(listener)

    def detach(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)
            if not self.listeners:
                self.unwatched_since = time.monotonic()
            self.gone(listener)
            self.broadcast_seats_if_person(listener)

    def broadcast_seats_if_person(self, listener: Listener) -> None:
        if listener.seat is not None:
            message = self.room.seats_message(self.presence())
            for lis in self.listeners:
                if lis is not listener:
                    lis.send(message)

    # --- bots -----------------------------------------------------------------------------
    def wake_bot(self) -> None:
        """Start the bot to act (Room.bot_to_wake), if none is already thinking."""
        if self.moved:
            return
        seat = self.room.bot_to_wake(self.presence())
        if seat is None or seat not in self.bots:
            return
        if self.bot_task is not None and not self.bot_task.done():
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        delay = self.manager.settings.bot_delay
        if delay > 0:
            await asyncio.sleep(delay)
        version = self.version
        if self.state.to_act() != seat or seat not in self.bots:
            self.bot_task = None
            self.wake_bot()  # a person came back, or another seat's bot is due
            return
        observation = self.observe(seat)
        text = await self._bot_move(seat, observation)
        self.bot_task = None
        try:
            await self.act(seat, text, version, by_bot=True)
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
                    await self.act(seat, legal[0], version, by_bot=True)
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
        seconds = self.manager.settings.bot_seconds
        future = self.manager.bot_pool.submit(self.id, think, bot, observation, time.monotonic() + seconds)
        self.thinking[seat] = future
        try:
            return str(await asyncio.wait_for(asyncio.wrap_future(future), seconds + BOT_GRACE))
        except TimeoutError:
            future.cancel()  # still waiting for a thread: it never starts
            log.warning("bot %s at table %s took over %g s; playing a legal move for it", bot, self.id, self.manager.settings.bot_seconds)
        except Exception:  # a broken bot must not stall the table
            log.exception("bot %s at table %s failed; playing a legal move instead", bot, self.id)
        return str(self.manager.rng.choice(legal))

    # --- hints ---------------------------------------------------------------------------
    async def hint(self, seat: int, address: str | None = None) -> dict[str, Any]:
        """The hint message for `seat`, which must be the seat to act: the move a strong
        player would make there, worked out in a hint thread (never a bot's) within the
        bot time limit (an exact oracle's, Ridge's, gets `hint_patience` more), from the
        seat's own observation. One at a time per seat, whatever connections ask, and
        within the server's hint budget (`HintBudget`): else TableError rate_limited.
        TableError not_your_turn or no_hint otherwise."""
        async with self.lock:
            self.room.check_hint(seat)
            observation = self.observe(seat)
            version = self.version
        seconds = self.manager.settings.bot_seconds
        budget = self.manager.hints
        try:
            future = budget.submit((self.id, seat), address, hint, self.game, observation, seconds)
        except HintRefused as exc:
            raise TableError("rate_limited", str(exc)) from None
        try:  # each hint ahead in the queue takes at most as long as this one
            advice = await asyncio.wait_for(
                asyncio.wrap_future(future), (seconds + BOT_GRACE + hint_patience(self.game.name)) * budget.most
            )
        except TimeoutError:
            future.cancel()
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


SKIPPED = frozenset({"version"})  # a delta carries the version itself


def _same_hand(sent: dict[str, Any], message: dict[str, Any]) -> bool:
    """Whether `message` follows `sent` within one hand, seen from one seat: only then is
    a delta sent rather than the whole state."""
    before, after = sent["observation"], message["observation"]
    return (sent["seat"] == message["seat"] and before is not None and after is not None
            and before.get("hand_number") == after.get("hand_number"))


def _stored_summary(stored: StoredTable, now: float, grace: float) -> dict[str, Any]:
    """The lobby's entry of a table another worker holds: as stored, nobody connected."""
    return Room(stored, now).summary(Presence(frozenset(), 0, now), grace)


def think(bot: Bot, observation: dict[str, Any], deadline: float) -> str:
    """A bot's move, in a bot thread, within what is left of its limit at `deadline`
    (time.monotonic()): a move that waited for a thread does not get the whole limit
    again, so it still answers before it is played for."""
    bot.time_limit = max(BOT_LEAST, deadline - time.monotonic())
    return bot.choose(observation)


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
    counts = game.player_counts()
    if options.players not in counts:
        played_by = ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}" if len(counts) > 1 else str(counts[0])
        raise TableError("bad_options", f"{game.title} is played by {played_by} players, not {options.players}")
    for name, most in game.table_limits.items():
        value = getattr(options, name, None)
        if isinstance(value, int | float) and value > most:
            raise TableError("bad_options", f"{name} may be at most {most} at this server, not {value}")
    return options


class TableManager:
    """Every table of the server, the database, and the worker thread that writes to it.

    One of several workers sharing a PostgreSQL database (`settings.worker` names it),
    the manager holds the tables whose lease it has (storage.py): it takes a table's
    lease before loading it, renews its leases every third of their length, and stores
    every action and event under them. Asked for a table another worker holds, it asks
    that worker to hand it over (NOTIFY on `parlour_handover`: the holder lets go under
    the table's lock, so nothing is in flight, gives the lease back and closes its
    connections) and takes the lease once free; a dead holder's lease is taken once it
    expires. It also adopts expired leases by itself (a dead worker's tables, bots
    playing on with nobody to ask for them). The lobby, records and replays read the
    database for the tables held elsewhere; stored events NOTIFY `parlour_lobby`, which
    marks a table's lobby entry stale here.
    """

    def __init__(self, storage: Storage, settings: Settings | None = None) -> None:
        self.storage = storage
        self.settings = settings = settings or Settings()
        self.bot_pool = BotPool(settings.bot_threads)
        self.hints = HintBudget(settings.hint_threads, settings.hint_queue, settings.hints_per_address)
        self.making: Counter[tuple[str, bool]] = Counter()  # (address, searching) -> tables being stored
        self.rng = random.Random()
        self.tables: dict[str, Table] = {}
        self.finished_at: dict[str, float] = {}  # table -> when it was first seen finished
        self._lobby: dict[str, Any] | None = None
        self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="parlour-db")
        self.inline = storage.engine.dialect.name == "sqlite"
        self.pending: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]] = []
        self.flushing = False
        self.owner = settings.worker
        self.taking: dict[str, asyncio.Lock] = {}  # a lease being taken, one try at a time per table
        self.elsewhere: dict[str, dict[str, Any]] | None = None  # lobby entries of tables held by others
        self.elsewhere_at = 0.0
        self.stale: set[str] = set()  # ... of which these changed (NOTIFY)
        self.listening = False

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
        except LeaseLost as exc:
            for table_id in exc.tables:
                if table_id in self.tables:
                    self.lost(self.tables[table_id])
            raise TableError("moved", MOVED) from None
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
                    lost = await self._store(batch)
                except Exception as exc:
                    for _, future in batch:
                        if not future.done():
                            future.set_exception(exc)
                    continue
                for row, future in batch:
                    if not future.done():
                        if table_of(row[0]) in lost:
                            future.set_exception(LeaseLost({table_of(row[0])}))
                        else:
                            future.set_result(None)
        finally:
            self.flushing = False

    async def _store(self, batch: list[tuple[tuple[str, int, int, str], asyncio.Future[None]]]) -> set[str]:
        """Commit a batch of actions, retrying with back-off while the database is away
        (a restart drops every pooled connection; the pool's pre-ping replaces them).

        A retry stores only the rows not already there, since a commit whose answer was
        lost may have happened; a row there with other content is a real conflict.
        """
        rows = [row for row, _ in batch]
        give_up = time.monotonic() + STORE_PATIENCE
        wait = STORE_FIRST_WAIT
        try:
            return set(await self.db(self.storage.append_actions, rows, self.owner))
        except IntegrityError:
            raise
        except Exception as exc:
            log.warning("actions could not be stored (%s); retrying", type(exc).__name__)
        while True:
            await asyncio.sleep(wait)
            try:
                lost = set(await self.db(self.storage.append_missing_actions, rows, self.owner))
                log.warning("actions stored after the database came back")
                return lost
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
            bot = make_bot(spec, game, seat, seed, outside=self.settings.allow_outside_bots)
        except OptionsError as exc:
            fallback = self.default_bot(game)
            log.warning("bot %r at seat %d is refused (%s); %s plays instead", spec, seat, exc, fallback)
            spec, bot = fallback, make_bot(fallback, game, seat, seed)
        bot.time_limit = self.settings.bot_seconds
        return spec, bot

    @staticmethod
    def default_bot(game: Game) -> str:
        names = bot_names(game.name)
        heuristic = game.heuristic_bot()
        return heuristic if heuristic in names else "random"

    async def restore(self) -> int:
        """Rebuild the tables in play by replaying their events and actions; returns how
        many. Closed and finished tables, and tables nobody has been at for `close_after`
        seconds, stay in the database until someone asks for one. Everyone seated is away
        until they come back, so their grace starts now. One of several workers takes
        over the tables whose lease expired (or still names it, from before a restart)."""
        if self.owner is not None:
            await self.adopt_expired()
            return len(self.tables)
        stored = await self.db(self.storage.load_live, time.time() - self.settings.close_after)
        for entry in stored:
            try:
                self.tables[entry.id] = Table(self, entry)
            except Exception:
                log.exception("table %s cannot be restored; it is left out", entry.id)
        for table in self.tables.values():
            self.waken(table)
        return len(self.tables)

    def waken(self, table: Table) -> None:
        """A table just loaded: nobody is connected yet, so the grace of each person starts,
        and its bots go on."""
        table.room.quiet_from(time.time())
        table.graces()
        table.wake_bot()

    async def get(self, table_id: Any) -> Table:
        """A table by id: in memory, or read back from the database (a finished table
        that was let go of); one of several workers takes its lease first (`take`)."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("unknown_table", f"there is no table {str(table_id)[:40]!r}")
        table = self.tables.get(table_id)
        if table is None and self.owner is not None:
            table = await self.take(table_id)
        if table is None:
            stored = await self.db_or_refuse(self.storage.load_one, table_id)
            table = self.tables.get(table_id)  # someone else may have loaded it meanwhile
            if table is None and stored is not None:
                table = self.tables[table_id] = Table(self, stored)
                self.waken(table)
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        return table

    async def peek(self, table_id: Any) -> Table:
        """A table to read (its summary, record, replays): the one held here, else, when
        another worker may hold it, as stored now, without taking it from its holder."""
        if self.owner is None or (isinstance(table_id, str) and table_id in self.tables):
            return await self.get(table_id)
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 32:
            raise TableError("unknown_table", f"there is no table {str(table_id)[:40]!r}")
        stored = await self.db_or_refuse(self.storage.load_one, table_id)
        if stored is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        table = Table(self, stored)
        table.moved = True  # read only: it is not played here
        return table

    # --- several workers ------------------------------------------------------------------
    async def take(self, table_id: str, ask: bool = True, wanted: bool = True) -> Table | None:
        """Take a table's lease and load it (None: no such table, or, with `wanted` False,
        one not worth holding: finished or closed). A lease another worker holds is asked
        for (`ask`: NOTIFY its holder, again each second) until it is free or has expired,
        at most a lease's length and a little more; then TableError `busy`."""
        assert self.owner is not None
        lock = self.taking.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                give_up = time.monotonic() + self.settings.lease_seconds + 2.0
                asked_at = -1.0
                while True:
                    holder = await self.db_or_refuse(self.storage.take_lease, table_id, self.owner,
                                                     self.settings.lease_seconds)
                    if holder is None:
                        break
                    if not ask:
                        return None
                    now = time.monotonic()
                    if now > give_up:
                        raise TableError("busy", f"the table is held by {holder}, which does not let go of it; "
                                         "try again")
                    if now - asked_at >= 1.0:
                        asked_at = now
                        await self.db_or_refuse(self.storage.notify, HANDOVER_CHANNEL, table_id)
                    await asyncio.sleep(HANDOVER_POLL)
                if table_id in self.tables:  # taken meanwhile by another request of ours
                    return self.tables[table_id]
                try:
                    stored = await self.db_or_refuse(self.storage.load_one, table_id)
                    if stored is not None:
                        table = Table(self, stored)
                        if not wanted and table.phase not in ("waiting", "playing"):
                            stored = None
                except BaseException:
                    await self.give_back(table_id)
                    raise
                if stored is None or table is None:
                    await self.give_back(table_id)
                    return None
                self.tables[table_id] = table
                self.elsewhere_forget(table_id)
                self.waken(table)
                log.info("worker %s holds table %s", self.owner, table_id)
                return table
        finally:
            if not lock.locked() and not getattr(lock, "_waiters", None) and lock is self.taking.get(table_id):
                del self.taking[table_id]

    async def give_back(self, table_id: str, expire: bool = False) -> None:
        """Give a lease back: deleted (to the worker asking for it, or a table done with),
        or `expire`d, so the other workers adopt the table at once (a clean stop)."""
        if self.owner is None:
            return
        with contextlib.suppress(Exception):  # the database away: the lease expires by itself
            await self.db(self.storage.release_lease, table_id, self.owner, expire)

    def lost(self, table: Table) -> None:
        """Another worker holds the table now (found on storing, or renewing): let go of it."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.finished_at.pop(table.id, None)
            self.stale.add(table.id)  # the lobby reads it from the database now
            log.warning("worker %s lost table %s to another worker", self.owner, table.id)
        table.disband()

    async def hand_over(self, table_id: str) -> None:
        """Another worker asks for a table held here: let go of it under its lock (no
        action or event is in flight then), give the lease back, close its connections."""
        table = self.tables.get(table_id)
        if table is None:
            return
        async with table.lock:
            if self.tables.get(table_id) is not table:
                return
            del self.tables[table_id]
            self.finished_at.pop(table_id, None)
            self.stale.add(table_id)
            table.moved = True
            await self.give_back(table_id)
        table.disband()
        log.info("worker %s handed table %s over", self.owner, table_id)

    async def adopt_expired(self) -> int:
        """Take over the tables whose lease expired (their worker died or stalled) and
        that are still in play; returns how many."""
        assert self.owner is not None
        adopted = 0
        for table_id in await self.db(self.storage.adoptable, self.owner):
            if table_id in self.tables:
                continue
            try:
                if await self.take(table_id, ask=False, wanted=False) is not None:
                    adopted += 1
            except TableError:
                continue
            except Exception:
                log.exception("table %s cannot be taken over; it is left out", table_id)
        return adopted

    async def hold(self) -> None:
        """Renew this worker's leases every third of their length, let go of the tables
        another worker took, and take over the tables of workers that died."""
        assert self.owner is not None
        while True:
            await asyncio.sleep(self.settings.lease_seconds / 3)
            await self.hold_once()

    async def hold_once(self) -> None:
        assert self.owner is not None
        held = list(self.tables)
        try:
            kept = await self.db(self.storage.renew_leases, self.owner, held, self.settings.lease_seconds)
        except Exception as exc:  # the database away: the stores will tell if a lease is lost meanwhile
            log.warning("leases could not be renewed (%s)", type(exc).__name__)
            return
        for table_id in held:
            table = self.tables.get(table_id)
            if table_id not in kept and table is not None and table_id not in self.taking:
                self.lost(table)
        with contextlib.suppress(Exception):
            if await self.adopt_expired():
                self.elsewhere = None

    async def listen(self) -> None:
        """PostgreSQL's notifications: a table asked for (`parlour_handover`) is handed
        over if held here; a table changed elsewhere (`parlour_lobby`) is read again for
        the lobby. Reconnects when the database goes away."""
        import psycopg

        conninfo = self.storage.engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {HANDOVER_CHANNEL}")
                    await conn.execute(f"LISTEN {LOBBY_CHANNEL}")
                    self.listening = True
                    self.elsewhere = None  # notifications may have been missed meanwhile
                    async for note in conn.notifies():
                        if note.channel == HANDOVER_CHANNEL:
                            if note.payload in self.tables:
                                asyncio.get_running_loop().create_task(self.hand_over(note.payload))
                        else:
                            self.stale.add(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("notifications lost (%s); listening again", type(exc).__name__)
            self.listening = False
            await asyncio.sleep(1.0)

    async def let_go_all(self) -> None:
        """At a clean stop: every lease held expires now, so the other workers take the
        tables over at once (the last action of each is stored: nothing is in flight
        once the connections have closed)."""
        if self.owner is None:
            return
        for table_id, table in list(self.tables.items()):
            async with table.lock:
                table.moved = True
                await self.give_back(table_id, expire=True)
            table.disband()
        self.tables.clear()

    def elsewhere_forget(self, table_id: str) -> None:
        if self.elsewhere is not None:
            self.elsewhere.pop(table_id, None)

    async def lobby_tables(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The lobby's open and finished tables: this worker's, and, of several workers,
        the others' as stored (read once, then a table again when its NOTIFY comes)."""
        if self.owner is None:
            return self.open_tables(), self.finished_tables()
        now = time.time()
        grace = self.settings.grace
        if self.elsewhere is None or (not self.listening and time.monotonic() - self.elsewhere_at > LOBBY_REFRESH):
            self.stale.clear()
            stored = await self.db_or_refuse(self.storage.load_live, now - self.settings.close_after)
            self.elsewhere = {entry.id: _stored_summary(entry, now, grace) for entry in stored
                              if entry.id not in self.tables}
            self.elsewhere_at = time.monotonic()
        stale, self.stale = self.stale, set()
        for table_id in stale - set(self.tables):
            entry = await self.db_or_refuse(self.storage.load_one, table_id)
            if entry is not None:
                self.elsewhere[table_id] = _stored_summary(entry, now, grace)
        for table_id in list(self.elsewhere):
            if table_id in self.tables or self.elsewhere[table_id]["state"] == "closed":
                del self.elsewhere[table_id]
        finished = sorted((t for t in self.elsewhere.values() if t["state"] == "finished"), key=lambda t: -t["created"])
        for old in finished[10:]:
            del self.elsewhere[old["id"]]
        mine = [t.summary() for t in self.tables.values()]
        every = mine + list(self.elsewhere.values())
        open_ = sorted((t for t in every if t["state"] in ("waiting", "playing")),
                       key=lambda t: (t["state"] != "waiting", -t["created"]))[:50]
        done = sorted((t for t in every if t["state"] == "finished"), key=lambda t: -t["created"])[:10]
        return open_, done

    async def sweep(self) -> None:
        """Close the tables people have left, and let go of the ended ones nobody watches.

        A table with people's seats, none of them connected for `close_after` seconds
        (a waiting room nobody came to, a match everyone walked away from), is closed: an
        event, so it is not loaded again at start-up. So is a table with nobody seated
        (its bots play on by themselves) that nobody has watched for `unwatched_after`
        seconds (or `close_after`, if sooner): bots' CPU is for tables someone follows.
        Finished and closed tables nobody watches leave memory `evict_after` seconds after
        they end; they stay in the database (and come back on demand), so a long-running
        server's memory and garbage-collection pauses stay bounded.
        """
        settings = self.settings
        while True:
            await asyncio.sleep(max(0.2, min(30.0, settings.evict_after / 2, settings.close_after / 4,
                                             settings.unwatched_after / 4)))
            await self.sweep_once()

    async def sweep_once(self) -> None:
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            if table.room.abandoned(time.time(), self.settings.close_after):
                try:
                    await table.close_table("abandoned")
                except TableError:
                    continue  # the database is away: next time
            if table.room.unwatched(table.unwatched_since, now,
                                    min(self.settings.unwatched_after, self.settings.close_after)):
                try:
                    await table.close_table("unwatched")
                except TableError:
                    continue
            if not (table.state.is_over() or table.room.closed) or table.listeners:
                self.finished_at.pop(table_id, None)
                continue
            ended = self.finished_at.setdefault(table_id, now)
            if (now - ended >= self.settings.evict_after or table.room.closed) and self.tables.get(table_id) is table:
                del self.tables[table_id]
                del self.finished_at[table_id]
                await self.give_back(table_id)

    def lobby(self) -> dict[str, Any]:
        """The games, their options, bots and levels: made once, since they do not change
        while the server runs (reading the options' docs parses source, which is slow)."""
        if self._lobby is None:
            self._lobby = self._make_lobby()
        return self._lobby

    def _make_lobby(self) -> dict[str, Any]:
        games = []
        for game in GAMES.values():
            games.append(
                {
                    "name": game.name,
                    "title": game.title,
                    "min_players": game.min_players,
                    "max_players": game.max_players,
                    "player_counts": game.player_counts(),
                    "options": [o for o in game.Options.describe() if o["name"] != "players"],
                    "bots": bot_names(game.name),
                    "default_bot": self.default_bot(game),
                    "levels": [{"level": level, "name": display_name(game.name, level_spec(game.name, level)),
                                "bot": level_spec(game.name, level)} for level in LEVELS],
                    "about": summary(game.name),
                }
            )
        return {"games": games, "any_bot": self.settings.allow_any_bot, "bot_seconds": self.settings.bot_seconds,
                "grace": self.settings.grace, "close_after": self.settings.close_after}

    def open_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables waiting or in play (finished and closed ones are left out), the
        waiting ones first: they are the lobby's open tables, never crowded out by play."""
        tables = sorted((t for t in self.tables.values() if t.phase in ("waiting", "playing")),
                        key=lambda t: (t.phase != "waiting", -t.stored.created))
        return [t.summary() for t in tables[:limit]]

    def finished_tables(self, limit: int = 10) -> list[dict[str, Any]]:
        """The newest finished tables still in memory: the lobby offers their replays."""
        tables = sorted((t for t in self.tables.values() if t.phase == "finished"), key=lambda t: -t.stored.created)
        return [t.summary() for t in tables[:limit]]

    def allow(self, address: str | None, searching: bool, table: Table | None = None) -> None:
        """TableError `too_many_tables` when `address` has made as many tables in play as
        it may, or (`searching`: one with a searching bot) as many with a searching bot.
        With `table`, that table is about to play again or to seat a searching bot: the
        others are counted."""
        if address is None:
            return
        mine = [t for t in self.tables.values()
                if t is not table and t.made_by == address and t.phase in ("waiting", "playing")]
        tables = len(mine) + self.making[(address, False)] + self.making[(address, True)]
        if table is None or table.phase not in ("waiting", "playing"):
            if tables >= self.settings.tables_per_address:
                raise TableError("too_many_tables", f"your address has {tables} tables in play, the most it may have "
                                 "here; finish one, or leave it to close, first")
        if searching:
            dear = sum(1 for t in mine if t.room.searching()) + self.making[(address, True)]
            if dear >= self.settings.search_tables_per_address:
                raise TableError("too_many_tables", f"your address has {dear} tables with strong bots in play, the "
                                 "most it may have here (they think the longest); finish one first, or choose "
                                 "another level")

    async def create(self, request: Any, address: str | None = None) -> tuple[Table, int | None, str | None]:
        """Create a table from a lobby request; the creator (from `address`) sits at `sit`
        (or no seat); `address` is held to its allowance of tables (`allow`). A waiting
        room's deal is drawn at its start; one that plays at once is dealt with the seed
        it is made with."""
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
            if entry.get("level") is not None:
                if entry["level"] not in LEVELS:
                    raise TableError("bad_options", f"seat {seat}: a bot's level is one of {', '.join(LEVELS)}")
                seats.append({"bot": level_spec(game.name, entry["level"])})
            elif bot:
                seats.append({"bot": self.checked_bot(bot, game, seat)})
            else:
                seats.append({"bot": None})
        searching = any(seat["bot"] and searching_bot(game.name, seat["bot"]) for seat in seats)
        self.allow(address, searching)
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
        making = (address or "", searching)
        self.making[making] += 1  # counted while it is stored, so a burst cannot slip past `allow`
        try:
            await self.db_or_refuse(self.storage.create_table, stored, self.owner, self.settings.lease_seconds)
        finally:
            self.making[making] -= 1
        table = Table(self, stored)
        table.made_by = address
        self.tables[stored.id] = table
        if not request.get("start") and sit is not None and len(people) > 1:
            async with table.lock:
                await table.record_event("wait", {})
        token = None
        if sit is not None:
            sit, token = await table.claim(sit, request.get("name"), host=True, address=address)
        table.wake_bot()
        return table, sit, token

    def checked_bot(self, spec: Any, game: Game, seat: int) -> str:
        """A bot asked for at table creation: one of the game's named bots (with their
        default, bounded settings), a level's bot as the lobby lists it, or, when the
        server allows any bot, any spec the bot itself accepts (its parameters are bounded
        there). A refusal names the levels to choose from and the bots by name, never a
        bot's settings: a person reads it."""
        if not isinstance(spec, str) or len(spec) > 200:
            raise TableError("bad_options", f"seat {seat}: a bot is named by a short text, e.g. \"random\"")
        spec = spec.strip()
        names = bot_names(game.name)
        outside = self.settings.allow_outside_bots and ":" in spec.split("(")[0]
        offered = spec in names or level_of(game.name, spec) is not None
        if not offered and not self.settings.allow_any_bot and not outside:
            name = spec.split("(")[0].strip()
            others = ", ".join(n for n in names if n not in LEVELS)
            choose = f"choose a level, {', '.join(LEVELS[:-1])} or {LEVELS[-1]}, or a bot by its name: {others}"
            if name in names:
                why = "this server plays its bots with their own settings only"
            else:
                why = f"unknown bot {name[:40]!r} at {game.title}" if name and "=" not in name else "unknown bot"
            raise TableError("bad_options", f"seat {seat}: {why}; {choose}")
        try:
            make_bot(spec, game, seat, 0, outside=self.settings.allow_outside_bots)
        except OptionsError as exc:
            raise TableError("bad_options", f"seat {seat}: {exc}") from None
        return spec

    def close(self) -> None:
        self.bot_pool.shutdown()
        self.hints.shutdown()
        self.executor.shutdown(wait=True)
        self.storage.close()

