"""ribs-heuristic answers legally however it is reused, takes its sample count, and judges
whether a hand fits a seat's bids."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.bots import make_bot
from parlour.engine import OptionsError
from parlour.games import GAMES
from parlour.games.ribs import rank_id


def test_one_bot_per_seat_reused_across_many_deals_always_answers_legally() -> None:
    """The search reuses one model bot per seat in world after world at the same trick of
    the same hand number: nothing it caches may outlive the hand it was computed for."""
    game = GAMES["ribs"]
    options = game.options(players=5)
    bots = [make_bot("ribs-heuristic(samples=2)", game, s, s) for s in range(5)]
    for deal in range(40):
        state = game.new_state(options, deal)
        while state.trick_no == 0:
            seat = state.to_act()
            assert seat is not None
            obs = state.observation(seat)
            bot = bots[seat]
            text = bot.choose(obs)
            assert text in obs["legal_actions"], (deal, text, obs["hand"])
            if obs["phase"] == "bidding" and len(obs["legal_actions"]) > 1:
                held = {rank_id(t) for t in obs["hand"]}
                assert {r for pair in bot._takes for r in pair} <= held, "estimates are for this hand's ribs"
            state.apply_text(text)


@pytest.mark.parametrize("spec", ["ribs-heuristic(samples=0)", "ribs-heuristic(samples=many)", "ribs-heuristic(depth=2)"])
def test_bad_parameters_are_refused(spec: str) -> None:
    with pytest.raises(OptionsError):
        make_bot(spec, GAMES["ribs"], 0, 1)


def _after_the_bidding(seed: int, plays: int) -> tuple[Any, list[Any]]:
    """A 6-player hand played by the heuristic to the end of trick 1's bidding, then `plays`
    plays more; with the bots, so a later test can go on."""
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=6), seed)
    bots = [make_bot("ribs-heuristic", game, s, 50 + s) for s in range(6)]
    while state.observation(state.to_act())["phase"] == "bidding":
        seat = state.to_act()
        state.apply_text(bots[seat].choose(state.observation(seat)))
    for _ in range(plays):
        seat = state.to_act()
        state.apply_text(bots[seat].choose(state.observation(seat)))
    return state, bots


def test_plausibility_takes_the_view_back_to_the_bidding() -> None:
    """Pairs put on the table after the bidding do not change how plausible a seat's bids
    were: its view is taken back to the moment it bid. (The bidder's ribs add their own
    judgement, tested below.)"""
    game = GAMES["ribs"]
    for seed in range(6):
        before, _ = _after_the_bidding(seed, 0)
        after, _ = _after_the_bidding(seed, 3)
        judged = [s for s, play in enumerate(after.observation(0)["table"]) if play and not play["ribs"]]
        assert len(judged) == 2
        for s in judged:
            judge = make_bot("ribs-heuristic(samples=8)", game, s, 1)
            first = judge.plausibility(before.observation(s))
            judge = make_bot("ribs-heuristic(samples=8)", game, s, 1)
            assert judge.plausibility(after.observation(s)) == first


def test_a_hand_of_sevens_and_eights_does_not_fit_a_high_raise() -> None:
    """Every seat that raised to 8 or more in trick 1 is judged less plausible holding only
    sevens and eights than holding the hand it really raised with."""
    game = GAMES["ribs"]
    judged = 0
    for seed in range(8):
        state, _ = _after_the_bidding(seed, 0)
        bids = state.observation(0)["bidding"]["bids"]
        for seat in {s for s, bid in bids[1:] if bid != "pass" and bid >= 8}:
            real = state.observation(seat)
            low = dict(real, hand=["7", "8"] * (len(real["hand"]) // 2))
            judge = make_bot("ribs-heuristic(samples=8)", game, seat, 1)
            fits = judge.plausibility(real)
            judge = make_bot("ribs-heuristic(samples=8)", game, seat, 1)
            assert judge.plausibility(low) < fits, (seed, seat, real["hand"])
            judged += 1
    assert judged >= 8


def test_the_ribs_it_would_have_picked_fit_better_than_its_lowest_pair() -> None:
    """The bidder's real ribs are judged at least as plausible as its two lowest cards put
    down instead, and more plausible in most deals (the rest are deals where no ribs could
    make the bid, so every choice takes nothing)."""
    game = GAMES["ribs"]
    order = "789TJQKA"
    better = 0
    for seed in range(10):
        state, _ = _after_the_bidding(seed, 1)
        bidder = state.observation(state.to_act())["bidding"]["bidder"]
        view = state.observation(bidder)
        ribs = view["table"][bidder]["cards"].split()
        low = sorted(view["hand"], key=order.index)[:2]
        rest = list(view["hand"])
        for card in low:
            rest.remove(card)
        table = list(view["table"])
        table[bidder] = dict(table[bidder], cards=" ".join(low))
        swapped = dict(view, hand=rest + ribs, table=table)
        real = make_bot("ribs-heuristic(samples=8)", game, bidder, 1).plausibility(view)
        other = make_bot("ribs-heuristic(samples=8)", game, bidder, 1).plausibility(swapped)
        assert real >= other, (seed, ribs, low)
        better += real > other
    assert better >= 5


def test_it_reads_only_what_search_asks_for() -> None:
    """The heuristic (and a search's model of it) reads only the keys it declares
    (`READS`): given an observation cut down to them, it chooses and judges just as with
    the full one, and the observation a search asks for (`views=False, keys=READS`) holds
    all of them."""
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=5), 4)
    lean = [make_bot("ribs-heuristic(samples=4)", game, s, 9) for s in range(5)]
    full = [make_bot("ribs-heuristic(samples=4)", game, s, 9) for s in range(5)]
    reads = lean[0].READS
    assert reads is not None
    while not state.hand_over():
        seat = state.to_act()
        assert seat is not None
        asked = state.observation(seat, views=False, keys=reads)
        assert reads <= set(asked)
        cut = {k: v for k, v in asked.items() if k in reads}
        text = lean[seat].choose(cut)
        assert full[seat].choose(state.observation(seat)) == text
        assert lean[seat].plausibility(cut) == full[seat].plausibility(state.observation(seat))
        state.apply_text(text)


def test_the_inlined_shuffle_and_pair_sample_draw_as_random_does() -> None:
    """`_shuffle` and `_sample_pair` are `random.Random.shuffle` and `sorted(sample(..., 2))`
    inlined for speed: the same results and the same stream left behind, so a seeded game
    replays as before."""
    import random

    from parlour.bots.ribs_heuristic import _sample_pair, _shuffle

    for seed in range(200):
        size = 2 + seed % 70
        cards = [(7 * i) % 8 for i in range(size)]
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, ref = list(cards), list(cards)
        _shuffle(mine, ours.getrandbits)
        theirs.shuffle(ref)
        assert mine == ref
        hand = mine[: 2 + seed % 7]
        lo, hi = sorted(theirs.sample(hand, 2))
        assert _sample_pair(hand, ours.getrandbits) == (lo, hi)
        assert ours.random() == theirs.random()


@pytest.mark.parametrize("lemons", [False, True])
@pytest.mark.parametrize("both_above", [False, True])
def test_the_judging_tables_agree_with_judge_pairs(lemons: bool, both_above: bool) -> None:
    """A row of `_tables` summed over a trick's pairs gives judge_pairs' defeated points, or
    a negative sum when a pair cracks the ribs; the outcome row says which pairs beat them."""
    import random

    from parlour.bots.ribs_heuristic import _tables
    from parlour.games.ribs import BEATS, PAIR_OF, STRENGTH_LEMONS, STRENGTH_NORMAL, judge_pairs

    strength = STRENGTH_LEMONS if lemons else STRENGTH_NORMAL
    rows, outcomes = _tables(strength, both_above)
    rng = random.Random(5)
    codes = sorted(PAIR_OF)
    for _ in range(3000):
        ribs = rng.choice(codes)
        plays = [rng.choice(codes) for _ in range(rng.randrange(0, 9))]
        cracker, beaters, defeated = judge_pairs(PAIR_OF[ribs], [PAIR_OF[p] for p in plays], strength, both_above)
        total = sum(rows[ribs][p] for p in plays)
        assert (total < 0) == (cracker is not None)
        if cracker is None:
            assert total == defeated
            assert beaters == [i for i, p in enumerate(plays) if outcomes[ribs][p] == BEATS]
