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
import random
import types
import typing
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from typing import Any, ClassVar, Self

Action = Hashable
Score = int | Fraction

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


class IllegalAction(ValueError):
    """An action the rules do not allow now; the message is for the player."""


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
    """One match of a game. Mutable; `clone()` gives an independent copy.

    Subclasses implement the methods that raise NotImplementedError below; the rest is
    shared plumbing built on them.
    """

    game: ClassVar[Game]
    options: Options
    rng: random.Random
    seed: int | None
    first_dealer: int
    given_deals: list[Any]
    deals: list[dict[str, Any]]
    just_ended: bool

    COPIED: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists (or sets) that `clone` copies; the rest are shared or immutable."""
    NESTED: ClassVar[tuple[str, ...]] = ()
    """Attributes holding lists of lists (or sets) that `clone` copies two levels deep."""

    def _begin_match(
        self,
        options: Options,
        seed: int | None,
        dealer: int,
        deals: list[Any] | None,
        rng: random.Random | None = None,
    ) -> None:
        """The bookkeeping every match keeps, set before the first deal."""
        self.options = options
        self.seed = seed
        self.rng = rng if rng is not None else random.Random(seed)
        self.first_dealer = dealer
        self.given_deals = list(deals or [])
        self.deals = []
        self.history: list[tuple[int, Action]] = []
        self.hand_results: list[list[Any]] = []
        self.last_hand: dict[str, Any] | None = None
        self.match_winners: list[int] = []
        self.just_ended = False

    @classmethod
    def _for_determinize(
        cls,
        options: Options,
        observation: dict[str, Any],
        first_dealer: int,
        deal: dict[str, Any],
        rng: random.Random,
        deal_index: int | None = None,
    ) -> Self:
        """The common start of every `determinize`: an empty state holding the match so far
        as the observation tells it, whose current deal (number `deal_index`, by default the
        hand number) will be `deal`. The game then sets its own fields, deals the hand and
        replays the hand's public actions."""
        k = observation["hand_number"] if deal_index is None else deal_index
        state = object.__new__(cls)
        state._begin_match(options, None, first_dealer, [None] * k + [deal], random.Random(rng.getrandbits(64)))
        state.deals = [{} for _ in range(k)]
        state.hand_results = [list(h) for h in observation["hand_results"]]
        state.last_hand = observation["last_hand"]
        return state

    def given_deal(self, k: int) -> Any:
        """The record's deal of hand k, or None when hand k is dealt by the shuffle."""
        return self.given_deals[k] if k < len(self.given_deals) else None

    @property
    def players(self) -> int:
        return self.options.players

    # --- the turn -------------------------------------------------------------------
    def to_act(self) -> int | None:
        """The seat whose decision it is, or None when the match is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (empty once the match is over)."""
        raise NotImplementedError

    def apply(self, action: Action) -> None:
        """Play an action for the seat to act; IllegalAction leaves the state unchanged."""
        raise NotImplementedError

    def clone(self) -> State:
        """An independent copy: the lists named in COPIED and NESTED are copied, the RNG too."""
        other = object.__new__(type(self))
        d = self.__dict__.copy()
        d["history"] = list(self.history)
        for key in self.COPIED:
            if key in d:
                d[key] = d[key].copy()
        for key in self.NESTED:
            d[key] = [x.copy() for x in d[key]]
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        other.__dict__.update(d)
        return other

    # --- what a seat may know ---------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """Exactly what `seat` may know (None: a spectator), JSON-ready."""
        raise NotImplementedError

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> State:
        """A copy whose cards hidden from `seat` are shuffled among their hidden places.

        Used by the leak test only: `seat`'s observation of the copy must equal its
        observation of this state. Places keep their sizes.
        """
        raise NotImplementedError

    # --- cards, for the conservation invariant -----------------------------------------
    def card_places(self) -> dict[str, list[str]]:
        """Every place a card can be (hands, piles, table, stock) with its cards' texts."""
        raise NotImplementedError

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

    def is_over(self) -> bool:
        return self.to_act() is None

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

    # --- shared plumbing ----------------------------------------------------------------
    def apply_text(self, text: str) -> Action:
        """Read `text` and apply it; returns the action."""
        action = self.text_to_action(text)
        self.apply(action)
        return action

    def legal_texts(self) -> list[str]:
        return [self.action_to_text(a) for a in self.legal_actions()]

    def legal_entries(self) -> list[dict[str, Any]]:
        """The legal actions as `{"text", "cards"}` for an observation's `legal` key."""
        return [
            {"text": self.action_to_text(a), "cards": self.action_cards(a)}
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

    def determinize(self, observation: dict[str, Any], rng: random.Random) -> State:
        """A full state consistent with one seat's observation, built from it alone."""
        raise NotImplementedError

    def options(self, **values: Any) -> GameOptions:
        """Options from keyword values or strings, with clear errors."""
        return make_options(self.Options, values)

    def action_universe(self, options: GameOptions) -> list[Action]:
        """Every action that can ever be legal under `options`, in a fixed order.

        The RL adapter numbers actions by their place in this list (action masks), so it
        must not depend on the deal.
        """
        raise NotImplementedError

    def heuristic_bot(self) -> str | None:
        """The name of this game's heuristic bot, if it has one."""
        return None

    # Optional hooks a game may define (looked up with getattr by the front ends):
    # - render_text(observation) -> str: a terminal view nicer than the generic one.
    # Advice for the seat to act (`hint` in the terminal, e.g. Ridge's double-dummy value
    # of each legal card) is no hook: it comes from analysis, above the games
    # (parlour.analysis.HINTS).


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


def seat_names(n: int) -> list[str]:
    return [f"Seat {s}" for s in range(n)]


def fraction_text(value: Score) -> int | str:
    """A JSON form of an exact number: an int when whole, else "p/q"."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return value


def jsonable_scores(scores: Iterable[Score]) -> list[int | str]:
    return [fraction_text(s) for s in scores]
