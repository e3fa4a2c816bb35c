"""A Seven and a Half bot of plain counting sense, reading only its observation.

Punter: it bets the minimum (the bank has the edge against a punter who plays well), and
hits while under 5, or under 6 when fewer than a third of the unseen cards would bust it.
Banker: before each card it weighs standing against one more card and then standing,
against every punter still in, whose hole card is taken as any unseen card that fits its
course (no bust and no 7½ before it stopped); a two-card 7½ is paid double whatever it
does. It takes the bank when offered and, naming the limits, asks for the largest bets.

Judging a world (`plausibility`, for the search's inference): a punter who stood without
drawing holds a high hole card, where a uniform world gives it any card that fits, so a
banker searching such worlds stands on 3 or 4 and loses to the 6 it was shown by the
stand. A punter's world is weighed by whether this bot's own rule would have drawn and
stood as the seat did from the hole card the world gives it.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import parse_card
from parlour.games.seven_and_a_half import (
    BUST,
    PACK,
    STATE_TEXT,
    STOOD,
    TOP,
    TWO_CARD,
    hand_total,
    settlement,
)

JUDGE_MISS = 0.1
"""How plausible a world is for each draw or stand of a punter that this bot's rule would
not have made from the hole card the world gives it: low, not nil, since the seat may be
another kind of player."""


class SevenHalfHeuristicBot(Bot):
    name = "seven_and_a_half-heuristic"
    READS = frozenset({"banker", "hand", "legal_actions", "options", "phase", "seat", "seats"})

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        phase = observation["phase"]
        if phase == "limits":
            top = observation["options"].get("max_bet", 10)
            return f"limits {top} {top}" if f"limits {top} {top}" in legal else legal[-1]
        if phase == "bet":
            bets = [t for t in legal if t.startswith("bet ")]
            return min(bets, key=lambda t: int(t.split()[1])) if bets else "sit"
        if phase == "bank":
            return "take bank"
        if "hit" not in legal:
            return "stand"
        mine = [parse_card(t) for t in observation["hand"]]
        unseen = unseen_cards(observation, mine)
        if observation["seat"] == observation["banker"]:
            return "hit" if self._banker_hits(observation, mine, unseen) else "stand"
        return "hit" if _punter_hits(mine, unseen) else "stand"

    def plausibility(self, observation: dict[str, Any]) -> float:
        """How well the hole card in `observation` (this seat's view of a world a search
        sampled) fits the seat's draws and its stand, by this bot's punter rule
        (`course_weight`). A banker's hole card is never judged: its only decisions come
        after every punter's."""
        if observation["seat"] == observation["banker"]:
            return 1.0
        info = observation["seats"][observation["seat"]]
        if not info["hole"] or (not info["up"] and info["state"] != "stood"):
            return 1.0
        hole, up = parse_card(info["hole"]), [parse_card(t) for t in info["up"]]
        return course_weight(hole, up, info["state"], unseen_cards(observation, [hole, *up]))

    def _banker_hits(self, obs: dict[str, Any], mine: list[int], unseen: list[int]) -> bool:
        rivals = []
        for s, info in enumerate(obs["seats"]):
            if s == obs["banker"] or info["state"] in ("out", "bust"):
                continue
            up = [parse_card(t) for t in info["up"]]
            if info["hole"]:
                totals = [hand_total([parse_card(info["hole"]), *up])]
            else:
                totals = [hand_total([c, *up]) for c in unseen if fits_course(c, up, info["state"])] or [hand_total(up)]
            rivals.append((info["bet"], STATE_TEXT.index(info["state"]), totals))

        def stand_value(total: int, two: bool) -> float:
            banker = TWO_CARD if two else STOOD
            value = 0.0
            for bet, state, totals in rivals:
                value -= sum(settlement(bet, state, t, banker, total) for t in totals) / len(totals)
            return value

        def bust_value() -> float:
            return -sum(settlement(bet, state, totals[0], BUST, 0) for bet, state, totals in rivals)

        now = stand_value(hand_total(mine), False)
        after = 0.0
        for c in unseen:
            t = hand_total([*mine, c])
            after += bust_value() if t > TOP else stand_value(t, t == TOP and len(mine) == 1)
        return after / max(1, len(unseen)) > now


def unseen_cards(obs: dict[str, Any], mine: list[int]) -> list[int]:
    """The cards of the pack that neither `mine` nor any card face up or shown on the table
    is: where hole cards and the next draws come from, as far as the seat can tell."""
    seen = set(mine)
    for info in obs["seats"]:
        seen.update(parse_card(t) for t in ([info["hole"]] if info["hole"] else []) + info["up"])
    return [c for c in PACK if c not in seen]


def course_weight(hole: int, up: list[int], state: str, unseen: list[int], miss: float = JUDGE_MISS) -> float:
    """How well a punter's hole card fits its draws and its stand, by this bot's punter rule:
    each decision the rule would not have made from that hole card multiplies the weight
    by `miss`. The cards unseen now stand in for those unseen at each decision (near enough
    for a share of busting cards)."""
    cards = [hole, *up]
    weight = 1.0
    for held in range(1, len(cards)):
        if not _punter_hits(cards[:held], unseen):
            weight *= miss
    if state == "stood" and _punter_hits(cards, unseen):
        weight *= miss
    return weight


def _punter_hits(mine: list[int], unseen: list[int]) -> bool:
    """The punter's rule: draw under 5, or under 6 when fewer than a third of the unseen
    cards would bust."""
    total = hand_total(mine)
    busts = sum(1 for c in unseen if hand_total([*mine, c]) > TOP) / max(1, len(unseen))
    return total < 10 or (total < 12 and busts < 1 / 3)


def fits_course(hole: int, up: list[int], state: str) -> bool:
    """Whether `hole` could have given a punter these face-up cards and this state."""
    totals = [hand_total([hole, *up[: i + 1]]) for i in range(len(up))]
    if state == "7½":
        return bool(totals) and totals[-1] == TOP and all(t < TOP for t in totals[:-1])
    return all(t < TOP for t in totals)
