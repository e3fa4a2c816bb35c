"""Draw Toy in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (`rules.py` lists them) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, `table_zones`, `status`, `recent`) only for a person's observation, each with
the reader's `seats` (named by the front end's names, the reader as "you", else numbered),
`hand_summary` once for a reader when a finished hand is first read, and `why_not` for the
sentence of an illegal action.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS
from parlour.words import Seats, card, listing, plural, score_sheet

from .rules import DISCARD, DRAW_PILE, DRAW_STOCK, LIMIT

__all__ = ["hand_summary", "label", "recent", "sentence", "status", "table_zones", "why_not"]


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its result in a sentence, which is also why it scored
    so, and its line of the score sheet (penalty points: the fewer the better)."""
    told = sentence(("scores", summary["scores"], summary["leaving"]), seats)
    sheet = score_sheet(seats, [(s,) for s in range(len(summary["scores"]))], summary["scores"], lower=True)
    return {**summary, "log": [told], "why": [told], "sheet": sheet}


def label(obs: dict[str, Any], action: Any, seats: Seats) -> str:
    """A legal action on a button."""
    if action == DRAW_STOCK:
        return "draw from the stock"
    if action == DRAW_PILE:
        return f"take {card(obs['pile'][-2])} from the pile"
    return f"discard {card(action)}"


DOINGS = {
    "deal": ("deal", "; {card} starts the pile."),
    "discard": ("discard", " {card}."),
    "draw": ("draw", " from the stock."),
    "take": ("take", " {card} from the pile."),
}
"""A seat's event: its verb (agreeing with the seat) and the rest of the sentence."""


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand as a sentence."""
    kind = event[0]
    if kind in DOINGS:
        verb, rest = DOINGS[kind]
        return seats.does(event[1], verb, start=True) + rest.format(card=card(event[2]) if len(event) > 2 else "")
    if kind == "reshuffle":
        return f"The stock is empty: the pile under its top card, {plural(event[1], 'card')}, is shuffled into a new stock."
    _kind, scores, leaving = event
    scored = ", ".join(f"{seats.name(s)} {plural(v, 'point')}" for s, v in enumerate(scores))
    if not leaving:
        return f"The hands are shown: {scored}."
    leave = seats.verb(leaving[0], "leave") if len(leaving) == 1 else "leave"
    return f"The hands are shown: {scored}. {seats.group_does(leaving, 'pass', start=True)} {LIMIT} and {leave} the match."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The pile, face up, and the stock, face down."""
    return [
        {"id": "pile", "kind": "pile", "owner": None, "label": "Pile", "cards": list(obs["pile"]), "hidden": 0},
        {"id": "stock", "kind": "pile", "owner": None, "label": f"Stock ({obs['stock_size']})", "cards": [], "hidden": obs["stock_size"]},
    ]


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The turns left in the hand and the cards each seat is known to hold."""
    out = [{"label": "Turns left", "value": str(obs["turns_left"])}]
    known = [(s, k) for s, k in enumerate(obs["known"]) if k]
    for s, held in known:
        out.append({"label": f"{seats.whose(s, start=True)} known cards", "value": listing(card(c) for c in held)})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last discard, with its sentence."""
    for event in reversed(events):
        if event[0] == "discard":
            return {"label": f"Hand {obs['hand_number'] + 1}: {seats.does(event[1], 'discard')}",
                    "plays": [{"seat": event[1], "cards": [CARD_TEXTS[event[2]]], "face_down": False, "mark": False}],
                    "explanation": sentence(event, seats)}
    return None


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation), or
    None for the engine's sentence (the legal actions)."""
    if obs["phase"] != DISCARD:
        return None
    if action in (DRAW_STOCK, DRAW_PILE):
        return "Discard first: a turn is a discard, then a draw."
    if type(action) is int and 0 <= action < len(CARD_TEXTS) and CARD_TEXTS[action] not in obs["hand"]:
        return f"You do not hold {card(action)}."
    return None

