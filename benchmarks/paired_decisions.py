"""What a turn-end-values player's departures from the heuristic are worth, in the true deal.

The heuristic plays every seat of `--hands` hands. At each decision with a choice, every
legal move is played out in the true deal with the same continuation by the heuristic
(`parlour.training.heuristic_hands.played_out`, what the move-value method trains on),
which is each move's exact worth there. The weights value each move's turn end; with each
`--bonus`, the move they would play is compared with the heuristic's by that exact worth.
So a few hundred hands tell whether the values choose better than the heuristic, with none
of the arena's luck of the deal; "best in the deal" is what knowing every card would win.

    .venv/bin/python benchmarks/paired_decisions.py kings_in_the_corner \
        src/parlour/bots/weights/kings_in_the_corner-2.npz --hands 150
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np

from parlour.bots import make_bot
from parlour.bots.learned import TurnValue, weights_at
from parlour.bots.network import blas_on_one_thread
from parlour.games import game_from_spec
from parlour.simulate import progress_bar
from parlour.training.heuristic_hands import played_out


def decisions(spec: str, values: TurnValue, hands: int, seed: int) -> list[tuple[np.ndarray, np.ndarray, int]]:
    """Each decision's exact worths of the legal moves, their values, and the
    heuristic's move's index."""
    game, options = game_from_spec(spec)
    heuristic = game.heuristic_bot()
    assert heuristic is not None
    found = []
    with progress_bar() as progress:
        bar = progress.add_task(f"{game.title}: decisions played out", total=hands)
        for deal in range(seed, seed + hands):
            state = game.new_state(options, deal, dealer=deal % options.players)
            bots = [make_bot(heuristic, game, s, deal * 10 + s) for s in range(options.players)]
            while (seat := state.to_act()) is not None and not state.hand_over():
                observation = state.observation(seat, views=False)
                legal = observation["legal_actions"]
                move = bots[seat].choose(observation)
                if len(legal) > 1:
                    outcomes = [played_out(game, heuristic, state, seat, text, deal * 31 + 7, options.players) for text in legal]
                    if all(outcome is not None for outcome in outcomes):
                        worth = np.array([outcome[1] for outcome in outcomes if outcome is not None])
                        valued = values.values([outcome[0] for outcome in outcomes if outcome is not None])
                        found.append((worth, valued, legal.index(values.canonical(move))))
                state.apply_text(move)
            progress.advance(bar)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("spec", help="the table, as the weights were trained (e.g. kings_in_the_corner)")
    parser.add_argument("weights", help="a weights file of kind turn_value")
    parser.add_argument("--hands", type=int, default=150)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--bonus", default="0,0.3,1,2,3,5,10", help="bonuses to try, in points (comma-separated)")
    args = parser.parse_args()
    blas_on_one_thread()
    values = weights_at(args.weights)
    if not isinstance(values, TurnValue):
        raise SystemExit(f"{args.weights} holds {values.kind} weights, not turn-end values")
    found = decisions(args.spec, values, args.hands, args.seed)
    print(f"{len(found)} decisions with a choice in {args.hands} hands")
    for bonus in (float(b) for b in args.bonus.split(",")):
        gains, departures = [], 0
        for worth, valued, heuristic in found:
            scored = valued.copy()
            scored[heuristic] += bonus
            chosen = int(np.argmax(scored))
            gains.append(float(worth[chosen] - worth[heuristic]))
            departures += chosen != heuristic
        half = 1.96 * statistics.pstdev(gains) / len(gains) ** 0.5
        print(f"bonus {bonus:g}: departs from the heuristic at {departures / len(found):.1%} of decisions, "
              f"gains {statistics.fmean(gains):+.4f} (±{half:.4f}) points a decision")
    best = statistics.fmean(float(worth.max() - worth[heuristic]) for worth, _, heuristic in found)
    print(f"the best move in the deal (knowing every card) gains {best:+.4f} points a decision")


if __name__ == "__main__":
    main()
