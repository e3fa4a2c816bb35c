"""The PettingZoo environments pass PettingZoo's own tests and keep classic's conventions."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import numpy as np
import pytest
from pettingzoo import AECEnv
from pettingzoo.test import api_test, seed_test

from parlour.engine import OVER
from parlour.envs import env, raw_env
from parlour.envs.pettingzoo import ParlourEnv
from parlour.games import GAMES


def _leaf(name: str) -> str:
    """A game's current module name: `ribs_v0`, `yaniv_v1`."""
    return f"{name}_v{GAMES[name].tensor_version}"


def _module(name: str) -> Any:
    return importlib.import_module(f"parlour.envs.{_leaf(name)}")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_api_test_of_each_game_module(name: str) -> None:
    module = _module(name)
    api_test(module.env(episode="hand"), num_cycles=30)
    wrapped = module.env(max_cycles=60)
    api_test(wrapped, num_cycles=30)
    assert wrapped.metadata["name"] == _leaf(name)
    assert wrapped.metadata["render_modes"] == ["ansi", "human"]


def test_each_game_module_is_made_from_the_registry_in_every_import_form() -> None:
    """`import parlour.envs.<name>_v<version>`, `from parlour.envs import <name>_v<version>` and the
    attribute of the package give one module per registered game, and no other name."""
    import parlour.envs

    for name in GAMES:
        module = _module(name)
        assert sys.modules[f"parlour.envs.{_leaf(name)}"] is module
        exec(f"from parlour.envs import {_leaf(name)} as imported", namespace := {})
        assert namespace["imported"] is module is getattr(parlour.envs, _leaf(name))
        assert GAMES[name].title in (module.__doc__ or "")
        assert module.raw_env().game is GAMES[name]
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("parlour.envs.lemons_v0")
    with pytest.raises(ImportError):
        exec("from parlour.envs import lemons_v0", {})
    assert not hasattr(parlour.envs, "lemons_v0")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_seed_test_of_each_game_module(name: str) -> None:
    seed_test(lambda: _module(name).env(max_cycles=200), num_cycles=50)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_turns_are_not_cyclic_so_no_parallel_api(name: str) -> None:
    """PettingZoo's parallel API needs every agent to act each step; in these games one seat
    acts at a time, in the order the play makes (a trick's winner leads), so the
    environments say so as classic's do, and the parallel test does not apply."""
    assert _module(name).raw_env().metadata["is_parallelizable"] is False


@pytest.mark.parametrize("name", sorted(GAMES))
def test_masks_match_legal_actions_and_match_rewards_sum_to_zero(name: str) -> None:
    game = GAMES[name]
    e = raw_env(f"{name}(players={game.min_players})", reward="match", max_hands=3)

    def check(agent: str, obs: dict[str, Any]) -> None:
        state = e.match
        legal = {e.index[a] for a in state.legal_actions()}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        assert agent == f"player_{state.to_act()}"

    total = _play(e, 3, check)["paid"]
    assert abs(sum(total.values())) < 1e-9
    assert e.hands <= 3


def _play(e: ParlourEnv, seed: int, check: Any = None) -> dict[str, Any]:
    """An episode of random legal moves: the rewards paid to each agent and its last
    observation; `check(agent, observation)` sees every decision first."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    paid = dict.fromkeys(e.possible_agents, 0.0)
    last: dict[str, Any] = {}
    for agent in e.agent_iter(20000):
        obs, reward, terminated, truncated, _ = e.last()
        paid[agent] += reward
        if terminated or truncated:
            last[agent] = obs
            e.step(None)
            continue
        if check is not None:
            check(agent, obs)
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return {"paid": paid, "last": last}


@pytest.mark.parametrize("name", ["ribs", "pitch", "yaniv", "seven_and_a_half"])
def test_a_hand_episode_ends_on_the_finished_hand(name: str) -> None:
    e = raw_env(name, episode="hand")
    out = _play(e, 5)
    assert e.match.phase == OVER and e.match.hand_number == 0
    finished = e.match.observation(0, views=False)
    assert finished["actions"], "the terminal observation is the finished hand's"
    assert np.array_equal(out["last"]["player_0"]["observation"], e.encoder.encode(finished))
    assert not out["last"]["player_0"]["action_mask"].any()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_zero_sum_rewards_sum_to_zero_on_the_game_scale(name: str) -> None:
    e = raw_env(name, episode="hand", reward="zero_sum")
    paid = _play(e, 2)["paid"]
    points = raw_env(name, episode="hand")
    raw = _play(points, 2)["paid"]
    assert abs(sum(paid.values())) < 1e-9
    mean = sum(raw.values()) / len(raw)
    assert paid == pytest.approx({a: (r - mean) / GAMES[name].score_scale for a, r in raw.items()})


def test_truncation_by_hands_and_by_cycles() -> None:
    for kwargs, check in (({"max_hands": 2}, "hands"), ({"max_cycles": 25}, "cycles")):
        e = raw_env("pitch", **kwargs)
        e.reset(seed=1)
        for _ in e.agent_iter(100000):
            _, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                assert truncated and not terminated
                break
            e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        assert getattr(e, check) == list(kwargs.values())[0]


def test_state_is_left_to_pettingzoo_and_render_modes(capsys: pytest.CaptureFixture[str]) -> None:
    assert ParlourEnv.state is AECEnv.state
    e = _module("ribs").env(render_mode="ansi", players=5)
    e.reset(seed=1)
    assert e.unwrapped.n == 5
    text = e.render()
    assert isinstance(text, str) and text
    h = _module("ribs").raw_env(render_mode="human")
    h.reset(seed=1)
    h.step(int(np.flatnonzero(h.observe(h.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out.strip()


def test_an_illegal_action_ends_the_episode_against_its_maker() -> None:
    e = env("ribs")
    e.reset(seed=4)
    agent = e.agent_selection
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_observations_skip_the_past_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    e = raw_env("pitch")
    e.reset(seed=2)
    asked: list[Any] = []
    real = e.match.observation

    def spy(seat: Any, views: bool = True, keys: Any = None) -> dict[str, Any]:
        asked.append(keys)
        return real(seat, views=views, keys=keys)

    monkeypatch.setattr(e.match, "observation", spy)
    obs = e.observe(e.agent_selection)
    assert all(k is not None and "hand_results" not in k for k in asked)
    assert obs["observation"].shape == e.encoder.shape
    seat = e.possible_agents.index(e.agent_selection)
    keyed = real(seat, views=False, keys=e.encoder.READS)
    assert np.array_equal(obs["observation"], e.encoder.encode(keyed))


def test_spec_string_options_and_seeded_reset() -> None:
    a, b = raw_env("ribs(players=5, lemons=true)"), _module("ribs").raw_env(players=5, lemons=True)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.n == 5 and a.options.lemons and a.options == b.options
    oa, ob = a.observe(a.agent_selection), b.observe(b.agent_selection)
    assert np.array_equal(oa["observation"], ob["observation"])
    assert oa["observation"].shape == a.observation_space("player_0")["observation"].shape


@pytest.mark.parametrize("spec", ["ribs(hands_to_win=1)", "pitch(target=1)", "mighty(hands=1)"])
def test_match_reward_pays_the_outcome_at_the_end(spec: str) -> None:
    e = raw_env(spec, reward="match")
    total = _play(e, 6)["paid"]
    winners = e.match.winners()
    assert 0 < len(winners) < e.n
    assert all(total[f"player_{s}"] == 1.0 for s in winners)
    assert abs(sum(total.values())) < 1e-9


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_tensor_of_random_play_lies_in_the_observation_box(name: str) -> None:
    """The Box holds each entry's real bounds (one-hot slots 0 .. 1, a face's count at most
    its copies in the pack, ...), and random hands at the fewest and the most players stay
    inside them: every seat's tensor at every step, the finished hand's included."""
    game = GAMES[name]
    for players in sorted({game.min_players, game.max_players}):
        e = raw_env(f"{name}(players={players})", max_hands=2, max_cycles=3000)
        box = e.observation_space("player_0")["observation"]
        assert np.isfinite(box.low).mean() > 0.5 and np.isfinite(box.high).mean() > 0.5

        def check(agent: str, obs: dict[str, Any], box: Any = box, e: ParlourEnv = e) -> None:
            for other in e.agents:
                tensor = e.observe(other)["observation"]
                outside = np.flatnonzero((tensor < box.low) | (tensor > box.high))
                assert not outside.size, (e.n, other, [(i, tensor[i], box.low[i], box.high[i]) for i in outside[:5]])

        out = _play(e, players, check)
        for last in out["last"].values():
            assert box.contains(last["observation"])
