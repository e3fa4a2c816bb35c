"""Ridge studied with its double-dummy oracle (parlour.bots.double_dummy): hints and records.

- `hint_table(observation)`: the exact value of every legal action for the seat to act
  (points in the auction, tricks in the declaration and the play), for `hint`.
- `analyse_record(record)`: per hand, the table, what perfect bidding gives each side,
  and the cost of every call (points) and every card (tricks) against the best one.

Ties between equally good choices follow the oracle's one rule (see its module).
"""

from __future__ import annotations

import dataclasses
from typing import Any

from parlour.bots.double_dummy import (
    AuctionSolver,
    auction_pos,
    best_card,
    best_declaration,
    call_text,
    card_values,
    dd_table,
    declaration_text,
    declarations,
    lowest_first,
    options_of,
    play_values,
)
from parlour.cards import CARD_TEXTS, symbols
from parlour.games.ridge import (
    AUCTION,
    DECLARE_BASE,
    DECLARING,
    DENOM_TEXTS,
    DENOM_WORDS,
    GAME,
    HAND_NAMES,
    HAND_WORDS,
    PLAY_BASE,
    PLAYING,
    SIDE_NAMES,
    RidgeOptions,
    auction_start,
    auction_step,
    declarer_net,
    hand_score,
    observed_hands,
    observed_trick,
    parse_pbn,
    trick_winner_of,
)
from parlour.views import action_labels
from parlour.words import table_names

__all__ = [
    "AuctionSolver", "analyse_record", "best_card", "best_declaration", "card_values", "dd_table",
    "format_report", "hint_lines", "hint_table", "lowest_first", "play_values",
]


@dataclasses.dataclass(frozen=True)
class Advice:
    """The oracle's word on a decision: what it knows (`intro`), what the values count
    (`unit`), and each legal action's text with its exact value, in the tie rule's order
    (the first of the best is the oracle's choice)."""

    intro: str
    unit: str
    values: list[tuple[str, int]]
    extra: dict[str, str]
    """An action's text -> a note printed after its value (a declaration's points)."""

    def best(self) -> str:
        top = max(v for _, v in self.values)
        return next(a for a, v in self.values if v == top)


def hint_table(observation: dict[str, Any]) -> Advice | None:
    """The double-dummy value of each legal action for the seat to act, or None when it has
    nothing to decide."""
    phase, seat = observation["phase"], observation["to_act"]
    if seat is None or not observation["legal_actions"]:
        return None
    opts = options_of(observation)
    table = dd_table(parse_pbn(observation["deal"]))
    if phase == AUCTION:
        solver = AuctionSolver(table, observation["dealer"], opts)
        calls = solver.action_values(auction_pos(observation, opts))
        mine, theirs = solver.best[seat], solver.best[1 - seat]
        intro = (
            f"Double dummy: you can take {mine[0]} tricks ({DENOM_WORDS[mine[1]]}, {HAND_WORDS[mine[2]]} leads); "
            f"your opponent {theirs[0]} ({DENOM_WORDS[theirs[1]]}, {HAND_WORDS[theirs[2]]} leads)."
        )
        unit = "your points minus your opponent's, with perfect play after the call"
        return Advice(intro, unit, [(call_text(a), v) for a, v in calls.items()], {})
    contract = observation["contract"]
    if phase == DECLARING:
        bid, contested = contract["bid"], contract["contested"]
        ways = declarations(table, seat)
        extra = {declaration_text(d, h): f"{declarer_net(bid, t, contested):+d} points" for t, d, h in ways}
        return Advice(f"You declare at {bid}.", "tricks for you with perfect play",
                      [(declaration_text(d, h), t) for t, d, h in ways], extra)
    if phase == PLAYING:
        hands = observed_hands(observation)
        trick = observed_trick(observation)
        to_play = HAND_NAMES.index(observation["hand_to_play"])
        trump = DENOM_TEXTS.index(contract["trump"])
        cards = card_values(hands, trump, trick, to_play)
        already = observation["won"][seat]
        need = contract["bid"] if seat == contract["declarer"] else 14 - contract["bid"]
        goal = "to make the bid" if seat == contract["declarer"] else "to beat it"
        intro = f"{HAND_WORDS[to_play]} to play; your side has {already} tricks and needs {need} {goal}."
        order = lowest_first(list(cards))
        return Advice(intro, "tricks your side ends with, with perfect play after the card",
                      [(f"play {CARD_TEXTS[c]}", already + cards[c]) for c in order], {})
    return None


def hint_lines(observation: dict[str, Any]) -> list[str]:
    """The double-dummy value of each legal action for the seat to act, as lines to print
    (in brackets, how far below the best)."""
    advice = hint_table(observation)
    if advice is None:
        return ["Nothing to decide now."]
    top = max(v for _, v in advice.values)
    labels = action_labels(observation)
    lines = [advice.intro, f"Each choice: {advice.unit} (in brackets, how far below the best):"]
    for text, v in advice.values:
        mark = " (best)" if v == top else f" ({v - top})"
        note = f", {advice.extra[text]}" if text in advice.extra else ""
        value = f"{v:+d}" if advice.unit.startswith("your points") else str(v)
        lines.append(f"  {labels.get(text) or symbols(text)}: {value}{note}{mark}")
    return lines


# --- the analysis of a record -------------------------------------------------------------
def analyse_record(record: dict[str, Any]) -> dict[str, Any]:
    """Every hand of a Ridge record: table, perfect bidding, and each decision's cost."""
    from parlour.record import replay, start_of

    state = start_of(record)
    final = replay(record)
    hands_out = []
    actions = record.get("actions", [])
    per_hand: list[list[tuple[int, int]]] = [[] for _ in final.deals]
    probe = start_of(record)
    for seat, text in actions:
        k = probe.hand_number  # type: ignore[attr-defined]
        per_hand[k].append((seat, probe.text_to_action(text)))
        probe.apply_text(text)
    for k, deal in enumerate(final.deals):
        hands_out.append(_analyse_hand(k, deal, per_hand[k], state.options, record.get("dealer", 0)))
    given: list[int] = [0, 0]
    for h in hands_out:
        for s in range(2):
            given[s] += h["tricks_given"][s]
    return {
        "game": GAME.name,
        "hands": hands_out,
        "tricks_given": given,
        "points_given_in_auctions": [sum(h["auction_cost"][s] for h in hands_out) for s in range(2)],
        "match_scores": list(final.match_scores()),
    }


def _analyse_hand(
    k: int, deal: dict[str, Any], actions: list[tuple[int, int]], options: Any, first_dealer: int
) -> dict[str, Any]:
    assert isinstance(options, RidgeOptions)
    dealt = parse_pbn(deal["pbn"]) if "pbn" in deal else None
    if dealt is None:
        from parlour.games.ridge import hands_of_deal

        dealt = hands_of_deal(deal)
    dealer = (first_dealer + k) % 2
    table = dd_table(dealt)
    solver = AuctionSolver(table, dealer, options)
    start = auction_start(dealer)
    line, end = solver.perfect_line(start)
    perfect_value = solver.value(start)
    p_decl, p_bid, p_contested = end
    perfect: dict[str, Any] = {"calls": [[s, call_text(a)] for s, a in line], "dealer_net": perfect_value}
    perfect_scores = [0, 0]
    if p_decl is not None:
        t, d, h = solver.best[p_decl]
        points, to_decl = hand_score(p_bid, t, p_contested)
        perfect_scores[p_decl if to_decl else 1 - p_decl] = points
        perfect.update(declarer=p_decl, bid=p_bid, contested=p_contested,
                       declaration=declaration_text(d, h), tricks=t)
    perfect["scores"] = perfect_scores
    # the calls as played, each valued against the best call
    calls = []
    auction_cost = [0, 0]
    pos = start
    i = 0
    declarer = None
    bid, contested = 0, False
    while i < len(actions):
        seat, action = actions[i]
        if action >= DECLARE_BASE:
            break
        values = solver.action_values(pos)
        cost = max(values.values()) - values[action]
        auction_cost[seat] += cost
        calls.append({"seat": seat, "call": call_text(action), "value": values[action], "cost": cost})
        pos, ended = auction_step(pos, action, dealer, options)
        i += 1
        if ended is not None:
            declarer, bid, contested = ended
            break
    out: dict[str, Any] = {
        "hand": k + 1,
        "dealer": dealer,
        "deal": deal.get("pbn"),
        "table": {DENOM_TEXTS[d]: {HAND_NAMES[h]: table[d][h] for h in range(4)} for d in range(5)},
        "best": [{"tricks": solver.best[s][0], "declaration": declaration_text(*solver.best[s][1:])} for s in range(2)],
        "perfect": perfect,
        "calls": calls,
        "auction_cost": auction_cost,
        "declaration": None,
        "cards": [],
        "tricks_given": [0, 0],
    }
    if declarer is None or i >= len(actions):
        return out
    seat, action = actions[i]
    denom, leader = divmod(action - DECLARE_BASE, 4)
    chosen = table[denom][leader]
    best_t = solver.best[declarer][0]
    out["declaration"] = {
        "seat": seat, "declaration": declaration_text(denom, leader), "tricks": chosen,
        "best": best_t, "cost": best_t - chosen,
    }
    out["contract"] = {"declarer": declarer, "bid": bid, "contested": contested}
    cards = [a - PLAY_BASE for _, a in actions[i + 1 :]]
    if not cards:
        return out
    totals = play_values(dealt, denom, leader, cards)
    to_play = leader
    trick: list[tuple[int, int]] = []
    for j, c in enumerate(cards):
        side = to_play % 2
        before, after = totals[j], totals[j + 1]
        cost = before - after if side == declarer else after - before
        out["tricks_given"][side] += cost
        out["cards"].append({"trick": j // 4 + 1, "hand": HAND_NAMES[to_play], "card": CARD_TEXTS[c],
                             "declarer_tricks": after, "cost": cost})
        trick.append((to_play, c))
        if len(trick) == 4:
            to_play = trick_winner_of(trick, denom)
            trick = []
        else:
            to_play = (to_play + 1) % 4
    out["declarer_tricks_perfect"] = chosen
    return out


def format_report(report: dict[str, Any]) -> str:
    """The analysis as plain text: one block per hand, the two seats by the names `parlour
    show` gives them (a record keeps no names: `table_names`)."""
    name = table_names(2)
    lines: list[str] = []
    for h in report["hands"]:
        lines.append(f"Hand {h['hand']} (dealer {name[h['dealer']]}): {h['deal']}")
        lines.append("  Double-dummy tricks for the declaring side, by trumps and leading hand:")
        lines.append("    declarer  leader    S   H   D   C  NT")
        for leader in "WENS":
            side = SIDE_NAMES[(HAND_NAMES.index(leader) + 1) % 2]
            cells = "".join(f"{h['table'][d][leader]:4d}" for d in DENOM_TEXTS)
            lines.append(f"    {side:<12}{leader:<4}{cells}")
        p = h["perfect"]
        calls = ", ".join(f"{name[s]} {c}" for s, c in p["calls"])
        if "declarer" in p:
            lines.append(
                f"  Perfect bidding: {calls}; {name[p['declarer']]} {p['declaration']} and takes "
                f"{p['tricks']} on {'a contested' if p['contested'] else 'an uncontested'} bid of {p['bid']}: "
                f"{name[0]} {p['scores'][0]}, {name[1]} {p['scores'][1]}."
            )
        else:
            lines.append(f"  Perfect bidding: {calls}; passed out, 0-0.")
        for c in h["calls"]:
            note = "best" if c["cost"] == 0 else f"costs {c['cost']} points"
            lines.append(f"  {name[c['seat']]} {c['call']}: {c['value']:+d} ({note})")
        decl = h["declaration"]
        if decl:
            note = "best" if decl["cost"] == 0 else f"{decl['cost']} tricks fewer than the best"
            lines.append(f"  {name[decl['seat']]} {decl['declaration']}: {decl['tricks']} tricks double dummy ({note})")
        for trick_no in range(1, 14):
            played = [x for x in h["cards"] if x["trick"] == trick_no]
            if not played:
                break
            shown = "  ".join(f"{x['hand']} {x['card']}" + (f" (-{x['cost']})" if x["cost"] else "") for x in played)
            lines.append(f"  trick {trick_no:2d}: {shown}")
        if h["cards"]:
            given = h["tricks_given"]
            lines.append(f"  Tricks given away in play: {name[0]} {given[0]}, {name[1]} {given[1]}.")
        lines.append("")
    lines.append(
        f"Whole record: tricks given away in play: {name[0]} {report['tricks_given'][0]}, "
        f"{name[1]} {report['tricks_given'][1]}; points given away in auctions: "
        f"{name[0]} {report['points_given_in_auctions'][0]}, {name[1]} {report['points_given_in_auctions'][1]}."
    )
    return "\n".join(lines)


