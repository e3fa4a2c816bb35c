"""ISMCTS plays every game legally from observations alone, is reproducible, and is strong."""

from __future__ import annotations

import random

import pytest

from parlour.bots import make_bot
from parlour.bots.ismcts import (
    DEFAULT_ITERATIONS,
    DEFAULT_PAIRED_ITERATIONS,
    SETTLE_WORLDS,
    WORLD_TRIES,
    ISMCTSBot,
    bonferroni_z,
    gain_bounds,
    margin_rewards,
    mixed_rewards,
    paired_choice,
    relative_rewards,
    settled,
    student_t,
)
from parlour.engine import OptionsError
from parlour.games import GAMES


@pytest.mark.parametrize("spec", ["ismcts(iterations=12)", "ismcts(iterations=12, rollout=random)"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_plays_a_hand_of_every_game_legally(name: str, spec: str) -> None:
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), 5)
    bots = [make_bot(spec, game, s, s) for s in range(state.players)]
    while True:
        seat = state.to_act()
        assert seat is not None
        obs = state.observation(seat)
        text = bots[seat].choose(obs)
        assert text in obs["legal_actions"]
        state.apply_text(text)
        if state.hand_over():
            break


def test_same_seed_same_choice_and_the_true_state_is_never_read() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=5), 2)
    rng = random.Random(0)
    while len(state.legal_actions()) < 4:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act()
    obs = state.observation(seat)
    other = state.redeal_hidden(seat, random.Random(9))
    assert other.observation(seat) == obs
    first = make_bot("ismcts(iterations=60)", game, seat, 7).choose(obs)
    again = make_bot("ismcts(iterations=60)", game, seat, 7).choose(other.observation(seat))
    assert first == again


def test_time_budget_and_bad_parameters() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=4), 1)
    state.apply(2)  # the opener bids 2; the next seat may pass or raise
    seat = state.to_act()
    assert make_bot("ismcts(seconds=0.05)", game, seat, 1).choose(state.observation(seat)) in ("pass", "bid 3")
    for spec in ("ismcts(iterations=20, rollout=mast)", "ismcts(iterations=20, worlds=5, bias=1)"):
        assert make_bot(spec, game, seat, 1).choose(state.observation(seat)) in ("pass", "bid 3")
    for spec in (
        "ismcts(iterations=0)",
        "ismcts(iterations=5, seconds=1)",
        "ismcts(rollout=smart)",
        "ismcts(depth=3)",
        "ismcts(root=deep)",
        "ismcts(root=paired, rollout=random)",
        "ismcts(reward=money)",
        "ismcts(z=high)",
        "ismcts(tries=0)",
        "ismcts(tries=many)",
    ):
        with pytest.raises(OptionsError):
            make_bot(spec, game, 0, 1)


def test_rewards_are_relative_to_the_table() -> None:
    assert relative_rewards([10, 0, 5, 5]) == [1.0, 0.0, 0.5, 0.5]
    assert relative_rewards([3, 3, 3]) == [0.5, 0.5, 0.5]
    assert mixed_rewards([10, 0, 5, 10]) == [1.0, 0.0, 0.25, 1.0]
    assert margin_rewards([10, 0, 5, 5]) == pytest.approx([20 / 3, -20 / 3, 0.0, 0.0])
    assert margin_rewards([6, 0, 3]) == [4.5, -4.5, 0.0]


def test_defaults_search_with_the_heuristic_as_model_where_a_game_has_one() -> None:
    game = GAMES["ribs"]
    paired = make_bot("ismcts", game, 0, 1)
    assert isinstance(paired, ISMCTSBot)
    assert (paired.root, paired.iterations) == ("paired", DEFAULT_PAIRED_ITERATIONS)
    model = paired.search.rollout_bots
    assert model is not None and getattr(model[0], "samples", None) == 4, "the model is the cheap heuristic"
    tree = make_bot("ismcts(rollout=random)", game, 0, 1)
    assert isinstance(tree, ISMCTSBot)
    assert (tree.root, tree.iterations) == ("ucb", DEFAULT_ITERATIONS)


def test_paired_choice_keeps_the_prior_unless_another_is_better_world_by_world() -> None:
    base = [0.5] * 16
    assert paired_choice([base, [0.55] * 16], 1.0) == 1, "a steady gain wins"
    assert paired_choice([base, [0.5] * 16], 1.0) == 0, "a tie keeps the prior"
    assert paired_choice([base, [0.4] * 16], 1.0) == 0
    noisy = [0.5 + g for g in [0.21, -0.09] * 8]
    assert paired_choice([base, noisy], 1.0) == 1, "mean gain 0.06, 1.5 standard errors"
    assert paired_choice([base, noisy] + [base] * 8, 1.0) == 0, "not enough among nine rivals"
    assert paired_choice([base, noisy, [0.56] * 16], 1.0) == 2, "the surest gain is taken"
    assert paired_choice([[0.5], [0.9]], 1.0) == 0, "one world says nothing"
    few = [0.5 + g for g in [0.21, -0.09] * 2]
    assert paired_choice([base[:4], few], 1.0) == 0, "1.5 standard errors is not enough over 4 worlds (t, 3 dof)"


def test_student_t_quantiles_match_the_tables() -> None:
    assert student_t(1.959964, 5) == pytest.approx(2.571, abs=0.03)
    assert student_t(1.959964, 30) == pytest.approx(2.042, abs=0.002)
    assert student_t(1.0, 3) == pytest.approx(1.189, abs=0.01)
    assert student_t(2.326348, 10) == pytest.approx(2.764, abs=0.005)
    assert bonferroni_z(1.0, 1) == 1.0
    assert bonferroni_z(1.0, 4) == pytest.approx(1.755, abs=0.001), "P(Z > z) = 0.1587 / 4"


def test_a_race_settles_when_the_interval_leaves_zero() -> None:
    prior = [0.5] * 6
    assert settled(gain_bounds([0.1] * 6, prior, 1.0)), "surely worse"
    assert settled(gain_bounds([0.6] * 6, prior, 1.0)), "surely better"
    assert settled(gain_bounds([0.5] * 6, prior, 1.0)), "the same move in effect: nothing to learn"
    assert not settled(gain_bounds([0.9, 0.1, 0.8, 0.3, 0.6, 0.4], prior, 1.0)), "too noisy to tell"
    low, high = gain_bounds([0.9], prior, 1.0)
    assert (low, high) == (float("-inf"), float("inf")), "one world gives no interval"


def test_a_game_without_chance_settles_every_race_at_once() -> None:
    """Ridge hides nothing and ridge-greedy draws no random numbers: every world is the
    same, so each rival's gain is known after the first worlds and the race stops."""
    game = GAMES["ridge"]
    state = game.new_state(game.options(), 3)
    bot = make_bot("ismcts(iterations=400)", game, 0, 1)
    assert isinstance(bot, ISMCTSBot)
    decisions = 0
    while not state.hand_over() and decisions < 6:
        seat = state.to_act()
        assert seat is not None
        obs = state.observation(seat)
        if seat == 0 and len(obs["legal_actions"]) > 1:
            before = bot.search.simulations
            state.apply_text(bot.choose(obs))
            candidates = min(len(obs["legal_actions"]), 400 // 8)
            assert bot.search.simulations - before <= SETTLE_WORLDS * candidates
            decisions += 1
        else:
            state.apply(state.legal_actions()[0])
    assert decisions == 6


def test_rivals_are_the_models_other_choices_before_random_ones() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=6), 4)
    rng = random.Random(3)
    while state.observation(state.to_act())["phase"] != "playing" or len(state.legal_actions()) < 12:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act()
    obs = state.observation(seat)
    bot = make_bot("ismcts", game, seat, 5)
    assert isinstance(bot, ISMCTSBot) and bot.search.rollout_bots is not None
    model = bot.search.rollout_bots[seat]
    proposals = set()
    for k in range(40):
        model.rng.seed(k)
        proposals.add(state.text_to_action(model.choose(obs)))
    prior = state.legal_actions()[0]
    rivals = bot.search._rivals(obs, state.clone(), state.legal_actions(), prior, 3)
    assert len(rivals) == 3 and prior not in rivals and len(set(rivals)) == 3
    assert rivals[0] in proposals, "the first rival is a move the model itself plays"
    few = state.legal_actions()[:3]
    assert bot.search._rivals(obs, state.clone(), few, few[0], 5) == few[1:], "all of them when they fit"


def test_beats_random_players_at_ribs() -> None:
    """Seeded, so not flaky: a few duplicate deals, ISMCTS in every seat in turn."""
    game = GAMES["ribs"]
    options = game.options(players=4)
    mine = theirs = 0.0
    for deal in range(2):
        for rotation in range(4):
            state = game.new_state(options, deal)
            bots = {
                s: make_bot("ismcts(iterations=60)" if s == rotation else "random", game, s, 10 * deal + s)
                for s in range(4)
            }
            while not state.hand_over():
                seat = state.to_act()
                assert seat is not None
                state.apply_text(bots[seat].choose(state.observation(seat)))
            scores = state.hand_scores()
            mine += float(scores[rotation])
            theirs += sum(float(x) for s, x in enumerate(scores) if s != rotation) / 3
    assert mine > 1.5 * theirs


class _AceJudge:
    """A stand-in model: seat `doubter` finds a world plausible only when it holds an ace."""

    def __init__(self, seat: int, doubter: int) -> None:
        self.seat, self.doubter = seat, doubter

    def plausibility(self, observation: dict[str, object]) -> float:
        hand = observation["hand"]
        assert isinstance(hand, list)
        return 1.0 if self.seat != self.doubter or "A" in hand else 0.0


def test_worlds_are_drawn_again_until_the_judges_find_them_plausible() -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=6), 8)
    obs = state.observation(state.to_act())
    bot = make_bot("ismcts(infer=0)", game, obs["seat"], 2)
    assert isinstance(bot, ISMCTSBot) and bot.search.judges is None
    other = (obs["seat"] + 1) % 6
    plain = sum("A" in bot.search.sample_world(obs).observation(other)["hand"] for _ in range(100))
    bot.search.judges = [_AceJudge(s, other) for s in range(6)]
    judged = sum("A" in bot.search.sample_world(obs).observation(other)["hand"] for _ in range(100))
    assert judged == 100
    assert plain < 95, "a uniform deal often leaves that seat without an ace"


class _NeverJudge:
    """A stand-in model that finds no world plausible."""

    def plausibility(self, observation: dict[str, object]) -> float:
        return 0.0


@pytest.mark.parametrize("tries", [None, 1, 37])
def test_tries_bounds_the_draws_before_the_most_plausible_world_is_kept(tries: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    game = GAMES["ribs"]
    state = game.new_state(game.options(players=6), 8)
    obs = state.observation(state.to_act())
    bot = make_bot("ismcts" if tries is None else f"ismcts(tries={tries})", game, obs["seat"], 2)
    assert isinstance(bot, ISMCTSBot) and bot.search.judges is not None
    bot.search.judges = [_NeverJudge() for _ in range(6)]
    draws = []
    determinize = game.determinize
    monkeypatch.setattr(game, "determinize", lambda o, rng: draws.append(1) or determinize(o, rng))
    bot.search.sample_world(obs)
    assert len(draws) == (WORLD_TRIES if tries is None else tries)


def test_inference_needs_a_model_that_can_judge() -> None:
    ribs = make_bot("ismcts", GAMES["ribs"], 0, 1)
    assert isinstance(ribs, ISMCTSBot) and ribs.search.judges is not None, "on by default"
    cramps = GAMES["cramps"]
    state = cramps.new_state(cramps.options(players=4), 3)
    obs = state.observation(state.to_act())
    on = make_bot("ismcts", cramps, obs["seat"], 4)
    off = make_bot("ismcts(infer=0)", cramps, obs["seat"], 4)
    assert isinstance(on, ISMCTSBot) and on.search.judges is None
    assert on.choose(obs) == off.choose(obs), "without judges the search is unchanged"
