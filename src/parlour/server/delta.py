"""What changed between two state messages of one connection, and the state rebuilt from it.

A table's every action used to send each watcher its whole state message (about 4 KB at a
Ribs table, more as a hand's log grows), though an action changes a few fields and adds a
line or two to the log. A `delta` message carries only the changes, as a list of steps
applied in order to the previous state message of the same connection:

- `["=", path, value]`: the value at `path` is now `value`;
- `["+", path, items]`: `items` are appended to the list at `path`;
- `["-", path]`: the key at the end of `path` is gone;
- `["~", path, index, count, items]`: in the list at `path`, the `count` items from
  `index` on are replaced by `items` (a zone that comes or goes among a table's zones).

A path is the keys and list indices from the message's top, e.g. `["observation", "log"]`
or `["observation", "zones", 2, "cards"]`. The rebuilt message is the whole one, its keys
in the same order (a dict whose keys change places is set whole), so a client that draws
keys in order draws the same table; only a dict whose values all stay the same is kept as
it was, whatever order its keys come in now (equal as JSON).

`changes` is computed by the server from two messages it sent the same connection, so a
delta carries nothing the connection's own full states would not have carried. `rebuilt`
is the client's half: pure, it never changes the state it is given (parts that did not
change are shared with it), in Python here and in JavaScript in the page (`applyDelta`).
"""

from __future__ import annotations

from typing import Any

Path = list[str | int]


def changes(old: dict[str, Any], new: dict[str, Any], skip: frozenset[str] = frozenset()) -> list[list[Any]] | None:
    """The steps that turn `old` into `new` (both JSON-like), top-level keys in `skip` left
    out; None when the top level's keys move (only a whole message says that)."""
    if list(old) != list(new) and not _order_kept(old, new):
        return None
    steps: list[list[Any]] = []
    _dict(old, new, [], steps, skip)
    return steps


def _dict(old: dict[str, Any], new: dict[str, Any], path: Path, steps: list[list[Any]],
          skip: frozenset[str] = frozenset()) -> None:
    if list(old) != list(new) and not _order_kept(old, new):
        steps.append(["=", path, new])
        return
    for key, value in new.items():
        if key in skip:
            continue
        if key not in old:
            steps.append(["=", [*path, key], value])
            continue
        before = old[key]
        if before is value or (before == value and type(before) is type(value)):
            continue
        _value(before, value, [*path, key], steps)
    for key in old:
        if key not in new and key not in skip:
            steps.append(["-", [*path, key]])


def _order_kept(old: dict[str, Any], new: dict[str, Any]) -> bool:
    """Whether removing `old`'s keys that `new` lacks and appending `new`'s others gives
    `new`'s order: only then can steps rebuild it key by key."""
    kept = [key for key in old if key in new]
    return [*kept, *(key for key in new if key not in old)] == list(new)


def _value(old: Any, new: Any, path: Path, steps: list[list[Any]]) -> None:
    if type(old) is dict and type(new) is dict:
        _dict(old, new, path, steps)
        return
    if type(old) is list and type(new) is list:
        size = len(old)
        if len(new) > size and new[:size] == old:
            steps.append(["+", path, new[size:]])
            return
        if _by_id(old, new, path, steps):
            return
        if len(new) == size and any(type(item) in (dict, list) for item in new):
            _items(old, new, path, steps)
            return
    steps.append(["=", path, new])


def _items(old: list[Any], new: list[Any], path: Path, steps: list[list[Any]]) -> None:
    """Two lists of one length, item by item."""
    for index, (before, after) in enumerate(zip(old, new, strict=True)):
        if before is after or (before == after and type(before) is type(after)):
            continue
        if type(before) is type(after) and type(after) in (dict, list):
            _value(before, after, [*path, index], steps)
        else:
            steps.append(["=", [*path, index], after])


def _by_id(old: list[Any], new: list[Any], path: Path, steps: list[list[Any]]) -> bool:
    """Lists of objects each named by a distinct `id` (a table's zones), whose items come
    and go but never change places: the gone removed, the new inserted where they
    stand, the rest compared item by item. False (nothing added to `steps`) otherwise."""
    if not old or not new:
        return False
    try:
        old_ids = [item["id"] for item in old]
        new_ids = [item["id"] for item in new]
    except (TypeError, KeyError):
        return False
    new_set = set(new_ids)
    if len(set(old_ids)) != len(old_ids) or len(new_set) != len(new_ids):
        return False
    old_set = set(old_ids)
    if [i for i in old_ids if i in new_set] != [i for i in new_ids if i in old_set]:
        return False
    mine: list[list[Any]] = []
    for index in range(len(old_ids) - 1, -1, -1):
        if old_ids[index] not in new_set:
            mine.append(["~", path, index, 1, []])
    kept = [item for item in old if item["id"] in new_set]
    for index, key in enumerate(new_ids):
        if key not in old_set:
            mine.append(["~", path, index, 0, [new[index]]])
            kept.insert(index, new[index])
    _items(kept, new, path, mine)
    steps.extend(mine)
    return True


def rebuilt(state: dict[str, Any], steps: list[list[Any]]) -> dict[str, Any]:
    """`state` with `steps` applied, as a new message: `state` itself is left as it was
    (what no step touches is shared with it). ValueError for steps that do not fit."""
    top = dict(state)
    fresh = {id(top)}  # containers copied here, free to change
    for step in steps:
        if not isinstance(step, list) or len(step) < 2 or not isinstance(step[1], list) or not step[1]:
            raise ValueError(f"a delta's step is [kind, path, ...] with a path of at least one key: {step!r}")
        kind, path = step[0], step[1]
        parent: Any = top
        try:
            for key in path[:-1]:
                child = parent[key]
                if id(child) not in fresh:
                    if not isinstance(child, dict | list):
                        raise TypeError(f"{key!r} holds no keys")
                    child = dict(child) if isinstance(child, dict) else list(child)
                    parent[key] = child
                    fresh.add(id(child))
                parent = child
            last = path[-1]
            if kind == "=":
                parent[last] = step[2]
            elif kind == "+":
                if not isinstance(parent[last], list) or not isinstance(step[2], list):
                    raise TypeError("items are appended to a list")
                parent[last] = [*parent[last], *step[2]]
                fresh.add(id(parent[last]))
            elif kind == "-":
                del parent[last]
            elif kind == "~":
                items, index, count = parent[last], step[2], step[3]
                if not (isinstance(items, list) and isinstance(step[4], list) and type(index) is int
                        and type(count) is int and 0 <= index and 0 <= count and index + count <= len(items)):
                    raise TypeError("a splice replaces items of a list")
                parent[last] = [*items[:index], *step[4], *items[index + count:]]
                fresh.add(id(parent[last]))
            else:
                raise ValueError(f"unknown step {kind!r}")
        except (KeyError, IndexError, TypeError) as exc:
            raise ValueError(f"the step {step!r} does not fit the state: {exc!r}") from None
    return top


def following(state: dict[str, Any] | None, delta: dict[str, Any]) -> dict[str, Any] | None:
    """The state message `delta` makes of `state` (the connection's last one), or None when
    it does not follow it: a state was missed, and the client asks for the whole (`sync`)."""
    if state is None or type(delta.get("seq")) is not int or delta["seq"] != state.get("seq", 0) + 1:
        return None
    steps = delta.get("changes")
    if not isinstance(steps, list):
        raise ValueError("a delta carries its changes as a list")
    after = rebuilt(state, steps)
    after["version"] = delta["version"]
    after["seq"] = delta["seq"]
    return after
