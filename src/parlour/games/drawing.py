"""The family logic of the drawing games: a hand's deal rebuilt from its public course.

In a drawing game each seat is dealt a hand and then draws from a stock, and cards leave
the hands in public (played, melded, discarded). To determinize, a seat needs a deal of
the hand that fits all it has seen. `Course` builds one as *slots*: every card a seat ever
held came into its hand through one slot, dealt or drawn, and a slot's card stays unknown
until something shows it.

- The observer's own slots are opened with their cards (it saw its deal and its draws).
- A card shown while in the hand (a carte blanche) fixes its slot and is *known* to be in
  the hand until it leaves; a card known to be in the hand whose slot is already accounted
  for (taken from a pile, taken back from the table) is `know`n too.
- A card that leaves a hand and was not known there fills one of the seat's open slots that
  can hold it, chosen at random: a slot of a constraining kind that admits it first, else
  a plain one.
- A slot may be of a kind the game declares: a mask of the faces such a slot cannot hold (a
  drawn card that silently ended a streak was a court card). A seat's remaining unknown
  cards may be forbidden faces too (voids shown in play, `forbid`).
- A stock is a *segment*: the first holds the pack (less any card dealt face up), a
  reshuffle of public cards makes the next; a drawn slot takes a card of its segment.

`finish` deals what each segment still has into its open slots with
`cards.deal_constrained` (so kinds and voids hold) and returns the hands and the stocks,
top first, as a record's deal has them. pyproject.toml's independence contract declares
this module as the family's (Six-Pack Bezique uses it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence

from parlour.cards import deal_constrained


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
