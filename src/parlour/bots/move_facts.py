"""What a move does at the table it is made at: facts a learned player reads beside the
move's own text (move values, `parlour train --method move-value`).

A features head (parlour.bots.learned) reads an action as its text: "play QS" is the
queen, a spade, a play. Whether that queen takes the trick now, whether the trick holds
points, whether a friend is winning it, are facts of the table, not of the text; a network
can only find them by decoding the whole research tensor, which at Mighty it does not learn
from the examples two cores can make. So a game
may say, for each legal move, what a card player sees at once: these facts are hashed into
the head's outputs like the text's, and the network's last layer weighs them by the
situation.

Each game's facts are built from the rules and the game's heuristic (who wins a trick,
which seats are known friends, which cards are masters), imported, not written again.
A game that has them names its function in its declaration (`Game.move_facts`); elsewhere
a move has none.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from parlour.bots.mighty_heuristic import POINT_RANKS, is_master, known_sides
from parlour.cards import JOKER, parse_card, rank_of, suit_of
from parlour.declaration import resolve
from parlour.games import get_game
from parlour.games.mighty import NT, TRUMP_TEXT, mighty_of, trick_winner_index


def mighty_card_kind(c: int, trump: int, mighty: int) -> str:
    """A card as a Mighty player weighs spending it."""
    if c == mighty:
        return "mighty"
    if c == JOKER:
        return "joker"
    if trump != NT and suit_of(c) == trump:
        return "trump"
    return "point" if rank_of(c) in POINT_RANKS else "low"


def mighty_move_facts(observation: dict[str, Any], legal: list[str]) -> list[list[str]]:
    """Per legal move of a Mighty play decision: the card's kind; led, whether it is its
    suit's master, whether trumps are still out, the seat's side, the stage of the hand
    and its length in the suit; followed, whether it takes the trick now and could still
    be beaten, who is winning so far (a known friend, the declarer, a known foe, a seat
    of unknown side), the points on the trick and how many seats play after. "Could still
    be beaten" counts every card the seat has not seen, in any later seat: the voids play
    has shown are not read, so it errs towards caution. Other decisions (the auction, the
    exchange, the call) have none."""
    if observation.get("phase") != "play":
        return [[] for _ in legal]
    hand = [parse_card(t) for t in observation["hand"]]
    trump = TRUMP_TEXT.index(observation["trump"])
    mighty = mighty_of(trump)
    friends, declarer_side = known_sides(observation, hand)
    seat, declarer = observation["seat"], observation["declarer"]
    role = "declarer" if seat == declarer else "partner" if declarer_side else "defender"
    trick = observation["trick"]
    plays = [(s, parse_card(t)) for s, t in trick["cards"]]
    cards = [c for _, c in plays]
    played = {parse_card(t) for tr in observation["tricks"] for _, t in tr["cards"]} | set(cards)
    seen = played | set(hand)
    out: list[list[str]] = []
    if not plays:
        stage = min(len(observation["tricks"]) // 3, 3)
        trumps_out = trump != NT and any(
            c not in seen for c in range(52) if suit_of(c) == trump and c != mighty
        )
        for text in legal:
            c = parse_card(text.split()[1])
            kind = mighty_card_kind(c, trump, mighty)
            master = c not in (JOKER, mighty) and is_master(c, hand, played, mighty)
            length = 0 if c == JOKER else min(sum(1 for h in hand if h != JOKER and suit_of(h) == suit_of(c)), 4)
            out.append([
                f"lead:{kind}", f"lead:{role}:{kind}:{master}", f"lead:{role}:{kind}:out{trumps_out}",
                f"lead:{role}:stage{stage}:{kind}", f"lead:{role}:length{length}:{kind}:{master}",
                f"lead:{role}:partner{observation['partner'] is not None}:{kind}",
            ])
        return out
    follow = TRUMP_TEXT.index(trick["follow"]) if trick["follow"] else None
    ripper = bool(trick["ripper"])
    w = plays[trick_winner_index(cards, follow, trump, ripper)][0]
    winner = ("friend" if w in friends else "declarer" if w == declarer
              else "foe" if declarer_side or observation["sides_known"] else "unknown")
    points = min(sum(1 for c in cards if c != JOKER and rank_of(c) in POINT_RANKS), 3)
    after = 4 - len(plays)
    unseen = [c for c in range(53) if c not in seen]
    for text in legal:
        c = parse_card(text.split()[1])
        kind = mighty_card_kind(c, trump, mighty)
        point = c != JOKER and rank_of(c) in POINT_RANKS
        wins = trick_winner_index([*cards, c], follow, trump, ripper) == len(cards)
        beaten = wins and after > 0 and any(
            trick_winner_index([*cards, c, u], follow, trump, ripper) == len(cards) + 1 for u in unseen
        )
        out.append([
            f"follow:{kind}:{point}", f"follow:{winner}:{wins}:{kind}", f"follow:{role}:{winner}:{wins}:{kind}:{point}",
            f"follow:after{after}:{wins}:{beaten}:{kind}", f"follow:points{points}:{wins}:{kind}:{point}",
            f"follow:{role}:points{points}:{winner}:{point}",
        ])
    return out


@functools.cache
def game_move_facts(game: str) -> Callable[[dict[str, Any], list[str]], list[list[str]]] | None:
    """The function a game declares for its moves' facts (`Game.move_facts`), or None."""
    path = get_game(game).move_facts
    return resolve(path) if path else None


def move_facts(game: str, observation: dict[str, Any], legal: list[str]) -> list[list[str]]:
    """The facts of each legal move at this table (none where the game has no such facts)."""
    facts = game_move_facts(game)
    return facts(observation, legal) if facts is not None else [[] for _ in legal]
