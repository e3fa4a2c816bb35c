"""Ribs as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation, and how the others saw the plays hidden from them), its card zones
(where each card lies and who may see it), from which the engine derives every place a
card can be and the leak test's redeal, and the game's invariants; they sit here so the
rules file holds rules. The `Ribs` declaration names the
rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import random
from collections import Counter
from fractions import Fraction
from typing import Any

from parlour.declaration import NORMAL_VS_HEURISTIC, STRONG_VS_HEURISTIC, Fact, Figure, Levels
from parlour.engine import EVERYONE, Game, GameOptions, Limits, Zone
from parlour.games.ribs import view
from parlour.games.ribs.pack import (
    ALL_PAIR_CODES,
    FOLD_BASE,
    PASS,
    PLAY_BASE,
    RANK_TEXT,
    VALUE,
    rank_id,
)
from parlour.games.ribs.rules import PLAYING, TRICKS_PER_HAND, RibsOptions, RibsRules


def _ranks(counts: list[int]) -> list[int]:
    """The ranks of a count vector, copies repeated."""
    return [r for r in range(8) for _ in range(counts[r])]


class RibsState(RibsRules):
    """One match of Ribs."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Deal the unseen cards at random: two to each masked fold or ribs (in the order
        played), then the other seats' hands; suits play no part, so only counts bind."""
        n, seat, actions = options.players, observation["seat"], observation["actions"]
        mine = [rank_id(t) for t in observation["hand"]]
        unknown = [n - mine.count(r) for r in range(8)]
        played: list[list[int]] = [[] for _ in range(n)]
        masked = [i for i, (_, text) in enumerate(actions) if text in ("fold", "ribs")]
        for actor, text in actions:
            if text.startswith(("play ", "fold ")):
                for r in map(rank_id, text.split()[1:]):
                    played[actor].append(r)
                    unknown[r] -= 1
        pool = [r for r in range(8) for _ in range(unknown[r])]
        rng.shuffle(pool)
        hidden: dict[int, Any] = {}
        for k, i in enumerate(masked):
            actor, text = actions[i]
            lo, hi = sorted(pool[2 * k : 2 * k + 2])
            played[actor] += [lo, hi]
            hidden[i] = (FOLD_BASE if text == "fold" else PLAY_BASE) + 8 * lo + hi
        at = 2 * len(masked)
        hands = []
        for s, size in enumerate(observation["hand_sizes"]):
            rest = mine if s == seat else pool[at : at + size]
            at += 0 if s == seat else size
            hands.append([RANK_TEXT[r] for r in rest + played[s]])
        assert at == len(pool), "the observation's card counts do not add up"
        return {"hands": hands}, hidden

    def _restore(self, observation: dict[str, Any]) -> None:
        self.wins = list(observation["scores"]["match"])
        if "money" in observation:
            self.money_net = [Fraction(m) for m in observation["money"]["net"]]

    def _seen_as(self, index: int, actor: int, action: Any) -> str | None:
        """Others see a fold only as "fold" until the hand ends, and the ribs as "ribs"
        until the trick is resolved (unless the open last trick shows them)."""
        if action < PLAY_BASE or self.is_over():
            return None
        if action >= FOLD_BASE:
            return "fold"
        current = self.phase == PLAYING and index == len(self.history) - self.played_count
        return "ribs" if current and actor == self.bidder and not self._ribs_open() else None

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [RANK_TEXT[r] for r in range(8) for _ in range(self.n)]

    card_faces = RANK_TEXT

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; a seat's fold, its own whether it lies on the table or
        in the discards; the bidder's ribs, its own until turned; the pairs played face up,
        the capture piles and the discards played face up. Once the match is over every
        card lies open."""
        over = self.is_over()
        plays: list[Any] = self.plays if self.phase == PLAYING else [None] * self.n
        zones = [
            Zone(f"hand-{s}", _ranks(self.hands[s]), EVERYONE if over else s, functools.partial(self._put_hand, s))
            for s in range(self.n)
        ]
        zones += [Zone(f"captured-{s}", _ranks(self.captured[s])) for s in range(self.n)]
        zones.append(Zone("discard-up", _ranks(self.discard_up)))
        rest = Counter(_ranks(self.discard_folded))
        for s, fold in enumerate(self.folds):
            if fold is not None:
                live = plays[s] is not None and plays[s][2]
                if not live:
                    rest -= Counter(fold)
                zones.append(Zone(f"fold-{s}", fold, EVERYONE if over else s, functools.partial(self._put_fold, s, live)))
        zones.append(Zone("discard-folded", sorted(rest.elements())))
        table = [s for s in range(self.n) if plays[s] is not None and not plays[s][2]]
        if self.phase == PLAYING and self.bidder in table:
            table.remove(self.bidder)
            turned = over or self._ribs_open()
            zones.append(Zone("ribs", plays[self.bidder][:2], EVERYONE if turned else self.bidder, self._put_ribs))
        zones.append(Zone("table", [r for s in table for r in plays[s][:2]]))
        return zones

    def _put_hand(self, seat: int, ranks: list[int]) -> None:
        self.hands[seat] = self._counts(ranks)

    def _put_fold(self, seat: int, live: bool, ranks: list[int]) -> None:
        if not live:
            self._discard_fold(seat, -1)
        self.folds[seat] = lo_hi = (min(ranks), max(ranks))
        if live:
            self.plays[seat] = (*lo_hi, True)
        else:
            self._discard_fold(seat, 1)

    def _put_ribs(self, ranks: list[int]) -> None:
        self.plays[self.bidder] = (min(ranks), max(ranks), False)

    def check_invariants(self) -> None:
        """Ten points per player are always accounted for (hands, table, piles, discards),
        and at a hand's end the capture piles and the discard pile hold all of them."""
        n = self.n
        raw = sum(VALUE[r] * c[r] for c in self.captured for r in range(8))
        raw += sum(VALUE[r] * (self.discard_up[r] + self.discard_folded[r]) for r in range(8))
        raw += sum(VALUE[r] * h[r] for h in self.hands for r in range(8))
        if self.phase == PLAYING:
            raw += sum(VALUE[p[0]] + VALUE[p[1]] for p in self.plays if p is not None)
        assert raw == 10 * n, f"{raw} points accounted for, not {10 * n}"
        if self.just_ended or self.is_over():
            last = self.last_hand
            assert last is not None
            ended = sum(VALUE[rank_id(t)] for pile in last["captured"] for t in pile)
            ended += sum(VALUE[rank_id(t)] for t in last["discard"])
            assert ended == 10 * n, f"the hand ended with {ended} points in piles, not {10 * n}"
        for s in range(n):
            assert sum(self.hands[s]) == 2 * (TRICKS_PER_HAND - self.trick_no) - (
                2 if self.phase == PLAYING and self.plays[s] is not None else 0
            ) or self.is_over()


class Ribs(Game):
    name = "ribs"
    title = "Ribs"
    min_players = 4
    max_players = 10
    Options = RibsOptions
    state_class = RibsState
    view = view
    strength = (
        Figure(4, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(5, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(6, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(6, STRONG_VS_HEURISTIC, "strong,ribs-heuristic", 1000, 0, 24),
        Figure(7, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(8, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(10, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"ribs-heuristic": "parlour.bots.ribs_heuristic:RibsHeuristicBot"}
    score_scale = 5
    tensor_course = {"calls": ("fold", "ribs"), "call_verbs": ("bid",), "recent": 24}
    tensor_facts = (
        Fact("trick", "number", "trick", scale=10, doc="the trick being bid or played"),
        Fact("my_fold", "cards", "my_fold", doc="the cards I folded"),
        Fact("folded", "seats", "folded", doc="seats that folded this trick"),
        Fact("opener", "seat", "bidding.opener", doc="who opened the auction"),
        Fact("bid", "number", "bidding.bid", scale=10, doc="the standing bid"),
        Fact("bidder", "seat", "bidding.bidder", doc="the standing bidder"),
        Fact("out", "seats", "bidding.out", doc="seats out of the auction"),
        Fact("cap", "number", "bidding.cap", scale=10, doc="the highest bid allowed"),
        Fact("table", "seat_records", "table", items=(
            Fact("cards", "cards", "cards"),
            Fact("face_down", "number", "face_down"),
            Fact("ribs", "number", "ribs"),
            Fact("folded", "number", "folded"),
        ), doc="each seat's play on the table"),
        Fact("captured", "seat_cards", "captured", doc="cards each seat has captured"),
        Fact("tricks", "records", "tricks", length=4, items=(
            Fact("bidder", "seat", "bidder"),
            Fact("bid", "number", "bid", scale=10),
            Fact("ribs", "cards", "ribs"),
            Fact("outcome", "choice", "outcome", values=("made", "failed", "cracked")),
            Fact("cracker", "seat", "cracker"),
            Fact("defeated_points", "number", "defeated_points", scale=10),
        ), doc="each finished trick of the hand"),
        Fact("discard_up", "cards", "discard.face_up", doc="the discards face up"),
        Fact("discard_folded", "number", "discard.folded", scale=10, doc="folded discards"),
        Fact("hands_to_win", "number", "hands_to_win", scale=5, doc="hands a seat needs"),
    )
    levels = Levels(strong_settings="reward=margin, z=3")
    table_limits = {"hands_to_win": 30}  # six times the standard: one must win them all among up to ten
    conformance_options = (
        {"lemons": True, "stakes": (10, 1)},
        {"opening": "at_least_two", "beat": "both_above", "bid_step": 2, "hands_to_win": 2},
        {"folding": False, "open_last_trick": True, "lemons": True, "lemonade": "three_each"},
        {"stakes": (5, 2), "match_tie": "share", "hands_to_win": 1, "opening": "at_least_two"},
    )

    def heuristic_bot(self) -> str | None:
        return "ribs-heuristic"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, RibsOptions)
        return [f"Win {options.hands_to_win} hands", f"first player to win {options.hands_to_win} hands",
            f"({4 * (options.players - 1)} with four players)"]

    def limits(self, options: GameOptions) -> Limits:
        """Each of the 4 tricks is a bidding round (every bid from 2 to the cap, each seat
        passing once) and one play per seat; a capture pile holds at most the pack's 10n
        points, lemons cost at most 3 a seven and lemonade pays at most 10 (or 3n)."""
        assert isinstance(options, RibsOptions)
        n, cap = options.players, options.bid_cap
        bonus = (10 if options.lemonade == "ten" else 3 * n) if options.lemons else 0
        return Limits(
            hand_actions=4 * ((cap - 2) // options.bid_step + 1 + (n - 1) + n),
            match_hands=None,
            hand_scores=(-3 * n if options.lemons else 0, 10 * n + bonus),
            notes="no match bound: tied leaders play on; folded cards and lost ribs score for nobody",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, RibsOptions)
        pairs = list(ALL_PAIR_CODES)
        return [PASS, *range(2, options.bid_cap + 1), *(PLAY_BASE + p for p in pairs), *(FOLD_BASE + p for p in pairs)]


GAME = Ribs()
RibsState.game = GAME
