"""Six-Pack Bezique's pack and notation: faces, hand cards and table copies as codes,
their texts, and the table of melds (see `rules.py` for the notation in full).

A face is suit * 8 + rank (7 8 9 J Q K T A = 0..7); a table copy is TABLE + 32 * k + face
(k = 0 for the bare `*`). These tables are computed once at import; the rules, the view
and the declaration read them.
"""

from __future__ import annotations

import functools
from typing import Any

from parlour.cards import SUIT_CHARS
from parlour.engine import IllegalAction

RANKS = "789JQKTA"
J, Q, K, T, A = 3, 4, 5, 6, 7
FACE_TEXT = tuple(RANKS[f % 8] + SUIT_CHARS[f // 8] for f in range(32))
FACE_OF = {t: f for f, t in enumerate(FACE_TEXT)}
CANON = tuple(sorted(range(32), key=lambda f: (f // 8, -(f % 8))))
RANK_OF_CANON = {f: i for i, f in enumerate(CANON)}
PACK = tuple(f for _ in range(6) for f in range(32))
COURT = frozenset(f for f in range(32) if f % 8 in (J, Q, K))
COURT_MASK = sum(1 << f for f in COURT)
NUMBER_MASK = (1 << 32) - 1 - COURT_MASK
SUIT_BITS = tuple(0xFF << 8 * s for s in range(4))
TABLE = 32
PASS, BLANCHE, SHOW, GUESS = 1000, 1001, 1002, 1100
COPIES = 7
SEQ_RANKS = (A, T, K, Q, J)
FOUR_ANY = {A: 100, K: 80, Q: 60, J: 40}
FOUR_TRUMP = {A: 1000, T: 900, K: 800, Q: 600, J: 400}
BEZIQUES = (0, 40, 500, 1500, 4500)
BEZIQUE_PAIRS = {0: (Q, 0, J, 2), 1: (Q, 1, J, 3), 2: (Q, 2, J, 0), 3: (Q, 3, J, 1)}
CLASS_NAMES = {"A": "sequence", "B": "marriage", "C": "four of a kind"}
BEZIQUE_NAMES = ("", "bezique", "double bezique", "triple bezique", "quadruple bezique")
CODE_TEXT = {f: FACE_TEXT[f] for f in range(32)} | {
    TABLE + 32 * k + f: FACE_TEXT[f] + "*" + (str(k) if k else "") for k in range(COPIES) for f in range(32)
}
CODE_KEY = {c: (c >= TABLE, RANK_OF_CANON[c % 32], c // 32) for c in CODE_TEXT}
PLAY_TEXT = {c: "play " + t for c, t in CODE_TEXT.items()}


@functools.cache
def _splits(total: int, caps: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every way to write `total` as a sum of len(caps) parts, part i at most caps[i]."""
    if not caps:
        return ((),) if total == 0 else ()
    return tuple((first, *rest) for first in range(min(total, caps[0]), -1, -1)
                 for rest in _splits(total - first, caps[1:]))


MELD_SHAPES: dict[tuple[int, ...], tuple[str, int]] = {
    tuple(sorted(faces)): shape for faces, shape in
    [([8 * suit + r for r in ranks], (cls, 1)) for suit in range(4) for ranks, cls in (((K, Q), "B"), (SEQ_RANKS, "A"))]
    + [([8 * suit + r for suit in range(4) for _ in range(split[suit])], ("C", 1))
       for r in (A, T, K, Q, J) for split in _splits(4, (4, 4, 4, 4))]
    + [([8 * qs + qr] * n + [8 * js + jr] * n, ("D", n)) for qr, qs, jr, js in BEZIQUE_PAIRS.values() for n in range(1, 5)]
}
"""Every meld's faces (sorted) with its class and pairs: A sequence, B marriage (each
suit), C four of a rank (any suits), D n beziques (each suit's pair, R-BEZIQUE-9)."""


def face(code: int) -> int:
    return code % 32


def copy_no(code: int) -> int:
    """The table copy a code names (1 = the oldest; the bare `*` is 1)."""
    return max(1, (code - TABLE) // 32)


def table_code(f: int, k: int, groups: list[list[int]]) -> int:
    """The code of table copy k of face f (`groups`: all the face's copies on the table)."""
    return TABLE + (32 * k if sum(map(len, groups)) > 1 else 0) + f


def parse_code(word: str) -> int:
    """`QS` -> a hand card, `QS*` / `QS*2` -> a table copy; IllegalAction when unreadable."""
    w = word.strip().upper()
    base, star, k = w.partition("*")
    base = "T" + base[2:] if base.startswith("10") else base
    if base not in FACE_OF:
        raise IllegalAction(f"{word!r} is not a bezique card (A T K Q J 9 8 7 of S H D C, like QS or TH).")
    if not star:
        return FACE_OF[base]
    if k and not (k.isdigit() and 1 <= int(k) < COPIES):
        raise IllegalAction(f"{word!r}: name a table copy as {base}*1 to {base}*{COPIES - 1}.")
    return TABLE + 32 * (int(k) if k else 0) + FACE_OF[base]


def beats(lead: int, follow: int, trump: int) -> bool:
    """Whether the follower's card takes the trick (R-BEZIQUE-11: ties go to the leader)."""
    if follow // 8 == lead // 8:
        return follow % 8 > lead % 8
    return follow // 8 == trump


def texts(counts: list[int]) -> list[str]:
    return [FACE_TEXT[f] for f in CANON for _ in range(counts[f])]


def counts_of(faces: list[int]) -> list[int]:
    out = [0] * 32
    for f in faces:
        out[f] += 1
    return out


@functools.cache
def meld_text(codes: tuple[int, ...]) -> str:
    return "meld " + " ".join(CODE_TEXT[c] for c in codes)


def _takes(f: int, m: int, held: int, groups: list[list[int]], bare: bool) -> list[list[int]]:
    """The ways to take m copies of face f: some of the `held` in the hand, the rest from the
    table, one choice per group of interchangeable copies (`groups`: their numbers, oldest
    first; `bare`: the only copy on the table, written `*`)."""
    out = []
    for nh in range(min(held, m), -1, -1):
        for split in _splits(m - nh, tuple(len(g) for g in groups)):
            codes = [f] * nh
            for g, j in zip(groups, split, strict=True):
                codes += [TABLE + (0 if bare else 32 * i) + f for i in g[:j]]
            out.append(codes)
    return out


def meld_class(codes: tuple[int, ...] | list[int]) -> Any:
    """(class, pairs) of the cards' shape, whatever the trumps, or None for no meld."""
    return MELD_SHAPES.get(tuple(sorted(face(c) for c in codes)))


def meld_name(cls: str, n: int) -> str:
    """A meld's name as the observation's `melds` give it: "marriage", "double bezique"."""
    return BEZIQUE_NAMES[n] if cls == "D" else CLASS_NAMES[cls]


