"""Each game's declared tensor facts: what the encoder reads beside the hand's course.

`COURSE[game]` tunes the generic course sections (parlour.envs.tensors): `recent` (how
many of the hand's last calls keep their order), `scale` (the hand length a position is
divided by), `score_scale`, `call_verbs` (verbs whose numbers are no cards: Ribs' ranks
are digits, so "bid 9" would read as a card), and the `calls` and card `verbs` the action universe does not
list (the forms other seats see: Ribs' "fold" and "ribs", Mighty's "discard"; Paks, whose
actions cannot be listed, names all of its own).

`FACTS[game]` lists the game's own sections, each a `Fact(name, kind, path)` over a key of
its observation (see the kinds in parlour.envs.tensors). Paths are those of the game's
`facts(seat)`; a fact a seat may not know is None in its observation, and encodes as such.
"""

from __future__ import annotations

import dataclasses
from typing import Any


@dataclasses.dataclass(frozen=True)
class Fact:
    """One declared section: `kind` applied to the observation's value at `path`.

    `path` is dotted ("bidding.bid"; a number is a list index). `scale` divides numbers;
    `values` are the words of a `choice` (or the names of `named_cards`); `length` is how
    many items a `plays` or `records` section keeps; `items` are the sections of each
    item of `records`; `rotate` says that `named_cards`' names turn with the seat (Ridge's
    compass) and `teams` that a per-team list turns with the seat's team."""

    name: str
    kind: str
    path: str = ""
    scale: float = 1.0
    values: tuple[Any, ...] = ()
    length: int = 0
    items: tuple[Fact, ...] = ()
    rotate: bool = False
    teams: int = 0
    doc: str = ""


SUITS = ("S", "H", "D", "C")
DENOMINATIONS = (*SUITS, "NT")
COMPASS = ("N", "E", "S", "W")

COURSE: dict[str, dict[str, Any]] = {
    "ribs": {"calls": ("fold", "ribs"), "call_verbs": ("bid",), "recent": 24, "score_scale": 5},
    "cramps": {"score_scale": 31},
    "ridge": {"score_scale": 30},
    "couillon": {"score_scale": 10},
    "mighty": {"calls": ("discard",), "score_scale": 20},
    "pitch": {"score_scale": 21},
    "seven_and_a_half": {"score_scale": 20},
    "kings_in_the_corner": {"score_scale": 50, "scale": 200},
    "zetema": {"score_scale": 300, "scale": 200},
    "six_pack_bezique": {"score_scale": 1000, "scale": 400},
    "yaniv": {"score_scale": 200, "scale": 200},
    "paks": {"calls": ("end",), "verbs": ("pak", "steal"), "score_scale": 500, "scale": 200},
}

FACTS: dict[str, tuple[Fact, ...]] = {
    "ribs": (
        Fact("trick", "number", "trick", scale=10, doc="the trick being bid or played"),
        Fact("my_fold", "cards", "my_fold", doc="the cards I folded"),
        Fact("folded", "seats", "folded", doc="seats that folded this trick"),
        Fact("opener", "seat", "bidding.opener", doc="who opened the auction"),
        Fact("bid", "number", "bidding.bid", scale=10, doc="the standing bid"),
        Fact("bidder", "seat", "bidding.bidder", doc="the standing bidder"),
        Fact("out", "seats", "bidding.out", doc="seats out of the auction"),
        Fact("cap", "number", "bidding.cap", scale=10, doc="the highest bid allowed"),
        Fact("table", "seat_records", "table", items=(
            Fact("cards", "cards", "cards"),
            Fact("face_down", "number", "face_down"),
            Fact("ribs", "number", "ribs"),
            Fact("folded", "number", "folded"),
        ), doc="each seat's play on the table"),
        Fact("captured", "seat_cards", "captured", doc="cards each seat has captured"),
        Fact("tricks", "records", "tricks", length=4, items=(
            Fact("bidder", "seat", "bidder"),
            Fact("bid", "number", "bid", scale=10),
            Fact("ribs", "cards", "ribs"),
            Fact("outcome", "choice", "outcome", values=("made", "failed", "cracked")),
            Fact("cracker", "seat", "cracker"),
            Fact("defeated_points", "number", "defeated_points", scale=10),
        ), doc="each finished trick of the hand"),
        Fact("discard_up", "cards", "discard.face_up", doc="the discards face up"),
        Fact("discard_folded", "number", "discard.folded", scale=10, doc="folded discards"),
        Fact("hands_to_win", "number", "hands_to_win", scale=5, doc="hands a seat needs"),
    ),
    "cramps": (
        Fact("trick_number", "number", "trick_number", scale=13, doc="tricks played"),
        Fact("trick", "plays", "trick", length=8, doc="the trick on the table in order"),
        Fact("trick_values", "numbers", "trick_values", length=13, scale=10,
             doc="what each trick is worth"),
        Fact("bid", "number", "auction.bid", scale=30, doc="the standing bid"),
        Fact("bidder", "seat", "auction.bidder", doc="the standing bidder"),
        Fact("min_bid", "number", "auction.min_bid", scale=30, doc="the lowest bid"),
        Fact("max_bid", "number", "auction.max_bid", scale=30, doc="the highest bid"),
        Fact("passed", "seats", "auction.passed", doc="seats that passed"),
        Fact("trump", "choice", "trump", values=DENOMINATIONS, doc="trumps"),
        Fact("queen_values", "numbers", "queen_values", length=4, scale=10,
             doc="each queen's value"),
        Fact("target", "number", "target", scale=31, doc="the match target"),
    ),
    "ridge": (
        Fact("hand_to_play", "choice", "hand_to_play", values=COMPASS, rotate=True,
             doc="the hand to play next"),
        Fact("hands", "named_cards", "hands", values=COMPASS, rotate=True,
             doc="the four hands, my first hand first"),
        Fact("bid", "number", "standing_bid.bid", scale=13, doc="the standing bid"),
        Fact("bidder", "seat", "standing_bid.bidder", doc="the standing bidder"),
        Fact("declarer", "seat", "contract.declarer", doc="the declarer"),
        Fact("contract", "number", "contract.bid", scale=13, doc="the contract"),
        Fact("contested", "number", "contract.contested", doc="whether it was contested"),
        Fact("trump", "choice", "contract.trump", values=DENOMINATIONS, doc="trumps"),
        Fact("leader", "choice", "contract.leader", values=COMPASS, rotate=True,
             doc="the opening leader"),
        Fact("trick", "plays", "trick", length=4, values=COMPASS, rotate=True,
             doc="the trick on the table, by hand"),
        Fact("tricks", "records", "tricks", length=13, items=(
            Fact("leader", "choice", "leader", values=COMPASS, rotate=True),
            Fact("winner", "choice", "winner", values=COMPASS, rotate=True),
        ), doc="who led and won each trick"),
        Fact("won", "seat_numbers", "won", scale=13, doc="tricks each side has won"),
    ),
    "couillon": (
        Fact("stub_size", "number", "stub_size", scale=10, doc="cards left in the stub"),
        Fact("upcard", "cards", "upcard", doc="the upcard"),
        Fact("bottom_card", "cards", "bottom_card", doc="the stub's bottom card"),
        Fact("trump", "choice", "trump_suit", values=SUITS, doc="trumps"),
        Fact("offered", "choice", "trump", values=("spades", "hearts", "diamonds", "clubs"),
             doc="the suit named as trumps"),
        Fact("acceptor", "seat", "acceptor", doc="who accepted trumps"),
        Fact("trick_number", "number", "trick_number", scale=8, doc="tricks played"),
        Fact("trick", "plays", "trick", length=4, doc="the trick on the table"),
        Fact("wins_needed", "team_numbers", "wins_needed", teams=2, scale=5,
             doc="wins each side still needs"),
        Fact("ties_pending", "number", "ties_pending", doc="tied hands carried"),
    ),
    "mighty": (
        Fact("deal_number", "number", "deal_number", scale=5, doc="deals of this hand"),
        Fact("throw_ins", "number", "throw_ins", scale=5, doc="throw-ins"),
        Fact("opener", "seat", "opener", doc="who opens the auction"),
        Fact("declarer", "seat", "declarer", doc="the declarer"),
        Fact("contract", "number", "contract", scale=20, doc="the contract"),
        Fact("bid_suit", "choice", "bid_suit", values=DENOMINATIONS, doc="the suit bid"),
        Fact("trump", "choice", "trump", values=DENOMINATIONS, doc="trumps"),
        Fact("called", "cards", "called", doc="the partner's card called"),
        Fact("hint", "choice", "hint", values=DENOMINATIONS, doc="the suit the call hints"),
        Fact("partner", "seat", "partner", doc="the partner, once known"),
        Fact("sides_known", "number", "sides_known", doc="whether every side is known"),
        Fact("widow", "cards", "widow", doc="the widow (the declarer's)"),
        Fact("discards", "cards", "discards", doc="the declarer's discards"),
        Fact("trick_leader", "seat", "trick.leader", doc="who led the trick"),
        Fact("trick", "plays", "trick.cards", length=5, doc="the trick on the table"),
        Fact("follow", "choice", "trick.follow", values=DENOMINATIONS, doc="the suit led"),
        Fact("ripper", "number", "trick.ripper", doc="whether the ripper was led"),
        Fact("won_points", "seat_cards", "won_points", doc="point cards each seat took"),
    ),
    "pitch": (
        Fact("high_bid", "choice", "high_bid", values=("2", "3", "4", "smudge"),
             doc="the standing bid"),
        Fact("pitcher", "seat", "pitcher", doc="the pitcher"),
        Fact("trump", "choice", "trump", values=SUITS, doc="trumps"),
        Fact("trick_leader", "seat", "trick.leader", doc="who led the trick"),
        Fact("trick", "plays", "trick.cards", length=4, doc="the trick on the table in order"),
        Fact("tricks_won", "team_numbers", "tricks_won", teams=2, scale=6,
             doc="tricks each side has won"),
        Fact("piles", "team_cards", "piles", teams=2, doc="the cards each side has taken"),
        Fact("target", "number", "target", scale=21, doc="the match target"),
    ),
    "seven_and_a_half": (
        Fact("banker", "seat", "banker", doc="the banker"),
        Fact("limits", "numbers", "limits", length=2, scale=10, doc="the least and most bet"),
        Fact("seats", "seat_records", "seats", items=(
            Fact("bet", "number", "bet", scale=10),
            Fact("hole", "cards", "hole"),
            Fact("hole_down", "number", "hole_down"),
            Fact("up", "cards", "up"),
            Fact("state", "choice", "state",
                 values=("out", "in", "stood", "7½", "two-card 7½", "bust")),
            Fact("total", "number", "total", scale=7.5),
        ), doc="each seat's bet and cards"),
        Fact("chips", "seat_numbers", "chips", scale=20, doc="each seat's chips"),
        Fact("stock_size", "number", "stock_size", scale=40, doc="cards in the stock"),
        Fact("discard_size", "number", "discard_size", scale=40, doc="cards discarded"),
        Fact("shoe_start", "numbers", "shoe_start", length=2, scale=40, doc="the shoe at the start"),
        Fact("offered", "seat", "offered", doc="the seat offered the bank"),
    ),
    "kings_in_the_corner": (
        Fact("drawn", "cards", "drawn", doc="the cards I drew"),
        Fact("piles", "named_cards", "piles",
             values=("N", "E", "S", "W", "NE", "SE", "SW", "NW"), doc="the eight piles"),
        Fact("tableau", "named_cards", "tableau", values=COMPASS, doc="each pile's bottom card"),
        Fact("stock_size", "number", "stock_size", scale=52, doc="cards in the stock"),
        Fact("knocks", "number", "knocks", scale=6, doc="knocks in a row"),
        Fact("played", "number", "played", doc="whether I have played this turn"),
    ),
    "zetema": (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("rank_piles", "named_cards", "rank_piles",
             values=("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"),
             doc="the piles by rank"),
        Fact("wastepile", "cards", "wastepile", doc="the wastepile"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("meld", "cards", "meld", doc="the meld being made"),
        Fact("sides", "side", "sides", doc="my side"),
        Fact("target", "number", "target", scale=300, doc="the match target"),
        Fact("meld_length", "number", "meld_length", scale=6, doc="cards in a meld"),
        Fact("extra_suit", "choice", "extra_suit", values=SUITS, doc="the doubled suit"),
    ),
    "six_pack_bezique": (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("table", "seat_cards", "table", doc="each seat's cards on the table"),
        Fact("melds", "seat_words", "melds", values=(
            "sequence", "marriage", "four of a kind", "bezique", "double bezique",
            "triple bezique", "quadruple bezique"), doc="each seat's melds"),
        Fact("trump", "choice", "trump", values=SUITS, doc="trumps"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("stage", "number", "stage", doc="the stage of play"),
        Fact("trick", "plays", "trick", length=2, doc="the trick on the table"),
        Fact("tricks_played", "number", "tricks_played", scale=100, doc="tricks played"),
        Fact("cut", "number", "cut", scale=100, doc="the cut"),
        Fact("guess", "number", "guess", scale=100, doc="the guess"),
        Fact("streak", "seat_numbers", "streak", doc="each seat's streak"),
        Fact("shown", "seat_cards", "shown", doc="cards each seat has shown"),
        Fact("dealt", "cards", "dealt", doc="the cards I was dealt"),
        Fact("drawn", "cards", "drawn", doc="the cards I drew"),
    ),
    "yaniv": (
        Fact("hand_value", "number", "hand_value", scale=50, doc="my hand's value"),
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("offer", "cards", "offer", doc="the discards on offer"),
        Fact("discard", "cards", "discard", doc="the last discard"),
        Fact("dead", "cards", "dead", doc="cards out of play"),
        Fact("stock_size", "number", "stock_size", scale=50, doc="cards in the stock"),
        Fact("upcard", "cards", "upcard", doc="the first upcard"),
        Fact("reshuffles", "number", "reshuffles", doc="reshuffles of the stock"),
        Fact("yaniv_max", "number", "yaniv_max", scale=10, doc="the most a hand may call"),
    ),
    "paks": (
        Fact("known", "seat_cards", "known", doc="cards each seat is known to hold"),
        Fact("board", "cards", "board", doc="the board"),
        Fact("board_dealt", "cards", "board_dealt", doc="the board as dealt"),
        Fact("full_table", "number", "full_table", doc="whether the table is full"),
        Fact("stock_size", "number", "stock_size", scale=100, doc="cards in the stock"),
        Fact("paks", "seat_cards", "paks", doc="the cards of each seat's paks"),
        Fact("pak_suit", "choice", "pak_suit", values=SUITS, doc="the suit of the pak"),
        Fact("stolen", "records", "stolen", length=4, items=(
            Fact("suit", "choice", "", values=SUITS),
        ), doc="suits stolen"),
        Fact("sides", "side", "sides", doc="my side"),
        Fact("target", "number", "target", scale=500, doc="the match target"),
    ),
}
