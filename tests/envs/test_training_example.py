"""docs/research.md's training example runs as written: its two commands, with a second of
training and a few arena hands instead of minutes and hundreds."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _commands() -> list[str]:
    page = (ROOT / "docs" / "research.md").read_text()
    block = page.split("<!-- training example -->", 1)[1].split("```", 2)[1]
    lines = block.removeprefix("sh").strip().replace("\\\n", " ").splitlines()
    return [" ".join(line.split()) for line in lines if line.strip()]


def test_the_documented_training_example_runs(tmp_path: Path) -> None:
    train, arena = _commands()
    assert train.startswith(".venv/bin/python examples/train_masked.py ")
    assert arena.startswith("PYTHONPATH=examples .venv/bin/parlour arena ")
    bin_dir = str(Path(sys.executable).parent) + "/"
    quick = {
        r"--seconds \d+": "--seconds 1",
        r"--hands \d+": "--hands 8",
        r"\.venv/bin/": bin_dir,
        r"examples/": str(ROOT / "examples") + "/",
        r"PYTHONPATH=examples": f"PYTHONPATH={ROOT / 'examples'}",
    }
    for command in (train, arena):
        for pattern, replacement in quick.items():
            command = re.sub(pattern, replacement, command)
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
    assert "train_masked:PolicyBot" in done.stdout and "random" in done.stdout
