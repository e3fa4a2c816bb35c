"""Each seat's tensor kept from one step to the next, instead of rebuilt from the whole
observation at every step.

`SeatTensors(encoder).tensor(state, seat)` is exactly `encoder.encode(state.observation(
seat, views=False, keys=Encoder.READS))`, at a fraction of the cost. Rebuilding pays three
times for what has not changed since the seat last looked: the engine writes out the hand's
whole public history (`public_actions`, every action's text again), the encoder reads it
all again for the course sections, and every other section is written again though most
of them hold what they held one step before. Here, per seat:

- the hand's course is kept as the seat saw it and only the actions played since are read
  (from the history, each shown to the seat as `State.public_actions(seat, start)` shows
  it); an entry hidden from the seat (a fold, face-down ribs) is asked again until it
  shows, and what it showed before is taken back out of the counts when it does;
- the course sections are updated from those entries alone: a count per seat and call,
  copies moved and when (and at which place of the action), the last calls shifted along
  by one;
- every other section is written again only when its value in the observation differs from
  the one it was written from, and then only the new items of a list that only grew (the
  hand's tricks, the cards of a trick) and only the changed seats of a list per seat; a
  one-hot's old slot is cleared and its new one set, a number's two slots are set, a
  list of cards loses the faces of the cards that went and gains those that came, and a
  record met before (a pair on the table, a trick's outcome) is copied from the cells it
  was written as (a recent call's row from one made once per seat, caller and call). The
  comparisons are one function written out per encoder and per set of keys, with the
  commonest writes (a number, a seat, seats, numbers per seat, a list of cards) set out
  in it;
- only what may have changed is asked for and compared: within a hand, the game says
  which of its facts (and `scores`) the actions since the seat last looked may have
  changed (`State.facts_changed_since`: a bid leaves the table alone), and the step asks
  `facts(seat, keys)` for those alone and the engine (`State.engine_keys(whole_hand=
  False)`) only for its keys that change within a hand; a game that cannot tell is asked
  for every fact the sections read, at every step.

A game that writes its own `public_actions` is followed by comparing the list it gives
with the kept one.

What this relies on, and what tests/envs/test_incremental.py holds to at every step of
random matches of every game: history only grows within a hand, an action's text does not
change while its hand lasts, an entry shown to a seat is not hidden from it again, and a
game's facts are fresh values (not the state's own lists, changed in place later);
tests/test_facts_changed.py holds every game's `facts_changed_since` to the facts that
changed.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable
from functools import cache
from operator import itemgetter
from typing import Any

import numpy as np

from parlour.engine import OVER, State
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

WHOLE_HAND = frozenset({"game", "players", "seat", "options", "hand_number", "dealer"})
"""The engine's keys that hold for the whole hand (`State.engine_keys(whole_hand=False)` leaves
them out)."""

GROWING = frozenset({"records", "plays"})
"""The kinds that lay a list's items out one after another, each in its own slots."""

PER_SEAT = frozenset({"seat_records", "seat_cards"})
"""The kinds that lay a list per seat out in each seat's own slots (an empty item writes
nothing)."""

ROWS_KEPT = 4096
"""The most records of one fact whose cells are kept (then they are forgotten and kept
again as they come)."""

_UNSEEN = object()
"""The value a section has never been written from."""

Writer = Callable[["SeatTensors", Section, Any, Any, int, "array[float]", dict[str, Any]], None]
"""Writes a section whose value changed: (tensors, section, old value, new value, seat,
cells, observation)."""

_ZEROS: dict[int, array[float]] = {}


def _zeros(size: int) -> array[float]:
    """`size` zeros, to clear a stretch of a seat's cells with (an array's slice is set
    far more cheaply than numpy's)."""
    zeros = _ZEROS.get(size)
    if zeros is None:
        zeros = _ZEROS[size] = array("f", bytes(4 * size))
    return zeros


class _Seat:
    """What one seat's tensor was last built from."""

    __slots__ = ("cells", "out", "values", "hand", "course", "hidden", "calls", "seen")

    def __init__(self, size: int, sections: int) -> None:
        self.cells = array("f", bytes(4 * size))
        """The tensor, written one entry at a time (an array's item is cheaper to set than
        numpy's)."""
        self.out = np.frombuffer(self.cells, np.float32)
        """The same memory seen by numpy: what `SeatTensors.tensor` returns."""
        self.values: list[Any] = [_UNSEEN] * sections
        self.hand: tuple[int, int] | None = None
        self.course: list[list[Any]] = []
        """The hand's actions as the seat saw them, `[actor, text]`, as `public_actions`."""
        self.hidden: list[int] = []
        """The places in `course` shown to the seat as the game's `_seen_as` words."""
        self.calls: list[int] = []
        """The places in `course` of the calls (actions naming no card), in order."""
        self.seen = -1
        """The history's length when the tensor was last brought up to the state."""


class _Plan:
    """How an encoder's sections are kept, worked out once per encoder: the course
    sections by kind, and the others by the observation key they read."""

    def __init__(self, encoder: Encoder) -> None:
        self.recent: list[Section] = []
        self.counts: list[Section] = []
        self.moves: list[Section] = []
        self.places: list[Section] = []
        groups: dict[str, list[tuple[int, Section, str, str | None, Writer]]] = {}
        plain = 0
        for section in encoder.sections:
            path = section.fact.path
            kind = section.fact.kind
            if path == COURSE and kind == "calls":
                self.recent.append(section)
            elif path == COURSE and kind == "call_counts":
                self.counts.append(section)
            elif path == COURSE and kind == "card_actions":
                self.moves.append(section)
            elif path == COURSE and kind == "card_places":
                self.places.append(section)
            else:
                top, _, rest = path.partition(".")
                key = rest if rest and "." not in rest else None
                groups.setdefault(COURSE if top == COURSE else top, []).append(
                    (plain, section, rest, key, WRITERS.get(kind, SeatTensors._write)))
                plain += 1
        self.groups = [
            (top, plain + g, members, members[0][1::3] if len(members) == 1 and not members[0][2] else None)
            for g, (top, members) in enumerate(groups.items())
        ]
        """Each group: the key, its place in the seat's values, its sections (each with its
        place in the values, its path under the key, that path's one key where it has one,
        and its writer) and, for a group of one section reading the whole key, that section
        and its writer (its value is compared once, not twice)."""
        self.plain = plain
        self.encoder = encoder
        self.write = _compiled(self.groups, encoder)
        self.wants_legal = "legal_actions" in groups
        self.fact_keys = frozenset(groups) - ENGINE_KEYS
        """The game's keys the sections read (`State.facts` may leave out the others)."""
        self.partial: dict[Any, tuple[frozenset[str], frozenset[str], Callable[..., None]]] = {}
        """For each answer of `State.facts_changed_since`: the game's keys to ask for,
        the engine's, and the comparisons of the sections that read them (`partial_of`)."""
        self.wants_options = "options" in groups
        self.entries: dict[str, tuple[int, tuple[int, ...]]] = {}
        """The course's entries by their text, as `SeatTensors._entry` reads them."""
        self.items: dict[int, tuple[Callable[..., int], Any, dict[Any, array[float]] | None]] = {}
        """The writers of a record's items and the cells of the records met, by the
        record's fact (`id`): `SeatTensors._item_plan`."""

    def partial_of(self, changed: Any) -> tuple[frozenset[str], frozenset[str], Callable[..., None]]:
        """What a step asks for and compares when only the keys `changed` may have changed
        (besides the engine's cheap keys: the phase, who is to act, ...)."""
        found = self.partial.get(changed)
        if found is None:
            facts = self.fact_keys & frozenset(changed)
            reads = Encoder.READS if "scores" in changed else Encoder.READS - {"scores"}
            tops = facts | (ENGINE_KEYS - WHOLE_HAND - {"scores"}) | (reads & {"scores"})
            found = self.partial[changed] = (facts, reads, _compiled([g for g in self.groups if g[0] in tops], self.encoder))
        return found


def _compiled(groups: list[tuple[str, int, list[Any], Any]], enc: Encoder) -> Callable[..., None]:
    """The sections other than the course's brought up to an observation, as one function
    written out for the encoder's groups: each section's value compared with the one it
    was written from, and written again where they differ (the same work as a loop over
    the groups, without the loop's own cost, a good part of a step's)."""
    env: dict[str, Any] = {"_get": _get}
    lines = ["def write(self, obs, values, cells, rel):", "    get = obs.get"]
    changed = "{v} is not old and (type({v}) is not type(old) or not ({v} == old))"
    for top, g, members, alone in groups:
        lines.append(f"    whole = get({top!r})")
        if top == COURSE:
            for k, section, rest, _, write in members:
                env[f"s{k}"], env[f"w{k}"] = section, write
                value = f"_get(whole, {rest!r})" if rest else "whole"
                lines.append(f"    w{k}(self, s{k}, values[{k}], {value}, rel, cells, obs)")
            continue
        if alone is not None:
            env[f"s{g}"], env[f"w{g}"] = alone
            lines += [
                f"    old = values[{g}]",
                f"    if {changed.format(v='whole')}:",
                f"        values[{g}] = whole",
                *_writing(g, "whole", alone[0], alone[1], enc, env),
            ]
            continue
        if any(key is not None for _, _, _, key, _ in members):
            lines.append("    lookup = whole.get if type(whole) is dict else None")
        for k, section, rest, key, write in members:
            env[f"s{k}"], env[f"w{k}"] = section, write
            if key is not None and key.lstrip("-").isdigit():
                i = int(key)
                lines += [
                    "    if type(whole) is list:",
                    f"        value = whole[{i}] if {-i - 1 if i < 0 else i} < len(whole) else None",
                    "    else:",
                    f"        value = lookup({key!r}) if lookup is not None else _get(whole, {rest!r})",
                ]
            else:
                if key is not None:
                    value = f"lookup({key!r}) if lookup is not None else _get(whole, {rest!r})"
                else:
                    value = f"_get(whole, {rest!r})" if rest else "whole"
                lines.append(f"    value = {value}")
            lines += [
                f"    old = values[{k}]",
                f"    if {changed.format(v='value')}:",
                f"        values[{k}] = value",
                *_writing(k, "value", section, write, enc, env),
            ]
    exec(compile("\n".join(lines), "<parlour.envs.incremental sections>", "exec"), env)  # noqa: S102
    return env["write"]  # type: ignore[no-any-return]


def _writing(k: int, value: str, section: Section, write: Writer, enc: Encoder, env: dict[str, Any]) -> list[str]:
    """The lines that write section `k` whose value changed from `old` to `value`: its
    writer's call, with the commonest case of a number, a seat, a set of seats, numbers
    per seat, a list of cards or a choice written out in place before it (the call costs
    more than the few cells it sets); the writer takes any other case."""
    n = enc.n
    call = f"w{k}(self, s{k}, old, {value}, rel, cells, obs)"
    at, fact = section.offset, section.fact
    if write is SeatTensors._write_number:
        return [f"        if type({value}) is int:", f"            cells[{at}] = 1",
                f"            cells[{at + 1}] = {value} / {fact.scale!r}", "        else:", f"            {call}"]
    if write is SeatTensors._write_seat:
        return [f"        if type({value}) is int and type(old) is int and 0 <= {value} < {n} and 0 <= old < {n}:",
                f"            cells[{at} + (old - rel) % {n}] = 0", f"            cells[{at} + ({value} - rel) % {n}] = 1",
                "        else:", f"            {call}"]
    if write is SeatTensors._write_seat_numbers:
        env["_turns"] = _turns(n)
        return [f"        if type({value}) is list and type(old) is list and len({value}) == len(old) == {n}:",
                f"            for s, v, was in zip(_turns[rel], {value}, old):",
                "                if v is not was:",
                "                    if type(v) is not int:",
                f"                        {call}",
                "                        break",
                f"                    cells[{at} + s] = v / {fact.scale!r}",
                "        else:", f"            {call}"]
    if write is SeatTensors._write_seats:
        env["_turns"] = _turns(n)
        return [f"        if type({value}) is list and type(old) is list:",
                "            turns = _turns[rel]",
                "            for s in old:",
                f"                if type(s) is not int or not 0 <= s < {n}:",
                f"                    {call}",
                "                    break",
                f"                cells[{at} + turns[s]] = 0",
                "            else:",
                f"                for s in {value}:",
                f"                    if type(s) is not int or not 0 <= s < {n}:",
                f"                        {call}",
                "                        break",
                f"                    cells[{at} + turns[s]] = 1",
                "        else:", f"            {call}"]
    if write is SeatTensors._write_cards:
        env["_recount"], env["_faces_in"] = _recount, enc._faces_in
        return [f"        if type({value}) is not list or type(old) is not list or not _recount(_faces_in, old, {value}, cells, {at}):",
                f"            {call}"]
    if write is SeatTensors._write_choice and not fact.rotate:
        env[f"c{k}"] = _choice_slots(fact.values)
        m = len(fact.values)
        return [f"        if type({value}) is str and type(old) is str:",
                f"            cells[{at} + c{k}.get(old, {m})] = 0", f"            cells[{at} + c{k}.get({value}, {m})] = 1",
                "        else:", f"            {call}"]
    return [f"        {call}"]


@cache
def _plan_of(encoder: Encoder) -> _Plan:
    return _Plan(encoder)


class SeatTensors:
    """The tensors of one table's seats, each kept up to date from the last (see the module
    docstring). A new state (a new match, or a new hand dealt as one) starts each seat's
    course afresh and writes its other sections where they differ from the last state's,
    as from one step to the next: what a section holds depends on the value it was written
    from alone."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self.state: State | None = None
        self._seats: dict[int | None, _Seat] = {}
        self._own_course = True
        self._hides = True
        """Whether the game shows some entries of the course as other words (`_seen_as`)."""
        plan = _plan_of(encoder)
        self._recent, self._counts, self._moves = plan.recent, plan.counts, plan.moves
        self._places = plan.places
        self._groups, self._plain, self._wants_legal = plan.groups, plan.plain, plan.wants_legal
        self._wants_options = plan.wants_options
        self._fact_keys = plan.fact_keys
        self._partial_of = plan.partial_of
        self._write_sections = plan.write
        self._call_width = encoder.n + len(encoder.calls) + 2
        """The width of a recent call's row: who called, which call (or another), when."""
        self._call_terms = (_call_rows(encoder.n, len(encoder.calls)), encoder.call_index, len(encoder.calls),
                            encoder.course_scale)
        """What a recent call's row is written with: the rows (`_call_rows`), each call's
        slot, the slot of another call, the scale of when."""
        self._move_ats = [section.offset for section in plan.moves]
        """Where each section of card actions begins."""
        self._entries = plan.entries
        self._counted = [section.offset for section in plan.counts]
        """Where each section of calls counted per seat begins."""
        self._recent_rows = [section for section in plan.recent if section.fact.length]
        """The recent-calls sections that hold at least one call."""
        self._item_plans = plan.items
        self._rels = [{who: (who - seat) % encoder.n for who in range(encoder.n)} for seat in range(encoder.n)]
        """Each seat's place, seen from each seat (`_rels[seat][who]`); other actors have none."""
        self._course_terms = (encoder, encoder.n, encoder.course_scale, encoder._split, encoder._slots,
                              encoder._call_slots, len(encoder.calls) + 1)
        """What `_course` reads of the encoder, in one tuple (read at every step)."""

    # --- the tensor ---------------------------------------------------------------------------
    def tensor(self, state: State, seat: int | None) -> np.ndarray:
        """`seat`'s tensor in `state`. The array is this object's own, written again by the
        next call for the same seat: copy it to keep it."""
        return self._update(state, seat).out

    def cells(self, state: State, seat: int | None) -> array[float]:
        """`seat`'s tensor in `state` as the float32 array it is written in (`tensor` is
        numpy's view of it): its bytes join a batch's without numpy's cost per row."""
        return self._update(state, seat).cells

    def _update(self, state: State, seat: int | None) -> _Seat:
        if state is not self.state:
            self.state = state
            for kept in self._seats.values():
                kept.hand = None
            self._own_course = type(state).public_actions is State.public_actions
            self._hides = type(state)._seen_as is not State._seen_as
        cache = self._seats.get(seat)
        if cache is None:
            cache = self._seats[seat] = _Seat(self.encoder.size, self._plain + len(self._groups))
        since = cache.seen if cache.hand == (state.hand_number, state.hand_start) else -1
        cache.seen = len(state.history)
        keys = state.facts_changed_since(since) if since >= 0 else None
        changed, first_new = self._follow(state, seat, cache)
        if keys is None:
            obs = self._observation(state, seat, cache.course, self._fact_keys, Encoder.READS, True)
            write = self._write_sections
        else:
            facts, reads, write = self._partial_of(keys)
            obs = self._observation(state, seat, cache.course, facts, reads, False)
        rel = seat or 0
        self._course(cache, rel, changed, first_new, obs)
        write(self, obs, cache.values, cache.cells, rel)
        return cache

    # --- the writers: each section whose value changed from `old` -------------------------------
    def _write_seat(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                    obs: dict[str, Any]) -> None:
        at, n, rel = section.offset, self.encoder.n, self.encoder._rel
        if old is not _UNSEEN:
            was = (old - seat) % n if type(old) is int and 0 <= old < n else rel(old, seat)
            cells[at + (n if was is None else was)] = 0
        now = (value - seat) % n if type(value) is int and 0 <= value < n else rel(value, seat)
        cells[at + (n if now is None else now)] = 1

    def _write_number(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                      obs: dict[str, Any]) -> None:
        at = section.offset
        x = value if type(value) is int else _number(value)
        if x is not None:
            cells[at] = 1
            cells[at + 1] = x / section.fact.scale
        else:
            cells[at] = 0 if value is None else -1
            cells[at + 1] = 0

    def _write_choice(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                      obs: dict[str, Any]) -> None:
        fact, at = section.fact, section.offset
        choices, m = fact.values, len(fact.values)
        if not fact.rotate and type(value) is str and (old is _UNSEEN or type(old) is str):
            slots = _choice_slots(choices)
            if old is not _UNSEEN:
                cells[at + slots.get(old, m)] = 0
            cells[at + slots.get(value, m)] = 1
            return
        turn = self.encoder._turn(fact, seat)
        if old is not _UNSEEN:
            cells[at + ((choices.index(old) - turn) % m if old in choices else m)] = 0
        cells[at + ((choices.index(value) - turn) % m if value in choices else m)] = 1

    def _write_seats(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                     obs: dict[str, Any]) -> None:
        if not (old is _UNSEEN or old is None or type(old) is list):
            self._write(section, old, value, seat, cells, obs)
            return
        at, n, rel = section.offset, self.encoder.n, self.encoder._rel
        for s in old if type(old) is list else ():
            was = (s - seat) % n if type(s) is int and 0 <= s < n else rel(s, seat)
            if was is not None:
                cells[at + was] = 0
        for s in value or ():
            now = (s - seat) % n if type(s) is int and 0 <= s < n else rel(s, seat)
            if now is not None:
                cells[at + now] = 1

    def _write_seat_numbers(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                            obs: dict[str, Any]) -> None:
        """Only the seats whose number changed (a seat with no number holds 0)."""
        if type(old) is not list or type(value) is not list or len(old) != len(value):
            self._write(section, old, value, seat, cells, obs)
            return
        at, n, scale = section.offset, self.encoder.n, section.fact.scale
        for s in range(min(len(value), n)):
            v = value[s]
            was = old[s]
            if v is was or (type(v) is type(was) and v == was):
                continue
            if type(v) is int or type(v) is float:
                x: float | None = float(v)
            else:
                x = _number(v)
            cells[at + (s - seat) % n] = 0 if x is None else x / scale

    def _write_cards(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
                     obs: dict[str, Any]) -> None:
        """Only the cards that came or went (`_recount`); a single card string or None
        counts as a list of one card or none."""
        if type(old) is not list:
            if old is None or type(old) is str:
                old = [] if old is None else [old]
            else:
                self._write(section, old, value, seat, cells, obs)
                return
        if type(value) is not list:
            if value is None or type(value) is str:
                value = [] if value is None else [value]
            else:
                self._write(section, old, value, seat, cells, obs)
                return
        if not _recount(self.encoder._faces_in, old, value, cells, section.offset):
            self._write(section, old, value, seat, cells, obs)

    def _write(self, section: Section, old: Any, value: Any, seat: int, cells: array[float],
               obs: dict[str, Any]) -> None:
        """Only the items past the old ones where a list only grew (the tricks of the hand,
        the cards of a trick), only the changed seats' slots in a list per seat, else all of
        the section again."""
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
                        self._items(fact, value[k], seat, cells, base + 1, obs)
                    else:
                        put(enc, fact, [value[k]], seat, cells, base, obs)
                return
            if kind in PER_SEAT and len(old) == len(value) <= enc.n:
                width = section.size // enc.n
                zero = _zeros(width)
                for s, item in enumerate(value):
                    was = old[s]
                    if item is was or (type(item) is type(was) and item == was):
                        continue
                    base = at + ((s - seat) % enc.n) * width
                    if kind == "seat_cards" and type(was) is list and type(item) is list and _recount(
                        enc._faces_in, was, item, cells, base
                    ):
                        continue
                    cells[base : base + width] = zero
                    if item is None:
                        continue
                    if kind == "seat_records":
                        self._items(fact, item, seat, cells, base, obs)
                    else:
                        _cards(enc, fact, item, seat, cells, base, obs)
                return
        cells[at : at + section.size] = _zeros(section.size)
        put(enc, fact, value, seat, cells, at, obs)


    def _items(self, fact: Fact, item: Any, seat: int, cells: array[float], at: int, obs: dict[str, Any]) -> None:
        """The encoder's items of a record into cells that hold zeros. A record's cells
        depend on the seat and the items the encoder reads alone, so a record met before (a
        pair on the table, a trick's outcome) is copied from the cells it was written as
        then; the others are written by one function written out per fact
        (`_item_writer`)."""
        plan = self._item_plans.get(id(fact))
        if plan is None:
            plan = self._item_plan(fact)
        writers, read, rows = plan
        key: Any = None
        if rows is not None and type(item) is dict:
            try:
                key = (seat, read(item))
                row = rows.get(key)
            except KeyError:
                key = row = None
            except TypeError:
                try:
                    key = (seat, _frozen(read(item)))
                    row = rows.get(key)
                except TypeError:
                    key = row = None
            if row is not None:
                cells[at : at + len(row)] = row
                return
        end = writers(self.encoder, item, seat, cells, at, obs)
        if key is not None and rows is not None:
            if len(rows) >= ROWS_KEPT:
                rows.clear()
            rows[key] = cells[at:end]

    def _item_plan(self, fact: Fact) -> tuple[Callable[..., int], Any, dict[Any, array[float]] | None]:
        """A record fact's writer (`_item_writer`), what reads the items a record is known
        by, and the cells of the records met (None where an item is not one key of the
        record, or the record has one item)."""
        keys = [sub.path if "." not in sub.path else None for sub in fact.items]
        plain = len(keys) > 1 and all(keys)
        rows: dict[Any, array[float]] | None = {} if plain else None
        plan = (_item_writer(self.encoder, fact), itemgetter(*keys) if plain else None, rows)
        self._item_plans[id(fact)] = plan
        return plan

    def _observation(self, state: State, seat: int | None, course: list[list[Any]], keys: frozenset[str],
                     reads: frozenset[str], whole_hand: bool) -> dict[str, Any]:
        """`state.observation(seat, views=False, keys=Encoder.READS)`, the course being the
        seat's kept one, the game's facts asked for `keys` and the engine's dear keys for
        `reads` (and the legal actions and options left out where no section reads
        them, and the keys that hold for the whole hand unless `whole_hand`)."""
        legal = None
        if self._wants_legal:
            legal = state._LEGAL[state.phase](state) if state.phase != OVER and seat == state.turn else []
        obs = state.engine_keys(seat, reads, legal, actions=course, options=self._wants_options,
                                whole_hand=whole_hand)
        facts = state.facts(seat, keys)
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
            cells = cache.cells
            for section in (*self._recent, *self._counts, *self._moves, *self._places):
                cells[section.offset : section.offset + section.size] = _zeros(section.size)
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
        if cache.hidden:
            seen_as = state._seen_as
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
        if not self._hides:
            for actor, action in history[start + first_new :]:
                course.append([actor, to_text(action)])
            return changed, first_new
        seen_as = state._seen_as
        hidden = cache.hidden
        for i in range(start + first_new, len(history)):
            actor, action = history[i]
            text = to_text(action)
            if actor != seat:
                shown = seen_as(i, actor, action)
                if shown is not None and shown != text:
                    hidden.append(i - start)
                    text = shown
            course.append([actor, text])
        return changed, first_new

    def _course(self, cache: _Seat, seat: int, changed: list[tuple[int, str]], first_new: int,
                obs: dict[str, Any]) -> None:
        """The course sections brought up to the seat's course: changed entries taken out
        as they were and put in as they are, new entries added."""
        enc, n, scale, split, slots, call_slots, calls_width = self._course_terms
        cells, course = cache.cells, cache.course
        redo_moves = redo_recent = False
        redo_places = bool(changed and self._places)
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
        calls, counted = cache.calls, self._counted
        calls_before = len(calls)
        rels = self._rels[seat]
        places = () if redo_places else self._places
        entries = self._entries
        for k in range(first_new, len(course)):
            who, text = course[k]
            rel = rels.get(who)
            entry = entries.get(text)
            if entry is None:
                entry = self._entry(text)
            slot, moved = entry
            if slot >= 0:
                calls.append(k)
                if rel is not None:
                    row = rel * calls_width + slot
                    for at in counted:
                        cells[at + row] += 1
                continue
            for section in places:
                at = section.offset
                for cell in enc._place_cells(section.fact, text):
                    cells[at + cell] += 1
            if rel is None or redo_moves or not moved:
                continue
            when = (k + 1) / scale
            for at in moved:
                cells[at + rel] += 1
                cells[at + n] = when
        new_calls = len(calls) - calls_before
        if redo_recent:
            shown = cache.calls[: len(cache.calls) - new_calls]
            retold = {k for k, _ in changed}
            for k in retold:
                called = not split(course[k][1])[1]
                i = bisect_left(calls, k)
                if i < len(calls) and calls[i] == k:
                    if not called:
                        del calls[i]
                elif called:
                    calls.insert(i, k)
            for section in self._recent_rows:
                self._retell_calls(section, cache, seat, shown, retold)
        elif new_calls:
            for section in self._recent_rows:
                self._push_calls(section, cache, seat, new_calls)
        if redo_places:
            for section in self._places:
                cells[section.offset : section.offset + section.size] = _zeros(section.size)
                enc._put(section.fact, course, seat, cells, section.offset, obs)
        if redo_moves:
            for section in self._moves:
                cells[section.offset : section.offset + section.size] = _zeros(section.size)
                enc._put(section.fact, course, seat, cells, section.offset, obs)

    def _entry(self, text: str) -> tuple[int, tuple[int, ...]]:
        """An entry of the course as `_course` reads it: its call's slot (-1: it names cards)
        and where each card-action section counts it (each face's first cell)."""
        enc = self.encoder
        slot = enc._call_slots.get(text)
        if slot is None:
            slot = enc._call_slot(text)
        bases = enc._slots.get(text)
        if bases is None:
            bases = enc._action_slots(text)
        entry = self._entries[text] = (slot, tuple(at + base for at in self._move_ats for base in bases))
        return entry

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

    def _retell_calls(self, section: Section, cache: _Seat, seat: int, shown: list[int], retold: set[int]) -> None:
        """The recent calls laid out again after entries stopped (or started) being calls
        or changed text: a call still shown and unchanged keeps its row, moved where its
        place changed (a run of them moved as one block), the others written afresh. Both
        lists of calls are in the order of the hand, so a run is found by slices."""
        width, length = self._call_width, section.fact.length
        cells = cache.cells
        at = section.offset
        was, now = shown[-length:], cache.calls[-length:]
        old = cells[at : at + len(was) * width]
        course, row = cache.course, self._call_row
        j, count, m = 0, len(now), len(was)
        while j < count:
            k = now[j]
            src = bisect_left(was, k)
            if src == m or was[src] != k or k in retold:
                row(cells, at + j * width, course[k], k, seat)
                j += 1
                continue
            end = min(count, j + m - src)
            if now[j:end] != was[src : src + end - j]:
                low = j + 1
                while low < end:
                    middle = (low + end + 1) // 2
                    if now[j:middle] == was[src : src + middle - j]:
                        low = middle
                    else:
                        end = middle - 1
            if not retold.isdisjoint(now[j:end]):
                end = j + 1
                while end < count and src + end - j < m and now[end] == was[src + end - j] and now[end] not in retold:
                    end += 1
            if src != j:
                cells[at + j * width : at + end * width] = old[src * width : (src + end - j) * width]
            j = end
        if m > count:
            cells[at + count * width : at + m * width] = _zeros((m - count) * width)

    def _push_calls(self, section: Section, cache: _Seat, seat: int, new: int) -> None:
        """The last `new` calls of the kept ones, just played, written after the others of
        the recent calls, the oldest moved out when there is no room."""
        width, length = self._call_width, section.fact.length
        cells = cache.cells
        at = section.offset
        calls = cache.calls
        before = min(len(calls) - new, length)
        keep = max(0, min(before, length - new))
        if 0 < keep < before:
            start = at + (before - keep) * width
            cells[at : at + keep * width] = cells[start : start + keep * width]
        base = at + keep * width
        seen_from, index, other, scale = self._call_terms
        rows = seen_from[seat]
        last = width - 1
        course = cache.course
        for k in calls[len(calls) - min(new, length) :]:
            who, text = course[k]
            cells[base : base + width] = rows[who][index.get(text, other)]
            cells[base + last] = (k + 1) / scale
            base += width

    def _call_row(self, cells: array[float], base: int, entry: list[Any], k: int, seat: int) -> None:
        """The call `entry`, the hand's `k`-th action, written over its row of the recent
        calls: who called (seen from `seat`), which call, and when (as `_push_calls` writes
        its rows)."""
        rows, index, other, scale = self._call_terms
        who, text = entry
        width = self._call_width
        cells[base : base + width] = rows[seat][who][index.get(text, other)]
        cells[base + width - 1] = (k + 1) / scale


_LISTED = object()
"""Marks a list made a tuple in a record's key (`_frozen`)."""


def _frozen(items: tuple[Any, ...]) -> tuple[Any, ...]:
    """A record's items with each list made a tuple (marked as one), so that a record
    holding a list of cards is known again by them."""
    return tuple((_LISTED, *item) if type(item) is list else item for item in items)


def _item_writer(enc: Encoder, fact: Fact) -> Callable[..., int]:
    """The items of a record of `fact` written into cells that hold zeros, as one function
    written out for the fact: each item read by its key (or path) and put by its kind's
    writer, a seat or a whole number set in place (the calls and the loop over the items
    cost more than the cells they set). It returns where the record's cells end."""
    n = enc.n
    env: dict[str, Any] = {"_get": _get}
    lines = ["def write(enc, item, seat, cells, at, obs):", "    plain = type(item) is dict"]
    offset = 0
    for i, sub in enumerate(fact.items):
        env[f"s{i}"], env[f"p{i}"] = sub, FAST.get(sub.kind) or PUT[sub.kind]
        read = f"item.get({sub.path!r}) if plain else _get(item, {sub.path!r})" if "." not in sub.path else \
            f"_get(item, {sub.path!r})"
        lines.append(f"    v = {read}")
        call = f"p{i}(enc, s{i}, v, seat, cells, at + {offset}, obs)"
        if sub.kind == "seat":
            lines += [f"    if type(v) is int and 0 <= v < {n}:", f"        cells[at + {offset} + (v - seat) % {n}] = 1",
                      "    else:", f"        {call}"]
        elif sub.kind == "number":
            lines += ["    if type(v) is int:", f"        cells[at + {offset}] = 1",
                      f"        cells[at + {offset + 1}] = v / {sub.scale!r}", "    else:", f"        {call}"]
        else:
            lines.append(f"    {call}")
        offset += enc._size(sub)
    lines.append(f"    return at + {offset}")
    exec(compile("\n".join(lines), f"<parlour.envs.incremental record {fact.name}>", "exec"), env)  # noqa: S102
    return env["write"]  # type: ignore[no-any-return]


@cache
def _call_rows(n: int, calls: int) -> list[dict[Any, list[array[float]]]]:
    """A recent call's row but for when, by the seat it is seen from, who called (a seat,
    or anything else: no seat) and which call (or another): copied over the row in one
    step rather than the row cleared and its cells set."""
    width = n + calls + 2

    def row(place: int | None, slot: int) -> array[float]:
        cells = array("f", bytes(4 * width))
        if place is not None:
            cells[place] = 1
        cells[n + slot] = 1
        return cells

    nobody = [row(None, slot) for slot in range(calls + 1)]
    out: list[dict[Any, list[array[float]]]] = []
    for seat in range(n):
        rows: dict[Any, list[array[float]]] = defaultdict(lambda: nobody)
        for who in range(n):
            rows[who] = [row((who - seat) % n, slot) for slot in range(calls + 1)]
        out.append(rows)
    return out


@cache
def _turns(n: int) -> list[list[int]]:
    """Where each seat sits seen from each seat: `_turns(n)[seat][who]`."""
    return [[(who - seat) % n for who in range(n)] for seat in range(n)]


@cache
def _choice_slots(choices: tuple[Any, ...]) -> dict[Any, int]:
    """Each choice's slot (the first of equal ones, as `tuple.index` finds it)."""
    slots: dict[Any, int] = {}
    for i, choice in enumerate(choices):
        slots.setdefault(choice, i)
    return slots


def _recount(faces_in: Callable[[str], tuple[int, ...]], old: list[Any], new: list[Any], cells: array[float],
             at: int) -> bool:
    """Cells counting the faces of the cards `old` made to count those of `new`: the two
    walked side by side, the old cards not matched in the new taken out and the new ones
    not matched put in (a hand that lost a card costs one card's faces, not the hand's).
    False, with the cells untouched, where a card to move is not a card string, and for
    a list emptied (the caller clears the cells at once). A hand that lost one card (the
    commonest change) is found by halving and two slices."""
    m = len(new)
    if not m:
        return False
    if len(old) == m + 1:
        low, high = 0, m
        while low < high:
            middle = (low + high) // 2
            if old[middle] == new[middle]:
                low = middle + 1
            else:
                high = middle
        text = old[low]
        if type(text) is str and old[low + 1 :] == new[low:] and old[:low] == new[:low]:
            for f in faces_in(text):
                cells[at + f] -= 1
            return True
    gone: list[Any] = []
    added: list[Any] = []
    i, m = 0, len(old)
    for text in new:
        while i < m and old[i] != text:
            gone.append(old[i])
            i += 1
        if i < m:
            i += 1
        else:
            added.append(text)
    gone.extend(old[i:])
    for text in gone:
        if type(text) is not str:
            return False
    for text in added:
        if type(text) is not str:
            return False
    for text in gone:
        for f in faces_in(text):
            cells[at + f] -= 1
    for text in added:
        for f in faces_in(text):
            cells[at + f] += 1
    return True


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


def _plays(enc: Encoder, fact: Fact, value: Any, seat: int, cells: Any, at: int, obs: Any) -> None:
    """The encoder's `plays` for the usual list of `[seat, card]` over the seats."""
    if fact.values or type(value) is not list:
        enc._plays(fact, value, seat, cells, at, obs)
        return
    n = enc.n
    width = n + 1 + len(enc.faces)
    faces_in = enc._faces_in
    base = at
    for play in value[: fact.length]:
        if type(play) is not list:
            enc._plays(fact, [play], seat, cells, base, obs)
        else:
            who, card = play[0], play[1]
            if type(who) is int:
                cells[base + ((who - seat) % n if 0 <= who < n else n)] = 1
            else:
                rel = enc._rel(who, seat)
                cells[base + (n if rel is None else rel)] = 1
            if type(card) is str:
                for i in faces_in(card):
                    cells[base + n + 1 + i] += 1
            else:
                enc._cards(card, cells, base + n + 1)
        base += width


def _seat(enc: Encoder, fact: Fact, value: Any, seat: int, cells: Any, at: int, obs: Any) -> None:
    """The encoder's `seat`, without its dispatch."""
    n = enc.n
    if type(value) is int:
        cells[at + ((value - seat) % n if 0 <= value < n else n)] = 1
    else:
        rel = enc._rel(value, seat)
        cells[at + (n if rel is None else rel)] = 1


def _numberput(enc: Encoder, fact: Fact, value: Any, seat: int, cells: Any, at: int, obs: Any) -> None:
    """The encoder's `number`, a whole number read without parsing."""
    x = value if type(value) is int else _number(value)
    if x is not None:
        cells[at] = 1
        cells[at + 1] = x / fact.scale
    elif value is not None:
        cells[at] = -1


FAST = {"cards": _cards, "seat_numbers": _seat_numbers, "plays": _plays, "seat": _seat, "number": _numberput}
"""Writers of the commonest kinds that give what the encoder's give, with less work."""


WRITERS: dict[str, Writer] = {
    "seat": SeatTensors._write_seat,
    "number": SeatTensors._write_number,
    "choice": SeatTensors._write_choice,
    "seats": SeatTensors._write_seats,
    "seat_numbers": SeatTensors._write_seat_numbers,
    "cards": SeatTensors._write_cards,
}
"""The writers of the kinds written in place: a one-hot's old slot cleared and its new one
set, a number's two slots set, a set of seats' old slots cleared; the others are
`SeatTensors._write`'s."""
