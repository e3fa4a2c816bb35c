"""Each seat's tensor kept from one step to the next, instead of rebuilt from the whole
observation at every step.

`SeatTensors(encoder).tensor(state, seat)` is exactly `encoder.encode(state.observation(
seat, views=False, keys=Encoder.READS))`, at a fraction of the cost. Rebuilding pays three
times for what has not changed since the seat last looked: the engine writes out the hand's
whole public history (`public_actions`, every action's text again), the encoder reads it
all again for the course sections, and every other section is written again though most
of them hold what they held one step before. Here, per seat:

- the hand's course is kept as the seat saw it and only the actions played since are read
  (their texts as `State.public_actions` gives them); an entry hidden from the seat (a
  fold, face-down ribs) is asked again until it shows, and what it showed before is taken
  back out of the counts when it does;
- the course sections are updated from those entries alone: a count per seat and call,
  copies moved and when (and at which place of the action), the last calls shifted along
  by one;
- every other section is written again only when its value in the observation differs from
  the one it was written from, and then only the new items of a list that only grew (the
  hand's tricks, the cards of a trick) and only the changed seats of a list per seat. The
  game's `facts(seat)` and the engine's keys are read at every step: nothing else says what
  changed, and they are what is left of a step's cost.

A game that writes its own `public_actions` is followed by comparing the list it gives
with the kept one.

What this relies on, and what tests/envs/test_incremental.py holds to at every step of
random matches of every game: history only grows within a hand, an action's text does not
change while its hand lasts, an entry shown to a seat is not hidden from it again, and a
game's facts are fresh values (not the state's own lists, changed in place later).
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from parlour.engine import OVER, State, jsonable_scores
from parlour.envs.layouts import Fact
from parlour.envs.tensors import PUT, Encoder, Section, _get, _number

COURSE = "actions"
"""The observation key of the hand's course."""

ENGINE_KEYS = frozenset(
    {"game", "players", "seat", "options", "hand_number", "dealer", "phase", "to_act",
     "legal_actions", "actions", "scores", "match_over", "eliminated"}
)
"""The engine's keys of an observation asked for with `keys=Encoder.READS` (the others come
from the game's `facts`)."""

GROWING = frozenset({"records", "plays"})
"""The kinds that lay a list's items out one after another, each in its own slots."""

PER_SEAT = frozenset({"seat_records", "seat_cards"})
"""The kinds that lay a list per seat out in each seat's own slots (an empty item writes
nothing)."""

_UNSEEN = object()
"""The value a section has never been written from."""


class _Seat:
    """What one seat's tensor was last built from."""

    __slots__ = ("cells", "out", "values", "hand", "course", "hidden", "calls")

    def __init__(self, size: int, sections: int) -> None:
        self.cells = array("f", bytes(4 * size))
        """The tensor, written one entry at a time (an array's item is cheaper to set than
        numpy's)."""
        self.out = np.frombuffer(self.cells, np.float32)
        """The same memory seen by numpy: what is returned, and where slices are cleared."""
        self.values: list[Any] = [_UNSEEN] * sections
        self.hand: tuple[int, int] | None = None
        self.course: list[list[Any]] = []
        """The hand's actions as the seat saw them, `[actor, text]`, as `public_actions`."""
        self.hidden: list[int] = []
        """The places in `course` shown to the seat as the game's `_seen_as` words."""
        self.calls: list[int] = []
        """The places in `course` of the calls (actions naming no card), in order."""


class SeatTensors:
    """The tensors of one table's seats, each kept up to date from the last (see the module
    docstring). A new state (a new match) starts every seat afresh."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.state: State | None = None
        self._seats: dict[int | None, _Seat] = {}
        self._own_course = True
        self._recent: list[Section] = []
        self._counts: list[Section] = []
        self._moves: list[Section] = []
        self._places: list[Section] = []
        groups: dict[str, list[tuple[int, Section, str]]] = {}
        plain = 0
        for section in encoder.sections:
            path = section.fact.path
            kind = section.fact.kind
            if path == COURSE and kind == "calls":
                self._recent.append(section)
            elif path == COURSE and kind == "call_counts":
                self._counts.append(section)
            elif path == COURSE and kind == "card_actions":
                self._moves.append(section)
            elif path == COURSE and kind == "card_places":
                self._places.append(section)
            else:
                top, _, rest = path.partition(".")
                groups.setdefault(top, []).append((plain, section, rest))
                plain += 1
        self._groups = list(groups.items())
        """The other sections by the observation key they read: when a key's value is
        what it was, none of its sections is looked at."""
        self._plain = plain
        self._wants_options = "options" in groups
        self._wants_legal = "legal_actions" in groups

    # --- the tensor ---------------------------------------------------------------------------
    def tensor(self, state: State, seat: int | None) -> np.ndarray:
        """`seat`'s tensor in `state`. The array is this object's own, written again by the
        next call for the same seat: copy it to keep it."""
        if state is not self.state:
            self.state = state
            self._seats.clear()
            self._own_course = type(state).public_actions is State.public_actions
        cache = self._seats.get(seat)
        if cache is None:
            cache = self._seats[seat] = _Seat(self.encoder.size, self._plain + len(self._groups))
        changed, first_new = self._follow(state, seat, cache)
        obs = self._observation(state, seat, cache.course)
        rel = seat or 0
        self._course(cache, rel, changed, first_new, obs)
        out, cells, values = cache.out, cache.cells, cache.values
        g = self._plain
        for top, members in self._groups:
            whole = obs.get(top)
            if top != COURSE:
                old = values[g]
                if whole is old or (type(whole) is type(old) and whole == old):
                    g += 1
                    continue
                values[g] = whole
                if len(members) == 1 and not members[0][2]:
                    self._write(members[0][1], old, whole, rel, out, cells, obs)
                    g += 1
                    continue
            g += 1
            for k, section, rest in members:
                value = _get(whole, rest) if rest else whole
                old = values[k]
                if top != COURSE:
                    if value is old or (type(value) is type(old) and value == old):
                        continue
                    values[k] = value
                self._write(section, old, value, rel, out, cells, obs)
        return out

    def _write(self, section: Section, old: Any, value: Any, seat: int, out: np.ndarray,
               cells: array[float], obs: dict[str, Any]) -> None:
        """Write a section whose value changed from `old`: only the items past the old
        ones where a list only grew (the tricks of the hand, the cards of a trick), only
        the changed seats' slots in a list per seat, else all of it again."""
        enc = self.encoder
        fact, at = section.fact, section.offset
        kind = fact.kind
        put = FAST.get(kind) or PUT[kind]
        if type(value) is list and type(old) is list:
            if kind in GROWING and len(old) <= len(value) and value[: len(old)] == old:
                width = section.size // fact.length
                for k in range(len(old), min(len(value), fact.length)):
                    base = at + k * width
                    if kind == "records":
                        cells[base] = 1
                        enc._items(fact.items, value[k], seat, cells, base + 1, obs)
                    else:
                        put(enc, fact, [value[k]], seat, cells, base, obs)
                return
            if kind in PER_SEAT and len(old) == len(value) <= enc.n:
                width = section.size // enc.n
                for s, item in enumerate(value):
                    was = old[s]
                    if item is was or (type(item) is type(was) and item == was):
                        continue
                    base = at + ((s - seat) % enc.n) * width
                    out[base : base + width] = 0
                    if item is None:
                        continue
                    if kind == "seat_records":
                        enc._items(fact.items, item, seat, cells, base, obs)
                    else:
                        enc._cards(item, cells, base)
                return
        out[at : at + section.size] = 0
        put(enc, fact, value, seat, cells, at, obs)


    def _observation(self, state: State, seat: int | None, course: list[list[Any]]) -> dict[str, Any]:
        """The keys of `state.observation(seat, views=False, keys=Encoder.READS)` that a
        section may read, the course being the seat's kept one."""
        over = state.phase == OVER
        obs: dict[str, Any] = {
            "game": state.game.name,
            "players": state.options.players,
            "seat": seat,
            "hand_number": state.hand_number,
            "dealer": state.dealer,
            "phase": state.phase,
            "to_act": None if over else state.turn,
            "actions": course,
            "scores": {"hand": state.hand_points(), "match": jsonable_scores(state.match_scores())},
            "match_over": over,
        }
        if self._wants_options:
            obs["options"] = state.options.to_json()
        if self._wants_legal:
            legal = state._LEGAL[state.phase](state) if not over and seat == state.turn else []
            obs["legal_actions"] = [state.action_to_text(a) for a in legal]
        if state.eliminated:
            obs["eliminated"] = list(state.eliminated)
        facts = state.facts(seat)
        if COURSE in facts:
            raise ValueError(f"{state.game.name}: facts name {COURSE!r}, the engine's key of the hand's course")
        obs.update(facts)
        return obs

    # --- the hand's course ----------------------------------------------------------------------
    def _follow(self, state: State, seat: int | None, cache: _Seat) -> tuple[list[tuple[int, str]], int]:
        """Bring the seat's course up to the state: the places whose text changed (with the
        text they had), and where the entries new since the last call begin."""
        hand = (state.hand_number, state.hand_start)
        if cache.hand != hand:
            cache.hand = hand
            cache.course, cache.hidden, cache.calls = [], [], []
            out = cache.out
            for section in (*self._recent, *self._counts, *self._moves, *self._places):
                out[section.offset : section.offset + section.size] = 0
        course = cache.course
        changed: list[tuple[int, str]] = []
        first_new = len(course)
        if not self._own_course:
            seen = state.public_actions(seat)
            if len(seen) < first_new:
                raise ValueError(f"{state.game.name}: the hand's course grew shorter")
            for k in range(first_new):
                if seen[k][1] != course[k][1]:
                    changed.append((k, course[k][1]))
                    course[k] = seen[k]
            course.extend(seen[first_new:])
            return changed, first_new
        history = state.history
        start = state.hand_start
        to_text = state.action_to_text
        seen_as = state._seen_as
        if cache.hidden:
            still = []
            for k in cache.hidden:
                i = start + k
                actor, action = history[i]
                shown = seen_as(i, actor, action)
                text = to_text(action) if shown is None else shown
                if shown is not None:
                    still.append(k)
                old = course[k][1]
                if text != old:
                    changed.append((k, old))
                    course[k] = [actor, text]
            cache.hidden = still
        for i in range(start + first_new, len(history)):
            actor, action = history[i]
            shown = None if actor == seat else seen_as(i, actor, action)
            if shown is None:
                course.append([actor, to_text(action)])
            else:
                cache.hidden.append(len(course))
                course.append([actor, shown])
        return changed, first_new

    def _course(self, cache: _Seat, seat: int, changed: list[tuple[int, str]], first_new: int,
                obs: dict[str, Any]) -> None:
        """The course sections brought up to the seat's course: changed entries taken out
        as they were and put in as they are, new entries added."""
        enc = self.encoder
        out, cells, course = cache.out, cache.cells, cache.course
        n, scale = enc.n, enc.course_scale
        split, slots, call_slots = enc._split, enc._slots, enc._call_slots
        calls_width = len(enc.calls) + 1
        redo_moves = redo_recent = False
        redo_places = bool(changed and self._places)
        new_calls = 0
        for k, old in changed:
            who = course[k][0]
            rel = (who - seat) % n if type(who) is int and 0 <= who < n else None
            for text, sign in ((old, -1.0), (course[k][1], 1.0)):
                slot = call_slots.get(text)
                if slot is None:
                    slot = enc._call_slot(text)
                if slot >= 0 and rel is not None:
                    for section in self._counts:
                        cells[section.offset + rel * calls_width + slot] += sign
                if not split(text)[1]:
                    redo_recent = True
                bases = slots.get(text)
                if bases is None:
                    bases = enc._action_slots(text)
                if not bases or rel is None:
                    continue
                if sign < 0:
                    redo_moves = True
                elif not redo_moves:
                    self._move(cells, bases, rel, (k + 1) / scale)
        for k in range(first_new, len(course)):
            who, text = course[k]
            rel = (who - seat) % n if type(who) is int and 0 <= who < n else None
            slot = call_slots.get(text)
            if slot is None:
                slot = enc._call_slot(text)
            if slot >= 0:
                cache.calls.append(k)
                new_calls += 1
                if rel is not None:
                    for section in self._counts:
                        cells[section.offset + rel * calls_width + slot] += 1
                continue
            if not redo_places:
                for section in self._places:
                    at = section.offset
                    for cell in enc._place_cells(section.fact, text):
                        cells[at + cell] += 1
            if redo_moves or rel is None:
                continue
            bases = slots.get(text)
            if bases is None:
                bases = enc._action_slots(text)
            if bases:
                self._move(cells, bases, rel, (k + 1) / scale)
        if redo_recent:
            cache.calls = [k for k, (_, text) in enumerate(course) if not split(text)[1]]
            for section in self._recent:
                self._push_calls(section, cache, seat, len(cache.calls), redo=True)
        elif new_calls:
            for section in self._recent:
                self._push_calls(section, cache, seat, new_calls)
        if redo_places:
            for section in self._places:
                out[section.offset : section.offset + section.size] = 0
                enc._put(section.fact, course, seat, cells, section.offset, obs)
        if redo_moves:
            for section in self._moves:
                out[section.offset : section.offset + section.size] = 0
                enc._put(section.fact, course, seat, cells, section.offset, obs)

    def _move(self, cells: array[float], bases: tuple[int, ...], rel: int, when: float) -> None:
        """A card action's copies counted for the seat `rel` places after, and its place in
        the hand kept where it is the latest of its verb and face."""
        n = self.encoder.n
        for section in self._moves:
            at = section.offset
            for base in bases:
                cells[at + base + rel] += 1
                if cells[at + base + n] < when:
                    cells[at + base + n] = when

    def _push_calls(self, section: Section, cache: _Seat, seat: int, new: int, redo: bool = False) -> None:
        """The last `new` calls of the kept ones, just played, written after the others of
        the recent calls, the oldest moved out when there is no room (with `redo`, the
        section written again from the kept calls)."""
        enc = self.encoder
        n, c = enc.n, len(enc.calls)
        width = n + c + 2
        length = section.fact.length
        if not length:
            return
        out, cells = cache.out, cache.cells
        at = section.offset
        calls = cache.calls
        if redo:
            out[at : at + section.size] = 0
        before = min(len(calls) - new, length)
        keep = max(0, min(before, length - new))
        if keep < before:
            start = at + (before - keep) * width
            out[at : at + keep * width] = out[start : start + keep * width]
        written = min(new, length)
        index, scale, course = enc.call_index, enc.course_scale, cache.course
        base = at + keep * width
        for k in calls[len(calls) - written :]:
            out[base : base + width] = 0
            who, text = course[k]
            rel = enc._rel(who, seat)
            if rel is not None:
                cells[base + rel] = 1
            cells[base + n + index.get(text, c)] = 1
            cells[base + n + c + 1] = (k + 1) / scale
            base += width


def _cards(enc: Encoder, fact: Fact, value: Any, seat: int, cells: Any, at: int, obs: Any) -> None:
    """The encoder's `cards` for the usual list of card strings, without its dispatch."""
    if type(value) is not list:
        enc._cards(value, cells, at)
        return
    faces_in = enc._faces_in
    for text in value:
        if type(text) is str:
            for i in faces_in(text):
                cells[at + i] += 1
        else:
            enc._cards(text, cells, at)


def _seat_numbers(enc: Encoder, fact: Fact, value: Any, seat: int, cells: Any, at: int, obs: Any) -> None:
    """The encoder's `seat_numbers` for a list, whole numbers read without parsing."""
    if type(value) is not list:
        enc._seat_numbers(fact, value, seat, cells, at, obs)
        return
    n, scale = enc.n, fact.scale
    for s, v in enumerate(value[:n]):
        if type(v) is int or type(v) is float:
            x: float | None = float(v)
        else:
            x = _number(v)
            if x is None:
                continue
        cells[at + (s - seat) % n] = x / scale


FAST = {"cards": _cards, "seat_numbers": _seat_numbers}
"""Writers of the commonest kinds that give what the encoder's give, with less work."""
