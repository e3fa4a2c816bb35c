"""Where did I lose? Every decision of one seat in a finished match, judged fairly.

For each decision of the chosen seat with more than one legal move, the record is replayed
to that point and the seat's own observation (nothing it could not see) is weighed as a
hint weighs it (`ISMCTSBot.weigh`): the heuristic's move and its rivals, with the move
played always among them, each played out on the same sampled deals of the cards the
seat could not see (common random numbers), so the gap between two moves is measured
deal by deal. A decision's **cost** is the gap, in the seat's expected hand score,
between the best move weighed and the move played, over the deals both were played on,
with its standard error. A cost is called a fault only when it clears the noise: its
lower bound at `SURE` standard errors (Student-t, as the hints' "too close to tell apart")
is above zero. Its size then names it: an inaccuracy, a mistake or a blunder from the
game's thresholds (`Game.mistakes`, shares of a hand's usual swing). The best of several
noisy figures looks a little better than it is, so a sound move is sometimes called a
small fault; the tests bound how often the heuristic's own moves are called mistakes.

Every hand analysed is finished, so every card is known afterwards: each decision also
carries a **hindsight** figure, the move played and the best move played out on the cards
as they really lay (the heuristic playing on for everyone), which says what the move did
with the real cards and is no fair judge of the decision: the seat could not see them.

**Luck and skill, per hand**: the seat's hand score; the sum of its decisions' costs (what
its play gave away, by the fair judgement); and the par of the deal, the seat's score when
the `normal` level plays every seat from the same deal (the arena's duplicate idea). So
"the deal gave you -3; your play cost 2 more". Par is one play of the deal, not a
mean. `normal` plays it by default: `strong` (`--par strong`) is the sterner judge but
takes seconds a move at every seat, far past the minute a whole match's analysis is given.

A time budget (`seconds` a decision) depends on the machine; `iterations` (the most deals
a decision is weighed on) with a `seed` gives the same analysis every time.
"""

from __future__ import annotations

import argparse
import copy
import dataclasses
import json
import math
import random
import sys
from collections.abc import Callable, Container, Sequence
from typing import Any

from parlour.analysis.advice import LEAST_DEALS, MOST_DEALS, SURE, judged
from parlour.bots.ismcts import ISMCTSBot, Weighing, gap_bounds
from parlour.bots.levels import LEVELS
from parlour.cards import symbols
from parlour.declaration import resolve
from parlour.engine import Game, OptionsError, State
from parlour.games import GAMES, get_game
from parlour.views import action_labels
from parlour.words import capital, listing, plural, table_names

DEFAULT_SECONDS = 0.1
"""A decision's budget: a whole 6-player Ribs match (about 300 decisions a seat) is
analysed for one seat in under a minute on two cores."""

HINDSIGHT_PLAYS = 4
"""Times the move played and the best move are played out on the real cards (the bots
playing on choose at random among their near equals); no more than the deals a decision
is weighed on, where that is the budget (a small one is a quick, rough analysis)."""

PAR_LEVEL = "normal"
"""The level that plays every seat of a deal for its par."""

LABELS = ("inaccuracy", "mistake", "blunder")

WEIGHED = 5
"""The most moves a decision weighs: the move played, the heuristic's and the rivals it
ranks next. Fewer than a hint's, so each gets more deals in a small budget."""


@dataclasses.dataclass(frozen=True)
class DecisionTask:
    """One decision to weigh, picklable for a worker: the seat's observation, the real
    state (for hindsight only) and the move played, in its canonical text."""

    game: str
    hand: int
    index: int
    seat: int
    observation: dict[str, Any]
    world: State
    played: str
    seconds: float | None
    iterations: int | None
    seed: int


@dataclasses.dataclass(frozen=True)
class ParTask:
    """One deal to play at every seat with the par level, from the hand's first action."""

    game: str
    hand: int
    seat: int
    start: State
    seed: int
    level: str = PAR_LEVEL


def fault(cost: float, low: float, game: Game) -> str | None:
    """The name of a cost (inaccuracy, mistake, blunder) where it clears the noise (`low`,
    its lower bound, above zero) and the game's thresholds, else None."""
    if low <= 0:
        return None
    name = None
    for label, threshold in zip(LABELS, game.mistakes.thresholds(game.score_scale), strict=True):
        if cost >= threshold:
            name = label
    return name


def played_cost(weighing: Weighing, played: int, sense: int) -> tuple[int, float, float, float, int]:
    """The best move weighed (by mean over every deal), the played move's cost against it
    (in the game's points, positive is worse), its standard error, the lower bound of the
    cost at `SURE` standard errors (Student-t), and the deals compared on."""
    points = weighing.points
    n = weighing.deals
    full = [k for k, row in enumerate(points) if len(row) == n]
    best = max(full, key=lambda k: (sense * sum(points[k]), k == played, k == weighing.model))
    m = len(points[played])
    ahead = [sense * p for p in points[best][:m]]
    mine = [sense * p for p in points[played][:m]]
    gaps = [a - b for a, b in zip(ahead, mine, strict=True)]
    cost = sum(gaps) / m if m else 0.0
    if m < 2:
        return best, cost, math.inf, -math.inf, m
    var = sum((g - cost) ** 2 for g in gaps) / (m - 1)
    low = gap_bounds(ahead, mine, SURE)[0] if best != played else 0.0
    return best, cost, math.sqrt(var / m), low, m


def weigh_decision(task: DecisionTask) -> dict[str, Any]:
    """One decision judged: the move played, the best move, the cost with its error, the
    fault's name if any, the better move's reason, and the hindsight figures."""
    game = get_game(task.game)
    sense = game.score_sense
    budget: dict[str, Any] = {"iterations": task.iterations} if task.iterations is not None else {"seconds": task.seconds}
    bot = ISMCTSBot(game, task.seat, task.seed, **budget)
    obs = task.observation
    known = action_labels(obs)

    def labels(text: str) -> str:
        return known.get(text) or symbols(text)

    weighing = bot.weigh(obs, moves=WEIGHED, deals=MOST_DEALS, least=LEAST_DEALS, z=SURE, also=[task.played])
    played = weighing.actions.index(task.played)
    best, cost, error, low, deals = played_cost(weighing, played, sense)
    hint = judged(weighing, labels, sense)
    figures = {c["action"]: c["value"] for c in hint.candidates}
    name = fault(cost, low, game)
    reason = weighing.reason if best == weighing.model else None
    plays = HINDSIGHT_PLAYS if task.iterations is None else min(HINDSIGHT_PLAYS, task.iterations)
    hindsight = _hindsight(bot, task.world, [weighing.actions[played], weighing.actions[best]], task.seed, plays)
    return {
        "hand": task.hand + 1,
        "index": task.index,
        "played": task.played,
        "played_label": labels(task.played),
        "best": weighing.actions[best],
        "best_label": labels(weighing.actions[best]),
        "expected": figures[task.played],
        "best_expected": figures[weighing.actions[best]],
        "cost": round(cost, 3),
        "error": None if math.isinf(error) else round(error, 3),
        "deals": deals,
        "sure": low > 0,
        "fault": name,
        "moves": len(weighing.actions),
        "why": _why(obs, labels, weighing, played, best, hint.unit, reason) if name else None,
        "hindsight": {"played": hindsight[0], "best": hindsight[1]},
    }


def _hindsight(bot: ISMCTSBot, world: State, actions: Sequence[str], seed: int, plays: int) -> list[float]:
    """Each action's mean hand score for the seat on the real cards, the model bots playing
    on, `plays` times each with the same streams."""
    search = bot.search
    seat = bot.seat
    rng = random.Random(seed)
    streams = [rng.getrandbits(32) for _ in range(plays)]
    out = []
    for text in actions:
        action = world.text_to_action(text)
        total = sum(float(search.play_out(world, action, s)[seat]) for s in streams)
        out.append(round(total / len(streams), 2))
    return out


def _why(
    obs: dict[str, Any], labels: Callable[[str], str], weighing: Weighing, played: int, best: int, unit: str,
    reason: str | None,
) -> str:
    """Why the best move is better, from the figures, in the table's words."""
    points = weighing.points
    m = len(points[played])
    mean_best = sum(points[best][:m]) / m
    mean_played = sum(points[played][:m]) / m
    noun = "penalty points" if "penalty" in unit else "points"
    why = (
        f"{capital(labels(weighing.actions[best]))}: over {m} possible deals of the cards you could not see "
        f"it comes to {_figure(mean_best)} {noun} for the hand on average, "
        f"{labels(weighing.actions[played])} to {_figure(mean_played)}."
    )
    if reason:
        why += f" {capital(symbols(reason))}"
    return why


def _figure(value: float) -> str:
    return f"{round(value, 2 if abs(value) < 10 else 1):g}"


def play_par(task: ParTask) -> float:
    """The seat's hand score when the par level plays every seat of the deal."""
    from parlour.bots import make_bot
    from parlour.bots.levels import level_spec
    from parlour.simulate import play_hand

    game = get_game(task.game)
    spec = level_spec(game.name, task.level)
    state = task.start.clone()
    bots = [make_bot(spec, game, s, task.seed * 1000 + s) for s in range(state.players)]
    return float(play_hand(state, bots)[task.seat])


def tasks_of(
    record: dict[str, Any], seat: int, *, seconds: float | None, iterations: int | None, seed: int,
    hands: Container[int] | None = None,
    indices: Container[int] | None = None,
    names: Sequence[str] | None = None,
    par_level: str = PAR_LEVEL,
) -> tuple[State, list[DecisionTask], list[ParTask]]:
    """The record replayed once: each decision of `seat` (more than one legal move) in a
    finished hand (of `hands`, numbered from 1, where given), and each such hand's deal for
    par; of the decisions, only the actions numbered `indices` where given. Each decision's
    observation names the seats by `names` (`seat` as "you"), else numbered. Returns the
    final state too."""
    from parlour.record import apply_entry, start_of

    state = start_of(record)
    if not 0 <= seat < state.players:
        raise OptionsError(f"--seat must be a seat from 0 to {state.players - 1}")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        from parlour.record import RecordError

        raise RecordError("'actions' must be a list of [seat, text] pairs")
    decisions: list[DecisionTask] = []
    pars: list[ParTask] = []
    for index, entry in enumerate(actions):
        hand = len(state.scores_by_hand())
        if not pars or pars[-1].hand != hand:
            pars.append(ParTask(state.game.name, hand, seat, _unrecorded(copy.deepcopy(state.clone())), seed + hand,
                                  par_level))
        if state.to_act() == seat and isinstance(entry, (list, tuple)) and len(entry) == 2:
            legal = state.legal_actions()
            if len(legal) > 1 and isinstance(entry[1], str):
                try:
                    played = state.action_to_text(state.text_to_action(entry[1]))
                except Exception:
                    played = None
                if played is not None:
                    # Frozen by a deep copy: a clone and an observation may share lists
                    # with the state, which the replay goes on changing.
                    obs, world = copy.deepcopy((state.observation(seat, names=names), state.clone(hand_only=True)))
                    world = _unrecorded(world)
                    decisions.append(DecisionTask(
                        state.game.name, hand, index, seat, obs, world, played, seconds, iterations,
                        seed * 7919 + index,
                    ))
        apply_entry(state, entry, index)
    finished = len(state.scores_by_hand())

    def wanted(hand: int) -> bool:
        return hand < finished and (hands is None or hand + 1 in hands)

    decisions = [d for d in decisions if wanted(d.hand) and (indices is None or d.index in indices)]
    pars = [p for p in pars if wanted(p.hand)]
    return state, decisions, pars


def _unrecorded(state: State) -> State:
    """`state` without the record's reshuffles: a play-out from it (hindsight, par) leaves
    the course the record took, and a stock that runs out then is shuffled afresh rather
    than refilled with the record's cards, which the other discards no longer match."""
    state.given_deals = [
        {k: v for k, v in deal.items() if k != "reshuffles"} if isinstance(deal, dict) else deal
        for deal in state.given_deals
    ]
    return state


def analyse(
    record: dict[str, Any],
    seat: int,
    *,
    seconds: float | None = DEFAULT_SECONDS,
    iterations: int | None = None,
    seed: int = 0,
    jobs: int = 1,
    progress: bool = False,
    names: Sequence[str] | None = None,
    hands: Container[int] | None = None,
    indices: Container[int] | None = None,
    par: bool = True,
    par_level: str = PAR_LEVEL,
    step: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The analysis of `seat`'s play in a record: hand by hand, each decision judged, the
    hand's cost, score and par (see the module's docstring). `names` name the seats in the
    sentences ("you" for `seat`); a seat they do not name takes the name `parlour show`
    gives it (`table_names`). `hands` (from 1) and `indices` (the record's action numbers)
    narrow the decisions weighed; `par=False` leaves the par out, and `par_level` is the
    level that plays every seat for it. `step(done, total)` is
    called before the first task and after each (a server's progress); an exception it
    raises stops the analysis there."""
    from parlour.record import start_of
    from parlour.simulate import TaskRunner, progress_bar

    players = start_of(record).players
    given = list(names or [])
    table = [str(given[s]) if s < len(given) else name for s, name in enumerate(table_names(players))]
    state, decisions, pars = tasks_of(record, seat, seconds=seconds, iterations=iterations, seed=seed, hands=hands,
                                      indices=indices, names=table, par_level=par_level)
    if not par:
        pars = []
    game = state.game
    jobs = max(1, min(jobs, len(decisions) + len(pars)))
    work: list[Any] = [*pars, *decisions]
    with TaskRunner(jobs) as runner:
        if progress:
            with progress_bar() as bar:
                task = bar.add_task(f"{game.title}: weighing {len(decisions)} decisions", total=len(work))
                results = runner.map(_work, work, lambda k: bar.advance(task, k))
        else:
            done = 0

            def advance(k: int) -> None:
                nonlocal done
                done += k
                if step is not None:
                    step(done, len(work))

            if step is not None:
                step(0, len(work))
            results = runner.map(_work, work, advance)
    par_of = {p.hand: r for p, r in zip(pars, results[: len(pars)], strict=True)}
    judged_decisions = results[len(pars):]
    seat_names = ["You" if s == seat else name for s, name in enumerate(table)]
    scores = state.scores_by_hand()
    sense = game.score_sense
    told = []
    for k in range(len(scores)):
        if hands is not None and k + 1 not in hands:
            continue
        mine = [d for d in judged_decisions if d["hand"] == k + 1]
        sure = [d for d in mine if d["sure"]]
        told.append({
            "hand": k + 1,
            "score": _number(scores[k][seat]),
            "par": par_of.get(k),
            "cost": round(sum(d["cost"] for d in sure), 2),
            "cost_error": round(math.sqrt(sum((d["error"] or 0.0) ** 2 for d in sure)), 2),
            "decisions": mine,
        })
    thresholds = game.mistakes.thresholds(game.score_scale)
    return {
        "game": game.name,
        "title": game.title,
        "seat": seat,
        "names": seat_names,
        "score_sense": sense,
        "budget": {"seconds": seconds} if iterations is None else {"iterations": iterations},
        "thresholds": dict(zip(LABELS, [round(t, 2) for t in thresholds], strict=True)),
        "par_level": par_level,
        "hands": told,
        "match_scores": [_number(s) for s in state.match_scores()],
        "match_over": state.is_over(),
        "counts": {label: sum(1 for h in told for d in h["decisions"] if d["fault"] == label) for label in LABELS},
        "decisions": len(judged_decisions),
    }


def _work(task: DecisionTask | ParTask) -> Any:
    return play_par(task) if isinstance(task, ParTask) else weigh_decision(task)


def _number(value: Any) -> float | int:
    number = float(value)
    return int(number) if number.is_integer() else round(number, 3)


def format_report(report: dict[str, Any]) -> str:
    """The analysis as a person reads it: hand by hand, each marked decision with the
    better move and why, then the hand's luck and skill apart."""
    sense = report["score_sense"]
    noun = "penalty points" if sense < 0 else "points"
    you = report["names"][report["seat"]]
    who = "your" if you == "You" else you.split(" (")[0] + "'s"
    table = listing("you" if name == "You" else name for name in report["names"])
    lines = [
        f"{report['title']}: {who} play, judged from what {'you' if you == 'You' else you} could see "
        f"({plural(report['decisions'], 'decision')}; {_budget(report['budget'])}). At the table, in seat order: {table}.",
        "A cost is the expected hand score given away against the best move weighed (± one standard error); "
        "within the noise it is no fault. "
        + ", ".join(f"{label} from {_figure(t)}" for label, t in report["thresholds"].items()) + f" {noun}.",
        "",
    ]
    for hand in report["hands"]:
        lines.append(f"Hand {hand['hand']}: you scored {_signed(hand['score'])}.")
        for d in hand["decisions"]:
            if not d["fault"]:
                continue
            lines.append(
                f"  {capital(d['fault'])}: {d['played_label']} cost {_figure(d['cost'])} ± {_figure(d['error'] or 0)} {noun}."
            )
            lines.append(f"    Better: {d['why']}")
            h = d["hindsight"]
            lines.append(
                f"    In hindsight, on the cards as they lay: {d['played_label']} {_figure(h['played'])}, "
                f"{d['best_label']} {_figure(h['best'])}."
            )
        marked = sum(1 for d in hand["decisions"] if d["fault"])
        if not marked:
            lines.append(f"  No fault found in {len(hand['decisions'])} decisions.")
        if hand["par"] is not None:
            lines.append(
                f"  The deal gave you {_signed(hand['par'])} (the {report['par_level']} level playing every seat); "
                f"your play cost {_figure(hand['cost'])} ± {_figure(hand['cost_error'])} {noun} more."
            )
        lines.append("")
    counts = report["counts"]
    lines.append(
        "Whole match: " + listing(plural(counts[label], label, label[:-1] + "ies" if label.endswith("y") else None)
                                  for label in LABELS) + "."
    )
    return "\n".join(lines)


def _signed(value: float) -> str:
    return f"{'+' if value > 0 else ''}{_figure(value)}"


def _budget(budget: dict[str, Any]) -> str:
    if "iterations" in budget:
        return f"at most {budget['iterations']} deals a decision"
    return f"{budget['seconds']:g} seconds a decision"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help=f"the game of the record ({', '.join(sorted(GAMES))})")
    parser.add_argument("record", help="a game record (JSON) of that game")
    parser.add_argument("--seat", type=int, default=0, help="the seat whose play is analysed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the analysis as JSON")
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"the search's time a decision (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--iterations", type=int,
                        help="the most sampled deals a decision instead of a time budget: with --seed, the same analysis every time")
    parser.add_argument("--seed", type=int, default=0, help="the search's seed (default 0)")
    parser.add_argument("--hand", type=int, action="append", help="analyse only this hand (from 1; repeat for more)")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--par", choices=LEVELS, default=PAR_LEVEL,
                        help=f"the level that plays every seat of each deal for its par (default {PAR_LEVEL}; "
                             "strong is the sterner yardstick and takes far longer)")


def run(args: argparse.Namespace) -> int:
    from parlour.record import RecordError, load

    if args.game not in GAMES:
        raise OptionsError(f"no game {args.game!r} (games: {', '.join(sorted(GAMES))})")
    if not 0 < args.seconds <= 600:
        raise OptionsError("--seconds must be more than 0 and at most 600")
    if args.iterations is not None and not 1 <= args.iterations <= 100_000:
        raise OptionsError("--iterations must be from 1 to 100000")
    if args.jobs < 1:
        raise OptionsError("--jobs must be 1 or more")
    try:
        record = load(args.record)
        if record.get("game") != args.game:
            raise RecordError(f"{args.record} is a record of {record.get('game')!r}, not {args.game!r}")
        exact = get_game(args.game).analysis
        if exact:
            analysis = resolve(exact)
            report = analysis.analyse_record(record)
            text = analysis.format_report
        else:
            report = analyse(record, args.seat, seconds=args.seconds, iterations=args.iterations,
                                    seed=args.seed, jobs=args.jobs, progress=True,
                                    hands=set(args.hand) if args.hand else None, par_level=args.par,
                                    names=record.get("names") if isinstance(record.get("names"), list) else None)
            text = format_report
    except RecordError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(report, indent=1) if args.json else text(report))
    return 0
