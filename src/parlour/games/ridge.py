"""Ridge: open-hand bridge for two players, every card visible, an auction of tricks.

Rules and rulings R-RIDGE-1..13 (from the draft article "Ridge Card Game"):
docs/rules/ridge.md.

Seats and hands. Seat 0 plays North and South, seat 1 plays East and West; play goes
clockwise N, E, S, W (hand ids 0..3, so a hand's owner is `hand % 2`). The 52 cards are
dealt face up, 13 to each hand. Seat 0 deals the first hand (G-2); the dealer alternates.
The other player is the Responder.

Auction (R-RIDGE-1..6). The Dealer passes or bids n (`min_bid`..13 tricks). After a
Dealer's pass the Responder passes (0-0, next hand) or bids. After the Dealer's opening
bid the Responder passes, contests (auction over, contested) or bids more. From then on a
pass ends the auction with the last bidder as declarer, a bid must be higher, and a bid
of 13 ends the auction, except that an opening 13 may still be contested
(`contest_13`, R-RIDGE-4). The contract is contested after two or more bids or a contest.
With `dealer_may_contest` a Dealer who passed may contest the Responder's opening bid.

Declaration (R-RIDGE-10): the declarer names a trump suit or no trump and which of the
defender's hands leads. Play (R-RIDGE-8, 9): four hands, each follows suit from its own
cards; highest trump, else highest card of the suit led; the winning hand leads next.

Score (the source's table; only one side scores), bid b, declarer's tricks t:
uncontested made 5 + 2b + (t - b), down 5 per undertrick to the defender; contested made
10 + 3b + 3(t - b), down 10 per undertrick. Match: first to `target` (150) after a hand,
or with `hands` the higher total after that many hands (a tie: both win).

Decisions the sources leave open, taken here:
- The four slices of the shuffled pack go to N, E, S, W in that order (G-4: with every
  card face up, the dealing order changes nothing).
- A Responder who opens 13 after the Dealer's pass may be contested only with
  `dealer_may_contest` (and `contest_13`); otherwise a 13 ends the auction at once.
- A passed-out hand keeps its deal in the record and scores 0-0 (R-RIDGE-6).
- The play of a hand is kept whole in the observation (R-RIDGE-11, G-8): every trick,
  its leader and winner, and the original deal, so analysis and `determinize` need
  nothing else.

Action notation (section 7): `pass`, `bid 8`, `contest`, `declare S W` (spades, West
leads), `declare NT E`, `play QS`. Read leniently: `8` for `bid 8`, `QS` for `play QS`,
`10S` for `TS`, `notrump` for `NT`. Internally an action is an int: PASS 0, a bid its
number, CONTEST 14, DECLARE_BASE + 4 * denom + leading hand (denoms S H D C NT = 0..4),
PLAY_BASE + card.

Deals: a record's deal is `{"hands": {"N": [...], "E": ..., "S": ..., "W": ...},
"pbn": "N:AKQ2.J5.T98.765 ..."}`; either key alone is enough to give a deal.

Hidden information: none (section 8). Every seat and a spectator see all four hands.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, NamedTuple

from parlour.cards import (
    CARD_TEXTS,
    RANK_CHARS,
    SUIT_CHARS,
    SUIT_MASKS,
    SUIT_NAMES,
    cards_of,
    mask_of,
    parse_card,
    sort_key,
    suit_of,
    suit_symbol,
    symbols,
    trick_winner,
    trump_label,
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
)

HAND_NAMES = "NESW"
HAND_WORDS = ("North", "East", "South", "West")
SIDE_NAMES = ("North-South", "East-West")
DENOM_TEXTS = ("S", "H", "D", "C", "NT")
DENOM_WORDS = ("spades", "hearts", "diamonds", "clubs", "no trump")
NT = 4

PASS = 0
CONTEST = 14
DECLARE_BASE = 100
PLAY_BASE = 200

AUCTION, DECLARING, PLAYING = "auction", "declaring", "playing"
TRICKS = 13


@dataclasses.dataclass(frozen=True)
class RidgeOptions(GameOptions):
    """The standard game is the source's, with the rulings' defaults."""

    players: int = 2
    """Ridge is for exactly 2 players, each playing two opposite hands."""
    target: int = 150
    """The first player to reach this many points after a hand wins the match."""
    hands: int | None = None
    """Play this many hands instead of playing to the target; the higher total then wins, and a tie
    is shared. None: play to the target."""
    # R-RIDGE-1: the lowest bid (1, or 7 for a bridge-like auction).
    min_bid: int = 1
    """The lowest bid, in tricks: 1, or for example 7 for bidding as in bridge."""
    # R-RIDGE-3: a Dealer who passed may also contest the Responder's opening bid.
    dealer_may_contest: bool = False
    """Whether a Dealer who passed may still contest the Responder's opening bid."""
    # R-RIDGE-4: an opening bid of 13 may still be contested by the other player.
    contest_13: bool = True
    """Whether an opening bid of all 13 tricks may still be contested."""

    def check(self) -> None:
        if self.players != 2:
            raise OptionsError(f"Ridge is for 2 players, not {self.players}")
        if not isinstance(self.target, int) or self.target < 1:
            raise OptionsError(f"target must be a whole number of points of at least 1, not {self.target}")
        if self.hands is not None and (not isinstance(self.hands, int) or self.hands < 1):
            raise OptionsError(f"hands must be a whole number of at least 1, not {self.hands}")
        if not isinstance(self.min_bid, int) or not 1 <= self.min_bid <= TRICKS:
            raise OptionsError(f"min_bid must be from 1 to 13 tricks, not {self.min_bid}")


# --- the auction, as pure functions (the state and the double-dummy solver share them) ---
class AuctionPos(NamedTuple):
    """Where an auction stands: enough to know who acts and what is legal."""

    turn: int
    bid: int  # the standing bid, 0 before any
    bidder: int  # seat of the standing bid (meaningless while bid is 0)
    bids: int  # how many bids were made
    calls: int  # how many calls (passes included) were made


class AuctionEnd(NamedTuple):
    """How an auction ended: declarer None means both passed."""

    declarer: int | None
    bid: int
    contested: bool


def auction_start(dealer: int) -> AuctionPos:
    return AuctionPos(dealer, 0, dealer, 0, 0)


def _contest_open(pos: AuctionPos, dealer: int, options: RidgeOptions) -> bool:
    """The one moment a contest is legal: the first answer to the opening bid."""
    return pos.bids == 1 and (pos.bidder == dealer or options.dealer_may_contest)


def auction_legal(pos: AuctionPos, dealer: int, options: RidgeOptions) -> list[int]:
    out = [PASS]
    if pos.bid and _contest_open(pos, dealer, options):
        out.append(CONTEST)
    low = max(options.min_bid, pos.bid + 1)
    out.extend(range(low, TRICKS + 1))
    return out


def auction_step(
    pos: AuctionPos, action: int, dealer: int, options: RidgeOptions
) -> tuple[AuctionPos, AuctionEnd | None]:
    """The auction after `action` (assumed legal), and its end if it ended."""
    seat, other = pos.turn, 1 - pos.turn
    if action == PASS:
        if pos.bid:
            return pos._replace(calls=pos.calls + 1), AuctionEnd(pos.bidder, pos.bid, pos.bids >= 2)
        if pos.calls >= 1:
            return pos._replace(calls=pos.calls + 1), AuctionEnd(None, 0, False)
        return pos._replace(turn=other, calls=1), None
    if action == CONTEST:
        return pos._replace(calls=pos.calls + 1), AuctionEnd(pos.bidder, pos.bid, True)
    nxt = AuctionPos(other, action, seat, pos.bids + 1, pos.calls + 1)
    if action == TRICKS and not (options.contest_13 and _contest_open(nxt, dealer, options)):
        return nxt, AuctionEnd(seat, action, nxt.bids >= 2)
    return nxt, None


def hand_score(bid: int, tricks: int, contested: bool) -> tuple[int, bool]:
    """(points, to_declarer): the source's table. The points go to the declarer if made."""
    if tricks >= bid:
        if contested:
            return 10 + 3 * bid + 3 * (tricks - bid), True
        return 5 + 2 * bid + (tricks - bid), True
    return (10 if contested else 5) * (bid - tricks), False


def declarer_net(bid: int, tricks: int, contested: bool) -> int:
    """The declarer's points minus the defender's for the hand."""
    points, to_declarer = hand_score(bid, tricks, contested)
    return points if to_declarer else -points


# --- deals and PBN ------------------------------------------------------------------------
def hand_pbn(mask: int) -> str:
    """One hand as PBN: suits S.H.D.C, ranks high to low (`AKQ2.J5.T98.765`)."""
    parts = []
    for s in range(4):
        ranks = [r for r in range(12, -1, -1) if mask >> (13 * s + r) & 1]
        parts.append("".join(RANK_CHARS[r] for r in ranks))
    return ".".join(parts)


def deal_pbn(hands: list[int], first: int = 0) -> str:
    """A PBN deal string, `N:` then the four hands clockwise from `first`."""
    order = [(first + i) % 4 for i in range(4)]
    return HAND_NAMES[first] + ":" + " ".join(hand_pbn(hands[h]) for h in order)


def parse_pbn(text: str) -> list[int]:
    """A PBN deal (`N:AKQ2.J5.T98.765 ...`) -> the four hands N E S W as card masks.

    ValueError names what is wrong. `-` is read as a void, `10` as `T`; the deal must give
    13 cards to each hand and hold every card once.
    """
    text = text.strip().strip('"')
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in HAND_NAMES:
        raise ValueError(f"a PBN deal starts with N:, E:, S: or W:, not {text[:8]!r}")
    first = HAND_NAMES.index(text[0].upper())
    parts = text[2:].split()
    if len(parts) != 4:
        raise ValueError(f"a PBN deal has four hands, not {len(parts)}")
    hands = [0, 0, 0, 0]
    seen = 0
    for i, part in enumerate(parts):
        h = (first + i) % 4
        suits = part.split(".")
        if len(suits) != 4:
            raise ValueError(f"{HAND_WORDS[h]}'s hand {part!r} needs four suits separated by dots")
        for s, holding in enumerate(suits):
            for ch in holding.upper().replace("10", "T").replace("-", ""):
                if ch not in RANK_CHARS:
                    raise ValueError(f"{ch!r} in {HAND_WORDS[h]}'s {SUIT_NAMES[s]} is not a rank")
                c = 13 * s + RANK_CHARS.index(ch)
                if seen >> c & 1:
                    raise ValueError(f"{CARD_TEXTS[c]} is dealt twice")
                seen |= 1 << c
                hands[h] |= 1 << c
        if hands[h].bit_count() != TRICKS:
            raise ValueError(f"{HAND_WORDS[h]} has {hands[h].bit_count()} cards, not 13")
    return hands


def hands_of_deal(deal: dict[str, Any]) -> list[int]:
    """The four hands of a record's deal (`hands` by N E S W, or `pbn`), checked."""
    raw = deal.get("hands")
    if raw is None and "pbn" in deal:
        return parse_pbn(str(deal["pbn"]))
    if not isinstance(raw, dict) or sorted(raw) != sorted(HAND_NAMES):
        raise ValueError("a Ridge deal has 'hands' {N, E, S, W} of 13 cards each, or 'pbn'")
    hands = [mask_of(parse_card(str(t)) for t in raw[name]) for name in HAND_NAMES]
    if any(len(raw[name]) != TRICKS or hands[h].bit_count() != TRICKS for h, name in enumerate(HAND_NAMES)):
        raise ValueError("each hand of a Ridge deal has 13 different cards")
    if hands[0] | hands[1] | hands[2] | hands[3] != (1 << 52) - 1:
        raise ValueError("a Ridge deal holds each of the 52 cards once")
    return hands


def trick_winner_of(trick: list[tuple[int, int]], trump: int) -> int:
    """The hand that wins a trick of (hand, card) in play order; trump NT (4) for none."""
    plays = [c for _, c in trick]
    return trick[trick_winner(plays, suit_of(plays[0]), None if trump == NT else trump)][0]


def card_list(mask: int) -> list[str]:
    return [CARD_TEXTS[c] for c in sorted(cards_of(mask), key=sort_key)]


def observed_hands(observation: dict[str, Any]) -> list[int]:
    """The four hands N E S W of an observation, as card masks (bots and hints read them)."""
    return [mask_of(parse_card(t) for t in observation["hands"][name]) for name in HAND_NAMES]


def observed_trick(observation: dict[str, Any]) -> list[tuple[int, int]]:
    """The trick on the table of an observation, as (hand, card) in play order."""
    return [(HAND_NAMES.index(h), parse_card(c)) for h, c in observation["trick"]]


class RidgeState(State):
    """One match of Ridge. `turn` is the seat to act: the owner of the hand to play in play."""

    COPIED = ("deals", "totals", "hands", "calls", "trick", "tricks", "won", "won_cards", "log")

    # --- dealing -------------------------------------------------------------------------
    def _new_match(self) -> None:
        self.totals = [0, 0]

    def _deal(self, given: Any) -> None:
        if given is not None:
            hands = hands_of_deal(given)
        else:
            pack = list(range(52))
            self.rng.shuffle(pack)
            hands = [mask_of(pack[13 * h : 13 * h + 13]) for h in range(4)]
        self.dealt = list(hands)
        self.hands = list(hands)
        self.deals.append(
            {"hands": {HAND_NAMES[h]: card_list(hands[h]) for h in range(4)}, "pbn": deal_pbn(hands)}
        )
        self.phase = AUCTION
        self.pos = auction_start(self.dealer)
        self.turn = self.pos.turn
        self.calls: list[list[Any]] = []
        self.declarer: int | None = None
        self.bid = 0
        self.contested = False
        self.trump = NT
        self.leader = 0
        self.to_play = 0
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[dict[str, Any]] = []
        self.won = [0, 0]
        self.won_cards = [0, 0]
        self.log = [
            f"Hand {self.hand_number + 1}: seat {self.dealer} ({SIDE_NAMES[self.dealer]}) deals; "
            f"seat {1 - self.dealer} responds. All 52 cards are face up."
        ]

    # --- the auction ---------------------------------------------------------------------
    def _legal_auction(self) -> list[int]:
        return auction_legal(self.pos, self.dealer, self.options)

    def _apply_auction(self, action: int) -> None:
        seat = self.turn
        self.calls.append([seat, self.action_to_text(action)])
        role = "Dealer" if seat == self.dealer else "Responder"
        word = {PASS: "passes", CONTEST: f"contests the bid of {self.pos.bid}"}.get(action, f"bids {action}")
        self.log.append(f"Seat {seat} ({role}) {word}.")
        self.pos, end = auction_step(self.pos, action, self.dealer, self.options)
        self.turn = self.pos.turn
        if end is None:
            return
        if end.declarer is None:
            self.log.append("Both players passed: no score, and the next hand is dealt.")
            self._end_hand([0, 0], None)
            return
        self.declarer, self.bid, self.contested = end.declarer, end.bid, end.contested
        self.phase = DECLARING
        self.turn = end.declarer
        self.log.append(
            f"Seat {end.declarer} ({SIDE_NAMES[end.declarer]}) declares {end.bid} tricks, "
            f"{'contested' if end.contested else 'uncontested'}."
        )

    # --- the declaration -----------------------------------------------------------------
    def _legal_declaring(self) -> list[int]:
        leaders = [h for h in range(4) if h % 2 != self.declarer]
        return [DECLARE_BASE + 4 * d + h for d in range(5) for h in leaders]

    def _apply_declaring(self, action: int) -> None:
        denom, leader = divmod(action - DECLARE_BASE, 4)
        self.trump, self.leader, self.to_play = denom, leader, leader
        self.turn = leader % 2
        self.phase = PLAYING
        self.log.append(f"Trumps: {DENOM_WORDS[denom]}. {HAND_WORDS[leader]} leads.")

    # --- play ----------------------------------------------------------------------------
    def _legal_playing(self) -> list[int]:
        return [PLAY_BASE + c for c in sorted(cards_of(self._playable()), key=sort_key)]

    def _playable(self) -> int:
        hand = self.hands[self.to_play]
        if self.trick:
            same = hand & SUIT_MASKS[suit_of(self.trick[0][1])]
            if same:
                return same
        return hand

    def _apply_playing(self, action: int) -> None:
        c = action - PLAY_BASE
        self.hands[self.to_play] &= ~(1 << c)
        self.trick.append((self.to_play, c))
        if len(self.trick) < 4:
            self.to_play = (self.to_play + 1) % 4
            self.turn = self.to_play % 2
            return
        self._finish_trick()

    def _why_not(self, action: Any) -> str | None:
        """The player's reason for a refused call, declaration or card."""
        if not isinstance(action, int) or isinstance(action, bool):
            return f"{action!r} is not a Ridge action"
        if self.phase == AUCTION:
            return self._auction_refusal(action)
        if self.phase == DECLARING:
            if not 0 <= action - DECLARE_BASE < 20:
                return "Name trumps and the leading hand, like 'declare S W' or 'declare NT E'."
            leader = (action - DECLARE_BASE) % 4
            return f"{HAND_WORDS[leader]} is your own hand: one of the defender's hands leads."
        c = action - PLAY_BASE
        if not 0 <= c < 52:
            return "It is time to play a card, like 'play QS'."
        hand = HAND_WORDS[self.to_play]
        if not self.hands[self.to_play] >> c & 1:
            return f"{CARD_TEXTS[c]} is not in {hand}'s hand; {hand} is to play."
        return f"{hand} holds {SUIT_NAMES[suit_of(self.trick[0][1])]} and must follow suit."

    def _auction_refusal(self, action: int) -> str:
        if action == CONTEST:
            if not self.pos.bid:
                return "There is no bid to contest."
            return "Only the first answer to the opening bid may contest it; pass or bid more."
        if PASS < action <= TRICKS:
            if self.pos.bid == TRICKS:
                return "Nobody can bid more than 13 tricks: pass or contest."
            if action < self.options.min_bid:
                return f"The lowest bid is {self.options.min_bid}."
            return f"A bid must be more than the standing bid of {self.pos.bid}."
        return "It is time to bid: pass, bid a number of tricks, or contest."

    def _finish_trick(self) -> None:
        plays = [c for _, c in self.trick]
        led = suit_of(plays[0])
        winner = trick_winner_of(self.trick, self.trump)
        card = next(c for h, c in self.trick if h == winner)
        side = winner % 2
        self.won[side] += 1
        self.won_cards[side] |= mask_of(plays)
        n = len(self.tricks) + 1
        if suit_of(card) == led:
            why = f"the highest {SUIT_NAMES[led][:-1]}"
        else:
            why = f"the highest trump on a {SUIT_NAMES[led][:-1]} lead"
        sentence = (
            f"Trick {n}: {' '.join(HAND_NAMES[h] + ' ' + CARD_TEXTS[x] for h, x in self.trick)}; "
            f"{HAND_WORDS[winner]} wins with {CARD_TEXTS[card]}, {why} "
            f"({SIDE_NAMES[0]} {self.won[0]}, {SIDE_NAMES[1]} {self.won[1]})."
        )
        self.log.append(sentence)
        self.tricks.append(
            {"leader": HAND_NAMES[self.trick[0][0]], "cards": [CARD_TEXTS[x] for x in plays],
             "winner": HAND_NAMES[winner], "explanation": sentence}
        )
        self.trick = []
        self.to_play = winner
        self.turn = side
        if n == TRICKS:
            self._score_hand()

    # --- scoring and the match -----------------------------------------------------------
    def _score_hand(self) -> None:
        assert self.declarer is not None
        d = self.declarer
        t = self.won[d]
        points, to_declarer = hand_score(self.bid, t, self.contested)
        scores = [0, 0]
        scorer = d if to_declarer else 1 - d
        scores[scorer] = points
        how = "contested" if self.contested else "uncontested"
        if to_declarer:
            self.log.append(
                f"Seat {d} made {t} tricks on {'a' if self.contested else 'an'} {how} bid of {self.bid} and scores {points}."
            )
        else:
            self.log.append(
                f"Seat {d} took {t} tricks, {self.bid - t} short of the {how} bid of {self.bid}: "
                f"seat {1 - d} scores {points}."
            )
        self._end_hand(scores, {"declarer_tricks": t})

    def _end_hand(self, scores: list[int], extra: dict[str, Any] | None) -> None:
        for s in range(2):
            self.totals[s] += scores[s]
        summary = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "deal": self.deals[-1]["pbn"],
            "auction": [list(c) for c in self.calls],
            "contract": self._contract(),
            "tricks": list(self.tricks),
            "won": list(self.won),
            "scores": list(scores),
            "totals": list(self.totals),
            "log": list(self.log),
            **(extra or {}),
        }
        self._hand_ended(scores, summary)

    def _match_winners(self) -> list[int] | None:
        """After `hands` hands, or once a total reaches the target: the higher total (both on a tie)."""
        opts = self.options
        if opts.hands is not None:
            over = len(self.hand_results) >= opts.hands
        else:
            over = max(self.totals) >= opts.target
        if not over:
            return None
        best = max(self.totals)
        return [s for s in range(2) if self.totals[s] == best]

    def _contract(self) -> dict[str, Any] | None:
        if self.declarer is None:
            return None
        declared = self.phase in (PLAYING, OVER) or len(self.tricks) > 0
        return {
            "declarer": self.declarer,
            "bid": self.bid,
            "contested": self.contested,
            "trump": DENOM_TEXTS[self.trump] if declared else None,
            "leader": HAND_NAMES[self.leader] if declared else None,
        }

    def hand_points(self) -> list[Any]:
        """Nothing is scored until a hand ends; once the match is over, its last hand."""
        return list(self.hand_results[-1]) if self.phase == OVER else [0, 0]

    def match_scores(self) -> list[Any]:
        return list(self.totals)

    # --- cards and invariants ------------------------------------------------------------
    def full_pack(self) -> list[str]:
        return list(CARD_TEXTS[:52])

    def card_places(self) -> dict[str, list[str]]:
        places = {f"hand-{HAND_NAMES[h]}": card_list(self.hands[h]) for h in range(4)}
        places["trick"] = [CARD_TEXTS[c] for _, c in self.trick]
        for s in range(2):
            places[f"won-{s}"] = card_list(self.won_cards[s])
        return places

    def check_invariants(self) -> None:
        """Tricks won match the cards taken and the hand sizes; one side scores per hand;
        the match totals are the sum of the hands."""
        assert sum(self.won) == len(self.tricks)
        for s in range(2):
            assert self.won_cards[s].bit_count() == 4 * self.won[s]
        if self.phase != OVER:
            for h in range(4):
                played = any(p == h for p, _ in self.trick)
                assert self.hands[h].bit_count() == TRICKS - len(self.tricks) - played
        for scores in self.hand_results:
            assert min(scores) == 0 and all(x >= 0 for x in scores)
        assert self.totals == [sum(h[s] for h in self.hand_results) for s in range(2)]

    # --- text ----------------------------------------------------------------------------
    def action_to_text(self, action: Any) -> str:
        if action == PASS:
            return "pass"
        if action == CONTEST:
            return "contest"
        if action < DECLARE_BASE:
            return f"bid {action}"
        if action < PLAY_BASE:
            denom, leader = divmod(action - DECLARE_BASE, 4)
            return f"declare {DENOM_TEXTS[denom]} {HAND_NAMES[leader]}"
        return f"play {CARD_TEXTS[action - PLAY_BASE]}"

    def text_to_action(self, text: str) -> int:
        return text_to_action(text)

    def action_label(self, action: Any) -> str:
        """A declaration in words: `declare H E` reads "declare ♥ trumps, East leads"."""
        if DECLARE_BASE <= action < PLAY_BASE:
            denom, leader = divmod(action - DECLARE_BASE, 4)
            trumps = "no trump" if denom == NT else f"{trump_label(DENOM_TEXTS[denom])} trumps"
            return f"declare {trumps}, {HAND_WORDS[leader]} leads"
        return symbols(self.action_to_text(action))

    def action_cards(self, action: Any) -> list[str]:
        return [CARD_TEXTS[action - PLAY_BASE]] if action >= PLAY_BASE else []

    # --- what a seat may know: everything (section 8) ------------------------------------
    def facts(self, seat: int | None) -> dict[str, Any]:
        """The whole table, the same for every seat: the deal, the four hands, the auction,
        the contract, the trick and every trick of the hand (R-RIDGE-11, G-8)."""
        return {
            "hand_to_play": HAND_NAMES[self.to_play] if self.phase == PLAYING else None,
            "deal": self.deals[-1]["pbn"],
            "hands": {HAND_NAMES[h]: card_list(self.hands[h]) for h in range(4)},
            "auction": [list(c) for c in self.calls],
            "standing_bid": {"bid": self.pos.bid, "bidder": self.pos.bidder} if self.pos.bid else None,
            "contract": self._contract(),
            "trick": [[HAND_NAMES[h], CARD_TEXTS[c]] for h, c in self.trick],
            "tricks": list(self.tricks),
            "won": list(self.won),
        }

    def hand_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """All four hands face up, each owned by the seat that plays it."""
        return [
            {"id": f"hand-{name}", "kind": "hand", "owner": h % 2, "label": f"{HAND_WORDS[h]} (seat {h % 2})",
             "cards": obs["hands"][name], "hidden": 0}
            for h, name in enumerate(HAND_NAMES)
        ]

    def table_zones(self, seat: int | None, obs: dict[str, Any]) -> list[dict[str, Any]]:
        zones = [{"id": "trick", "kind": "table", "owner": None, "label": "Current trick",
                  "cards": [c for _, c in obs["trick"]], "hidden": 0}]
        for s in range(2):
            zones.append({"id": f"won-{s}", "kind": "pile", "owner": s,
                          "label": f"{SIDE_NAMES[s]}: {plural(self.won[s], 'trick')}",
                          "cards": card_list(self.won_cards[s]), "hidden": 0})
        return zones

    def status(self, obs: dict[str, Any]) -> list[dict[str, Any]]:
        """The contract (or the standing bid), each side's tricks and what it needs, and
        the match's target."""
        out = []
        contract = obs["contract"]
        if contract is not None:
            d, bid = contract["declarer"], contract["bid"]
            value = f"{bid} by seat {d} ({SIDE_NAMES[d]}), {'contested' if contract['contested'] else 'uncontested'}"
            if contract["trump"] is not None:
                value += f"; trumps {DENOM_WORDS[DENOM_TEXTS.index(contract['trump'])]}, {contract['leader']} led"
            out.append({"label": "Contract", "value": value})
        elif obs["phase"] == AUCTION:
            standing = obs["standing_bid"]
            value = f"seat {standing['bidder']} bid {standing['bid']}" if standing else "no bid yet"
            out.append({"label": "Auction", "value": value})
        if obs["phase"] == PLAYING:
            won = obs["won"]
            out.append({"label": "Tricks", "value": f"{SIDE_NAMES[0]} {won[0]}, {SIDE_NAMES[1]} {won[1]}"})
            d, bid = contract["declarer"], contract["bid"]
            out.append({"label": "Needs", "value": f"seat {d} {bid} to make it, seat {1 - d} {TRICKS + 1 - bid} to beat it"})
        hands = self.options.hands
        target = f"the higher total after {hands} hands" if hands is not None else f"first to {self.options.target} points"
        out.append({"label": "Target", "value": target})
        return out

    def recent(self, obs: dict[str, Any]) -> dict[str, Any] | None:
        """The last finished trick, its winning hand marked (the previous hand's last
        trick until this hand has one)."""
        tricks = obs["tricks"] or (obs["last_hand"] or {}).get("tricks") or []
        if not tricks:
            return None
        trick = tricks[-1]
        first = HAND_NAMES.index(trick["leader"])
        plays = []
        for i, card in enumerate(trick["cards"]):
            h = (first + i) % 4
            plays.append({"seat": h % 2, "hand": HAND_NAMES[h], "cards": [card], "face_down": False,
                          "mark": HAND_NAMES[h] == trick["winner"]})
        label = f"Trick {len(tricks)}" if obs["tricks"] else f"Hand {obs['last_hand']['hand_number'] + 1}, last trick"
        return {"label": label, "plays": plays, "explanation": trick["explanation"]}

    def redeal_hidden(self, seat: int | None, rng: random.Random) -> RidgeState:
        """Nothing is hidden in Ridge: the copy is the same state."""
        other = self.clone()
        assert isinstance(other, RidgeState)
        return other

    # --- determinize: nothing is hidden ----------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """The known deal: every card is face up and every action public."""
        return {"pbn": observation["deal"]}, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])


def text_to_action(text: str) -> int:
    """Read a Ridge action's text (see the module docstring for the lenient forms)."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("Say an action: pass, bid N, contest, declare S W, or play QS.")
    verb, rest = words[0], words[1:]
    if verb in ("pass", "contest") and not rest:
        return PASS if verb == "pass" else CONTEST
    if verb.isdigit() and not rest:
        verb, rest = "bid", [verb]
    if verb == "bid" and len(rest) == 1:
        if not rest[0].isdigit() or not 1 <= int(rest[0]) <= TRICKS:
            raise IllegalAction(f"A bid is a number of tricks from 1 to 13, not {rest[0]!r}.")
        return int(rest[0])
    if verb == "declare" and len(rest) == 2:
        denom_word, leader = rest[0].upper(), rest[1].upper()
        denom_word = {"N": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT"}.get(denom_word, denom_word)
        if denom_word not in DENOM_TEXTS or leader not in HAND_NAMES:
            raise IllegalAction("Declare trumps (S H D C or NT) and the leading hand, like 'declare S W'.")
        return DECLARE_BASE + 4 * DENOM_TEXTS.index(denom_word) + HAND_NAMES.index(leader)
    if verb == "play" and len(rest) == 1:
        verb, rest = rest[0], []
    if not rest:
        try:
            return PLAY_BASE + parse_card(verb)
        except ValueError:
            pass
    raise IllegalAction(f"{text!r} is not a Ridge action: pass, bid N, contest, declare S W, play QS.")


def render_hand(cards: list[str]) -> list[str]:
    """A hand as four lines, one per suit: `♠ A K 2`."""
    by_suit: dict[str, list[str]] = {s: [] for s in SUIT_CHARS}
    for t in cards:
        by_suit[t[1]].append("10" if t[0] == "T" else t[0])
    return [f"{suit_symbol(s)} {' '.join(by_suit[s]) or '-'}" for s in SUIT_CHARS]


class Ridge(Game):
    name = "ridge"
    title = "Ridge"
    min_players = 2
    max_players = 2
    Options = RidgeOptions
    state_class = RidgeState

    def heuristic_bot(self) -> str | None:
        return "ridge-greedy"

    def limits(self, options: GameOptions) -> Limits:
        """An auction of rising bids (at most one per number, a pass, a contest and a pass
        more), the declaration and 52 cards. Only one side scores: at most 13 undertricks
        of 10, or a contested 13 made (49)."""
        assert isinstance(options, RidgeOptions)
        return Limits(
            hand_actions=(TRICKS - options.min_bid + 1) + 3 + 1 + 52,
            match_hands=options.hands,
            hand_scores=(0, 10 * TRICKS),
            notes="" if options.hands else "no match bound to a target: a passed-out hand scores 0-0",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, RidgeOptions)
        bids = list(range(options.min_bid, TRICKS + 1))
        declares = [DECLARE_BASE + k for k in range(20)]
        return [PASS, *bids, CONTEST, *declares, *(PLAY_BASE + c for c in range(52))]

    def render_text(self, observation: dict[str, Any]) -> str:
        """The table as a bridge diagram, with the auction, contract, trick and score."""
        hands = observation["hands"]
        lines = [f"Hand {observation['hand_number'] + 1}, dealer seat {observation['dealer']}. "
                 f"Score: seat 0 {observation['scores']['match'][0]}, seat 1 {observation['scores']['match'][1]}."]
        if observation["auction"]:
            lines.append("Auction: " + ", ".join(f"seat {s} {t}" for s, t in observation["auction"]))
        contract = observation["contract"]
        if contract:
            text = f"Contract: {contract['bid']} by seat {contract['declarer']} ({SIDE_NAMES[contract['declarer']]})"
            text += ", contested" if contract["contested"] else ", uncontested"
            if contract["trump"]:
                text += f"; trumps {DENOM_WORDS[DENOM_TEXTS.index(contract['trump'])]}, {contract['leader']} led"
            lines.append(text + f". Tricks: NS {observation['won'][0]}, EW {observation['won'][1]}.")
        pad = " " * 22
        north, south = render_hand(hands["N"]), render_hand(hands["S"])
        west, east = render_hand(hands["W"]), render_hand(hands["E"])
        lines.append(pad + "North (seat 0)")
        lines.extend(pad + x for x in north)
        lines.append("West (seat 1)".ljust(44) + "East (seat 1)")
        lines.extend(w.ljust(44) + e for w, e in zip(west, east, strict=True))
        lines.append(pad + "South (seat 0)")
        lines.extend(pad + x for x in south)
        if observation["trick"]:
            lines.append("On the table: " + "  ".join(f"{h} {c}" for h, c in observation["trick"]))
        if observation["hand_to_play"]:
            lines.append(f"{HAND_WORDS[HAND_NAMES.index(observation['hand_to_play'])]} to play.")
        return "\n".join(lines)


GAME = Ridge()
RidgeState.game = GAME

