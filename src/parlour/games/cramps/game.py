"""Cramps as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), a search's lean rollout, its card zones (where each card lies and
who may see it), from which the engine derives every place a card can be and the leak
test's redeal, and the game's invariants; they sit here so the rules file holds rules. The `Cramps` declaration names
the rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from parlour.cards import (
    CARD_TEXTS,
    JOKER,
    deal_constrained,
    high_card_winner,
    parse_card,
    shown_voids,
    suits_mask,
)
from parlour.declaration import (
    DENOMINATIONS,
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
    Mistakes,
)
from parlour.engine import EVERYONE, OVER, Game, GameOptions, Limits, Zone
from parlour.games.cramps import view
from parlour.games.cramps.pack import (
    BITS,
    EXTRA_JOKERS,
    JOKER_BIT,
    QUEENS,
    cards_sorted_texts,
    full_pack_faces,
    playable,
)
from parlour.games.cramps.rules import (
    BID_BASE,
    HAND_TOTAL,
    NO_TRUMP,
    PASS,
    PLAY,
    TRICKS,
    TRUMP_BASE,
    VALUES_4,
    VALUES_MANY,
    CrampsOptions,
    CrampsRules,
)


class CrampsState(CrampsRules):
    """One match of Cramps."""

    phase: str
    turn: int
    led: int

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

    # --- a play-out and a search's rollout --------------------------------------------------
    def playout(self, choice: Callable[[Sequence[Any]], Any]) -> None:
        """The engine's play-out (`choice` of the legal cards until the hand ends, the next
        hand dealt unless the match is over or the copy is `hand_only`) in one loop over the
        hand masks: the same lists in the same order as `_legal_play`, the same record
        (history, trick, log, scores) as `_apply_play`, without a dispatch per move. Every
        card is legal by construction. 5-8 players and the Royal auction take the engine's
        loop."""
        if self.phase != PLAY or self.multi:
            return super().playout(choice)
        masks, record, next_seat = self.masks, self.history.append, self.next_seat_of
        self.just_ended = False
        while True:
            trick, turn, led = self.trick, self.turn, self.led
            play = trick.append
            played = len(trick)
            while True:
                mask = masks[turn]
                card = choice(playable(mask, led if played else -1))
                masks[turn] = mask ^ BITS[card]
                record((turn, card))
                play(card)
                played += 1
                if played == 4:
                    break
                if played == 1:
                    led = card // 13
                turn = next_seat[turn]
            self.turn, self.led = turn, led
            self._end_trick()
            if self.just_ended:
                return

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
            card = choice(playable(mask, led if played else -1))
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

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in full_pack_faces(self.n)]

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; the tricks played and the table. Once the match is
        over every card lies open."""
        over = self.phase == OVER
        zones = [
            Zone(f"hand-{s}", self.hand_cards(s), EVERYONE if over else s, functools.partial(self._set_hand, s))
            for s in range(self.n)
        ]
        zones.append(Zone("tricks", [c for _leader, cards, _winner, _value in self.tricks for c in cards]))
        zones.append(Zone("table", self.trick))
        return zones

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
    view = view
    strength = (
        Figure(4, NORMAL_VS_HEURISTIC, "normal,cramps-heuristic", 2000, 0, 400),
        Figure(4, STRONG_VS_NORMAL, "strong,normal", 600, 0, 80),
        Figure(4, STRONG_VS_HEURISTIC, "strong,cramps-heuristic", 600, 0, 80),
        Figure(7, NORMAL_VS_HEURISTIC, "normal,cramps-heuristic", 700, 0, 140),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"cramps-heuristic": "parlour.bots.cramps_heuristic:CrampsHeuristicBot"}
    score_scale = 31
    mistakes = Mistakes(swing=10)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_facts = (
        Fact("trick_number", "number", "trick_number", scale=13, doc="tricks played"),
        Fact("trick", "plays", "trick", length=8, doc="the trick on the table in order"),
        Fact("trick_values", "numbers", "trick_values", length=13, scale=10,
             doc="what each trick is worth"),
        Fact("bid", "number", "auction.bid", scale=30, doc="the standing bid"),
        Fact("bidder", "seat", "auction.bidder", doc="the standing bidder"),
        Fact("min_bid", "number", "auction.min_bid", scale=30, doc="the lowest bid"),
        Fact("max_bid", "number", "auction.max_bid", scale=30, doc="the highest bid"),
        Fact("passed", "seats", "auction.passed", doc="seats that passed"),
        Fact("trump", "choice", "trump", values=DENOMINATIONS, doc="trumps"),
        Fact("queen_values", "numbers", "queen_values", length=4, scale=10,
             doc="each queen's value"),
        Fact("target", "number", "target", scale=31, doc="the match target"),
    )
    conformance_options = (
        {"royal": True},
        {"royal": True, "pass_is_final": False, "royal_made": "bid"},
    )

    def heuristic_bot(self) -> str | None:
        return "cramps-heuristic"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, CrampsOptions)
        return [f"reach {options.target} points", f"{options.target} or more",
            "| Points | " + " | ".join(f"{v:+d}" if v else "0" for v in options.values) + " |",
            f"from {options.min_bid} up to 30", f"Everyone gets {TRICKS} cards"]

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
