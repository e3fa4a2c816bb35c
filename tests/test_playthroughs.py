"""Golden playthroughs: seeded records with their outcome. A change of behaviour shows here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from parlour.record import replay, summary

FILES = sorted((Path(__file__).parent / "playthroughs").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_golden_record_replays_to_its_outcome(path: Path) -> None:
    record = json.loads(path.read_text())
    expected = record.pop("outcome")
    assert summary(replay(record)) == expected


def test_golden_records_replay_from_the_seed_alone() -> None:
    """The stored deals are what the seed deals: dropping them changes nothing."""
    for path in FILES:
        record = json.loads(path.read_text())
        expected = record.pop("outcome")
        record.pop("deals")
        assert summary(replay(record)) == expected, path.name
