"""Seven and a Half: the banker against the punters, drawing towards 7½ without passing it.

Rules and rulings R-SEVENHALF-1..18 (from Denexa Games' published rules, "Seven and a
Half": Setup, Game play, The payout, Two-card 7½s): docs/rules/seven_and_a_half.md.

Seats and pack. 2-8 players: the banker (who also deals) against everyone else. The
40-card pack: A-7 and J Q K of each suit (no 8, 9, 10). A counts 1, 2-7 their face, J Q K
a half each, except the king of diamonds, which is wild: the engine counts it as the
largest whole number from 1 up that keeps its holder at or below 7½ (R-SEVENHALF-4; no
action). Totals are kept exactly, in half points (7½ is 15), never as floats (G-10).

A hand. (1) Bets from banker+1 clockwise: `bet N` (min_bet..max_bet) or `sit`; if
nobody bets the hand is void (zeros), it still counts and the banker stays. (2) Each
punter who bet, then the banker, gets a face-down hole card (R-SEVENHALF-14: with m
punters `stock[0..m-1]` go to them in turn order, `stock[m]` to the banker, then hits
take the next cards). (3) Each punter in turn: `hit` (a card face up) or `stand`. Eight
or more (KD as 1) is a bust: the hole card is shown, the banker takes the bet at once
and the cards go to the discard pile. Exactly 7½ stands at once (R-SEVENHALF-5); in two
cards it is a two-card 7½ (2C7½) and the hole card is shown. (4) The banker plays only
if some punter still stands (R-SEVENHALF-8): the hole card is shown, then hit or stand by
the same rules. (5) Settlement, every hole card shown: a banker bust pays every standing
punter the bet (a 2C7½ twice); otherwise a 2C7½ punter wins twice the bet unless the
banker has one too (a push), a banker's 2C7½ beats every other punter (a 3-card 7½
included), and the rest compare totals (higher wins the bet, equal pushes). (6) The first
2C7½ holder clockwise from the banker takes the bank, unless the banker has one.

Match. `hands` hands (20); each seat keeps a chip balance from 0 (it may go negative,
R-SEVENHALF-1); the highest balance wins, ties share. `hand_scores()` are each seat's net
chips of the hand (they sum to 0), `match_scores()` and `money()` the balances (G-11).

Deal and record keys: `stock`, the pack's order top first (the whole deal: holes and hits
are drawn from it), and `reshuffles`, each new stock made from the discard pile when the
stock runs out (R-SEVENHALF-18, written by `State.reshuffle`). With `reshuffle`=
`each_hand` the stock is all 40 cards; with `when_empty` (a shoe across hands) it is what
is left of the shoe, and the discard pile is every other card.

Action notation: `bet 5`, `sit`, `hit`, `stand`; with options `limits 1 10` (the banker's
limits), `take bank`, `decline`. Internally HIT..DECLINE are 0..4, a bet 100+N, limits
1000*(MIN+1)+MAX.

Hidden information: a seat sees its own hole card, every face-up card, every bet, and the
hole cards shown (a bust, a 2C7½, the banker's turn, settlement). Hidden: other hole
cards, the banker's until its turn (never, if every punter busts), the stock's order, and
with the shoe the discard pile of earlier hands (a count: the observation holds the
current hand's public history, G-8). Everyone sees a turn end without `stand`, so a
3-card 7½ is public (state `7½`) though its hole card stays down; determinize deals only
hole cards that fit each seat's course.

Decisions the sources and rulings leave open, taken here:
- `banker_sets_limits`: the banker names MIN and MAX within the options' `min_bet` and
  `max_bet` (the house's outer limits, so the actions stay a fixed set); `max_bet` <= 100.
- `bankroll`: a punter cannot bet more than its chips and sits out (no action) below the
  table's minimum; the banker pays in full, even below 0 chips, as the bank's limits are
  its protection.
- `bank_pass`=`offered`: each 2C7½ holder clockwise from the banker is offered the bank in
  turn; if all decline the banker stays.
- `hand_points` during a hand are the chips settled so far (busts are collected at once).

Events. The rules write no words: the hand's log is a list of events, tuples of a kind and
ints (seats, card ids, chips, half points), which `view.py` words when a person reads them:
`("limits", banker, low, high)`, `("bet", seat, chips)`, `("sit", seat)`, `("void",
banker)`, `("holes", punters)`, `("reshuffle", cards)`, `("hit", seat, card, outcome,
total)` (outcome IN, BUST, TWO_CARD or SEVEN_HALF; total in half points, 0 while IN),
`("stand", seat)`, `("banker", banker, hole)`, `("all bust", banker)`, `("settle", seat,
chips, total)`, `("takes bank", seat)` and `("declines", seat)`. The hand's summary
(`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from fractions import Fraction
from typing import Any, Literal

from parlour.cards import (
    CARD_TEXTS,
    DIAMONDS,
    KING,
    SEVEN,
    TWO,
    card,
    parse_card,
    sort_key,
)
from parlour.engine import GameOptions, IllegalAction, OptionsError, State

RANKS = (*range(TWO, SEVEN + 1), 9, 10, KING, 12)
"""2-7, J, Q, K, A as cards.py ranks: the 40-card pack without 8s, 9s and 10s."""
PACK = tuple(sorted((card(r, s) for s in range(4) for r in RANKS), key=sort_key))
KD = card(KING, DIAMONDS)
HALVES = {c: (1 if c % 13 >= 9 and c % 13 != 12 else 2 if c % 13 == 12 else 2 * (c % 13 + 2)) for c in PACK}
"""Each card's value in half points (KD's entry is unused: it is wild)."""
TOP = 15
"""7½ in half points."""

HIT, STAND, SIT, TAKE, DECLINE = range(5)
BET = 100
LIMITS = 1000
MAX_BET_CAP = 100
WORDS = {"hit": HIT, "stand": STAND, "sit": SIT, "take bank": TAKE, "decline": DECLINE}
TEXTS = {v: k for k, v in WORDS.items()}

LIMITS_PHASE, BETTING, PLAY, BANK = "limits", "bet", "play", "bank"
OUT, IN, STOOD, SEVEN_HALF, TWO_CARD, BUST = range(6)
STATE_TEXT = ("out", "in", "stood", "7½", "two-card 7½", "bust")


def half_text(h: int) -> str:
    """Half points as a player writes them: 6, 6½, ½."""
    whole, half = divmod(h, 2)
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def total_of(rest: int, kd: bool) -> int:
    """A hand's total in half points: `rest` for the other cards, KD the largest whole
    number >= 1 that keeps the total at or below 7½ (R-SEVENHALF-4)."""
    return rest + 2 * max(1, (TOP - rest) // 2) if kd else rest


def hand_total(cards: list[int]) -> int:
    return total_of(sum(HALVES[c] for c in cards if c != KD), KD in cards)


def settlement(bet: int, punter: int, punter_total: int, banker: int, banker_total: int) -> int:
    """What the banker pays a punter still in at the end (negative: what it takes), by
    their states (STOOD, SEVEN_HALF, TWO_CARD; the banker's also BUST) and totals: a banker
    bust pays every punter, a two-card 7½ twice; a punter's two-card 7½ wins twice unless
    the banker has one too; a banker's beats every other hand; else the higher total wins
    and equal totals push."""
    if banker == BUST:
        return 2 * bet if punter == TWO_CARD else bet
    if punter == TWO_CARD:
        return 0 if banker == TWO_CARD else 2 * bet
    if banker == TWO_CARD:
        return -bet
    return bet if punter_total > banker_total else -bet if punter_total < banker_total else 0


@dataclasses.dataclass(frozen=True)
class SevenHalfOptions(GameOptions):
    """The standard game of the source with the rulings' defaults."""

    players: int = 4
    """Seats at the table, the banker included: 2 to 8."""
    # The smallest bet (R-SEVENHALF-2).
    min_bet: int = 1
    """The smallest bet."""
    # The largest bet (R-SEVENHALF-2); with banker_sets_limits, the largest the banker may name.
    max_bet: int = 10
    """The largest bet; when the banker sets the limits, the largest the banker may allow."""
    # R-SEVENHALF-2: the banker names the limits (`limits MIN MAX`) before each hand's bets.
    banker_sets_limits: bool = False
    """Whether the banker names the smallest and the largest bet before each hand's bets."""
    # Hands in the match (the source sets no end, G-9).
    hands: int = 20
    """Hands in the match; the most chips then win."""
    # R-SEVENHALF-1: chips each seat starts with; a punter bets at most what it holds. None: no
    # limit.
    bankroll: int | None = None
    """Chips each player starts with; a punter may not bet more than they hold. None: no limit, and
    a chip count may go below 0."""
    # R-SEVENHALF-9: a two-card 7½ takes the bank, or is offered it (`take bank` / `decline`).
    bank_pass: Literal["automatic", "offered"] = "automatic"
    """When a punter makes 7½ in two cards: automatic = they take over the bank; offered = they may
    take it or decline."""
    # R-SEVENHALF-10: all 40 cards before every hand, or a shoe refilled from the discards when
    # empty.
    reshuffle: Literal["each_hand", "when_empty"] = "each_hand"
    """When the cards are shuffled: each hand = all 40 before every hand; when empty = the cards
    are dealt on from hand to hand, and the discards become a new stock only when it runs out."""

    def check(self) -> None:
        if not isinstance(self.players, int) or not 2 <= self.players <= 8:
            raise OptionsError(f"Seven and a Half is for 2 to 8 players, not {self.players}")
        if not 1 <= self.min_bet <= self.max_bet <= MAX_BET_CAP:
            raise OptionsError(f"bets need 1 <= min_bet <= max_bet <= {MAX_BET_CAP}, not {self.min_bet} and {self.max_bet}")
        if self.hands < 1:
            raise OptionsError("a match has at least one hand")
        if self.bankroll is not None and self.bankroll < self.min_bet:
            raise OptionsError(f"a bankroll of {self.bankroll} cannot pay the minimum bet of {self.min_bet}")


def action_text(action: int) -> str:
    """An action's notation: `bet 5`, `limits 1 10`, `hit`, `take bank`."""
    if action >= LIMITS:
        return f"limits {action // LIMITS - 1} {action % LIMITS}"
    if action >= BET:
        return f"bet {action - BET}"
    return TEXTS[action]


class SevenHalfRules(State):
    """One match of Seven and a Half: its rules (the engine's hooks beyond them are in
    `game.py`)."""

    COPIED = ("deals", "balances", "discards", "hole", "bets", "rest", "kd", "result", "shown", "paid", "log", "offers")
    NESTED = ("ups",)

    def _new_match(self) -> None:
        self.n = self.options.players
        self.shoe = self.options.reshuffle == "when_empty"
        self.balances = [0] * self.n
        self.next_banker = self.first_dealer
        self.stock: list[int] = []
        self.top = 0

    def _dealer_of(self, hand: int) -> int:
        """The banker deals; the bank moves only through a two-card 7½."""
        return self.first_dealer if hand == 0 else self.next_banker

    def _deal(self, given: Any) -> None:
        n = self.n
        if given is not None:
            stock = self._stock_from(given)
        elif self.shoe and self.hand_number > 0:
            stock = self.stock[self.top :]
        else:
            stock = list(PACK)
            self.rng.shuffle(stock)
        self.deals.append({"stock": [CARD_TEXTS[c] for c in stock]})
        self.stock = stock
        self.top = 0
        self.discards = sorted(set(PACK) - set(stock)) if self.shoe else []
        self.shoe_start = (len(stock), len(self.discards))
        self.hole = [-1] * n
        self.ups: list[list[int]] = [[] for _ in range(n)]
        self.bets = [0] * n
        self.rest = [0] * n
        self.kd = [False] * n
        self.result = [OUT] * n
        self.shown = [False] * n
        self.paid = [0] * n
        self.order: tuple[int, ...] = ()
        self.pos = 0
        self.offers: list[int] = []
        self.log: list[Any] = []
        self.limits = (self.options.min_bet, self.options.max_bet)
        self.next_banker = self.dealer
        if self.options.banker_sets_limits:
            self.phase = LIMITS_PHASE
            self.turn = self.dealer
        else:
            self._open_betting()

    def _stock_from(self, given: Any) -> list[int]:
        raw = given.get("stock") if isinstance(given, dict) else None
        if not isinstance(raw, list):
            raise ValueError("a Seven and a Half deal has 'stock', the pack's order top first")
        stock = [parse_card(str(t)) for t in raw]
        if len(set(stock)) != len(stock) or not set(stock) <= set(PACK):
            raise ValueError("the deal's stock holds a card twice or a card not in the 40-card pack")
        if not self.shoe and len(stock) != len(PACK):
            raise ValueError("the stock of a deal is all 40 cards (reshuffle=each_hand)")
        return stock

    # --- limits and bets ---------------------------------------------------------------
    def _legal_limits(self) -> list[int]:
        lo, hi = self.options.min_bet, self.options.max_bet
        return [LIMITS * (a + 1) + b for a in range(lo, hi + 1) for b in range(a, hi + 1)]

    def _apply_limits(self, action: int) -> None:
        self.limits = (action // LIMITS - 1, action % LIMITS)
        self.log.append(("limits", self.dealer, *self.limits))
        self._open_betting()

    def _can_bet(self, seat: int) -> bool:
        bankroll = self.options.bankroll
        return bankroll is None or bankroll + self.balances[seat] >= self.limits[0]

    def _open_betting(self) -> None:
        self.phase = BETTING
        self._next_bettor(self.dealer)

    def _next_bettor(self, seat: int) -> None:
        n, banker = self.n, self.dealer
        s = (seat + 1) % n
        while s != banker:
            if self._can_bet(s):
                self.turn = s
                return
            s = (s + 1) % n
        self._deal_holes()

    def _legal_bet(self) -> list[int]:
        lo, hi = self.limits
        bankroll = self.options.bankroll
        if bankroll is not None:
            hi = min(hi, bankroll + self.balances[self.turn])
        return [SIT, *range(BET + lo, BET + hi + 1)]

    def _apply_bet(self, action: int) -> None:
        seat = self.turn
        if action == SIT:
            self.log.append(("sit", seat))
        else:
            self.bets[seat] = action - BET
            self.result[seat] = IN
            self.log.append(("bet", seat, action - BET))
        self._next_bettor(seat)

    # --- the cards -------------------------------------------------------------------------
    def _draw(self) -> int:
        if self.top == len(self.stock):
            self.stock = self.reshuffle(self.discards, CARD_TEXTS.__getitem__, parse_card)
            self.top = 0
            self.discards = []
            self.log.append(("reshuffle", len(self.stock)))
        c = self.stock[self.top]
        self.top += 1
        return c

    def _take(self, seat: int, c: int) -> None:
        if c == KD:
            self.kd[seat] = True
        else:
            self.rest[seat] += HALVES[c]

    def _deal_holes(self) -> None:
        n, banker = self.n, self.dealer
        self.order = tuple(s for s in ((banker + i) % n for i in range(1, n)) if self.bets[s])
        if not self.order:
            self.log.append(("void", banker))
            self._finish()
            return
        for s in (*self.order, banker):
            c = self._draw()
            self.hole[s] = c
            self._take(s, c)
        self.result[banker] = IN
        self.log.append(("holes", len(self.order)))
        self.phase = PLAY
        self.pos = 0
        self.turn = self.order[0]

    def _legal_play(self) -> list[int]:
        return [HIT, STAND] if self.top < len(self.stock) or self.discards else [STAND]

    def _apply_play(self, action: int) -> None:
        seat = self.turn
        if action == STAND:
            self.result[seat] = STOOD
            self.log.append(("stand", seat))
            self._turn_over(seat)
            return
        c = self._draw()
        self.ups[seat].append(c)
        self._take(seat, c)
        total = total_of(self.rest[seat], self.kd[seat])
        if total > TOP:
            self.result[seat] = BUST
            self.shown[seat] = True
            self.discards += [self.hole[seat], *self.ups[seat]]
            if seat != self.dealer:
                bet = self.bets[seat]
                self._pay(seat, -bet)
            self.log.append(("hit", seat, c, BUST, total))
        elif total == TOP:
            two = len(self.ups[seat]) == 1
            self.result[seat] = TWO_CARD if two else SEVEN_HALF
            self.shown[seat] = self.shown[seat] or two
            self.log.append(("hit", seat, c, self.result[seat], total))
        else:
            self.log.append(("hit", seat, c, IN, 0))
            return
        self._turn_over(seat)

    def _pay(self, seat: int, chips: int) -> None:
        """The banker pays `seat` (a loss when negative)."""
        banker = self.dealer
        self.paid[seat] += chips
        self.paid[banker] -= chips
        self.balances[seat] += chips
        self.balances[banker] -= chips

    def _turn_over(self, seat: int) -> None:
        banker = self.dealer
        if seat == banker:
            self._settle()
            return
        self.pos += 1
        if self.pos < len(self.order):
            self.turn = self.order[self.pos]
        elif any(self.result[s] != BUST for s in self.order):
            self.shown[banker] = True
            self.log.append(("banker", banker, self.hole[banker]))
            self.turn = banker
        else:
            self.log.append(("all bust", banker))
            self._finish()

    # --- settlement and the bank ----------------------------------------------------------
    def _settle(self) -> None:
        banker = self.dealer
        mine = self.result[banker]
        t = total_of(self.rest[banker], self.kd[banker])
        for s in self.order:
            r = self.result[s]
            if r == BUST:
                continue
            self.shown[s] = True
            win = settlement(self.bets[s], r, total_of(self.rest[s], self.kd[s]), mine, t)
            self._pay(s, win)
            self.log.append(("settle", s, win, total_of(self.rest[s], self.kd[s])))
        if mine != TWO_CARD:
            self.offers = [s for s in self.order if self.result[s] == TWO_CARD]
        if self.offers and self.options.bank_pass == "offered":
            self.phase = BANK
            self.turn = self.offers[0]
            return
        if self.offers:
            self.next_banker = self.offers[0]
            self.log.append(("takes bank", self.offers[0]))
        self._finish()

    def _legal_bank(self) -> list[int]:
        return [TAKE, DECLINE]

    def _apply_bank(self, action: int) -> None:
        seat = self.offers.pop(0)
        if action == TAKE:
            self.next_banker = seat
            self.log.append(("takes bank", seat))
            self.offers = []
        else:
            self.log.append(("declines", seat))
        if self.offers:
            self.turn = self.offers[0]
        else:
            self._finish()

    def _finish(self) -> None:
        scores = list(self.paid)
        summary = {
            "hand_number": self.hand_number,
            "banker": self.dealer,
            "next_banker": self.next_banker,
            "scores": scores,
            "bets": list(self.bets),
            "cards": [self._visible(s, None) for s in range(self.n)],
            "log": self.log,
        }
        self.offers = []
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        if self.hand_number + 1 < self.options.hands:
            return None
        top = max(self.balances)
        return [s for s in range(self.n) if self.balances[s] == top]

    def hand_points(self) -> list[Any]:
        return list(self.paid)

    def match_scores(self) -> list[Any]:
        return list(self.balances)

    def money(self) -> list[Fraction] | None:
        """Chips are the game's stakes: each seat's balance, summing to zero."""
        return [Fraction(b) for b in self.balances]

    def _held(self, seat: int) -> list[int]:
        if self.hole[seat] < 0 or self.result[seat] == BUST:
            return []
        return [self.hole[seat], *self.ups[seat]]

    # --- text --------------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        return action_text(action)

    def text_to_action(self, text: str) -> int:
        words = text.strip().lower().split()
        joined = " ".join(words)
        if joined in WORDS:
            return WORDS[joined]
        try:
            numbers = [int(w) for w in words[1:]] if words[:1] in (["bet"], ["limits"]) else []
        except ValueError:
            raise IllegalAction(f"{text!r}: a bet or a limit is a whole number of chips.") from None
        if len(words) == 2 and words[0] == "bet":
            value = numbers[0]
            if 1 <= value <= MAX_BET_CAP:
                return BET + value
            lo, hi = self.limits
            raise IllegalAction(f"A bet of {value} is not possible: bets at this table are {lo} to {hi} chips.")
        if len(words) == 3 and words[0] == "limits":
            lo, hi = numbers
            if 1 <= lo <= hi <= MAX_BET_CAP:
                return LIMITS * (lo + 1) + hi
            raise IllegalAction(f"Limits {lo} to {hi} are not possible: name a minimum, then a maximum at least as big.")
        raise IllegalAction(f"{text!r} is not a Seven and a Half action: bet 5, sit, hit, stand, limits 1 10, take bank or decline.")

    def action_cards(self, action: Any) -> list[str]:
        return []

    # --- what a seat may know -----------------------------------------------------------------
    def _visible(self, seat: int, viewer: int | None) -> list[str]:
        """The cards of `seat` that `viewer` sees, the hole card first."""
        hole = self.hole[seat]
        seen = hole >= 0 and (self.shown[seat] or seat == viewer)
        return [CARD_TEXTS[c] for c in ([hole] if seen else []) + self.ups[seat]]

    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        n = self.n
        seats = []
        for s in range(n):
            hole = self.hole[s]
            seen = hole >= 0 and (self.shown[s] or s == seat)
            seats.append({
                "bet": self.bets[s],
                "hole": CARD_TEXTS[hole] if seen else None,
                "hole_down": hole >= 0 and not seen,
                "up": [CARD_TEXTS[c] for c in self.ups[s]],
                "state": STATE_TEXT[self.result[s]],
                "total": half_text(total_of(self.rest[s], self.kd[s])) if seen else None,
            })
        bankroll = self.options.bankroll
        return {
            "hand": self._visible(seat, seat) if seat is not None and self.hole[seat] >= 0 else [],
            "hand_sizes": [len(self._held(s)) for s in range(n)],
            "banker": self.dealer,
            "limits": list(self.limits),
            "seats": seats,
            "chips": None if bankroll is None else [bankroll + b for b in self.balances],
            "stock_size": len(self.stock) - self.top,
            "discard_size": len(self.discards),
            "shoe_start": list(self.shoe_start),
            "offered": self.offers[0] if self.phase == BANK else None,
        }

