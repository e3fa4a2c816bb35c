"""Ridge's double-dummy work next to endplay's own calls for the same deals, same run.

For each seeded deal a whole hand is played (ridge-greedy for both seats, so the play
has mistakes to find), then timed:
- analyse: `analyse_record` of the hand (table, perfect auction, every call and card
  valued) against the DDS calls it needs, made through endplay's API: `calc_dd_table`
  and `analyse_play` of the whole play;
- choose a card: `ridge-dd` choosing at every turn of the hand (observation in, text
  out) against endplay's `solve_board` of the same positions;
- choose a call: `ridge-dd`'s first call (table plus the auction solved) against
  endplay's `calc_dd_table`.
Our table cache is emptied before each timing, and the order of the two sides
alternates from deal to deal, so neither profits from DDS's warm memory more than the
other. Run: `.venv/bin/python benchmarks/ridge_speed.py [deals]`; the last line is the
headline ratio (the issue asks for at most 1.5).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from endplay.dds import analyse_play, calc_dd_table, solve_board
from endplay.types import Card, Deal, Denom, Player

import parlour.analysis.ridge as oracle
import parlour.bots.double_dummy as dd
from parlour.bots import make_bot
from parlour.games.ridge import DENOM_TEXTS, GAME, HAND_NAMES, PLAYING, RidgeState
from parlour.record import record_of


def played_hand(seed: int) -> RidgeState:
    state = GAME.new_state(GAME.options(hands=1), seed=seed)
    bots = [make_bot("ridge-greedy", GAME, s, s) for s in range(2)]
    while state.to_act() is not None:
        seat = state.to_act()
        assert seat is not None
        state.apply_text(bots[seat].choose(state.observation(seat)))
    return state


def endplay_card(text: str) -> Card:
    return Card(text[1] + text[0])


def timed(fn: Callable[[], Any]) -> float:
    dd._TABLES.clear()
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def measure_hand(state: RidgeState, seed: int, ours_first: bool) -> tuple[dict[str, float], int]:
    """The six timings of one played hand, and how many card choices it had."""
    last = state.last_hand
    assert last is not None and last["contract"] is not None
    record = record_of(state)
    contract = last["contract"]
    pbn = last["deal"]
    plays = [text.split()[1] for _, text in record["actions"] if text.startswith("play")]
    trump = Denom(DENOM_TEXTS.index(contract["trump"]))
    leader = Player(HAND_NAMES.index(contract["leader"]))

    def ours_analyse() -> None:
        oracle.analyse_record(record)

    def dds_analyse() -> None:
        deal = Deal.from_pbn(pbn)
        calc_dd_table(deal)
        deal.trump, deal.first = trump, leader
        analyse_play(deal, [endplay_card(c) for c in plays])

    # every position of the hand, rebuilt once, outside the timings
    positions: list[dict[str, Any]] = []
    ep_positions: list[Deal] = []
    replay_state = GAME.new_state(GAME.options(hands=1), seed=seed)
    ep_deal = Deal.from_pbn(pbn)
    ep_deal.trump, ep_deal.first = trump, leader
    for _, text in record["actions"]:
        if replay_state.phase == PLAYING:
            positions.append(replay_state.observation(replay_state.to_act()))
            ep_positions.append(ep_deal.copy())
            ep_deal.play(endplay_card(text.split()[1]))
        replay_state.apply_text(text)
    bots = [make_bot("ridge-dd", GAME, s, s) for s in range(2)]
    first_obs = GAME.new_state(GAME.options(hands=1), seed=seed).observation(0)

    def ours_cards() -> None:
        for obs in positions:
            bots[obs["to_act"]].choose(obs)

    def dds_cards() -> None:
        for deal in ep_positions:
            if len(deal.legal_moves()) > 1:
                solve_board(deal)

    def ours_call() -> None:
        bots[0].choose(first_obs)

    def dds_call() -> None:
        calc_dd_table(Deal.from_pbn(pbn))

    out: dict[str, float] = {}
    for name, ours, theirs in [
        ("analyse", ours_analyse, dds_analyse),
        ("card", ours_cards, dds_cards),
        ("call", ours_call, dds_call),
    ]:
        if ours_first:
            out[name] = timed(ours)
            out[name + "_dds"] = timed(theirs)
        else:
            out[name + "_dds"] = timed(theirs)
            out[name] = timed(ours)
    return out, len(positions)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    totals = {k: 0.0 for k in ("analyse", "analyse_dds", "card", "card_dds", "call", "call_dds")}
    cards_chosen = 0
    hands = 0
    seed = 0
    while hands < deals:
        state = played_hand(seed)
        if state.last_hand is not None and state.last_hand["contract"] is not None:
            times, n = measure_hand(state, seed, ours_first=hands % 2 == 1)
            for k, v in times.items():
                totals[k] += v
            cards_chosen += n
            hands += 1
        seed += 1
    print(f"ridge: {hands} played hands, {cards_chosen} card choices")
    print(f"ridge choose a call (ridge-dd): {totals['call'] / hands:.4f} s; endplay calc_dd_table: {totals['call_dds'] / hands:.4f} s")
    print(f"ridge choose a card (ridge-dd): {totals['card'] / cards_chosen * 1000:.2f} ms; "
          f"endplay solve_board: {totals['card_dds'] / cards_chosen * 1000:.2f} ms")
    print(f"ridge analyse a whole hand: {totals['analyse'] / hands:.4f} s; "
          f"endplay calc_dd_table + analyse_play: {totals['analyse_dds'] / hands:.4f} s")
    print(f"ridge analysis / its DDS calls through endplay: {totals['analyse'] / totals['analyse_dds']:.2f}x")


if __name__ == "__main__":
    main()
