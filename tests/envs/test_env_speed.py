"""benchmarks/env_speed.py's random player of the batched tables draws a legal action of
each table, every legal action alike."""

from __future__ import annotations

import importlib.util
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]


def _env_speed() -> object:
    spec = importlib.util.spec_from_file_location("env_speed", ROOT / "benchmarks" / "env_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_each_table_draws_one_of_its_legal_actions_each_alike() -> None:
    random_legal = _env_speed().random_legal  # type: ignore[attr-defined]
    rng = np.random.default_rng(3)
    mask = np.zeros((5, 300), np.bool_)
    mask[0, [0, 299]] = True
    mask[1, 7] = True
    mask[2, [3, 50, 200]] = True
    mask[3, :] = True
    mask[4, 299] = True
    drawn = [random_legal(mask, rng) for _ in range(3000)]
    for picks in drawn:
        assert mask[np.arange(5), picks].all()
    for row, legal in ((0, [0, 299]), (1, [7]), (2, [3, 50, 200]), (4, [299])):
        counts = Counter(int(picks[row]) for picks in drawn)
        assert sorted(counts) == legal
        assert min(counts.values()) > 3000 / len(legal) * 0.85
    assert len({int(picks[3]) for picks in drawn}) > 250
