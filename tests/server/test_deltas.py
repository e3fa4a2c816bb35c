"""Deltas: after its first state a connection is sent what changed, and rebuilds the rest.

- `changes` and `rebuilt` (server/delta.py) turn one observation of every game into the
  next exactly: the same keys in the same order, the same values, the old state untouched;
- through a real server, random seeded play of several games (bots among the people, a
  new match at one table): every state a delta client rebuilds is the whole state sent at
  the same moment to a twin connection that asked for whole states only (`/ws?full=1`);
- a client that misses a delta asks for the whole state (`sync`), gets it, and follows
  deltas again;
- the page's `Delta.following` (web/delta.js, in chromium) rebuilds what Python does, and
  the page playing a hand by clicks holds the state a whole-state twin is sent.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import Client, ServerProcess
from test_browser import create_table, open_browser, play_hand

from parlour.games import GAMES
from parlour.server.delta import changes, following, rebuilt


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("deltas") / "parlour.sqlite3", rate=5000).start()
    yield proc
    proc.stop()


def same(a: Any, b: Any) -> bool:
    """Equal as JSON a client reads: the same keys in the same order, true never 1, and
    numbers equal as numbers (JavaScript writes 2.0 as 2)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    return bool(a == b)


def without_seq(message: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in message.items() if k != "seq"}


def observed_states(name: str, actions: int = 120, seed: int = 3) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(state before, state after) of every seat and the spectator, wrapped as state
    messages, over seeded random play of `name`."""
    game = GAMES[name]
    state = game.new_state(game.options(players=game.min_players), seed)
    rng = random.Random(seed)
    seats = [None, *range(state.players)]
    last = {seat: {"type": "state", "version": 0, "observation": state.observation(seat), "seq": 1} for seat in seats}
    for version in range(1, actions + 1):
        if state.to_act() is None:
            break
        state.apply(rng.choice(state.legal_actions()))
        for seat in seats:
            now = {"type": "state", "version": version, "observation": state.observation(seat), "seq": version + 1}
            yield last[seat], now
            last[seat] = now


@pytest.mark.parametrize("name", list(GAMES))
def test_changes_rebuild_the_next_observation_exactly(name: str) -> None:
    steps_seen = set()
    for before, after in observed_states(name):
        kept = json.dumps(before)
        steps = changes(before, after, frozenset({"version", "seq"}))
        assert steps is not None
        steps_seen |= {step[0] for step in steps}
        delta = {"type": "delta", "seq": after["seq"], "version": after["version"], "changes": steps}
        made = following(before, delta)
        assert made is not None and same(made, after)
        assert json.dumps(before) == kept, "the state a delta applies to was changed"
    assert {"=", "+"} <= steps_seen


def test_a_zone_that_comes_and_goes_is_spliced_in_and_out() -> None:
    before = {"zones": [{"id": "a", "cards": ["AS"]}, {"id": "b", "cards": []}, {"id": "c", "cards": ["KD"]}]}
    after = {"zones": [{"id": "a", "cards": []}, {"id": "n", "cards": ["QH"]}, {"id": "c", "cards": ["KD", "AS"]}]}
    steps = changes(before, after)
    assert steps is not None and all(step[0] != "=" or step[1] != ["zones"] for step in steps)
    assert [step[0] for step in steps] == ["~", "~", "=", "+"]
    assert same(rebuilt(before, steps), after)


def test_keys_that_change_places_are_sent_whole() -> None:
    before = {"o": {"a": 1, "b": 2}, "p": {"a": 1}}
    after = {"o": {"b": 3, "a": 1}, "p": {"b": 2, "a": 1}}
    steps = changes(before, after)
    assert steps == [["=", ["o"], {"b": 3, "a": 1}], ["=", ["p"], {"b": 2, "a": 1}]]
    assert same(rebuilt(before, steps), after)
    assert changes({"a": 1, "b": 2}, {"b": 2, "a": 3}) is None  # the message itself: whole


@pytest.mark.parametrize("steps", [
    [["=", [], 1]], [["=", ["nowhere", "x"], 1]], [["+", ["n"], [1]]], [["~", ["l"], 2, 5, []]],
    [["?", ["n"], 1]], ["=", ["n"], 1], [["=", ["n", "deeper"], 1]],
])
def test_steps_that_do_not_fit_are_refused(steps: list[Any]) -> None:
    with pytest.raises(ValueError):
        rebuilt({"n": 1, "l": [1, 2]}, steps)


def test_a_delta_that_does_not_follow_the_last_state_gives_nothing() -> None:
    state = {"type": "state", "version": 4, "seq": 7, "observation": {}}
    assert following(state, {"type": "delta", "seq": 9, "version": 6, "changes": []}) is None
    assert following(None, {"type": "delta", "seq": 1, "version": 0, "changes": []}) is None
    assert following(state, {"type": "delta", "seq": 8, "version": 5, "changes": []}) == {**state, "version": 5, "seq": 8}


# --- through a real server ---------------------------------------------------------------

def ready_for(people: dict[int, Client], acted: int):  # type: ignore[no-untyped-def]
    def ready(m: dict[str, Any]) -> bool:
        obs = m.get("observation") if m.get("type") == "state" else None
        return obs is not None and m["version"] > acted and (obs["match_over"] or obs["to_act"] in people)
    return ready


def play(watcher: Client, people: dict[int, Client], rng: random.Random, moves: int) -> dict[str, Any]:
    """People play random moves at their turns (bots play theirs at once) until `moves` are
    made or the match is over; returns the watcher's state once the table waits for a
    person (or the match is over): nothing changes then."""
    acted = -1
    state = watcher.state
    for _ in range(moves):
        assert state is not None
        ready = ready_for(people, acted)
        state = state if ready(state) else watcher.until(ready)
        obs = state["observation"]
        if obs["match_over"]:
            break
        seat, version = obs["to_act"], state["version"]
        actor = people[seat]

        def turn(m: dict[str, Any]) -> bool:
            return m.get("type") == "state" and m["version"] == version and m["observation"]["to_act"] == seat  # noqa: B023
        mine = actor.state if actor.state is not None and turn(actor.state) else actor.until(turn)
        actor.act(rng.choice(mine["observation"]["legal_actions"]), state["version"])
        acted = state["version"]
        state = watcher.wait_version(acted + 1)
    ready = ready_for(people, acted)
    return state if ready(state) else watcher.until(ready)  # the bots wait for a person now


def settle(clients: list[Client]) -> None:
    for client in clients:
        client.send({"type": "ping"})
        client.until(lambda m: m["type"] == "pong")


def check_twins(deltas: Client, twin: Client) -> int:
    """Every state `deltas` rebuilt since `twin` connected is the state `twin` was sent
    whole at the same moment; returns how many were compared."""
    assert not any(m["type"] == "delta" for m in twin.wire)
    assert any(m["type"] == "delta" for m in deltas.wire) and deltas.syncs == 0
    whole = [m for m in twin.messages if m["type"] == "state"][1:]  # after the twin's own first state
    made = [m for m in deltas.messages if m["type"] == "state"][-len(whole):]
    for got, want in zip(made, whole, strict=True):
        assert same(without_seq(got), without_seq(want)), f"the state rebuilt at v{got['version']} is not the whole one"
    return len(whole)


GAMES_PLAYED = {  # game: (options, seats played by bots)
    "ribs": ({"hands_to_win": 1}, {1, 3}),
    "cramps": ({}, {2}),
    "yaniv": ({}, {1}),
    "paks": ({}, set()),
    "seven_and_a_half": ({}, {1, 2}),
    "kings_in_the_corner": ({}, {3}),
}


@pytest.mark.parametrize("name", list(GAMES_PLAYED))
def test_every_state_a_delta_makes_is_the_whole_state_sent_at_that_moment(server: ServerProcess, name: str) -> None:
    options, bots = GAMES_PLAYED[name]
    players = GAMES[name].min_players
    made = server.create(game=name, players=players, bots={s: "random" for s in bots}, sit=None, options=options)
    table = made["table"]["id"]
    tokens = {seat: server.join(table, seat, name=f"P{seat}")["token"] for seat in range(players) if seat not in bots}
    people = {seat: Client(server, table, token) for seat, token in tokens.items()}
    watcher = Client(server, table)
    first = min(people)
    twins = [(people[first], Client(server, table, tokens[first], full=True)), (watcher, Client(server, table, full=True))]
    everyone = [*people.values(), watcher, *(twin for _, twin in twins)]
    rng = random.Random(name)
    try:
        last = play(watcher, people, rng, 150)
        if last["observation"]["match_over"]:  # another match at the table: a welcome and a whole state
            people[first].send({"type": "again"})
            for client in everyone:
                client.until(lambda m: m["type"] == "welcome")
                client.until(lambda m: m["type"] == "state")
            play(watcher, people, rng, 20)
        settle(everyone)
        compared = sum(check_twins(client, twin) for client, twin in twins)
        assert compared > 20
    finally:
        for client in everyone:
            client.close()


def test_a_client_that_misses_a_delta_asks_for_the_whole_state_and_follows_again(server: ServerProcess) -> None:
    made = server.create(game="ribs", players=4, bots={1: "random", 2: "random", 3: "random"}, sit=0)
    table = made["table"]["id"]
    ann = Client(server, table, made["token"])
    twin = Client(server, table, made["token"], full=True)
    rng = random.Random(5)
    try:
        play(ann, {0: ann}, rng, 2)
        ann.drop = 1  # the next delta never arrives
        play(ann, {0: ann}, rng, 6)
        settle([ann, twin])
        assert ann.syncs == 1 and ann.drop == 0
        wire = [m["type"] for m in ann.wire]
        lost = next(i for i, m in enumerate(ann.wire) if m["type"] == "delta" and m["seq"] > 2
                    and not any(s.get("seq") == m["seq"] for s in ann.messages if s["type"] == "state"))
        whole = wire.index("state", lost)
        assert "delta" in wire[whole:], "deltas did not resume after the whole state"
        assert same(without_seq(ann.state or {}), without_seq(twin.state or {}))
    finally:
        ann.close()
        twin.close()


def test_sync_before_hello_is_refused(server: ServerProcess) -> None:
    stranger = Client(server)
    try:
        assert stranger.error({"type": "sync"})["code"] == "not_seated"
    finally:
        stranger.close()


# --- the page ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def test_the_page_rebuilds_what_python_does_and_plays_a_hand_on_deltas(server: ServerProcess, playwright: Any) -> None:
    pairs = []
    for name in GAMES:
        for before, after in list(observed_states(name, 40, seed=11))[::3]:
            steps = changes(before, after, frozenset({"version", "seq"}))
            pairs.append((before, {"type": "delta", "seq": after["seq"], "version": after["version"], "changes": steps}, after))
    context = open_browser(playwright, 1280)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.base + "/")
        page.wait_for_selector("#create")
        # Compared in the page, as JavaScript reads the whole message (it puts keys that
        # are numbers first, whatever order they were sent in).
        answers = page.evaluate(
            """(pairs) => pairs.map(([before, delta, after]) => {
                 const kept = JSON.stringify(before);
                 const made = Delta.following(before, delta);
                 return [JSON.stringify(made) === JSON.stringify(after), JSON.stringify(before) === kept,
                         Delta.following(before, Object.assign({}, delta, {seq: delta.seq + 1}))];
               })""", [list(pair) for pair in pairs])
        assert len(answers) == len(pairs) > 100
        for index, (right, untouched, skipped) in enumerate(answers):
            assert right and untouched and skipped is None, pairs[index][1]

        table = create_table(page, server, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
        play_hand([page], random.Random(2))
        page.wait_for_selector("#history table.summary")
        assert page.evaluate("() => window.__parlour.deltas") > 5
        token = page.evaluate("() => window.__parlour.cred.token")
        twin = Client(server, table, token, full=True)
        try:
            whole = twin.wait_turn()  # the bots wait for seat 0 now: nothing changes
            page.wait_for_function(f"() => window.__parlour.base.version === {whole['version']}")
            base = page.evaluate("() => window.__parlour.base")
            assert base["observation"] == whole["observation"] and base["seats"] == whole["seats"]
            # Key order too, as JavaScript reads the whole message (keys that are numbers first).
            assert page.evaluate("""(whole) => { const base = window.__parlour.base;
                return JSON.stringify([base.observation, base.seats]) === JSON.stringify([whole.observation, whole.seats]); }""", whole)
        finally:
            twin.close()
        assert not errors, errors
    finally:
        context.close()
