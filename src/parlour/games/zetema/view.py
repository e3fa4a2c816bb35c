"""Zetema in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, so simulation and
search pay nothing for words. Seats are named by `names` where a front end gives them
(the observing seat is "you"), else by the numbered convention front ends name later
(`parlour.words.Seats.numbered`). A side of partners (4 and 6 players) reads as a team
("seat 0 and seat 2"); a rank pile by its rank ("the sevens' pile"); a card pulled from
its pile for a marriage is said so, not starred.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, KING, QUEEN, RANK_CHARS, SUIT_CHARS, parse_card
from parlour.games.zetema.pack import MARRY_FLAG, MELD_FLAG, PACKS, Pack, from_hand, marriage_pairs
from parlour.games.zetema.rules import MELD_DISCARD, side_seats
from parlour.words import (
    Seats,
    capital,
    card,
    cards,
    listing,
    plural,
    score_sheet,
    signed,
    suit_name,
)

RANK_WORDS = ("twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces")
MOVES = ("discard", "meld", "marry")
NOT_AN_ACTION = "That is not a Zetema action: discard 7D, meld 3H 4S 5D 6C 7H 8H, or marry KS QS*, KH QH."


def pack_of(obs: dict[str, Any]) -> Pack:
    return PACKS[SUIT_CHARS.index(obs["extra_suit"])]


def side_does(seat: int, verb: str, seats: Seats, start: bool = False) -> str:
    """The seat's side with its verb agreeing: "seat 1 reaches", "you and Cy reach"."""
    members = next(s for s in side_seats(len(seats.names)) if seat in s)
    return seats.does(seat, verb, start) if len(members) == 1 else f"{seats.team(members, start)} {verb}"


def by_side(values: Sequence[int], seats: Seats) -> str:
    """Per-seat figures, one per side: "35 for seat 0 and seat 2, 20 for seat 1 and seat 3"."""
    return ", ".join(f"{values[s[0]]} for {seats.team(s)}" for s in side_seats(len(seats.names)))


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why each side scored (its
    zetemas, melds and marriages; the target if reached) and its line of the score sheet."""
    log, sides = summary["log"], side_seats(len(summary["points"]))
    points_at = {"zetema": 3, "meld": 4, "marry": 3}
    names = {"zetema": ("zetema", "zetemas"), "meld": ("meld", "melds"), "marry": ("marriage", "marriages")}
    why = []
    for side in sides:
        parts = []
        for kind, at in points_at.items():
            got = [e[at] for e in log if e[0] == kind and e[1] in side]
            if got:
                parts.append(f"{plural(len(got), *names[kind])} {signed(sum(got))}")
        said = listing(parts) if parts else "nothing"
        why.append(f"{capital(seats.team(side))} scored {summary['points'][side[0]]}: {said}.")
    why += [sentence(e, seats) for e in log if e[0] == "target"]
    sheet = score_sheet(seats, sides, [summary["points"][side[0]] for side in sides],
                        totals=[summary["totals"][side[0]] for side in sides])
    return {**summary, "log": [sentence(e, seats) for e in log], "why": why, "sheet": sheet}


def pair_words(suit: int, way: int) -> str:
    """A king-queen pair of a marriage, with the card pulled from its pile said so."""
    k, q = card(13 * suit + KING), card(13 * suit + QUEEN)
    return f"{k} {q}" + (f" ({q} from the pile)" if way == 1 else f" ({k} from the pile)" if way == 2 else "")


def marriage_words(code: int) -> str:
    return ", ".join(pair_words(s, w) for s, w in marriage_pairs(code))


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button, its cards in symbol form and a pulled card said so."""
    if action < 52:
        return "discard " + card(action)
    if action >= MELD_FLAG:
        return "meld " + cards(pack_of(obs).texts(action - MELD_FLAG))
    return "marry " + marriage_words(action - MARRY_FLAG)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind, seat = event[0], event[1]
    if kind == "draw":
        return f"{seats.does(seat, 'draw', start=True)} from the stock."
    if kind == "discard":
        return f"{seats.does(seat, 'discard', start=True)} {card(event[2])} to the {RANK_WORDS[event[2] % 13]}' pile."
    if kind == "deal":
        return f"Hand {seat + 1}: {seats.does(event[2], 'deal')}."
    if kind == "zetema":
        return (f"{seats.does(seat, 'complete', start=True)} a zetema of {RANK_WORDS[event[2]]}: "
                f"{signed(event[3])}; the five cards go to the wastepile.")
    if kind == "meld":
        _, _, meld, what, points, extra = event
        article = "an" if what[0] in "aeiou" else "a"
        return (f"{seats.does(seat, 'show', start=True)} {article} {what} for {points}: "
                f"{cards(PACKS[extra].texts(meld))}; one of these cards must be discarded.")
    if kind == "marry":
        pairs = marriage_pairs(event[2])
        return (f"{seats.does(seat, 'declare', start=True)} {plural(len(pairs), 'marriage')}, "
                f"{marriage_words(event[2])}: {signed(event[3])}; the cards go to the wastepile.")
    if kind == "target":
        _, _, total, target = event
        return f"{side_does(seat, 'reach', seats, start=True)} {total}, the target of {target}: the match ends at once."
    return f"Hand {seat + 1} over: points {by_side(event[2], seats)}; totals {by_side(event[3], seats)}."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The stock, each seat's shown cards, the rank piles and the wastepile."""
    zones = [{"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
              "cards": [], "hidden": obs["stock_size"]}]
    for s, shown in enumerate(obs["known"]):
        if shown:
            zones.append({"id": f"known-{s}", "kind": "meld", "owner": s,
                          "label": f"{seats.whose(s, start=True)} shown cards", "cards": shown, "hidden": 0})
    for rank, pile in obs["rank_piles"].items():
        words = capital(RANK_WORDS[RANK_CHARS.index(rank)])
        zones.append({"id": f"pile-{rank}", "kind": "pile", "owner": None,
                      "label": f"{words}' pile ({len(pile)} of 5)", "cards": pile, "hidden": 0})
    return zones + [{"id": "wastepile", "kind": "pile", "owner": None, "label": "Wastepile",
                     "cards": obs["wastepile"], "hidden": 0}]


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The meld awaiting its discard, the stock, the target, the sides and the imperial suit."""
    out = []
    if obs["meld"]:
        out.append({"label": f"{seats.name(obs['to_act'], start=True)} must discard from", "value": cards(obs["meld"])})
    out += [{"label": "Stock", "value": plural(obs["stock_size"], "card")}, {"label": "Target", "value": str(obs["target"])}]
    if len(obs["sides"][0]) > 1:
        out.append({"label": "Partners", "value": "; ".join(seats.team(s) for s in obs["sides"])})
    suit = suit_name(SUIT_CHARS.index(obs["extra_suit"]))
    return [*out, {"label": "Imperial suit", "value": f"{suit} (two of each card)"}]


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last discard, meld or marriage of the hand, a zetema marked."""
    for i in range(len(events) - 1, 0, -1):
        entry, after = events[i], events[i + 1] if i + 1 < len(events) else ("",)
        kind, seat, zetema = entry[0], entry[1], after[0] == "zetema"
        if kind not in MOVES:
            continue
        if kind == "discard":
            shown, what = [CARD_TEXTS[entry[2]]], "discard"
        elif kind == "meld":
            shown, what = pack_of(obs).texts(entry[2]), "meld"
        else:
            shown, what = [CARD_TEXTS[13 * s + r] for s, _ in marriage_pairs(entry[2]) for r in (KING, QUEEN)], "marriage"
        move = sum(1 for e in events[: i + 1] if e[0] in MOVES)
        return {"label": f"Move {move}: {what}", "plays": [{"seat": seat, "cards": shown, "face_down": False, "mark": zetema}],
                "explanation": sentence(after if zetema else entry, seats)}
    return None


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if type(action) is not int or action < 0 or 52 <= action < MARRY_FLAG or MARRY_FLAG << 1 <= action < MELD_FLAG:
        return NOT_AN_ACTION
    pack, length = pack_of(obs), obs["meld_length"]
    hand = pack.of([parse_card(t) for t in obs["hand"]])
    if obs["phase"] == MELD_DISCARD:
        return f"You showed {cards(obs['meld'])}: now discard one of those cards."
    if action < 52:
        return f"You do not hold {card(action)}."
    if action >= MELD_FLAG:
        meld = action - MELD_FLAG
        missing = pack.texts(meld & ~hand)
        if missing:
            return f"You do not hold {cards(missing)}."
        return (f"{cards(pack.texts(meld))} is not a meld: {length} cards in sequence (not all one suit), "
                f"{length} of one suit, or the five cards of a rank.")
    code = action - MARRY_FLAG
    for s in range(4):
        counts = [code >> (6 * s + 2 * way) & 3 for way in range(3)]
        if sum(counts) > (2 if s == pack.extra else 1):
            return f"There {'are only two' if s == pack.extra else 'is only one'} king and queen of {suit_name(s)}."
        for f, pulls in ((13 * s + QUEEN, counts[1]), (13 * s + KING, counts[2])):
            if obs["rank_piles"][RANK_CHARS[f % 13]].count(CARD_TEXTS[f]) < pulls:
                return f"There is no {card(f)} to pull from the {RANK_WORDS[f % 13]}' pile."
    missing = pack.texts(pack.of(from_hand(code)) & ~hand)
    return f"You do not hold {cards(missing)} for the marriage." if missing else None
