"""The score sheet in a real browser, at phone (375 px) and desktop (1280 px) width.

A finished hand's summary gives its reasons in words; the hand history holds the sheet
across hands, which fits its panel (its columns wrap, or it scrolls inside its own box,
never clipped on the right) and has no internal labels; a finished match shows who won,
by how much and the hands that decided it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from serverkit import ServerProcess
from test_browser import ARTIFACTS, READY, create_table, open_browser, play_hand

FITS = """(sel) => [...document.querySelectorAll(sel)].map((box) => {
  const style = getComputedStyle(box), rect = box.getBoundingClientRect();
  const panel = box.parentElement.getBoundingClientRect();
  return { fits: box.scrollWidth <= box.clientWidth + 1, scrolls: ['auto', 'scroll'].includes(style.overflowX),
           inside: rect.right <= Math.min(panel.right, document.documentElement.clientWidth) + 1, width: rect.width }; })"""


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("web") / "parlour.sqlite3", bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def check_sheet_fits(page: Any, where: str) -> None:
    boxes = page.evaluate(FITS, f"{where} .score-sheet")
    assert boxes, f"no score sheet in {where}"
    for box in boxes:
        assert box["inside"] and box["width"] > 0, box
        assert box["fits"] or box["scrolls"], box
    labels = page.eval_on_selector_all(f"{where} .score-sheet th, {where} .score-sheet caption", "els => els.map((e) => e.textContent)")
    for label in labels:
        assert not any(word in label.lower().split() for word in ("raw", "captured", "hands")), labels
        assert "_" not in label, labels


@pytest.mark.parametrize("width", [375, 1280])
def test_a_finished_hand_shows_its_reasons_and_the_sheet_fits(web: ServerProcess, playwright: Any, width: int) -> None:
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "ribs", 4)
        play_hand([page], random.Random(width))
        page.wait_for_selector("#history .score-sheet")
        if page.locator("#next-hand").count():
            reasons = page.eval_on_selector_all("#banner ul.why li", "els => els.map((e) => e.textContent)")
            assert any(" captured " in r for r in reasons) and any(r.startswith("The hand goes to ") for r in reasons), reasons
        why = page.locator("#history .score-sheet td.why").first.text_content()
        assert " captured " in why and "The hand goes to " in why, why
        check_sheet_fits(page, "#history")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#history").screenshot(path=str(ARTIFACTS / f"hand-history-{width}.png"))
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("width", [375, 1280])
def test_a_finished_match_says_who_won_by_how_much_and_why(web: ServerProcess, playwright: Any, width: int) -> None:
    """Kings in the Corner's match is one hand: its end shows the match's summary and sheet."""
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "kings_in_the_corner", 4)
        play_hand([page], random.Random(width))
        page.wait_for_function(READY)
        page.wait_for_function("() => window.__parlour.msg.observation.match_over")
        page.wait_for_selector("#match-summary")
        summary = page.locator("#match-summary").text_content()
        assert " the match with " in summary and " by " in summary, summary
        assert page.locator("#banner .score-sheet").is_visible()
        check_sheet_fits(page, "#banner")
        check_sheet_fits(page, "#history")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#banner").screenshot(path=str(ARTIFACTS / f"match-summary-{width}.png"))
    finally:
        context.close()
