"""Replays: a record's outcome (`parlour replay`), its frames, and the game told hand by
hand (`parlour show`).

`parlour replay FILE [--json] [--index K]`: FILE holds one record, or JSON lines of records
(what `simulate --record` and `arena --record` write), each replayed and printed in turn,
with the bot at each seat where the record holds it (theirs do).

Exit status 2 with one sentence on stderr when the record cannot be replayed; the sentence
names the failing action's index and the reason.

`frames(record, view)` is the game as a viewer steps through it: a frame for each deal and
one after every action, each holding the `views=True` observation seen from `view` (a
seat, None for a spectator, or ALL for the all-seeing view of `all_seeing`). The server's
replay endpoints and the browser's viewer draw these frames, and `parlour show` prints
them, so every front end tells a replay the same way.

Two decisions the live game does not have to make:
- The frame of an action that ends a hand shows the hand's end (the cards taken, the last
  trick, the whole hand's log), not the next deal the engine makes at once: it is observed
  on a copy of the state that stops at the hand's end (`clone(hand_only=True)`), with the
  match's own `match_over` and `winners`, and the phase `hand_over` while the match goes
  on. The next deal is a frame of its own.
- A seat's frame shows an action as that seat saw it (`fold`, face-down ribs), from the
  observation's public history; the all-seeing view shows every action in full.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from parlour.engine import Action, State, jsonable_scores
from parlour.games import get_game
from parlour.record import RecordError, apply_entry, load_all, replay, start_of, summary
from parlour.views import generic_view, recent_text, recent_update, status_lines
from parlour.words import Seats, listing, seats_of, table_names, told_apart

ALL: Literal["all"] = "all"
View = int | Literal["all"] | None
"""Whose eyes a replay is seen through: a seat, ALL (every hand shown) or None (a spectator)."""

HAND_OVER = "hand_over"
"""The phase of a frame that shows a finished hand while the match goes on."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", help="a game record (JSON), or JSON lines of records as simulate and arena --record write them"
    )
    parser.add_argument("--json", action="store_true", help="print the outcome as JSON (a line per record)")
    parser.add_argument("--index", type=int, metavar="K", help="of a file of several records, replay record K only (from 0)")


def run(args: argparse.Namespace) -> int:
    try:
        records = load_all(args.file)
        if args.index is not None:
            if not 0 <= args.index < len(records):
                raise RecordError(f"--index {args.index}: {args.file} holds records 0 to {len(records) - 1}")
            records = [records[args.index]]
        for k, record in enumerate(records):
            try:
                state = replay(record)
            except RecordError as exc:
                raise RecordError(f"record {k}: {exc}" if len(records) > 1 else str(exc), exc.index) from None
            if len(records) > 1 and not args.json:
                print(f"record {k}:")
            print_outcome(state, args.json, record.get("bots"))
    except RecordError as exc:
        print(f"parlour replay: {exc}", file=sys.stderr)
        return 2
    return 0


def print_outcome(state: State, as_json: bool, bots: Any = None) -> None:
    """A replayed record's outcome: who sat where (a simulate or arena record's `"bots"`),
    hand scores, standing, money and winners. The text names the seats as `parlour show`
    does (a record keeps no names: `outcome_lines`); the JSON keeps the numbers."""
    out = summary(state)
    seated = isinstance(bots, list) and len(bots) == state.players
    if as_json:
        print(json.dumps({**out, "bots": bots} if seated else out))
        return
    for line in outcome_lines(state, bots if seated else None):
        print(line)


def outcome_lines(state: State, bots: Sequence[Any] | None = None) -> list[str]:
    """A replayed record's outcome in words, each seat by the name `parlour show` gives it
    (`table_names`), with the bot that played it where the record says (`bots`)."""
    out = summary(state)
    seats = Seats(table_names(state.players))
    lines = [f"{state.game.title}: {'match over' if out['over'] else 'match in progress'}"]
    if bots is not None:
        lines.append("seats: " + "; ".join(f"{seats.name(s)}: {seat_bot(state.game.name, b)}" for s, b in enumerate(bots)))
    lines += [f"hand {k + 1}: {seat_values(scores, seats)}" for k, scores in enumerate(out["hand_scores"])]
    lines.append(f"match standing: {seat_values(state.match_scores(), seats)}")
    if "money" in out:
        lines.append(f"money: {seat_values(out['money'], seats)}")
    if out["winners"]:
        lines.append(f"{'winner' if len(out['winners']) == 1 else 'winners'}: {seats.group(out['winners'])}")
    return lines


def seat_bot(game_name: str, spec: Any) -> str:
    """A seat's bot as people read it, "Ribs bot (normal)", with its spec where that says
    more (its settings, an outside bot's module): "Ribs bot (ismcts), ismcts(iterations=8)"."""
    from parlour.bots.levels import display_name

    if not isinstance(spec, str) or not spec:
        return "a player"
    name = display_name(game_name, spec)
    return name if name.endswith(f"({spec})") else f"{name}, {spec}"


def seat_values(values: Any, seats: Seats) -> str:
    """One number per seat, each by its name ("you: 3, Ben: -1"), exact fractions as `p/q`."""
    return ", ".join(f"{seats.name(s)}: {v}" for s, v in enumerate(jsonable_scores(values)))


# --- frames ---------------------------------------------------------------------------------
def parse_view(text: str | None, players: int | None = None) -> View:
    """A view from its text: a seat number, `all`, or `none`/empty for a spectator;
    ValueError with a sentence for anything else (and a seat past `players`)."""
    if text is None or text.strip().lower() in ("", "none", "spectator"):
        return None
    if text.strip().lower() == ALL:
        return ALL
    try:
        seat = int(text)
    except ValueError:
        raise ValueError(f"a view is a seat number, 'all' or 'none', not {text[:20]!r}") from None
    if seat < 0 or (players is not None and seat >= players):
        top = f" from 0 to {players - 1}" if players is not None else ""
        raise ValueError(f"the seat must be a number{top}, not {seat}")
    return seat


def all_seeing(state: State, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The spectator's observation with every seat's hidden cards shown: each zone a seat
    owns takes its cards from that seat's own observation (its hand, its face-down ribs),
    so nothing about what is shown is worked out twice. What no seat may see (a stock's
    order, a widow nobody has taken) stays hidden. `revealed` is set when a zone shows
    cards the spectator's facts keep hidden (a game's own text view, drawn from those facts,
    would show them face down). The seats are named by `names` where given."""
    obs = state.observation(None, names=names)
    owners: dict[int, dict[str, Any]] = {}
    for zone in obs["zones"]:
        owner = zone.get("owner")
        if not zone.get("hidden") or not isinstance(owner, int) or not 0 <= owner < state.players:
            continue
        if owner not in owners:
            owners[owner] = state.observation(owner)
        own = next((z for z in owners[owner]["zones"] if z["id"] == zone["id"]), None)
        if own is not None and len(own.get("cards") or []) > len(zone.get("cards") or []):
            zone["cards"] = list(own["cards"])
            zone["hidden"] = own.get("hidden", 0)
            obs["revealed"] = True
    if obs.get("revealed"):
        _owners_facts(obs.get("status") or [], [_facts_as_spectator(state, o, names) for o in owners.values()])
    obs["all_seeing"] = True
    return obs


def _owners_facts(status: list[dict[str, Any]], theirs: list[list[dict[str, Any]]]) -> None:
    """The spectator's headline facts with each fact that one seat alone reads otherwise (a
    punter's cards, its hole card face up) as that seat reads it."""
    for i, fact in enumerate(status):
        values = {
            other[i]["value"] for other in theirs
            if len(other) == len(status) and other[i]["label"] == fact["label"] and other[i]["value"] != fact["value"]
        }
        if len(values) == 1:
            fact["value"] = values.pop()


def _facts_as_spectator(state: State, obs: dict[str, Any], names: Sequence[str] | None) -> list[dict[str, Any]]:
    """A seat's headline facts worded as the spectator reads the seats (none of them "you"),
    so that they line up with the spectator's own, fact by fact."""
    view = state.game.view
    if view is None:
        return list(obs.get("status") or [])
    return list(view.status(obs, seats_of(state.players, None, names)))


def observe(state: State, view: View, names: Sequence[str] | None = None) -> dict[str, Any]:
    """`state` as `view` sees it (see View), its seats named by `names` where given (the
    viewing seat as "you"), else numbered for the viewer to name."""
    return all_seeing(state, names) if view == ALL else state.observation(view, names=names)


def action_label(state: State, action: Action, names: Sequence[str] | None = None, reader: int | None = None) -> str:
    """What a person reads for `action`: the game's label where the engine gives one (its
    seats named by `names`, `reader`'s as "you"), else its text."""
    label = getattr(state, "action_label", None)
    return str(label(action, names, reader)) if callable(label) else state.action_to_text(action)


class ViewError(ValueError):
    """A view the record cannot be seen from: a seat past its number of players."""


@dataclass
class Page:
    """Frames `start` onwards of a record, as many as asked for, and the facts a viewer
    needs to step through the rest without them: `total` frames, `moves` actions, and
    `deals`, the index of each hand's deal frame (hand k's is `deals[k]`)."""

    frames: list[dict[str, Any]]
    start: int
    total: int
    moves: int
    deals: list[int]
    players: int


def frames(record: dict[str, Any], view: View = ALL, names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The record's frames seen from `view`: `{index, move, hand, actor, action, label,
    sentence, log, hand_over, observation}`.

    A deal's frame has `move`, `actor` and `action` None; an action's frame has `move`, its
    index among the record's actions. `log` is the log lines the frame adds and `sentence`
    those lines as one text; the seats are named by `names` where given. RecordError
    (naming the action) when the record cannot be replayed.
    """
    return frame_page(record, view, names=names).frames


def frame_page(
    record: dict[str, Any], view: View = ALL, start: int = 0, count: int | None = None,
    check: Callable[[], None] | None = None, names: Sequence[str] | None = None,
) -> Page:
    """Frames `start` to `start + count` (to the end when `count` is None), as `frames`
    gives them, without building the others: every action is applied (that is cheap), but
    only the frames asked for (and the one before, whose log the first one continues) are
    observed, which is where a replay's time and memory go. `check` is called before each
    action, so a caller can stop the work by raising from it. ViewError for a seat the
    record has not."""
    state = start_of(record)
    if isinstance(view, int) and not 0 <= view < state.players:
        raise ViewError(f"the seat must be a number from 0 to {state.players - 1}, not {view}")
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise RecordError("'actions' must be a list of [seat, text] pairs")
    first = max(0, start - 1)
    end = None if count is None else start + max(0, count)

    def wanted(index: int) -> bool:
        return index >= first and (end is None or index < end)

    out: list[dict[str, Any]] = []
    deals = [0]
    index = 0
    if wanted(0):
        out.append(_deal_frame(state, view, 0, names))
    for move, entry in enumerate(actions):
        if check is not None:
            check()
        index += 1
        build = wanted(index)
        before = state.clone(hand_only=True) if build else None
        apply_entry(state, entry, move)
        ended = state.hand_over()
        if before is not None:
            previous = out[-1]["observation"]["log"] if out and out[-1]["index"] == index - 1 else []
            out.append(_action_frame(before, state, view, move, index, ended, previous, names))
        if ended and not state.is_over():
            index += 1
            deals.append(index)
            if wanted(index):
                out.append(_deal_frame(state, view, index, names))
    return Page([f for f in out if f["index"] >= start], start, index + 1, len(actions), deals, state.players)


def _action_frame(
    before: State, state: State, view: View, move: int, index: int, ended: bool, previous: list[str],
    names: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The frame after `state`'s last action; `before` is a copy of the hand before it."""
    actor, action = state.history[-1]
    label = action_label(before, action, names, view if isinstance(view, int) else None)
    if ended:
        before.push(action)
        obs = observe(before, view, names)
        obs["match_over"] = state.is_over()
        obs["winners"] = state.winners()
        if not state.is_over():
            obs["phase"] = HAND_OVER
    else:
        obs = observe(state, view, names)
    text = state.action_to_text(action)
    shown = text if view == ALL or view == actor else str(obs["actions"][-1][1])
    new = obs["log"][len(previous):] if obs["log"][: len(previous)] == previous else obs["log"]
    return {
        "index": index, "move": move, "hand": obs["hand_number"], "actor": actor,
        "action": shown, "label": label if shown == text else shown,
        "sentence": " ".join(new), "log": new, "hand_over": ended, "observation": obs,
    }


def _deal_frame(state: State, view: View, index: int, names: Sequence[str] | None = None) -> dict[str, Any]:
    obs = observe(state, view, names)
    seats = seats_of(state.players, view if isinstance(view, int) else None, names)
    lines = list(obs["log"]) or [f"Hand {state.hand_number + 1}: {seats.does(state.dealer, 'deal')}."]
    return {
        "index": index, "move": None, "hand": state.hand_number, "actor": None, "action": None,
        "label": None, "sentence": " ".join(lines), "log": lines, "hand_over": False, "observation": obs,
    }


def _replay_head(game_name: str, view: View, players: int, seats: list[dict[str, Any]] | None) -> dict[str, Any]:
    game = get_game(game_name)
    return {
        "game": game.name,
        "title": game.title,
        "view": view,
        "players": players,
        "seats": seats if seats is not None else [{"seat": s, "name": f"Seat {s}"} for s in range(players)],
    }


def seat_names(seats: list[dict[str, Any]]) -> list[str]:
    """The names a table's words give its seats, from each seat's info (`name`; an open
    seat's "Open seat"), told apart where two read alike, as the web table tells them
    apart."""
    return told_apart([str(s.get("name") or "Open seat") for s in seats])


def replay_view(record: dict[str, Any], view: View = ALL, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A record ready for a viewer: `{game, title, view, players, seats, frames}`, every
    frame. `seats` (each with its `seat` and `name`) default to `Seat N`; given, the frames'
    words name them (`seat_names`)."""
    page = frame_page(record, view, names=seat_names(seats) if seats is not None else None)
    return {**_replay_head(page.frames[0]["observation"]["game"], view, page.players, seats), "frames": page.frames}


def replay_page(
    record: dict[str, Any], view: View = ALL, start: int = 0, count: int = 100,
    seats: list[dict[str, Any]] | None = None, check: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """A page of a replay, what the server sends: `replay_view`'s keys with frames `start`
    to `start + count` only, and `from`, `total`, `moves` and `deals` (see Page)."""
    page = frame_page(record, view, start, count, check, seat_names(seats) if seats is not None else None)
    return {
        **_replay_head(str(record["game"]), view, page.players, seats),
        "from": page.start, "total": page.total, "moves": page.moves, "deals": page.deals, "frames": page.frames,
    }


# --- parlour show -----------------------------------------------------------------------------
def add_show_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", help="a game record (JSON), or JSON lines of records as simulate and arena --record write them"
    )
    parser.add_argument(
        "--seat", default=ALL, metavar="N|all|none",
        help="see the game as seat N, as a spectator (none), or with every hand shown (all, the default)",
    )
    parser.add_argument("--index", type=int, metavar="K", help="of a file of several records, show record K only (from 0)")


def run_show(args: argparse.Namespace) -> int:
    """Each record of the file told in turn (a file of several, each under its number), or
    record `--index K` alone."""
    try:
        records = load_all(args.file)
        numbered = list(enumerate(records))
        if args.index is not None:
            if not 0 <= args.index < len(records):
                raise RecordError(f"--index {args.index}: {args.file} holds records 0 to {len(records) - 1}")
            numbered = [numbered[args.index]]
        for k, record in numbered:
            players = start_of(record).players
            view = parse_view(args.seat, players)
            if len(numbered) > 1:
                print(f"{'' if k == numbered[0][0] else chr(10)}=== Record {k} of {args.file} ===")
            try:
                for line in show_lines(record, view):
                    print(line)
            except RecordError as exc:
                raise RecordError(f"record {k}: {exc}" if len(records) > 1 else str(exc), exc.index) from None
    except (RecordError, ValueError) as exc:
        print(f"parlour show: {exc}", file=sys.stderr)
        return 2
    return 0


def show_lines(record: dict[str, Any], view: View = ALL) -> Iterator[str]:
    """The whole game as text, hand by hand and event by event (a trick, or a turn where
    a game has no tricks), with the sentences, headline facts and last events that live
    play prints (parlour.views), and each hand's scores and the match standing. A record
    keeps no names, so the seats are named as the terminal names them (`table_names`),
    the seat seen from as "you"."""
    players = start_of(record).players
    names = table_names(players)
    seats = Seats(names, view if isinstance(view, int) else None)
    data = replay_view(record, view, [{"seat": s, "name": name} for s, name in enumerate(names)])
    render = getattr(get_game(data["game"]), "render_text", None)

    def table(obs: dict[str, Any]) -> str:
        """The game's own text view, unless every hand is shown and it would hide some
        (it reads the spectator's facts): then the view of the zones, every card shown."""
        return render(obs, names) if render and not obs.get("revealed") else generic_view(obs, names)

    first = data["frames"][0]["observation"]
    eyes = "every hand shown" if view == ALL else "as a spectator" if view is None else f"as {names[view]} (you)"
    yield f"{data['title']}, {first['players']} players ({listing(names)}), {eyes}."
    shown_recent: str | None = None
    shown_status: list[str] = []
    for frame in data["frames"]:
        obs = frame["observation"]
        if frame["move"] is None:
            yield ""
            yield f"== Hand {frame['hand'] + 1} ({seats.does(obs['dealer'], 'deal')}) =="
            yield from frame["log"]
            shown_status = status_lines(obs)
            yield from shown_status
            yield table(obs)
            shown_recent = recent_text(obs, names=names)
            continue
        lines = frame["log"]
        actor = seats.name(frame["actor"], start=True)
        if not lines or not lines[0].lower().startswith(f"{actor.lower()} "):
            yield f"{actor}: {frame['label']}"
        yield from lines
        news = recent_update(obs, shown_recent, names)
        if news is not None:
            yield news
            yield ""
        shown_recent = recent_text(obs, names=names)
        status = status_lines(obs)
        if not frame["hand_over"]:
            yield from (f"  {line}" for line in status if line not in shown_status)
        shown_status = status
        if frame["hand_over"]:
            state_scores = obs.get("hand_results") or []
            if state_scores:
                yield f"Hand scores: {seat_values(state_scores[-1], seats)}"
            yield f"Match standing: {seat_values(obs['scores']['match'], seats)}"
            yield "Cards at the hand's end:"
            yield generic_view(obs, names)
    last = data["frames"][-1]["observation"]
    yield ""
    if last["match_over"]:
        yield f"The match is over. Winner: {seats.group(last['winners'], start=True)}."
    else:
        yield "The record stops before the match is over."
