"""Paks as the engine runs it: the rules' state with what the engine asks beyond the
rules, and the game's declaration.

Beyond the rules (`rules.py`) the engine asks a game for determinize (a deal that fits one
seat's observation), its card zones (where each card lies and who may see it), from which
the engine derives every place a card can be and the leak test's redeal, and the game's
invariants; they sit here so the rules file holds rules. The `Paks` declaration names the
rules' state, the view, the teams and the heuristic bot, and bounds the game for solvers."""

from __future__ import annotations

import functools
import itertools
import random
from typing import Any

from parlour.cards import CARD_TEXTS, parse_card
from parlour.declaration import (
    NORMAL_VS_HEURISTIC,
    STRONG_VS_HEURISTIC,
    STRONG_VS_NORMAL,
    SUITS,
    Fact,
    Figure,
)
from parlour.engine import NOBODY, Game, GameOptions, Limits, Zone
from parlour.games.paks import view
from parlour.games.paks.rules import (
    BOARD_SIZE,
    CARD_CAPTURE,
    END,
    FEED,
    HAND_SIZE,
    PAK_PHASE,
    PaksOptions,
    PaksRules,
    counted,
    group_value,
    pak_value,
    sides_of,
    texts,
)


class PaksState(PaksRules):
    """One match of Paks."""

    # --- cards, for the invariants ---------------------------------------------------------
    def full_pack(self) -> list[str]:
        return [CARD_TEXTS[c] for c in range(52)] * self.copies

    def card_zones(self) -> list[Zone]:
        """The hands, each its seat's but for the cards everyone has seen it take; the paks
        and the board, face up; the stock, which no one sees."""
        zones = [
            Zone(f"hand-{s}", counted(h), s, functools.partial(self._put_hand, s), counted(self.known[s]))
            for s, h in enumerate(self.hands)
        ]
        zones += [Zone(f"paks-{s}", [c for p in self.paks[s] for c in p[1]]) for s in range(self.n)]
        zones.append(Zone("board", self.board))
        zones.append(Zone("stock", self.stock, NOBODY, functools.partial(setattr, self, "stock")))
        return zones

    def _put_hand(self, seat: int, cards: list[int]) -> None:
        hand = [0] * 52
        for c in cards:
            hand[c] += 1
        self.hands[seat] = hand

    def check_invariants(self) -> None:
        """Known cards are in their hands; every pak is of one suit and holds its captured
        card and at least one more; partners share their totals."""
        for s in range(self.n):
            assert all(k <= h for k, h in zip(self.known[s], self.hands[s], strict=True))
            for suit, cards, value in self.paks[s]:
                assert len(cards) >= 2 and all(c // 13 == suit for c in cards) and value == pak_value(cards)
        for side in self.sides:
            assert len({self.totals[s] for s in side}) == 1

    # --- determinize -----------------------------------------------------------------------
    @classmethod
    def sample_deal(
        cls, options: GameOptions, observation: dict[str, Any], rng: random.Random
    ) -> tuple[dict[str, Any], dict[int, Any]]:
        """Rebuild the hand's deal from its course (see the module docstring)."""
        n = options.players
        me = observation["seat"]
        course = observation["course"]
        pool = list(range(52)) * (1 if n == 2 else 2)
        board = [parse_card(t) for t in observation["board_dealt"]]
        stock: list[int | None] = []
        slots: list[list[list[Any]]] = [[[-1, None] for _ in range(HAND_SIZE)] for _ in range(n)]
        known: list[list[int]] = [[0] * 52 for _ in range(n)]
        mine = [parse_card(t) for t in observation["hand"]]
        drawn: list[int] = []
        demands: list[list[tuple[int, int]]] = [[] for _ in range(n)]
        actions = observation["actions"]
        events = sorted([(e["at"], 0, k) for k, e in enumerate(course)] + [(i, 1, i) for i in range(len(actions))])
        last_draw = -1
        for _, is_action, k in events:
            if is_action:
                actor, text = actions[k]
                action = cls.text_to_action(None, text)  # type: ignore[arg-type]
                if action == END:
                    continue
                if actor == me:
                    mine.extend(action[-1])
                    continue
                for c in action[-1]:
                    if known[actor][c]:
                        known[actor][c] -= 1
                    else:
                        demands[actor].append((last_draw, c))
                continue
            last_draw = k
            entry = course[k]
            s, text = entry["seat"], entry["card"]
            if text is None:
                stock.append(None)
                slots[s].append([k, None])
            else:
                card = parse_card(text)
                stock.append(card)
                if entry["kind"] != FEED and s == me:
                    drawn.append(card)
                elif entry["kind"] != FEED:
                    known[s][card] += 1
            if entry["revealed"] is not None and s != me:
                shown = [0] * 52
                for t in entry["revealed"]:
                    shown[parse_card(t)] += 1
                for c in range(52):
                    demands[s].extend((k, c) for _ in range(shown[c] - known[s][c]))
                known[s] = shown
        for c in drawn:
            mine.remove(c)
        for c in board + [c for c in stock if c is not None] + mine:
            pool.remove(c)
        for s in range(n):
            for _, c in demands[s]:
                pool.remove(c)
        rng.shuffle(pool)
        hands: list[list[int]] = [[] for _ in range(n)]
        actor = observation["to_act"]
        must_pak = observation["full_table"] and observation["phase"] == PAK_PHASE and actor != me
        for s in sorted(range(n), key=lambda s: s != actor):
            if s == me:
                hands[s] = mine
                continue
            for deadline, c in sorted(demands[s]):
                slot = next(x for x in slots[s] if x[1] is None and x[0] <= deadline)
                slot[1] = c
            free = [x for x in slots[s] if x[1] is None]
            if must_pak and s == actor:
                table = [parse_card(t) for t in observation["board"]]
                _fill_for_a_pak(free, counted(known[s]), table, pool, rng, options.multi_pairs)  # type: ignore[attr-defined]
            for x in free:
                if x[1] is None:
                    x[1] = pool.pop()
            hands[s] = [x[1] for x in slots[s][:HAND_SIZE]]
            for x in slots[s][HAND_SIZE:]:
                stock[x[0]] = x[1]
        deal = {"hands": [texts(h) for h in hands], "board": texts(board),
                "stock": [CARD_TEXTS[c] for c in stock if c is not None] + [CARD_TEXTS[c] for c in pool]}
        return deal, {}

    def _restore(self, observation: dict[str, Any]) -> None:
        self.totals = list(observation["scores"]["match"])


def _fill_for_a_pak(
    free: list[list[Any]], known: list[int], board: list[int], pool: list[int], rng: random.Random, multi: bool
) -> None:
    """Fill the free slots of the seat to act at a full table so that it can form a pak,
    as its having a decision shows: random tries, then a card or two that make one."""
    def can(cards: list[int]) -> bool:
        return any(group_value([c for c in cards if c // 13 == x // 13] or [], multi) > CARD_CAPTURE[x]
                   for x in board if any(c // 13 == x // 13 for c in cards))

    k = len(free)
    for _ in range(200):
        pick = rng.sample(range(len(pool)), k)
        if can(known + [pool[i] for i in pick]):
            break
    else:
        pick = next(
            list(extra) + [i for i in range(len(pool)) if i not in extra][: k - len(extra)]
            for size in (1, 2, 3)
            for extra in itertools.combinations(range(len(pool)), min(size, k))
            if can(known + [pool[i] for i in extra])
        )
    for x, i in zip(free, pick, strict=True):
        x[1] = pool[i]
    for i in sorted(pick, reverse=True):
        pool.pop(i)


class Paks(Game):
    name = "paks"
    title = "Paks"
    min_players = 2
    max_players = 6
    Options = PaksOptions
    state_class = PaksState
    view = view
    strength = (
        Figure(2, NORMAL_VS_HEURISTIC, "normal,paks-heuristic", 2000, 0, 200),
        Figure(2, STRONG_VS_NORMAL, "strong,normal", 2000, 100000, 28),
        Figure(2, STRONG_VS_HEURISTIC, "strong,paks-heuristic", 600, 0, 28),
    )

    # --- the declaration (parlour.engine.Game): what the layers above read of the game
    bots = {"paks-heuristic": "parlour.bots.paks_heuristic:PaksHeuristicBot"}
    score_scale = 500
    tensor_course = {"calls": ("end",), "verbs": ("pak", "steal"), "scale": 200}
    tensor_facts = (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("board", "cards", "board", doc="the board"),
        Fact("board_dealt", "cards", "board_dealt", doc="the board as dealt"),
        Fact("full_table", "number", "full_table", doc="whether the table is full"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("paks", "seat_cards", "paks", doc="the cards of each seat's paks"),
        Fact("pak_suit", "choice", "pak_suit", values=SUITS, doc="the suit of the pak"),
        Fact("stolen", "records", "stolen", length=4, items=(
            Fact("suit", "choice", "", values=SUITS),
        ), doc="suits stolen"),
        Fact("sides", "side", "sides", doc="my side"),
        Fact("target", "number", "target", scale=500, doc="the match target"),
    )
    table_limits = {"target": 5000}
    conformance_options = (
        {"six_teams": "3x2", "multi_pairs": False, "cancel_counts_zero": False, "target": 200},
    )

    def player_counts(self) -> list[int]:
        return [2, 3, 4, 6]

    def heuristic_bot(self) -> str | None:
        return "paks-heuristic"

    def teams(self, options: GameOptions) -> list[list[int]]:
        assert isinstance(options, PaksOptions)
        return sides_of(options.players, options.six_teams)

    def howto_facts(self, options: GameOptions) -> list[str]:
        assert isinstance(options, PaksOptions)
        return [f"reach {options.target} points", f"at {options.target} or more"]

    def limits(self, options: GameOptions) -> Limits:
        """One turn per stock card; a turn is a pak, a steal per other suit and `end`. A side
        scores at most every card of its packs (A 20, K-8 10, 7-2 5: 110 a suit)."""
        assert isinstance(options, PaksOptions)
        n = options.players
        packs = 1 if n == 2 else 2
        stock = 52 * packs - HAND_SIZE * n - BOARD_SIZE
        return Limits(
            hand_actions=stock * 5,
            match_hands=None,
            hand_scores=(0, 440 * packs),
            notes="no match bound: a tie at the top plays on",
        )

    def action_universe(self, options: GameOptions) -> list[Any]:
        """Not listable: a pak is any group of a suit's cards (3^13 with two packs) and a
        steal any set of a seat's paks; the PettingZoo adapter numbers the legal actions
        of the moment instead."""
        raise NotImplementedError("Paks actions cannot be listed")


GAME = Paks()
PaksState.game = GAME
