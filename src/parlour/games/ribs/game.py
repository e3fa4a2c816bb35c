"""Ribs as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits
one seat's observation), the leak test's redeal, every place a card can be and the
game's invariants; they sit here so the rules file holds rules. The `Ribs` declaration
names the rules' state, the view and the heuristic bot, and bounds the game for solvers.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any, cast

from parlour.declaration import NORMAL_VS_HEURISTIC, STRONG_VS_HEURISTIC, Fact, Figure, Levels
from parlour.engine import Game, GameOptions, Limits
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


class RibsState(RibsRules):
    """One match of Ribs."""

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> RibsState:
        """A copy with the cards hidden from `seat` shuffled among their hidden places:
        the other hands, the others' folds (on the table or discarded), unturned ribs."""
        other = cast(RibsState, self.clone())
        if other.is_over():
            return other
        plays: list[Any] = other.plays if other.phase == PLAYING else [None] * self.n
        others = [s for s in range(self.n) if s != seat]
        folds = [s for s in others if other.folds[s]]
        live = [s for s in folds if plays[s] and plays[s][2]]
        turned = seat == other.bidder or not plays[other.bidder] or other._ribs_open()
        pool = [r for s in others for r in range(8) for _ in range(other.hands[s][r])]
        pool += [r for s in folds for r in other.folds[s]]  # type: ignore[union-attr]
        pool += [] if turned else plays[other.bidder][:2]
        for s in folds:
            if s not in live:
                other._discard_fold(s, -1)
        rng.shuffle(pool)
        for s in others:
            size = sum(other.hands[s])
            other.hands[s], pool = self._counts(pool[:size]), pool[size:]
        for s in folds:
            other.folds[s] = lo_hi = (min(pool[:2]), max(pool[:2]))
            pool = pool[2:]
            if s in live:
                plays[s] = (*lo_hi, True)
            else:
                other._discard_fold(s, 1)
        if not turned:
            plays[other.bidder] = (min(pool), max(pool), False)
        return other

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

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [RANK_TEXT[r] for r in range(8) for _ in range(self.n)]

    def card_places(self) -> dict[str, list[str]]:
        places: dict[str, list[str]] = {}
        for s in range(self.n):
            places[f"hand-{s}"] = self._counts_texts(self.hands[s])
            places[f"captured-{s}"] = self._counts_texts(self.captured[s])
        places["discard-up"] = self._counts_texts(self.discard_up)
        places["discard-folded"] = self._counts_texts(self.discard_folded)
        plays = self.plays if self.phase == PLAYING else []
        places["table"] = [RANK_TEXT[r] for p in plays if p is not None for r in p[:2]]
        return places

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
        Figure(6, NORMAL_VS_HEURISTIC, "normal,ribs-heuristic", 1000, 0, 120),
        Figure(6, STRONG_VS_HEURISTIC, "strong,ribs-heuristic", 1000, 0, 24),
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
