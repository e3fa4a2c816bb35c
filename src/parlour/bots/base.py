"""The base of every bot, the random bot, and the spec lookup both bot tables share.

This is split from parlour.bots (the registry) so that a bot module imports its base class
without importing the registry that lists it: no import circle, lazy imports included.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable, Mapping
from typing import Any

from parlour.engine import Game, OptionsError
from parlour.spec import SpecError, parse_spec


class Bot:
    """Base of every bot. Subclasses override `choose`."""

    name = "bot"
    # The most seconds one move may take, set by whoever hosts the bot (the web parlour's
    # --bot-seconds); None: no limit. A bot that searches stops by then and plays its best
    # move so far; the host plays a legal move for a bot that still has not answered.
    time_limit: float | None = None
    # The observation keys `choose` (and a model's `plausibility`) reads, or None: any of
    # them. A search that plays the bot as its model in playouts asks for just these
    # (`State.observation(seat, views=False, keys=READS)`), so the engine skips its dear
    # keys the bot never reads (the public history, scores, past hands). What the bot sees
    # is still its observation, only less of it.
    READS: frozenset[str] | None = None
    # Why the last `choose` chose as it did, in a sentence for a person (cards as codes),
    # where the bot can say it without extra work; None otherwise. Hints quote it.
    last_reason: str | None = None

    def __init__(self, game: Game, seat: int, seed: int | None = None, **params: Any) -> None:
        if params:
            raise OptionsError(f"bot {self.name!r} takes no parameter {sorted(params)[0]!r}")
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seat={self.seat})"


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every bot must beat."""

    name = "random"

    def choose(self, observation: dict[str, Any]) -> str:
        return self.rng.choice(observation["legal_actions"])


BotFactory = Callable[..., Bot]
BotTable = Mapping[str, tuple[BotFactory, tuple[str, ...] | None]]
"""name -> (factory, the games it plays; None for every game)."""


def names_in(table: BotTable, game: str | None = None) -> list[str]:
    """The bots of `table` that play `game` (every bot when None)."""
    return [
        name
        for name, (_, games) in table.items()
        if game is None or games is None or game in games
    ]


def bot_from_table(
    table: BotTable, spec: str, game: Game, seat: int, seed: int | None = None, *, outside: bool = False
) -> Bot:
    """A bot of `table` from a spec string such as `random` or `ismcts(iterations=500)`;
    with `outside`, also an outside bot named `package.module:Class(param=value)`."""
    try:
        name, params = parse_spec(spec)
    except SpecError as exc:
        raise OptionsError(str(exc)) from None
    if ":" in name:
        if not outside:
            raise OptionsError(f"outside bots such as {name!r} are not allowed here")
        return outside_bot(name, params, game, seat, seed)
    if name not in table:
        raise OptionsError(f"unknown bot {name!r} (bots for {game.name}: {', '.join(names_in(table, game.name))})")
    factory, games = table[name]
    if games is not None and game.name not in games:
        raise OptionsError(f"bot {name!r} does not play {game.name} (it plays {', '.join(games)})")
    return factory(game, seat, seed, **params)


def outside_bot(path: str, params: dict[str, str], game: Game, seat: int, seed: int | None) -> Bot:
    """The bot `package.module:Class` made as `Class(game, seat, seed, **params)`, the way
    the registry makes its own (docs/bots.md). The module is imported by name, so every
    worker process (or Ray worker) that plays the bot imports it for itself; the current
    directory is searched after the installed packages. Each way it can fail says so."""
    module_name, _, class_name = path.partition(":")
    factory = _outside_class(module_name, class_name)
    try:
        bot = factory(game, seat, seed, **params)
    except OptionsError:
        raise
    except (TypeError, ValueError) as exc:
        given = ", ".join(f"{k}={v}" for k, v in params.items())
        raise OptionsError(f"bot {path!r} cannot be made with ({given}): {exc}") from None
    if not callable(getattr(bot, "choose", None)):
        raise OptionsError(f"bot {path!r} has no choose(observation) method")
    return bot  # type: ignore[no-any-return]


def _outside_class(module_name: str, class_name: str) -> Any:
    path = f"{module_name}:{class_name}"
    if os.getcwd() not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (module_name + ".").startswith(exc.name + "."):
            raise OptionsError(
                f"bot {path!r}: there is no module {module_name!r} (install it, or run from the folder that holds it)"
            ) from None
        raise OptionsError(f"bot {path!r}: importing {module_name} failed: {exc}") from None
    except Exception as exc:
        raise OptionsError(f"bot {path!r}: importing {module_name} failed: {type(exc).__name__}: {exc}") from None
    cls = getattr(module, class_name, None)
    if cls is None:
        raise OptionsError(f"bot {path!r}: module {module_name} has no {class_name!r}")
    if not isinstance(cls, type) or not callable(getattr(cls, "choose", None)):
        raise OptionsError(f"bot {path!r}: {class_name} is not a bot class (a class with choose(observation) -> text)")
    return cls
