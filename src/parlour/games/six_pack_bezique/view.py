"""Six-Pack Bezique in words: every sentence, label and status line a person reads, made
from an observation and the hand's events (see `rules.py` for the events) through the
phrasebook.

Nothing here runs while the rules play: the engine asks for its parts (`label`,
`sentence`, zones, `status`, `recent`) only for a person's observation, and words a
finished hand's summary (`hand_summary`) once, when it is first read. Seats are named by
`names` where a front end gives them (the observing seat is "you"), else by the numbered
convention front ends name later (`parlour.words.Seats.numbered`). A table copy's star is
notation: people read "K♥ from the table", and "copy 2" where several copies lie apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import SUIT_CHARS
from parlour.engine import make_options
from parlour.games.six_pack_bezique.pack import (
    BLANCHE,
    CODE_TEXT,
    FACE_OF,
    FACE_TEXT,
    GUESS,
    PASS,
    SHOW,
    TABLE,
    copy_no,
    face,
    meld_class,
    meld_name,
)
from parlour.games.six_pack_bezique.rules import (
    BLANCHE_BONUS,
    BLANCHE_PHASE,
    GAME_BONUS,
    GUESS_PHASE,
    LAST,
    LAST_TRICK,
    MELD,
    PLAY,
    RUBICON,
    SHOW_PHASE,
    BeziqueOptions,
)
from parlour.words import Seats, capital, card, listing, plural, score_sheet, suit_name


def hand_summary(summary: dict[str, Any], seats: Seats) -> dict[str, Any]:
    """A finished deal's summary with its log in sentences, why each player scored what it
    did (melds, carte blanche, the last trick, the cut), the game bonus and the Rubicon,
    and its line of the score sheet (the final scores, which the match adds up)."""
    log, points, final = summary["log"], summary["points"], summary["final"]
    why = []
    for s in (0, 1):
        melds = [e[5] for e in log if e[0] == "meld" and e[1] == s]
        parts = [f"{plural(len(melds), 'meld')} {sum(melds)}"] if melds else []
        blanche = sum(BLANCHE_BONUS for e in log if e[0] in ("blanche", "show") and e[1] == s)
        parts += [f"carte blanche {blanche}"] if blanche else []
        last = LAST_TRICK if any(e[0] == "trick" and e[6] and e[5] == s for e in log) else 0
        parts += [f"the last trick {last}"] if last else []
        rest = points[s] - sum(melds) - blanche - last
        parts += [f"the cut {rest}"] if rest else []
        why.append(f"{seats.name(s, start=True)} scored {points[s]}" + (f": {listing(parts)}." if parts else "."))
    if points[0] == points[1]:
        why.append("Equal scores: a draw, and no game bonus.")
    else:
        w = 0 if points[0] > points[1] else 1
        under = f" and {seats.whose(1 - w)} {points[1 - w]}, under the Rubicon of {RUBICON}" if points[1 - w] < RUBICON else ""
        why.append(f"The game goes to {seats.name(w)}: +{GAME_BONUS}{under}, for {final[w]} in all.")
    sheet = score_sheet(seats, [(0,), (1,)], final)
    return {**summary, "log": [sentence(e, seats) for e in log], "why": why, "sheet": sheet}


def code_card(code: int, where: str = "the table") -> str:
    """A hand card or a table copy as people read it: "Q♠", "Q♠ from the table", "Q♠ from
    the table (copy 2)"."""
    said = card(FACE_TEXT[face(code)])
    if code < TABLE:
        return said
    return f"{said} from {where}" + (f" (copy {copy_no(code)})" if code >= TABLE + 32 else "")


def meld_cards(codes: Sequence[int]) -> str:
    """A meld's cards, the table's named as such: "K♥ Q♥ (Q♥ from the table)"."""
    said = " ".join(card(FACE_TEXT[face(c)]) for c in codes)
    table = [c for c in codes if c >= TABLE]
    if not table:
        return said
    return f"{said} ({', '.join(card(FACE_TEXT[face(c)]) for c in table)} from the table)"


def label(obs: dict[str, Any], action: Any, seats: Seats) -> str:
    """A legal action on a button: the cards in symbol form, a table copy named as such."""
    if isinstance(action, tuple):
        return "meld " + meld_cards(action)
    if action >= GUESS:
        return f"guess {action - GUESS}"
    if action in (PASS, BLANCHE, SHOW):
        return {PASS: "pass", BLANCHE: "blanche", SHOW: "show"}[action]
    return "play " + code_card(action, "your table")


def by_seat(values: Sequence[int], seats: Seats) -> str:
    """Per-seat numbers as people read them: "seat 0 120, you 40"."""
    return ", ".join(f"{seats.name(s)} {v}" for s, v in enumerate(values))


def sentence(event: Any, seats: Seats) -> str:
    """One event of the deal's log as a sentence (a text entry is passed through)."""
    if isinstance(event, str):
        return event
    kind = event[0]
    if kind == "trick":
        _, k, leader, lead, follow, winner, last = event
        plays = seats.plays(((leader, code_card(lead)), (1 - leader, code_card(follow))))
        return f"Trick {k + 1}: {plays}; {seats.does(winner, 'win')}{', with 250 for the last trick' * last}."
    if kind == "meld":
        _, s, codes, cls, n, value, fixed = event
        said = f"{seats.does(s, 'meld', start=True)} {meld_cards(codes)}: {meld_name(cls, n)}, {value}."
        return said + (f" {capital(suit_name(fixed))} are trumps." if fixed is not None else "")
    if kind == "deal":
        return f"Hand {event[1] + 1}: {seats.does(event[2], 'deal')}."
    if kind == "guess":
        _, nd, n, cut = event
        said = f"{seats.does(nd, 'guess', start=True)} {n}; the cut was {cut}."
        if cut == 24:
            said += f" {seats.name(1 - nd, start=True)} cut exactly 24: 250."
        return said + (f" {seats.name(nd, start=True)} guessed right: 150." if n == cut else "")
    if kind == "blanche":
        return f"{seats.does(event[1], 'show', start=True)} carte blanche: 250."
    if kind == "court":
        return f"{seats.does(event[1], 'draw', start=True)} a court card: the carte blanche streak ends."
    if kind == "show":
        return f"{seats.does(event[1], 'show', start=True)} {card(FACE_TEXT[event[2]])} for carte blanche: 250."
    if kind == "stage2":
        return "The stock is empty: the tables go back to the hands for the last 12 tricks."
    _, _hand, points, final = event
    return f"Deal over: points {by_seat(points, seats)}; final scores {by_seat(final, seats)}."


def table_zones(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """Each seat's melds on the table, the trick and the stock."""
    me = obs["seat"]
    zones = [{"id": f"table-{s}", "kind": "hand" if s == me else "meld", "owner": s,
              "label": "Your melds (table)" if s == me else f"{seats.whose(s, start=True)} melds", "cards": obs["table"][s],
              "hidden": 0} for s in (0, 1)]
    zones.append({"id": "trick", "kind": "table", "owner": None, "label": "Trick",
                  "cards": [c.rstrip("*0123456789") for _s, c in obs["trick"]], "hidden": 0})
    zones.append({"id": "stock", "kind": "stock", "owner": None, "label": f"Stock ({obs['stock_size']})",
                  "cards": [], "hidden": min(obs["stock_size"], 1)})
    return zones


def status(obs: dict[str, Any], seats: Seats) -> list[dict[str, Any]]:
    """Trumps, the stock and the stage (what a play may do), the points, the cut."""
    trumps = suit_name(SUIT_CHARS.index(obs["trump"])) if obs["trump"] else "none yet"
    out = [{"label": "Trumps", "value": trumps},
           {"label": "Stock", "value": str(obs["stock_size"])},
           {"label": "Stage", "value": "last 12 tricks: follow suit and win if able"
            if obs["stage"] == 2 else "stock play: meld after winning a trick"},
           {"label": "Points", "value": by_seat(obs["scores"]["hand"], seats)}]
    if obs["cut"] is not None:
        out.append({"label": "Cut", "value": f"{obs['cut']} (guess {obs['guess']})"})
    return out


def recent(obs: dict[str, Any], events: Sequence[Any], seats: Seats) -> dict[str, Any] | None:
    """The deal's last meld or trick, whichever came later."""
    for event in reversed(events):
        if event[0] == "meld":
            _, s, codes, cls, n, value, _fixed = event
            return {"label": "Meld", "plays": [{"seat": s, "cards": [FACE_TEXT[face(c)] for c in codes], "face_down": False,
                                                "mark": True}], "explanation": f"{capital(meld_name(cls, n))}: {value}"}
        if event[0] == "trick":
            _, k, leader, lead, follow, winner, _last = event
            return {"label": f"Trick {k + 1}",
                    "plays": [{"seat": seat, "cards": [FACE_TEXT[face(c)]], "face_down": False, "mark": seat == winner}
                              for seat, c in ((leader, lead), (1 - leader, follow))],
                    "explanation": f"{seats.does(winner, 'win', start=True)} the trick."}
    return None


def why_not(obs: dict[str, Any], action: Any, seats: Seats) -> str | None:
    """Why `action` is not legal for the seat to act (`obs` is that seat's observation)."""
    options = make_options(BeziqueOptions, obs["options"])
    assert isinstance(options, BeziqueOptions)
    phase, spread = obs["phase"], options.cut_spread
    want = {GUESS_PHASE: f"Guess the cut: guess {24 - spread} to guess {24 + spread}.",
            BLANCHE_PHASE: "Carte blanche first: blanche (a hand with no K, Q or J) or pass.",
            PLAY: "It is your turn to play a card.", LAST: "It is your turn to play a card.",
            MELD: "You won the trick: meld or pass.", SHOW_PHASE: "Show the card you drew, or pass."}.get(phase)
    if phase == GUESS_PHASE and isinstance(action, int) and action >= GUESS:
        return f"Guess a number from {24 - spread} to {24 + spread}."
    if phase == BLANCHE_PHASE and action == BLANCHE:
        return "Carte blanche needs a hand with no king, queen or jack."
    if phase in (PLAY, LAST) and isinstance(action, int) and action in CODE_TEXT:
        if action >= TABLE:
            if phase == LAST:
                return "The tables went back to the hands: play a card from your hand."
            return no_table_copy(action)
        hand = counts(obs["hand"])
        if not hand[action]:
            return f"You do not hold {card(FACE_TEXT[action])}."
        lead = FACE_OF[obs["trick"][0][1].rstrip("*0123456789")]
        if any(hand[f] for f in range(8 * (lead // 8), 8 * (lead // 8) + 8)):
            return f"Follow suit and win if you can: a higher {suit_name(lead // 8)[:-1]} if you hold one."
        return f"You must win the trick if you can: play a trump ({suit_name(SUIT_CHARS.index(obs['trump']))})."
    if phase == MELD and isinstance(action, tuple):
        return meld_problem(obs, action, options.meld_needs_hand_card)
    return want


def counts(faces: Sequence[str]) -> list[int]:
    """Copies of each face among card texts."""
    out = [0] * 32
    for t in faces:
        out[FACE_OF[t]] += 1
    return out


def no_table_copy(code: int) -> str:
    """The refusal of a table copy that is not there."""
    copy = f"copy {copy_no(code)} of " if code >= TABLE + 32 else ""
    return f"There is no {copy}{card(FACE_TEXT[face(code)])} on your table."


def meld_problem(obs: dict[str, Any], codes: tuple[int, ...], needs_hand_card: bool) -> str:
    """Why a meld is refused: a card not there, no meld's shape, no hand card, or a table
    card of an intact meld of the same class (which only a bigger bezique may take in)."""
    me = obs["seat"]
    hand, table = counts(obs["hand"]), obs["table"][me]
    places: set[int] = set()
    for c in codes:
        if c >= TABLE:
            copies = [i for i, t in enumerate(table) if FACE_OF[t] == face(c)]
            if copy_no(c) > len(copies):
                return no_table_copy(c)
            places.add(copies[copy_no(c) - 1])
        elif hand[c] <= 0:
            return f"You do not hold {card(FACE_TEXT[c])} in your hand."
        else:
            hand[c] -= 1
    shape = meld_class(codes)
    if shape is None:
        return "Those cards make no meld: a sequence A T K Q J, a marriage K Q, four of a kind or beziques."
    if needs_hand_card and min(codes) >= TABLE:
        return "A meld needs at least one card from your hand (R-BEZIQUE-4)."
    kind = meld_name(*shape)
    same = ("bezique" if shape[0] == "D" else kind,)
    if any(m["kind"].endswith(same) and places & set(m["cards"]) for m in obs["melds"][me]):
        return ("A table card of an intact meld of this class may only go into a bigger bezique "
                "that contains that whole meld (R-BEZIQUE-5).")
    return "That meld is not possible now (trumps decide tens and beziques)."
