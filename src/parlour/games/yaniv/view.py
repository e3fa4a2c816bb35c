"""Yaniv in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. Seats are named by
`names` where a front end gives them (the observing seat is "you"), else by the numbered
convention front ends name later (`parlour.words.Seats.numbered`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import JOKER, parse_card
from parlour.games.yaniv.rules import (
    DRAW_FIRST,
    DRAW_LAST,
    DRAW_STOCK,
    LOW,
    OUT_ABOVE,
    PENALTY,
    TURN,
    WORDS,
    YANIV,
)
from parlour.words import Seats, card, cards, plural, score_sheet


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why it scored (the call, every
    hand shown with its total, the showdown) and its line of the score sheet (penalty
    points: the fewer the better)."""
    log = summary["log"]
    shown = ", ".join(f"{seats.name(s)} {cards(h)} ({v})" for s, (h, v) in enumerate(zip(summary["hands"], summary["values"], strict=True)) if h)
    why = [sentence(e, seats) for e in log if e[0] in ("yaniv", "stock out")]
    why += [f"Hands shown: {shown}.", scores_sentence(log[-1], seats)]
    sheet = score_sheet(seats, [(s,) for s in range(len(summary["scores"]))], summary["scores"],
                        totals=summary["totals"], lower=True)
    return {**summary, "log": [sentence(e, seats) for e in log], "why": why, "sheet": sheet}


def label(obs: dict[str, Any], action: Any, seats: Seats) -> str:
    """A legal action on a button: its notation with the cards in symbol form; a draw from
    the previous discard names the card it takes ("draw 7♦ (first)")."""
    if action in (DRAW_FIRST, DRAW_LAST) and obs.get("offer"):
        offer = obs["offer"]
        end = offer[0] if action == DRAW_FIRST else offer[-1]
        return f"draw {card(end)}" if len(offer) == 1 else f"draw {card(end)} ({'first' if action == DRAW_FIRST else 'last'})"
    return WORDS[action] if type(action) is int else "discard " + cards(action)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "discard":
        return f"{seats.does(event[1], 'discard', start=True)} {cards(event[2])}."
    if kind == "draw":
        return f"{seats.does(event[1], 'draw', start=True)} from the stock."
    if kind == "take":
        return f"{seats.does(event[1], 'take', start=True)} {cards(event[2])} from the discards."
    if kind == "deal":
        return f"{seats.does(event[1], 'deal', start=True)} five cards each; the upcard is {cards(event[2])}."
    if kind == "reshuffle":
        count = event[1]
        return f"The stock is empty: {plural(count, 'dead discard')} {'is' if count == 1 else 'are'} shuffled into a new stock."
    if kind == "yaniv":
        return f"{seats.does(event[1], 'call', start=True)} yaniv with {event[2]}."
    if kind == "stock out":
        return "The stock has run out: the hand ends and everyone scores their hand."
    return scores_sentence(event, seats)


def scores_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """The showdown: who was caught or scores 0, every seat's score, the resets and who is out."""
    _kind, caller, penalty, scores, resets, leaving = event
    if caller is None:
        head = "Everyone scores their hand"
    elif penalty:
        head = f"{seats.does(caller, 'be', start=True)} beaten and {seats.verb(caller, 'pay')} {PENALTY} more"
    else:
        head = f"{seats.does(caller, 'have', start=True)} the lowest hand and {seats.verb(caller, 'score')} 0"
    parts = [f"{head}: {by_seat(scores, seats)}."]
    parts += [f"{seats.does(s, 'reach', start=True)} exactly {b}: back to {a}." for s, b, a in resets]
    parts += [f"{seats.does(s, 'pass', start=True)} {OUT_ABOVE} and {seats.verb(s, 'be')} out." for s in leaving]
    return " ".join(parts)


def by_seat(values: Sequence[int], seats: Seats, out: Sequence[int] = ()) -> str:
    """Per-seat numbers as people read them: "seat 0 5, you 0", a seat that is out marked."""
    return ", ".join(f"{seats.name(s)} {v}" + (" (out)" if s in out else "") for s, v in enumerate(values))


def ends(codes: Sequence[str]) -> str:
    """The cards of a group the next player may take: its first or its last."""
    return card(codes[0]) if len(codes) == 1 else f"{card(codes[0])} or {card(codes[-1])}"


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The stock, the group on offer, this turn's discard, the dead pile and the cards each
    other seat is known to hold."""
    def zone(id: str, kind: str, owner: int | None, label: str, cards: list[str], hidden: int = 0) -> dict[str, Any]:
        return {"id": id, "kind": kind, "owner": owner, "label": label, "cards": cards, "hidden": hidden}

    zones = [zone("stock", "pile", None, f"Stock ({obs['stock_size']})", [], obs["stock_size"]),
             zone("offer", "table", None, "Previous discard: draw its first or last card", obs["offer"])]
    if obs["discard"]:
        actor = obs["to_act"]
        zones.append(zone("discard", "table", actor, seats.does(actor, "discard", start=True), obs["discard"]))
    zones.append(zone("dead", "pile", None, "Dead discards", obs["dead"]))
    zones += [zone(f"known-{s}", "pile", s, f"{seats.name(s, start=True)} took from the discards", known)
              for s, known in enumerate(obs["known"]) if known and s != obs["seat"]]
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """What a player decides on: the cards on offer, their own hand's value against the
    yaniv limit, the stock, and the totals with who is out."""
    out = []
    if obs["hand_value"] is not None:
        out.append({"label": "Your hand is worth", "value": str(obs["hand_value"])})
    out.append({"label": "You may take", "value": f"{ends(obs['offer'])}, or the stock's top card"})
    out.append({"label": "Yaniv at", "value": f"{obs['yaniv_max']} or less"})
    out.append({"label": "Stock", "value": plural(obs["stock_size"], "card")})
    totals = by_seat(obs["scores"]["match"], seats, obs.get("eliminated", ()))
    out.append({"label": f"Totals (out above {OUT_ABOVE})", "value": totals})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last discard, labelled with its turn, and its ends; at a hand's start, the showdown."""
    discards = [(actor, text) for actor, text in obs["actions"] if text.startswith("discard ")]
    if discards:
        actor, text = discards[-1]
        group = text.split()[1:]
        return {"label": f"Turn {len(discards)}: {seats.does(actor, 'discard')}",
                "explanation": f"The next player may take {ends(group)}.",
                "plays": [{"seat": actor, "cards": group, "face_down": False, "mark": False}]}
    last = obs["last_hand"]
    if not last:
        return None
    plays = [{"seat": s, "cards": h, "face_down": False, "mark": s == last["caller"]} for s, h in enumerate(last["hands"]) if h]
    label = "Showdown" if last["caller"] is not None else "Hands at the stock's end"
    return {"label": label, "plays": plays, "explanation": last["log"][-1]}


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation), or
    None where the legal actions say it best."""
    if obs["phase"] == TURN:
        return why_not_turn(obs, action)
    if action == YANIV:
        return "Yaniv is called at the start of a turn, before discarding."
    if isinstance(action, tuple):
        return "You have discarded this turn; now draw: draw stock, draw first or draw last."
    if action == DRAW_LAST and len(obs["offer"]) == 1:
        return "The previous discard is a single card: take it with draw first."
    if action == DRAW_STOCK:
        return "The stock is empty and no dead discards are left to shuffle: draw first or draw last."
    return None


def why_not_turn(obs: dict[str, Any], action: Any) -> str | None:
    """Why a call or a discard is refused at the start of a turn."""
    if action == YANIV:
        return f"Yaniv needs a hand worth {obs['yaniv_max']} or less; yours is worth {obs['hand_value']}."
    if type(action) is int and action in WORDS:
        return "Discard first (or call yaniv): a turn is a discard, then a draw."
    if not isinstance(action, tuple) or not all(isinstance(c, int) and 0 <= c <= JOKER for c in action):
        return None
    fault = meld_fault(action)
    if fault:
        return fault
    hand = [parse_card(t) for t in obs["hand"]]
    for c in sorted(set(action)):
        held = hand.count(c)
        if action.count(c) > held:
            return f"You do not hold {card(c)}." if not held else f"You hold only {held} {card(c)}."
    return None


def meld_fault(cards: tuple[int, ...]) -> str | None:
    """Why a group of cards, in its written order, is no single, set or run (None if it is)."""
    size = len(cards)
    if size <= 1:
        return None if size else "Name the cards to discard, like discard 7S."
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        return "Jokers make no set and no run by themselves: discard one joker at a time."
    ranks = {c % 13 for c in naturals}
    if len(ranks) == 1 and len(naturals) == size:
        return None
    if size < 3 or len(ranks) == 1 and len({c // 13 for c in naturals}) > 1:
        if len(ranks) == 1:
            return "Jokers go in runs only, never in a set."
        return "Two cards make a set only when they share a rank; a run needs three or more cards."
    if len({c // 13 for c in naturals}) > 1:
        return "A run is of one suit and a set of one rank; these cards are neither."
    if len(ranks) < len(naturals):
        return "A run cannot hold two cards of one rank."
    first = next(i for i, c in enumerate(cards) if c != JOKER)
    start = LOW[cards[first]] - first
    if start < 0:
        return "Nothing ranks below the ace (aces are low), so this run cannot start there."
    for i, c in enumerate(cards):
        if start + i > 12:
            return "Nothing ranks above the king: aces are low, so Q-K-A is no run."
        if c != JOKER and LOW[c] != start + i:
            return "A run is written in ascending rank order with no gaps; a joker may fill a gap."
    return None

