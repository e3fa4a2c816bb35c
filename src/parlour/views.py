"""Text views of observations that both the games and the front ends draw with.

`generic_view` sits here, beside the engine and below the games, because a game's
`render_text` hook may put its own headline above the generic view (Mighty, Pitch) while
the terminal falls back on the generic view for every other game: the helper they share has
to live where a game may import it, never in a front end. `status_lines` and `recent_text`
are the text forms of the observation's generic `status` and `recent` keys.
"""

from __future__ import annotations

from typing import Any


def generic_view(obs: dict[str, Any]) -> str:
    """A plain view of any game from its observation's zones and scores."""
    lines = []
    for zone in obs["zones"]:
        cards = " ".join(zone["cards"])
        hidden = f" [{zone['hidden']} face down]" if zone.get("hidden") else ""
        if cards or hidden:
            lines.append(f"  {zone['label']}: {cards}{hidden}")
    scores = obs.get("scores", {})
    if scores:
        lines.append("  Scores: " + ", ".join(f"{k} {v}" for k, v in scores.items()))
    return "\n".join(lines)


def status_lines(obs: dict[str, Any]) -> list[str]:
    """The observation's headline facts (`status`), one `label: value` line each."""
    return [f"{fact['label']}: {fact['value']}" for fact in obs.get("status") or []]


def recent_text(obs: dict[str, Any], explain: bool = True) -> str | None:
    """The last public event (`recent`) as one line of plays, `*` after the marked play,
    with its explanation on a second line (unless `explain` is false, for a front end that
    has just printed it as a log line); None before any event.

    Plays name the seat ("you" for the observer) and the `hand` a play came from where the
    game gives it (a declarer playing dummy). Face-down cards the observer may not see are
    `[face down]` (`[n face down]` where the game gives a `count`); face-down cards it may see
    (its own) are followed by `(face down)`.
    """
    event = obs.get("recent")
    if not event:
        return None
    plays = []
    for play in event.get("plays") or []:
        seat = play.get("seat")
        who = "you" if seat is not None and seat == obs.get("seat") else f"seat {seat}" if isinstance(seat, int) else str(seat or "")
        if play.get("hand"):
            who += f" ({play['hand']})"
        cards = " ".join(str(c) for c in play.get("cards") or [])
        if play.get("face_down"):
            count = play.get("count")
            cards = f"{cards} (face down)" if cards else f"[{count} face down]" if count else "[face down]"
        mark = play.get("mark")
        tag = f" ({mark})" if isinstance(mark, str) and mark else " *" if mark else ""
        plays.append(f"{who} {cards}{tag}".rstrip())
    line = f"{event.get('label') or 'Last event'}: " + ", ".join(plays) if plays else str(event.get("label") or "Last event")
    explanation = event.get("explanation")
    return f"{line}\n  {explanation}" if explanation and explain else line


def recent_update(obs: dict[str, Any], shown: str | None) -> str | None:
    """The last public event to print when it differs from `shown` (the `recent_text`
    printed before), else None; its explanation is left out when the hand's log already
    says it. Live play and `parlour show` tell events alike through this."""
    recent = recent_text(obs)
    if recent is None or recent == shown:
        return None
    return recent_text(obs, explain=obs["recent"].get("explanation") not in obs["log"])
