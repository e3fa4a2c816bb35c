"""A Couillon bot of plain card sense, reading only its observation.

Trumps: it accepts the upcard's suit with three trumps, or two with the ace or king.
Play: partner winning the trick -> it adds the most points it can without spending a
trump; an opponent winning -> it takes the trick with its cheapest winning card when
there are points in it (or it is not last and holds a sure winner), else throws its
cheapest card, keeping trumps. Leading: a side ace, else its top trump when long in
trumps, else its cheapest card.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import ACE, CARD_TEXTS, KING, SUIT_CHARS, parse_card, rank_of
from parlour.games.couillon import CARD_POINTS
from parlour.games.tricks import winning_play


def _pts(c: int) -> int:
    return CARD_POINTS[c]


class CouillonHeuristicBot(Bot):
    name = "couillon-heuristic"
    READS = frozenset({"hand", "legal_actions", "phase", "seat", "trick", "trump_suit", "upcard"})

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        if observation["phase"] == "trump":
            return self._trump(observation)
        return self._play(observation, legal)

    def _trump(self, obs: dict[str, Any]) -> str:
        suit = parse_card(obs["upcard"]) // 13
        trumps = [parse_card(t) for t in obs["hand"] if parse_card(t) // 13 == suit]
        high = any(rank_of(c) in (ACE, KING) for c in trumps)
        return "accept" if len(trumps) >= 3 or (len(trumps) >= 2 and high) else "pass"

    def _play(self, obs: dict[str, Any], legal: list[str]) -> str:
        cards = [parse_card(t.split()[1]) for t in legal]
        trump = SUIT_CHARS.index(obs["trump_suit"])
        seat = obs["seat"]
        trick = [parse_card(c) for _s, c in obs["trick"]]
        seats = [s for s, _c in obs["trick"]]

        def is_trump(c: int) -> bool:
            return c // 13 == trump

        def cost(c: int) -> tuple[int, int, int]:
            return (is_trump(c), _pts(c), rank_of(c))

        if not trick:
            aces = [c for c in cards if rank_of(c) == ACE and not is_trump(c)]
            if aces:
                return _play(aces[0])
            trumps = [c for c in cards if is_trump(c)]
            if len(trumps) >= 2:
                return _play(max(trumps, key=rank_of))
            return _play(min(cards, key=cost))
        current = seats[winning_play(trick, trump)]
        last = len(trick) == 3
        if current % 2 == seat % 2:
            safe = [c for c in cards if not is_trump(c)] or cards
            return _play(max(safe, key=lambda c: (_pts(c), -rank_of(c))))
        winning = [c for c in cards if winning_play([*trick, c], trump) == len(trick)]
        on_table = sum(_pts(c) for c in trick)
        if winning and (on_table > 0 or not last):
            return _play(min(winning, key=cost))
        return _play(min(cards, key=cost))


def _play(c: int) -> str:
    return "play " + CARD_TEXTS[c]
