"""Card bookkeeping the drawing games share: a hand's deal read from a record, rebuilt from
the hand's public course (determinize), and the hidden cards redealt (the leak test).

A drawing game deals hands, turns up a card and keeps a stock that may be made again from
the discards (`reshuffles`, top first). Its observation shows which cards each seat played
or took from the discards, never where a drawn card came from; `Slots` rebuilds a deal that
fits: every card a seat held came into a slot, dealt from the first stock or drawn from a
later one, and a slot holds a card only while its stock has a copy left to give.

A family module (declared in pyproject.toml's independence contract): no game's rules, only
bookkeeping any drawing game may use (Yaniv does; Zetema, Six-Pack Bezique and
tests/toy_draw.py have the same shape).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from parlour.cards import parse_card


def read_deal(given: Any, sizes: Sequence[int], pack: Sequence[int], title: str) -> tuple[list[list[int]], list[int], int]:
    """A record's deal `{hands, stock, upcard}`, checked: `sizes[s]` cards to seat s, and
    the hands, the stock and the upcard exactly the pack."""
    if not isinstance(given, dict) or not {"hands", "stock", "upcard"} <= set(given):
        raise ValueError(f"a {title} deal has 'hands', 'stock' and 'upcard'")
    raw = given["hands"]
    if not isinstance(raw, list) or len(raw) != len(sizes):
        raise ValueError(f"a {title} deal has one hand per seat ({len(sizes)} seats)")
    hands = [[parse_card(str(t)) for t in h] for h in raw]
    for s, h in enumerate(hands):
        if len(h) != sizes[s]:
            raise ValueError(f"seat {s} must be dealt {sizes[s]} cards, not {len(h)}")
    stock = [parse_card(str(t)) for t in given["stock"]]
    upcard = parse_card(str(given["upcard"]))
    if sorted([c for h in hands for c in h] + stock + [upcard]) != sorted(pack):
        raise ValueError(f"the deal's cards are not the {len(pack)}-card {title} pack")
    return hands, stock, upcard


def redeal_unknown(
    hands: list[list[int]], known: list[list[int]], seat: int | None, stock: list[int], rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """The stock and the cards of the other hands not known to be there, shuffled among
    those places (sizes kept): the new hands (known cards first) and the new stock."""
    pool = list(stock)
    sizes = []
    for s, cards in enumerate(hands):
        if s != seat:
            free = Counter(cards) - Counter(known[s])
            pool += free.elements()
            sizes.append((s, free.total()))
    rng.shuffle(pool)
    out = [list(h) for h in hands]
    for s, k in sizes:
        out[s] = known[s] + pool[:k]
        pool = pool[k:]
    return out, pool


class Slots:
    """The slots of a hand's deal, filled as its public course pins them down.

    Stock 0 is the first stock (the deal's cards, the upcard left out); each reshuffle adds
    a stock of public cards. `left[k]` counts what stock k still has to give."""

    def __init__(self, first: Iterable[int], rng: random.Random) -> None:
        self.rng = rng
        self.left = [Counter(first)]
        self.slots: list[list[Any]] = []
        self.open: dict[int, list[int]] = {}
        self.dealt: dict[int, list[int]] = {}
        self.draws: list[list[int]] = [[]]

    def _new(self, seat: int, stock: int) -> int:
        self.open.setdefault(seat, []).append(len(self.slots))
        self.slots.append([stock, None])
        return len(self.slots) - 1

    def deal(self, seat: int, count: int) -> None:
        """`count` cards dealt to `seat` from the first stock."""
        self.dealt.setdefault(seat, []).extend(self._new(seat, 0) for _ in range(count))

    def reshuffle(self, cards: Iterable[int]) -> None:
        """A new stock made of `cards` (public: the discards shuffled)."""
        self.left.append(Counter(cards))
        self.draws.append([])

    def draw(self, seat: int) -> None:
        """`seat` draws the next card of the latest stock."""
        self.draws[-1].append(self._new(seat, len(self.left) - 1))

    def _put(self, i: int, card: int) -> None:
        self.slots[i][1] = card
        self.left[self.slots[i][0]][card] -= 1

    def fill(self, seat: int, card: int) -> bool:
        """`seat` was seen with `card`: one of its open slots that can hold it, at random."""
        fits = [i for i in self.open.get(seat, []) if self.left[self.slots[i][0]][card] > 0]
        if not fits:
            return False
        i = self.rng.choice(fits)
        self._put(i, card)
        self.open[seat].remove(i)
        return True

    def fill_own(self, seat: int, cards: list[int]) -> bool:
        """The observer's own unseen cards into its open slots, the latest stock's first."""
        own = list(cards)
        self.rng.shuffle(own)
        for i in sorted(self.open.get(seat, []), key=lambda i: -self.slots[i][0]):
            fits = [c for c in own if self.left[self.slots[i][0]][c] > 0]
            if not fits:
                return False
            own.remove(fits[0])
            self._put(i, fits[0])
        return True

    def stocks(self) -> list[list[int]]:
        """Every open slot filled at random from its stock; each stock's order, top first."""
        rest = []
        for k, left in enumerate(self.left):
            pool = list(left.elements())
            self.rng.shuffle(pool)
            for slot in self.slots:
                if slot[0] == k and slot[1] is None:
                    slot[1] = pool.pop()
            rest.append(pool)
        return [[self.slots[i][1] for i in drawn] + pool for drawn, pool in zip(self.draws, rest, strict=True)]

    def hand(self, seat: int) -> list[int]:
        """The cards dealt to `seat` (after `stocks`)."""
        return [self.slots[i][1] for i in self.dealt.get(seat, [])]
