"""Card primitives shared by every game: ranks, suits, card ids, packs, text, tricks.

A card is a small int, `suit * 13 + rank` with rank 0..12 for 2..A and suit 0..3 for
S H D C (G-5); a joker is `JOKER` (52). Texts are rank then suit: `AS`, `TH`, `7D`, `JK`;
`10` is read as `T`, and an action typed with the table's symbols (`pak 10♥ with 4♥ 8♥`)
is read through `action_text`. A hand of one pack is a bitmask (bit `card` set); a hand of several
packs is a count vector indexed by card (copies of a face are interchangeable, G-5).
Ribs, whose cards have no suits, uses ranks alone (`A K Q J T 9 8 7`): see games/ribs.py.

Nothing here knows a game's rules: rank order inside a game (trumps, lemons, bowers) is
the game's business; `trick_winner` takes the ordering as a key.
"""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Sequence

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king", "ace")
JOKER = 52
JOKER_TEXT = "JK"
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(13)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)


def card(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(c: int) -> int:
    return c % 13


def suit_of(c: int) -> int:
    return c // 13


CARD_TEXTS = tuple(RANK_CHARS[c % 13] + SUIT_CHARS[c // 13] for c in range(52)) + (JOKER_TEXT,)
_CARD_BY_TEXT = {t: c for c, t in enumerate(CARD_TEXTS)}


def card_text(c: int) -> str:
    return CARD_TEXTS[c]


def parse_card(text: str) -> int:
    """`AS`, `as`, `10h`, `JK` -> card id; ValueError with the offending text otherwise."""
    t = text.strip().upper().rstrip("*")
    if t.startswith("10"):
        t = "T" + t[2:]
    try:
        return _CARD_BY_TEXT[t]
    except KeyError:
        raise ValueError(f"{text!r} is not a card (write rank then suit, like A♠ or AS, 10♥ or TH, Joker)") from None


_SUIT_OF_SYMBOL = {
    "\u2660": "S", "\u2664": "S", "\u2665": "H", "\u2661": "H",
    "\u2666": "D", "\u2662": "D", "\u2663": "C", "\u2667": "C",
}
_SYMBOL_CLASS = "".join(_SUIT_OF_SYMBOL)
_TYPED = re.compile(
    rf"(?<![\w])(?:(10|[2-9TJQKA])([SHDC]|[{_SYMBOL_CLASS}]\ufe0f?)(?![A-Za-z0-9])"
    rf"|(JOKER|JKR|JK)(?!\w)"
    rf"|([{_SYMBOL_CLASS}])\ufe0f?(?![\w]))",
    re.IGNORECASE,
)


def _card_code(match: re.Match[str]) -> str:
    rank, suit, joker, lone = match.groups()
    if joker is not None:
        return JOKER_TEXT
    if lone is not None:
        return _SUIT_OF_SYMBOL[lone]
    return ("T" if rank == "10" else rank.upper()) + _SUIT_OF_SYMBOL.get(suit[0], suit.upper())


@functools.lru_cache(maxsize=4096)
def action_text(text: str) -> str:
    """An action as typed, with every card written as the table shows it (`10♥`, `q♠`,
    `Joker`, `th`, `jk`) or a lone suit symbol (`trump ♥`) put back into the notation of
    records (`TH`, `QS`, `JK`, `trump H`); the other words are left as typed.

    Every front end and every record reads actions through this one place, so a move
    typed from what the table shows means what its canonical text means; canonical
    texts come back unchanged."""
    return _TYPED.sub(_card_code, text)


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """A compact card string "QS TH 2C" (or a list of texts) -> card ids."""
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(p) for p in parts]


def cards_text(cards: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in cards)


SUIT_SYMBOLS = ("\u2660", "\u2665", "\u2666", "\u2663")
"""♠ ♥ ♦ ♣, in the order of SUIT_CHARS."""
JOKER_WORD = "Joker"
_SYMBOL_OF_SUIT = dict(zip(SUIT_CHARS, SUIT_SYMBOLS, strict=True))
_CODE = re.compile(r"(?<![\w])(?:(10|[2-9TJQKA])([SHDC])|JK)(?![A-Za-z0-9])")


def suit_symbol(letter: str) -> str:
    """`S` -> ♠ (a suit letter of SUIT_CHARS; anything else is returned as it is)."""
    return _SYMBOL_OF_SUIT.get(letter, letter)


def trump_label(text: str) -> str:
    """A suit letter or `NT` of a bid or contract as people read it: `S` -> ♠, `NT` -> no trump."""
    return "no trump" if text.upper() == "NT" else suit_symbol(text.upper())


@functools.lru_cache(maxsize=512)
def card_symbol(text: str) -> str:
    """A card's text as people read it: `KS` -> `K♠`, `TH` -> `10♥`, `JK` -> `Joker`.

    Card codes are the notation of records and the wire; what a person reads shows the
    suit as the cards on the table do. A view names the same few dozen cards over and
    over, so each code is worked out once."""
    return symbols(text)


def _symbol(match: re.Match[str]) -> str:
    rank, suit = match.group(1), match.group(2)
    if rank is None:
        return JOKER_WORD
    return ("10" if rank == "T" else rank) + _SYMBOL_OF_SUIT[suit]


def symbols(text: str) -> str:
    """`text` with every card code in it (`AS`, `TH`, `10D`, `JK`, a `*` after a code kept)
    written in symbol form: "Seat 1 plays TH." -> "Seat 1 plays 10♥."."""
    return _CODE.sub(_symbol, text)


def sort_key(c: int) -> tuple[int, int]:
    """Canonical order of G-6: suits S H D C, high to low within a suit, jokers last."""
    return (c // 13, -(c % 13)) if c != JOKER else (9, 0)


def sorted_cards(cards: Iterable[int]) -> list[int]:
    return sorted(cards, key=sort_key)


def pack(ranks: Sequence[int] = tuple(range(13)), copies: int = 1, jokers: int = 0) -> list[int]:
    """A pack of the given ranks in every suit, `copies` times, plus jokers."""
    one = [card(r, s) for s in range(4) for r in ranks]
    return one * copies + [JOKER] * jokers


PIQUET_RANKS = (SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE)
EUCHRE_RANKS = (NINE, TEN, JACK, QUEEN, KING, ACE)


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


def deal(cards: list[int], rng: random.Random, sizes: Sequence[int]) -> tuple[list[list[int]], list[int]]:
    """Shuffle `cards` with `rng` and cut it into hands of `sizes`; the rest is the stock.

    G-4: hands are slices, the first to the first seat given; the stock keeps its order,
    top card first.
    """
    shuffled = list(cards)
    rng.shuffle(shuffled)
    hands, at = [], 0
    for size in sizes:
        hands.append(shuffled[at : at + size])
        at += size
    return hands, shuffled[at:]


def trick_winner(
    plays: Sequence[int],
    led_suit: int,
    trump: int | None,
    rank_key: Callable[[int], int] = rank_of,
    suit: Callable[[int], int] = suit_of,
) -> int:
    """Index in `plays` of the card that wins a trick.

    The highest trump wins, else the highest card of the suit led. Among equal cards
    (identical copies in multi-pack games) the first played wins. `rank_key` and `suit`
    let a game reorder ranks or move cards between suits (bowers, jokers).
    """
    best = 0
    best_trump = trump is not None and suit(plays[0]) == trump
    best_key = rank_key(plays[0])
    for i in range(1, len(plays)):
        c = plays[i]
        s = suit(c)
        is_trump = trump is not None and s == trump
        if best_trump:
            if is_trump and rank_key(c) > best_key:
                best, best_key = i, rank_key(c)
        elif is_trump:
            best, best_trump, best_key = i, True, rank_key(c)
        elif s == led_suit and (suit(plays[best]) != led_suit or rank_key(c) > best_key):
            best, best_key = i, rank_key(c)
    return best


def follow_suit_options(hand: Iterable[int], led_suit: int | None, suit: Callable[[int], int] = suit_of) -> list[int]:
    """The cards of `hand` that may be played: the led suit if held, else any card."""
    cards = list(hand)
    if led_suit is None:
        return cards
    same = [c for c in cards if suit(c) == led_suit]
    return same or cards


def void_mask(suits: Iterable[int]) -> int:
    """The bitmask of every card of `suits` (jokers never): what a seat void in them cannot hold."""
    m = 0
    for s in suits:
        m |= SUIT_MASKS[s]
    return m


def shown_voids(tricks: Iterable[tuple[int | None, Sequence[tuple[int, int]]]], players: int, free: int = 0) -> list[int]:
    """Per seat, a mask of the suits (bit s for suit s) it has shown it lacks.

    The one rule of every trick game here: a seat that plays a card of another suit to a
    trick whose suit must be followed holds none of that suit. Each trick is `(led,
    follows)`: the suit to follow (None or a joker's 4: nothing to follow) and the
    followers' `(seat, card)` plays, the lead excluded. `free` is a card mask of what may
    be played even holding the suit led (trumps in Pitch and Couillon, a Cramps joker,
    Mighty's mighty): such a card shows nothing.
    """
    voids = [0] * players
    for led, follows in tricks:
        if led is None or not 0 <= led < 4:
            continue
        for seat, c in follows:
            if c // 13 != led and not free >> c & 1:
                voids[seat] |= 1 << led
    return voids


def suits_mask(voids: int) -> int:
    """The card mask of every suit set in a suit mask (as `shown_voids` gives)."""
    return void_mask(s for s in range(4) if voids >> s & 1)


def deal_constrained(
    cards: Sequence[int],
    sizes: Sequence[int],
    forbidden: Sequence[int],
    rng: random.Random,
    tries: int = 30,
    required: Sequence[Sequence[int]] | None = None,
) -> list[list[int]]:
    """Deal `cards` at random into places of `sizes`, no card into a place that forbids it.

    `cards` is a multiset: copies of a face (several packs, jokers) are listed once each
    and dealt as interchangeable. `forbidden[p]` is a bitmask of the faces place `p` cannot
    hold (voids shown in play, a joker a seat showed it lacks, a called card known to be
    elsewhere); `required[p]`, where given, lists cards place `p` is known to hold (a card
    taken from the discard pile, a melded card): they are taken from `cards` and put
    there first. Used by `determinize`: random greedy deals first, then an exact matching
    so that a deal is found whenever one exists. ValueError when none does.
    """
    if required is not None and any(required):
        pool = list(cards)
        for known in required:
            for c in known:
                try:
                    pool.remove(c)
                except ValueError:
                    raise ValueError(f"required card {c} is not among the cards to deal") from None
        rest = [size - len(known) for size, known in zip(sizes, required, strict=True)]
        if min(rest) < 0:
            raise ValueError("a place is required to hold more cards than its size")
        parts = deal_constrained(pool, rest, forbidden, rng, tries)
        return [list(known) + part for known, part in zip(required, parts, strict=True)]
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} cards cannot fill places of sizes {list(sizes)}")
    order = list(cards)
    for _ in range(tries):
        rng.shuffle(order)
        order.sort(key=lambda c: sum(1 for m in forbidden if m >> c & 1), reverse=True)
        room = list(sizes)
        out: list[list[int]] = [[] for _ in sizes]
        for c in order:
            options = [p for p in range(len(sizes)) if room[p] and not forbidden[p] >> c & 1]
            if not options:
                break
            p = rng.choices(options, weights=[room[q] for q in options])[0]
            out[p].append(c)
            room[p] -= 1
        else:
            return out
    slots = [p for p, size in enumerate(sizes) for _ in range(size)]
    rng.shuffle(slots)
    holder: list[int | None] = [None] * len(slots)

    def place(c: int, seen: set[int]) -> bool:
        for i, p in enumerate(slots):
            if i in seen or forbidden[p] >> c & 1:
                continue
            seen.add(i)
            other = holder[i]
            if other is None or place(other, seen):
                holder[i] = c
                return True
        return False

    for c in order:
        if not place(c, set()):
            raise ValueError("no deal of the unseen cards fits what play has shown")
    out = [[] for _ in sizes]
    for i, held in enumerate(holder):
        assert held is not None
        out[slots[i]].append(held)
    return out


def high_card_winner(plays: Sequence[int], led_suit: int, trump: int | None = None) -> int:
    """`trick_winner(plays, led_suit, trump)` with the natural ranks and suits, in a plain
    loop over card ids (no key calls), for the hot path of random playouts and search.

    Same result for every input: the first-played highest trump, else the first-played
    highest card of the suit led; a joker (suit 4) wins only when jokers were led.
    """
    if trump is not None:
        lo = 13 * trump
        hi = lo + 13
        best = -1
        for c in plays:
            if lo <= c < hi and c > best:
                best = c
        if best >= 0:
            return plays.index(best)
    lo = 13 * led_suit
    hi = lo + 13
    best = -1
    for c in plays:
        if lo <= c < hi and c > best:
            best = c
    return plays.index(best) if best >= 0 else 0
