"""Hints for every game: the move a strong player would make now, and why, in numbers.

`hint(game, observation)` answers for the seat to act in `observation`, from that
observation alone (what a person at that seat may know):

- Ridge shows every card, so its hint is exact: the double-dummy value of every legal action
  (parlour.analysis.ridge), the best first.
- Every other game plays its moves out (`ISMCTSBot.weigh`): the heuristic player's own move
  and its rivals (every legal move when they fit in `MOVES`), each on the same deals of the
  cards the seat cannot see, with the others played alike in each deal, so two moves'
  figures differ only through the moves; a move surely behind stops being played, so the
  time goes to the moves in doubt. The figure shown is the seat's mean score for the hand
  after the move (for a move left behind, an estimate of it: `judged`); the hint advises
  the best of them, unless the best moves are within
  the noise of each other (a gap that does not clear `SURE` standard errors), when it says
  they are too close to tell apart and which of them it would play and why: the heuristic
  player's move with its reason where it is among them, else the best figure. A hint on
  fewer than `QUICK_DEALS` deals (a long game on a busy machine) says it is a quick guess.

A time budget (`seconds`) makes the answer depend on the machine's speed; an `iterations`
budget (the most deals) with a `seed` gives the same hint every time (the tests use it).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from parlour.bots.ismcts import ISMCTSBot, Weighing, gap_bounds
from parlour.cards import symbols
from parlour.declaration import resolve
from parlour.engine import Game
from parlour.games import get_game
from parlour.views import action_labels
from parlour.words import capital, listing, plural

DEFAULT_SECONDS = 1.5
"""The search's budget: with the host's overhead a hint arrives within about 2 seconds."""


MOVES = 8
"""The most moves a hint weighs: the model's own and its rivals (all the legal ones when they
fit); fewer moves each get more deals in the same time."""

MOST_DEALS = 400
"""Deals a hint plays every move out on at most."""

LEAST_DEALS = 32
"""Deals a hint plays before it may stop early on a clear decision."""

QUICK_DEALS = 20
"""Fewer deals than this in the time, and the hint says it is a quick guess."""

SURE = 2.0
"""How many standard errors (Student-t) a gap must clear for one move to be surely better."""


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
    considered, the advised one first, then best first (`visits`, the deals every move was
    played out on, 0 for an exact oracle; a search's candidates add `wins`, the share of
    those deals in which the seat had the hand's best score, and `close`, whether the
    move's figure is within the noise of the best's); `unit` says what `value` counts;
    `why` is the sentence a person reads."""

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
    weighing = bot.weigh(observation, moves=MOVES, deals=MOST_DEALS, least=LEAST_DEALS, z=SURE)
    return judged(weighing, labels, game.score_sense)


@dataclasses.dataclass(frozen=True)
class Standing:
    """One move's figures: its mean score and how often it was the hand's best, over the
    `deals` it was played out on."""

    action: str
    points: float
    wins: float
    deals: int
    close: bool
    """Within the noise of the best move's figure (the best move itself included)."""


def judged(weighing: Weighing, labels: Any, sense: int) -> Hint:
    """The hint a weighing supports: the move with the best mean score, or, where the best
    moves are too close to tell apart, the one a sound player would pick among them (the
    model's own move with its reason where it is one of them, else the best figure), and
    saying so.

    The moves played out on every deal are compared on those deals. A move left behind
    early (`Weighing.behind`) shows its mean over its own deals moved by the luck of those
    deals as the move it fell behind saw them (that move's figure, less its gap over
    them): an estimate of its mean over every deal, and below the figure of the move it
    fell behind, so the advice and every figure shown agree."""
    points = weighing.points
    n = weighing.deals
    signed = [[sense * p for p in row] for row in points]
    full = [k for k, row in enumerate(points) if len(row) == n]
    best = max(full, key=lambda k: (sum(signed[k]), k == weighing.model))

    def figure(k: int) -> float:
        if k in full:
            return sum(points[k]) / n
        ahead, m = weighing.behind[k], len(points[k])
        return figure(ahead) - sum(points[ahead][:m]) / m + sum(points[k]) / m

    rows = []
    for k, action in enumerate(weighing.actions):
        deals = len(points[k])
        close = k in full and (k == best or n < 2 or gap_bounds(signed[best], signed[k], SURE)[0] <= 0)
        rows.append(Standing(action, figure(k), sum(weighing.wins[k]) / max(1, deals), deals, close))
    level = [k for k, r in enumerate(rows) if r.close]
    advised = weighing.model if weighing.model in level and weighing.reason else best
    order = sorted(range(len(rows)), key=lambda k: (k != advised, -sense * rows[k].points))
    candidates = [
        {"action": rows[k].action, "label": labels(rows[k].action), "value": round(rows[k].points, 2),
         "visits": rows[k].deals, "wins": round(rows[k].wins, 3), "close": rows[k].close}
        for k in order
    ]
    unit = ("penalty points you take this hand (fewer is better)" if sense < 0 else "points you score this hand") + (
        ", on average"
    )
    why = _why([rows[k] for k in order], labels, sense, n, weighing.reason if advised == weighing.model else None)
    return Hint(rows[advised].action, labels(rows[advised].action), why, candidates, unit)


def _points(value: float) -> str:
    figure = _figure(value)
    return f"{figure} point" if figure in ("1", "-1") else f"{figure} points"


def _figure(value: float) -> str:
    """A figure as a person reads it: two decimals under 10 (a trick game's gaps are
    tenths), one above (Bezique's thousands)."""
    return f"{round(value, 2 if abs(value) < 10 else 1):g}"


def _deals(n: int) -> str:
    return f"{'only ' if n < QUICK_DEALS else ''}{plural(n, 'possible deal')} of the cards you cannot see"


def _why(rows: list[Standing], labels: Any, sense: int, deals: int, reason: str | None) -> str:
    """What a player would say of the move and its rivals, from the figures shown."""
    advised = rows[0]
    verb = "takes" if sense < 0 else "scores"
    quick = "a quick guess" if deals < QUICK_DEALS else ""
    level = [r for r in rows if r.close]
    if len(level) == 1:
        why = f"{capital(labels(advised.action))}{', ' + quick if quick else ''}. "
        why += f"Played out over {_deals(deals)}, it {verb} {_points(advised.points)} on average"
        if len(rows) > 1:
            nxt = rows[1]
            why += f"; the next best, {labels(nxt.action)}, {verb} {_figure(nxt.points)}"
        return why + f". It gives you the hand's best score {_share(advised.wins)}."
    named = [labels(r.action) for r in level[:3]]
    more = len(level) - len(named)
    choices = listing([*named, plural(more, "other move")]) if more else _either(named)
    why = f"{capital(choices)}: too close to tell apart{' (' + quick + ')' if quick else ''}. "
    figures = listing(_figure(r.points) for r in level[:3])
    they = "they take" if sense < 0 else "they score"
    why += f"Played out over {_deals(deals)}, {they} {figures} points on average"
    why += f"{' respectively' if len(named) > 1 else ''}. I would {labels(advised.action)}"
    if reason:
        return why + f". {symbols(reason)}"
    alike = [r for r in level[1:] if r.points == advised.points]
    if not alike:
        return why + ", which does a little better on average."
    if all(advised.wins > r.wins for r in alike):
        return why + f", which gives you the hand's best score more often ({_share(advised.wins)})."
    return why + ": there is nothing to choose between them."


def _either(named: list[str]) -> str:
    return " or ".join([", ".join(named[:-1]), named[-1]]) if len(named) > 1 else named[0]


def _share(wins: float) -> str:
    if wins <= 0:
        return "in none of them"
    if wins >= 1:
        return "in every one of them"
    return f"in {wins:.0%} of them"
