"""Where the model search spends its playouts, and how often it overrules the heuristic.

One seat plays the default `ismcts` (or `--bot SPEC`), the others the game's heuristic, for
seeded hands. Every decision of the searching seat with a real choice is grouped by its
phase (the observation's `phase`, where a game has one) and its number of legal actions.
Each group shows the count, the mean playouts and seconds per decision, and how often the
search played another move than the heuristic's. In phases where the move is a pass or a
bid, it also says which way: a raise turned into a pass, or a pass into a raise.

Run: `python benchmarks/ismcts_decisions.py [GAME] [--players N] [--hands H] [--bot SPEC]`.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter, defaultdict

from parlour.bots import make_bot
from parlour.bots.ismcts import ISMCTSBot
from parlour.games import GAMES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="ribs")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--bot", default="ismcts")
    args = parser.parse_args()
    game = GAMES[args.game]
    heuristic = game.heuristic_bot()
    if heuristic is None:
        raise SystemExit(f"{args.game} has no heuristic bot to compare with")
    options = game.options(players=args.players)
    search = make_bot(args.bot, game, 0, 99)
    if not isinstance(search, ISMCTSBot) or search.prior_bot is None:
        raise SystemExit("the bot must be an ismcts model search (root=paired)")
    others = [make_bot(heuristic, game, s, s) for s in range(args.players)]
    groups: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0, 0, 0, 0.0])
    turns: Counter[str] = Counter()
    for hand in range(args.hands):
        state = game.new_state(options, 2000 + hand)
        while not state.hand_over():
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat)
            if seat != 0 or len(obs["legal_actions"]) < 2:
                state.apply_text(others[seat].choose(obs))
                continue
            state_of_prior = search.prior_bot.rng.getstate()
            prior = search.prior_bot.choose(obs)
            search.prior_bot.rng.setstate(state_of_prior)
            before, start = search.search.simulations, time.perf_counter()
            action = search.choose(obs)
            group = groups[(str(obs.get("phase", "-")), min(len(obs["legal_actions"]), 9))]
            group[0] += 1
            group[1] += search.search.simulations - before
            group[2] += action != prior
            group[3] += time.perf_counter() - start
            if action != prior and (action == "pass" or prior == "pass"):
                turns["raise -> pass" if action == "pass" else "pass -> raise"] += 1
            state.apply_text(action)
    print(f"{args.game}, {args.players} players, {args.hands} hands, seat 0 plays {args.bot}")
    print(f"{'phase':10} {'legal':>5} {'decisions':>9} {'playouts':>9} {'overruled':>9} {'s/decision':>10}")
    for (phase, legal), (count, playouts, overruled, seconds) in sorted(groups.items()):
        shown = f"{legal}+" if legal == 9 else str(legal)
        print(
            f"{phase:10} {shown:>5} {count:9.0f} {playouts / count:9.1f} {overruled:9.0f} {seconds / count:10.3f}"
        )
    for turn, count in sorted(turns.items()):
        print(f"{turn}: {count}")


if __name__ == "__main__":
    main()
