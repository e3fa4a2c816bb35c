"""`ribs-heuristic`: plays Ribs by the tactics of the pagat source, from its observation only.

- Card counting: the unseen cards are the pack less its own hand and every card seen face
  up this hand (capture piles, face-up discards, the table, its own fold). Every estimate
  samples those unseen cards, so late tricks use what has been played (pagat: "card
  counting is easily done and is a great advantage").
- Bidding from expected value: for each candidate ribs in its hand it samples the
  opponents' pairs (each plays its lowest pair or a random one) and records how many
  points the ribs would defeat (a crack loses everything). It raises to bid b while the
  best ribs' expected take at b (defeated points plus the ribs when the bid is made,
  nothing when it fails) beats what a non-bidder expects from a trick; the opener's
  forced 2 is never left to pass out cheaply (pagat: "never let the initial 2-bid be
  passed out"), because at 2 the take is almost always worth a raise.
- Ribs: the candidate with the best expected take at the final bid; A-K (the prime rib)
  comes out on top by itself when it is the best, since it beats most pairs and rarely
  matches.
- Playing against ribs: for each pair (and the fold, while it has one) it samples the
  unseen ribs (a bidder holds high cards: the ribs are the two best of four unseen
  cards) and the later players' pairs, resolves the trick, and scores its own take minus
  half the bidder's. That plays low against a high bid (so the bid fails), plays an ace
  with a low card when the ribs are unlikely to hold one, and folds a pair the ribs
  would surely take when folding sinks the bid.
- Judging a world (`plausibility`, for the search's inference): how well a hand that a
  search dealt to this seat fits the bids, passes and ribs it chose this round.
Samples come from the bot's own seeded RNG, so a seeded game replays the same.
"""

from __future__ import annotations

import math
from typing import Any

from parlour.bots.base import Bot
from parlour.engine import Game, OptionsError
from parlour.games.ribs import (
    PAIR_OF,
    RANK_OF,
    STRENGTH_LEMONS,
    STRENGTH_NORMAL,
    VALUE,
    bid_made,
    held_pairs,
    judge_pairs,
    pair_text,
)

SAMPLES = 24
ROLLOUT_SAMPLES = 4
NON_BIDDER_TRICK_VALUE = 1.5
OPPONENT_WEIGHT = 0.5
FOLD_MARGIN = 0.75
IMPLAUSIBLE = 0.05
JUDGE_SPREAD = 1.0


def _pairs(counts: list[int]) -> list[tuple[int, int]]:
    return [PAIR_OF[code] for code in held_pairs(counts)]


class RibsHeuristicBot(Bot):
    name = "ribs-heuristic"
    ROLLOUT_PARAMS = {"samples": ROLLOUT_SAMPLES}

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        samples: int | str = SAMPLES,
        **params: Any,
    ) -> None:
        super().__init__(game, seat, seed, **params)
        try:
            self.samples = int(samples)
        except ValueError:
            raise OptionsError("ribs-heuristic: samples is a whole number") from None
        if self.samples < 1:
            raise OptionsError("ribs-heuristic: samples must be at least 1")
        self._cache_key: tuple[Any, ...] | None = None
        self._takes: dict[tuple[int, int], list[int]] = {}

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        opts = observation["options"]
        self.n = observation["players"]
        self.strength = STRENGTH_LEMONS if opts.get("lemons") else STRENGTH_NORMAL
        self.both_above = opts.get("beat") == "both_above"
        self.hand = [0] * 8
        for t in observation["hand"]:
            self.hand[RANK_OF[t]] += 1
        self.unseen = self._unseen(observation)
        if observation["phase"] == "bidding":
            return self._bid(observation, legal)
        if observation["bidding"]["bidder"] == self.seat:
            return self._ribs(observation)
        return self._play(observation, legal)

    def plausibility(self, observation: dict[str, Any]) -> float:
        """How well the hand in `observation` (this seat's view of a world a search sampled)
        fits this seat's bids and passes in the current round, and its ribs once played face
        down. This bot's own estimates are noisy, so each choice is judged softly: a raise
        weighs the chance that its value at that bid clears the raising threshold (a
        logistic of the difference over `JUDGE_SPREAD` points), a pass the chance it does
        not, and the ribs `exp(-shortfall / JUDGE_SPREAD)`, the shortfall being how much less
        they are expected to take than the best ribs in that hand; no factor falls below
        `IMPLAUSIBLE`. A search weighs its worlds by it, so a seat that raised to 11 is
        dealt a hand that would raise to 11, and the ribs it hides are the ones it would pick
        from that hand (a uniform deal makes them any two unseen cards, and a search on it
        never sees a crack coming).

        The view is taken back to the bidding: cards this seat put on the table this trick
        (its ribs, its pair or its fold) return to its hand, everybody's count in their hand
        sizes again, and nobody else's count as seen.
        """
        bidding = observation["bidding"]
        mine = [(k, bid) for k, (s, bid) in enumerate(bidding["bids"]) if s == self.seat]
        if not mine:
            return 1.0
        view = dict(observation)
        hand = list(observation["hand"])
        own = observation["table"][self.seat]
        if own and own["cards"]:
            cards = own["cards"].split()
            hand += cards
            if own["folded"]:
                view["my_fold"] = None
        view["hand"] = hand
        view["table"] = [None] * len(observation["table"])
        view["hand_sizes"] = [
            size + 2 * bool(play)
            for size, play in zip(observation["hand_sizes"], observation["table"], strict=True)
        ]
        self.n = observation["players"]
        opts = observation["options"]
        self.strength = STRENGTH_LEMONS if opts.get("lemons") else STRENGTH_NORMAL
        self.both_above = opts.get("beat") == "both_above"
        self.hand = [0] * 8
        for t in hand:
            self.hand[RANK_OF[t]] += 1
        self.unseen = self._unseen(view)
        step = opts.get("bid_step", 1)
        cap = bidding["cap"]
        threshold = NON_BIDDER_TRICK_VALUE + 0.5
        weight = 1.0
        for k, bid in mine:
            level = max((b for _, b in bidding["bids"][:k] if b != "pass"), default=None)
            if level is None or (bid == "pass" and level + step > cap):
                continue
            offered = bid if bid != "pass" else level + step
            edge = (self._best_at(view, offered)[0] - threshold) / JUDGE_SPREAD
            raises = 1 / (1 + math.exp(-max(-30.0, min(30.0, edge))))
            weight *= max(IMPLAUSIBLE, raises if bid != "pass" else 1 - raises)
        if own and own["ribs"] and own["cards"]:
            a, b = (RANK_OF[t] for t in own["cards"].split())
            bid = bidding["bid"]
            takes = self._ribs_takes(view)
            ribs = (min(a, b), max(a, b))
            shortfall = self._best_at(view, bid)[0] - self._expected_take(ribs, takes[ribs], bid)
            weight *= max(IMPLAUSIBLE, math.exp(-shortfall / JUDGE_SPREAD))
        return weight

    # --- what is left to be seen ---------------------------------------------------------
    def _unseen(self, obs: dict[str, Any]) -> list[int]:
        counts = [self.n] * 8
        seen: list[str] = list(obs["hand"]) + list(obs["discard"]["face_up"])
        for pile in obs["captured"]:
            seen += pile
        for play in obs["table"]:
            if play and play["cards"]:
                seen += play["cards"].split()
        if obs.get("my_fold"):
            seen += obs["my_fold"].split()
        for t in seen:
            counts[RANK_OF[t]] -= 1
        return [r for r in range(8) for _ in range(max(0, counts[r]))]

    # --- bidding and ribs ----------------------------------------------------------------
    def _ribs_takes(self, obs: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
        """Per candidate ribs: sampled defeated points (-1 when cracked)."""
        key = (obs["hand_number"], obs["trick"], tuple(self.hand), tuple(self.unseen))
        if key == self._cache_key:
            return self._takes
        sizes = obs["hand_sizes"]
        others = [s for s in range(self.n) if s != self.seat]
        candidates = _pairs(self.hand)
        takes: dict[tuple[int, int], list[int]] = {c: [] for c in candidates}
        rng = self.rng
        strength = self.strength
        for _ in range(self.samples):
            pool = list(self.unseen)
            rng.shuffle(pool)
            plays = []
            at = 0
            for s in others:
                cards = pool[at : at + max(2, sizes[s])]
                at += max(2, sizes[s])
                if len(cards) < 2:
                    continue
                if rng.random() < 0.5:
                    lo, hi = sorted(rng.sample(cards, 2))
                else:
                    ordered = sorted(cards, key=lambda r: (VALUE[r], strength[r]))
                    lo, hi = sorted(ordered[:2])
                plays.append((lo, hi))
            for ribs in candidates:
                takes[ribs].append(self._defeated(ribs, plays))
        self._cache_key, self._takes = key, takes
        return takes

    def _defeated(self, ribs: tuple[int, int], plays: list[tuple[int, int]]) -> int:
        """The points these pairs would leave defeated by the ribs, -1 when they crack them."""
        cracker, _, defeated = judge_pairs(ribs, plays, self.strength, self.both_above)
        return -1 if cracker is not None else defeated

    def _expected_take(self, ribs: tuple[int, int], samples: list[int], bid: int) -> float:
        gain = VALUE[ribs[0]] + VALUE[ribs[1]]
        return sum(d + gain for d in samples if bid_made(d, bid)) / len(samples)

    def _best_at(self, obs: dict[str, Any], bid: int) -> tuple[float, tuple[int, int]]:
        takes = self._ribs_takes(obs)
        return max((self._expected_take(r, s, bid), r) for r, s in takes.items())

    def _bid(self, obs: dict[str, Any], legal: list[str]) -> str:
        raises = [t for t in legal if t != "pass"]
        if not raises:
            return "pass"
        if "pass" not in legal:
            best = max(
                raises,
                key=lambda t: self._best_at(obs, int(t.split()[1]))[0] - 0.05 * int(t.split()[1]),
            )
            return best
        bid = int(raises[0].split()[1])
        value, _ = self._best_at(obs, bid)
        return raises[0] if value > NON_BIDDER_TRICK_VALUE + 0.5 else "pass"

    def _ribs(self, obs: dict[str, Any]) -> str:
        bid = obs["bidding"]["bid"]
        _, (lo, hi) = self._best_at(obs, bid)
        return f"play {self._pair_text(lo, hi)}"

    def _pair_text(self, lo: int, hi: int) -> str:
        return pair_text(lo, hi, self.strength)

    # --- playing against the ribs --------------------------------------------------------
    def _play(self, obs: dict[str, Any], legal: list[str]) -> str:
        n, seat = self.n, self.seat
        bidder = obs["bidding"]["bidder"]
        bid = obs["bidding"]["bid"]
        table = obs["table"]
        ribs_shown = table[bidder]["cards"] if table[bidder] else None
        order = [(bidder + i) % n for i in range(1, n)]
        mine_at = order.index(seat)
        earlier = []
        for s in order[:mine_at]:
            play = table[s]
            if play and not play["folded"] and play["cards"]:
                a, b = (RANK_OF[t] for t in play["cards"].split())
                earlier.append((min(a, b), max(a, b)))
        later = order[mine_at + 1 :]
        sizes = obs["hand_sizes"]
        may_fold = any(t.startswith("fold") for t in legal)
        candidates = _pairs(self.hand)
        score = {c: 0.0 for c in candidates}
        fold_score = {c: 0.0 for c in candidates}
        rng = self.rng
        strength = self.strength
        for _ in range(self.samples):
            pool = list(self.unseen)
            rng.shuffle(pool)
            if ribs_shown:
                a, b = (RANK_OF[t] for t in ribs_shown.split())
                ribs = (min(a, b), max(a, b))
                at = 0
            else:
                four = sorted(pool[:4], key=lambda r: -strength[r])
                ribs = (min(four[0], four[1]), max(four[0], four[1]))
                at = 4
            later_plays = []
            for s in later:
                cards = pool[at : at + max(2, sizes[s])]
                at += max(2, sizes[s])
                if len(cards) >= 2:
                    lo, hi = sorted(rng.sample(cards, 2))
                    later_plays.append((lo, hi))
            for pair in candidates:
                mine, theirs = self._outcome(ribs, bid, earlier, pair, later_plays)
                score[pair] += mine - OPPONENT_WEIGHT * theirs
                if may_fold:
                    _, theirs_fold = self._outcome(ribs, bid, earlier, None, later_plays)
                    fold_score[pair] += -OPPONENT_WEIGHT * theirs_fold - 0.1 * (
                        VALUE[pair[0]] + VALUE[pair[1]]
                    )
        best_play = max(candidates, key=lambda c: (score[c], -VALUE[c[0]] - VALUE[c[1]]))
        if may_fold:
            best_fold = max(candidates, key=lambda c: fold_score[c])
            if fold_score[best_fold] > score[best_play] + FOLD_MARGIN * self.samples:
                return f"fold {self._pair_text(*best_fold)}"
        return f"play {self._pair_text(*best_play)}"

    def _outcome(
        self,
        ribs: tuple[int, int],
        bid: int,
        earlier: list[tuple[int, int]],
        mine: tuple[int, int] | None,
        later: list[tuple[int, int]],
    ) -> tuple[float, float]:
        """(my take, the bidder's take) of one sampled trick; `mine` None is a fold."""
        plays = earlier + ([mine] if mine else []) + later
        cracker, beaters, defeated = judge_pairs(ribs, plays, self.strength, self.both_above)
        ribs_value = VALUE[ribs[0]] + VALUE[ribs[1]]
        at = len(earlier) if mine else -1
        if cracker is not None:
            total = sum(VALUE[a] + VALUE[b] for a, b in plays) + ribs_value
            return (total if cracker == at else 0.0), 0.0
        bidder = defeated + ribs_value if bid_made(defeated, bid) else 0.0
        if mine is None:
            return 0.0, bidder
        value = VALUE[mine[0]] + VALUE[mine[1]]
        if at in beaters or not bid_made(defeated, bid):
            return value, bidder
        return 0.0, bidder
