"""Every text a person reads names the seats as people do: a name or "you", never a number.

Seeded random playouts of every game, at its fewest and its most players, read each seat's
observation as a front end that knows the players' names asks for it (`observation(seat,
names=...)`): the labels of the legal moves, the hand's log, the status lines, the last
event, every zone's label, the finished hand's sentences, reasons (`why`) and line of the
score sheet, the terminal's view, and at the end the sheet across hands and the match's
summary; and the refusal of actions that are not legal now (`why_illegal`, the sentence of
`IllegalAction` a front end shows), of `parlour replay`'s outcome and of `parlour analyse`'s
report. They are held to four rules: no digit standing for a seat ("seat 2", "0+2 v 1+3",
"steal 1:3"), no card code where a card is meant (QS, 10H, TD, JK), no table copy's star
(K♥*), and the verb agrees with its subject ("You win", "Ann wins", "you and Cy win"; never
"you wins" or "Ann win").
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main
from parlour.engine import Action, State
from parlour.games import GAMES
from parlour.views import match_summary, sheet_lines
from parlour.words import Seats, table_names, third_person, told_apart
from test_words import texts

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Kit")
SEEDS = (1, 2)
STEPS = 700
REFUSED = 3
"""Actions that are not legal now whose refusal is read at each step."""
PLAYTHROUGHS = sorted(Path(__file__).parent.glob("playthroughs/*.json"))

SEAT_DIGIT = re.compile(
    r"\b[Ss]eats? #?\d|\b[Pp]layers? #?\d|\b[Pp]\d\b"  # "seat 2", "player 3", "p1"
    r"|\b\d\+\d\b|\b\d:\d"  # "0+2 v 1+3", "steal 1:3"
)
CODE = re.compile(r"(?<![\w])(10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![\w])(JK|T)(?![A-Za-z0-9])")
STAR = re.compile(r"[♠♥♦♣\w]\*")

VERBS = (
    "accept add bank be bet bid break bust call cancel claim collect complete contest crack cut deal decline "
    "declare discard do double draw end fold follow get give go guess have hit hold keep knock lay "
    "lead lose make marry meld miss move name need offer open owe pass pay pick pitch place play "
    "put raise reach redouble refuse respond reveal score show sit stand start steal stick take throw turn win"
).split()
SUBJECT = rf"[Yy]ou|{'|'.join(NAMES)}"
GROUP = re.compile(rf"\b(?:(?:{SUBJECT}), )*(?:{SUBJECT}) and (?:{SUBJECT}) ([a-z]+)\b")
ONE = re.compile(rf"(?<!, )(?<!and )\b({SUBJECT})(?: \([^)]*\))? ([a-z]+)\b")
YOUR = re.compile(r"\b[Yy]ou and [A-Z]\w+(?: [a-z]+){1,8} their\b")
THIRD = {third_person(v) for v in VERBS} | {"was"}
BASE = set(VERBS) - {"be", "do", "have"} | {"are", "have", "do", "were"}
SAME_PAST = {"bet", "bid", "cut", "hit", "put"}
"""Verbs whose past is their base form: past where the sentence goes on in the past ("Ann
bet 2 and showed 7½")."""
GOES_ON_IN_THE_PAST = re.compile(r"[^.;:]*? and [a-z]+ed\b")


def disagreement(text: str) -> str | None:
    """The first subject and verb (or pronoun) of `text` that do not agree, else None."""
    pronoun = YOUR.search(text)
    if pronoun:
        return pronoun.group(0)
    for m in GROUP.finditer(text):
        if m.group(1) in THIRD:
            return m.group(0)
    for m in ONE.finditer(text):
        who, verb = m.group(1), m.group(2)
        if verb in SAME_PAST and GOES_ON_IN_THE_PAST.match(text, m.end()):
            continue
        if who.lower() == "you" and verb in THIRD or who.lower() != "you" and verb in BASE:
            return m.group(0)
    return None


RULES = ((SEAT_DIGIT, "a digit for a seat"), (CODE, "a card code"), (STAR, "a table copy's star"))


def faults(text: str) -> list[str]:
    wrong = disagreement(text)
    return [what for rule, what in RULES if rule.search(text)] + ([f"no agreement in {wrong!r}"] if wrong else [])


@pytest.mark.parametrize(
    "text",
    ["You win.", "Ann wins.", "you and Cy win", "Ann, Bob and you win", "Hand 3: Ann deals.", "Trick 2: Ann K♠, you 10♥", "Trick values: [+0] -1 +3",
     "Ann bet 2 and showed 1 (J♦ K♥): +0."],
)
def test_the_rules_pass_what_a_card_player_writes(text: str) -> None:
    assert faults(text) == []


@pytest.mark.parametrize(
    "text",
    ["you wins", "Ann win.", "You has 3 points", "Ann and Bob wins", "seat 2 deals", "Your hand: QS 10H",
     "steal 1:3", "0+2 v 1+3", "Your hand: A T 9",
     "you and Dan must take more points than their opponents", "K♥* from the table", "JK", "Ann bet 2.", "you was the partner"],
)
def test_the_rules_catch_what_no_card_player_writes(text: str) -> None:
    assert faults(text) != []


def test_seats_nobody_named_and_names_alike_read_apart_without_numbers_of_seats() -> None:
    assert table_names(4) == ["Ada", "Ben", "Cleo", "Dan"]
    alike = ["Ann", "Ribs bot (easy)", "Ann", "Ribs bot (easy)", "Bob", "Ann"]
    assert told_apart(alike) == ["Ann", "Ribs bot 1 (easy)", "Ann II", "Ribs bot 3 (easy)", "Bob", "Ann III"]
    seats = Seats(["Ann", "Bob", "Cy", "Dee"], me=1)
    assert (seats.their((1, 3)), seats.their((0, 2))) == ("your", "their")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_names_the_seats_and_agrees_with_them(name: str) -> None:
    game = GAMES[name]
    seen: dict[str, tuple[str, str]] = {}
    checked: set[tuple[str, str]] = set()  # each text is held to the rules once
    named: set[str] = set()

    def hold(where: str, text: str, when: str, players: int) -> None:
        if (where, text) in checked:
            return
        checked.add((where, text))
        if re.search(r"\b[Yy]ou\b", text):
            named.add("you")
        if any(re.search(rf"\b{n}\b", text) for n in NAMES[:players]):
            named.add("a name")
        for fault in faults(text):
            seen.setdefault(f"{where}: {fault}", (text, when))

    def read(obs: dict[str, Any], when: str) -> None:
        for where, text in texts(game, obs, NAMES[: obs["players"]]):
            hold(where, text, when, obs["players"])
        if obs.get("last_hand"):
            kept[obs["seat"]][len(obs["hand_results"])] = obs["last_hand"]

    for players in sorted({game.min_players, game.max_players}):
        names = NAMES[:players]
        for seed in SEEDS:
            state = game.new_state(game.options(players=players), seed)
            rng = random.Random(seed)
            known = universe(state)
            listed = set(known)
            kept: dict[int, dict[int, dict[str, Any]]] = {reader: {} for reader in range(players)}
            hands = 0
            for _ in range(STEPS):
                seat = state.to_act()
                if seat is None:
                    break
                readers = range(players) if state.hand_number != hands else (seat,)
                hands = state.hand_number
                for reader in readers:
                    read(state.observation(reader, names=names), f"{players} players, seed {seed}")
                legal = state.legal_actions()
                known += [a for a in legal if a not in listed]
                listed.update(legal)
                for action in refused(known, legal, rng):
                    hold("refusal", state.why_illegal(action, names), f"{players} players, seed {seed}", players)
                state.apply(rng.choice(legal))
            for reader in range(players):
                when = f"{players} players, seed {seed}, the end"
                read(state.observation(reader, names=names), when)
                hands = list(kept[reader].values())
                ending = match_summary(hands, state.winners(), Seats(names, reader)) if state.is_over() else []
                for line in sheet_lines(hands) + ending:
                    hold("score sheet and match summary", line, when, players)
    assert named == {"you", "a name"}, "the views do not name the seats they were given"
    assert not seen, "\n".join(f"{k}: {t!r} ({where})" for k, (t, where) in seen.items())


def universe(state: State) -> list[Action]:
    """Every action the game's codec numbers (none where it has no codec), in its order:
    the first of the actions a walk tries where they are not legal."""
    try:
        return list(state.game.action_codec(state.options).actions)
    except NotImplementedError:
        return []


def refused(known: list[Action], legal: list[Action], rng: random.Random) -> list[Action]:
    """A few actions that are not legal now, drawn from those the game numbers or the walk
    has seen legal before (another seat's steal, a pak that is gone, a card played)."""
    allowed = set(legal)
    out: list[Action] = []
    for _ in range(4 * REFUSED):
        action = known[rng.randrange(len(known))] if known else None
        if action is not None and action not in allowed and action not in out:
            out.append(action)
        if len(out) == REFUSED:
            break
    return out


def test_a_refusal_names_the_seat_it_speaks_of() -> None:
    """Paks' steal from a seat without that pak says whose paks they are by name."""
    game = GAMES["paks"]
    state = game.new_state(game.options(players=3), 1)
    rng = random.Random(1)
    while state.phase != "steal":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act()
    other = (seat + 1) % 3
    steal = state.text_to_action(f"steal {other}:9 with {state.observation(seat)['hand'][0]}")
    refusal = state.why_illegal(steal, NAMES[:3])
    assert refusal.startswith(f"{NAMES[other]} has no pak 9"), refusal
    assert faults(refusal) == []


@pytest.mark.parametrize("path", PLAYTHROUGHS, ids=lambda p: p.stem)
def test_replay_prints_the_outcome_by_name(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("hand 1: Ada: ") for line in lines), lines
    wrong = {line: faults(line) for line in lines if faults(line)}
    assert not wrong, wrong


def test_analyse_reads_the_table_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    """A record keeps no names: the report names the other seats as `parlour show` does."""
    record = Path(__file__).parent / "playthroughs" / "couillon-heuristic.json"
    assert main(["analyse", "couillon", str(record), "--seat", "1", "--hand", "1", "--iterations", "4", "--jobs", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "At the table, in seat order: Ada, you, Cleo and Dan." in lines[0], lines[0]
    wrong = {line: faults(line) for line in lines if faults(line)}
    assert not wrong, wrong
