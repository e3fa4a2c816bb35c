"""The server leaks nothing: a seat's client only ever hears what that seat may know.

Full matches of every registered game are played by websocket clients, one per seat, plus
a spectator. Afterwards the table's record (from the database) is replayed step by step,
and every message each client received is checked against the engine at that version:
- a `state` carries exactly `observation(seat)` of the true state (None for a spectator);
- that observation is unchanged when the cards hidden from the seat are redealt
  (`redeal_hidden`), so no card the engine holds hidden from the seat is in it;
- the hand history carries exactly the seat's `last_hand` of each finished hand, and the
  match's summary is made from those alone;
- every message is of a known type with known keys, so nothing else can ride along;
- the clients take deltas, as the page does: each state checked is the one a delta made
  of the last, and a delta's steps only set, append or remove at paths into the state
  message, so everything it carries is in the state checked.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from serverkit import Client, ServerProcess

from parlour.engine import State
from parlour.games import GAMES
from parlour.record import apply_entry, start_of
from parlour.replay import seat_names
from parlour.views import match_summary
from parlour.words import Seats

MAX_ACTIONS = 1500  # a match that runs longer is checked up to here
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Flo", "Gus", "Hal", "Ivy", "Kit")  # the table's words name the seats so
KEYS = {
    "welcome": {"type", "table", "seat", "host", "summary", "history", "chat", "other_tabs"},
    "state": {"type", "table", "version", "seat", "seats", "table_state", "hands_finished", "observation",
              "match_summary", "seq"},
    "delta": {"type", "table", "version", "seq", "changes"},
    "seats": {"type", "table", "version", "seats"},
    "notice": {"type", "table", "code", "message"},
    "chat": {"type", "table", "seat", "name", "text", "watcher", "at"},
    "error": {"type", "code", "message", "version", "in_reply_to"},
}


@pytest.mark.parametrize("name", list(GAMES))
def test_no_client_ever_hears_a_card_hidden_from_its_seat(fast_server: ServerProcess, name: str) -> None:
    server = fast_server
    game = GAMES[name]
    players = game.min_players
    made = server.create(game=name, players=players, sit=None)
    table = made["table"]["id"]
    clients: dict[int | None, Client] = {}
    for seat in range(players):
        joined = server.join(table, seat, name=NAMES[seat])
        clients[seat] = Client(server, table, joined["token"])
    clients[None] = Client(server, table)
    rng = random.Random(name)
    try:
        version = 0
        while version < MAX_ACTIONS:
            current = clients[None].wait_version(version)
            obs = current["observation"]
            if obs["match_over"]:
                break
            actor = clients[obs["to_act"]]
            mine = actor.wait_version(version)
            actor.act(rng.choice(mine["observation"]["legal_actions"]), version)
            version += 1
            for client in clients.values():
                client.wait_version(version)
        for client in clients.values():
            client.send({"type": "ping"})
            client.until(lambda m: m["type"] == "pong")
    finally:
        for client in clients.values():
            client.close()
    _check_every_message(server.record(table), clients, rng, NAMES[:players])


def _check_every_message(
    record: dict[str, Any], clients: dict[int | None, Client], rng: random.Random, names: Sequence[str]
) -> None:
    states = _states_by_version(record)
    histories = _histories(states, names)
    for seat, client in clients.items():
        deltas = [m for m in client.wire if m["type"] == "delta"]
        assert deltas and client.syncs == 0
        for message in deltas:
            assert set(message) <= KEYS["delta"]
            for step in message["changes"]:
                assert step[0] in "=+-~" and isinstance(step[1], list) and step[1], step
                assert step[1][0] in KEYS["state"] - {"type", "table", "seat", "seq", "version"}, step
        checked = 0
        for message in client.messages:
            kind = message["type"]
            assert kind in KEYS or kind == "pong", f"unexpected message type {kind!r}"
            if kind == "pong":
                continue
            assert set(message) <= KEYS[kind], f"unexpected keys in {kind}: {set(message) - KEYS[kind]}"
            if kind == "welcome":
                assert message["seat"] == seat
                assert message["history"] == [h[seat] for h in histories[: len(message["history"])]]
            if kind != "state":
                continue
            assert message["seat"] == seat
            state = states[message["version"]]
            observation = message["observation"]
            seen_as = seat_names(message["seats"])  # the seats as named when it was sent (some still open)
            assert observation == state.observation(seat, names=seen_as), f"seat {seat} got more than its view at v{message['version']}"
            for _ in range(2):
                assert state.redeal_hidden(seat, rng).observation(seat, names=seen_as) == observation, (
                    f"seat {seat}'s message at v{message['version']} depends on cards hidden from it"
                )
            assert message["hands_finished"] == sum(1 for v in histories_at(states, message["version"]))
            finished = [h[seat] for h in histories[: message["hands_finished"]]]
            ending = match_summary(finished, state.winners(), Seats(seen_as, seat)) if observation["match_over"] else None
            assert message["match_summary"] == ending, f"seat {seat}'s match summary at v{message['version']}"
            checked += 1
        assert checked > 0


def _states_by_version(record: dict[str, Any]) -> list[State]:
    state = start_of(record)
    out = [state.clone()]
    for index, entry in enumerate(record["actions"]):
        apply_entry(state, entry, index)
        out.append(state.clone())
    return out


def _histories(states: list[State], names: Sequence[str]) -> list[dict[int | None, Any]]:
    out = []
    for state in states[1:]:
        if state.hand_over():
            out.append({seat: state.observation(seat, names=names)["last_hand"] for seat in [None, *range(state.players)]})
    return out


def histories_at(states: list[State], version: int) -> list[int]:
    return [v for v in range(1, version + 1) if states[v].hand_over()]
