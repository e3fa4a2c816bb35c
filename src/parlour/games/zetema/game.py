"""Zetema as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal rebuilt from
one seat's view of the hand's course), its card zones (where each card lies and who may
see it), from which the engine derives every place a card can be and the leak test's
redeal, and the game's invariants; they sit here so the rules file holds rules. The
`Zetema` declaration names the rules' state and the view, the heuristic bot and the sides,
and bounds the game for solvers."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

from parlour.cards import CARD_TEXTS, RANK_CHARS, SUIT_CHARS, cards_of, parse_card
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    SUITS,
    Fact,
    Figure,
    Mistakes,
)
from parlour.engine import NOBODY, OVER, Game, GameOptions, Limits, Zone
from parlour.games.zetema import view
from parlour.games.zetema.pack import (
    BIT,
    FACES,
    MARRIAGES,
    MARRY_FLAG,
    MELD_FLAG,
    PACKS,
    SUIT_WAYS,
    from_hand,
    parse_action,
    windows,
)
from parlour.games.zetema.rules import ZetemaOptions, ZetemaRules


class ZetemaState(ZetemaRules):
    """One match of Zetema."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's deal from its public course: each card seen leaving a hand (or
        shown in it) fills a slot that hand had by then (dealt, or drawn before); the
        seat's own open slots take its hand; the rest is dealt at random."""
        assert isinstance(options, ZetemaOptions)
        n, H = options.players, options.hand_size
        pack = PACKS[SUIT_CHARS.index(options.extra_suit)]
        seat = observation["seat"]
        order = [(observation["dealer"] + 1 + i) % n for i in range(n)]
        held = [list(range(H * order.index(s), H * order.index(s) + H)) for s in range(n)]
        slots: list[int | None] = [None] * (H * n)
        known, drawn = [0] * n, []

        def place(actor: int, f: int) -> None:
            slots[held[actor].pop(rng.randrange(len(held[actor])))] = f

        def pin(actor: int, f: int) -> None:
            if pack.count(known[actor], f):
                known[actor] = pack.take(known[actor], f)
            else:
                place(actor, f)

        draws, actions = observation["draws"], observation["actions"]
        for k in range(len(actions) + 1):
            for drawer, _ in (d for d in draws if d[1] == k):
                held[drawer].append(len(slots))
                drawn.append(len(slots))
                slots.append(None)
            if k == len(actions):
                break
            actor, text = actions[k]
            action = parse_action(text, pack)
            if action < 52:
                pin(actor, action)
            elif action >= MELD_FLAG:
                meld = action - MELD_FLAG
                for f in cards_of(meld & FACES):
                    for _ in range(pack.count(meld, f) - pack.count(known[actor], f)):
                        place(actor, f)
                known[actor] |= meld
            else:
                for f in from_hand(action - MARRY_FLAG):
                    pin(actor, f)
        pool = list(pack.faces)
        for f in (f for f in slots if f is not None):
            pool.remove(f)
        if seat is not None:
            mine = [parse_card(t) for t in observation["hand"]]
            for f in pack.cards(known[seat]):
                mine.remove(f)
            for slot, f in zip(held[seat], mine, strict=True):
                slots[slot] = f
                pool.remove(f)
        rng.shuffle(pool)
        for i, f in enumerate(slots):
            if f is None:
                slots[i] = pool.pop()
        by_seat = [[CARD_TEXTS[slots[H * order.index(s) + i]] for i in range(H)] for s in range(n)]  # type: ignore[index]
        stock = [CARD_TEXTS[slots[i]] for i in drawn] + [CARD_TEXTS[f] for f in pool]  # type: ignore[index]
        return {"hands": by_seat, "stock": stock}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        """Totals before this hand: the replay of its actions adds its points again."""
        match, hand = observation["scores"]["match"], observation["scores"]["hand"]
        self.totals = [match[seats[0]] - hand[seats[0]] for seats in self.side_seats]

    # --- cards, for the invariants --------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[f] for f in self.pack.faces]

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's but for the cards it has shown; the piles and the
        wastepile, face up; the stock, which no one sees."""
        pack = self.pack
        zones = [
            Zone(f"hand-{s}", pack.cards(h), s, functools.partial(self._put_hand, s), pack.cards(self.known[s]))
            for s, h in enumerate(self.hands)
        ]
        zones += [Zone(f"pile-{RANK_CHARS[r]}", self.piles[r]) for r in range(13)]
        zones.append(Zone("wastepile", self.wastepile))
        zones.append(Zone("stock", self.stock, NOBODY, functools.partial(setattr, self, "stock")))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        hand = 0
        for f in cards:
            hand = self.pack.add(hand, f)
        self.hands[seat] = hand

    def check_invariants(self) -> None:
        """Known cards are in their hands, no hand passes H + 1, no rank pile holds five,
        and every side's total is its past hands plus this one."""
        for s in range(self.n):
            assert self.known[s] & ~self.hands[s] == 0, "a known card is not in its hand"
            assert self.hands[s].bit_count() <= self.H + 1
        assert all(len(p) < 5 for p in self.piles)
        for side, seats in enumerate(self.side_seats):
            past = sum(h[seats[0]] for h in self.hand_results)
            now = 0 if self.phase == OVER or self.just_ended else self.side_points[side]
            assert self.totals[side] == past + now, "a side's total is not the sum of its hands"


class Zetema(Game):
    name = "zetema"
    title = "Zetema"
    min_players = 2
    max_players = 6
    Options = ZetemaOptions
    state_class = ZetemaState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,zetema-heuristic", 2000, 0, 200),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 600, 100000, 6),
        Figure(2, STRONG_VS_HEURISTIC, "strong,zetema-heuristic", 40, 100000, 6),
        Figure(3, NORMAL_VS_HEURISTIC, "normal,zetema-heuristic", 300, 0, 60),
        Figure(4, NORMAL_VS_HEURISTIC, "normal,zetema-heuristic", 300, 0, 60),
        Figure(5, NORMAL_VS_HEURISTIC, "normal,zetema-heuristic", 300, 0, 60),
        Figure(6, NORMAL_VS_HEURISTIC, "normal,zetema-heuristic", 300, 0, 60),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"zetema-heuristic": "parlour.bots.zetema_heuristic:ZetemaHeuristicBot"}
    score_scale = 300
    mistakes = Mistakes(swing=100)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_course = {"scale": 200}
    tensor_facts = (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("rank_piles", "named_cards", "rank_piles",
             values=("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"),
             doc="the piles by rank"),
        Fact("wastepile", "cards", "wastepile", doc="the wastepile"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("meld", "cards", "meld", doc="the meld being made"),
        Fact("sides", "side", "sides", doc="my side"),
        Fact("target", "number", "target", scale=300, doc="the match target"),
        Fact("meld_length", "number", "meld_length", scale=6, doc="cards in a meld"),
        Fact("extra_suit", "choice", "extra_suit", values=SUITS, doc="the doubled suit"),
    )
    conformance_options = (
        {"extra_suit": "H", "ace": "high", "five_marriages": 170},
        {"extra_suit": "C", "ace": "low"},
    )

    def heuristic_bot(self) -> str | None:
        return "zetema-heuristic"

    def teams(self, options: GameOptions) -> list[list[int]]:
        assert isinstance(options, ZetemaOptions)
        k = options.sides
        return [[s for s in range(options.players) if s % k == side] for side in range(k)]

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, ZetemaOptions)
        return [f"Everyone gets {options.hand_size} cards", f"reach {options.target} points",
            f"show {options.hand_size} cards", f"all five at once {options.five_marriages}",
            "One pair scores {1}, two {2}, three {3}, four {4}".format(*MARRIAGES)]

    def limits(self, options: GameOptions) -> Limits:
        """Every turn but a marriage ends with one of the 65 cards discarded, a meld comes
        before a discard, and a marriage takes two cards away: at most 2 x 65 + 33 actions.
        Points: at most 130 a meld (one per discard), 50 a zetema (13 ranks) and the best
        marriages."""
        assert isinstance(options, ZetemaOptions)
        return Limits(
            hand_actions=2 * 65 + 33,
            match_hands=None,
            hand_scores=(0, 130 * 65 + 50 * 13 + max(options.five_marriages, 150)),
            notes="no match bound; the score bound is the rules' arithmetic, far above any real hand",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        """Discards, every marriage set, every meld (tens of thousands: melds are named by
        their cards)."""
        assert isinstance(options, ZetemaOptions)
        return list(_universe(options.players, options.extra_suit, options.ace))


@functools.cache
def _universe(players: int, extra_suit: str, ace: str) -> list[int]:
    pack = PACKS[SUIT_CHARS.index(extra_suit)]
    H = 5 if players == 6 else 6
    per_suit = [[way[0] for way in ways] for ways in SUIT_WAYS[pack.extra]]
    marriages = sorted(MARRY_FLAG | sum(c) for c in itertools.product(*per_suit) if any(c))
    melds = {pack.assembly[r] for r in range(13)}
    for s in range(4):
        suit = [13 * s + r for r in range(13)] * (2 if s == pack.extra else 1)
        melds.update(pack.of(list(c)) for c in itertools.combinations(sorted(suit), H))
    for w in windows(H, ace):
        rs = [r for r in range(13) if w >> r & 1]
        for suits in itertools.product(range(4), repeat=H):
            if len(set(suits)) > 1:
                melds.add(sum(BIT[13 * s + r] for s, r in zip(suits, rs, strict=True)))
    return list(range(52)) + marriages + [MELD_FLAG | m for m in sorted(melds)]


GAME = Zetema()
ZetemaState.game = GAME
