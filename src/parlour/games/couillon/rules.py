"""Couillon: four players in two partnerships, four cards each, an upcard offered as trump.

Rules and rulings R-COUILLON-1..11 (from Denexa Games' published rules, section
"Couillon"): docs/rules/couillon.md.

Pack and deal. 24 cards, A K Q J T 9 in each suit (`deck`=24, R-COUILLON-1; `deck`=32
adds 8 and 7, `deck`=16 drops T and 9), aces high. Partners sit opposite: seats {0, 2} v
{1, 3} (G-3). Each seat gets 4 cards (`hand_cards`), dealt as slices clockwise from the
dealer's left (G-4); the rest is the stub (8 cards, 16 with 32), whose top card is turned
face up: the upcard. Seat 0 deals first unless the record says otherwise; the deal
passes left.

Trump. From dealer+1 clockwise each seat accepts the upcard's suit as trump or passes;
the first to accept ends it and that seat's team are the acceptors (R-COUILLON-2). If all
four pass, the bottom card of the stub is turned face up and names trump; there are no
acceptors (R-COUILLON-7). Neither card is ever taken into a hand (R-COUILLON-8).

Play. Four tricks; dealer+1 leads the first, the winner of a trick leads the next. A
trump may be played to any trick; otherwise follow the suit led if able, else play any
card (R-COUILLON-6: trumping is allowed, never required). Highest trump wins, else the
highest card of the suit led. Card points A 4, K 3, Q 2, J 1, others 0 (10 per suit).

Board. Each team has a count of wins still needed, from 5 (the five lines). The team
with more card points wins the hand and lowers its count by 1, by 2 if ties came just
before (R-COUILLON-3; `tie_carry`="accumulate": 1 more per tie). Acceptors who lose add a
mark: their count goes up by 1, never doubled (R-COUILLON-4), uncapped (R-COUILLON-5). A
tied hand (0-0 included, R-COUILLON-9) scores nothing and makes the next decided hand
count double. A count never goes below 0 (R-COUILLON-10); the first team at 0 wins the
match, the losing acceptors' mark still applied (R-COUILLON-11).

Decisions the sources leave open, taken here:
- The pending doubling is cleared by the next hand with a winner, whoever wins it.
- A seat shows a void in the suit led only by playing a card that is neither of that
  suit nor a trump; `determinize` deals the unseen cards (cards.deal_constrained) so the
  hands fit those voids, the hidden stub taking anything.
- A small game for exact solvers, ours: `hand_cards` 1 to 3 (as many tricks) and a
  16-card pack of A K Q J (every card counts, so the pack still holds 40 points). A short
  hand shrinks the tree of one deal; a short pack leaves fewer different deals, so the few
  deals an exact solver samples stand for more of the game.
- `hand_scores()` gives each seat its team's card points; `match_scores()` its team's
  count of wins still needed (G-11), so lower is better; `winners()` is the team at 0.

The partnerships, the deal with its stub, trick play with trumps and the voids it shows
are the family rules of parlour.games.tricks, shared with Pitch.

Action notation: `accept`, `pass`, `play AH`. Internally: a card play is its id from
parlour.cards, ACCEPT=100, PASS=101.

Hidden information: each seat sees its own hand and the others' card counts; the upcard,
the bottom card once turned, every accept or pass, every card played and each trick's
winner are public (G-8). The rest of the stub never leaves the engine, not even at the
end of the hand, and the bottom card stays hidden unless everybody passed.

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and ints (seats, card ids, suits, points), which `view.py` words when a person reads them:
`("deal", hand, dealer, upcard)`, `("accept", seat, trump)`, `("pass", seat)`,
`("bottom", card)` (all passed: the bottom card names trumps), `("trick", k, leader,
cards, win, trump)` (k from 0, `win` the index in `cards` of the winning card) and
`("over", hand, points, winner_team, step, marked_team, needed)` (points and needed per
team; a tie has winner_team None and `step` the lines the next decided hand erases). The
hand's summary (`last_hand`) keeps them as its `log`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, Literal

from parlour.cards import (
    ACE,
    CARD_TEXTS,
    EUCHRE_RANKS,
    JACK,
    KING,
    PIQUET_RANKS,
    QUEEN,
    SUIT_CHARS,
    SUIT_NAMES,
    pack,
    parse_card,
)
from parlour.engine import GameOptions, IllegalAction, OptionsError, State
from parlour.games.tricks import deal_hands, per_seat, playable, team_of, texts, winning_play

POINTS = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
CARD_POINTS = tuple(POINTS.get(c % 13, 0) for c in range(52))
HAND_CARDS = 4
LINES = 5
PACKS = {16: (JACK, QUEEN, KING, ACE), 24: EUCHRE_RANKS, 32: PIQUET_RANKS}
ACCEPT, PASS = 100, 101
TRUMP, PLAY = "trump", "play"


@dataclasses.dataclass(frozen=True)
class CouillonOptions(GameOptions):
    """The standard game is Denexa's with the rulings' 24-card pack."""

    players: int = 4
    """Always 4: two teams of two, partners sitting opposite."""
    # R-COUILLON-1: 24 cards A-9 (an eight-card stub) or the source's 32 cards A-7.
    deck: int = 24
    """The pack: 24 cards (A down to 9 in each suit, leaving a stub of 8) or 32 cards (A down to 7,
    a stub of 16); 16 cards (A, K, Q and J of each suit, every card worth points) make a small
    game with fewer cards a hand."""
    # R-COUILLON-3: after ties the next decided hand counts double, or 1 more per tie.
    tie_carry: Literal["double", "accumulate"] = "double"
    """After tied hands: double = the next hand with a winner counts 2, however many ties came
    before; accumulate = it counts 1 more for each tie."""
    hand_cards: int = HAND_CARDS
    """Cards dealt to each player, and so tricks in a hand: 4 in the standard game; 1 to 3 make a
    short hand, small enough for programs that solve a hand exactly by walking through every way
    to play it."""

    def check(self) -> None:
        if self.players != 4:
            raise OptionsError(f"Couillon is for 4 players in two partnerships, not {self.players}")
        if self.deck not in PACKS:
            raise OptionsError(f"deck must be 16, 24 or 32 cards, not {self.deck}")
        if not isinstance(self.hand_cards, int) or not 1 <= self.hand_cards <= HAND_CARDS:
            raise OptionsError(f"hand_cards must be a whole number from 1 to {HAND_CARDS}, not {self.hand_cards}")
        if self.deck - 4 * self.hand_cards < 2:
            raise OptionsError(
                f"a {self.deck}-card pack dealt {self.hand_cards} cards each leaves no upcard and bottom card "
                f"in the stub: deal at most {(self.deck - 2) // 4} cards each"
            )

    @property
    def pack(self) -> list[int]:
        return pack(PACKS[self.deck])


def card_points(cards: list[int]) -> int:
    return sum(CARD_POINTS[c] for c in cards)


class CouillonRules(State):
    """One match of Couillon: its rules (the engine's hooks beyond them are in `game.py`)."""

    options: CouillonOptions
    last_hand: dict[str, Any] | None
    COPIED = ("needed", "stub", "tricks", "trick", "log", "deals")
    NESTED = ("hands", "taken")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        self.needed = [LINES, LINES]
        self.ties = 0

    def _deal(self, given: Any) -> None:
        hands, stub, record = deal_hands(self.options.pack, self.options.hand_cards, self.dealer, self.rng, given, "Couillon")
        self.deals.append(record)
        self.hands = [set(h) for h in hands]
        self.stub = stub
        self.upcard = stub[0]
        self.bottom_turned = False
        self.trump = stub[0] // 13
        self.acceptor: int | None = None
        self.taken: list[list[int]] = [[], []]
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.trick: list[int] = []
        self.trick_no = 0
        self.log: list[Any] = [("deal", self.hand_number, self.dealer, self.upcard)]
        self.phase = TRUMP
        self.turn = self.leader = (self.dealer + 1) % 4

    # --- trump ---------------------------------------------------------------------------
    def _legal_trump(self) -> list[int]:
        return [ACCEPT, PASS]

    def _apply_trump(self, action: int) -> None:
        seat = self.turn
        if action == ACCEPT:
            self.acceptor = seat
            self.log.append(("accept", seat, self.trump))
            self._start_play()
            return
        self.log.append(("pass", seat))
        if seat == self.dealer:
            self.bottom_turned = True
            bottom = self.stub[-1]
            self.trump = bottom // 13
            self.log.append(("bottom", bottom))
            self._start_play()
            return
        self.turn = (seat + 1) % 4

    def _start_play(self) -> None:
        self.phase = PLAY
        self.turn = self.leader = (self.dealer + 1) % 4

    # --- play ----------------------------------------------------------------------------
    def _legal_play(self) -> list[int]:
        return playable(self.hands[self.turn], self.trick, self.trump)

    def _apply_play(self, action: int) -> None:
        seat = self.turn
        self.hands[seat].discard(action)
        self.trick.append(action)
        if len(self.trick) == 4:
            self._end_trick()
        else:
            self.turn = (seat + 1) % 4

    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        win = winning_play(cards, self.trump)
        winner = (self.leader + win) % 4
        self.taken[team_of(winner)].extend(cards)
        self.tricks.append((self.leader, cards, winner))
        self.log.append(("trick", self.trick_no, self.leader, cards, win, self.trump))
        self.trick = []
        self.trick_no += 1
        if self.trick_no == self.options.hand_cards:
            self._end_hand()
        else:
            self.leader = self.turn = winner

    # --- scoring -------------------------------------------------------------------------
    def team_points(self) -> list[int]:
        return [card_points(self.taken[0]), card_points(self.taken[1])]

    def _end_hand(self) -> None:
        pts = self.team_points()
        before = list(self.needed)
        acceptors = None if self.acceptor is None else team_of(self.acceptor)
        marked = None
        if pts[0] == pts[1]:
            winner_team = None
            self.ties += 1
            step = 2 if self.options.tie_carry == "double" else 1 + self.ties
        else:
            winner_team = 0 if pts[0] > pts[1] else 1
            if self.ties == 0:
                step = 1
            elif self.options.tie_carry == "double":
                step = 2
            else:
                step = 1 + self.ties
            self.ties = 0
            self.needed[winner_team] = max(0, self.needed[winner_team] - step)
            if acceptors is not None and acceptors != winner_team:
                self.needed[acceptors] += 1
                marked = acceptors
        self.log.append(("over", self.hand_number, pts, winner_team, step, marked, list(self.needed)))
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "trump": SUIT_CHARS[self.trump],
            "acceptor": self.acceptor,
            "points": pts,
            "stub_points": card_points(self.stub),
            "winner_team": winner_team,
            "needed_before": before,
            "needed": list(self.needed),
            "log": self.log,
        }
        self._hand_ended(per_seat(pts), summary)

    def _match_winners(self) -> list[int] | None:
        """The first team with no win still needed (R-COUILLON-11)."""
        if 0 not in self.needed:
            return None
        team = self.needed.index(0)
        return [team, team + 2]

    def hand_points(self) -> list[Any]:
        return per_seat(self.team_points())

    def match_scores(self) -> list[Any]:
        return per_seat(self.needed)

    # --- text ---------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action == ACCEPT:
            return "accept"
        if action == PASS:
            return "pass"
        return "play " + CARD_TEXTS[action]

    def text_to_action(self, text: str) -> int:
        words = text.strip().split()
        verb = words[0].lower() if words else ""
        if verb == "accept" and len(words) == 1:
            return ACCEPT
        if verb == "pass" and len(words) == 1:
            return PASS
        if verb == "play" and len(words) == 2:
            try:
                c = parse_card(words[1])
            except ValueError as exc:
                raise IllegalAction(str(exc)) from None
            if c >= 52:
                raise IllegalAction("Couillon has no jokers.")
            return c
        raise IllegalAction(f"{text!r} is not a Couillon action: accept, pass or play AH.")

    def action_cards(self, action: Any) -> list[str]:
        return [CARD_TEXTS[action]] if action < 52 else []

    # --- what a seat may know -----------------------------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
        """The upcard, the bottom card once turned, trumps once fixed, the tricks and the
        board are public; a seat's own hand is its secret, the rest of the stub everyone's."""
        playing = self.phase == PLAY
        return {
            "hand": texts(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "stub_size": len(self.stub),
            "upcard": CARD_TEXTS[self.upcard],
            "bottom_card": CARD_TEXTS[self.stub[-1]] if self.bottom_turned else None,
            "trump": SUIT_NAMES[self.trump] if playing else None,
            "trump_suit": SUIT_CHARS[self.trump] if playing else None,
            "acceptor": self.acceptor,
            "trick_number": min(self.trick_no + 1, self.options.hand_cards),
            "trick": [[(self.leader + i) % 4, CARD_TEXTS[c]] for i, c in enumerate(self.trick)],
            "tricks": [
                {"leader": ld, "cards": [CARD_TEXTS[c] for c in cards], "winner": w} for ld, cards, w in self.tricks
            ],
            "wins_needed": list(self.needed),
            "ties_pending": self.ties,
        }
