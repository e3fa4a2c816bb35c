"""Seven and a Half as the engine runs it: the rules' state with what the engine asks
beyond the rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a stock and its
reshuffles that fit one seat's observation), its card zones (where each card lies and who
may see it), from which the engine derives every place a card can be and the leak test's
redeal, and the game's invariants; they sit here so the rules file holds rules. The
`SevenAndAHalf` declaration names the rules' state, the view and the heuristic bot, and
bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from typing import Any

from parlour.cards import CARD_TEXTS, deal_constrained, parse_card
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
    Levels,
    Mistakes,
)
from parlour.engine import EVERYONE, NOBODY, Game, GameOptions, Limits, Zone
from parlour.games.seven_and_a_half import view
from parlour.games.seven_and_a_half.rules import (
    BET,
    BUST,
    DECLINE,
    HIT,
    IN,
    LIMITS,
    PACK,
    SIT,
    STAND,
    STOOD,
    TAKE,
    TOP,
    SevenHalfOptions,
    SevenHalfRules,
    hand_total,
    total_of,
)


class SevenHalfState(SevenHalfRules):
    """One match of Seven and a Half."""

    # --- cards, for the invariants ----------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in PACK]

    def card_zones(self) -> list[Zone]:
        """Each seat's hole card, its own until shown, and its up cards; the stock, which no
        one sees; the discards, face down but for the busted hands, shown as they bust."""
        zones = []
        for s in range(self.n):
            held = self._held(s)
            zones.append(Zone(f"hole-{s}", held[:1], EVERYONE if self.shown[s] else s, functools.partial(self._put_hole, s)))
            zones.append(Zone(f"ups-{s}", held[1:]))
        zones.append(Zone("stock", self.stock[self.top :], NOBODY, self._put_stock))
        busted = {c for s in range(self.n) if self.result[s] == BUST for c in (self.hole[s], *self.ups[s])}
        shown = [c for c in self.discards if c in busted]
        zones.append(Zone("discards", self.discards, NOBODY, functools.partial(setattr, self, "discards"), shown))
        return zones

    def _put_hole(self, seat: int, cards: list[int]) -> None:
        self.hole[seat] = cards[0]
        self.rest[seat], self.kd[seat] = 0, False
        for c in (self.hole[seat], *self.ups[seat]):
            self._take(seat, c)

    def _put_stock(self, cards: list[int]) -> None:
        self.stock: list[int] = self.stock[: self.top] + cards

    def check_invariants(self) -> None:
        """Chips only change hands: the hand's results and the balances sum to zero."""
        assert sum(self.paid) == 0 and sum(self.balances) == 0
        for s in range(self.n):
            if self.result[s] in (STOOD, IN) and self.hole[s] >= 0:
                assert total_of(self.rest[s], self.kd[s]) < TOP

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
    view = view
    strength = (
        Figure(4, NORMAL_VS_HEURISTIC, "normal,seven_and_a_half-heuristic", 4000, 200000, 2000),
        Figure(4, STRONG_VS_NORMAL, "strong,normal", 8000, 300000, 2000),
        Figure(4, STRONG_VS_HEURISTIC, "strong,seven_and_a_half-heuristic", 8000, 300000, 2000),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"seven_and_a_half-heuristic": "parlour.bots.seven_and_a_half_heuristic:SevenHalfHeuristicBot"}
    strong_bots = {"seven_and_a_half-exact": "parlour.bots.seven_and_a_half_exact:SevenHalfExactBot"}
    score_scale = 20
    mistakes = Mistakes(swing=2)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_facts = (
        Fact("banker", "seat", "banker", doc="the banker"),
        Fact("limits", "numbers", "limits", length=2, scale=10, doc="the least and most bet"),
        Fact("seats", "seat_records", "seats", items=(
            Fact("bet", "number", "bet", scale=10),
            Fact("hole", "cards", "hole"),
            Fact("hole_down", "number", "hole_down"),
            Fact("up", "cards", "up"),
            Fact("state", "choice", "state",
                 values=("out", "in", "stood", "7½", "two-card 7½", "bust")),
            Fact("total", "number", "total", scale=7.5),
        ), doc="each seat's bet and cards"),
        Fact("chips", "seat_numbers", "chips", scale=20, doc="each seat's chips"),
        Fact("stock_size", "number", "stock_size", scale=40, doc="cards in the stock"),
        Fact("discard_size", "number", "discard_size", scale=40, doc="cards discarded"),
        Fact("shoe_start", "numbers", "shoe_start", length=2, scale=40, doc="the shoe at the start"),
        Fact("offered", "seat", "offered", doc="the seat offered the bank"),
    )
    levels = Levels(strong_player="seven_and_a_half-exact")
    table_limits = {"hands": 100, "bankroll": 100_000}
    conformance_options = (
        {"reshuffle": "when_empty", "bank_pass": "offered", "hands": 4},
        {"banker_sets_limits": True, "bankroll": 12, "min_bet": 2, "max_bet": 6, "hands": 3},
    )

    def heuristic_bot(self) -> str | None:
        return "seven_and_a_half-heuristic"

    def render_text(self, obs: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The terminal view: the bank, every seat's bet and cards, the shoe and the balances."""
        return view.render_text(obs, names)

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, SevenHalfOptions)
        return [f"After {options.hands} hands", f"from {options.min_bet} to {options.max_bet} chips",
            "All 40 cards are shuffled before every hand"]

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

