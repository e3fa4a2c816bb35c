"""Pitch (Setback): four players in partnerships, six cards each, High, Low, Jack and Game.

Rules and rulings R-PITCH-1..11 (from Denexa Games' published rules, section "Pitch"):
docs/rules/pitch.md; the conventions G-1..G-11: docs/rules/conventions.md.

Seats and deal. Four players, partners opposite: {0,2} v {1,3} (team = seat % 2). A
52-card pack, aces high. Each seat gets 6 cards, dealt as slices clockwise from the
dealer's left (G-4); the other 28 are the stub, never used nor shown. Seat 0 deals first;
the deal passes left. A record's deal holds `hands` and `stub`.

Bidding: one round from the dealer's left, the dealer last. Each seat passes or bids
above the high bid (2 < 3 < 4 < smudge). The dealer may also steal: bid equal to the high
bid, smudge included, even over its partner (R-PITCH-3, R-PITCH-11). If the three others
pass the dealer must bid 2 (R-PITCH-4). The high bidder is the pitcher.

Play: six tricks. The pitcher leads any card (R-PITCH-9) and its suit is trump. A seat
must follow the suit led if able but may always play a trump instead; void, it plays
anything. The highest trump wins, else the highest card of the suit led; the winner
leads next. Tricks go to a pile per team.

Points (one each): High, the team that played the highest trump dealt; Low, the team
that captured the lowest trump dealt (`low`="played": the team that played it,
R-PITCH-1); Jack, the team that captured the jack of trumps if dealt; Game, the team with
more game points captured (T 10, A 4, K 3, Q 2, J 1; a tie scores nobody). High and Low
are judged separately even when one trump is both (R-PITCH-6).

Scoring: the opponents always score what they made. The pitcher's team scores what it
made if that reaches its bid (R-PITCH-7), else loses the bid (set). A smudge is made only
with all four points and all six tricks by the team (R-PITCH-10) and scores 5; set, it
loses `smudge_set` (5, R-PITCH-2). A bid of 4 with everything still scores 4 (R-PITCH-5).
A team wins at the end of a hand it pitched and made with `target` (21) or more; a team
over the target that did not make a bid plays on.

Decisions the sources leave open, taken here: the hand's log explains each trick; the
four points are shown in `last_hand` (`awards`: the team, the card and the seat that
took each: played High, played or captured Low, captured Jack; Game by team); scores of a
set team can go negative (the source: "deducted from their score"). A short hand
(`hand_cards` below 6: as many tricks, a smudge needing all of them) is ours, for exact
solvers: the tree of one deal grows several times over with each card a hand holds,
while a shorter pack would not shrink it (the deal is chance), so the pack stays whole.

The partnerships, the deal with its stub, trick play with trumps and the voids it shows
are the family rules of parlour.games.tricks, shared with Couillon.

Action notation: `bid 2`, `bid 3`, `bid 4`, `bid smudge`, `pass`, `play AS` (`10` for T).
Internally PASS=0, bids 2..4, SMUDGE=5, a play is PLAY_BASE + card.

Hidden information: a seat sees its own hand, every bid and every card played; the other
hands and the stub are hidden, the stub for ever.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind and
data (seats, card ids, bids 2..5 with SMUDGE=5), which `view.py` words when a person reads
them: `("deal", hand, dealer)`, `("pass", seat)`, `("bid", seat, bid, how)` (`how`: "",
"forced" or "steal"), `("pitcher", seat, bid)`, `("pitch", seat, card)` (the first lead,
naming trumps), `("trick", k, leader, cards, win, trump)` (k from 0, `win` the index in
`cards` of the winning card) and `("over", hand, team, bid, made, points, gain,
other_points)` (the pitching team, whether it made its bid, its points and score, the
other team's points). The hand's summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, Literal

from parlour.cards import (
    JACK,
    SUIT_CHARS,
    card,
    card_text,
    cards_of,
    mask_of,
    pack,
    parse_card,
    rank_of,
    suit_of,
)
from parlour.engine import GameOptions, IllegalAction, OptionsError, State
from parlour.games.tricks import deal_hands, per_seat, playable, texts, winning_play

PASS = 0
SMUDGE = 5
PLAY_BASE = 100
BID_TEXT = {2: "bid 2", 3: "bid 3", 4: "bid 4", SMUDGE: "bid smudge"}
BID_NAME = {2: "2", 3: "3", 4: "4", SMUDGE: "smudge"}
GAME_POINTS = (0, 0, 0, 0, 0, 0, 0, 0, 10, 1, 2, 3, 4)  # by rank 2..A
TRICKS = 6
BIDDING, PLAYING = "bidding", "playing"


@dataclasses.dataclass(frozen=True)
class PitchOptions(GameOptions):
    """The four-player partnership game of the source, with the rulings' defaults."""

    players: int = 4
    """Always 4: two teams of two, partners sitting opposite."""
    target: int = 21
    """Points a team needs to win, reached at the end of a hand it pitched and made."""
    # R-PITCH-1: Low goes to the team that captured the lowest trump, or that played it.
    low: Literal["captured", "played"] = "captured"
    """Who gets the Low point: captured = the team that took the lowest trump in its tricks; played
    = the team that played it."""
    # R-PITCH-2: what a set smudge loses, 5 (its value) or 4.
    smudge_set: int = 5
    """What a failed smudge costs: 5 (its value) or 4."""
    hand_cards: int = TRICKS
    """Cards dealt to each player, and so tricks in a hand: 6 in the standard game; 1 to 5 make a
    short hand (a smudge then needs every one of its tricks), small enough for programs that
    solve a hand exactly by walking through every way to play it."""

    def check(self) -> None:
        if self.players != 4:
            raise OptionsError(f"Pitch is for 4 players in two partnerships, not {self.players}")
        if not isinstance(self.target, int) or self.target < 1:
            raise OptionsError(f"target must be a whole number of at least 1, not {self.target}")
        if self.smudge_set not in (4, 5):
            raise OptionsError(f"smudge_set must be 4 or 5, not {self.smudge_set}")
        if not isinstance(self.hand_cards, int) or not 1 <= self.hand_cards <= TRICKS:
            raise OptionsError(f"hand_cards must be a whole number from 1 to {TRICKS}, not {self.hand_cards}")


def game_points(cards: list[int]) -> int:
    return sum(GAME_POINTS[rank_of(c)] for c in cards)


class PitchRules(State):
    """One match of Pitch: its rules (the engine's hooks beyond them are in `game.py`)."""

    options: PitchOptions
    last_hand: dict[str, Any] | None
    COPIED = ("hands", "totals", "bids", "trick", "tricks", "piles", "tricks_won", "played_by", "log", "deals", "stub")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        self.totals = [0, 0]

    def _deal(self, given: Any) -> None:
        hands, stub, record = deal_hands(pack(), self.options.hand_cards, self.dealer, self.rng, given, "Pitch", stub_optional=True)
        self.deals.append(record)
        self.hands = [mask_of(h) for h in hands]
        self.dealt = mask_of(c for h in hands for c in h)
        self.stub = stub
        self.phase = BIDDING
        self.turn = (self.dealer + 1) % 4
        self.high_bid = 0
        self.pitcher = -1
        self.bids: list[list[Any]] = []
        self.trump: int | None = None
        self.trick: list[int] = []
        self.leader = -1
        self.tricks: list[dict[str, Any]] = []
        self.piles = [0, 0]
        self.tricks_won = [0, 0]
        self.played_by = [-1] * 52
        self.log = [("deal", self.hand_number, self.dealer)]  # type: list[Any]

    # --- bidding -------------------------------------------------------------------------
    def _legal_bidding(self) -> list[int]:
        if self.turn == self.dealer:
            if self.high_bid == 0:
                return [2]
            return [PASS, *range(self.high_bid, SMUDGE + 1)]
        return [PASS, *range(max(2, self.high_bid + 1), SMUDGE + 1)]

    def _apply_bidding(self, action: int) -> None:
        seat = self.turn
        if action == PASS:
            self.bids.append([seat, "pass"])
            self.log.append(("pass", seat))
        else:
            steal = action == self.high_bid
            self.high_bid = action
            self.pitcher = seat
            self.bids.append([seat, BID_NAME[action]])
            forced = seat == self.dealer and len(self.bids) == 4 and all(b[1] == "pass" for b in self.bids[:3])
            self.log.append(("bid", seat, action, "forced" if forced else "steal" if steal else ""))
        if seat == self.dealer:
            self.phase = PLAYING
            self.turn = self.leader = self.pitcher
            self.log.append(("pitcher", self.pitcher, self.high_bid))
        else:
            self.turn = (seat + 1) % 4

    # --- play ----------------------------------------------------------------------------
    def _legal_playing(self) -> list[int]:
        return [PLAY_BASE + c for c in playable(cards_of(self.hands[self.turn]), self.trick, self.trump)]

    def _apply_playing(self, action: int) -> None:
        seat = self.turn
        c = action - PLAY_BASE
        self.hands[seat] &= ~(1 << c)
        self.played_by[c] = seat
        if self.trump is None:
            self.trump = suit_of(c)
            self.log.append(("pitch", seat, c))
        self.trick.append(c)
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        w = winning_play(self.trick, self.trump)
        winner = (self.leader + w) % 4
        team = winner % 2
        self.piles[team] |= mask_of(self.trick)
        self.tricks_won[team] += 1
        self.log.append(("trick", len(self.tricks), self.leader, tuple(self.trick), w, self.trump))
        self.tricks.append({"leader": self.leader, "cards": [card_text(x) for x in self.trick], "winner": winner})
        self.trick = []
        self.leader = self.turn = winner
        if len(self.tricks) == self.options.hand_cards:
            self._end_hand()

    # --- scoring -------------------------------------------------------------------------
    def points_made(self) -> tuple[list[int], dict[str, Any]]:
        """Each team's points of the hand just played and who took High, Low, Jack, Game."""
        assert self.trump is not None
        t = self.trump
        trumps = [c for c in cards_of(self.dealt) if suit_of(c) == t]
        made = [0, 0]
        awards: dict[str, Any] = {}
        high = max(trumps, key=rank_of)
        low = min(trumps, key=rank_of)
        awards["high"] = [self.played_by[high] % 2, card_text(high), self.played_by[high]]
        low_seat = self.played_by[low] if self.options.low == "played" else self._taker(low)
        low_team = self.played_by[low] % 2 if self.options.low == "played" else self._captor(low)
        awards["low"] = [low_team, card_text(low), low_seat]
        jack = card(JACK, t)
        awards["jack"] = [self._captor(jack), card_text(jack), self._taker(jack)] if self.dealt >> jack & 1 else None
        game = [game_points(cards_of(p)) for p in self.piles]
        awards["game"] = [0 if game[0] > game[1] else 1 if game[1] > game[0] else None, game]
        for key in ("high", "low", "jack"):
            if awards[key] is not None:
                made[awards[key][0]] += 1
        if awards["game"][0] is not None:
            made[awards["game"][0]] += 1
        return made, awards

    def _captor(self, c: int) -> int:
        return 0 if self.piles[0] >> c & 1 else 1

    def _taker(self, c: int) -> int | None:
        """The seat that won the trick holding card `c` (None: no finished trick holds it)."""
        text = card_text(c)
        return next((t["winner"] for t in self.tricks if text in t["cards"]), None)

    def _end_hand(self) -> None:
        made, awards = self.points_made()
        pt = self.pitcher % 2
        bid = self.high_bid
        if bid == SMUDGE:
            ok = made[pt] == 4 and self.tricks_won[pt] == self.options.hand_cards
            gain = 5 if ok else -self.options.smudge_set
        else:
            ok = made[pt] >= bid
            gain = made[pt] if ok else -bid
        delta = [0, 0]
        delta[pt] = gain
        delta[1 - pt] = made[1 - pt]
        for team in (0, 1):
            self.totals[team] += delta[team]
        self.log.append(("over", self.hand_number, pt, bid, ok, made[pt], gain, made[1 - pt]))
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "pitcher": self.pitcher,
            "bid": BID_NAME[bid],
            "trump": SUIT_CHARS[self.trump] if self.trump is not None else None,
            "made": made,
            "bid_made": ok,
            "awards": awards,
            "tricks_won": list(self.tricks_won),
            "scores": per_seat(delta),
            "tricks": self.tricks,
            "log": self.log,
        }
        self._hand_ended(per_seat(delta), summary)

    def _match_winners(self) -> list[int] | None:
        """The pitching team, when it made its bid and reached the target."""
        assert self.last_hand is not None
        pt = self.last_hand["pitcher"] % 2
        if self.last_hand["bid_made"] and self.totals[pt] >= self.options.target:
            return [pt, pt + 2]
        return None

    def hand_points(self) -> list[Any]:
        """Pitch scores only at a hand's end: the last finished hand's scores."""
        return list(self.hand_results[-1]) if self.hand_results else [0] * 4

    def match_scores(self) -> list[Any]:
        return per_seat(self.totals)

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action == PASS:
            return "pass"
        if action in BID_TEXT:
            return BID_TEXT[action]
        return "play " + card_text(action - PLAY_BASE)

    def text_to_action(self, text: str) -> int:
        words = text.strip().lower().split()
        if words == ["pass"]:
            return PASS
        if len(words) == 2 and words[0] == "bid":
            for value, name in BID_NAME.items():
                if words[1] == name:
                    return value
            raise IllegalAction(f"Pitch bids are 2, 3, 4 and smudge, not {words[1]!r}.")
        if len(words) == 2 and words[0] == "play":
            try:
                c = parse_card(words[1])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if c >= 52:
                raise IllegalAction("Pitch has no jokers.")
            return PLAY_BASE + c
        raise IllegalAction(f"{text!r} is not a Pitch action: bid 2/3/4/smudge, pass, or play a card like AS.")

    def action_cards(self, action: Any) -> list[str]:
        return [card_text(action - PLAY_BASE)] if action >= PLAY_BASE else []

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """Every bid and every card played is public; a seat's own hand is its secret, the
        other hands too, and the stub everyone's for ever."""
        return {
            "hand": texts(cards_of(self.hands[seat])) if seat is not None else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "bids": [list(b) for b in self.bids],
            "high_bid": BID_NAME.get(self.high_bid),
            "pitcher": self.pitcher if self.pitcher >= 0 else None,
            "trump": SUIT_CHARS[self.trump] if self.trump is not None else None,
            "trick": {"leader": self.leader, "cards": [card_text(c) for c in self.trick]}
            if self.phase == PLAYING
            else None,
            "tricks": [dict(t) for t in self.tricks],
            "tricks_won": list(self.tricks_won),
            "piles": [texts(cards_of(p)) for p in self.piles],
            "target": self.options.target,
        }
