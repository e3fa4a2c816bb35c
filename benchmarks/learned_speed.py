"""How long a learned player takes a move, for every table with shipped weights.

The issue's bound is 5 ms a move with numpy alone. One sample is one `choose` of the
`learned` bot on the observation a person's seat gets (`State.observation(seat)`, views
included, as the arena and the server give it), in seat 0 against the game's heuristic
bot, over seeded hands; forced moves (one legal action) are not counted, since the bot
answers them without the network. The weights are loaded before timing (a process loads
them once). Printed per table: moves timed, mean, 99th percentile and slowest move, in
milliseconds, by the wall clock and by the CPU time the move used (`time.process_time`:
on a shared, busy machine the wall clock also counts the time other work held the CPU); with `--spec SPEC` another bot spec is timed the same way (the strong
level's search, say, against its one second a move), and with `--table GAME-PLAYERS` one
table, shipped weights or not (`--table six_pack_bezique-2 --spec strong` times the search
with the heuristic as its model). numpy runs on one thread, as in every `parlour` command,
unless `OPENBLAS_NUM_THREADS` says otherwise.

Run: .venv/bin/python benchmarks/learned_speed.py [--hands 20] [--spec learned] [--table GAME-PLAYERS]
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from parlour.bots import make_bot
from parlour.bots.learned import shipped_tables
from parlour.bots.network import blas_on_one_thread
from parlour.games import get_game


def time_table(game_name: str, players: int, spec: str, hands: int) -> tuple[list[float], list[float]]:
    """Wall-clock and CPU seconds per unforced move of `spec` in seat 0 of `hands` seeded hands."""
    game = get_game(game_name)
    options = game.options(players=players)
    times: list[float] = []
    cpu: list[float] = []
    for seed in range(hands):
        state = game.new_state(options, seed, dealer=seed % players)
        others = game.heuristic_bot() or "random"
        bots = [make_bot(spec if s == 0 else others, game, s, seed * 100 + s) for s in range(players)]
        while state.to_act() is not None and not state.hand_over():
            seat = state.to_act()
            assert seat is not None
            observation = state.observation(seat)
            started, cpu_started = time.perf_counter(), time.process_time()
            text = bots[seat].choose(observation)
            if seat == 0 and len(observation["legal_actions"]) > 1:
                times.append(time.perf_counter() - started)
                cpu.append(time.process_time() - cpu_started)
            state.apply_text(text)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--spec", default="learned")
    parser.add_argument("--table", help="one table, GAME-PLAYERS (default: every table with shipped weights)")
    args = parser.parse_args()
    blas_on_one_thread()
    tables = shipped_tables()
    if args.table:
        game_name, _, players = args.table.rpartition("-")
        if not game_name or not players.isdigit():
            parser.error("--table: write GAME-PLAYERS, such as six_pack_bezique-2")
        tables = [(game_name, int(players))]
    for game_name, players in tables:
        time_table(game_name, players, args.spec, 1)
        for clock, seconds in zip(("wall", "CPU"), time_table(game_name, players, args.spec, args.hands), strict=True):
            ms = np.array(seconds) * 1000
            print(
                f"{game_name}-{players} {args.spec} ({clock}): {len(ms)} moves, mean {ms.mean():.2f} ms, "
                f"p99 {np.percentile(ms, 99):.2f} ms, slowest {ms.max():.2f} ms"
            )


if __name__ == "__main__":
    main()
