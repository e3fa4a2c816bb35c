"""The tensor's contract: a layout's fingerprint in every weights file, env and record that
needs it, a mismatch refused by name, and the env modules named by the layout's version."""

from __future__ import annotations

import dataclasses
import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import parlour.envs
from parlour.bots import make_bot
from parlour.bots.learned import _weights, read_weights, shipped_tables, weights_path
from parlour.bots.network import load, save
from parlour.cli import main
from parlour.engine import OptionsError
from parlour.envs import contract
from parlour.envs.contract import LayoutMismatch, check, fingerprint, mismatch, unpublished_changes
from parlour.envs.layouts import Fact
from parlour.envs.tensors import Encoder, _fact_json, layout_fingerprint
from parlour.games import GAMES, get_game
from parlour.simulate import HandTask, play_hand, simulate_hand

RIBS = type(GAMES["ribs"])


@pytest.fixture
def ribs_v1(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Ribs' tensor as if its layout had been raised to version 1 (the fingerprints and
    the weights read once per process are forgotten before and after)."""
    contract._fingerprint.cache_clear()
    _weights.cache_clear()
    monkeypatch.setattr(RIBS, "tensor_version", 1)
    yield
    monkeypatch.undo()
    contract._fingerprint.cache_clear()
    _weights.cache_clear()
    for name in ("parlour.envs.ribs_v0", "parlour.envs.ribs_v1"):
        sys.modules.pop(name, None)
        parlour.envs.__dict__.pop(name.rpartition(".")[2], None)


def test_a_fingerprint_names_the_game_options_version_inputs_and_facts() -> None:
    found = fingerprint("ribs(players=6)")
    assert found == {
        "game": "ribs", "options": {"players": 6}, "version": 0,
        "inputs": parlour.envs.encoder("ribs(players=6)").size, "facts": found["facts"],
    }
    assert len(found["facts"]) == 8 and int(found["facts"], 16) >= 0
    assert fingerprint("ribs(players=4)")["facts"] != found["facts"]
    json.dumps(found)


def test_the_facts_hash_changes_with_a_section_and_not_with_its_words() -> None:
    game, options = GAMES["yaniv"], GAMES["yaniv"].Options(players=2)
    first = game.tensor_facts[0]

    class Reworded(type(game)):  # type: ignore[misc]
        tensor_facts = (dataclasses.replace(first, doc="other words"), *game.tensor_facts[1:])

    class Rescaled(type(game)):  # type: ignore[misc]
        tensor_facts = (dataclasses.replace(first, scale=first.scale * 2), *game.tensor_facts[1:])

    class Longer(type(game)):  # type: ignore[misc]
        tensor_facts = (*game.tensor_facts, Fact("extra", "number", "hand_number"))

    base = layout_fingerprint(Encoder(game, options))
    assert layout_fingerprint(Encoder(Reworded(), options)) == base
    assert layout_fingerprint(Encoder(Rescaled(), options))["facts"] != base["facts"]
    longer = layout_fingerprint(Encoder(Longer(), options))
    assert longer["facts"] != base["facts"] and longer["inputs"] == base["inputs"] + 2


def test_the_facts_hash_reads_every_field_of_a_fact_but_its_words() -> None:
    fields = {f.name for f in dataclasses.fields(Fact)}
    assert set(_fact_json(Fact("x", "number"))) == fields - {"doc"}


def test_every_games_layout_is_the_one_its_version_published() -> None:
    assert unpublished_changes() == []


def test_a_changed_tensor_under_the_same_version_is_caught_and_not_published(tmp_path: Path) -> None:
    known = contract.published()
    known["ribs"]["0"]["6"] = "00000000"
    problems = unpublished_changes(known)
    assert problems == [
        f"the Ribs tensor changed under layout v0 (at 6 players): raise {RIBS.__name__}.tensor_version to 1, "
        "then publish it (python -m parlour.envs.contract)"
    ]
    path = tmp_path / "published.json"
    path.write_text(json.dumps(known))
    with pytest.raises(LayoutMismatch, match="the Ribs tensor changed under layout v0 .at 6 players"):
        contract.publish(path)
    assert json.loads(path.read_text()) == known


def test_a_raised_version_is_published_beside_the_old_one(tmp_path: Path, ribs_v1: None) -> None:
    path = tmp_path / "published.json"
    path.write_text(contract.PUBLISHED.read_text())
    assert unpublished_changes(json.loads(path.read_text())) == [
        "ribs layout v1 is not published: python -m parlour.envs.contract"
    ]
    assert contract.publish(path) == ["ribs v1"]
    ribs = json.loads(path.read_text())["ribs"]
    assert ribs["1"] == ribs["0"] and unpublished_changes(json.loads(path.read_text())) == []


def test_a_mismatch_is_one_sentence_naming_both_layouts() -> None:
    theirs = {"game": "ribs", "options": {"players": 6}, "version": 3, "inputs": 315, "facts": "aaaaaaaa"}
    ours = {"game": "ribs", "options": {"players": 6}, "version": 4, "inputs": 900, "facts": "bbbbbbbb"}
    assert mismatch(theirs, ours) == (
        "these weights were trained on ribs(players=6) layout v3, 315 inputs (facts aaaaaaaa); "
        "this env gives layout v4, 900 inputs (facts bbbbbbbb)"
    )
    assert mismatch(theirs, dict(theirs)) is None
    other = {**ours, "options": {"players": 4}}
    assert mismatch(theirs, other, "my weights", "the env") == (
        "my weights were trained on ribs(players=6) layout v3, 315 inputs (facts aaaaaaaa); "
        "the env gives ribs(players=4) layout v4, 900 inputs (facts bbbbbbbb)"
    )
    with pytest.raises(LayoutMismatch, match=r"^these weights were trained on .* layout v3.*; this env gives layout v4"):
        check(theirs, ours)
    check(None, ours)
    assert isinstance(LayoutMismatch("x"), OptionsError)


def test_the_same_version_with_other_facts_is_a_mismatch() -> None:
    ours = fingerprint("ribs(players=6)")
    sentence = mismatch({**ours, "facts": "12345678"}, ours)
    assert sentence is not None and "facts 12345678" in sentence and f"facts {ours['facts']}" in sentence


@pytest.mark.parametrize(("game_name", "players"), shipped_tables())
def test_the_shipped_weights_carry_the_layout_they_fit(game_name: str, players: int) -> None:
    params, meta = load(weights_path(game_name, players))
    assert meta["layout"] == fingerprint(meta["spec"])
    if "w0" in params:
        assert params["w0"].shape[0] == meta["layout"]["inputs"]


def ribs_weights(tmp_path: Path, **layout: object) -> Path:
    """The shipped 6-player Ribs weights, their layout changed by `layout` (None: removed)."""
    params, meta = load(weights_path("ribs", 6))
    meta = {**meta, "layout": {**meta["layout"], **layout}}
    path = tmp_path / "ribs-6.npz"
    save(path, params, meta)
    return path


def test_weights_of_another_layout_are_refused_naming_both(tmp_path: Path) -> None:
    path = ribs_weights(tmp_path, version=7, inputs=315, facts="0badf00d")
    now = fingerprint("ribs(players=6)")
    expected = (
        "learned: ribs-6.npz: these weights were trained on ribs(players=6) layout v7, 315 inputs (facts 0badf00d); "
        f"the encoder here gives layout v0, {now['inputs']} inputs (facts {now['facts']})"
    )
    with pytest.raises(LayoutMismatch) as refused:
        read_weights(path)
    assert str(refused.value) == expected
    with pytest.raises(LayoutMismatch, match="layout v7, 315 inputs"):
        make_bot(f"learned(weights={path})", get_game("ribs"), 0, 1)


def test_weights_written_before_the_contract_are_read_by_their_inputs(tmp_path: Path) -> None:
    """A week-old file has no `layout`, only its `encoder_shape`: 315 inputs where the
    tensor now has more is refused by name, not at the first matrix product."""
    params, meta = load(weights_path("ribs", 6))
    old = {key: value for key, value in meta.items() if key != "layout"}
    save(tmp_path / "fits.npz", params, old)
    assert read_weights(tmp_path / "fits.npz").layout["version"] is None
    save(tmp_path / "old.npz", params, {**old, "encoder_shape": [315]})
    with pytest.raises(LayoutMismatch, match=r"trained on ribs\(players=6\) 315 inputs \(no layout version recorded\); "
                                             r"the encoder here gives layout v0, 1330 inputs"):
        read_weights(tmp_path / "old.npz")


def seat_zero_moves(spec: str, players: int, seed: int) -> list[str]:
    game = get_game("ribs")
    state = game.new_state(game.options(players=players), seed)
    bots = [make_bot(spec, game, 0, seed), *(make_bot("random", game, s, s) for s in range(1, players))]
    chosen: list[str] = []

    class Recorder:
        def choose(self, observation: dict) -> str:
            chosen.append(bots[0].choose(observation))
            return chosen[-1]

    play_hand(state, [Recorder(), *bots[1:]])  # type: ignore[list-item]
    return chosen


def test_shipped_weights_of_an_old_layout_are_refused_at_their_table_size(ribs_v1: None) -> None:
    """At the table size the shipped weights were trained for, a changed layout is refused
    loudly; at the sizes they were never trained for, the heuristic plays as before."""
    with pytest.raises(LayoutMismatch, match=r"ribs-6.npz: these weights were trained on ribs\(players=6\) layout v0, "
                                             r"1330 inputs .*; the encoder here gives layout v1, 1330 inputs"):
        seat_zero_moves("learned", 6, 3)
    unshipped = next(n for n in get_game("ribs").player_counts() if ("ribs", n) not in shipped_tables())
    assert seat_zero_moves("learned", unshipped, 3) == seat_zero_moves("ribs-heuristic", unshipped, 3)


def test_the_env_module_is_named_by_the_layout_version(ribs_v1: None) -> None:
    with pytest.raises(ImportError, match=r"parlour.envs.ribs_v0 is layout v0 of the Ribs tensor, which this parlour no "
                                          r"longer gives; its current module is parlour.envs.ribs_v1"):
        importlib.import_module("parlour.envs.ribs_v0")
    with pytest.raises(ImportError, match="current module is parlour.envs.ribs_v1"):
        exec("from parlour.envs import ribs_v0", {})
    module = importlib.import_module("parlour.envs.ribs_v1")
    env = module.raw_env(players=6)
    assert env.metadata["name"] == "ribs_v1" and env.layout["version"] == 1


def test_a_module_of_a_version_to_come_is_refused_naming_the_current_one() -> None:
    with pytest.raises(ImportError, match="parlour.envs.cramps_v3 does not exist: .*module parlour.envs.cramps_v0"):
        importlib.import_module("parlour.envs.cramps_v3")
    with pytest.raises(ImportError):
        importlib.import_module("parlour.envs.lemons_v1")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_an_env_says_its_layout(name: str) -> None:
    env = importlib.import_module(f"parlour.envs.{name}_v{GAMES[name].tensor_version}").env()
    game = GAMES[name]
    assert env.unwrapped.layout == contract.fingerprint_of(game, env.unwrapped.options) == fingerprint(name)
    assert env.unwrapped.layout["inputs"] == env.observation_space(env.possible_agents[0])["observation"].shape[0]
    assert env.metadata["name"] == f"{name}_v{GAMES[name].tensor_version}"


def test_the_single_agent_env_says_its_layout() -> None:
    from parlour.single_agent import SingleAgentEnv

    env = SingleAgentEnv("ribs(players=4)", opponents="ribs-heuristic")
    assert env.layout == fingerprint("ribs(players=4)")


def test_a_record_says_the_layout_a_learned_player_read() -> None:
    """A hand played by the learned player on weights that read the tensor carries the
    table's layout (a searching player's model counts); where nothing read it (the
    heuristic, or the learned player at a table size without weights), no layout."""
    six = get_game("ribs").options(players=6)
    read = simulate_hand(HandTask("ribs", six, ["learned"] + ["ribs-heuristic"] * 5, 4, 0, record=True))
    assert read.record is not None and read.record["layout"] == fingerprint("ribs(players=6)")
    search = "ismcts(model=learned, opponents=ribs-heuristic, iterations=4)"
    searched = simulate_hand(HandTask("ribs", six, [search] + ["ribs-heuristic"] * 5, 4, 0, record=True))
    assert searched.record is not None and searched.record["layout"] == fingerprint("ribs(players=6)")
    plain = simulate_hand(HandTask("ribs", six, ["ribs-heuristic"] * 6, 4, 0, record=True))
    assert plain.record is not None and "layout" not in plain.record
    unshipped = next(n for n in get_game("ribs").player_counts() if ("ribs", n) not in shipped_tables())
    bare = simulate_hand(HandTask("ribs", get_game("ribs").options(players=unshipped), ["learned"] * unshipped, 4, 0, record=True))
    assert bare.record is not None and "layout" not in bare.record


def test_every_kind_of_training_writes_the_layout(tmp_path: Path) -> None:
    common = ["--players", "4", "--eval-hands", "2"]
    assert main(["train", "ribs", *common, "--batch", "8", "--hidden", "8", "--hands", "0", "--out", str(tmp_path / "p")]) == 0
    assert load(tmp_path / "p" / "ribs-4.npz")[1]["layout"] == fingerprint("ribs(players=4)")
    assert load(tmp_path / "p" / "checkpoint.npz")[1]["layout"] == fingerprint("ribs(players=4)")


def test_a_resume_or_start_from_another_layout_is_refused(tmp_path: Path) -> None:
    train = ["train", "ribs", "--players", "4", "--batch", "8", "--hidden", "8", "--eval-hands", "2"]
    assert main([*train, "--hands", "0", "--out", str(tmp_path)]) == 0
    for name in ("checkpoint.npz", "ribs-4.npz"):
        params, meta = load(tmp_path / name)
        save(tmp_path / name, params, {**meta, "layout": {**meta["layout"], "version": 9}})
    from parlour.cli import build_parser
    from parlour.training import run

    with pytest.raises(LayoutMismatch, match="--resume: the checkpoint's weights were trained on ribs.players=4. layout v9"):
        run(build_parser().parse_args([*train, "--hands", "8", "--resume", str(tmp_path / "checkpoint.npz")]))
    with pytest.raises(LayoutMismatch, match="--start: the weights ribs-4.npz were trained on ribs.players=4. layout v9"):
        run(build_parser().parse_args([*train, "--hands", "8", "--out", str(tmp_path / "b"), "--start", str(tmp_path / "ribs-4.npz")]))
