"""Mighty: five players, a widow, a contract, and a partner called by a card and kept secret.

Rules and rulings R-MIGHTY-1..24 (from Denexa Games' published rules, section "Mighty"):
docs/rules/mighty.md; the conventions G-1..G-11: docs/rules/conventions.md.

Seats and deal. Five players; a 53-card pack (52 and one joker), aces high. Point cards
A K Q J T, 20 in all. Each seat gets 10 cards (slices clockwise from the dealer's left,
G-4) and 3 make the widow. Record deal keys: `hands`, `widow`. Seat 0 deals first and the
dealer opens the first auction; afterwards the deal passes to the last declarer's
partner (or to the declarer without one, R-MIGHTY-10) and the last declarer opens.

Special cards: the mighty (AS, or AD when spades are trumps) always wins; the joker is
next; the ripper (3C, or 3S when clubs are trumps), when led, forces the joker out of any
other hand, and the joker then has no power (R-MIGHTY-7; `ripper`="called": only when the
leader plays `play 3C call`).

Hand flow:
1. Auction from the opener, clockwise among the seats still in: pass (final) or bid
   higher. A bid is `min_bid`..20 with a suit or NT; (n, suit) < (n, NT) < (n+1, any).
   It ends when one bidder remains, at once on 20 NT (R-MIGHTY-4). All five passing
   throws the cards in and the same dealer deals again, which is not a hand (R-MIGHTY-3,
   R-MIGHTY-17; `all_pass`="force": the opener must then bid `min_bid` in a suit or NT).
2. Exchange: the declarer takes the widow (automatic) and discards 3 face down; their
   points count for the declarer (R-MIGHTY-14).
3. Trump: the bid's suit keeps the contract; another suit costs +2, NT to a suit +2, a
   suit to NT +1; never above 20 (R-MIGHTY-5).
4. Call: any of the 53 cards or `none` (R-MIGHTY-15); after a 20 NT bid a real call may
   add a lead-suit hint (R-MIGHTY-22). Whoever holds the card is the secret partner; one
   in the declarer's hand or the discards means no partner (R-MIGHTY-9).
5. Ten tricks, the declarer leading first. Neither mighty nor joker may be led to trick
   1, nor the joker to trick 10 unless it is the last card (R-MIGHTY-8). A led joker
   names the suit to follow (any of the four, R-MIGHTY-23). Follow that suit if able; the
   mighty may always be played and belongs to its suit (R-MIGHTY-16); the joker may
   always be played (R-MIGHTY-6; `joker_free`=false: only when void) and must be played
   on a ripper lead. Winner: the mighty, else a joker with power, else the highest
   trump, else the highest card of the suit to follow.
6. After each trick holding a point card won by a seat whose side is unknown (not the
   declarer, not a revealed partner, sides not all known), that seat acts `reveal`
   (legal only for the partner) or `pass` (R-MIGHTY-11, R-MIGHTY-19). Playing the called
   card reveals at once; the declarer playing it makes every side known (R-MIGHTY-20).
7. Score: D = 20 - defenders' points. Made if D >= contract c; u = c - 12 whatever the
   shortfall (R-MIGHTY-12). With a partner: declarer +-2u, partner +-u, defenders -+u;
   without: declarer +-4u, the four others -+u. D = 20 (run) or defenders >= 11 (back
   run) doubles every score.
Match: `hands` scored hands (G-9); the highest total wins, ties share.

Decisions the sources leave open, taken here: with `all_pass`="force" the opener, after
the fifth pass, acts again with only the `min_bid` bids legal; the declarer's discards are
never shown to anyone else, even after the hand (only the final score tells their
points); the declarer sees the widow it took and its discards all hand. A record's
`deals` lists thrown-in deals too (deal k is not hand k). The observation's hand scores
are the point cards each seat has taken in tricks (the discards' points stay hidden).

Action notation: `bid 14 S`, `bid 15 NT`, `pass`, `discard JK AS 9C` (any order in),
`trump S`/`trump NT`, `call AH`, `call JK`, `call none`, `call AH hint S`, `play QS`,
`play JK H`, `play JK`, `play 3C call`, `reveal`. Internally ints (see the *_BASE names).

Hidden information: a seat sees its own hand, all bids, the contract, the call, every card
played and who won it; the declarer also sees the widow and its discards. Who holds the
called card is secret until it is played or its holder reveals.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from typing import Any, Literal

from parlour.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    JOKER,
    SPADES,
    TEN,
    THREE,
    card,
    card_symbol,
    card_text,
    cards_of,
    deal,
    deal_constrained,
    mask_of,
    pack,
    parse_card,
    shown_voids,
    sort_key,
    suit_of,
    suits_mask,
    symbols,
    trick_winner,
    trump_label,
)
from parlour.engine import Game, GameOptions, IllegalAction, Limits, OptionsError, State, plural

NT = 4
TRUMP_TEXT = ("S", "H", "D", "C", "NT")
TRUMP_WORDS = tuple(trump_label(t) for t in TRUMP_TEXT)
"""The same as people read them: ♠ ♥ ♦ ♣, no trump."""


def bid_words(bid: str) -> str:
    """A bid of the facts ("14 S") as people read it ("14 ♠")."""
    n, _, suit = bid.partition(" ")
    return f"{n} {trump_label(suit)}"


PASS = 0
REVEAL = 1
BID_BASE = 100  # + 5 * n + suit (suit 4 = NT)
TRUMP_BASE = 300  # + suit
CALL_BASE = 400  # + card; CALL_NONE
CALL_NONE = 453
HINT_BASE = 500  # + 4 * card + hint suit
PLAY_BASE = 1000  # + card
JOKER_LEAD = 1100  # + named suit
RIPPER_CALL = 1200
DISCARD_BASE = 10000  # + (a * 53 + b) * 53 + c, a < b < c
SEATS = 5
AUCTION, EXCHANGE, TRUMP, CALL, PLAY, REVEAL_PHASE = "auction", "exchange", "trump", "call", "play", "reveal"
POINTS_MASK = sum(1 << card(r, s) for r in range(TEN, ACE + 1) for s in range(4))


def mighty_of(trump: int) -> int:
    return card(ACE, DIAMONDS) if trump == SPADES else card(ACE, SPADES)


def ripper_of(trump: int) -> int:
    return card(THREE, SPADES) if trump == CLUBS else card(THREE, CLUBS)


def points(mask: int) -> int:
    return bin(mask & POINTS_MASK).count("1")


def canonical(cards: list[int]) -> list[int]:
    """R-MIGHTY-24: the joker first, then suits S H D C high to low."""
    return sorted(cards, key=lambda c: (-1, 0) if c == JOKER else sort_key(c))


def contract_cost(bid_suit: int, new: int) -> int:
    return 0 if new == bid_suit else 1 if new == NT else 2


def _suit(c: int) -> int:
    return -1 if c == JOKER else suit_of(c)


def trick_winner_index(cards: list[int], follow: int | None, trump: int, ripper_led: bool) -> int:
    """The index of the card winning `cards` (a trick, or the start of one: bots look
    ahead with it): the mighty, else a joker with power, else the highest trump, else the
    highest card of the suit to follow."""
    mighty = mighty_of(trump)
    if mighty in cards:
        return cards.index(mighty)
    if JOKER in cards and not ripper_led:
        return cards.index(JOKER)
    return trick_winner(cards, -1 if follow is None else follow, None if trump == NT else trump, suit=_suit)


def shown_lacks(tricks: list[dict[str, Any]], trump: int | None, joker_free: bool) -> list[int]:
    """Per seat, a mask of the cards play has shown it lacks: the suits it did not follow
    (the mighty, and with `joker_free` the joker, may be played holding the suit; a joker
    played to a ripper lead was forced) and the joker, for a seat that followed a led
    ripper with another card (R-MIGHTY-7)."""
    free = 0 if trump is None else 1 << mighty_of(trump)
    if joker_free:
        free |= 1 << JOKER
    no_joker = [0] * SEATS
    plays = []
    for t in tricks:
        follows = [(s, parse_card(text)) for s, text in t["cards"][1:]]
        if t["ripper"]:
            for s, c in follows:
                no_joker[s] |= (c != JOKER) << JOKER
            follows = [(s, c) for s, c in follows if c != JOKER]
        plays.append((None if t["follow"] is None else TRUMP_TEXT.index(t["follow"]), follows))
    voids = shown_voids(plays, SEATS, free=free)
    return [suits_mask(voids[s]) | no_joker[s] for s in range(SEATS)]


@dataclasses.dataclass(frozen=True)
class MightyOptions(GameOptions):
    """The source's game with the rulings' defaults."""

    players: int = 5
    """Always 5: the declarer, a secret partner and three defenders."""
    hands: int = 10
    """Scored hands in the match; the highest total then wins."""
    # R-MIGHTY-1: the lowest bid; 20 is the highest.
    min_bid: int = 13
    """The lowest bid; the highest is 20."""
    # R-MIGHTY-3: all five pass -> the same dealer deals again, or the opener must bid min_bid.
    all_pass: Literal["redeal", "force"] = "redeal"
    """When all five pass: redeal = the same dealer deals again; force = the opener must bid the
    lowest bid."""
    # R-MIGHTY-6: the joker may be played at any time (false: only when void in the suit).
    joker_free: bool = True
    """Whether the joker may be played at any time (yes) or only when you cannot follow suit (no)."""
    # R-MIGHTY-7: a led ripper forces the joker out, or only when led with `call`.
    ripper: Literal["automatic", "called"] = "automatic"
    """How the ripper works: automatic = leading it always forces the joker out; called = only when
    its leader calls for the joker."""

    def check(self) -> None:
        if self.players != SEATS:
            raise OptionsError(f"Mighty is for 5 players, not {self.players}")
        if not isinstance(self.hands, int) or self.hands < 1:
            raise OptionsError(f"hands must be a whole number of at least 1, not {self.hands}")
        if not isinstance(self.min_bid, int) or not 13 <= self.min_bid <= 20:
            raise OptionsError(f"min_bid must be from 13 to 20, not {self.min_bid}")


class MightyState(State):
    """One match of Mighty."""

    options: MightyOptions
    called: int | None
    hint: int | None
    partner: int | None
    revealed: int | None
    follow: int | None
    COPIED = ("totals", "hands", "widow", "discards", "passed", "bids", "trick", "tricks", "won", "log", "deals")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        self.totals = [0] * SEATS
        self.opener = self.passes_to = self.first_dealer
        self.deal_number, self.throw_ins = -1, 0

    def _dealer_of(self, hand: int) -> int:
        """R-MIGHTY-10: the deal passes to the last declarer's partner, or to the declarer
        without one (set when a hand ends); the first dealer deals first."""
        return self.passes_to

    def _deal(self, given: Any) -> None:
        """Deal from the record's deal of this deal's number (a thrown-in deal has one too,
        so the record is read by deal, not by hand), else from the shuffle."""
        given = self.given_deal(len(self.deals))
        if given is None:
            slices, widow = deal(pack(jokers=1), self.rng, [10] * SEATS)
            hands = [slices[(s - self.dealer - 1) % SEATS] for s in range(SEATS)]
        else:
            try:
                hands = [[parse_card(t) for t in h] for h in given["hands"]]
                widow = [parse_card(t) for t in given["widow"]]
            except (KeyError, TypeError, ValueError):
                hands, widow = [], []
            if [len(h) for h in hands] != [10] * SEATS or sorted(widow + [c for h in hands for c in h]) != list(range(53)):
                raise ValueError("a Mighty deal has 'hands' (10 cards for each of 5 seats) and 'widow' (3): the 53 cards once each")
        self.deals.append({"hands": [[card_text(c) for c in canonical(h)] for h in hands],
                           "widow": [card_text(c) for c in widow]})
        self.deal_number += 1
        self.hands = [mask_of(h) for h in hands]
        self.widow = list(widow)
        self.discards: list[int] = []
        self.phase = AUCTION
        self.turn = self.opener
        self.passed, self.won = [False] * SEATS, [0] * SEATS
        self.bids: list[list[Any]] = []
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[dict[str, Any]] = []
        self.best: tuple[int, int] | None = None
        self.declarer = self.bid_suit = self.trump = self.leader = -1
        self.mighty, self.ripper = mighty_of(-1), ripper_of(-1)
        self.contract = 0
        self.forced = self.sides_known = self.ripper_led = False
        self.called = self.hint = self.partner = self.revealed = self.follow = None
        head = f"Hand {self.hand_number + 1}: "
        self.log = [head + (f"all passed; seat {self.dealer} deals again." if self.throw_ins else
                            f"seat {self.dealer} deals; seat {self.opener} opens the auction.")]

    # --- 1. the auction -------------------------------------------------------------------
    def _legal_auction(self) -> list[int]:
        low = self.options.min_bid
        if self.forced:
            return [BID_BASE + 5 * low + s for s in range(5)]
        key = -1 if self.best is None else 2 * self.best[0] + (self.best[1] == NT)
        return [PASS] + [BID_BASE + 5 * n + s for n in range(low, 21) for s in range(5) if 2 * n + (s == NT) > key]

    def _apply_auction(self, action: int) -> None:
        seat = self.turn
        if action == PASS:
            self.passed[seat] = True
            self.bids.append([seat, "pass"])
            self.log.append(f"Seat {seat} passes.")
        else:
            n, s = divmod(action - BID_BASE, 5)
            self.best, self.declarer, self.forced, self.passed[seat] = (n, s), seat, False, False
            self.bids.append([seat, f"{n} {TRUMP_TEXT[s]}"])
            self.log.append(f"Seat {seat} bids {n} {TRUMP_WORDS[s]}.")
        if self.best == (20, NT) or (self.best is not None and sum(self.passed) == SEATS - 1):
            self._end_auction()
            return
        if all(self.passed):
            if self.options.all_pass == "force":
                self.forced = True
                self.turn = self.opener
                self.log.append(f"All pass: seat {self.opener} must bid {self.options.min_bid}.")
                return
            self.throw_ins += 1
            self.hand_start = len(self.history)
            self._deal(None)
            return
        nxt = (seat + 1) % SEATS
        while self.passed[nxt]:
            nxt = (nxt + 1) % SEATS
        self.turn = nxt

    def _end_auction(self) -> None:
        assert self.best is not None
        n, s = self.contract, self.bid_suit = self.best
        d = self.declarer
        self.hands[d] |= mask_of(self.widow)
        self.phase = EXCHANGE
        self.turn = d
        self.log.append(f"Seat {d} declares at {n} {TRUMP_WORDS[s]} and takes the widow.")

    # --- 2-4. exchange, trumps, the call ----------------------------------------------------
    def _legal_exchange(self) -> list[int]:
        return [self._discard_code(list(t)) for t in itertools.combinations(cards_of(self.hands[self.turn]), 3)]

    def _apply_exchange(self, action: int) -> None:
        cs = self._discard_cards(action)
        self.discards = cs
        self.hands[self.turn] &= ~mask_of(cs)
        self.log.append(f"Seat {self.turn} discards three cards face down.")
        self.phase = TRUMP

    @staticmethod
    def _discard_code(cs: list[int]) -> int:
        a, b, c = sorted(cs)
        return DISCARD_BASE + (a * 53 + b) * 53 + c

    @staticmethod
    def _discard_cards(code: int) -> list[int]:
        x = code - DISCARD_BASE
        return [x // (53 * 53), x // 53 % 53, x % 53]

    def _legal_trump(self) -> list[int]:
        return [TRUMP_BASE + s for s in range(5) if self.contract + contract_cost(self.bid_suit, s) <= 20]

    def _apply_trump(self, action: int) -> None:
        s = action - TRUMP_BASE
        self.contract += contract_cost(self.bid_suit, s)
        self.trump, self.mighty, self.ripper = s, mighty_of(s), ripper_of(s)
        self.log.append(f"Trumps: {TRUMP_WORDS[s]}; the contract is {self.contract} {TRUMP_WORDS[s]}.")
        self.phase = CALL

    def _legal_call(self) -> list[int]:
        out = [CALL_BASE + c for c in range(53)] + [CALL_NONE]
        if self.best == (20, NT):
            out += [HINT_BASE + 4 * c + h for c in range(53) for h in range(4)]
        return out

    def _apply_call(self, action: int) -> None:
        seat = self.turn
        if action == CALL_NONE:
            self.sides_known = True
            self.log.append("The declarer plays without a partner.")
        else:
            c, self.hint = divmod(action - HINT_BASE, 4) if action >= HINT_BASE else (action - CALL_BASE, None)
            self.called = c
            self.partner = next((s for s in range(SEATS) if s != seat and self.hands[s] >> c & 1), None)
            hint = f", suggesting a {TRUMP_WORDS[self.hint]} lead" if self.hint is not None else ""
            self.log.append(f"The declarer calls {card_text(c)}{hint}; its holder is the partner.")
        self.phase = PLAY
        self.turn = self.leader = seat

    # --- 5-6. tricks and reveals ------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        return sorted(self._legal_plays(self.turn), key=self._play_order)

    @staticmethod
    def _play_order(action: int) -> tuple[int, int]:
        """Legal plays listed in the canonical card order (R-MIGHTY-24), joker leads first."""
        if action >= JOKER_LEAD:
            return (-1, action)
        c = action - PLAY_BASE
        return (-1, 0) if c == JOKER else sort_key(c)

    def _legal_plays(self, seat: int) -> list[int]:
        hand = cards_of(self.hands[seat])
        if not self.trick:
            t = len(self.tricks)
            out = []
            for c in hand:
                if c == JOKER:
                    if len(hand) == 1:
                        out.append(PLAY_BASE + JOKER)
                    elif 0 < t < 9:
                        out.extend(JOKER_LEAD + s for s in range(4))
                    continue
                if t == 0 and c == self.mighty:
                    continue
                out.append(PLAY_BASE + c)
                if c == self.ripper and self.options.ripper == "called":
                    out.append(RIPPER_CALL)
            return out or [PLAY_BASE + c for c in hand]
        if self.ripper_led and self.hands[seat] >> JOKER & 1:
            return [PLAY_BASE + JOKER]
        f = self.follow
        if f is None or not any(c != JOKER and suit_of(c) == f for c in hand):
            return [PLAY_BASE + c for c in hand]
        free = {self.mighty, JOKER} if self.options.joker_free else {self.mighty}
        return [PLAY_BASE + c for c in hand if (c != JOKER and suit_of(c) == f) or c in free]

    def _apply_play(self, action: int) -> None:
        seat = self.turn
        c = self._card_of(action)
        self.hands[seat] &= ~(1 << c)
        if not self.trick:
            self.follow = suit_of(c) if c != JOKER else action - JOKER_LEAD if action >= JOKER_LEAD else None
            self.ripper_led = c == self.ripper and (self.options.ripper == "automatic" or action == RIPPER_CALL)
        self.trick.append((seat, c))
        if c == self.called and not self.sides_known:
            self.sides_known = True
            if seat == self.declarer:
                self.log.append(f"Seat {seat}, the declarer, plays the called card: no partner.")
            else:
                self.revealed = seat
                self.log.append(f"Seat {seat} plays the called card: it is the partner.")
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        self._end_trick()

    def _card_of(self, action: int) -> int:
        if action == RIPPER_CALL:
            return self.ripper
        return JOKER if JOKER_LEAD <= action < JOKER_LEAD + 4 else action - PLAY_BASE

    def _end_trick(self) -> None:
        cs = [x for _, x in self.trick]
        w = trick_winner_index(cs, self.follow, self.trump, self.ripper_led)
        why = ("the mighty" if cs[w] == self.mighty else "the joker" if cs[w] == JOKER
               else "the highest trump" if suit_of(cs[w]) == self.trump else "the highest card of the suit to follow")
        winner = self.trick[w][0]
        self.won[winner] |= mask_of(cs)
        texts = [card_text(x) for x in cs]
        self.log.append(
            f"Trick {len(self.tricks) + 1}: {' '.join(texts)} led by seat {self.leader}"
            f"{' (ripper: the joker has no power)' if self.ripper_led and JOKER in cs else ''}; "
            f"seat {winner} wins with {card_text(cs[w])}, {why}."
        )
        self.tricks.append({
            "leader": self.leader, "cards": [[s, card_text(x)] for s, x in self.trick],
            "follow": TRUMP_TEXT[self.follow] if self.follow is not None else None,
            "ripper": self.ripper_led, "winner": winner,
        })
        self.trick = []
        self.leader = self.turn = winner
        if points(mask_of(cs)) and winner != self.declarer and not self.sides_known:
            self.phase = REVEAL_PHASE
            return
        self._after_trick()

    def _legal_reveal(self) -> list[int]:
        holds = self.called is not None and self.hands[self.turn] >> self.called & 1
        return [REVEAL, PASS] if holds else [PASS]

    def _apply_reveal(self, action: int) -> None:
        seat = self.turn
        if action == REVEAL:
            self.revealed, self.sides_known = seat, True
            self.log.append(f"Seat {seat} reveals: it is the partner.")
        else:
            self.log.append(f"Seat {seat} does not reveal.")
        self._after_trick()

    def _after_trick(self) -> None:
        self.phase = PLAY
        self.turn = self.leader
        if len(self.tricks) == 10:
            self._end_hand()

    def _why_not(self, action: Any) -> str | None:
        if not isinstance(action, int) or isinstance(action, bool):
            return f"{action!r} is not a Mighty action"
        phase, low = self.phase, self.options.min_bid
        if phase == AUCTION:
            if self.forced:
                return f"Everyone passed: you must bid {low} in a suit or NT."
            if not BID_BASE + 5 * low <= action < TRUMP_BASE:
                return f"Bid from {low} to 20 in a suit or NT, or pass."
            return "Bid higher than the current bid ((n, suit) < (n, NT) < (n+1, any)), or pass."
        if phase == EXCHANGE:
            cards = self._discard_cards(action) if DISCARD_BASE <= action < DISCARD_BASE + 53 ** 3 else []
            lacking = [c for c in cards if not self.hands[self.turn] >> c & 1]
            return f"You do not hold {card_text(lacking[0])}." if lacking else "Discard three cards, like 'discard 2C 3D 4H'."
        if phase in (TRUMP, CALL, REVEAL_PHASE):
            return {TRUMP: "Name trumps: the bid's suit, or a change the contract can afford (never above 20).",
                    CALL: "Call a card ('call AH', 'call JK') or 'call none'; a hint only after a 20 NT bid.",
                    REVEAL_PHASE: "Only the partner may reveal: say 'pass'." if action == REVEAL else "Say 'reveal' or 'pass'."}[phase]
        lead_only = JOKER_LEAD <= action < JOKER_LEAD + 4 or action == RIPPER_CALL
        if not (PLAY_BASE <= action <= PLAY_BASE + JOKER or lead_only):
            return "It is time to play a card."
        c = self._card_of(action)
        if not self.hands[self.turn] >> c & 1:
            return f"You do not hold {card_text(c)}."
        if action == RIPPER_CALL and self.options.ripper == "automatic":
            return "A led ripper always forces the joker: play it without 'call'."
        if lead_only and self.trick:
            return "Only the leader names the joker's suit or calls with the ripper."
        if not self.trick:
            if not self.tricks:
                return "Neither the mighty nor the joker may be led to the first trick."
            return "A led joker names the suit to follow, like 'play JK H'."
        if self.ripper_led:
            return "The ripper was led: you must play the joker."
        return f"You must follow {TRUMP_WORDS[self.follow or 0]} (the mighty and the joker are always allowed)."

    # --- 7. scoring ---------------------------------------------------------------------
    def hand_result(self) -> tuple[list[int], dict[str, Any]]:
        """Each seat's score for the hand just played, and the figures behind it."""
        side = {self.declarer} | ({self.partner} if self.partner is not None else set())
        defenders = sum(points(self.won[s]) for s in range(SEATS) if s not in side)
        d = 20 - defenders
        c = self.contract
        made = d >= c
        u = (c - 12) * (1 if made else -1)
        mult = 2 if d == 20 or defenders >= 11 else 1
        out = [-u * mult] * SEATS
        if self.partner is not None:
            out[self.declarer], out[self.partner] = 2 * u * mult, u * mult
        else:
            out[self.declarer] = 4 * u * mult
        info = {"declarer_points": d, "defender_points": defenders, "made": made,
                "run": d == 20, "back_run": defenders >= 11}
        return out, info

    def _end_hand(self) -> None:
        scores, info = self.hand_result()
        self.totals = [t + x for t, x in zip(self.totals, scores, strict=True)]
        extra = " A run: scores doubled." if info["run"] else (" A back run: scores doubled." if info["back_run"] else "")
        self.log.append(
            f"Hand {self.hand_number + 1} over: the declarer's side took {plural(info['declarer_points'], 'point')} against "
            f"a contract of {self.contract}: {'made' if info['made'] else 'broken'}.{extra}"
        )
        summary = {
            "hand_number": self.hand_number, "dealer": self.dealer, "declarer": self.declarer,
            "contract": f"{self.contract} {TRUMP_TEXT[self.trump]}",
            "called": card_text(self.called) if self.called is not None else "none",
            "partner": self.partner, **info, "scores": scores, "tricks": self.tricks, "log": self.log,
        }
        self.passes_to = self.partner if self.partner is not None else self.declarer
        self.opener = self.declarer
        self.throw_ins = 0
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        """After `hands` scored hands (G-9) the highest total wins; ties share."""
        if len(self.hand_results) < self.options.hands:
            return None
        best = max(self.totals)
        return [s for s in range(SEATS) if self.totals[s] == best]

    def hand_points(self) -> list[Any]:
        """The point cards each seat has taken in tricks (the declarer's discards, which
        also count for it, stay hidden)."""
        return [points(w) for w in self.won]

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [card_text(c) for c in range(53)]

    def card_places(self) -> dict[str, list[str]]:
        places = {f"{kind}-{s}": [card_text(c) for c in cards_of(masks[s])]
                  for kind, masks in (("hand", self.hands), ("won", self.won)) for s in range(SEATS)}
        pile = "widow" if self.phase == AUCTION else "discards"
        places[pile] = [card_text(c) for c in getattr(self, pile)]
        places["trick"] = [card_text(c) for _, c in self.trick]
        return places

    def check_invariants(self) -> None:
        """Every hand's scores sum to 0 and the totals are their sums (the source's balance)."""
        for row in self.hand_results:
            assert sum(row) == 0, f"a hand's scores {row} do not balance"
        assert self.totals == [sum(r[s] for r in self.hand_results) for s in range(SEATS)]

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action >= DISCARD_BASE:
            return "discard " + " ".join(card_text(c) for c in canonical(self._discard_cards(action)))
        if action >= PLAY_BASE:
            if action == RIPPER_CALL:
                return f"play {card_text(self.ripper)} call"
            return f"play JK {TRUMP_TEXT[action - JOKER_LEAD]}" if action >= JOKER_LEAD else "play " + card_text(action - PLAY_BASE)
        if action >= HINT_BASE:
            c, h = divmod(action - HINT_BASE, 4)
            return f"call {card_text(c)} hint {TRUMP_TEXT[h]}"
        if action >= CALL_BASE:
            return "call none" if action == CALL_NONE else "call " + card_text(action - CALL_BASE)
        if action >= TRUMP_BASE:
            return "trump " + TRUMP_TEXT[action - TRUMP_BASE]
        if action >= BID_BASE:
            n, s = divmod(action - BID_BASE, 5)
            return f"bid {n} {TRUMP_TEXT[s]}"
        return "reveal" if action == REVEAL else "pass"

    def action_label(self, action: Any) -> str:
        """Bids and trumps with suit symbols or "no trump" (`bid 14 ♠`), the call in words
        and a led joker with the suit it asks for."""
        words = self.action_to_text(action).split()
        verb = words[0]
        if verb == "bid":
            return f"bid {bid_words(' '.join(words[1:]))}"
        if verb == "trump":
            return "no trump" if words[1] == "NT" else f"trumps {trump_label(words[1])}"
        if verb == "call":
            if words[1] == "none":
                return "call no card: play alone"
            called = f"call {card_symbol(words[1])} as partner"
            return f"{called}, suggesting a {trump_label(words[3])} lead" if len(words) == 4 else called
        if verb == "play" and len(words) == 3:
            if words[2] == "call":
                return f"play {card_symbol(words[1])}, calling for the joker"
            return f"lead the Joker, asking for {trump_label(words[2])}"
        return symbols(" ".join(words))

    def text_to_action(self, text: str) -> int:
        """Reads the texts of `action_to_text`, any case, discards in any order, 10 for T."""
        words = text.strip().upper().split()
        verb, n = (words[0], len(words)) if words else ("", 0)
        try:
            if words in (["PASS"], ["REVEAL"]):
                return REVEAL if verb == "REVEAL" else PASS
            if verb == "BID" and n == 3 and 0 <= int(words[1]) <= 20:
                return BID_BASE + 5 * int(words[1]) + TRUMP_TEXT.index(words[2])
            if verb == "DISCARD" and n == 4 and len({parse_card(w) for w in words[1:]}) == 3:
                return self._discard_code([parse_card(w) for w in words[1:]])
            if verb == "TRUMP" and n == 2:
                return TRUMP_BASE + TRUMP_TEXT.index(words[1])
            if verb == "CALL" and n == 2:
                return CALL_NONE if words[1] == "NONE" else CALL_BASE + parse_card(words[1])
            if verb == "CALL" and n == 4 and words[2] == "HINT":
                return HINT_BASE + 4 * parse_card(words[1]) + TRUMP_TEXT[:4].index(words[3])
            if verb == "PLAY" and n == 2:
                return PLAY_BASE + parse_card(words[1])
            if verb == "PLAY" and n == 3 and words[2] == "CALL" and parse_card(words[1]) == self.ripper:
                return RIPPER_CALL
            if verb == "PLAY" and n == 3 and parse_card(words[1]) == JOKER:
                return JOKER_LEAD + TRUMP_TEXT[:4].index(words[2])
        except ValueError:
            pass
        raise IllegalAction(
            f"{text!r} is not a Mighty action: bid 14 S, pass, discard 2C 3D 4H, trump S, call AH, "
            "play QS, play JK H, reveal."
        )

    def action_cards(self, action: Any) -> list[str]:
        if action >= DISCARD_BASE:
            return [card_text(c) for c in canonical(self._discard_cards(action))]
        if PLAY_BASE <= action <= RIPPER_CALL:
            return [card_text(self._card_of(action))]
        return []

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None) -> dict[str, Any]:
        """Bids, the contract, the call, every card played and who won it are public; the
        widow and the discards are the declarer's; who holds the called card is secret
        until it is played or revealed."""
        started = self.phase != AUCTION
        declarer_view = started and seat is not None and seat == self.declarer
        playing = self.phase in (PLAY, REVEAL_PHASE)
        return {
            "hand": [card_text(c) for c in canonical(cards_of(self.hands[seat]))] if seat is not None else None,
            "hand_sizes": [bin(h).count("1") for h in self.hands],
            "deal_number": self.deal_number,
            "throw_ins": self.throw_ins,
            "opener": self.opener,
            "bids": [list(b) for b in self.bids],
            "declarer": self.declarer if started else None,
            "contract": self.contract if started else None,
            "bid_suit": TRUMP_TEXT[self.bid_suit] if started else None,
            "trump": TRUMP_TEXT[self.trump] if self.trump >= 0 else None,
            "called": (card_text(self.called) if self.called is not None else "none") if playing else None,
            "hint": TRUMP_TEXT[self.hint] if self.hint is not None else None,
            "partner": self.revealed,
            "sides_known": self.sides_known,
            "widow": [card_text(c) for c in self.widow] if declarer_view else None,
            "discards": [card_text(c) for c in canonical(self.discards)] if declarer_view else None,
            "trick": {"leader": self.leader, "cards": [[s, card_text(c)] for s, c in self.trick],
                      "follow": TRUMP_TEXT[self.follow] if self.trick and self.follow is not None else None,
                      "ripper": self.ripper_led and bool(self.trick)} if playing else None,
            "tricks": [dict(t) for t in self.tricks],
            "won_points": [[card_text(c) for c in canonical(cards_of(w & POINTS_MASK))] for w in self.won],
        }

    def _seen_as(self, index: int, actor: int, action: Any) -> str | None:
        """The declarer's discards are face down: the others see only that it discarded."""
        return "discard" if action >= DISCARD_BASE else None

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones: list[dict[str, Any]] = []
        if obs["phase"] == AUCTION:
            zones.append({"id": "widow", "kind": "pile", "owner": None, "label": "Widow", "cards": [], "hidden": 3})
        elif self.discards:
            zones.append({"id": "discards", "kind": "pile", "owner": self.declarer, "label": "Discards",
                          "cards": obs["discards"] or [], "hidden": 0 if obs["discards"] else 3})
        if obs["trick"] is not None:
            zones.append({"id": "trick", "kind": "table", "owner": None,
                          "label": f"Trick {len(self.tricks) + 1}, led by seat {self.leader}",
                          "cards": [t for _, t in obs["trick"]["cards"]], "hidden": 0})
        for s in range(SEATS):
            zones.append({"id": f"won-{s}", "kind": "pile", "owner": s, "label": f"Seat {s}'s point cards",
                          "cards": obs["won_points"][s], "hidden": 0})
        return zones

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The contract and the sides (who plays with whom is the game's question), the
        special cards, and the point cards each side has taken in tricks."""
        declarer, trump, partner = obs["declarer"], obs["trump"], obs["partner"]
        if declarer is None:
            best = next((f"seat {s} bids {bid_words(b)}" for s, b in reversed(obs["bids"]) if b != "pass"), "no bid yet")
            return [{"label": "Auction", "value": f"{best}; seat {obs['opener']} opened"}]
        rows = [("Contract", f"seat {declarer} bid {obs['contract']} {trump_label(obs['bid_suit'])}; trumps to be named"
                 if trump is None else f"seat {declarer}, {obs['contract']} {trump_label(trump)}")]
        if obs["called"] is not None:
            rows.append(("Called", obs["called"] + (f", suggesting a {trump_label(obs['hint'])} lead" if obs["hint"] else "")))
            known = f"seat {partner}" if partner is not None else "none" if obs["sides_known"] else "unknown"
            rows.append(("Partner", known))
        if trump is not None:
            t = TRUMP_TEXT.index(trump)
            rows += [("Mighty", card_text(mighty_of(t))), ("Ripper", card_text(ripper_of(t)))]
        taken = obs["scores"]["hand"]
        ours = taken[declarer] + (taken[partner] if partner is not None else 0)
        sides = ("declarer's side", "defenders") if obs["sides_known"] else ("declarer", "others (sides unknown)")
        rows.append(("Points taken", f"{sides[0]} {ours}, {sides[1]} {sum(taken) - ours}; needs {obs['contract']}"))
        return [{"label": label, "value": value} for label, value in rows]

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last finished trick of this hand, its winner marked."""
        if not self.tricks:
            return None
        last, label = self.tricks[-1], f"Trick {len(self.tricks)}"
        plays = [{"seat": s, "cards": [t], "face_down": False, "mark": s == last["winner"]} for s, t in last["cards"]]
        return {"label": label, "plays": plays, "explanation": next(e for e in reversed(self.log) if e.startswith(label + ":"))}

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> MightyState:
        """The other hands, and the widow or the discards where hidden, reshuffled."""
        other = self.clone()
        assert isinstance(other, MightyState)
        others = [s for s in range(SEATS) if s != seat]
        pile = "widow" if self.phase == AUCTION else "discards" if self.discards and seat != self.declarer else ""
        pool = [c for s in others for c in cards_of(self.hands[s])] + (getattr(self, pile) if pile else [])
        rng.shuffle(pool)
        for s in others:
            size = bin(self.hands[s]).count("1")
            other.hands[s], pool = mask_of(pool[:size]), pool[size:]
        if pile:
            setattr(other, pile, pool)
        return other

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Deal the unseen cards among the hidden places, respecting what play has shown:
        the voids and the joker shown missing (`shown_lacks`), and a revealed partner
        holding the called card until it is played. Where the discards are hidden they are
        dealt as the widow the declarer took and put back."""
        assert isinstance(options, MightyOptions)
        seat, declarer, hand = observation["seat"], observation["declarer"], observation["hand"]
        auction = observation["phase"] == AUCTION
        tricks = observation["tricks"] + ([observation["trick"]] if observation["trick"] else [])
        played = [[parse_card(t) for trick in tricks for p, t in trick["cards"] if p == s] for s in range(SEATS)]
        discards = [parse_card(t) for t in observation["discards"] or []]
        hidden_at = [i for i, (_, text) in enumerate(observation["actions"]) if text == "discard"]
        seen = mask_of(parse_card(t) for t in hand) | mask_of(discards) | mask_of(c for p in played for c in p)
        trump = observation["trump"]
        forbidden = shown_lacks(tricks, TRUMP_TEXT.index(trump) if trump else None, options.joker_free) + [0]
        required: list[list[int]] = [[] for _ in range(SEATS + 1)]
        called, holder = observation["called"], observation["partner"]
        if called not in (None, "none") and holder not in (None, seat) and not seen >> parse_card(called) & 1:
            required[holder].append(parse_card(called))
        sizes = [0 if s == seat else n for s, n in enumerate(observation["hand_sizes"])]
        unseen = [c for c in range(53) if not seen >> c & 1]
        parts = deal_constrained(unseen, [*sizes, 3 if auction or hidden_at else 0], forbidden, rng, required=required)
        parts[seat] = [parse_card(t) for t in hand]
        if auction:
            widow = parts[SEATS]
        elif seat == declarer:
            widow = [parse_card(t) for t in observation["widow"]]
        elif hidden_at:
            widow = discards = parts[SEATS]
        else:
            widow = rng.sample(parts[declarer], 3)
        hands = [set(parts[s]) | set(played[s]) for s in range(SEATS)]
        if not auction:
            hands[declarer] = (hands[declarer] | set(discards)) - set(widow)
        deal = {"hands": [[card_text(c) for c in sorted(h)] for h in hands], "widow": [card_text(c) for c in widow]}
        return deal, {i: cls._discard_code(discards) for i in hidden_at}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])
        self.opener = observation["opener"]
        self.passes_to = observation["dealer"]
        self.deal_number = observation["deal_number"] - 1
        self.throw_ins = observation["throw_ins"]


class Mighty(Game):
    name = "mighty"
    title = "Mighty"
    min_players = 5
    max_players = 5
    Options = MightyOptions
    state_class = MightyState

    def heuristic_bot(self) -> str | None:
        return "mighty-heuristic"

    def render_text(self, observation: dict[str, Any]) -> str:
        """The generic view under the status line: contract, call, partner, points taken."""
        from parlour.views import generic_view

        head = "; ".join(f"{row['label']}: {row['value']}" for row in observation["status"])
        return f"  {head}.\n" + generic_view(observation)

    def limits(self, options: GameOptions) -> Limits:
        """Per deal an auction of rising bids (five strains a number) with one pass a seat
        (and the forced bid), the discard, the trump and the call, ten tricks of five cards
        and a reveal-or-pass after each. The contract is at most 20, so u = c - 12 <= 8 and
        a lone declarer doubled takes at most 64; every hand is zero-sum."""
        assert isinstance(options, MightyOptions)
        per_deal = (21 - options.min_bid) * 5 + 5 + 1 + 3 + 50 + 10
        redeal = options.all_pass == "redeal"
        u = 20 - 12
        return Limits(
            hand_actions=None if redeal else per_deal,
            match_hands=options.hands,
            hand_scores=(-8 * u, 8 * u),
            hand_sum=0,
            notes=(
                f"with all_pass=redeal a thrown-in deal is dealt again without end in principle; "
                f"each deal takes at most {per_deal} actions" if redeal else ""
            ),
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, MightyOptions)
        out = [PASS, REVEAL, *(BID_BASE + 5 * n + s for n in range(options.min_bid, 21) for s in range(5))]
        out += [*range(TRUMP_BASE, TRUMP_BASE + 5), *range(CALL_BASE, CALL_NONE + 1), *range(HINT_BASE, HINT_BASE + 4 * 53)]
        out += [*range(PLAY_BASE, PLAY_BASE + 53), *range(JOKER_LEAD, JOKER_LEAD + 4)]
        out += [RIPPER_CALL] if options.ripper == "called" else []
        return out + [MightyState._discard_code(list(t)) for t in itertools.combinations(range(53), 3)]


GAME = Mighty()
MightyState.game = GAME
