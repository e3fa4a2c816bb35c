"""What the lobby offers is what table creation accepts, over the real HTTP API.

Every level of `/api/games` sits in every seat of every game at its fewest players, named
by its level or by the bot the lobby lists for it; every player count offered makes a
table and no other is offered; a refused bot is told in words, never by a bot's setting
string. The server's bots wait a minute before a move, so no bot thinks during the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverkit import ServerProcess

from parlour.bots.levels import LEVELS, level_spec
from parlour.games import GAMES


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose bots never move while the test runs."""
    proc = ServerProcess(tmp_path_factory.mktemp("lobby") / "parlour.sqlite3", bot_delay=60.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def lobby(still: ServerProcess) -> list[dict[str, Any]]:
    return list(httpx.get(still.base + "/api/games", timeout=30).json()["games"])


def create(server: ServerProcess, body: dict[str, Any]) -> httpx.Response:
    return httpx.post(server.base + "/api/tables", json=body, timeout=60)


def test_every_level_sits_in_every_seat_of_every_game(still: ServerProcess, lobby: list[dict[str, Any]]) -> None:
    """One person and the rest bots of one level, the person at the first seat and then at
    the last, so each seat holds the level once; the level named as a level and as the
    bot the lobby lists for it."""
    assert [g["name"] for g in lobby] == list(GAMES)
    refused = []
    for game in lobby:
        n = game["min_players"]
        assert [lv["level"] for lv in game["levels"]] == list(LEVELS)
        for lv in game["levels"]:
            for person in (0, n - 1):
                for named in ({"level": lv["level"]}, {"bot": lv["bot"]}):
                    seats = [{} if s == person else named for s in range(n)]
                    response = create(still, {"game": game["name"], "players": n, "seats": seats,
                                              "sit": person, "name": "Ann"})
                    if response.status_code != 200:
                        refused.append((game["name"], lv["level"], person, named, response.json()["message"]))
                        continue
                    shown = response.json()["table"]["seats"]
                    for s in range(n):
                        if s != person:
                            assert (shown[s]["level"], shown[s]["name"]) == (lv["level"], lv["name"]), (game["name"], shown[s])
    assert not refused, refused
    assert "is refused" not in still.log_text  # no level's bot fell back to another at its seat


def test_the_player_counts_offered_are_the_ones_accepted(still: ServerProcess, lobby: list[dict[str, Any]]) -> None:
    """Paks cannot be played by five: the lobby does not offer five, and every count it
    offers makes a table."""
    for game in lobby:
        counts = GAMES[game["name"]].player_counts()
        assert game["player_counts"] == counts
        for n in range(game["min_players"], game["max_players"] + 1):
            response = create(still, {"game": game["name"], "players": n, "seats": [{}] * n, "sit": None})
            assert (response.status_code == 200) == (n in counts), (game["name"], n, response.text)
    paks = next(g for g in lobby if g["name"] == "paks")
    assert 5 not in paks["player_counts"]
    refused = create(still, {"game": "paks", "players": 5, "seats": [{}] * 5}).json()["message"]
    assert "5" in refused and "2, 3, 4 or 6" in refused


def test_a_refused_bot_is_told_without_its_settings(still: ServerProcess) -> None:
    """What comes back when a seat's bot is refused names no bot's setting string."""
    strong = level_spec("ribs", "strong")
    asked = [
        "ismcts(iterations=5)",  # a named bot with settings: this server plays its bots as they are
        strong.replace("iterations=24", "iterations=25"),  # a level's bot, its settings changed
        "ribs-heuristic(tries=3)",
        "no-such-bot",
        "no-such-bot(x=1)",
    ]
    for bot in asked:
        response = create(still, {"game": "ribs", "players": 4, "seats": [{}, {"bot": bot}, {}, {}]})
        assert response.status_code == 400, (bot, response.text)
        message = response.json()["message"]
        assert "(" not in message and "=" not in message, message
        assert "seat 1" in message and "easy, normal or strong" in message, message


def test_tables_waiting_for_players_are_listed_before_tables_in_play(still: ServerProcess) -> None:
    """The lobby's open tables come first, however many newer tables are being played."""
    waiting = create(still, {"game": "ribs", "players": 4, "seats": [{}, {}, {}, {}], "name": "Wes"}).json()
    assert waiting["table"]["state"] == "waiting"
    playing = create(still, {"game": "ribs", "players": 4, "seats": [{}, {}, {}, {}], "sit": None, "start": True}).json()
    assert playing["table"]["state"] == "playing"
    listed = [(t["id"], t["state"]) for t in httpx.get(still.base + "/api/tables", timeout=30).json()["tables"]]
    states = [state for _, state in listed]
    assert states == sorted(states, key=lambda state: state != "waiting"), states
    ids = [table for table, _ in listed]
    assert ids.index(waiting["table"]["id"]) < ids.index(playing["table"]["id"])
