"""What a seat may know of a Ribs match: its facts (`RibsRules.facts`), and which of
them the latest actions may have changed (`RibsRules.facts_changed_since`).

The research env's kept tensor and the search bots read the facts at every step, so they are
read the cheap way and built only for the keys a caller reads where it names few; they
live here, beside the rules, so that the rules' file holds the rules.
"""

from __future__ import annotations

from collections.abc import Collection, Container
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from parlour.engine import OVER
from parlour.games.ribs.pack import (
    _COUNTS_TEXTS,
    _PAIR_TEXTS,
    PLAY_BASE,
    PLAYING,
    STRENGTH_LEMONS,
    TRICKS_PER_HAND,
)

if TYPE_CHECKING:
    from parlour.games.ribs.rules import RibsRules

_AUCTION_FACTS = frozenset({"bidding", "money"})
"""The facts bids and passes change (`facts_changed_since`)."""
_TRICK_FACTS = frozenset({"bidding", "money", "table", "hand", "hand_sizes", "my_fold", "folded"})
"""The facts the plays of a trick change until it is finished."""
_AUCTION_READ = _AUCTION_FACTS - {"money"}
_TRICK_READ = _TRICK_FACTS - {"money"}
"""Keys `facts` builds alone when a caller asks for no others (the money is dear and
read by few)."""


def facts(state: RibsRules, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
    """A seat's hand and own fold; every bid and pass, the table (face-down pairs
    hidden from the others), the capture piles, the discards, the hand's tricks, and
    the money when played for stakes (left out when `keys` does not name it). `keys`
    among those an auction or a trick's plays change (`facts_changed_since`) builds
    those alone.

    The research env and the search bots ask at every step, so the parts are read the
    cheap way: the texts of a count vector looked up by its tuple (`_COUNTS_TEXTS`), a
    pair's text by its code (plays and folds hold the low rank id first), the hand sizes
    from the tricks played, and what changes only when a trick is resolved kept in
    `_piles_seen`. The lists and dicts are fresh ones; the trick records and the bids'
    entries in them are the state's own, which are never changed once made."""
    n = state.n
    over = state.phase == OVER
    bid = state.bid
    bidding = {
        "opener": state.opener, "bid": bid, "bidder": state.bidder if bid else None,
        "bids": state.bids[:],
        "out": [s for s, still in enumerate(state.in_bidding) if not still] if False in state.in_bidding else [],
        "cap": state.cap,
    }
    if keys is not None and _AUCTION_READ.issuperset(keys):
        return {"bidding": bidding}
    lemons = state.strength is STRENGTH_LEMONS
    texts = _COUNTS_TEXTS[lemons]
    trick_no = state.trick_no
    size = 8 - 2 * trick_no  # every seat plays two cards a trick (check_invariants holds it)
    if state.phase == PLAYING:
        pairs = _PAIR_TEXTS[lemons]
        bidder = state.bidder
        ribs_down = not (state.options.open_last_trick and trick_no == TRICKS_PER_HAND - 1)
        table: list[dict[str, Any] | None] = [None] * n
        hand_sizes = [size] * n
        for s, p in enumerate(state.plays):
            if p is not None:
                lo, hi, folded = p
                down = folded or (s == bidder and ribs_down)
                table[s] = {
                    "cards": pairs[8 * lo + hi] if not down or s == seat else None,
                    "face_down": down, "ribs": s == bidder, "folded": folded,
                }
                hand_sizes[s] = size - 2
    else:
        table = [None] * n
        hand_sizes = [size] * n
    own_fold = state.folds[seat] if seat is not None and not over else None
    has_folded = state.has_folded
    facts: dict[str, Any] = {
        "trick": trick_no + 1 if trick_no < TRICKS_PER_HAND else TRICKS_PER_HAND,
        "hand": texts[tuple(state.hands[seat])][:] if seat is not None else None,
        "hand_sizes": hand_sizes,
        "my_fold": _PAIR_TEXTS[lemons][8 * own_fold[0] + own_fold[1]] if own_fold else None,
        "folded": [s for s, folded in enumerate(has_folded) if folded] if True in has_folded and not over else [],
        "bidding": bidding,
        "table": table,
    }
    if keys is not None and _TRICK_READ.issuperset(keys):
        return facts
    tricks = state.tricks
    seen = state._piles_seen
    if seen is None or seen[0] is not tricks or seen[1] != len(tricks):
        seen = state._piles_seen = (
            tricks, len(tricks), tuple([texts[tuple(pile)] for pile in state.captured]), texts[tuple(state.discard_up)],
            [_money_text(m) for m in state.money_net] if state.options.stakes else [],
        )
    facts["captured"] = [pile[:] for pile in seen[2]]
    facts["discard"] = {"face_up": seen[3][:], "folded": sum(state.discard_folded)}
    facts["tricks"] = tricks[:] if not over else []
    facts["hands_to_win"] = state.options.hands_to_win
    if state.options.stakes and (keys is None or "money" in keys):
        facts["money"] = {
            "net": seen[4][:],
            "this_hand": [
                m.numerator if m.denominator == 1 else f"{m.numerator}/{m.denominator}" for m in state.hand_money
            ] if not over else None,
            "large_pot": _money_text(state.large_pot),
            "small_pot": _money_text(state.small_pot),
        }
    return facts


def facts_changed_since(state: RibsRules, start: int) -> Container[str] | None:
    """Bids and passes change only the auction (and the money, with stakes); the
    plays of one trick only the table, the hands and the folds besides; a finished
    trick changes the rest."""
    history = state.history
    plays = 0
    for i in range(start, len(history)):
        if history[i][1] >= PLAY_BASE:
            plays += 1
    if not plays:
        return _AUCTION_FACTS
    if state.phase == PLAYING and plays <= state.played_count:
        return _TRICK_FACTS
    return None


def _money_text(value: Fraction) -> int | str:
    """`fraction_text` of an amount of money (a Fraction), without its type check."""
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
