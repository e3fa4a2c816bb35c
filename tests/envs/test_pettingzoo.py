"""The PettingZoo adapter passes PettingZoo's own api_test for every game and player count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test

from parlour.envs import env
from parlour.games import GAMES


def cases() -> list[object]:
    return [
        pytest.param(name, n, id=f"{name}-{n}p")
        for name, game in GAMES.items()
        for n in game.player_counts()
    ]


@pytest.mark.parametrize(("name", "players"), cases())
def test_api_test(name: str, players: int) -> None:
    api_test(env(f"{name}(players={players})", episode="hand"), num_cycles=40)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_match_pays_each_hand_and_masks_match_legal_actions(name: str) -> None:
    game = GAMES[name]
    e = env(f"{name}(players={game.min_players})")
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    paid = 0
    for agent in e.agent_iter(5000):
        obs, reward, terminated, truncated, _ = e.last()
        paid += reward != 0
        if terminated or truncated:
            e.step(None)
            continue
        state = e.state
        assert state is not None
        legal = {e.index[a] for a in state.legal_actions()}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert agent == f"player_{state.to_act()}"
        e.step(int(rng.choice(sorted(legal))))
    assert paid > 0, "no reward was ever paid"


def test_spec_string_and_seeded_reset() -> None:
    a, b = env("ribs(players=5, lemons=true)"), env("ribs(players=5, lemons=true)")
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.n == 5 and a.options.lemons
    oa, ob = a.observe(a.agent_selection), b.observe(b.agent_selection)
    assert np.array_equal(oa["observation"], ob["observation"])
    assert oa["observation"].shape == a.observation_space("player_0")["observation"].shape
