"""The Ribs pack and its notation: rank ids, card values and rankings, the action codes,
the texts of actions, pairs and hands (records and the wire read these), and the shape of a
hand (its phases and its four tricks).

A card is its rank (suits play no part): ids 0..7 are 7 8 9 T J Q K A. The texts are made
once, at import: observations write hundreds of them.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import mul
from typing import Any

from parlour.engine import IllegalAction

BIDDING, PLAYING = "bidding", "playing"
TRICKS_PER_HAND = 4

# Rank ids 0..7 are 7 8 9 T J Q K A; the normal ranking is the id order.
RANK_TEXT = "789TJQKA"
RANK_OF = {text: rank for rank, text in enumerate(RANK_TEXT)}
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
VALUE = (1, 1, 1, 1, 2, 2, 2, 0)
STRENGTH_NORMAL = (0, 1, 2, 3, 4, 5, 6, 7)
STRENGTH_LEMONS = (8, 1, 2, 3, 4, 5, 6, 7)

PASS = 0
PLAY_BASE = 100
FOLD_BASE = 200
PAIR_OF = {8 * lo + hi: (lo, hi) for lo in range(8) for hi in range(lo, 8)}
ALL_PAIR_CODES = tuple(sorted(PAIR_OF))


def rank_id(text: str) -> int:
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANK_TEXT:
        raise IllegalAction(f"{text!r} is not a Ribs card: write A K Q J T 9 8 7 (10 for T)")
    return RANK_TEXT.index(t)


def pair_text(lo: int, hi: int, strength: tuple[int, ...]) -> str:
    """A pair written high first (with lemons the 7 is highest)."""
    return _PAIR_TEXTS[strength is STRENGTH_LEMONS][8 * min(lo, hi) + max(lo, hi)]


_PAIR_TEXTS = {
    lemons: {
        code: " ".join(RANK_TEXT[r] for r in sorted((lo, hi), key=lambda r: -strength[r]))
        for code, (lo, hi) in PAIR_OF.items()
    }
    for lemons, strength in ((False, STRENGTH_NORMAL), (True, STRENGTH_LEMONS))
}
# Every action's text, made once: observations write hundreds of them.
_ACTION_TEXTS = tuple(
    {PASS: "pass"}
    | {bid: f"bid {bid}" for bid in range(1, PLAY_BASE)}
    | {base + code: f"{verb} {text}" for code, text in _PAIR_TEXTS[lemons].items() for base, verb in ((PLAY_BASE, "play"), (FOLD_BASE, "fold"))}
    for lemons in (False, True)
)
_HIGH_FIRST = {lemons: sorted(range(8), key=lambda r: -s[r]) for lemons, s in ((False, STRENGTH_NORMAL), (True, STRENGTH_LEMONS))}
COUNTS_TEXTS_LIMIT = 50_000


class _ByCounts(dict[tuple[int, ...], Any]):
    """What `make` says of each count vector (its tuple), made the first time the vector is
    asked for: an observation reads a hand and every capture pile, and a lookup by the
    tuple is cheaper than working them out again. Emptied when full, since capture piles
    reach many vectors in a long run."""

    def __init__(self, make: Callable[[tuple[int, ...]], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, counts: tuple[int, ...]) -> Any:
        if len(self) >= COUNTS_TEXTS_LIMIT:
            self.clear()
        made = self[counts] = self.make(counts)
        return made


def _texts_high_first(high_first: list[int]) -> Callable[[tuple[int, ...]], list[str]]:
    return lambda counts: [RANK_TEXT[r] for r in high_first for _ in range(counts[r])]


_COUNTS_TEXTS = (_ByCounts(_texts_high_first(_HIGH_FIRST[False])), _ByCounts(_texts_high_first(_HIGH_FIRST[True])))
"""The cards of each count vector as texts, high first in the normal ranking and with
lemons (indexed by `lemons`). The lists are the caches' own: readers hand out copies, which
their callers keep and change."""
COUNTS_POINTS = _ByCounts(lambda counts: sum(map(mul, VALUE, counts)))
"""The card points of each count vector (lemons aside)."""


def text_to_action(text: str) -> int:
    """Read an action's text (pairs in either order, `10` for `T`, `K8` for `K 8`)."""
    words = text.strip().lower().replace("-", " ").split()
    if not words:
        raise IllegalAction("Say an action: bid N, pass, play X Y or fold X Y.")
    verb, rest = words[0], words[1:]
    if verb == "pass" and not rest:
        return PASS
    if verb == "bid" and len(rest) == 1:
        try:
            value = int(rest[0])
        except ValueError:
            raise IllegalAction(f"{rest[0]!r} is not a number to bid.") from None
        if value < 2:
            raise IllegalAction("Bids start at 2.")
        if value >= PLAY_BASE:
            raise IllegalAction(f"A bid of {value} is beyond any cap.")
        return value
    if verb in ("play", "fold"):
        if len(rest) == 1 and len(rest[0]) == 2 and "10" not in rest[0]:
            rest = [rest[0][0], rest[0][1]]
        if len(rest) != 2:
            raise IllegalAction(f"{verb} takes two cards, like '{verb} K 8'.")
        a, b = rank_id(rest[0]), rank_id(rest[1])
        return (FOLD_BASE if verb == "fold" else PLAY_BASE) + 8 * min(a, b) + max(a, b)
    raise IllegalAction(f"{text!r} is not a Ribs action: bid N, pass, play X Y or fold X Y.")


def counts_texts(counts: list[int], lemons: bool) -> list[str]:
    """Cards of a count vector as texts, high first (a fresh list)."""
    return _COUNTS_TEXTS[lemons][tuple(counts)][:]

