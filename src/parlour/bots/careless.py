"""`careless`: a player who mostly plays like the game's heuristic bot and now and then
plays any legal move instead, the "easy" level people choose at a table.

It is weaker on purpose, but not silly: every move it makes is legal (so it follows suit
as the rules demand), and most are the heuristic's. The share of careless moves is
`slips` (0.35 unless told, from 0 to 1); a game without a heuristic bot is played at
random throughout.
"""

from __future__ import annotations

import math
from typing import Any

from parlour.bots.base import Bot
from parlour.bots.models import make_model
from parlour.engine import Game, OptionsError

DEFAULT_SLIPS = 0.35


class CarelessBot(Bot):
    """`careless`, `careless(slips=0.5)`."""

    name = "careless"

    def __init__(self, game: Game, seat: int, seed: int | None = None, *, slips: float | str = DEFAULT_SLIPS,
                 **unknown: Any) -> None:
        super().__init__(game, seat, seed, **unknown)
        try:
            share = float(slips)
        except (TypeError, ValueError, OverflowError):
            share = math.nan
        if not (math.isfinite(share) and 0 <= share <= 1):
            raise OptionsError(f"careless: slips must be a number from 0 to 1, not {str(slips)[:40]!r}")
        self.slips = share
        heuristic = game.heuristic_bot()
        self.model = make_model(heuristic, game, seat, self.rng.getrandbits(32)) if heuristic else None

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if self.model is None or self.rng.random() < self.slips:
            return str(self.rng.choice(legal))
        return self.model.choose(observation)
