"""Ridge's double-dummy oracle (DDS through endplay): what the perfect bot and the analysis share.

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

It lives with the bots because the perfect bot (`ridge-dd`) plays by it, and the analysis
(parlour.analysis.ridge: hints, the study of a record) sits above the bots, since hints for
the other games ask the search bot.

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

from parlour.cards import rank_of, suit_of
from parlour.games.ridge import (
    CONTEST,
    DENOM_TEXTS,
    HAND_NAMES,
    PASS,
    AuctionPos,
    RidgeOptions,
    auction_legal,
    auction_start,
    auction_step,
    declarer_net,
    text_to_action,
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
def auction_pos(observation: dict[str, Any], options: RidgeOptions) -> AuctionPos:
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
