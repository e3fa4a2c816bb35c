"""Tables: one match each, its seats, its watchers, its bots, and the order of its actions.

Everything a seat learns about a table leaves through `Table.observe` (the one choke
point): the websocket messages, the bots and the hand history are all built from
`state.observation(seat)` for the seat asking, or `observation(None)` for spectators.
Replays are the one other way out, and `Table.replay_record` decides who may have one:
once the match is over its hands are public (the record, every seat's view, all-seeing);
before, a spectator's view, or a seat's own view to the holder of its token.

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
(`OPTION_LIMITS`), and one client address may start only so many tables, fewer with
searching bots (`TableManager.allow`).

A table gathers its people first. Made with open seats, it is a waiting room: nothing
is dealt to anyone until every seat is taken or the host (whoever made it, known by the
hash of their seat token) starts it with bots in the empty seats; meanwhile the host may
move people between seats and fill a seat with a bot of a level. Once it plays, a person
whose connections are all gone for `grace` seconds is stood in for by a bot at the
next decision, until they come back (again at the next decision); one who leaves, or
whom the host removes while away, is replaced for good. People chat at the table (and
watchers, marked as such), and when the match is over anyone seated may start another
at the same table: the same seats and options, a new deal, the same link. A table
nobody has been at for `close_after` seconds is closed, and so is one with nobody seated
that nobody has watched for `unwatched_after` seconds. Every such change is an event
stored before anyone hears of it (storage.py), so a restart replays them as they were.

The database may go away (a restart, a failover): a store is retried with back-off for
`STORE_PATIENCE` seconds before the action is refused, and a bot whose action could not
be stored tries again later, so a table never waits for a wake-up that will not come.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import random
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from parlour.analysis import NoHint, hint, hint_patience
from parlour.bots import Bot, bot_names, make_bot
from parlour.bots.levels import LEVELS, display_name, level_of, level_spec
from parlour.engine import Game, GameOptions, IllegalAction, OptionsError, State
from parlour.games import GAMES, get_game
from parlour.howto import summary
from parlour.record import apply_entry, record_of, start_of
from parlour.replay import ALL, View
from parlour.server.storage import IntegrityError, Storage, StoredTable, match_key, token_hash
from parlour.server.workers import BotPool, HintBudget, HintRefused

log = logging.getLogger("parlour.server")

NAME_LIMIT = 24
CHAT_LIMIT = 300  # characters of one chat line
CHAT_KEEP = 100  # chat lines a newcomer is shown
GRACE = 60.0  # seconds a seated person may be away before a bot stands in (--grace)
CLOSE_AFTER = 1800.0  # seconds a table may go without people before it is closed (--close-after)
STAND_IN_LEVEL = "normal"  # the level of a bot that stands in for a person
BOT_SECONDS = 1.5  # the default limit of one bot move (--bot-seconds)
BOT_GRACE = 0.5  # seconds past its limit before a bot's move is played for it
BOT_THREADS = 4  # bot moves thought about at once; more would only share the GIL
BOT_LEAST = 0.05  # the least thinking time a bot move gets, however long it waited for a thread
HINT_THREADS = 1  # hints worked out at once, in threads of their own (never the bots')
HINT_QUEUE = 3  # ... and waiting for one; a hint beyond is refused (`rate_limited`)
HINTS_PER_ADDRESS = 2  # hints under way at once for one client address
UNWATCHED_AFTER = 300.0  # seconds a table with nobody seated may play on unwatched (--unwatched-after)
TABLES_PER_ADDRESS = 20  # tables in play that one client address may have made (--tables-per-address)
SEARCH_TABLES_PER_ADDRESS = 2  # ... of them with a searching bot (--search-tables-per-address)
SEARCH_BOTS = ("ismcts", "ridge-dd")  # bots that spend their whole move limit (the strong level too)
OPTION_LIMITS: dict[str, dict[str, int]] = {
    "ribs": {"hands_to_win": 30},
    "ridge": {"target": 1500, "hands": 50},
    "mighty": {"hands": 50},
    "pitch": {"target": 100},
    "seven_and_a_half": {"hands": 100, "bankroll": 100_000},
    "kings_in_the_corner": {"hands": 20},
    "six_pack_bezique": {"deals": 20},
    "paks": {"target": 5000},
}
"""The most a match may ask for at this server, per game and option: a match's length (a
target score, hands to win or to play) is what keeps its bots busy, and a bound the rules
have no reason to set is the card room's to set. About ten times the standard game's;
six at Ribs, where one player must win them all among up to ten."""
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
    """A connection watching a table: a seat (with its token's hash) or a spectator (seat
    None). The seat follows the token: a host may move its holder to another seat.

    `send` must not block: it queues the message for the connection's writer.
    """

    def __init__(self, seat: int | None, send: Callable[[dict[str, Any]], None], hashed: str | None = None) -> None:
        self.seat = seat
        self.send = send
        self.hashed = hashed


def clean_text(text: Any, limit: int) -> str:
    """Text fit to show others: NFKC-normalised, without control or format characters
    (NUL, ESC, bidirectional overrides, zero-width spaces: Unicode Cc and Cf, which let a
    name pose as another or turn a line around), spaces collapsed, cut to `limit`."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[: 4 * limit])
    text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf"))
    return " ".join(text.split())[:limit].strip()


def clean_name(name: Any, seat: int) -> str:
    """A name fit to show others (`clean_text`, cut to NAME_LIMIT); else "Player n"."""
    return clean_text(name, NAME_LIMIT) or f"Player {seat}"


class Table:
    """One table: its seats, the match in progress, its events and the connections that watch it."""

    def __init__(self, manager: TableManager, stored: StoredTable) -> None:
        self.manager = manager
        self.id = stored.id
        self.stored = stored
        self.game: Game = get_game(stored.game)
        self.state: State = start_of(stored.record() | {"actions": []})
        self.lock = asyncio.Lock()
        self.listeners: list[Listener] = []
        self.seats: list[dict[str, Any]] = [dict(spec) for spec in stored.seats]
        self.claimed: dict[int, tuple[str, str]] = dict(stored.claimed)
        self.host: str | None = None  # the hash of the host's seat token
        self.started = True  # a table made before waiting rooms, or made to start at once
        self.standing_in: set[int] = set()  # seats of people away, played by a bot meanwhile
        self.resigned: set[int] = set()  # seats of people who gave up this match to a bot
        self.chat: list[dict[str, Any]] = []
        self.closed = False
        self.over_noted = False  # the match's end is stored as an event
        self.quiet_since: float | None = time.time()  # nobody seated is connected, since
        self.away: dict[int, asyncio.TimerHandle] = {}  # seat -> its stand-in, due after the grace
        self.away_until: dict[int, float] = {}  # seat -> when (time.time()) the stand-in is due
        self.bots: dict[int, Bot] = {}
        self.bot_specs: dict[int, str] = {}
        self.hands: list[dict[int | None, Any]] = []  # per finished hand: seat -> last_hand
        self.bot_task: asyncio.Task[None] | None = None
        self.thinking: dict[int, Future[str]] = {}  # a bot's move still being thought about
        self.bot_failures = 0  # bot actions refused by the database in a row
        self.made_by: str | None = None  # the client address that made it (not kept over a restart)
        self.unwatched_since: float | None = time.monotonic()  # no connection at all, since
        for kind, data, at in stored.events:
            self._apply_event(kind, data, at)
        self._seat_bots()
        for index, entry in enumerate(stored.actions):
            apply_entry(self.state, list(entry), index)
            self._after_action()

    # --- the one place observations leave ---------------------------------------------
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator). Nothing else reads the state for a seat."""
        return self.state.observation(seat)

    # --- records and replays ---------------------------------------------------------------
    def finished_record(self) -> dict[str, Any]:
        """The match's record (with its deals, so it replays in any engine), once the match
        is over: until then it would show every hand."""
        if not self.state.is_over():
            raise TableError("match_not_over", "a table's record can be downloaded once its match is over")
        return record_of(self.state)

    def replay_record(self, view: View, token: Any = None) -> dict[str, Any]:
        """The record a replay seen from `view` may be built from, or TableError: before
        the match is over, all-seeing is refused (`match_not_over`) and a seat's view needs
        that seat's token (`bad_token`); a spectator's view is public."""
        if not self.state.is_over():
            if view == ALL:
                raise TableError("match_not_over", "an all-seeing replay shows every hand: it opens once the match is over")
            if isinstance(view, int) and self.seat_of_token(token) != view:
                raise TableError("bad_token", f"seat {view}'s replay needs seat {view}'s token until the match is over")
        return self.stored.record()

    # --- facts anyone may read ----------------------------------------------------------
    @property
    def version(self) -> int:
        """Actions stored so far (an action being committed is not counted yet)."""
        return len(self.stored.actions)

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def phase(self) -> str:
        """waiting, playing, finished or closed: what the lobby shows."""
        if self.closed:
            return "closed"
        if not self.started:
            return "waiting"
        return "finished" if self.state.is_over() else "playing"

    def open_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.seats[s].get("bot") and s not in self.claimed]

    def seat_of_hash(self, hashed: str | None) -> int | None:
        if hashed is None:
            return None
        for seat, (stored_hash, _name) in self.claimed.items():
            if hmac.compare_digest(stored_hash, hashed):
                return seat
        return None

    def seat_info(self) -> list[dict[str, Any]]:
        connected = {lis.seat for lis in self.listeners if lis.seat is not None}
        now = time.time()
        out = []
        for seat in range(self.players):
            spec = self.seats[seat]
            bot = self.bot_specs.get(seat)
            if spec.get("bot"):
                info: dict[str, Any] = {"seat": seat, "kind": "bot", "name": display_name(self.game.name, spec["bot"]),
                                        "taken": True, "connected": True}
                if spec.get("for"):
                    info["stand_in_for"] = spec["for"]
            else:
                claim = self.claimed.get(seat)
                info = {"seat": seat, "kind": "person", "name": claim[1] if claim else None,
                        "taken": claim is not None, "connected": seat in connected}
                if claim is not None and self.host is not None and hmac.compare_digest(claim[0], self.host):
                    info["host"] = True
                if seat in self.resigned:
                    info["resigned"] = True
                if seat in self.away_until:
                    info["stand_in_in"] = round(max(0.0, self.away_until[seat] - now), 1)
                if seat in self.bots:
                    info["stand_in"] = display_name(self.game.name, bot or "")
            if bot is not None:
                info["bot"] = bot
                info["level"] = level_of(self.game.name, bot)
            out.append(info)
        return out

    def searching(self, seats: list[dict[str, Any]] | None = None) -> bool:
        """Whether a bot seated here (or in `seats`) searches: the dear kind, that spends
        every move's whole limit in a bot thread."""
        return any(spec.get("bot") and searching_bot(self.game.name, str(spec["bot"]))
                   for spec in (self.seats if seats is None else seats))

    def summary(self) -> dict[str, Any]:
        state = self.state
        host = self.seat_of_hash(self.host)
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.stored.options,
            "seats": self.seat_info(),
            "open_seats": self.open_seats(),
            "version": self.version,
            "to_act": state.to_act() if self.started else None,
            "match_over": state.is_over(),
            "spectators": sum(1 for lis in self.listeners if lis.seat is None),
            "created": self.stored.created,
            "age": round(time.time() - self.stored.created, 1),
            "state": self.phase,
            "host": host,
            "match": self.stored.match,
            "grace": self.manager.grace,
        }

    # --- events: everything but the actions, stored, then applied -------------------------
    def _apply_event(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Apply one stored event to the table in memory (at load, and live after storing)."""
        found = data.get("seat")
        seat = found if isinstance(found, int) else -1
        if kind == "wait":
            self.started = False
        elif kind == "start":
            self.started = True
        elif kind == "host":
            self.host = data["hash"]
        elif kind == "claim":
            self.claimed[seat] = (data["hash"], data["name"])
        elif kind == "unclaim":
            hashed, name = self.claimed.pop(seat)
            self.standing_in.discard(seat)
            self.resigned.discard(seat)
            if self.started:  # a bot plays the seat for good
                self.seats[seat] = {"bot": level_spec(self.game.name, STAND_IN_LEVEL), "for": name}
            if self.host == hashed:  # the host hands over to the next person seated
                self.host = next((h for _, (h, _n) in sorted(self.claimed.items())), None)
        elif kind == "bot":
            self.seats[seat] = {"bot": data["bot"]}
        elif kind == "open":
            self.seats[seat] = {"bot": None}
        elif kind == "move":
            a, b = data["seat"], data["to"]
            self.seats[a], self.seats[b] = self.seats[b], self.seats[a]
            ca, cb = self.claimed.pop(a, None), self.claimed.pop(b, None)
            if ca is not None:
                self.claimed[b] = ca
            if cb is not None:
                self.claimed[a] = cb
        elif kind == "standin":
            self.standing_in.add(seat)
        elif kind == "back":
            self.standing_in.discard(seat)
        elif kind == "resign":
            self.resigned.add(seat)
        elif kind == "chat":
            self.chat = [*self.chat[-(CHAT_KEEP - 1):], {**data, "at": at}]
        elif kind == "over":
            self.over_noted = True
        elif kind == "again":
            self.resigned.clear()
            self.over_noted = False
        elif kind == "closed":
            self.closed = True
        elif kind == "quiet":
            self.quiet_since = at
        elif kind == "busy":
            self.quiet_since = None

    async def record_event(self, kind: str, data: dict[str, Any]) -> None:
        """Store an event (the caller holds the lock), then apply it: refused as
        `server_error` while the database is away, and then nothing changed."""
        at = time.time()
        index = len(self.stored.events)
        await self.manager.db_or_refuse(self.manager.storage.append_event, self.id, index, kind, data, at)
        self.stored.events.append((kind, data, at))
        self._apply_event(kind, data, at)
        self._seat_bots()
        for lis in self.listeners:
            lis.seat = self.seat_of_hash(lis.hashed)

    def _seat_bots(self) -> None:
        """The bots that play now: each bot seat's, and a stand-in for each person away
        or resigned (their bots kept while the spec is the same, so a bot's luck goes on)."""
        wanted: dict[int, str] = {}
        for seat, spec in enumerate(self.seats):
            if spec.get("bot"):
                wanted[seat] = str(spec["bot"])
            elif seat in self.standing_in or seat in self.resigned:
                wanted[seat] = level_spec(self.game.name, STAND_IN_LEVEL)
        for seat in list(self.bots):
            if wanted.get(seat) != self.bot_specs.get(seat):
                del self.bots[seat], self.bot_specs[seat]
        for seat, name in wanted.items():
            if seat not in self.bots:
                seed = (self.stored.seed + seat + 7919 * len(self.stored.events)) & 0xFFFFFFFF
                self.bot_specs[seat], self.bots[seat] = self.manager.seat_bot(name, self.game, seat, seed)

    # --- seats ----------------------------------------------------------------------------
    def seat_of_token(self, token: Any) -> int:
        if not isinstance(token, str) or not token:
            raise TableError("bad_token", "this seat token is not valid at this table")
        seat = self.seat_of_hash(token_hash(token))
        if seat is None:
            raise TableError("bad_token", "this seat token is not valid at this table")
        return seat

    async def claim(self, seat: int | None, name: Any, host: bool = False) -> tuple[int, str]:
        """Sit a person at `seat` (the first open seat when None); returns (seat, token).
        The last open seat of a waiting room taken, the match starts."""
        async with self.lock:
            self._not_closed()
            open_seats = self.open_seats()
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
            if host:
                await self.record_event("host", {"hash": hashed})
            await self.record_event("claim", {"seat": seat, "hash": hashed, "name": clean_name(name, seat)})
            if not self.started and not self.open_seats():
                await self.record_event("start", {})
            self.graces()
            self.broadcast()
        self.wake_bot()
        return seat, token

    def _not_closed(self) -> None:
        if self.closed:
            raise TableError("closed", "this table is closed")

    def _host_seat(self, listener: Listener) -> int:
        """The listener's seat, if it is the host's, else TableError."""
        if listener.seat is None or self.host is None or listener.hashed is None or not hmac.compare_digest(listener.hashed, self.host):
            raise TableError("not_host", "only the host (who made the table) may do this")
        return listener.seat

    def _waiting(self) -> None:
        self._not_closed()
        if self.started:
            raise TableError("started", "the match has started: seats are set")

    def _a_seat(self, value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.players:
            raise TableError("bad_seat", f"seat must be a number from 0 to {self.players - 1}")
        return value

    def _level(self, value: Any) -> str:
        level = STAND_IN_LEVEL if value is None else value
        if level not in LEVELS:
            raise TableError("bad_level", f"a bot's level is one of {', '.join(LEVELS)}")
        return str(level)

    async def host_request(self, listener: Listener, kind: str, message: dict[str, Any]) -> None:
        """What the host may do: in the waiting room `move` a seat's occupant to another
        seat (they swap), `fill` a seat with a bot of a level, `open` a bot's seat again and
        `start`; at any time `remove` a person (in play, one who is away: a bot plays on)."""
        async with self.lock:
            self._host_seat(listener)
            if kind == "remove":
                self._not_closed()
                seat = self._a_seat(message.get("seat"))
                if seat not in self.claimed or seat == listener.seat:
                    raise TableError("bad_seat", f"seat {seat} holds nobody the host may remove")
                if self.started and any(lis.seat == seat for lis in self.listeners):
                    raise TableError("present", f"seat {seat} is at the table; only a player who is away may be removed")
                await self.record_event("unclaim", {"seat": seat, "why": "removed"})
                self._cancel_away(seat)
            elif kind == "start":
                self._waiting()
                level = self._level(message.get("level"))
                self._allow_bots(self.open_seats(), level)
                for seat in self.open_seats():
                    await self.record_event("bot", {"seat": seat, "bot": level_spec(self.game.name, level)})
                await self.record_event("start", {})
                self.graces()
            else:
                self._waiting()
                seat = self._a_seat(message.get("seat"))
                if kind == "move":
                    to = self._a_seat(message.get("to"))
                    if to == seat:
                        raise TableError("bad_seat", "a seat cannot move to itself")
                    await self.record_event("move", {"seat": seat, "to": to})
                elif kind == "fill":
                    if seat in self.claimed:
                        raise TableError("seat_taken", f"seat {seat} is a person's; remove them first")
                    level = self._level(message.get("level"))
                    self._allow_bots([seat], level)
                    await self.record_event("bot", {"seat": seat, "bot": level_spec(self.game.name, level)})
                elif kind == "open":
                    if not self.seats[seat].get("bot"):
                        raise TableError("bad_seat", f"seat {seat} is not a bot's")
                    await self.record_event("open", {"seat": seat})
            self.broadcast()
        self.wake_bot()

    def _allow_bots(self, seats: list[int], level: str) -> None:
        """A searching bot about to sit here counts against its maker's allowance."""
        after = [{"bot": level_spec(self.game.name, level)} if s in seats else spec for s, spec in enumerate(self.seats)]
        if self.searching(after) and not self.searching():
            self.manager.allow(self.made_by, True, self)

    async def player_request(self, listener: Listener, kind: str) -> None:
        """What a seated person may do: `leave` (the seat opens in a waiting room, else a
        bot plays it for good), `resign` (a bot plays the rest of this match for them), and
        `again` once the match is over (a new match at this table, same seats and options)."""
        async with self.lock:
            self._not_closed()
            seat = listener.seat
            if seat is None:
                raise TableError("spectator", "take a seat first")
            if kind == "leave":
                await self.record_event("unclaim", {"seat": seat, "why": "left"})
                self._cancel_away(seat)
            elif kind == "resign":
                if not self.started or self.state.is_over():
                    raise TableError("not_playing", "there is no match in play to resign from")
                if seat in self.resigned:
                    raise TableError("resigned", "you have resigned this match already")
                await self.record_event("resign", {"seat": seat})
            elif kind == "again":
                if not self.state.is_over():
                    raise TableError("not_over", "the match is still being played")
                self.manager.allow(self.made_by, self.searching(), self)
                await self.record_event("again", {"seed": secrets.randbits(62)})
                self.stored.match += 1
                self.stored.seed = int(self.stored.events[-1][1]["seed"])
                self.stored.actions = []
                self.state = start_of(self.stored.record())
                self.hands = []
                for lis in list(self.listeners):
                    self.welcome(lis)
            self.broadcast()
        self.wake_bot()

    async def say(self, listener: Listener, text: Any, name: Any) -> None:
        """A chat line from a seat (its name) or a watcher (the name they give, marked)."""
        line = clean_text(text, CHAT_LIMIT)
        if not line:
            raise TableError("bad_message", f"'text' must be the chat line to send (at most {CHAT_LIMIT} characters)")
        async with self.lock:
            self._not_closed()
            seat = listener.seat
            if seat is not None:
                data = {"seat": seat, "name": self.claimed[seat][1], "text": line, "watcher": False}
            else:
                data = {"seat": None, "name": clean_text(name, NAME_LIMIT) or "A watcher", "text": line, "watcher": True}
            await self.record_event("chat", data)
            message = {"type": "chat", "table": self.id, **self.chat[-1]}
            for lis in list(self.listeners):
                lis.send(message)

    # --- coming and going -------------------------------------------------------------------
    def away_from_now(self, seat: int) -> None:
        """Start the grace of a seated person with no connection: a bot stands in once it ends."""
        if seat in self.away or seat not in self.claimed or any(lis.seat == seat for lis in self.listeners):
            return
        if not self.started or seat in self.standing_in or self.state.is_over():
            return
        grace = self.manager.grace
        self.away_until[seat] = time.time() + grace
        self.away[seat] = asyncio.get_running_loop().call_later(grace, self._stand_in_later, seat)

    def graces(self) -> None:
        """Start the grace of every seated person not connected (at the start, on loading)."""
        for seat in list(self.claimed):
            self.away_from_now(seat)

    def _cancel_away(self, seat: int) -> None:
        handle = self.away.pop(seat, None)
        if handle is not None:
            handle.cancel()
        self.away_until.pop(seat, None)

    def _stand_in_later(self, seat: int) -> None:
        self.away.pop(seat, None)
        asyncio.get_running_loop().create_task(self._stand_in(seat))

    async def _stand_in(self, seat: int) -> None:
        async with self.lock:
            self.away_until.pop(seat, None)
            if seat not in self.claimed or seat in self.standing_in or self.closed or self.state.is_over():
                return
            if any(lis.seat == seat for lis in self.listeners):
                return
            try:
                await self.record_event("standin", {"seat": seat})
            except TableError:  # the database is away: try again after another grace
                self.away_from_now(seat)
                return
            self.broadcast()
        self.wake_bot()

    async def arrive(self, listener: Listener) -> None:
        """A connection says hello (under the lock): a person back from away takes their
        seat again (a bot standing in stops before its next decision), a quiet table is
        busy again; both stored."""
        seat = listener.seat
        if seat is None:
            return
        self._cancel_away(seat)
        if seat in self.standing_in:
            await self.record_event("back", {"seat": seat})
        if self.quiet_since is not None:
            await self.record_event("busy", {})

    def gone(self, listener: Listener) -> None:
        """A connection closed: the grace of its seat starts, and the table falls quiet
        when it was the last seated one."""
        seat = listener.seat
        if seat is None or any(lis.seat == seat for lis in self.listeners):
            return
        self.away_from_now(seat)
        if all(lis.seat is None for lis in self.listeners):
            asyncio.get_running_loop().create_task(self._quiet())

    async def _quiet(self) -> None:
        async with self.lock:
            if self.quiet_since is None and all(lis.seat is None for lis in self.listeners) and not self.closed:
                with contextlib.suppress(TableError):  # the database away: the table is not closed early, that is all
                    await self.record_event("quiet", {})

    async def close_table(self, why: str) -> None:
        async with self.lock:
            if self.closed:
                return
            await self.record_event("closed", {"why": why})
            for seat in list(self.away):
                self._cancel_away(seat)
            self.broadcast()

    # --- actions --------------------------------------------------------------------------
    async def act(self, seat: int, text: Any, version: Any, by_bot: bool = False) -> None:
        """Apply `text` for `seat` if it is that seat's turn at `version`; else TableError.
        A bot acts only for a seat it still plays, a person only for a seat no bot plays."""
        if not isinstance(text, str) or not text.strip():
            raise TableError("bad_message", "'action' must be the text of an action, e.g. \"pass\"")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("bad_message", "'version' must be the version of the state you act on")
        async with self.lock:
            self._not_closed()
            if not self.started:
                raise TableError("waiting", "the match has not started: the table is waiting for its players")
            if by_bot != (seat in self.bots):
                if by_bot:
                    raise TableError("stale", "this seat is no longer the bot's")
                raise TableError("resigned", "a bot plays your seat for the rest of this match")
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
                await self.manager.append(match_key(self.id, self.stored.match), version, seat, canonical)
            except Exception:
                # Not stored, so it never happened: rebuild the state from the stored log.
                log.exception("table %s: action %d could not be stored", self.id, version)
                self.state = self._replayed()
                raise TableError("server_error", "the server could not store your action; try again") from None
            self.stored.actions.append((seat, canonical))
            self._after_action()
            if self.state.is_over() and not self.over_noted:
                with contextlib.suppress(TableError):  # noted again when next loaded
                    await self.record_event("over", {})
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
        """A `state` message; while the table waits there is no observation (nothing is
        dealt to anyone yet, as far as anyone may see)."""
        if observation is None and self.started:
            observation = self.observe(seat)
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "seat": seat,
            "seats": self.seat_info(),
            "table_state": self.phase,
            "hands_finished": len(self.hands),
            "observation": observation,
        }

    def history_for(self, seat: int | None) -> list[Any]:
        return [hand.get(seat) for hand in self.hands]

    def welcome(self, listener: Listener) -> None:
        """The `welcome` and first `state` of a connection (the caller holds the lock)."""
        seat = listener.seat
        others = sum(1 for lis in self.listeners if lis is not listener and seat is not None and lis.seat == seat)
        listener.send(
            {
                "type": "welcome",
                "table": self.id,
                "seat": seat,
                "host": listener.hashed is not None and listener.hashed == self.host,
                "summary": self.summary(),
                "history": self.history_for(seat),
                "chat": self.chat,
                "other_tabs": others,
            }
        )
        listener.send(self.message_for(seat))

    def broadcast(self) -> None:
        cache: dict[int | None, dict[str, Any]] = {}
        for lis in list(self.listeners):
            if lis.seat not in cache:
                cache[lis.seat] = self.message_for(lis.seat)
            lis.send(cache[lis.seat])

    def attach(self, listener: Listener) -> None:
        if listener.seat is not None:
            for lis in self.listeners:
                if lis.seat == listener.seat:
                    lis.send({"type": "notice", "code": "other_tab", "table": self.id,
                              "message": "your seat is open in another tab or window too"})
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
            info = self.seat_info()
            for lis in self.listeners:
                if lis is not listener:
                    lis.send({"type": "seats", "table": self.id, "version": self.version, "seats": info})

    # --- bots -----------------------------------------------------------------------------
    def wake_bot(self) -> None:
        """Start the bot to act, if a bot is to act and none is already thinking. A bot
        standing in for a person plays only while someone seated is at the table: a table
        everyone has gone from waits for them (and is closed if they stay away)."""
        if not self.started or self.closed:
            return
        seat = self.state.to_act()
        if seat is None or seat not in self.bots:
            return
        if not self.seats[seat].get("bot") and all(lis.seat is None for lis in self.listeners):
            return
        if self.bot_task is not None and not self.bot_task.done():
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._bot_turn(seat))

    async def _bot_turn(self, seat: int) -> None:
        delay = self.manager.bot_delay
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
        future = self.manager.bot_pool.submit(self.id, think, bot, observation, time.monotonic() + self.manager.bot_seconds)
        self.thinking[seat] = future
        try:
            return str(await asyncio.wait_for(asyncio.wrap_future(future), self.manager.bot_seconds + BOT_GRACE))
        except TimeoutError:
            future.cancel()  # still waiting for a thread: it never starts
            log.warning("bot %s at table %s took over %g s; playing a legal move for it", bot, self.id, self.manager.bot_seconds)
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
            if not self.started:
                raise TableError("waiting", "the match has not started: the table is waiting for its players")
            to_act = self.state.to_act()
            if to_act is None:
                raise TableError("no_hint", "the match is over")
            if seat != to_act:
                raise TableError("not_your_turn", f"hints are for the seat to act: it is seat {to_act}'s turn")
            observation = self.observe(seat)
            version = self.version
        seconds = self.manager.bot_seconds
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


def think(bot: Bot, observation: dict[str, Any], deadline: float) -> str:
    """A bot's move, in a bot thread, within what is left of its limit at `deadline`
    (time.monotonic()): a move that waited for a thread does not get the whole limit
    again, so it still answers before it is played for."""
    bot.time_limit = max(BOT_LEAST, deadline - time.monotonic())
    return bot.choose(observation)


def searching_bot(game_name: str, spec: str) -> bool:
    """Whether a bot spec is a search (the strong level, `SEARCH_BOTS`, or a bot from
    outside parlour, whose cost nobody here knows)."""
    base = spec.split("(")[0].strip()
    return base in SEARCH_BOTS or base == "strong" or ":" in base or level_of(game_name, spec) == "strong"


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
    for name, most in OPTION_LIMITS.get(game.name, {}).items():
        value = getattr(options, name, None)
        if isinstance(value, int | float) and value > most:
            raise TableError("bad_options", f"{name} may be at most {most} at this server, not {value}")
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
        allow_outside_bots: bool = False,
        grace: float = GRACE,
        close_after: float = CLOSE_AFTER,
        unwatched_after: float = UNWATCHED_AFTER,
        tables_per_address: int = TABLES_PER_ADDRESS,
        search_tables_per_address: int = SEARCH_TABLES_PER_ADDRESS,
    ) -> None:
        self.storage = storage
        self.grace = grace
        self.close_after = close_after
        self.unwatched_after = unwatched_after
        self.tables_per_address = tables_per_address
        self.search_tables_per_address = search_tables_per_address
        self.bot_delay = bot_delay
        self.evict_after = evict_after
        self.bot_seconds = bot_seconds
        self.allow_any_bot = allow_any_bot
        self.allow_outside_bots = allow_outside_bots
        """Whether a table may seat `package.module:Class` bots: importing a module named by
        a client runs its code, so only a server started with --allow-outside-bots does."""
        self.bot_pool = BotPool(BOT_THREADS)
        self.making: Counter[tuple[str, bool]] = Counter()  # (address, searching) -> tables being stored
        self.hints = HintBudget(HINT_THREADS, HINT_QUEUE, HINTS_PER_ADDRESS)
        self.rng = random.Random()
        self.tables: dict[str, Table] = {}
        self.finished_at: dict[str, float] = {}  # table -> when it was first seen finished
        self._lobby: dict[str, Any] | None = None
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
            bot = make_bot(spec, game, seat, seed, outside=self.allow_outside_bots)
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
        return heuristic if heuristic in names else "random"

    async def restore(self) -> int:
        """Rebuild the tables in play by replaying their events and actions; returns how
        many. Closed and finished tables, and tables nobody has been at for `close_after`
        seconds, stay in the database until someone asks for one. Everyone seated is away
        until they come back, so their grace starts now."""
        stored = await self.db(self.storage.load_live, time.time() - self.close_after)
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
        if table.quiet_since is None:
            table.quiet_since = time.time()
        table.graces()
        table.wake_bot()

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
                self.waken(table)
        if table is None:
            raise TableError("unknown_table", f"there is no table {table_id!r}")
        return table

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
        while True:
            await asyncio.sleep(max(0.2, min(30.0, self.evict_after / 2, self.close_after / 4, self.unwatched_after / 4)))
            await self.sweep_once()

    async def sweep_once(self) -> None:
        now = time.monotonic()
        for table_id, table in list(self.tables.items()):
            quiet = table.quiet_since
            if (not table.closed and not table.state.is_over() and quiet is not None and table.claimed
                    and time.time() - quiet >= self.close_after):
                try:
                    await table.close_table("abandoned")
                except TableError:
                    continue  # the database is away: next time
            unwatched = table.unwatched_since
            if (not table.closed and not table.state.is_over() and not table.claimed and unwatched is not None
                    and now - unwatched >= min(self.unwatched_after, self.close_after)):
                try:
                    await table.close_table("unwatched")
                except TableError:
                    continue
            if not (table.state.is_over() or table.closed) or table.listeners:
                self.finished_at.pop(table_id, None)
                continue
            ended = self.finished_at.setdefault(table_id, now)
            if now - ended >= self.evict_after or table.closed:
                del self.tables[table_id]
                del self.finished_at[table_id]

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
                    "options": [o for o in game.Options.describe() if o["name"] != "players"],
                    "bots": bot_names(game.name),
                    "default_bot": self.default_bot(game),
                    "levels": [{"level": level, "name": display_name(game.name, level_spec(game.name, level)),
                                "bot": level_spec(game.name, level)} for level in LEVELS],
                    "about": summary(game.name),
                }
            )
        return {"games": games, "any_bot": self.allow_any_bot, "bot_seconds": self.bot_seconds,
                "grace": self.grace, "close_after": self.close_after}

    def open_tables(self, limit: int = 50) -> list[dict[str, Any]]:
        """The newest tables waiting or in play (finished and closed ones are left out)."""
        tables = sorted((t for t in self.tables.values() if t.phase in ("waiting", "playing")), key=lambda t: -t.stored.created)
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
            if tables >= self.tables_per_address:
                raise TableError("too_many_tables", f"your address has {tables} tables in play, the most it may have "
                                 "here; finish one, or leave it to close, first")
        if searching:
            dear = sum(1 for t in mine if t.searching()) + self.making[(address, True)]
            if dear >= self.search_tables_per_address:
                raise TableError("too_many_tables", f"your address has {dear} tables with strong bots in play, the "
                                 "most it may have here (they think the longest); finish one first, or choose "
                                 "another level")

    async def create(self, request: Any, address: str | None = None) -> tuple[Table, int | None, str | None]:
        """Create a table from a lobby request; the creator sits at `sit` (or no seat).
        `address` (the client's) is held to its allowance of tables (`allow`)."""
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
            await self.db_or_refuse(self.storage.create_table, stored)
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
            sit, token = await table.claim(sit, request.get("name"), host=True)
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
        outside = self.allow_outside_bots and ":" in spec.split("(")[0]
        if spec not in names and not self.allow_any_bot and not outside:
            known = spec.split("(")[0].strip() in names
            why = "this server offers its bots with their own settings only" if known else "unknown bot"
            raise TableError("bad_options", f"seat {seat}: {why} {spec[:60]!r} (bots for {game.name}: {', '.join(names)})")
        try:
            make_bot(spec, game, seat, 0, outside=self.allow_outside_bots)
        except OptionsError as exc:
            raise TableError("bad_options", f"seat {seat}: {exc}") from None
        return spec

    def close(self) -> None:
        self.bot_pool.shutdown()
        self.hints.shutdown()
        self.executor.shutdown(wait=True)
        self.storage.close()

