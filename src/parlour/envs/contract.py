"""The tensor's contract: which layout a tensor is of, and a loud refusal where two differ.

Weights trained on one layout of a game's tensor read another layout as noise: a section
moved or widened gives a network inputs it never saw, or a shape that fails only at the
first matrix product. So every layout has a **fingerprint**, a small JSON object:

```
{"game": "ribs", "options": {"players": 6}, "version": 0, "inputs": 1330, "facts": "3f0c9a1e"}
```

the game and its options, the layout's version (`Game.tensor_version`, raised whenever the
game's tensor changes), the number of inputs and a short hash of the layout's fact list
(every section's name, kind, path and parameters in order, and the faces, calls and verbs
the course sections are built of; the sections' descriptions are left out, so rewording
the docs changes nothing). Every weights file written by `parlour train` carries the
fingerprint of the layout it was trained on (`layout`), an environment says its own
(`env.unwrapped.layout`), and a record of a hand in which a learned player read the tensor
carries the table's (`layout`). `check` refuses a mismatch with one sentence naming both.

The fingerprints of every game's current version, at each table size with the default
rules, are published in `published_layouts.json` beside this module: a changed tensor
whose version was not raised fails the tests, and `python -m parlour.envs.contract`
publishes a new version's (it refuses to change a published one).
"""

from __future__ import annotations

import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

from parlour.engine import Game, Options, OptionsError
from parlour.envs.tensors import encoder_of, layout_fingerprint
from parlour.games import GAMES, game_from_spec
from parlour.spec import format_spec

Fingerprint = dict[str, Any]
PUBLISHED = Path(__file__).with_name("published_layouts.json")


class LayoutMismatch(OptionsError):
    """Weights (or anything else made for one tensor layout) met with another layout."""


@cache
def _fingerprint(game: Game, options: Options) -> str:
    return json.dumps(layout_fingerprint(encoder_of(game, options)), sort_keys=True)


def fingerprint_of(game: Game, options: Options) -> Fingerprint:
    """The fingerprint of a game's tensor under `options` (worked out once per options)."""
    return dict(json.loads(_fingerprint(game, options)))


def fingerprint(spec: str) -> Fingerprint:
    """The fingerprint of a game spec's tensor: `fingerprint("ribs(players=6)")`."""
    return fingerprint_of(*game_from_spec(spec))


def module_name(game: Game) -> str:
    """The environment module of a game's current layout (`ribs_v0`, `ribs_v1` once the
    tensor changed)."""
    return f"{game.name}_v{game.tensor_version}"


def saved_fingerprint(meta: dict[str, Any]) -> Fingerprint | None:
    """The layout a weights file's facts say it was trained on: its `layout`, or for a file
    written before weights carried one, what its `encoder_shape` tells (the inputs alone).
    None where the file says nothing of its inputs."""
    if isinstance(meta.get("layout"), dict):
        return dict(meta["layout"])
    shape = meta.get("encoder_shape")
    if not shape or "game" not in meta:
        return None
    inputs = 1
    for width in shape:
        inputs *= int(width)
    return {"game": meta["game"], "options": meta.get("options", {}), "version": None, "inputs": inputs, "facts": None}


def table_text(found: Fingerprint) -> str:
    """The table a fingerprint is of, as a spec: "ribs(players=6)"."""
    return format_spec(str(found.get("game")), dict(found.get("options") or {}))


def layout_text(found: Fingerprint) -> str:
    """The layout of a fingerprint in words: "layout v0, 1330 inputs (facts 3f0c9a1e)"."""
    if found.get("version") is None:
        return f"{found.get('inputs')} inputs (no layout version recorded)"
    return f"layout v{found['version']}, {found.get('inputs')} inputs (facts {found.get('facts')})"


def mismatch(theirs: Fingerprint, ours: Fingerprint, what: str = "these weights", where: str = "this env") -> str | None:
    """The sentence refusing `theirs` (what `what`, a plural, were trained on) where `where` gives
    `ours`, or None where they agree. A fingerprint without a version (weights written
    before they carried one) agrees on its table and number of inputs alone."""
    same_table = theirs.get("game") == ours.get("game") and theirs.get("options") == ours.get("options")
    keys = ("inputs",) if theirs.get("version") is None else ("inputs", "version", "facts")
    if same_table and all(theirs.get(key) == ours.get(key) for key in keys):
        return None
    here = layout_text(ours) if same_table else f"{table_text(ours)} {layout_text(ours)}"
    return f"{what} were trained on {table_text(theirs)} {layout_text(theirs)}; {where} gives {here}"


def check(theirs: Fingerprint | None, ours: Fingerprint, what: str = "these weights", where: str = "this env") -> None:
    """Refuse (`LayoutMismatch`, one sentence naming both layouts) what was made for another
    layout than `ours`; a thing that names no layout (`theirs` None) is let through."""
    if theirs is None:
        return
    sentence = mismatch(theirs, ours, what, where)
    if sentence is not None:
        raise LayoutMismatch(sentence)


def current_layouts() -> dict[str, dict[str, dict[str, str]]]:
    """Every game's current version's fact hashes at each table size, default rules:
    game -> version -> players -> hash, as `published_layouts.json` keeps them."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for name, game in GAMES.items():
        hashes = {
            str(n): fingerprint_of(game, game.Options(players=n))["facts"] for n in game.player_counts()
        }
        out[name] = {str(game.tensor_version): hashes}
    return out


def published() -> dict[str, dict[str, dict[str, str]]]:
    """The published layouts: game -> version -> players -> fact hash."""
    return dict(json.loads(PUBLISHED.read_text())) if PUBLISHED.is_file() else {}


def unpublished_changes(known: dict[str, dict[str, dict[str, str]]] | None = None) -> list[str]:
    """A sentence for each game whose current tensor differs from what its version
    published (or that has not published its version yet)."""
    known = published() if known is None else known
    problems = []
    for name, versions in current_layouts().items():
        game = GAMES[name]
        version, hashes = next(iter(versions.items()))
        was = known.get(name, {}).get(version)
        if was is None:
            problems.append(f"{name} layout v{version} is not published: python -m parlour.envs.contract")
        elif was != hashes:
            changed = sorted((n for n in set(was) | set(hashes) if was.get(n) != hashes.get(n)), key=int)
            problems.append(
                f"the {game.title} tensor changed under layout v{version} (at {', '.join(changed)} players): raise "
                f"{type(game).__name__}.tensor_version to {int(version) + 1}, then publish it "
                "(python -m parlour.envs.contract)"
            )
    return problems


def publish(path: Path = PUBLISHED) -> list[str]:
    """Add every game's current version to the published layouts; the games added. A
    version already published with other hashes is refused: its tensor changed, so the
    game's version must be raised instead."""
    known = json.loads(path.read_text()) if path.is_file() else {}
    refused = [p for p in unpublished_changes(known) if "not published" not in p]
    if refused:
        raise LayoutMismatch("; ".join(refused))
    added = []
    for name, versions in current_layouts().items():
        for version, hashes in versions.items():
            if version not in known.setdefault(name, {}):
                known[name][version] = hashes
                added.append(f"{name} v{version}")
    path.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")
    return added


if __name__ == "__main__":
    try:
        print("published: " + (", ".join(publish()) or "nothing new"))
    except LayoutMismatch as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        sys.exit(1)
