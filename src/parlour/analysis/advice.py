"""Hints for every game: the move a strong player would make now, and why, in numbers.

`hint(game, observation)` answers for the seat to act in `observation`, from that
observation alone (what a person at that seat may know):

- Ridge shows every card, so its hint is exact: the double-dummy value of every legal action
  (parlour.analysis.ridge), the best first.
- Every other game asks the search bot (`ismcts` under a time budget, the "strong" player)
  and reads the root of its search (`ISMCTSBot.root_statistics`): each move it tried, over
  how many sampled deals, with the seat's average score for the hand after it and how often
  that score was the hand's best. The search races every legal move against the game's
  heuristic, which it plays unless a rival does surely better; the sentence says which.

A time budget (`seconds`) makes the answer depend on the machine's speed; an `iterations`
budget with a `seed` gives the same hint every time (the tests use it).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from parlour.bots.ismcts import ISMCTSBot, MoveStats
from parlour.cards import symbols
from parlour.declaration import resolve
from parlour.engine import Game
from parlour.games import get_game
from parlour.views import action_labels

DEFAULT_SECONDS = 1.5
"""The search's budget: with the host's overhead a hint arrives within about 2 seconds."""


EXACT_PATIENCE = 20.0
"""Seconds an exact oracle may take beyond a search's budget: Ridge's first hint on a deal
solves the deal's double-dummy table (several seconds on a busy machine)."""


def hint_patience(game: str) -> float:
    """How much longer than the bot time limit a host should wait for `game`'s hint."""
    return EXACT_PATIENCE if get_game(game).analysis else 0.0


class NoHint(ValueError):
    """There is nothing to advise: the observer is not the seat to act, or the match is over."""


@dataclasses.dataclass(frozen=True)
class Hint:
    """Advice for one decision. `candidates`: `{action, label, value, visits}` per move
    considered, the advised one first (`visits` 0 for an exact oracle); `unit` says what
    `value` counts; `why` is the sentence a person reads."""

    action: str
    label: str
    why: str
    candidates: list[dict[str, Any]]
    unit: str

    def to_json(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def hint(
    game: Game | str,
    observation: dict[str, Any],
    seconds: float | None = DEFAULT_SECONDS,
    seed: int | None = None,
    *,
    iterations: int | None = None,
) -> Hint:
    """The move a strong player would make for the seat to act in `observation`, and why.

    `observation` must be that seat's own (`State.observation(seat)`); NoHint otherwise.
    `iterations` (playouts) replaces the time budget, for a reproducible hint."""
    if isinstance(game, str):
        from parlour.games import get_game

        game = get_game(game)
    seat = observation.get("seat")
    legal = observation.get("legal_actions") or []
    if observation.get("match_over") or seat is None or observation.get("to_act") != seat or not legal:
        raise NoHint("There is nothing for you to decide now.")
    labels = _labels(observation)
    if len(legal) == 1:
        only = legal[0]
        return Hint(only, labels(only), f"{_capital(labels(only))}: it is the only legal move.",
                    [{"action": only, "label": labels(only), "value": None, "visits": 0}], "")
    if game.analysis:
        return _exact_hint(game.analysis, observation, labels)
    return _search_hint(game, observation, labels, seconds, seed, iterations)


def _labels(observation: dict[str, Any]) -> Any:
    """An action's text -> its label, from the observation's `legal` entries where it has
    them, else the text with its cards in symbol form."""
    known = action_labels(observation)
    return lambda text: known.get(text) or symbols(text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _exact_hint(analysis: str, observation: dict[str, Any], labels: Any) -> Hint:
    advice = resolve(analysis).hint_table(observation)
    if advice is None:
        raise NoHint("There is nothing for you to decide now.")
    best = advice.best()
    ranked = sorted(advice.values, key=lambda av: (av[0] != best, -av[1]))
    candidates = [{"action": a, "label": labels(a), "value": v, "visits": 0} for a, v in ranked]
    top = ranked[0][1]
    why = f"{_capital(labels(best))} ({top}: {advice.unit})."
    if len(ranked) > 1:
        a, v = ranked[1]
        why += f" Next: {labels(a)}, {v}." if v < top else f" {_capital(labels(a))} is as good."
    if best in advice.extra:
        why += f" With it: {advice.extra[best]}."
    return Hint(best, labels(best), f"{why} {advice.intro}", candidates, advice.unit)


def _search_hint(
    game: Game,
    observation: dict[str, Any],
    labels: Any,
    seconds: float | None,
    seed: int | None,
    iterations: int | None,
) -> Hint:
    seat = observation["seat"]
    budget: dict[str, Any] = {"iterations": iterations} if iterations is not None else {"seconds": seconds or DEFAULT_SECONDS}
    bot = ISMCTSBot(game, seat, seed, **budget)
    action = bot.choose(observation)
    stats = bot.root_statistics() or [MoveStats(action, 0, 0.0, 0.0, 0.0, True)]
    fewer = game.score_sense < 0
    unit = ("penalty points you take this hand (fewer is better)" if fewer else "points you score this hand") + (
        ", on average over the sampled deals"
    )
    candidates = [
        {"action": m.action, "label": labels(m.action), "value": round(m.points, 2), "visits": m.visits,
         "wins": round(m.wins, 3)}
        for m in stats
    ]
    why = _why(stats, labels, fewer)
    reason = bot.model_reason()
    if reason and any(m.model for m in stats):
        why += f" The heuristic player's reasoning: {symbols(reason)}"
    return Hint(action, labels(action), why, candidates, unit)


def _points(value: float) -> str:
    whole = round(value, 1)
    return f"{whole:g} point" if whole in (1, -1) else f"{whole:g} points"


def _how_often(wins: float) -> str:
    if wins <= 0:
        return "never has the hand's best score"
    if wins >= 1:
        return "always has the hand's best score"
    return f"has the hand's best score in {wins:.0%} of them"


def _why(stats: list[MoveStats], labels: Any, fewer: bool) -> str:
    """The sentence behind a search's choice, from its numbers."""
    chosen = stats[0]
    deals = chosen.visits
    sample = f"{deals} sampled deal" + ("" if deals == 1 else "s")
    taken = "takes" if fewer else "scores"
    why = (f"{_capital(labels(chosen.action))}: over {sample} it {taken} {_points(chosen.points)} on average "
           f"and {_how_often(chosen.wins)}.")
    others = [m for m in stats[1:] if m.visits]
    if others:
        nxt = max(others, key=lambda m: m.value)
        tried = f"{nxt.visits} deal" + ("" if nxt.visits == 1 else "s")
        why += (f" Next best by the search: {labels(nxt.action)} ({tried}: {_points(nxt.points)}, "
                f"best score in {nxt.wins:.0%}).")
    if chosen.model and len(stats) > 1:
        why += " It is what the game's heuristic player would do, and no other move did surely better."
    elif len(stats) > 1 and any(m.model for m in stats):
        model = next(m for m in stats if m.model)
        why += f" The heuristic player would {labels(model.action)}; the search found this surely better."
    return why
