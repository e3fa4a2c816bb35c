"""A Kings in the Corner bot that sheds as many cards as it can each turn, reading only
its observation.

Every play that leaves the hand is worth more than ending the turn, so the bot keeps
playing while it can and draws (or knocks) only when nothing is left. Among the plays it
prefers, in order: a card built on a pile or a king into a corner (the card that lets it
build the longest run from its own hand after it comes first); a pile move, which opens
a side that it then fills; and filling a vacant side with the card that starts its
longest run (a high card when none does), so the space is used for more than one card.
Under the `kings10` penalty a king is shed before anything else.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import parse_card

KING = 11


def _low(c: int) -> int:
    return (c % 13 + 1) % 13


def _fits(card: int, top: int) -> bool:
    """One rank lower and the other colour (hearts and diamonds are red)."""
    return _low(card) == _low(top) - 1 and (card // 13 in (1, 2)) != (top // 13 in (1, 2))


def run_length(start: int, hand: list[int]) -> int:
    """How many cards of `hand` can be built in a row on `start`, the longest way."""
    best = 0
    for c in hand:
        if _fits(c, start):
            best = max(best, 1 + run_length(c, [d for d in hand if d != c]))
    return best


class KingsHeuristicBot(Bot):
    name = "kings_in_the_corner-heuristic"
    READS = frozenset({"hand", "legal_actions", "options", "piles"})

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        hand = [parse_card(t) for t in observation["hand"]]
        kings_cost = observation["options"].get("penalty") == "kings10"
        best, best_value = legal[-1], 0.0
        for text in legal:
            value = self._value(text, hand, observation["piles"], kings_cost)
            if value > best_value:
                best, best_value = text, value
        return best

    @staticmethod
    def _value(text: str, hand: list[int], piles: dict[str, list[str]], kings_cost: bool) -> float:
        words = text.split()
        if words[0] == "move":
            return 50.0 if hand else 0.0
        if words[0] != "play":
            return 0.0
        card, pile = parse_card(words[1]), words[3]
        rest = [c for c in hand if c != card]
        run = run_length(card, rest)
        rank = _low(card)
        if kings_cost and card % 13 == KING:
            return 200.0 + run
        if piles[pile]:
            return 100.0 + run + rank / 100
        if len(pile) == 2:
            return 100.0 + run
        return 80.0 + run + rank / 100
