"""A Six-Pack Bezique bot of plain card sense, reading only its observation.

Melds are where the points are, so the bot always melds the best-scoring meld it can, and
declares carte blanche and shows every card it may. In stock play it wins a trick when it
can do so with a low card (7, 8, 9, or a low trump), since winning gives the right to meld,
and otherwise throws its cheapest card: never an ace, ten or a meld card while a plain
low card remains, and never a card from a scoring table meld while a hand card will do.
It leads its lowest plain card. In the last 12 tricks it wins as cheaply as it can and
otherwise plays its lowest card. Guesses 24.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot

RANKS = "789JQKTA"
SUITS = "SHDC"


def _rank(text: str) -> int:
    return RANKS.index(text[0])


def _suit(text: str) -> str:
    return text[1]


def _meld_value(words: list[str], trump: str | None) -> int:
    """The meld's score as the rules give it (trumps fixed by a first marriage count as
    trumps), from the words of a `meld` action."""
    cards = [w.split("*")[0] for w in words]
    ranks = sorted(_rank(c) for c in cards)
    suits = {_suit(c) for c in cards}
    if len(cards) == 2 and len(suits) == 1 and ranks == [4, 5]:
        return 40 if trump in (None, cards[0][1]) else 20
    if len(cards) == 5 and len(suits) == 1:
        return 250 if trump in (None, cards[0][1]) else 150
    if len(cards) == 4 and len(set(ranks)) == 1:
        if suits == {trump}:
            return {7: 1000, 6: 900, 5: 800, 4: 600, 3: 400}[ranks[0]]
        return {7: 100, 5: 80, 4: 60, 3: 40}.get(ranks[0], 0)
    return {2: 40, 4: 500, 6: 1500, 8: 4500}.get(len(cards), 0)


class SixPackBeziqueHeuristicBot(Bot):
    name = "six_pack_bezique-heuristic"
    READS = frozenset({"legal_actions", "phase", "trump", "trick", "hand"})

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        phase = observation["phase"]
        if phase == "guess":
            return "guess 24" if "guess 24" in legal else legal[0]
        if phase in ("blanche", "show"):
            return legal[0]
        trump = observation["trump"]
        if phase == "meld":
            melds = [t for t in legal if t.startswith("meld ")]
            if not melds:
                return "pass"
            return max(melds, key=lambda t: (_meld_value(t.split()[1:], trump), -len(t.split())))
        cards = [t.split()[1] for t in legal]
        trick = observation["trick"]
        if phase == "last":
            return "play " + self._last(cards, trick, trump)
        return "play " + self._stage_one(cards, trick, trump, observation)

    def _cost(self, card: str, trump: str | None, hand: list[str]) -> int:
        """How much a card is worth keeping: aces and tens, meld cards, trumps, table cards."""
        face = card.split("*")[0]
        r = _rank(face)
        cost = (0, 1, 2, 6, 7, 7, 8, 9)[r]
        if _suit(face) == trump:
            cost += 4
        if face in ("QS", "JD"):
            cost += 6
        cost += 2 * hand.count(face)
        if "*" in card:
            cost += 5
        return cost

    def _stage_one(self, cards: list[str], trick: list[list[Any]], trump: str | None, obs: dict[str, Any]) -> str:
        hand = obs["hand"] or []
        if not trick:
            return min(cards, key=lambda c: (self._cost(c, trump, hand), c))
        lead = trick[0][1].split("*")[0]
        winners = [c for c in cards if _wins(lead, c.split("*")[0], trump)]
        cheap = [c for c in winners if self._cost(c, trump, hand) <= 6]
        if cheap:
            return min(cheap, key=lambda c: self._cost(c, trump, hand))
        return min(cards, key=lambda c: (self._cost(c, trump, hand), c))

    def _last(self, cards: list[str], trick: list[list[Any]], trump: str | None) -> str:
        if not trick:
            return max(cards, key=lambda c: (_suit(c) != trump, _rank(c)))
        lead = trick[0][1]
        winners = [c for c in cards if _wins(lead, c, trump)]
        if winners:
            return min(winners, key=lambda c: (_suit(c) == trump, _rank(c)))
        return min(cards, key=lambda c: (_suit(c) == trump, _rank(c)))


def _wins(lead: str, follow: str, trump: str | None) -> bool:
    if _suit(follow) == _suit(lead):
        return _rank(follow) > _rank(lead)
    return _suit(follow) == trump
