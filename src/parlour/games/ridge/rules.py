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

Events. The rules write no words: the hand's log is a list of events, tuples of a kind
and ints (seats, hands 0..3 for N E S W, card ids, denominations 0..4 for S H D C NT),
which `view.py` words when a person reads them: `("deal", hand, dealer)`, `("call",
seat, dealer, action, standing bid)`, `("passed_out",)`, `("contract", declarer, bid,
contested)`, `("declare", denom, leading hand)`, `("trick", k, leading hand, cards,
winning hand, trump denom, North-South's tricks, East-West's tricks)` (k from 1, the
counts after the trick) and `("score", declarer, tricks, bid, contested, scorer,
points)`. The hand's summary (`last_hand`) keeps them as its `log`; a trick's record in
`tricks` is data (leading hand, cards, winning hand), which the view explains.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection
from typing import Any, NamedTuple

from parlour.cards import (
    CARD_TEXTS,
    RANK_CHARS,
    SUIT_MASKS,
    SUIT_NAMES,
    cards_of,
    mask_of,
    parse_card,
    sort_key,
    suit_of,
    trick_winner,
)
from parlour.engine import OVER, GameOptions, IllegalAction, OptionsError, State

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


class RidgeRules(State):
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
        self.log: list[Any] = [("deal", self.hand_number, self.dealer)]

    # --- the auction ---------------------------------------------------------------------
    def _legal_auction(self) -> list[int]:
        return auction_legal(self.pos, self.dealer, self.options)

    def _apply_auction(self, action: int) -> None:
        seat = self.turn
        self.calls.append([seat, self.action_to_text(action)])
        self.log.append(("call", seat, self.dealer, action, self.pos.bid))
        self.pos, end = auction_step(self.pos, action, self.dealer, self.options)
        self.turn = self.pos.turn
        if end is None:
            return
        if end.declarer is None:
            self.log.append(("passed_out",))
            self._end_hand([0, 0], None)
            return
        self.declarer, self.bid, self.contested = end.declarer, end.bid, end.contested
        self.phase = DECLARING
        self.turn = end.declarer
        self.log.append(("contract", end.declarer, end.bid, end.contested))

    # --- the declaration -----------------------------------------------------------------
    def _legal_declaring(self) -> list[int]:
        leaders = [h for h in range(4) if h % 2 != self.declarer]
        return [DECLARE_BASE + 4 * d + h for d in range(5) for h in leaders]

    def _apply_declaring(self, action: int) -> None:
        denom, leader = divmod(action - DECLARE_BASE, 4)
        self.trump, self.leader, self.to_play = denom, leader, leader
        self.turn = leader % 2
        self.phase = PLAYING
        self.log.append(("declare", denom, leader))

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

    def _finish_trick(self) -> None:
        plays = [c for _, c in self.trick]
        leader = self.trick[0][0]
        winner = trick_winner_of(self.trick, self.trump)
        side = winner % 2
        self.won[side] += 1
        self.won_cards[side] |= mask_of(plays)
        n = len(self.tricks) + 1
        self.log.append(("trick", n, leader, tuple(plays), winner, self.trump, self.won[0], self.won[1]))
        self.tricks.append(
            {"leader": HAND_NAMES[leader], "cards": [CARD_TEXTS[x] for x in plays], "winner": HAND_NAMES[winner]}
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
        self.log.append(("score", d, t, self.bid, self.contested, scorer, points))
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

    def action_cards(self, action: Any) -> list[str]:
        return [CARD_TEXTS[action - PLAY_BASE]] if action >= PLAY_BASE else []

    # --- what a seat may know: everything (section 8) ------------------------------------
    def facts(self, seat: int | None, keys: Collection[str] | None = None) -> dict[str, Any]:
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
