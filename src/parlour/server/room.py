"""A table's room: the state machine of one table, pure.

A room holds what a table is: its seats, who has claimed them and who hosts, whether the
match has started, who is stood in for or has resigned, its chat, whether it is closed, and
the match being played (the engine's state and the actions stored). It changes only by
`apply_event` (an event already stored) and the actions it is told are stored. A request
is decided by a `decide_*` method, which refuses it (TableError, nothing changed) or
returns the events that carry it out, for the caller to store and then apply one by one;
the messages a seat is sent are built by the room from its state and a `Presence` (who is
connected, and the time). The room reads no clock, stores nothing, sends nothing and
starts no thread: tables.py does all of that around it, and the same events replayed give
the same room (which is how a table comes back after a restart).

Everything a seat learns about the match leaves through `Room.observe` (the one choke
point): state messages, bots and the hand history are built from `state.observation(seat)`
for the seat asking, or `observation(None)` for spectators.

A waiting room has no deal: the match's seed is drawn (by the caller) when it starts and
stored in the `start` event, and the room deals from it then, so no seat, replay, record
or hint of a waiting room can show or foretell a card; they are refused (`not_started`)
until then. A seat is one person's for the match: one who leaves a match in play (or is
removed from it) may not take another of its seats from any address they sat or
connected from (`left_match`) until the next match, so nobody reads one hand, leaves and
sits down to read another. Those addresses are held in memory only, never stored: a
restarted server forgets them.

Chat lines are events too, but a table keeps only its newest CHAT_KEEP (the database
deletes older ones), so the log's indices have gaps and the next event's index is
`StoredTable.next_event`, never the number of events.
"""

from __future__ import annotations

import hmac
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from parlour.bots.levels import LEVELS, display_name, level_of, level_spec
from parlour.cards import action_text
from parlour.engine import Game, IllegalAction, State
from parlour.games import get_game
from parlour.record import apply_entry, record_of, start_of
from parlour.replay import ALL, View
from parlour.replay import seat_names as names_of_seats
from parlour.views import match_summary
from parlour.words import Seats

if TYPE_CHECKING:  # a room reads a stored table's fields; it never touches the database
    from parlour.server.storage import StoredTable

NAME_LIMIT = 24
CHAT_LIMIT = 300  # characters of one chat line
CHAT_KEEP = 100  # chat lines a newcomer is shown
STAND_IN_LEVEL = "normal"  # the level of a bot that stands in for a person
SEARCH_BOTS = ("ismcts", "ridge-dd")  # bots that spend their whole move limit (the strong level too)

Event = tuple[str, dict[str, Any]]
"""An event to store: its kind and its data (storage.py stores it with the time)."""


class TableError(Exception):
    """A request the table refuses; `code` is the protocol's error code."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def clean_text(text: Any, limit: int) -> str:
    """Text fit to show others: NFKC-normalised, without control or format characters
    (NUL, ESC, bidirectional overrides, zero-width spaces: Unicode Cc and Cf, which let a
    name pose as another or turn a line around) or unpaired surrogates (Cs: JSON's
    "\\ud800" is no character, and no other client could show it), spaces collapsed, cut
    to `limit`."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFKC", text[: 4 * limit])
    text = "".join(ch for ch in text if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Cs"))
    return " ".join(text.split())[:limit].strip()


def clean_name(name: Any) -> str:
    """A name fit to show others (`clean_text`, cut to NAME_LIMIT); else "Guest" (a table's
    words tell two guests apart: "Guest", "Guest II"), never a seat's number."""
    return clean_text(name, NAME_LIMIT) or "Guest"


def searching_bot(game_name: str, spec: str) -> bool:
    """Whether a bot spec is a search (the strong level, `SEARCH_BOTS`, or a bot from
    outside parlour, whose cost nobody here knows)."""
    base = spec.split("(")[0].strip()
    return base in SEARCH_BOTS or base == "strong" or ":" in base or level_of(game_name, spec) == "strong"


@dataclass(frozen=True)
class Presence:
    """Who is at a table at one moment: the seats with a connection, the spectators, and
    the time (a room reads no clock of its own)."""

    seats: frozenset[int]
    spectators: int
    now: float

    @property
    def anyone_seated(self) -> bool:
        return bool(self.seats)


class Room:
    """One table's state; see the module's doc."""

    def __init__(self, stored: StoredTable, now: float) -> None:
        self.id = stored.id
        self.stored = stored
        self.game: Game = get_game(stored.game)
        self.state: State = start_of(stored.record() | {"actions": []})
        self.seats: list[dict[str, Any]] = [dict(spec) for spec in stored.seats]
        self.claimed: dict[int, tuple[str, str]] = dict(stored.claimed)
        self.host: str | None = None  # the hash of the host's seat token
        self.started = True  # a table made before waiting rooms, or made to start at once
        self.standing_in: set[int] = set()  # seats of people away, played by a bot meanwhile
        self.resigned: set[int] = set()  # seats of people who gave up this match to a bot
        self.chat: list[dict[str, Any]] = []
        self.closed = False
        self.over_noted = False  # the match's end is stored as an event
        self.quiet_since: float | None = now  # nobody seated is connected, since
        self.away_until: dict[int, float] = {}  # seat -> when a bot is due to stand in for its person
        self.bot_specs: dict[int, str] = {}  # seat -> the spec of the bot playing it now
        self.hands: list[dict[int | None, Any]] = []  # per finished hand: seat -> last_hand
        self.addresses: dict[str, set[str]] = {}  # a seat token's hash -> the addresses it sat or connected from
        self.left_match: set[str] = set()  # addresses that left a seat of the match in play
        for kind, data, at in stored.events:
            self._apply(kind, data, at)
        for index, entry in enumerate(stored.actions):
            apply_entry(self.state, list(entry), index)
            self._after_action()

    # --- the one place observations leave ---------------------------------------------
    def observe(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know (None: a spectator), its words naming the seats as the table
        does (`seat_names`; the seat's own as "you"). Nothing else reads the state for a
        seat, and before the start there is nothing to know: the deal is not drawn yet."""
        self._started()
        return self.state.observation(seat, names=self.seat_names())

    def seat_names(self) -> list[str]:
        """Each seat as the table's words name it, as the web table names it: by the name
        its seat's info gives (a person by the name they sat down with, a bot by its game
        and level, "Ribs bot (normal)"), told apart where two would read alike (the rule of
        a table's replays, `replay.seat_names`)."""
        return names_of_seats(self.seat_info(Presence(frozenset(), 0, 0.0)))

    def seats_of(self, seat: int | None) -> Seats:
        """The seats as `seat` reads them in the table's own sentences (the match's
        summary): by `seat_names`, its own as "you"."""
        return Seats(self.seat_names(), seat)

    def _started(self) -> None:
        if not self.started:
            raise TableError("not_started", "the match has not started: nothing is dealt yet")

    # --- records and replays ---------------------------------------------------------------
    def finished_record(self) -> dict[str, Any]:
        """The match's record (with its deals, so it replays in any engine), once the match
        is over: until then it would show every hand."""
        self._started()
        if not self.state.is_over():
            raise TableError("match_not_over", "a table's record can be downloaded once its match is over")
        return record_of(self.state)

    def replay_record(self, view: View, token_seat: Callable[[], int]) -> dict[str, Any]:
        """The record a replay seen from `view` may be built from, or TableError: before
        the match is over, all-seeing is refused (`match_not_over`) and a seat's view needs
        that seat's token (`bad_token`); a spectator's view is public. Before the start
        there is no replay at all (`not_started`). `token_seat` gives the seat of the token
        shown (or raises bad_token)."""
        self._started()
        if not self.state.is_over():
            if view == ALL:
                raise TableError("match_not_over", "an all-seeing replay shows every hand: it opens once the match is over")
            if isinstance(view, int) and token_seat() != view:
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

    def searching(self, seats: list[dict[str, Any]] | None = None) -> bool:
        """Whether a bot seated here (or in `seats`) searches: the dear kind, that spends
        every move's whole limit in a bot thread."""
        return any(spec.get("bot") and searching_bot(self.game.name, str(spec["bot"]))
                   for spec in (self.seats if seats is None else seats))

    def brings_search(self, events: list[Event]) -> bool:
        """Whether `events` seat a searching bot at a table that has none: such a table
        counts against its maker's allowance of searching tables."""
        after = [dict(spec) for spec in self.seats]
        for kind, data in events:
            if kind == "bot":
                after[data["seat"]] = {"bot": data["bot"]}
        return self.searching(after) and not self.searching()

    def seat_of_hash(self, hashed: str | None) -> int | None:
        if hashed is None:
            return None
        for seat, (stored_hash, _name) in self.claimed.items():
            if hmac.compare_digest(stored_hash, hashed):
                return seat
        return None

    def is_host(self, hashed: str | None) -> bool:
        return hashed is not None and hashed == self.host

    def in_play(self) -> bool:
        """A match has started and is not over."""
        return self.started and not self.state.is_over()

    # --- messages ---------------------------------------------------------------------------
    def seat_info(self, presence: Presence) -> list[dict[str, Any]]:
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
                        "taken": claim is not None, "connected": seat in presence.seats}
                if claim is not None and self.host is not None and hmac.compare_digest(claim[0], self.host):
                    info["host"] = True
                if seat in self.resigned:
                    info["resigned"] = True
                if seat in self.away_until:
                    info["stand_in_in"] = round(max(0.0, self.away_until[seat] - presence.now), 1)
                if seat in self.bot_specs:
                    info["stand_in"] = display_name(self.game.name, bot or "")
            if bot is not None:
                info["bot"] = bot
                info["level"] = level_of(self.game.name, bot)
            out.append(info)
        return out

    def summary(self, presence: Presence, grace: float) -> dict[str, Any]:
        state = self.state
        host = self.seat_of_hash(self.host)
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.players,
            "options": self.stored.options,
            "seats": self.seat_info(presence),
            "open_seats": self.open_seats(),
            "version": self.version,
            "to_act": state.to_act() if self.started else None,
            "match_over": state.is_over(),
            "spectators": presence.spectators,
            "created": self.stored.created,
            "age": round(presence.now - self.stored.created, 1),
            "state": self.phase,
            "host": host,
            "match": self.stored.match,
            "grace": grace,
        }

    def message_for(self, seat: int | None, presence: Presence, observation: dict[str, Any] | None = None) -> dict[str, Any]:
        """A `state` message; while the table waits there is no observation (nothing is
        dealt to anyone yet, as far as anyone may see)."""
        if observation is None and self.started:
            observation = self.observe(seat)
        return {
            "type": "state",
            "table": self.id,
            "version": self.version,
            "seat": seat,
            "seats": self.seat_info(presence),
            "table_state": self.phase,
            "hands_finished": len(self.hands),
            "observation": observation,
            "match_summary": match_summary(self.history_for(seat), observation["winners"], self.seats_of(seat))
            if observation is not None and observation.get("match_over") else None,
        }

    def messages_for(self, seats: Iterable[int | None], presence: Presence) -> dict[int | None, dict[str, Any]]:
        """The `state` message of each of `seats` (one per seat, however many connections watch it)."""
        return {seat: self.message_for(seat, presence) for seat in dict.fromkeys(seats)}

    def history_for(self, seat: int | None) -> list[Any]:
        return [hand.get(seat) for hand in self.hands]

    def welcome_message(self, seat: int | None, hashed: str | None, other_tabs: int, presence: Presence,
                        grace: float) -> dict[str, Any]:
        """A connection's `welcome` (its `state` follows)."""
        return {
            "type": "welcome",
            "table": self.id,
            "seat": seat,
            "host": self.is_host(hashed),
            "summary": self.summary(presence, grace),
            "history": self.history_for(seat),
            "chat": self.chat,
            "other_tabs": other_tabs,
        }

    def seats_message(self, presence: Presence) -> dict[str, Any]:
        return {"type": "seats", "table": self.id, "version": self.version, "seats": self.seat_info(presence)}

    def other_tab_notice(self) -> dict[str, Any]:
        return {"type": "notice", "code": "other_tab", "table": self.id,
                "message": "your seat is open in another tab or window too"}

    def chat_message(self) -> dict[str, Any]:
        """The last chat line, as sent to everyone at the table."""
        return {"type": "chat", "table": self.id, **self.chat[-1]}

    # --- events: everything but the actions, stored, then applied -------------------------
    def apply_event(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Take in one event just stored (at `stored.next_event`): it joins the table's
        events, as the database keeps them (the newest CHAT_KEEP chat lines), and changes
        the room. A match begins here, dealt from the seed its event carries: a waiting
        room's at its `start` (the bots that waited are made again, with the match's own
        seeds), another at the table (`again`) with no actions yet."""
        self.stored.next_event += 1
        self.stored.events.append((kind, data, at))
        if kind == "chat":
            chats = [i for i, (k, _d, _a) in enumerate(self.stored.events) if k == "chat"]
            if len(chats) > CHAT_KEEP:
                del self.stored.events[chats[0]]
        self._apply(kind, data, at)
        if kind == "again" or (kind == "start" and "seed" in data):
            if kind == "again":
                self.stored.match += 1
            else:
                self.bot_specs.clear()
            self.stored.seed = int(data["seed"])
            self.stored.actions = []
            self.state = start_of(self.stored.record())
            self.hands = []

    def _apply(self, kind: str, data: dict[str, Any], at: float) -> None:
        """Apply one stored event to the room (at load, and live after storing). A stored
        table already holds the match its last `start` or `again` began, so that is not
        redone here."""
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
            addresses = self.addresses.pop(hashed, set())
            if self.in_play():  # a hand seen: no other seat of this match for them
                self.left_match |= addresses
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
            self.left_match.clear()
            self.over_noted = False
        elif kind == "closed":
            self.closed = True
        elif kind == "quiet":
            self.quiet_since = at
        elif kind == "busy":
            self.quiet_since = None

    # --- bots -------------------------------------------------------------------------------
    def wanted_bots(self) -> dict[int, str]:
        """The bots that play now: each bot seat's, and a stand-in for each person away
        or resigned."""
        wanted: dict[int, str] = {}
        for seat, spec in enumerate(self.seats):
            if spec.get("bot"):
                wanted[seat] = str(spec["bot"])
            elif seat in self.standing_in or seat in self.resigned:
                wanted[seat] = level_spec(self.game.name, STAND_IN_LEVEL)
        return wanted

    def bot_seed(self, seat: int) -> int:
        """The seed of a bot seated now at `seat`: the same after a restart."""
        return (self.stored.seed + seat + 7919 * self.stored.next_event) & 0xFFFFFFFF

    def bot_to_wake(self, presence: Presence) -> int | None:
        """The seat whose bot is to act now, if any. A bot standing in for a person plays
        only while someone seated is at the table: a table everyone has gone from waits
        for them (and is closed if they stay away)."""
        if not self.started or self.closed:
            return None
        seat = self.state.to_act()
        if seat is None or seat not in self.bot_specs:
            return None
        if not self.seats[seat].get("bot") and not presence.anyone_seated:
            return None
        return seat

    # --- requests: checked, then carried out by the events they return ----------------------
    def _not_closed(self) -> None:
        if self.closed:
            raise TableError("closed", "this table is closed")

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

    def decide_claim(self, seat: int | None, name: Any, hashed: str, seed: int, host: bool = False,
                     address: str | None = None) -> tuple[int, list[Event]]:
        """Sit a person, known by the hash of their new token, at `seat` (the first open seat
        when None): the seat, and the events. The last open seat of a waiting room taken,
        the match starts, dealt from `seed`. One who left a seat of the match in play
        (known by `address`) may not sit again until the next match."""
        self._not_closed()
        if address is not None and address in self.left_match and self.in_play():
            raise TableError("left_match", "you left a seat of this match: you may sit again at its next match")
        open_seats = self.open_seats()
        if seat is None:
            if not open_seats:
                raise TableError("table_full", "every seat at this table is taken")
            seat = open_seats[0]
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise TableError("bad_seat", f"seat must be a number from 0 to {self.players - 1}")
        if seat not in open_seats:
            raise TableError("seat_taken", f"seat {seat} is taken")
        events: list[Event] = []
        if host:
            events.append(("host", {"hash": hashed}))
        events.append(("claim", {"seat": seat, "hash": hashed, "name": clean_name(name)}))
        if not self.started and open_seats == [seat]:
            events.append(("start", {"seed": seed}))
        return seat, events

    def seen_at(self, hashed: str | None, address: str | None) -> None:
        """A seat's holder sat or connected from `address`: should they leave the match
        in play, it may not take another of its seats (held in memory only)."""
        if hashed is not None and address is not None and self.seat_of_hash(hashed) is not None:
            self.addresses.setdefault(hashed, set()).add(address)

    def host_seat(self, seat: int | None, hashed: str | None) -> int:
        """The seat of a connection (its seat, its token's hash), if it is the host's, else TableError."""
        if seat is None or self.host is None or hashed is None or not hmac.compare_digest(hashed, self.host):
            raise TableError("not_host", "only the host (who made the table) may do this")
        return seat

    def decide_host(self, seat: int | None, hashed: str | None, kind: str, message: dict[str, Any],
                    presence: Presence, seed: int) -> list[Event]:
        """What the host may do: in the waiting room `move` a seat's occupant to another
        seat (they swap), `fill` a seat with a bot of a level, `open` a bot's seat again and
        `start` (the match dealt from `seed`); at any time `remove` a person (in play, one
        who is away: a bot plays on, and they may take no other seat of the match)."""
        host_seat = self.host_seat(seat, hashed)
        if kind == "remove":
            self._not_closed()
            seat = self._a_seat(message.get("seat"))
            if seat not in self.claimed or seat == host_seat:
                raise TableError("bad_seat", f"seat {seat} holds nobody the host may remove")
            if self.started and seat in presence.seats:
                raise TableError("present", f"seat {seat} is at the table; only a player who is away may be removed")
            return [("unclaim", {"seat": seat, "why": "removed"})]
        if kind == "start":
            self._waiting()
            level = self._level(message.get("level"))
            bots: list[Event] = [("bot", {"seat": s, "bot": level_spec(self.game.name, level)}) for s in self.open_seats()]
            return [*bots, ("start", {"seed": seed})]
        self._waiting()
        seat = self._a_seat(message.get("seat"))
        if kind == "move":
            to = self._a_seat(message.get("to"))
            if to == seat:
                raise TableError("bad_seat", "a seat cannot move to itself")
            return [("move", {"seat": seat, "to": to})]
        if kind == "fill":
            if seat in self.claimed:
                raise TableError("seat_taken", f"seat {seat} is a person's; remove them first")
            level = self._level(message.get("level"))
            return [("bot", {"seat": seat, "bot": level_spec(self.game.name, level)})]
        if kind == "open":
            if not self.seats[seat].get("bot"):
                raise TableError("bad_seat", f"seat {seat} is not a bot's")
            return [("open", {"seat": seat})]
        return []

    def decide_player(self, seat: int | None, kind: str, seed: int) -> list[Event]:
        """What a seated person may do: `leave` (the seat opens in a waiting room, else a
        bot plays it for good and they may take no other seat of the match), `resign` (a bot plays the rest of this match for them), and
        `again` once the match is over (a new match at this table, same seats and options,
        dealt from `seed`)."""
        self._not_closed()
        if seat is None:
            raise TableError("spectator", "take a seat first")
        if kind == "leave":
            return [("unclaim", {"seat": seat, "why": "left"})]
        if kind == "resign":
            if not self.started or self.state.is_over():
                raise TableError("not_playing", "there is no match in play to resign from")
            if seat in self.resigned:
                raise TableError("resigned", "you have resigned this match already")
            return [("resign", {"seat": seat})]
        if kind == "again":
            if not self.state.is_over():
                raise TableError("not_over", "the match is still being played")
            return [("again", {"seed": seed})]
        return []

    def decide_chat(self, seat: int | None, text: Any, name: Any) -> Event:
        """A chat line from a seat (its name) or a watcher (the name they give, marked)."""
        line = clean_text(text, CHAT_LIMIT)
        if not line:
            raise TableError("bad_message", f"'text' must be the chat line to send (at most {CHAT_LIMIT} characters)")
        self._not_closed()
        if seat is not None:
            return ("chat", {"seat": seat, "name": self.claimed[seat][1], "text": line, "watcher": False})
        return ("chat", {"seat": None, "name": clean_text(name, NAME_LIMIT) or "A watcher", "text": line, "watcher": True})

    def may_stand_in(self, seat: int) -> bool:
        """Whether a bot may come to stand in for the person at `seat`, once they are away long enough."""
        return seat in self.claimed and self.started and seat not in self.standing_in and not self.state.is_over()

    def decide_stand_in(self, seat: int, presence: Presence) -> list[Event]:
        """A person's grace is over: a bot stands in, unless they came back or the table moved on."""
        if seat not in self.claimed or seat in self.standing_in or self.closed or self.state.is_over():
            return []
        if seat in presence.seats:
            return []
        return [("standin", {"seat": seat})]

    def decide_arrive(self, seat: int | None) -> list[Event]:
        """A connection says hello: a person back from away takes their seat again (a bot
        standing in stops before its next decision), a quiet table is busy again."""
        if seat is None:
            return []
        events: list[Event] = []
        if seat in self.standing_in:
            events.append(("back", {"seat": seat}))
        if self.quiet_since is not None:
            events.append(("busy", {}))
        return events

    def decide_quiet(self, presence: Presence) -> list[Event]:
        """The last seated connection has gone: the table is quiet (and closed if it stays so)."""
        if self.quiet_since is None and not presence.anyone_seated and not self.closed:
            return [("quiet", {})]
        return []

    def quiet_from(self, now: float) -> None:
        """A table loaded with nobody connected yet: quiet since `now`, if it was not already."""
        if self.quiet_since is None:
            self.quiet_since = now

    def abandoned(self, now: float, close_after: float) -> bool:
        """A table with people's seats, none of them connected for `close_after` seconds."""
        quiet = self.quiet_since
        return (not self.closed and not self.state.is_over() and quiet is not None and bool(self.claimed)
                and now - quiet >= close_after)

    def unwatched(self, since: float | None, now: float, after: float) -> bool:
        """A table in play with nobody seated (its bots play by themselves) that nobody has
        watched since `since` (None: someone watches), for `after` seconds by `now`."""
        return (not self.closed and not self.state.is_over() and not self.claimed and since is not None
                and now - since >= after)

    def decide_close(self, why: str) -> list[Event]:
        if self.closed:
            return []
        return [("closed", {"why": why})]

    def check_hint(self, seat: int) -> None:
        """A hint is for the seat to act, in a match in play: else TableError."""
        if not self.started:
            raise TableError("waiting", "the match has not started: the table is waiting for its players")
        to_act = self.state.to_act()
        if to_act is None:
            raise TableError("no_hint", "the match is over")
        if seat != to_act:
            raise TableError("not_your_turn", f"hints are for the seat to act: it is seat {to_act}'s turn")

    # --- actions --------------------------------------------------------------------------
    def take_action(self, seat: int, text: Any, version: Any, by_bot: bool = False) -> str:
        """Apply `text` for `seat` to the match if it is that seat's turn at `version`, and
        return its canonical text to store; else TableError and nothing changed. A bot acts
        only for a seat it still plays, a person only for a seat no bot plays. Until
        `action_stored` (or `action_lost`) the room is ahead of what is stored."""
        if not isinstance(text, str) or not text.strip():
            raise TableError("bad_message", "'action' must be the text of an action, e.g. \"pass\"")
        if not isinstance(version, int) or isinstance(version, bool):
            raise TableError("bad_message", "'version' must be the version of the state you act on")
        self._not_closed()
        if not self.started:
            raise TableError("waiting", "the match has not started: the table is waiting for its players")
        if by_bot != (seat in self.bot_specs):
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
            action = self.state.text_to_action(action_text(text))
            canonical = self.state.action_to_text(action)
            self.state.apply(action)  # IllegalAction leaves the state unchanged
        except IllegalAction as exc:
            raise TableError("illegal", exc.reason(self.seat_names())) from None
        return str(canonical)

    def action_stored(self, seat: int, canonical: str) -> list[Event]:
        """The action taken is stored: it counts. Returns the event noting the match's end, when it ends."""
        self.stored.actions.append((seat, canonical))
        self._after_action()
        if self.state.is_over() and not self.over_noted:
            return [("over", {})]
        return []

    def action_lost(self) -> None:
        """The action taken could not be stored, so it never happened: the match goes back
        to the stored actions."""
        state = start_of(self.stored.record() | {"actions": []})
        for index, entry in enumerate(self.stored.actions):
            apply_entry(state, list(entry), index)
        self.state = state

    def _after_action(self) -> None:
        if self.state.hand_over():
            seats: list[int | None] = [None, *range(self.players)]
            self.hands.append({seat: self.observe(seat).get("last_hand") for seat in seats})
