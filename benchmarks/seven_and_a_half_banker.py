"""What banking by exact expectation wins over the learned banker, paired on the same deals.

Every deal is played twice by four learned players: once as it is, once with the banker's
draws chosen by `seven_and_a_half_exact.banker_choice`. The punters act before the banker
and see nothing of how it will play, so both plays are the same up to the banker's turn,
and the difference in the bank's chips is the banker's choices alone, without the deal's
luck. `--miss` gives the weights tried for a hole card that does not fit a punter's play
(1: every fitting card equally likely).

    .venv/bin/python benchmarks/seven_and_a_half_banker.py --deals 2000 --miss 0.01,0.1,1
"""

from __future__ import annotations

import argparse
import statistics

from parlour.bots import make_bot
from parlour.bots.network import blas_on_one_thread
from parlour.bots.seven_and_a_half_exact import banker_choice
from parlour.games import get_game
from parlour.simulate import progress_bar


def bank_chips(deal: int, miss: float | None) -> tuple[int, int, int]:
    """The bank's chips on `deal`, and its draw decisions and how many `banker_choice` changed
    (miss None: the learned banker's own)."""
    game = get_game("seven_and_a_half")
    dealer = deal % 4
    state = game.new_state(game.options(players=4), deal, dealer=dealer)
    bots = [make_bot("learned", game, s, deal * 10 + s) for s in range(4)]
    decisions = changed = 0
    while (seat := state.to_act()) is not None:
        obs = state.observation(seat)
        action = bots[seat].choose(obs)
        if miss is not None and seat == dealer and obs["phase"] == "play" and "hit" in obs["legal_actions"]:
            exact = banker_choice(obs, miss)
            decisions, changed = decisions + 1, changed + (exact != action)
            action = exact
        state.apply_text(action)
        if state.hand_over():
            break
    return state.hand_scores()[dealer], decisions, changed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=700000, help="the first deal's seed")
    parser.add_argument("--miss", default="0.01", help="comma-separated weights to try")
    args = parser.parse_args()
    blas_on_one_thread()
    deals = range(args.seed, args.seed + args.deals)
    lines = []
    with progress_bar() as progress:
        bar = progress.add_task("learned banker", total=len(deals))
        learned = []
        for deal in deals:
            learned.append(bank_chips(deal, None)[0])
            progress.advance(bar)
        for miss in (float(m) for m in args.miss.split(",")):
            bar = progress.add_task(f"exact banker, miss {miss:g}", total=len(deals))
            gains, decisions, changed = [], 0, 0
            for deal, before in zip(deals, learned, strict=True):
                chips, d, c = bank_chips(deal, miss)
                gains.append(chips - before)
                decisions, changed = decisions + d, changed + c
                progress.advance(bar)
            mean, half = statistics.mean(gains), 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
            lines.append(
                f"miss {miss:g}: the bank wins {mean:+.4f} a deal ({mean - half:+.4f} .. {mean + half:+.4f}) "
                f"over {len(gains)} deals; {changed} of {decisions} draw decisions changed"
            )
    print("\n".join(lines))


if __name__ == "__main__":
    main()
