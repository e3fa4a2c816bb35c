"""Game records: parlour's portable JSON notation (what PGN is to chess).

```
{"parlour": 1, "game": "ribs", "options": {"players": 4}, "seed": 7, "dealer": 0,
 "deals": [{"hands": [["A", "K", ...], ...]}], "actions": [[0, "bid 2"], [1, "pass"], ...]}
```
`deals` is optional: hand k uses `deals[k]` where given, else the seeded shuffle. Each
game documents the keys of its deal. Records written by parlour always carry the deals of
every hand dealt, so they replay the same in any engine. Each action is `[seat, text]`; a
seat that is not the one to act is an error, like an illegal action.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from parlour.engine import IllegalAction, OptionsError, State, fraction_text, jsonable_scores
from parlour.games import get_game

FORMAT_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be replayed; `index` is the action's index, or None."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


def record_of(state: State) -> dict[str, Any]:
    return {
        "parlour": FORMAT_VERSION,
        "game": state.game.name,
        "options": state.options.to_json(),
        "seed": state.seed,
        "dealer": state.first_dealer,
        "deals": [dict(d) for d in state.deals],
        "actions": [[seat, state.action_to_text(a)] for seat, a in state.history],
    }


def start_of(record: dict[str, Any]) -> State:
    """The state a record starts from, before any action."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    version = record.get("parlour", FORMAT_VERSION)
    if version != FORMAT_VERSION:
        raise RecordError(f"record format {version!r} is not known (this parlour reads {FORMAT_VERSION})")
    name = record.get("game")
    if not isinstance(name, str):
        raise RecordError("the record names no game (key 'game')")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError("'options' must be an object of option names and values")
    seed = record.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("'seed' must be a whole number")
    dealer = record.get("dealer", 0)
    deals = record.get("deals")
    if deals is not None and not isinstance(deals, list):
        raise RecordError("'deals' must be a list of deals")
    try:
        game = get_game(name)
        opts = game.options(**options)
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < opts.players:
            raise RecordError(f"'dealer' must be a seat from 0 to {opts.players - 1}")
        return game.new_state(opts, seed, dealer=dealer, deals=deals)
    except OptionsError as exc:
        raise RecordError(str(exc)) from None
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"the record's deal cannot be used: {exc}") from None


def replay(record: dict[str, Any]) -> State:
    """The state after every action of the record; RecordError names the failing action."""
    state = start_of(record)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of [seat, text] pairs")
    for index, entry in enumerate(actions):
        apply_entry(state, entry, index)
    return state


def apply_entry(state: State, entry: Any, index: int) -> None:
    if (
        not isinstance(entry, (list, tuple))
        or len(entry) != 2
        or not isinstance(entry[0], int)
        or isinstance(entry[0], bool)
        or not isinstance(entry[1], str)
    ):
        raise RecordError(f"action {index} is malformed: {entry!r} is not [seat, text]", index)
    seat, text = entry
    to_act = state.to_act()
    if to_act is None:
        raise RecordError(f"action {index} ({text!r}) comes after the match is over", index)
    if seat != to_act:
        raise RecordError(f"action {index} ({text!r}) is by seat {seat}, but seat {to_act} is to act", index)
    try:
        state.apply_text(text)
    except IllegalAction as exc:
        raise RecordError(f"action {index} ({text!r}) by seat {seat} is illegal: {exc}", index) from None


def load(path: str | Path) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text())
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path} is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path} holds no record (a JSON object)")
    return data


def save(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n")


def load_all(path: str | Path) -> list[dict[str, Any]]:
    """The records of a file: one record (a JSON object), or JSON lines, one record a line,
    as `simulate` and `arena` write them with `--record`."""
    try:
        text = Path(path).read_text()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        if exc.msg != "Extra data":
            raise RecordError(f"{path} is not JSON: {exc}") from None
        return _lines(text, path)
    if not isinstance(data, dict):
        raise RecordError(f"{path} holds no record (a JSON object)")
    return [data]


def _lines(text: str, path: str | Path) -> list[dict[str, Any]]:
    records = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path}, line {number}, is not JSON: {exc}") from None
        if not isinstance(record, dict):
            raise RecordError(f"{path}, line {number}, holds no record (a JSON object)")
        records.append(record)
    if not records:
        raise RecordError(f"{path} holds no record")
    return records


def save_lines(records: Iterable[dict[str, Any]], path: str | Path) -> None:
    """Write records as JSON lines, one compact record a line (`load_all` reads them)."""
    with Path(path).open("w") as out:
        for record in records:
            out.write(json.dumps(record, separators=(",", ":")) + "\n")


def summary(state: State) -> dict[str, Any]:
    """What `parlour replay --json` prints."""
    out: dict[str, Any] = {
        "game": state.game.name,
        "over": state.is_over(),
        "hand_scores": [jsonable_scores(h) for h in state.scores_by_hand()],
        "match_scores": jsonable_scores(state.match_scores()),
        "winners": state.winners(),
    }
    money = getattr(state, "money", None)
    if callable(money):
        net = money()
        if net is not None:
            out["money"] = [fraction_text(m) for m in net]
    return out
