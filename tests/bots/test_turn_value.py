"""The turn-value method (`parlour train --method turn-value`) and the player its weights
make: seeded runs give the same weights, the player plays legal moves, and it values a
move by where the seat's turn ends, the heuristic's move first when nothing tells them apart."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.bots import make_bot
from parlour.bots.learned import LearnedBot, TurnValue, weights_at
from parlour.bots.network import hidden_and_value, init_params, load, save
from parlour.cli import build_parser, main
from parlour.engine import OptionsError
from parlour.games import get_game
from parlour.training import run
from parlour.training.turn_value import value_gradients

KINGS = get_game("kings_in_the_corner")
TRAIN = ["train", "kings_in_the_corner", "--method", "turn-value", "--hands", "40", "--keep", "1",
         "--hidden", "16", "--epochs", "1", "--eval-hands", "4", "--minibatch", "64"]


def test_a_seeded_run_gives_the_same_weights_and_a_player_of_legal_moves(tmp_path: Path) -> None:
    assert main([*TRAIN, "--seed", "2", "--out", str(tmp_path / "a")]) == 0
    assert main([*TRAIN, "--seed", "2", "--jobs", "2", "--out", str(tmp_path / "b")]) == 0
    first, meta = load(tmp_path / "a" / "kings_in_the_corner-2.npz")
    again, _ = load(tmp_path / "b" / "kings_in_the_corner-2.npz")
    assert meta["kind"] == "turn_value" and meta["training"]["rows"] > 100 and len(meta["training"]["curve"]) == 1
    assert "wp" not in first
    for key in first:
        np.testing.assert_array_equal(first[key], again[key])
    weights = str(tmp_path / "a" / "kings_in_the_corner-2.npz")
    state = KINGS.new_state(KINGS.options(players=2), 5)
    bots = [make_bot(f"learned(weights={weights})", KINGS, s, s) for s in range(2)]
    while (seat := state.to_act()) is not None and not state.hand_over():
        obs = state.observation(seat)
        move = bots[seat].choose(obs)
        assert move in obs["legal_actions"]
        state.apply_text(move)


def flat_values(tmp_path: Path, level: float, bonus: float) -> str:
    """Weights of a network that values every view at `level` points."""
    params, meta = load(Path(policy_path(tmp_path)))
    params = {k: np.zeros_like(v) for k, v in params.items()}
    params["bv"][:] = level / meta["scale"]
    path = tmp_path / f"flat-{level}-{bonus}.npz"
    save(path, params, {**meta, "bonus": bonus})
    return str(path)


def policy_path(tmp_path: Path) -> str:
    path = tmp_path / "base" / "kings_in_the_corner-2.npz"
    if not path.exists():
        assert main([*TRAIN, "--hands", "20", "--out", str(tmp_path / "base")]) == 0
    return str(path)


def test_where_the_network_tells_no_move_apart_the_heuristics_move_is_played(tmp_path: Path) -> None:
    weights = flat_values(tmp_path, 0.0, 0.3)
    assert isinstance(weights_at(weights), TurnValue)
    player = make_bot(f"learned(weights={weights})", KINGS, 0, 1)
    heuristic = [make_bot("kings_in_the_corner-heuristic", KINGS, s, 1) for s in range(2)]
    choices = 0
    for seed in range(4):
        state = KINGS.new_state(KINGS.options(players=2), seed)
        while (seat := state.to_act()) is not None and not state.hand_over():
            obs = state.observation(seat)
            move = heuristic[seat].choose(obs)
            if seat == 0 and len(obs["legal_actions"]) > 1:
                assert player.choose(obs) == move
                choices += 1
            state.apply_text(move)
    assert choices > 20


def test_a_turn_that_ends_the_hand_counts_its_real_margin(tmp_path: Path) -> None:
    """A network that values every unfinished turn at -100 points leaves a move that wins the
    hand at once the only one worth playing, whatever the heuristic would do."""
    weights = flat_values(tmp_path, -100.0, 0.0)
    player = make_bot(f"learned(weights={weights})", KINGS, 0, 1)
    assert isinstance(player, LearnedBot)
    found = 0
    for seed in range(40):
        state = KINGS.new_state(KINGS.options(players=2), seed)
        heuristic = [make_bot("kings_in_the_corner-heuristic", KINGS, s, 1) for s in range(2)]
        while (seat := state.to_act()) is not None and not state.hand_over():
            obs = state.observation(seat)
            if seat == 0 and len(obs["hand"]) == 1 and any(a.startswith("play") for a in obs["legal_actions"]):
                move = player.choose(obs)
                assert move.startswith("play"), "the last card played ends the hand, won"
                found += 1
            state.apply_text(heuristic[seat].choose(obs))
    assert found > 0


@pytest.mark.parametrize(("flags", "message"), [
    (["--keep", "0"], "--keep above 0"),
    (["--worlds", "0"], "--worlds at least 1"),
])
def test_the_method_refuses_what_it_cannot_use(tmp_path: Path, flags: list[str], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        run(build_parser().parse_args([*TRAIN, "--out", str(tmp_path), *flags]))


@pytest.mark.parametrize("flags", [["--prior"], ["--heuristic-share", "0.5"], ["--resume", "checkpoint.npz"]])
def test_the_policy_methods_flags_are_not_its_own(
    tmp_path: Path, flags: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit:
        main([*TRAIN, "--out", str(tmp_path), *flags])
    assert exit.value.code == 2 and f"unrecognized arguments: {flags[0]}" in capsys.readouterr().err


def test_its_settings_need_the_method(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["train", "ribs", "--hands", "8", "--worlds", "3", "--out", str(tmp_path)])
    assert "unrecognized arguments: --worlds" in capsys.readouterr().err


def test_the_value_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    params = init_params(5, (4,), 1, rng)
    del params["wp"], params["bp"]
    x = rng.normal(size=(6, 5)).astype(np.float32)
    target = np.array([10.0, 11.0, 12.0, -5.0, -4.0, -6.0], np.float32)

    def loss(p: dict[str, np.ndarray]) -> float:
        _, value = hidden_and_value(p, x)
        return float(((value - target) ** 2).mean())

    _, grads = value_gradients(params, x, target)
    for key in ("w0", "b0", "wv", "bv"):
        bumped = {k: v.astype(np.float64).copy() for k, v in params.items()}
        bumped[key].flat[1 % bumped[key].size] += 1e-3
        lowered = {k: v.astype(np.float64).copy() for k, v in params.items()}
        lowered[key].flat[1 % lowered[key].size] -= 1e-3
        numeric = (loss(bumped) - loss(lowered)) / 2e-3
        assert numeric == pytest.approx(float(grads[key].flat[1 % grads[key].size]), rel=2e-2, abs=1e-4)


def test_a_player_may_override_the_weights_worlds_and_bonus(tmp_path: Path) -> None:
    """Values of 0 everywhere and a bonus of 0 leave every move tied (the first is played);
    a bonus given to the bot makes it the heuristic again."""
    weights = flat_values(tmp_path, 0.0, 0.0)
    tied = make_bot(f"learned(weights={weights}, worlds=2)", KINGS, 0, 1)
    bonus = make_bot(f"learned(weights={weights}, bonus=1)", KINGS, 0, 1)
    heuristic = make_bot("kings_in_the_corner-heuristic", KINGS, 0, 1)
    differ = 0
    for seed in range(4):
        state = KINGS.new_state(KINGS.options(players=2), seed)
        others = make_bot("kings_in_the_corner-heuristic", KINGS, 1, 1)
        while (seat := state.to_act()) is not None and not state.hand_over():
            obs = state.observation(seat)
            move = (heuristic if seat == 0 else others).choose(obs)
            if seat == 0 and len(obs["legal_actions"]) > 1:
                assert bonus.choose(obs) == move
                differ += tied.choose(obs) != move
            state.apply_text(move)
    assert differ > 0
    with pytest.raises(OptionsError, match="worlds must be a number from 1"):
        make_bot(f"learned(weights={weights}, worlds=0)", KINGS, 0, 1)
    with pytest.raises(OptionsError, match="bonus must be a number"):
        make_bot(f"learned(weights={weights}, bonus=lots)", KINGS, 0, 1)
