"""The learned players: the network's gradients, training runs, checkpoints and resumes
the same, and the weights (shipped or trained) play legal, seeded moves."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from parlour.bots import make_bot
from parlour.bots.learned import (
    LearnedBot,
    Policy,
    head_logits,
    read_weights,
    shipped_tables,
    weights_path,
)
from parlour.bots.network import (
    THREAD_COUNT_SETTINGS,
    blas_on_one_thread,
    forward,
    hidden_and_value,
    init_params,
    load,
    save,
)
from parlour.cli import main
from parlour.engine import OptionsError
from parlour.games import get_game
from parlour.simulate import TaskRunner, play_hand
from parlour.training.policy import Experience, gradients

TRAIN = ["train", "ribs", "--players", "4", "--batch", "8", "--hidden", "16", "--eval-hands", "4", "--minibatch", "64"]


def loss(params: dict[str, np.ndarray], x: np.ndarray, legal: list[list[np.ndarray]], action: np.ndarray,
         logp_old: np.ndarray, advantage: np.ndarray, target: np.ndarray) -> float:
    """The loss `gradients` differentiates, written plainly (clip 0.2, value 0.5, entropy
    0.01), an action's logit the sum of its head outputs."""
    outputs, value = forward(params, x)
    policy, entropy = [], []
    for r, actions in enumerate(legal):
        z = np.array([outputs[r, h].sum() for h in actions], np.float64)
        p = np.exp(z - z.max())
        p /= p.sum()
        logp = np.log(p[action[r]])
        ratio = np.exp(logp - logp_old[r])
        policy.append(-min(ratio * advantage[r], np.clip(ratio, 0.8, 1.2) * advantage[r]))
        entropy.append(-(p * np.log(p)).sum())
    return float(np.mean(policy) + 0.5 * ((value - target) ** 2).mean() - 0.01 * np.mean(entropy))


def log_softmax(z: np.ndarray) -> np.ndarray:
    z = z - z.max()
    return z - np.log(np.exp(z).sum())


def experience(x: np.ndarray, legal: list[list[np.ndarray]], action: np.ndarray, logp_old: np.ndarray) -> Experience:
    heads = [h for actions in legal for h in actions]
    return Experience(
        x, action, logp_old, np.zeros(len(action), np.float32), np.array([len(a) for a in legal]),
        np.array([len(h) for h in heads]), np.concatenate(heads), [],
    )


@pytest.mark.parametrize("head", ["actions", "features"])
def test_gradients_match_finite_differences(head: str) -> None:
    rng = np.random.default_rng(3)
    params = init_params(5, (7, 6), 4, rng)
    params["wp"] *= 50
    params["wv"] *= 50
    x = rng.standard_normal((6, 5)).astype(np.float32)
    if head == "actions":
        legal = [[np.array([a]) for a in row] for row in [[0, 1, 3]] * 3 + [[1, 2, 3]] * 3]
        action = np.array([0, 1, 2, 0, 1, 2])
    else:  # actions sharing outputs, one output counted twice, rows of 2 to 4 actions
        legal = [[np.array(h) for h in row] for row in [
            [[0, 1], [1, 2, 2], [3]], [[0], [0, 3]], [[2, 1], [1], [3, 0, 1], [2]],
            [[3, 3], [0, 1]], [[1], [2], [3]], [[0, 2], [1, 3]],
        ]]
        action = np.array([1, 0, 3, 1, 2, 0])
    advantage = rng.standard_normal(6).astype(np.float32)
    target = rng.standard_normal(6).astype(np.float32)
    outputs, _ = forward(params, x)
    logp_old = np.array([log_softmax(np.array([outputs[r, h].sum() for h in actions]))[action[r]]
                         for r, actions in enumerate(legal)], np.float32) + np.float32(0.05)
    grads, _ = gradients(params, experience(x, legal, action, logp_old), advantage, target, 0.01)
    wide = {k: v.astype(np.float64) for k, v in params.items()}
    for key in ("w0", "b1", "wp", "bp", "bv"):
        flat = wide[key].reshape(-1)
        for i in range(0, flat.size, max(1, flat.size // 5)):
            keep = flat[i]
            flat[i] = keep + 1e-5
            up = loss(wide, x, legal, action, logp_old, advantage, target)
            flat[i] = keep - 1e-5
            down = loss(wide, x, legal, action, logp_old, advantage, target)
            flat[i] = keep
            assert grads[key].reshape(-1)[i] == pytest.approx((up - down) / 2e-5, rel=2e-2, abs=1e-4)


def test_experience_rows_gathers_the_ragged_legal_actions() -> None:
    legal = [[np.array([r, 10 + k]) for k in range(r + 1)] for r in range(4)]
    whole = experience(np.arange(4, dtype=np.float32)[:, None], legal, np.zeros(4, np.int64), np.zeros(4, np.float32))
    part = whole.rows(np.array([3, 1]))
    assert part.counts.tolist() == [4, 2]
    assert part.features.tolist() == [3, 10, 3, 11, 3, 12, 3, 13, 1, 10, 1, 11]
    assert part.x[:, 0].tolist() == [3, 1]


def test_training_checkpoints_and_resumes_to_the_same_weights(tmp_path: Path) -> None:
    straight, first = tmp_path / "straight", tmp_path / "first"
    assert main([*TRAIN, "--hands", "16", "--out", str(straight)]) == 0
    assert main([*TRAIN, "--hands", "8", "--out", str(first)]) == 0
    assert main([*TRAIN, "--hands", "8", "--out", str(first), "--resume", str(first / "checkpoint.npz")]) == 0
    one, meta = load(straight / "ribs-4.npz")
    two, meta_two = load(first / "ribs-4.npz")
    assert meta["training"]["hands"] == meta_two["training"]["hands"] == 16
    for key in one:
        np.testing.assert_array_equal(one[key], two[key])
    fresh, _ = load(tmp_path / "first" / "checkpoint.npz")
    assert not np.array_equal(fresh["w0"], init_params(fresh["w0"].shape[0], (16,), len(fresh["bp"]), np.random.default_rng([0, 0]))["w0"])
    assert (straight / "curve.png").stat().st_size > 0


def test_ray_backend_trains_the_same_weights(tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is not installed here (pip install -e '.[ray]')")
    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path / "local"), "--jobs", "2"]) == 0
    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path / "ray"), "--backend", "ray", "--jobs", "1"]) == 0
    local, _ = load(tmp_path / "local" / "ribs-4.npz")
    on_ray, _ = load(tmp_path / "ray" / "ribs-4.npz")
    for key in local:
        np.testing.assert_array_equal(local[key], on_ray[key])


def test_resume_refuses_another_table(tmp_path: Path) -> None:
    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path)]) == 0
    with pytest.raises(OptionsError, match="checkpoint is of ribs"):
        from parlour.cli import build_parser
        from parlour.training import run

        run(build_parser().parse_args([*TRAIN[:2], "--players", "5", "--resume", str(tmp_path / "checkpoint.npz")]))


def moves(spec: str, game_name: str, players: int, seed: int, *, shipped: bool = False, **options: object) -> list[str]:
    """The moves of seat 0 playing `spec` against random players for one hand; `shipped`:
    every choice with a rival is played by the package's weights, not by the heuristic a
    learned player falls back on where its weights do not fit."""
    game = get_game(game_name)
    state = game.new_state(game.options(players=players, **options), seed)
    chosen: list[str] = []
    bot = make_bot(spec, game, 0, seed)

    class Recorder:
        def choose(self, observation: dict) -> str:
            text = bot.choose(observation)
            assert text in observation["legal_actions"]
            if shipped and len(observation["legal_actions"]) > 1:
                assert isinstance(bot, LearnedBot) and bot.weights_for(observation) is not None
            chosen.append(text)
            return text

    others = [make_bot("random", game, s, s) for s in range(1, players)]
    play_hand(state, [Recorder(), *others])  # type: ignore[list-item]
    return chosen


@pytest.mark.parametrize(("game_name", "players"), shipped_tables())
def test_shipped_weights_load_and_play_legal_seeded_moves(game_name: str, players: int) -> None:
    params, meta = load(weights_path(game_name, players))
    assert meta["game"] == game_name and meta["options"]["players"] == players
    if meta["kind"] == "turn_value":
        assert "bp" not in params and params["bv"].shape == (1,), "a value network alone"
    elif meta["kind"] == "move_value":
        assert set(params) == {"bp"} and params["bp"].shape == (meta["buckets"] + 1,), "a number a fact, the prior's last"
    else:
        assert meta["kind"] == "policy"
        outputs = len(meta["actions"]) if meta["head"] == "actions" else meta["buckets"]
        assert params["bp"].shape == (outputs + (meta["prior"] is not None),)
    assert weights_path(game_name, players).stat().st_size < 5_000_000
    for spec in ("learned", "learned(temperature=1)"):
        assert moves(spec, game_name, players, 5, shipped=True) == moves(spec, game_name, players, 5)


def test_trained_weights_play_and_search_with_them(tmp_path: Path) -> None:
    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path)]) == 0
    weights = tmp_path / "ribs-4.npz"
    sampled = moves(f"learned(weights={weights}, temperature=1)", "ribs", 4, 2)
    assert sampled == moves(f"learned(weights={weights}, temperature=1)", "ribs", 4, 2)
    search = f"ismcts(model=learned(weights={weights}), iterations=12, reward=margin)"
    assert moves(search, "ribs", 4, 3) == moves(search, "ribs", 4, 3)
    mixed = f"ismcts(model=learned(weights={weights}), opponents=ribs-heuristic, iterations=8, reward=margin)"
    assert make_bot(mixed, get_game("ribs"), 2, 0).search.rollout_bots[1].name == "ribs-heuristic"
    with pytest.raises(OptionsError, match="trained for ribs"):
        moves(f"learned(weights={weights})", "ribs", 5, 1)


def test_weights_are_read_as_the_kind_their_file_says(tmp_path: Path) -> None:
    """A weights file says what it holds; the player reads it as that kind and refuses a
    file that does not say, rather than guessing from the arrays inside."""
    assert main([*TRAIN, "--hands", "0", "--out", str(tmp_path)]) == 0
    params, meta = load(tmp_path / "ribs-4.npz")
    assert meta["kind"] == "policy" and isinstance(read_weights(tmp_path / "ribs-4.npz"), Policy)
    save(tmp_path / "unmarked.npz", params, {key: value for key, value in meta.items() if key != "kind"})
    with pytest.raises(OptionsError, match="does not say which kind"):
        make_bot(f"learned(weights={tmp_path / 'unmarked.npz'})", get_game("ribs"), 0, 1)
    save(tmp_path / "other.npz", params, {**meta, "kind": "imitation"})
    with pytest.raises(OptionsError, match="one of policy, move_value, turn_value"):
        read_weights(tmp_path / "other.npz")


def test_learned_without_weights_plays_the_heuristic() -> None:
    """Weights are per table and rules: under rules they were not trained for, the learned
    player is its game's heuristic."""
    assert ("ribs", 4) in shipped_tables()
    other_rules = {"opening": "at_least_two"}
    assert moves("learned", "ribs", 4, 4, **other_rules) == moves("ribs-heuristic", "ribs", 4, 4, **other_rules)
    with pytest.raises(AssertionError):
        moves("learned", "ribs", 4, 4, shipped=True, **other_rules)


@pytest.mark.parametrize("game_name", ["ribs", "pitch", "yaniv"])
def test_the_keys_a_search_gives_the_learned_player_encode_as_the_whole_observation(game_name: str) -> None:
    """A search builds its model bots' observations with only the keys they read
    (`LearnedBot.READS`): the tensor must not change for it."""
    from parlour.bots.learned import ENCODER_READS
    from parlour.envs import encoder

    game = get_game(game_name)
    state = game.new_state(game.options(), 7)
    enc = encoder(game_name)
    rng = np.random.default_rng(7)
    for _ in range(40):
        seat = state.to_act()
        if seat is None or state.hand_over():
            break
        for s in range(state.options.players):
            np.testing.assert_array_equal(
                enc.encode(state.observation(s, views=False, keys=ENCODER_READS)), enc.encode(state.observation(s))
            )
        legal = state.legal_actions()
        state.apply(legal[int(rng.integers(len(legal)))])


def test_action_features_read_an_action_as_a_card_player_does() -> None:
    from parlour.bots.learned import action_features

    kings = action_features("meld KS KS* KH* KC*", 2048)
    assert len(kings) == len(action_features("meld QS QS* QH* QC*", 2048))
    shared = set(kings.tolist()) & set(action_features("meld KD KD* KH* KC*", 2048).tolist())
    assert len(shared) >= 6  # the verb, the shape, the card count, kings, hearts and clubs
    assert action_features("play 7H on N", 2048).tolist() != action_features("play 7H on S", 2048).tolist()
    assert kings.tolist().count(int(action_features("KC", 2048)[2])) == 1  # the king of clubs, once as a card


def test_a_features_head_learns_paks_which_lists_no_actions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Paks has no action universe: the features head scores its actions, and the weights
    play legal, seeded moves."""
    assert main(["train", "paks", "--head", "actions", "--hands", "8", "--out", str(tmp_path / "no")]) != 0
    assert "train it with --head features" in capsys.readouterr().err
    args = ["train", "paks", "--batch", "4", "--hidden", "16", "--eval-hands", "2", "--hands", "4"]
    assert main([*args, "--out", str(tmp_path / "a")]) == 0
    params, meta = load(tmp_path / "a" / "paks-2.npz")
    assert meta["head"] == "features" and params["bp"].shape == (meta["buckets"],)
    assert meta["kind"] == "policy" and meta["training"]["hands"] == 4
    weights = tmp_path / "a" / "paks-2.npz"
    spec = f"learned(weights={weights}, temperature=1)"
    assert moves(spec, "paks", 2, 4) == moves(spec, "paks", 2, 4)
    assert main([*args, "--out", str(tmp_path / "b")]) == 0
    again, _ = load(tmp_path / "b" / "paks-2.npz")
    for key in params:
        np.testing.assert_array_equal(params[key], again[key])


def test_a_prior_player_starts_as_the_heuristic_and_reads_its_move(tmp_path: Path) -> None:
    """`--prior`: untrained, the player makes the heuristic's every move (the prior's
    output starts high); the weights say which heuristic they read."""
    assert main(["train", "pitch", "--prior", "--hidden", "16", "--eval-hands", "2", "--hands", "0",
                 "--out", str(tmp_path)]) == 0
    params, meta = load(tmp_path / "pitch-4.npz")
    assert meta["prior"] == "pitch-heuristic" and params["bp"].shape == (len(meta["actions"]) + 1,)
    weights = tmp_path / "pitch-4.npz"
    assert moves(f"learned(weights={weights})", "pitch", 4, 6) == moves("pitch-heuristic", "pitch", 4, 6)
    sampled = f"learned(weights={weights}, temperature=2)"
    assert moves(sampled, "pitch", 4, 6) == moves(sampled, "pitch", 4, 6)


def test_resume_refuses_changed_settings_and_keeps_the_rest(tmp_path: Path) -> None:
    """A resumed run goes on with its checkpoint's settings: a flag asking for another
    setting is refused with the setting it was trained with, not silently ignored (it was,
    and a resumed Ribs run trained on at the old share of heuristic seats)."""
    from parlour.cli import build_parser
    from parlour.training import run

    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path)]) == 0
    checkpoint = str(tmp_path / "checkpoint.npz")
    with pytest.raises(OptionsError, match=r"--heuristic-share 0\.5.*--lr 0\.001"):
        run(build_parser().parse_args([*TRAIN, "--hands", "8", "--out", str(tmp_path), "--resume", checkpoint,
                                       "--heuristic-share", "0.8", "--lr", "0.01"]))
    assert main([*TRAIN, "--hands", "8", "--out", str(tmp_path), "--resume", checkpoint, "--heuristic-share", "0.5"]) == 0


def test_a_resumed_run_measures_its_curve_with_the_checkpoints_seed_and_hands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A resume given neither `--seed` nor `--eval-hands` measures its points as the
    checkpoint's run did: on the same duplicate deals, as many of them."""
    args = ["train", "ribs", "--players", "4", "--batch", "8", "--hidden", "16", "--minibatch", "64", "--eval-every", "8"]
    assert main([*args, "--seed", "3", "--eval-hands", "6", "--hands", "16", "--out", str(tmp_path / "straight")]) == 0
    assert main([*args, "--seed", "3", "--eval-hands", "6", "--hands", "8", "--out", str(tmp_path / "first")]) == 0
    capsys.readouterr()
    checkpoint = str(tmp_path / "first" / "checkpoint.npz")
    assert main(["train", "ribs", "--players", "4", "--hands", "8", "--out", str(tmp_path / "first"), "--resume", checkpoint]) == 0
    assert "over 6 duplicate hands" in capsys.readouterr().out
    _, straight = load(tmp_path / "straight" / "ribs-4.npz")
    _, resumed = load(tmp_path / "first" / "ribs-4.npz")
    assert [(p["hands"], p["margin"], p["half"]) for p in straight["training"]["curve"]] == [
        (p["hands"], p["margin"], p["half"]) for p in resumed["training"]["curve"]]


def test_a_run_starts_from_trained_weights_with_its_own_settings(tmp_path: Path) -> None:
    """`--start`: a new run begins from a trained player's weights, where a resume would
    keep the old run's settings, so a player can be trained on against more heuristics or
    with smaller steps. It plays as they did until it trains, records where it began, and
    refuses weights of another network or table."""
    from parlour.cli import build_parser
    from parlour.training import run

    first = tmp_path / "first"
    assert main([*TRAIN, "--hands", "16", "--out", str(first)]) == 0
    trained, trained_meta = load(first / "ribs-4.npz")
    again = tmp_path / "again"
    assert main([*TRAIN, "--hands", "0", "--seed", "3", "--heuristic-share", "0.9", "--lr", "0.0003",
                 "--start", str(first / "ribs-4.npz"), "--out", str(again)]) == 0
    copied, meta = load(again / "ribs-4.npz")
    for key in trained:
        np.testing.assert_array_equal(copied[key], trained[key])
    assert meta["scale"] == trained_meta["scale"]
    assert meta["training"]["started_from"]["hands"] == 16
    assert meta["training"]["settings"]["heuristic_share"] == 0.9
    on = tmp_path / "on"
    assert main([*TRAIN, "--hands", "8", "--heuristic-share", "0.9", "--start", str(first / "ribs-4.npz"), "--out", str(on)]) == 0
    moved, _ = load(on / "ribs-4.npz")
    assert not np.array_equal(moved["w0"], trained["w0"])
    for wrong, message in (
        (["--hidden", "8"], "another network"),
        (["--players", "5"], "are of ribs"),
        (["--resume", str(first / "checkpoint.npz")], "not with --resume"),
    ):
        with pytest.raises(OptionsError, match=message):
            run(build_parser().parse_args([*TRAIN, "--hands", "0", "--start", str(first / "ribs-4.npz"),
                                           "--out", str(tmp_path / "no"), *wrong]))
    with pytest.raises(OptionsError, match="no weights"):
        run(build_parser().parse_args([*TRAIN, "--hands", "0", "--start", str(tmp_path / "none.npz"), "--out", str(tmp_path / "no")]))


def test_training_abandons_hands_the_rules_do_not_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Mighty deals again while all five pass, so learners that all pass would deal for
    ever; a training hand past the cap is dropped and counted. With the cap at 5 actions
    every hand is dropped, the run still ends, and the weights are the untrained ones."""
    import parlour.training.policy

    monkeypatch.setattr(parlour.training.policy, "UNBOUNDED_HAND_ACTIONS", 5)
    mighty = ["train", "mighty", "--hands", "4", "--batch", "2", "--hidden", "8", "--eval-hands", "1", "--head", "features",
              "--buckets", "16", "--out", str(tmp_path)]
    assert main(mighty) == 0
    _, meta = load(tmp_path / "mighty-5.npz")
    assert meta["training"]["abandoned"] == 4
    assert meta["training"]["hands"] == 4


def test_a_fresh_prior_player_is_the_heuristic_however_large_its_inputs(tmp_path: Path) -> None:
    """Untrained `--prior` weights play the heuristic's move at every decision, not only
    where the network's other outputs happen to be small. Six-Pack Bezique's tensor counts
    each seat's calls unscaled ("pass" after some fifty tricks reads 47), so late in a hand
    the random head's logits spread wider than the prior's start of 2; the fresh player
    then left the heuristic in about one decision in a hundred, and its first curve point was
    -105.8 over 300 duplicate hands instead of 0. The head now starts blind to the input."""
    assert main(["train", "six_pack_bezique", "--prior", "--eval-hands", "2", "--hands", "0",
                 "--out", str(tmp_path)]) == 0
    weights = tmp_path / "six_pack_bezique-2.npz"
    _, meta = load(weights)
    assert meta["training"]["curve"][0]["margin"] == 0.0
    game = get_game("six_pack_bezique")
    departures = []
    for seed in range(3):
        state = game.new_state(game.options(), seed)
        learned = make_bot(f"learned(weights={weights})", game, 0, seed)
        heuristic = [make_bot("six_pack_bezique-heuristic", game, s, seed) for s in range(2)]
        while (seat := state.to_act()) is not None:
            observation = state.observation(seat)
            move = heuristic[seat].choose(observation)
            if seat == 0 and learned.choose(observation) != move:
                departures.append((seed, observation["phase"], move))
            state.apply_text(move)
            if state.hand_over():
                break
    assert departures == []


def test_a_run_killed_after_a_point_of_its_curve_resumes_from_it_to_the_same_weights(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkpoint is written at every point of the curve, not only at the end: a run
    lost in its second round (a machine restarted under a long run) goes on from its
    first 8 hands to the weights and curve of a run never stopped."""
    import parlour.training.policy

    straight, killed = tmp_path / "straight", tmp_path / "killed"
    assert main([*TRAIN, "--hands", "16", "--eval-every", "8", "--out", str(straight)]) == 0
    learn = parlour.training.policy.learn
    rounds = iter(range(100))

    def learn_then_die(*args: object, **kwargs: object) -> None:
        if next(rounds) == 1:
            raise KeyboardInterrupt
        learn(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(parlour.training.policy, "learn", learn_then_die)
    assert main([*TRAIN, "--hands", "16", "--eval-every", "8", "--out", str(killed)]) == 130
    monkeypatch.setattr(parlour.training.policy, "learn", learn)
    _, lost = load(killed / "checkpoint.npz")
    assert lost["training"]["hands"] == 8 and [p["hands"] for p in lost["training"]["curve"]] == [0, 8]
    assert not list(killed.glob("*.part"))
    assert main([*TRAIN, "--hands", "8", "--out", str(killed), "--resume", str(killed / "checkpoint.npz")]) == 0
    one, meta = load(straight / "ribs-4.npz")
    two, meta_two = load(killed / "ribs-4.npz")
    for key in one:
        np.testing.assert_array_equal(one[key], two[key])

    def measured(curve: list[dict]) -> list[tuple[int, float, float]]:
        return [(p["hands"], p["margin"], p["half"]) for p in curve]  # not its wall-clock seconds

    assert measured(meta["training"]["curve"]) == measured(meta_two["training"]["curve"])


def test_a_save_that_fails_leaves_the_old_file_and_no_part(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Weights and checkpoints are written whole or not at all, and a write that fails
    midway (a full disk, a kill) leaves nothing half-written beside the old file."""
    from parlour.bots import network

    path = tmp_path / "w.npz"
    network.save(path, {"w0": np.ones((2, 2), np.float32)}, {"n": 1})

    def full_disk(*args: object, **kwargs: object) -> None:
        raise OSError("No space left on device")

    monkeypatch.setattr(network.np, "savez_compressed", full_disk)
    with pytest.raises(OSError):
        network.save(path, {"w0": np.zeros((2, 2), np.float32)}, {"n": 2})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["w.npz"]
    params, meta = load(path)
    assert meta == {"n": 1} and params["w0"].tolist() == [[1, 1], [1, 1]]


def blas_threads(_: object = None) -> list[int]:
    """The thread count of each BLAS library numpy loaded in this process."""
    return [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]


def test_numpy_runs_on_one_thread_in_the_command_and_its_workers_unless_a_count_is_chosen(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move's products are too small for threads, and a helper thread on a busy core
    spins: the `parlour` command and its worker processes keep BLAS on one thread. A
    count the person chose in the environment is left as it is."""
    for name in THREAD_COUNT_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    with threadpool_limits(2, user_api="blas"):
        if blas_threads() != [2]:
            pytest.skip("numpy's BLAS does not run on two threads here")
        monkeypatch.setenv("OMP_NUM_THREADS", "2")
        assert not blas_on_one_thread()
        assert blas_threads() == [2]
        monkeypatch.delenv("OMP_NUM_THREADS")
        with TaskRunner(jobs=2) as runner:
            assert runner.map(blas_threads, [0, 1], lambda k: None) == [[1], [1]]
        assert blas_threads() == [2]
        assert main(["rules", "cramps"]) == 0
        assert blas_threads() == [1]
    capsys.readouterr()


def test_an_actions_logit_is_the_sum_of_its_outputs_repeats_included() -> None:
    """The player and the trainer read an action's logit from the outputs it uses alone;
    it must equal the sum of those outputs of the whole head, an output named twice (a
    meld of two like cards) counted twice."""
    rng = np.random.default_rng(4)
    params = init_params(12, (8,), 40, rng)
    params["wp"] = rng.normal(size=params["wp"].shape).astype(np.float32)
    x = rng.random((1, 12)).astype(np.float32)
    heads = [np.array([3, 5, 5]), np.array([39]), np.array([0, 3]), np.array([5])]
    outputs, _ = forward(params, x)
    hidden, _ = hidden_and_value(params, x)
    assert np.allclose(head_logits(params, hidden[0], heads), [outputs[0, h].sum() for h in heads], atol=1e-5)
