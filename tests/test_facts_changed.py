"""`State.facts_changed_since(start)` never leaves out a key that changed: at every step of
random hands of every game (fewest and most players, and each option set it declares:
the cases of the tensor's divergence test),
for every earlier point of the same hand, every seat's facts and scores that differ from
what they were then are among the keys it names (None names them all). The research env's
kept tensor compares only those keys, so a key left out would leave a stale slot."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from tests.envs.test_tensor_divergence import cases

from parlour.engine import OVER, State
from parlour.games import GAMES

HANDS = 2
MOST_STEPS = 160
"""Steps of a hand compared with every earlier step of it, at most."""


def _seen(state: State, seat: int) -> dict[str, str]:
    """Each of the seat's facts and its scores, as JSON text (a fresh copy of the value)."""
    obs = state.observation(seat, views=False, keys=("scores",))
    keys = [*state.facts(seat), "scores"]
    return {key: json.dumps(obs.get(key), sort_keys=True, default=str) for key in keys}


@pytest.mark.parametrize(("name", "players", "values"), cases())
def test_the_keys_a_game_names_hold_every_change(name: str, players: int, values: dict[str, Any]) -> None:
    game = GAMES[name]
    options = game.Options(players=players, **values)
    named = 0
    for seed in range(HANDS):
        state = game.new_state(options, seed)
        state.hand_only = True
        rng = random.Random(seed)
        earlier: list[tuple[int, list[dict[str, str]]]] = []
        while state.phase != OVER and len(earlier) < MOST_STEPS:
            now = [_seen(state, seat) for seat in range(players)]
            for start, then in earlier:
                keys = state.facts_changed_since(start)
                if keys is None:
                    continue
                named += 1
                for seat in range(players):
                    changed = {key for key in now[seat].keys() | then[seat].keys()
                               if now[seat].get(key) != then[seat].get(key)}
                    assert changed <= set(keys), (
                        f"seed {seed}, history {start} -> {len(state.history)}, seat {seat}: "
                        f"{sorted(changed - set(keys))} changed but not named"
                    )
            earlier.append((len(state.history), now))
            if state.to_act() is None:
                break
            state.apply(rng.choice(state.legal_actions()))
    if name in ("ribs", "cramps"):
        assert named, "the game names the keys of no step"
