"""Random-playout speed of Couillon: whole hands per second, for each pack.

A hand is played from its deal to its end by random legal actions (`random.choice` of
`legal_actions()`, then `apply`), hands following one another in a match as at the table;
a finished match is replaced by a new one. Nothing reads an observation, so what is
measured is the rules' path: the deal, the trump call, trick play, the board.

Run: .venv/bin/python benchmarks/couillon_speed.py [seconds per pack, default 3]
"""

from __future__ import annotations

import sys

from common import random_play

from parlour.games.couillon import GAME


def hands_per_second(deck: int, seconds: float, seed: int = 0) -> tuple[float, float]:
    """Hands and actions per second of random play with a `deck`-card pack."""
    played = random_play(GAME, GAME.options(deck=deck), seconds, seed)
    return played.hands / played.elapsed, played.actions / played.elapsed


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    for deck in (24, 32):
        hands, actions = hands_per_second(deck, seconds)
        print(f"couillon {deck} cards: {hands:.0f} hands per second, {actions:.0f} actions per second")


if __name__ == "__main__":
    main()
