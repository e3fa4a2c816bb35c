"""The registry of games: an explicit list, name -> Game (no registration by import)."""

from __future__ import annotations

from typing import Any

from parlour.engine import Game, Options, OptionsError
from parlour.games.couillon import GAME as COUILLON
from parlour.games.cramps import GAME as CRAMPS
from parlour.games.kings_in_the_corner import GAME as KINGS_IN_THE_CORNER
from parlour.games.mighty import GAME as MIGHTY
from parlour.games.paks import GAME as PAKS
from parlour.games.pitch import GAME as PITCH
from parlour.games.ribs import GAME as RIBS
from parlour.games.ridge import GAME as RIDGE
from parlour.games.seven_and_a_half import GAME as SEVEN_AND_A_HALF
from parlour.games.six_pack_bezique import GAME as SIX_PACK_BEZIQUE
from parlour.games.yaniv import GAME as YANIV
from parlour.games.zetema import GAME as ZETEMA
from parlour.spec import SpecError, parse_spec

GAMES: dict[str, Game] = {
    game.name: game
    for game in (
        RIBS,
        CRAMPS,
        RIDGE,
        COUILLON,
        MIGHTY,
        PITCH,
        SEVEN_AND_A_HALF,
        KINGS_IN_THE_CORNER,
        ZETEMA,
        SIX_PACK_BEZIQUE,
        YANIV,
        PAKS,
    )
}


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise OptionsError(f"unknown game {name!r} (games: {known})") from None


def game_from_spec(spec: str, extra: dict[str, Any] | None = None) -> tuple[Game, Options]:
    """`ribs(players=6, lemons=true)` -> (the Ribs game, its options)."""
    try:
        name, args = parse_spec(spec)
    except SpecError as exc:
        raise OptionsError(str(exc)) from None
    game = get_game(name)
    values: dict[str, Any] = dict(args)
    values.update(extra or {})
    return game, game.options(**values)
