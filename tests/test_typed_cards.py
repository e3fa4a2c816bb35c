"""Cards typed as the table shows them: every action of every game, at the prompt and in records."""

from __future__ import annotations

import random
import re

import pytest

from parlour.cards import action_text, symbols
from parlour.engine import IllegalAction, State
from parlour.games import GAMES
from parlour.record import record_of, replay

CODE = re.compile(r"(?<![\w])(?:([2-9TJQKA])([SHDC])|JK)(?![A-Za-z0-9])")


def spellings(text: str) -> list[str]:
    """The ways a person may type an action's canonical text from what the table shows."""
    shown = symbols(text)
    tens = CODE.sub(lambda m: ("10" if m.group(1) == "T" else m.group(1)) + m.group(2) if m.group(1) else "JK", text)
    jokers = CODE.sub(lambda m: m.group(0) if m.group(1) else "joker", text)
    return [shown, shown.lower(), shown.upper(), text.lower(), tens, tens.lower(), jokers, symbols(text).replace("Joker", "jk")]


def positions(name: str, seed: int, steps: int) -> list[State]:
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), seed)
    rng = random.Random(seed)
    kept = []
    for _ in range(steps):
        if state.is_over():
            break
        if rng.random() < 0.3:
            kept.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return kept


def test_canonical_texts_come_back_unchanged() -> None:
    for text in ["play TH", "discard JK 4S", "meld QS* QS*2 TD", "marry KS QS*, KH QH", "steal 2:1,3 with TS 5S 2S",
                 "play 7H on N", "move W to N", "declare NT N", "bid 14 S", "play JK H", "call AH hint S", "bid 10",
                 "play 10 9", "play K8", "limits 1 10", "take bank", "draw stock"]:
        assert action_text(text) == text


def test_the_issues_examples_are_read() -> None:
    assert action_text("pak 10♥ with 4♥ 8♥") == "pak TH with 4H 8H"
    assert action_text("discard Joker 4S") == "discard JK 4S"
    assert action_text("play 9♦") == "play 9D"
    assert action_text("play joker ♥") == "play JK H"
    assert action_text("trump ♥") == "trump H"
    assert action_text("meld q♠* Q♠️*2 10♦") == "meld QS* QS*2 TD"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_action_typed_as_shown_means_the_same_action(name: str) -> None:
    """At random seeded positions, random legal actions rewritten with suit symbols, any
    case, 10 for T and Joker for JK are read as the canonical text's action."""
    tried = 0
    for seed in (1, 2, 3):
        for state in positions(name, seed, 160):
            legal = state.legal_texts()
            rng = random.Random(len(state.history))
            for text in rng.sample(legal, min(4, len(legal))):
                action = state.text_to_action(text)
                for typed in spellings(text):
                    probe = state.clone()
                    assert probe.apply_text(typed) == action, (name, text, typed)
                    tried += 1
    assert tried > 100


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_written_with_symbols_replays(name: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), 4)
    rng = random.Random(4)
    for _ in range(200):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state)
    shown = dict(record, actions=[[seat, symbols(text)] for seat, text in record["actions"]])
    assert any(a != b for a, b in zip(shown["actions"], record["actions"], strict=True)) or name in ("ribs", "seven_and_a_half")
    again = replay(shown)
    assert record_of(again) == record


def test_a_wrong_card_is_named_as_typed() -> None:
    game = GAMES["paks"]
    state = game.new_state(game.options(players=game.min_players), 1)
    with pytest.raises(IllegalAction, match="'1♥' is not a card"):
        state.apply_text("pak 1♥ with 4♥ 8x")
    with pytest.raises(IllegalAction, match="'8x' is not a card"):
        state.apply_text("pak 10♥ with 4♥ 8x")


def test_a_repeated_bare_star_names_the_next_table_copy() -> None:
    """Two kings of spades lie on the table in different melds (copies *1 and *2, not
    interchangeable): `KS* KS*` names both, as the table shows them, unnumbered."""
    game = GAMES["six_pack_bezique"]
    state = game.new_state(game.options(), 9)
    rng = random.Random(9)
    for _ in range(41):
        state.apply(rng.choice(state.legal_actions()))
    assert "meld KH KS*1 KS*2 KC*" in state.legal_texts()
    assert state.clone().apply_text("meld KH K♠* K♠* KC*") == state.text_to_action("meld KH KS*1 KS*2 KC*")
    assert state.clone().apply_text("meld KH KS* KS*2 KC*") == state.text_to_action("meld KH KS*1 KS*2 KC*")
    with pytest.raises(IllegalAction, match="not that many copies of KS"):
        state.clone().apply_text("meld KH KS* KS* KS* KC*")
