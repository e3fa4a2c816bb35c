"""The drawing games' shared card bookkeeping: a hand's deal read from a record, and
rebuilt from the hand's public course (determinize).

A family module (declared in pyproject.toml's independence contract): no game's rules, only
bookkeeping a drawing game may use. In a drawing game each seat is dealt a hand and then
draws from a stock (made again from the discards, `reshuffles`, top first), and cards leave
the hands in public. To determinize, a seat needs a deal that fits all it has seen; both
rebuilders here think in *slots*: every card a seat held came into its hand through one
slot, dealt or drawn from a stock segment, and a slot's card stays unknown until something
shows it.

- `Slots` (Yaniv): a discard that is not a card known to be in the hand fills the seat's
  open slot whose segment still has a copy to give; cards taken from the discards are known.
- `Course` (Six-Pack Bezique): the same with slot *kinds* (a mask of faces such a slot cannot
  hold: a draw that silently ended a carte-blanche streak was a court card), cards shown
  while in the hand, voids, and `finish`, which deals each segment's remaining cards into
  its open slots with `cards.deal_constrained` so kinds and voids hold.

`Course` is the more general of the two; Yaniv (and the example game, examples/draw_toy) could move onto it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from parlour.cards import deal_constrained, parse_card


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


class Course:
    """The slots of one hand's deal, filled in as its public course is followed."""

    def __init__(self, players: int, pack: Sequence[int], kinds: Sequence[int] = (0,)) -> None:
        """`pack`: the cards the hands and the first stock are dealt from, in a fixed order;
        `kinds[k]`: the faces a slot of kind k cannot hold (kind 0, the plain slot: none)."""
        self.kinds = tuple(kinds)
        self.segments: list[list[int]] = [list(pack)]
        self.left: list[Counter[int]] = [Counter(pack)]
        """Per segment, the copies of each card not yet in a filled slot."""
        self.card: list[int | None] = []
        """Per slot, its card once known."""
        self.segment: list[int] = []
        self.kind: list[int] = []
        self.dealt: list[list[int]] = [[] for _ in range(players)]
        """Per seat, its dealt slots in the order dealt."""
        self.drawn: list[list[int]] = [[]]
        """Per segment, the slots drawn from it, top of the stock first."""
        self.open: list[list[int]] = [[] for _ in range(players)]
        """Per seat, its slots whose card is unknown, oldest first."""
        self.known: list[Counter[int]] = [Counter() for _ in range(players)]
        self.void = [0] * players

    def deal(self, seat: int, card: int | None = None) -> int:
        """A dealt slot of `seat` (with its card where the observer knows it)."""
        slot = self._slot(seat, card, 0)
        self.dealt[seat].append(slot)
        return slot

    def draw(self, seat: int, card: int | None = None) -> int:
        """A slot `seat` draws from the current stock (with its card where known)."""
        slot = self._slot(seat, card, len(self.segments) - 1)
        self.drawn[-1].append(slot)
        return slot

    def reshuffle(self, cards: Iterable[int]) -> None:
        """A new stock made of (public) `cards`: the next draws come from it."""
        self.segments.append(list(cards))
        self.left.append(Counter(self.segments[-1]))
        self.drawn.append([])

    def mark(self, slot: int, kind: int) -> None:
        """What the course shows of an open slot's card: it is of `kind`."""
        self.kind[slot] = kind

    def show(self, seat: int, slot: int, card: int) -> None:
        """`seat` shows that its open `slot` holds `card`: it is known in the hand."""
        self.open[seat].remove(slot)
        self._fix(slot, card)
        self.known[seat][card] += 1

    def know(self, seat: int, card: int) -> None:
        """`card` is known to be in `seat`'s hand, its slot already accounted for."""
        self.known[seat][card] += 1

    def forbid(self, seat: int, faces: int) -> None:
        """`seat`'s unknown cards are none of the faces of the mask `faces` (a void)."""
        self.void[seat] |= faces

    def leave(self, seat: int, card: int, rng: random.Random) -> None:
        """`card` leaves `seat`'s hand in public: a known copy if there is one, else it
        fills an open slot that can hold it. ValueError when none can (a dead end: the
        caller may try again)."""
        known = self.known[seat]
        if known[card]:
            known[card] -= 1
            return
        bit, kinds, kind, left, segment = 1 << card, self.kinds, self.kind, self.left, self.segment
        fits = [i for i in self.open[seat] if left[segment[i]][card] and not kinds[kind[i]] & bit]
        pick = [i for i in fits if kind[i]] or fits
        if not pick:
            raise ValueError("no slot of the hand can have held that card")
        slot = rng.choice(pick)
        self.open[seat].remove(slot)
        self._fix(slot, card)

    def finish(self, rng: random.Random) -> tuple[list[list[int]], list[list[int]]]:
        """Fill every open slot; return each seat's dealt hand and each stock (the first,
        then each reshuffle), top first. Per segment the places of `deal_constrained` are,
        for each seat with open slots, one per kind, then the rest of the stock."""
        stocks = []
        for k, segment in enumerate(self.segments):
            taken = Counter(segment)
            taken.subtract(self.left[k])
            pool = []
            for c in segment:
                if taken[c] > 0:
                    taken[c] -= 1
                else:
                    pool.append(c)
            places: list[list[int]] = []
            masks: list[int] = []
            for seat, slots in enumerate(self.open):
                mine = [i for i in slots if self.segment[i] == k]
                if mine:
                    places += [[i for i in mine if self.kind[i] == kind] for kind in range(len(self.kinds))]
                    masks += [mask | self.void[seat] for mask in self.kinds]
            sizes = [len(p) for p in places]
            parts = deal_constrained(pool, [*sizes, len(pool) - sum(sizes)], [*masks, 0], rng)
            for place, part in zip(places, parts, strict=False):
                for i, c in zip(place, part, strict=True):
                    self.card[i] = c
            rest = parts[-1]
            rng.shuffle(rest)
            stocks.append([self._card(i) for i in self.drawn[k]] + rest)
        return [[self._card(i) for i in slots] for slots in self.dealt], stocks

    def _slot(self, seat: int, card: int | None, segment: int) -> int:
        slot = len(self.card)
        self.card.append(None)
        self.segment.append(segment)
        self.kind.append(0)
        if card is None:
            self.open[seat].append(slot)
        else:
            self._fix(slot, card)
        return slot

    def _fix(self, slot: int, card: int) -> None:
        self.card[slot] = card
        self.left[self.segment[slot]][card] -= 1

    def _card(self, slot: int) -> int:
        card = self.card[slot]
        assert card is not None
        return card
