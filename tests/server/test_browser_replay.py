"""The replay viewer in a real browser (one chromium and one server for the module).

For every game, at desktop width and at phone width (375 px), a record of a finished hand
is loaded through the lobby's "Load a record" and stepped through with the keys, the
buttons, the hand menu and the slider; at each stop the action shown and every seat's hand
(every hand shown) are the engine's at that point of the game. A seat's view shows its
own hand only. A finished table of bots opens its replay from the table's "Watch the
replay" link. Screenshots go to test-artifacts/ (gitignored).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from serverkit import ROOT, ServerProcess
from test_browser import headless_chromium

from parlour.engine import State
from parlour.games import GAMES
from parlour.record import record_of, start_of
from parlour.replay import ALL, frames

ARTIFACTS = ROOT / "test-artifacts"
WIDTHS = [(1280, 900, "desktop"), (375, 812, "phone")]


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("replay-web") / "parlour.sqlite3", bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with headless_chromium() as chromium:
        yield chromium


def open_page(browser: Any, width: int, height: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return context, page, errors


def a_finished_hand(name: str) -> dict[str, Any]:
    """A record of random moves: the first hand to its end, then four moves of the next."""
    game = GAMES[name]
    state = game.new_state(game.Options(players=game.min_players), 11)
    rng = random.Random(name)
    extra = -1
    while state.to_act() is not None and extra != 0:
        state.apply(rng.choice(state.legal_actions()))
        if state.hand_over():
            extra = 4
        elif extra > 0:
            extra -= 1
    return record_of(state)


def engine_at(record: dict[str, Any], moves: int) -> State:
    state = start_of(record)
    for _seat, text in record["actions"][:moves]:
        state.apply_text(text)
    return state


def shown_hands(page: Any) -> dict[str, list[str]]:
    """The cards drawn in each hand zone, by zone id."""
    return dict(page.evaluate("""() => {
      const out = {};
      for (const z of document.querySelectorAll('#replay .zone.hand[data-zone]'))
        out[z.dataset.zone] = [...z.querySelectorAll('.card[data-card]')].map((c) => c.dataset.card);
      return out; }"""))


def check_frame(page: Any, record: dict[str, Any], shown: list[dict[str, Any]], index: int, seat: int | None = None) -> int:
    """The viewer shows frame `index`: the action just made (none on a deal's frame) and
    the hands as the engine shows them after it: every seat's to itself (every hand
    shown), or those `seat` sees. Returns how many cards it compared.

    Which action a frame follows comes from `shown`, the record's frames by
    parlour.replay.frames (a deal has a frame of its own); what the page must show comes
    from the engine."""
    page.wait_for_selector(f"#replay .replay-table[data-frame='{index}']")
    frame = shown[index]
    moves = frame["move"] + 1 if frame["move"] is not None else sum(f["move"] is not None for f in shown[:index])
    state = engine_at(record, moves)
    caption = page.locator("#replay-action").get_attribute("data-action")
    if frame["move"] is None:
        assert caption == ""
    elif seat is None:
        assert caption == record["actions"][moves - 1][1]
    if frame["hand_over"]:
        assert page.locator("#replay-hand-over").is_visible()
        return 0  # the engine has dealt the next hand already
    if seat is not None and frame["move"] is not None:
        assert caption == state.public_actions(seat)[-1][1]
    hands = shown_hands(page)
    compared = 0
    for owner in range(state.players):
        for zone in state.observation(owner if seat is None else seat)["zones"]:
            if zone["owner"] == owner and zone["kind"] == "hand" and zone["id"] in hands:
                assert set(hands[zone["id"]]) == set(zone["cards"]), (zone["id"], moves)
                compared += len(zone["cards"])
    return compared


def at_frame(page: Any, index: int) -> None:
    page.wait_for_selector(f"#replay .replay-table[data-frame='{index}']")


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize(("width", "height", "label"), WIDTHS)
def test_a_record_is_stepped_through_forward_and_back(
    web: ServerProcess, browser: Any, tmp_path: Path, name: str, width: int, height: int, label: str
) -> None:
    record = a_finished_hand(name)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(record))
    shown = frames(record, ALL)
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(web.base + "/")
        page.wait_for_selector("#load-record", state="attached")
        page.set_input_files("#load-record", str(path))
        compared = check_frame(page, record, shown, 0)
        assert page.locator("#replay-action").text_content().startswith("Hand 1 is dealt")
        for _ in range(3):
            page.keyboard.press("ArrowRight")
        compared += check_frame(page, record, shown, 3)
        page.click("#replay-next")
        page.click("#replay-next")
        page.keyboard.press("ArrowLeft")
        compared += check_frame(page, record, shown, 4)
        page.click("#replay-back")
        compared += check_frame(page, record, shown, 3)

        # The hand's end (its last action and the hand's scores), then the next deal.
        end = next(f["index"] for f in shown if f["hand_over"])
        page.locator("#replay-slider").fill(str(end))
        check_frame(page, record, shown, end)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")  # no focus ring in the picture
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"replay-{name}-{label}-hand-end.png"), full_page=True)
        if end + 1 < len(shown):
            page.select_option("#replay-hand", str(end + 1))
            compared += check_frame(page, record, shown, end + 1)
            assert page.locator("#replay-action").text_content().startswith("Hand 2 is dealt")
            page.keyboard.press("PageUp")
            check_frame(page, record, shown, 0)
            page.keyboard.press("End")
            compared += check_frame(page, record, shown, len(shown) - 1)
        assert compared, "no hand's cards were drawn"
        if width < 400:
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.screenshot(path=str(ARTIFACTS / f"replay-{name}-{label}.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize(("width", "height", "label"), WIDTHS)
def test_a_finished_table_opens_its_replay_as_a_seat(web: ServerProcess, browser: Any, width: int, height: int, label: str) -> None:
    made = web.create(bots={s: "random" for s in range(4)}, options={"hands_to_win": 1}, sit=None)
    table = made["table"]["id"]
    deadline = time.monotonic() + 60
    while not httpx.get(f"{web.base}/api/tables/{table}").json()["match_over"]:
        assert time.monotonic() < deadline, "the bots did not finish their match"
        time.sleep(0.1)
    record = web.record(table)
    shown = frames(record, ALL)
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(f"{web.base}/#/t/{table}")
        page.click("#watch-replay")
        at_frame(page, 0)
        assert page.locator("#replay-view").input_value() == "all"
        page.select_option("#replay-view", "2")
        page.wait_for_function("() => window.__replay && window.__replay.view === '2'")
        for _ in range(5):
            page.keyboard.press("ArrowRight")
        assert check_frame(page, record, shown, 5, seat=2)
        hands = shown_hands(page)
        assert hands["hand-2"] and all(not cards for zone, cards in hands.items() if zone != "hand-2")
        download = page.locator("a[download]").get_attribute("href")
        assert httpx.get(web.base + download).json()["actions"] == record["actions"]
        if width < 400:
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"replay-table-seat2-{label}.png"), full_page=True)
        page.goto(web.base + "/")  # the lobby lists the finished table with its replay
        page.wait_for_selector(f".table-row a[href='#/replay/{table}']")
        if width < 400:
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(ARTIFACTS / f"replay-lobby-{label}.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()


def test_a_table_still_playing_shows_no_hand_early(web: ServerProcess, browser: Any) -> None:
    """The viewer asks for every hand, is refused, and falls back to a spectator's view."""
    made = web.create(bots={1: "random", 2: "random", 3: "random"}, sit=None)
    table = made["table"]["id"]
    context, page, errors = open_page(browser, 1280, 900)
    try:
        page.goto(f"{web.base}/#/replay/{table}")
        page.wait_for_function("() => window.__replay && window.__replay.view === 'none' && window.__replay.data")
        assert page.locator("#replay-view").input_value() == "none"
        assert not any(shown_hands(page).values())
        assert "once the match is over" in page.locator("#toast").text_content()
        assert not errors, errors
    finally:
        context.close()


BOXES = """() => { const box = (sel) => { const el = document.querySelector(sel); if (!el) return null;
    const r = el.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }; };
  return { table: box('#replay .replay-table'), board: box('#replay .replay-table > .board'), side: box('#replay .replay-table > .side'),
    centre: box('#replay .replay-table .centre'), caption: box('#replay-action'), height: innerHeight, width: innerWidth }; }"""


@pytest.mark.parametrize("name", ["ribs", "kings_in_the_corner"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_the_replayed_board_is_above_the_fold(web: ServerProcess, browser: Any, tmp_path: Path, name: str, width: int, height: int) -> None:
    """Wide, the board and the side panels are two columns, the board the wide one and begun
    above the fold with its caption and the table's middle; narrow, the board fills the
    width above the side panels. The page scrolls to the last panel."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(a_finished_hand(name)))
    context, page, errors = open_page(browser, width, height)
    try:
        page.goto(web.base + "/")
        page.wait_for_selector("#load-record", state="attached")
        page.set_input_files("#load-record", str(path))
        at_frame(page, 0)
        for _ in range(4):
            page.keyboard.press("ArrowRight")
        at_frame(page, 4)
        got = page.evaluate(BOXES)
        board, side = got["board"], got["side"]
        assert got["caption"]["bottom"] <= height and board["top"] < height / 2, got
        if width > 860:
            assert side["left"] >= board["right"] - 1 and abs(side["top"] - board["top"]) < 2, got
            assert board["width"] >= 0.6 * got["table"]["width"], got
            assert got["centre"]["top"] < height, got
        else:
            assert board["width"] >= 0.9 * width and side["top"] >= board["bottom"], got
        page.mouse.move(width / 2, height / 2)
        for _ in range(3):  # a reader's wheel, not a script's scrollIntoView (which scrolls even what may not scroll)
            page.mouse.wheel(0, 1500)
            page.wait_for_timeout(200)
        side = page.evaluate(BOXES)["side"]
        assert side["bottom"] <= height + 1, f"the side panels cannot be scrolled into view: {side}"
        assert not errors, errors
    finally:
        context.close()
