"""A Zetema bot of plain card sense, reading only its observation.

Scoring first: of the melds and marriages it may declare it takes the one worth most,
except a single plain marriage early in the hand while another king or queen in hand
could make it a double (30 rather than 10). Otherwise it discards. Each card is judged by
what it is worth keeping: its suit's length (flushes), the ranks near it (sequences), its
rank's copies in hand while none of that rank is lost to a pile (assemblies), and a king
or queen whose partner is still to be had (marriages). Against that, a discard that is
the fifth card of its rank scores the zetema at once, and one that is the fourth hands
the zetema to whoever holds the fifth. After a meld it discards the meld's least useful
card by the same measure.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import CARD_TEXTS, KING, QUEEN, SUIT_CHARS, parse_card
from parlour.games.zetema import (
    MARRY_FLAG,
    MELD_FLAG,
    PACKS,
    marriage_pairs,
    marriage_points,
    meld_value,
    parse_action,
    windows,
    zetema_points,
)


class ZetemaHeuristicBot(Bot):
    name = "zetema-heuristic"
    READS = frozenset({
        "extra_suit", "hand", "legal_actions", "meld_length", "options", "rank_piles",
        "stock_size", "wastepile",
    })

    def choose(self, observation: dict[str, Any]) -> str:
        obs = observation
        legal: list[str] = obs["legal_actions"]
        options = obs["options"]
        pack = PACKS[SUIT_CHARS.index(obs["extra_suit"])]
        length = obs["meld_length"]
        seqs = frozenset(windows(length, options.get("ace", "both")))
        hand = [parse_card(t) for t in obs["hand"]]
        best, best_points = None, 0
        for text in legal:
            if text.startswith("discard"):
                continue
            action = parse_action(text, pack)
            if action >= MELD_FLAG:
                points = (meld_value(pack, action - MELD_FLAG, length, seqs) or ("", 0))[1]
            else:
                code = action - MARRY_FLAG
                points = marriage_points(code, pack.extra, options.get("five_marriages", 150))
                if points == 10 and obs["stock_size"] > 15 and self._may_grow(hand, code):
                    points = 0
            if points > best_points:
                best, best_points = text, points
        if best is not None:
            return best
        piles = obs["rank_piles"]
        lost = {t[0] for cards in piles.values() for t in cards} | {t[0] for t in obs["wastepile"]}
        discards = [parse_card(t.split()[1]) for t in legal if t.startswith("discard")]
        return "discard " + CARD_TEXTS[min(discards, key=lambda c: self._cost(c, hand, piles, lost))]

    @staticmethod
    def _may_grow(hand: list[int], code: int) -> bool:
        """Whether a king or queen not in this marriage is in hand (a second pair may come)."""
        used = {13 * s + r for s, _ in marriage_pairs(code) for r in (KING, QUEEN)}
        return any(c % 13 in (KING, QUEEN) and c not in used for c in hand)

    @staticmethod
    def _cost(card: int, hand: list[int], piles: dict[str, list[str]], lost: set[str]) -> float:
        """What discarding `card` loses (lower is a better discard)."""
        rank, suit = card % 13, card // 13
        rank_char = CARD_TEXTS[card][0]
        others = list(hand)
        others.remove(card)
        keep = 2.0 * sum(1 for c in others if c // 13 == suit)
        near = {c % 13 for c in others if c % 13 != rank and abs(c % 13 - rank) <= 2}
        keep += 1.5 * len(near)
        if rank_char not in lost:
            keep += 3.0 * sum(1 for c in others if c % 13 == rank)
        if rank in (KING, QUEEN):
            partner = 13 * suit + (QUEEN if rank == KING else KING)
            if partner in others or CARD_TEXTS[partner] in piles["Q" if rank == KING else "K"]:
                keep += 6.0
        on_pile = len(piles[rank_char])
        if on_pile == 4:
            keep -= 10.0 + zetema_points(rank)
        elif on_pile == 3:
            keep += zetema_points(rank) / 2
        return keep
