"""Yaniv: 2-5 players shed cards in sets and runs, and call `yaniv` on a hand worth 5 or less.

Rules and rulings R-YANIV-1..17 (from Denexa Games' published rules, "Yaniv (a.k.a.
Jhyap, Dhumbal)"): docs/rules/yaniv.md.

Pack and deal. 52 cards and 2 jokers (`decks`=2: 108 cards, 4 jokers). A = 1, 2-10 their
face value, J Q K = 10, JK = 0; aces are always low. Each player still in the match gets 5
cards, dealt as slices clockwise from the dealer's left (G-4); the next card is turned up
(the upcard) and the rest is the stock. Seat 0 deals first (G-2); the deal passes to the
next player still in (R-YANIV-12). Deal keys: `hands` (one list per seat, `[]` for a seat
that is out), `stock` (top first, without the upcard), `upcard`, and `reshuffles` (each new
stock of the hand, top first; R-YANIV-14).

A turn, from dealer+1 clockwise over the players still in: a player whose hand is worth
`yaniv_max` (5) or less may call `yaniv` instead of the turn (R-YANIV-7). Otherwise they
discard one group: a single card (a joker too), a set (2+ cards of one rank, no jokers;
with two decks identical cards are fine, R-YANIV-11), or a run (3+ cards of one suit in
ascending rank order A..K with no wrap, jokers standing for any card, even one the player
holds, at least one natural card; R-YANIV-5, R-YANIV-16). The written order is the
player's and it matters: the next player may take only the first or the last card of it
(R-YANIV-6). Then they draw: the stock's top card, or the first or last card of the
previous player's group (for the first player, the upcard; a one-card group offers only
`draw first`, R-YANIV-4). The rest of that group is dead. When the stock is empty and a
player draws from it, the dead cards (all discarded before the group the drawer may take
from) are shuffled into a new stock (R-YANIV-3, R-YANIV-13); with none, only the discard
group may be drawn from. Option `empty_stock`="end_hand": the hand ends as soon as the
stock's last card is drawn, everyone scoring their hand total.

Showdown. At `yaniv` every hand is shown. If no other player has a strictly lower total
(`penalty_on_tie`: a lower or equal one, the Assaf rule) the caller scores 0 and everyone
else their hand total. Otherwise everyone scores their total and the caller 30 more
(`lowest_scores_zero`: the other players with the lowest total score 0, R-YANIV-2). Then
each total of exactly 200 becomes 100, else one of exactly 100 becomes 50, once per hand
(R-YANIV-9). A total above 200 is out (R-YANIV-10). The last player in wins; if everyone
still in goes out on the same hand, the lowest total among them wins, ties sharing
(R-YANIV-17). Lower is better (`score_sense` -1).

Decisions the sources and rulings leave open, taken here:
- The resets apply to every player still in, also one who scored 0 in the hand: a player
  resting on 100 after a 200 reset who scores 0 ends the hand on exactly 100 and drops to
  50 (the source's "ends a hand with exactly 100 points", read literally).
- `lowest_scores_zero`: every other player sharing the lowest total scores 0; the caller
  never does.
- `empty_stock`="end_hand" ends the hand when the stock runs out, after the draw that
  empties it (not when someone later wants a card from it).
- Players leaving on the same hand leave in order of their totals, highest first (for
  `places`): the lower total places better.
- With two decks, a discarded face that matches a card known to be in the hand (taken
  from the pile) is taken to be that card: copies are interchangeable (G-5).
- `draw first` and `draw last` stay two actions when the group's ends are identical cards.

Action notation: `yaniv`; `discard 7S`, `discard 7S 7H 7D`, `discard JK 2H 3H` (the
player's order is kept, G-6); `draw stock`, `draw first`, `draw last`. Internally a discard
is the tuple of its card ids in order (copies of a face are one action) and the others are
the ints YANIV, DRAW_STOCK, DRAW_FIRST, DRAW_LAST.

Hidden information. Each seat sees its own hand, the others' card counts, every discard
group in order, the group it may draw from, the dead cards and the stock's size. A card
taken from a discard group is public (`known`) until it is discarded again. The stock's
order and the cards drawn from it are hidden. At `yaniv` every hand is shown (`last_hand`).
Determinize rebuilds the deal from the hand's course, keeping known cards in their hands.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and data (seats, card ids, points), which `view.py` words when a person reads them:
`("deal", dealer, (upcard,))`, `("discard", seat, cards)` (the group in the player's
order), `("draw", seat)` (from the stock), `("take", seat, (card,))` (from the discards),
`("reshuffle", cards)` (how many dead discards make the new stock), `("yaniv", seat,
value)`, `("stock out",)` and `("scores", caller, penalty, scores, resets, leaving)`
(caller None at the stock's end; `resets` lists `[seat, before, after]`; `leaving` the
seats going out). The hand's summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Collection, Sequence
from typing import Any, Literal

from parlour.cards import CARD_TEXTS, JOKER, cards_of, pack, parse_card, sort_key
from parlour.engine import OVER, GameOptions, IllegalAction, OptionsError, State
from parlour.games.drawing import read_deal

HAND_SIZE = 5
PENALTY = 30
OUT_ABOVE = 200
RESETS = ((200, 100), (100, 50))
YANIV, DRAW_STOCK, DRAW_FIRST, DRAW_LAST = 200, 201, 202, 203
WORDS = {YANIV: "yaniv", DRAW_STOCK: "draw stock", DRAW_FIRST: "draw first", DRAW_LAST: "draw last"}
ACTIONS_BY_WORDS = {v: k for k, v in WORDS.items()}
TURN, DRAW = "turn", "draw"
DRAWS = (((DRAW_FIRST,), (DRAW_FIRST, DRAW_LAST)), ((DRAW_STOCK, DRAW_FIRST), (DRAW_STOCK, DRAW_FIRST, DRAW_LAST)))
"""The draws open, by whether the stock can give a card and whether the group has two ends."""

VALUE = tuple(0 if c == JOKER else 1 if c % 13 == 12 else min(c % 13 + 2, 10) for c in range(53))
LOW = tuple((c % 13 + 1) % 13 for c in range(52))
"""Each natural card's rank in Yaniv's order, ace 0 to king 12."""
BIT = tuple(1 << c for c in range(53))
JOKER_BIT = BIT[JOKER]
RANKS = 0x1FFF
PACKS = {1: tuple(pack(jokers=2)), 2: tuple(pack(copies=2, jokers=4))}


def texts(cards: list[int] | tuple[int, ...]) -> list[str]:
    """Card texts in the canonical order of G-6."""
    return [CARD_TEXTS[c] for c in sorted(cards, key=sort_key)]


def value_of(cards: list[int] | tuple[int, ...]) -> int:
    return sum(VALUE[c] for c in cards)


# --- which groups may be discarded --------------------------------------------------------
# A hand is a bitmask of the faces held (bit 52 while any joker is), a mask of the faces
# held twice (two decks) and a count of jokers. Within a suit a 13-bit pattern has bit r
# for rank r (2 .. A); `low` patterns put the ace first (bit 0) and the king last.
SINGLES = tuple(
    tuple(tuple((13 * suit + r,) for r in range(13) if bits >> r & 1) for bits in range(1 << 13)) for suit in range(4)
)
TO_LOW = tuple(((bits << 1) | (bits >> 12)) & RANKS for bits in range(1 << 13))


def _jokers_needed(low: int) -> int:
    """The fewest jokers that make a three-card run with the naturals of a low pattern."""
    if not low:
        return 9
    return min(3 - (low >> start & 7).bit_count() for start in range(11) if low >> start & 7)


NEEDED = tuple(_jokers_needed(TO_LOW[bits]) for bits in range(1 << 13))
COLUMN = tuple(sum(1 << (13 * suit + r) for suit in range(4)) for r in range(13))
_SETS: dict[int, tuple[tuple[int, ...], ...]] = {}
_RUNS: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}


def set_orders(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every set that can be laid from cards of one rank (copies allowed), in every order:
    the order decides which ends the next player may take."""
    out: dict[tuple[int, ...], None] = {}
    for size in range(2, min(len(cards), HAND_SIZE) + 1):
        out.update(dict.fromkeys(itertools.permutations(cards, size)))
    return tuple(out)


def run_orders(suit: int, low: int, jokers: int) -> tuple[tuple[int, ...], ...]:
    """Every run of `suit` from the naturals of the low pattern `low` and up to `jokers`
    jokers: 3 to 5 cards in rank order, each place a natural held or a joker (R-YANIV-16),
    at least one natural, nothing below the ace or above the king."""
    key = (suit, low, jokers)
    found = _RUNS.get(key)
    if found is None:
        out = []
        for start in range(13):
            for size in range(3, min(HAND_SIZE, 13 - start) + 1):
                places = range(start, start + size)
                held = [r for r in places if low >> r & 1]
                for extra in range(jokers - (size - len(held)) + 1):
                    for swapped in itertools.combinations(held, extra):
                        if len(swapped) < len(held):
                            out.append(tuple(
                                13 * suit + (r - 1) % 13 if low >> r & 1 and r not in swapped else JOKER for r in places
                            ))
        found = _RUNS[key] = tuple(out)
    return found


def discard_moves(mask: int, dups: int, jokers: int) -> list[Any]:
    """Every group a hand may discard: its single cards, then its sets, then its runs."""
    p0 = mask & RANKS
    p1 = mask >> 13 & RANKS
    p2 = mask >> 26 & RANKS
    p3 = mask >> 39 & RANKS
    out: list[Any] = [*SINGLES[0][p0], *SINGLES[1][p1], *SINGLES[2][p2], *SINGLES[3][p3]]
    if jokers:
        out.append((JOKER,))
    pairs = (p0 & (p1 | p2 | p3)) | (p1 & (p2 | p3)) | (p2 & p3)
    if dups:
        pairs |= (dups | dups >> 13 | dups >> 26 | dups >> 39) & RANKS
    while pairs:
        r = (pairs & -pairs).bit_length() - 1
        pairs &= pairs - 1
        key = mask & COLUMN[r] | (dups & COLUMN[r]) << 53
        found = _SETS.get(key)
        if found is None:
            found = _SETS[key] = set_orders(
                tuple(c for c in (r, 13 + r, 26 + r, 39 + r) if mask >> c & 1 for _ in range(1 + (dups >> c & 1))))
        out += found
    if NEEDED[p0] <= jokers:
        out += run_orders(0, TO_LOW[p0], jokers)
    if NEEDED[p1] <= jokers:
        out += run_orders(1, TO_LOW[p1], jokers)
    if NEEDED[p2] <= jokers:
        out += run_orders(2, TO_LOW[p2], jokers)
    if NEEDED[p3] <= jokers:
        out += run_orders(3, TO_LOW[p3], jokers)
    return out


def masks_of(cards: list[int] | tuple[int, ...]) -> tuple[int, int, int]:
    """A hand's mask of faces, mask of second copies and joker count."""
    mask = dups = 0
    for c in cards:
        if mask & BIT[c] and c != JOKER:
            dups |= BIT[c]
        mask |= BIT[c]
    return mask, dups, cards.count(JOKER)


def shed(mask: int, dups: int, jokers: int, value: int, cards: tuple[int, ...]) -> tuple[int, int, int, int]:
    """A hand (masks, joker count, value) without `cards`."""
    for c in cards:
        if c == JOKER:
            jokers -= 1
            if not jokers:
                mask ^= JOKER_BIT
        elif dups & BIT[c]:
            dups ^= BIT[c]
        else:
            mask ^= BIT[c]
        value -= VALUE[c]
    return mask, dups, jokers, value


def gain(mask: int, dups: int, jokers: int, value: int, card: int) -> tuple[int, int, int, int]:
    """A hand (masks, joker count, value) with `card`."""
    if card == JOKER:
        return mask | JOKER_BIT, dups, jokers + 1, value
    if mask & BIT[card]:
        return mask, dups | BIT[card], jokers, value + VALUE[card]
    return mask | BIT[card], dups, jokers, value + VALUE[card]


def hand_cards(mask: int, dups: int, jokers: int) -> list[int]:
    """The cards of a hand, copies repeated, in card-id order (jokers last)."""
    return sorted(cards_of(mask & ~JOKER_BIT) + cards_of(dups)) + [JOKER] * jokers



@dataclasses.dataclass(frozen=True)
class YanivOptions(GameOptions):
    """The standard game is the source's, as the rulings read it."""

    players: int = 2
    """Seats at the table: 2 to 5."""
    decks: int = 1
    """Packs used: 1 (52 cards and 2 jokers) or 2 (104 cards and 4 jokers, better for 4 or more
    players)."""
    # R-YANIV-8: the most a hand may be worth when its holder calls yaniv.
    yaniv_max: int = 5
    """The most a hand may be worth when its holder calls Yaniv."""
    # R-YANIV-1: a caller tied for the lowest total pays the 30-point penalty (Assaf).
    penalty_on_tie: bool = False
    """Whether a caller who only ties for the lowest hand is caught and pays the 30 points too."""
    # R-YANIV-2: when the caller is beaten, the players with the lowest total score 0.
    lowest_scores_zero: bool = False
    """When the caller is caught, whether the players with the lowest hand score 0 instead of their
    hand's value."""
    # R-YANIV-3: an empty stock is made again from the dead discards, or ends the hand.
    empty_stock: Literal["reshuffle", "end_hand"] = "reshuffle"
    """When the stock runs out: reshuffle = the dead discards become a new stock; end hand = the
    hand ends and everyone scores what they hold."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 5:
            raise OptionsError(f"Yaniv is for 2 to 5 players, not {self.players}")
        if self.decks not in (1, 2):
            raise OptionsError(f"Yaniv is played with 1 or 2 decks, not {self.decks}")
        if not isinstance(self.yaniv_max, int) or not 0 <= self.yaniv_max <= 50:
            raise OptionsError(f"yaniv_max must be a hand value from 0 to 50, not {self.yaniv_max}")


class YanivRules(State):
    """One match of Yaniv: its rules (the engine's hooks beyond them are in `game.py`)."""

    COPIED = ("totals", "masks", "dups", "jokers", "values", "stock", "dead", "log", "deals")
    NESTED = ("known",)

    def _new_match(self) -> None:
        self.totals = [0] * self.players
        self.reshuffle_on_empty = self.options.empty_stock == "reshuffle"

    def _dealer_of(self, hand: int) -> int:
        return self.first_dealer if hand == 0 else self.next_seat(self.dealer)

    def _deal(self, given: Any) -> None:
        n = self.players
        live = [s for s in ((self.dealer + 1 + i) % n for i in range(n)) if s not in self.eliminated]
        full = PACKS[self.options.decks]
        if given is not None:
            hands, stock, upcard = read_deal(given, [HAND_SIZE * (s in live) for s in range(n)], full, "Yaniv")
        else:
            cards = list(full)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i, s in enumerate(live):
                hands[s] = cards[HAND_SIZE * i : HAND_SIZE * i + HAND_SIZE]
            upcard = cards[HAND_SIZE * len(live)]
            stock = cards[HAND_SIZE * len(live) + 1 :]
        self.deals.append({"hands": [texts(h) for h in hands], "stock": [CARD_TEXTS[c] for c in stock],
                           "upcard": CARD_TEXTS[upcard]})
        self.masks, self.dups, self.jokers, self.values = [0] * n, [0] * n, [0] * n, [0] * n
        for s, h in enumerate(hands):
            self._set_hand(s, h)
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.stock = stock[::-1]
        self.upcard = upcard
        self.offer: tuple[int, ...] = (upcard,)
        self.pending: tuple[int, ...] = ()
        self.dead: list[int] = []
        self.reshuffles = 0
        self.log: list[Any] = [("deal", self.dealer, (upcard,))]
        self.after = tuple(live[(live.index(s) + 1) % len(live)] if s in live else s for s in range(n))
        self.phase = TURN
        self.turn = live[0]

    def _set_hand(self, seat: int, cards: list[int]) -> None:
        self.masks[seat], self.dups[seat], self.jokers[seat] = masks_of(cards)
        self.values[seat] = value_of(cards)

    def hand_size(self, seat: int) -> int:
        return (self.masks[seat] & ~JOKER_BIT).bit_count() + self.dups[seat].bit_count() + self.jokers[seat]

    def hand_of(self, seat: int) -> list[int]:
        """The cards a seat holds, copies repeated."""
        return hand_cards(self.masks[seat], self.dups[seat], self.jokers[seat])

    # --- a turn: yaniv or a discard, then a draw -----------------------------------------
    def _legal_turn(self) -> list[Any]:
        seat = self.turn
        moves = discard_moves(self.masks[seat], self.dups[seat], self.jokers[seat])
        if self.values[seat] <= self.options.yaniv_max:
            moves.insert(0, YANIV)
        return moves

    def _apply_turn(self, action: Any) -> None:
        seat = self.turn
        if action == YANIV:
            self.log.append(("yaniv", seat, self.values[seat]))
            self._end_hand(seat)
            return
        hand = shed(self.masks[seat], self.dups[seat], self.jokers[seat], self.values[seat], action)
        self.masks[seat], self.dups[seat], self.jokers[seat], self.values[seat] = hand
        known = self.known[seat]
        for c in action if known else ():
            if c in known:
                known.remove(c)
        self.pending = action
        self.log.append(("discard", seat, action))
        self.phase = DRAW

    def _legal_draw(self) -> list[int]:
        return list(DRAWS[1 if self.stock or (self.dead and self.reshuffle_on_empty) else 0][len(self.offer) > 1])

    def _apply_draw(self, action: int) -> None:
        seat = self.turn
        offer = self.offer
        stock = self.stock
        if action == DRAW_STOCK:
            if not stock:
                stock = self._rebuild_stock()
            card = stock.pop()
            self.log.append(("draw", seat))
            self.dead.extend(offer)
        else:
            if action == DRAW_FIRST:
                card = offer[0]
                self.dead.extend(offer[1:])
            else:
                card = offer[-1]
                self.dead.extend(offer[:-1])
            self.known[seat].append(card)
            self.log.append(("take", seat, (card,)))
        self.offer = self.pending
        self.pending = ()
        hand = gain(self.masks[seat], self.dups[seat], self.jokers[seat], self.values[seat], card)
        self.masks[seat], self.dups[seat], self.jokers[seat], self.values[seat] = hand
        if not stock and not self.reshuffle_on_empty:
            self.log.append(("stock out",))
            self._end_hand(None)
            return
        self.phase = TURN
        self.turn = self.after[seat]

    def _rebuild_stock(self) -> list[int]:
        """The dead discards become the stock (R-YANIV-13), recorded in the deal; the deal is
        copied first, since a clone shares the deals' dicts with its original."""
        last = self.deals[-1]
        self.deals[-1] = {**last, "reshuffles": list(last.get("reshuffles", []))}
        stock = self.reshuffle(self.dead, CARD_TEXTS.__getitem__, parse_card)
        self.stock = stock[::-1]
        self.dead = []
        self.reshuffles += 1
        self.log.append(("reshuffle", len(stock)))
        return self.stock

    def rollout(self, choice: Callable[[Sequence[Any]], Any]) -> list[Any]:
        """The hand's scores after the moves `playout` would make for the same choices: the
        same lists from `discard_moves` and the draws, the same stock and reshuffles, in one
        loop that keeps only the hands, the piles and the values (no history, log or known
        cards: the state is spent afterwards)."""
        if self.phase == OVER:
            return super().rollout(choice)
        masks, dups, jokers, values, after = self.masks, self.dups, self.jokers, self.values, self.after
        stock, dead, offer, pending = self.stock, self.dead, self.offer, self.pending
        limit, refill, seat = self.options.yaniv_max, self.reshuffle_on_empty, self.turn
        drawing, self.phase = self.phase == DRAW, OVER
        while True:
            mask, dup, joker, value = masks[seat], dups[seat], jokers[seat], values[seat]
            if not drawing:
                moves = discard_moves(mask, dup, joker)
                if value <= limit:
                    moves.insert(0, YANIV)
                pending = choice(moves)
                if type(pending) is int:
                    return self._showdown(seat, self.in_match())[0]
                mask, dup, joker, value = shed(mask, dup, joker, value, pending)
            drawing = False
            action = choice(DRAWS[1 if stock or (dead and refill) else 0][len(offer) > 1])
            if action == DRAW_STOCK:
                if not stock:
                    stock = self._rebuild_stock()
                    dead = self.dead
                card = stock.pop()
                dead.extend(offer)
            elif action == DRAW_FIRST:
                card = offer[0]
                dead.extend(offer[1:])
            else:
                card = offer[-1]
                dead.extend(offer[:-1])
            offer = pending
            masks[seat], dups[seat], jokers[seat], values[seat] = gain(mask, dup, joker, value, card)
            if not stock and not refill:
                return self._showdown(None, self.in_match())[0]
            seat = after[seat]

    # --- scoring ----------------------------------------------------------------------
    def _showdown(self, caller: int | None, live: list[int]) -> tuple[list[int], bool]:
        """The hand's scores at `yaniv` (or the stock's end, caller None), and whether the
        caller was beaten."""
        values = self.values
        scores = [0] * self.players
        penalty = False
        for s in live:
            scores[s] = values[s]
        if caller is not None:
            mine = values[caller]
            others = [s for s in live if s != caller]
            tie = self.options.penalty_on_tie
            penalty = any(values[s] < mine or (tie and values[s] == mine) for s in others)
            if penalty:
                scores[caller] += PENALTY
                if self.options.lowest_scores_zero:
                    low = min(values[s] for s in others)
                    for s in others:
                        if values[s] == low:
                            scores[s] = 0
            else:
                scores[caller] = 0
        return scores, penalty

    def _end_hand(self, caller: int | None) -> None:
        """The showdown (or the stock's end): hand scores, the resets, who goes out."""
        n = self.players
        live = self.in_match()
        values = self.values
        scores, penalty = self._showdown(caller, live)
        resets = []
        for s in live:
            total = self.totals[s] + scores[s]
            for before, after in RESETS:
                if total == before:
                    resets.append([s, before, after])
                    total = after
                    break
            self.totals[s] = total
        leaving = [s for s in live if self.totals[s] > OUT_ABOVE]
        if len(leaving) == len(live):
            best = min(self.totals[s] for s in live)
            leaving = [s for s in live if self.totals[s] > best]
        for s in sorted(leaving, key=lambda s: (-self.totals[s], s)):
            self.eliminate(s)
        self.log.append(("scores", caller, penalty, scores, resets, leaving))
        summary = {
            "hand_number": self.hand_number, "dealer": self.dealer, "caller": caller, "penalty": penalty,
            "hands": [texts(self.hand_of(s)) for s in range(n)], "values": [values[s] if s in live else 0 for s in range(n)],
            "scores": scores, "resets": resets, "out": sorted(leaving), "totals": list(self.totals), "log": self.log,
        }
        self._hand_ended(scores, summary)


    def _match_winners(self) -> list[int] | None:
        live = self.in_match()
        return live if len(live) <= 1 or all(self.totals[s] > OUT_ABOVE for s in live) else None

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- notation ----------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        return WORDS[action] if type(action) is int else "discard " + " ".join(CARD_TEXTS[c] for c in action)

    def text_to_action(self, text: str) -> Any:
        words = text.strip().split()
        said = " ".join(words).lower()
        if said in ACTIONS_BY_WORDS:
            return ACTIONS_BY_WORDS[said]
        if words and words[0].lower() == "discard" and len(words) > 1:
            try:
                return tuple(parse_card(w) for w in words[1:])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        raise IllegalAction(
            f"{text!r} is not a Yaniv action: yaniv, discard 7S 7H, draw stock, draw first or draw last."
        )

    def action_cards(self, action: Any) -> list[str]:
        return [] if type(action) is int else [CARD_TEXTS[c] for c in action]

    # --- what a seat may know ---------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """A seat's own hand is its secret; the discards, the cards taken from them and
        the stock's size are public."""
        return {
            "hand": texts(self.hand_of(seat)) if seat is not None else None,
            "hand_value": self.values[seat] if seat is not None else None,
            "hand_sizes": [self.hand_size(s) for s in range(self.players)],
            "known": [texts(k) for k in self.known],
            "offer": [CARD_TEXTS[c] for c in self.offer],
            "discard": [CARD_TEXTS[c] for c in self.pending],
            "dead": [CARD_TEXTS[c] for c in self.dead],
            "stock_size": len(self.stock),
            "upcard": CARD_TEXTS[self.upcard],
            "reshuffles": self.reshuffles,
            "yaniv_max": self.options.yaniv_max,
        }

