"""The page in a real browser: Playwright driving Debian's chromium (never `playwright install`).

A person creates a table with bots and plays a whole hand by clicking cards and buttons,
at desktop width and at phone width (375 px), in the games of WHOLE_HANDS (the flagship and
the games whose moves are least like a trick's); the scores the page shows must be the
engine's (the page rebuilds them from deltas). A friend joins through the invite link in a second browser profile and the
two play a hand together. A Cramps table shows the engine's `status` in its panel and the
last trick from `recent`, at both widths. Screenshots go to test-artifacts/ (gitignored).
"""

from __future__ import annotations

import random
import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from serverkit import ROOT, ServerProcess, replay_to

from parlour.games import GAMES
from parlour.replay import seat_names as table_names

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = ROOT / "test-artifacts"
READY = """() => { const v = window.__parlour;
  return !!(v && v.msg && !v.sending && (v.msg.hands_finished > 0 || v.msg.observation.to_act === v.msg.seat)); }"""


@contextmanager
def headless_chromium() -> Iterator[Any]:
    """Debian's chromium, launched headless through Playwright, closed after."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run `apt-get install -y chromium` (make test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


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
    # Bots at full speed: the client's pacing of their moves (the speed control) is for people.
    context.add_init_script("if (localStorage.getItem('parlour:speed') === null) localStorage.setItem('parlour:speed', '\"fast\"')")
    return context


def create_table(
    page: Any, server: ServerProcess, seats: dict[int, str], game: str = "ribs", players: int = 4, ticked: tuple[str, ...] = ()
) -> str:
    """Create a table in the lobby by clicks; `ticked` names rule options to switch on."""
    page.goto(server.base + "/")
    page.wait_for_selector("#create")
    page.fill("#name", "Ann")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    if ticked:
        page.click("details.options > summary")
    for option in ticked:
        page.check(f'[data-option="{option}"]')
    page.click("#create")
    page.wait_for_selector("#status, #waiting")  # a table with open seats is a waiting room first
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
    button = page.locator(f"#actions button[data-action='{entry['text']}']")
    if not button.count():  # a two-step move ("call AS hint D"): its card first
        group = page.eval_on_selector_all(
            "#actions button[data-group]", "(els, t) => els.map((e) => e.dataset.group).find((g) => t.startsWith(g + ' '))", entry["text"])
        page.click(f"#actions button[data-group='{group}']")
    button.click()
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


def normal(game: str) -> str:
    """The lobby's choice of the game's normal bot (the heuristic, or the learned player
    where weights ship): the lobby offers levels, not code names."""
    return "level:normal"


@dataclass(frozen=True)
class WholeHand:
    """A game whose whole first hand seat 0 plays by clicks at both widths."""

    players: int
    seats: dict[int, str]
    ticked: tuple[str, ...] = ()
    clicked: str = ""
    """A move seat 0 must have made by clicks (its text's start), beyond any move at all."""


# Zetema's long hands (some 65 turns), melds and marriages are clicked card by card; Seven
# and a Half's first banker is seat 0, whose play waits on a punter standing, so the table
# has the banker name the limits first; Bezique's deal is 96 tricks (whether seat 0 melds
# depends on the bot's play, so no meld is required of it). In Kings in the Corner seat 0
# deals and plays last, and in about 1 deal in 40 a bot empties its hand before seat 0's
# first turn: such a deal is replaced by a new table.
WHOLE_HANDS = {
    "ribs": WholeHand(4, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, clicked="play"),
    "zetema": WholeHand(2, {1: normal("zetema")}),
    "seven_and_a_half": WholeHand(4, {1: "bot:random", 2: "bot:random", 3: "bot:random"},
                                  ticked=("banker_sets_limits",), clicked="limits"),
    "six_pack_bezique": WholeHand(2, {1: normal("six_pack_bezique")}),
    "yaniv": WholeHand(2, {1: normal("yaniv")}, clicked="draw"),
    "paks": WholeHand(2, {1: normal("paks")}),
    "kings_in_the_corner": WholeHand(4, {1: "bot:random", 2: normal("kings_in_the_corner"), 3: "bot:random"}),
}


def check_scores_shown(page: Any, truth: Any) -> None:
    """The page's summary of hand 1 and its match row are the engine's."""
    rows = shown_scores(page)
    first = [str(p) for p in truth.scores_by_hand()[0]]
    if truth.game.name == "six_pack_bezique":  # a deal's line of the sheet is its final score, game bonus included
        first = [str(p) for p in truth.last_hand["final"]]
    assert first in [v for k, v in rows.items() if k.startswith("last:")], rows
    assert rows["Match"] == [str(w) for w in truth.match_scores()], rows
    assert page.locator("#history h3").text_content() == "Hand 1 of 1"


@pytest.mark.parametrize("game", list(WHOLE_HANDS))
@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (375, "phone")])
def test_a_whole_hand_against_bots_by_clicks(web: ServerProcess, playwright: Any, width: int, label: str, game: str) -> None:
    """Seat 0 plays the first hand to its end by clicks (cards picked, then the move's
    button); the page's scores and observation are the engine's, and survive a reload."""
    hand = WHOLE_HANDS[game]
    context = open_browser(playwright, width)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        for _deal in range(3):  # a deal where another seat goes out before seat 0's first turn is dealt again
            table = create_table(page, web, hand.seats, game, hand.players, ticked=hand.ticked)
            play_hand([page], random.Random(width))
            page.wait_for_selector("#history table.summary")
            msg = page.evaluate("() => window.__parlour.msg")
            truth = replay_to(web.record(table), msg["version"])
            assert msg["observation"] == truth.observation(0, names=table_names(msg["seats"]))
            check_scores_shown(page, truth)
            mine = [truth.action_to_text(a) for seat, a in truth.history if seat == 0]
            if mine:
                break
        assert mine and any(text.startswith(hand.clicked) for text in mine), f"seat 0 clicked no {hand.clicked!r}"
        assert page.evaluate("() => window.__parlour.deltas") > 0, "the page played on whole states, not deltas"
        if not msg["observation"]["match_over"]:  # the summary waits for the player before the next deal
            assert page.locator("#banner #next-hand").is_visible() and page.locator("#mine").count() == 0
            assert page.locator("#banner table.summary").count() == 1
        if width < 400:
            overflow = page.evaluate("() => document.documentElement.scrollWidth")
            assert overflow <= width, f"the page is {overflow} px wide at {width} px"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"{game}-{label}.png"), full_page=True)
        if page.locator("#next-hand").count():
            page.click("#next-hand")
            page.wait_for_selector("#mine")
        page.reload()  # a reload keeps the seat and the hand history
        page.wait_for_selector("#history table.summary")
        assert page.evaluate("() => window.__parlour.msg.seat") == 0
        check_scores_shown(page, truth)
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
        bob.wait_for_selector("#waiting")
        assert bob.locator("text=Back to my seat 0").is_visible()  # this browser holds seat 0
        bob.fill("#sit-name", "Bob")
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


# Options that give seat 0 a decision in every first hand: Seven and a Half's first banker
# plays only when a punter stands, but names the limits first when the banker sets them.
FIRST_CLICK_OPTIONS = {"seven_and_a_half": ("banker_sets_limits",)}
SHOWN_HAND = """() => [window.__parlour.msg,
  [...document.querySelectorAll('.mine .cards.hand .card')].map((e) => e.dataset.card)]"""
"""The last state message drawn and the cards of the hand drawn, at one moment."""


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
        table = create_table(page, web, {s: "bot:random" for s in range(1, players)}, name, players,
                             ticked=FIRST_CLICK_OPTIONS.get(name, ()))
        play_hand([page], random.Random(name), max_turns=25)
        if page.locator("#next-hand").count():  # a finished hand's summary waits for the player
            page.click("#next-hand")
            page.wait_for_function(READY)
        # The bots play on meanwhile, so the state and the hand drawn from it are read in
        # one go: the page draws each state as it takes it in, but a later state (the
        # held trick taken, a card drawn) may be drawn between two separate reads.
        msg, shown = page.evaluate(SHOWN_HAND)
        assert not errors, errors
        truth = replay_to(web.record(table), msg["version"])
        assert msg["observation"] == truth.observation(0, names=table_names(msg["seats"]))
        mine = [c for z in msg["observation"]["zones"] if z["owner"] == 0 and z["kind"] == "hand" for c in z["cards"]]
        assert shown == mine
        assert any(seat == 0 for seat, _ in truth.history), "no move was made by clicks"
    finally:
        context.close()


def named(text: str, names: list[str]) -> str:
    """What a person reads of an engine text (conventions 1 and 2): seats named (the viewer's
    seat "You", "you" inside a sentence), card codes with suit symbols."""
    def seat(m: re.Match[str]) -> str:
        name = names[int(m.group(2))]
        return "you" if name == "You" and m.group(1) == "s" else name

    def seats(m: re.Match[str]) -> str:
        listed = [names[int(n)] for n in re.findall(r"\d+", m.group(2))]
        listed = ["you" if n == "You" and (i or m.group(1) == "s") else n for i, n in enumerate(listed)]
        return ", ".join(listed[:-1]) + " and " + listed[-1]

    out = re.sub(r"\b([Ss])eats (\d+(?:, \d+)*,? and \d+)\b", seats, text)
    out = re.sub(r"\b([Ss])eat (\d+)\b", seat, out)
    out = re.sub(r"\b([Yy])ou's\b", r"\1our", out)
    out = re.sub(r"\b([Yy]ou(?: \([^()]*\))?) ([a-z]+s)\b", lambda m: f"{m.group(1)} {second_person(m.group(2))}", out)
    return re.sub(r"\b(10|[2-9TJQKA])([SHDC])\b",
                  lambda m: ("10" if m.group(1) == "T" else m.group(1)) + "♠♥♦♣"["SHDC".index(m.group(2))], out)


def second_person(verb: str) -> str:
    """'wins' -> 'win', 'passes' -> 'pass', 'has' -> 'have' (after "you")."""
    irregular = {"has": "have", "is": "are", "was": "were", "does": "do"}
    if verb in irregular:
        return irregular[verb]
    if re.search(r"(ss|us)$", verb):
        return verb
    if re.search(r"(sh|ch|x|z|ss|o)es$", verb):
        return verb[:-2]
    if re.search(r"[^aeiou]ies$", verb):
        return verb[:-3] + "y"
    return verb[:-1]


def seat_names(page: Any) -> list[str]:
    return list(page.evaluate("() => window.__parlour.seatInfo.map((_, s) => window.__parlour.seatName(s))"))


def shown_facts(page: Any) -> list[dict[str, str]]:
    return list(page.eval_on_selector_all(
        "#facts .fact", "els => els.map((e) => ({label: e.querySelector('dt').textContent, value: e.querySelector('dd').textContent}))"))


def check_facts(page: Any) -> dict[str, Any]:
    """The status panel lists the observation's status, label by label; returns the observation."""
    obs: dict[str, Any] = page.evaluate("() => window.__parlour.msg.observation")
    assert obs["status"], "the game gives no status"
    names = seat_names(page)
    assert shown_facts(page) == [{"label": named(f["label"], names), "value": named(str(f["value"]), names)} for f in obs["status"]]
    return obs


def check_recent(page: Any, obs: dict[str, Any]) -> None:
    """The recent row draws each play's cards (backs when face down), marks and the explanation."""
    recent = obs["recent"]
    plays = page.locator("#recent .play")
    assert plays.count() == len(recent["plays"])
    for i, play in enumerate(recent["plays"]):
        el = plays.nth(i)
        cards = el.locator(".card").evaluate_all("els => els.map((e) => e.dataset.card || null)")
        assert cards == (play["cards"] or [None] * len(cards))
        assert ("marked" in (el.get_attribute("class") or "")) == bool(play["mark"])
    names = seat_names(page)
    assert page.locator("#recent .explain").text_content() == named(recent["explanation"], names)
    assert page.locator("#recent .zone-label").text_content() == named(recent["label"], names)


@pytest.mark.parametrize(("width", "label"), [(1280, "desktop"), (375, "phone")])
def test_the_status_panel_and_the_last_trick_of_cramps(web: ServerProcess, playwright: Any, width: int, label: str) -> None:
    """The panel shows the engine's status from the first move, the recent row the first trick."""
    context = open_browser(playwright, width, 900 if width > 400 else 812)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "cramps", 4)
        page.wait_for_function(READY)
        obs = check_facts(page)
        labels = [f["label"] for f in obs["status"]]
        assert "Trick 1 of 13 is worth" in labels and "+0" in page.locator("#facts").text_content()
        assert obs["recent"] is None and page.locator("#recent").count() == 0
        rng = random.Random(width)
        for _ in range(20):
            page.wait_for_function(READY)
            if page.evaluate("() => window.__parlour.msg.observation.recent") is not None:
                break
            take_turn(page, rng)
        page.wait_for_function(READY)
        obs = check_facts(page)
        assert obs["recent"] is not None, "no trick was finished"
        assert any(p["mark"] for p in obs["recent"]["plays"])
        check_recent(page, obs)
        page.locator("#facts").wait_for(state="visible")
        page.locator(".mine").wait_for(state="visible")  # a state that has just come re-renders the seats
        box = page.locator("#facts").bounding_box()
        hand = page.locator(".mine").bounding_box()
        assert box is not None and hand is not None and box["width"] <= width
        assert box["y"] + box["height"] <= hand["y"], "the status panel covers the hand"
        assert page.locator("#facts").is_visible() and page.locator(".mine .cards.hand").is_visible()
        if width < 400:
            assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"cramps-status-{label}.png"))  # what is on screen
        page.screenshot(path=str(ARTIFACTS / f"cramps-status-{label}-full.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()
