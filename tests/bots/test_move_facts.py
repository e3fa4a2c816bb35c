"""What a move does at the table (parlour.bots.move_facts), and the learned player that
reads it: the facts are right on positions a card player can check by eye, and move
values that read them play by them."""

from __future__ import annotations

import zlib
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots import make_bot
from parlour.bots.learned import head_features, legal_heads
from parlour.bots.move_facts import move_facts
from parlour.bots.network import save
from parlour.games import get_game


def mighty_view(**facts: Any) -> dict[str, Any]:
    """A Mighty play decision of seat 2, spades trumps (the mighty is the ace of diamonds),
    seat 0 the declarer who called the ace of hearts; `facts` change it."""
    view = {
        "game": "mighty", "phase": "play", "seat": 2, "declarer": 0, "trump": "S", "called": "AH",
        "partner": None, "sides_known": False, "hand": ["AC", "2C", "5H"],
        "trick": {"leader": 0, "cards": [], "follow": None, "ripper": False}, "tricks": [],
    }
    return view | facts


def test_a_follower_sees_whether_its_card_takes_the_trick_and_from_whom() -> None:
    """The declarer led the queen of clubs and seat 1 put on the ten: two points on the
    trick, the declarer winning. The ace takes it now, yet two seats play after and any
    trump would beat it; the two of clubs does not take it."""
    trick = {"leader": 0, "cards": [[0, "QC"], [1, "TC"]], "follow": "C", "ripper": False}
    ace, two = move_facts("mighty", mighty_view(trick=trick), ["play AC", "play 2C"])
    assert "follow:declarer:True:point" in ace and "follow:declarer:False:low" in two
    assert "follow:after2:True:True:point" in ace and "follow:after2:False:False:low" in two
    assert "follow:points2:True:point:True" in ace
    assert "follow:defender:points2:declarer:True" in ace


def test_the_partner_knows_the_declarer_is_its_friend_and_a_last_winner_cannot_be_beaten() -> None:
    """Seat 2 holds the called ace of hearts: it is the partner, and the declarer's winning
    card is a friend's. Played last, a card that takes the trick keeps it."""
    trick = {"leader": 3, "cards": [[3, "9C"], [4, "3C"], [0, "KC"], [1, "4C"]], "follow": "C", "ripper": False}
    view = mighty_view(trick=trick, hand=["AC", "2C", "AH"])
    ace, two = move_facts("mighty", view, ["play AC", "play 2C"])
    assert "follow:friend:False:low" in two and "follow:partner:friend:True:point:True" in ace
    assert "follow:after0:True:False:point" in ace


def test_a_leader_sees_its_masters_and_the_trumps_still_out() -> None:
    """The ace of hearts is gone, so the declarer's king of hearts is the master of its
    suit; its jack is not, with the queen out. Trumps are still out."""
    played = {"leader": 1, "winner": 1, "cards": [[1, "AH"], [2, "2H"], [3, "3H"], [4, "4H"], [0, "5H"]]}
    view = mighty_view(seat=0, hand=["KH", "JH", "3S"], tricks=[played], trick={"leader": 0, "cards": [], "follow": None, "ripper": False})
    king, jack, trump = move_facts("mighty", view, ["play KH", "play JH", "play 3S"])
    assert "lead:declarer:point:True" in king and "lead:declarer:point:False" in jack
    assert "lead:declarer:trump:outTrue" in trump and "lead:declarer:length2:point:True" in king


def test_other_decisions_and_other_games_have_no_move_facts() -> None:
    assert move_facts("mighty", mighty_view(phase="auction"), ["pass", "bid 13 S"]) == [[], []]
    assert move_facts("pitch", {"phase": "play"}, ["play AS"]) == [[]]
    view = mighty_view(trick={"leader": 0, "cards": [[0, "QC"]], "follow": "C", "ripper": False})
    plain = legal_heads("features", {}, 2048, ["play AC", "play 2C"])
    read = legal_heads("features", {}, 2048, ["play AC", "play 2C"], "mighty", view)
    assert [h.tolist() for h in plain] == [head_features("features", {}, 2048, t).tolist() for t in ("play AC", "play 2C")]
    for text_only, with_facts in zip(plain, read, strict=True):
        assert with_facts[: len(text_only)].tolist() == text_only.tolist() and len(with_facts) == len(text_only) + 6


def test_weights_trained_with_move_facts_play_by_them(tmp_path: Path) -> None:
    """Move values whose only preference is the fact "a trump led" lead a trump whenever
    they hold one and are on lead: the player reads the facts as the trainer writes them
    (both through `legal_heads`)."""
    buckets = 2048
    params = {"bp": np.zeros(buckets + 1, np.float32)}
    params["bp"][zlib.crc32(b"move:lead:trump") % buckets] = 50.0
    meta = {"kind": "move_value", "game": "mighty", "spec": "mighty(players=5)", "options": {"players": 5},
            "buckets": buckets, "prior": "mighty-heuristic", "only": ["play"], "move_facts": True}
    save(tmp_path / "trumps.npz", params, meta)
    game = get_game("mighty")
    learned = make_bot(f"learned(weights={tmp_path / 'trumps.npz'})", game, 0, 1)
    heuristic = make_bot("mighty-heuristic", game, 0, 1)
    leads = 0
    for seed in range(8):
        state = game.new_state(game.options(players=5), seed)
        while not state.hand_over():
            seat = state.to_act()
            observation = state.observation(seat)
            legal = observation["legal_actions"]
            move = learned.choose(observation) if seat == 0 else heuristic.choose(observation)
            assert seat != 0 or move in legal
            if seat == 0 and observation["phase"] == "play" and not observation["trick"]["cards"] and len(legal) > 1:
                trumps = [t for t in legal if t.split()[1][-1] == observation["trump"]]
                if trumps:
                    assert move in trumps
                    leads += 1
            state.apply_text(move)
    assert leads
