"""`GET /api/games/<game>/howto`: How to play over HTTP, for the lobby and the table's menu."""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import quote

import httpx
import pytest
from serverkit import ServerProcess

from parlour.games import GAMES
from parlour.howto import how_to_play, how_to_play_html


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server on SQLite: the endpoint reads no table, so the database makes no difference."""
    proc = ServerProcess(tmp_path_factory.mktemp("howto") / "parlour.sqlite3").start()
    yield proc
    proc.stop()


def howto(server: ServerProcess, game: str, options: object = None) -> httpx.Response:
    query = "" if options is None else "?options=" + quote(json.dumps(options))
    return httpx.get(f"{server.base}/api/games/{game}/howto{query}")


def test_every_game_has_its_how_to_play(server: ServerProcess) -> None:
    for name, game in GAMES.items():
        response = howto(server, name)
        assert response.status_code == 200
        body = response.json()
        assert body == {"game": name, "title": game.title, "markdown": how_to_play(name),
                        "html": how_to_play_html(name)}


def test_the_table_options_are_explained_with_their_values(server: ServerProcess) -> None:
    body = howto(server, "ribs", {"lemons": True, "stakes": [10, 1], "players": 6}).json()
    assert "- **lemons**: yes *(changed; the standard game has no)*" in body["markdown"]
    assert "- **stakes**: 10/1 *(changed" in body["markdown"]
    assert "<strong>players</strong>: 6 <em>(changed" in body["html"]


@pytest.mark.parametrize(
    ("game", "raw", "status", "code", "words"),
    [
        ("whist", None, 404, "unknown_game", "unknown game 'whist'"),
        ("ribs", json.dumps({"lemon": True}), 400, "bad_options", "unknown option 'lemon'"),
        ("ribs", json.dumps({"players": 3}), 400, "bad_options", "4 to 10"),
        ("ribs", json.dumps({"hands_to_win": "many"}), 400, "bad_options", "whole number"),
        ("ribs", json.dumps([1, 2]), 400, "bad_options", "must be an object"),
        ("ribs", "{not json", 400, "bad_json", "options is not JSON"),
        ("ribs", "[" * 20_000, 400, "too_large", "at most"),
        ("ribs", "[" * 5_000, 400, "bad_json", "nested too deeply"),
    ],
)
def test_a_bad_game_or_options_get_the_lobby_error_shape(
    server: ServerProcess, game: str, raw: str | None, status: int, code: str, words: str
) -> None:
    query = "" if raw is None else "?options=" + quote(raw)
    response = httpx.get(f"{server.base}/api/games/{game}/howto{query}")
    assert response.status_code == status
    body = response.json()
    assert body["type"] == "error" and body["code"] == code and words in body["message"]


def test_a_hostile_option_value_is_refused_not_rendered(server: ServerProcess) -> None:
    response = howto(server, "zetema", {"extra_suit": "<script>alert(1)</script>"})
    assert response.status_code == 400
    assert response.json()["code"] == "bad_options"
    assert response.headers["content-type"].startswith("application/json")
