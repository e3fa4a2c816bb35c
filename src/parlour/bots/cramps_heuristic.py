"""A Cramps bot of plain card sense, reading only its observation.

Play: each card is judged by whether it would take the trick as it stands (exact when
playing last). On a trick worth something to its winner (its value plus the queens in
it) the bot takes it, as cheaply as it can when last and as surely as it can otherwise;
on a trick that costs, it ducks under with its highest card that loses, dumping queens
and high cards on the others. Leading, it leads high into tricks worth having and low
into the costly ones. Royal auction: it bids the minimum with six or more aces and kings
(scaled with the pack) and names its longest suit, else passes.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import CARD_TEXTS, JOKER, QUEEN, SUIT_CHARS, parse_card, rank_of, trick_winner


def _suit(c: int) -> int:
    return c // 13


class CrampsHeuristicBot(Bot):
    name = "cramps-heuristic"
    READS = frozenset({
        "auction", "hand", "legal_actions", "phase", "players", "queen_values", "trick",
        "trick_number", "trick_values", "trump",
    })
    last_reason: str | None = None

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        phase = observation["phase"]
        self.last_reason = None
        if phase == "auction":
            return self._bid(observation, legal)
        if phase == "declare":
            return self._declare(observation)
        return self._play(observation, legal)

    def _bid(self, obs: dict[str, Any], legal: list[str]) -> str:
        hand = [parse_card(t) for t in obs["hand"]]
        honours = sum(1 for c in hand if c != JOKER and rank_of(c) >= 11)
        need = 6 if obs["players"] == 4 else 7
        low = f"bid {obs['auction']['min_bid']}"
        if honours >= need and obs["auction"]["bid"] is None and low in legal:
            return low
        return "pass"

    def _declare(self, obs: dict[str, Any]) -> str:
        hand = [parse_card(t) for t in obs["hand"] if t != "JK"]
        lengths = [sum(1 for c in hand if _suit(c) == s) for s in range(4)]
        best = max(range(4), key=lambda s: (lengths[s], -s))
        return f"trump {SUIT_CHARS[best]}"

    def _play(self, obs: dict[str, Any], legal: list[str]) -> str:
        cards = [parse_card(t.split()[1]) for t in legal]
        trick = [parse_card(c) for _s, c in obs["trick"]]
        n = obs["players"]
        last = len(trick) == n - 1
        trump_text = obs["trump"]
        trump = SUIT_CHARS.index(trump_text) if trump_text in ("S", "H", "D", "C") else None
        queen_values = obs["queen_values"]
        value = obs["trick_values"][obs["trick_number"] - 1]

        def queens(cs: list[int]) -> int:
            return sum(queen_values[_suit(c)] for c in cs if c != JOKER and rank_of(c) == QUEEN)

        def strength(c: int) -> int:
            if c == JOKER:
                return -1
            return rank_of(c) + (13 if trump is not None and _suit(c) == trump else 0)

        if not trick:
            if value > 0:
                self.last_reason = f"Leading into a trick worth {value:+d}: lead high to take it."
                if JOKER in cards and trump is None:
                    return "play JK"
                best = max(cards, key=lambda c: (strength(c), -queens([c])))
            else:
                self.last_reason = f"Leading into a trick worth {value:+d}: lead low to lose it."
                best = min(cards, key=lambda c: (strength(c) if c != JOKER else 99, queens([c])))
            return "play " + _text(best)

        led = _suit(trick[0])
        winners: list[int] = []
        losers: list[int] = []
        for c in cards:
            plays = [*trick, c]
            (winners if trick_winner(plays, led, trump) == len(trick) else losers).append(c)
        if winners:
            worth = value + queens(trick) + min(queens([c]) for c in winners)
        else:
            worth = value
        if winners and worth > 0:
            self.last_reason = (f"The trick is worth {worth:+d} with its queens: take it "
                                + ("as cheaply as possible, playing last." if last else "as surely as possible."))
            pick = min(winners, key=strength) if last else max(winners, key=strength)
            return "play " + _text(pick)
        if losers:
            self.last_reason = f"The trick is worth {worth:+d} with its queens: duck under it"
            dump = [c for c in losers if queens([c]) < 0]
            if dump:
                self.last_reason += ", dumping a costly queen on it."
                return "play " + _text(dump[0])
            self.last_reason += " with the highest card that loses."
            return "play " + _text(max(losers, key=lambda c: (strength(c) if c != JOKER else 98, c)))
        self.last_reason = (f"The trick is worth {worth:+d} and every card takes it: "
                            + ("the highest, as the last to play." if last else "the lowest, hoping to be overtaken."))
        pick = max(winners, key=strength) if last else min(winners, key=strength)
        return "play " + _text(pick)


def _text(c: int) -> str:
    return CARD_TEXTS[c]
