"""Couillon: four players in two partnerships, four cards each, an upcard offered as trump.

Source: rules/sources/denexa-collection.txt, section "Couillon"; rulings R-COUILLON-1..11
in rules/RULINGS-others.md.

Pack and deal. 24 cards, A K Q J T 9 in each suit (`deck`=24, R-COUILLON-1; `deck`=32
adds 8 and 7), aces high. Partners sit opposite: seats {0, 2} v {1, 3} (G-3). Each seat
gets 4 cards, dealt as slices clockwise from the dealer's left (G-4); the rest is the
stub (8 cards, 16 with 32), whose top card is turned face up: the upcard. Seat 0 deals
first unless the record says otherwise; the deal passes left.

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
- `hand_scores()` gives each seat its team's card points; `match_scores()` its team's
  count of wins still needed (G-11), so lower is better; `winners()` is the team at 0.

Action notation: `accept`, `pass`, `play AH`. Internally: a card play is its id from
parlour.cards, ACCEPT=100, PASS=101.

Hidden information: each seat sees its own hand and the others' card counts; the upcard,
the bottom card once turned, every accept or pass, every card played and each trick's
winner are public (G-8). The rest of the stub never leaves the engine, not even at the
end of the hand, and the bottom card stays hidden unless everybody passed.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, Literal

from parlour.cards import (
    ACE,
    CARD_TEXTS,
    EUCHRE_RANKS,
    JACK,
    KING,
    PIQUET_RANKS,
    QUEEN,
    SUIT_NAMES,
    deal_constrained,
    pack,
    parse_card,
    sorted_cards,
    trick_winner,
    void_mask,
)
from parlour.engine import Game, GameOptions, IllegalAction, OptionsError, State

POINTS = {ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
CARD_POINTS = tuple(POINTS.get(c % 13, 0) for c in range(52))
HAND_CARDS = 4
LINES = 5
ACCEPT, PASS = 100, 101
TRUMP, PLAY, OVER = "trump", "play", "over"


@dataclasses.dataclass(frozen=True)
class CouillonOptions(GameOptions):
    """The standard game is Denexa's with the rulings' 24-card pack."""

    players: int = 4
    """Always 4: two partnerships, partners opposite."""
    deck: int = 24
    """R-COUILLON-1: 24 cards A-9 (an eight-card stub) or the source's 32 cards A-7."""
    tie_carry: Literal["double", "accumulate"] = "double"
    """R-COUILLON-3: after ties the next decided hand counts double, or 1 more per tie."""

    def check(self) -> None:
        if self.players != 4:
            raise OptionsError(f"Couillon is for 4 players in two partnerships, not {self.players}")
        if self.deck not in (24, 32):
            raise OptionsError(f"deck must be 24 or 32 cards, not {self.deck}")


def team_of(seat: int) -> int:
    return seat % 2


def card_points(cards: list[int]) -> int:
    return sum(CARD_POINTS[c] for c in cards)


def _texts(cards: list[int]) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted_cards(cards)]


class CouillonState(State):
    """One match of Couillon."""

    last_hand: dict[str, Any] | None
    COPIED = ("needed", "hand_results", "stub", "tricks", "trick", "log", "deals")
    NESTED = ("hands", "taken")

    def __init__(self, options: CouillonOptions, seed: int | None, dealer: int, deals: list[Any] | None) -> None:
        self._begin_match(options, seed, dealer, deals)
        self.n = 4
        self.needed = [LINES, LINES]
        self.ties = 0
        self.hand_number = -1
        self.dealer = dealer
        self._start_hand()

    # --- dealing -------------------------------------------------------------------------
    def _start_hand(self) -> None:
        self.hand_number += 1
        k = self.hand_number
        self.dealer = (self.first_dealer + k) % 4
        ranks = EUCHRE_RANKS if self.options.deck == 24 else PIQUET_RANKS
        given = self.given_deals[k] if k < len(self.given_deals) else None
        if given is not None:
            hands, stub = self._from_deal(given, ranks)
        else:
            cards = pack(ranks)
            self.rng.shuffle(cards)
            hands = [[] for _ in range(4)]
            for i in range(4):
                hands[(self.dealer + 1 + i) % 4] = cards[HAND_CARDS * i : HAND_CARDS * (i + 1)]
            stub = cards[4 * HAND_CARDS :]
        self.deals.append({"hands": [_texts(h) for h in hands], "stub": [CARD_TEXTS[c] for c in stub]})
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
        self.hand_start = len(self.history)
        self.log = [
            f"Hand {k + 1}: seat {self.dealer} deals; the upcard is {CARD_TEXTS[self.upcard]}, "
            f"offering {SUIT_NAMES[self.trump]} as trumps."
        ]
        self.phase = TRUMP
        self.turn = (self.dealer + 1) % 4
        self.leader = self.turn

    def _from_deal(self, deal: dict[str, Any], ranks: tuple[int, ...]) -> tuple[list[list[int]], list[int]]:
        raw, stub_raw = (deal.get("hands"), deal.get("stub")) if isinstance(deal, dict) else (None, None)
        if not isinstance(raw, list) or len(raw) != 4 or not all(isinstance(h, list) and len(h) == 4 for h in raw):
            raise ValueError("a Couillon deal has 'hands': four lists of 4 cards")
        if not isinstance(stub_raw, list):
            raise ValueError("a Couillon deal has 'stub': the rest of the pack, top card (the upcard) first")
        hands = [[parse_card(str(t)) for t in h] for h in raw]
        stub = [parse_card(str(t)) for t in stub_raw]
        if sorted([c for h in hands for c in h] + stub) != sorted(pack(ranks)):
            raise ValueError(f"the deal's cards are not the {self.options.deck}-card Couillon pack")
        return hands, stub

    # --- the turn ------------------------------------------------------------------------
    def to_act(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def _allowed(self, seat: int) -> set[int]:
        hand = self.hands[seat]
        if not self.trick:
            return hand
        led = self.trick[0] // 13
        follow = {c for c in hand if c // 13 == led}
        if not follow:
            return hand
        return follow | {c for c in hand if c // 13 == self.trump}

    def legal_actions(self) -> list[Any]:
        if self.phase == PLAY:
            return sorted_cards(self._allowed(self.turn))
        if self.phase == TRUMP:
            return [ACCEPT, PASS]
        return []

    def apply(self, action: Any) -> None:
        if self.phase == OVER:
            raise IllegalAction("The match is over.")
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction(f"{action!r} is not a Couillon action")
        seat = self.turn
        if self.phase == TRUMP:
            if action not in (ACCEPT, PASS):
                raise IllegalAction("First decide on trumps: accept or pass.")
            self.just_ended = False
            self._apply_trump(seat, action)
            return
        if action in (ACCEPT, PASS) or not 0 <= action < 52:
            raise IllegalAction("It is time to play a card.")
        if action not in self.hands[seat]:
            raise IllegalAction(f"You do not hold {CARD_TEXTS[action]}.")
        if action not in self._allowed(seat):
            led = self.trick[0] // 13
            raise IllegalAction(
                f"You hold {SUIT_NAMES[led]}: follow suit or play a trump ({SUIT_NAMES[self.trump]})."
            )
        self.just_ended = False
        self.history.append((seat, action))
        self.hands[seat].discard(action)
        self.trick.append(action)
        if len(self.trick) == 4:
            self._end_trick()
        else:
            self.turn = (seat + 1) % 4

    # --- trump ---------------------------------------------------------------------------
    def _apply_trump(self, seat: int, action: int) -> None:
        self.history.append((seat, action))
        if action == ACCEPT:
            self.acceptor = seat
            self.log.append(
                f"Seat {seat} accepts {SUIT_NAMES[self.trump]} as trumps: seats {seat} and "
                f"{(seat + 2) % 4} must take more points than their opponents or take a mark."
            )
            self._start_play()
            return
        self.log.append(f"Seat {seat} passes.")
        if seat == self.dealer:
            self.bottom_turned = True
            bottom = self.stub[-1]
            self.trump = bottom // 13
            self.log.append(
                f"All pass: the bottom card of the stub is {CARD_TEXTS[bottom]}, so "
                f"{SUIT_NAMES[self.trump]} are trumps, and nobody risks a mark."
            )
            self._start_play()
            return
        self.turn = (seat + 1) % 4

    def _start_play(self) -> None:
        self.phase = PLAY
        self.turn = self.leader = (self.dealer + 1) % 4

    # --- play ----------------------------------------------------------------------------
    def _end_trick(self) -> None:
        cards = tuple(self.trick)
        win = trick_winner(cards, cards[0] // 13, self.trump)
        winner = (self.leader + win) % 4
        self.taken[team_of(winner)].extend(cards)
        self.tricks.append((self.leader, cards, winner))
        pts = card_points(list(cards))
        c = cards[win]
        why = (
            f"the highest trump ({SUIT_NAMES[self.trump]})"
            if c // 13 == self.trump
            else f"the highest {SUIT_NAMES[c // 13][:-1]}"
        )
        plays = ", ".join(f"{(self.leader + i) % 4} {CARD_TEXTS[x]}" for i, x in enumerate(cards))
        self.log.append(
            f"Trick {self.trick_no + 1} (seats {plays}): seat {winner} wins with {CARD_TEXTS[c]}, "
            f"{why}, taking {pts} point{'s' if pts != 1 else ''} for seats {winner % 2} and {winner % 2 + 2}."
        )
        self.trick = []
        self.trick_no += 1
        if self.trick_no == HAND_CARDS:
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
        if pts[0] == pts[1]:
            winner_team = None
            self.ties += 1
            sentence = f"Tie at {pts[0]} points: nobody scores, and the next decided hand counts double."
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
            sentence = (
                f"Seats {winner_team} and {winner_team + 2} win {max(pts)} to {min(pts)} and erase "
                f"{step} line{'s' if step > 1 else ''}."
            )
            if acceptors is not None and acceptors != winner_team:
                self.needed[acceptors] += 1
                sentence += f" The acceptors (seats {acceptors} and {acceptors + 2}) lost and take a mark."
        self.log.append(f"Hand {self.hand_number + 1} over: {sentence} Wins still needed: {self.needed}.")
        self.hand_results.append([pts[s % 2] for s in range(4)])
        self.last_hand = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "trump": "SHDC"[self.trump],
            "acceptor": self.acceptor,
            "points": pts,
            "stub_points": card_points(self.stub),
            "winner_team": winner_team,
            "needed_before": before,
            "needed": list(self.needed),
            "log": self.log,
        }
        self.just_ended = True
        if 0 in self.needed:
            team = self.needed.index(0)
            self.match_winners = [team, team + 2]
            self.phase = OVER
            self.turn = -1
            return
        self._start_hand()
        self.just_ended = True

    def match_scores(self) -> list[Any]:
        return [self.needed[s % 2] for s in range(4)]

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in pack(EUCHRE_RANKS if self.options.deck == 24 else PIQUET_RANKS)]

    def card_places(self) -> dict[str, list[str]]:
        places = {f"hand-{s}": _texts(list(self.hands[s])) for s in range(4)}
        places["stub"] = [CARD_TEXTS[c] for c in self.stub]
        places["taken-0"] = _texts(self.taken[0])
        places["taken-1"] = _texts(self.taken[1])
        places["table"] = [CARD_TEXTS[c] for c in self.trick]
        return places

    def check_invariants(self) -> None:
        """The pack's 40 card points are all in hands, the table, won tricks or the stub; a
        finished hand's teams share the 40 less what stayed in the stub; counts stay >= 0."""
        total = sum(card_points(list(h)) for h in self.hands) + card_points(self.trick)
        total += sum(self.team_points()) + card_points(self.stub)
        assert total == 40, f"{total} card points accounted for, not 40"
        assert min(self.needed) >= 0
        if self.just_ended and self.last_hand is not None:
            assert sum(self.last_hand["points"]) == 40 - self.last_hand["stub_points"]

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
    def observation(self, seat: int | None) -> dict[str, Any]:
        over = self.phase == OVER
        acting = not over and seat == self.turn
        legal = self.legal_actions() if acting else []
        hand_pts = self.team_points()
        obs: dict[str, Any] = {
            "game": "couillon",
            "players": 4,
            "seat": seat,
            "options": self.options.to_json(),
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": None if over else self.turn,
            "legal_actions": [self.action_to_text(a) for a in legal],
            "legal": [{"text": self.action_to_text(a), "cards": self.action_cards(a)} for a in legal],
            "hand": _texts(list(self.hands[seat])) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "stub_size": len(self.stub),
            "upcard": CARD_TEXTS[self.upcard],
            "bottom_card": CARD_TEXTS[self.stub[-1]] if self.bottom_turned else None,
            "trump": SUIT_NAMES[self.trump] if self.phase == PLAY else None,
            "trump_suit": "SHDC"[self.trump] if self.phase == PLAY else None,
            "acceptor": self.acceptor,
            "trick_number": min(self.trick_no + 1, HAND_CARDS),
            "trick": [[(self.leader + i) % 4, CARD_TEXTS[c]] for i, c in enumerate(self.trick)],
            "tricks": [
                {"leader": ld, "cards": [CARD_TEXTS[c] for c in cards], "winner": w}
                for ld, cards, w in self.tricks
            ],
            "actions": [[a, self.action_to_text(act)] for a, act in self.history[self.hand_start :]],
            "scores": {"hand": [hand_pts[s % 2] for s in range(4)], "match": self.match_scores()},
            "wins_needed": list(self.needed),
            "ties_pending": self.ties,
            "hand_results": [list(h) for h in self.hand_results],
            "log": list(self.log),
            "last_hand": self.last_hand,
            "match_over": over,
            "winners": list(self.match_winners),
        }
        obs["zones"] = self._zones(seat, obs)
        return obs

    def _zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones: list[dict[str, Any]] = []
        for s in range(4):
            mine = s == seat
            zones.append({
                "id": f"hand-{s}", "kind": "hand", "owner": s,
                "label": "Your hand" if mine else f"Seat {s}'s hand",
                "cards": obs["hand"] if mine else [], "hidden": 0 if mine else obs["hand_sizes"][s],
            })
        shown = [obs["upcard"]] + ([obs["bottom_card"]] if obs["bottom_card"] else [])
        zones.append({"id": "stub", "kind": "stock", "owner": None, "label": "Stub (upcard on top)",
                      "cards": shown, "hidden": obs["stub_size"] - len(shown)})
        for s, c in obs["trick"]:
            zones.append({"id": f"table-{s}", "kind": "table", "owner": s, "label": f"Seat {s} plays",
                          "cards": [c], "hidden": 0})
        for team in range(2):
            won = [c for t in obs["tricks"] if t["winner"] % 2 == team for c in t["cards"]]
            zones.append({"id": f"tricks-{team}", "kind": "pile", "owner": team,
                          "label": f"Seats {team} and {team + 2}: tricks ({obs['scores']['hand'][team]} points)",
                          "cards": won, "hidden": 0})
        return zones

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> CouillonState:
        """A copy whose hands hidden from `seat` and hidden stub cards are reshuffled."""
        other = self.clone()
        if other.phase == OVER:
            return other
        seats = [s for s in range(4) if s != seat]
        hidden_stub = list(range(1, len(self.stub) - (1 if self.bottom_turned else 0)))
        pool = [c for s in seats for c in self.hands[s]] + [self.stub[i] for i in hidden_stub]
        rng.shuffle(pool)
        at = 0
        for s in seats:
            size = len(self.hands[s])
            other.hands[s] = set(pool[at : at + size])
            at += size
        for i in hidden_stub:
            other.stub[i] = pool[at]
            at += 1
        return other


def shown_voids(actions: list[list[Any]], trump: int | None) -> list[set[int]]:
    """Suits each seat has shown it lacks: it played a card that is neither of the suit
    led nor a trump (trumping shows nothing, R-COUILLON-6)."""
    voids: list[set[int]] = [set() for _ in range(4)]
    led = -1
    count = 0
    for seat, text in actions:
        if not text.startswith("play "):
            continue
        c = parse_card(text[5:])
        if count % 4 == 0:
            led = c // 13
        elif c // 13 != led and c // 13 != trump:
            voids[seat].add(led)
        count += 1
    return voids


class Couillon(Game):
    name = "couillon"
    title = "Couillon"
    min_players = 4
    max_players = 4
    Options = CouillonOptions
    state_class = CouillonState

    def heuristic_bot(self) -> str | None:
        return "couillon-heuristic"

    def render_text(self, obs: dict[str, Any]) -> str:
        """The terminal view: upcard and trumps, the table, the hand, points and board."""
        lines = [f"Hand {obs['hand_number'] + 1}, dealer seat {obs['dealer']}, upcard {obs['upcard']}."]
        if obs["trump"]:
            who = f"accepted by seat {obs['acceptor']}" if obs["acceptor"] is not None else f"bottom card {obs['bottom_card']}"
            lines.append(f"Trumps: {obs['trump']} ({who}). Trick {obs['trick_number']} of 4.")
        if obs["trick"]:
            lines.append("Table: " + ", ".join(f"seat {s} {c}" for s, c in obs["trick"]))
        if obs["hand"] is not None:
            lines.append("Your hand: " + " ".join(obs["hand"]))
        pts, need = obs["scores"]["hand"], obs["wins_needed"]
        lines.append(f"Points this hand: seats 0+2 {pts[0]}, seats 1+3 {pts[1]}.")
        tie = " A tie is pending: the next win counts double." if obs["ties_pending"] else ""
        lines.append(f"Wins still needed: seats 0+2 {need[0]}, seats 1+3 {need[1]}.{tie}")
        return "\n".join(lines)

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, CouillonOptions)
        ranks = EUCHRE_RANKS if options.deck == 24 else PIQUET_RANKS
        return [ACCEPT, PASS, *sorted(pack(ranks))]

    def determinize(self, observation: dict[str, Any], rng: random.Random) -> CouillonState:
        """Deal the unseen cards to the other hands and the hidden part of the stub, the
        hands respecting shown voids (the stub can hold anything), then replay the hand's
        public actions. The board and past hands come from the observation."""
        if observation["match_over"]:
            raise ValueError("a finished match has nothing to determinize")
        opts = self.options(**observation["options"])
        assert isinstance(opts, CouillonOptions)
        seat = observation["seat"]
        ranks = EUCHRE_RANKS if opts.deck == 24 else PIQUET_RANKS
        unseen = set(pack(ranks))
        upcard = parse_card(observation["upcard"])
        bottom = parse_card(observation["bottom_card"]) if observation["bottom_card"] else None
        mine = [parse_card(t) for t in observation["hand"]]
        played: list[list[int]] = [[] for _ in range(4)]
        for actor, text in observation["actions"]:
            if text.startswith("play "):
                c = parse_card(text[5:])
                played[actor].append(c)
                unseen.discard(c)
        unseen -= set(mine) | {upcard} | ({bottom} if bottom is not None else set())
        trump = None if observation["phase"] != PLAY else "SHDC".index(observation["trump_suit"])
        voids = shown_voids(observation["actions"], trump)
        others = [s for s in range(4) if s != seat]
        sizes = [observation["hand_sizes"][s] for s in others]
        parts = deal_constrained(
            sorted(unseen),
            [*sizes, len(unseen) - sum(sizes)],
            [*(void_mask(voids[s]) for s in others), 0],
            rng,
        )
        hands = dict(zip(others, parts, strict=False))
        stub = [upcard, *parts[-1], *([bottom] if bottom is not None else [])]
        full_hands = [
            _texts(mine + played[s]) if s == seat else _texts(hands[s] + played[s]) for s in range(4)
        ]
        k = observation["hand_number"]
        deal = {"hands": full_hands, "stub": [CARD_TEXTS[c] for c in stub]}
        state = CouillonState._for_determinize(opts, observation, (observation["dealer"] - k) % 4, deal, rng)
        state.n = 4
        state.needed = list(observation["wins_needed"])
        state.ties = observation["ties_pending"]
        state.hand_number = k - 1
        state.just_ended = False
        state._start_hand()
        for _actor, text in observation["actions"]:
            state.apply(state.text_to_action(text))
        state.just_ended = False
        return state


GAME = Couillon()
CouillonState.game = GAME
