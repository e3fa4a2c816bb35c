"""A Yaniv bot of plain card sense, reading only its observation.

It judges a hand by its points, less half of its best set or run (cards that combine
leave together next turn, so they are worth keeping). Discarding, it picks the group that
leaves the best such hand once the draw it then means to make is counted: the first or
last card on offer, or the stock at the average of the cards it has not seen, either
counting a bonus for a hand it could call yaniv with. Drawing, it takes the offered card
that helps most, else the stock (on a tie too). It never takes back a card it discarded
in the hand, so high cards go to the dead pile rather than round the table. It calls yaniv when its hand is worth little against what the others may hold: the
cards known to be in their hands (taken from the discards) plus a few points for each card
nobody has seen.

Judging a world (`plausibility`, for the search's inference): a seat's last turn says much
about the hand it kept, since this bot sheds its dearest group and keeps the cheap cards. A
world is plausible when, from the hand the world gives the seat taken back to that turn, the
bot would have discarded the same cards and drawn the same way.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from parlour.bots.base import Bot
from parlour.cards import CARD_TEXTS, parse_card
from parlour.games.yaniv import PACKS, VALUE, discard_moves, masks_of, texts, value_of

COMBINED = 0.5
"""How much of a set or run's points the bot discounts, expecting to shed them together."""
STOCK_CARD = 6
"""What a card from the stock adds to a hand when every card has been seen."""
CALLING = 8
"""What a hand worth little enough to call yaniv with next turn is worth to the bot."""
UNSEEN_CARD = 3
"""What the bot expects each card it has not seen in another hand to be worth, at least."""
JUDGE_MISS = 0.1
"""How plausible a world is when this bot would not have played the seat's last turn from
the hand the world gives it: low, not nil, since the seat may be another kind of player."""


def worth(cards: list[int]) -> float:
    """A hand's value, less half its best set or run: cards that combine leave together
    next turn, so they weigh less than their points."""
    groups = [value_of(g) for g in discard_moves(*masks_of(cards)) if len(g) > 1] if len(cards) > 1 else []
    return value_of(cards) - COMBINED * max(groups, default=0)


class YanivHeuristicBot(Bot):
    name = "yaniv-heuristic"
    READS = frozenset({
        "actions", "dead", "discard", "eliminated", "hand", "hand_sizes", "known", "legal_actions",
        "offer", "options", "phase", "upcard", "yaniv_max",
    })

    def choose(self, observation: dict[str, Any]) -> str:
        legal: list[str] = observation["legal_actions"]
        hand = [parse_card(t) for t in observation["hand"]]
        self._read_table(observation)
        if observation["phase"] == "draw":
            return min(legal, key=lambda text: (self._after_draw(hand, observation, text), text != "draw stock"))
        if "yaniv" in legal and self._calls(observation, value_of(hand)):
            return "yaniv"
        draws = ["draw stock", "draw first"] + (["draw last"] if len(observation["offer"]) > 1 else [])
        best = None
        for text in legal:
            if text == "yaniv":
                continue
            group = [parse_card(t) for t in text.split()[1:]]
            rest = list((Counter(hand) - Counter(group)).elements())
            score = min(self._after_draw(rest, observation, d) for d in draws)
            key = (score, -value_of(group), text)
            if best is None or key < best:
                best = key
        assert best is not None
        return best[2]

    def _read_table(self, obs: dict[str, Any]) -> None:
        """The values of the cards the bot has not seen (what the stock may give), and the
        cards it discarded this hand: it never takes one back, so no two bots pass the
        same cards round for ever."""
        seen = Counter(parse_card(t) for t in obs["hand"] + obs["dead"] + obs["offer"] + obs["discard"])
        for cards in obs["known"]:
            seen.update(parse_card(t) for t in cards)
        pack = Counter(PACKS[obs["options"].get("decks", 1)])
        self.unseen = [VALUE[c] for c in (pack - seen).elements()] or [STOCK_CARD]
        self.thrown = {
            parse_card(t) for actor, text in obs["actions"] if actor == self.seat and text.startswith("discard ")
            for t in text.split()[1:]
        }
        self.limit = obs["yaniv_max"]

    def _after_draw(self, cards: list[int], obs: dict[str, Any], text: str) -> float:
        base = value_of(cards)
        if text == "draw stock":
            calls = sum(1 for v in self.unseen if base + v <= self.limit) / len(self.unseen)
            return worth(cards) + sum(self.unseen) / len(self.unseen) - CALLING * calls
        offer = obs["offer"]
        card = parse_card(offer[0] if text == "draw first" else offer[-1])
        if card in self.thrown:
            return float("inf")
        return worth([*cards, card]) - CALLING * (base + VALUE[card] <= self.limit)

    def _calls(self, obs: dict[str, Any], mine: int) -> bool:
        """Call when no other player still in is likely to hold as little."""
        out = set(obs.get("eliminated", []))
        for s, size in enumerate(obs["hand_sizes"]):
            if s == self.seat or s in out:
                continue
            known = [parse_card(t) for t in obs["known"][s]]
            least = sum(VALUE[c] for c in known) + UNSEEN_CARD * (size - len(known))
            if least <= mine:
                return False
        return True

    def plausibility(self, observation: dict[str, Any]) -> float:
        """How well the hand in `observation` (this seat's view of a world a search sampled)
        fits this seat's last turn. Uniform worlds give the other seats average unseen
        cards, where a player who has just shed its dearest group holds cheap ones, so a
        search on them thinks a call of yaniv safer than it is. The hand is taken back to
        the turn (the group returns, the card drawn after it leaves; a card from the stock
        is any the seat holds that nobody saw it take, each tried in turn) and this bot is
        asked what it would have discarded and drawn there, reading the table as it is now
        (the dead cards and the others' counts are near enough). The world's weight is the
        share of those hands from which it plays the turn as the seat did, lifted to
        `JUDGE_MISS` at least."""
        actions = observation["actions"]
        last = next((k for k in range(len(actions) - 1, -1, -1)
                     if actions[k][0] == self.seat and actions[k][1].startswith("discard ")), None)
        if last is None:
            return 1.0
        group = actions[last][1].split()[1:]
        earlier = next((text for _, text in reversed(actions[:last]) if text.startswith("discard ")), None)
        offer = earlier.split()[1:] if earlier else [observation["upcard"]]
        draw = actions[last + 1][1] if last + 1 < len(actions) else None
        hand = Counter(parse_card(t) for t in observation["hand"])
        drawn: list[int | None]
        if draw is None:
            drawn = [None]
        elif draw == "draw stock":
            drawn = list(hand - Counter(parse_card(t) for t in observation["known"][self.seat]))
        else:
            drawn = [parse_card(offer[0] if draw == "draw first" else offer[-1])]
        if not drawn:
            return 1.0
        fits = sum(self._plays_turn(observation, hand, card, group, offer, actions[:last + 1], draw)
                   for card in drawn)
        return JUDGE_MISS + (1 - JUDGE_MISS) * fits / len(drawn)

    def _plays_turn(self, observation: dict[str, Any], hand: Counter[int], drawn: int | None,
                    group: list[str], offer: list[str], history: list[Any], draw: str | None) -> bool:
        """Whether this bot, holding `hand` less `drawn` plus `group`, discards `group` (in
        any order) and then draws as `draw` says."""
        kept = hand.copy()
        if drawn is not None:
            kept[drawn] -= 1
        before = list((kept + Counter(parse_card(t) for t in group)).elements())
        moves = ["discard " + " ".join(CARD_TEXTS[c] for c in g) for g in discard_moves(*masks_of(before))]
        if value_of(before) <= observation["yaniv_max"]:
            moves.insert(0, "yaniv")
        view = dict(observation, hand=texts(before), phase="turn", offer=offer, discard=[],
                    actions=history[:-1], legal_actions=moves)
        choice = self.choose(view)
        if choice == "yaniv" or sorted(choice.split()[1:]) != sorted(group):
            return False
        if draw is None:
            return True
        draws = ["draw stock", "draw first"] + (["draw last"] if len(offer) > 1 else [])
        view.update(hand=texts(list(kept.elements())), phase="draw", discard=group, actions=history,
                    legal_actions=draws)
        return self.choose(view) == draw
