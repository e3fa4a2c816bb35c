"""How to play: every game's text, its options in words, the HTML renderer, `parlour rules`."""

from __future__ import annotations

import dataclasses
import re
import subprocess
import sys
from typing import Any

import pytest

from parlour.engine import OptionsError
from parlour.games import GAMES
from parlour.howto import (
    OPTIONS_HEADING,
    game_text,
    how_to_play,
    how_to_play_html,
    summary,
    value_words,
)
from parlour.howto.markup import to_html

RULING_CODE = re.compile(r"\bR-[A-Z]+-\d+|\bG-\d+\b|pagat|denexa|\(source\)|rulings?\b", re.IGNORECASE)
SUBSET_LINE = re.compile(r"^(#{1,3} \S.*|- \S.*|\d+\. \S.*| {2,5}\S.*|\|.*\||[^\s#|].*)?$")


def options_of(name: str, **values: Any) -> Any:
    return GAMES[name].options(**values)


def test_every_game_has_its_own_text_titled_as_the_game() -> None:
    for name, game in GAMES.items():
        text = game_text(name)
        assert text.splitlines()[0] == f"# {game.title}", name
        lines = text.splitlines()
        assert 50 <= len(lines) <= 150, (name, len(lines))
        for heading in ("## What you are trying to do", "## A worked example"):
            assert heading in text, (name, heading)
        assert re.search("[♠♥♦♣]", text), name


def test_the_texts_keep_to_the_markdown_subset_and_point_nowhere_else() -> None:
    for name in GAMES:
        text = game_text(name)
        assert "http" not in text and "www." not in text and "`" not in text, name
        assert not RULING_CODE.search(text), (name, RULING_CODE.search(text))
        for line in text.splitlines():
            assert SUBSET_LINE.match(line), (name, line)
            assert not line.startswith("####"), (name, line)


NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def test_every_game_has_a_short_plain_summary_under_its_title() -> None:
    for name, game in GAMES.items():
        blurb = summary(name)
        assert 40 <= len(blurb) <= 200, (name, blurb)
        assert 1 <= len(re.findall(r"[.!?](?= |$)", blurb)) <= 2 and blurb.endswith("."), (name, blurb)
        assert not re.search(r"[*#_`|]|\b[AKQJT2-9][SHDC]\b", blurb), (name, blurb)
        assert re.search(rf"\b({game.min_players}|{NUMBER_WORDS[game.min_players]})\b", blurb), (name, blurb)
        module_line = (sys.modules[type(game).__module__].__doc__ or "").strip().splitlines()[0]
        assert blurb != module_line, name


@pytest.mark.parametrize("name", list(GAMES))
def test_each_text_states_the_numbers_of_the_standard_game(name: str) -> None:
    """The numbers each text states come from the game's options and constants (its
    declared `howto_facts`), so a changed default or constant the text does not follow
    fails here."""
    game = GAMES[name]
    phrases = game.howto_facts(game.options())
    assert phrases, "declare the numbers the text states (Game.howto_facts)"
    text = " ".join(game_text(name).split())
    for phrase in phrases:
        assert phrase in text, (name, phrase)


@pytest.mark.parametrize("name", list(GAMES))
def test_every_option_is_explained_in_plain_words(name: str) -> None:
    described = GAMES[name].Options.describe()
    text = how_to_play(name)
    section = text.split(f"## {OPTIONS_HEADING}", 1)[1]
    for option in described:
        assert len(option["doc"]) > 10, (name, option["name"])
        assert not RULING_CODE.search(option["doc"]), (name, option["name"], option["doc"])
        assert f"- **{option['name']}**: {value_words(option['default'])}. {option['doc']}" in section
    assert "changed;" not in section
    assert not RULING_CODE.search(text)


def a_changed_value(name: str) -> tuple[str, Any]:
    """An option of the game other than `players` with a legal value that is not its default."""
    options = options_of(name)
    for field in dataclasses.fields(options):
        default = getattr(options, field.name)
        candidates: list[Any] = []
        if isinstance(default, bool):
            candidates = [not default]
        elif isinstance(default, int):
            candidates = [default + 1, default + 2, default - 1, 7]
        elif isinstance(default, str):
            choices = next(o for o in GAMES[name].Options.describe() if o["name"] == field.name).get("choices", [])
            candidates = [c for c in choices if c != default]
        for value in candidates:
            if field.name == "players":
                continue
            try:
                options_of(name, **{field.name: value})
            except OptionsError:
                continue
            return field.name, value
    raise AssertionError(f"{name}: no option can change")


@pytest.mark.parametrize("name", list(GAMES))
def test_the_chosen_options_are_shown_and_marked_as_changed(name: str) -> None:
    option, value = a_changed_value(name)
    default = dataclasses.asdict(options_of(name))[option]
    text = how_to_play(name, {option: value})
    line = next(line for line in text.splitlines() if line.startswith(f"- **{option}**:"))
    assert line.startswith(f"- **{option}**: {value_words(value)} *(changed; the standard game has {value_words(default)})*")
    assert text.count("*(changed") == 1
    html = how_to_play_html(name, {option: value})
    assert f"<strong>{option}</strong>" in html and "<em>(changed;" in html


def test_values_read_as_words() -> None:
    assert [value_words(v) for v in (True, False, None, (10, 1), "at_least_two", 21)] == [
        "yes", "no", "none", "10/1", "at least two", "21"]
    text = how_to_play("ribs", {"stakes": "10/1", "opening": "at_least_two", "players": "6"})
    assert "- **stakes**: 10/1 *(changed; the standard game has none)*." in text
    assert "- **players**: 6 *(changed; the standard game has 4)*." in text


def test_bad_options_and_games_are_refused_with_a_sentence() -> None:
    with pytest.raises(OptionsError, match="unknown option 'lemon'"):
        how_to_play("ribs", {"lemon": True})
    with pytest.raises(OptionsError, match="must be true or false"):
        how_to_play("ribs", {"lemons": "perhaps"})
    with pytest.raises(OptionsError, match="unknown game 'whist'"):
        how_to_play("whist")


def test_the_renderer_builds_the_subset() -> None:
    html = to_html("# Title\n\nSome *soft* and **hard** words\non two lines.\n\n- one\n- two\n  more\n\n"
                   "1. first\n2. second\n   - inner\n     still inner\n\n| A | B |\n|---|---|\n| 1 | 2 |\n### Small")
    assert html.split("\n") == [
        "<h1>Title</h1>",
        "<p>Some <em>soft</em> and <strong>hard</strong> words on two lines.</p>",
        "<ul><li>one</li><li>two more</li></ul>",
        "<ol><li>first</li><li>second<ul><li>inner still inner</li></ul></li></ol>",
        "<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
        "<h3>Small</h3>",
    ]


@pytest.mark.parametrize(
    "hostile",
    [
        "<script>alert(1)</script>",
        '"><img src=x onerror=alert(1)>',
        "**<b onclick='x'>bold</b>**",
        "| <iframe> | *'quoted'* |",
        "- <a href=\"javascript:alert(1)\">x</a> & co",
        "# <h1>",
        "&lt;already escaped&gt;",
    ],
)
def test_the_renderer_escapes_every_character_of_the_text(hostile: str) -> None:
    html = to_html(f"Intro\n\n{hostile}\n\n1. {hostile}\n")
    tags = set(re.findall(r"</?([a-zA-Z0-9]+)", html))
    assert tags <= {"p", "h1", "ul", "ol", "li", "strong", "em", "table", "thead", "tbody", "tr", "th", "td"}
    assert "<script" not in html and "<img" not in html and "<iframe" not in html and "<a " not in html
    assert "onerror=" not in html or "&quot;&gt;&lt;img" in html
    assert "&amp;lt;already" in html or "&lt;already" not in hostile


def test_every_game_renders_to_html_with_its_title_and_options() -> None:
    for name, game in GAMES.items():
        html = how_to_play_html(name)
        assert html.startswith(f"<h1>{game.title}</h1>")
        assert f"<h2>{OPTIONS_HEADING}</h2>" in html
        assert "**" not in html and "<h4" not in html


PARLOUR = [sys.executable, "-m", "parlour.cli"]


def rules(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*PARLOUR, "rules", *args], capture_output=True, text=True, timeout=120)


def test_parlour_rules_prints_every_game_in_a_pipe() -> None:
    for name in GAMES:
        from parlour.cli import main

        assert name in GAMES
        assert main(["rules", name]) == 0
    done = rules("mighty", "--option", "hands=4", "--option", "joker_free=false")
    assert done.returncode == 0, done.stderr
    assert done.stdout == how_to_play("mighty", {"hands": "4", "joker_free": "false"})
    assert "- **hands**: 4 *(changed; the standard game has 10)*" in done.stdout


def test_parlour_rules_prints_html_and_its_players(capsys: pytest.CaptureFixture[str]) -> None:
    from parlour.cli import main

    assert main(["rules", "zetema", "--players", "4", "--html"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("<h1>Zetema</h1>") and "<strong>players</strong>: 4" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["whist"], "unknown game 'whist'"),
        (["ribs", "--option", "lemon=true"], "unknown option 'lemon'"),
        (["ribs", "--option", "lemons"], "write name=value"),
        (["ribs", "--players", "3"], "4 to 10"),
    ],
)
def test_parlour_rules_refuses_a_bad_game_or_option_in_one_sentence(args: list[str], words: str) -> None:
    done = rules(*args)
    assert done.returncode == 2 and done.stdout == ""
    assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_the_terminal_game_opens_by_pointing_at_the_rules() -> None:
    done = subprocess.run([*PARLOUR, "play", "yaniv", "--seed", "3"], input="quit\n", capture_output=True,
                          text=True, timeout=120)
    first = done.stdout.splitlines()[0]
    assert first.startswith("Yaniv, 2 players, seed 3.") and "'parlour rules yaniv' explains it" in first


def test_ribs_calls_a_part_of_the_hand_what_the_table_calls_it() -> None:
    """Ribs' sources play a hand as four (double) tricks, each after a round of bidding; the
    table's status counts them as tricks, and the how-to says the same word."""
    game = GAMES["ribs"]
    state = game.new_state(game.options(), 1)
    status = {fact["label"]: fact["value"] for fact in state.observation(0, names=["Ann", "Bob", "Cy", "Dee"])["status"]}
    assert status["Trick"] == "1 of 4"
    text = game_text("ribs")
    assert "A hand is four tricks" in text
    assert not re.search(r"\b(?:four|each|a|fourth|next|the) rounds?\b(?! of bidding)", text, re.IGNORECASE), text
