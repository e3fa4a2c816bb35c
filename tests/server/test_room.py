"""The room, a table's pure state machine, driven directly: requests decided into events,
events applied, messages built; no event loop, no database, no clock."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from parlour.bots.levels import level_spec
from parlour.games import get_game
from parlour.server.room import (
    CHAT_KEEP,
    CHAT_LIMIT,
    Event,
    Presence,
    Room,
    TableError,
    clean_name,
    clean_text,
    searching_bot,
)
from parlour.server.storage import StoredTable

NOW = 1000.0
NOBODY = Presence(frozenset(), 0, NOW)
SEED = 4242  # a match's seed, drawn by the table when it starts (the room draws nothing)


def stored(players: int = 4, seats: list[dict[str, Any]] | None = None, **options: Any) -> StoredTable:
    game = get_game("ribs")
    return StoredTable(id="t1", game="ribs", options=game.options(players=players, **options).to_json(), seed=11,
                       dealer=0, seats=seats or [{"bot": None} for _ in range(players)], created=NOW - 5)


def apply(room: Room, events: list[Event], at: float = NOW) -> None:
    """What a table does with a request's events once each is stored; the bots that play
    are the ones the room wants (a table makes them)."""
    for kind, data in events:
        room.apply_event(kind, data, at)
    room.bot_specs.clear()
    room.bot_specs.update(room.wanted_bots())


def waiting_room(players: int = 4) -> Room:
    """A waiting room its host made from seat 0."""
    room = Room(stored(players), NOW)
    apply(room, [("wait", {})])
    seat, events = room.decide_claim(0, "Ann", "h0", SEED, host=True)
    assert seat == 0
    apply(room, events)
    return room


def join(room: Room, seat: int | None, hashed: str, name: str = "") -> int:
    seat, events = room.decide_claim(seat, name, hashed, SEED)
    apply(room, events)
    return seat


def refused(code: str, call: Any, *args: Any) -> None:
    with pytest.raises(TableError) as caught:
        call(*args)
    assert caught.value.code == code


def playing_room() -> Room:
    """Ann (host, seat 0) and Bob (seat 1) with two easy bots, started; one hand to win."""
    room = Room(stored(hands_to_win=1), NOW)
    apply(room, [("wait", {})])
    apply(room, room.decide_claim(0, "Ann", "h0", SEED, host=True)[1])
    join(room, 1, "h1", "Bob")
    apply(room, room.decide_host(0, "h0", "start", {"level": "easy"}, NOBODY, SEED))
    return room


def play_out(room: Room, rng: random.Random) -> None:
    """Every seat plays a random legal action, each stored, until the match is over."""
    while not room.state.is_over():
        seat = room.state.to_act()
        assert seat is not None
        legal = room.observe(seat)["legal_actions"]
        canonical = room.take_action(seat, rng.choice(legal), room.version, by_bot=seat in room.bot_specs)
        apply(room, room.action_stored(seat, canonical))


def test_people_claim_the_open_seats_and_the_last_one_starts_the_match() -> None:
    room = waiting_room()
    assert room.host == "h0" and room.claimed == {0: ("h0", "Ann")}
    assert room.phase == "waiting" and room.open_seats() == [1, 2, 3]
    refused("seat_taken", room.decide_claim, 0, "Eve", "hx", SEED)
    refused("bad_seat", room.decide_claim, 4, "Eve", "hx", SEED)
    refused("bad_seat", room.decide_claim, True, "Eve", "hx", SEED)
    assert join(room, None, "h1", "  Bo\u202eb\x00  ") == 1  # the first open seat; a name cleaned
    assert room.claimed[1] == ("h1", "Bob")
    assert join(room, 2, "h2") == 2
    assert room.claimed[2][1] == "Guest"
    seat, events = room.decide_claim(None, "Dee", "h3", SEED)
    assert seat == 3 and [kind for kind, _ in events] == ["claim", "start"]
    apply(room, events)
    assert room.phase == "playing" and room.open_seats() == []
    refused("table_full", room.decide_claim, None, "Eve", "hx", SEED)


def test_nothing_is_dealt_to_anyone_while_the_room_waits() -> None:
    room = waiting_room()
    waiting = room.message_for(0, NOBODY)
    assert waiting["observation"] is None and waiting["table_state"] == "waiting"
    assert room.summary(NOBODY, 60.0)["to_act"] is None
    join(room, 1, "h1")
    apply(room, room.decide_host(0, "h0", "start", {}, NOBODY, SEED))
    assert room.message_for(0, NOBODY)["observation"] == room.observe(0)


def test_the_deal_is_drawn_at_the_start_and_nothing_of_it_shows_before() -> None:
    room = waiting_room()
    join(room, 1, "h1")
    refused("not_started", room.observe, 0)
    refused("not_started", room.observe, None)
    refused("not_started", room.finished_record)
    for view in (0, 1, "all", None):
        refused("not_started", room.replay_record, view, lambda: 0)
    refused("waiting", room.check_hint, 0)
    apply(room, [("bot", {"seat": 2, "bot": level_spec("ribs", "easy")})])
    assert room.bot_specs == {2: level_spec("ribs", "easy")}  # a bot made while the room waits
    events = room.decide_host(0, "h0", "start", {}, NOBODY, 777)
    assert events[-1] == ("start", {"seed": 777})
    for kind, data in events:
        room.apply_event(kind, data, NOW)
    assert room.bot_specs == {}  # ... is let go of at the start, to be made again for the match
    assert room.stored.seed == 777 and room.stored.actions == [] and room.started
    dealt_at_once = Room(stored(), NOW)  # a table that plays at once, made with the same seed
    dealt_at_once.stored.seed = 777
    dealt_at_once = Room(dealt_at_once.stored, NOW)
    def dealt(obs: dict[str, Any]) -> dict[str, Any]:  # the facts, not the words naming the seats
        return {k: v for k, v in obs.items() if k not in ("zones", "log", "status", "recent", "legal")}

    assert dealt(room.observe(0)) == dealt(dealt_at_once.observe(0))
    assert dealt(room.observe(None)) == dealt(dealt_at_once.observe(None))
    assert dealt(room.observe(0)) != dealt(Room(stored(), NOW).observe(0))  # not the deal of the seed it was made with
    assert room.replay_record(None, lambda: 0)["seed"] == 777


def test_the_last_seat_taken_starts_the_match_with_the_seed_drawn_for_it() -> None:
    room = waiting_room()
    join(room, 1, "h1")
    join(room, 2, "h2")
    seat, events = room.decide_claim(None, "Dee", "h3", 31337)
    assert seat == 3 and events[-1] == ("start", {"seed": 31337})
    apply(room, events)
    assert room.stored.seed == 31337 and room.observe(3)["seat"] == 3
    rebuilt = Room(room.stored, NOW)  # storage loads the start's seed into the stored table
    assert rebuilt.started and rebuilt.observe(3) == room.observe(3)


def test_the_host_moves_people_between_seats_until_the_start() -> None:
    room = waiting_room()
    join(room, 2, "h2", "Bob")
    refused("not_host", room.decide_host, 2, "h2", "move", {"seat": 2, "to": 3}, NOBODY, SEED)
    refused("bad_seat", room.decide_host, 0, "h0", "move", {"seat": 0, "to": 0}, NOBODY, SEED)
    refused("bad_seat", room.decide_host, 0, "h0", "move", {"seat": 0, "to": 9}, NOBODY, SEED)
    apply(room, room.decide_host(0, "h0", "move", {"seat": 0, "to": 3}, NOBODY, SEED))
    assert room.claimed == {3: ("h0", "Ann"), 2: ("h2", "Bob")}
    assert room.seat_of_hash("h0") == 3 and room.seat_of_hash("nobody") is None
    info = room.seat_info(Presence(frozenset({3}), 1, NOW))
    assert info[3]["host"] is True and info[3]["connected"] is True and "host" not in info[2]
    assert room.summary(NOBODY, 60.0)["host"] == 3
    apply(room, room.decide_host(3, "h0", "move", {"seat": 2, "to": 0}, NOBODY, SEED))  # Bob to an empty seat
    assert room.claimed == {3: ("h0", "Ann"), 0: ("h2", "Bob")}
    apply(room, room.decide_host(3, "h0", "start", {}, NOBODY, SEED))
    refused("started", room.decide_host, 3, "h0", "move", {"seat": 3, "to": 1}, NOBODY, SEED)


def test_the_host_fills_and_opens_seats_and_starts_with_bots_of_a_level() -> None:
    room = waiting_room()
    join(room, 1, "h1")
    apply(room, room.decide_host(0, "h0", "fill", {"seat": 2, "level": "strong"}, NOBODY, SEED))
    assert room.seats[2] == {"bot": level_spec("ribs", "strong")}
    refused("seat_taken", room.decide_host, 0, "h0", "fill", {"seat": 1}, NOBODY, SEED)
    refused("bad_level", room.decide_host, 0, "h0", "fill", {"seat": 3, "level": "godlike"}, NOBODY, SEED)
    refused("bad_seat", room.decide_host, 0, "h0", "open", {"seat": 3}, NOBODY, SEED)
    apply(room, room.decide_host(0, "h0", "open", {"seat": 2}, NOBODY, SEED))
    assert room.open_seats() == [2, 3]
    events = room.decide_host(0, "h0", "start", {"level": "easy"}, NOBODY, SEED)
    assert events == [("bot", {"seat": 2, "bot": level_spec("ribs", "easy")}),
                      ("bot", {"seat": 3, "bot": level_spec("ribs", "easy")}), ("start", {"seed": SEED})]
    apply(room, events)
    assert room.started and room.wanted_bots() == {2: level_spec("ribs", "easy"), 3: level_spec("ribs", "easy")}
    refused("started", room.decide_host, 0, "h0", "start", {}, NOBODY, SEED)


def test_a_bot_acts_only_for_a_bot_seat_and_waits_for_people_when_it_stands_in() -> None:
    room = playing_room()
    somebody = Presence(frozenset({1}), 0, NOW)
    to_act = room.state.to_act()
    assert room.bot_to_wake(somebody) == (to_act if to_act in (2, 3) else None)  # seats 0, 1 are people's
    apply(room, [("standin", {"seat": 0}), ("standin", {"seat": 1})])
    assert room.bot_to_wake(somebody) == to_act
    assert room.bot_to_wake(NOBODY) == (to_act if to_act in (2, 3) else None)  # a stand-in waits for someone seated
    apply(room, [("closed", {"why": "test"})])
    assert room.bot_to_wake(somebody) is None


def test_leaving_opens_a_waiting_seat_but_in_play_a_bot_takes_it_for_good() -> None:
    room = waiting_room()
    join(room, 1, "h1", "Bob")
    apply(room, room.decide_player(1, "leave", 0))
    assert room.open_seats() == [1, 2, 3] and room.seats[1] == {"bot": None}
    join(room, 1, "h1", "Bob")
    apply(room, room.decide_host(0, "h0", "start", {}, NOBODY, SEED))
    apply(room, room.decide_player(0, "leave", 0))  # the host leaves: Bob hosts now
    assert room.seats[0] == {"bot": level_spec("ribs", "normal"), "for": "Ann"}
    assert room.host == "h1" and room.seat_info(NOBODY)[0]["stand_in_for"] == "Ann"
    refused("spectator", room.decide_player, None, "leave", 0)


def test_one_who_leaves_a_match_in_play_takes_no_other_seat_of_it_until_again() -> None:
    room = Room(stored(hands_to_win=1), NOW)  # plays at once: every seat a person's
    seat, events = room.decide_claim(0, "Ann", "h0", SEED, host=True, address="10.0.0.1")
    apply(room, events)
    room.seen_at("h0", "10.0.0.1")
    join(room, 1, "h1", "Bob")
    room.seen_at("h1", "10.0.0.2")  # Bob sat from one address...
    room.seen_at("h1", "10.0.0.3")  # ... and plays from another
    room.seen_at("nobody", "10.0.0.9")  # a token not seated is not remembered
    assert "nobody" not in room.addresses
    apply(room, room.decide_player(1, "leave", 0))
    for address in ("10.0.0.2", "10.0.0.3"):
        refused("left_match", room.decide_claim, 2, "Bob", "hx", SEED, False, address)
        refused("left_match", room.decide_claim, None, "Bob", "hx", SEED, False, address)
    assert room.decide_claim(2, "Dee", "h2", SEED, False, "10.0.0.1")[0] == 2  # a friend at Ann's address
    seat, events = room.decide_claim(2, "Cy", "h2", SEED, False, "10.0.0.4")
    apply(room, events)
    room.seen_at("h2", "10.0.0.4")
    apply(room, room.decide_host(0, "h0", "remove", {"seat": 2}, Presence(frozenset({0}), 0, NOW), SEED))
    refused("left_match", room.decide_claim, 3, "Cy", "hy", SEED, False, "10.0.0.4")
    assert room.left_match == {"10.0.0.2", "10.0.0.3", "10.0.0.4"} and "h1" not in room.addresses
    assert Room(room.stored, NOW).left_match == set()  # held in memory only, never stored
    play_out(room, random.Random(6))
    apply(room, room.decide_player(0, "again", 99))
    assert room.left_match == set()
    assert room.decide_claim(3, "Bob", "h3", SEED, False, "10.0.0.2")[0] == 3  # the next match: welcome back


def test_in_a_waiting_room_leaving_bars_no_one() -> None:
    room = waiting_room()
    join(room, 1, "h1", "Bob")
    room.seen_at("h1", "10.0.0.2")
    apply(room, room.decide_player(1, "leave", 0))
    assert room.left_match == set()
    assert room.decide_claim(2, "Bob", "h2", SEED, False, "10.0.0.2")[0] == 2


def test_the_host_removes_only_someone_away_once_the_match_plays() -> None:
    room = playing_room()
    here = Presence(frozenset({0, 1}), 0, NOW)
    refused("present", room.decide_host, 0, "h0", "remove", {"seat": 1}, here, SEED)
    refused("bad_seat", room.decide_host, 0, "h0", "remove", {"seat": 0}, NOBODY, SEED)
    refused("bad_seat", room.decide_host, 0, "h0", "remove", {"seat": 2}, NOBODY, SEED)
    events = room.decide_host(0, "h0", "remove", {"seat": 1}, Presence(frozenset({0}), 0, NOW), SEED)
    assert events == [("unclaim", {"seat": 1, "why": "removed"})]
    apply(room, events)
    assert 1 not in room.claimed and room.seats[1]["for"] == "Bob"


def test_a_person_away_is_stood_in_for_until_they_come_back() -> None:
    room = playing_room()
    assert room.may_stand_in(1)
    room.away_until[1] = NOW + 30
    assert room.seat_info(NOBODY)[1]["stand_in_in"] == 30.0
    assert room.decide_stand_in(1, Presence(frozenset({1}), 0, NOW)) == []  # back in time
    events = room.decide_stand_in(1, NOBODY)
    assert events == [("standin", {"seat": 1})]
    del room.away_until[1]
    apply(room, events)
    assert not room.may_stand_in(1) and 1 in room.bot_specs
    assert room.seat_info(NOBODY)[1]["stand_in"]
    apply(room, [("busy", {})])
    assert room.decide_arrive(1) == [("back", {"seat": 1})]
    apply(room, room.decide_arrive(1))
    assert 1 not in room.bot_specs and room.decide_arrive(None) == []


def test_resigning_hands_the_match_to_a_bot_and_refuses_the_persons_moves() -> None:
    room = waiting_room()
    refused("not_playing", room.decide_player, 0, "resign", 0)
    join(room, 1, "h1")
    apply(room, room.decide_host(0, "h0", "start", {}, NOBODY, SEED))
    apply(room, room.decide_player(1, "resign", 0))
    assert room.resigned == {1} and room.wanted_bots()[1] == level_spec("ribs", "normal")
    assert room.seat_info(NOBODY)[1]["resigned"] is True
    refused("resigned", room.decide_player, 1, "resign", 0)
    refused("resigned", room.take_action, 1, "pass", room.version)
    refused("stale", room.take_action, 0, "pass", room.version, True)


def test_actions_are_checked_and_an_action_not_stored_never_happened() -> None:
    room = playing_room()
    seat = room.state.to_act()
    assert seat is not None
    other = (seat + 1) % 4
    by_bot = seat in room.bot_specs
    refused("bad_message", room.take_action, seat, " ", room.version)
    refused("bad_message", room.take_action, seat, "pass", True)
    refused("stale", room.take_action, seat, "pass", room.version + 1, by_bot)
    refused("illegal", room.take_action, seat, "no such move", room.version, by_bot)
    if other not in room.bot_specs:
        refused("not_your_turn", room.take_action, other, "pass", room.version)
    before = room.observe(None)
    legal = room.observe(seat)["legal_actions"][0]
    room.take_action(seat, legal, room.version, by_bot)
    assert room.observe(None) != before and room.version == 0  # taken, not stored yet
    room.action_lost()
    assert room.observe(None) == before and room.version == 0
    apply(room, room.action_stored(seat, room.take_action(seat, legal, room.version, by_bot)))
    assert room.version == 1 and room.stored.actions == [(seat, legal)]


def test_a_match_played_out_is_noted_over_and_again_deals_a_new_one() -> None:
    room = playing_room()
    refused("not_over", room.decide_player, 0, "again", 5)
    apply(room, room.decide_player(1, "resign", 0))
    play_out(room, random.Random(3))
    assert room.over_noted and room.phase == "finished" and room.hands
    assert room.finished_record()["actions"] == [[s, t] for s, t in room.stored.actions]
    refused("match_over", room.take_action, 0, "pass", room.version)
    refused("not_playing", room.decide_player, 0, "resign", 0)
    events = room.decide_player(0, "again", 12345)
    assert events == [("again", {"seed": 12345})]
    apply(room, events)
    assert room.stored.match == 1 and room.stored.seed == 12345 and room.stored.actions == []
    assert room.hands == [] and room.resigned == set() and not room.over_noted and room.phase == "playing"
    assert room.history_for(0) == []


def test_the_record_and_replays_open_once_the_match_is_over() -> None:
    room = playing_room()
    refused("match_not_over", room.finished_record)
    refused("match_not_over", room.replay_record, "all", lambda: 0)
    refused("bad_token", room.replay_record, 1, lambda: 0)
    assert room.replay_record(0, lambda: 0) == room.stored.record()
    assert room.replay_record(None, lambda: 0) == room.stored.record()
    play_out(room, random.Random(4))
    assert room.replay_record("all", lambda: 0)["actions"]


def test_chat_is_cleaned_and_a_newcomer_sees_the_last_lines_only() -> None:
    room = waiting_room()
    refused("bad_message", room.decide_chat, 0, " \x00\u200b ", None)
    refused("bad_message", room.decide_chat, 0, 42, None)
    assert room.decide_chat(0, "hi\u202e  there", None) == ("chat", {"seat": 0, "name": "Ann", "text": "hi there", "watcher": False})
    kind, data = room.decide_chat(None, "x" * 1000, "\x1b[31mKibitzer")
    assert data["name"] == "[31mKibitzer" and data["watcher"] and len(data["text"]) == CHAT_LIMIT
    for n in range(CHAT_KEEP + 20):
        apply(room, [room.decide_chat(0, f"line {n}", None)], at=NOW + n)
    assert len(room.chat) == CHAT_KEEP
    assert room.chat[0]["text"] == "line 20" and room.chat[-1]["at"] == NOW + CHAT_KEEP + 19
    assert room.chat_message() == {"type": "chat", "table": "t1", **room.chat[-1]}
    assert room.welcome_message(0, "h0", 0, NOBODY, 60.0)["chat"] == room.chat


def test_unpaired_surrogates_are_no_characters_to_show() -> None:
    assert clean_text("\ud800x\udfff", 10) == "x"
    assert clean_text("🂡 ok", 10) == "🂡 ok"
    assert clean_name("\ud83d") == "Guest"
    room = waiting_room()
    refused("bad_message", room.decide_chat, 0, "\udc00\ud800", None)
    assert room.decide_chat(None, "\udc00ok", "\ud83d") == ("chat", {"seat": None, "name": "A watcher", "text": "ok",
                                                                      "watcher": True})


def test_the_stored_events_are_what_the_database_keeps() -> None:
    room = waiting_room()
    for n in range(CHAT_KEEP + 20):
        apply(room, [room.decide_chat(0, f"line {n}", None)])
    chat = [data["text"] for kind, data, _at in room.stored.events if kind == "chat"]
    assert chat == [f"line {n}" for n in range(20, CHAT_KEEP + 20)]  # the older lines are deleted
    assert room.stored.next_event == 3 + CHAT_KEEP + 20  # wait, host, claim and every line: no index reused
    assert [kind for kind, _data, _at in room.stored.events[:3]] == ["wait", "host", "claim"]
    assert room.bot_seed(2) == (room.stored.seed + 2 + 7919 * room.stored.next_event) & 0xFFFFFFFF
    assert Room(room.stored, NOW).chat == room.chat


def test_a_table_everyone_left_goes_quiet_and_is_closed_and_refuses_everything() -> None:
    room = waiting_room()
    apply(room, [("busy", {})])
    assert room.decide_quiet(Presence(frozenset({0}), 0, NOW)) == []
    assert room.decide_quiet(NOBODY) == [("quiet", {})]
    apply(room, room.decide_quiet(NOBODY), at=NOW)
    assert not room.abandoned(NOW + 10, 60.0) and room.abandoned(NOW + 60, 60.0)
    apply(room, room.decide_close("abandoned"))
    assert room.phase == "closed" and room.decide_close("again") == [] and not room.abandoned(NOW + 600, 60.0)
    refused("closed", room.decide_claim, None, "Eve", "hx", SEED)
    refused("closed", room.decide_player, 0, "leave", 0)
    refused("closed", room.decide_chat, 0, "hello?", None)
    refused("closed", room.decide_host, 0, "h0", "start", {}, NOBODY, SEED)
    assert room.bot_to_wake(NOBODY) is None


def test_a_searching_bot_counts_once_it_comes_to_a_table_that_had_none() -> None:
    assert searching_bot("ribs", "ismcts") and searching_bot("ribs", level_spec("ribs", "strong"))
    assert searching_bot("ribs", "mine.bots:Clever") and not searching_bot("ribs", level_spec("ribs", "easy"))
    room = waiting_room()
    assert not room.searching()
    assert not room.brings_search(room.decide_host(0, "h0", "fill", {"seat": 1, "level": "easy"}, NOBODY, SEED))
    assert room.brings_search(room.decide_host(0, "h0", "start", {"level": "strong"}, NOBODY, SEED))
    strong = room.decide_host(0, "h0", "fill", {"seat": 1, "level": "strong"}, NOBODY, SEED)
    assert room.brings_search(strong)
    apply(room, strong)
    assert room.searching() and not room.brings_search(room.decide_host(0, "h0", "fill", {"seat": 2, "level": "strong"}, NOBODY, SEED))


def test_a_bot_table_is_unwatched_only_with_nobody_seated_or_watching_for_its_time() -> None:
    room = Room(stored(seats=[{"bot": level_spec("ribs", "easy")}] * 4), NOW)
    assert not room.claimed and room.phase == "playing"
    assert not room.unwatched(None, NOW + 600, 10.0)  # someone watches
    assert not room.unwatched(NOW, NOW + 9, 10.0) and room.unwatched(NOW, NOW + 10, 10.0)
    assert not playing_room().unwatched(NOW, NOW + 600, 10.0)  # people are seated: `abandoned` is their rule
    apply(room, room.decide_close("unwatched"))
    assert not room.unwatched(NOW, NOW + 600, 10.0)


def test_a_room_rebuilt_from_its_stored_events_and_actions_is_the_same_room() -> None:
    room = playing_room()
    apply(room, [room.decide_chat(1, "good luck", None)])
    apply(room, room.decide_player(1, "resign", 0))
    rng = random.Random(5)
    for _ in range(6):
        seat = room.state.to_act()
        assert seat is not None
        legal = room.observe(seat)["legal_actions"]
        canonical = room.take_action(seat, rng.choice(legal), room.version, seat in room.bot_specs)
        apply(room, room.action_stored(seat, canonical))
    again = Room(room.stored, NOW + 99)
    apply(again, [])
    for name in ("seats", "claimed", "host", "started", "standing_in", "resigned", "chat", "closed", "hands"):
        assert getattr(again, name) == getattr(room, name), name
    assert again.wanted_bots() == room.wanted_bots()
    assert again.observe(None) == room.observe(None) and again.version == room.version
    assert again.messages_for([0, None, 0], NOBODY) == room.messages_for([None, 0], NOBODY)


def test_a_seat_reads_the_match_with_the_table_s_names_and_itself_as_you() -> None:
    """The words a seat is sent name every seat as the table does (Ann, Bob, the bots by
    their game and level, two alike told apart), the seat's own as "you": never a seat
    number."""
    room = playing_room()
    assert room.seat_names() == ["Ann", "Bob", "Ribs bot 2 (easy)", "Ribs bot 3 (easy)"]
    rng = random.Random(3)
    said: list[str] = []
    while not room.state.hand_over():
        seat = room.state.to_act()
        assert seat is not None
        obs = room.observe(1)
        said += obs["log"] + [z["label"] for z in obs["zones"]] + [f"{f['label']}: {f['value']}" for f in obs["status"]]
        room.state.apply(rng.choice(room.state.legal_actions()))
    said += room.observe(1)["last_hand"]["log"]
    assert "Hand 1: Ann deals." in said and "Your hand" in said and "Ann's hand" in said
    assert any(line.startswith("Ribs bot 2 (easy) ") for line in said)
    assert not [line for line in said if re.search(r"\b[Ss]eats? \d|\bBob\b", line)]


def test_a_seat_reads_why_each_hand_scored_and_the_match_s_summary_by_the_table_s_names() -> None:
    """A finished hand's reasons, its line of the score sheet and the summary sent when the
    match is over name the seats as the table does, the reader's own as "you"."""
    room = playing_room()
    play_out(room, random.Random(4))
    message = room.message_for(1, NOBODY)
    last = message["observation"]["last_hand"]
    summary = message["match_summary"]
    assert summary and last["why"] and last["sheet"]["columns"]
    said = [*last["why"], *last["sheet"]["columns"], *summary]
    assert not [line for line in said if re.search(r"\b[Ss]eats? \d|\bBob\b", line)], said
    assert any(re.search(r"\b(you|You)\b", line) for line in said), said
    assert re.match(r"(You win|(Ann|Ribs bot [23] \(easy\)) wins) the match ", summary[0]), summary[0]
    spectator = room.message_for(None, NOBODY)["match_summary"]
    assert spectator and not re.search(r"\b[Yy]ou\b|\b[Ss]eats? \d", spectator[0]), spectator
