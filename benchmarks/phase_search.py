"""Where a search's edge over the heuristic comes from: the search in some phases of a hand,
the heuristic in the others.

An outside bot for `parlour arena` (run from the repository's root, which the arena puts on
the import path). `phases` names the observation's phases the search decides, joined by
`+`; the game's heuristic makes every other decision. Raced against the heuristic, each
split shows what the search gains in its phases alone:

    parlour arena mighty --bots 'benchmarks.phase_search:PhaseSearch(phases=play)',mighty-heuristic --hands 1000 --seed 100000
    parlour arena mighty --bots 'benchmarks.phase_search:PhaseSearch(phases=auction+exchange+trump+call)',mighty-heuristic --hands 1000 --seed 100000
"""

from __future__ import annotations

from typing import Any

from parlour.bots import Bot, make_bot
from parlour.engine import Game, OptionsError


class PhaseSearch(Bot):
    """The search (`search`, a bot spec: the strong level's `ismcts` by default) in `phases`,
    the game's heuristic elsewhere; a decision with one legal move is the heuristic's."""

    name = "phase-search"

    def __init__(self, game: Game, seat: int, seed: int | None = None, phases: str = "play", search: str = "ismcts") -> None:
        super().__init__(game, seat, seed)
        heuristic = game.heuristic_bot()
        if heuristic is None:
            raise OptionsError(f"{game.name} has no heuristic bot to play the other phases")
        self.phases = frozenset(phases.split("+"))
        self.search = make_bot(search, game, seat, seed)
        self.heuristic = make_bot(heuristic, game, seat, seed)

    def choose(self, observation: dict[str, Any]) -> str:
        searched = len(observation["legal_actions"]) > 1 and observation.get("phase") in self.phases
        return (self.search if searched else self.heuristic).choose(observation)
