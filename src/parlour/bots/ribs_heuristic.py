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
    BEATS,
    CRACKS,
    PAIR_OF,
    RANK_OF,
    STRENGTH_LEMONS,
    STRENGTH_NORMAL,
    VALUE,
    bid_made,
    held_pairs,
    outcome_table,
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


# --- speed: the bot thinks thousands of times a second inside a search's playouts -------
CRACKED = -1000
"""A crack's entry in a row of `_TAKES`: below any sum of defeated points (at most 36)."""
_TAKES: dict[tuple[bool, bool], dict[int, tuple[int, ...]]] = {}


def _tables(strength: tuple[int, ...], both_above: bool) -> tuple[dict[int, tuple[int, ...]], dict[int, tuple[str, ...]]]:
    """Per ribs code, a row over pair codes (8 * low + high) of how the pair fares
    (`outcome_table`) and of what it adds to the bidder's defeated points: `CRACKED` for a
    crack, 0 for a pair that beats the ribs, its points when defeated. Made once per ranking."""
    key = (strength is STRENGTH_LEMONS, both_above)
    outcomes = outcome_table(strength, both_above)
    if key not in _TAKES:
        _TAKES[key] = {
            r: tuple(
                CRACKED if o == CRACKS else 0 if o == BEATS else VALUE[p // 8] + VALUE[p % 8]
                for p, o in enumerate(row)
            )
            for r, row in outcomes.items()
        }
    return _TAKES[key], outcomes


_LOW_FIRST = {
    lemons: [VALUE[r] * 16 + strength[r] for r in range(8)].__getitem__
    for lemons, strength in ((False, STRENGTH_NORMAL), (True, STRENGTH_LEMONS))
}
"""A sort key of rank ids: the lowest value first, then the weakest (a seat's cheapest pair)."""
_HIGH_FIRST = {
    lemons: [-strength[r] for r in range(8)].__getitem__
    for lemons, strength in ((False, STRENGTH_NORMAL), (True, STRENGTH_LEMONS))
}
"""A sort key of rank ids: the strongest first."""

_BITS = tuple(n.bit_length() for n in range(200))


def _shuffle(x: list[int], getrandbits: Any) -> None:
    """`random.Random.shuffle(x)` of the RNG whose `getrandbits` is given, inlined: the same
    draws and the same order (CPython's Fisher-Yates over `_randbelow_with_getrandbits`),
    at a fraction of the calls, so a seeded game replays as before."""
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _sample_pair(cards: list[int], getrandbits: Any) -> tuple[int, int]:
    """`sorted(random.Random.sample(cards, 2))` as a tuple, inlined like `_shuffle` (the same
    draws: an index below n, then one below n - 1 into the list with the last card moved
    into the first one's place)."""
    n = len(cards)
    k = _BITS[n]
    i = getrandbits(k)
    while i >= n:
        i = getrandbits(k)
    m = n - 1
    k = _BITS[m]
    j = getrandbits(k)
    while j >= m:
        j = getrandbits(k)
    a = cards[i]
    b = cards[m] if j == i else cards[j]
    return (a, b) if a <= b else (b, a)


class RibsHeuristicBot(Bot):
    name = "ribs-heuristic"
    ROLLOUT_PARAMS = {"samples": ROLLOUT_SAMPLES}
    READS = frozenset({
        "players", "options", "phase", "legal_actions", "hand_number", "trick", "hand", "hand_sizes",
        "my_fold", "bidding", "table", "captured", "discard",
    })

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
        self._best: dict[int, tuple[float, tuple[int, int]]] = {}

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
        rank = RANK_OF
        for t in obs["hand"]:
            counts[rank[t]] -= 1
        for t in obs["discard"]["face_up"]:
            counts[rank[t]] -= 1
        for pile in obs["captured"]:
            for t in pile:
                counts[rank[t]] -= 1
        for play in obs["table"]:
            if play and play["cards"]:
                for t in play["cards"].split():
                    counts[rank[t]] -= 1
        if obs.get("my_fold"):
            for t in obs["my_fold"].split():
                counts[rank[t]] -= 1
        unseen: list[int] = []
        for r, count in enumerate(counts):
            if count > 0:
                unseen += [r] * count
        return unseen

    # --- bidding and ribs ----------------------------------------------------------------
    def _ribs_takes(self, obs: dict[str, Any]) -> dict[tuple[int, int], list[int]]:
        """Per candidate ribs: sampled defeated points (-1 when cracked)."""
        key = (obs["hand_number"], obs["trick"], tuple(self.hand), tuple(self.unseen))
        if key == self._cache_key:
            return self._takes
        sizes = obs["hand_sizes"]
        deals = [max(2, sizes[s]) for s in range(self.n) if s != self.seat]
        candidates = _pairs(self.hand)
        rows = _tables(self.strength, self.both_above)[0]
        lists: list[tuple[tuple[int, ...], list[int]]] = [(rows[8 * lo + hi], []) for lo, hi in candidates]
        takes: dict[tuple[int, int], list[int]] = {c: t for c, (_, t) in zip(candidates, lists, strict=True)}
        rng = self.rng
        random, getrandbits = rng.random, rng.getrandbits
        order = _LOW_FIRST[self.strength is STRENGTH_LEMONS]
        unseen = self.unseen
        for _ in range(self.samples):
            pool = list(unseen)
            _shuffle(pool, getrandbits)
            codes = []
            at = 0
            for size in deals:
                cards = pool[at : at + size]
                at += size
                if len(cards) < 2:
                    continue
                if random() < 0.5:
                    lo, hi = _sample_pair(cards, getrandbits)
                else:
                    ordered = sorted(cards, key=order)
                    lo, hi = (ordered[0], ordered[1]) if ordered[0] <= ordered[1] else (ordered[1], ordered[0])
                codes.append(8 * lo + hi)
            for row, out in lists:
                defeated = 0
                for code in codes:
                    defeated += row[code]
                out.append(-1 if defeated < 0 else defeated)
        self._cache_key, self._takes, self._best = key, takes, {}
        return takes

    def _expected_take(self, ribs: tuple[int, int], samples: list[int], bid: int) -> float:
        gain = VALUE[ribs[0]] + VALUE[ribs[1]]
        total = 0
        for d in samples:
            if d >= bid:  # bid_made(d, bid), inlined: the hottest loop of a search's playouts
                total += d + gain
        return total / len(samples)

    def _best_at(self, obs: dict[str, Any], bid: int) -> tuple[float, tuple[int, int]]:
        """The best expected take at `bid` and its ribs (remembered per bid while the
        sampled takes stay the same)."""
        takes = self._ribs_takes(obs)
        best = self._best.get(bid)
        if best is None:
            best = self._best[bid] = max((self._expected_take(r, s, bid), r) for r, s in takes.items())
        return best

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
        deals = [max(2, sizes[s]) for s in later]
        may_fold = any(t.startswith("fold") for t in legal)
        candidates = _pairs(self.hand)
        score = {c: 0.0 for c in candidates}
        fold_score = {c: 0.0 for c in candidates}
        rng = self.rng
        getrandbits = rng.getrandbits
        strength = self.strength
        rows, outcomes = _tables(strength, self.both_above)
        earlier_codes = [8 * lo + hi for lo, hi in earlier]
        earlier_value = sum(VALUE[lo] + VALUE[hi] for lo, hi in earlier)
        mine = [(c, 8 * c[0] + c[1], VALUE[c[0]] + VALUE[c[1]]) for c in candidates]
        high_first = _HIGH_FIRST[strength is STRENGTH_LEMONS]
        unseen = self.unseen
        shown = None
        if ribs_shown:
            a, b = (RANK_OF[t] for t in ribs_shown.split())
            shown = (min(a, b), max(a, b))
        for _ in range(self.samples):
            pool = list(unseen)
            _shuffle(pool, getrandbits)
            if shown is not None:
                ribs = shown
                at = 0
            else:
                four = sorted(pool[:4], key=high_first)
                ribs = (min(four[0], four[1]), max(four[0], four[1]))
                at = 4
            later_codes = []
            later_value = 0
            for size in deals:
                cards = pool[at : at + size]
                at += size
                if len(cards) >= 2:
                    lo, hi = _sample_pair(cards, getrandbits)
                    later_codes.append(8 * lo + hi)
                    later_value += VALUE[lo] + VALUE[hi]
            # The trick without this seat's pair, judged once: the earlier and the later
            # pairs' cracks and defeated points (as `_outcome` would find them).
            code = 8 * ribs[0] + ribs[1]
            row, fates = rows[code], outcomes[code]
            before = 0
            for c in earlier_codes:
                before += row[c]
            after = 0
            for c in later_codes:
                after += row[c]
            ribs_value = VALUE[ribs[0]] + VALUE[ribs[1]]
            if may_fold:
                # A fold's take (the bidder's) does not depend on the pair folded.
                theirs_fold = 0.0
                if before >= 0 and after >= 0 and bid_made(before + after, bid):
                    theirs_fold = float(before + after + ribs_value)
                fold_base = -OPPONENT_WEIGHT * theirs_fold
            for pair, pcode, value in mine:
                fate = fates[pcode]
                if before < 0:  # an earlier pair cracks the ribs
                    mine_take, theirs = 0.0, 0.0
                elif fate is CRACKS:
                    mine_take, theirs = float(earlier_value + value + later_value + ribs_value), 0.0
                elif after < 0:  # a later pair cracks them
                    mine_take, theirs = 0.0, 0.0
                else:
                    defeated = before + after + row[pcode]
                    made = bid_made(defeated, bid)
                    theirs = float(defeated + ribs_value) if made else 0.0
                    mine_take = float(value) if fate is BEATS or not made else 0.0
                score[pair] += mine_take - OPPONENT_WEIGHT * theirs
                if may_fold:
                    fold_score[pair] += fold_base - 0.1 * value
        best_play = max(candidates, key=lambda c: (score[c], -VALUE[c[0]] - VALUE[c[1]]))
        if may_fold:
            best_fold = max(candidates, key=lambda c: fold_score[c])
            if fold_score[best_fold] > score[best_play] + FOLD_MARGIN * self.samples:
                return f"fold {self._pair_text(*best_fold)}"
        return f"play {self._pair_text(*best_play)}"
