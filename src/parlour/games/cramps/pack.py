"""The Cramps pack as the rules hold it: hands as bit masks of card ids (bit 52 while a
joker is held), the cards of each suit by 13-bit pattern, the packs for 4 to 8 players,
the cards a hand may play to a trick, and the shape of a hand (its phases, its 13 tricks).
Made once, at import: the rules, the play-out loops and the bots read these tables on
every move.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import CARD_TEXTS, JOKER, QUEEN, SUIT_MASKS, sort_key

TRICKS = 13
"""Tricks in a hand: every card is dealt."""
AUCTION, DECLARE, PLAY = "auction", "declare", "play"
"""The phases of a hand: the Royal auction, the declaration of trumps, the play."""

EXTRA_RANKS = {5: range(10, 13), 6: range(7, 13), 7: range(4, 13), 8: range(0, 13)}
EXTRA_JOKERS = {5: 1, 6: 2, 7: 3, 8: 0}

JOKER_BIT = 1 << JOKER
BITS = tuple(1 << c for c in range(53))
ALL_SUITS = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]
QUEENS = tuple(s * 13 + QUEEN for s in range(4))
# Per trump suit (None: no trump), each face's queen penalty: -1 each, or -4 and 0.
QUEEN_TABLES = {
    trump: tuple(
        (-1 if trump is None else -4 if c // 13 == trump else 0) if c in QUEENS else 0 for c in range(53)
    )
    for trump in (None, 0, 1, 2, 3)
}


def _suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the card ids of every 13-bit pattern, high to low (G-6), so legal
    moves come without a loop over cards."""
    return tuple(
        tuple(tuple(13 * s + r for r in range(12, -1, -1) if bits >> r & 1) for bits in range(1 << 13))
        for s in range(4)
    )


SUIT_LISTS = _suit_tables()
SPADE_LISTS, HEART_LISTS, DIAMOND_LISTS, CLUB_LISTS = SUIT_LISTS
SHIFTS = (0, 13, 26, 39)


class _SuitTexts(dict[int, tuple[str, ...]]):
    """One suit's card texts by 13-bit pattern, high to low, each made the first time it is
    asked for: all 4 x 8192 at import would cost more than most runs read."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.lists = SUIT_LISTS[suit]

    def __missing__(self, bits: int) -> tuple[str, ...]:
        texts = self[bits] = tuple([CARD_TEXTS[c] for c in self.lists[bits]])
        return texts


SUIT_TEXTS = tuple(_SuitTexts(s) for s in range(4))
SPADE_TEXTS, HEART_TEXTS, DIAMOND_TEXTS, CLUB_TEXTS = SUIT_TEXTS


def playable(mask: int, led: int) -> Sequence[int]:
    """The cards of a hand mask (jokers aside) that may go to a trick: the suit led while
    the hand holds it, else any; `led` is -1 for the trick's lead. The list may be a shared
    table: copy it before changing it."""
    follow = (mask >> SHIFTS[led]) & 0x1FFF if led >= 0 else 0
    if follow:
        return SUIT_LISTS[led][follow]
    return [
        *SPADE_LISTS[mask & 0x1FFF],
        *HEART_LISTS[(mask >> 13) & 0x1FFF],
        *DIAMOND_LISTS[(mask >> 26) & 0x1FFF],
        *CLUB_LISTS[(mask >> 39) & 0x1FFF],
    ]


def mask_cards(mask: int) -> list[int]:
    """The faces set in a hand mask in the canonical order: by suit, high to low, jokers last."""
    out: list[int] = []
    for s in range(4):
        out.extend(SUIT_LISTS[s][(mask >> (13 * s)) & 0x1FFF])
    if mask & JOKER_BIT:
        out.append(JOKER)
    return out


def hand_texts(mask: int, dups: int, jokers: int) -> list[str]:
    """The texts of a hand held as the rules hold it (`hand_masks`), in the canonical order:
    by suit, high to low, a second copy next to the first, jokers last. A new list each
    time: a seat's observation keeps it."""
    if not dups:
        out = [
            *SPADE_TEXTS[mask & 0x1FFF],
            *HEART_TEXTS[(mask >> 13) & 0x1FFF],
            *DIAMOND_TEXTS[(mask >> 26) & 0x1FFF],
            *CLUB_TEXTS[(mask >> 39) & 0x1FFF],
        ]
    else:
        out = []
        for s in range(4):
            bits, twice = (mask >> SHIFTS[s]) & 0x1FFF, (dups >> SHIFTS[s]) & 0x1FFF
            if twice:
                lists = SUIT_LISTS[s]
                out += [CARD_TEXTS[c] for c in sorted(lists[bits] + lists[twice], reverse=True)]
            else:
                out += SUIT_TEXTS[s][bits]
    if mask & JOKER_BIT:
        out.append(CARD_TEXTS[JOKER])
    if jokers > 1:
        out += [CARD_TEXTS[JOKER]] * (jokers - 1)
    return out


def full_pack_faces(players: int) -> list[int]:
    """Every physical card for `players` seats (13 each): the source's pack."""
    faces = list(range(52))
    if players > 4:
        faces += [13 * s + r for s in range(4) for r in EXTRA_RANKS[players]]
        faces += [JOKER] * EXTRA_JOKERS[players]
    return faces


PACKS = {n: tuple(full_pack_faces(n)) for n in range(4, 9)}


def hand_masks(cards: Sequence[int], multi: bool) -> tuple[int, int, int]:
    """A hand as the rules hold it: a mask of the faces held, a mask of the faces held
    twice (`multi`: 5-8 players) and a count of jokers (bit 52 of the mask while any is held)."""
    dups = 0
    if multi:
        m = 0
        for c in cards:
            bit = BITS[c]
            if m & bit and c != JOKER:
                dups |= bit
            m |= bit
    else:  # one pack: every face once, so the sum of the bits is their union
        m = sum([BITS[c] for c in cards])
    return m, dups, cards.count(JOKER) if m & JOKER_BIT else 0


def cards_sorted_texts(faces: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(faces, key=sort_key)]
