"""Ridge's bots: `ridge-dd`, the perfect player, and `ridge-greedy`, a plain card player.

Both read only the observation; in Ridge it shows every card (nothing is hidden), so the
double-dummy bot is fair.

- `ridge-dd` calls by solving the auction exactly over the deal's double-dummy table,
  declares the trumps and leader with the most tricks, and plays a card of maximum
  double-dummy value for its side. Ties follow the rule of parlour.bots.double_dummy: pass,
  contest, then the lowest bid; S H D C NT then leader N E S W; the lowest card.
- `ridge-greedy` estimates its tricks from high cards and its longest fit, bids that
  many when it is more than the standing bid, contests an opening bid it expects to beat,
  names its longest fit (eight or more) or no trump, and plays trick by trick: the
  cheapest card that wins the trick when the other side is winning it, otherwise its
  lowest card; on lead a top card of its longest suit when it is the best card left,
  else a low card of that suit.
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import SUIT_MASKS, card_text, cards_of, parse_card, rank_of, suit_of
from parlour.games.ridge import (
    AUCTION,
    CONTEST,
    DECLARING,
    DENOM_TEXTS,
    HAND_NAMES,
    NT,
    PASS,
    PLAY_BASE,
    TRICKS,
    observed_hands,
    observed_trick,
    parse_pbn,
    text_to_action,
    trick_winner_of,
)

HCP = {12: 4, 11: 3, 10: 2, 9: 1}


def _legal(observation: dict[str, Any]) -> list[int]:
    return [text_to_action(t) for t in observation["legal_actions"]]


class RidgeDDBot(Bot):
    """The perfect Ridge player (double dummy, through DDS)."""

    name = "ridge-dd"

    def choose(self, observation: dict[str, Any]) -> str:
        from parlour.bots.double_dummy import (
            AuctionSolver,
            auction_pos,
            best_card,
            best_declaration,
            call_text,
            card_values,
            dd_table,
            declaration_text,
            options_of,
        )

        phase = observation["phase"]
        if phase in (AUCTION, DECLARING):
            table = dd_table(parse_pbn(observation["deal"]))
            if phase == DECLARING:
                _, denom, leader = best_declaration(table, self.seat)
                return declaration_text(denom, leader)
            opts = options_of(observation)
            solver = AuctionSolver(table, observation["dealer"], opts)
            return call_text(solver.best_action(auction_pos(observation, opts)))
        legal = _legal(observation)
        if len(legal) == 1:
            return observation["legal_actions"][0]
        trump = DENOM_TEXTS.index(observation["contract"]["trump"])
        to_play = HAND_NAMES.index(observation["hand_to_play"])
        values = card_values(observed_hands(observation), trump, observed_trick(observation), to_play)
        return "play " + card_text(best_card(values))


def _hcp(mask: int) -> int:
    return sum(HCP.get(rank_of(c), 0) for c in cards_of(mask))


def estimate(hands: list[int], seat: int) -> tuple[int, int]:
    """(tricks, best trumps) the greedy player expects for `seat`'s two hands."""
    both = hands[seat] | hands[seat + 2]
    lengths = [(both & SUIT_MASKS[s]).bit_count() for s in range(4)]
    longest = max(range(4), key=lambda s: (lengths[s], _hcp(both & SUIT_MASKS[s])))
    bonus = max(0, lengths[longest] - 7)
    tricks = round((_hcp(both) + 3 * bonus) * TRICKS / 40)
    denom = longest if lengths[longest] >= 8 else NT
    return min(TRICKS, tricks), denom


class RidgeGreedyBot(Bot):
    """A plain player: counts its high cards to bid, wins tricks as cheaply as it can."""

    name = "ridge-greedy"

    def choose(self, observation: dict[str, Any]) -> str:
        phase = observation["phase"]
        hands = observed_hands(observation)
        legal = _legal(observation)
        if phase == AUCTION:
            tricks, _ = estimate(hands, self.seat)
            if tricks in legal and tricks > 0:
                return f"bid {tricks}"
            standing = observation["standing_bid"]
            if CONTEST in legal and standing and standing["bid"] > TRICKS - tricks:
                return "contest"
            return "pass" if PASS in legal else observation["legal_actions"][0]
        if phase == DECLARING:
            _, denom = estimate(hands, self.seat)
            leader = 1 if self.seat == 0 else 0
            return f"declare {DENOM_TEXTS[denom]} {HAND_NAMES[leader]}"
        return self._play(observation, hands, legal)

    def _play(self, observation: dict[str, Any], hands: list[int], legal: list[int]) -> str:
        cards = [a - PLAY_BASE for a in legal]
        trump_text = observation["contract"]["trump"]
        trump = None if trump_text == "NT" else DENOM_TEXTS.index(trump_text)
        trick = observed_trick(observation)
        to_play = HAND_NAMES.index(observation["hand_to_play"])
        lowest = min(cards, key=lambda c: (rank_of(c) + (13 if suit_of(c) == trump else 0), suit_of(c)))
        if not trick:
            played = 0
            for t in observation["tricks"]:
                for x in t["cards"]:
                    played |= 1 << parse_card(x)
            out = (1 << 52) - 1 & ~played
            suits = [cards_of(hands[to_play] & SUIT_MASKS[s]) for s in range(4)]
            longest = max(range(4), key=lambda s: len(suits[s]))
            top = max(suits[longest], key=rank_of)
            best_left = max(cards_of(out & SUIT_MASKS[longest]), key=rank_of)
            choice = top if top == best_left else min(suits[longest], key=rank_of)
            return "play " + card_text(choice)
        denom = NT if trump is None else trump
        if trick_winner_of(trick, denom) % 2 == self.seat:
            return "play " + card_text(lowest)
        winning = [c for c in cards if trick_winner_of([*trick, (to_play, c)], denom) == to_play]
        if winning:
            cheapest = min(winning, key=lambda c: (suit_of(c) == trump, rank_of(c)))
            return "play " + card_text(cheapest)
        return "play " + card_text(lowest)
