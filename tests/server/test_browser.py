"""The page in a real browser: Playwright driving Debian's chromium (never `playwright install`).

A person creates a Ribs table with three bots and plays a whole hand by clicking cards and
buttons, at desktop width and at phone width (375 px); the scores the page shows must be
the engine's. A friend joins through the invite link in a second browser profile and the
two play a hand together. Screenshots go to test-artifacts/ (gitignored).
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from serverkit import ROOT, ServerProcess, replay_to

from parlour.games import GAMES

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"
READY = """() => { const v = window.__parlour;
  return !!(v && v.msg && !v.sending && (v.msg.hands_finished > 0 || v.msg.observation.to_act === v.msg.seat)); }"""


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("web") / "parlour.sqlite3", bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `apt-get install -y chromium` (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def open_browser(playwright: Any, width: int, height: int = 900) -> Any:
    """A fresh chromium with a new empty profile (so its own seat tokens)."""
    profile = tempfile.mkdtemp(prefix="parlour-chromium-")
    context = playwright.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=ARGS, headless=True,
        viewport={"width": width, "height": height}, bypass_csp=True,
    )
    context.set_default_timeout(20_000)
    return context


def create_table(page: Any, server: ServerProcess, seats: dict[int, str], game: str = "ribs", players: int = 4) -> str:
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.fill("#name", "Ann")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    page.click("#create")
    page.wait_for_selector("#status")
    return str(page.evaluate("() => window.__parlour.id"))


def take_turn(page: Any, rng: random.Random) -> bool:
    """If this page's seat is to act, make a move by clicks; False once the hand is over."""
    msg = page.evaluate("() => window.__parlour.msg")
    if msg["hands_finished"] > 0:
        return False
    obs = msg["observation"]
    if obs["to_act"] != msg["seat"]:
        return True
    page.bring_to_front()  # two windows: in the one behind, animation frames (and clicks) crawl
    legal = obs["legal"]
    passes = [e for e in legal if e["text"] == "pass"]
    entry = passes[0] if passes and rng.random() < 0.7 else rng.choice(legal)
    for card in entry["cards"]:
        page.locator(f".hand .card[data-card='{card}']:not(.selected)").first.click()
    page.locator(f"#actions button[data-action='{entry['text']}']").click()
    page.wait_for_function(f"() => window.__parlour.msg.version > {msg['version']}", polling=50)
    return True


def play_hand(pages: list[Any], rng: random.Random, max_turns: int = 10_000) -> None:
    """Click moves on whichever page is to act until the first hand is over."""
    for _ in range(max_turns):
        if len(pages) == 1:
            pages[0].wait_for_function(READY)
        if not all([take_turn(page, rng) for page in pages]):
            return
        if len(pages) > 1:
            pages[0].wait_for_timeout(30)


def shown_scores(page: Any) -> dict[str, list[str]]:
    return dict(page.evaluate(
        """() => {
          const rows = {};
          for (const tr of document.querySelectorAll('#history table.summary tbody tr'))
            rows['last:' + tr.dataset.row] = [...tr.querySelectorAll('td')].map((td) => td.textContent);
          for (const tr of document.querySelectorAll('#scores tbody tr'))
            rows[tr.dataset.row] = [...tr.querySelectorAll('td')].map((td) => td.textContent);
          return rows; }"""
    ))


def check_against_engine(page: Any, server: ServerProcess, table: str) -> None:
    version = page.evaluate("() => window.__parlour.msg.version")
    truth = replay_to(server.record(table), version)
    first = truth.scores_by_hand()[0]
    rows = shown_scores(page)
    assert rows["last:points"] == [str(p) for p in first], rows
    assert rows["Match"] == [str(w) for w in truth.match_scores()], rows
    assert page.locator("#history h3").text_content() == "Hand 1 of 1"


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (375, "phone")])
def test_a_hand_against_three_bots_by_clicks(web: ServerProcess, playwright: Any, width: int, label: str) -> None:
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        table = create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"})
        play_hand([page], random.Random(width))
        page.wait_for_selector("#history table.summary")
        check_against_engine(page, web, table)
        if width < 400:
            overflow = page.evaluate("() => document.documentElement.scrollWidth")
            assert overflow <= width, f"the page is {overflow} px wide at {width} px"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"ribs-{label}.png"), full_page=True)
        page.reload()  # a reload keeps the seat and the hand history
        page.wait_for_selector("#history table.summary")
        assert page.evaluate("() => window.__parlour.msg.seat") == 0
        check_against_engine(page, web, table)
        assert not errors, errors
    finally:
        context.close()


def test_a_friend_joins_by_the_link_and_plays(web: ServerProcess, playwright: Any) -> None:
    """The friend uses a second window of the same browser (a phone-sized one)."""
    browser = open_browser(playwright, 1280)
    try:
        ann = browser.new_page()
        table = create_table(ann, web, {1: "person", 2: "bot:random", 3: "bot:random"})
        bob = browser.new_page()
        bob.set_viewport_size({"width": 375, "height": 800})
        bob.goto(f"{web.base}/#/t/{table}")
        bob.wait_for_selector("text=watching")
        assert bob.locator("text=Back to my seat 0").is_visible()  # this browser holds seat 0
        bob.on("dialog", lambda dialog: dialog.accept("Bob"))
        bob.click("text=Sit at seat 1")
        bob.wait_for_function("() => window.__parlour.msg && window.__parlour.msg.seat === 1")
        ann.wait_for_selector(".seat[data-seat='1'] >> text=Bob")
        play_hand([ann, bob], random.Random(7))
        for page in (ann, bob):
            page.wait_for_selector("#history table.summary")
            check_against_engine(page, web, table)
        ARTIFACTS.mkdir(exist_ok=True)
        bob.screenshot(path=str(ARTIFACTS / "ribs-friend-phone.png"), full_page=True)
        assert ann.evaluate("() => window.__parlour.msg.seat") == 0
        assert bob.evaluate("() => window.__parlour.msg.seat") == 1
    finally:
        browser.close()


@pytest.mark.parametrize("name", list(GAMES))
def test_every_game_is_played_by_clicks_in_the_same_page(web: ServerProcess, playwright: Any, name: str) -> None:
    """No game needs its own client: the page draws it and plays it from the observation."""
    game = GAMES[name]
    players = game.min_players
    context = open_browser(playwright, 1024)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        table = create_table(page, web, {s: "bot:random" for s in range(1, players)}, name, players)
        play_hand([page], random.Random(name), max_turns=25)
        msg = page.evaluate("() => window.__parlour.msg")
        truth = replay_to(web.record(table), msg["version"])
        assert msg["observation"] == truth.observation(0)
        mine = [c for z in msg["observation"]["zones"] if z["owner"] == 0 and z["kind"] == "hand" for c in z["cards"]]
        shown = page.eval_on_selector_all(".mine .cards.hand .card", "els => els.map((e) => e.dataset.card)")
        assert shown == mine
        assert any(seat == 0 for seat, _ in truth.history), "no move was made by clicks"
        assert not errors, errors
    finally:
        context.close()


@pytest.mark.parametrize("width", [1280, 375])
def test_a_whole_hand_of_paks_by_clicks(web: ServerProcess, playwright: Any, width: int) -> None:
    """Paks' captures and steals are picked as cards, then the button of the board card or
    paks they take; the draws between turns are the engine's. A whole hand to the score."""
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        table = create_table(page, web, {1: "bot:paks-heuristic"}, "paks", 2)
        play_hand([page], random.Random(width))
        page.wait_for_selector("#history table.summary")
        truth = replay_to(web.record(table), page.evaluate("() => window.__parlour.msg.version"))
        assert truth.scores_by_hand(), "the hand was not finished"
        assert any(seat == 0 for seat, _ in truth.history), "no move was made by clicks"
        assert page.evaluate("() => window.__parlour.msg.observation") == truth.observation(0)
        assert not errors, errors
    finally:
        context.close()
