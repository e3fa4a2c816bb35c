"""The turn-value method (`parlour train --method turn-value`) and the player its weights
make: seeded runs give the same weights, the player plays legal moves, and it values a
move by where the seat's turn ends, the heuristic's move first when nothing tells them apart."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.bots import make_bot
from parlour.bots.learned import LearnedBot, TurnValue, judged, policy_at
from parlour.bots.network import hidden_and_value, init_params, load, save
from parlour.cli import build_parser, main
from parlour.engine import OptionsError
from parlour.games import get_game
from parlour.train import run
from parlour.train_value import (
    PAIRED_ANCHOR,
    ValueTask,
    around_decisions,
    mean_played_out,
    played_out,
    sampled_worlds,
    turn_end_rows,
    value_gradients,
)

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
    assert isinstance(policy_at(weights), TurnValue)
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
    (["--prior"], "does not take --prior"),
    (["--heuristic-share", "0.5"], "does not take --heuristic-share"),
    (["--keep", "0"], "--keep above 0"),
    (["--moves", "4"], "--moves needs --paired"),
    (["--paired", "--moves", "1"], "at least 2"),
    (["--sampled", "4"], "--sampled needs --paired"),
    (["--paired", "--sampled", "0"], "--sampled needs --paired and is at least 1"),
])
def test_the_method_refuses_what_it_cannot_use(tmp_path: Path, flags: list[str], message: str) -> None:
    with pytest.raises(OptionsError, match=message):
        run(build_parser().parse_args([*TRAIN, "--out", str(tmp_path), *flags]))


def test_its_settings_need_the_method(tmp_path: Path) -> None:
    with pytest.raises(OptionsError, match="only with --method turn-value"):
        run(build_parser().parse_args(["train", "ribs", "--hands", "8", "--worlds", "3", "--out", str(tmp_path)]))


MIGHTY = get_game("mighty")
PAIRED = ["train", "mighty", "--method", "turn-value", "--paired", "--only", "play", "--hands", "20", "--keep", "0.2",
          "--hidden", "16", "--epochs", "1", "--eval-hands", "2", "--minibatch", "64"]


def test_paired_rows_are_every_move_of_a_judged_decision_played_out_alike() -> None:
    """Each kept decision is a play of the cards (`--only play`) with a choice, and gives one
    row per legal move; a move played out again with the same seed ends the same."""
    rows, targets, hands, decisions = turn_end_rows(ValueTask("mighty", 3, 0, 6, 0.0, 0.3, True, ("play",)))
    assert len(rows) == len(targets) == len(hands) == len(decisions) > 20
    sizes = np.bincount(decisions)
    assert sizes.min() >= 2 and len(sizes) == decisions.max() + 1
    assert all(np.all(hands[decisions == d] == hands[decisions == d][0]) for d in range(len(sizes)))
    few = turn_end_rows(ValueTask("mighty", 3, 0, 6, 0.0, 0.5, True, ("bid", "pass"), 3))[3]
    assert len(few) > 6 and set(np.bincount(few)) <= {2, 3} and 3 in set(np.bincount(few)), "41 bids, 3 played out"
    state = MIGHTY.new_state(MIGHTY.options(players=5), 7)
    bots = [make_bot("mighty-heuristic", MIGHTY, s, s) for s in range(5)]
    while (seat := state.to_act()) is not None:
        legal = state.observation(seat)["legal_actions"]
        if len(legal) > 1 and judged(legal, ("play",)):
            break
        state.apply_text(bots[seat].choose(state.observation(seat)))
    assert state.to_act() is not None
    outcomes = [played_out(MIGHTY, "mighty-heuristic", state, seat, move, 11, 5) for move in legal]
    again = [played_out(MIGHTY, "mighty-heuristic", state, seat, move, 11, 5) for move in legal]
    assert [o[1] for o in outcomes if o] == [o[1] for o in again if o]
    assert all(o is not None and o[0]["seat"] == seat for o in outcomes)


def test_sampled_targets_are_the_mean_margin_over_deals_the_seat_cannot_tell_from_the_true_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--sampled K`: each move is played out in the same K deals sampled from the seat's
    observation (never the true deal itself), and its target is their mean margin; the
    row is the seat's view, which is the same in every such deal."""
    import parlour.train_value

    state = MIGHTY.new_state(MIGHTY.options(players=5), 7)
    bots = [make_bot("mighty-heuristic", MIGHTY, s, s) for s in range(5)]
    while (seat := state.to_act()) is not None:
        observation = state.observation(seat, views=False)
        if len(observation["legal_actions"]) > 1 and judged(observation["legal_actions"], ("play",)):
            break
        state.apply_text(bots[seat].choose(state.observation(seat)))
    assert seat is not None
    assert sampled_worlds(MIGHTY, state, observation, 0, 5) == [state]
    worlds = sampled_worlds(MIGHTY, state, observation, 3, 5)
    again = sampled_worlds(MIGHTY, state, observation, 3, 5)
    assert len(worlds) == 3 and all(w is not state for w in worlds)
    assert [w.hands for w in worlds] == [w.hands for w in again]
    assert len({str(w.hands) for w in worlds}) > 1
    move = observation["legal_actions"][0]
    each = [played_out(MIGHTY, "mighty-heuristic", w, seat, move, 11, 5) for w in worlds]
    view, mean = mean_played_out(MIGHTY, "mighty-heuristic", worlds, seat, move, 11, 5)
    assert mean == pytest.approx(np.mean([o[1] for o in each if o]))
    assert all(o is not None and o[0] == view for o in each)
    seen: list[int] = []
    played = parlour.train_value.played_out

    def counted(game, heuristic, world, *rest):  # type: ignore[no-untyped-def]
        seen.append(id(world))
        return played(game, heuristic, world, *rest)

    monkeypatch.setattr(parlour.train_value, "played_out", counted)
    rows = turn_end_rows(ValueTask("mighty", 3, 0, 2, 0.0, 0.3, True, ("play",), 0, 2))[3]
    assert len(rows) and len(seen) == 2 * len(rows), "every move of a kept decision, in each of 2 deals"


def test_the_paired_error_is_measured_around_each_decision() -> None:
    """The gradient the fit follows is the error's: checked against finite differences on a
    tiny network, with two decisions whose rows share a large offset the fit must ignore."""
    rng = np.random.default_rng(0)
    params = init_params(5, (4,), 1, rng)
    del params["wp"], params["bp"]
    x = rng.normal(size=(6, 5)).astype(np.float32)
    target = np.array([10.0, 11.0, 12.0, -5.0, -4.0, -6.0], np.float32)
    decisions = np.array([0, 0, 0, 1, 1, 1])

    def loss(p: dict[str, np.ndarray]) -> float:
        _, value = hidden_and_value(p, x)
        error = value - target
        centred = around_decisions(error, decisions)
        return float((centred**2).mean() + PAIRED_ANCHOR * (error**2).mean())

    _, grads = value_gradients(params, x, target, decisions)
    for key in ("w0", "wv"):
        bumped = {k: v.astype(np.float64).copy() for k, v in params.items()}
        bumped[key].flat[1] += 1e-3
        lowered = {k: v.astype(np.float64).copy() for k, v in params.items()}
        lowered[key].flat[1] -= 1e-3
        numeric = (loss(bumped) - loss(lowered)) / 2e-3
        assert numeric == pytest.approx(float(grads[key].flat[1]), rel=2e-2, abs=1e-4)
    assert np.allclose(around_decisions(target, decisions), [-1, 0, 1, 0, 1, -1])


def test_a_paired_run_is_seeded_and_its_player_leaves_other_decisions_to_the_heuristic(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main([*PAIRED, "--seed", "4", "--out", str(tmp_path / "a")]) == 0
    assert main([*PAIRED, "--seed", "4", "--jobs", "2", "--out", str(tmp_path / "b")]) == 0
    first, meta = load(tmp_path / "a" / "mighty-5.npz")
    again, _ = load(tmp_path / "b" / "mighty-5.npz")
    assert meta["only"] == ["play"] and meta["training"]["paired"] is True
    for key in first:
        np.testing.assert_array_equal(first[key], again[key])
    rng = np.random.default_rng(1)
    monkeypatch.setattr(TurnValue, "values", lambda self, views: rng.normal(0, 1000, len(views)).astype(np.float32))
    weights = str(tmp_path / "a" / "mighty-5.npz")
    player = make_bot(f"learned(weights={weights})", MIGHTY, 0, 5)
    heuristic = [make_bot("mighty-heuristic", MIGHTY, s, 5) for s in range(5)]
    judged_differ = other_decisions = 0
    for seed in range(6):
        state = MIGHTY.new_state(MIGHTY.options(players=5), seed)
        while (seat := state.to_act()) is not None and not state.hand_over():
            obs = state.observation(seat)
            move = heuristic[seat].choose(obs)
            if seat == 0 and len(obs["legal_actions"]) > 1:
                mine = player.choose(obs)
                assert mine in obs["legal_actions"]
                if judged(obs["legal_actions"], ("play",)):
                    judged_differ += mine != move
                else:
                    assert mine == move
                    other_decisions += 1
            state.apply_text(move)
    assert judged_differ > 5 and other_decisions > 0


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
