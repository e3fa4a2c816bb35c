"""Text views of observations that both the games and the front ends draw with.

`generic_view` sits here, beside the engine and below the games, because a game's
`render_text` hook may put its own headline above the generic view (Mighty, Pitch) while
the terminal falls back on the generic view for every other game: the helper they share has
to live where a game may import it, never in a front end. `status_lines` and `recent_text`
are the text forms of the observation's generic `status` and `recent` keys.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from parlour.cards import symbols
from parlour.words import Seats


def said(cards: Sequence[Any]) -> str:
    """Cards of a zone or a play as people read them: `K♠ 10♥`, and a suitless ten (a Ribs
    rank, `T`) as `10`."""
    return symbols(" ".join("10" if c == "T" else str(c) for c in cards))


def generic_view(obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """A plain view of any game from its observation's zones and scores (each seat's
    score by its name where `names` are given, "you" for the observer's)."""
    lines = []
    for zone in obs["zones"]:
        cards = said(zone["cards"])
        hidden = f" [{zone['hidden']} face down]" if zone.get("hidden") else ""
        if cards or hidden:
            lines.append(f"  {zone['label']}: {cards}{hidden}")
    scores = obs.get("scores") or {}
    named = names is not None and all(not isinstance(v, list) or len(v) == len(names) for v in scores.values())
    who = ["you" if s == obs.get("seat") else name for s, name in enumerate(names or [])]

    def values(v: Any) -> str:
        if not isinstance(v, list):
            return str(v)
        return ", ".join(f"{w} {x}" for w, x in zip(who, v, strict=True)) if named else ", ".join(str(x) for x in v)

    if scores:
        parts = [f"{'this hand' if k == 'hand' else k} {values(v)}" for k, v in scores.items()]
        lines.append(("  Scores: " if named else "  Scores (in seat order): ") + "; ".join(parts))
    return "\n".join(lines)


def action_labels(obs: dict[str, Any]) -> dict[str, str]:
    """Each legal action's text -> its label, from the observation's `legal` entries (the
    text in symbol form where an entry has no label)."""
    return {e["text"]: e.get("label") or symbols(e["text"]) for e in obs.get("legal") or []}


def table_text(
    obs: dict[str, Any], render: Callable[..., str] | None = None, names: Sequence[str] | None = None
) -> str:
    """The table as the terminal prints it: the game's own view (`render_text`) where it has
    one, else the generic view, its seats named by `names` where given, with its cards in
    symbol form (K♠)."""
    if render is None:
        return symbols(generic_view(obs, names))
    return symbols(render(obs, names) if names is not None else render(obs))


def status_lines(obs: dict[str, Any]) -> list[str]:
    """The observation's headline facts (`status`), one `label: value` line each."""
    return [f"{fact['label']}: {fact['value']}" for fact in obs.get("status") or []]


def recent_text(obs: dict[str, Any], explain: bool = True, names: Sequence[str] | None = None) -> str | None:
    """The last public event (`recent`) as one line of plays, `*` after the marked play,
    with its explanation on a second line (unless `explain` is false, for a front end that
    has just printed it as a log line); None before any event.

    Plays name the seat (by `names` where given, "you" for the observer, else numbered for
    the front end to name) and the `hand` a play came from where the game gives it (a
    declarer playing dummy). Face-down cards the observer may not see are
    `[face down]` (`[n face down]` where the game gives a `count`); face-down cards it may see
    (its own) are followed by `(face down)`.
    """
    event = obs.get("recent")
    if not event:
        return None
    plays = []
    for play in event.get("plays") or []:
        seat = play.get("seat")
        if not isinstance(seat, int):
            who = str(seat or "")
        elif seat == obs.get("seat"):
            who = "you"
        else:
            who = names[seat] if names is not None and seat < len(names) else f"seat {seat}"
        if play.get("hand"):
            who += f" ({play['hand']})"
        cards = said(play.get("cards") or [])
        if play.get("face_down"):
            count = play.get("count")
            cards = f"{cards} (face down)" if cards else f"[{count} face down]" if count else "[face down]"
        mark = play.get("mark")
        tag = f" ({mark})" if isinstance(mark, str) and mark else " *" if mark else ""
        plays.append(f"{who} {cards}{tag}".rstrip())
    line = f"{event.get('label') or 'Last event'}: " + ", ".join(plays) if plays else str(event.get("label") or "Last event")
    explanation = event.get("explanation")
    return f"{line}\n  {explanation}" if explanation and explain else line


def recent_update(obs: dict[str, Any], shown: str | None, names: Sequence[str] | None = None) -> str | None:
    """The last public event to print when it differs from `shown` (the `recent_text`
    printed before), else None; its explanation is left out when the hand's log already
    says it. Live play and `parlour show` tell events alike through this."""
    recent = recent_text(obs, names=names)
    if recent is None or recent == shown:
        return None
    return recent_text(obs, explain=obs["recent"].get("explanation") not in obs["log"], names=names)


_SEATS = re.compile(r"\b([Ss])eats (\d+) and (\d+)\b|\b([Ss])eat (\d+)('s\b)?")
_AFTER_YOU = re.compile(r"\b([Yy]ou)((?: \([^)]*\))?) ([a-z]+)\b")
_IRREGULAR = {"is": "are", "has": "have", "does": "do", "was": "were"}


def _base_form(verb: str) -> str:
    """A verb of the third person singular in its base form ("plays" -> "play"); other
    words are returned as they are."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("s") and not verb.endswith(("ss", "us", "is")):
        return verb[:-1]
    return verb


def name_seats(text: str, names: Sequence[str]) -> str:
    """`text` with each seat named: `seat N`/`Seat N` (convention of every game text) becomes
    `names[N]`, e.g. "You", "Anna", "Seat 2 (Ribs bot)".

    The rule front ends share (the web client follows it too): a name at the start of a
    sentence (`Seat N`) keeps its capital; inside one (`seat N`) a name that is "You" or
    begins with "Seat " takes a small letter; `seat N's` becomes "your" for "You", else the
    name with 's; `seats N and M` names both; a verb right after "You" loses its third
    person ("You plays" -> "You play", "you has" -> "you have"); a possessive leaves out a
    name's bracket ("Seat 2 (Ribs bot)" -> "Seat 2's"). Seats past the end of
    `names` are left as they are."""

    def one(capital: bool, seat: str) -> str:
        k = int(seat)
        if k >= len(names):
            return ("Seat " if capital else "seat ") + seat
        name = names[k]
        if not capital and (name == "You" or name.startswith("Seat ")):
            return name[0].lower() + name[1:]
        return name

    def replace(m: re.Match[str]) -> str:
        if m.group(1):
            return f"{one(m.group(1) == 'S', m.group(2))} and {one(False, m.group(3))}"
        named = one(m.group(4) == "S", m.group(5))
        if m.group(6):
            return "Your" if named == "You" else "your" if named == "you" else named.split(" (")[0] + "'s"
        return named

    named = _SEATS.sub(replace, text)
    return _AFTER_YOU.sub(lambda m: f"{m.group(1)}{m.group(2)} {_base_form(m.group(3))}", named)


_ONE = {"points": "point", "hands won": "hand won", "wins needed": "win needed", "chips": "chip", "stakes": "stake"}


def _number(x: Any) -> float:
    """A score as a number to compare ("3/2" is a fraction of chips)."""
    if isinstance(x, str) and "/" in x:
        top, bottom = x.split("/")
        return int(top) / int(bottom)
    return float(x)


def _amount(count: Any, unit: str) -> str:
    return f"{count} {_ONE.get(unit, unit) if str(count) in ('1', '-1') else unit}"


def standings(summaries: Sequence[dict[str, Any] | None]) -> list[tuple[int, dict[str, Any], list[Any]]]:
    """The score sheet: for each finished hand with a sheet line, its number (from 0), the
    line and the standing after it (the hand's own where its summary gives it, else what
    the hands so far add up to)."""
    out: list[tuple[int, dict[str, Any], list[Any]]] = []
    running: list[Any] | None = None
    for k, hand in enumerate(summaries):
        sheet = (hand or {}).get("sheet")
        if not sheet:
            continue
        if sheet.get("totals") is not None:
            running = list(sheet["totals"])
        else:
            adds = sheet["adds"] if sheet.get("adds") is not None else sheet["points"]
            running = [a + (running[i] if running else 0) for i, a in enumerate(adds)]
        number = hand.get("hand_number", k) if hand else k
        out.append((number if isinstance(number, int) else k, sheet, running))
    return out


def hand_lines(summary: dict[str, Any] | None) -> list[str]:
    """A finished hand told at its end, after its log: why it scored what it did (what the
    log has not said already), then its line of the score sheet ("Hand 2: seat 0 and seat
    2 3, seat 1 and seat 3 1.")."""
    if not summary:
        return []
    told = set(summary.get("log") or [])
    lines = [line for line in summary.get("why") or [] if line not in told]
    sheet = summary.get("sheet")
    if sheet:
        number = summary.get("hand_number")
        head = f"Hand {number + 1}" if isinstance(number, int) else "This hand"
        cells = ", ".join(f"{col} {pts}" for col, pts in zip(sheet["columns"], sheet["points"], strict=True))
        lines.append(f"{head}: {cells}.")
    return lines


def sheet_lines(summaries: Sequence[dict[str, Any] | None]) -> list[str]:
    """The score sheet across hands as lines of text: each hand's scores and the standing
    after it, its columns the seats or teams by name."""
    rows = standings(summaries)
    if not rows:
        return []
    out = ["Score sheet (each hand, then the standing after it):"]
    for number, sheet, running in rows:
        cells = ", ".join(f"{col} {pts}" for col, pts in zip(sheet["columns"], sheet["points"], strict=True))
        standing = ", ".join(str(t) for t in running)
        out.append(f"  Hand {number + 1}: {cells}; {sheet['unit']} {standing}.")
    return out


def match_summary(
    summaries: Sequence[dict[str, Any] | None], winners: Sequence[int], seats: Seats | None = None
) -> list[str]:
    """The end of a match in words: who won, by how much, and the hands that decided it
    (those that most favoured the winners against the runners-up), each with its why; the
    seats as the reader names them (`seats`: its names, the reader as "you"), else numbered
    for the front end to name."""
    rows = standings(summaries)
    if not rows or not winners:
        return []
    _, last, totals = rows[-1]
    cols = last["seats"]
    sign = -1 if last["lower"] else 1
    w = next((i for i, c in enumerate(cols) if set(c) & set(winners)), None)
    others = [i for i in range(len(cols)) if i != w]
    if w is None or not others:
        return []
    r = max(others, key=lambda i: sign * _number(totals[i]))
    seats = seats or Seats.numbered(1 + max(s for c in cols for s in c))
    unit = last["unit"]
    who = seats.team(cols[w], start=True)
    verb = seats.verb(cols[w][0], "win") if len(cols[w]) == 1 else "win"
    margin = abs(_number(totals[w]) - _number(totals[r]))
    by = _amount(int(margin) if margin == int(margin) else round(margin, 2), unit)
    fewer = " (fewer is better)" if last["lower"] else ""
    out = [f"{who} {verb} the match with {_amount(totals[w], unit)} against {totals[r]} for "
           f"{seats.team(cols[r])}{fewer}: by {by}."]
    swings = []
    before = [0.0] * len(cols)
    for number, sheet, running in rows:
        now = [_number(t) for t in running]
        swing = sign * ((now[w] - before[w]) - (now[r] - before[r]))
        if swing > 0:
            swings.append((swing, number, sheet))
        before = now
    decided = sorted(sorted(swings, key=lambda x: -x[0])[:2], key=lambda x: x[1])
    said = [f"hand {number + 1} ({sheet['points'][w]} against {sheet['points'][r]})" for _, number, sheet in decided]
    if said:
        out.append(f"{'The hands that decided it' if len(said) > 1 else 'The hand that decided it'}: {' and '.join(said)}.")
    return out
