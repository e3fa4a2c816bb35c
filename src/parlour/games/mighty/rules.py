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

Events. The rules write no words: the hand's log is a list of events, tuples of a kind and
data (seats, card ids, strains 0-3 a suit and 4 no trump), which `view.py` words when a
person reads them: `("deal", hand, dealer, opener, again)` (`again`: the same dealer deals
after a throw-in), `("pass", seat)`, `("bid", seat, n, strain)`, `("forced", opener,
min_bid)`, `("declare", declarer, n, strain)`, `("discard", declarer)`, `("trump", strain,
contract)`, `("call", card, hint)` (card None: no partner; hint a strain or None),
`("called_played", seat, by_declarer)`, `("trick", k, leader, cards, win, trump,
ripper_led)` (k from 0, `win` the index in `cards` of the winning card), `("reveal", seat,
revealed)` and `("over", hand, declarer_points, contract, made, run, back_run)`. The hand's
summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Collection
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
    card_text,
    cards_of,
    deal,
    mask_of,
    pack,
    parse_card,
    sort_key,
    suit_of,
    trick_winner,
)
from parlour.engine import GameOptions, IllegalAction, OptionsError, State

NT = 4
TRUMP_TEXT = ("S", "H", "D", "C", "NT")
BID_TEXT = {(n, s): f"{n} {TRUMP_TEXT[s]}" for n in range(21) for s in range(5)}
"""A bid or contract in the notation of the facts ("14 S"), looked up, not formatted."""

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


SUIT_LISTS = tuple(
    tuple(tuple(13 * s + r for r in range(12, -1, -1) if bits >> r & 1) for bits in range(1 << 13)) for s in range(4)
)
"""For each suit, the card ids of every 13-bit pattern, high to low: a hand in order without a sort."""


def in_order(mask: int) -> list[int]:
    """The cards of a hand mask in the canonical order (R-MIGHTY-24): the joker first, then
    suits S H D C high to low."""
    out = [JOKER] if mask >> JOKER & 1 else []
    for s in range(4):
        out.extend(SUIT_LISTS[s][(mask >> 13 * s) & 0x1FFF])
    return out


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


def discard_code(cs: list[int]) -> int:
    a, b, c = sorted(cs)
    return DISCARD_BASE + (a * 53 + b) * 53 + c


def discard_cards(code: int) -> list[int]:
    x = code - DISCARD_BASE
    return [x // (53 * 53), x // 53 % 53, x % 53]


def action_text(action: int, ripper: int) -> str:
    """An action's notation (`ripper`: the ripper card, which `play 3C call` names)."""
    if action >= DISCARD_BASE:
        return "discard " + " ".join(card_text(c) for c in canonical(discard_cards(action)))
    if action >= PLAY_BASE:
        if action == RIPPER_CALL:
            return f"play {card_text(ripper)} call"
        return f"play JK {TRUMP_TEXT[action - JOKER_LEAD]}" if action >= JOKER_LEAD else "play " + card_text(action - PLAY_BASE)
    if action >= HINT_BASE:
        c, h = divmod(action - HINT_BASE, 4)
        return f"call {card_text(c)} hint {TRUMP_TEXT[h]}"
    if action >= CALL_BASE:
        return "call none" if action == CALL_NONE else "call " + card_text(action - CALL_BASE)
    if action >= TRUMP_BASE:
        return "trump " + TRUMP_TEXT[action - TRUMP_BASE]
    if action >= BID_BASE:
        return "bid " + BID_TEXT[divmod(action - BID_BASE, 5)]
    return "reveal" if action == REVEAL else "pass"


def card_of(action: int, ripper: int) -> int:
    """The card a play action plays."""
    if action == RIPPER_CALL:
        return ripper
    return JOKER if JOKER_LEAD <= action < JOKER_LEAD + 4 else action - PLAY_BASE


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


class MightyRules(State):
    """One match of Mighty: its rules (the engine's hooks beyond them are in `game.py`)."""

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
        self.log = [("deal", self.hand_number, self.dealer, self.opener, self.throw_ins > 0)]  # type: list[Any]

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
            self.log.append(("pass", seat))
        else:
            n, s = divmod(action - BID_BASE, 5)
            self.best, self.declarer, self.forced, self.passed[seat] = (n, s), seat, False, False
            self.bids.append([seat, BID_TEXT[n, s]])
            self.log.append(("bid", seat, n, s))
        if self.best == (20, NT) or (self.best is not None and sum(self.passed) == SEATS - 1):
            self._end_auction()
            return
        if all(self.passed):
            if self.options.all_pass == "force":
                self.forced = True
                self.turn = self.opener
                self.log.append(("forced", self.opener, self.options.min_bid))
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
        self.log.append(("declare", d, n, s))

    # --- 2-4. exchange, trumps, the call ----------------------------------------------------
    def _legal_exchange(self) -> list[int]:
        return [discard_code(list(t)) for t in itertools.combinations(cards_of(self.hands[self.turn]), 3)]

    def _apply_exchange(self, action: int) -> None:
        cs = discard_cards(action)
        self.discards = cs
        self.hands[self.turn] &= ~mask_of(cs)
        self.log.append(("discard", self.turn))
        self.phase = TRUMP

    def _legal_trump(self) -> list[int]:
        return [TRUMP_BASE + s for s in range(5) if self.contract + contract_cost(self.bid_suit, s) <= 20]

    def _apply_trump(self, action: int) -> None:
        s = action - TRUMP_BASE
        self.contract += contract_cost(self.bid_suit, s)
        self.trump, self.mighty, self.ripper = s, mighty_of(s), ripper_of(s)
        self.log.append(("trump", s, self.contract))
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
            self.log.append(("call", None, None))
        else:
            c, self.hint = divmod(action - HINT_BASE, 4) if action >= HINT_BASE else (action - CALL_BASE, None)
            self.called = c
            self.partner = next((s for s in range(SEATS) if s != seat and self.hands[s] >> c & 1), None)
            self.log.append(("call", c, self.hint))
        self.phase = PLAY
        self.turn = self.leader = seat

    # --- 5-6. tricks and reveals ------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        """The plays of the seat to act in the canonical card order (R-MIGHTY-24), a led
        joker's suits and a called ripper first."""
        mask = self.hands[self.turn]
        hand = in_order(mask)
        if not self.trick:
            t = len(self.tricks)
            front: list[int] = []
            out = []
            for c in hand:
                if c == JOKER:
                    if len(hand) == 1:
                        front.append(PLAY_BASE + JOKER)
                    elif 0 < t < 9:
                        front.extend(JOKER_LEAD + s for s in range(4))
                    continue
                if t == 0 and c == self.mighty:
                    continue
                out.append(PLAY_BASE + c)
                if c == self.ripper and self.options.ripper == "called":
                    front.append(RIPPER_CALL)
            return front + out or [PLAY_BASE + c for c in hand]
        if self.ripper_led and mask >> JOKER & 1:
            return [PLAY_BASE + JOKER]
        f = self.follow
        if f is None or not (mask >> 13 * f) & 0x1FFF:
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
            if seat != self.declarer:
                self.revealed = seat
            self.log.append(("called_played", seat, seat == self.declarer))
        if len(self.trick) < SEATS:
            self.turn = (seat + 1) % SEATS
            return
        self._end_trick()

    def _card_of(self, action: int) -> int:
        return card_of(action, self.ripper)

    def _end_trick(self) -> None:
        cs = [x for _, x in self.trick]
        w = trick_winner_index(cs, self.follow, self.trump, self.ripper_led)
        winner = self.trick[w][0]
        self.won[winner] |= mask_of(cs)
        self.log.append(("trick", len(self.tricks), self.leader, tuple(cs), w, self.trump, self.ripper_led))
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
        self.log.append(("reveal", seat, action == REVEAL))
        self._after_trick()

    def _after_trick(self) -> None:
        self.phase = PLAY
        self.turn = self.leader
        if len(self.tricks) == 10:
            self._end_hand()

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
        self.log.append(("over", self.hand_number, info["declarer_points"], self.contract, info["made"],
                         info["run"], info["back_run"]))
        summary = {
            "hand_number": self.hand_number, "dealer": self.dealer, "declarer": self.declarer,
            "contract": BID_TEXT[self.contract, self.trump],
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

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        return action_text(action, self.ripper)

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
                return discard_code([parse_card(w) for w in words[1:]])
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
            return [card_text(c) for c in canonical(discard_cards(action))]
        if PLAY_BASE <= action <= RIPPER_CALL:
            return [card_text(self._card_of(action))]
        return []

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
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
