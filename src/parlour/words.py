"""The phrasebook: how every game names seats, teams, counts and cards for a person.

The rules record facts as data; a game's view turns them into sentences through this
module only, so every game says things the same way. It sits below the engine (which
names a reader's seats with it for every view) and so below the games (a game's view
imports it; the rules never do).

Seats. A reader sees the seats by the names its front end gives (`names`, one per seat),
with its own seat as "you"; a seat number never reaches a person. The verb agrees with
the subject ("You win", "Ann wins", "you and Bob win"), and possessives follow ("your",
"Ann's"; a name's bracket is left out: "Seat 2 (Ribs bot)" -> "Seat 2's"). Where the
observation is written before anyone has named the seats, the names are `Seats.numbered`:
"seat 0", "seat 1", ..., the convention front ends name later (`views.name_seats`, and the
web client's rule), so a sentence written now reads right once named.

Groups. A fixed team is named in seat order with "you" first ("you and Bob"); a list of
players (several winners) ends with "you" ("Ann, Bob and you"). Both take a plural verb.

Counts and cards. "1 trick", "2 tricks"; points that change a score are signed ("+3",
"-1"). Cards read with their suits (`K♠`, `10♥`, `Joker`): the one rule lives in
`parlour.cards` (`card_symbol`, `symbols`, `trump_label`), and this module only uses it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from parlour.cards import CARD_TEXTS, SUIT_NAMES, card_symbol, trump_label

_IRREGULAR = {"have": "has", "be": "is", "do": "does", "go": "goes"}
_PLURAL_BE = {"be": "are"}


def third_person(verb: str) -> str:
    """A verb's form after he/she/it: "win" -> "wins", "pass" -> "passes", "have" -> "has"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def capital(text: str) -> str:
    """`text` with its first letter made a capital (the start of a sentence)."""
    return text[:1].upper() + text[1:]


def listing(items: Iterable[str]) -> str:
    """Words joined as people list them: "a", "a and b", "a, b and c"."""
    words = list(items)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """`count` with its noun in the right number: "1 trick", "2 tricks", "-1 point", "0
    points" (`nouns` where the plural is not the noun with an s)."""
    one = count in (1, -1) and not isinstance(count, bool)
    return f"{count} {noun if one else nouns or noun + 's'}"


def signed(points: int) -> str:
    """Points that change a score, with their sign: "+3", "-1", "+0"."""
    return f"{points:+d}"


def card(c: int | str) -> str:
    """A card (its id or its code) as people read it: 36 or "QD" -> "Q♦", "JK" -> "Joker"."""
    return card_symbol(CARD_TEXTS[c] if isinstance(c, int) else c)


def cards(cs: Iterable[int | str]) -> str:
    """Cards as people read them, one space apart: "K♠ 10♥"."""
    return " ".join(card(c) for c in cs)


def suit_name(suit: int) -> str:
    """A suit by its name in the plural, as trumps are named: "spades"."""
    return SUIT_NAMES[suit]


def trump(t: int | str | None) -> str:
    """Trumps as a contract names them: a suit (its index or letter) as its symbol, None or
    "NT" as "no trump"."""
    if t is None:
        return "no trump"
    return trump_label("SHDC"[t] if isinstance(t, int) else t)


class Seats:
    """The seats of one table as one reader names them: `names[s]` for seat s, and "you"
    for the reader's seat `me` (None: a spectator, who is nobody at the table)."""

    def __init__(self, names: Sequence[str], me: int | None = None) -> None:
        self.names = list(names)
        self.me = me

    @classmethod
    def numbered(cls, players: int, me: int | None = None) -> Seats:
        """The names of an observation written before the front end names the seats:
        "seat 0", "seat 1", ... (see the module's docstring)."""
        return cls([f"seat {s}" for s in range(players)], me)

    def name(self, seat: int, start: bool = False) -> str:
        """The seat as the subject or object of a sentence; `start`: it begins the sentence."""
        word = "you" if seat == self.me else self.names[seat]
        return capital(word) if start else word

    def does(self, seat: int, verb: str, start: bool = False) -> str:
        """The seat with its verb agreeing: "you win", "Ann wins", "You pass" (`verb` in its
        base form: "win", "have", "be")."""
        return f"{self.name(seat, start)} {self.verb(seat, verb)}"

    def verb(self, seat: int, verb: str) -> str:
        """`verb` (base form) agreeing with the seat, for a second verb of one subject:
        "Ann cracked the ribs and *takes*", "you ... *take*"."""
        return _PLURAL_BE.get(verb, verb) if seat == self.me else third_person(verb)

    def whose(self, seat: int, start: bool = False) -> str:
        """The seat's possessive: "your", "Ann's", "seat 2's" ("Seat 2 (Ribs bot)" ->
        "Seat 2's")."""
        word = "your" if seat == self.me else self.names[seat].split(" (")[0] + "'s"
        return capital(word) if start else word

    def their(self, seats: Collection[int]) -> str:
        """A group's possessive pronoun: "your" when the reader is one of them, else "their"
        ("you and Dan must take more points than your opponents")."""
        return "your" if self.me in seats else "their"

    def team(self, seats: Iterable[int], start: bool = False) -> str:
        """A fixed team in seat order, "you" first: "you and Bob"."""
        order = sorted(seats, key=lambda s: (s != self.me, s))
        return capital(listing(self.name(s) for s in order)) if start else listing(self.name(s) for s in order)

    def group(self, seats: Iterable[int], start: bool = False) -> str:
        """Several players in seat order, "you" last: "Ann, Bob and you"."""
        order = sorted(seats, key=lambda s: (s == self.me, s))
        text = listing(self.name(s) for s in order)
        return capital(text) if start else text

    def group_does(self, seats: Sequence[int], verb: str, start: bool = False) -> str:
        """A group with its verb agreeing: "Ann wins", "you win", "Ann and Bob win"."""
        if len(seats) == 1:
            return self.does(seats[0], verb, start)
        return f"{self.group(seats, start)} {_PLURAL_BE.get(verb, verb)}"

    def plays(self, pairs: Iterable[tuple[int, str]]) -> str:
        """Each seat with what it played, in play order: "Ann K♠, you 10♥, Bob Joker"."""
        return ", ".join(f"{self.name(s)} {what}" for s, what in pairs)


def seats_of(players: int, me: int | None = None, names: Sequence[str] | None = None) -> Seats:
    """How a reader names the seats: by `names` with its seat `me` as "you", else numbered.
    Every game's view names its reader's seats through this."""
    return Seats(names, me) if names is not None else Seats.numbered(players)


def score_sheet(
    seats: Seats,
    columns: Sequence[Sequence[int]],
    points: Sequence[object],
    *,
    totals: Sequence[object] | None = None,
    adds: Sequence[int] | None = None,
    unit: str = "points",
    lower: bool = False,
) -> dict[str, object]:
    """A hand's line of the score sheet, read across hands by every front end: one column per
    seat or team (`columns`, seats; named "You and Bob"), what each scored this hand
    (`points`), the standing after it where the hand's summary knows it (`totals`, in
    `unit`), else what the hand adds to the standing (`adds`, the points where None). `lower`:
    the standing is won by the lowest (penalty points, lines left to erase)."""
    return {
        "columns": [seats.team(c, start=True) for c in columns],
        "seats": [sorted(c) for c in columns],
        "points": list(points),
        "totals": list(totals) if totals is not None else None,
        "adds": list(adds) if adds is not None else None,
        "unit": unit,
        "lower": lower,
    }


PLAYER_NAMES = ("Ada", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gil", "Hana", "Ivo", "June")


def table_names(players: int) -> list[str]:
    """Names for the seats of a table whose players gave none (bots at the terminal, a
    record shown): a first name a seat, the same for a seat wherever it is read, so a
    game reads as at a card table and never by seat numbers."""
    return [PLAYER_NAMES[s % len(PLAYER_NAMES)] for s in range(players)]


_ROMAN = ("", " II", " III", " IV", " V", " VI", " VII", " VIII", " IX", " X")


def told_apart(names: Sequence[str]) -> list[str]:
    """Names one table reads, where two seats would read alike told apart as the web table
    tells them: a bot by its seat's number in its name ("Ribs bot 2 (normal)"), a person
    after the first of that name by an ordinal ("Ann II"), never "seat 2", which front
    ends take for a seat to name."""
    out = list(names)
    seen: dict[str, int] = {}
    for s, name in enumerate(names):
        if names.count(name) < 2:
            continue
        if " bot " in name:
            out[s] = name.replace(" bot ", f" bot {s} ", 1)
        else:
            seen[name] = seen.get(name, 0) + 1
            out[s] = name + _ROMAN[(seen[name] - 1) % len(_ROMAN)]
    return out
