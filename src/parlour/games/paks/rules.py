"""Paks: a fishing game for 2, 3, 4 or 6 players; captures make paks, paks can be stolen.

Rules and rulings R-PAKS-1..19 (from Denexa Games' published rules, section "Paks"):
docs/rules/paks.md.

Seats and pack. 2 or 3 players play alone; 4 play as two teams {0,2} v {1,3}; 6 as two
teams {0,2,4} v {1,3,5} (R-PAKS-1, G-3; option `six_teams`="3x2": {0,3} v {1,4} v
{2,5}). Five cannot play. 52 cards for 2 players, two packs (104) for 3 or more. Each
seat gets 5 cards (slices clockwise from dealer+1, G-4), then 3 board cards go face up;
the rest is the stock (39, 86, 81, 71 cards). Deal record keys: `hands` (per seat),
`board`, `stock` (top first). Seat 0 deals first; the deal passes left (R-PAKS-13).

A turn (from dealer+1, clockwise). The table is full when the board shows all four suits,
judged before the draw (R-PAKS-4). The engine draws the top stock card (G-7): at a table
that is not full it is shown, and a card of a suit not on the board feeds the board and
ends the turn (an empty board shows no suit, so every card feeds, R-PAKS-8). Otherwise
the card joins the hand and the player may form one pak: capture one board card X with
hand cards of X's suit whose capture value is strictly greater than X's (R-PAKS-3).
Capture values: A 20, K Q J 10, 2-10 face; in a group, disjoint pairs of 2-5s read as
two-digit numbers (5-4 is 54, 5-5 is 55) at the group's best reading, several pairs at
once (R-PAKS-2: 5-4-3-2 is 95; option `multi_pairs`=false: one pair at most, 59). A pak's
value is the sum of its single values. At a full table a pak is compulsory when one is
possible (any one, R-PAKS-5); when none is, the hand is shown to everyone (R-PAKS-11) and
the turn ends; at a table that is not full `end` declines (R-PAKS-16). After a pak, any
number of steals, at most one per suit and never in the pak's suit: take one or more
paks of that suit from one other seat (teammates allowed) with hand cards of that suit
worth more than their total value (R-PAKS-6, 7); the stolen paks and the cards become one
new pak. Then `end`, always (R-PAKS-17). The turn that empties the stock plays in full
(R-PAKS-12), then the hand ends.

Scoring. Hands are thrown away unseen; teams pool their paks. Per suit, m is the fewest
paks any side holds, 0 included (R-PAKS-9; `cancel_counts_zero`=false: the fewest among
the sides holding any); each side discards its m lowest-scoring paks of that suit
(R-PAKS-10, automatic). The rest scores A 20, K-8 10, 7-2 5 (R-PAKS-14). Totals carry
over; after a hand a single side highest at or above `target` (500) wins; a tie at the
top plays on. hand_scores and match_scores give every seat its side's figure (G-11).

Action notation: `pak JD with KD 2D` (the card after `pak` is a board card, R-PAKS-15);
`steal 2:1,3 with TS 5S 2S` takes seat 2's paks 1 and 3, numbered over all that seat's
paks in the order it got them, a stolen-into pak last, renumbered after each steal
(R-PAKS-18); `end`. Cards are written high to low and numbers ascending; input takes any
order (R-PAKS-19). Internally END = 0, a pak (PAK, X, cards), a steal (STEAL, victim,
numbers, cards); copies of a face are one card text (G-5).

Hidden information: everyone sees the board, every pak, the hand counts, the stock count
and the hand's course (`course`: each draw, fed or shown or hidden, and each forced
reveal). A card drawn at a full table is seen only by its drawer; `known` lists the cards
known to be in each hand (shown draws and revealed hands, less what was played from
them). Stock order and the hands thrown away are never shown.

Decisions the sources leave open, taken here:
- `end` after a pak is offered even when a steal is possible (stealing is optional).
- `hand_points` (the "This hand" row) is each side's score of its paks as they stand,
  before the end-of-hand cancellation.
- A card used from a hand holding copies of it counts against the known copies first,
  so `known` never claims a card that may have gone.
- Determinize rebuilds the deal from the course: every card a seat played or showed
  that was not a shown draw goes into one of that seat's unseen slots (its five dealt
  cards and its hidden draws) filled no later than the play or reveal; the other slots
  and the rest of the stock get the unseen cards at random.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and data (seats, card ids, values), which `view.py` words when a person reads them:
`("feed", seat, card)`, `("draw", seat, card)` (shown), `("hidden", seat)` (a draw at a
full table), `("reveal", seat, cards)` (a hand shown: no pak possible), `("pak", seat, x,
cards, value)` (board card x captured by `cards` read at `value`), `("steal", seat,
victim, paks, cards)` (`paks` the stolen paks' cards), `("end", seat)` and `("over",
sides, side_scores)` (each side's score after the cancelling).
"""

from __future__ import annotations

import dataclasses
import itertools
from bisect import bisect_right
from collections.abc import Collection
from typing import Any, Literal

from parlour.cards import CARD_TEXTS, SUIT_CHARS, parse_card, sort_key
from parlour.engine import GameOptions, IllegalAction, OptionsError, State

END, PAK, STEAL = 0, 1, 2
PAK_PHASE, STEAL_PHASE = "pak", "steal"
FEED, SHOWN, HIDDEN = "fed", "shown", "hidden"
HAND_SIZE, BOARD_SIZE = 5, 3
# Capture values by rank index (0 = 2 .. 12 = A) and scoring values (R-PAKS-14).
CAPTURE = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 20)
SCORING = (5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 10, 10, 20)
CARD_CAPTURE = tuple(CAPTURE[c % 13] for c in range(52))
CARD_SCORING = tuple(SCORING[c % 13] for c in range(52))
POW3 = tuple(3**r for r in range(14))


def _low_reading(counts: tuple[int, ...], multi: bool) -> int:
    """The best value of the 2-5s `counts` (copies of 2, 3, 4, 5): disjoint pairs read as
    two-digit numbers, the rest singly; `multi` allows more than one pair."""
    best = sum((r + 2) * k for r, k in enumerate(counts))
    for hi in range(4):
        for lo in range(hi + 1):
            rest = list(counts)
            rest[hi] -= 1
            rest[lo] -= 1
            if min(rest) < 0:
                continue
            pair = 10 * (hi + 2) + lo + 2
            tail = _low_reading(tuple(rest), multi) if multi else sum((r + 2) * k for r, k in enumerate(rest))
            best = max(best, pair + tail)
    return best


LOW_VALUE = {
    multi: tuple(_low_reading(tuple(code // 3**r % 3 for r in range(4)), multi) for code in range(81))
    for multi in (True, False)
}


def group_value(cards: list[int] | tuple[int, ...], multi: bool = True) -> int:
    """The capture value of a group of cards of one suit at its best reading (R-PAKS-2)."""
    low = 0
    total = 0
    for c in cards:
        r = c % 13
        if r < 4:
            low += POW3[r]
        else:
            total += CAPTURE[r]
    return total + LOW_VALUE[multi][low]


def pak_value(cards: tuple[int, ...]) -> int:
    """A pak's value: the sum of its cards' single capture values (pairs no longer count)."""
    return sum(CARD_CAPTURE[c] for c in cards)


_GROUPS: dict[tuple[Any, ...], tuple[list[int], list[tuple[int, ...]]]] = {}


def groups_of(suit: int, counts: list[int], multi: bool) -> tuple[list[int], list[tuple[int, ...]]]:
    """Every non-empty group of the hand's cards of `suit` (`counts` per face), as values
    ascending and the groups' cards high to low; computed once per holding."""
    base = 13 * suit
    key = (multi, suit, *counts[base : base + 13])
    hit = _GROUPS.get(key)
    if hit is not None:
        return hit
    ranges = [range(counts[base + r] + 1) for r in range(12, -1, -1)]
    found = []
    for pick in itertools.product(*ranges):
        cards = tuple(c for i, k in enumerate(pick) for c in (base + 12 - i,) * k)
        if cards:
            found.append((group_value(cards, multi), cards))
    found.sort()
    hit = ([v for v, _ in found], [g for _, g in found])
    if len(_GROUPS) > 200_000:
        _GROUPS.clear()
    _GROUPS[key] = hit
    return hit


def texts(cards: Any) -> list[str]:
    """Card texts in the canonical order (G-6)."""
    return [CARD_TEXTS[c] for c in sorted(cards, key=sort_key)]


def counted(counts: list[int]) -> list[int]:
    """The cards of a count vector, copies repeated."""
    return [c for c in range(52) for _ in range(counts[c])]


def sides_of(players: int, six_teams: str) -> list[list[int]]:
    """The sides that score together (G-3, R-PAKS-1)."""
    if players == 4:
        return [[0, 2], [1, 3]]
    if players == 6:
        return [[0, 2, 4], [1, 3, 5]] if six_teams == "2x3" else [[0, 3], [1, 4], [2, 5]]
    return [[s] for s in range(players)]


@dataclasses.dataclass(frozen=True)
class PaksOptions(GameOptions):
    """The standard game is the source's, with the rulings' defaults."""

    players: int = 2
    """Seats: 2 or 3 play alone, 4 as two teams of two, 6 as teams; five cannot play."""
    target: int = 500
    """The winning total: a side at or above it after a hand, alone at the top, wins."""
    # R-PAKS-1: six players as two teams of three, or three teams of two.
    six_teams: Literal["2x3", "3x2"] = "2x3"
    """With six players: 2x3 = two teams of three; 3x2 = three teams of two."""
    # R-PAKS-2: a capturing group may read several pairs of 2-5s (5-4-3-2 is 95), or one.
    multi_pairs: bool = True
    """Whether a capturing group may read several pairs of 2 to 5 as two-digit numbers at once (5,
    4, 3, 2 make 95) or only one pair (59)."""
    # R-PAKS-9: a side with no pak in a suit makes the cancelled number 0, or it is the fewest among
    # the sides holding paks of that suit.
    cancel_counts_zero: bool = True
    """In the end-of-hand cancelling, whether a side with no paks of a suit counts as holding 0, so
    that a suit cancels only when every side holds it (yes), or is left out of the count (no)."""

    def check(self) -> None:
        if self.players not in (2, 3, 4, 6):
            raise OptionsError(f"Paks is for 2, 3, 4 or 6 players (five cannot play), not {self.players}")
        if not isinstance(self.target, int) or self.target < 1:
            raise OptionsError(f"the target is a positive number of points, not {self.target}")


class PaksRules(State):
    """One match of Paks: its rules (the engine's hooks beyond them are in `game.py`)."""

    COPIED = ("board", "stock", "totals", "course", "log", "deals")
    NESTED = ("hands", "known", "paks")

    def _new_match(self) -> None:
        n = self.options.players
        self.n = n
        self.multi = self.options.multi_pairs
        self.sides = sides_of(n, self.options.six_teams)
        self.side_seats = tuple(tuple(side) for side in self.sides)
        self.side_of = [next(i for i, side in enumerate(self.sides) if s in side) for s in range(n)]
        self.totals = [0] * n
        self.copies = 1 if n == 2 else 2

    def _deal(self, given: Any) -> None:
        n = self.n
        if given is not None:
            hands, board, stock = self._from_deal(given)
        else:
            cards = list(range(52)) * self.copies
            self.rng.shuffle(cards)
            hands = [[] for _ in range(n)]
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = cards[HAND_SIZE * i : HAND_SIZE * (i + 1)]
            board = cards[HAND_SIZE * n : HAND_SIZE * n + BOARD_SIZE]
            stock = cards[HAND_SIZE * n + BOARD_SIZE :]
        self.deals.append({"hands": [texts(h) for h in hands], "board": texts(board),
                           "stock": [CARD_TEXTS[c] for c in stock]})
        self.hands = [[0] * 52 for _ in range(n)]
        for s, h in enumerate(hands):
            for c in h:
                self.hands[s][c] += 1
        self.known = [[0] * 52 for _ in range(n)]
        self.paks: list[list[tuple[int, tuple[int, ...], int]]] = [[] for _ in range(n)]
        self.board_dealt = tuple(sorted(board, key=sort_key))
        self.board = list(self.board_dealt)
        self.stock = stock[::-1]
        self.course: list[tuple[int, int, str, int, tuple[int, ...] | None]] = []
        self.log: list[Any] = []
        self.full = False
        self.pak_suit = -1
        self.stolen = 0
        self._start_turn((self.dealer + 1) % n)

    def _from_deal(self, given: Any) -> tuple[list[list[int]], list[int], list[int]]:
        try:
            hands = [[parse_card(t) for t in h] for h in given["hands"]]
            board = [parse_card(t) for t in given["board"]]
            stock = [parse_card(t) for t in given["stock"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a Paks deal has 'hands', 'board' and 'stock' as card texts ({exc})") from None
        if len(hands) != self.n or any(len(h) != HAND_SIZE for h in hands) or len(board) != BOARD_SIZE:
            raise ValueError(f"a Paks deal gives each of {self.n} seats 5 cards and the board 3")
        if sorted(c for part in (*hands, board, stock) for c in part) != sorted(list(range(52)) * self.copies):
            raise ValueError("the deal's cards are not the Paks pack for this many players")
        return hands, board, stock

    # --- the automatic part of a turn --------------------------------------------------
    def board_suits(self) -> int:
        """The suits on the board, a mask (bit s for suit s)."""
        m = 0
        for c in self.board:
            m |= 1 << (c // 13)
        return m

    def _start_turn(self, seat: int) -> None:
        """Draw for `seat` and the seats after it until one has a decision (G-7): feeds
        and forced reveals end a turn with no action; an empty stock ends the hand."""
        while True:
            if not self.stock:
                self._end_hand()
                return
            suits = self.board_suits()
            full = suits == 15
            card = self.stock.pop()
            at = len(self.history) - self.hand_start
            self.turn = seat
            self.full = full
            self.pak_suit = -1
            self.stolen = 0
            if not full and not suits >> (card // 13) & 1:
                self.board.append(card)
                self.course.append((seat, card, FEED, at, None))
                self.log.append(("feed", seat, card))
            else:
                hand = self.hands[seat]
                hand[card] += 1
                if not full:
                    self.known[seat][card] += 1
                    self.course.append((seat, card, SHOWN, at, None))
                    self.log.append(("draw", seat, card))
                    self.phase = PAK_PHASE
                    return
                if self._can_pak(seat):
                    self.course.append((seat, card, HIDDEN, at, None))
                    self.log.append(("hidden", seat))
                    self.phase = PAK_PHASE
                    return
                shown = tuple(counted(hand))
                self.known[seat] = list(hand)
                self.course.append((seat, card, HIDDEN, at, shown))
                self.log.append(("reveal", seat, shown))
            seat = (seat + 1) % self.n

    def _can_pak(self, seat: int) -> bool:
        hand = self.hands[seat]
        for x in self.board:
            base = x - x % 13
            if any(hand[base : base + 13]) and groups_of(x // 13, hand, self.multi)[0][-1] > CARD_CAPTURE[x]:
                return True
        return False

    # --- forming a pak -------------------------------------------------------------------
    def _legal_pak(self) -> list[Any]:
        hand = self.hands[self.turn]
        out: list[Any] = [] if self.full else [END]
        for x in sorted(set(self.board)):
            values, groups = groups_of(x // 13, hand, self.multi)
            out.extend((PAK, x, g) for g in groups[bisect_right(values, CARD_CAPTURE[x]) :])
        return out

    def _apply_pak(self, action: Any) -> None:
        seat = self.turn
        if action == END:
            self.log.append(("end", seat))
            self._start_turn((self.turn + 1) % self.n)
            return
        _, x, cards = action
        self.board.remove(x)
        self._play_cards(seat, cards)
        pak = tuple(sorted((x, *cards), key=sort_key))
        self.paks[seat].append((x // 13, pak, pak_value(pak)))
        self.pak_suit = x // 13
        self.log.append(("pak", seat, x, cards, group_value(cards, self.multi)))
        self.phase = STEAL_PHASE

    def _play_cards(self, seat: int, cards: tuple[int, ...]) -> None:
        hand = self.hands[seat]
        known = self.known[seat]
        for c in cards:
            hand[c] -= 1
            if known[c]:
                known[c] -= 1

    # --- stealing --------------------------------------------------------------------------
    def _legal_steal(self) -> list[Any]:
        seat = self.turn
        hand = self.hands[seat]
        out: list[Any] = [END]
        allowed = 0
        for suit in range(4):
            if suit != self.pak_suit and not self.stolen >> suit & 1 and any(hand[13 * suit : 13 * suit + 13]):
                allowed |= 1 << suit
        if not allowed:
            return out
        targets: dict[tuple[int, int], list[tuple[int, int]]] = {}
        for victim in range(self.n):
            if victim != seat:
                for i, p in enumerate(self.paks[victim], 1):
                    if allowed >> p[0] & 1:
                        targets.setdefault((p[0], victim), []).append((i, p[2]))
        for (suit, victim), theirs in sorted(targets.items()):
            values, groups = groups_of(suit, hand, self.multi)
            top = values[-1]
            subsets: list[tuple[tuple[int, ...], int]] = [((), 0)]
            for i, v in theirs:
                subsets += [(numbers + (i,), t + v) for numbers, t in subsets if t + v < top]
            for numbers, total in subsets[1:]:
                out.extend((STEAL, victim, numbers, g) for g in groups[bisect_right(values, total) :])
        return out

    def _apply_steal(self, action: Any) -> None:
        seat = self.turn
        if action == END:
            self.log.append(("end", seat))
            self._start_turn((self.turn + 1) % self.n)
            return
        _, victim, numbers, cards = action
        theirs = self.paks[victim]
        taken = [theirs[i - 1] for i in numbers]
        self.paks[victim] = [p for i, p in enumerate(theirs) if i + 1 not in numbers]
        self._play_cards(seat, cards)
        suit = taken[0][0]
        merged = tuple(sorted([c for p in taken for c in p[1]] + list(cards), key=sort_key))
        self.paks[seat].append((suit, merged, pak_value(merged)))
        self.stolen |= 1 << suit
        self.log.append(("steal", seat, victim, tuple(p[1] for p in taken), cards))

    # --- the end of a hand ---------------------------------------------------------------
    def side_paks(self) -> list[list[tuple[int, tuple[int, ...], int]]]:
        """Each side's paks, pooled (not merged)."""
        return [[p for s in side for p in self.paks[s]] for side in self.sides]

    def _end_hand(self) -> None:
        pooled = self.side_paks()
        discarded: list[list[tuple[int, ...]]] = [[] for _ in self.sides]
        kept = [list(ps) for ps in pooled]
        for suit in range(4):
            counts = [sum(1 for p in ps if p[0] == suit) for ps in pooled]
            held = counts if self.options.cancel_counts_zero else [k for k in counts if k]
            m = min(held) if held else 0
            if not m:
                continue
            for i, ps in enumerate(pooled):
                lowest = sorted((p for p in ps if p[0] == suit), key=lambda p: sum(CARD_SCORING[c] for c in p[1]))[:m]
                for p in lowest:
                    kept[i].remove(p)
                    discarded[i].append(p[1])
        side_scores = [sum(CARD_SCORING[c] for p in ps for c in p[1]) for ps in kept]
        scores = [side_scores[self.side_of[s]] for s in range(self.n)]
        for s in range(self.n):
            self.totals[s] += scores[s]
        self.log.append(("over", self.side_seats, tuple(side_scores)))
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": scores,
            "sides": [list(side) for side in self.sides],
            "discarded": [[texts(p) for p in d] for d in discarded],
            "kept": [[texts(p[1]) for p in k] for k in kept],
        }
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        """A single side highest at or above the target; a tie at the top plays on."""
        side_totals = [self.totals[side[0]] for side in self.sides]
        top = max(side_totals)
        leaders = [i for i, t in enumerate(side_totals) if t == top]
        if top >= self.options.target and len(leaders) == 1:
            return list(self.sides[leaders[0]])
        return None

    def hand_points(self) -> list[Any]:
        pooled = self.side_paks()
        side = [sum(CARD_SCORING[c] for p in ps for c in p[1]) for ps in pooled]
        return [side[self.side_of[s]] for s in range(self.n)]

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- notation ------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action == END:
            return "end"
        cards = " ".join(texts(action[-1]))
        if action[0] == PAK:
            return f"pak {CARD_TEXTS[action[1]]} with {cards}"
        return f"steal {action[1]}:{','.join(str(i) for i in action[2])} with {cards}"

    def text_to_action(self, text: str) -> Any:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        if verb == "end" and len(words) == 1:
            return END
        if verb in ("pak", "steal") and len(words) >= 4 and words[2].lower() == "with":
            try:
                target = parse_card(words[1]) if verb == "pak" else None
                cards = tuple(sorted((parse_card(w) for w in words[3:]), key=sort_key))
                if target is not None:
                    return (PAK, target, cards)
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            victim, _, numbers = words[1].partition(":")
            try:
                return (STEAL, int(victim), tuple(sorted({int(i) for i in numbers.split(",")})), cards)
            except ValueError:
                raise IllegalAction(f"{words[1]!r} is not seat:paks, like 2:1,3.") from None
        raise IllegalAction(f"{text!r} is not a Paks action: pak JD with KD 2D, steal 2:1,3 with TS 5S 2S, or end.")

    def action_cards(self, action: Any) -> list[str]:
        return [] if action == END else texts(action[-1])

    # --- what a seat may know ----------------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """Everything but the hands and hidden draws is public; a seat sees its own."""
        return {
            "hand": texts(counted(self.hands[seat])) if seat is not None else None,
            "hand_sizes": [sum(h) for h in self.hands],
            "known": [texts(counted(k)) for k in self.known],
            "board": texts(self.board),
            "board_dealt": texts(self.board_dealt),
            "full_table": self.board_suits() == 15,
            "stock_size": len(self.stock),
            "paks": [[{"cards": [CARD_TEXTS[c] for c in p[1]], "value": p[2],
                       "points": sum(CARD_SCORING[c] for c in p[1])} for p in ps] for ps in self.paks],
            "course": [
                {"seat": s, "card": CARD_TEXTS[c] if kind != HIDDEN or s == seat else None, "kind": kind,
                 "at": at, "revealed": texts(shown) if shown is not None else None}
                for s, c, kind, at, shown in self.course
            ],
            "pak_suit": SUIT_CHARS[self.pak_suit] if self.pak_suit >= 0 else None,
            "stolen": [SUIT_CHARS[s] for s in range(4) if self.stolen >> s & 1],
            "sides": [list(side) for side in self.sides],
            "target": self.options.target,
        }

