"""Paks in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation. Seats are named
by `names` where a front end gives them (the observing seat is "you"), else by the
numbered convention front ends name later (`parlour.words.Seats.numbered`); a side is
named by its players ("you and Bob").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, SUIT_CHARS, parse_card, sort_key
from parlour.games.paks.rules import (
    CARD_CAPTURE,
    END,
    PAK,
    PAK_PHASE,
    STEAL,
    STEAL_PHASE,
    PaksOptions,
    group_value,
)
from parlour.words import (
    Seats,
    capital,
    card,
    cards,
    listing,
    plural,
    score_sheet,
    suit_name,
)

LABELS = {"feed": "Fed the table", "draw": "Drawn", "reveal": "Hand shown", "pak": "Pak formed", "steal": "Paks stolen"}
"""The `recent` label of each event worth showing (the others are skipped)."""


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with why it scored: suit by suit, the paks each side holds
    and those cancelled (each side loses as many of its lowest as the fewest any side
    holds), then what the paks kept are worth; and its line of the score sheet."""
    sides, kept, dropped = summary["sides"], summary["kept"], summary["discarded"]
    why = []
    for suit in SUIT_CHARS:
        mine = [[p for p in kept[i] + dropped[i] if p[0][-1] == suit] for i in range(len(sides))]
        if not any(mine):
            continue
        held = ", ".join(f"{seats.team(side)} {len(m)}" for side, m in zip(sides, mine, strict=True))
        gone = [[p for p in dropped[i] if p[0][-1] == suit] for i in range(len(sides))]
        lost = len(gone[0])
        said = (f"the fewest is {lost}, so each side cancels its {plural(lost, 'lowest pak', 'lowest paks')}: "
                + "; ".join(f"{seats.team(side)} {listing(cards(p) for p in g)}" for side, g in zip(sides, gone, strict=True))
                if lost else "nothing cancels (a side holds none of the suit)")
        why.append(f"{capital(suit_name(SUIT_CHARS.index(suit)))}: paks held {held}; {said}.")
    worth = ", ".join(f"{seats.team(side)} {summary['scores'][side[0]]}" for side in sides)
    why.append(f"The paks kept score A 20, K to 8 10, 7 to 2 5: {worth}.")
    sheet = score_sheet(seats, sides, [summary["scores"][side[0]] for side in sides])
    return {**summary, "why": why, "sheet": sheet}


def ordered(cs: Sequence[int]) -> str:
    """Cards in the canonical order (high to low within a suit), as people read them."""
    return cards(sorted(cs, key=sort_key))


def label(obs: dict[str, Any], action: Any, seats: Seats) -> str:
    """A legal action on a button: `end`, a pak with its board card, or a steal naming whose
    paks it takes by their numbers."""
    if action == END:
        return "end"
    if action[0] == PAK:
        return f"pak {card(action[1])} with {ordered(action[-1])}"
    _, victim, numbers, _cards = action
    which = f"pak {numbers[0]}" if len(numbers) == 1 else "paks " + listing(str(i) for i in numbers)
    return f"steal {seats.whose(victim)} {which} with {ordered(action[-1])}"


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "over":
        _, sides, scores = event
        said = "; ".join(f"{seats.team(side)}: {v}" for side, v in zip(sides, scores, strict=True))
        return f"The stock is out; after cancelling, the hand scores {said}."
    seat = event[1]
    who = seats.name(seat, start=True)
    if kind == "feed":
        return f"{who} drew {card(event[2])}, a suit not on the board: it feeds the table."
    if kind == "draw":
        return f"{who} drew {card(event[2])} into the hand."
    if kind == "hidden":
        return f"{who} drew a card unseen (the table is full)."
    if kind == "reveal":
        return f"{who} drew at a full table, can form no pak, and {seats.verb(seat, 'show')}: {ordered(event[2])}."
    if kind == "pak":
        _, _, x, group, value = event
        return f"{who} captured {card(x)} ({CARD_CAPTURE[x]}) with {ordered(group)} ({value})."
    if kind == "steal":
        taken = " + ".join(ordered(p) for p in event[3])
        return f"{who} stole {taken} from {seats.name(event[2])} with {ordered(event[4])}."
    return f"{seats.does(seat, 'end', start=True)} the turn."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The board, the stock, every pak (numbered as steals name them) and the cards known
    to be in each other hand."""
    zones = [
        {"id": "board", "kind": "table", "owner": None, "label": "Board", "cards": obs["board"], "hidden": 0},
        {"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
         "cards": [], "hidden": obs["stock_size"]},
    ]
    for s, ps in enumerate(obs["paks"]):
        for i, p in enumerate(ps):
            zones.append({"id": f"pak-{s}-{i + 1}", "kind": "meld", "owner": s,
                          "label": f"{seats.whose(s, start=True)} pak {i + 1} (value {p['value']}, {p['points']} points)",
                          "cards": p["cards"], "hidden": 0})
    for s, known in enumerate(obs["known"]):
        if known and s != obs["seat"]:
            zones.append({"id": f"known-{s}", "kind": "other", "owner": s,
                          "label": f"Known in {seats.whose(s)} hand", "cards": known, "hidden": 0})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The table's state (full or not), the stock, this turn's pak and steals, the sides
    and the target."""
    out = [
        {"label": "Table", "value": "full: draws are hidden, a pak is compulsory" if obs["full_table"]
         else "not full: draws are shown, new suits feed the board"},
        {"label": "Stock", "value": plural(obs["stock_size"], "card")},
    ]
    if obs["pak_suit"] is not None:
        stolen = ", ".join(suit_name(SUIT_CHARS.index(s)) for s in obs["stolen"]) or "none yet"
        out.append({"label": "This turn", "value": f"pak in {suit_name(SUIT_CHARS.index(obs['pak_suit']))}; steals: {stolen}"})
    if len(obs["sides"]) < obs["players"]:
        out.append({"label": "Teams", "value": " against ".join(seats.team(side) for side in obs["sides"])})
    out.append({"label": "Target", "value": str(obs["target"])})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last capture, steal, feed, shown draw or forced reveal."""
    for event in reversed(events):
        kind = event[0]
        if kind not in LABELS:
            continue
        if kind in ("feed", "draw"):
            shown = [event[2]]
        elif kind == "reveal":
            shown = list(event[2])
        elif kind == "pak":
            shown = [event[2], *event[3]]
        else:
            shown = [c for p in event[3] for c in p] + list(event[4])
        play = {"seat": event[1], "cards": [CARD_TEXTS[c] for c in sorted(shown, key=sort_key)], "face_down": False,
                "mark": kind in ("pak", "steal")}
        return {"label": LABELS[kind], "plays": [play], "explanation": sentence(event, seats)}
    return None


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation), or
    None where the legal actions say it best."""
    if action == END:
        return "The table is full and you can form a pak, so you must." if obs["full_table"] else None
    if not isinstance(action, tuple) or len(action) < 3:
        return None
    phase = obs["phase"]
    if action[0] == STEAL and phase == PAK_PHASE:
        return "You may steal only after forming a pak this turn."
    if action[0] == PAK and phase == STEAL_PHASE:
        return "You have formed this turn's pak; steal, or end your turn."
    group = action[-1]
    if not group:
        return "Name the cards from your hand that make the capture."
    held = [0] * 52
    for t in obs["hand"]:
        held[parse_card(t)] += 1
    for c in group:
        if held[c] <= 0:
            return f"You do not hold {card(c)}" + (" twice." if group.count(c) > 1 else ".")
        held[c] -= 1
    if action[0] == PAK:
        x = action[1]
        if CARD_TEXTS[x] not in obs["board"]:
            return f"{card(x)} is not on the board."
        suit, worth, what = x // 13, CARD_CAPTURE[x], card(x)
    else:
        found = steal_fault(obs, action, seats)
        if isinstance(found, str):
            return found
        suit, worth = found
        what = "the paks stolen"
    if any(c // 13 != suit for c in group):
        return f"A capture uses cards of the captured suit ({suit_name(suit)}) only."
    value = group_value(group, obs["options"].get("multi_pairs", PaksOptions.multi_pairs))
    if value <= worth:
        return f"{ordered(group)} is worth {value}, not more than {what} ({worth})."
    return None


def steal_fault(obs: dict[str, Any], action: Any, seats: Seats) -> str | tuple[int, int]:
    """Why a steal's paks cannot be taken, or their suit and total value when they can."""
    _, victim, numbers, _cards = action
    if victim == obs["seat"]:
        return "You cannot steal your own paks."
    if not 0 <= victim < obs["players"]:
        return "Nobody sits at that seat to steal from."
    theirs = obs["paks"][victim]
    bad = [i for i in numbers if not 1 <= i <= len(theirs)]
    if bad or not numbers:
        has = seats.does(victim, "have", start=True)
        return f"{has} no pak {bad[0] if bad else 0} (only {plural(len(theirs), 'pak')})."
    suits = {parse_card(theirs[i - 1]["cards"][0]) // 13 for i in numbers}
    if len(suits) > 1:
        return "The paks stolen at once must all be of one suit."
    suit = suits.pop()
    if SUIT_CHARS[suit] == obs["pak_suit"]:
        return f"You may not steal {suit_name(suit)}, the suit of this turn's pak."
    if SUIT_CHARS[suit] in obs["stolen"]:
        return f"You have already stolen {suit_name(suit)} this turn."
    return suit, sum(theirs[i - 1]["value"] for i in numbers)
