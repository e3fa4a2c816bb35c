"""Cramps in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, so simulation and
search pay nothing for words. Seats are named by `names` where a front end gives them
(the observing seat is "you"), else by the numbered convention front ends name later
(`parlour.words.Seats.numbered`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, JOKER, SUIT_CHARS, parse_card
from parlour.games.cramps.rules import AUCTION, BID_BASE, NO_TRUMP, PASS, PLAY, TRICKS, TRUMP_BASE
from parlour.words import (
    Seats,
    capital,
    card,
    listing,
    score_sheet,
    signed,
    suit_name,
    trump,
)


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why each seat scored (the tricks
    it won, each with its worth and queens; the Royal contract) and its line of the sheet."""
    log = summary["log"]
    won: dict[int, list[str]] = {}
    for e in log:
        if e[0] == "trick":
            _, k, leader, cards, win, value, queens, _ = e
            won.setdefault((leader + win) % len(summary["scores"]), []).append(f"{k + 1} ({signed(value + queens)})")
    why = [f"{seats.name(s, start=True)} won " + (f"tricks {listing(won[s])}" if len(won.get(s, [])) > 1 else
           f"trick {won[s][0]}" if s in won else "no trick") + f": {signed(summary['raw'][s])}."
           for s in range(len(summary["scores"]))]
    why += [sentence(e, seats) for e in log if e[0] == "contract"]
    sheet = score_sheet(seats, [(s,) for s in range(len(summary["scores"]))], summary["scores"], totals=log[-1][3])
    return {**summary, "log": [sentence(e, seats) for e in log], "why": why, "sheet": sheet}


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: its notation with the card in symbol form."""
    if action <= JOKER:
        return "play " + card(action)
    if action == PASS:
        return "pass"
    if action < TRUMP_BASE:
        return f"bid {action - BID_BASE}"
    return "trump NT" if action == NO_TRUMP else "trump " + SUIT_CHARS[action - TRUMP_BASE]


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "trick":
        return trick_sentence(event, seats)
    if kind == "deal":
        return f"Hand {event[1] + 1}: {seats.does(event[2], 'deal')}."
    if kind == "pass":
        return f"{seats.does(event[1], 'pass', start=True)}."
    if kind == "bid":
        return f"{seats.does(event[1], 'bid', start=True)} {event[2]}."
    if kind == "no_bid":
        return "Nobody bids: the hand is played as regular Cramps."
    if kind == "declare":
        _, bidder, bid, suit = event
        plays = f"{seats.does(bidder, 'play', start=True)} {bid}"
        if suit is None:
            return f"{plays} at no trump; queens are -1 each."
        return f"{plays} with {suit_name(suit)} trumps; the queen of {suit_name(suit)} is -4, other queens 0."
    if kind == "contract":
        _, bidder, taken, bid, made, score = event
        return f"{seats.name(bidder, start=True)} took {taken} against a bid of {bid}: {'made' if made else 'set'}, scoring {score}."
    _, hand, scores, totals = event
    return f"Hand {hand + 1} over: scores {by_seat(scores, seats)}; totals {by_seat(totals, seats)}."


def by_seat(values: Sequence[int], seats: Seats) -> str:
    """Per-seat numbers as people read them: "seat 0 3, you 10"."""
    return ", ".join(f"{seats.name(s)} {v}" for s, v in enumerate(values))


def trick_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """A finished trick: what each seat played, who won it with what, and why."""
    _, k, leader, cards, win, value, queens, trumps = event
    n = len(cards)
    plays = seats.plays(((leader + i) % n, card(c)) for i, c in enumerate(cards))
    extra = f" and {signed(queens)} for queens" if queens else ""
    winner = seats.does((leader + win) % n, "win")
    return (
        f"Trick {k + 1} (worth {signed(value)}): {plays}; {winner} with {card(cards[win])}, "
        f"{why_won(cards, win, trumps)}, scoring {signed(value)}{extra}."
    )


def why_won(cards: Sequence[int], win: int, trumps: int | None) -> str:
    """Why the winning card won: the joker led, the highest trump, or the highest card of
    the suit led (played first of two identical cards)."""
    won = cards[win]
    if won == JOKER:
        return "the joker led"
    if trumps is not None and won // 13 == trumps and cards[0] // 13 != trumps:
        return f"the highest trump ({suit_name(trumps)})"
    why = f"the highest {suit_name(won // 13)[:-1]}"
    return why + ", played first of two" if list(cards).count(won) > 1 else why


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The trick on the table, one zone per play, and each seat's pile of tricks won."""
    zones = [
        {"id": f"table-{s}", "kind": "table", "owner": s, "label": seats.does(s, "play", start=True), "cards": [c], "hidden": 0}
        for s, c in obs["trick"]
    ]
    for s in range(obs["players"]):
        won = [c for t in obs["tricks"] if t["winner"] == s for c in t["cards"]]
        zones.append({"id": f"tricks-{s}", "kind": "pile", "owner": s, "cards": won, "hidden": 0,
                      "label": f"{seats.whose(s, start=True)} tricks ({signed(obs['scores']['hand'][s])})"})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The value of the trick being played is the game's main decision; then the
    contract, the queens and the target."""
    out = []
    if not obs["match_over"]:
        k = obs["trick_number"]
        out.append({"label": f"Trick {k} of {TRICKS} is worth", "value": signed(obs["trick_values"][k - 1])})
        values = [f"[{signed(v)}]" if i + 1 == k else signed(v) for i, v in enumerate(obs["trick_values"])]
        out.append({"label": "Trick values", "value": " ".join(values)})
    auction = obs["auction"]
    if auction["bidder"] is not None:
        trumps = "to be named" if obs["trump"] is None else trump(obs["trump"])
        out.append({"label": "Contract", "value": f"{seats.name(auction['bidder'])} bid {auction['bid']}, trumps {trumps}"})
    elif obs["phase"] == AUCTION:
        out.append({"label": "Auction", "value": f"bids {auction['min_bid']} to {auction['max_bid']}, no bid yet"})
    queens = sorted(set(obs["queen_values"]))
    out.append({"label": "Queens", "value": "-1 each" if queens == [-1] else "-4 the queen of trumps, others 0"})
    out.append({"label": "Target", "value": str(obs["target"])})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last finished trick of this hand, its winner marked."""
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    n = obs["players"]
    plays = [
        {"seat": (last["leader"] + i) % n, "cards": [c], "face_down": False, "mark": (last["leader"] + i) % n == last["winner"]}
        for i, c in enumerate(last["cards"])
    ]
    event = next(e for e in reversed(events) if not isinstance(e, str) and e[0] == "trick")
    return {"label": f"Trick {len(obs['tricks'])}", "plays": plays, "explanation": trick_sentence(event, seats)}


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool) or action < 0:
        return f"{action!r} is not a Cramps action"
    if obs["phase"] == PLAY:
        if action > JOKER:
            return "It is time to play a card."
        if CARD_TEXTS[action] not in obs["hand"]:
            return f"You do not hold {card(action)}."
        return f"You must follow suit: you hold {suit_name(parse_card(obs['trick'][0][1]) // 13)}."
    if obs["phase"] == AUCTION:
        auction = obs["auction"]
        if action != PASS and not BID_BASE < action < TRUMP_BASE:
            return "It is the auction: bid a number of points, or pass."
        low = max(auction["min_bid"], (auction["bid"] or 0) + 1)
        if action - BID_BASE < low:
            return f"A bid must be at least {low}."
        return f"Nobody can score more than {auction['max_bid']}: bid at most that."
    return capital("name trumps: trump S, trump H, trump D, trump C or trump NT.")
