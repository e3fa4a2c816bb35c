"""A Paks bot of plain card sense, reading only its observation.

Every pak and steal is judged by the scoring points it moves to the bot's side: the
captured board card, and the paks stolen from an opponent counted twice (the opponent
loses them too). Cards put into a pak from the hand count against it until the last round
of the stock, because the cards kept are what later captures and steals are made with
(measured: spending them freely loses to random play); in the last round they count for
it, since a hand is thrown away at the end. A pak's capture value, which makes it harder
to steal, breaks ties. It never steals from a partner and ends its turn when no
steal gains anything.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import parse_card

SCORING = (5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)
CAPTURE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 20)


def _points(texts: list[str]) -> int:
    return sum(SCORING[parse_card(t) % 13] for t in texts)


class PaksHeuristicBot(Bot):
    name = "paks-heuristic"
    READS = frozenset({"legal_actions", "paks", "players", "seat", "sides", "stock_size"})

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        seat = observation["seat"]
        partners = next(side for side in observation["sides"] if seat in side)
        late = observation["stock_size"] <= 2 * observation["players"]
        weight = 1.0 if late else -1.0
        best, best_gain = "end" if "end" in legal else legal[0], 0.0
        for text in legal:
            if text == "end":
                continue
            words = text.split()
            cards = words[3:]
            gain = weight * _points(cards) + 0.01 * sum(CAPTURE[parse_card(t) % 13] for t in cards)
            if words[0] == "pak":
                gain += _points([words[1]])
            else:
                victim, _, numbers = words[1].partition(":")
                if int(victim) in partners:
                    continue
                paks = observation["paks"][int(victim)]
                gain += 2 * sum(paks[int(i) - 1]["points"] for i in numbers.split(","))
            if gain > best_gain:
                best, best_gain = text, gain
        return best
