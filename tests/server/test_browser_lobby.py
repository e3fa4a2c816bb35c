"""The lobby page in a real browser (Playwright driving Debian's chromium) at 1280 px: every
level it offers, chosen for the seats of every game, makes a table; it offers only the
player counts a game is played by; its open tables are the ones a person can sit down at.
The server's bots wait a minute before a move, so no game is played: each create is one
request and one table page.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverkit import ServerProcess
from test_browser import ARTIFACTS, open_browser, playwright  # noqa: F401

from parlour.bots.levels import LEVELS, display_name, level_spec
from parlour.games import GAMES


@pytest.fixture(scope="module")
def still(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("lobby-web") / "parlour.sqlite3", bot_delay=60.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def page(playwright: Any) -> Iterator[Any]:  # noqa: F811
    context = open_browser(playwright, 1280, 800)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def lobby(page: Any, server: ServerProcess) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector("#create")


def test_every_level_in_the_seats_of_every_game_makes_a_table(still: ServerProcess, page: Any) -> None:
    """Seat 0 is the person; every other seat holds the level, chosen by its name as the
    lobby shows it ("Ribs bot (strong)")."""
    refused = []
    for game in GAMES.values():
        n = game.player_counts()[0]
        for level in LEVELS:
            label = display_name(game.name, level_spec(game.name, level))
            lobby(page, still)
            page.fill("#name", "Ann")
            page.select_option("#game", game.name)
            page.select_option("#players", str(n))
            for seat in range(1, n):
                page.select_option(f"#seat-{seat}", label=label)
            page.click("#create")
            page.wait_for_selector("#status, #waiting, #toast:not([hidden])")
            if page.locator("#toast:not([hidden])").count():
                refused.append((game.name, level, page.locator("#toast").text_content()))
                continue
            seats = page.evaluate("() => window.__parlour.seatInfo")
            assert [s.get("level") for s in seats[1:]] == [level] * (n - 1), (game.name, seats)
    if refused:
        page.screenshot(path=str(ARTIFACTS / "lobby-refused.png"))
    assert not refused, refused


def test_the_lobby_offers_the_player_counts_a_game_is_played_by(still: ServerProcess, page: Any) -> None:
    lobby(page, still)
    for game in GAMES.values():
        page.select_option("#game", game.name)
        offered = page.eval_on_selector_all("#players option", "(els) => els.map((e) => Number(e.value))")
        assert offered == game.player_counts(), game.name
    page.select_option("#game", "paks")
    assert "5" not in page.eval_on_selector_all("#players option", "(els) => els.map((e) => e.value)")


def test_open_tables_are_the_ones_waiting_for_players(still: ServerProcess, page: Any) -> None:
    """A table already dealt is not an open table: it is listed apart, to watch."""
    def made(body: dict[str, Any]) -> str:
        response = httpx.post(still.base + "/api/tables", json=body, timeout=30)
        assert response.status_code == 200, response.text
        return str(response.json()["table"]["id"])

    waiting = made({"game": "cramps", "players": 4, "seats": [{}, {}, {"level": "easy"}, {"level": "easy"}], "name": "Wes"})
    playing = made({"game": "cramps", "players": 4, "seats": [{}, {"level": "easy"}, {"level": "easy"}, {"level": "easy"}],
                    "name": "Pam"})
    lobby(page, still)
    page.wait_for_selector(f".lobby-tables .table-row[data-table='{waiting}']")
    open_rows = page.eval_on_selector_all(".lobby-tables .table-row", "(els) => els.map((e) => e.dataset.table)")
    assert waiting in open_rows and playing not in open_rows
    row = page.locator(f".lobby-playing .table-row[data-table='{playing}']")
    assert row.count() == 1 and row.locator("a.button").text_content() == "Watch"
    assert page.locator(f".lobby-tables .table-row[data-table='{waiting}'] a.button").text_content() == "Join"


def test_a_number_left_empty_is_asked_for_in_words(still: ServerProcess, page: Any) -> None:
    """A number field left empty (it went as 0) or not a whole number (as null, refused
    "not None") is not sent: the page asks for a whole number beside the rule's name."""
    lobby(page, still)
    page.fill("#name", "Ann")
    page.select_option("#game", "ribs")
    page.click("details.options > summary")
    page.fill("#opt-hands_to_win", "")
    page.click("#create")
    page.wait_for_selector("#toast:not([hidden])")
    assert page.locator("#toast").text_content() == "Write a whole number for \u201chands to win\u201d."
    assert page.evaluate("() => document.activeElement.id") == "opt-hands_to_win"
    assert page.locator("#create").count() == 1  # still in the lobby
