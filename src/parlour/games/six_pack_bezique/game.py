"""Six-Pack Bezique as the engine runs it: the rules' state with what the engine asks
beyond the rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal rebuilt from
the hand's public course), its card zones (where each card lies and who may see it), from
which the engine derives every place a card can be and the leak test's redeal, and the
game's invariants; they sit here so the rules file holds rules. The `SixPackBezique`
declaration names the rules' state, the view and the heuristic bot, bounds the game for
solvers and lists its action universe."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    SUITS,
    Fact,
    Figure,
    Levels,
)
from parlour.engine import EVERYONE, NOBODY, OVER, Game, GameOptions, Limits, Zone
from parlour.games.drawing import Course
from parlour.games.six_pack_bezique import view
from parlour.games.six_pack_bezique.pack import (
    BEZIQUES,
    BLANCHE,
    CODE_KEY,
    CODE_TEXT,
    COPIES,
    COURT,
    COURT_MASK,
    FACE_OF,
    FACE_TEXT,
    GUESS,
    MELD_SHAPES,
    NUMBER_MASK,
    PACK,
    PASS,
    SHOW,
    SUIT_BITS,
    TABLE,
    _takes,
    beats,
    counts_of,
    face,
    meld_class,
    parse_code,
)
from parlour.games.six_pack_bezique.rules import (
    BLANCHE_PHASE,
    CUT_BONUS,
    GAME_BONUS,
    GUESS_BONUS,
    LAST,
    LAST_TRICK,
    MELD,
    PLAY,
    RUBICON,
    SHOW_PHASE,
    BeziqueOptions,
    BeziqueRules,
)


def _faces(counts: list[int]) -> list[int]:
    """The faces of a count vector, copies repeated."""
    return [f for f in range(32) for _ in range(counts[f])]


class BeziqueState(BeziqueRules):
    """One match of Six-Pack Bezique."""

    # --- cards, for the invariants -------------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [FACE_TEXT[f] for f in PACK]

    card_faces = FACE_TEXT

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's but for the cards everyone has seen in it; the tables,
        tricks and trick, face up; the stock, which no one sees. Once the match is over
        every card lies open."""
        over = self.phase == OVER
        zones = [
            Zone(f"hand-{s}", _faces(self.hand[s]), EVERYONE if over else s,
                 functools.partial(self._put_hand, s), _faces(self.known[s]))
            for s in (0, 1)
        ]
        zones += [Zone(f"table-{s}", [f for f, _u in self.table[s]]) for s in (0, 1)]
        zones.append(Zone("stock", self.stock[self.top :], EVERYONE if over else NOBODY, self._put_stock))
        zones.append(Zone("tricks", [face(c) for t in self.tricks for c in t[1:3]]))
        zones.append(Zone("trick", [face(c) for c in self.trick]))
        return zones

    def _put_hand(self, seat: int, faces: list[int]) -> None:
        self.hand[seat] = counts_of(faces)

    def _put_stock(self, faces: list[int]) -> None:
        self.stock: tuple[int, ...] = self.stock[: self.top] + tuple(faces)

    def check_invariants(self) -> None:
        """Known cards are in the hand; every intact meld's cards lie on the table; between
        tricks each player holds 12 cards with the table in stage 1."""
        for s in (0, 1):
            assert all(k <= h for k, h in zip(self.known[s], self.hand[s], strict=True))
            on_table = {u for _f, u in self.table[s]}
            assert all(m[2] <= on_table for m in self.intact[s])
        if self.phase == PLAY and not self.trick:
            assert [sum(self.hand[s]) + len(self.table[s]) for s in (0, 1)] == [12, 12]

    # --- determinize ---------------------------------------------------------------------------
    @classmethod
    def sample_deal(cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
                    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the deal from the hand's public course (`_course`): the observer's own
        cards are known; each opponent card that left the concealed hand fills one of its
        slots (dealt or drawn before), the rest is dealt from the unseen cards."""
        assert isinstance(options, BeziqueOptions)
        if observation["seat"] is None:
            raise ValueError("determinize needs a seat")
        hands, (stock,) = _course(observation, rng).finish(rng)
        deal: dict[str, Any] = {"hands": [[FACE_TEXT[f] for f in h] for h in hands],
                                "stock": [FACE_TEXT[f] for f in stock]}
        if options.cut_bonuses:
            spread = options.cut_spread
            cut = observation["cut"]
            deal["cut"] = cut if cut is not None else rng.randint(24 - spread, 24 + spread)
        return deal, {}


def _course(obs: dict[str, Any], rng: random.Random) -> Course:
    """The hand's public course as slots (games/drawing.py): the opponent's carte blanche
    and shown draws fix slots; a draw that let its streak go on is a number card, one that
    silently ended it a court card; a hand card it plays or melds leaves its hand (its
    table cards come back known in stage 2); its stage-2 plays show voids."""
    me = obs["seat"]
    opp = 1 - me
    course = Course(2, PACK, (0, COURT_MASK, NUMBER_MASK))
    for t in obs["dealt"]:
        course.deal(me, FACE_OF[t])
    for _ in range(12):
        course.deal(opp)
    mine = iter(FACE_OF[t] for t in obs["drawn"])
    shown = iter(FACE_OF[t] for t in obs["shown"][opp])
    actions = obs["actions"]
    streak, table, void, trump, winner = [False, False], [0] * 32, 0, -1, 1 - obs["dealer"]
    trick: list[tuple[int, int]] = []
    pending: list[int] = []
    phase = BLANCHE_PHASE

    def draws(k: int) -> str:
        """The pending draws after action k, in turn; the phase that follows (a show owed,
        play, or stage 2 with the opponent's table cards back in its hand)."""
        while pending:
            s = pending.pop(0)
            slot = course.draw(s, next(mine) if s == me else None)
            if not streak[s]:
                continue
            if s == me:
                number = course.card[slot] not in COURT
            else:
                after = actions[k + 1] if k + 1 < len(actions) else None
                number = (after[0] == s and after[1] in ("show", "pass") if after
                          else obs["phase"] == SHOW_PHASE and obs["to_act"] == s)
                course.mark(slot, 1 if number else 2)
            if number:
                return SHOW_PHASE
            streak[s] = False
        if len(course.drawn[0]) < len(PACK) - 24:
            return PLAY
        for f in range(32):
            for _ in range(table[f]):
                course.know(opp, f)
        return LAST

    for k, (actor, text) in enumerate(actions):
        verb, *words = text.split()
        if verb == "blanche":
            streak[actor] = True
            for slot in course.dealt[opp] if actor == opp else ():
                course.show(opp, slot, next(shown))
        elif verb == "play":
            code = parse_code(words[0])
            f = face(code)
            if actor == opp and code >= TABLE:
                table[f] -= 1
            elif actor == opp:
                course.leave(opp, f, rng)
            trick.append((actor, f))
            if len(trick) == 2:
                (ls, lf), (fs, ff) = trick
                winner = fs if beats(lf, ff, trump) else ls
                trick = []
                if phase == LAST and fs == opp and ff // 8 != lf // 8:
                    void |= SUIT_BITS[lf // 8] | (SUIT_BITS[trump] if 0 <= trump != ff // 8 else 0)
                elif phase == LAST and fs == opp and winner != opp:
                    void |= SUIT_BITS[lf // 8] & -(2 << lf)
                phase = phase if phase == LAST else MELD
        elif phase == MELD:
            codes = [parse_code(w) for w in words]
            if codes and trump < 0 and meld_class(codes)[0] in "AB":
                trump = face(codes[0]) // 8
            for c in codes if actor == opp else ():
                if c < TABLE:
                    course.leave(opp, c, rng)
                    table[c] += 1
            pending[:] = [winner, 1 - winner]
            phase = draws(k)
        elif phase == SHOW_PHASE:
            if verb == "show" and actor == opp:
                course.show(opp, course.drawn[0][-1], next(shown))
            streak[actor] = verb == "show"
            phase = draws(k)
    course.forbid(opp, void)
    return course


class SixPackBezique(Game):
    name = "six_pack_bezique"
    title = "Six-Pack Bezique"
    min_players = 2
    max_players = 2
    Options = BeziqueOptions
    state_class = BeziqueState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,six_pack_bezique-heuristic", 1000, 200000, 60),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 1000, 400000, 8),
        Figure(2, STRONG_VS_HEURISTIC, "strong,six_pack_bezique-heuristic", 400, 200000, 12),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"six_pack_bezique-heuristic": "parlour.bots.six_pack_bezique_heuristic:SixPackBeziqueHeuristicBot"}
    score_scale = 1000
    tensor_course = {"scale": 400}
    tensor_facts = (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("table", "seat_cards", "table", doc="each seat's cards on the table"),
        Fact("melds", "seat_words", "melds", values=(
            "sequence", "marriage", "four of a kind", "bezique", "double bezique",
            "triple bezique", "quadruple bezique"), doc="each seat's melds"),
        Fact("trump", "choice", "trump", values=SUITS, doc="trumps"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("stage", "number", "stage", doc="the stage of play"),
        Fact("trick", "plays", "trick", length=2, doc="the trick on the table"),
        Fact("tricks_played", "number", "tricks_played", scale=100, doc="tricks played"),
        Fact("cut", "number", "cut", scale=100, doc="the cut"),
        Fact("guess", "number", "guess", scale=100, doc="the guess"),
        Fact("streak", "seat_numbers", "streak", doc="each seat's streak"),
        Fact("shown", "seat_cards", "shown", doc="cards each seat has shown"),
        Fact("dealt", "cards", "dealt", doc="the cards I was dealt"),
        Fact("drawn", "cards", "drawn", doc="the cards I drew"),
    )
    levels = Levels(learned_strong_player="learned(worlds=8)", strong_iterations=32)
    table_limits = {"deals": 20}
    conformance_options = (
        {"cut_bonuses": False, "meld_needs_hand_card": False, "bezique_by_trump": True, "deals": 2},
        {"cut_spread": 0, "deals": 2},
    )

    def heuristic_bot(self) -> str | None:
        return "six_pack_bezique-heuristic"

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, BeziqueOptions)
        return [f"scores the dealer {CUT_BONUS}", f"scores the other player {GUESS_BONUS}",
            f"very last trick scores {LAST_TRICK}", f"gains {GAME_BONUS} more", f"fewer than {RUBICON} points",
            f"from {24 - options.cut_spread} to {24 + options.cut_spread}", "| 40 |",
            "| {2} / {3} / {4} |".format(*BEZIQUES)]

    def limits(self, options: GameOptions) -> Limits:
        """The guess, carte blanche (a show per card drawn), 84 stage-1 tricks of two plays
        and a meld or pass, 12 last tricks. Points: each meld at most 4500, the cut 250,
        carte blanche 250 a show, the last trick 250."""
        assert isinstance(options, BeziqueOptions)
        tricks = 168 // 2
        return Limits(
            hand_actions=1 + 2 + 168 + 3 * tricks + 24,
            match_hands=options.deals,
            hand_scores=(0, 4500 * tricks + 250 + 250 * (1 + 168) + 250),
            notes="the score bound is the rules' arithmetic, far above any real deal",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        assert isinstance(options, BeziqueOptions)
        return list(_universe(options.cut_spread, options.meld_needs_hand_card))


@functools.cache
def _universe(spread: int, needs_hand: bool) -> tuple[Any, ...]:
    """Every action: the guesses, the words, each card code, and each meld over hand cards
    and table copies 1..6 (or the bare `*`)."""
    out: list[Any] = [GUESS + n for n in range(24 - spread, 25 + spread)] + [PASS, BLANCHE, SHOW]
    out += sorted(CODE_TEXT, key=CODE_KEY.__getitem__)
    copies = [[k] for k in range(1, COPIES)]
    melds: set[tuple[int, ...]] = set()
    for shape in MELD_SHAPES:
        per_face = [_takes(f, m, m, copies, False) + [[f] * (m - 1) + [TABLE + f]]
                    for f in sorted(set(shape)) for m in [shape.count(f)]]
        for combo in itertools.product(*per_face):
            codes: list[int] = sum(combo, [])
            if not needs_hand or min(codes) < TABLE:
                melds.add(tuple(sorted(codes, key=CODE_KEY.__getitem__)))
    return tuple(out) + tuple(sorted(melds, key=lambda t: [CODE_KEY[c] for c in t]))


GAME = SixPackBezique()
BeziqueState.game = GAME

