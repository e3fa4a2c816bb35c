"""Couillon in words: every sentence, label and status line a person reads, made from an
observation and the hand's events (see `rules.py` for the events) through the phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, so simulation and
search pay nothing for words. Seats are named by `names` where a front end gives them
(the observing seat is "you"), else by the numbered convention front ends name later
(`parlour.words.Seats.numbered`). A partnership is named as a team ("you and Cy"), never
by its seat numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, parse_card
from parlour.games.couillon.rules import ACCEPT, CARD_POINTS, HAND_CARDS, PASS, TRUMP
from parlour.words import Seats, card, plural, score_sheet, seats_of, suit_name

SEATS = 4


def partners(team: int, seats: Seats, start: bool = False) -> str:
    """A partnership (team 0: seats 0 and 2; team 1: seats 1 and 3) as a team: "you and Cy"."""
    return seats.team((team, team + 2), start)


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why it ended so (who accepted,
    the card points) and its line of the score sheet: a team's card points, and the wins
    it still needs as the standing (the first at 0 wins)."""
    acceptor, pts = summary["acceptor"], summary["points"]
    why = [f"Card points: {partners(0, seats)} {pts[0]}, {partners(1, seats)} {pts[1]} (the stub held {summary['stub_points']}).",
           (f"{seats.name(acceptor, start=True)} accepted, so {partners(acceptor % 2, seats)} had to win the hand."
            if acceptor is not None else "Nobody accepted: the bottom card of the stub named trumps."),
           over_sentence(summary["log"][-1], seats)]
    sheet = score_sheet(seats, [(0, 2), (1, 3)], pts, totals=summary["needed"], unit="wins needed", lower=True)
    return {**summary, "log": [sentence(e, seats) for e in summary["log"]], "why": why, "sheet": sheet}


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: its notation with the card in symbol form."""
    if action == ACCEPT:
        return "accept"
    if action == PASS:
        return "pass"
    return "play " + card(action)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "trick":
        return trick_sentence(event, seats)
    if kind == "deal":
        _, hand, dealer, upcard = event
        return (f"Hand {hand + 1}: {seats.does(dealer, 'deal')}; the upcard is {card(upcard)}, "
                f"offering {suit_name(upcard // 13)} as trumps.")
    if kind == "pass":
        return f"{seats.does(event[1], 'pass', start=True)}."
    if kind == "accept":
        _, seat, trumps = event
        return (f"{seats.does(seat, 'accept', start=True)} {suit_name(trumps)} as trumps: "
                f"{partners(seat % 2, seats)} must take more points than "
                f"{seats.their((seat % 2, seat % 2 + 2))} opponents or take a mark.")
    if kind == "bottom":
        return (f"All pass: the bottom card of the stub is {card(event[1])}, so {suit_name(event[1] // 13)} "
                "are trumps, and nobody risks a mark.")
    return over_sentence(event, seats)


def trick_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """A finished trick: what each seat played, who won it with what and why, and the
    points it took for the winner's team."""
    _, k, leader, cards, win, trumps = event
    plays = seats.plays(((leader + i) % SEATS, card(c)) for i, c in enumerate(cards))
    winner = (leader + win) % SEATS
    won = cards[win]
    why = f"the highest trump ({suit_name(trumps)})" if won // 13 == trumps else f"the highest {suit_name(won // 13)[:-1]}"
    points = plural(sum(CARD_POINTS[c] for c in cards), "point")
    return (f"Trick {k + 1} ({plays}): {seats.does(winner, 'win')} with {card(won)}, {why}, "
            f"taking {points} for {partners(winner % 2, seats)}.")


def over_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """The hand's result: the winning team and the lines it erases, or a tie; a mark for
    acceptors who lost; the wins each team still needs."""
    _, hand, points, winner, step, marked, needed = event
    if winner is None:
        said = f"a tie at {plural(points[0], 'point')} each: nobody scores, and the next decided hand erases {plural(step, 'line')}."
    else:
        said = (f"{partners(winner, seats)} win {max(points)} to {min(points)} and erase {plural(step, 'line')}.")
        if marked is not None:
            said += f" The acceptors, {partners(marked, seats)}, lost and take a mark."
    return f"Hand {hand + 1} over: {said} Wins still needed: {still_needed(needed, seats)}."


def still_needed(needed: Sequence[int], seats: Seats) -> str:
    """Each team's count: "4 for seat 0 and seat 2, 5 for seat 1 and seat 3"."""
    return ", ".join(f"{needed[t]} for {partners(t, seats)}" for t in range(2))


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The stub with its face-up cards, the trick on the table and each team's tricks."""
    shown = [obs["upcard"]] + ([obs["bottom_card"]] if obs["bottom_card"] else [])
    zones = [{"id": "stub", "kind": "stock", "owner": None, "label": "Stub (upcard on top)",
              "cards": shown, "hidden": obs["stub_size"] - len(shown)}]
    zones += [{"id": f"table-{s}", "kind": "table", "owner": s, "label": seats.does(s, "play", start=True),
               "cards": [c], "hidden": 0} for s, c in obs["trick"]]
    for team in range(2):
        won = [c for t in obs["tricks"] if t["winner"] % 2 == team for c in t["cards"]]
        zones.append({"id": f"tricks-{team}", "kind": "pile", "owner": team, "cards": won, "hidden": 0,
                      "label": f"Tricks of {partners(team, seats)} ({plural(obs['scores']['hand'][team], 'point')})"})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """Trumps and who took them (so who risks a mark), then the lines each team has left."""
    out = []
    if obs["phase"] == TRUMP:
        upcard = parse_card(obs["upcard"])
        out.append({"label": "Upcard", "value": f"{card(upcard)} offers {suit_name(upcard // 13)} as trumps"})
    elif obs["trump"] is not None:
        if obs["acceptor"] is not None:
            who = f"accepted by {seats.name(obs['acceptor'])}; {partners(obs['acceptor'] % 2, seats)} risk a mark"
        else:
            who = f"the bottom card {card(obs['bottom_card'])}; nobody risks a mark"
        out.append({"label": "Trumps", "value": f"{obs['trump']} ({who})"})
    need = obs["wins_needed"]
    out.append({"label": "Lines left", "value": f"{partners(0, seats)}: {need[0]}, {partners(1, seats)}: {need[1]}"})
    ties = obs["ties_pending"]
    if ties:
        out.append({"label": "Ties pending", "value": f"{ties}: the next decided hand erases {plural(next_step(obs), 'line')}"})
    return out


def next_step(obs: dict[str, Any]) -> int:
    """The lines the next decided hand erases after the ties pending (R-COUILLON-3)."""
    return 2 if obs["options"].get("tie_carry", "double") == "double" else 1 + obs["ties_pending"]


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


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if obs["phase"] == TRUMP:
        return "First decide on trumps: accept or pass."
    if type(action) is not int or not 0 <= action < 52:
        return "It is time to play a card."
    if CARD_TEXTS[action] not in obs["hand"]:
        return f"You do not hold {card(action)}."
    led = parse_card(obs["trick"][0][1]) // 13
    return f"You hold {suit_name(led)}: follow suit or play a trump ({obs['trump']})."


def render_text(obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The terminal view: upcard and trumps, the table, the hand, points and board."""
    seats = seats_of(obs["players"], obs["seat"], names)
    lines = [f"Hand {obs['hand_number'] + 1}, dealer {seats.name(obs['dealer'])}, upcard {card(obs['upcard'])}."]
    if obs["trump"]:
        acceptor = obs["acceptor"]
        who = f"accepted by {seats.name(acceptor)}" if acceptor is not None else f"bottom card {card(obs['bottom_card'])}"
        tricks = obs["options"].get("hand_cards", HAND_CARDS)
        lines.append(f"Trumps: {obs['trump']} ({who}). Trick {obs['trick_number']} of {tricks}.")
    if obs["trick"]:
        lines.append("Table: " + seats.plays((s, card(c)) for s, c in obs["trick"]))
    if obs["hand"] is not None:
        lines.append("Your hand: " + " ".join(card(c) for c in obs["hand"]))
    pts = obs["scores"]["hand"]
    lines.append(f"Points this hand: {pts[0]} for {partners(0, seats)}, {pts[1]} for {partners(1, seats)}.")
    ties = obs["ties_pending"]
    tie = f" Ties pending: the next decided hand erases {plural(next_step(obs), 'line')}." if ties else ""
    lines.append(f"Wins still needed: {still_needed(obs['wins_needed'], seats)}.{tie}")
    return "\n".join(lines)
