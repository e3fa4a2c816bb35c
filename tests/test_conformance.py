"""The contract every registered game keeps (docs/architecture.md), checked by random playouts.

Parametrised over every game x player count x option set it declares
(`Game.conformance_options`). A game added to the registry must declare option sets beside
the standard game's (the test below fails until it does).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from parlour.engine import OBSERVATION_KEYS, Game, IllegalAction, State, cards_conserved
from parlour.games import GAMES
from parlour.record import record_of, replay

# Per game: the standard game, then the option sets it declares (`Game.conformance_options`,
# without `players`); every player count is played with each.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    name: [{}, *(dict(options) for options in game.conformance_options)] for name, game in GAMES.items()
}

SEEDS_PER_CASE = 3
MAX_HANDS = 3  # hands played per match in the expensive checks; enough to cross hand ends


def cases() -> list[Any]:
    out = []
    for name, game in GAMES.items():
        for players in game.player_counts():
            for index, options in enumerate(OPTION_SETS[name]):
                out.append(pytest.param(name, players, options, id=f"{name}-{players}p-o{index}"))
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_declares_option_sets(name: str) -> None:
    sets = OPTION_SETS[name]
    assert len(sets) > 1, "declare option sets that change the standard game"
    game = GAMES[name]
    for options in sets:
        assert "players" not in options, "every player count is played with each set"
        game.options(**options)


def _seats(state: State) -> list[int | None]:
    return [None, *range(state.players)]


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_random_playouts_keep_the_contract(name: str, players: int, options: dict[str, Any]) -> None:
    keep_the_contract(GAMES[name], players, options)


def keep_the_contract(game: Game, players: int, options: dict[str, Any]) -> None:
    """Random matches of `game` checked against the contract at every step: legal actions,
    texts, illegal actions, clones, card conservation, invariants, every seat's observation
    (the leak test and determinize included), the record's round trip, the match's end.
    The game must be in the registry for its record to replay."""
    for seed in range(SEEDS_PER_CASE):
        state = game.new_state(game.options(players=players, **options), seed)
        twin = game.new_state(game.options(players=players, **options), seed)
        rng = random.Random(seed)
        check = random.Random(seed + 1000)
        hands = 0
        steps = 0
        while state.to_act() is not None:
            legal = state.legal_actions()
            assert legal, "no legal action before the end"
            assert len(set(legal)) == len(legal), "a legal action is listed twice"
            for action in legal:
                assert state.text_to_action(state.action_to_text(action)) == action
            action = rng.choice(legal)
            if check.random() < 0.05:
                _check_illegal_leaves_state(state)
            if check.random() < 0.05:
                _check_clone_independent(state, action)
            state.apply(action)
            twin.apply(action)
            steps += 1
            assert cards_conserved(state), "a card is in two places, or missing"
            state.check_invariants()
            if check.random() < 0.15 or state.hand_over():
                _check_observations(game, state, check)
            if state.hand_over():
                hands += 1
                assert len(state.hand_scores()) == players
                if hands >= MAX_HANDS:
                    break
        assert state.observation(None) == twin.observation(None), "same seed and actions differ"
        _check_record_round_trip(state)
        if state.to_act() is None:
            assert state.winners(), "a finished match has winners"
            assert state.legal_actions() == []
        else:
            assert state.winners() == []


def _check_observations(game: Game, state: State, rng: random.Random) -> None:
    for seat in _seats(state):
        obs = state.observation(seat)
        missing = [k for k in OBSERVATION_KEYS if k not in obs]
        assert not missing, f"observation lacks {missing}"
        assert json.loads(json.dumps(obs)) == obs, "observation is not JSON-ready"
        if seat == state.to_act():
            assert obs["legal_actions"] == state.legal_texts()
        else:
            assert obs["legal_actions"] == []
        redealt = state.redeal_hidden(seat, rng)
        assert redealt.observation(seat) == obs, f"seat {seat} sees cards hidden from it"
        facts = state.observation(seat, views=False)
        assert facts == {k: obs[k] for k in facts} and list(facts) == [k for k in obs if k in facts]
        lean = state.observation(seat, views=False, keys={"hand"})
        assert lean == {k: obs[k] for k in lean} and "actions" not in lean, "search's facts differ"
        if seat is not None and state.to_act() is not None:
            world = game.determinize(obs, rng)
            assert world.observation(seat) == obs, "determinize is not consistent with the observation"
            assert cards_conserved(world)


def _check_illegal_leaves_state(state: State) -> None:
    before = state.observation(None)
    before_mine = state.observation(state.to_act())
    legal = set(state.legal_actions())
    probes = {state.text_to_action(t) for t in _probe_texts(state) if _readable(state, t)}
    for action in probes - legal:
        with pytest.raises(IllegalAction):
            state.apply(action)
    assert state.observation(None) == before
    assert state.observation(state.to_act()) == before_mine


def _probe_texts(state: State) -> list[str]:
    texts = set(state.legal_texts())
    texts.update(["pass", "bid 2", "bid 3", "bid 40"])
    return sorted(texts)


def _readable(state: State, text: str) -> bool:
    try:
        state.text_to_action(text)
    except IllegalAction:
        return False
    return True


def _check_clone_independent(state: State, action: Any) -> None:
    before = state.observation(None)
    clone = state.clone()
    clone.apply(action)
    assert state.observation(None) == before, "applying to a clone changed the original"


def _check_record_round_trip(state: State) -> None:
    record = record_of(state)
    assert json.loads(json.dumps(record)) == record
    again = replay(record)
    assert again.observation(None) == state.observation(None)
    for seat in range(state.players):
        assert again.observation(seat) == state.observation(seat)
