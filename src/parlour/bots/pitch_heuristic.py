"""A Pitch bot of plain card sense: bid what the hand can take, pitch its best suit's top
trump, win tricks that hold points cheaply, give points to a partner who is winning, and
throw worthless cards otherwise. It sees only its observation.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import (
    ACE,
    FOUR,
    JACK,
    KING,
    QUEEN,
    SUIT_CHARS,
    THREE,
    TWO,
    card,
    card_text,
    parse_card,
    rank_of,
    suit_of,
)
from parlour.games.pitch import GAME_POINTS
from parlour.games.tricks import winning_play


def suit_value(hand: list[int], s: int) -> float:
    """The points a hand can expect to make with suit `s` as trumps (a rough count)."""
    trumps = [c for c in hand if suit_of(c) == s]
    if not trumps:
        return 0.0
    ranks = {rank_of(c) for c in trumps}
    est = 0.0
    est += 1.0 if ACE in ranks else 0.6 if KING in ranks else 0.35 if QUEEN in ranks else 0.0
    est += 0.7 if TWO in ranks else 0.5 if THREE in ranks else 0.3 if FOUR in ranks else 0.0
    if JACK in ranks:
        est += 0.9 if (ACE in ranks or KING in ranks or len(trumps) >= 4) else 0.6
    est += 0.25 * max(0, len(trumps) - 2)
    tens = sum(1 for c in hand if rank_of(c) == 8)
    aces = sum(1 for c in hand if rank_of(c) == ACE and suit_of(c) != s)
    est += 0.15 * tens + 0.1 * aces + 0.1
    return est


class PitchHeuristicBot(Bot):
    name = "pitch-heuristic"
    READS = frozenset({
        "bids", "hand", "legal_actions", "phase", "pitcher", "seat", "trick", "tricks", "trump",
    })

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        hand = [parse_card(t) for t in observation["hand"]]
        if observation["phase"] == "bidding":
            return self._bid(observation, hand, legal)
        return self._play(observation, hand, legal)

    def _bid(self, obs: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        est = max(suit_value(hand, s) for s in range(4))
        seat = obs["seat"]
        partner_bid = any(b[0] == (seat + 2) % 4 and b[1] != "pass" for b in obs["bids"])
        if partner_bid:
            est -= 0.4
        want = int(est + 0.9)
        for text, value in (("bid 4", 4), ("bid 3", 3), ("bid 2", 2)):
            if value <= want and text in legal:
                return text
        return "pass"

    def _play(self, obs: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        cards = [parse_card(t.split()[1]) for t in legal]
        seat = obs["seat"]
        trick = [parse_card(t) for t in obs["trick"]["cards"]]
        played = {parse_card(t) for tr in obs["tricks"] for t in tr["cards"]} | set(trick)
        if obs["trump"] is None:
            best = max(range(4), key=lambda s: suit_value(hand, s))
            mine = [c for c in cards if suit_of(c) == best]
            return "play " + card_text(max(mine, key=rank_of))
        trump = SUIT_CHARS.index(obs["trump"])

        def top_trump_left(c: int) -> bool:
            return all(played.__contains__(card(r, trump)) or card(r, trump) in hand for r in range(rank_of(c) + 1, 13))

        if not trick:
            tops = [c for c in cards if suit_of(c) == trump and top_trump_left(c) and rank_of(c) != JACK]
            if tops and obs["pitcher"] is not None and obs["pitcher"] % 2 == seat % 2:
                return "play " + card_text(max(tops, key=rank_of))
            return "play " + card_text(min(cards, key=lambda c: _throw_cost(c, trump)))
        leader = obs["trick"]["leader"]
        w = winning_play(trick, trump)
        partner_winning = (leader + w) % 4 == (seat + 2) % 4
        last = len(trick) == 3
        trick_value = sum(GAME_POINTS[rank_of(c)] for c in trick) + sum(
            5 for c in trick if suit_of(c) == trump and rank_of(c) in (TWO, THREE, JACK))
        winning = [c for c in cards if winning_play([*trick, c], trump) == len(trick)]
        if partner_winning and (last or (suit_of(trick[w]) == trump and top_trump_left(trick[w]))):
            return "play " + card_text(max(cards, key=lambda c: _give_value(c, trump)))
        if winning and (trick_value >= 3 or last or (not partner_winning and trick_value > 0)):
            return "play " + card_text(min(winning, key=lambda c: (_throw_cost(c, trump), rank_of(c))))
        if winning and not partner_winning:
            cheap = [c for c in winning if suit_of(c) != trump]
            if cheap:
                return "play " + card_text(min(cheap, key=rank_of))
        return "play " + card_text(min(cards, key=lambda c: _throw_cost(c, trump)))


def _throw_cost(c: int, trump: int) -> float:
    """How much it hurts to give a card away: game points, trumps, the jack and low trumps."""
    cost = float(GAME_POINTS[rank_of(c)])
    if suit_of(c) == trump:
        cost += 6 + rank_of(c) * 0.3
        if rank_of(c) in (TWO, THREE, JACK):
            cost += 8
    return cost + rank_of(c) * 0.05


def _give_value(c: int, trump: int) -> float:
    """What a card is worth to give to a winning partner: game points, the jack, low trumps."""
    value = float(GAME_POINTS[rank_of(c)])
    if suit_of(c) == trump:
        value = value + 6 if rank_of(c) in (TWO, THREE, JACK) else value - 5
    return value - rank_of(c) * 0.01
