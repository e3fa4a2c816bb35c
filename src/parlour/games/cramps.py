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
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Sequence
from typing import Any, Literal

from parlour.cards import (
    CARD_TEXTS,
    JOKER,
    QUEEN,
    SUIT_CHARS,
    SUIT_MASKS,
    SUIT_NAMES,
    deal_constrained,
    high_card_winner,
    parse_card,
    shown_voids,
    sort_key,
    suits_mask,
)
from parlour.engine import (
    OVER,
    Game,
    GameOptions,
    IllegalAction,
    Limits,
    OptionsError,
    State,
    seat_list,
)

VALUES_4 = (0, -1, 3, 3, -3, 0, 5, 5, -5, 0, 7, 7, -7)
VALUES_MANY = (0, -3, 5, 5, -5, 0, 7, 7, -7, 0, 9, 9, -9)
TRICKS = 13
HAND_TOTAL = 10
EXTRA_RANKS = {5: range(10, 13), 6: range(7, 13), 7: range(4, 13), 8: range(0, 13)}
EXTRA_JOKERS = {5: 1, 6: 2, 7: 3, 8: 0}

PASS = 100
BID_BASE = 100
TRUMP_BASE = 200
NO_TRUMP = 204
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

AUCTION, DECLARE, PLAY = "auction", "declare", "play"


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


def mask_cards(mask: int) -> list[int]:
    """The faces set in a hand mask in the canonical order: by suit, high to low, jokers last."""
    out: list[int] = []
    for s in range(4):
        out.extend(SUIT_LISTS[s][(mask >> (13 * s)) & 0x1FFF])
    if mask & JOKER_BIT:
        out.append(JOKER)
    return out


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


def full_pack_faces(players: int) -> list[int]:
    """Every physical card for `players` seats (13 each): the source's pack."""
    faces = list(range(52))
    if players > 4:
        faces += [13 * s + r for s in range(4) for r in EXTRA_RANKS[players]]
        faces += [JOKER] * EXTRA_JOKERS[players]
    return faces


PACKS = {n: tuple(full_pack_faces(n)) for n in range(4, 9)}


def cards_sorted_texts(faces: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(faces, key=sort_key)]


class CrampsState(State):
    """One match of Cramps."""

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

    def _deal(self, given: Any) -> None:
        n = self.n
        if given is not None:
            hands = self._hands_from_deal(given)
        else:
            rnd = self.rng.random
            faces = sorted(PACKS[n], key=lambda _c: rnd())
            hands = [[] for _ in range(n)]
            for i in range(n):
                hands[(self.dealer + 1 + i) % n] = faces[13 * i : 13 * i + 13]
        self._deals.append(hands)
        self.masks = [0] * n
        self.dups = [0] * n
        self.jokers = [0] * n
        for s, h in enumerate(hands):
            self._set_hand(s, h)
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

    def _set_hand(self, seat: int, cards: list[int]) -> None:
        """A hand is a mask of the faces held, a mask of the faces held twice (5-8 players)
        and a count of jokers (bit 52 of the mask while any is held)."""
        m = dups = 0
        for c in cards:
            m |= BITS[c]
        if m.bit_count() < len(cards):
            seen = 0
            for c in cards:
                bit = BITS[c]
                if seen & bit and c != JOKER:
                    dups |= bit
                seen |= bit
        self.masks[seat] = m
        self.dups[seat] = dups
        self.jokers[seat] = cards.count(JOKER) if m & JOKER_BIT else 0

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

    def _apply_auction(self, action: int) -> None:
        seat = self.turn
        n = self.n
        if action == PASS:
            self.passed[seat] = True
            self.passes_in_row += 1
            self.log.append(f"Seat {seat} passes.")
        else:
            self.bid = action - BID_BASE
            self.bidder = seat
            self.passes_in_row = 0
            self.log.append(f"Seat {seat} bids {self.bid}.")
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
            self.log.append("Nobody bids: the hand is played as regular Cramps.")
            self._start_play((self.dealer + 1) % self.n)
            return
        self.phase = DECLARE
        self.turn = self.bidder

    def _legal_declare(self) -> list[int]:
        return [TRUMP_BASE, TRUMP_BASE + 1, TRUMP_BASE + 2, TRUMP_BASE + 3, NO_TRUMP]

    def _apply_declare(self, action: int) -> None:
        if action == NO_TRUMP:
            self.log.append(f"Seat {self.bidder} plays {self.bid} at no trump; queens are -1 each.")
        else:
            suit = action - TRUMP_BASE
            self.trump = suit
            self.queen_value = tuple(-4 if s == suit else 0 for s in range(4))  # type: ignore[assignment]
            self.queen_table = QUEEN_TABLES[suit]
            self.log.append(
                f"Seat {self.bidder} plays {self.bid} with {SUIT_NAMES[suit]} trumps; "
                f"the queen of {SUIT_NAMES[suit]} is -4, other queens 0."
            )
        assert self.bidder is not None
        self._start_play(self.bidder)

    # --- play ----------------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        mask = self.masks[self.turn]
        led = self.led
        if 0 <= led < 4:
            follow = (mask >> SHIFTS[led]) & 0x1FFF
            if follow:
                if mask & JOKER_BIT:
                    return [*SUIT_LISTS[led][follow], JOKER]
                return list(SUIT_LISTS[led][follow])
        out = [
            *SPADE_LISTS[mask & 0x1FFF],
            *HEART_LISTS[(mask >> 13) & 0x1FFF],
            *DIAMOND_LISTS[(mask >> 26) & 0x1FFF],
            *CLUB_LISTS[(mask >> 39) & 0x1FFF],
        ]
        if mask & JOKER_BIT:
            out.append(JOKER)
        return out

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

    def rollout(self, choice: Callable[[Sequence[Any]], Any]) -> list[Any]:
        """The hand's scores after the moves `playout` would make for the same choices,
        keeping only the hand masks, the card winning the trick so far and the points:
        what a search needs of a rollout (the state is spent afterwards). The moves are
        those of `_legal_play`/`_apply_play` (same lists, same order), in one loop."""
        if self.phase != PLAY or self.multi:
            return super().rollout(choice)
        masks, points, values, queen_table = self.masks, self.points, self.values, self.queen_table
        trump = -1 if self.trump is None else self.trump
        turn, k, led = self.turn, self.trick_no, self.led
        played = len(self.trick)
        best = best_seat = -1
        queens = 0
        if played:
            win = high_card_winner(self.trick, led, self.trump)
            best, best_seat = self.trick[win], (self.leader + win) & 3
            queens = sum(queen_table[c] for c in self.trick)
        while True:
            mask = masks[turn]
            follow = (mask >> SHIFTS[led]) & 0x1FFF if played else 0
            if follow:
                card = choice(SUIT_LISTS[led][follow])
            else:
                card = choice([
                    *SPADE_LISTS[mask & 0x1FFF],
                    *HEART_LISTS[(mask >> 13) & 0x1FFF],
                    *DIAMOND_LISTS[(mask >> 26) & 0x1FFF],
                    *CLUB_LISTS[(mask >> 39) & 0x1FFF],
                ])
            masks[turn] = mask ^ BITS[card]
            queens += queen_table[card]
            suit = card // 13
            if not played:
                led, best, best_seat = suit, card, turn
            elif suit == best // 13:
                if card > best:
                    best, best_seat = card, turn
            elif suit == trump:
                best, best_seat = card, turn
            played += 1
            if played < 4:
                turn = (turn + 1) & 3
                continue
            points[best_seat] += values[k] + queens
            k += 1
            if k == TRICKS:
                self.phase = OVER
                return self._settled(points)
            turn = best_seat
            played = queens = 0

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

    def _why_not(self, action: Any) -> str | None:
        phase = self.phase
        if not isinstance(action, int) or isinstance(action, bool):
            return f"{action!r} is not a Cramps action"
        if phase == PLAY:
            if action > JOKER:
                return "It is time to play a card."
            if not self.masks[self.turn] >> action & 1:
                return f"You do not hold {CARD_TEXTS[action]}."
            return f"You must follow suit: you hold {SUIT_NAMES[self.led]}."
        if phase == AUCTION:
            if action != PASS and not BID_BASE < action < TRUMP_BASE:
                return "It is the auction: bid a number of points, or pass."
            low = max(self.options.min_bid, self.bid + 1)
            if action - BID_BASE < low:
                return f"A bid must be at least {low}."
            return f"Nobody can score more than {self.options.max_bid}: bid at most that."
        return "Name trumps: trump S, trump H, trump D, trump C or trump NT."

    def _end_trick(self) -> None:
        trick = self.trick
        win = high_card_winner(trick, self.led, self.trump)
        leader = self.leader
        winner = (leader + win) % self.n
        k = self.trick_no
        value = self.values[k]
        queens = sum(map(self.queen_table.__getitem__, trick))
        self.points[winner] += value + queens
        cards = tuple(trick)
        self.tricks.append((leader, cards, winner, value + queens))
        self.log.append((k, leader, cards, win, value, queens, self.trump))
        self.trick_no = k + 1
        self.trick = []
        if k == TRICKS - 1:
            self._end_hand()
        else:
            self.leader = self.turn = winner
            self.led = -1

    def sentence(self, entry: Any) -> str:
        """Trick results and deals are kept as tuples until read."""
        if isinstance(entry, str):
            return entry
        if entry[0] == "deal":
            return f"Hand {entry[1] + 1}: seat {entry[2]} deals."
        if entry[0] == "over":
            return f"Hand {entry[1] + 1} over: scores {seat_list(entry[2])}; totals {seat_list(entry[3])}."
        k, leader, cards, win, value, queens, trump = entry
        n = self.n
        winner = (leader + win) % n
        card = cards[win]
        plays = ", ".join(f"{(leader + i) % n} {CARD_TEXTS[c]}" for i, c in enumerate(cards))
        extra = f" and {queens:+d} for queens" if queens else ""
        return (
            f"Trick {k + 1} (worth {value:+d}; seats {plays}): seat {winner} wins with "
            f"{CARD_TEXTS[card]}, {self._why_won(cards, win, trump)}, scoring {value:+d}{extra}."
        )

    @staticmethod
    def _why_won(cards: tuple[int, ...], win: int, trump: int | None) -> str:
        card = cards[win]
        if card == JOKER:
            return "the joker led"
        if trump is not None and card // 13 == trump and cards[0] // 13 != trump:
            return f"the highest trump ({SUIT_NAMES[trump]})"
        why = f"the highest {SUIT_NAMES[card // 13][:-1]}"
        return why + ", played first of two" if cards.count(card) > 1 else why

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
            self.log.append(
                f"Seat {b} took {raw[b]} against a bid of {self.bid}: "
                + (f"made, scoring {scores[b]}." if made else f"set, scoring {-self.bid}.")
            )
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

    def last_hand_view(self) -> dict[str, Any] | None:
        last = self.last_hand
        if last is None:
            return None
        return {**last, "log": [self.sentence(e) for e in last["log"]]}

    def _trump_text(self) -> str | None:
        if self.bidder is None:
            return None
        return "NT" if self.trump is None else SUIT_CHARS[self.trump]

    def hand_points(self) -> list[Any]:
        return list(self.points)

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in full_pack_faces(self.n)]

    def card_places(self) -> dict[str, list[str]]:
        places: dict[str, list[str]] = {}
        for s in range(self.n):
            places[f"hand-{s}"] = self._hand_texts(s)
        places["tricks"] = [CARD_TEXTS[c] for _leader, cards, _winner, _value in self.tricks for c in cards]
        places["table"] = [CARD_TEXTS[c] for c in self.trick]
        return places

    def _hand_texts(self, seat: int) -> list[str]:
        return [CARD_TEXTS[c] for c in self.hand_cards(seat)]

    def check_invariants(self) -> None:
        """Trick points so far equal the values of the tricks played plus their queens, and a
        finished hand totals 10 unless a Royal bidder was set (R-CRAMPS-10)."""
        assert sum(self.points) == sum(v for _l, _c, _w, v in self.tricks)
        played = len(self.tricks) * self.n + len(self.trick)
        for s in range(self.n):
            assert self.hand_size(s) == TRICKS - sum(1 for i in range(played) if self._player_of(i) == s) or self.phase == OVER
        if self.hand_over() and self.last_hand is not None:
            last = self.last_hand
            assert sum(last["raw"]) == HAND_TOTAL, f"a hand totals {sum(last['raw'])}, not 10"
            if last["made"] is False:
                b = last["bidder"]
                assert sum(last["scores"]) == HAND_TOTAL - last["raw"][b] - last["bid"]

    def _player_of(self, index: int) -> int:
        """Seat that played the index-th card of the hand (for the invariant)."""
        k, i = divmod(index, self.n)
        leader = self.tricks[k][0] if k < len(self.tricks) else self.leader
        return (leader + i) % self.n

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

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None) -> dict[str, Any]:
        """Every bid, pass, declaration and card played is public (G-8); a seat's own hand
        is its only secret."""
        n = self.n
        return {
            "hand": self._hand_texts(seat) if seat is not None else None,
            "hand_sizes": [self.hand_size(s) for s in range(n)],
            "trick_number": min(self.trick_no + 1, TRICKS),
            "trick_values": list(self.values),
            "trick": [[(self.leader + i) % n, CARD_TEXTS[c]] for i, c in enumerate(self.trick)] if self.phase == PLAY else [],
            "tricks": [
                {"leader": ld, "cards": [CARD_TEXTS[c] for c in cards], "winner": w, "points": v}
                for ld, cards, w, v in self.tricks
            ],
            "auction": {
                "bid": self.bid or None,
                "bidder": self.bidder,
                "min_bid": self.options.min_bid,
                "max_bid": self.options.max_bid,
                "passed": [s for s in range(n) if self.passed[s]],
            },
            "trump": self._trump_text() if self.phase in (PLAY, OVER) else None,
            "queen_values": list(self.queen_value),
            "target": self.options.target,
        }

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones = [
            {"id": f"table-{s}", "kind": "table", "owner": s, "label": f"Seat {s} plays", "cards": [c], "hidden": 0}
            for s, c in obs["trick"]
        ]
        for s in range(self.n):
            won = [c for t in obs["tricks"] if t["winner"] == s for c in t["cards"]]
            zones.append({"id": f"tricks-{s}", "kind": "pile", "owner": s,
                          "label": f"Seat {s}'s tricks ({obs['scores']['hand'][s]:+d})", "cards": won, "hidden": 0})
        return zones

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The value of the trick being played is the game's main decision; then the
        contract, the queens and the target."""
        out = []
        if not obs["match_over"]:
            k = obs["trick_number"]
            out.append({"label": f"Trick {k} of {TRICKS} is worth", "value": f"{obs['trick_values'][k - 1]:+d}"})
            values = [f"[{v:+d}]" if i + 1 == k else f"{v:+d}" for i, v in enumerate(obs["trick_values"])]
            out.append({"label": "Trick values", "value": " ".join(values)})
        auction = obs["auction"]
        if auction["bidder"] is not None:
            trump = {None: "to be named", "NT": "no trump"}.get(obs["trump"], obs["trump"])
            out.append({"label": "Contract", "value": f"seat {auction['bidder']} bid {auction['bid']}, trumps {trump}"})
        elif obs["phase"] == AUCTION:
            out.append({"label": "Auction", "value": f"bids {auction['min_bid']} to {auction['max_bid']}, no bid yet"})
        queens = sorted(set(obs["queen_values"]))
        out.append({"label": "Queens", "value": "-1 each" if queens == [-1] else "-4 the queen of trumps, others 0"})
        out.append({"label": "Target", "value": str(obs["target"])})
        return out

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last finished trick of this hand, its winner marked."""
        if not self.tricks:
            return None
        leader, cards, winner, points = self.tricks[-1]
        n = self.n
        plays = [
            {"seat": (leader + i) % n, "cards": [CARD_TEXTS[c]], "face_down": False, "mark": (leader + i) % n == winner}
            for i, c in enumerate(cards)
        ]
        return {
            "label": f"Trick {len(self.tricks)}",
            "plays": plays,
            "explanation": self.sentence(next(e for e in reversed(self.log) if isinstance(e, tuple) and e[0] != "over")),
        }

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> CrampsState:
        """A copy whose other hands are reshuffled among themselves, sizes kept."""
        other = self.clone()
        assert isinstance(other, CrampsState)
        if other.phase == OVER:
            return other
        seats = [s for s in range(self.n) if s != seat]
        pool = [c for s in seats for c in self.hand_cards(s)]
        rng.shuffle(pool)
        at = 0
        for s in seats:
            size = self.hand_size(s)
            other._set_hand(s, pool[at : at + size])
            at += size
        return other

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Deal the unseen cards among the other seats, respecting the voids shown (a
        joker shows nothing, R-CRAMPS-1); nothing is ever masked."""
        n = options.players
        seat = observation["seat"]
        unseen = full_pack_faces(n)
        played: list[list[int]] = [[] for _ in range(n)]
        for actor, text in observation["actions"]:
            if text.startswith("play "):
                c = parse_card(text[5:])
                played[actor].append(c)
                unseen.remove(c)
        mine = [parse_card(t) for t in observation["hand"]]
        for c in mine:
            unseen.remove(c)
        voids = voids_shown(observation["actions"], n)
        others = [s for s in range(n) if s != seat]
        parts = deal_constrained(
            unseen, [observation["hand_sizes"][s] for s in others], [suits_mask(voids[s]) for s in others], rng
        )
        dealt = dict(zip(others, parts, strict=True))
        hands = [cards_sorted_texts((mine if s == seat else dealt[s]) + played[s]) for s in range(n)]
        return {"hands": hands}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])


def voids_shown(actions: list[list[Any]], players: int) -> list[int]:
    """Per seat the suits (a mask) it has shown it lacks in the hand's public actions; a
    joker may be played holding the suit led, so it shows nothing (R-CRAMPS-1)."""
    plays = [(actor, parse_card(text[5:])) for actor, text in actions if text.startswith("play ")]
    tricks = [(plays[i][1] // 13, plays[i + 1 : i + players]) for i in range(0, len(plays), players)]
    return shown_voids(tricks, players, free=JOKER_BIT)


class Cramps(Game):
    name = "cramps"
    title = "Cramps"
    min_players = 4
    max_players = 8
    Options = CrampsOptions
    state_class = CrampsState

    def heuristic_bot(self) -> str | None:
        return "cramps-heuristic"

    def limits(self, options: GameOptions) -> Limits:
        """13 tricks of n cards; the Royal auction has at most one bid per number and a pass
        of every seat between bids, then the trump call. A seat scores at most every
        positive trick and at least every negative one with every queen (or both trump
        queens at -4), and a failed Royal contract takes at most the top bid off that."""
        assert isinstance(options, CrampsOptions)
        n = options.players
        values = VALUES_4 if n == 4 else VALUES_MANY
        pack = full_pack_faces(n)
        queens = max(sum(1 for f in pack if f in QUEENS), 4 * max(pack.count(q) for q in QUEENS))
        low = sum(v for v in values if v < 0) - queens
        high = sum(v for v in values if v > 0)
        auction = 0
        if options.royal:
            auction = (options.max_bid - options.min_bid + 1) * n + n + 1
            low -= options.max_bid
            high = max(high, options.max_bid)
        return Limits(
            hand_actions=13 * n + auction,
            match_hands=None,
            hand_scores=(low, high),
            hand_sum=None if options.royal else 10,
            notes="no match bound: a tie at the top plays on",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, CrampsOptions)
        cards = list(range(52)) + ([JOKER] if EXTRA_JOKERS.get(options.players) else [])
        if not options.royal:
            return cards
        bids = [BID_BASE + b for b in range(options.min_bid, options.max_bid + 1)]
        return [*cards, PASS, *bids, *range(TRUMP_BASE, NO_TRUMP + 1)]


GAME = Cramps()
CrampsState.game = GAME
