"""Pitch in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, so simulation and
search pay nothing for words. Seats are named by `names` where a front end gives them
(the observing seat is "you"), else by the numbered convention front ends name later
(`parlour.words.Seats.numbered`); a team is its two seats ("you and Bob").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, SUIT_CHARS, parse_card, suit_of
from parlour.games.pitch.rules import (
    BID_NAME,
    BIDDING,
    PASS,
    PLAY_BASE,
    PLAYING,
    SMUDGE,
    PitchOptions,
)
from parlour.games.tricks import SEATS
from parlour.views import generic_view
from parlour.words import (
    Seats,
    capital,
    card,
    plural,
    score_sheet,
    seats_of,
    signed,
    suit_name,
    trump,
)

BID_VALUE = {name: value for value, name in BID_NAME.items()}


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why it scored (who took High,
    Low, Jack and Game) and its line of the score sheet, a column per team."""
    scores = summary["scores"]
    why = [awards_sentence(summary["awards"], seats), sentence(summary["log"][-1], seats)]
    return {**summary, "log": [sentence(e, seats) for e in summary["log"]], "why": why,
            "sheet": score_sheet(seats, [(0, 2), (1, 3)], [scores[0], scores[1]])}


def awards_sentence(awards: dict[str, Any], seats: Seats) -> str:
    """Who took each of the four points: "Seat 0 took high (A♠), seat 1 low (2♥), seat 0 the
    jack (J♠); seat 1 and seat 3 game, 23 to 17." """
    high, low, jack, game = awards["high"], awards["low"], awards["jack"], awards["game"]

    def who(award: list[Any], start: bool = False) -> str:
        return seats.name(award[2], start) if award[2] is not None else team(seats, award[0], start)

    parts = [f"{who(high, True)} took high ({card(high[1])})", f"{who(low)} low ({card(low[1])})"]
    parts.append(f"{who(jack)} the jack ({card(jack[1])})" if jack else "nobody the jack (it was not dealt)")
    counts = game[1]
    if game[0] is None:
        said = f"game was tied {counts[0]} to {counts[0]}, so nobody scores it"
    else:
        said = f"{team(seats, game[0])} game, {counts[game[0]]} to {counts[1 - game[0]]}"
    return ", ".join(parts[:2]) + f", {parts[2]}; {said}."


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: its notation with the card in symbol form."""
    if action >= PLAY_BASE:
        return "play " + card(action - PLAY_BASE)
    return "pass" if action == PASS else "bid " + BID_NAME[action]


def team(seats: Seats, side: int, start: bool = False) -> str:
    """A partnership by its players: "you and seat 2"."""
    return seats.team((side, side + 2), start)


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
        _, seat, bid, how = event
        extra = " (forced)" if how == "forced" else ", stealing the bid" if how == "steal" else ""
        return f"{seats.does(seat, 'bid', start=True)} {BID_NAME[bid]}{extra}."
    if kind == "pitcher":
        _, seat, bid = event
        return f"{seats.does(seat, 'pitch', start=True)} at {BID_NAME[bid]}; {seats.whose(seat)} first lead names trumps."
    if kind == "pitch":
        _, seat, c = event
        return f"{seats.does(seat, 'pitch', start=True)} {card(c)}: {suit_name(suit_of(c))} are trumps."
    _, hand, side, bid, made, points, gain, other = event
    outcome = "makes its bid" if made else "is set on its bid"
    return (
        f"Hand {hand + 1} over: the pitcher's team ({team(seats, side)}) {outcome} of {BID_NAME[bid]} with "
        f"{plural(points, 'point')} ({signed(gain)}); the other team scores {other}."
    )


def trick_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """A finished trick: what each seat played, who won it with what, and why."""
    _, k, leader, played, win, trumps = event
    won = played[win]
    why = "the highest trump" if suit_of(won) == trumps else "the highest card of the suit led"
    plays = seats.plays(((leader + i) % SEATS, card(c)) for i, c in enumerate(played))
    return f"Trick {k + 1}: {plays}; {seats.does((leader + win) % SEATS, 'win')} with {card(won)}, {why}."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The trick on the table, each team's tricks and the stub nobody sees."""
    zones = []
    trick = obs["trick"]
    if trick is not None:
        zones.append({"id": "trick", "kind": "table", "owner": None,
                      "label": f"Trick {len(obs['tricks']) + 1}, led by {seats.name(trick['leader'])}",
                      "cards": trick["cards"], "hidden": 0})
    for side in range(2):
        won = [c for t in obs["tricks"] if t["winner"] % 2 == side for c in t["cards"]]
        zones.append({"id": f"tricks-{side}", "kind": "pile", "owner": side,
                      "label": f"Tricks of {team(seats, side)}", "cards": won, "hidden": 0})
    stub = 52 - SEATS * PitchOptions(**obs["options"]).hand_cards
    zones.append({"id": "stub", "kind": "stock", "owner": None, "label": "Stub (not used)",
                  "cards": [], "hidden": stub if not obs["match_over"] else 0})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The bid and its pitcher, trumps once the first lead names them, the target."""
    out = []
    if obs["pitcher"] is not None:
        out.append({"label": "Bid", "value": f"{obs['high_bid']} by {seats.name(obs['pitcher'])}"})
    elif obs["phase"] == BIDDING:
        dealer = obs["dealer"]
        out.append({"label": "Bid", "value": f"none yet; {seats.does(dealer, 'deal')} and {seats.verb(dealer, 'bid')} last"})
    if obs["phase"] == PLAYING:
        trumps = suit_name(SUIT_CHARS.index(obs["trump"])) if obs["trump"] else "named by the pitcher's first lead"
        out.append({"label": "Trumps", "value": trumps})
    out.append({"label": "Target", "value": str(obs["target"])})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last finished trick of this hand, its winner marked."""
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    leader, winner = last["leader"], last["winner"]
    plays = [
        {"seat": (leader + i) % SEATS, "cards": [c], "face_down": False, "mark": (leader + i) % SEATS == winner}
        for i, c in enumerate(last["cards"])
    ]
    event = next(e for e in reversed(events) if not isinstance(e, str) and e[0] == "trick")
    return {"label": f"Trick {len(obs['tricks'])}", "plays": plays, "explanation": trick_sentence(event, seats)}


def render_text(obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The generic view under a line saying the bid, the pitcher and trumps."""
    seats = seats_of(obs["players"], obs["seat"], names)
    if obs["phase"] == BIDDING:
        high = f"{obs['high_bid']} by {seats.name(obs['pitcher'])}" if obs["pitcher"] is not None else "none"
        head = f"  Bidding: high bid {high}; the dealer is {seats.name(obs['dealer'])}."
    else:
        trumps = trump(obs["trump"]) if obs["trump"] else "named by the first lead"
        won = obs["tricks_won"]
        head = (f"  {seats.does(obs['pitcher'], 'pitch', start=True)} at {obs['high_bid']}; trumps {trumps}; "
                f"tricks won: {team(seats, 0)} {won[0]}, {team(seats, 1)} {won[1]}.")
    return head + "\n" + generic_view(obs, names)


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if type(action) is not int:
        return f"{action!r} is not a Pitch action"
    if obs["phase"] == BIDDING:
        if action >= PLAY_BASE:
            return "It is time to bid, not to play a card."
        dealer, high = obs["seat"] == obs["dealer"], BID_VALUE.get(obs["high_bid"], 0)
        if dealer and high == 0:
            return "Everyone else passed: the dealer must bid 2."
        if action == PASS:
            return "You cannot pass now."
        low = high if dealer else high + 1
        if low > SMUDGE:
            return "Smudge has been bid: you can only pass."
        return f"Your bid must be at least {BID_NAME[max(2, low)]} (2 < 3 < 4 < smudge), or pass."
    c = action - PLAY_BASE
    if not 0 <= c < 52:
        return "It is time to play a card, not to bid."
    if CARD_TEXTS[c] not in obs["hand"]:
        return f"You do not hold {card(c)}."
    led = suit_name(suit_of(parse_card(obs["trick"]["cards"][0])))
    return capital(f"you must follow {led} (or play a trump) while you hold {led}.")
