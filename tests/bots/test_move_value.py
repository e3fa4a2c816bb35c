"""`parlour train --method move-value` (parlour.training.move_value): the fit finds what a fact is
worth through the deal's luck, the choices honour the heuristic's bonus, and a run's
weights play legal, seeded moves without the research tensor."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from parlour.bots import make_bot
from parlour.bots.network import load
from parlour.cli import main
from parlour.games import get_game
from parlour.training.move_value import Layout, MoveData, MoveTask, fit_move_values, move_rows


def planted(decisions: int, worth: np.ndarray, seed: int) -> MoveData:
    """Decisions of three moves, each move two facts of `worth`, its margin their sum plus
    the deal's luck (shared by the decision's moves, ten times the facts' spread) and a
    little noise of its own; the heuristic's move is the first."""
    rng = np.random.default_rng(seed)
    features = rng.integers(0, len(worth) - 1, size=(decisions * 3, 2))
    luck = np.repeat(rng.normal(0, 10, decisions), 3)
    margins = worth[features].sum(axis=1) + luck + rng.normal(0, 0.1, decisions * 3)
    return MoveData(np.arange(decisions), np.full(decisions, 3), np.zeros(decisions, np.int64), margins.astype(np.float32),
                    np.full(decisions * 3, 2), features.reshape(-1))


def test_the_fit_finds_each_facts_worth_through_the_deals_luck() -> None:
    worth = np.r_[np.linspace(-1, 1, 12), 0.0]
    layout = Layout(planted(3000, worth, 0))
    weights = fit_move_values(layout, len(worth))
    found = weights[:-1] - weights[:-1].mean()
    np.testing.assert_allclose(found, worth[:-1] - worth[:-1].mean(), atol=0.05)
    assert layout.error(weights) < 0.05
    departs, gain, _ = Layout(planted(500, worth, 1)).gain(weights, 0.0)
    best = Layout(planted(500, worth, 1)).gain(np.r_[worth[:-1], 0.0], 0.0)
    assert departs > 0.5 and gain == pytest.approx(best[1], abs=0.01) and gain > 0.3


def test_the_bonus_keeps_the_heuristics_move_unless_another_is_worth_more() -> None:
    data = MoveData(np.array([0, 1]), np.array([2, 2]), np.array([0, 1]), np.array([0.0, 1.0, 0.0, 1.0], np.float32),
                    np.array([1, 1, 1, 1]), np.array([0, 1, 0, 1]))
    layout = Layout(data)
    weights = np.array([0.0, 0.25, 0.0])
    assert layout.choices(weights, 0.0).tolist() == [1, 1]
    assert layout.choices(weights, 0.5).tolist() == [0, 1]
    departs, gain, _ = layout.gain(weights, 0.5)
    assert departs == 0.0 and gain == 0.0
    assert layout.gain(weights, 0.0)[:2] == (0.5, 0.5)


def test_every_move_of_a_decision_is_played_out_in_the_same_deal() -> None:
    """The decisions of a Mighty hand: the heuristic's move is marked by the prior's fact,
    each move carries its move facts, and the moves' margins differ at some decisions
    (the playouts really differ by the move)."""
    data = move_rows(MoveTask("mighty(players=5)", 0, 0, 1, 1.0, ("play",), True))
    assert len(data.counts) >= 5 and (data.counts >= 2).all()
    prior_fact = 2048
    starts = np.cumsum(data.feature_counts) - data.feature_counts
    entry_starts = np.cumsum(data.counts) - data.counts
    for d, first in enumerate(entry_starts):
        marked = [prior_fact in data.features[starts[e] : starts[e] + data.feature_counts[e]] for e in range(first, first + data.counts[d])]
        assert marked.index(True) == data.prior[d] and marked.count(True) == 1
    assert (data.feature_counts >= 14).all()
    spread = [np.ptp(data.margins[s : s + c]) for s, c in zip(entry_starts, data.counts, strict=True)]
    assert max(spread) > 0


def test_a_move_value_run_writes_weights_that_play_without_the_tensor(tmp_path: Path) -> None:
    assert main(["train", "mighty", "--method", "move-value", "--only", "play", "--hands", "20", "--keep", "0.5",
                 "--epochs", "1", "--eval-hands", "2", "--seed", "3", "--out", str(tmp_path)]) == 0
    params, meta = load(tmp_path / "mighty-5.npz")
    assert set(params) == {"bp"} and meta["move_facts"] is True and meta["only"] == ["play"] and meta["kind"] == "move_value"
    assert meta["training"]["method"] == "move-value" and meta["training"]["bonus"] == 0.1
    assert (tmp_path / "curve.png").is_file()
    game = get_game("mighty")
    spec = f"learned(weights={tmp_path / 'mighty-5.npz'})"
    for seed in range(2):
        moves = []
        for _ in range(2):
            state = game.new_state(game.options(players=5), seed)
            bots = [make_bot(spec, game, s, 7) for s in range(5)]
            while not state.hand_over():
                seat = state.to_act()
                observation = state.observation(seat)
                move = bots[seat].choose(observation)
                assert seat is not None and (move in observation["legal_actions"] or observation["phase"] != "play")
                state.apply_text(move)
                moves.append(move)
        assert moves[: len(moves) // 2] == moves[len(moves) // 2 :]


def test_move_value_refuses_the_other_methods_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        main(["train", "mighty", "--method", "move-value", "--hands", "20", "--hidden", "8", "--out", str(tmp_path)])
    assert exit.value.code == 2 and "unrecognized arguments: --hidden" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "mighty", "--method", "move-value", "--out", str(tmp_path)])
    assert "required: --hands" in capsys.readouterr().err
    assert main(["train", "mighty", "--method", "move-value", "--hands", "10", "--out", str(tmp_path)]) != 0
    assert "needs --hands, at least 20" in capsys.readouterr().err
    assert main(["train", "mighty", "--method", "move-value", "--hands", "20", "--keep", "0", "--out", str(tmp_path)]) != 0
    assert "--keep above 0" in capsys.readouterr().err


@pytest.mark.parametrize("backend", ["local", "ray"])
def test_a_move_value_run_gives_the_same_weights_with_more_workers_or_ray(tmp_path: Path, backend: str) -> None:
    if backend == "ray":
        pytest.importorskip("ray", reason="Ray is not installed here (pip install -e '.[ray]')")
    args = ["train", "pitch", "--method", "move-value", "--only", "play", "--hands", "50", "--epochs", "1",
            "--eval-hands", "2", "--seed", "4"]
    assert main([*args, "--jobs", "1", "--out", str(tmp_path / "one")]) == 0
    assert main([*args, "--jobs", "2", "--backend", backend, "--out", str(tmp_path / "two")]) == 0
    one, meta = load(tmp_path / "one" / "pitch-4.npz")
    two, _ = load(tmp_path / "two" / "pitch-4.npz")
    np.testing.assert_array_equal(one["bp"], two["bp"])
    assert meta["move_facts"] is False and np.count_nonzero(one["bp"][:-1]) > 10
