"""A Mighty bot of plain card sense: bid a long strong suit with the mighty and the joker,
discard low side cards, call the strongest card it lacks, draw trumps as declarer, win
point tricks cheaply, feed points to a known friend, and throw worthless cards. It sees
only its observation (sides it cannot know are treated as unknown, not guessed).
"""

from __future__ import annotations

from typing import Any

from parlour.bots.base import Bot
from parlour.cards import (
    ACE,
    JACK,
    JOKER,
    KING,
    QUEEN,
    TEN,
    card,
    card_text,
    parse_card,
    rank_of,
    suit_of,
)
from parlour.games.mighty import NT, TRUMP_TEXT, mighty_of, trick_winner_index

POINT_RANKS = (TEN, JACK, QUEEN, KING, ACE)


def strength(hand: list[int], s: int) -> float:
    """Points a hand may expect to take as declarer with trumps `s` (4 = NT), widow unseen."""
    mighty = mighty_of(s)
    value = 0.0
    if mighty in hand:
        value += 2.0
    if JOKER in hand:
        value += 2.0
    if s != NT:
        trumps = [c for c in hand if suit_of(c) == s and c != JOKER and c != mighty]
        value += 0.9 * len(trumps)
        value += sum(0.8 for c in trumps if rank_of(c) >= QUEEN)
    else:
        value += sum(1.2 for c in hand if c != JOKER and rank_of(c) == ACE and c != mighty)
    value += sum(0.6 for c in hand if c != JOKER and rank_of(c) == ACE and c != mighty and suit_of(c) != s)
    return 7.0 + value


def known_sides(obs: dict[str, Any], hand: list[int]) -> tuple[set[int], bool]:
    """The seats the observing seat knows to be its friends in the play, and whether it is
    on the declarer's side. A defender who does not yet know the partner counts no seat a
    friend: the partner hides among the other defenders until the called card shows."""
    seat = obs["seat"]
    declarer = obs["declarer"]
    called = obs["called"]
    called_card = parse_card(called) if called not in (None, "none") else None
    i_partner = called_card is not None and called_card in hand and seat != declarer
    friends: set[int] = set()
    if seat == declarer:
        if obs["partner"] is not None:
            friends.add(obs["partner"])
    elif i_partner:
        friends.add(declarer)
    elif obs["sides_known"]:
        friends = {s for s in range(5) if s not in (declarer, seat, obs["partner"])}
    return friends, seat == declarer or i_partner


class MightyHeuristicBot(Bot):
    name = "mighty-heuristic"
    READS = frozenset({
        "bid_suit", "called", "declarer", "discards", "hand", "legal_actions", "partner", "phase",
        "seat", "sides_known", "trick", "tricks", "trump",
    })

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return str(legal[0])
        hand = [parse_card(t) for t in observation["hand"]]
        phase = observation["phase"]
        if phase == "auction":
            return self._bid(observation, hand, legal)
        if phase == "exchange":
            return self._discard(observation, hand)
        if phase == "trump":
            return "trump " + observation["bid_suit"]
        if phase == "call":
            return self._call(observation, hand)
        if phase == "reveal":
            return "reveal" if "reveal" in legal else "pass"
        return self._play(observation, hand, legal)

    def _bid(self, obs: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        best_suit = max(range(4), key=lambda s: strength(hand, s))
        est = int(strength(hand, best_suit))
        for text in legal:
            if text == "pass":
                continue
            _, n, s = text.split()
            if s == TRUMP_TEXT[best_suit] and int(n) <= est:
                return text
        return "pass" if "pass" in legal else str(legal[0])

    def _discard(self, obs: dict[str, Any], hand: list[int]) -> str:
        trump = TRUMP_TEXT.index(obs["bid_suit"])
        mighty = mighty_of(trump)
        lengths = [sum(1 for c in hand if c != JOKER and suit_of(c) == s) for s in range(4)]

        def keep(c: int) -> float:
            if c in (JOKER, mighty):
                return 100.0
            if trump != NT and suit_of(c) == trump:
                return 50.0 + rank_of(c)
            if rank_of(c) == ACE:
                return 40.0
            return rank_of(c) + 1.5 * lengths[suit_of(c)]

        out = sorted(hand, key=keep)[:3]
        return "discard " + " ".join(card_text(c) for c in out)

    def _call(self, obs: dict[str, Any], hand: list[int]) -> str:
        trump = TRUMP_TEXT.index(obs["trump"])
        held = set(hand) | {parse_card(t) for t in obs["discards"] or []}
        wish = [mighty_of(trump), JOKER]
        if trump != NT:
            wish += [card(r, trump) for r in (ACE, KING, QUEEN)]
        wish += [card(ACE, s) for s in range(4)]
        for c in wish:
            if c not in held:
                return "call " + card_text(c)
        return "call none"

    def _play(self, obs: dict[str, Any], hand: list[int], legal: list[str]) -> str:
        trump = TRUMP_TEXT.index(obs["trump"])
        friends, on_declarer_side = known_sides(obs, hand)
        trick = obs["trick"]
        plays = [(s, parse_card(t)) for s, t in trick["cards"]]
        played = {parse_card(t) for tr in obs["tricks"] for _, t in tr["cards"]} | {c for _, c in plays}
        mighty = mighty_of(trump)
        options = [(t, _card_of(t)) for t in legal]
        if not plays:
            return self._lead(options, hand, played, trump, mighty, on_declarer_side, len(obs["tricks"]))
        follow = TRUMP_TEXT.index(trick["follow"]) if trick["follow"] else None
        cards = [c for _, c in plays]
        w = trick_winner_index(cards, follow, trump, trick["ripper"])
        friend_winning = plays[w][0] in friends
        last = len(plays) == 4
        value = sum(1 for c in cards if c != JOKER and rank_of(c) in POINT_RANKS)
        wins = [(t, c) for t, c in options if trick_winner_index([*cards, c], follow, trump, trick["ripper"]) == len(cards)]
        if friend_winning and (last or cards[w] in (mighty, JOKER)):
            return max(options, key=lambda o: _give(o[1], trump, mighty))[0]
        if wins and not friend_winning and (value >= 1 or last or on_declarer_side):
            cheap = min(wins, key=lambda o: _cost(o[1], trump, mighty))
            if value >= 2 or cheap[1] not in (mighty, JOKER):
                return cheap[0]
        return min(options, key=lambda o: _cost(o[1], trump, mighty) + (3 if _is_point(o[1]) else 0))[0]

    def _lead(self, options: list[tuple[str, int]], hand: list[int], played: set[int], trump: int, mighty: int,
              declarer_side: bool, trick_no: int) -> str:
        plain = [(t, c) for t, c in options if c not in (JOKER,) and not t.startswith("play JK")]
        if declarer_side and trump != NT:
            trumps = [(t, c) for t, c in plain if suit_of(c) == trump]
            outside = 13 - sum(1 for c in played | set(hand) if c != JOKER and suit_of(c) == trump)
            if trumps and outside > 0:
                return max(trumps, key=lambda o: rank_of(o[1]))[0]
        if trick_no > 0 and mighty in hand and declarer_side:
            return "play " + card_text(mighty)
        tops = [(t, c) for t, c in plain if c != mighty and is_master(c, hand, played, mighty) and (trump == NT or suit_of(c) != trump)]
        if tops:
            return max(tops, key=lambda o: rank_of(o[1]))[0]
        pool = plain or options
        return min(pool, key=lambda o: _cost(o[1], trump, mighty))[0]


def is_master(c: int, hand: list[int] | set[int], played: set[int], mighty: int) -> bool:
    """Whether no card the seat cannot see outranks `c` in its suit (the mighty aside,
    which is a power card): every higher one is played or in the hand."""
    s = suit_of(c)
    return all(card(r, s) in played or card(r, s) in hand or card(r, s) == mighty for r in range(rank_of(c) + 1, 13))


def _card_of(text: str) -> int:
    return parse_card(text.split()[1])


def _is_point(c: int) -> bool:
    return c != JOKER and rank_of(c) in POINT_RANKS


def _cost(c: int, trump: int, mighty: int) -> float:
    """How much it hurts to spend a card: power cards and trumps most, then high ranks."""
    if c in (JOKER, mighty):
        return 40.0
    cost = float(rank_of(c))
    if trump != NT and suit_of(c) == trump:
        cost += 15
    return cost


def _give(c: int, trump: int, mighty: int) -> float:
    """What a card is worth to give a winning friend: point cards that are not power cards."""
    if c in (JOKER, mighty):
        return -50.0
    value = 10.0 if _is_point(c) else 0.0
    if trump != NT and suit_of(c) == trump:
        value -= 8
    return value - rank_of(c) * 0.1
