"""Words of the card table: everything a person reads, in every game, is written for people.

Random playouts of every game (fewest and most players) read every text of the acting
seat's observation that a person reads (the labels of the legal moves, the log, the status,
the recent event, the finished hand's sentences, its reasons and its line of the score
sheet, zone labels, the terminal's view) and hold them to three rules: no raw Python
values (lists, dicts, tuples, None/True/False), no "1 tricks"-style plurals, and no card
codes where a person reads suits (K♠, not KS).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from parlour.cards import card_symbol, symbols, trump_label
from parlour.games import GAMES
from parlour.views import hand_lines, name_seats, recent_text, status_lines, table_text

RAW = re.compile(r"\[\s*-?\d+(\.\d+)?\s*,|\[\s*'|\{\s*'|\{\s*-?\d+\s*,|\(\s*-?\d+\s*,\s*-?\d+\s*\)|\[\]|\{\}|\bNone\b|\bTrue\b|\bFalse\b")
NOUNS = "tricks|points|cards|hands|marks|lines|chips|stakes|deals|players|seats|bids|rounds|melds|games|pairs|ribs"
PLURAL = re.compile(rf"(?<![\d.,/])(?<!eat )(?<!and )[+-]?1 ({NOUNS})\b")
CODE = re.compile(r"(?<![\w])(10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])|(?<![\w])JK(?![A-Za-z0-9])")
STEPS = 600


def texts(game: Any, obs: dict[str, Any], names: Sequence[str] | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every text of `obs` a person reads (the seats named by `names`
    where the observation was asked for with them)."""
    for entry in obs.get("legal") or []:
        yield "legal label", entry["label"]
    for line in obs.get("log") or []:
        yield "log", line
    for line in status_lines(obs):
        yield "status", line
    recent = recent_text(obs, names=names)
    if recent:
        yield "recent", recent
    last = obs.get("last_hand") or {}
    for line in last.get("log") or []:
        if isinstance(line, str):
            yield "last hand log", line
    for line in last.get("why") or []:
        yield "last hand why", line
    for column in (last.get("sheet") or {}).get("columns") or []:
        yield "sheet column", column
    for line in hand_lines(last):
        yield "hand's end", line
    for trick in last.get("tricks") or []:
        if isinstance(trick, dict) and isinstance(trick.get("explanation"), str):
            yield "last hand trick", trick["explanation"]
    for zone in obs.get("zones") or []:
        yield "zone label", zone["label"]
    yield "terminal view", table_text(obs, getattr(game, "render_text", None), names)


def faults(text: str) -> list[str]:
    out = []
    if RAW.search(text):
        out.append("a raw Python value")
    if PLURAL.search(text):
        out.append("a plural after 1")
    if CODE.search(text):
        out.append("a card code")
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_text_a_person_reads_is_in_words_and_symbols(name: str) -> None:
    game = GAMES[name]
    seen: dict[str, tuple[str, str]] = {}
    for players in sorted({game.min_players, game.max_players} & set(game.player_counts())):
        for seed in (1, 2):
            state = game.new_state(game.options(players=players), seed)
            rng = random.Random(seed)
            for _ in range(STEPS):
                seat = state.to_act()
                if seat is None:
                    break
                for where, text in texts(game, state.observation(seat)):
                    for fault in faults(text):
                        seen.setdefault(f"{where}: {fault}", (text, f"{players} players, seed {seed}"))
                state.apply(rng.choice(state.legal_actions()))
    assert not seen, "\n".join(f"{k}: {t!r} ({where})" for k, (t, where) in seen.items())


def test_the_checks_catch_what_they_are_for() -> None:
    assert faults("Scores: hand [0, 0, 0, 0, 0]") == ["a raw Python value"]
    assert faults("Seat 1 takes 1 tricks") == ["a plural after 1"]
    assert faults("Seat 1 plays KS.") == ["a card code"]
    assert faults("Seat 1 plays K♠ and takes 1 trick; 11 tricks, 21 points.") == []


def test_cards_read_with_their_suits() -> None:
    assert symbols("Trick 3: seat 1 plays TH, seat 2 QS*1, seat 3 JK.") == "Trick 3: seat 1 plays 10♥, seat 2 Q♠*1, seat 3 Joker."
    assert symbols("bid 13 S, play 10D") == "bid 13 S, play 10♦"
    assert card_symbol("AC") == "A♣" and trump_label("NT") == "no trump" and trump_label("h") == "♥"


def test_seats_are_named_for_the_reader() -> None:
    names = ["You", "Ann", "Seat 2 (Ribs bot)"]
    assert name_seats("Seat 0 plays K♠.", names) == "You play K♠."
    assert name_seats("Seat 0 (Dealer) passes; seat 0's turn is over.", names) == "You (Dealer) pass; your turn is over."
    assert name_seats("Trick 2: seat 2 wins, taking 3 points for seats 0 and 2.", names) == (
        "Trick 2: seat 2 (Ribs bot) wins, taking 3 points for you and seat 2 (Ribs bot)."
    )
    assert name_seats("Seat 1 has 2 points; Seat 1's hand", names) == "Ann has 2 points; Ann's hand"
    assert name_seats("Seat 7 waits.", names) == "Seat 7 waits."


def test_labels_say_what_a_move_does() -> None:
    ribs = GAMES["ribs"].new_state(GAMES["ribs"].options(players=4), 0)
    while ribs.phase == "bidding":
        ribs.apply(ribs.legal_actions()[0])
    bidder = ribs.observation(ribs.to_act())
    assert all(e["label"].startswith("lay ribs ") and e["label"].endswith(" face down") for e in bidder["legal"])
    mighty = GAMES["mighty"].new_state(GAMES["mighty"].options(), 0)
    labels = {e["text"]: e["label"] for e in mighty.observation(mighty.to_act())["legal"]}
    assert labels["bid 13 S"] == "bid 13 ♠" and labels["bid 13 NT"] == "bid 13 no trump"
    ridge = GAMES["ridge"]
    assert ridge.new_state(ridge.options(), 0).action_label(ridge.new_state(ridge.options(), 0).text_to_action("declare H E")) == (
        "declare ♥ trumps, East leads"
    )


def test_a_seat_is_its_name_or_you_and_the_verb_agrees() -> None:
    from parlour.words import Seats, third_person

    seats = Seats(["Ann", "Bob", "Cy", "Seat 3 (Ribs bot)"], me=1)
    assert seats.does(0, "win", start=True) == "Ann wins"
    assert seats.does(1, "win", start=True) == "You win"
    assert seats.does(1, "have") == "you have" and seats.does(0, "have") == "Ann has"
    assert seats.does(1, "be") == "you are" and seats.does(2, "be") == "Cy is"
    assert seats.does(2, "pass") == "Cy passes" and seats.does(2, "carry") == "Cy carries" and seats.does(2, "play") == "Cy plays"
    assert [third_person(v) for v in ("deal", "touch", "fix", "do", "go")] == ["deals", "touches", "fixes", "does", "goes"]
    assert seats.name(1) == "you" and seats.name(1, start=True) == "You" and seats.name(0) == "Ann"


def test_possessives_drop_a_names_bracket() -> None:
    from parlour.words import Seats

    seats = Seats(["Ann", "Bob", "Cy", "Seat 3 (Ribs bot)"], me=1)
    assert seats.whose(1) == "your" and seats.whose(1, start=True) == "Your"
    assert seats.whose(0) == "Ann's" and seats.whose(3) == "Seat 3's"


def test_teams_put_you_first_and_lists_put_you_last() -> None:
    from parlour.words import Seats, listing

    seats = Seats(["Ann", "Bob", "Cy", "Dee"], me=2)
    assert seats.team([0, 2]) == "you and Ann" and seats.team([1, 3], start=True) == "Bob and Dee"
    assert seats.group([2, 0, 1]) == "Ann, Bob and you"
    assert seats.group_does([0, 2], "win", start=True) == "Ann and you win"
    assert seats.group_does([2], "win", start=True) == "You win" and seats.group_does([3], "win") == "Dee wins"
    assert listing([]) == "" and listing(["a"]) == "a" and listing(["a", "b", "c"]) == "a, b and c"


def test_a_spectator_is_nobody_and_numbered_seats_keep_the_front_ends_convention() -> None:
    from parlour.words import Seats

    spectator = Seats(["Ann", "Bob"])
    assert spectator.does(0, "win", start=True) == "Ann wins" and spectator.whose(1) == "Bob's"
    numbered = Seats.numbered(4)
    assert numbered.does(2, "deal", start=True) == "Seat 2 deals" and numbered.whose(3) == "seat 3's"
    names = ["You", "Ann", "Seat 2 (Ribs bot)"]
    assert name_seats(numbered.does(0, "pass", start=True) + "; " + numbered.whose(0) + " turn", names) == "You pass; your turn"
    assert numbered.plays([(1, "K♠"), (2, "10♥")]) == "seat 1 K♠, seat 2 10♥"


def test_counts_points_cards_and_trumps() -> None:
    from parlour.cards import JOKER
    from parlour.words import card, cards, plural, signed, suit_name, trump

    assert plural(1, "trick") == "1 trick" and plural(2, "trick") == "2 tricks" and plural(0, "point") == "0 points"
    assert plural(-1, "point") == "-1 point" and plural(3, "pass", "passes") == "3 passes"
    assert signed(3) == "+3" and signed(-1) == "-1" and signed(0) == "+0"
    assert card(0) == "2♠" and card("TH") == "10♥" and card(JOKER) == "Joker" and card("QD") == "Q♦"
    assert cards(["KS", "TH", "JK"]) == "K♠ 10♥ Joker"
    assert trump(None) == "no trump" and trump("NT") == "no trump" and trump(1) == "♥" and trump("C") == "♣"
    assert suit_name(2) == "diamonds"


@pytest.mark.parametrize("name", ["ribs", "cramps"])
def test_the_rules_record_events_as_data_and_the_view_words_them_for_a_named_reader(name: str) -> None:
    """Ribs and Cramps keep no text on the rules' path: their log and hand summary hold
    events (tuples of data); the view words them for a reader with names, "you" for its
    own seat, and no seat number is left."""
    from parlour.words import Seats

    game = GAMES[name]
    names = ["Ann", "Bob", "Cy", "Dee"]
    state = game.new_state(game.options(players=4), 5)
    rng = random.Random(5)
    said: list[str] = []
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
        events = state.last_hand["log"] if state.hand_over() else state.log
        assert all(isinstance(e, tuple) for e in events), f"a text on {name}'s rules' path"
        seats = Seats(names, me=1)
        said = [game.view.sentence(e, seats) for e in events]
    assert said[0] == f"Hand 1: {names[state.last_hand['dealer']]} deals."
    assert any(line.startswith(("You ", "Bob ")) or " you " in line for line in said) is True
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d", line), line
        assert not re.search(r"\b[Yy]ou (wins|plays|passes|bids|deals|folds|takes|has)\b", line), line
    view = state.observation(1)
    assert all(isinstance(line, str) for line in view["log"] + view["last_hand"]["log"])


@pytest.mark.parametrize("name", ["seven_and_a_half", "six_pack_bezique"])
def test_seven_and_a_half_and_bezique_keep_events_as_data_worded_without_seat_numbers_or_stars(name: str) -> None:
    """Seven and a Half and Bezique keep no text on the rules' path either; their views word
    every event, status line, zone and label for a named reader with no seat number, no
    card code and no table copy's star."""
    from parlour.words import Seats

    game = GAMES[name]
    names = ["Ann", "Bob", "Cy", "Dee"]
    for seed in (1, 2, 3):
        state = game.new_state(game.options(players=2 if name == "six_pack_bezique" else 4), seed)
        rng = random.Random(seed)
        said: list[str] = []
        while not state.hand_over():
            obs = state.observation(state.to_act())
            said += [e["label"] for e in obs["legal"]]
            state.apply(rng.choice(state.legal_actions()))
        events = state.last_hand["log"]
        assert all(isinstance(e, tuple) for e in events), f"a text on {name}'s rules' path"
        view = game.view
        seats = Seats(names[: state.players], me=1)
        said += [view.sentence(e, seats) for e in events]
        obs = state.observation(1, names=names[: state.players])
        said += [f"{s['label']}: {s['value']}" for s in obs["status"]] + [z["label"] for z in obs["zones"]]
        assert any(re.match(r"You\b", line) for line in said)
        for line in said:
            assert not re.search(r"\b[Ss]eats? \d|\*", line) and not faults(line), line


@pytest.mark.parametrize(("name", "players"), [("ridge", 2), ("kings_in_the_corner", 2), ("kings_in_the_corner", 5)])
def test_ridge_and_kings_record_events_as_data_and_the_view_words_them(name: str, players: int) -> None:
    """Ridge and Kings in the Corner keep no text on the rules' path: the log and the hand
    summary hold events; the view words every one for a named reader, "you" with its verb
    agreeing, and names no seat by its number."""
    from parlour.words import Seats

    game = GAMES[name]
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"][:players]
    state = game.new_state(game.options(players=players), 3)
    rng = random.Random(3)
    while not state.hand_over():
        state.apply(rng.choice(state.legal_actions()))
    events = state.last_hand["log"]
    assert events and all(isinstance(e, tuple) for e in events), f"a text on {name}'s rules' path"
    said = [game.view.sentence(e, Seats(names, me=1)) for e in events]
    assert any(line.startswith("You ") or " you " in line for line in said)
    for line in said:
        assert not re.search(r"\b[Ss]eats? \d", line), line
        assert not re.search(r"\b[Yy]ou (wins|plays|passes|bids|deals|draws|knocks|moves|declares|scores|contests)\b", line), line
        assert not faults(line), line
    assert all(isinstance(line, str) for line in state.observation(1)["last_hand"]["log"])
