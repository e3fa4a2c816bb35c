"""The text/index codec and the facts for algorithms, held to random playouts of every game.

Every legal action met in a random playout has a number in `action_universe` and comes back
as the same text; every finished hand stays within the game's declared length and score
bounds, and sums to the declared constant where there is one.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.games import GAMES
from test_conformance import OPTION_SETS

HANDS = 2
SEEDS = 2


def cases() -> list[Any]:
    out = []
    for name, game in GAMES.items():
        for index, options in enumerate(OPTION_SETS[name]):
            counts = game.player_counts() if index == 0 else [game.player_counts()[-1]]
            for players in counts:
                out.append(pytest.param(name, players, options, id=f"{name}-{players}p-o{index}"))
    return out


@pytest.mark.parametrize(("name", "players", "options"), cases())
def test_random_playouts_respect_the_codec_and_the_facts(name: str, players: int, options: dict[str, Any]) -> None:
    game = GAMES[name]
    opts = game.options(players=players, **options)
    facts = game.algorithm_facts(opts)
    low, high = facts.hand_score_bounds
    numbered = facts.distinct_actions is not None
    if numbered:
        assert facts.distinct_actions == len(game.action_universe(opts))
    for seed in range(SEEDS):
        state = game.new_state(opts, seed)
        rng = random.Random(seed)
        hands = steps = 0
        while state.to_act() is not None and hands < HANDS:
            legal = state.legal_actions()
            if numbered:
                for action in legal:
                    text = state.action_to_text(action)
                    index = game.action_to_index(opts, text)
                    assert game.index_to_action(opts, index) == text
            state.apply(rng.choice(legal))
            steps += 1
            if facts.max_hand_actions is not None:
                assert steps <= facts.max_hand_actions, f"hand {hands} is longer than its bound"
            if state.hand_over():
                scores = state.hand_scores()
                assert all(low <= s <= high for s in scores), (scores, facts.hand_score_bounds)
                if facts.hand_score_sum is not None:
                    assert sum(scores) == facts.hand_score_sum
                hands += 1
                steps = 0
        if facts.max_match_hands is not None:
            assert len(state.scores_by_hand()) <= facts.max_match_hands


def test_a_match_of_a_fixed_number_of_hands_ends_within_its_bound() -> None:
    game = GAMES["seven_and_a_half"]
    opts = game.options(players=3, hands=3)
    facts = game.algorithm_facts(opts)
    assert facts.max_match_hands == 3 and facts.zero_sum
    state = game.new_state(opts, 5)
    rng = random.Random(5)
    actions = 0
    while state.to_act() is not None:
        state.apply(rng.choice(state.legal_actions()))
        actions += 1
    assert facts.max_match_actions is not None and actions <= facts.max_match_actions
    assert len(state.scores_by_hand()) == 3


def test_facts_say_which_games_are_zero_sum_and_how_many_actions_they_have() -> None:
    ribs = GAMES["ribs"]
    facts = ribs.algorithm_facts(ribs.options(players=4))
    assert not facts.zero_sum and facts.distinct_actions == len(ribs.action_universe(ribs.options(players=4)))
    assert GAMES["mighty"].algorithm_facts(GAMES["mighty"].options()).zero_sum
    assert GAMES["cramps"].algorithm_facts(GAMES["cramps"].options()).hand_score_sum == 10
    paks = GAMES["paks"].algorithm_facts(GAMES["paks"].options())
    assert paks.distinct_actions is None
    assert paks.to_json()["hand_score_bounds"] == [0, 440]


def test_the_codec_reads_lenient_spellings_and_numpy_indices() -> None:
    ridge = GAMES["ridge"]
    opts = ridge.options()
    index = ridge.action_to_index(opts, "play TS")
    assert ridge.action_to_index(opts, "play 10S") == index
    assert ridge.index_to_action(opts, np.int64(index)) == "play TS"


def test_the_codec_refuses_with_sentences() -> None:
    ribs = GAMES["ribs"]
    opts = ribs.options(players=4)
    size = len(ribs.action_universe(opts))
    with pytest.raises(ValueError, match=f"outside Ribs's {size} actions"):
        ribs.index_to_action(opts, size)
    with pytest.raises(ValueError, match="whole number"):
        ribs.index_to_action(opts, 1.5)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not a Ribs action"):
        ribs.action_to_index(opts, "juggle")
    with pytest.raises(ValueError, match="can never be played"):
        ribs.action_to_index(opts, "bid 13")
    paks = GAMES["paks"]
    with pytest.raises(NotImplementedError, match="Paks actions cannot be numbered"):
        paks.action_to_index(paks.options(), "end")
