"""Kings in the Corner in a real browser: a whole hand by clicks at 1280 and 375 px.

The generic test of test_browser.py plays a few turns of every game; this one plays the
hand to its end: card plays are made by picking the card (each legal play lists it in
`cards`) and then the button naming the pile; pile moves, `draw` and `knock` are buttons.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from serverkit import ServerProcess, replay_to
from test_browser import (
    ARTIFACTS,
    create_table,
    open_browser,
    play_hand,
    playwright,
    shown_scores,
    web,
)

__all__ = ["playwright", "web"]


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (375, "phone")])
def test_a_whole_hand_by_clicks(web: ServerProcess, playwright: Any, width: int, label: str) -> None:
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        table = create_table(page, web, {1: "bot:random", 2: "bot:kings_in_the_corner-heuristic", 3: "bot:random"},
                             "kings_in_the_corner", 4)
        play_hand([page], random.Random(width))
        page.wait_for_selector("#history table.summary")
        version = page.evaluate("() => window.__parlour.msg.version")
        truth = replay_to(web.record(table), version)
        assert truth.is_over()
        assert any(seat == 0 and text != "draw" for seat, text in web.record(table)["actions"]), "no card clicked"
        rows = shown_scores(page)
        assert rows["last:scores"] == [str(p) for p in truth.scores_by_hand()[0]], rows
        assert rows["last:cards_left"] == [str(-p) for p in truth.scores_by_hand()[0]], rows
        assert rows["Match"] == [str(w) for w in truth.match_scores()], rows
        if width < 400:
            overflow = page.evaluate("() => document.documentElement.scrollWidth")
            assert overflow <= width, f"the page is {overflow} px wide at {width} px"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"kings-{label}.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()
