"""A Yaniv bot of plain card sense, reading only its observation.

It judges a hand by what it would be worth after its best discard next turn: the hand's
value less its most valuable group (a set or run sheds many points at once, so cards that
combine are worth keeping). Discarding, it picks the group that leaves the best such hand
once the draw it then means to make is counted: the first or last card on offer, or the
stock at an expected value. Drawing, it takes the offered card that helps most, else the
stock. It calls yaniv when its hand is worth little against what the others may hold: the
cards known to be in their hands (taken from the discards) plus a few points for each card
nobody has seen.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.bots.base import Bot
from parlour.cards import parse_card
from parlour.games.yaniv import VALUE, discard_moves, masks_of, value_of

STOCK_CARD = 6
"""What a card from the stock adds to a hand, about (the pack averages 6.5, jokers 0)."""
UNSEEN_CARD = 3
"""What the bot expects each card it has not seen in another hand to be worth, at least."""


def after_next_discard(cards: list[int]) -> int:
    """A hand's value once its most valuable group is discarded: what it will be worth."""
    if not cards:
        return 0
    best = max(value_of(g) for g in discard_moves(*masks_of(cards)))
    return value_of(cards) - best


class YanivHeuristicBot(Bot):
    name = "yaniv-heuristic"

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        hand = [parse_card(t) for t in observation["hand"]]
        if observation["phase"] == "draw":
            return min(legal, key=lambda text: (self._after_draw(hand, observation, text), text))
        if "yaniv" in legal and self._calls(observation, value_of(hand)):
            return "yaniv"
        best = None
        for text in legal:
            if text == "yaniv":
                continue
            group = [parse_card(t) for t in text.split()[1:]]
            rest = list((Counter(hand) - Counter(group)).elements())
            draws = ["draw stock", "draw first"] + (["draw last"] if len(observation["offer"]) > 1 else [])
            score = min(self._after_draw(rest, observation, d) for d in draws)
            key = (score, -value_of(group), text)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2]

    def _after_draw(self, cards: list[int], obs: dict[str, Any], text: str) -> int:
        if text == "draw stock":
            return after_next_discard(cards) + STOCK_CARD
        offer = obs["offer"]
        card = parse_card(offer[0] if text == "draw first" else offer[-1])
        return after_next_discard([*cards, card])

    def _calls(self, obs: dict[str, Any], mine: int) -> bool:
        """Call when no other player still in is likely to hold as little."""
        out = set(obs.get("eliminated", []))
        for s, size in enumerate(obs["hand_sizes"]):
            if s == self.seat or s in out:
                continue
            known = [parse_card(t) for t in obs["known"][s]]
            least = sum(VALUE[c] for c in known) + UNSEEN_CARD * (size - len(known))
            if least <= mine:
                return False
        return True
