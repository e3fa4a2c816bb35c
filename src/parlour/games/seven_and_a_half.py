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
"""

from __future__ import annotations

import dataclasses
import random
from fractions import Fraction
from typing import Any, Literal

from parlour.cards import (
    CARD_TEXTS,
    DIAMONDS,
    KING,
    SEVEN,
    TWO,
    card,
    deal_constrained,
    parse_card,
    sort_key,
)
from parlour.engine import Game, GameOptions, IllegalAction, Limits, OptionsError, State

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


class SevenHalfState(State):
    """One match of Seven and a Half."""

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
            "log": [self.sentence(e) for e in self.log],
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

    # --- cards, for the invariants ----------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in PACK]

    def card_places(self) -> dict[str, list[str]]:
        places = {
            f"hand-{s}": [CARD_TEXTS[c] for c in self._held(s)] for s in range(self.n)
        }
        places["stock"] = [CARD_TEXTS[c] for c in self.stock[self.top :]]
        places["discards"] = [CARD_TEXTS[c] for c in self.discards]
        return places

    def _held(self, seat: int) -> list[int]:
        if self.hole[seat] < 0 or self.result[seat] == BUST:
            return []
        return [self.hole[seat], *self.ups[seat]]

    def check_invariants(self) -> None:
        """Chips only change hands: the hand's results and the balances sum to zero."""
        assert sum(self.paid) == 0 and sum(self.balances) == 0
        for s in range(self.n):
            if self.result[s] in (STOOD, IN) and self.hole[s] >= 0:
                assert total_of(self.rest[s], self.kd[s]) < TOP

    # --- text --------------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action >= LIMITS:
            return f"limits {action // LIMITS - 1} {action % LIMITS}"
        if action >= BET:
            return f"bet {action - BET}"
        return TEXTS[action]

    def text_to_action(self, text: str) -> int:
        words = text.strip().lower().split()
        joined = " ".join(words)
        if joined in WORDS:
            return WORDS[joined]
        try:
            if len(words) == 2 and words[0] == "bet":
                value = int(words[1])
                if 1 <= value <= MAX_BET_CAP:
                    return BET + value
                raise IllegalAction(f"A bet of {value} is not possible: bets are 1 to {MAX_BET_CAP} chips at most.")
            if len(words) == 3 and words[0] == "limits":
                lo, hi = int(words[1]), int(words[2])
                if 1 <= lo <= hi <= MAX_BET_CAP:
                    return LIMITS * (lo + 1) + hi
                raise IllegalAction(f"Limits {lo} to {hi} are not possible: name a minimum, then a maximum at least as big.")
        except ValueError:
            raise IllegalAction(f"{text!r}: a bet or a limit is a whole number of chips.") from None
        raise IllegalAction(f"{text!r} is not a Seven and a Half action: bet 5, sit, hit, stand, limits 1 10, take bank or decline.")

    def _why_not(self, action: Any) -> str | None:
        if not isinstance(action, int):
            return None
        phase, seat = self.phase, self.turn
        if action >= LIMITS:
            if phase != LIMITS_PHASE:
                return "The banker names the limits only before the bets, where the table plays with banker_sets_limits."
            return f"Limits are from {self.options.min_bet} to {self.options.max_bet} chips, the minimum first."
        if action >= BET:
            if phase != BETTING:
                return "Bets are made before the cards are dealt."
            lo, hi = self.limits
            bet = action - BET
            if bet < lo:
                return f"A bet of {bet} is under the minimum of {lo}."
            if bet > hi:
                return f"A bet of {bet} is over the limit of {hi}."
            return f"A bet of {bet} is more than your {self.options.bankroll + self.balances[seat]} chips."  # type: ignore[operator]
        if action == SIT and phase != BETTING:
            return "You may sit out only while the bets are made."
        if action in (HIT, STAND):
            if phase != PLAY:
                return "Nobody draws cards now: " + {LIMITS_PHASE: "the banker names the limits.", BETTING: "the bets come first."}.get(phase, "the bank is being offered.")
            return "The stock and the discard pile are empty: you can only stand."
        if action in (TAKE, DECLINE):
            return "The bank is offered only to a two-card 7½ after the settlement."
        return None

    def action_cards(self, action: Any) -> list[str]:
        return []

    def sentence(self, entry: Any) -> str:
        kind, seat = entry[0], entry[1]
        who = f"Seat {seat}"
        if kind == "limits":
            return f"{who}, the banker, sets the bets from {entry[2]} to {entry[3]}."
        if kind == "bet":
            return f"{who} bets {entry[2]}."
        if kind == "sit":
            return f"{who} sits out this hand."
        if kind == "void":
            return "Nobody bets: the hand is void and the banker stays."
        if kind == "holes":
            return f"A hole card each to {seat} punter{'s' if seat > 1 else ''} and the banker."
        if kind == "reshuffle":
            return f"The stock is empty: the discard pile is shuffled into a new stock of {seat}."
        if kind == "stand":
            return f"{who} stands."
        if kind == "banker":
            return f"The banker (seat {seat}) shows the hole card {CARD_TEXTS[entry[2]]}."
        if kind == "all bust":
            return "Every punter busted: the banker does not play."
        if kind == "takes bank":
            return f"{who} takes the bank with a two-card 7½."
        if kind == "declines":
            return f"{who} declines the bank."
        if kind == "settle":
            win = entry[2]
            result = f"wins {win}" if win > 0 else f"loses {-win}" if win < 0 else "pushes"
            return f"{who} shows {half_text(entry[3])} and {result}."
        _, _, c, outcome, total = entry
        text = f"{who} hits: {CARD_TEXTS[c]}"
        if outcome == BUST:
            return text + f", bust at {half_text(total)}; the hole card is shown and the banker collects."
        if outcome == TWO_CARD:
            return text + ": a two-card 7½, the hole card shown; it stands."
        if outcome == SEVEN_HALF:
            return text + ": 7½, so it stands (any card would bust)."
        return text + "."

    # --- what a seat may know -----------------------------------------------------------------
    def _visible(self, seat: int, viewer: int | None) -> list[str]:
        """The cards of `seat` that `viewer` sees, the hole card first."""
        hole = self.hole[seat]
        seen = hole >= 0 and (self.shown[seat] or seat == viewer)
        return [CARD_TEXTS[c] for c in ([hole] if seen else []) + self.ups[seat]]

    def facts(self, seat: int | None) -> dict[str, Any]:
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

    def hand_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """Each seat's cards: the hole card face down unless it may be seen, hits face up; a
        busted hand stays in view (its cards are already in the discard pile)."""
        zones = []
        for s, info in enumerate(obs["seats"]):
            role = "banker" if s == obs["banker"] else f"bet {info['bet']}" if info["bet"] else "no bet"
            extra = [info["total"]] if info["total"] and info["state"] in ("in", "stood") else []
            extra += [info["state"]] if info["state"] not in ("in", "out") else []
            label = ("Your cards" if s == seat else f"Seat {s}") + f" ({', '.join([role, *extra])})"
            cards = ([info["hole"]] if info["hole"] else []) + info["up"]
            zones.append({"id": f"hand-{s}", "kind": "hand", "owner": s, "label": label,
                          "cards": cards, "hidden": int(info["hole_down"])})
        return zones

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        return [
            {"id": "stock", "kind": "pile", "owner": None, "label": f"Stock ({obs['stock_size']})", "cards": [], "hidden": obs["stock_size"]},
            {"id": "discards", "kind": "pile", "owner": None, "label": f"Discards ({obs['discard_size']})", "cards": [], "hidden": obs["discard_size"]},
        ]

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The bank and its limits, then each punter's bet and cards, then the banker's cards."""
        banker = obs["banker"]
        lo, hi = obs["limits"]
        out = [{"label": "Bank", "value": f"seat {banker} (bets {lo} to {hi})"}]
        if obs["chips"] is not None:
            out.append({"label": "Chips", "value": ", ".join(f"seat {s} {c}" for s, c in enumerate(obs["chips"]))})
        for s, info in enumerate(obs["seats"]):
            if s == banker or not info["bet"]:
                continue
            cards = " ".join((["??"] if info["hole_down"] else [info["hole"]] if info["hole"] else []) + info["up"])
            out.append({"label": f"Seat {s} bets {info['bet']}", "value": f"{cards or '-'} ({info['state']})"})
        mine = obs["seats"][banker]
        cards = " ".join((["??"] if mine["hole_down"] else [mine["hole"]] if mine["hole"] else []) + mine["up"])
        out.append({"label": "Banker's cards", "value": f"{cards or '-'}" + (f" ({mine['state']})" if mine["state"] not in ("in", "out") else "")})
        if obs["offered"] is not None:
            out.append({"label": "Bank offered to", "value": f"seat {obs['offered']}"})
        return out

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last card drawn (or the banker's hole card, or a settlement), with its sentence."""
        for entry in reversed(self.log):
            kind, seat = entry[0], entry[1]
            if kind == "hit":
                cards, mark = [CARD_TEXTS[entry[2]]], entry[3] != IN
            elif kind == "banker":
                cards, mark = [CARD_TEXTS[entry[2]]], False
            elif kind in ("settle", "stand", "bet"):
                cards, mark = [], kind == "settle" and entry[2] > 0
            else:
                continue
            what = {"hit": "draws", "banker": "turns the hole card", "settle": "is settled", "stand": "stands", "bet": "bets"}[kind]
            return {"label": f"Hand {self.hand_number + 1}: seat {seat} {what}",
                    "plays": [{"seat": seat, "cards": cards, "face_down": False, "mark": mark}],
                    "explanation": self.sentence(entry)}
        return None

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> SevenHalfState:
        """A copy whose hole cards hidden from `seat`, stock and unseen discards are shuffled."""
        other = self.clone()
        assert isinstance(other, SevenHalfState)
        holes = [s for s in range(self.n) if s != seat and self.hole[s] >= 0 and not self.shown[s]]
        busted = {c for s in range(self.n) if self.result[s] == BUST for c in (self.hole[s], *self.ups[s])}
        hidden = [c for c in self.discards if c not in busted]
        pool = [self.hole[s] for s in holes] + self.stock[self.top :] + hidden
        rng.shuffle(pool)
        for s in holes:
            other.hole[s] = pool.pop()
            other.rest[s], other.kd[s] = 0, False
            for c in (other.hole[s], *other.ups[s]):
                other._take(s, c)
        other.discards = [c for c in self.discards if c in busted] + pool[: len(hidden)]
        other.stock = self.stock[: self.top] + pool[len(hidden) :]
        return other

    # --- determinize -------------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's stock (and its reshuffles) from the public course.

        Every draw is a hole card or a face-up hit, in the order of R-SEVENHALF-14, from the
        stock or, once it ran out, from a reshuffled discard pile; counting the draws and
        the busts from the shoe's sizes at the hand's start says which. A hidden hole card
        is dealt from the unseen cards among those that fit its seat's course (no 7½ or
        bust before its turn ended, exactly 7½ where it stopped without standing)."""
        n, banker, seats = options.players, observation["dealer"], observation["seats"]
        stock_left, disc = observation["shoe_start"]
        segments: list[list[Any]] = [[]]
        busted: list[list[int]] = [[]]
        hidden: list[tuple[int, int]] = []

        def draw(known: int | None, seat: int) -> None:
            nonlocal stock_left, disc
            if stock_left == 0:
                stock_left, disc = disc, 0
                segments.append([])
                busted.append([])
            stock_left -= 1
            if known is None:
                hidden.append((seat, len(segments) - 1))
            segments[-1].append(known)

        if any(info["hole"] or info["hole_down"] for info in seats):
            for s in (*(s for s in ((banker + i) % n for i in range(1, n)) if seats[s]["bet"]), banker):
                draw(parse_card(seats[s]["hole"]) if seats[s]["hole"] else None, s)
        hits = [0] * n
        for actor, text in observation["actions"]:
            if text != "hit":
                continue
            up = seats[actor]["up"]
            draw(parse_card(up[hits[actor]]), actor)
            hits[actor] += 1
            if hits[actor] == len(up) and seats[actor]["state"] == "bust":
                cards = [parse_card(t) for t in (seats[actor]["hole"], *up)]
                disc += len(cards)
                busted[-1].extend(cards)
        known0 = [c for c in segments[0] if c is not None]
        known1 = [c for c in segments[1] if c is not None and c not in busted[0]] if len(segments) > 1 else []
        free = [c for c in PACK if c not in known0 and c not in known1]
        forbidden = [_unfit(seats[s]) for s, _ in hidden]
        parts = deal_constrained(free, [1] * len(hidden) + [len(free) - len(hidden)], [*forbidden, 0], rng)
        rest = parts[-1]
        rng.shuffle(rest)
        for (_s, seg), part in zip(hidden, parts, strict=False):
            segments[seg][segments[seg].index(None)] = part[0]
        start_stock = observation["shoe_start"][0]
        stock_rest = rest[: start_stock - len(segments[0])]
        d0 = rest[len(stock_rest) :] + known1 + [part[0] for (_s, seg), part in zip(hidden, parts, strict=False) if seg == 1]
        deal: dict[str, Any] = {"stock": [CARD_TEXTS[c] for c in segments[0] + stock_rest]}
        if len(segments) > 1:
            deal["reshuffles"] = []
            for j in range(1, len(segments)):
                pool = (d0 if j == 1 else []) + busted[j - 1]
                for c in segments[j]:
                    pool.remove(c)
                rng.shuffle(pool)
                deal["reshuffles"].append([CARD_TEXTS[c] for c in segments[j] + pool])
        return deal, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        """The balances before this hand: its busts are paid again as its actions replay."""
        scores = observation["scores"]
        self.balances = [m - h for m, h in zip(scores["match"], scores["hand"], strict=True)]


def _unfit(info: dict[str, Any]) -> int:
    """The mask of hole cards that could not have given this seat its course so far."""
    up = [parse_card(t) for t in info["up"]]
    seven = info["state"] == "7½"
    mask = 0
    for hole in PACK:
        totals = [hand_total([hole, *up[: i + 1]]) for i in range(len(up))]
        if seven:
            fits = totals[-1] == TOP and all(t < TOP for t in totals[:-1])
        else:
            fits = all(t < TOP for t in totals)
        if not fits:
            mask |= 1 << hole
    return mask


class SevenAndAHalf(Game):
    name = "seven_and_a_half"
    title = "Seven and a Half"
    min_players = 2
    max_players = 8
    Options = SevenHalfOptions
    state_class = SevenHalfState

    def heuristic_bot(self) -> str | None:
        return "seven_and_a_half-heuristic"

    def render_text(self, obs: dict[str, Any]) -> str:
        """The terminal view: the bank, every seat's bet and cards, the shoe and the balances."""
        lines = [f"Hand {obs['hand_number'] + 1} of {obs['options'].get('hands', 20)}, "
                 f"banker seat {obs['banker']}, bets {obs['limits'][0]} to {obs['limits'][1]}."]
        for s, info in enumerate(obs["seats"]):
            cards = " ".join((["??"] if info["hole_down"] else [info["hole"]] if info["hole"] else []) + info["up"])
            role = "banker" if s == obs["banker"] else f"bet {info['bet']}" if info["bet"] else "no bet"
            total = f", total {info['total']}" if info["total"] else ""
            mark = "you, " if s == obs["seat"] else ""
            lines.append(f"  seat {s} ({mark}{role}): {cards or '-'} [{info['state']}{total}]")
        lines.append(f"Stock {obs['stock_size']}, discards {obs['discard_size']}.")
        if obs["offered"] is not None:
            lines.append(f"The bank is offered to seat {obs['offered']}.")
        balances = ", ".join(f"seat {s} {v}" for s, v in enumerate(obs["scores"]["match"]))
        lines.append(f"This hand: {', '.join(f'seat {s} {v:+d}' for s, v in enumerate(obs['scores']['hand']))}. Balances: {balances}.")
        return "\n".join(lines)

    def limits(self, options: GameOptions) -> Limits:
        """The limits call, a bet or sit per punter, the bank offers, and per seat at most 16
        draws and stands (every card is worth at least a half, and 7½ stands). A punter wins
        or loses at most twice the largest bet, the banker that from every punter."""
        assert isinstance(options, SevenHalfOptions)
        n = options.players
        most = 2 * options.max_bet * (n - 1)
        return Limits(
            hand_actions=1 + (n - 1) + 16 * n + (n - 1),
            match_hands=options.hands,
            hand_scores=(-most, most),
            hand_sum=0,
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, SevenHalfOptions)
        out = [HIT, STAND, SIT, *range(BET + options.min_bet, BET + options.max_bet + 1)]
        if options.bank_pass == "offered":
            out += [TAKE, DECLINE]
        if options.banker_sets_limits:
            lo, hi = options.min_bet, options.max_bet
            out += [LIMITS * (a + 1) + b for a in range(lo, hi + 1) for b in range(a, hi + 1)]
        return out


GAME = SevenAndAHalf()
SevenHalfState.game = GAME
