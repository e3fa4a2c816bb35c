"""Mighty: five players, a widow, a contract, and a partner called by a card and kept secret.

Source: rules/sources/denexa-collection.txt, section "Mighty"; rulings R-MIGHTY-1..24 and
the conventions G-1..G-11 in rules/RULINGS-others.md.

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
points); the declarer sees the widow it took and its discards all hand.

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
    card_text,
    cards_of,
    deal,
    deal_constrained,
    mask_of,
    pack,
    parse_card,
    sort_key,
    suit_of,
    trick_winner,
)
from parlour.engine import Game, GameOptions, IllegalAction, OptionsError, State

NT = 4
TRUMP_TEXT = ("S", "H", "D", "C", "NT")
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
AUCTION, EXCHANGE, TRUMP, CALL, PLAY, REVEAL_PHASE, OVER = (
    "auction", "exchange", "trump", "call", "play", "reveal", "over")
POINTS_MASK = sum(1 << card(r, s) for r in range(TEN, ACE + 1) for s in range(4))
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))


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
    if new == bid_suit:
        return 0
    return 1 if new == NT else 2


@dataclasses.dataclass(frozen=True)
class MightyOptions(GameOptions):
    """The source's game with the rulings' defaults."""

    players: int = 5
    """Always 5."""
    hands: int = 10
    """Scored hands in the match (the source's "predetermined stopping point")."""
    min_bid: int = 13
    """R-MIGHTY-1: the lowest bid; 20 is the highest."""
    all_pass: Literal["redeal", "force"] = "redeal"
    """R-MIGHTY-3: all five pass -> the same dealer deals again, or the opener must bid min_bid."""
    joker_free: bool = True
    """R-MIGHTY-6: the joker may be played at any time (false: only when void in the suit)."""
    ripper: Literal["automatic", "called"] = "automatic"
    """R-MIGHTY-7: a led ripper forces the joker out, or only when led with `call`."""

    def check(self) -> None:
        if self.players != SEATS:
            raise OptionsError(f"Mighty is for 5 players, not {self.players}")
        if not isinstance(self.hands, int) or self.hands < 1:
            raise OptionsError(f"hands must be a whole number of at least 1, not {self.hands}")
        if not isinstance(self.min_bid, int) or not 13 <= self.min_bid <= 20:
            raise OptionsError(f"min_bid must be from 13 to 20, not {self.min_bid}")


class MightyState(State):
    """One match of Mighty."""

    last_hand: dict[str, Any] | None
    COPIED = (
        "totals", "hand_results", "hands", "widow", "discards", "passed", "bids",
        "trick", "tricks", "won", "log", "deals"
    )

    def __init__(self, options: MightyOptions, seed: int | None, dealer: int, deals: list[Any] | None) -> None:
        self._begin_match(options, seed, dealer, deals)
        self.totals = [0] * SEATS
        self.hand_number = 0
        self.dealer = dealer
        self.opener = dealer
        self._deal()

    # --- dealing -------------------------------------------------------------------------
    def _deal(self) -> None:
        k = len(self.deals)
        given = self.given_deals[k] if k < len(self.given_deals) else None
        if given is not None:
            hands, widow = self._read_deal(given)
        else:
            slices, widow = deal(pack(jokers=1), self.rng, [10] * SEATS)
            hands = [[] for _ in range(SEATS)]
            for i in range(SEATS):
                hands[(self.dealer + 1 + i) % SEATS] = slices[i]
        self.deals.append({"hands": [[card_text(c) for c in canonical(h)] for h in hands],
                           "widow": [card_text(c) for c in widow]})
        self.hands = [mask_of(h) for h in hands]
        self.widow = list(widow)
        self.discards: list[int] = []
        self.deal_start = len(self.history)
        self.phase = AUCTION
        self.turn = self.opener
        self.passed = [False] * SEATS
        self.bids: list[list[Any]] = []
        self.best: tuple[int, int] | None = None
        self.forced = False
        self.declarer = -1
        self.contract = 0
        self.bid_suit = -1
        self.trump = -1
        self.called: int | None = None
        self.hint: int | None = None
        self.partner: int | None = None
        self.revealed: int | None = None
        self.sides_known = False
        self.trick: list[tuple[int, int]] = []
        self.follow: int | None = None
        self.ripper_led = False
        self.leader = -1
        self.tricks: list[dict[str, Any]] = []
        self.won = [0] * SEATS
        self.log = [f"Hand {self.hand_number + 1}: seat {self.dealer} deals; seat {self.opener} opens the auction."]

    def _read_deal(self, given: dict[str, Any]) -> tuple[list[list[int]], list[int]]:
        try:
            hands = [[parse_card(t) for t in h] for h in given["hands"]]
            widow = [parse_card(t) for t in given["widow"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a Mighty deal has 'hands' (five lists of 10 cards) and 'widow' (3): {exc}") from None
        if len(hands) != SEATS or any(len(h) != 10 for h in hands) or len(widow) != 3:
            raise ValueError("a Mighty deal gives 10 cards to each of 5 seats and 3 to the widow")
        if sorted(widow + [c for h in hands for c in h]) != list(range(53)):
            raise ValueError("a Mighty deal must hold the 53 cards once each")
        return hands, widow

    # --- the turn ------------------------------------------------------------------------
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == AUCTION:
            return self._legal_bids()
        if phase == EXCHANGE:
            return [self._discard_code(list(t)) for t in itertools.combinations(cards_of(self.hands[self.turn]), 3)]
        if phase == TRUMP:
            return [TRUMP_BASE + s for s in range(5) if self.contract + contract_cost(self.bid_suit, s) <= 20]
        if phase == CALL:
            out = [CALL_BASE + c for c in range(53)] + [CALL_NONE]
            if self.best == (20, NT):
                out += [HINT_BASE + 4 * c + h for c in range(53) for h in range(4)]
            return out
        if phase == PLAY:
            return sorted(self._legal_plays(self.turn), key=self._play_order)
        if phase == REVEAL_PHASE:
            holds = self.called is not None and self.hands[self.turn] >> self.called & 1
            return [REVEAL, PASS] if holds else [PASS]
        return []

    def _legal_bids(self) -> list[int]:
        low = self.options.min_bid
        if self.forced:
            return [BID_BASE + 5 * low + s for s in range(5)]
        key = -1 if self.best is None else 2 * self.best[0] + (self.best[1] == NT)
        out = [PASS]
        for n in range(low, 21):
            for s in range(5):
                if 2 * n + (s == NT) > key:
                    out.append(BID_BASE + 5 * n + s)
        return out

    @staticmethod
    def _discard_code(cs: list[int]) -> int:
        a, b, c = sorted(cs)
        return DISCARD_BASE + (a * 53 + b) * 53 + c

    @staticmethod
    def _discard_cards(code: int) -> list[int]:
        x = code - DISCARD_BASE
        return [x // (53 * 53), x // 53 % 53, x % 53]

    @property
    def mighty(self) -> int:
        return mighty_of(self.trump)

    @property
    def ripper(self) -> int:
        return ripper_of(self.trump)

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
        if f is None:
            return [PLAY_BASE + c for c in hand]
        same = [c for c in hand if c != JOKER and suit_of(c) == f]
        if not same:
            return [PLAY_BASE + c for c in hand]
        extra = [c for c in hand if c == self.mighty or (c == JOKER and self.options.joker_free)]
        return [PLAY_BASE + c for c in hand if c in same or c in extra]

    def apply(self, action: Any) -> None:
        if self.phase == OVER:
            raise IllegalAction("The match is over.")
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction(f"{action!r} is not a Mighty action")
        if action not in self.legal_actions():
            raise IllegalAction(self._why_not(action))
        seat = self.turn
        self.just_ended = False
        self.history.append((seat, action))
        phase = self.phase
        if phase == AUCTION:
            self._bid(seat, action)
        elif phase == EXCHANGE:
            cs = self._discard_cards(action)
            self.discards = cs
            self.hands[seat] &= ~mask_of(cs)
            self.log.append(f"Seat {seat} discards three cards face down.")
            self.phase = TRUMP
        elif phase == TRUMP:
            s = action - TRUMP_BASE
            self.contract += contract_cost(self.bid_suit, s)
            self.trump = s
            self.log.append(f"Trumps: {TRUMP_TEXT[s]}; the contract is {self.contract} {TRUMP_TEXT[s]}.")
            self.phase = CALL
        elif phase == CALL:
            self._call(seat, action)
        elif phase == PLAY:
            self._play(seat, action)
        else:
            if action == REVEAL:
                self.revealed = seat
                self.sides_known = True
                self.log.append(f"Seat {seat} reveals: it is the partner.")
            else:
                self.log.append(f"Seat {seat} does not reveal.")
            self._after_trick()

    def _why_not(self, action: int) -> str:
        phase = self.phase
        if phase == AUCTION:
            if self.forced:
                return f"Everyone passed: you must bid {self.options.min_bid} in a suit or NT."
            return "Bid higher than the current bid ((n, suit) < (n, NT) < (n+1, any), up to 20), or pass."
        if phase == EXCHANGE:
            return "Discard exactly three cards of your hand, like 'discard 2C 3D 4H'."
        if phase == TRUMP:
            return "Name trumps: the bid's suit, or a change the contract can afford (never above 20)."
        if phase == CALL:
            return "Call a card ('call AH', 'call JK') or 'call none'; a hint only after a 20 NT bid."
        if phase == REVEAL_PHASE:
            return "Only the partner may reveal: say 'pass'." if action == REVEAL else "Say 'reveal' or 'pass'."
        c = action - PLAY_BASE
        if not 0 <= c <= JOKER and action not in (RIPPER_CALL,) and not JOKER_LEAD <= action < JOKER_LEAD + 4:
            return "It is time to play a card."
        if 0 <= c <= JOKER and not self.hands[self.turn] >> c & 1:
            return f"You do not hold {card_text(c)}."
        if not self.trick:
            if len(self.tricks) == 0:
                return "Neither the mighty nor the joker may be led to the first trick."
            return "A led joker names a suit ('play JK H'), and it cannot be led to the last trick."
        if self.ripper_led:
            return "The ripper was led: you must play the joker."
        return f"You must follow {TRUMP_TEXT[self.follow or 0]} (the mighty and the joker are always allowed)."

    def _bid(self, seat: int, action: int) -> None:
        if action == PASS:
            self.passed[seat] = True
            self.bids.append([seat, "pass"])
            self.log.append(f"Seat {seat} passes.")
        else:
            n, s = divmod(action - BID_BASE, 5)
            self.best = (n, s)
            self.declarer = seat
            self.forced = False
            self.passed[seat] = False
            self.bids.append([seat, f"{n} {TRUMP_TEXT[s]}"])
            self.log.append(f"Seat {seat} bids {n} {TRUMP_TEXT[s]}.")
        if self.best == (20, NT) or (self.best is not None and sum(self.passed) == SEATS - 1):
            self._end_auction()
            return
        if all(self.passed):
            if self.options.all_pass == "force":
                self.forced = True
                self.turn = self.opener
                self.log.append(f"All pass: seat {self.opener} must bid {self.options.min_bid}.")
                return
            self.log.append("All pass: the cards are thrown in.")
            self._deal()
            self.log[0] = f"Hand {self.hand_number + 1}: all passed; seat {self.dealer} deals again."
            return
        nxt = (seat + 1) % SEATS
        while self.passed[nxt]:
            nxt = (nxt + 1) % SEATS
        self.turn = nxt

    def _end_auction(self) -> None:
        assert self.best is not None
        n, s = self.best
        self.contract, self.bid_suit = n, s
        d = self.declarer
        self.hands[d] |= mask_of(self.widow)
        self.phase = EXCHANGE
        self.turn = d
        self.log.append(f"Seat {d} declares at {n} {TRUMP_TEXT[s]} and takes the widow.")

    def _call(self, seat: int, action: int) -> None:
        if action == CALL_NONE:
            self.called = None
            self.sides_known = True
            self.log.append("The declarer plays without a partner.")
        else:
            if action >= HINT_BASE:
                c, h = divmod(action - HINT_BASE, 4)
                self.hint = h
            else:
                c = action - CALL_BASE
            self.called = c
            holders = [s for s in range(SEATS) if s != seat and self.hands[s] >> c & 1]
            self.partner = holders[0] if holders else None
            hint = f", suggesting a {TRUMP_TEXT[self.hint]} lead" if self.hint is not None else ""
            self.log.append(f"The declarer calls {card_text(c)}{hint}; its holder is the partner.")
        self.phase = PLAY
        self.turn = self.leader = seat

    def _play(self, seat: int, action: int) -> None:
        if action == RIPPER_CALL:
            c = self.ripper
        elif JOKER_LEAD <= action < JOKER_LEAD + 4:
            c = JOKER
        else:
            c = action - PLAY_BASE
        self.hands[seat] &= ~(1 << c)
        if not self.trick:
            if c == JOKER:
                self.follow = action - JOKER_LEAD if action != PLAY_BASE + JOKER else None
            else:
                self.follow = suit_of(c)
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
        cs = [x for _, x in self.trick]
        trump = None if self.trump == NT else self.trump
        if self.mighty in cs:
            w, why = cs.index(self.mighty), "the mighty"
        elif JOKER in cs and not self.ripper_led:
            w, why = cs.index(JOKER), "the joker"
        else:
            w = trick_winner(cs, self.follow if self.follow is not None else -1, trump,
                             suit=lambda x: -1 if x == JOKER else suit_of(x))
            why = "the highest trump" if trump is not None and suit_of(cs[w]) == trump else "the highest card of the suit to follow"
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
        if (points(mask_of(cs)) and winner != self.declarer and not self.sides_known):
            self.phase = REVEAL_PHASE
            return
        self._after_trick()

    def _after_trick(self) -> None:
        self.phase = PLAY
        self.turn = self.leader
        if len(self.tricks) == 10:
            self._end_hand()

    # --- scoring -------------------------------------------------------------------------
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
            out[self.declarer] = 2 * u * mult
            out[self.partner] = u * mult
        else:
            out[self.declarer] = 4 * u * mult
        info = {"declarer_points": d, "defender_points": defenders, "made": made,
                "run": d == 20, "back_run": defenders >= 11}
        return out, info

    def _end_hand(self) -> None:
        scores, info = self.hand_result()
        for s in range(SEATS):
            self.totals[s] += scores[s]
        self.hand_results.append(scores)
        extra = " A run: scores doubled." if info["run"] else (" A back run: scores doubled." if info["back_run"] else "")
        self.log.append(
            f"Hand {self.hand_number + 1} over: the declarer's side took {info['declarer_points']} points against "
            f"a contract of {self.contract}: {'made' if info['made'] else 'broken'}.{extra}"
        )
        self.last_hand = {
            "hand_number": self.hand_number, "dealer": self.dealer, "declarer": self.declarer,
            "contract": f"{self.contract} {TRUMP_TEXT[self.trump]}",
            "called": card_text(self.called) if self.called is not None else "none",
            "partner": self.partner, **info, "scores": scores, "tricks": self.tricks, "log": self.log,
        }
        self.just_ended = True
        self.hand_number += 1
        if self.hand_number >= self.options.hands:
            best = max(self.totals)
            self.match_winners = [s for s in range(SEATS) if self.totals[s] == best]
            self.phase = OVER
            self.turn = -1
            return
        self.dealer = self.partner if self.partner is not None else self.declarer
        self.opener = self.declarer
        self._deal()

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [card_text(c) for c in range(53)]

    def card_places(self) -> dict[str, list[str]]:
        if self.phase == OVER:
            return {"last-deal": [card_text(c) for c in range(53)]}
        places = {f"hand-{s}": [card_text(c) for c in cards_of(self.hands[s])] for s in range(SEATS)}
        for s in range(SEATS):
            places[f"won-{s}"] = [card_text(c) for c in cards_of(self.won[s])]
        places["trick"] = [card_text(c) for _, c in self.trick]
        places["widow" if self.phase == AUCTION else "discards"] = [
            card_text(c) for c in (self.widow if self.phase == AUCTION else self.discards)]
        return places

    def check_invariants(self) -> None:
        """Every hand's scores sum to 0 and the totals are their sums (the source's balance)."""
        for row in self.hand_results:
            assert sum(row) == 0, f"a hand's scores {row} do not balance"
        assert self.totals == [sum(r[s] for r in self.hand_results) for s in range(SEATS)]

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action == PASS:
            return "pass"
        if action == REVEAL:
            return "reveal"
        if action >= DISCARD_BASE:
            return "discard " + " ".join(card_text(c) for c in canonical(self._discard_cards(action)))
        if action == RIPPER_CALL:
            return f"play {card_text(self.ripper if self.trump >= 0 else card(THREE, CLUBS))} call"
        if action >= JOKER_LEAD:
            return f"play JK {TRUMP_TEXT[action - JOKER_LEAD]}"
        if action >= PLAY_BASE:
            return "play " + card_text(action - PLAY_BASE)
        if action >= HINT_BASE:
            c, h = divmod(action - HINT_BASE, 4)
            return f"call {card_text(c)} hint {TRUMP_TEXT[h]}"
        if action == CALL_NONE:
            return "call none"
        if action >= CALL_BASE:
            return "call " + card_text(action - CALL_BASE)
        if action >= TRUMP_BASE:
            return "trump " + TRUMP_TEXT[action - TRUMP_BASE]
        n, s = divmod(action - BID_BASE, 5)
        return f"bid {n} {TRUMP_TEXT[s]}"

    def text_to_action(self, text: str) -> int:
        words = text.strip().upper().split()
        try:
            return self._read(words)
        except (ValueError, IndexError):
            raise IllegalAction(
                f"{text!r} is not a Mighty action: bid 14 S, pass, discard 2C 3D 4H, trump S, call AH, "
                "play QS, play JK H, reveal."
            ) from None

    def _read(self, words: list[str]) -> int:
        verb = words[0]
        if words == ["PASS"]:
            return PASS
        if words == ["REVEAL"]:
            return REVEAL
        if verb == "BID" and len(words) == 3:
            n = int(words[1])
            if not 0 <= n <= 20:
                raise ValueError
            return BID_BASE + 5 * n + TRUMP_TEXT.index(words[2])
        if verb == "DISCARD" and len(words) == 4:
            cs = [parse_card(w) for w in words[1:]]
            if len(set(cs)) != 3:
                raise ValueError
            return self._discard_code(cs)
        if verb == "TRUMP" and len(words) == 2:
            return TRUMP_BASE + TRUMP_TEXT.index(words[1])
        if verb == "CALL" and len(words) == 2:
            return CALL_NONE if words[1] == "NONE" else CALL_BASE + parse_card(words[1])
        if verb == "CALL" and len(words) == 4 and words[2] == "HINT":
            return HINT_BASE + 4 * parse_card(words[1]) + TRUMP_TEXT[:4].index(words[3])
        if verb == "PLAY" and len(words) == 2:
            return PLAY_BASE + parse_card(words[1])
        if verb == "PLAY" and len(words) == 3 and words[2] == "CALL":
            c = parse_card(words[1])
            if c != (self.ripper if self.trump >= 0 else card(THREE, CLUBS)):
                raise ValueError
            return RIPPER_CALL
        if verb == "PLAY" and len(words) == 3 and parse_card(words[1]) == JOKER:
            return JOKER_LEAD + TRUMP_TEXT[:4].index(words[2])
        raise ValueError

    def action_cards(self, action: Any) -> list[str]:
        if action >= DISCARD_BASE:
            return [card_text(c) for c in canonical(self._discard_cards(action))]
        if action == RIPPER_CALL:
            return [card_text(self.ripper)]
        if JOKER_LEAD <= action < JOKER_LEAD + 4:
            return ["JK"]
        if PLAY_BASE <= action <= PLAY_BASE + JOKER:
            return [card_text(action - PLAY_BASE)]
        return []

    # --- what a seat may know -----------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == OVER
        acting = not over and seat == self.turn
        legal = self.legal_actions() if acting else []
        hand = [card_text(c) for c in canonical(cards_of(self.hands[seat]))] if seat is not None else None
        sizes = [bin(h).count("1") for h in self.hands]
        declarer_view = seat is not None and seat == self.declarer and self.phase not in (AUCTION, OVER)
        actions = []
        if not over:
            for actor, a in self.history[self.deal_start:]:
                text = self.action_to_text(a) if a < DISCARD_BASE or actor == seat else "discard"
                actions.append([actor, text])
        won_points = [[card_text(c) for c in canonical(cards_of(self.won[s] & POINTS_MASK))] for s in range(SEATS)]
        obs: dict[str, Any] = {
            "game": "mighty",
            "players": SEATS,
            "seat": seat,
            "options": self.options.to_json(),
            "hand_number": self.hand_number,
            "deal_number": len(self.deals) - 1,
            "dealer": self.dealer,
            "opener": self.opener,
            "phase": self.phase,
            "to_act": None if over else self.turn,
            "legal_actions": [self.action_to_text(a) for a in legal],
            "legal": [{"text": self.action_to_text(a), "cards": self.action_cards(a)} for a in legal],
            "hand": hand,
            "hand_sizes": sizes,
            "bids": [list(b) for b in self.bids],
            "declarer": self.declarer if self.phase not in (AUCTION, OVER) else None,
            "contract": self.contract if self.phase not in (AUCTION, OVER) else None,
            "bid_suit": TRUMP_TEXT[self.bid_suit] if self.phase not in (AUCTION, OVER) else None,
            "trump": TRUMP_TEXT[self.trump] if self.trump >= 0 and not over else None,
            "called": (card_text(self.called) if self.called is not None else "none") if self.phase in (PLAY, REVEAL_PHASE) else None,
            "hint": TRUMP_TEXT[self.hint] if self.hint is not None and not over else None,
            "partner": self.revealed if not over else None,
            "sides_known": self.sides_known and not over,
            "widow": [card_text(c) for c in self.widow] if declarer_view else None,
            "discards": [card_text(c) for c in canonical(self.discards)] if declarer_view else None,
            "trick": {"leader": self.leader, "cards": [[s, card_text(c)] for s, c in self.trick],
                      "follow": TRUMP_TEXT[self.follow] if self.trick and self.follow is not None else None,
                      "ripper": self.ripper_led and bool(self.trick)} if self.phase in (PLAY, REVEAL_PHASE) else None,
            "tricks": [dict(t) for t in self.tricks] if not over else [],
            "won_points": won_points if not over else [[] for _ in range(SEATS)],
            "actions": actions,
            "scores": {"hand": list(self.hand_results[-1]) if self.hand_results else [0] * SEATS,
                       "match": list(self.totals)},
            "hand_results": [list(h) for h in self.hand_results],
            "log": list(self.log),
            "last_hand": self.last_hand,
            "match_over": over,
            "winners": list(self.match_winners),
        }
        zones: list[dict[str, Any]] = []
        for s in range(SEATS):
            mine = s == seat
            zones.append({"id": f"hand-{s}", "kind": "hand", "owner": s,
                          "label": "Your hand" if mine else f"Seat {s}'s hand",
                          "cards": hand if mine else [], "hidden": 0 if mine else sizes[s]})
        if self.phase == AUCTION:
            zones.append({"id": "widow", "kind": "pile", "owner": None, "label": "Widow", "cards": [], "hidden": 3})
        elif not over and self.discards:
            zones.append({"id": "discards", "kind": "pile", "owner": self.declarer, "label": "Discards",
                          "cards": obs["discards"] or [], "hidden": 0 if declarer_view else 3})
        if obs["trick"] is not None:
            zones.append({"id": "trick", "kind": "table", "owner": None,
                          "label": f"Trick {len(self.tricks) + 1}, led by seat {self.leader}",
                          "cards": [t for _, t in obs["trick"]["cards"]], "hidden": 0})
        for s in range(SEATS):
            zones.append({"id": f"won-{s}", "kind": "pile", "owner": s, "label": f"Seat {s}'s point cards",
                          "cards": obs["won_points"][s], "hidden": 0})
        obs["zones"] = zones
        return obs

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> MightyState:
        other = self.clone()
        if other.phase == OVER:
            return other
        others = [s for s in range(SEATS) if s != seat]
        pool = [c for s in others for c in cards_of(other.hands[s])]
        sizes = [bin(other.hands[s]).count("1") for s in others]
        if other.phase == AUCTION:
            pool += other.widow
        elif other.discards and seat != other.declarer:
            pool += other.discards
        rng.shuffle(pool)
        at = 0
        for s, size in zip(others, sizes, strict=True):
            other.hands[s] = mask_of(pool[at:at + size])
            at += size
        if other.phase == AUCTION:
            other.widow = pool[at:]
        elif other.discards and seat != other.declarer:
            other.discards = pool[at:]
        return other


def _constraints(observation: dict[str, Any], joker_free: bool) -> tuple[list[int], list[int]]:
    """Per seat: suits shown void (mask of suits), and whether it showed it lacks the joker."""
    voids = [0] * SEATS
    no_joker = [0] * SEATS
    tricks = [t["cards"] for t in observation["tricks"]]
    follows = [t["follow"] for t in observation["tricks"]]
    rippers = [t["ripper"] for t in observation["tricks"]]
    cur = observation["trick"]
    if cur is not None and cur["cards"]:
        tricks.append(cur["cards"])
        follows.append(cur["follow"])
        rippers.append(cur["ripper"])
    trump = observation["trump"]
    mighty = mighty_of(TRUMP_TEXT.index(trump)) if trump else -1
    for plays, follow, ripper in zip(tricks, follows, rippers, strict=True):
        f = TRUMP_TEXT.index(follow) if follow is not None else None
        for seat, text in plays[1:]:
            c = parse_card(text)
            if ripper and c != JOKER:
                no_joker[seat] = 1
            if f is None or c == mighty:
                continue
            if c == JOKER:
                if not joker_free and not ripper:
                    voids[seat] |= 1 << f
            elif suit_of(c) != f:
                voids[seat] |= 1 << f
    return voids, no_joker


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
        """The generic view under a line saying the contract, trumps, the call and the partner."""
        from parlour.views import generic_view

        obs = observation
        if obs["declarer"] is None:
            best = next((b[1] for b in reversed(obs["bids"]) if b[1] != "pass"), "none")
            head = f"  Auction: best bid {best}; seat {obs['opener']} opened."
        else:
            partner = ("no partner" if obs["called"] == "none" else f"partner seat {obs['partner']}"
                       if obs["partner"] is not None else "partner unknown")
            head = (f"  Seat {obs['declarer']} declares {obs['contract']} {obs['trump'] or obs['bid_suit']}; "
                    f"called {obs['called'] or '-'} ({partner}).")
        return head + "\n" + generic_view(obs)

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, MightyOptions)
        out = [PASS, REVEAL]
        out += [BID_BASE + 5 * n + s for n in range(options.min_bid, 21) for s in range(5)]
        out += [TRUMP_BASE + s for s in range(5)]
        out += [CALL_BASE + c for c in range(53)] + [CALL_NONE]
        out += [HINT_BASE + 4 * c + h for c in range(53) for h in range(4)]
        out += [PLAY_BASE + c for c in range(53)] + [JOKER_LEAD + s for s in range(4)]
        if options.ripper == "called":
            out.append(RIPPER_CALL)
        out += [MightyState._discard_code(list(t)) for t in itertools.combinations(range(53), 3)]
        return out

    def determinize(self, observation: dict[str, Any], rng: random.Random) -> MightyState:
        """Deal the unseen cards among the hidden places, respecting what play has shown.

        Voids shown by not following, the joker missing from seats that did not give it up
        to a ripper, and a revealed partner holding the called card until it is played.
        The current deal is rebuilt (a non-declarer's discards become the widow) and its
        public actions replayed; the standing is copied. Built from the observation only.
        """
        if observation["match_over"]:
            raise ValueError("a finished match has nothing to determinize")
        opts = self.options(**observation["options"])
        assert isinstance(opts, MightyOptions)
        seat = observation["seat"]
        phase = observation["phase"]
        declarer = observation["declarer"]
        own = [parse_card(t) for t in observation["hand"]]
        played: list[list[int]] = [[] for _ in range(SEATS)]
        for t in [*observation["tricks"], observation["trick"] or {"cards": []}]:
            for s, text in t["cards"]:
                played[s].append(parse_card(text))
        mine_known = list(own)
        discarded = any(text.startswith("discard") for _, text in observation["actions"])
        if seat == declarer and observation["discards"]:
            mine_known += [parse_card(t) for t in observation["discards"]]
        seen = mask_of(mine_known) | mask_of(c for p in played for c in p)
        unseen = [c for c in range(53) if not seen >> c & 1]
        others = [s for s in range(SEATS) if s != seat]
        voids, no_joker = _constraints(observation, opts.joker_free)
        forbidden = []
        for s in others:
            m = sum(SUIT_MASK[v] for v in range(4) if voids[s] >> v & 1)
            forbidden.append(m | (no_joker[s] << JOKER))
        sizes = [observation["hand_sizes"][s] for s in others]
        extra = 3 if phase == AUCTION or (discarded and seat != declarer) else 0
        forbidden.append(0)
        called = observation["called"]
        holder = observation["partner"]
        if called not in (None, "none") and holder is not None and holder != seat:
            cc = parse_card(called)
            if cc in unseen:
                forbidden = [m | (0 if s == holder else 1 << cc) for s, m in zip([*others, -1], forbidden, strict=True)]
        parts = deal_constrained(unseen, [*sizes, extra], forbidden, rng)
        current: list[list[int]] = [[] for _ in range(SEATS)]
        current[seat] = list(own)
        for s, part in zip(others, parts, strict=False):
            current[s] = part
        hidden_extra = parts[-1]
        discards: list[int] = []
        if phase == AUCTION:
            widow = hidden_extra
        elif seat == declarer:
            widow = [parse_card(t) for t in observation["widow"]]
            discards = [parse_card(t) for t in observation["discards"] or []]
        elif discarded:
            widow = discards = hidden_extra
        else:
            widow = rng.sample(current[declarer], 3)
        hands: list[list[int]] = []
        for s in range(SEATS):
            h = set(current[s]) | set(played[s])
            if s == declarer and phase != AUCTION:
                h = (h | set(discards)) - set(widow)
            hands.append(sorted(h))
        k = observation["deal_number"]
        deal = {"hands": [[card_text(c) for c in h] for h in hands], "widow": [card_text(c) for c in widow]}
        state = MightyState._for_determinize(opts, observation, observation["dealer"], deal, rng, deal_index=k)
        state.totals = [sum(h[s] for h in state.hand_results) for s in range(SEATS)]
        state.hand_number = observation["hand_number"]
        state.dealer = observation["dealer"]
        state.opener = observation["opener"]
        state.just_ended = False
        state._deal()
        state.log[0] = observation["log"][0]
        for _actor, text in observation["actions"]:
            if text == "discard":
                state.apply(MightyState._discard_code(discards))
            else:
                state.apply(state.text_to_action(text))
        state.just_ended = False
        return state


GAME = Mighty()
MightyState.game = GAME
