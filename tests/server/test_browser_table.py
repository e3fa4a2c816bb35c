"""Learning and following a game at the table, in a real browser, for every game.

One page per game, at 1280 px and then resized to 375 px: the lobby says what the game is
in a newcomer's words (the How to play text's summary); How to play opens from the lobby
and from the table's bar with the server's text for that table's options; the status panel
shows the game's headline facts with seats named; a hint arrives and names a legal move;
the hand panel lies over no element of the table at either width, and at 375 px its tap
targets are at least 44 px. A taken trick's cards move toward the winner and vanish (only vanish
under reduced motion). At 1280x800 and at 375x740: a hint leaves the table in view (and
on a phone the table has at least half the screen); a finished hand's summary keeps the
bar on that hand and its last trick is not gathered after Next hand; a resigning player
is told; a long name is not squeezed; Yaniv's draws name their cards; the turn sound is
off at first, remembered, and beeps for a hidden tab only. Screenshots go to
test-artifacts/ (gitignored).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from serverkit import ServerProcess
from test_browser import ARTIFACTS, READY, check_facts, create_table, open_browser

from parlour.games import GAMES
from parlour.howto import summary

# Options that give seat 0 a decision in the first hand (see test_browser.FIRST_CLICK_OPTIONS).
TICKED = {"seven_and_a_half": ("banker_sets_limits",)}
TABLE_PARTS = ".tablebar, #status, #facts, .seat, .centre-zone, #recent, #news, .side > .panel"


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path_factory.mktemp("webtable") / "parlour.sqlite3", bot_delay=0.0).start()
    yield proc
    proc.stop()


@pytest.fixture(scope="module")
def browser(playwright: Any) -> Iterator[Any]:
    context = open_browser(playwright, 1280)
    yield context
    context.close()


@pytest.fixture(scope="module")
def playwright() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def check_howto(page: Any, server: ServerProcess, game: str, opener: str, options: dict[str, Any]) -> None:
    """The dialog opens from `opener`, holds the server's text for these options, and closes."""
    page.click(opener)
    page.wait_for_selector(f"#howto[open][data-game='{game}'][data-ready='1']")
    query = {"options": json.dumps(options)} if options else {}
    expected = httpx.get(f"{server.base}/api/games/{game}/howto", params=query, timeout=10).json()
    shown = page.eval_on_selector("#howto .howto-body", "el => el.innerHTML")
    normal = page.evaluate("(html) => { const d = document.createElement('div'); d.innerHTML = html; return d.innerHTML; }", expected["html"])
    assert shown == normal and len(page.locator("#howto .howto-body").inner_text()) > 200
    page.keyboard.press("Escape")
    page.wait_for_selector("#howto", state="hidden")


def check_hint(page: Any) -> None:
    """The Hint button shows a thinking state, then a legal move, highlighted where it is made,
    in a player's words."""
    legal = {e["text"]: e for e in page.evaluate("() => window.__parlour.msg.observation.legal")}
    page.click("#hint")
    page.wait_for_selector("#hint-box[data-action]", timeout=15_000)
    action = page.get_attribute("#hint-box", "data-action")
    assert action in legal, f"the hint {action!r} is not a legal move"
    assert page.locator(".mine .hinted").count() >= 1, "the hinted move is not highlighted"
    words = page.inner_text("#hint-box").lower()
    assert not [w for w in ("sampled", "tries", "heuristic", "search") if w in words], words


MY_TURN = """() => { const v = window.__parlour;
  return !!(v && v.msg && !v.sending && v.msg.observation.to_act === v.msg.seat); }"""
"""The seat is to act and nothing is on its way: no bot's move can redraw the hand under a pick."""


def check_keyboard(page: Any) -> None:
    """A card picked with the keyboard says it is pressed and keeps the focus; picked again,
    it is let go."""
    card = page.locator("#mine .card.clickable").first
    if not page.evaluate(MY_TURN) or not card.count():
        return
    key = card.get_attribute("data-key")
    card.focus()
    page.keyboard.press("Space")
    pressed = "([key, state]) => document.querySelector(`#mine [data-key='${key}']`)?.getAttribute('aria-pressed') === state"
    page.wait_for_function(pressed, arg=[key, "true"], timeout=5_000)
    assert page.evaluate("() => document.activeElement.dataset.key") == key
    page.keyboard.press("Space")
    page.wait_for_function(pressed, arg=[key, "false"], timeout=5_000)


def check_nothing_covered(page: Any, width: int) -> None:
    """No element of the table overlaps the hand panel, wherever the page or its middle is scrolled."""
    overlaps = page.evaluate(
        """(sel) => {
          const mine = document.querySelector('#mine');
          if (!mine) return ['no hand panel'];
          const out = [];
          for (const el of document.querySelectorAll(sel)) {
            if (mine.contains(el) || el.contains(mine) || !el.getClientRects().length) continue;
            el.scrollIntoView({ block: 'nearest' });
            // What is seen of the element: its box clipped by the viewport and by every
            // ancestor that scrolls or clips (the phone's scrolling middle).
            const a = el.getBoundingClientRect(), b = mine.getBoundingClientRect();
            let top = Math.max(a.top, 0), bottom = Math.min(a.bottom, innerHeight);
            for (let p = el.parentElement; p; p = p.parentElement) {
              if (getComputedStyle(p).overflowY === 'visible') continue;
              const c = p.getBoundingClientRect();
              top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
            }
            if (bottom > top && a.left < b.right && b.left < a.right && top < b.bottom && b.top < bottom)
              out.push((el.id || el.className) + ' ' + JSON.stringify([a.top, a.bottom, b.top, b.bottom]));
          }
          return out; }""",
        TABLE_PARTS,
    )
    assert not overlaps, f"at {width} px the hand panel covers {overlaps}"
    # Read once the panel is drawn: a re-render (a hand ending) may replace it for a moment.
    style = page.wait_for_function(
        "() => { const el = document.querySelector('#mine'); return (el && getComputedStyle(el).backgroundColor) || null; }"
    ).json_value()
    assert style in ("rgb(255, 255, 255)", "rgba(255, 255, 255, 0.96)") and (width > 400 or style == "rgb(255, 255, 255)")


def check_tap_targets(page: Any) -> None:
    small = page.evaluate(
        """() => [...document.querySelectorAll('#mine button, #mine .card.clickable, .tablebar button, .tablebar select')]
          .filter((el) => el.getClientRects().length)
          .map((el) => [el.textContent || el.dataset.card, el.getBoundingClientRect()])
          .filter(([, r]) => r.width < 44 || r.height < 44).map(([t, r]) => `${t} ${r.width}x${r.height}`)"""
    )
    assert not small, f"tap targets under 44 px: {small}"


@pytest.mark.parametrize("name", list(GAMES))
def test_learn_and_follow_every_game_at_two_widths(web: ServerProcess, browser: Any, name: str) -> None:
    game = GAMES[name]
    players = min(max(4, game.min_players), game.max_players) if name != "ridge" else game.min_players
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(web.base + "/")
        page.wait_for_selector("#create")
        page.select_option("#game", name)
        assert page.locator(".about").text_content() == summary(name)
        check_howto(page, web, name, "#lobby-howto", {})
        table = create_table(page, web, {s: "bot:random" for s in range(1, players)}, name, players, ticked=TICKED.get(name, ()))
        page.wait_for_function(READY)
        if page.locator("#next-hand").count():
            page.click("#next-hand")
            page.wait_for_function(READY)
        check_facts(page)
        options = {k: v for k, v in httpx.get(f"{web.base}/api/tables/{table}", timeout=10).json()["options"].items() if k != "players"}
        check_howto(page, web, name, "#table-howto", options)
        check_keyboard(page)
        check_hint(page)
        for width, height in ((1280, 900), (375, 812)):
            page.set_viewport_size({"width": width, "height": height})
            check_nothing_covered(page, width)
            if width < 400:
                check_tap_targets(page)
                assert page.evaluate("() => document.documentElement.scrollWidth") <= width
            ARTIFACTS.mkdir(exist_ok=True)
            page.evaluate("() => { const m = document.querySelector('.middle'); if (m) m.scrollTop = 0; window.scrollTo(0, 0); }")
            page.screenshot(path=str(ARTIFACTS / f"table-{name}-{width}.png"))
        assert not errors, errors
    finally:
        page.close()


def test_speed_is_remembered_and_moves_are_announced(web: ServerProcess, browser: Any) -> None:
    """The bot speed chosen stays after a reload; after a move, the bots' moves and "Your
    turn" reach the live region a screen reader reads."""
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    try:
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "cramps", 4)
        page.wait_for_function(READY)
        page.select_option("#speed", "slow")
        assert page.evaluate("() => localStorage.getItem('parlour:speed')") == '"slow"'
        page.reload()
        page.wait_for_function(READY)
        assert page.eval_on_selector("#speed", "el => el.value") == "slow"
        page.select_option("#speed", "fast")
        for _ in range(3):  # until a bot has moved between two of seat 0's turns (seat 0 may win and lead)
            legal = page.evaluate("() => window.__parlour.msg.observation.legal")
            version = page.evaluate("() => window.__parlour.msg.version")
            page.click(f".hand .card[data-card='{legal[0]['cards'][0]}']")
            page.click(f"#actions button[data-action='{legal[0]['text']}']")
            page.wait_for_function(f"() => window.__parlour.msg.version > {version} && window.__parlour.msg.observation.to_act === 0")
            said = page.locator("#announce").text_content() or ""
            assert said.endswith("Your turn."), said
            if page.evaluate("() => window.__parlour.msg.version") > version + 1:
                break
        assert "Cramps bot" in said, said
        assert page.get_attribute("#announce", "aria-live") == "polite"
    finally:
        page.close()


# Records, as each gather starts, the computed animation of a gathering play's cards and
# where they are sent (the page redraws often, so polling from the test could miss it).
WATCH_GATHER = """window.__gathers = [];
new MutationObserver(() => {
  const el = document.querySelector('#recent.gather .play .cards');
  if (!el || el.__seen) return;
  el.__seen = true;
  const cs = getComputedStyle(el);
  window.__gathers.push({ name: cs.animationName, duration: cs.animationDuration,
    to: [cs.getPropertyValue('--gx'), cs.getPropertyValue('--gy')] });
}).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });"""


def play_until_a_trick_is_taken(page: Any) -> None:
    """Seat 0 plays its first legal card until a finished trick has been gathered."""
    for _ in range(6):
        page.wait_for_function(READY)
        if page.evaluate("() => window.__parlour.gathered !== null && !!document.querySelector('#recent.gathered')"):
            return
        legal = page.evaluate("() => window.__parlour.msg.observation.legal")
        page.click(f".hand .card[data-card='{legal[0]['cards'][0]}']")
        page.click(f"#actions button[data-action='{legal[0]['text']}']")
        page.wait_for_function("() => !!document.querySelector('#recent.gathered') || !window.__parlour.sending")
    page.wait_for_selector("#recent.gathered")


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_finished_trick_is_gathered_toward_its_winner(web: ServerProcess, browser: Any, motion: str) -> None:
    """A taken trick's cards move together toward the winner's seat and vanish; when the
    player asks for less motion they vanish without moving."""
    page = browser.new_page()
    page.set_viewport_size({"width": 1280, "height": 900})
    page.emulate_media(reduced_motion=motion)
    page.add_init_script(WATCH_GATHER)
    try:
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "cramps", 4)
        play_until_a_trick_is_taken(page)
        gathers = page.evaluate("() => window.__gathers")
        assert not page.locator("#recent.gathered .plays").is_visible()
        if motion == "reduce":
            assert gathers == []
            page.eval_on_selector("#recent", "el => el.classList.add('gather')")
            assert page.eval_on_selector("#recent .play .cards", "el => getComputedStyle(el).animationName") == "none"
        else:
            assert gathers and all(g["name"] == "card-gather" and g["duration"] != "0s" for g in gathers), gathers
            assert all(g["to"] != ["0px", "0px"] for g in gathers), gathers
    finally:
        page.close()


# What is seen of an element: its box clipped by the viewport and by every ancestor that
# scrolls or clips (the table's scrolling middle, the hand panel).
SEEN = """(el) => { const a = el.getBoundingClientRect();
  let top = Math.max(a.top, 0), bottom = Math.min(a.bottom, innerHeight);
  for (let p = el.parentElement; p; p = p.parentElement) {
    if (getComputedStyle(p).overflowY === 'visible') continue;
    const c = p.getBoundingClientRect(); top = Math.max(top, c.top); bottom = Math.min(bottom, c.bottom);
  }
  return { top: a.top, bottom: a.bottom, height: a.height, seen: Math.max(0, bottom - top) }; }"""

LAYOUT = f"""() => {{ const seen = {SEEN};
  const one = (sel) => {{ const el = document.querySelector(sel); return el && el.getClientRects().length ? seen(el) : null; }};
  return {{ topbar: one('.topbar'), bar: one('.table-view > .tablebar'), middle: one('.table-view > .middle'), mine: one('#mine'),
    hint: one('#hint-box .hint-move'), centre: [...document.querySelectorAll('.centre > *')].filter((el) => el.getClientRects().length).map(seen),
    scrolled: scrollY, height: innerHeight }}; }}"""


def ask_for_a_hint(page: Any) -> None:
    page.click("#hint")
    page.wait_for_selector("#hint-box[data-action]", timeout=30_000)


@pytest.mark.parametrize("name", ["cramps", "kings_in_the_corner"])
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (375, 740)])
def test_the_table_stays_in_view_with_a_hint(web: ServerProcess, browser: Any, name: str, width: int, height: int) -> None:
    """A hint takes no room from the table. Wide: the hand panel grows by a row of cards at
    most (where the hand wraps beside the hint) and the trick, board or piles stay in view. On a phone: the page does not scroll, the table's
    bar is one row, and the table (everything between the bar and the hand panel) keeps at
    least half the screen, its scrolling middle a good part of it; the hinted move is in view."""
    players = 4 if name == "cramps" else 2
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    try:
        create_table(page, web, {s: "bot:random" for s in range(1, players)}, name, players)
        page.wait_for_function(READY)
        if page.locator("#next-hand").count():
            page.click("#next-hand")
            page.wait_for_function(READY)
        before = page.evaluate(LAYOUT)
        ask_for_a_hint(page)
        got = page.evaluate(LAYOUT)
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"table-hint-{name}-{width}.png"))
        assert got["hint"] and got["hint"]["seen"] >= got["hint"]["height"] - 1, f"the hinted move is out of view: {got}"
        assert got["scrolled"] == 0 and got["topbar"]["top"] == 0, f"the page scrolled: {got}"
        if width > 860:
            # Beside the hand, the hint narrows the hand's column: a hand that then wraps may
            # take one more row of cards, never more, and the table's middle stays in view.
            assert got["mine"]["height"] - before["mine"]["height"] <= 60, f"the hint made the hand panel taller: {before} {got}"
            assert got["middle"]["height"] >= 0.8 * before["middle"]["height"], f"the hint took the table's room: {before} {got}"
            assert got["centre"] and all(part["seen"] >= part["height"] - 2 for part in got["centre"]), f"the table's middle is out of view: {got}"
        else:
            assert got["bar"]["height"] <= 50, f"the table's bar takes more than a row: {got['bar']}"
            table = got["mine"]["top"] - got["bar"]["bottom"]
            assert table >= height / 2, f"the table gets {table} of {height} px: {got}"
            assert got["middle"]["seen"] >= 0.3 * height, f"the table's middle gets {got['middle']['seen']} px: {got}"
            assert got["mine"]["bottom"] <= height, got
            if page.locator("#hint-box .hint-more").count():  # the why, folded on a phone, opens within the hand panel
                assert page.locator("#hint-box details:not([open])").count() == 1
                page.click("#hint-box summary")
                page.wait_for_selector("#hint-box details[open]")
                opened = page.evaluate(LAYOUT)
                assert opened["scrolled"] == 0 and opened["mine"]["bottom"] <= height, opened
                assert opened["mine"]["top"] - opened["bar"]["bottom"] >= height / 2, f"the open why takes the table's room: {opened}"
    finally:
        page.close()


SIZES = [(1280, 800), (375, 740)]

MY_HAND_SIZE = """() => { const v = window.__parlour; const o = v.msg.observation;
  return (o.zones || []).filter((z) => z.owner === v.msg.seat && z.kind === 'hand').reduce((n, z) => n + (z.cards || []).length, 0); }"""


def move(page: Any) -> None:
    """Seat 0 makes its last legal move (a ribs bid rather than a pass), and the page waits for what follows."""
    legal = page.evaluate("() => window.__parlour.msg.observation.legal")
    version = page.evaluate("() => window.__parlour.msg.version")
    page.evaluate("(text) => window.__parlour.send(text)", legal[-1]["text"])
    page.wait_for_function(f"() => window.__parlour.msg.version > {version} || window.__parlour.holding")


def play_to_the_hand_s_end(page: Any, limit: int = 200) -> None:
    """Seat 0 moves until a finished hand's summary waits; its last moves at the slow
    speed, so that a finished trick is held in view a while before it is gathered."""
    for _ in range(limit):
        page.wait_for_function(READY)
        if page.evaluate("() => window.__parlour.holding"):
            return
        if page.evaluate(MY_HAND_SIZE) <= 3:
            page.evaluate("() => localStorage.setItem('parlour:speed', '\"slow\"')")
        move(page)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_finished_hand_is_spoken_of_until_the_player_moves_on(web: ServerProcess, browser: Any, width: int, height: int) -> None:
    """While a hand's summary waits, the bar, the status and the window's title speak of
    that hand (no "Your turn", no facts of the next deal); after Next hand the trick that
    ended it, which the new deal still shows, is not gathered across the new table."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(WATCH_GATHER)
    try:
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "ribs", 4)
        page.evaluate("() => localStorage.setItem('parlour:speed', '\"fast\"')")
        for hand in range(1, 4):  # until a hand ends on a trick that the next deal still shows
            play_to_the_hand_s_end(page)
            page.wait_for_selector("#next-hand")
            status = page.locator("#status").text_content() or ""
            assert f"Hand {hand} is over" in status and "Your turn" not in status, status
            assert f"hand {hand} \u00b7 over" in (page.locator(".tablebar .title").text_content() or "")
            assert page.locator("#facts").count() == 0, "the next deal's facts show under the summary"
            assert "Your turn" not in page.title()
            ends_on_a_trick = page.evaluate("() => trickTaker(window.__parlour.msg.observation.recent) !== undefined")
            gathers = page.evaluate("() => window.__gathers.length")
            page.click("#next-hand")
            if ends_on_a_trick:
                break
            page.evaluate("() => localStorage.setItem('parlour:speed', '\"fast\"')")
        assert ends_on_a_trick, "no hand ended on a trick that the next deal shows"
        assert f"hand {hand + 1} \u00b7" in (page.locator(".tablebar .title").text_content() or "")
        page.wait_for_timeout(4_500)  # longer than the slow speed's finished trick and its gathering
        assert page.evaluate("() => window.__gathers.length") == gathers, "the last hand's trick was gathered after Next hand"
        assert not page.locator("#recent .plays").is_visible()
    finally:
        page.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_player_who_resigns_is_told(web: ServerProcess, browser: Any, width: int, height: int) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    try:
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "cramps", 4)
        page.wait_for_function(READY)
        if width < 520:
            page.click("#bar-menu")
        page.click("#resign")
        page.click("[data-key='yes-Resign']")
        page.wait_for_selector("#toast:not([hidden])")
        assert "You resigned" in (page.locator("#toast").text_content() or "")
        page.wait_for_function("() => /You resigned/.test(document.querySelector('#status').textContent)")
        assert page.locator("#hint").count() == 0 and page.locator("#resign").count() == 0
    finally:
        page.close()


LONG_NAME = "Bartholomew Featherstone"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_long_name_is_not_squeezed(web: ServerProcess, browser: Any, width: int, height: int) -> None:
    """A friend with a long name, away (so marked, with a countdown): the name keeps a
    readable width, ends in an ellipsis if it must, and is whole in its title."""
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    try:
        table = create_table(page, web, {1: "person", **{s: "bot:random" for s in range(2, 6)}}, "ribs", 6)
        web.join(table, seat=1, name=LONG_NAME)  # the last open seat taken: the table deals
        page.wait_for_selector(".seat[data-seat='1'] .tag.away")
        name = page.locator(".seat[data-seat='1'] .seat-name")
        box = name.bounding_box()
        line = float(name.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight) || 18"))
        assert box["width"] >= 80, f"the name is squeezed to {box['width']} px"
        assert box["height"] <= 2 * line + 2, f"the name takes {box['height']} px (lines of {line})"
        assert name.get_attribute("title") == LONG_NAME and name.text_content() == LONG_NAME
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"table-long-name-{width}.png"))
    finally:
        page.close()


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_yaniv_s_draws_name_their_cards(web: ServerProcess, browser: Any, width: int, height: int) -> None:
    page = browser.new_page()
    page.set_viewport_size({"width": width, "height": height})
    try:
        create_table(page, web, {1: "bot:random"}, "yaniv", 2)
        for _ in range(6):
            page.wait_for_function(READY)
            texts = [e["text"] for e in page.evaluate("() => window.__parlour.msg.observation.legal")]
            if "draw first" in texts:
                break
            move_text = next(t for t in texts if t.startswith("discard"))
            version = page.evaluate("() => window.__parlour.msg.version")
            page.evaluate("(text) => window.__parlour.send(text)", move_text)
            page.wait_for_function(f"() => window.__parlour.msg.version > {version}")
        labels = page.eval_on_selector_all("#actions button[data-action^='draw']", "(els) => els.map((el) => el.textContent)")
        assert "draw stock" in labels and len(labels) >= 2, labels
        assert all(re.fullmatch(r"draw stock|draw (10|[2-9JQKA])[\u2660\u2665\u2666\u2663]( \((first|last)\))?|draw Joker( \((first|last)\))?", t)
                   for t in labels), labels
    finally:
        page.close()


FAKE_AUDIO = """window.__beeps = 0;
window.AudioContext = class {
  constructor() { this.state = 'running'; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() { return { type: '', frequency: { value: 0 }, connect() {}, start() { window.__beeps += 1; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect() {} }; }
};
Object.defineProperty(document, 'hidden', { configurable: true, get: () => !!window.__hidden });"""


def until_my_next_turn(page: Any) -> None:
    page.wait_for_function(READY)
    version = page.evaluate("() => window.__parlour.msg.version")
    legal = page.evaluate("() => window.__parlour.msg.observation.legal")
    page.evaluate("(text) => window.__parlour.send(text)", legal[0]["text"])
    page.wait_for_function(f"() => window.__parlour.msg.version > {version} && (window.__parlour.msg.observation.to_act === 0 || window.__parlour.holding)")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_turn_sound_for_a_tab_in_the_background(web: ServerProcess, playwright: Any, width: int, height: int) -> None:
    """Off at first (no beep in a hidden tab); turned on in the page it is remembered, and
    beeps when the turn comes while the tab is hidden, not while it is seen."""
    context = open_browser(playwright, width, height)
    context.add_init_script(FAKE_AUDIO)
    page = context.pages[0] if context.pages else context.new_page()
    try:
        create_table(page, web, {1: "bot:random", 2: "bot:random", 3: "bot:random"}, "cramps", 4)
        page.evaluate("() => { window.__hidden = true; }")
        until_my_next_turn(page)
        assert page.evaluate("() => window.__beeps") == 0, "a beep with the sound off"
        if width < 520:
            page.click("#bar-menu")
        assert not page.is_checked("#turn-sound")
        page.check("#turn-sound")
        assert page.evaluate("() => localStorage.getItem('parlour:sound')") == "true"
        page.reload()
        page.wait_for_function(READY)
        if width < 520:
            page.click("#bar-menu")
        assert page.is_checked("#turn-sound")
        until_my_next_turn(page)  # seen: no beep
        assert page.evaluate("() => window.__beeps") == 0
        page.evaluate("() => { window.__hidden = true; }")
        until_my_next_turn(page)
        assert page.evaluate("() => window.__beeps") >= 1, "no beep when the turn came in a hidden tab"
    finally:
        context.close()
