"""Text views of observations that both the games and the front ends draw with.

`generic_view` sits here, beside the engine and below the games, because a game's
`render_text` hook may put its own headline above the generic view (Mighty, Pitch) while
the terminal falls back on the generic view for every other game: the helper they share has
to live where a game may import it, never in a front end.
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
