"""The shapes of a game's declaration: what the layers above the games read of a game.

A game's `Game` subclass declares, beside its rules and view, everything the bots, the
tensors, the rewards, the levels, the analysis, the server and the tests ask of it (see
`parlour.engine.Game`). Those layers sit above the games, so the declaration names
what it points into them by dotted path ("parlour.bots.ribs_heuristic:RibsHeuristicBot")
and the layer resolves it; this module holds the plain shapes the declaration is made of,
below the engine so that every game can build them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

SUITS = ("S", "H", "D", "C")
DENOMINATIONS = (*SUITS, "NT")
COMPASS = ("N", "E", "S", "W")
"""The words of the tensors' `choice` sections that several games share."""


@dataclasses.dataclass(frozen=True)
class Fact:
    """One declared tensor section: `kind` applied to the observation's value at `path`.

    `path` is dotted ("bidding.bid"; a number is a list index). `scale` divides numbers;
    `values` are the words of a `choice` (or the names of `named_cards`); `length` is how
    many items a `plays` or `records` section keeps; `items` are the sections of each
    item of `records`; `rotate` says that `named_cards`' names turn with the seat (Ridge's
    compass) and `teams` that a per-team list turns with the seat's team."""

    name: str
    kind: str
    path: str = ""
    scale: float = 1.0
    values: tuple[Any, ...] = ()
    length: int = 0
    items: tuple[Fact, ...] = ()
    rotate: bool = False
    teams: int = 0
    doc: str = ""


@dataclasses.dataclass(frozen=True)
class Levels:
    """What stands behind a game's levels where it departs from the rule of parlour.bots.levels
    (each choice measured in docs/strength.md)."""

    strong_settings: str = ""
    """The strong search's settings with the learned model, where other than the defaults
    played better (", "-separated, as a bot spec writes them)."""
    strong_player: str | None = None
    """A bot spec stronger than the search, for the strong level."""
    learned_strong_player: str | None = None
    """A bot spec stronger than the search that needs the shipped weights, for the strong
    level where they fit the table."""
    heuristic_model_search: bool = False
    """Whether the strong search keeps the heuristic as its model though weights ship."""
    strong_iterations: int | None = None
    """Playouts a move of the strong search where the default would take too long."""


@dataclasses.dataclass(frozen=True)
class Mistakes:
    """How much a decision must cost to be named an inaccuracy, a mistake or a blunder
    (parlour.review): the seat's expected hand score given away, as shares of a
    hand's usual swing, so one rule serves games whose points count tricks and games whose
    points count hundreds. The swing is the game's `score_scale` unless the game names its
    own (`swing`: about one standard deviation of a seat's hand score between heuristic
    players, where `score_scale` is a match's scale rather than a hand's)."""

    inaccuracy: float = 0.1
    mistake: float = 0.25
    blunder: float = 0.5
    swing: float | None = None

    def thresholds(self, score_scale: float) -> tuple[float, float, float]:
        """The three thresholds in the game's points."""
        swing = self.swing if self.swing is not None else score_scale
        return (self.inaccuracy * swing, self.mistake * swing, self.blunder * swing)


def resolve(path: str) -> Any:
    """The object a dotted path names: "package.module:attribute" or "package.module"."""
    from importlib import import_module

    module, _, attribute = path.partition(":")
    loaded = import_module(module)
    return getattr(loaded, attribute) if attribute else loaded


NORMAL_VS_HEURISTIC = "normal vs heuristic"
STRONG_VS_NORMAL = "strong vs normal"
STRONG_VS_HEURISTIC = "strong vs heuristic"


@dataclasses.dataclass(frozen=True)
class Figure:
    """One figure of the results page (docs/strength.md): an arena duplicate between two
    bots at a table size whose weights ship, with the hands and seed the page quotes and
    the fewer hands `parlour strength` reruns it with."""

    players: int
    label: str
    """NORMAL_VS_HEURISTIC, STRONG_VS_NORMAL or STRONG_VS_HEURISTIC."""
    bots: str
    hands: int
    seed: int
    quick: int
