"""Zetema's pack and notation: the 65-card pack as multiset masks, what melds and
marriages are worth, and the action codes with their texts (see `rules.py` for the game).

A pmask holds a face's first copy at bit f and the second copy of the duplicated suit's
rank r at bit 52 + r; hands, known cards and melds are pmasks. A meld action is MELD_FLAG
plus its pmask; a marriage is MARRY_FLAG plus, per suit, 2-bit counts of pairs from the
hand, with the queen pulled and with the king pulled. The tables at the end let legal
moves be listed without a loop over cards.
"""

from __future__ import annotations

import functools

from parlour.cards import CARD_TEXTS, KING, QUEEN, SUIT_CHARS, cards_of, parse_card, sort_key
from parlour.engine import IllegalAction

MARRY_FLAG = 1 << 30
MELD_FLAG = 1 << 66
FACES = (1 << 52) - 1
BIT = tuple(1 << f for f in range(52))
ACE, FIVE, JACK = 12, 3, 9
ASSEMBLY = {KING: 130, QUEEN: 130, JACK: 120, ACE: 110, FIVE: 110}
ZETEMA = {JACK: 20, ACE: 15, FIVE: 15, KING: 50, QUEEN: 50}
MARRIAGES = (0, 10, 30, 60, 100)
PILE_ORDER = (ACE, *range(12))
"""The rank piles as the source lists them: A, 2, ..., K."""


def zetema_points(rank: int) -> int:
    return ZETEMA.get(rank, 5)


def windows(length: int, ace: str) -> tuple[int, ...]:
    """Rank masks of every sequence of `length` (no wrap): ace high, low or either."""
    out = [((1 << length) - 1) << start for start in range(13 - length + (ace != "low"))]
    return tuple(out + [((1 << (length - 1)) - 1) | 1 << ACE] * (ace != "high"))




class Pack:
    """The multiset arithmetic of one duplicated suit: a pmask holds a face's first copy at
    its bit and the second copy of the duplicated suit's rank r at bit 52 + r."""

    def __init__(self, extra: int) -> None:
        self.extra = extra
        self.second = tuple(1 << (52 + f % 13) if f // 13 == extra else 0 for f in range(52))
        self.faces = tuple(range(52)) + tuple(13 * extra + r for r in range(13))
        self.assembly = tuple(
            sum(BIT[13 * s + r] for s in range(4)) | 1 << (52 + r) for r in range(13)
        )

    def add(self, m: int, f: int) -> int:
        return m | self.second[f] if m & BIT[f] else m | BIT[f]

    def take(self, m: int, f: int) -> int:
        s = self.second[f]
        return m ^ s if m & s else m ^ BIT[f]

    def count(self, m: int, f: int) -> int:
        return (m >> f & 1) + (1 if m & self.second[f] else 0)

    def cards(self, m: int) -> list[int]:
        """The faces of a pmask, copies repeated, ascending."""
        out = cards_of(m & FACES)
        return sorted(out + [13 * self.extra + r for r in cards_of(m >> 52)]) if m >> 52 else out

    def of(self, cards: list[int]) -> int:
        return functools.reduce(self.add, cards, 0)

    def texts(self, m: int) -> list[str]:
        return [CARD_TEXTS[f] for f in sorted(self.cards(m), key=sort_key)]


PACKS = {s: Pack(s) for s in range(4)}


def meld_value(pack: Pack, m: int, length: int, seqs: frozenset[int]) -> tuple[str, int] | None:
    """What the cards of pmask `m` make as a meld (kind, points), or None."""
    cards = pack.cards(m)
    if len(cards) == 5 and m == pack.assembly[cards[0] % 13]:
        return "assembly", ASSEMBLY.get(cards[0] % 13, 100)
    if len(cards) != length:
        return None
    ranks = 0
    for f in cards:
        ranks |= 1 << (f % 13)
    run = ranks.bit_count() == length and ranks in seqs
    if all(f // 13 == cards[0] // 13 for f in cards):
        return ("flush sequence", 50) if run else ("flush", 30)
    return ("sequence", 20) if run else None


def marriage_pairs(code: int) -> list[tuple[int, int]]:
    """(suit, way) of each pair of a marriage code; way 0 both from the hand, 1 the queen
    pulled, 2 the king pulled."""
    out = []
    for s in range(4):
        for way in range(3):
            out += [(s, way)] * (code >> (6 * s + 2 * way) & 3)
    return out


def marriage_points(code: int, extra: int, five: int) -> int:
    pairs = marriage_pairs(code)
    if len(pairs) >= 5:
        return five
    return MARRIAGES[len(pairs)] + 10 * sum(1 for s, _ in pairs if s == extra)


def suit_ways(suit: int, cap: int) -> list[tuple[int, int, int, int]]:
    """Each way to marry in one suit holding `cap` king-queen pairs: (code part, pairs from
    the hand, pairs pulling the queen, pairs pulling the king)."""
    return [
        ((a | b << 2 | c << 4) << (6 * suit), a, b, c)
        for a in range(cap + 1) for b in range(cap + 1 - a) for c in range(cap + 1 - a - b)
    ]


SUIT_WAYS = {extra: tuple(suit_ways(s, 2 if s == extra else 1) for s in range(4)) for extra in range(4)}


def from_hand(code: int) -> list[int]:
    """The cards a marriage takes from the hand (the others are pulled from the piles)."""
    return [f for s, way in marriage_pairs(code) for f in (13 * s + KING,) * (way != 2) + (13 * s + QUEEN,) * (way != 1)]


def pair_text(suit: int, way: int) -> str:
    k, q = f"K{SUIT_CHARS[suit]}", f"Q{SUIT_CHARS[suit]}"
    return f"{k} {q}*" if way == 1 else f"{k}* {q}" if way == 2 else f"{k} {q}"


def parse_action(text: str, pack: Pack) -> int:
    """Read `discard 7D`, `meld ...` or `marry KS QS*, KH QH`; IllegalAction if malformed."""
    verb, _, rest = text.strip().partition(" ")
    verb = verb.lower()
    try:
        if verb == "discard" and len(rest.split()) == 1:
            return parse_card(rest)
        if verb == "meld" and rest.strip():
            cards = [parse_card(t) for t in rest.replace(",", " ").split()]
            for f in set(cards):
                if cards.count(f) > (2 if pack.second[f] else 1):
                    raise IllegalAction(f"The pack holds fewer than {cards.count(f)} copies of {CARD_TEXTS[f]}.")
            if len(cards) > 6:
                raise IllegalAction("A meld is at most six cards.")
            return MELD_FLAG | pack.of(cards)
        if verb == "marry" and rest.strip():
            return MARRY_FLAG | _marriage_code(rest)
    except ValueError as exc:
        raise IllegalAction(str(exc)) from None
    raise IllegalAction(f"{text!r} is not a Zetema action: discard 7D, meld 3H 4S 5D 6C 7H 8H, or marry KS QS*, KH QH.")


def _marriage_code(rest: str) -> int:
    code = 0
    for part in rest.split(","):
        words = part.split()
        if len(words) != 2:
            raise IllegalAction(f"{part.strip()!r} is not a marriage: write a king and a queen, like KH QH.")
        (k, k_pulled), (q, q_pulled) = sorted(((parse_card(w), w.endswith("*")) for w in words), key=lambda x: -(x[0] % 13))
        if k % 13 != KING or q % 13 != QUEEN or k // 13 != q // 13:
            raise IllegalAction(f"{part.strip()!r} is not a marriage: a king and a queen of one suit.")
        if k_pulled and q_pulled:
            raise IllegalAction(f"{part.strip()!r}: at least one card of a marriage comes from your hand.")
        way = 1 if q_pulled else 2 if k_pulled else 0
        shift = 6 * (k // 13) + 2 * way
        if code >> shift & 3 == 3:
            raise IllegalAction("No suit has more than two marriages.")
        code += 1 << shift
    return code


KQ_MASK = sum(BIT[13 * s + r] for s in range(4) for r in (KING, QUEEN))
SPADES, HEARTS, DIAMONDS, CLUBS = (
    tuple(tuple(13 * s + r for r in range(13) if bits >> r & 1) for bits in range(1 << 13)) for s in range(4)
)
FITS = {
    (length, ace): tuple(any(ranks & w == w for w in windows(length, ace)) for ranks in range(1 << 13))
    for length in (5, 6) for ace in ("both", "high", "low")
}
"""Per meld length and ace rule, whether a 13-bit rank mask holds a whole sequence."""
