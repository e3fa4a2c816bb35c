"""The information-state tensor of one seat's observation, for learned players.

`parlour.envs.encoder("ribs(players=6)").encode(observation)` (made here by `encoder`)
turns the observation a bot reads (`State.observation(seat, views=False)`) into a float32
vector of fixed size. It is a pure
function of that observation, so it can never see more than the seat sees, and it is
seat-relative throughout: wherever the observation names a seat, the tensor has a slot
"k seats after me" (scores, hands, plays, bids and the dealer alike).

One mechanism serves every game. A tensor is a list of named **sections**, each one a
*kind* of encoding (a seat, a number, a set of cards, a seat's cards, a choice among
words, a list of plays, ...) applied to one *path* of the observation. Every game gets
the same engine sections (who acts, the dealer, the phase, the scores, its own hand) and
the **course** of the hand: the observation's `actions`, the hand's public history as the
seat saw it, read word by word:

- *calls* (actions that name no card: bids, passes, trump choices, a partner's call, a
  draw from the stock) keep their order: the last `calls` of them, each with who made it
  and where in the hand it stood, and a count of every call by every seat;
- *card actions* (plays, discards, melds) give, per verb and per face, how many copies
  each seat moved and when the last of them moved.

Where the order of an action's cards matters beyond its faces (a Yaniv discard: the next
player may take only its first or last card), the game declares a `card_places` fact over
the course, which counts the copies of each face moved at each place of such actions, so
two actions with the same cards in another order never give the same tensor.

Then the game declares the facts it keeps beside the course (`Game.tensor_facts`, in
the vocabulary of `parlour.envs.layouts`): the trick on the table, the contract, the cards a seat has
shown, piles, the bank. `Encoder.layout()` lists the sections with their offsets, and
docs/research-tensors.md is generated from those lists.

What the tensor leaves out on purpose: sentences (`log`, `last_hand`'s summary of the
previous hand) and the list of past hands' results (the match scores say the standing).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np

from parlour.engine import OVER, Game, Options
from parlour.envs.layouts import Fact
from parlour.games import game_from_spec

Value = Any


@dataclasses.dataclass(frozen=True)
class Section:
    """A section placed in the tensor: its fact, first index and width."""

    fact: Fact
    offset: int
    size: int


def _get(obs: Any, path: str) -> Value:
    value = obs
    for key in path.split(".") if path else ():
        if value is None:
            return None
        if isinstance(value, dict):
            value = value.get(key)
        elif isinstance(value, (list, tuple)):
            i = int(key)
            value = value[i] if -len(value) <= i < len(value) else None
        else:
            return None
    return value


def _number(value: Value) -> float | None:
    if value is None:
        return None
    if isinstance(value, (bool, int, float)):
        return float(value)
    if isinstance(value, str):
        text = value.replace("½", " 1/2").split()
        try:
            return float(sum(Fraction(t) for t in text)) if text else None
        except (ValueError, ZeroDivisionError):
            return None
    return None


def card_words(text: str) -> list[str]:
    """The words of an action text or a card string ("Q T", "play AH*1")."""
    return text.split()


class Encoder:
    """The tensor of one game under fixed options (see the module docstring)."""

    READS = frozenset({"actions", "scores"})
    """The engine's dear keys the tensor reads: an environment asks for the observation
    with `keys=READS` and skips the past hands' results, which grow with the match."""

    def __init__(self, game: Game, options: Options) -> None:
        self.game = game
        self.options = options
        self.n = options.players
        probe = game.new_state(options, 0)
        pack = [card.split("*")[0] for card in probe.full_pack()]
        self.faces: list[str] = sorted(set(pack))
        self.copies = np.array([pack.count(face) for face in self.faces], np.float32)
        """How many cards of each face the pack holds: no count of a face can pass it."""
        self.pack_size = len(pack)
        self.longest_hand: int | None = game.algorithm_facts(options).max_hand_actions
        """The most actions a hand can take by the rules, where they bound it."""
        self.face_index = {f: i for i, f in enumerate(self.faces)}
        course = game.tensor_course
        self.call_verbs = frozenset(course.get("call_verbs", ()))
        calls, verbs = _vocabulary(game, options, tuple(self.faces), self.call_verbs)
        calls = sorted(set(calls) | set(course.get("calls", ())))
        verbs = sorted(set(verbs) | set(course.get("verbs", ())))
        self.calls = calls
        self.call_index = {c: i for i, c in enumerate(calls)}
        self.verbs = verbs
        self.verb_index = {v: i for i, v in enumerate(verbs)}
        self._parsed: dict[str, tuple[str, tuple[int, ...]]] = {}
        self._slots: dict[str, tuple[int, ...]] = {}
        self._card_faces: dict[str, tuple[int, ...]] = {}
        self._call_slots: dict[str, int] = {}
        self._places: dict[tuple[tuple[Any, ...], int, str], tuple[int, ...]] = {}
        self.recent_calls: int = int(course.get("recent", 16))
        self.course_scale: float = float(course.get("scale", 100))
        phases = sorted(set(type(probe)._APPLY) | {OVER})
        score_scale = float(game.score_scale)
        probe_obs = probe.observation(0, views=False)
        facts: list[Fact] = [
            Fact("to_act", "seat", "to_act", doc="who acts, k seats after me (last: nobody)"),
            Fact("dealer", "seat", "dealer", doc="the dealer"),
            Fact("hand_number", "number", "hand_number", scale=10, doc="hands dealt before this one"),
            Fact("phase", "choice", "phase", values=tuple(phases), doc="the phase"),
            Fact("hand_points", "seat_numbers", "scores.hand", scale=score_scale,
                 doc="each seat's public points in this hand"),
            Fact("match_scores", "seat_numbers", "scores.match", scale=score_scale,
                 doc="each seat's standing in the match"),
            Fact("eliminated", "seats", "eliminated", doc="seats out of the match"),
        ]
        if "hand" in probe_obs:
            facts.append(Fact("hand", "cards", "hand", doc="my cards"))
        if "hand_sizes" in probe_obs:
            facts.append(Fact("hand_sizes", "seat_numbers", "hand_sizes", scale=10,
                              doc="how many cards each seat holds"))
        facts += [
            Fact("recent_calls", "calls", "actions", length=self.recent_calls,
                 doc="the last calls of the hand in order: who, which call, when"),
            Fact("call_counts", "call_counts", "actions", doc="how often each seat made each call"),
            Fact("card_actions", "card_actions", "actions",
                 doc="per verb and face: copies each seat moved, and when the last moved"),
        ]
        facts += game.tensor_facts
        self.sections: list[Section] = []
        at = 0
        for fact in facts:
            size = self._size(fact)
            if size:
                self.sections.append(Section(fact, at, size))
            at += size
        self.size = at
        self.shape: tuple[int] = (at,)
        self._bounds: tuple[np.ndarray, np.ndarray] | None = None

    # --- sizes ---------------------------------------------------------------------------
    def _size(self, fact: Fact) -> int:
        n, f = self.n, len(self.faces)
        kind = fact.kind
        if kind == "seat":
            return n + 1
        if kind in ("seats", "seat_numbers"):
            return n
        if kind == "number":
            return 2
        if kind == "choice":
            return len(fact.values) + 1
        if kind == "cards":
            return f
        if kind == "seat_cards":
            return n * f
        if kind == "team_cards":
            return fact.teams * f
        if kind == "team_numbers":
            return fact.teams
        if kind == "named_cards":
            return len(fact.values) * f
        if kind == "plays":
            return fact.length * (self._whos(fact) + 1 + f)
        if kind == "numbers":
            return fact.length
        if kind == "side":
            return n
        if kind == "seat_words":
            return n * len(fact.values)
        if kind == "records":
            return fact.length * (1 + sum(self._size(i) for i in fact.items))
        if kind == "seat_records":
            return n * sum(self._size(i) for i in fact.items)
        if kind == "calls":
            return fact.length * (n + len(self.calls) + 2)
        if kind == "call_counts":
            return n * (len(self.calls) + 1)
        if kind == "card_actions":
            return len(self.verbs) * f * (n + 1)
        if kind == "card_places":
            return len(fact.values) * fact.length * f
        raise ValueError(f"unknown section kind {kind!r}")

    # --- bounds ------------------------------------------------------------------------
    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Each entry's lowest and highest value (the observation Box of the environments),
        from the sections' kinds: one-hot and flag slots 0 .. 1, a face's count at most the
        pack's copies of it, positions in the hand and counts of actions at least 0 and,
        where the rules bound a hand's length (`Game.algorithm_facts`), at most what that
        length allows. A number whose range nothing declares (scores, a game's own facts)
        is -inf .. inf."""
        if self._bounds is None:
            low = np.empty(self.size, np.float32)
            high = np.empty(self.size, np.float32)
            at = 0
            for fact in [section.fact for section in self.sections]:
                lo, hi = self._fact_bounds(fact)
                low[at : at + len(lo)] = lo
                high[at : at + len(hi)] = hi
                at += len(lo)
            assert at == self.size
            self._bounds = (low, high)
        return self._bounds

    def _fact_bounds(self, fact: Fact) -> tuple[list[float], list[float]]:
        inf = float("inf")
        n, kind = self.n, fact.kind
        copies = [float(c) for c in self.copies]
        longest = self.longest_hand
        most_actions = inf if longest is None else float(longest)
        when = inf if longest is None else longest / self.course_scale

        def flags(width: int) -> tuple[list[float], list[float]]:
            return [0.0] * width, [1.0] * width

        if kind in ("seat", "seats", "choice", "side"):
            return flags(self._size(fact))
        if kind == "number":
            if fact.path == "hand_number":
                return [-1.0, 0.0], [1.0, inf]
            return [-1.0, -inf], [1.0, inf]
        if kind == "seat_numbers" and fact.path == "hand_sizes":
            return [0.0] * n, [self.pack_size / fact.scale] * n
        if kind in ("seat_numbers", "team_numbers", "numbers"):
            width = self._size(fact)
            return [-inf] * width, [inf] * width
        if kind == "seat_words":
            width = self._size(fact)
            return [0.0] * width, [inf] * width
        if kind == "cards":
            return [0.0] * len(copies), list(copies)
        if kind in ("seat_cards", "team_cards", "named_cards"):
            times = self._size(fact) // len(copies)
            return [0.0] * (times * len(copies)), copies * times
        if kind == "plays":
            m = self._whos(fact)
            lo, hi = flags(m + 1)
            return (lo + [0.0] * len(copies)) * fact.length, (hi + copies) * fact.length
        if kind == "records":
            lo, hi = [0.0], [1.0]
            for item in fact.items:
                a, b = self._fact_bounds(item)
                lo, hi = lo + a, hi + b
            return lo * fact.length, hi * fact.length
        if kind == "seat_records":
            lo, hi = [], []
            for item in fact.items:
                a, b = self._fact_bounds(item)
                lo, hi = lo + a, hi + b
            return lo * n, hi * n
        if kind == "calls":
            c = len(self.calls)
            lo, hi = flags(n + c + 1)
            return (lo + [0.0]) * fact.length, (hi + [when]) * fact.length
        if kind == "call_counts":
            width = self._size(fact)
            return [0.0] * width, [most_actions] * width
        if kind == "card_actions":
            lo, hi = [], []
            for _verb in self.verbs:
                for copy in copies:
                    lo += [0.0] * (n + 1)
                    hi += [most_actions * copy] * n + [when]
            return lo, hi
        if kind == "card_places":
            times = self._size(fact) // len(copies)
            return [0.0] * (times * len(copies)), [most_actions * copy for copy in copies] * times
        raise ValueError(f"unknown section kind {kind!r}")

    # --- encoding ----------------------------------------------------------------------
    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        """The tensor of `observation` (one seat's, `views=False` or not)."""
        out = np.zeros(self.size, np.float32)
        seat = observation.get("seat") or 0
        for section in self.sections:
            self._put(section.fact, _get(observation, section.fact.path), seat, out, section.offset, observation)
        return out

    def _rel(self, value: Any, seat: int) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.n:
            return None
        return (value - seat) % self.n

    def _cards(self, value: Value, out: np.ndarray, at: int) -> None:
        if value is None:
            return
        if isinstance(value, str):
            for i in self._faces_in(value):
                out[at + i] += 1
        elif isinstance(value, dict):
            for v in value.values():
                self._cards(v, out, at)
        elif isinstance(value, (list, tuple)):
            for v in value:
                self._cards(v, out, at)

    def _put(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int,
             obs: dict[str, Any]) -> None:
        PUT[fact.kind](self, fact, value, seat, out, at, obs)

    def _seat(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        rel = self._rel(value, seat)
        out[at + (self.n if rel is None else rel)] = 1

    def _seats(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for s in value or ():
            rel = self._rel(s, seat)
            if rel is not None:
                out[at + rel] = 1

    def _numberput(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        x = _number(value)
        if x is not None:
            out[at] = 1
            out[at + 1] = x / fact.scale
        elif value is not None:
            out[at] = -1

    def _seat_numbers(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for s, v in enumerate(value or ()):
            x = _number(v)
            rel = self._rel(s, seat)
            if x is not None and rel is not None:
                out[at + rel] = x / fact.scale

    def _team_numbers(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for t, v in enumerate(value or ()):
            x = _number(v)
            if x is not None and t < fact.teams:
                out[at + (t - seat) % fact.teams] = x / fact.scale

    def _turn(self, fact: Fact, seat: int) -> int:
        """How far a compass of `fact.values` turns for `seat` (Ridge: seat 1 holds E and W)."""
        return seat * len(fact.values) // self.n if fact.rotate else 0

    def _choice(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        m = len(fact.values)
        i = (fact.values.index(value) - self._turn(fact, seat)) % m if value in fact.values else m
        out[at + i] = 1

    def _numbers(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for k, v in enumerate((value or [])[: fact.length]):
            x = _number(v)
            if x is not None:
                out[at + k] = x / fact.scale

    def _side(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for side in value or ():
            if seat in side:
                self._seats(fact, side, seat, out, at, obs)

    def _seat_words(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        m = len(fact.values)
        for s, item in enumerate(value or ()):
            rel = self._rel(s, seat)
            if rel is not None:
                self._words(fact.values, item, out, at + rel * m)

    def _words(self, words: tuple[Any, ...], value: Value, out: np.ndarray, at: int) -> None:
        if isinstance(value, str):
            if value in words:
                out[at + words.index(value)] += 1
        elif isinstance(value, dict):
            for v in value.values():
                self._words(words, v, out, at)
        elif isinstance(value, (list, tuple)):
            for v in value:
                self._words(words, v, out, at)

    def _cardsput(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        self._cards(value, out, at)

    def _seat_cards(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        f = len(self.faces)
        items = value.items() if isinstance(value, dict) else enumerate(value or ())
        for s, cards in items:
            rel = self._rel(int(s), seat)
            if rel is not None:
                self._cards(cards, out, at + rel * f)

    def _team_cards(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        f = len(self.faces)
        for t, cards in enumerate(value or ()):
            if t < fact.teams:
                self._cards(cards, out, at + ((t - seat) % fact.teams) * f)

    def _named_cards(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        f = len(self.faces)
        names = fact.values
        turn = self._turn(fact, seat)
        for i, name in enumerate(names):
            cards = _get(value, str(name)) if isinstance(value, dict) else None
            self._cards(cards, out, at + ((i - turn) % len(names)) * f)

    def _whos(self, fact: Fact) -> int:
        """How many players a play may name: the seats, or the declared hands (Ridge's compass)."""
        return len(fact.values) if fact.values else self.n

    def _plays(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        m = self._whos(fact)
        width = m + 1 + len(self.faces)
        for k, play in enumerate((value or [])[: fact.length]):
            who, card = (play[0], play[1]) if isinstance(play, (list, tuple)) else (None, play)
            base = at + k * width
            if fact.values:
                slot = (fact.values.index(who) - self._turn(fact, seat)) % m if who in fact.values else None
            else:
                slot = self._rel(who, seat)
            out[base + (m if slot is None else slot)] = 1
            self._cards(card, out, base + m + 1)

    def _records(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        width = 1 + sum(self._size(i) for i in fact.items)
        items = list(value or [])
        for k, item in enumerate(items[: fact.length]):
            base = at + k * width
            out[base] = 1
            self._items(fact.items, item, seat, out, base + 1, obs)

    def _items(self, facts: Sequence[Fact], item: Any, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for sub in facts:
            self._put(sub, _get(item, sub.path), seat, out, at, obs)
            at += self._size(sub)

    def _seat_records(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        width = sum(self._size(i) for i in fact.items)
        for s, item in enumerate(value or ()):
            rel = self._rel(s, seat)
            if rel is not None and item is not None:
                self._items(fact.items, item, seat, out, at + rel * width, obs)

    def _split(self, text: str) -> tuple[str, tuple[int, ...]]:
        """An action text as (its verb, or the whole text for a call; its faces), read once
        per text (a hand's course repeats a few texts many times)."""
        known = self._parsed.get(text)
        if known is not None:
            return known
        words = card_words(text)
        faces: tuple[int, ...] = ()
        if words and words[0] not in self.call_verbs:
            index = self.face_index
            faces = tuple(index[w.split("*")[0]] for w in words if w.split("*")[0] in index)
        known = ((words[0] if faces else text), faces)
        self._parsed[text] = known
        return known

    def _calls(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        n, c = self.n, len(self.calls)
        width = n + c + 2
        course = value or ()
        calls: list[tuple[int, Any, str]] = []
        for i in range(len(course) - 1, -1, -1):
            if len(calls) == fact.length:
                break
            who, text = course[i]
            if not self._split(text)[1]:
                calls.append((i, who, text))
        for k, (i, who, text) in enumerate(reversed(calls)):
            base = at + k * width
            rel = self._rel(who, seat)
            if rel is not None:
                out[base + rel] = 1
            out[base + n + self.call_index.get(text, c)] = 1
            out[base + n + c + 1] = (i + 1) / self.course_scale

    def _call_counts(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        width = len(self.calls) + 1
        slots = self._call_slots
        for who, text in value or ():
            slot = slots.get(text)
            if slot is None:
                slot = self._call_slot(text)
            if slot >= 0:
                rel = self._rel(who, seat)
                if rel is not None:
                    out[at + rel * width + slot] += 1

    def _call_slot(self, text: str) -> int:
        """A call's place among the section's calls (the last place for one it does not
        name), or -1 for a card action, read once per text."""
        slot = -1 if self._split(text)[1] else self.call_index.get(text, len(self.calls))
        self._call_slots[text] = slot
        return slot

    def _card_actions(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        n, scale = self.n, self.course_scale
        slots = self._slots
        counts: dict[int, int] = {}
        latest: dict[int, float] = {}
        for i, (who, text) in enumerate(value or ()):
            bases = slots.get(text)
            if bases is None:
                bases = self._action_slots(text)
            if not bases or type(who) is not int or not 0 <= who < n:
                continue
            rel = (who - seat) % n
            for base in bases:
                cell = at + base + rel
                counts[cell] = counts.get(cell, 0) + 1
                latest[at + base + n] = (i + 1) / scale
        for cell, count in counts.items():
            out[cell] += count
        for cell, when in latest.items():
            out[cell] = when

    def _action_slots(self, text: str) -> tuple[int, ...]:
        """Where a card action's counts start in the card-actions section, one per card it
        names (none for a call or a verb the section does not hold), read once per text."""
        verb, faces = self._split(text)
        v = self.verb_index.get(verb)
        f, n = len(self.faces), self.n
        bases = () if not faces or v is None else tuple(((v * f) + face) * (n + 1) for face in faces)
        self._slots[text] = bases
        return bases

    def _card_places(self, fact: Fact, value: Value, seat: int, out: np.ndarray, at: int, obs: Any) -> None:
        for _who, text in value or ():
            for cell in self._place_cells(fact, text):
                out[at + cell] += 1

    def _place_cells(self, fact: Fact, text: str) -> tuple[int, ...]:
        """Where a card action's cards count in a card-places section: for each card, its
        verb's block, its place in the action and its face (none for a call or another
        verb), read once per section and text."""
        key = (fact.values, fact.length, text)
        cells = self._places.get(key)
        if cells is None:
            verb, faces = self._split(text)
            f = len(self.faces)
            if faces and verb in fact.values:
                block = fact.values.index(verb) * fact.length
                cells = tuple((block + k) * f + face for k, face in enumerate(faces[: fact.length]))
            else:
                cells = ()
            self._places[key] = cells
        return cells

    def _faces_in(self, text: str) -> tuple[int, ...]:
        """The faces a card string names, in its order (unknown words left out), read once
        per string."""
        faces = self._card_faces.get(text)
        if faces is None:
            index = self.face_index
            faces = tuple(index[w] for w in (word.split("*")[0] for word in card_words(text)) if w in index)
            self._card_faces[text] = faces
        return faces

    def layout(self) -> list[tuple[str, int, int, str]]:
        """Each section as (name, first index, width, what it holds)."""
        return [(s.fact.name, s.offset, s.size, _describe(s.fact, self)) for s in self.sections]


Put = Callable[[Encoder, Fact, Value, int, np.ndarray, int, Any], None]
PUT: dict[str, Put] = {
    "seat": Encoder._seat,
    "seats": Encoder._seats,
    "number": Encoder._numberput,
    "seat_numbers": Encoder._seat_numbers,
    "team_numbers": Encoder._team_numbers,
    "choice": Encoder._choice,
    "numbers": Encoder._numbers,
    "side": Encoder._side,
    "seat_words": Encoder._seat_words,
    "cards": Encoder._cardsput,
    "seat_cards": Encoder._seat_cards,
    "team_cards": Encoder._team_cards,
    "named_cards": Encoder._named_cards,
    "plays": Encoder._plays,
    "records": Encoder._records,
    "seat_records": Encoder._seat_records,
    "calls": Encoder._calls,
    "call_counts": Encoder._call_counts,
    "card_actions": Encoder._card_actions,
    "card_places": Encoder._card_places,
}

KIND_WORDS = {
    "seat": "a seat, one-hot k seats after me, then one slot for none",
    "seats": "a set of seats, one slot per seat after me",
    "number": "present (1, or -1 for a word), then the value divided by {scale}",
    "seat_numbers": "one number per seat after me, divided by {scale}",
    "team_numbers": "one number per side, mine first, divided by {scale}",
    "choice": "one-hot over {values}{rotated}, then one slot for anything else",
    "numbers": "{length} numbers in order, divided by {scale}",
    "side": "the seats of my side, one slot per seat after me",
    "seat_words": "for each seat after me, a count of each of {values}",
    "cards": "a count per card face",
    "seat_cards": "a count per card face for each seat after me",
    "team_cards": "a count per card face for each side, mine first",
    "named_cards": "a count per card face for each of {values}{rotated}",
    "plays": "{length} plays, each a player (one-hot{over}, then none) and a card",
    "records": "{length} items, each a present flag then: {items}",
    "seat_records": "for each seat after me: {items}",
    "calls": "{length} slots: the seat, the call (one-hot, then other), where in the hand",
    "call_counts": "for each seat after me, a count per call (then other)",
    "card_actions": "per verb ({verbs}) and face: copies moved by each seat after me, when last",
    "card_places": "per verb ({values}), place in the action (1 to {length}) and face: copies moved there, by anyone",
}


def _describe(fact: Fact, enc: Encoder) -> str:
    words = KIND_WORDS[fact.kind].format(
        scale=f"{fact.scale:g}",
        values=", ".join(str(v) for v in fact.values) or "nothing",
        rotated=", turned so that my first place comes first" if fact.rotate else "",
        over=f" over {', '.join(str(v) for v in fact.values)}{' turned' if fact.rotate else ''}"
        if fact.values else " k seats after me",
        length=fact.length,
        items="; ".join(f"{i.name} ({enc._size(i)})" for i in fact.items),
        verbs=", ".join(enc.verbs) or "none",
    )
    return f"{fact.doc}: {words}" if fact.doc else words


@cache
def _vocabulary(
    game: Game, options: Options, faces: tuple[str, ...], call_verbs: frozenset[str]
) -> tuple[list[str], list[str]]:
    """The calls (action texts without a card, or whose verb is a call's: Ribs' "bid 9"
    names no card) and the card verbs of the game's actions."""
    try:
        universe = game.action_universe(options)
    except NotImplementedError:
        return [], []
    probe = game.new_state(options, 0)
    face_set = set(faces)
    calls: set[str] = set()
    verbs: set[str] = set()
    for action in universe:
        text = probe.action_to_text(action)
        words = card_words(text)
        if words[0] not in call_verbs and any(w.split("*")[0] in face_set for w in words):
            verbs.add(words[0])
        else:
            calls.add(text)
    return sorted(calls), sorted(verbs)


def encoder(spec: str) -> Encoder:
    """The encoder of a game spec as the env takes it: "ribs" or "ribs(players=6)"."""
    game, options = game_from_spec(spec)
    return encoder_of(game, options)


@cache
def encoder_of(game: Game, options: Options) -> Encoder:
    """The encoder of a game under `options` (built once per options)."""
    return Encoder(game, options)


FACTS_DIGITS = 8
"""Hex digits of the fact list's hash kept in a fingerprint: enough that two layouts of a
game never share one by chance, short enough to read in a sentence."""


def _fact_json(fact: Fact) -> dict[str, Any]:
    return {
        "name": fact.name, "kind": fact.kind, "path": fact.path, "scale": fact.scale,
        "values": [str(v) for v in fact.values], "length": fact.length,
        "items": [_fact_json(item) for item in fact.items], "rotate": fact.rotate, "teams": fact.teams,
    }


def layout_fingerprint(enc: Encoder) -> dict[str, Any]:
    """The fingerprint of an encoder's layout (parlour.envs.contract): the game, its
    options, the layout's version (`Game.tensor_version`), the inputs and a short hash of
    the fact list, every section's name, kind, path and parameters with its place, and the
    faces, calls and verbs the course sections are built of. The sections' descriptions are
    left out: rewording them changes no tensor."""
    facts = {
        "faces": enc.faces, "copies": [int(c) for c in enc.copies], "calls": enc.calls, "verbs": enc.verbs,
        "call_verbs": sorted(enc.call_verbs), "recent": enc.recent_calls, "course_scale": enc.course_scale,
        "sections": [[s.offset, s.size, _fact_json(s.fact)] for s in enc.sections],
    }
    text = json.dumps(facts, sort_keys=True, separators=(",", ":"))
    return {
        "game": enc.game.name, "options": enc.options.to_json(), "version": int(enc.game.tensor_version),
        "inputs": int(enc.size), "facts": hashlib.sha256(text.encode()).hexdigest()[:FACTS_DIGITS],
    }


def tensor_doc() -> str:
    """docs/research-tensors.md: every game's sections as its encoder declares them
    (regenerate with `python -m parlour.envs.tensors > docs/research-tensors.md`)."""
    from parlour.games import GAMES

    lines = [
        "# The information-state tensors",
        "",
        "Generated from the declarations (`python -m parlour.envs.tensors > "
        "docs/research-tensors.md`); a test keeps this page and the code in step.",
        "",
        "`parlour.envs.encoder(spec).encode(observation)` gives one seat's tensor (float32).",
        "Every seat slot is relative: slot k is the seat k places after the observer (slot 0 is",
        "the observer), so the same position at a different seat gives the same tensor.",
        "Each game's tensor starts with the engine's sections (who acts, the dealer, the hand",
        "number, the phase, the scores, my hand) and the hand's course (the calls in order,",
        "how often each seat made each call, and for every card action who moved which face",
        "and when), then the game's own facts. A number is divided by the scale named; a",
        "position in the hand is (its index + 1) divided by the game's course scale.",
        "Left out on purpose: sentences (the log, the summary of the last hand) and the list",
        "of past hands' results (the match scores give the standing).",
        "",
        "## The contract: which layout, and when it changed",
        "",
        "Each game's layout has a version (`Game.tensor_version`), raised whenever its tensor",
        "changes, and the environment module is named by it (`parlour.envs.ribs_v0`; after a",
        "change `ribs_v1`, and importing the old name fails with a sentence naming the current",
        "one). A layout's **fingerprint** names it: the game, its options, the version, the",
        "number of inputs and a short hash of the fact list below (`facts`):",
        "",
        "```python",
        "from parlour.envs import contract",
        "",
        "contract.fingerprint(\"ribs(players=6)\")",
        "# {'facts': '...', 'game': 'ribs', 'inputs': 1330, 'options': {'players': 6}, 'version': 0}",
        "```",
        "",
        "An environment says its own (`env.unwrapped.layout`), every weights file `parlour train`",
        "writes carries the one it was trained on (`layout`), and so does an arena or simulation",
        "record of a hand in which a learned player read the tensor. Store the environment's",
        "beside your own weights: `contract.check(stored, env.unwrapped.layout)` refuses them",
        "once the layout changed, in one sentence naming both (\"these weights were trained on",
        "ribs(players=6) layout v0, 1330 inputs (facts ...); this env gives layout v1, ...\"),",
        "as parlour's learned player refuses its own. The fingerprints below are each game's",
        "with the default options; the tests hold them to the published ones",
        "(`parlour/envs/published_layouts.json`), so a changed layout cannot keep its version.",
        "",
    ]
    for name, game in GAMES.items():
        enc = encoder_of(game, game.Options(players=game.min_players))
        sizes = ", ".join(
            f"{n} players: {encoder_of(game, game.Options(players=n)).size}"
            for n in game.player_counts()
        )
        prints = ", ".join(
            f"{n} players: {layout_fingerprint(encoder_of(game, game.Options(players=n)))['facts']}"
            for n in game.player_counts()
        )
        lines += [
            f"## {game.title} (`{name}`)",
            "",
            f"Size with the default options: {sizes}. The layout below is for "
            f"{enc.n} players; faces are {', '.join(enc.faces)}.",
            "",
            f"Layout v{game.tensor_version}, module `parlour.envs.{name}_v{game.tensor_version}`; "
            f"fingerprints (`facts`): {prints}.",
            "",
            "| section | offset | size | holds |",
            "|---|---:|---:|---|",
        ]
        for section, offset, size, doc in enc.layout():
            lines.append(f"| {section} | {offset} | {size} | {doc} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    print(tensor_doc(), end="")
