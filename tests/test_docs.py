"""The docs a newcomer reads: no diary words or scratch paths, every link and path resolves
in a clone, and the commands they show run as written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from parlour.cli import build_parser, main
from parlour.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
TEXT_SUFFIXES = {".py", ".md", ".js", ".html", ".css", ".txt", ".toml"}
PROSE = [
    path
    for path in [*PAGES, *sorted((ROOT / "src").rglob("*"))]
    if path.is_file() and path.suffix in TEXT_SUFFIXES and "__pycache__" not in path.parts
]
RECORD = ROOT / "tests" / "playthroughs" / "couillon-heuristic.json"

NUMBER = (
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    r"thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth|"
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    r"fifteen|twenty|last|previous|next|earlier|later|this|that|\d+(?:st|nd|rd|th)?"
)
DIARY = re.compile(rf"\b(?:{NUMBER})[\s-]+sessions?\b|\bsessions?\s+\d+\b", re.IGNORECASE)
SCRATCH = re.compile(r"(?<![\w.])/tmp/|(?<![\w/])runs/s\d+[\w-]*/")


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


@pytest.mark.parametrize("path", PROSE, ids=rel)
def test_no_diary_words_or_scratch_paths(path: Path) -> None:
    """The product speaks of itself, never of the sittings it was built in or of folders
    on the machine a run was made on."""
    text = path.read_text(encoding="utf-8")
    found = [m.group(0) for m in DIARY.finditer(text)] + [m.group(0) for m in SCRATCH.finditer(text)]
    assert not found, f"{rel(path)}: {found}"


def test_the_diary_check_catches_what_it_should() -> None:
    for sample in ("the eleventh session", "Thirteenth session:", "13th session", "session 14", "two sessions"):
        assert DIARY.search(sample), sample
    for sample in ("session = TerminalGame(...)", "a session cookie", "the playing session ends"):
        assert not DIARY.search(sample), sample
    assert SCRATCH.search("--out /tmp/runs/kteach") and SCRATCH.search("weights=runs/s14-mighty/x.npz")
    assert not SCRATCH.search("--out runs/ribs-6")


LINK = re.compile(r"\]\(([^)\s]+)\)")
PATH = re.compile(r"(?<![\w/.-])((?:docs|src|tests|benchmarks|examples)/[\w./<>-]*[\w>]|parlour/[\w/<>-]+\.(?:py|npz|md))")


def link_targets(page: Path) -> list[tuple[str, Path]]:
    """Each relative link of a page and each repository path it names in its text, with
    the file it must resolve to."""
    text = page.read_text(encoding="utf-8")
    targets = []
    for m in LINK.finditer(text):
        link = m.group(1).split("#")[0]
        if link and not re.match(r"[a-z]+:", link):
            targets.append((link, (page.parent / link).resolve()))
    for m in PATH.finditer(text):
        path = m.group(1).rstrip(".")
        if any(c in path for c in "<>*{}") or re.search(r"[A-Z]{3,}", path):
            continue
        base = ROOT / "src" if path.startswith("parlour/") else ROOT
        targets.append((path, base / path))
    return targets


@pytest.mark.parametrize("page", PAGES, ids=rel)
def test_every_link_and_path_resolves_in_a_clone(page: Path) -> None:
    missing = [name for name, target in link_targets(page) if not target.exists()]
    assert not missing, f"{rel(page)} points to files a clone lacks: {missing}"


def test_docs_are_few_and_every_image_is_shown() -> None:
    files = [p for p in (ROOT / "docs").rglob("*") if p.is_file()]
    assert len(files) <= 30, sorted(rel(p) for p in files)
    shown = {target for page in PAGES for _, target in link_targets(page)}
    unshown = [rel(p) for p in files if p.suffix == ".png" and p.resolve() not in shown]
    assert not unshown, f"images no page shows: {unshown}"


def shown_commands() -> list[tuple[str, str]]:
    """Every `parlour ...` line of the pages' code blocks, continuation lines joined and a
    trailing comment dropped, with the page it is on."""
    commands = []
    for page in PAGES:
        in_block, pending = False, ""
        for line in page.read_text(encoding="utf-8").splitlines():
            if line.strip().startswith("```"):
                in_block, pending = not in_block, ""
                continue
            if not in_block:
                continue
            line = pending + line.strip()
            if line.endswith("\\"):
                pending = line[:-1] + " "
                continue
            pending = ""
            m = re.match(r"^(?:/usr/bin/time -v )?(?:nice -n \d+ )?(?:\.venv/bin/)?parlour (.*)$", line)
            if m:
                words = shlex.split(m.group(1), comments=True)
                if ">" in words:
                    words = words[: words.index(">")]
                commands.append((rel(page), shlex.join(words)))
    return commands


@pytest.mark.parametrize(("page", "command"), shown_commands())
def test_every_command_shown_is_one_parlour_takes(page: str, command: str) -> None:
    """Every command in the docs parses as written: its subcommand and flags exist and
    their values have the right types (running each would take hours)."""
    try:
        build_parser().parse_args(shlex.split(command))
    except SystemExit as exc:
        pytest.fail(f"{page}: `parlour {command}` does not parse ({exc})")


def test_the_pages_show_commands() -> None:
    assert len(shown_commands()) > 40


@pytest.mark.parametrize("game", sorted(GAMES))
def test_parlour_rules_runs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", game]) == 0
    assert GAMES[game].title in capsys.readouterr().out


@pytest.mark.parametrize(
    "command",
    [
        ["replay", str(RECORD), "--json"],
        ["show", str(RECORD)],
        ["show", str(RECORD), "--seat", "2"],
        ["analyse", "ridge", str(ROOT / "tests" / "playthroughs" / "ridge-dd-vs-greedy.json")],
        ["strength", "--help"],
    ],
    ids=lambda c: " ".join(c[:2]),
)
def test_short_commands_of_the_docs_exit_0(command: list[str]) -> None:
    """The quick commands of README.md and docs/ on a record the repository ships, run as a
    person runs them."""
    done = subprocess.run(
        [sys.executable, "-m", "parlour.cli", *command], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip()


CODE = [
    path
    for path in [*sorted((ROOT / "src").rglob("*.py")), *sorted((ROOT / "tests").rglob("*.py")), ROOT / "pyproject.toml"]
    if path.name != "test_docs.py"
]


@pytest.mark.parametrize("path", CODE, ids=rel)
def test_code_cites_only_files_a_clone_has(path: Path) -> None:
    """The rules and rulings the code cites live in docs/rules/, the layers in
    docs/architecture.md: never in files outside the repository."""
    text = path.read_text(encoding="utf-8")
    outside = re.findall(r"rules/sources|RULINGS[\w.-]*|DESIGN\.md", text)
    assert not outside, f"{rel(path)} cites {outside}"
    missing = [doc for doc in re.findall(r"\bdocs/[\w/.-]*\w", text) if not (ROOT / doc).exists()]
    assert not missing, f"{rel(path)} cites {missing}"
