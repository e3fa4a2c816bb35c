"""`parlour analyse` for every game: planted blunders are flagged, the heuristic's own moves
seldom are, and what a person reads is in the table's words."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
import re
import statistics
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.cli import main
from parlour.games import GAMES, get_game
from parlour.record import record_of
from parlour.review import analyse, format_report, tasks_of, weigh_decision

SEARCHED = sorted(name for name, game in GAMES.items() if not game.analysis)

LOOKED_AT = 40
"""Decisions of seat 0 a planted blunder is looked for among."""

WORLDS = 16

SEEDS = (5, 6, 7)


def planted(name: str) -> tuple[dict[str, Any], int, str, float]:
    """The first of `planted_in`'s records, over a few seeds, whose planted move loses a
    blunder's worth, else the costliest found."""
    game = get_game(name)
    found = []
    for seed in SEEDS:
        plant = planted_in(name, seed)
        if plant is not None:
            if plant[3] >= game.mistakes.thresholds(game.score_scale)[2]:
                return plant
            found.append(plant)
    assert found, f"{name}: no costly move found"
    return max(found, key=lambda p: p[3])


def planted_in(name: str, seed: int) -> tuple[dict[str, Any], int, str, float] | None:
    """A one-hand record of seeded heuristic bots in which seat 0's costliest legal move
    replaces its choice at one decision: at its decisions from the hand's end back (short
    playouts first), until a mistake's worth is found, every legal move
    is played out on the same deals consistent with what seat 0 saw (as the analysis
    samples them), and the move whose loss against the heuristic's own is surest (the
    largest lower bound, two standard errors below the mean) is planted.
    Returns the record, the planted action's index, its text and its loss so measured."""
    game = get_game(name)
    options = game.options()
    heuristic = game.heuristic_bot() or "random"

    def table() -> tuple[Any, list[Any]]:
        state = game.new_state(options, seed)
        return state, [make_bot(heuristic, game, s, seed * 100 + s) for s in range(options.players)]

    state, bots = table()
    judge = ISMCTSBot(game, 0, seed, iterations=8).search
    rng = random.Random(seed)
    texts: list[str] = []
    moments: list[tuple[int, dict[str, Any], str]] = []
    while not state.hand_over() and state.to_act() is not None:
        seat = state.to_act()
        obs = state.observation(seat)
        chosen = bots[seat].choose(obs)
        if seat == 0 and len(state.legal_actions()) > 1:
            moments.append((len(texts), copy.deepcopy(obs), chosen))
        state.apply_text(chosen)
        texts.append(chosen)
    worst: tuple[float, int, str, float] = (0.0, -1, "", 0.0)
    enough = game.mistakes.thresholds(game.score_scale)[1]
    for index, obs, chosen in reversed(moments[-LOOKED_AT:]):
        if worst[0] >= enough:
            break
        judge.doubts = None
        world = judge.sample_world(obs)
        legal = world.legal_actions()
        mine = world.text_to_action(chosen)
        scores: dict[Any, list[float]] = {a: [] for a in legal}
        for w in range(WORLDS):
            if w:
                world = judge.sample_world(obs)
            stream = rng.getrandbits(32)
            for action in legal:
                scores[action].append(game.score_sense * float(judge.play_out(world, action, stream)[0]))
        for action in legal:
            gaps = [m - b for m, b in zip(scores[mine], scores[action], strict=True)]
            loss = statistics.mean(gaps)
            low = loss - 2 * statistics.stdev(gaps) / WORLDS**0.5
            if low > worst[0]:
                worst = (low, index, world.action_to_text(action), loss)
    if worst[1] < 0:
        return None
    _, at, bad, loss = worst
    state, bots = table()
    for action in texts[:at]:
        state.apply_text(action)
    state.apply_text(bad)
    while not state.hand_over() and state.to_act() is not None:
        seat = state.to_act()
        state.apply_text(bots[seat].choose(state.observation(seat)))
    return record_of(state), at, bad, loss


OTHERS = 8
"""Other decisions of the same hand weighed beside the planted one: a bounded check."""


@pytest.mark.parametrize("name", SEARCHED)
def test_a_planted_blunder_is_flagged_and_a_sound_move_seldom_is(name: str) -> None:
    """The planted move is named a fault. And the noise check: the analysis' own preferred
    move at each of the other decisions (the search's choice, what `strong` plays), played
    instead and weighed again on other deals, is called a mistake or a blunder seldom (the
    heuristic's own moves are no fair test: the search finds real faults in them)."""
    game = get_game(name)
    record, at, bad, loss = planted(name)
    assert loss >= game.mistakes.thresholds(game.score_scale)[1], (name, bad, loss)
    seat_zero = [k for k, (seat, _) in enumerate(record["actions"]) if seat == 0 and k != at]
    others = set(sorted(seat_zero, key=lambda k: abs(k - at))[:OTHERS])
    report = analyse(record, 0, iterations=40, seconds=None, seed=3, hands={1}, indices={at, *others}, par=False)
    decisions = report["hands"][0]["decisions"]
    mark = next(d for d in decisions if d["index"] == at)
    assert mark["played"] == bad
    assert mark["fault"] is not None, (name, mark)
    assert mark["best"] != bad and mark["why"]
    preferred = {d["index"]: d["best"] for d in decisions if d["index"] != at}
    _, tasks, _ = tasks_of(record, 0, seconds=None, iterations=40, seed=11, hands={1}, indices=set(preferred))
    again = [weigh_decision(dataclasses.replace(t, played=preferred[t.index])) for t in tasks]
    serious = [d for d in again if d["fault"] in ("mistake", "blunder")]
    assert len(serious) <= max(1, len(again) // 4), (name, [(d["played"], d["cost"], d["error"]) for d in serious])


RECORD = "tests/playthroughs/couillon-heuristic.json"

CODE = re.compile(r"\b(?:[2-9TJQKA][SHDC]|10[SHDC])\b|\b[Ss]eats? \d")


def test_the_command_reads_in_the_tables_words(capsys: pytest.CaptureFixture[str]) -> None:
    """Text output: hand by hand, the marked decisions with the better move and why, the
    deal's par beside the play's cost; names and card symbols, never codes or seat numbers."""
    assert main(["analyse", "couillon", RECORD, "--seat", "1", "--hand", "1", "--iterations", "8", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Couillon: your play")
    assert "Hand 1: you scored" in out and "The deal gave you" in out and "your play cost" in out
    assert not CODE.search(out), CODE.findall(out)


def test_json_holds_each_decision_with_its_cost_and_the_hands_par(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "couillon", RECORD, "--hand", "1", "--iterations", "8", "--jobs", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    hand = report["hands"][0]
    assert report["seat"] == 0 and hand["hand"] == 1 and isinstance(hand["par"], float)
    decision = hand["decisions"][0]
    assert {"played", "best", "cost", "error", "fault", "hindsight", "expected"} <= set(decision)
    assert decision["deals"] >= 1 and decision["cost"] >= 0


def test_the_par_is_played_by_the_level_asked_for(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.review import play_par, tasks_of

    record = json.loads(Path(RECORD).read_text())
    _, _, pars = tasks_of(record, 0, seconds=None, iterations=8, seed=0, hands={1}, par_level="easy")
    assert pars and all(p.level == "easy" for p in pars)
    by_level = {level: play_par(dataclasses.replace(pars[0], level=level)) for level in ("easy", "normal")}
    assert all(isinstance(v, float) for v in by_level.values())
    assert main(["analyse", "couillon", RECORD, "--hand", "1", "--iterations", "4", "--jobs", "1", "--json",
                 "--par", "easy"]) == 0
    assert json.loads(capsys.readouterr().out)["par_level"] == "easy"


def test_a_planted_blunder_reads_as_one() -> None:
    """A marked decision's lines: its name, the move's cost with its error, the better move
    and why, and the hindsight figures named as such."""
    record, at, bad, _ = planted("pitch")
    report = analyse(record, 0, iterations=40, seconds=None, seed=3, hands={1}, indices={at}, par=False)
    text = format_report(report)
    assert re.search(r"(Inaccuracy|Mistake|Blunder): .* cost [\d.]+ ± [\d.]+ points\.", text), text
    assert "    Better: " in text and "In hindsight, on the cards as they lay" in text
    assert not CODE.search(text), CODE.findall(text)


def test_a_seat_outside_the_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyse", "couillon", RECORD, "--seat", "7"]) == 2
    assert "--seat must be a seat from 0 to 3" in capsys.readouterr().err


def test_the_move_played_is_always_weighed() -> None:
    """Common random numbers need the move played among the moves weighed, even where the
    rivals are few and it is none of them (the hint's weighing would leave it out)."""
    game = get_game("cramps")
    state = game.new_state(game.options(), 4)
    while len(state.legal_actions()) < 4:
        state.apply(state.legal_actions()[0])
    seat = state.to_act()
    obs = state.observation(seat)
    bot = ISMCTSBot(game, seat, 1, iterations=8)
    left_out = [t for t in obs["legal_actions"] if t not in bot.weigh(obs, moves=2, deals=8, least=8, z=2.0).actions]
    assert left_out
    weighing = ISMCTSBot(game, seat, 1, iterations=8).weigh(obs, moves=2, deals=8, least=8, z=2.0, also=[left_out[-1]])
    assert left_out[-1] in weighing.actions and len(weighing.actions) == 2
    assert len(weighing.points[weighing.actions.index(left_out[-1])]) >= 1


def test_a_hand_whose_stock_was_reshuffled_is_analysed() -> None:
    """A play-out from a decision (hindsight) or a deal (par) leaves the record's course, so
    the record's reshuffle no longer holds the discards: the stock is shuffled afresh."""
    game = get_game("yaniv")
    state = game.new_state(game.options(players=2), 0)
    rng = random.Random(0)
    while not any(isinstance(d, dict) and d.get("reshuffles") for d in state.deals):
        state.apply(rng.choice(state.legal_actions()))
    hand = state.hand_number
    while state.hand_number == hand:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    _final, decisions, pars = tasks_of(record, 0, seconds=None, iterations=2, seed=3, hands={hand + 1})
    assert decisions and pars
    for task in decisions:
        weigh_decision(task)
