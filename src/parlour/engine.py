"""The game interface every parlour game implements, and the loop that plays it.

A `Game` is a module-level object describing one game (its name, player counts, its
`Options` dataclass). A `State` is one match: hands dealt one after another until the
match ends. Everything outside a game module (terminal, server, bots, arena, RL adapter)
talks to games only through this interface, and reads hidden information only through
`State.observation(seat)`.

Conventions every game keeps (the conformance suite in tests/test_conformance.py checks
them for every registered game):

- Seats are 0..n-1, clockwise is increasing index; `to_act()` is None once the match is
  over.
- Actions are small hashable values (ints or short tuples). Each has exactly one text
  form (`action_to_text`), and `text_to_action` reads that form and the lenient variants
  the game documents (pairs in either order, `10` for `T`).
- `apply` of an illegal action raises `IllegalAction` with a sentence a player
  understands and leaves the state unchanged.
- Dealing and every other step without a choice is done by the engine (G-7). When a hand
  ends the next one is dealt at once unless the match is over; `hand_over()` tells a
  caller that the action just applied ended a hand.
- The observation is a JSON-ready dict with at least the keys of `OBSERVATION_KEYS`:
  `game`, `players`, `seat`, `hand_number`, `dealer`, `phase`, `to_act`, `legal_actions`
  (texts, only for the seat to act), `legal` (the same actions with the cards each uses,
  for clients that click cards), `zones` (named places of cards: visible faces or just a
  count), `scores`, `log` (one sentence per public event of the current hand, the
  explanations a player reads), `last_hand` (the summary of the hand just finished, or
  None), `match_over`. A game adds its own keys beside them.
"""

from __future__ import annotations

import dataclasses
import functools
import operator
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Collection, Container, Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Self

from parlour.cards import CARD_TEXTS, action_text, deal_constrained, symbols
from parlour.declaration import Fact, Figure, Levels, Mistakes
from parlour.words import Seats, seats_of

Action = Hashable
Score = int | Fraction
OVER = "over"
"""The phase of a finished match: no seat acts."""

OBSERVATION_KEYS = (
    "game",
    "players",
    "seat",
    "hand_number",
    "dealer",
    "phase",
    "to_act",
    "legal_actions",
    "legal",
    "zones",
    "scores",
    "log",
    "last_hand",
    "match_over",
)


EVERYONE = "everyone"
NOBODY = "nobody"


@dataclasses.dataclass(frozen=True)
class Zone:
    """A place cards lie, declared by a game with who may see it.

    From its zones the engine knows every card's place (`State.card_places`, for the
    conservation invariant) and which cards a seat cannot see, so the leak test can
    shuffle exactly those (`State.redeal_hidden`) without each game writing it.

    `cards` are the card ids in the place, one entry per physical card. `seen_by` is
    `EVERYONE`, `NOBODY`, a seat or a tuple of seats. `shown` are the cards of a hidden
    place that everyone has seen there (a card taken from the discard pile, one shown
    in a meld): they stay where they are. `forbidden` is a mask of the cards the place
    cannot hold as far as play has shown (a void). `put` writes a place's new cards
    (its shown cards first) back into the state; a place that may be hidden needs it.
    """

    name: str
    cards: Sequence[int]
    seen_by: int | tuple[int, ...] | str = EVERYONE
    put: Callable[[list[int]], None] | None = None
    shown: Sequence[int] = ()
    forbidden: int = 0

    def hidden_from(self, seat: int | None) -> bool:
        """True when `seat` (None: a spectator) may not see the place's cards."""
        seen = self.seen_by
        if seen == EVERYONE:
            return False
        if seen == NOBODY or seat is None:
            return True
        return seat != seen if isinstance(seen, int) else seat not in seen

    def unshown(self) -> list[int]:
        """The cards of the place no one but those who see it has seen."""
        rest = list(self.cards)
        for c in self.shown:
            rest.remove(c)
        return rest


def _no_actions(state: State) -> list[Action]:
    """The legal actions of a finished match: none."""
    return []


def _match_over(state: State, action: Action) -> bool:
    """No action is legal once the match is over, and a player is told so."""
    raise IllegalAction("The match is over.")


def _in_legal_list(state: State, action: Action) -> bool:
    """Whether `action` is among the legal actions, for a phase whose game cannot answer
    directly: the list `legal_actions` just gave (the usual `apply(choose(legal_actions()))`)
    when its caller has not changed it in length, else the list worked out again."""
    memo = state._legal_memo
    if memo is not None and memo[0] == len(state.history) and len(memo[1]) == memo[2] and action in memo[1]:
        return True
    return action in state._LEGAL[state.phase](state)


def _check_then_apply(check: Callable[..., bool], apply: Callable[..., None], state: State, action: int) -> bool:
    """A phase's `_checked_<phase>` made of its check and its apply (bound by
    `functools.partial`, so a state's tables still pickle), for a phase of a game that
    fuses its others: an int action is checked (by the game's answer or the legal list) and
    then recorded and played; False, the state untouched, when it is not legal."""
    try:
        legal = check(state, action)
    except (TypeError, IndexError, KeyError):
        legal = _in_legal_list(state, action)
    if not legal:
        return False
    state.just_ended = False
    state.history.append((state.turn, action))
    apply(state, action)
    return True


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player, its seats
    numbered ("seat 2") as an observation without names has them. A refusal of the rules
    also words itself for a reader who names the seats: `reason(names)`, the acting seat as
    "you", which a front end asks at once (it reads the table as it was refused)."""

    def __init__(self, message: str, named: Callable[[Sequence[str]], str] | None = None) -> None:
        super().__init__(message)
        self._named = named

    def reason(self, names: Sequence[str] | None = None) -> str:
        """The refusal with the seats named by `names` (one per seat), else as numbered."""
        return self._named(names) if self._named is not None and names is not None else str(self)


class OptionsError(ValueError):
    """Options that do not describe a playable game; the message says which and why."""


@dataclasses.dataclass(frozen=True)
class Options:
    """Base of every game's options. `players` is an option like any other.

    Subclasses are frozen dataclasses whose defaults are the standard game of the rulings;
    they validate themselves in `__post_init__` by calling `self.check()`.
    """

    players: int = 4

    def check(self) -> None:
        """Raise OptionsError when the options make no game."""

    def __post_init__(self) -> None:
        self.check()

    def to_json(self) -> dict[str, Any]:
        """The options that differ from the defaults, JSON-ready (records store these).

        Worked out once per options object (every observation carries it) and copied out,
        so a caller may change what it gets.
        """
        cached: dict[str, Any] | None = self.__dict__.get("_json")
        if cached is None:
            cached = {"players": self.players}
            for f in dataclasses.fields(self):
                value = getattr(self, f.name)
                if f.name != "players" and value != f.default:
                    cached[f.name] = list(value) if isinstance(value, tuple) else value
            object.__setattr__(self, "_json", cached)
        return {k: list(v) if isinstance(v, list) else v for k, v in cached.items()}

    @classmethod
    def describe(cls) -> list[dict[str, Any]]:
        """Every option with its type, default, allowed values and docstring (for lobbies)."""
        docs = option_docs(cls)
        hints = typing.get_type_hints(cls)
        out = []
        for f in dataclasses.fields(cls):
            hint = hints[f.name]
            entry: dict[str, Any] = {
                "name": f.name,
                "type": _type_name(hint),
                "default": list(f.default) if isinstance(f.default, tuple) else f.default,
                "doc": docs.get(f.name, ""),
            }
            choices = _literal_choices(hint)
            if choices:
                entry["choices"] = list(choices)
            out.append(entry)
        return out


def option_docs(cls: type) -> dict[str, str]:
    """Field docstrings (a string literal right after the field) of an Options class."""
    return dict(_option_docs(cls))


@functools.cache
def _option_docs(cls: type) -> dict[str, str]:
    """Parsed once per class: reading the source costs some 0.15 s a game, and the lobby
    (`/api/games`) describes every game's options on each request."""
    import ast
    import inspect
    import textwrap

    docs: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if not dataclasses.is_dataclass(klass):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(klass)))
        except (OSError, TypeError):
            continue
        body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
        for node, nxt in zip(body, body[1:], strict=False):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and isinstance(nxt, ast.Expr)
                and isinstance(nxt.value, ast.Constant)
                and isinstance(nxt.value.value, str)
            ):
                docs[node.target.id] = " ".join(nxt.value.value.split())
    return docs


def _literal_choices(hint: Any) -> tuple[Any, ...]:
    if typing.get_origin(hint) is typing.Literal:
        return typing.get_args(hint)
    return ()


def _type_name(hint: Any) -> str:
    if _literal_choices(hint):
        return "choice"
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        return _type_name(args[0]) + "?" if len(args) == 1 else "any"
    if origin is tuple:
        return "tuple"
    return getattr(hint, "__name__", str(hint))


def make_options(cls: type[Options], values: dict[str, Any]) -> Options:
    """Build options from typed values or from the strings a person types.

    Unknown names, wrong types and values outside a choice raise OptionsError naming the
    option, so `--option lemon=true` gets "unknown option 'lemon'" rather than a trace.
    """
    hints, fields = _option_fields(cls)
    kwargs: dict[str, Any] = {}
    for name, raw in values.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise OptionsError(f"unknown option {name!r} (options: {known})")
        kwargs[name] = _coerce(name, hints[name], raw)
    try:
        return cls(**kwargs)
    except OptionsError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionsError(str(exc)) from exc


_OPTION_FIELDS: dict[type, tuple[dict[str, Any], frozenset[str]]] = {}


def _option_fields(cls: type[Options]) -> tuple[dict[str, Any], frozenset[str]]:
    """Type hints and field names of an Options class, computed once (search bots rebuild
    options from observations thousands of times a second)."""
    cached = _OPTION_FIELDS.get(cls)
    if cached is None:
        cached = (typing.get_type_hints(cls), frozenset(f.name for f in dataclasses.fields(cls)))
        _OPTION_FIELDS[cls] = cached
    return cached


def _coerce(name: str, hint: Any, raw: Any) -> Any:
    choices = _literal_choices(hint)
    if choices:
        if raw not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise OptionsError(f"option {name!r} must be one of {allowed}, not {raw!r}")
        return raw
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if raw is None or (isinstance(raw, str) and raw.lower() in ("none", "null", "")):
            if type(None) in typing.get_args(hint):
                return None
        return _coerce(name, args[0], raw)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.lower() in ("true", "yes", "on", "1"):
            return True
        if isinstance(raw, str) and raw.lower() in ("false", "no", "off", "0"):
            return False
        raise OptionsError(f"option {name!r} must be true or false, not {raw!r}")
    if hint is int:
        if isinstance(raw, bool):
            raise OptionsError(f"option {name!r} must be a whole number, not {raw!r}")
        if isinstance(raw, int):
            return raw
        if isinstance(raw, float) and raw.is_integer():
            return int(raw)
        if isinstance(raw, str):
            try:
                return int(raw.strip())
            except ValueError:
                pass
        raise OptionsError(f"option {name!r} must be a whole number, not {raw!r}")
    if origin is tuple:
        items: Any = raw
        if isinstance(raw, str):
            items = [p for p in raw.replace("/", ",").replace(" ", ",").split(",") if p]
        if not isinstance(items, (list, tuple)):
            raise OptionsError(f"option {name!r} must be a list, not {raw!r}")
        item_args = typing.get_args(hint)
        item_types: list[Any] = (
            [item_args[0]] * len(items)
            if len(item_args) == 2 and item_args[1] is ...
            else list(item_args)
        )
        if len(item_types) != len(items):
            raise OptionsError(f"option {name!r} needs {len(item_types)} values, not {raw!r}")
        return tuple(_coerce(name, t, v) for t, v in zip(item_types, items, strict=True))
    if hint is str:
        return str(raw)
    return raw


class State:
    """One match of a game: the template every game fills with rules.

    The engine owns the turn's plumbing: `apply` refuses what is not legal (with the
    game's reason) and then `push`es, which records the action and dispatches to the
    game's `_apply_<phase>`; `legal_actions` dispatches to `_legal_<phase>`. Dealing a
    hand, ending it, ending the match, the observation and determinize are templates
    too; a game writes only the rules that differ (see docs/architecture.md).

    What a game defines:
    - `_new_match()`: its match-level fields (totals, wins); `_deal(given)`: one hand's
      deal, from the record's deal `given` or the seeded shuffle, appended to `deals`.
    - `_legal_<phase>()` and `_apply_<phase>(action)` for every phase; `phase` and `turn`;
      optionally `_is_legal_<phase>(action)`, the legal list's answer without the list,
      which `apply` then asks instead of searching the list, and `_checked_<phase>(action)`,
      that answer and the move in one call, which `apply` then makes for an int action.
    - At a hand's end `_hand_ended(scores, summary)`; the match ends when
      `_match_winners()` names winners.
    - `facts(seat)`: what that seat may know beyond the common keys; optionally
      `status(obs)`, `recent(obs)`, `table_zones(seat, obs)` and `_seen_as(...)`.
    """

    game: ClassVar[Game]
    options: Options
    _rng: random.Random
    _rng_shared: bool
    seed: int | None
    first_dealer: int
    given_deals: list[Any]
    deals: list[dict[str, Any]]
    just_ended: bool
    phase: str
    turn: int
    hand_number: int
    dealer: int
    hand_start: int
    log: list[Any]

    COPIED: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists (or sets) that `clone` copies; the rest are shared or immutable."""
    NESTED: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists of lists (or sets) that `clone` copies two levels deep."""
    _LEGAL: dict[str, Callable[..., list[Any]]] = {}
    _APPLY: dict[str, Callable[..., None]] = {}
    _CHECK: dict[str, Callable[..., bool]] = {}
    _PLAY: dict[str, Callable[..., bool]] = {}
    """The class's dispatch tables by phase; each match holds them as its own attributes too,
    which Python reads faster than a class's on every move."""
    _FLAT: ClassVar[tuple[str, ...]] = ("history", "hand_results", "deals")
    """What `clone` copies one level deep: the engine's lists and the game's COPIED, worked
    out once per class (a search clones thousands of times a second)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Collect the game's `_legal_<phase>`/`_apply_<phase>`/`_is_legal_<phase>`/
        `_checked_<phase>` into dispatch tables once, and the attributes `clone` copies.

        A phase with `_is_legal_<phase>(action)` is checked by it (a lookup: a mask test, a
        count), the others against the legal list; where every phase answers directly,
        `legal_actions` need not remember its list for `apply`. A game with a
        `_checked_<phase>(action)` (the check and the move in one call, sharing what both
        read) is applied through it (`_fused_apply`)."""
        super().__init_subclass__(**kwargs)
        legal: dict[str, Callable[..., list[Any]]] = {OVER: _no_actions}
        apply: dict[str, Callable[..., None]] = {}
        direct: dict[str, Callable[..., bool]] = {}
        fused: dict[str, Callable[..., bool]] = {}
        for klass in reversed(cls.__mro__):
            for name, fn in vars(klass).items():
                if name.startswith("_legal_") and callable(fn):
                    legal[name[7:]] = fn
                elif name.startswith("_apply_") and callable(fn):
                    apply[name[7:]] = fn
                elif name.startswith("_is_legal_") and callable(fn):
                    direct[name[10:]] = fn
                elif name.startswith("_checked_") and callable(fn):
                    fused[name[9:]] = fn
        cls._LEGAL = legal
        cls._APPLY = apply
        cls._CHECK = {phase: direct.get(phase, _in_legal_list) for phase in legal} | {OVER: _match_over}
        cls._PLAY = {
            phase: fused.get(phase) or functools.partial(_check_then_apply, cls._CHECK[phase], apply[phase])
            for phase in apply
        } | {OVER: _match_over}
        if apply and all(phase in direct for phase in apply) and cls.legal_actions is State.legal_actions:
            cls.legal_actions = State._unremembered_legal  # type: ignore[method-assign]
        if fused and cls.apply is State.apply:
            cls.apply = State._fused_apply  # type: ignore[method-assign]
        cls._FLAT = tuple(dict.fromkeys(("history", "hand_results", "deals", *cls.COPIED)))

    def __init__(
        self, options: Options, seed: int | None = None, dealer: int = 0, deals: list[Any] | None = None
    ) -> None:
        self._begin_match(options, seed, dealer, deals)
        self._new_match()
        self.hand_number = -1
        self._next_hand()

    def _begin_match(
        self,
        options: Options,
        seed: int | None,
        dealer: int,
        deals: list[Any] | None,
        rng: random.Random | None = None,
    ) -> None:
        """The bookkeeping every match keeps, set before the first deal."""
        self._LEGAL, self._APPLY, self._CHECK, self._PLAY = self._LEGAL, self._APPLY, self._CHECK, self._PLAY
        self.options = options
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.hand_only = False
        self._legal_memo: tuple[int, list[Action], int] | None = None
        self.first_dealer = dealer
        self.given_deals = list(deals or [])
        self.deals = []
        self.history: list[tuple[int, Action]] = []
        self.hand_results: list[list[Any]] = []
        self.last_hand: dict[str, Any] | None = None
        self.match_winners: list[int] = []
        self.just_ended = False
        self.eliminated: list[int] = []
        self.phase = ""
        self.turn = 0
        self.dealer = dealer
        self.hand_start = 0
        self.log = []

    # --- the match's course: game hooks and the engine's sequence ----------------------
    def _new_match(self) -> None:
        """Set the game's match-level fields (totals, wins, money) before the first deal."""

    def _deal(self, given: Any) -> None:
        """Deal hand `hand_number` (from `given`, the record's deal, when not None) and set
        the phase and turn of its first decision."""
        raise NotImplementedError

    def _dealer_of(self, hand: int) -> int:
        """Who deals hand number `hand`: the deal passes left (a game may skip seats)."""
        return (self.first_dealer + hand) % self.players

    def _next_hand(self, dealer: int | None = None) -> None:
        self.hand_number += 1
        self.dealer = self._dealer_of(self.hand_number) if dealer is None else dealer
        self.hand_start = len(self.history)
        self._deal(self.given_deal(self.hand_number))

    def _hand_ended(self, scores: list[Any], summary: dict[str, Any] | None) -> None:
        """Record a finished hand, then end the match or deal the next hand."""
        self.hand_results.append(scores)
        if summary is not None and not self.hand_only and self.game.view is None:
            # A game without a view writes its words as it plays: its summary is made
            # readable once per hand (a search's hand-only copy never shows it to anyone).
            # A game with a view keeps the summary as data; the view words it when read.
            summary = readable_summary(summary, self.sentence)
        self.last_hand = summary
        self.just_ended = True
        winners = self._match_winners()
        if winners is not None:
            self.match_winners = winners
            self.phase = OVER
        elif self.hand_only:
            self.phase = OVER
        else:
            self._next_hand()

    def _match_winners(self) -> list[int] | None:
        """The match's winners once it is over after the hand just scored, else None."""
        raise NotImplementedError

    def given_deal(self, k: int) -> Any:
        """The record's deal of hand k, or None when hand k is dealt by the shuffle."""
        return self.given_deals[k] if k < len(self.given_deals) else None

    @property
    def players(self) -> int:
        return self.options.players

    # --- seats that leave the match ------------------------------------------------------
    def eliminate(self, seat: int) -> None:
        """Take `seat` out of the match: `next_seat` skips it from now on; the order of
        leaving is kept, for placing seats that left (the last to leave places best)."""
        if seat not in self.eliminated:
            self.eliminated = [*self.eliminated, seat]

    def next_seat(self, seat: int) -> int:
        """The next seat clockwise still in the match."""
        n = self.players
        nxt = (seat + 1) % n
        if self.eliminated:
            while nxt in self.eliminated and nxt != seat:
                nxt = (nxt + 1) % n
        return nxt

    def in_match(self) -> list[int]:
        """The seats still in the match, in seat order."""
        return [s for s in range(self.players) if s not in self.eliminated]

    def places(self) -> list[int]:
        """Each seat's place, 1 for the best: seats still in by the game's score sense (ties
        share a place), then the seats that left, the last to leave first."""
        scores = self.match_scores()
        sense = self.game.score_sense
        live = [s for s in range(self.players) if s not in self.eliminated]
        out = [0] * self.players
        for s in live:
            out[s] = 1 + sum(1 for t in live if sense * (scores[t] - scores[s]) > 0)
        for i, s in enumerate(reversed(self.eliminated)):
            out[s] = len(live) + 1 + i
        return out

    # --- a stock that runs out -------------------------------------------------------------
    def reshuffle(self, cards: list[int], to_text: Callable[[int], str], from_text: Callable[[str], int]) -> list[int]:
        """A new stock from `cards` (the discards): the record's next `reshuffles` entry where
        the deal gives one, else the seeded shuffle. Either way the new stock, top first, is
        written into this hand's deal, so the record replays the same in any engine. The
        deal is replaced, not changed in place: a clone shares the list of deals."""
        given = self.given_deal(self.hand_number)
        deal = self.deals[-1]
        done = list(deal.get("reshuffles", []))
        recorded = given.get("reshuffles") if isinstance(given, dict) else None
        if recorded is not None and len(done) < len(recorded):
            stock = [from_text(t) for t in recorded[len(done)]]
            if sorted(stock) != sorted(cards):
                raise ValueError("a recorded reshuffle does not hold the discarded cards")
        else:
            stock = list(cards)
            self.rng.shuffle(stock)
        done.append([to_text(c) for c in stock])
        self.deals = [*self.deals[:-1], {**deal, "reshuffles": done}]
        return stock

    # --- the state's own random stream ------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        """The match's random stream (deals, reshuffles). A clone shares it with its
        original until either draws from it; the one that draws first takes its own copy,
        so both go on exactly as the original would have (a search's copy that never
        deals never pays for the copy)."""
        if self._rng_shared:
            own = random.Random.__new__(random.Random)
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    # --- the turn -------------------------------------------------------------------
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the match is over."""
        return None if self.phase == OVER else self.turn

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (empty once the match is over).

        Where the game cannot tell an action's legality directly (`_is_legal_<phase>`),
        the list is remembered until the next action, so that `apply` of one of them (the
        usual `apply(choose(legal_actions()))`) checks it without working the list out
        again; a list the caller has changed in length is not trusted."""
        legal = self._LEGAL[self.phase](self)
        self._legal_memo = (len(self.history), legal, len(legal))
        return legal

    def _unremembered_legal(self) -> list[Action]:
        """`legal_actions` of a game that checks every phase directly: nothing to remember."""
        return self._LEGAL[self.phase](self)

    def is_legal(self, action: Action) -> bool:
        """Whether the seat to act may play `action` now, without listing the legal actions
        where the game can tell directly."""
        if self.phase == OVER or type(action) is bool:
            return False
        try:
            return bool(self._CHECK[self.phase](self, action))
        except (TypeError, IndexError, KeyError):
            return _in_legal_list(self, action)

    def apply(self, action: Action) -> None:
        """Play an action for the seat to act; IllegalAction leaves the state unchanged.

        The check costs a lookup where the game answers it directly, else a search of the
        legal list; then the action is played as `push` plays it."""
        phase = self.phase
        try:
            legal = self._CHECK[phase](self, action) and type(action) is not bool
        except (TypeError, IndexError, KeyError):
            try:
                legal = type(action) is not bool and _in_legal_list(self, action)
            except TypeError:
                legal = False
        if not legal:
            raise self.refusal(action)
        self.just_ended = False
        self.history.append((self.turn, action))
        self._APPLY[phase](self, action)

    def _fused_apply(self, action: Action) -> None:
        """`apply` of a game with `_checked_<phase>` hooks: an int action (never a bool) is
        checked and played by one call, the phase's `_checked_<phase>` where the game has
        one, else its check then its `_apply_<phase>`. Any other value is checked as `apply`
        checks it, and one equal to a legal action (2.0, a numpy int) plays that action."""
        if type(action) is int:
            if self._PLAY[self.phase](self, action):
                return
        elif self.phase == OVER:
            _match_over(self, action)
        elif type(action) is not bool and self.is_legal(action):
            own = self._LEGAL[self.phase](self)
            self.push(own[own.index(action)])
            return
        raise IllegalAction(self.why_illegal(action))

    def push(self, action: Action) -> None:
        """Play a legal action without checking it (search and replays of checked records):
        the action is recorded and the game's `_apply_<phase>` carries it out."""
        self.just_ended = False
        self.history.append((self.turn, action))
        self._APPLY[self.phase](self, action)

    def playout(self, choice: Callable[[Sequence[Action]], Action]) -> None:
        """Play `choice(legal actions)` until the hand (or the match) ends: a search's random
        rollout. A game may do it in one loop of its own for speed; it must then make the
        same moves for the same choices, as the generic loop here does."""
        legal_of = self._LEGAL
        apply_of = self._APPLY
        history = self.history
        while True:
            phase = self.phase
            if phase == OVER:
                return
            action = choice(legal_of[phase](self))
            self.just_ended = False
            history.append((self.turn, action))
            apply_of[phase](self, action)
            if self.just_ended:
                return

    def rollout(self, choice: Callable[[Sequence[Action]], Action]) -> list[Score]:
        """The scores of the current hand played out with `choice` at every decision, as
        `playout` would give them. The state is spent: a game may skip the hand's record
        (history, log, tricks) here for speed, so only the returned scores count."""
        self.playout(choice)
        return self.hand_scores()

    def why_illegal(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The sentence a player reads for an action that is not legal now, the seats named
        by `names` (the acting seat as "you"), else numbered: the game's reason (a game
        with a view: `view.why_not(observation, action, seats)`, from the acting seat's
        observation; else `_why_not(action)`) where it gives one, else the legal actions."""
        return self.refusal(action).reason(names)

    def refusal(self, action: Action) -> IllegalAction:
        """The IllegalAction of an action that is not legal now (see `why_illegal`): what
        the refusal reads is taken from the table now, so it words itself later for any
        reader's names."""
        view = self.game.view
        turn, players = self.turn, self.players
        obs = self.observation(turn, views=False) if view is not None else None
        try:
            text: str | None = self.action_to_text(action)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            text = None
        legal = self._LEGAL[self.phase](self)[:12]
        legal_texts = [symbols(self.action_to_text(a)) for a in legal] if view is None else []
        own = None if view is not None else self._why_not(action)
        title = self.game.title

        def words(names: Sequence[str] | None) -> str:
            seats = seats_of(players, turn, names)
            why = view.why_not(obs, action, seats) if view is not None else own
            if why:
                return str(why)
            if text is None:
                return f"{action!r} is not a {title} action."
            said = legal_texts if view is None else [str(view.label(obs, a, seats)) for a in legal]
            return f"{symbols(text)} is not legal now (legal: {', '.join(said)})."

        return IllegalAction(words(None), words)

    def _why_not(self, action: Action) -> str | None:
        """The game's reason an action is not legal now, or None for the generic sentence."""
        return None

    def clone(self, *, hand_only: bool = False) -> State:
        """An independent copy: the lists named in COPIED and NESTED are copied, and the
        random stream is shared until one of the two draws from it (see `rng`).

        `hand_only`: the copy stops at the end of the current hand (`to_act()` None, no
        next deal), which is all a search's playout needs; the deal it skips is a good
        part of a short playout's cost."""
        other = object.__new__(type(self))
        d = self.__dict__.copy()
        for key in self._FLAT:
            value = d.get(key)
            if value is not None:
                d[key] = value.copy()
        for key in self.NESTED:
            d[key] = [x.copy() for x in d[key]]
        d["_legal_memo"] = None
        if "_rng" in d:
            self._rng_shared = d["_rng_shared"] = True
        if hand_only:
            d["hand_only"] = True
        other.__dict__ = d
        return other

    # --- what a seat may know ---------------------------------------------------------
    def observation(
        self, seat: int | None, views: bool = True, keys: Container[str] | None = None,
        names: Sequence[str] | None = None,
    ) -> dict[str, Any]:
        """Exactly what `seat` may know (None: a spectator), JSON-ready.

        The common keys come from the engine, the game's own from `facts(seat)`. With
        `views` (the default, for people) the keys drawn for reading are added: `legal`
        (actions with their cards), `log`, `zones`, `status` and `recent`. Search asks
        with views=False and pays only for the facts.

        A game with a view (`Game.view`) keeps its log as events (data) and its hand's
        summary as data; the words are made here, by the view, only when `views` asks for
        them. The reading is the same for every game, so it is written once, here: the seats
        are named (`words.seats_of`: by `names`, one per seat, with `seat` as "you", else
        numbered for the front end to name), and the view gives the game's parts, each from
        the observation and those seats: `label(obs, action, seats)` for each legal action,
        `sentence(event, seats)` for each line of the log, the hands as zones (the engine's
        `hand_zones` unless the view draws them, `hand_zones(obs, seats)`), then
        `table_zones(obs, seats)`, `status(obs, seats)`, `recent(obs, events, seats)` and
        the words of `last_hand` (`hand_summary(summary, seats)`). Without `views` such a
        game's `last_hand` is data (its `log` the hand's events).

        `keys`, when given, names the keys the caller reads: the engine then leaves out
        those of its dear keys that are not among them (the hand's public history
        `actions`, `scores`, `hand_results`, `last_hand`, `winners`). A search asks so for
        its model bots, which declare what they read (`Bot.READS`); what is left is still
        the seat's observation, only less of it. The game's facts are always all there.
        """
        over = self.phase == OVER
        legal = self._LEGAL[self.phase](self) if not over and seat == self.turn else []
        to_text = self.action_to_text
        obs = self.engine_keys(seat, keys, legal, names=names)
        obs.update(self.facts(seat))
        view = self.game.view
        if views and view is not None:
            seats = seats_of(self.players, seat, names)
            obs["legal"] = [
                {"text": to_text(a), "label": view.label(obs, a, seats), "cards": self.action_cards(a)} for a in legal
            ]
            obs["log"] = [view.sentence(e, seats) for e in self.log]
            hands = view.hand_zones(obs, seats) if hasattr(view, "hand_zones") else self.hand_zones(seat, obs, seats)
            obs["zones"] = hands + view.table_zones(obs, seats)
            obs["status"] = view.status(obs, seats)
            obs["recent"] = view.recent(obs, self.log, seats)
        elif views:
            label = self.action_label
            obs["legal"] = [{"text": to_text(a), "label": label(a), "cards": self.action_cards(a)} for a in legal]
            obs["log"] = [symbols(self.sentence(e)) for e in self.log]
            obs["zones"] = self.hand_zones(seat, obs) + self.table_zones(seat, obs)
            obs["status"] = [readable_fact(fact) for fact in self.status(obs)]
            obs["recent"] = readable_event(self.recent(obs))
        return obs

    def engine_keys(
        self, seat: int | None, keys: Container[str] | None = None, legal: Sequence[Action] | None = (),
        names: Sequence[str] | None = None, actions: list[list[Any]] | None = None, options: bool = True,
        whole_hand: bool = True,
    ) -> dict[str, Any]:
        """The engine's keys of `seat`'s observation, `keys` as `observation` takes it:
        `observation` adds the game's `facts` to them. `legal` is what `legal_actions` lists
        (None leaves the key out, as `options=False` leaves out `options`); `actions`, when
        given, is the hand's course the caller keeps already (parlour.envs.incremental), in
        place of `public_actions(seat)`. `whole_hand=False` leaves out the keys that hold
        for the whole hand (the game, the seats, the options, the hand's number and dealer),
        for one who keeps them from the hand's first step."""
        over = self.phase == OVER
        obs: dict[str, Any]
        if whole_hand:
            obs = {"game": self.game.name, "players": self.options.players, "seat": seat}
            if options:
                obs["options"] = self.options.to_json()
            obs["hand_number"] = self.hand_number
            obs["dealer"] = self.dealer
            obs["phase"] = self.phase
        else:
            obs = {"phase": self.phase}
        obs["to_act"] = None if over else self.turn
        if legal is not None:
            to_text = self.action_to_text
            obs["legal_actions"] = [to_text(a) for a in legal]
        if keys is None or "actions" in keys:
            obs["actions"] = self.public_actions(seat) if actions is None else actions
        if keys is None or "scores" in keys:
            obs["scores"] = {"hand": self.hand_points(), "match": jsonable_scores(self.match_scores())}
        if keys is None or "hand_results" in keys:
            obs["hand_results"] = [jsonable_scores(h) for h in self.hand_results]
        if keys is None or "last_hand" in keys:
            obs["last_hand"] = self.last_hand_view(seat, names)
        obs["match_over"] = over
        if keys is None or "winners" in keys:
            obs["winners"] = list(self.match_winners)
        if self.eliminated:
            obs["eliminated"] = list(self.eliminated)
        return obs

    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """The game's own keys of `seat`'s observation: its hand (`hand`, texts, None for a
        spectator), `hand_sizes`, and every public fact of the game (bids, contract,
        trumps, the table). Cheap: search reads them on every move, the research env's
        kept tensor at every step. `keys`, when given, names the keys the caller reads: a
        game may leave out the others where one is dear to build and read by few (the
        finished tricks of a hand, which the tensor does not read)."""
        raise NotImplementedError

    def facts_changed_since(self, start: int) -> Container[str] | None:
        """The keys of `facts`, and `scores` (the engine's key from `hand_points` and
        `match_scores`), that may hold other values than they held when the history had
        `start` entries, within this hand; None: any of them. The research env's kept
        tensor builds and compares only these, so a game that can tell cheaply what its
        latest actions left alone (a bid leaves the table and the capture piles alone)
        spares it most of a step. The engine cannot tell, so any."""
        return None

    def public_actions(self, seat: int | None, start: int = 0) -> list[list[Any]]:
        """The current hand's actions as `seat` saw them, from its `start`-th on: `[actor,
        text]`, with what the seat may not see replaced by the game's `_seen_as` (a fold,
        face-down ribs). One who keeps the earlier ones asks only for those played since."""
        history = self.history
        to_text = self.action_to_text
        seen_as = self._seen_as
        out: list[list[Any]] = []
        for i in range(self.hand_start + start, len(history)):
            actor, action = history[i]
            shown = None if actor == seat else seen_as(i, actor, action)
            out.append([actor, to_text(action) if shown is None else shown])
        return out

    def _seen_as(self, index: int, actor: int, action: Action) -> str | None:
        """How the other seats see history entry `index` when they may not see all of it
        ("fold", "ribs", "discard 3 cards"), or None when it is public. Determinize fills
        these from the sampled deal."""
        return None

    def hand_points(self) -> list[Any]:
        """Each seat's score in the hand being played, as far as it is public."""
        return [0] * self.players

    def last_hand_view(self, seat: int | None = None, names: Sequence[str] | None = None) -> dict[str, Any] | None:
        """The summary of the hand just finished, as `seat` reads it, the seats named by
        `names` (else numbered).

        A game with a view keeps the summary as data; its words are made by the view the
        first time a reader reads it, and kept for that reader until the next hand ends, so
        play and search that never read it pay nothing. A summary restored from an
        observation (determinize) is already worded, its `why` told: it is read as it is."""
        last = self.last_hand
        view = self.game.view
        if view is None or last is None:
            return last
        if "why" in last:
            return dict(last)
        reader = (seat, tuple(names)) if names is not None else None
        worded = self.__dict__.get("_last_hand_words")
        if worded is None or worded[0] is not last or worded[1] != reader:
            summary = view.hand_summary(last, seats_of(self.players, seat, names))
            worded = self._last_hand_words = (last, reader, summary)
        return dict(worded[2])

    def sentence(self, entry: Any) -> str:
        """A log entry as a sentence, its seats numbered (a game with a view keeps entries as
        events, worded by its view; a text entry is passed through)."""
        if isinstance(entry, str):
            return entry
        view = self.game.view
        if view is not None:
            return str(view.sentence(entry, seats_of(self.players)))
        return str(entry)

    def hand_zones(self, seat: int | None, obs: dict[str, Any], seats: Seats | None = None) -> list[dict[str, Any]]:
        """A zone per seat's hand: the cards where `obs` shows them, else their count; each
        labelled with its owner as `seats` (the view's names) says it, else numbered."""
        own = obs.get("hand")
        sizes = obs.get("hand_sizes") or [0] * self.players
        zones = []
        for s in range(self.players):
            mine = s == seat and own is not None
            zones.append({
                "id": f"hand-{s}", "kind": "hand", "owner": s,
                "label": "Your hand" if mine else f"{seats.whose(s, start=True)} hand" if seats else f"Seat {s}'s hand",
                "cards": list(own) if mine and own is not None else [], "hidden": 0 if mine else sizes[s],
            })
        return zones

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The game's other places of cards (the table, piles, stock), as zones."""
        return []

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The headline facts a player keeps in view (contract, trumps, bid, the trick's
        value, the target), each `{"label", "value"}`, drawn from the observation."""
        return []

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last public event: `{label, plays: [{seat, cards, face_down, mark}],
        explanation}` (a trick, a discard, a meld), or None."""
        return None

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> State:
        """A copy whose cards hidden from `seat` are dealt afresh among their hidden places.

        Used by the leak test only: `seat`'s observation of the copy must equal its
        observation of this state. The places are the game's `card_zones`: every zone
        hidden from `seat` keeps its size and its shown cards and takes none it forbids.
        """
        other = self.clone()
        zones = [z for z in other.card_zones() if z.hidden_from(seat) and len(z.cards) > len(z.shown)]
        parts = [z.unshown() for z in zones]
        pool = [c for part in parts for c in part]
        sizes = [len(part) for part in parts]
        if any(z.forbidden for z in zones):
            dealt = deal_constrained(pool, sizes, [z.forbidden for z in zones], rng)
        else:
            rng.shuffle(pool)
            dealt, at = [], 0
            for size in sizes:
                dealt.append(pool[at : at + size])
                at += size
        for z, cards in zip(zones, dealt, strict=True):
            if z.put is None:
                raise TypeError(f"the zone {z.name!r} is hidden but declares no `put`")
            z.put([*z.shown, *cards])
        return other

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: Options, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Action]]:
        """The game's half of determinize: a deal of the current hand (as a record's deal)
        that fits everything `observation` shows, and the actions behind the entries of
        `observation["actions"]` the seat saw only in part (by their index there)."""
        raise NotImplementedError

    def _restore(self, observation: dict[str, Any]) -> None:
        """Set the match-level fields (totals, wins, money) from an observation."""

    @classmethod
    def from_observation(cls, observation: dict[str, Any], rng: random.Random) -> Self:
        """A full state that fits `observation`, built from it alone (see Game.determinize)."""
        if observation["match_over"]:
            raise ValueError("a finished match has nothing to determinize")
        options = cls.game.options(**observation["options"])
        deal, hidden = cls.sample_deal(options, observation, rng)
        k = observation["hand_number"]
        state = object.__new__(cls)
        state._begin_match(options, None, 0, [None] * k + [deal], random.Random(rng.getrandbits(64)))
        state.deals = [{} for _ in range(k)]
        state.hand_results = [list(h) for h in observation["hand_results"]]
        state.last_hand = observation["last_hand"]
        state.eliminated = list(observation.get("eliminated", []))
        state._new_match()
        state._restore(observation)
        state.first_dealer = state._first_dealer_from(observation)
        state.hand_number = k - 1
        state._next_hand(observation["dealer"])
        for i, (_actor, text) in enumerate(observation["actions"]):
            action = hidden.get(i)
            state.push(state.text_to_action(text) if action is None else action)
        state.just_ended = False
        return state

    def _first_dealer_from(self, observation: dict[str, Any]) -> int:
        """The first dealer that makes `observation`'s dealer deal its hand."""
        return (observation["dealer"] - observation["hand_number"]) % self.players

    # --- cards, for the conservation invariant -----------------------------------------
    card_faces: ClassVar[Sequence[str]] = CARD_TEXTS
    """The text of each card id the game's zones hold (a game of other cards sets its own)."""

    def card_zones(self) -> list[Zone]:
        """Every place a card can be (hands, piles, table, stock), with who may see it."""
        raise NotImplementedError

    def card_places(self) -> dict[str, list[str]]:
        """Every place a card can be with its cards' texts, read from `card_zones`."""
        faces = self.card_faces
        return {z.name: [faces[c] for c in z.cards] for z in self.card_zones()}

    def full_pack(self) -> list[str]:
        """The texts of every card of the pack in play, one entry per physical card."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if a game-specific invariant is broken (points, counts)."""

    # --- hands and the match ----------------------------------------------------------
    def hand_over(self) -> bool:
        """True when the last action applied ended a hand (its scores are in hand_scores)."""
        return self.just_ended

    def hand_scores(self) -> list[Score]:
        """Each seat's score for the last finished hand (zeros before any hand ends)."""
        scores = self.scores_by_hand()
        return scores[-1] if scores else [0] * self.players

    def scores_by_hand(self) -> list[list[Score]]:
        """Each finished hand's scores, in order."""
        return [list(h) for h in self.hand_results]

    def match_scores(self) -> list[Score]:
        """The running standing in the game's own unit (G-11)."""
        raise NotImplementedError

    def money(self) -> list[Fraction] | None:
        """Each seat's net winnings where the game is played for stakes, else None.

        Money is what changes hands (chips, stakes); it sums to zero over the seats.
        Simulate and arena report it beside the scores."""
        return None

    def is_over(self) -> bool:
        return self.phase == OVER

    def winners(self) -> list[int]:
        """The seats that won the match; empty until it is over."""
        return list(self.match_winners)

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Action) -> str:
        raise NotImplementedError

    def text_to_action(self, text: str) -> Action:
        """Read an action's text; IllegalAction (with the reason) if it cannot be read."""
        raise NotImplementedError

    def action_cards(self, action: Action) -> list[str]:
        """The texts of the cards an action moves from the actor's hand (for clients)."""
        return []

    def action_label(self, action: Action, names: Sequence[str] | None = None, reader: int | None = None) -> str:
        """An action as a person reads it on a button or in a hint: its text with every card
        in symbol form (`play K♠`). A game's view (or, for a game without one, an override
        here) words it where words say more than the notation ("lay ribs face down",
        "bid 3 ♥"), naming a seat it speaks of by `names` (`reader`'s as "you"), else
        numbered; the text stays the record's notation."""
        view = self.game.view
        if view is not None:
            seats = seats_of(self.players, reader, names)
            return str(view.label(self.observation(self.turn, views=False), action, seats))
        return symbols(self.action_to_text(action))

    # --- shared plumbing ----------------------------------------------------------------
    def apply_text(self, text: str) -> Action:
        """Read `text` (cards as the table shows them too: `cards.action_text`, asked only of
        a text the game cannot read as it is) and apply it; returns the action."""
        try:
            action = self.text_to_action(text)
        except IllegalAction:
            if action_text(text) == text:
                raise
            action = self.text_to_action(action_text(text))
        self.apply(action)
        return action

    def legal_texts(self) -> list[str]:
        return [self.action_to_text(a) for a in self.legal_actions()]

    def legal_entries(self) -> list[dict[str, Any]]:
        """The legal actions as `{"text", "label", "cards"}` for an observation's `legal` key."""
        return [
            {"text": self.action_to_text(a), "label": self.action_label(a), "cards": self.action_cards(a)}
            for a in self.legal_actions()
        ]


GameOptions = Options


class Game:
    """A game: its name, player counts, options, and how to start and sample states."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[GameOptions]]
    state_class: ClassVar[type[State]]
    """The game's State; built as `state_class(options, seed, dealer, deals)`."""

    def player_counts(self) -> list[int]:
        """Every number of players the game is played by: min_players to max_players, less
        the counts a game's rules exclude (Paks "cannot be played by five")."""
        return list(range(self.min_players, self.max_players + 1))

    def new_state(
        self,
        options: GameOptions | None = None,
        seed: int | None = None,
        *,
        dealer: int = 0,
        deals: list[dict[str, Any]] | None = None,
    ) -> State:
        """A new match. `deals[k]`, where given, fixes hand k's deal instead of the shuffle."""
        opts = options if options is not None else self.Options()
        if not isinstance(opts, self.Options):
            raise OptionsError(f"{self.title} needs {self.Options.__name__}, not {type(opts).__name__}")
        if not isinstance(dealer, int) or not 0 <= dealer < opts.players:
            raise OptionsError(f"dealer must be a seat from 0 to {opts.players - 1}")
        return self.state_class(opts, seed, dealer, list(deals) if deals else None)  # type: ignore[call-arg]

    score_sense: ClassVar[int] = 1
    """+1 where a higher score is better, -1 where lower is (penalty points). Simulate,
    arena, search rewards and the RL adapter compare scores through `better`."""

    def better(self, a: Score, b: Score) -> bool:
        """Whether score `a` beats score `b` in this game's sense."""
        return beats(a, b, self.score_sense)

    def best(self, scores: Iterable[Score]) -> Score:
        """The best of `scores` in this game's sense."""
        return best_of(scores, self.score_sense)

    def determinize(self, observation: dict[str, Any], rng: random.Random) -> State:
        """A full state consistent with one seat's observation, built from it alone.

        The game samples the unknown cards (`State.sample_deal`, respecting what play has
        shown); the engine rebuilds the match so far and replays the hand's actions."""
        return self.state_class.from_observation(observation, rng)

    def options(self, **values: Any) -> GameOptions:
        """Options from keyword values or strings, with clear errors."""
        return make_options(self.Options, values)

    def action_universe(self, options: GameOptions) -> list[Action]:
        """Every action that can ever be legal under `options`, in a fixed order.

        The RL adapter numbers actions by their place in this list (action masks), so it
        must not depend on the deal.
        """
        raise NotImplementedError

    def action_codec(self, options: GameOptions) -> ActionCodec:
        """The numbering of `action_universe(options)` both ways, built once per options.

        Raises NotImplementedError, with a sentence, for a game whose actions cannot be
        listed (Paks)."""
        cache: dict[GameOptions, ActionCodec] = self.__dict__.setdefault("_codecs", {})
        codec = cache.get(options)
        if codec is None:
            try:
                actions = tuple(self.action_universe(options))
            except NotImplementedError as exc:
                raise NotImplementedError(
                    f"{self.title} actions cannot be numbered: {exc or 'the game lists no action universe'}."
                ) from None
            probe = self.new_state(options, 0)
            codec = ActionCodec(self.title, probe, actions, tuple(probe.action_to_text(a) for a in actions))
            cache[options] = codec
        return codec

    def action_to_index(self, options: GameOptions, text: str) -> int:
        """The number of an action's text in `action_universe(options)`: the index an RL
        agent or a solver plays. The game's lenient spellings are read too ("10" for "T");
        ValueError says why a text has no number."""
        return self.action_codec(options).index(text)

    def index_to_action(self, options: GameOptions, index: int) -> str:
        """The text of action number `index` of `action_universe(options)` (the record and
        wire form a bot answers with); ValueError for a number outside the universe."""
        return self.action_codec(options).text(index)

    def teams(self, options: GameOptions) -> list[list[int]]:
        """The sides that play together for the whole match, each a list of seats: every
        seat alone unless the game has fixed partnerships (partners score as one, so the
        arena and simulate seat one bot per side). Sides formed anew each hand (Mighty's
        declarer and secret partner) are no fixed partnership."""
        return [[s] for s in range(options.players)]

    def limits(self, options: GameOptions) -> Limits:
        """What the rules bound under `options` (see `Limits`), derived in the game's module."""
        raise NotImplementedError

    def algorithm_facts(self, options: GameOptions) -> AlgorithmFacts:
        """The facts a solver or an RL library asks of a game before it starts: how many
        distinct actions, how long a hand and a match can be, the bounds of a hand's scores
        and whether they sum to a constant (zero-sum). Bounds are the rules', not observed."""
        limits = self.limits(options)
        try:
            distinct: int | None = len(self.action_codec(options))
        except NotImplementedError:
            distinct = None
        hand, hands = limits.hand_actions, limits.match_hands
        return AlgorithmFacts(
            game=self.name,
            distinct_actions=distinct,
            max_hand_actions=hand,
            max_match_hands=hands,
            max_match_actions=hand * hands if hand is not None and hands is not None else None,
            hand_score_bounds=limits.hand_scores,
            hand_score_sum=limits.hand_sum,
            zero_sum=limits.hand_sum == 0,
            score_sense=self.score_sense,
            notes=limits.notes,
        )

    def heuristic_bot(self) -> str | None:
        """The name of this game's heuristic bot, if it has one."""
        return None

    # --- the declaration: what the layers above the games read of a game, keyed by nothing
    # but the game itself. What lives above the games is named by dotted path (see
    # parlour.declaration), resolved by the layer that uses it.
    bots: ClassVar[Mapping[str, str]] = {}
    """The game's own bots that play without another bot (the heuristic, Ridge's solvers):
    bot name -> "module:class" in parlour.bots (the models' table, parlour.bots.models)."""
    strong_bots: ClassVar[Mapping[str, str]] = {}
    """The game's own bots that play through the search or the learned player, registered
    beside the search bot (parlour.bots), as `bots`."""
    score_scale: ClassVar[float] = 10.0
    """A hand's usual swing of score: the tensors divide hand and match scores by it, and
    the zero-sum reward of the RL adapter divides each hand's scores less their mean."""
    tensor_course: ClassVar[Mapping[str, Any]] = {}
    """How the tensors' generic course sections are tuned (parlour.envs.layouts)."""
    tensor_facts: ClassVar[tuple[Fact, ...]] = ()
    """The game's own tensor sections beside the course (parlour.envs.layouts)."""
    tensor_version: ClassVar[int] = 0
    """The version of the game's tensor layout: raised by one whenever the tensor changes
    (a section added, moved or encoded otherwise), so weights trained on the old layout are
    refused by name and the environment module is renamed (`ribs_v0` -> `ribs_v1`). The
    layouts each version gave are published in parlour/envs/published_layouts.json."""
    levels: ClassVar[Levels] = Levels()
    """Where the game's bot levels depart from the rule (parlour.bots.levels)."""
    strength: ClassVar[tuple[Figure, ...]] = ()
    """The results page's figures of this game (parlour.strength reruns them)."""
    move_facts: ClassVar[str | None] = None
    """The "module:function" giving each legal move's facts for a learned player's move
    values (parlour.bots.move_facts), or None."""
    analysis: ClassVar[str | None] = None
    """The module in parlour.analysis that analyses the game exactly (its `hint_lines` give
    the hints, its `run` the `parlour analyse` command), or None: hints and `parlour
    analyse` search (parlour.review)."""
    mistakes: ClassVar[Mistakes] = Mistakes()
    """How large a decision's cost is an inaccuracy, a mistake, a blunder (parlour.review)."""
    table_limits: ClassVar[Mapping[str, int]] = {}
    """The most a match at the server may ask of an option, per option: a match's length (a
    target score, hands to win or to play) is what keeps its bots busy, and a bound the
    rules have no reason to set is the card room's to set. About ten times the standard
    game's."""
    conformance_options: ClassVar[tuple[Mapping[str, Any], ...]] = ()
    """Option sets (without `players`) the conformance tests play at every player count,
    beside the standard game (the Options defaults), which they always play."""
    howto: ClassVar[str] = "howto.md"
    """The How to play text (markdown, parlour.howto), a file of the game's package."""

    def howto_facts(self, options: GameOptions) -> list[str]:
        """Phrases the How to play text states for the game of `options` ("reach 500
        points", "Everyone gets 13 cards"), made from the options and the rules' constants,
        so that a default or a constant the text does not follow fails its test
        (tests/test_howto.py)."""
        return []

    view: ClassVar[Any] = None
    """The game's view (its package's `view` module): every word a person reads, made from
    an observation and the hand's events. The rules record events as data (`State.log`:
    tuples of ints and notation texts) and never format text; `observation(seat)` asks
    the view for words only when a person's view is wanted. None for a game that still
    writes its sentences as it plays (string log entries, worded by `sentence`)."""

    # Optional hooks a game may define (looked up with getattr by the front ends):
    # - render_text(observation, names=None) -> str: a terminal view nicer than the generic
    #   one, its seats named by `names` where the front end gives them.
    # Advice for the seat to act (`hint` in the terminal, e.g. Ridge's double-dummy value
    # of each legal card) is no hook: it comes from analysis, above the games
    # (parlour.analysis.hints, from the game's declared `analysis`).


@dataclasses.dataclass(frozen=True)
class Limits:
    """What a game's rules bound, declared by the game (`Game.limits`)."""

    hand_actions: int | None
    """The most decisions one hand can take (every seat's actions, forced ones included), or
    None where the rules set no bound (say why in `notes`)."""
    match_hands: int | None
    """The most hands a match can last, or None (a target that may never be reached)."""
    hand_scores: tuple[Score, Score]
    """Every seat's hand score (`State.hand_scores()`) lies in [low, high]."""
    hand_sum: Score | None = None
    """What every hand's scores sum to where that is fixed (0: zero-sum), else None."""
    notes: str = ""
    """How the bounds were found, and why one is missing."""


@dataclasses.dataclass(frozen=True)
class AlgorithmFacts:
    """A game's facts for algorithms under one set of options (`Game.algorithm_facts`)."""

    game: str
    distinct_actions: int | None
    """The size of the action universe (the codec's numbers), None where it cannot be listed."""
    max_hand_actions: int | None
    max_match_hands: int | None
    max_match_actions: int | None
    hand_score_bounds: tuple[Score, Score]
    hand_score_sum: Score | None
    zero_sum: bool
    score_sense: int
    notes: str

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["hand_score_bounds"] = jsonable_scores(self.hand_score_bounds)
        out["hand_score_sum"] = None if self.hand_score_sum is None else fraction_text(self.hand_score_sum)
        return out


class ActionCodec:
    """Every action a game can ever play under one set of options, numbered: the bridge
    between the texts that bots, records and the wire use and the indices of RL agents
    and solvers. Lookups are dictionary reads, so an environment can call them per step."""

    def __init__(self, title: str, probe: State, actions: Sequence[Action], texts: Sequence[str]) -> None:
        self.title = title
        self.actions = tuple(actions)
        self.texts = tuple(texts)
        self.index_of_action: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.index_of_text: dict[str, int] = {t: i for i, t in enumerate(self.texts)}
        if len(self.index_of_action) != len(self.actions):
            raise ValueError(f"{title}: action_universe lists an action twice")
        if len(self.index_of_text) != len(self.texts):
            raise ValueError(f"{title}: two actions of action_universe share one text")
        self._probe = probe

    def __len__(self) -> int:
        return len(self.actions)

    def index(self, text: str) -> int:
        """The number of `text` (canonical or a lenient spelling the game reads)."""
        found = self.index_of_text.get(text)
        if found is not None:
            return found
        if not isinstance(text, str):
            raise ValueError(f"an action is named by its text, not {text!r}")
        try:
            action = self._probe.text_to_action(text)
        except (IllegalAction, KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"{text!r} is not a {self.title} action: {exc}") from None
        found = self.index_of_action.get(action)
        if found is None:
            raise ValueError(f"{text!r} can never be played in {self.title} under these options")
        return found

    def text(self, index: int) -> str:
        """The text of action number `index`."""
        try:
            number = operator.index(index)
        except TypeError:
            raise ValueError(f"an action number is a whole number, not {index!r}") from None
        if isinstance(index, bool) or not 0 <= number < len(self.texts):
            raise ValueError(
                f"action number {index!r} is outside {self.title}'s {len(self.texts)} actions (0..{len(self.texts) - 1})"
            )
        return self.texts[number]


def beats(a: Score, b: Score, sense: int) -> bool:
    """Whether score `a` beats `b` where `sense` is +1 (higher is better) or -1 (lower is),
    for code that holds a game's results rather than the game."""
    return sense * (a - b) > 0


def best_of(scores: Iterable[Score], sense: int) -> Score:
    """The best of `scores` in the score sense `sense` (see `beats`)."""
    return max(scores) if sense > 0 else min(scores)


def play_out(
    state: State,
    choose: Callable[[State], Action],
    *,
    until_hand_over: bool = False,
    max_actions: int = 1_000_000,
) -> State:
    """Apply `choose(state)` until the match (or the hand) ends; returns the state."""
    for _ in range(max_actions):
        if state.to_act() is None:
            return state
        state.apply(choose(state))
        if until_hand_over and state.hand_over():
            return state
    raise RuntimeError(f"no end after {max_actions} actions")


def cards_conserved(state: State) -> bool:
    """Every card of the pack is in exactly one place."""
    placed: Counter[str] = Counter()
    for cards in state.card_places().values():
        placed.update(cards)
    return placed == Counter(state.full_pack())


def readable_fact(fact: dict[str, Any]) -> dict[str, Any]:
    """A `status` fact with its label and value in symbol form (numbers stay numbers)."""
    return {k: symbols(v) if k in ("label", "value") and isinstance(v, str) else v for k, v in fact.items()}


def readable_event(event: dict[str, Any] | None) -> dict[str, Any] | None:
    """A `recent` event with its label and explanation in symbol form (its plays' cards stay
    codes: front ends draw them as cards)."""
    if not event:
        return event
    out = dict(event)
    for key in ("label", "explanation"):
        if isinstance(out.get(key), str):
            out[key] = symbols(out[key])
    return out


def readable_summary(summary: dict[str, Any], sentence: Callable[[Any], str] = str) -> dict[str, Any]:
    """A hand's summary with the sentences people read in symbol form: its `log` (entries a
    game keeps as tuples made sentences by `sentence`) and each trick's `explanation`. Its
    data (cards, scores) stays as it is."""
    out = dict(summary)
    if isinstance(out.get("log"), list):
        out["log"] = [symbols(line if isinstance(line, str) else sentence(line)) for line in out["log"]]
    tricks = out.get("tricks")
    if isinstance(tricks, list) and any(isinstance(t, dict) and "explanation" in t for t in tricks):
        out["tricks"] = [
            {**t, "explanation": symbols(t["explanation"])}
            if isinstance(t, dict) and isinstance(t.get("explanation"), str) else t
            for t in tricks
        ]
    return out


def plural(count: Any, noun: str, nouns: str | None = None) -> str:
    """`count` with its noun in the right number: "1 trick", "2 tricks", "-1 point"
    (`nouns` where the plural is not the noun with an s)."""
    one = count in (1, -1) and not isinstance(count, bool)
    return f"{count} {noun if one else nouns or noun + 's'}"


def seats_text(seats: Sequence[int]) -> str:
    """A group of seats in the words front ends name (`views.name_seats`): "seat 1",
    "seats 0 and 2", "seat 0, seat 2 and seat 4"."""
    if len(seats) == 2:
        return f"seats {seats[0]} and {seats[1]}"
    named = [f"seat {s}" for s in seats]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def seat_list(values: Iterable[Any]) -> str:
    """Per-seat numbers as people read them: "seat 0 3, seat 1 10" (not a Python list)."""
    return ", ".join(f"seat {s} {fraction_text(v)}" for s, v in enumerate(values))


def seat_names(n: int) -> list[str]:
    return [f"Seat {s}" for s in range(n)]


def fraction_text(value: Score) -> int | str:
    """A JSON form of an exact number: an int when whole, else "p/q"."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return value


def jsonable_scores(scores: Iterable[Score]) -> list[int | str]:
    return [s if type(s) is int else fraction_text(s) for s in scores]
