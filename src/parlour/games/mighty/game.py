"""Mighty as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `Mighty` declaration names
the rules' state, the view and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence
from typing import Any

from parlour.cards import (
    JOKER,
    card_text,
    cards_of,
    deal_constrained,
    mask_of,
    parse_card,
    shown_voids,
    suits_mask,
)
from parlour.declaration import (
    DENOMINATIONS,
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    Fact,
    Figure,
    Levels,
    Mistakes,
)
from parlour.engine import NOBODY, Game, GameOptions, Limits, Zone
from parlour.games.mighty import view
from parlour.games.mighty.rules import (
    AUCTION,
    BID_BASE,
    CALL_BASE,
    CALL_NONE,
    HINT_BASE,
    JOKER_LEAD,
    PASS,
    PLAY_BASE,
    REVEAL,
    RIPPER_CALL,
    SEATS,
    TRUMP_BASE,
    TRUMP_TEXT,
    MightyOptions,
    MightyRules,
    discard_code,
    mighty_of,
)


class MightyState(MightyRules):
    """One match of Mighty."""

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Deal the unseen cards among the hidden places, respecting what play has shown:
        the voids and the joker shown missing (`shown_lacks`), and a revealed partner
        holding the called card until it is played. Where the discards are hidden they are
        dealt as the widow the declarer took and put back."""
        assert isinstance(options, MightyOptions)
        seat, declarer, hand = observation["seat"], observation["declarer"], observation["hand"]
        auction = observation["phase"] == AUCTION
        tricks = observation["tricks"] + ([observation["trick"]] if observation["trick"] else [])
        played = [[parse_card(t) for trick in tricks for p, t in trick["cards"] if p == s] for s in range(SEATS)]
        discards = [parse_card(t) for t in observation["discards"] or []]
        hidden_at = [i for i, (_, text) in enumerate(observation["actions"]) if text == "discard"]
        seen = mask_of(parse_card(t) for t in hand) | mask_of(discards) | mask_of(c for p in played for c in p)
        trump = observation["trump"]
        forbidden = shown_lacks(tricks, TRUMP_TEXT.index(trump) if trump else None, options.joker_free) + [0]
        required: list[list[int]] = [[] for _ in range(SEATS + 1)]
        called, holder = observation["called"], observation["partner"]
        if called not in (None, "none") and holder not in (None, seat) and not seen >> parse_card(called) & 1:
            required[holder].append(parse_card(called))
        sizes = [0 if s == seat else n for s, n in enumerate(observation["hand_sizes"])]
        unseen = [c for c in range(53) if not seen >> c & 1]
        parts = deal_constrained(unseen, [*sizes, 3 if auction or hidden_at else 0], forbidden, rng, required=required)
        parts[seat] = [parse_card(t) for t in hand]
        if auction:
            widow = parts[SEATS]
        elif seat == declarer:
            widow = [parse_card(t) for t in observation["widow"]]
        elif hidden_at:
            widow = discards = parts[SEATS]
        else:
            widow = rng.sample(parts[declarer], 3)
        hands = [set(parts[s]) | set(played[s]) for s in range(SEATS)]
        if not auction:
            hands[declarer] = (hands[declarer] | set(discards)) - set(widow)
        deal = {"hands": [[card_text(c) for c in sorted(h)] for h in hands], "widow": [card_text(c) for c in widow]}
        return deal, {i: discard_code(discards) for i in hidden_at}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])
        self.opener = observation["opener"]
        self.passes_to = observation["dealer"]
        self.deal_number = observation["deal_number"] - 1
        self.throw_ins = observation["throw_ins"]

    # --- cards, for the invariants ------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [card_text(c) for c in range(53)]

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's; the widow, which no one sees, until the declarer
        takes it and puts back the discards, which the declarer alone sees; the cards each
        seat has won and the trick, face up."""
        zones = [Zone(f"hand-{s}", cards_of(self.hands[s]), s, functools.partial(self._put_hand, s)) for s in range(SEATS)]
        zones += [Zone(f"won-{s}", cards_of(self.won[s])) for s in range(SEATS)]
        if self.phase == AUCTION:
            zones.append(Zone("widow", self.widow, NOBODY, functools.partial(setattr, self, "widow")))
        else:
            zones.append(Zone("discards", self.discards, self.declarer, functools.partial(setattr, self, "discards")))
        zones.append(Zone("trick", [c for _, c in self.trick]))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        self.hands[seat] = mask_of(cards)

    def check_invariants(self) -> None:
        """Every hand's scores sum to 0 and the totals are their sums (the source's balance)."""
        for row in self.hand_results:
            assert sum(row) == 0, f"a hand's scores {row} do not balance"
        assert self.totals == [sum(r[s] for r in self.hand_results) for s in range(SEATS)]


def shown_lacks(tricks: list[dict[str, Any]], trump: int | None, joker_free: bool) -> list[int]:
    """Per seat, a mask of the cards play has shown it lacks: the suits it did not follow
    (the mighty, and with `joker_free` the joker, may be played holding the suit; a joker
    played to a ripper lead was forced) and the joker, for a seat that followed a led
    ripper with another card (R-MIGHTY-7)."""
    free = 0 if trump is None else 1 << mighty_of(trump)
    if joker_free:
        free |= 1 << JOKER
    no_joker = [0] * SEATS
    plays = []
    for t in tricks:
        follows = [(s, parse_card(text)) for s, text in t["cards"][1:]]
        if t["ripper"]:
            for s, c in follows:
                no_joker[s] |= (c != JOKER) << JOKER
            follows = [(s, c) for s, c in follows if c != JOKER]
        plays.append((None if t["follow"] is None else TRUMP_TEXT.index(t["follow"]), follows))
    voids = shown_voids(plays, SEATS, free=free)
    return [suits_mask(voids[s]) | no_joker[s] for s in range(SEATS)]


class Mighty(Game):
    name = "mighty"
    title = "Mighty"
    min_players = 5
    max_players = 5
    Options = MightyOptions
    state_class = MightyState
    view = view
    strength = (
        Figure(5, NORMAL_VS_HEURISTIC, "normal,mighty-heuristic", 8000, 500000, 1000),
        Figure(5, STRONG_VS_NORMAL, "strong,normal", 4000, 602000, 60),
        Figure(5, STRONG_VS_HEURISTIC, "strong,mighty-heuristic", 1000, 100000, 60),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"mighty-heuristic": "parlour.bots.mighty_heuristic:MightyHeuristicBot"}
    score_scale = 20
    mistakes = Mistakes(swing=2)
    """A hand's usual swing for the analysis' thresholds (score_scale is a match's)."""
    tensor_course = {"calls": ("discard",)}
    tensor_facts = (
        Fact("deal_number", "number", "deal_number", scale=5, doc="deals of this hand"),
        Fact("throw_ins", "number", "throw_ins", scale=5, doc="throw-ins"),
        Fact("opener", "seat", "opener", doc="who opens the auction"),
        Fact("declarer", "seat", "declarer", doc="the declarer"),
        Fact("contract", "number", "contract", scale=20, doc="the contract"),
        Fact("bid_suit", "choice", "bid_suit", values=DENOMINATIONS, doc="the suit bid"),
        Fact("trump", "choice", "trump", values=DENOMINATIONS, doc="trumps"),
        Fact("called", "cards", "called", doc="the partner's card called"),
        Fact("hint", "choice", "hint", values=DENOMINATIONS, doc="the suit the call hints"),
        Fact("partner", "seat", "partner", doc="the partner, once known"),
        Fact("sides_known", "number", "sides_known", doc="whether every side is known"),
        Fact("widow", "cards", "widow", doc="the widow (the declarer's)"),
        Fact("discards", "cards", "discards", doc="the declarer's discards"),
        Fact("trick_leader", "seat", "trick.leader", doc="who led the trick"),
        Fact("trick", "plays", "trick.cards", length=5, doc="the trick on the table"),
        Fact("follow", "choice", "trick.follow", values=DENOMINATIONS, doc="the suit led"),
        Fact("ripper", "number", "trick.ripper", doc="whether the ripper was led"),
        Fact("won_points", "seat_cards", "won_points", doc="point cards each seat took"),
    )
    levels = Levels(heuristic_model_search=True)
    move_facts = "parlour.bots.move_facts:mighty_move_facts"
    table_limits = {"hands": 50}
    conformance_options = (
        {"min_bid": 15, "all_pass": "force", "joker_free": False, "ripper": "called", "hands": 2},
        {"min_bid": 20, "all_pass": "force", "hands": 1},
    )

    def heuristic_bot(self) -> str | None:
        return "mighty-heuristic"

    def render_text(self, observation: dict[str, Any], names: Sequence[str] | None = None) -> str:
        """The generic view under the status line: contract, call, partner, points taken."""
        return view.render_text(observation, names)

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, MightyOptions)
        return [f"After {options.hands} hands", f"After {options.hands} scored hands",
            f"from {options.min_bid} to 20", f"contract less 12 ({options.min_bid} is worth {options.min_bid - 12}"]

    def limits(self, options: GameOptions) -> Limits:
        """Per deal an auction of rising bids (five strains a number) with one pass a seat
        (and the forced bid), the discard, the trump and the call, ten tricks of five cards
        and a reveal-or-pass after each. The contract is at most 20, so u = c - 12 <= 8 and
        a lone declarer doubled takes at most 64; every hand is zero-sum."""
        assert isinstance(options, MightyOptions)
        per_deal = (21 - options.min_bid) * 5 + 5 + 1 + 3 + 50 + 10
        redeal = options.all_pass == "redeal"
        u = 20 - 12
        return Limits(
            hand_actions=None if redeal else per_deal,
            match_hands=options.hands,
            hand_scores=(-8 * u, 8 * u),
            hand_sum=0,
            notes=(
                f"with all_pass=redeal a thrown-in deal is dealt again without end in principle; "
                f"each deal takes at most {per_deal} actions" if redeal else ""
            ),
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, MightyOptions)
        out = [PASS, REVEAL, *(BID_BASE + 5 * n + s for n in range(options.min_bid, 21) for s in range(5))]
        out += [*range(TRUMP_BASE, TRUMP_BASE + 5), *range(CALL_BASE, CALL_NONE + 1), *range(HINT_BASE, HINT_BASE + 4 * 53)]
        out += [*range(PLAY_BASE, PLAY_BASE + 53), *range(JOKER_LEAD, JOKER_LEAD + 4)]
        out += [RIPPER_CALL] if options.ripper == "called" else []
        return out + [discard_code(list(t)) for t in itertools.combinations(range(53), 3)]


GAME = Mighty()
MightyState.game = GAME
