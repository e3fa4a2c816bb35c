"""Ribs: 4-10 players, a bidding round before every two-card "trick", ribs cracked by matching.

Rules and rulings R-RIBS-1..12 (from the Ribs pages of pagat.com, which wins where they
differ, and of Denexa Games): docs/rules/ribs.md.

Pack and deal. n players use n copies of each rank A K Q J T 9 8 7 (suits play no part,
so a card is its rank). Values A 0, K Q J 2, T 9 8 7 1: 10 points per player. Every seat
gets 8 cards, dealt as slices clockwise from the dealer's left (G-4). Seat 0 deals first
unless the record says otherwise; the deal passes left.

A hand is four tricks, each a bidding round then a play:
- Bidding. Trick 1 opens with the dealer, later tricks with the previous trick's bidder.
  The opener must bid 2 (`opening`="at_least_two": 2 or more). Then clockwise each seat
  still in passes or bids exactly last + `bid_step`; a seat that passed is out of the
  round. The round ends when one seat is left: the bidder. Bids are capped at
  4 x (players - 1) (R-RIBS-3); at the cap the others can only pass.
- Play. The bidder plays two cards face down, the ribs. Clockwise each other seat plays
  two cards face up, or folds two face down (at most once a hand, never the bidder).
- Resolution. Folded cards go to the discard pile unseen until the hand ends. A face-up
  pair equal to the ribs as a multiset cracks them: the first cracker clockwise from the
  bidder takes every face-up card, ribs included. Otherwise a pair beats the ribs when no
  card matches a rib rank and one card (`beat`="both_above": both) ranks above both ribs;
  its player keeps it. The other pairs are defeated; if their points reach the bid the
  bidder takes them and the ribs, else each defeated pair goes to its own player's pile
  and the ribs to the discard pile face up (R-RIBS-4, R-RIBS-5).
- After four tricks each seat scores its capture pile; the most points win the hand
  (ties all win). With `lemons` sevens rank above aces, count 1 for bids, and score -3
  each at hand end unless their holder caught more than half of the pack's sevens
  (lemonade: +10 for the set, or +3 each with `lemonade`="three_each").
- Match: until a seat has won `hands_to_win` hands; several reaching it on the same hand
  play on until one alone leads (`match_tie`="share": they all win), R-RIBS-6.
- Stakes (large, small): each hand everyone pays `large` to the large pot; each raise
  (never the opening bid of a round, R-RIBS-11; one small stake whatever `bid_step`,
  R-RIBS-10) and each fold pays `small` to the small pot; after each trick a made bid takes
  the small pot, a failed or cracked one (R-RIBS-9) adds it to the large pot; after the
  hand the large pot goes 50/25/25 to places 1-3, tied seats pooling the shares of the
  places they cover. Money is exact (Fraction).

Decisions the sources leave open, taken here:
- At the bid cap the bidding still goes round: each other seat passes (a decision with one
  legal action is still an action, G-7), so records stay uniform.
- With `open_last_trick` the fourth trick's ribs are played face up first and nobody may
  fold; the resolution is unchanged.
- A seat's own folded pairs stay known to it (it saw them); others learn only that it
  folded until the hand ends, when every folded pair is shown in `last_hand`.
- Money is settled per hand, so a match abandoned mid-hand has settled only whole hands
  (and the tricks of the current hand for the small pot).

Action notation: `bid 3`, `pass`, `play K 8` (the ribs are also `play`), `fold 9 7`.
Pairs are written high first (with `lemons` 7 is highest) and read in either order, `10`
for `T`. Internally an action is an int: PASS=0, a bid is its number, a face-up pair is
PLAY_BASE + 8*low + high (rank ids below), a fold FOLD_BASE + 8*low + high.

Hidden information (R-RIBS-8): a seat sees its own hand and folds, every bid and pass,
every face-up pair as played, the ribs once turned, who folded, every capture pile, the
face-up discards, and all folded pairs once the hand is over.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and ints (seats, rank ids, points), which `view.py` words when a person reads them:
`("deal", hand, dealer)`, `("pass", seat)`, `("bid", seat, bid)`, `("bidding_won",
trick, bidder, bid)` (trick from 0), `("fold", seat)`, `("play", seat, high, low)`,
`("ribs_up", seat, high, low)`, `("ribs_down", seat)`, `("ribs", high, low)` (turned
when the trick is resolved), `("trick", record)` (the trick's record, as in `tricks`)
and `("over", hand, winners, points)`; a pair's ranks come high first in the table's
ranking. A trick's record is data too (its plays, their fates, what each seat took);
the view writes its explanation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Container
from fractions import Fraction
from typing import Any, Literal, cast

from parlour.engine import (
    OVER,
    GameOptions,
    IllegalAction,
    OptionsError,
    State,
    fraction_text,
)
from parlour.games.ribs import seen
from parlour.games.ribs.pack import (
    _ACTION_TEXTS,
    _COUNTS_TEXTS,
    BIDDING,
    COUNTS_POINTS,
    FOLD_BASE,
    PAIR_OF,
    PASS,
    PLAY_BASE,
    PLAYING,
    SEVEN,
    STRENGTH_LEMONS,
    STRENGTH_NORMAL,
    TRICKS_PER_HAND,
    pair_text,
    rank_id,
    text_to_action,
)
from parlour.games.ribs.tricks import (
    BEATS,
    DEFEATED,
    PAIR_ACTIONS,
    bid_made,
    held_pairs,
    judge_pairs,
)


@dataclasses.dataclass(frozen=True)
class RibsOptions(GameOptions):
    """The standard game is pagat's, with the rulings' defaults."""

    players: int = 4
    """Seats at the table, 4 to 10; the pack has 8 cards for each player."""
    # R-RIBS-1: the opening bid is exactly 2 (pagat) or at least 2 (Denexa).
    opening: Literal["two", "at_least_two"] = "two"
    """The opening bid of each round: two = exactly 2; at least two = 2 or more."""
    # R-RIBS-2: a pair beats the ribs with one card above both ribs (pagat) or both.
    beat: Literal["one_above", "both_above"] = "one_above"
    """When a pair with no card of a rib's rank beats the ribs: one above = one of its cards ranks
    above both ribs; both above = both of its cards do."""
    folding: bool = True
    """Whether a player may fold (lay two cards face down, out of play) once in a hand."""
    bid_step: int = 1
    """How much each raise adds to the bid: 1, or 2 so that bids go 2, 4, 6 and so on."""
    lemons: bool = False
    """Lemons: the sevens rank above the aces, and at the end of a hand each seven you caught costs
    you 3 points, unless you caught more than half of all the sevens (lemonade)."""
    lemonade: Literal["ten", "three_each"] = "ten"
    """With lemons, what catching more than half of the sevens scores: ten = 10 points for the lot;
    three each = 3 points for each seven."""
    open_last_trick: bool = False
    """The fourth round is played with every card face up, the ribs first, and nobody may fold."""
    stakes: tuple[int, int] | None = None
    """Play for money, written large/small (for example 10/1): each hand everyone pays the large
    stake into the large pot; each raise and each fold pays the small stake into the small pot,
    which a made bid takes after the round; the large pot is shared half, quarter, quarter by
    the three best players of the hand. None: play for points only."""
    hands_to_win: int = 5
    """Hands a player must win to win the match."""
    # R-RIBS-6: several seats reaching the target on one hand play on, or share the win.
    match_tie: Literal["play_on", "share"] = "play_on"
    """When several players reach the winning number of hands on the same hand: play on = they keep
    playing until one alone is ahead; share = they all win."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 4 <= self.players <= 10:
            raise OptionsError(f"Ribs is for 4 to 10 players, not {self.players}")
        if self.bid_step not in (1, 2):
            raise OptionsError(f"bid_step must be 1 or 2, not {self.bid_step}")
        if not isinstance(self.hands_to_win, int) or self.hands_to_win < 1:
            raise OptionsError(f"hands_to_win must be a whole number of at least 1, not {self.hands_to_win}")
        stakes = self.stakes
        if stakes is not None and not (isinstance(stakes, tuple) and len(stakes) == 2 and all(type(s) is int for s in stakes)):
            raise OptionsError(f"stakes must be two whole numbers of units (large, small), not {stakes!r}")
        if stakes is not None and min(stakes) < 0:
            raise OptionsError("stakes cannot be negative")

    @property
    def bid_cap(self) -> int:
        return 4 * (self.players - 1)


def lemon_score(sevens: int, players: int, lemonade: str = "ten") -> int:
    """What a capture pile's sevens score with `lemons`: -3 each, unless the pile holds
    more than half of the pack's sevens (one per player): lemonade, +10 for the set or
    +3 each."""
    if 2 * sevens > players:
        return 10 if lemonade == "ten" else 3 * sevens
    return -3 * sevens


def share_large_pot(pot: Fraction | int, points: list[int]) -> list[Fraction]:
    """The large pot shared 50/25/25 by places 1-3; tied seats pool the shares of the
    places they cover and split them evenly."""
    shares = (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))
    out = [Fraction(0)] * len(points)
    order = sorted(range(len(points)), key=lambda s: -points[s])
    place = 0
    while place < len(order):
        group = [s for s in order if points[s] == points[order[place]]]
        pooled = sum((shares[p] for p in range(place, place + len(group)) if p < 3), Fraction(0))
        for s in group:
            out[s] = Fraction(pot) * pooled / len(group)
        place += len(group)
    return out


class RibsRules(State):
    """One match of Ribs: its rules (the engine's hooks beyond them are in `game.py`)."""

    COPIED = (
        "discard_up", "discard_folded", "folds", "has_folded", "wins", "money_net", "hand_money",
        "in_bidding", "plays", "bids", "tricks", "log", "deals",
    )
    NESTED = ("hands", "captured")
    _piles_seen: tuple[list[dict[str, Any]], int, tuple[list[str], ...], list[str], list[int | str]] | None = None
    """The texts of the capture piles and of the face-up discards, and the net money, as
    `facts` last read them, with the hand's trick records they were read at (the list and
    its length): those change only when a trick is resolved, which adds a record to
    `tricks` (the last one ends the hand and settles the money), and at a deal, which
    starts a new `tricks` list. A clone copies `tricks`, so it reads its own. The lists
    are never handed out, only copies of them."""
    _points_seen: tuple[list[dict[str, Any]], int, list[int]] | None = None
    """`hand_points` while the hand is played, kept as `_piles_seen` is."""

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        n = self.n = self.options.players
        self.cap = self.options.bid_cap
        self.strength = STRENGTH_LEMONS if self.options.lemons else STRENGTH_NORMAL
        self.step = self.options.bid_step
        self.opening_two = self.options.opening == "two"
        self.wins = [0] * n
        self.money_net: list[Fraction] = [Fraction(0)] * n

    def _deal(self, given: Any) -> None:
        n = self.n
        if given is not None:
            hands = self._hands_from_deal(given)
        else:
            cards = [r for r in range(8) for _ in range(n)]
            self.rng.shuffle(cards)
            hands = [[0] * 8 for _ in range(n)]
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = self._counts(cards[8 * i : 8 * i + 8])
        self.deals.append({"hands": [self._counts_texts(h) for h in hands]})
        self.hands = hands
        self.captured = [[0] * 8 for _ in range(n)]
        self.discard_up = [0] * 8
        self.discard_folded = [0] * 8
        self.folds: list[tuple[int, int] | None] = [None] * n
        self.has_folded = [False] * n
        self.tricks: list[dict[str, Any]] = []
        self.log = [("deal", self.hand_number, self.dealer)]  # type: list[Any]
        large = self.options.stakes[0] if self.options.stakes else 0
        self.large_pot = Fraction(large * n)
        self.small_pot = Fraction(0)
        self.hand_money = [Fraction(-large)] * n
        self.trick_no = 0
        self._start_bidding(self.dealer)

    def _hands_from_deal(self, deal: dict[str, Any]) -> list[list[int]]:
        raw = deal.get("hands")
        if not isinstance(raw, list) or len(raw) != self.n:
            raise ValueError(f"a Ribs deal has 'hands', one list of 8 ranks per seat ({self.n} seats)")
        if not all(isinstance(cards, list) and len(cards) == 8 for cards in raw):
            raise ValueError("each hand of a Ribs deal has 8 cards")
        try:
            hands = [self._counts([rank_id(str(text)) for text in cards]) for cards in raw]
        except IllegalAction as exc:
            raise ValueError(str(exc)) from None
        if [sum(h[r] for h in hands) for r in range(8)] != [self.n] * 8:
            raise ValueError(f"a {self.n}-player Ribs deal holds {self.n} cards of each rank")
        return hands

    @staticmethod
    def _counts(ranks: list[int]) -> list[int]:
        return [ranks.count(r) for r in range(8)]

    def _counts_texts(self, counts: list[int]) -> list[str]:
        return _COUNTS_TEXTS[self.strength is STRENGTH_LEMONS][tuple(counts)][:]  # `counts_texts`, one call fewer

    # --- bidding -------------------------------------------------------------------------
    def _start_bidding(self, opener: int) -> None:
        self.phase = BIDDING
        self.opener = self.turn = self.bidder = opener
        self.bid = 0
        self.in_bidding = [True] * self.n
        self.remaining = self.n
        self.bids: list[list[Any]] = []
        self.plays: list[tuple[int, int, bool] | None] = [None] * self.n
        self.played_count = 0

    def _legal_bidding(self) -> list[int]:
        cap = self.cap
        if self.bid == 0:
            return [2] if self.options.opening == "two" else list(range(2, cap + 1))
        nxt = self.bid + self.options.bid_step
        return [PASS, nxt] if nxt <= cap else [PASS]

    def _is_legal_bidding(self, action: int) -> bool:
        if self.bid:
            nxt = self.bid + self.options.bid_step
            return action == PASS or action == nxt and nxt <= self.cap
        return action == 2 if self.options.opening == "two" else action in range(2, self.cap + 1)

    def _checked_bidding(self, action: int) -> bool:
        """`apply`'s path: `_is_legal_bidding` and `_apply_bidding` in one call, False (the
        state untouched) for an action that is not legal. The move is written out again
        here, so that a checked bid costs what a pushed one does (tests/test_legality.py
        holds the two to the same moves)."""
        bid = self.bid
        seat = self.turn  # then the move, as `_apply_bidding` makes it
        if action == PASS:
            if not bid:
                return False
            self.just_ended = False
            self.history.append((seat, action))
            self.in_bidding[seat] = False
            self.remaining -= 1
            self.bids.append([seat, "pass"])
            self.log.append(("pass", seat))
        else:
            if (action != bid + self.step or action > self.cap) if bid else (
                action != 2 if self.opening_two else not 2 <= action <= self.cap
            ):
                return False
            self.just_ended = False
            self.history.append((seat, action))
            self.log.append(("bid", seat, action))
            if bid and self.options.stakes:
                self._pay_small(seat)
            self.bid = action
            self.bidder = seat
            self.bids.append([seat, action])
        if self.remaining == 1:
            self.log.append(("bidding_won", self.trick_no, self.bidder, self.bid))
            self.phase = PLAYING
            self.turn = self.bidder
            return True
        n = self.n
        nxt = (seat + 1) % n
        while not self.in_bidding[nxt]:
            nxt = (nxt + 1) % n
        self.turn = nxt
        return True

    def _apply_bidding(self, action: int) -> None:
        seat = self.turn
        if action == PASS:
            self.in_bidding[seat] = False
            self.remaining -= 1
            self.bids.append([seat, "pass"])
            self.log.append(("pass", seat))
        else:
            self.log.append(("bid", seat, action))
            if self.bid and self.options.stakes:
                self._pay_small(seat)
            self.bid = action
            self.bidder = seat
            self.bids.append([seat, action])
        if self.remaining == 1:
            self.log.append(("bidding_won", self.trick_no, self.bidder, self.bid))
            self.phase = PLAYING
            self.turn = self.bidder
            return
        nxt = (seat + 1) % self.n
        while not self.in_bidding[nxt]:
            nxt = (nxt + 1) % self.n
        self.turn = nxt

    def _pay_small(self, seat: int) -> None:
        """A raise or a fold pays one small stake to the small pot (R-RIBS-10, R-RIBS-11)."""
        small = self.options.stakes[1]  # type: ignore[index]
        self.small_pot += small
        self.hand_money[seat] -= small

    # --- play ----------------------------------------------------------------------------
    def _legal_playing(self) -> list[int]:
        pairs = held_pairs(self.hands[self.turn])
        out = [PLAY_BASE + p for p in pairs]
        if self._may_fold(self.turn):
            out.extend(FOLD_BASE + p for p in pairs)
        return out

    def _is_legal_playing(self, action: int) -> bool:
        """A pair the hand holds (a pair of one rank twice), folded only where folding is allowed."""
        pair = PAIR_ACTIONS.get(action)
        if pair is None:
            return False
        lo, hi, copies, fold = pair
        hand = self.hands[self.turn]
        return hand[lo] >= copies and hand[hi] >= copies and (not fold or self._may_fold(self.turn))

    def _checked_playing(self, action: int) -> bool:
        """`apply`'s path: `_is_legal_playing` and `_apply_playing` in one call, False (the
        state untouched) for an action that is not legal."""
        pair = PAIR_ACTIONS.get(action)
        if pair is None:
            return False
        lo, hi, copies, fold = pair
        seat = self.turn
        hand = self.hands[seat]
        if hand[lo] < copies or hand[hi] < copies:
            return False
        if fold and (seat == self.bidder or self.has_folded[seat] or not self.options.folding or self._ribs_open()):
            return False  # `_may_fold`, asked in the order that refuses soonest
        self.just_ended = False
        self.history.append((seat, action))
        self._play_pair(seat, lo, hi, fold)
        return True

    def _may_fold(self, seat: int) -> bool:
        return self.options.folding and seat != self.bidder and not self.has_folded[seat] and not self._ribs_open()

    def _ribs_open(self) -> bool:
        return self.options.open_last_trick and self.trick_no == TRICKS_PER_HAND - 1

    def _apply_playing(self, action: int) -> None:
        fold = action >= FOLD_BASE
        lo, hi = PAIR_OF[action - (FOLD_BASE if fold else PLAY_BASE)]
        self._play_pair(self.turn, lo, hi, fold)

    def _play_pair(self, seat: int, lo: int, hi: int, fold: bool) -> None:
        hand = self.hands[seat]
        hand[lo] -= 1
        hand[hi] -= 1
        self.plays[seat] = (lo, hi, fold)
        self.played_count += 1
        if fold:
            self.log.append(("fold", seat))
            self.has_folded[seat] = True
            self.folds[seat] = (lo, hi)
            if self.options.stakes:
                self._pay_small(seat)
        elif seat != self.bidder:
            self.log.append(("play", seat, *self._high_first(lo, hi)))
        elif self._ribs_open():
            self.log.append(("ribs_up", seat, *self._high_first(lo, hi)))
        else:
            self.log.append(("ribs_down", seat))
        if self.played_count == self.n:
            self._resolve_trick()
        else:
            self.turn = (seat + 1) % self.n

    def _high_first(self, lo: int, hi: int) -> tuple[int, int]:
        """A pair's ranks high first in the table's ranking (with lemons the 7 is highest)."""
        return (lo, hi) if self.strength[lo] > self.strength[hi] else (hi, lo)

    # --- resolution ---------------------------------------------------------------------
    def _resolve_trick(self) -> None:
        n, bidder, bid, strength = self.n, self.bidder, self.bid, self.strength
        plays = cast(list[tuple[int, int, bool]], self.plays)
        ra, rb, _ = plays[bidder]
        ribs = pair_text(ra, rb, strength)
        order = [(bidder + i) % n for i in range(1, n)]
        face_up = [s for s in order if not plays[s][2]]
        for s in order:
            if plays[s][2]:
                self._discard_fold(s, 1)
        pairs = {s: (plays[s][0], plays[s][1]) for s in face_up}
        first, beat, defeated_points = judge_pairs((ra, rb), list(pairs.values()), strength, self.options.beat == "both_above")
        captures: dict[int, list[int]] = {}
        cracker = face_up[first] if first is not None else None
        made = False
        if cracker is not None:
            fate = {**dict.fromkeys(face_up, "taken"), cracker: "cracked"}
            self._capture(cracker, [ra, rb, *(r for s in face_up for r in pairs[s])], captures)
            outcome = "cracked"
        else:
            fate = {s: BEATS if i in beat else DEFEATED for i, s in enumerate(face_up)}
            beaters = [s for s in face_up if fate[s] == BEATS]
            for s in beaters:
                self._capture(s, list(pairs[s]), captures)
            made = bid_made(defeated_points, bid)
            if made:
                self._capture(bidder, [ra, rb, *(r for s in face_up if fate[s] == DEFEATED for r in pairs[s])], captures)
            else:
                for s in face_up:
                    if fate[s] == DEFEATED:
                        self._capture(s, list(pairs[s]), captures)
                self.discard_up[ra] += 1
                self.discard_up[rb] += 1
            outcome = "made" if made else "failed"
        if self.options.stakes:
            if made:
                self.hand_money[bidder] += self.small_pot
            else:
                self.large_pot += self.small_pot
            self.small_pot = Fraction(0)
        self.log.append(("ribs", *self._high_first(ra, rb)))
        record = {
            "trick": self.trick_no + 1, "bidder": bidder, "bid": bid, "bids": self.bids, "ribs": ribs,
            "plays": [
                {"seat": s, "cards": None if fold else pair_text(lo, hi, strength), "folded": fold,
                 "fate": "ribs" if s == bidder else fate.get(s, "folded")}
                for s, (lo, hi, fold) in enumerate(plays)
            ],
            "outcome": outcome, "cracker": cracker, "defeated_points": defeated_points,
            "captures": {str(s): self._counts_texts(self._counts(c)) for s, c in captures.items()},
        }
        self.tricks.append(record)
        self.log.append(("trick", record))
        self.trick_no += 1
        if self.trick_no == TRICKS_PER_HAND:
            self._end_hand()
        else:
            self._start_bidding(bidder)

    def _discard_fold(self, seat: int, sign: int) -> None:
        """Put a seat's folded pair on the discard pile, face down (sign -1 takes it back)."""
        for r in self.folds[seat]:  # type: ignore[union-attr]
            self.discard_folded[r] += sign

    def _capture(self, seat: int, ranks: list[int], captures: dict[int, list[int]]) -> None:
        pile = self.captured[seat]
        for r in ranks:
            pile[r] += 1
        captures.setdefault(seat, []).extend(ranks)

    # --- scoring ------------------------------------------------------------------------
    def points_of(self, seat: int) -> int:
        """A seat's hand score from its capture pile, lemons included."""
        pile = self.captured[seat]
        raw = COUNTS_POINTS[tuple(pile)]
        if not self.options.lemons:
            return raw
        return raw - pile[SEVEN] + lemon_score(pile[SEVEN], self.n, self.options.lemonade)

    def _end_hand(self) -> None:
        points = [self.points_of(s) for s in range(self.n)]
        best = max(points)
        hand_winners = [s for s, p in enumerate(points) if p == best]
        for s in hand_winners:
            self.wins[s] += 1
        if self.options.stakes:
            for s, share in enumerate(share_large_pot(self.large_pot, points)):
                self.hand_money[s] += share
                self.money_net[s] += self.hand_money[s]
            self.large_pot = Fraction(0)
        self.log.append(("over", self.hand_number, hand_winners, best))
        self._hand_ended(points, {
            "hand_number": self.hand_number,
            "captured": [self._counts_texts(c) for c in self.captured],
            "discard": self._counts_texts([a + b for a, b in zip(self.discard_up, self.discard_folded, strict=True)]),
            "dealer": self.dealer,
            "points": points,
            "winners": hand_winners,
            "folds": [[s, pair_text(f[0], f[1], self.strength)] for s, f in enumerate(self.folds) if f],
            "tricks": self.tricks,
            "log": self.log,
            "money": [fraction_text(m) for m in self.hand_money] if self.options.stakes else None,
        })

    def _match_winners(self) -> list[int] | None:
        """The seat with the most hand wins once it reaches `hands_to_win`; several there
        together play on, or share the win (R-RIBS-6)."""
        top = max(self.wins)
        leaders = [s for s in range(self.n) if self.wins[s] == top]
        if top >= self.options.hands_to_win and (len(leaders) == 1 or self.options.match_tie == "share"):
            return leaders
        return None

    def hand_points(self) -> list[Any]:
        if self.phase == OVER:
            return list(self.hand_results[-1])
        tricks = self.tricks
        seen = self._points_seen
        if seen is None or seen[0] is not tricks or seen[1] != len(tricks):
            seen = self._points_seen = (tricks, len(tricks), [self.points_of(s) for s in range(self.n)])
        return seen[2][:]

    def match_scores(self) -> list[Any]:
        return list(self.wins)

    def money(self) -> list[Fraction] | None:
        """Each seat's net money over the match (whole hands), or None without stakes."""
        return list(self.money_net) if self.options.stakes else None

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        return _ACTION_TEXTS[self.strength is STRENGTH_LEMONS][action]

    def text_to_action(self, text: str) -> int:
        return text_to_action(text)

    def action_cards(self, action: Any) -> list[str]:
        return [] if action < PLAY_BASE else pair_text(*PAIR_OF[action % 100], self.strength).split()

    # --- what a seat may know (`parlour.games.ribs.seen`) --------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        return seen.facts(self, seat, keys)

    def facts_changed_since(self, start: int) -> Container[str] | None:
        return seen.facts_changed_since(self, start)
