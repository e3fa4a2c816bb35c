"""Ridge's double-dummy oracle (DDS through endplay) and the play-by-play analysis.

Ridge shows every card, so each position has an exact value: the tricks each side takes
with perfect play from there. DDS computes it; this module turns it into Ridge's terms.

- `dd_table(hands)`: tricks of the declaring side for every trump (S H D C NT) and every
  leading hand; in Ridge the declarer names the leader, so the leader is always a
  defender's hand and the declaring side is the other one.
- `card_values(...)`: for the hand to play, each card's final trick count for its side.
- `AuctionSolver`: the auction as a finite game of perfect information over the table,
  solved by backward induction. A leaf is the declarer's choice of trumps and leader
  (the most tricks: every score of the source grows with the declarer's tricks), then the
  source's score. Each player maximises its own points minus the other's for the hand.
- `analyse_record(record)`: per hand, the table, what perfect bidding gives each side,
  and the cost of every call (points) and every card (tricks) against the best one.

Ties between equally good choices are broken by one rule everywhere (bot, hint, report):
in the auction the first of pass, contest, then the lowest bid; in the declaration the
first of S H D C NT, then the leading hand in N E S W order; in play the lowest card
(lowest rank, then S H D C).

DDS is not re-entrant through one thread index, so every call goes through one lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

import endplay._dds as _dds

from parlour.cards import CARD_TEXTS, rank_of, suit_of
from parlour.games.ridge import (
    AUCTION,
    CONTEST,
    DECLARE_BASE,
    DECLARING,
    DENOM_TEXTS,
    DENOM_WORDS,
    HAND_NAMES,
    HAND_WORDS,
    PASS,
    PLAY_BASE,
    PLAYING,
    SIDE_NAMES,
    AuctionPos,
    RidgeOptions,
    auction_legal,
    auction_start,
    auction_step,
    declarer_net,
    hand_score,
    observed_hands,
    observed_trick,
    parse_pbn,
    text_to_action,
    trick_winner_of,
)

_LOCK = threading.Lock()
_TABLES: OrderedDict[tuple[int, ...], list[list[int]]] = OrderedDict()
_TABLE_CACHE = 256
FULL_SUIT = 0x1FFF


def _fill_cards(target: Any, hands: list[int]) -> None:
    """DDS holdings: per hand and suit a mask with bit rank+2 (2 is bit 2, A bit 14)."""
    for h in range(4):
        for s in range(4):
            target[h][s] = ((hands[h] >> (13 * s)) & FULL_SUIT) << 2


def dd_table(hands: list[int]) -> list[list[int]]:
    """table[denom][leader]: tricks for the side not on lead, with `leader` leading.

    One CalcDDtable call per deal, cached (the bot asks for it at every call of the
    auction). DDS indexes by declarer, whose left-hand opponent leads: leader L means
    declarer L - 1.
    """
    key = tuple(hands)
    with _LOCK:
        cached = _TABLES.get(key)
        if cached is not None:
            _TABLES.move_to_end(key)
            return cached
        deal = _dds.ddTableDeal()
        _fill_cards(deal.cards, hands)
        res = _dds.ddTableResults()
        _dds.CalcDDtable(deal, res)
        table = [[res.resTable[d][(leader + 3) % 4] for leader in range(4)] for d in range(5)]
        _TABLES[key] = table
        if len(_TABLES) > _TABLE_CACHE:
            _TABLES.popitem(last=False)
        return table


def card_values(hands: list[int], trump: int, trick: list[tuple[int, int]], to_play: int) -> dict[int, int]:
    """Each legal card of `to_play` -> tricks its side takes from here on (this trick too)."""
    deal = _dds.deal()
    _fill_cards(deal.remainCards, hands)
    deal.trump = trump
    deal.first = trick[0][0] if trick else to_play
    for i in range(3):
        deal.currentTrickSuit[i] = suit_of(trick[i][1]) if i < len(trick) else 0
        deal.currentTrickRank[i] = rank_of(trick[i][1]) + 2 if i < len(trick) else 0
    fut = _dds.futureTricks()
    with _LOCK:
        _dds.SolveBoard(deal, -1, 3, 1, fut, 0)
    out: dict[int, int] = {}
    for i in range(fut.cards):
        s = fut.suit[i]
        holding = (1 << fut.rank[i]) | fut.equals[i]
        for r in range(13):
            if holding >> (r + 2) & 1:
                out[13 * s + r] = fut.score[i]
    return out


def play_values(dealt: list[int], trump: int, leader: int, cards: list[int]) -> list[int]:
    """The declaring side's double-dummy total before the play and after each card.

    One AnalysePlayBin call for the whole hand: a card's cost is the change it makes.
    """
    deal = _dds.deal()
    _fill_cards(deal.remainCards, dealt)
    deal.trump = trump
    deal.first = leader
    for i in range(3):
        deal.currentTrickSuit[i] = 0
        deal.currentTrickRank[i] = 0
    play = _dds.playTraceBin()
    play.number = len(cards)
    for i, c in enumerate(cards):
        play.suit[i] = suit_of(c)
        play.rank[i] = rank_of(c) + 2
    solved = _dds.solvedPlay()
    with _LOCK:
        _dds.AnalysePlayBin(deal, play, solved, 0)
    values = [solved.tricks[i] for i in range(solved.number)]
    # DDS stops before the forced last trick: its cards change nothing.
    return values + [values[-1]] * (len(cards) + 1 - len(values))


def lowest_first(cards: list[int]) -> list[int]:
    """The play tie rule: lowest rank first, then suits S H D C."""
    return sorted(cards, key=lambda c: (rank_of(c), suit_of(c)))


def best_card(values: dict[int, int]) -> int:
    top = max(values.values())
    return lowest_first([c for c, v in values.items() if v == top])[0]


# --- the auction --------------------------------------------------------------------------
def declarations(table: list[list[int]], seat: int) -> list[tuple[int, int, int]]:
    """(tricks, denom, leader) for every declaration open to `seat`, in tie-rule order."""
    return [(table[d][h], d, h) for d in range(5) for h in range(4) if h % 2 != seat]


def best_declaration(table: list[list[int]], seat: int) -> tuple[int, int, int]:
    """The declaration with the most tricks for `seat` (first in tie-rule order)."""
    options = declarations(table, seat)
    top = max(t for t, _, _ in options)
    return next(o for o in options if o[0] == top)


class AuctionSolver:
    """Backward induction over Ridge's auction for one deal's double-dummy table."""

    def __init__(self, table: list[list[int]], dealer: int, options: RidgeOptions) -> None:
        self.table = table
        self.dealer = dealer
        self.options = options
        self.best = [best_declaration(table, s) for s in range(2)]
        self._memo: dict[AuctionPos, int] = {}

    def leaf(self, declarer: int | None, bid: int, contested: bool) -> int:
        """The dealer's net points for an auction that ended so (0 when passed out)."""
        if declarer is None:
            return 0
        net = declarer_net(bid, self.best[declarer][0], contested)
        return net if declarer == self.dealer else -net

    def value(self, pos: AuctionPos) -> int:
        """The dealer's net points with perfect play from `pos`."""
        got = self._memo.get(pos)
        if got is None:
            values = self.action_values(pos)
            mover = max(values.values())
            got = mover if pos.turn == self.dealer else -mover
            self._memo[pos] = got
        return got

    def action_values(self, pos: AuctionPos) -> dict[int, int]:
        """Each legal call -> the net points of the seat to call, with perfect play after."""
        out: dict[int, int] = {}
        sign = 1 if pos.turn == self.dealer else -1
        for action in auction_legal(pos, self.dealer, self.options):
            nxt, end = auction_step(pos, action, self.dealer, self.options)
            v = self.leaf(*end) if end is not None else self.value(nxt)
            out[action] = sign * v
        return out

    def best_action(self, pos: AuctionPos) -> int:
        values = self.action_values(pos)
        top = max(values.values())
        return next(a for a, v in values.items() if v == top)

    def perfect_line(self, pos: AuctionPos) -> tuple[list[tuple[int, int]], tuple[int | None, int, bool]]:
        """The calls of perfect play from `pos` and how the auction ends."""
        line = []
        while True:
            action = self.best_action(pos)
            line.append((pos.turn, action))
            pos, end = auction_step(pos, action, self.dealer, self.options)
            if end is not None:
                return line, (end.declarer, end.bid, end.contested)


def call_text(action: int) -> str:
    return {PASS: "pass", CONTEST: "contest"}.get(action, f"bid {action}")


def declaration_text(denom: int, leader: int) -> str:
    return f"declare {DENOM_TEXTS[denom]} {HAND_NAMES[leader]}"


# --- hints --------------------------------------------------------------------------------
def _auction_pos(observation: dict[str, Any], options: RidgeOptions) -> AuctionPos:
    dealer = observation["dealer"]
    pos = auction_start(dealer)
    for _seat, text in observation["auction"]:
        pos, _ = auction_step(pos, text_to_action(text), dealer, options)
    return pos


def options_of(observation: dict[str, Any]) -> RidgeOptions:
    from parlour.games.ridge import GAME

    opts = GAME.options(**observation["options"])
    assert isinstance(opts, RidgeOptions)
    return opts


def hint_lines(observation: dict[str, Any]) -> list[str]:
    """The double-dummy value of each legal action for the seat to act."""
    phase, seat = observation["phase"], observation["to_act"]
    if seat is None or not observation["legal_actions"]:
        return ["Nothing to decide now."]
    opts = options_of(observation)
    table = dd_table(parse_pbn(observation["deal"]))
    if phase == AUCTION:
        solver = AuctionSolver(table, observation["dealer"], opts)
        values = solver.action_values(_auction_pos(observation, opts))
        top = max(values.values())
        mine, theirs = solver.best[seat], solver.best[1 - seat]
        lines = [
            f"Double dummy: you can take {mine[0]} tricks ({DENOM_WORDS[mine[1]]}, {HAND_WORDS[mine[2]]} leads); "
            f"your opponent {theirs[0]} ({DENOM_WORDS[theirs[1]]}, {HAND_WORDS[theirs[2]]} leads).",
            "Each call with perfect play after it: your points minus your opponent's (in brackets, how far below the best):",
        ]
        for action, v in values.items():
            mark = " (best)" if v == top else f" ({v - top})"
            lines.append(f"  {call_text(action)}: {v:+d}{mark}")
        return lines
    contract = observation["contract"]
    if phase == DECLARING:
        bid, contested = contract["bid"], contract["contested"]
        lines = [f"Tricks for you with each declaration (bid {bid}):"]
        opts_list = declarations(table, seat)
        top = max(t for t, _, _ in opts_list)
        for t, d, h in opts_list:
            points = declarer_net(bid, t, contested)
            mark = " (best)" if t == top else f" ({t - top})"
            lines.append(f"  {declaration_text(d, h)}: {t} tricks, {points:+d} points{mark}")
        return lines
    if phase == PLAYING:
        hands = observed_hands(observation)
        trick = observed_trick(observation)
        to_play = HAND_NAMES.index(observation["hand_to_play"])
        trump = DENOM_TEXTS.index(contract["trump"])
        values = card_values(hands, trump, trick, to_play)
        already = observation["won"][seat]
        top = max(values.values())
        declarer = contract["declarer"]
        need = contract["bid"] if seat == declarer else 14 - contract["bid"]
        goal = "to make the bid" if seat == declarer else "to beat it"
        lines = [f"{HAND_WORDS[to_play]} to play; your side has {already} tricks and needs {need} {goal}.",
                 "Tricks your side ends with after each card, with perfect play after it (in brackets, tricks lost):"]
        for c in sorted(values, key=lambda c: (suit_of(c), -rank_of(c))):
            v = values[c]
            mark = " (best)" if v == top else f" ({v - top})"
            lines.append(f"  {CARD_TEXTS[c]}: {already + v}{mark}")
        return lines
    return ["Nothing to decide now."]


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
        "game": "ridge",
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
    """The analysis as plain text: one block per hand."""
    lines: list[str] = []
    for h in report["hands"]:
        lines.append(f"Hand {h['hand']} (dealer seat {h['dealer']}): {h['deal']}")
        lines.append("  Double-dummy tricks for the declaring side, by trumps and leading hand:")
        lines.append("    declarer  leader    S   H   D   C  NT")
        for leader in "WENS":
            side = SIDE_NAMES[(HAND_NAMES.index(leader) + 1) % 2]
            cells = "".join(f"{h['table'][d][leader]:4d}" for d in DENOM_TEXTS)
            lines.append(f"    {side:<12}{leader:<4}{cells}")
        p = h["perfect"]
        calls = ", ".join(f"seat {s} {c}" for s, c in p["calls"])
        if "declarer" in p:
            lines.append(
                f"  Perfect bidding: {calls}; seat {p['declarer']} {p['declaration']} and takes "
                f"{p['tricks']} on {'a contested' if p['contested'] else 'an uncontested'} bid of {p['bid']}: "
                f"seat 0 {p['scores'][0]}, seat 1 {p['scores'][1]}."
            )
        else:
            lines.append(f"  Perfect bidding: {calls}; passed out, 0-0.")
        for c in h["calls"]:
            note = "best" if c["cost"] == 0 else f"costs {c['cost']} points"
            lines.append(f"  seat {c['seat']} {c['call']}: {c['value']:+d} ({note})")
        decl = h["declaration"]
        if decl:
            note = "best" if decl["cost"] == 0 else f"{decl['cost']} tricks fewer than the best"
            lines.append(f"  seat {decl['seat']} {decl['declaration']}: {decl['tricks']} tricks double dummy ({note})")
        for trick_no in range(1, 14):
            played = [x for x in h["cards"] if x["trick"] == trick_no]
            if not played:
                break
            shown = "  ".join(f"{x['hand']} {x['card']}" + (f" (-{x['cost']})" if x["cost"] else "") for x in played)
            lines.append(f"  trick {trick_no:2d}: {shown}")
        if h["cards"]:
            given = h["tricks_given"]
            lines.append(f"  Tricks given away in play: seat 0 {given[0]}, seat 1 {given[1]}.")
        lines.append("")
    lines.append(
        f"Whole record: tricks given away in play: seat 0 {report['tricks_given'][0]}, "
        f"seat 1 {report['tricks_given'][1]}; points given away in auctions: "
        f"seat 0 {report['points_given_in_auctions'][0]}, seat 1 {report['points_given_in_auctions'][1]}."
    )
    return "\n".join(lines)


