"""Kings in the Corner in words: every sentence, label and status line a person reads,
made from an observation and the hand's events (see `rules.py` for the events) through
the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. Seats are named by
`names` where a front end gives them (the observing seat is "you"), else by the numbered
convention front ends name later (`parlour.words.Seats.numbered`). Piles read as places
("the north side"); the status keeps their short names, as the action notation writes
them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, KING, parse_card
from parlour.engine import make_options
from parlour.games.kings_in_the_corner.rules import (
    DRAW,
    KNOCK,
    MOVE,
    PILES,
    KingsOptions,
    decode,
    low_rank,
)
from parlour.words import Seats, card, plural, score_sheet

PILE_NAMES = ("north side", "east side", "south side", "west side",
              "north-east corner", "south-east corner", "south-west corner", "north-west corner")

SYMBOLS = {**{c: card(c) for c in range(52)}, **{CARD_TEXTS[c]: card(c) for c in range(52)}}
"""Each card (its id or its code) as people read it, worked out once: the status names
every pile's top card at every observation."""


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why it scored (who went out, or
    who held fewest when play stopped; each seat's cards left and what they cost) and its
    line of the score sheet."""
    winners, held, scores = summary["winners"], summary.get("held"), summary["scores"]
    out = [s for s, n in enumerate(summary["cards_left"]) if n == 0]
    why = ([f"The hand goes to {seats.group(out)}, who played every card."] if out else
           [f"Nobody could play on: the hand goes to {seats.group(winners)}, holding the fewest cards."])
    for s, n in enumerate(summary["cards_left"]):
        if n:
            shown = f" ({' '.join(card(c) for c in held[s])})" if held else ""
            why.append(f"{seats.does(s, 'be', start=True)} left holding {plural(n, 'card')}{shown}: {scores[s]}.")
    sheet = score_sheet(seats, [(s,) for s in range(len(scores))], scores)
    return {**summary, "log": [sentence(e, seats) for e in summary["log"]], "why": why, "sheet": sheet}


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """Piles named in words: "play 7♠ on the north side", "move the east side onto the
    north-east corner"; `draw` and `knock` as they are."""
    kind, a, b = decode(action)
    if kind == "play":
        return f"play {SYMBOLS[a]} on the {PILE_NAMES[b]}"
    return f"move the {PILE_NAMES[a]} onto the {PILE_NAMES[b]}" if kind == "move" else kind


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "play":
        _, seat, c, pile = event
        return f"{seats.does(seat, 'play', start=True)} {SYMBOLS[c]} on the {PILE_NAMES[pile]}."
    if kind == "move":
        _, seat, x, y, _count = event
        return f"{seats.does(seat, 'move', start=True)} the {PILE_NAMES[x]} onto the {PILE_NAMES[y]}."
    if kind == "over":
        _, winners, scores = event
        by_seat = ", ".join(f"{seats.name(s)} {v}" for s, v in enumerate(scores))
        return f"The hand is over: {seats.group_does(winners, 'win')}; scores: {by_seat}."
    return f"{seats.does(event[1], kind, start=True)}."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The eight piles, face up, and the stock, face down."""
    zones = []
    for p, name in enumerate(PILES):
        pile = obs["piles"][name]
        empty = "empty corner" if p >= 4 else "vacant"
        zones.append({"id": f"pile-{name}", "kind": "pile", "owner": None, "label": name if pile else f"{name}: {empty}",
                      "cards": list(pile), "hidden": 0})
    zones.append({"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
                  "cards": [], "hidden": obs["stock_size"]})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The stock (how the turn ends), the knocks toward the end, the tops to build on."""
    out = []
    if obs["stock_size"]:
        out.append({"label": "Stock", "value": f"{plural(obs['stock_size'], 'card')}: end your turn with draw"})
    else:
        out.append({"label": "Stock", "value": "empty: end your turn with knock"})
        out.append({"label": "Knocks in a row", "value": f"{obs['knocks']} of {obs['players']} end the hand"})
    tops = [f"{name} {SYMBOLS[pile[-1]]}" for name, pile in obs["piles"].items() if pile]
    vacant = [name for name, pile in obs["piles"].items() if not pile and len(name) == 1]
    out.append({"label": "Tops", "value": ", ".join(tops)})
    if vacant:
        out.append({"label": "Vacant sides", "value": ", ".join(vacant)})
    if obs["options"].get("hands", 1) > 1:
        out.append({"label": "Hand", "value": f"{obs['hand_number'] + 1} of {obs['options']['hands']}"})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last play, move, draw or knock of the hand, labelled with its turn (the hand's
    turns are numbered from 1), so two draws of one seat read apart."""
    plays = [e for e in events if e[0] != "over"]
    if not plays:
        return None
    event = plays[-1]
    kind = event[0]
    turn = 1 + sum(1 for e in plays[:-1] if e[0] in ("draw", "knock"))
    cards: list[str] = []
    if kind == "play":
        cards, what = [CARD_TEXTS[event[2]]], f"play on {PILES[event[3]]}"
    elif kind == "move":
        cards, what = obs["piles"][PILES[event[3]]][-event[4] :], f"move {PILES[event[2]]} to {PILES[event[3]]}"
    else:
        what = kind
    return {
        "label": f"Turn {turn}: {what}",
        "plays": [{"seat": event[1], "cards": cards, "face_down": kind == "draw", "mark": False}],
        "explanation": sentence(event, seats),
    }


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action <= KNOCK:
        return None
    if action == DRAW:
        return "The stock is empty: knock to end your turn." if not obs["stock_size"] else None
    if action == KNOCK:
        return "You may knock only once the stock is empty; draw to end your turn." if obs["stock_size"] else None
    piles = [[parse_card(t) for t in obs["piles"][p]] for p in PILES]
    if action < MOVE:
        return why_not_play(obs, piles, *divmod(action, 8))
    return why_not_move(make_options(KingsOptions, obs["options"]), piles, *divmod(action - MOVE, 8))


def why_not_play(obs: dict[str, Any], piles: list[list[int]], c: int, p: int) -> str | None:
    """Why card `c` may not go on pile `p`."""
    name = PILE_NAMES[p]
    if c not in {parse_card(t) for t in obs["hand"]}:
        return f"You do not hold {card(c)}."
    if not piles[p]:
        return None if p < 4 else f"Only a king goes into an empty corner ({name}); {card(c)} is no king."
    top = piles[p][-1]
    if low_rank(top) == 0:
        return f"Nothing goes on an ace: {card(top)} tops the {name}."
    return f"{card(c)} cannot go on {card(top)} ({name}): a card goes on one rank higher of the opposite colour."


def why_not_move(options: KingsOptions, piles: list[list[int]], x: int, y: int) -> str | None:
    """Why pile `x` may not move onto pile `y`."""
    if x == y:
        return "A pile cannot move onto itself."
    if not piles[x]:
        return f"The {PILE_NAMES[x]} is empty: there is no pile to move."
    bottom = piles[x][0]
    if bottom % 13 == KING:
        if options.king_pile_to_corner and x < 4 and y >= 4 and not piles[y]:
            return None
        if options.king_pile_to_corner and x < 4:
            return "A pile headed by a king moves only into an empty corner."
        return "A pile headed by a king never moves."
    if not piles[y]:
        return f"The {PILE_NAMES[y]} is empty: a pile moves only onto another pile."
    return (
        f"The {PILE_NAMES[x]} (headed by {card(bottom)}) cannot go on {card(piles[y][-1])}: "
        "its bottom card must be one rank lower and of the opposite colour."
    )
