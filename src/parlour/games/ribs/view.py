"""Ribs in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. A trick's
explanation is made from its record (its plays, their fates, what each seat took). Seats
are named by `names` where a front end gives them (the observing seat is "you"), else by
the numbered convention front ends name later (`parlour.words.Seats.numbered`). A ten
reads 10 (`K 10`), as on the cards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from parlour.engine import make_options
from parlour.games.ribs.pack import (
    FOLD_BASE,
    PAIR_OF,
    PASS,
    PLAY_BASE,
    RANK_OF,
    RANK_TEXT,
    VALUE,
    pair_text,
)
from parlour.games.ribs.rules import (
    BIDDING,
    PLAYING,
    STRENGTH_LEMONS,
    STRENGTH_NORMAL,
    TRICKS_PER_HAND,
    RibsOptions,
)
from parlour.games.ribs.tricks import BEATS, DEFEATED
from parlour.words import Seats, plural, score_sheet, signed


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences and each trick explained."""
    return {
        **summary,
        "log": [sentence(e, seats) for e in summary["log"]],
        "tricks": [{**t, "explanation": explanation(t, seats)} for t in summary["tricks"]],
        "why": [*(captures_sentence(s, pile, summary["points"][s], seats) for s, pile in enumerate(summary["captured"])),
                f"The hand goes to {seats.group(summary['winners'])}, with the most points."],
        "sheet": score_sheet(seats, [(s,) for s in range(len(summary["points"]))], summary["points"],
                             adds=[int(s in summary["winners"]) for s in range(len(summary["points"]))], unit="hands won"),
    }


def captures_sentence(seat: int, pile: Sequence[str], points: int, seats: Seats) -> str:
    """What a seat captured and what it scores: J Q K 2, 7 to 10 1, A 0; with lemons each
    seven is -3, or the set is lemonade (more than half the sevens)."""
    if not pile:
        return f"{seats.name(seat, start=True)} captured nothing: 0 points."
    sevens = pile.count("7")
    rest = sum(VALUE[RANK_OF[r]] for r in pile if r != "7")
    lemons = points - rest
    note = ""
    if sevens and lemons < 0:
        note = f", with {plural(sevens, 'lemon')} (sevens, -3 each)"
    elif sevens and lemons != sevens:
        note = f", with lemonade (most of the sevens, {signed(lemons)})"
    return f"{seats.name(seat, start=True)} captured {said(' '.join(pile))}: {plural(points, 'point')}{note}."


def said(text: str) -> str:
    """A pair's text as people read it: `K T` -> `K 10`."""
    return text.replace("T", "10")


def pair(high: int, low: int) -> str:
    """A pair of rank ids, high first, as people read it."""
    return said(f"{RANK_TEXT[high]} {RANK_TEXT[low]}")


def worth(texts: Iterable[str]) -> int:
    """The points of cards given by their texts."""
    return sum(VALUE[RANK_OF[t]] for t in texts)


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """What a play does, in words: the bidder lays its ribs face down (face up on an open
    last trick), a fold is face down."""
    if action < PLAY_BASE:
        return "pass" if action == PASS else f"bid {action}"
    options = obs["options"]
    words = said(pair_text(*PAIR_OF[action % 100], STRENGTH_LEMONS if options.get("lemons") else STRENGTH_NORMAL))
    if action >= FOLD_BASE:
        return f"fold {words} face down"
    if obs["phase"] == PLAYING and obs["to_act"] == obs["bidding"]["bidder"]:
        return f"lay ribs {words} face {'up' if ribs_open(obs) else 'down'}"
    return f"play {words}"


def ribs_open(obs: dict[str, Any]) -> bool:
    return bool(obs["options"].get("open_last_trick")) and obs["trick"] == TRICKS_PER_HAND


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "play":
        return f"{seats.does(event[1], 'play', start=True)} {pair(event[2], event[3])}."
    if kind == "pass":
        return f"{seats.does(event[1], 'pass', start=True)}."
    if kind == "bid":
        return f"{seats.does(event[1], 'bid', start=True)} {event[2]}."
    if kind == "bidding_won":
        return f"Trick {event[1] + 1}: {seats.does(event[2], 'win')} the bidding at {event[3]}."
    if kind == "fold":
        return f"{seats.does(event[1], 'fold', start=True)}."
    if kind == "ribs_down":
        return f"{seats.does(event[1], 'play', start=True)} the ribs face down."
    if kind == "ribs_up":
        return f"{seats.does(event[1], 'play', start=True)} the ribs {pair(event[2], event[3])} face up."
    if kind == "ribs":
        return f"The ribs are {pair(event[1], event[2])}."
    if kind == "trick":
        return f"Trick {event[1]['trick']}: {explanation(event[1], seats)}"
    if kind == "deal":
        return f"Hand {event[1] + 1}: {seats.does(event[2], 'deal')}."
    _, hand, winners, best = event
    return f"Hand {hand + 1} over: {seats.group_does(winners, 'win')} with {plural(best, 'point')}."


def explanation(trick: dict[str, Any], seats: Seats) -> str:
    """What became of a trick: who cracked the ribs, or whether the bid was made, and who
    beat the ribs and kept their cards."""
    bidder, bid, ribs = trick["bidder"], trick["bid"], trick["ribs"]
    n = len(trick["plays"])
    order = sorted(trick["plays"], key=lambda p: (p["seat"] - bidder) % n)
    takes = {int(s): worth(cards) for s, cards in trick["captures"].items()}
    if trick["outcome"] == "cracked":
        cracker = trick["cracker"]
        others = [p["seat"] for p in order if p["fate"] == "taken" and p["cards"] == ribs]
        extra = f" ({seats.group(others)} cracked them too, later)" if others else ""
        return (
            f"{seats.name(cracker, start=True)} cracked the ribs {said(ribs)} and {seats.verb(cracker, 'take')} "
            f"all {plural(takes[cracker], 'point')} on the table{extra}."
        )
    if trick["outcome"] == "made":
        text = (
            f"{seats.name(bidder, start=True)} made the bid of {bid} with ribs {said(ribs)}: the defeated cards were "
            f"worth {trick['defeated_points']}, and {seats.does(bidder, 'take')} {plural(takes[bidder], 'point')}."
        )
    else:
        text = f"The bid of {bid} failed: the defeated cards were worth {trick['defeated_points']}. The ribs {said(ribs)} are discarded."
    beaters = [p["seat"] for p in order if p["fate"] == BEATS]
    if beaters:
        one = beaters[0] if len(beaters) == 1 else None
        whose = "your" if one is not None and one == seats.me else "their"
        keep = seats.verb(one, "keep") if one is not None else "keep"
        text += f" {seats.group_does(beaters, 'beat', start=True)} the ribs and {keep} {whose} cards."
    return text


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The pairs on the table, each seat's capture pile and the discard pile."""
    zones = []
    for s, play in enumerate(obs["table"]):
        if play is not None:
            what = "ribs" if play["ribs"] else ("folded" if play["folded"] else "played")
            cards = play["cards"].split() if play["cards"] else []
            zones.append({"id": f"table-{s}", "kind": "table", "owner": s, "label": f"{seats.name(s, start=True)}: {what}",
                          "cards": cards, "hidden": 0 if cards else 2})
    for s in range(obs["players"]):
        zones.append({"id": f"captured-{s}", "kind": "pile", "owner": s, "hidden": 0, "cards": obs["captured"][s],
                      "label": f"{seats.name(s, start=True)} captured ({plural(obs['scores']['hand'][s], 'point')})"})
    zones.append({"id": "discard", "kind": "pile", "owner": None, "label": "Discard pile",
                  "cards": obs["discard"]["face_up"], "hidden": obs["discard"]["folded"]})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The bid and its bidder first (what every play answers), then the trick of the
    four, whether the seat may still fold, the hands to win and, for stakes, the pots
    and each seat's money."""
    out = []
    bidding = obs["bidding"]
    options = obs["options"]
    if not obs["match_over"]:
        if not bidding["bid"]:
            out.append({"label": "Bidding", "value": seats.does(bidding["opener"], "open")})
        elif obs["phase"] == BIDDING:
            out.append({"label": "Bid", "value": f"{bidding['bid']} by {seats.name(bidding['bidder'])} (cap {bidding['cap']})"})
        else:
            out.append({"label": "Bid", "value": f"{seats.name(bidding['bidder'])} won the bid at {bidding['bid']}"})
        out.append({"label": "Trick", "value": f"{obs['trick']} of {TRICKS_PER_HAND}"})
        if obs["hand"] is not None and obs["seat"] not in obs["folded"] and options.get("folding", True):
            out.append({"label": "Fold", "value": "you may still fold once this hand"})
    out.append({"label": "Hands to win", "value": str(obs["hands_to_win"])})
    if "money" in obs:
        large, small = options.get("stakes") or (0, 0)
        pots = f"large {obs['money']['large_pot']}, small {obs['money']['small_pot']} (stakes {large}/{small})"
        out.append({"label": "Pots", "value": pots})
        out.append({"label": "Money", "value": ", ".join(f"{seats.name(s)} {m}" for s, m in enumerate(obs["money"]["net"]))})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last resolved trick (of the hand before, until this hand has one): every pair
    with its fate and points, the ribs face up, the folds face down."""
    tricks = obs["tricks"] or (obs["last_hand"] or {}).get("tricks")
    if not tricks:
        return None
    trick = tricks[-1]
    takes = {int(s): worth(cards) for s, cards in trick["captures"].items()}
    plays = []
    for p in trick["plays"]:
        seat, fate = p["seat"], p["fate"]
        cards = (trick["ribs"] if fate == "ribs" else p["cards"] or "").split()
        points = worth(cards)
        mark = {
            "ribs": f"ribs, {trick['outcome']}" + (f": takes {takes[seat]}" if seat in takes else ""),
            "folded": "folded",
            "cracked": f"cracked the ribs: takes {takes.get(seat, 0)}",
            "taken": f"taken by the cracker ({points})",
            BEATS: f"beat the ribs: keeps {points}",
            DEFEATED: f"defeated ({points})" + (": to the bidder" if trick["outcome"] == "made" else ": kept"),
        }[fate]
        plays.append({"seat": seat, "cards": cards, "face_down": fate == "folded", "mark": mark})
    return {"label": f"Trick {trick['trick']}", "plays": plays, "explanation": explanation(trick, seats)}


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool):
        return f"{action!r} is not a Ribs action"
    options = make_options(RibsOptions, obs["options"])
    assert isinstance(options, RibsOptions)
    bidding, cap = obs["bidding"], options.bid_cap
    if obs["phase"] == BIDDING:
        if action >= PLAY_BASE:
            return "It is time to bid, not to play cards: bid or pass."
        if not bidding["bid"]:
            if action == PASS:
                return "The opener cannot pass: open the bidding with 2."
            return "The opening bid must be exactly 2." if options.opening == "two" else f"The opening bid must be from 2 to {cap}."
        nxt = bidding["bid"] + options.bid_step
        if nxt > cap:
            return f"The bid is at its cap of {cap}: you can only pass."
        return f"The next bid must be exactly {nxt} (no jump bids); or pass."
    code = action - FOLD_BASE if action >= FOLD_BASE else action - PLAY_BASE
    if code not in PAIR_OF or action < PLAY_BASE:
        return "It is time to play two cards (play X Y, or fold X Y)."
    lo, hi = PAIR_OF[code]
    hand, need = obs["hand"], 2 if lo == hi else 1
    if hand.count(RANK_TEXT[lo]) < need or hand.count(RANK_TEXT[hi]) < 1:
        missing = said(RANK_TEXT[lo if hand.count(RANK_TEXT[lo]) < need else hi])
        return f"You do not hold {'two ' + missing + 's' if lo == hi else 'a ' + missing} to play."
    if not options.folding:
        return "This table plays without folding."
    if obs["seat"] == bidding["bidder"]:
        return "The bidder plays the ribs and cannot fold."
    if obs["seat"] in obs["folded"]:
        return "You have already folded once this hand."
    return "Nobody folds in the open last trick."
