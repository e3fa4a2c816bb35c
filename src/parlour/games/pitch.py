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
four points are shown in `last_hand` with the team that took each and why; scores of a
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
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Literal

from parlour.cards import (
    JACK,
    SUIT_CHARS,
    SUIT_NAMES,
    card,
    card_text,
    cards_of,
    mask_of,
    pack,
    parse_card,
    rank_of,
    suit_of,
)
from parlour.engine import (
    OVER,
    Game,
    GameOptions,
    IllegalAction,
    Limits,
    OptionsError,
    State,
    plural,
    seats_text,
)
from parlour.games.tricks import (
    deal_hands,
    last_trick,
    per_seat,
    playable,
    redealt,
    sample_hands,
    team_piles,
    texts,
    winning_play,
)

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


class PitchState(State):
    """One match of Pitch."""

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
        self.log = [f"Hand {self.hand_number + 1}: seat {self.dealer} deals."]

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
            self.log.append(f"Seat {seat} passes.")
        else:
            steal = action == self.high_bid
            self.high_bid = action
            self.pitcher = seat
            self.bids.append([seat, BID_NAME[action]])
            forced = seat == self.dealer and len(self.bids) == 4 and all(b[1] == "pass" for b in self.bids[:3])
            how = " (forced)" if forced else (" (steals the bid)" if steal else "")
            self.log.append(f"Seat {seat} bids {BID_NAME[action]}{how}.")
        if seat == self.dealer:
            self.phase = PLAYING
            self.turn = self.leader = self.pitcher
            self.log.append(f"Seat {self.pitcher} pitches at {BID_NAME[self.high_bid]}; its first lead names trumps.")
        else:
            self.turn = (seat + 1) % 4

    def _why_not(self, action: Any) -> str | None:
        if type(action) is not int:
            return f"{action!r} is not a Pitch action"
        if self.phase == BIDDING:
            return self._why_not_bid(action)
        c = action - PLAY_BASE
        if not 0 <= c < 52:
            return "It is time to play a card, not to bid."
        if not self.hands[self.turn] >> c & 1:
            return f"You do not hold {card_text(c)}."
        led = SUIT_NAMES[suit_of(self.trick[0])]
        return f"You must follow {led} (or play a trump) while you hold {led}."

    def _why_not_bid(self, action: int) -> str:
        if action >= PLAY_BASE:
            return "It is time to bid, not to play a card."
        if self.turn == self.dealer and self.high_bid == 0:
            return "Everyone else passed: the dealer must bid 2."
        if action == PASS:
            return "You cannot pass now."
        low = self.high_bid if self.turn == self.dealer else self.high_bid + 1
        if low > SMUDGE:
            return "Smudge has been bid: you can only pass."
        return f"Your bid must be at least {BID_NAME[max(2, low)]} (2 < 3 < 4 < smudge), or pass."

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
            self.log.append(f"Seat {seat} pitches {card_text(c)}: {SUIT_NAMES[self.trump]} are trumps.")
        self.trick.append(c)
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        w = winning_play(self.trick, self.trump)
        winner = (self.leader + w) % 4
        team = winner % 2
        self.piles[team] |= mask_of(self.trick)
        self.tricks_won[team] += 1
        best = self.trick[w]
        why = "the highest trump" if suit_of(best) == self.trump else "the highest card of the suit led"
        self.log.append(
            f"Trick {len(self.tricks) + 1}: {' '.join(card_text(x) for x in self.trick)} led by seat {self.leader}; "
            f"seat {winner} wins with {card_text(best)}, {why}."
        )
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
        awards["high"] = [self.played_by[high] % 2, card_text(high)]
        low_team = self.played_by[low] % 2 if self.options.low == "played" else self._captor(low)
        awards["low"] = [low_team, card_text(low)]
        jack = card(JACK, t)
        awards["jack"] = [self._captor(jack), card_text(jack)] if self.dealt >> jack & 1 else None
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
        self.log.append(
            f"Hand {self.hand_number + 1} over: the pitcher's team ({seats_text((pt, pt + 2))}) "
            f"{'makes' if ok else 'is set on'} its bid of {BID_NAME[bid]} with {plural(made[pt], 'point')} "
            f"({gain:+d}); the other team scores {made[1 - pt]}."
        )
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

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [card_text(c) for c in range(52)]

    def card_places(self) -> dict[str, list[str]]:
        places = {f"hand-{s}": [card_text(c) for c in cards_of(self.hands[s])] for s in range(4)}
        if self.phase == OVER:
            places = {"dealt": [card_text(c) for c in cards_of(self.dealt)]}
        else:
            places["table"] = [card_text(c) for c in self.trick]
            for team in (0, 1):
                places[f"pile-{team}"] = [card_text(c) for c in cards_of(self.piles[team])]
        places["stub"] = [card_text(c) for c in self.stub]
        return places

    def check_invariants(self) -> None:
        """Every hand scores at most 4 points made; a team's delta is its points or -bid."""
        if self.phase != OVER:
            played = len(self.tricks) * 4 + len(self.trick)
            assert sum(bin(h).count("1") for h in self.hands) == 4 * self.options.hand_cards - played
        if self.just_ended and self.last_hand is not None:
            made = self.last_hand["made"]
            assert 0 <= sum(made) <= 4, f"{made} points made in one hand"
        assert self.totals == [sum(h[t] for h in self.hand_results) for t in (0, 1)]

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
    def facts(self, seat: int | None) -> dict[str, Any]:
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

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones = []
        if obs["trick"] is not None:
            zones.append({"id": "trick", "kind": "table", "owner": None,
                          "label": f"Trick {len(obs['tricks']) + 1}, led by seat {obs['trick']['leader']}",
                          "cards": obs["trick"]["cards"], "hidden": 0})
        zones += team_piles(obs, "Tricks of {team}")
        zones.append({"id": "stub", "kind": "stock", "owner": None, "label": "Stub (not used)",
                      "cards": [], "hidden": len(self.stub) if not obs["match_over"] else 0})
        return zones

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The bid and its pitcher, trumps once the first lead names them, the target."""
        out = []
        if obs["pitcher"] is not None:
            out.append({"label": "Bid", "value": f"{obs['high_bid']} by seat {obs['pitcher']}"})
        elif obs["phase"] == BIDDING:
            out.append({"label": "Bid", "value": f"none yet; seat {obs['dealer']} deals and bids last"})
        if obs["phase"] == PLAYING:
            trump = SUIT_NAMES[SUIT_CHARS.index(obs["trump"])] if obs["trump"] else "named by the pitcher's first lead"
            out.append({"label": "Trumps", "value": trump})
        out.append({"label": "Target", "value": str(obs["target"])})
        return out

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        return last_trick(obs)

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> PitchState:
        """A copy whose hands hidden from `seat` and stub are reshuffled among themselves."""
        other = self.clone()
        assert isinstance(other, PitchState)
        if other.phase == OVER:
            return other
        *hands, other.stub = redealt([cards_of(h) for h in self.hands], seat, self.stub, rng)
        other.hands = [mask_of(h) for h in hands]
        return other

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """The unseen cards go to the other hands, which respect shown voids, and to the
        stub; nothing is ever masked."""
        trump = SUIT_CHARS.index(observation["trump"]) if observation["trump"] else None
        hands, stub = sample_hands(observation, pack(), [], trump, rng)
        return {"hands": [texts(h) for h in hands], "stub": [card_text(c) for c in stub]}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"][:2])


class Pitch(Game):
    name = "pitch"
    title = "Pitch"
    min_players = 4
    max_players = 4
    Options = PitchOptions
    state_class = PitchState

    def heuristic_bot(self) -> str | None:
        return "pitch-heuristic"

    def render_text(self, observation: dict[str, Any]) -> str:
        """The generic view under a line saying the bid, the pitcher and trumps."""
        from parlour.views import generic_view

        obs = observation
        if obs["phase"] == BIDDING:
            high = f"{obs['high_bid']} by seat {obs['pitcher']}" if obs["pitcher"] is not None else "none"
            head = f"  Bidding: high bid {high}; the dealer is seat {obs['dealer']}."
        else:
            head = (f"  Seat {obs['pitcher']} pitches at {obs['high_bid']}; trumps "
                    f"{obs['trump'] or 'named by the first lead'}; tricks won: seats 0 and 2 {obs['tricks_won'][0]}, "
                    f"seats 1 and 3 {obs['tricks_won'][1]}.")
        return head + "\n" + generic_view(obs)

    def teams(self, options: GameOptions) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def limits(self, options: GameOptions) -> Limits:
        """One bid or pass a seat, `hand_cards` tricks of four. A team makes at most 4 points (a smudge
        5) and a set team loses its bid (a smudge `smudge_set`)."""
        assert isinstance(options, PitchOptions)
        return Limits(
            hand_actions=4 + 4 * options.hand_cards,
            match_hands=None,
            hand_scores=(-max(4, options.smudge_set), 5),
            notes="no match bound: a team over the target that did not make its bid plays on",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        return [PASS, 2, 3, 4, SMUDGE, *(PLAY_BASE + c for c in range(52))]


GAME = Pitch()
PitchState.game = GAME
