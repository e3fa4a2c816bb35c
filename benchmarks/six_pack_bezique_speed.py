"""Random-playout speed of Six-Pack Bezique: whole deals per second (issue 15: at least 100).

A "hand" is one deal from the cut to the last of its 96 tricks (some 280 decisions: the
guess, carte blanche, 84 stock tricks with a meld decision each, the last 12 tricks), played
by `random.choice` over `legal_actions()` through the checked `apply`, as simulate does.
On a shared machine the wall-clock rate falls with the load; the rate per CPU second of
this process is what one idle core gives.

Run: .venv/bin/python benchmarks/six_pack_bezique_speed.py [seconds, default 10]

What makes it fast enough (found with cProfile): hands are count vectors over the 32 faces,
identical copies are one action and alike table copies one action, the melds of a seat are
enumerated once per decision from its (at most 12) cards with the ways of taking each face
cached, and the stock is a tuple read by an index (never copied by clone).
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.six_pack_bezique import GAME


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    played = random_play(GAME, GAME.options(), seconds)
    hands, actions, elapsed, used = played.matches, played.actions, played.elapsed, played.cpu
    print(f"six_pack_bezique (2 players, whole deals, random play): {hands / elapsed:.0f} hands per second "
          f"({hands / used:.0f} per CPU second: the figure on an idle core), {actions / elapsed:.0f} actions per second")


if __name__ == "__main__":
    main()
