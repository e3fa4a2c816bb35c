"""The family rules of the four-seat partnership trick games: Couillon and Pitch.

Both seat four players in two partnerships, partners opposite: seats {0, 2} v {1, 3}
(G-3), a seat's team is `seat % 2`. Both deal each seat a few cards as slices clockwise
from the dealer's left (G-4) and leave the rest of the pack in a stub that never comes
into a hand; a record's deal holds `hands` (sorted, G-6) and `stub` (top card first). In
both, a trump may be played to any trick: follow the suit led if able, but trumping is
allowed, never required; void in the suit led, play anything. The highest trump wins, else
the highest card of the suit led, and the winner leads the next trick. So only a card that
is neither of the suit led nor a trump shows a void.

These rules live here once, and both games import them (pyproject.toml's independence
contract declares this module as their family's).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from parlour.cards import (
    CARD_TEXTS,
    SUIT_MASKS,
    deal,
    deal_constrained,
    high_card_winner,
    parse_card,
    shown_voids,
    sorted_cards,
    suits_mask,
)

SEATS = 4
T = TypeVar("T")


def team_of(seat: int) -> int:
    return seat % 2


def partners(team: int) -> str:
    """A team as players name it: "seats 0 and 2"."""
    return f"seats {team} and {team + 2}"


def per_seat(by_team: Sequence[T]) -> list[T]:
    """Each seat's share of its team's value (points, lines, a hand's result)."""
    return [by_team[s % 2] for s in range(SEATS)]


# --- the deal -----------------------------------------------------------------------------
def deal_hands(
    cards: list[int], size: int, dealer: int, rng: random.Random, given: Any, title: str, stub_optional: bool = False
) -> tuple[list[list[int]], list[int], dict[str, Any]]:
    """One hand's deal: `size` cards a seat, the first slice to the dealer's left, and the
    stub; from the record's deal `given` where there is one. Returns the hands, the stub
    and the deal as a record keeps it. A Pitch record may leave the stub out (it is the
    rest of the pack, in pack order); Couillon's needs it, for its upcard and bottom card."""
    if given is not None:
        hands, stub = _read_deal(given, size, cards, title, stub_optional)
    else:
        slices, stub = deal(cards, rng, [size] * SEATS)
        hands = [[] for _ in range(SEATS)]
        for i in range(SEATS):
            hands[(dealer + 1 + i) % SEATS] = slices[i]
    record = {"hands": [texts(h) for h in hands], "stub": [CARD_TEXTS[c] for c in stub]}
    return hands, stub, record


def _read_deal(
    given: Any, size: int, cards: list[int], title: str, stub_optional: bool
) -> tuple[list[list[int]], list[int]]:
    what = f"a {title} deal has 'hands' (four lists of {size} cards) and 'stub' (the rest, top card first)"
    try:
        hands = [[parse_card(str(t)) for t in h] for h in given["hands"]]
        raw = given.get("stub") if stub_optional else given["stub"]
        stub = [parse_card(str(t)) for t in raw or []]
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ValueError(f"{what}: {exc}") from None
    if len(hands) != SEATS or any(len(h) != size for h in hands):
        raise ValueError(what)
    if not stub and stub_optional:
        used = {c for h in hands for c in h}
        stub = [c for c in sorted(cards) if c not in used]
    if sorted([c for h in hands for c in h] + stub) != sorted(cards):
        raise ValueError(f"the deal's hands and stub are not the {len(cards)}-card {title} pack, once each")
    return hands, stub


def texts(cards: Iterable[int]) -> list[str]:
    """Cards as texts in the canonical order (G-6)."""
    return [CARD_TEXTS[c] for c in sorted_cards(cards)]


# --- the play -----------------------------------------------------------------------------
def playable(hand: Iterable[int], trick: Sequence[int], trump: int | None) -> list[int]:
    """The cards of `hand` that may go to `trick`: the suit led or a trump while holding
    the suit led, else anything; in the canonical order."""
    cards = list(hand)
    if trick:
        led = trick[0] // 13
        follow = [c for c in cards if c // 13 == led or c // 13 == trump]
        if any(c // 13 == led for c in follow):
            cards = follow
    return sorted_cards(cards)


def winning_play(cards: Sequence[int], trump: int | None) -> int:
    """Index in `cards` (a trick in playing order) of the card that wins it so far."""
    return high_card_winner(cards, cards[0] // 13, trump)


def voids_shown(actions: Sequence[Sequence[Any]], trump: int | None) -> list[int]:
    """Per seat, the suits (bit s for suit s) it has shown it lacks in the hand's public
    `actions` ([seat, text]): a play neither of the suit led nor a trump. Trumping shows
    nothing (a trump may be played holding the suit led)."""
    plays = [(actor, parse_card(text[5:])) for actor, text in actions if text.startswith("play ")]
    tricks = [(plays[i][1] // 13, plays[i + 1 : i + SEATS]) for i in range(0, len(plays), SEATS)]
    return shown_voids(tricks, SEATS, free=SUIT_MASKS[trump] if trump is not None else 0)


# --- what a seat may know -----------------------------------------------------------------
def last_trick(obs: dict[str, Any]) -> dict[str, Any] | None:
    """`recent` for the family: the last finished trick of the hand, its winner marked,
    explained by the log's sentence for that trick."""
    if not obs["tricks"]:
        return None
    k = len(obs["tricks"])
    trick = obs["tricks"][-1]
    leader, winner = trick["leader"], trick["winner"]
    plays = [
        {"seat": (leader + i) % SEATS, "cards": [c], "face_down": False, "mark": (leader + i) % SEATS == winner}
        for i, c in enumerate(trick["cards"])
    ]
    said = [line for line in obs["log"] if line.startswith(f"Trick {k}")]
    return {"label": f"Trick {k}", "plays": plays, "explanation": said[-1] if said else ""}


def team_piles(obs: dict[str, Any], label: str) -> list[dict[str, Any]]:
    """A zone per team holding the cards of the tricks it won; `label` is formatted with
    `team` and `points` (the team's points this hand)."""
    zones = []
    for team in range(2):
        won = [c for t in obs["tricks"] if t["winner"] % 2 == team for c in t["cards"]]
        zones.append({
            "id": f"tricks-{team}", "kind": "pile", "owner": team,
            "label": label.format(team=partners(team), points=obs["scores"]["hand"][team]), "cards": won, "hidden": 0,
        })
    return zones


def sample_hands(
    observation: dict[str, Any], cards: list[int], shown: list[int], trump: int | None, rng: random.Random
) -> tuple[list[list[int]], list[int]]:
    """The game's half of determinize: the cards `seat` has not seen dealt at random to the
    other hands (respecting the voids shown) and to the stub's hidden part (which may hold
    anything); each hand with the cards its seat has played put back. `shown` are the stub
    cards face up. Returns the four hands as dealt and the hidden stub cards."""
    seat = observation["seat"]
    mine = [parse_card(t) for t in observation["hand"]]
    played: list[list[int]] = [[] for _ in range(SEATS)]
    for actor, text in observation["actions"]:
        if text.startswith("play "):
            played[actor].append(parse_card(text[5:]))
    seen = set(mine) | set(shown) | {c for p in played for c in p}
    unseen = [c for c in sorted(cards) if c not in seen]
    voids = voids_shown(observation["actions"], trump)
    others = [s for s in range(SEATS) if s != seat]
    sizes = [observation["hand_sizes"][s] for s in others]
    parts = deal_constrained(
        unseen, [*sizes, len(unseen) - sum(sizes)], [*(suits_mask(voids[s]) for s in others), 0], rng
    )
    hands = [mine + played[seat] if s == seat else [] for s in range(SEATS)]
    for s, part in zip(others, parts, strict=False):
        hands[s] = part + played[s]
    return hands, parts[-1]
