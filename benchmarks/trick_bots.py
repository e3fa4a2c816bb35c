"""How clearly the Cramps and Couillon heuristic bots beat `random` (match wins).

Cramps: one heuristic seat against random seats, the heuristic seat rotated; random
play would win 1/players of the matches. Couillon: a heuristic partnership against a
random one, sides swapped every match; random play would win half.
Run: .venv/bin/python benchmarks/trick_bots.py [matches] [players-for-cramps]
"""

from __future__ import annotations

import math
import sys

from parlour.bots import make_bot
from parlour.games import get_game


def play(game_name: str, options: dict, bots: list[str], seed: int) -> tuple[list[int], list[list[int]]]:
    game = get_game(game_name)
    state = game.new_state(game.options(**options), seed)
    players = [make_bot(b, game, s, seed * 10 + s) for s, b in enumerate(bots)]
    while state.to_act() is not None:
        seat = state.to_act()
        assert seat is not None
        state.apply_text(players[seat].choose(state.observation(seat)))
    return state.winners(), state.scores_by_hand()


def report(label: str, wins: int, matches: int, chance: float, extra: str = "") -> None:
    rate = wins / matches
    err = 1.96 * math.sqrt(rate * (1 - rate) / matches)
    print(f"{label}: heuristic won {wins}/{matches} = {rate:.1%} +- {err:.1%} (random would win {chance:.0%}){extra}")


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for players, royal in ((4, False), (4, True), (6, False)):
        wins, per_hand, hands = 0, 0.0, 0
        for m in range(matches):
            seat = m % players
            bots = ["random"] * players
            bots[seat] = "cramps-heuristic"
            winners, scores = play("cramps", {"players": players, "royal": royal}, bots, m)
            wins += seat in winners
            per_hand += sum(h[seat] for h in scores)
            hands += len(scores)
        report(f"cramps {players}p royal={royal}", wins, matches, 1 / players,
               f"; {per_hand / hands:.2f} points a hand (a fair share is {10 / players:.2f})")
    for deck in (24, 32):
        wins = 0
        for m in range(matches):
            side = m % 2
            bots = ["couillon-heuristic" if s % 2 == side else "random" for s in range(4)]
            winners, _ = play("couillon", {"deck": deck}, bots, m)
            wins += side in winners
        report(f"couillon deck={deck}", wins, matches, 0.5)


if __name__ == "__main__":
    main()
