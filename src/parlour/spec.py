"""Spec strings: a name with optional arguments, as a person types a game or a bot.

`ribs(players=6, lemons=true)`, `ismcts(iterations=2000)`, `random`, and an outside bot's
`package.module:Class(depth=2)`. Values stay strings
except that `[...]`/`(...)` lists are split; the game's Options or the bot converts them.
"""

from __future__ import annotations

import re

# A name, or an outside bot's `package.module:Class`.
_SPEC = re.compile(r"^\s*([A-Za-z_][\w-]*(?:\.[A-Za-z_]\w*)*(?::[A-Za-z_]\w*)?)\s*(?:\((.*)\))?\s*$", re.S)


class SpecError(ValueError):
    """A spec string that cannot be read."""


def parse_spec(text: str) -> tuple[str, dict[str, str]]:
    """`name(a=1, b=x)` -> ("name", {"a": "1", "b": "x"})."""
    m = _SPEC.match(text)
    if not m:
        raise SpecError(f"cannot read {text!r}: write a name, optionally with (option=value, ...)")
    name, inner = m.group(1), m.group(2)
    args: dict[str, str] = {}
    for part in _split_args(inner or ""):
        if "=" not in part:
            raise SpecError(f"cannot read {part!r} in {text!r}: write option=value")
        key, value = part.split("=", 1)
        key = key.strip()
        if not key:
            raise SpecError(f"an option name is missing in {text!r}")
        args[key] = value.strip().strip("'\"")
    return name, args


def _split_args(inner: str) -> list[str]:
    parts: list[str] = []
    current: list[str] = []
    depth = 0
    for ch in inner:
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    last = "".join(current).strip()
    if last:
        parts.append(last)
    return [p for p in parts if p]


def format_spec(name: str, args: dict[str, object]) -> str:
    if not args:
        return name
    inner = ", ".join(f"{k}={_value_text(v)}" for k, v in args.items())
    return f"{name}({inner})"


def _value_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "/".join(str(v) for v in value)
    return str(value)
