"""Seven and a Half in words: every sentence, label and status line a person reads, made
from an observation and the hand's events (see `rules.py` for the events) through the
phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. Seats are named by
`names` where a front end gives them (the observing seat is "you"), else by the numbered
convention front ends name later (`parlour.words.Seats.numbered`). Totals read in halves
(6½), as the rules keep them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, parse_card
from parlour.engine import make_options
from parlour.games.seven_and_a_half.rules import (
    BET,
    BETTING,
    BUST,
    DECLINE,
    HIT,
    IN,
    LIMITS,
    LIMITS_PHASE,
    PLAY,
    SEVEN_HALF,
    SIT,
    STAND,
    TAKE,
    TOP,
    TWO_CARD,
    SevenHalfOptions,
    action_text,
    half_text,
    hand_total,
)
from parlour.words import Seats, card, cards, plural, score_sheet, seats_of


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why each seat won or lost its
    chips (its bet, its cards, a bust or the showdown against the banker) and its line of
    the score sheet."""
    log, banker, scores, bets = summary["log"], summary["banker"], summary["scores"], summary["bets"]
    ends = {e[1]: e for e in log if e[0] == "settle" or (e[0] == "hit" and e[3] == BUST)}
    why = [sentence(e, seats) for e in log if e[0] in ("void", "all bust")]
    for s, info in enumerate(summary["cards"]):
        held, won = cards(info) or "no cards", f"{scores[s]:+d}"
        if s == banker:
            total = hand_total([parse_card(c) for c in info]) if info else 0
            state = "bust" if total > TOP else half_text(total)
            why.append(f"{seats.name(s, start=True)}, the banker, held {held} ({state}): {won}.")
        elif bets[s] and s in ends:
            end = ends[s]
            how = f"busted at {half_text(end[4])}" if end[0] == "hit" else f"showed {half_text(end[3])}"
            why.append(f"{seats.name(s, start=True)} bet {bets[s]} and {how} ({held}): {won}.")
    why += [sentence(e, seats) for e in log if e[0] in ("takes bank", "declines")]
    sheet = score_sheet(seats, [(s,) for s in range(len(scores))], scores, unit="chips")
    return {**summary, "log": [sentence(e, seats) for e in log], "why": why, "sheet": sheet}


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: its notation (no card is named by an action)."""
    return action_text(action)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind, seat = event[0], event[1]
    if kind == "limits":
        return f"{seats.name(seat, start=True)}, the banker, {seats.verb(seat, 'set')} the bets from {event[2]} to {event[3]}."
    if kind == "bet":
        return f"{seats.does(seat, 'bet', start=True)} {event[2]}."
    if kind == "sit":
        return f"{seats.does(seat, 'sit', start=True)} out this hand."
    if kind == "void":
        return "Nobody bets: the hand is void and the banker stays."
    if kind == "holes":
        return f"A hole card each to {plural(seat, 'punter')} and the banker."
    if kind == "reshuffle":
        return f"The stock is empty: the discard pile is shuffled into a new stock of {plural(seat, 'card')}."
    if kind == "stand":
        return f"{seats.does(seat, 'stand', start=True)}."
    if kind == "banker":
        return f"{seats.name(seat, start=True)}, the banker, {seats.verb(seat, 'show')} the hole card {card(event[2])}."
    if kind == "all bust":
        return "Every punter busted: the banker does not play."
    if kind == "takes bank":
        return f"{seats.does(seat, 'take', start=True)} the bank with a two-card 7½."
    if kind == "declines":
        return f"{seats.does(seat, 'decline', start=True)} the bank."
    if kind == "settle":
        win = event[2]
        result = f"win {win}" if win > 0 else f"lose {-win}" if win < 0 else "push"
        verb, _, chips = result.partition(" ")
        return f"{seats.does(seat, 'show', start=True)} {half_text(event[3])} and {' '.join([seats.verb(seat, verb), chips]).strip()}."
    _, _, c, outcome, total = event
    text = f"{seats.does(seat, 'hit', start=True)}: {card(c)}"
    if outcome == BUST:
        return text + f", bust at {half_text(total)}; the hole card is shown and the banker collects."
    if outcome == TWO_CARD:
        return text + ": a two-card 7½, the hole card shown; the hand stands."
    if outcome == SEVEN_HALF:
        return text + ": 7½, so the hand stands (any card would bust)."
    return text + "."


def cards_text(info: dict[str, Any]) -> str:
    """A seat's cards as the table shows them: the hole card (?? while face down), then the
    hits, or "-" before the deal."""
    shown = cards(([info["hole"]] if info["hole"] else []) + info["up"])
    return ("?? " + shown if info["hole_down"] else shown).strip() or "-"


def hand_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """Each seat's cards: the hole card face down unless it may be seen, hits face up; a
    busted hand stays in view (its cards are already in the discard pile)."""
    zones = []
    for s, info in enumerate(obs["seats"]):
        role = "banker" if s == obs["banker"] else f"bet {info['bet']}" if info["bet"] else "no bet"
        extra = [info["total"]] if info["total"] and info["state"] in ("in", "stood") else []
        extra += [info["state"]] if info["state"] not in ("in", "out") else []
        who = "Your cards" if s == obs["seat"] else seats.name(s, start=True)
        cards_ = ([info["hole"]] if info["hole"] else []) + info["up"]
        zones.append({"id": f"hand-{s}", "kind": "hand", "owner": s, "label": f"{who} ({', '.join([role, *extra])})",
                      "cards": cards_, "hidden": int(info["hole_down"])})
    return zones


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The stock and the discard pile, face down."""
    return [
        {"id": "stock", "kind": "pile", "owner": None, "label": f"Stock ({obs['stock_size']})", "cards": [], "hidden": obs["stock_size"]},
        {"id": "discards", "kind": "pile", "owner": None, "label": f"Discards ({obs['discard_size']})", "cards": [], "hidden": obs["discard_size"]},
    ]


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The bank and its limits, then each punter's bet and cards, then the banker's cards."""
    banker = obs["banker"]
    lo, hi = obs["limits"]
    out = [{"label": "Bank", "value": f"{seats.name(banker)} (bets {lo} to {hi})"}]
    if obs["chips"] is not None:
        out.append({"label": "Chips", "value": ", ".join(f"{seats.name(s)} {c}" for s, c in enumerate(obs["chips"]))})
    for s, info in enumerate(obs["seats"]):
        if s == banker or not info["bet"]:
            continue
        out.append({"label": f"{seats.does(s, 'bet', start=True)} {info['bet']}", "value": f"{cards_text(info)} ({info['state']})"})
    mine = obs["seats"][banker]
    state = f" ({mine['state']})" if mine["state"] not in ("in", "out") else ""
    out.append({"label": "Banker's cards", "value": cards_text(mine) + state})
    if obs["offered"] is not None:
        out.append({"label": "Bank offered to", "value": seats.name(obs["offered"])})
    return out


RECENT = {"hit": "draw", "banker": "turn", "settle": "be", "stand": "stand", "bet": "bet"}
"""The events `recent` shows, with the verb of its label."""


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last card drawn (or the banker's hole card, or a settlement), with its sentence."""
    for event in reversed(events):
        kind, seat = event[0], event[1]
        if kind == "hit":
            shown, mark = [CARD_TEXTS[event[2]]], event[3] != IN
        elif kind == "banker":
            shown, mark = [CARD_TEXTS[event[2]]], False
        elif kind in ("settle", "stand", "bet"):
            shown, mark = [], kind == "settle" and event[2] > 0
        else:
            continue
        what = seats.does(seat, RECENT[kind]) + {"banker": " the hole card", "settle": " settled"}.get(kind, "")
        return {"label": f"Hand {obs['hand_number'] + 1}: {what}",
                "plays": [{"seat": seat, "cards": shown, "face_down": False, "mark": mark}],
                "explanation": sentence(event, seats)}
    return None


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool):
        return None
    phase, options = obs["phase"], make_options(SevenHalfOptions, obs["options"])
    assert isinstance(options, SevenHalfOptions)
    if action >= LIMITS:
        if phase != LIMITS_PHASE:
            return "The banker names the limits only before the bets, where the table plays with banker_sets_limits."
        return f"Limits are from {options.min_bet} to {options.max_bet} chips, the minimum first."
    if action >= BET:
        if phase != BETTING:
            return "Bets are made before the cards are dealt."
        lo, hi = obs["limits"]
        bet = action - BET
        if bet < lo:
            return f"A bet of {bet} is under the minimum of {lo}."
        if bet > hi:
            return f"A bet of {bet} is over the limit of {hi}."
        return f"A bet of {bet} is more than your {obs['chips'][obs['seat']]} chips."
    if action == SIT and phase != BETTING:
        return "You may sit out only while the bets are made."
    if action in (HIT, STAND):
        if phase != PLAY:
            return "Nobody draws cards now: " + {LIMITS_PHASE: "the banker names the limits.", BETTING: "the bets come first."}.get(phase, "the bank is being offered.")
        return "The stock and the discard pile are empty: you can only stand."
    if action in (TAKE, DECLINE):
        return "The bank is offered only to a two-card 7½ after the settlement."
    return None


def render_text(obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The terminal view: the bank, every seat's bet and cards, the shoe and the balances."""
    seats = seats_of(obs["players"], obs["seat"], names)
    lines = [f"Hand {obs['hand_number'] + 1} of {obs['options'].get('hands', 20)}, "
             f"banker {seats.name(obs['banker'])}, bets {obs['limits'][0]} to {obs['limits'][1]}."]
    for s, info in enumerate(obs["seats"]):
        role = "banker" if s == obs["banker"] else f"bet {info['bet']}" if info["bet"] else "no bet"
        total = f", total {info['total']}" if info["total"] else ""
        lines.append(f"  {seats.name(s, start=True)} ({role}): {cards_text(info)} [{info['state']}{total}]")
    lines.append(f"Stock {obs['stock_size']}, discards {obs['discard_size']}.")
    if obs["offered"] is not None:
        lines.append(f"The bank is offered to {seats.name(obs['offered'])}.")
    balances = ", ".join(f"{seats.name(s)} {v}" for s, v in enumerate(obs["scores"]["match"]))
    lines.append(f"This hand: {', '.join(f'{seats.name(s)} {v:+d}' for s, v in enumerate(obs['scores']['hand']))}. Balances: {balances}.")
    return "\n".join(lines)
