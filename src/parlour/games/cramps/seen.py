"""What a seat may know of a Cramps match: its facts (`CrampsRules.facts`), and which of
them the latest actions may have changed (`CrampsRules.facts_changed_since`).

The research env's kept tensor and the search bots read the facts at every step, so they are
read the cheap way and built only for the keys a caller reads where it names few; they
live here, beside the rules, so that the rules' file holds the rules.
"""

from __future__ import annotations

from collections.abc import Collection, Container
from operator import add
from typing import TYPE_CHECKING, Any

from parlour.cards import CARD_TEXTS
from parlour.engine import OVER
from parlour.games.cramps.pack import PLAY, TRICKS, hand_texts

if TYPE_CHECKING:
    from parlour.games.cramps.rules import CrampsRules

_PLAY_FACTS = frozenset({"hand", "hand_sizes", "trick", "trick_number", "tricks", "scores"})
"""The facts cards played change (`facts_changed_since`)."""


def facts_changed_since(state: CrampsRules, start: int) -> Container[str] | None:
    """Cards played leave the auction, the trumps and the queens' values alone (every
    entry of the history since the play began is a card)."""
    if state.phase != PLAY or start < len(state.history) - state.n * state.trick_no - len(state.trick):
        return None
    return _PLAY_FACTS


def facts(state: CrampsRules, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
    """Every bid, pass, declaration and card played is public (G-8); a seat's own hand
    is its only secret. `keys` without "tricks" leaves out the finished tricks, which
    the tensor does not read and which cost most late in a hand; `keys` among those
    cards played change (`facts_changed_since`) leaves out the others too. Every list
    and dict is made anew: callers keep them and compare them with later ones."""
    n = state.n
    masks = state.masks
    if state.multi:  # `hand_size` of each seat, counted in C but for the rare extra jokers
        sizes = list(map(add, map(int.bit_count, masks), map(int.bit_count, state.dups)))
        for s, j in enumerate(state.jokers):
            if j > 1:
                sizes[s] += j - 1
    else:  # one pack: no second copies, no jokers
        sizes = list(map(int.bit_count, masks))
    trick = state.trick
    phase = state.phase
    table = []
    if trick and phase == PLAY:
        table = [[s % n, CARD_TEXTS[c]] for s, c in enumerate(trick, state.leader)]
    k = state.trick_no
    facts: dict[str, Any] = {
        "hand": hand_texts(masks[seat], state.dups[seat], state.jokers[seat]) if seat is not None else None,
        "hand_sizes": sizes,
        "trick_number": k + 1 if k < TRICKS else TRICKS,
    }
    if keys is not None and _PLAY_FACTS.issuperset(keys):
        facts["trick"] = table
        if "tricks" in keys:
            facts["tricks"] = _tricks_texts(state)
        return facts
    facts["trick_values"] = list(state.values)
    facts["trick"] = table
    if keys is None or "tricks" in keys:
        facts["tricks"] = _tricks_texts(state)
    bidder = state.bidder
    passed = state.passed
    options = state.options
    facts["auction"] = {"bid": state.bid or None, "bidder": bidder, "min_bid": options.min_bid,
                        "max_bid": options.max_bid,
                        "passed": [s for s in range(n) if passed[s]] if True in passed else []}
    facts["trump"] = state._trump_text() if phase == PLAY or phase == OVER else None
    facts["queen_values"] = list(state.queen_value)
    facts["target"] = options.target
    return facts


def _tricks_texts(state: CrampsRules) -> list[dict[str, Any]]:
    """The finished tricks as the observation shows them. With 4 players each trick's
    four cards are named one by one, which costs half of a loop over them."""
    texts = CARD_TEXTS
    if state.n == 4:
        return [
            {"leader": ld, "cards": [texts[a], texts[b], texts[c], texts[d]], "winner": w, "points": v}
            for ld, (a, b, c, d), w, v in state.tricks
        ]
    return [
        {"leader": ld, "cards": [texts[c] for c in cards], "winner": w, "points": v}
        for ld, cards, w, v in state.tricks
    ]
