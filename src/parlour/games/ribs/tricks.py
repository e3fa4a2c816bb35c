"""Who beats whom at Ribs: how a face-up pair fares against the ribs, a whole trick judged,
whether the bid is made, and which pairs a hand can play. The game resolves its tricks
with these and its bot imagines thousands of tricks with the same functions.
"""

from __future__ import annotations

from parlour.games.ribs.pack import FOLD_BASE, PAIR_OF, PLAY_BASE, STRENGTH_LEMONS, VALUE

CRACKS, BEATS, DEFEATED = "cracks", "beats", "defeated"
# Every pair action, face up or folded: its ranks, the copies of each it needs, whether it folds.
PAIR_ACTIONS = {
    base + code: (lo, hi, 2 if lo == hi else 1, base == FOLD_BASE) for code, (lo, hi) in PAIR_OF.items() for base in (PLAY_BASE, FOLD_BASE)
}


def pair_outcome(pair: tuple[int, int], ribs: tuple[int, int], strength: tuple[int, ...], both_above: bool) -> str:
    """How a face-up pair (rank ids, low id first) fares against the ribs: it cracks them
    when equal as a multiset; else it beats them when no card matches a rib rank and one
    card (`both_above`: both) ranks above both ribs (R-RIBS-2); else it is defeated. The
    game resolves tricks with it and the bots imagine tricks with it."""
    if pair == ribs:
        return CRACKS
    lo, hi = pair
    ra, rb = ribs
    if lo == ra or lo == rb or hi == ra or hi == rb:
        return DEFEATED
    card = min(strength[lo], strength[hi]) if both_above else max(strength[lo], strength[hi])
    return BEATS if card > max(strength[ra], strength[rb]) else DEFEATED


def outcome_table(strength: tuple[int, ...], both_above: bool) -> dict[int, tuple[str, ...]]:
    """`pair_outcome` for every ribs code and pair code (8 * low + high), made once per
    ranking: the game judges tricks from it and the bot imagines thousands of tricks with
    it (its rows are indexed by pair code, so an absent code reads as a pair of aces)."""
    key = (strength is STRENGTH_LEMONS, both_above)
    table = _OUTCOMES.get(key)
    if table is None:
        table = _OUTCOMES[key] = {
            r: tuple(pair_outcome(PAIR_OF.get(p, (0, 0)), PAIR_OF[r], strength, both_above) for p in range(64))
            for r in PAIR_OF
        }
    return table


_OUTCOMES: dict[tuple[bool, bool], dict[int, tuple[str, ...]]] = {}


def judge_pairs(
    ribs: tuple[int, int], pairs: list[tuple[int, int]], strength: tuple[int, ...], both_above: bool
) -> tuple[int | None, list[int], int]:
    """The face-up pairs of a trick (in play order from the bidder's left) against the
    ribs: the index of the first that cracks them (then nothing else counts, so the
    others are not judged), the indices of the pairs that beat them, and the points of
    the defeated pairs. Bots imagine thousands of tricks, so `pair_outcome` is read from
    its table (`outcome_table`)."""
    row = outcome_table(strength, both_above)[8 * ribs[0] + ribs[1]]
    beaters = []
    defeated = 0
    for i, (lo, hi) in enumerate(pairs):
        outcome = row[8 * lo + hi]
        if outcome is CRACKS:
            return i, [], 0
        if outcome is BEATS:
            beaters.append(i)
        else:
            defeated += VALUE[lo] + VALUE[hi]
    return None, beaters, defeated


def bid_made(defeated_points: int, bid: int) -> bool:
    """Uncracked ribs make the bid when the defeated pairs' points reach it; with nothing
    defeated every bid fails, since bids start at 2 (R-RIBS-5)."""
    return defeated_points >= bid


def held_pairs(counts: list[int]) -> list[int]:
    """The codes (8 * low + high) of every distinct pair a hand of rank counts can play."""
    pairs = []
    for lo in range(8):
        if counts[lo]:
            if counts[lo] >= 2:
                pairs.append(9 * lo)
            pairs.extend(8 * lo + hi for hi in range(lo + 1, 8) if counts[hi])
    return pairs
