"""Friends at a table in real browsers (Playwright driving Debian's chromium), each friend
in a browser profile of their own: a friend joins a waiting room by its link with a name
typed in the page and the host starts it; a friend's tab closes, a bot stands in after
the grace and hands the seat back when the friend returns from the lobby; chat with a
hostile name and text shows as plain text; play again keeps the table's link.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import ServerProcess
from test_browser import ARTIFACTS, create_table, open_browser, playwright  # noqa: F401

HOSTILE_NAME = "<i>Bob</i>\u202e<img src=x>"
HOSTILE_TEXT = "<script>window.__pwned=2</script><b>hi</b>"


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose bots stand in one second after a player's last tab closes."""
    proc = ServerProcess(tmp_path_factory.mktemp("friends-web") / "parlour.sqlite3", extra=("--grace", "1")).start()
    yield proc
    proc.stop()


def seat_of(page: Any) -> Any:
    return page.evaluate("() => window.__parlour.msg && window.__parlour.msg.seat")


def test_friends_gather_chat_lose_a_player_and_get_him_back(web: ServerProcess, playwright: Any) -> None:  # noqa: F811
    """Three profiles: Ann hosts, Bob joins by the link, Cleo watches and chats."""
    ann_browser, bob_browser, cleo_browser = (open_browser(playwright, w) for w in (1280, 375, 1024))
    errors: list[str] = []
    try:
        ann = ann_browser.new_page()
        ann.on("pageerror", lambda exc: errors.append(str(exc)))
        table = create_table(ann, web, {1: "person", 2: "person", 3: "level:normal"})
        ann.wait_for_selector("#waiting >> text=waiting room")
        assert ann.locator("#start").is_visible()  # the host's controls

        bob = bob_browser.new_page()
        bob.on("pageerror", lambda exc: errors.append(str(exc)))
        bob.goto(f"{web.base}/#/t/{table}")
        bob.wait_for_selector("#waiting")
        assert bob.locator("#start").count() == 0
        bob.fill("#sit-name", "")
        bob.click("#waiting button[data-seat='1']")
        assert "Write your name" in bob.locator("#sit-name-error").text_content()  # no pop-up: an error in the page
        bob.fill("#sit-name", HOSTILE_NAME)
        bob.click("#waiting button[data-seat='1']")
        bob.wait_for_function("() => window.__parlour.msg && window.__parlour.msg.seat === 1")
        ann.wait_for_selector(".wait-seat[data-seat='1'] >> text=here")

        cleo = cleo_browser.new_page()
        cleo.on("pageerror", lambda exc: errors.append(str(exc)))
        cleo.goto(f"{web.base}/#/t/{table}")
        cleo.wait_for_selector("#waiting")
        bob.fill("#chat-input", HOSTILE_TEXT)
        bob.click("#chat-send")
        for page in (ann, cleo):
            page.wait_for_selector("#chat-lines .chat-line")
            line = page.locator("#chat-lines .chat-line").first
            assert line.locator(".text").text_content() == HOSTILE_TEXT
            assert line.locator(".who").text_content() == "<i>Bob</i><img src=x>"
            assert page.locator("#chat img, #chat script, #chat i, #chat-lines .text b").count() == 0
        cleo.fill("#chat-input", "go Ann")
        cleo.click("#chat-send")
        ann.wait_for_selector("#chat-lines .chat-line.watcher >> text=go Ann")
        ann.click("#chat-lines .chat-line >> text=mute")  # Ann mutes Bob: his line is hidden here only
        assert ann.locator("#chat-lines .chat-line .text").all_text_contents() == ["go Ann"]
        assert cleo.locator("#chat-lines .chat-line .text").first.text_content() == HOSTILE_TEXT

        # The host puts an easy bot in seat 2 and starts.
        ann.select_option("#fill-level-2", "easy")
        ann.click("#fill-2")
        ann.wait_for_selector(".wait-seat[data-seat='2'] >> text=Ribs bot (easy)")
        ann.click("#start")
        for page in (ann, bob, cleo):
            page.wait_for_selector("#status")
        assert ann.locator(".seat[data-seat='2'] .seat-name").text_content() == "Ribs bot (easy)"
        assert seat_of(bob) == 1 and seat_of(cleo) is None
        ARTIFACTS.mkdir(exist_ok=True)
        bob.screenshot(path=str(ARTIFACTS / "friends-started-phone.png"), full_page=True)

        # Bob's tab closes: after the grace a bot stands in, and Ann sees it.
        bob.close()
        ann.wait_for_selector(".seat[data-seat='1'] .tag.stand-in", timeout=15_000)
        # Bob comes back by the lobby's "Your tables" in a new tab of his browser.
        bob = bob_browser.new_page()
        bob.on("pageerror", lambda exc: errors.append(str(exc)))
        bob.goto(web.base + "/")
        bob.click(f"#your-tables .table-row[data-table='{table}'] >> text=Return")
        bob.wait_for_function("() => window.__parlour.msg && window.__parlour.msg.seat === 1")
        ann.wait_for_function("() => !window.__parlour.seatInfo[1].stand_in")
        assert ann.locator(".seat[data-seat='1'] .tag.stand-in").count() == 0
        # A second tab of the same seat is told so.
        again = bob_browser.new_page()
        again.goto(f"{web.base}/#/t/{table}")
        again.wait_for_selector("text=Back to my seat 1")
        again.click("text=Back to my seat 1")
        bob.wait_for_selector("#other-tab")
        assert cleo.evaluate("() => window.__pwned") is None and ann.evaluate("() => window.__pwned") is None
        assert not errors, errors
    finally:
        for browser in (ann_browser, bob_browser, cleo_browser):
            browser.close()


def test_resign_then_play_again_at_the_same_link(web: ServerProcess, playwright: Any) -> None:  # noqa: F811
    browser = open_browser(playwright, 1024)
    try:
        page = browser.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(web.base + "/")
        page.wait_for_selector("#create")
        page.fill("#name", "")
        page.click("#create")
        assert "Write your name" in page.locator("#name-error").text_content()
        page.fill("#name", "Ann")
        for seat in (1, 2, 3):
            page.select_option(f"#seat-{seat}", "bot:random")
        page.click("details.options > summary")
        page.fill('[data-option="hands_to_win"]', "1")
        page.click("#create")
        page.wait_for_selector("#status")
        table = str(page.evaluate("() => window.__parlour.id"))
        url = page.url
        page.select_option("#speed", "fast")  # the bots' moves are drawn as they come
        page.click("#resign")
        page.click("text=Yes, resign")  # asked first; then a bot plays the seat to the end
        # The match may take several hands (a hand can end with nobody winning it), each
        # move drawn at the page's fast pace: a hundred moves have taken over a minute.
        page.wait_for_selector("#again", timeout=240_000)
        first = web.record(table)
        page.click("#again")
        page.wait_for_function("() => window.__parlour.summary.match === 1 && window.__parlour.msg && !window.__parlour.msg.observation.match_over")
        assert page.url == url and seat_of(page) == 0
        assert page.locator("#resign").is_visible()  # playing again, not resigned any more
        second = web.record(table)
        assert second["seed"] != first["seed"] and second["options"] == first["options"]
        assert not errors, errors
    finally:
        browser.close()
