"""Mighty in words: every sentence, label and status line a person reads, made from an
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

from parlour.cards import CARD_TEXTS, JOKER, suit_of
from parlour.games.mighty.rules import (
    AUCTION,
    BID_BASE,
    CALL,
    CALL_BASE,
    CALL_NONE,
    DISCARD_BASE,
    EXCHANGE,
    HINT_BASE,
    JOKER_LEAD,
    PLAY_BASE,
    REVEAL,
    REVEAL_PHASE,
    RIPPER_CALL,
    SEATS,
    TRUMP,
    TRUMP_BASE,
    TRUMP_TEXT,
    MightyOptions,
    canonical,
    card_of,
    discard_cards,
    mighty_of,
    ripper_of,
)
from parlour.views import generic_view
from parlour.words import Seats, card, cards, plural, score_sheet, trump


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished hand's summary with its log in sentences, why it scored (the contract, the
    partner, the points each side took, the unit and any doubling) and its sheet line."""
    declarer, partner, scores = summary["declarer"], summary["partner"], summary["scores"]
    number, strain = summary["contract"].split()
    d, c = summary["declarer_points"], int(number)
    called = "" if summary["called"] == "none" else f" and called {card(summary['called'])}"
    helper = (f"; {seats.name(partner)} {'were' if partner == seats.me else 'was'} the partner"
              if partner is not None and partner != declarer
              else "; the declarer played alone")
    how = "made" if summary["made"] else f"broken, {c - d} short"
    why = [f"{seats.name(declarer, start=True)} declared {number} {trump(strain)}{called}{helper}.",
           f"The declarer's side took {d} of the 20 points, the defenders {summary['defender_points']}: "
           f"the contract of {c} is {how}.",
           f"Each unit is the contract less 12 ({c - 12})" + (", doubled for a run" if summary["run"] else
           ", doubled for a back run" if summary["back_run"] else "") + ": " +
           ", ".join(f"{seats.name(s)} {v:+d}" for s, v in enumerate(scores)) + "."]
    sheet = score_sheet(seats, [(s,) for s in range(len(scores))], scores)
    return {**summary, "log": [sentence(e, seats) for e in summary["log"]], "why": why, "sheet": sheet}


def _ripper(obs: dict[str, Any]) -> int:
    return ripper_of(TRUMP_TEXT.index(obs["trump"]) if obs.get("trump") else -1)


def label(obs: dict[str, Any], action: int, seats: Seats) -> str:
    """A legal action on a button: bids and trumps with suit symbols or "no trump" (`bid 14
    ♠`), the call in words and a led joker with the suit it asks for."""
    if action >= DISCARD_BASE:
        return "discard " + cards(canonical(discard_cards(action)))
    if action == RIPPER_CALL:
        return f"play {card(_ripper(obs))}, calling for the joker"
    if action >= JOKER_LEAD:
        return f"lead the Joker, asking for {trump(action - JOKER_LEAD)}"
    if action >= PLAY_BASE:
        return "play " + card(action - PLAY_BASE)
    if action >= HINT_BASE:
        c, hint = divmod(action - HINT_BASE, 4)
        return f"call {card(c)} as partner, suggesting a {trump(hint)} lead"
    if action >= CALL_BASE:
        return "call no card: play alone" if action == CALL_NONE else f"call {card(action - CALL_BASE)} as partner"
    if action >= TRUMP_BASE:
        return "no trump" if action - TRUMP_BASE == 4 else f"trumps {trump(action - TRUMP_BASE)}"
    if action >= BID_BASE:
        n, s = divmod(action - BID_BASE, 5)
        return f"bid {n} {_strain(s)}"
    return "reveal" if action == REVEAL else "pass"


def _strain(s: int) -> str:
    """A suit (0-3) as its symbol, 4 as "no trump"."""
    return trump(None if s == 4 else s)


def sentence(event: Any, seats: Seats) -> str:
    """One event of the hand's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "trick":
        return trick_sentence(event, seats)
    if kind == "deal":
        _, hand, dealer, opener, again = event
        if again:
            return f"Hand {hand + 1}: all passed; {seats.does(dealer, 'deal')} again."
        return f"Hand {hand + 1}: {seats.does(dealer, 'deal')}; {seats.does(opener, 'open')} the auction."
    if kind == "pass":
        return f"{seats.does(event[1], 'pass', start=True)}."
    if kind == "bid":
        return f"{seats.does(event[1], 'bid', start=True)} {event[2]} {_strain(event[3])}."
    if kind == "forced":
        return f"All pass: {seats.name(event[1])} must bid {event[2]}."
    if kind == "declare":
        _, d, n, s = event
        return f"{seats.does(d, 'declare', start=True)} at {n} {_strain(s)} and {seats.verb(d, 'take')} the widow."
    if kind == "discard":
        return f"{seats.does(event[1], 'discard', start=True)} three cards face down."
    if kind == "trump":
        return f"Trumps: {_strain(event[1])}; the contract is {event[2]} {_strain(event[1])}."
    if kind == "call":
        _, c, hint = event
        if c is None:
            return "The declarer plays without a partner."
        suggest = f", suggesting a {trump(hint)} lead" if hint is not None else ""
        return f"The declarer calls {card(c)}{suggest}; its holder is the partner."
    if kind == "called_played":
        _, seat, by_declarer = event
        if by_declarer:
            return f"{seats.name(seat, start=True)}, the declarer, {seats.verb(seat, 'play')} the called card: no partner."
        return f"{seats.does(seat, 'play', start=True)} the called card and {seats.verb(seat, 'be')} the partner."
    if kind == "reveal":
        _, seat, revealed = event
        if revealed:
            return f"{seats.does(seat, 'reveal', start=True)}: {seats.does(seat, 'be')} the partner."
        return f"{seats.does(seat, 'do', start=True)} not reveal."
    _, hand, declarer_points, contract, made, run, back_run = event
    extra = " A run: scores doubled." if run else " A back run: scores doubled." if back_run else ""
    return (
        f"Hand {hand + 1} over: the declarer's side took {plural(declarer_points, 'point')} against "
        f"a contract of {contract}: {'made' if made else 'broken'}.{extra}"
    )


def trick_sentence(event: tuple[Any, ...], seats: Seats) -> str:
    """A finished trick: what each seat played, who won it with what, and why."""
    _, k, leader, played, win, trumps, ripper_led = event
    won = played[win]
    why = ("the mighty" if won == mighty_of(trumps) else "the joker" if won == JOKER
           else "the highest trump" if suit_of(won) == trumps else "the highest card of the suit to follow")
    plays = seats.plays(((leader + i) % SEATS, card(c)) for i, c in enumerate(played))
    ripper = " (ripper: the joker has no power)" if ripper_led and JOKER in played else ""
    winner = seats.does((leader + win) % SEATS, "win")
    return f"Trick {k + 1}: {plays}{ripper}; {winner} with {card(won)}, {why}."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The widow (in the auction) or the declarer's discards, the trick on the table and
    each seat's point cards taken."""
    zones: list[dict[str, Any]] = []
    if obs["phase"] == AUCTION:
        zones.append({"id": "widow", "kind": "pile", "owner": None, "label": "Widow", "cards": [], "hidden": 3})
    elif obs["phase"] != EXCHANGE:
        zones.append({"id": "discards", "kind": "pile", "owner": obs["declarer"], "label": "Discards",
                      "cards": obs["discards"] or [], "hidden": 0 if obs["discards"] else 3})
    trick = obs["trick"]
    if trick is not None:
        zones.append({"id": "trick", "kind": "table", "owner": None,
                      "label": f"Trick {len(obs['tricks']) + 1}, led by {seats.name(trick['leader'])}",
                      "cards": [t for _, t in trick["cards"]], "hidden": 0})
    for s in range(SEATS):
        zones.append({"id": f"won-{s}", "kind": "pile", "owner": s, "label": f"{seats.whose(s, start=True)} point cards",
                      "cards": obs["won_points"][s], "hidden": 0})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """The contract and the sides (who plays with whom is the game's question), the
    special cards, and the point cards each side has taken in tricks."""
    declarer, trumps, partner = obs["declarer"], obs["trump"], obs["partner"]
    if declarer is None:
        best = next((f"{seats.does(s, 'bid')} {b.split()[0]} {trump(b.split()[1])}"
                     for s, b in reversed(obs["bids"]) if b != "pass"), "no bid yet")
        return [{"label": "Auction", "value": f"{best}; {seats.name(obs['opener'])} opened"}]
    rows = [("Contract", f"{seats.name(declarer)} bid {obs['contract']} {trump(obs['bid_suit'])}; trumps to be named"
             if trumps is None else f"{seats.name(declarer)}, {obs['contract']} {trump(trumps)}")]
    if obs["called"] is not None:
        called = "none" if obs["called"] == "none" else card(obs["called"])
        rows.append(("Called", called + (f", suggesting a {trump(obs['hint'])} lead" if obs["hint"] else "")))
        known = seats.name(partner) if partner is not None else "none" if obs["sides_known"] else "unknown"
        rows.append(("Partner", known))
    if trumps is not None:
        t = TRUMP_TEXT.index(trumps)
        rows += [("Mighty", card(mighty_of(t))), ("Ripper", card(ripper_of(t)))]
    taken = obs["scores"]["hand"]
    ours = taken[declarer] + (taken[partner] if partner is not None else 0)
    sides = ("declarer's side", "defenders") if obs["sides_known"] else ("declarer", "others (sides unknown)")
    rows.append(("Points taken", f"{sides[0]} {ours}, {sides[1]} {sum(taken) - ours}; needs {obs['contract']}"))
    return [{"label": name, "value": value} for name, value in rows]


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The last finished trick of this hand, its winner marked."""
    if not obs["tricks"]:
        return None
    last = obs["tricks"][-1]
    plays = [{"seat": s, "cards": [t], "face_down": False, "mark": s == last["winner"]} for s, t in last["cards"]]
    event = next(e for e in reversed(events) if not isinstance(e, str) and e[0] == "trick")
    return {"label": f"Trick {len(obs['tricks'])}", "plays": plays, "explanation": trick_sentence(event, seats)}


def render_text(obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
    """The generic view under the status line: contract, call, partner, points taken."""
    head = "; ".join(f"{row['label']}: {row['value']}" for row in obs["status"])
    return f"  {head}.\n" + generic_view(obs, names)


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    if not isinstance(action, int) or isinstance(action, bool):
        return f"{action!r} is not a Mighty action"
    phase, options, hand = obs["phase"], MightyOptions(**obs["options"]), obs["hand"]
    low = options.min_bid
    if phase == AUCTION:
        if "pass" not in obs["legal_actions"]:
            return f"Everyone passed: you must bid {low} in a suit or NT."
        if not BID_BASE + 5 * low <= action < TRUMP_BASE:
            return f"Bid from {low} to 20 in a suit or NT, or pass."
        return "Bid higher than the current bid ((n, suit) < (n, NT) < (n+1, any)), or pass."
    if phase == EXCHANGE:
        chosen = discard_cards(action) if DISCARD_BASE <= action < DISCARD_BASE + 53 ** 3 else []
        lacking = [c for c in chosen if CARD_TEXTS[c] not in hand]
        return f"You do not hold {card(lacking[0])}." if lacking else "Discard three cards, like 'discard 2♣ 3♦ 4♥'."
    if phase in (TRUMP, CALL, REVEAL_PHASE):
        return {TRUMP: "Name trumps: the bid's suit, or a change the contract can afford (never above 20).",
                CALL: "Call a card ('call A♥', 'call Joker') or 'call none'; a hint only after a 20 NT bid.",
                REVEAL_PHASE: "Only the partner may reveal: say 'pass'." if action == REVEAL else "Say 'reveal' or 'pass'."}[phase]
    lead_only = JOKER_LEAD <= action < JOKER_LEAD + 4 or action == RIPPER_CALL
    if not (PLAY_BASE <= action <= PLAY_BASE + JOKER or lead_only):
        return "It is time to play a card."
    c = card_of(action, _ripper(obs))
    if CARD_TEXTS[c] not in hand:
        return f"You do not hold {card(c)}."
    if action == RIPPER_CALL and options.ripper == "automatic":
        return "A led ripper always forces the joker: play it without 'call'."
    trick = obs["trick"]
    if lead_only and trick["cards"]:
        return "Only the leader names the joker's suit or calls with the ripper."
    if not trick["cards"]:
        if not obs["tricks"]:
            return "Neither the mighty nor the joker may be led to the first trick."
        return "A led joker names the suit to follow, like 'play Joker ♥'."
    if trick["ripper"]:
        return "The ripper was led: you must play the joker."
    return f"You must follow {trump(trick['follow'] or 'S')} (the mighty and the joker are always allowed)."
