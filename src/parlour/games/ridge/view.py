"""Ridge in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. A trick's
explanation is made from its record and the tricks before it. Seats are named by `names`
where a front end gives them (the observing seat is "you"), else by the numbered
convention front ends name later (`parlour.words.Seats.numbered`); the four hands keep
their compass names, each with the seat that plays it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, SUIT_CHARS, parse_card, sort_key, suit_symbol
from parlour.games.ridge.rules import (
    AUCTION,
    CONTEST,
    DECLARE_BASE,
    DECLARING,
    DENOM_TEXTS,
    DENOM_WORDS,
    HAND_NAMES,
    HAND_WORDS,
    NT,
    PASS,
    PLAY_BASE,
    PLAYING,
    SIDE_NAMES,
    TRICKS,
    RidgeOptions,
)
from parlour.words import Seats, card, plural, score_sheet, seats_of, suit_name, trump

SYMBOLS = tuple(card(c) for c in range(52))
"""Each card as people read it, worked out once (a table's log names every card played)."""


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences and each trick explained."""
    contract = summary["contract"]
    return {
        **summary,
        "log": [sentence(e, seats) for e in summary["log"]],
        "tricks": explained(summary["tricks"], contract["trump"] if contract else None),
        "why": [sentence(e, seats) for e in summary["log"] if e[0] in ("contract", "declare", "passed_out")]
        + [f"Tricks taken: {seats.name(0)} {summary['won'][0]}, {seats.name(1)} {summary['won'][1]}."]
        + [sentence(e, seats) for e in summary["log"] if e[0] == "score"],
        "sheet": score_sheet(seats, [(0,), (1,)], summary["scores"], totals=summary["totals"]),
    }


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: `declare H E` reads "declare ♥ trumps, East leads", a
    card in symbol form."""
    if action == PASS:
        return "pass"
    if action == CONTEST:
        return "contest"
    if action < DECLARE_BASE:
        return f"bid {action}"
    if action < PLAY_BASE:
        denom, leader = divmod(action - DECLARE_BASE, 4)
        trumps = "no trump" if denom == NT else f"{trump(denom)} trumps"
        return f"declare {trumps}, {HAND_WORDS[leader]} leads"
    return "play " + card(action - PLAY_BASE)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "trick":
        _, k, leader, played, winner, denom, ns, ew = event
        return trick_sentence(k, leader, played, winner, denom, (ns, ew))
    if kind == "call":
        _, seat, dealer, action, standing = event
        who = f"{seats.name(seat, start=True)} ({'Dealer' if seat == dealer else 'Responder'})"
        if action == PASS:
            return f"{who} {seats.verb(seat, 'pass')}."
        if action == CONTEST:
            return f"{who} {seats.verb(seat, 'contest')} the bid of {standing}."
        return f"{who} {seats.verb(seat, 'bid')} {action}."
    if kind == "deal":
        _, hand, dealer = event
        return (
            f"Hand {hand + 1}: {seats.name(dealer)} ({SIDE_NAMES[dealer]}) {seats.verb(dealer, 'deal')}; "
            f"{seats.does(1 - dealer, 'respond')}. All 52 cards are face up."
        )
    if kind == "passed_out":
        return "Both players passed: no score, and the next hand is dealt."
    if kind == "contract":
        _, declarer, bid, contested = event
        return (
            f"{seats.name(declarer, start=True)} ({SIDE_NAMES[declarer]}) {seats.verb(declarer, 'declare')} "
            f"{plural(bid, 'trick')}, {'contested' if contested else 'uncontested'}."
        )
    if kind == "declare":
        return f"Trumps: {DENOM_WORDS[event[1]]}. {HAND_WORDS[event[2]]} leads."
    _, declarer, taken, bid, contested, scorer, points = event
    how = "contested" if contested else "uncontested"
    if scorer == declarer:
        return (
            f"{seats.name(declarer, start=True)} made {plural(taken, 'trick')} on {'a' if contested else 'an'} {how} "
            f"bid of {bid} and {seats.verb(declarer, 'score')} {points}."
        )
    return (
        f"{seats.name(declarer, start=True)} took {plural(taken, 'trick')}, {bid - taken} short of the {how} bid "
        f"of {bid}: {seats.does(scorer, 'score')} {points}."
    )


def trick_sentence(k: int, leader: int, played: Sequence[int], winner: int, denom: int, won: Sequence[int]) -> str:
    """A finished trick: each hand's card, the winning hand and why it won, and the tricks
    of each side so far."""
    led = played[0] // 13
    won_with = played[(winner - leader) % 4]
    if won_with // 13 == led:
        why = f"the highest {suit_name(led)[:-1]}"
    else:
        why = f"the highest trump on a {suit_name(led)[:-1]} lead"
    plays = " ".join(f"{HAND_NAMES[(leader + i) % 4]} {SYMBOLS[c]}" for i, c in enumerate(played))
    return (
        f"Trick {k}: {plays}; {HAND_WORDS[winner]} wins with {SYMBOLS[won_with]}, {why} "
        f"({SIDE_NAMES[0]} {won[0]}, {SIDE_NAMES[1]} {won[1]})."
    )


def explained(tricks: Sequence[dict[str, Any]], trumps: str | None, last_only: bool = False) -> list[dict[str, Any]]:
    """Trick records, each with its explanation (the counts of the tricks before it);
    `last_only`: the last trick alone."""
    denom = DENOM_TEXTS.index(trumps) if trumps is not None else NT
    won = [0, 0]
    out = []
    for k, t in enumerate(tricks, 1):
        winner = HAND_NAMES.index(t["winner"])
        won[winner % 2] += 1
        if last_only and k < len(tricks):
            continue
        played = [parse_card(c) for c in t["cards"]]
        out.append({**t, "explanation": trick_sentence(k, HAND_NAMES.index(t["leader"]), played, winner, denom, won)})
    return out


def hand_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """All four hands face up, each owned by the seat that plays it."""
    return [
        {"id": f"hand-{name}", "kind": "hand", "owner": h % 2, "label": f"{HAND_WORDS[h]} ({seats.name(h % 2)})",
         "cards": obs["hands"][name], "hidden": 0}
        for h, name in enumerate(HAND_NAMES)
    ]


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The trick on the table and each side's tricks won."""
    zones = [{"id": "trick", "kind": "table", "owner": None, "label": "Current trick",
              "cards": [c for _, c in obs["trick"]], "hidden": 0}]
    for s in range(2):
        taken = (parse_card(c) for t in obs["tricks"] if HAND_NAMES.index(t["winner"]) % 2 == s for c in t["cards"])
        won = [CARD_TEXTS[c] for c in sorted(taken, key=sort_key)]
        zones.append({"id": f"won-{s}", "kind": "pile", "owner": s,
                      "label": f"{SIDE_NAMES[s]}: {plural(obs['won'][s], 'trick')}", "cards": won, "hidden": 0})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The contract (or the standing bid), each side's tricks and what it needs, and the
    match's target."""
    out = []
    contract = obs["contract"]
    if contract is not None:
        d, bid = contract["declarer"], contract["bid"]
        value = f"{bid} by {seats.name(d)} ({SIDE_NAMES[d]}), {'contested' if contract['contested'] else 'uncontested'}"
        if contract["trump"] is not None:
            value += f"; trumps {DENOM_WORDS[DENOM_TEXTS.index(contract['trump'])]}, {contract['leader']} led"
        out.append({"label": "Contract", "value": value})
    elif obs["phase"] == AUCTION:
        standing = obs["standing_bid"]
        value = f"high bid {standing['bid']} by {seats.name(standing['bidder'])}" if standing else "no bid yet"
        out.append({"label": "Auction", "value": value})
    if obs["phase"] == PLAYING:
        won = obs["won"]
        out.append({"label": "Tricks", "value": f"{SIDE_NAMES[0]} {won[0]}, {SIDE_NAMES[1]} {won[1]}"})
        d, bid = contract["declarer"], contract["bid"]
        out.append({"label": "Needs",
                    "value": f"{seats.name(d)} {bid} to make it, {seats.name(1 - d)} {TRICKS + 1 - bid} to beat it"})
    hands, target = obs["options"].get("hands", RidgeOptions.hands), obs["options"].get("target", RidgeOptions.target)
    goal = f"the higher total after {plural(hands, 'hand')}" if hands is not None else f"first to {target} points"
    out.append({"label": "Target", "value": goal})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last finished trick, its winning hand marked (the previous hand's last trick
    until this hand has one)."""
    tricks = obs["tricks"] or (obs["last_hand"] or {}).get("tricks") or []
    if not tricks:
        return None
    trick = tricks[-1]
    if obs["tricks"]:
        trick = explained(tricks, obs["contract"]["trump"], last_only=True)[-1]
    first = HAND_NAMES.index(trick["leader"])
    plays = []
    for i, c in enumerate(trick["cards"]):
        h = (first + i) % 4
        plays.append({"seat": h % 2, "hand": HAND_NAMES[h], "cards": [c], "face_down": False,
                      "mark": HAND_NAMES[h] == trick["winner"]})
    label = f"Trick {len(tricks)}" if obs["tricks"] else f"Hand {obs['last_hand']['hand_number'] + 1}, last trick"
    return {"label": label, "plays": plays, "explanation": trick["explanation"]}


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool):
        return f"{action!r} is not a Ridge action"
    if obs["phase"] == AUCTION:
        standing = (obs["standing_bid"] or {}).get("bid", 0)
        if action == CONTEST:
            if not standing:
                return "There is no bid to contest."
            return "Only the first answer to the opening bid may contest it; pass or bid more."
        if PASS < action <= TRICKS:
            if standing == TRICKS:
                return "Nobody can bid more than 13 tricks: pass or contest."
            low = obs["options"].get("min_bid", RidgeOptions.min_bid)
            if action < low:
                return f"The lowest bid is {low}."
            return f"A bid must be more than the standing bid of {standing}."
        return "It is time to bid: pass, bid a number of tricks, or contest."
    if obs["phase"] == DECLARING:
        if not 0 <= action - DECLARE_BASE < 20:
            return "Name trumps and the leading hand, like 'declare S W' or 'declare NT E'."
        return f"{HAND_WORDS[(action - DECLARE_BASE) % 4]} is your own hand: one of the defender's hands leads."
    c = action - PLAY_BASE
    if not 0 <= c < 52:
        return "It is time to play a card, like 'play Q♠'."
    to_play = obs["hand_to_play"]
    hand = HAND_WORDS[HAND_NAMES.index(to_play)]
    if CARD_TEXTS[c] not in obs["hands"][to_play]:
        return f"{card(c)} is not in {hand}'s hand; {hand} is to play."
    return f"{hand} holds {suit_name(parse_card(obs['trick'][0][1]) // 13)} and must follow suit."


def render_hand(held: list[str]) -> list[str]:
    """A hand as four lines, one per suit: `♠ A K 2`."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUIT_CHARS}
    for t in held:
        by_suit[t[1]].append("10" if t[0] == "T" else t[0])
    return [f"{suit_symbol(s)} {' '.join(by_suit[s]) or '-'}" for s in SUIT_CHARS]


def render_text(observation: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The table as a bridge diagram, with the auction, contract, trick and score."""
    seats = seats_of(2, observation["seat"], names)
    hands = observation["hands"]
    match = observation["scores"]["match"]
    lines = [f"Hand {observation['hand_number'] + 1}, dealer {seats.name(observation['dealer'])}. "
             f"Score: {seats.name(0)} {match[0]}, {seats.name(1)} {match[1]}."]
    if observation["auction"]:
        calls = (f"{seats.does(s, t.split(' ')[0])} {t.partition(' ')[2]}".rstrip() for s, t in observation["auction"])
        lines.append("Auction: " + ", ".join(calls) + ".")
    contract = observation["contract"]
    if contract:
        text = f"Contract: {contract['bid']} by {seats.name(contract['declarer'])} ({SIDE_NAMES[contract['declarer']]})"
        text += ", contested" if contract["contested"] else ", uncontested"
        if contract["trump"]:
            text += f"; trumps {DENOM_WORDS[DENOM_TEXTS.index(contract['trump'])]}, {contract['leader']} led"
        lines.append(text + f". Tricks: NS {observation['won'][0]}, EW {observation['won'][1]}.")
    pad = " " * 22
    north, south = render_hand(hands["N"]), render_hand(hands["S"])
    west, east = render_hand(hands["W"]), render_hand(hands["E"])
    lines.append(pad + f"North ({seats.name(0)})")
    lines.extend(pad + x for x in north)
    lines.append(f"West ({seats.name(1)})".ljust(44) + f"East ({seats.name(1)})")
    lines.extend(w.ljust(44) + e for w, e in zip(west, east, strict=True))
    lines.append(pad + f"South ({seats.name(0)})")
    lines.extend(pad + x for x in south)
    if observation["trick"]:
        lines.append("On the table: " + "  ".join(f"{h} {card(c)}" for h, c in observation["trick"]))
    if observation["hand_to_play"]:
        lines.append(f"{HAND_WORDS[HAND_NAMES.index(observation['hand_to_play'])]} to play.")
    return "\n".join(lines)
