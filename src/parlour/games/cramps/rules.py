"""Cramps: 4 players (5-8 with a bigger pack), no trump, every trick has its own value.

Rules and rulings R-CRAMPS-1..12 (from the published Cramps rules: the base game, "Royal
Cramps", "5 to 8 Players"): docs/rules/cramps.md.

Pack and deal. 4 players: one 52-card pack. 5-8 players add from a second pack: 5 Q-A of
each suit and 1 joker; 6 9-A and 2 jokers; 7 6-A and 3 jokers; 8 a whole pack. Every seat
gets 13 cards, dealt as slices clockwise from the dealer's left (G-4); nothing is left.
Aces high. Seat 0 deals first unless the record says otherwise; the deal passes left.

Play. Dealer+1 leads the first trick; follow suit if able, else play anything; the
highest card of the suit led wins; the winner leads next. Trick k scores the winner
V[k]: 4 players 0 -1 3 3 -3 0 5 5 -5 0 7 7 -7; 5-8 players 0 -3 5 5 -5 0 7 7 -7 0 9 9 -9;
each queen taken -1. Every hand totals 10. Jokers (5-7 players) may be played at any
time, even holding the suit led (R-CRAMPS-1); a led joker lets everyone play anything and
wins unless trumped (R-CRAMPS-2); a joker not led never wins (R-CRAMPS-3). Of two
identical cards the one played first wins (R-CRAMPS-4).

Royal Cramps (`royal`). Before play, an auction from dealer+1: bid a number from the
minimum (11; 15 with 5-8 players) to the most one can score (30; 42), above the standing
bid, or pass; a pass is final (`pass_is_final`, R-CRAMPS-6). The high bidder names a
trump suit or no trump and leads. With a trump suit the queen(s) of trumps are -4 and the
other queens 0 (R-CRAMPS-9); no trump keeps -1 per queen (R-CRAMPS-8). A bidder whose
score reaches the bid keeps that score (`royal_made`="actual", R-CRAMPS-7; "bid": scores
the bid), else scores minus the bid. If all pass the hand is played as regular.

Match. Totals carry over; the target is 31 (43 with 5-8 players). After a hand, a single
player with the highest total at or above the target wins; a tie at the top (any number
of players, R-CRAMPS-11) plays on.

Decisions the sources leave open, taken here:
- With `pass_is_final`=false the auction ends when every other player has passed in
  succession after the last bid; with no bid at all, when every player has passed once
  in succession.
- A bid at the cap still lets the others act: they can only pass (G-7).
- A royal bidder's "score" compared with the bid is the step-4 hand score (tricks and
  queens).
- `last_hand` gives the raw trick scores (`raw`), the scores after the Royal settlement
  (`scores`), the winner of each trick and the contract.
- `determinize` deals the unseen cards with cards.deal_constrained: every deal it gives
  fits the voids shown (a card of another suit played to a suit led; a joker shows
  nothing), though not all consistent deals are exactly equally likely.

Action notation: `play QS`, `play JK`; Royal: `bid 12`, `pass`, `trump H`, `trump NT`.
Internally: a card play is its face id (0..51, JOKER=52), PASS=100, a bid 100+n,
TRUMP_BASE+suit (200..203) and NO_TRUMP=204. Identical copies are one action (G-5).

Hidden information: each seat sees its own hand and the others' card counts; every bid,
pass, declaration and card played is public (G-8), so the observation's `actions` is the
whole public history of the hand. Nothing is undealt, so nothing else is hidden.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and ints (seats, card ids, points), which `view.py` words when a person reads them:
`("deal", hand, dealer)`, `("pass", seat)`, `("bid", seat, bid)`, `("no_bid",)`,
`("declare", bidder, bid, trump)` (trump a suit index or None), `("trick", k, leader,
cards, win, value, queens, trump)` (k from 0, `win` the index in `cards` of the winning
card), `("contract", bidder, taken, bid, made, score)` and `("over", hand, scores,
totals)`. The hand's summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Container, Sequence
from itertools import repeat, starmap
from typing import Any, Literal

from parlour.cards import (
    CARD_TEXTS,
    JOKER,
    SUIT_CHARS,
    high_card_winner,
    parse_card,
    sort_key,
)
from parlour.engine import (
    OVER,
    GameOptions,
    IllegalAction,
    OptionsError,
    State,
)
from parlour.games.cramps import seen
from parlour.games.cramps.pack import (
    AUCTION,
    BITS,
    CLUB_LISTS,
    DECLARE,
    DIAMOND_LISTS,
    HEART_LISTS,
    JOKER_BIT,
    PACKS,
    PLAY,
    QUEEN_TABLES,
    SHIFTS,
    SPADE_LISTS,
    SUIT_LISTS,
    TRICKS,
    cards_sorted_texts,
    full_pack_faces,
    hand_masks,
    mask_cards,
)

VALUES_4 = (0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 7, 7, -7)
VALUES_MANY = (0, -3, 5, 5, -5, 0, 7, 7, -7, 0, 9, 9, -9)
HAND_TOTAL = 10
NONE_4 = (0, 0, 0, 0)

PASS = 100
BID_BASE = 100
TRUMP_BASE = 200
NO_TRUMP = 204
Prepared = tuple[list[float], int, tuple[tuple[int, ...], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A shuffled deal made ready before it is dealt: its keys, its dealer, the hands and each
hand's face mask, second-copy mask and joker count."""


@dataclasses.dataclass(frozen=True)
class CrampsOptions(GameOptions):
    """The standard game is the source's base game for 4 players."""

    players: int = 4
    """Seats at the table: 4, or 5 to 8 with cards from a second pack and jokers added."""
    royal: bool = False
    """Royal Cramps: before the play, an auction for the right to name a trump suit (or no trumps)
    and lead the first trick."""
    # R-CRAMPS-6: a player who passed in the Royal auction may not bid again.
    pass_is_final: bool = True
    """In the Royal auction, whether a player who passes is out of the bidding for good (yes) or
    may bid again later (no)."""
    # R-CRAMPS-7: a Royal bidder who makes the bid scores the hand score, or the bid.
    royal_made: Literal["actual", "bid"] = "actual"
    """In Royal Cramps, what a bidder who makes the bid scores: actual = the points taken in the
    hand; bid = the amount of the bid. A bidder who fails loses the bid either way."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 4 <= self.players <= 8:
            raise OptionsError(f"Cramps is for 4 to 8 players, not {self.players}")

    @property
    def values(self) -> tuple[int, ...]:
        return VALUES_4 if self.players == 4 else VALUES_MANY

    @property
    def target(self) -> int:
        return 31 if self.players == 4 else 43

    @property
    def min_bid(self) -> int:
        return 11 if self.players == 4 else 15

    @property
    def max_bid(self) -> int:
        return 30 if self.players == 4 else 42


class CrampsRules(State):
    """One match of Cramps: its rules (the engine's hooks beyond them are in `game.py`)."""

    COPIED = ("masks", "dups", "jokers", "totals", "points", "tricks", "trick", "log", "_deals", "passed")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        n = self.options.players
        self._deals: list[Any] = []
        self.n = n
        self.multi = n > 4
        self.next_seat_of = tuple((s + 1) % n for s in range(n))
        self.values = self.options.values
        self.totals = [0] * n
        self._prepared: Prepared | None = None

    def _deal(self, given: Any) -> None:
        n = self.n
        prepared, self._prepared = self._prepared, None
        if given is not None:
            hands: Sequence[Sequence[int]] = self._hands_from_deal(given)
            self.masks = [0] * n
            self.dups = [0] * n
            self.jokers = [0] * n
            for s, h in enumerate(hands):
                self._set_hand(s, h)
        else:
            if prepared is None or prepared[1] != self.dealer:
                prepared = self._prepare_deal(prepared[0] if prepared else self._shuffle_keys(), self.dealer)
            _, _, hands, masks, dups, jokers = prepared
            self.masks = list(masks)
            self.dups = list(dups)
            self.jokers = list(jokers)
        self._deals.append(hands)
        self.log = [("deal", self.hand_number, self.dealer)]  # type: list[Any]
        self.points = [0] * n
        self.tricks: list[tuple[int, tuple[int, ...], int, int]] = []
        self.trick_no = 0
        self.trick: list[int] = []
        self.trump: int | None = None
        self.bid = 0
        self.bidder: int | None = None
        self.queen_value = (-1, -1, -1, -1)
        self.queen_table = QUEEN_TABLES[None]
        self.passed = [False] * n
        if self.options.royal:
            self.phase = AUCTION
            self.turn = (self.dealer + 1) % n
            self.passes_in_row = 0
        else:
            self._start_play((self.dealer + 1) % n)

    def _shuffle_keys(self) -> list[float]:
        """A deal's shuffle: one random key per card of the pack, which is dealt in the
        order of its keys (a list: a sort reads its items faster than a tuple's)."""
        return list(starmap(self.rng.random, repeat((), len(PACKS[self.n]))))

    def _prepare_deal(self, keys: list[float], dealer: int) -> Prepared:
        """The deal a shuffle's keys give with `dealer` dealing: the hands (as slices
        clockwise from the dealer's left) and their masks, made once however many copies
        deal it."""
        n = self.n
        pack = PACKS[n]
        order = sorted(range(len(pack)), key=keys.__getitem__)
        faces = [pack[i] for i in order] if self.multi else order  # 4 players: pack[i] == i
        hands: list[tuple[int, ...]] = [()] * n
        for i in range(n):
            hands[(dealer + 1 + i) % n] = tuple(faces[13 * i : 13 * i + 13])
        if not self.multi:  # one pack: each hand's mask is the sum of its cards' bits
            return keys, dealer, tuple(hands), tuple([sum(map(BITS.__getitem__, h)) for h in hands]), NONE_4, NONE_4
        masks, dups, jokers = zip(*[hand_masks(h, True) for h in hands], strict=True)
        return keys, dealer, tuple(hands), masks, dups, jokers

    def clone(self, *, hand_only: bool = False) -> State:
        """A copy (`State.clone`) whose next deal needs no copy of the random stream it
        shares: the next deal is drawn and sorted into hands first, once, and shared by
        every copy. Its keys are the draws either side would make next, since nothing but
        a deal draws."""
        shuffled_next = self.phase != OVER and self.given_deal(self.hand_number + 1) is None
        if shuffled_next and not hand_only and self._prepared is None and not self._rng_shared:
            self._prepared = self._prepare_deal(self._shuffle_keys(), self._dealer_of(self.hand_number + 1))
        return super().clone(hand_only=hand_only)

    @property  # type: ignore[override]
    def deals(self) -> list[dict[str, Any]]:
        """The deal of every hand so far, as texts (hands are kept as ids until asked)."""
        return [d if isinstance(d, dict) else {"hands": [cards_sorted_texts(h) for h in d]} for d in self._deals]

    @deals.setter
    def deals(self, value: list[Any]) -> None:
        self._deals = list(value)

    def _hands_from_deal(self, deal: dict[str, Any]) -> list[list[int]]:
        raw = deal.get("hands") if isinstance(deal, dict) else None
        if not isinstance(raw, list) or len(raw) != self.n:
            raise ValueError(f"a Cramps deal has 'hands', one list of 13 cards per seat ({self.n} seats)")
        hands = []
        for cards in raw:
            if not isinstance(cards, list) or len(cards) != TRICKS:
                raise ValueError("each hand of a Cramps deal has 13 cards")
            hands.append([parse_card(str(t)) for t in cards])
        if sorted(c for h in hands for c in h) != sorted(full_pack_faces(self.n)):
            raise ValueError(f"the deal's cards are not the {self.n}-player Cramps pack")
        return hands

    def _set_hand(self, seat: int, cards: Sequence[int]) -> None:
        self.masks[seat], self.dups[seat], self.jokers[seat] = hand_masks(cards, self.multi)

    def hand_cards(self, seat: int) -> list[int]:
        """The cards of a seat's hand, copies repeated, in the canonical order."""
        out = mask_cards(self.masks[seat])
        dups = self.dups[seat]
        if dups or self.jokers[seat] > 1:
            out = sorted(out + mask_cards(dups) + [JOKER] * max(0, self.jokers[seat] - 1), key=sort_key)
        return out

    def hand_size(self, seat: int) -> int:
        return self.masks[seat].bit_count() + self.dups[seat].bit_count() + max(0, self.jokers[seat] - 1)

    def _start_play(self, leader: int) -> None:
        self.phase = PLAY
        self.leader = leader
        self.turn = leader
        self.led = -1

    # --- Royal auction and declaration ----------------------------------------------------
    def _legal_auction(self) -> list[int]:
        low = max(self.options.min_bid, self.bid + 1)
        return [PASS, *range(BID_BASE + low, BID_BASE + self.options.max_bid + 1)]

    def _is_legal_auction(self, action: int) -> bool:
        low = max(self.options.min_bid, self.bid + 1)
        return action == PASS or action in range(BID_BASE + low, BID_BASE + self.options.max_bid + 1)

    def _apply_auction(self, action: int) -> None:
        seat = self.turn
        n = self.n
        if action == PASS:
            self.passed[seat] = True
            self.passes_in_row += 1
            self.log.append(("pass", seat))
        else:
            self.bid = action - BID_BASE
            self.bidder = seat
            self.passes_in_row = 0
            self.log.append(("bid", seat, self.bid))
        if self.options.pass_is_final:
            live = [s for s in range(n) if not self.passed[s]]
            if not live or (self.bidder is not None and live == [self.bidder]):
                self._end_auction()
                return
            nxt = (seat + 1) % n
            while self.passed[nxt]:
                nxt = (nxt + 1) % n
            self.turn = nxt
        else:
            if self.passes_in_row >= (n - 1 if self.bidder is not None else n):
                self._end_auction()
                return
            self.turn = (seat + 1) % n

    def _end_auction(self) -> None:
        if self.bidder is None:
            self.log.append(("no_bid",))
            self._start_play((self.dealer + 1) % self.n)
            return
        self.phase = DECLARE
        self.turn = self.bidder

    def _legal_declare(self) -> list[int]:
        return [TRUMP_BASE, TRUMP_BASE + 1, TRUMP_BASE + 2, TRUMP_BASE + 3, NO_TRUMP]

    def _is_legal_declare(self, action: int) -> bool:
        return action in range(TRUMP_BASE, NO_TRUMP + 1)

    def _apply_declare(self, action: int) -> None:
        if action != NO_TRUMP:
            suit = action - TRUMP_BASE
            self.trump = suit
            self.queen_value = tuple(-4 if s == suit else 0 for s in range(4))  # type: ignore[assignment]
            self.queen_table = QUEEN_TABLES[suit]
        self.log.append(("declare", self.bidder, self.bid, self.trump))
        assert self.bidder is not None
        self._start_play(self.bidder)

    # --- play ----------------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        """The engine's `legal_actions`, with the play's cards (nearly every decision) listed
        here rather than dispatched to; it is the play's `_legal_<phase>` too."""
        if self.phase != PLAY:
            return self._LEGAL[self.phase](self)
        mask = self.masks[self.turn]
        led = self.led
        if 0 <= led < 4:
            follow = (mask >> SHIFTS[led]) & 0x1FFF
            if follow:
                if mask & JOKER_BIT:
                    return [*SUIT_LISTS[led][follow], JOKER]
                return [*SUIT_LISTS[led][follow]]
        out = [
            *SPADE_LISTS[mask & 0x1FFF],
            *HEART_LISTS[(mask >> 13) & 0x1FFF],
            *DIAMOND_LISTS[(mask >> 26) & 0x1FFF],
            *CLUB_LISTS[(mask >> 39) & 0x1FFF],
        ]
        if mask & JOKER_BIT:
            out.append(JOKER)
        return out

    _legal_play = legal_actions

    def _is_legal_play(self, action: int) -> bool:
        """A card held, of the suit led unless the hand has none of it or it is a joker."""
        if not 0 <= action <= JOKER:
            return False
        mask = self.masks[self.turn]
        if not mask & BITS[action]:
            return False
        led = self.led
        return not 0 <= led < 4 or action // 13 == led or action == JOKER or not (mask >> SHIFTS[led]) & 0x1FFF

    def _checked_play(self, action: int) -> bool:
        """`apply`'s path: `_is_legal_play` and `_apply_play` in one call, False (the state
        untouched) for a card that is not legal; the move is written out again here so
        that a checked card costs what a pushed one does (tests/games/test_cramps.py holds
        the two to the same moves)."""
        if not 0 <= action <= JOKER:
            return False
        seat = self.turn
        masks = self.masks
        mask = masks[seat]
        bit = BITS[action]
        if not mask & bit:
            return False
        trick = self.trick
        suit = action // 13
        if trick:
            led = self.led
            if suit != led and led < 4 and suit < 4 and (mask >> SHIFTS[led]) & 0x1FFF:
                return False
        self.just_ended = False
        self.history.append((seat, action))
        if self.multi:
            self._take_copy(seat, action)
        else:
            masks[seat] = mask ^ bit
        trick.append(action)
        size = len(trick)
        if size == 1:
            self.led = suit
        elif size == self.n:
            self._end_trick()
            return True
        self.turn = self.next_seat_of[seat]
        return True

    def _apply_play(self, action: int) -> None:
        seat = self.turn
        if self.multi:
            self._take_copy(seat, action)
        else:
            self.masks[seat] ^= BITS[action]
        trick = self.trick
        trick.append(action)
        size = len(trick)
        if size == 1:
            self.led = action // 13
        elif size == self.n:
            self._end_trick()
            return
        self.turn = self.next_seat_of[seat]

    def _take_copy(self, seat: int, action: int) -> None:
        """Take a played card from a 5-8 player hand: a second copy or a joker first."""
        bit = BITS[action]
        if self.dups[seat] & bit:
            self.dups[seat] ^= bit
        elif action != JOKER:
            self.masks[seat] ^= bit
        else:
            self.jokers[seat] -= 1
            if not self.jokers[seat]:
                self.masks[seat] ^= bit

    def _end_trick(self) -> None:
        """One pack, no trumps (the standard game): a card beats the best so far of the suit
        led when it lies between it and the suit's top (else `high_card_winner`)."""
        trick, trump, table = self.trick, self.trump, self.queen_table
        if trump is None and not self.multi:
            a, b, c, d = trick
            top = a - a % 13 + 13
            best, win = a, 0
            if best < b < top:
                best, win = b, 1
            if best < c < top:
                best, win = c, 2
            if best < d < top:
                win = 3
            queens = table[a] + table[b] + table[c] + table[d]
        else:
            win = high_card_winner(trick, self.led, trump)
            queens = sum(map(table.__getitem__, trick))
        leader = self.leader
        winner = (leader + win) % self.n
        k = self.trick_no
        value = self.values[k]
        self.points[winner] += value + queens
        cards = tuple(trick)
        self.tricks.append((leader, cards, winner, value + queens))
        self.log.append(("trick", k, leader, cards, win, value, queens, trump))
        self.trick_no = k + 1
        self.trick = []
        if k == TRICKS - 1:
            self._end_hand()
        else:
            self.leader = self.turn = winner
            self.led = -1

    # --- scoring -------------------------------------------------------------------------
    def _settled(self, raw: list[int]) -> list[int]:
        """The hand's scores from the trick points: a Royal bidder who made the bid keeps
        the score (or the bid, `royal_made`), one who fell short loses the bid."""
        scores = list(raw)
        b = self.bidder
        if b is not None:
            if raw[b] >= self.bid:
                scores[b] = self.bid if self.options.royal_made == "bid" else raw[b]
            else:
                scores[b] = -self.bid
        return scores

    def _end_hand(self) -> None:
        raw = list(self.points)
        scores = self._settled(raw)
        made: bool | None = None
        if self.bidder is not None:
            b = self.bidder
            made = raw[b] >= self.bid
            self.log.append(("contract", b, raw[b], self.bid, made, scores[b]))
        for s in range(self.n):
            self.totals[s] += scores[s]
        self.log.append(("over", self.hand_number, scores, list(self.totals)))
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "raw": raw,
            "scores": scores,
            "bid": self.bid or None,
            "bidder": self.bidder,
            "trump": self._trump_text(),
            "made": made,
            "trick_winners": [t[2] for t in self.tricks],
            "log": self.log,
        }
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        """A single player with the highest total at or above the target; a tie at the top
        plays on (R-CRAMPS-11)."""
        top = max(self.totals)
        leaders = [s for s in range(self.n) if self.totals[s] == top]
        return leaders if top >= self.options.target and len(leaders) == 1 else None

    def _trump_text(self) -> str | None:
        if self.bidder is None:
            return None
        return "NT" if self.trump is None else SUIT_CHARS[self.trump]

    def hand_points(self) -> list[Any]:
        return list(self.points)

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action <= JOKER:
            return "play " + CARD_TEXTS[action]
        if action == PASS:
            return "pass"
        if action < TRUMP_BASE:
            return f"bid {action - BID_BASE}"
        if action == NO_TRUMP:
            return "trump NT"
        return "trump " + SUIT_CHARS[action - TRUMP_BASE]

    def text_to_action(self, text: str) -> int:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        if verb == "pass" and len(words) == 1:
            return PASS
        if verb == "play" and len(words) == 2:
            try:
                return parse_card(words[1])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
        if verb == "bid" and len(words) == 2:
            try:
                value = int(words[1])
            except ValueError:
                raise IllegalAction(f"{words[1]!r} is not a number to bid.") from None
            if not 1 <= value < TRUMP_BASE - BID_BASE:
                raise IllegalAction(f"A bid of {value} is not possible in Cramps.")
            return BID_BASE + value
        if verb == "trump" and len(words) == 2:
            word = words[1].upper()
            if word in ("NT", "NO", "NOTRUMP"):
                return NO_TRUMP
            if len(word) == 1 and word in SUIT_CHARS:
                return TRUMP_BASE + SUIT_CHARS.index(word)
        raise IllegalAction(f"{text!r} is not a Cramps action: play QS, bid 12, pass, trump H or trump NT.")

    def action_cards(self, action: Any) -> list[str]:
        return [CARD_TEXTS[action]] if action <= JOKER else []

    # --- what a seat may know (`parlour.games.cramps.seen`) ------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        return seen.facts(self, seat, keys)

    def facts_changed_since(self, start: int) -> Container[str] | None:
        return seen.facts_changed_since(self, start)
