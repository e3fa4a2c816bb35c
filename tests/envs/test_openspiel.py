"""parlour's games as OpenSpiel games: OpenSpiel's own random simulation test passes for
every game, the facts and tensors are parlour's, resampling keeps what a seat knows,
OpenSpiel's ISMCTS plays in the arena, and MCCFR lowers exploitability on a small variant.

`make test` installs the openspiel extra and sets PARLOUR_REQUIRE_OPENSPIEL, so there these
tests run; elsewhere they are skipped when OpenSpiel is not installed."""

from __future__ import annotations

import json
import os
import random

import pytest

if os.environ.get("PARLOUR_REQUIRE_OPENSPIEL"):
    import pyspiel
else:
    pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install -e '.[openspiel]')")

from parlour.cli import main  # noqa: E402
from parlour.envs import openspiel  # noqa: E402
from parlour.envs.tensors import encoder_of  # noqa: E402
from parlour.games import GAMES  # noqa: E402

SIMS = {"six_pack_bezique": 1, "yaniv": 2}
SMALL = {"players": 2, "options": json.dumps({"min_bet": 1, "max_bet": 2}), "deals": 4}
"""Seven and a Half between the banker and one punter betting 1 or 2, over four deals: a
tree of 165 states that exact solvers handle in a moment."""


def counts(game) -> list[int]:
    return sorted({game.player_counts()[0], game.player_counts()[-1]})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_random_simulation_test_passes(name: str) -> None:
    for players in counts(GAMES[name]):
        game = pyspiel.load_game(f"parlour_{name}", {"players": players, "deals": 50})
        pyspiel.random_sim_test(game, num_sims=SIMS.get(name, 3), serialize=True, verbose=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_openspiel_game_carries_the_games_facts_and_tensor(name: str) -> None:
    parlour = GAMES[name]
    game = openspiel.load(name)
    facts = parlour.algorithm_facts(game.options)
    if facts.distinct_actions is not None:
        assert game.num_distinct_actions() == facts.distinct_actions
    if facts.max_hand_actions is not None:
        assert game.max_game_length() == facts.max_hand_actions
    assert game.num_players() == game.options.players
    encoder = encoder_of(parlour, game.options)
    assert game.information_state_tensor_shape() == list(encoder.shape)
    state = game.new_initial_state()
    state.apply_action(7)
    rng = random.Random(7)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    obs = state.match.state.observation(seat, views=False)
    assert list(state.information_state_tensor(seat)) == pytest.approx(list(encoder.encode(obs)))
    assert json.loads(state.information_state_string(seat)) == obs


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_resampled_state_keeps_what_the_seat_knows(name: str) -> None:
    game = openspiel.load(name, deals=20)
    rng = random.Random(name)
    for deal in range(3):
        state = game.new_initial_state()
        state.apply_action(deal)
        for _ in range(rng.randrange(1, 12)):
            if state.is_terminal():
                break
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        world = state.resample_from_infostate(seat, sampler)
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()


def test_zero_sum_returns_sum_to_zero() -> None:
    game = openspiel.load("ribs", returns="zero_sum", deals=5)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    state = game.new_initial_state()
    state.apply_action(2)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0.0)
    assert any(r != 0 for r in state.returns())


def test_a_hand_without_a_bound_is_truncated_at_max_actions() -> None:
    game = openspiel.load("yaniv", max_actions=6)
    state = game.new_initial_state()
    state.apply_action(0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert state.move_number() <= 7 and state.returns() == [0.0, 0.0]


def test_bad_parameters_are_refused_with_a_sentence() -> None:
    with pytest.raises(Exception, match="'returns' is 'points' or 'zero_sum'"):
        openspiel.load("ribs", returns="money")
    with pytest.raises(Exception, match="unknown option 'lemon'"):
        openspiel.load("ribs", options='{"lemon": true}')


def test_mccfr_lowers_exploitability_on_a_small_variant() -> None:
    game = pyspiel.load_game("parlour_seven_and_a_half", SMALL)
    size = openspiel.tree_size(game)
    assert (size.states, size.terminals, size.infostates, size.complete) == (165, 86, [54, 21], True)
    assert not openspiel.tree_size(game, cap=100).complete
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    uniform = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
    # docs/research.md: the exploitability is the NashConv over the number of players.
    assert uniform == pytest.approx(0.96875)
    assert pyspiel.nash_conv(game, pyspiel.UniformRandomPolicy(game)) == pytest.approx(2 * uniform)
    solver = pyspiel.ExternalSamplingMCCFRSolver(game, seed=1)
    for _ in range(300):
        solver.run_iteration()
    learned = pyspiel.exploitability(game, solver.average_policy())
    assert learned < uniform / 4, (learned, uniform)


SHORT_HANDS = {
    "couillon": {"deck": 16, "hand_cards": 2},
    "pitch": {"hand_cards": 1},
}
"""The trick games' small variants: four seats, a short hand (Couillon from a 16-card pack)."""


@pytest.mark.parametrize("name", sorted(SHORT_HANDS))
def test_the_short_hand_variants_load_and_pass_the_random_simulation_test(name: str) -> None:
    game = pyspiel.load_game(f"parlour_{name}", {"players": 4, "options": json.dumps(SHORT_HANDS[name]), "deals": 20})
    assert game.max_game_length() == 4 + 4 * SHORT_HANDS[name]["hand_cards"]
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_cfr_beats_the_uniform_policy_on_the_smallest_short_hand() -> None:
    params = {"players": 4, "options": json.dumps(SHORT_HANDS["couillon"]), "deals": 1, "returns": "zero_sum"}
    game = pyspiel.load_game("parlour_couillon", params)
    size = openspiel.tree_size(game)
    assert (size.states, size.terminals, size.infostates) == (320, 50, [81, 56, 61, 71])
    uniform = pyspiel.exploitability(game, pyspiel.UniformRandomPolicy(game))
    solver = pyspiel.CFRSolver(game)
    for _ in range(10):
        solver.evaluate_and_update_policy()
    learned = pyspiel.exploitability(game, solver.average_policy())
    assert learned < uniform / 10, (learned, uniform)


def test_openspiel_ismcts_plays_in_the_arena(capsys: pytest.CaptureFixture[str]) -> None:
    spec = "parlour.envs.openspiel:ISMCTS(simulations=10)"
    assert main(["arena", "pitch", "--bots", f"{spec},random", "--hands", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["bot"] for row in rows] == [spec, "random"]
    assert rows[0]["seat_hands"] == 2


def test_cpp_cannot_reach_the_python_resampling_so_the_python_ismcts_is_the_bot() -> None:
    # What pyspiel.ISMCTSBot calls is the C++ State's ResampleFromInfostate; pyspiel's
    # wrapper of a Python state does not forward it, so C++ runs its own, which refuses.
    # The Python method (what the Python ISMCTS calls) draws a world. Should a release
    # forward it, the first half fails and docs/research.md's paragraph is to be redone.
    game = openspiel.load("pitch", deals=4)
    state = game.new_initial_state()
    state.apply_action(0)
    seat = state.current_player()
    with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
        pyspiel.State.resample_from_infostate(state, seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(seat) == state.information_state_string(seat)
