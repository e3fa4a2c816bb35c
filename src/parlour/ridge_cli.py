"""`parlour ridge`: play given Ridge deals in the terminal, and take deals to and from PBN.

- `parlour ridge --deal "N:AKQ2.J5.T98.765 ..."` plays that deal against `ridge-dd`
  (`--bot ridge-greedy` for the weaker player); `--deal FILE.pbn` plays every [Deal] of a
  PBN file in turn. With given deals the match lasts that many hands unless
  `--option hands=N` or `--option target=N` says otherwise.
- `parlour ridge --export RECORD` prints a record's hands as PBN (deal, auction, contract,
  result and play), so any bridge program can read them.

PBN knows bridge, not Ridge: [Contract] is written only for bids of 7 or more (level =
bid - 6), [Declarer] is the hand whose left-hand opponent led, [Dealer] is N for seat 0
and E for seat 1, and Ridge's own facts (the auction, contested or not, the score) go in
[Ridge...] tags, which PBN allows. The [Play] section lists each trick's cards by hand,
starting with the opening leader's column, as PBN does.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from parlour.engine import OptionsError

DEAL_TAG = re.compile(r'\[Deal\s+"([^"]*)"\]')


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deal", action="append", metavar="PBN|FILE",
                        help="a PBN deal ('N:AKQ2.J5.T98.765 ...') or a PBN file; repeat for more hands")
    parser.add_argument("--export", metavar="RECORD", help="print a Ridge record's hands as PBN and stop")
    parser.add_argument("--seat", type=int, default=0, help="your seat: 0 plays N-S, 1 plays E-W")
    parser.add_argument("--bot", default="ridge-dd", help="the opponent: ridge-dd (perfect) or ridge-greedy")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", help="a Ridge option")
    parser.add_argument("--seed", type=int, help="seed for the hands after the given deals")
    parser.add_argument("--dealer", type=int, default=0, help="the first dealer's seat")
    parser.add_argument("--record", metavar="FILE", help="save the game record to FILE at the end")


def read_deals(items: list[str]) -> list[dict[str, Any]]:
    """Deals from PBN strings or PBN files (every [Deal] tag), checked, in order."""
    from parlour.games.ridge import deal_pbn, parse_pbn

    texts: list[str] = []
    for item in items:
        path = Path(item)
        if ":" not in item[:2] and path.exists():
            found = DEAL_TAG.findall(path.read_text())
            if not found:
                raise OptionsError(f"{item} has no [Deal \"...\"] tag")
            texts.extend(found)
        else:
            texts.append(item)
    deals = []
    for text in texts:
        try:
            deals.append({"pbn": deal_pbn(parse_pbn(text))})
        except ValueError as exc:
            raise OptionsError(f"bad deal {text[:20]!r}...: {exc}") from None
    return deals


def run(args: argparse.Namespace) -> int:
    if args.export:
        return _export(args.export)
    import random

    from parlour.arguments import parse_option_args
    from parlour.bots import make_bot
    from parlour.games.ridge import GAME
    from parlour.terminal import HELP, TerminalGame

    values: dict[str, Any] = parse_option_args(args.option)
    deals = read_deals(args.deal or [])
    if deals and "hands" not in values and "target" not in values:
        values["hands"] = len(deals)
    options = GAME.options(**values)
    if args.seat not in (0, 1) or args.dealer not in (0, 1):
        raise OptionsError("--seat and --dealer are 0 (North-South) or 1 (East-West)")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    bot = make_bot(args.bot, GAME, 1 - args.seat, seed, outside=True)
    state = GAME.new_state(options, seed, dealer=args.dealer, deals=deals or None)
    session = TerminalGame(GAME, state, args.seat, {1 - args.seat: bot}, sys.stdin, sys.stdout)
    side = "North and South" if args.seat == 0 else "East and West"
    session.say(f"Ridge against {args.bot}. You are seat {args.seat} and play {side}. {HELP}")
    session.run()
    session.offer_record(args.record)
    return 0


def _export(path: str) -> int:
    from parlour.games.ridge import GAME
    from parlour.record import RecordError, load

    try:
        record = load(path)
        if record.get("game") != GAME.name:
            raise RecordError(f"{path} is not a Ridge record")
        print(record_pbn(record))
    except RecordError as exc:
        print(f"parlour: {exc}", file=sys.stderr)
        return 2
    return 0


def record_pbn(record: dict[str, Any]) -> str:
    """Every hand of a Ridge record as a PBN game."""
    from parlour.record import replay, start_of

    final = replay(record)
    probe = start_of(record)
    per_hand: list[list[str]] = [[] for _ in final.deals]
    for _seat, text in record.get("actions", []):
        per_hand[probe.hand_number].append(text)  # type: ignore[attr-defined]
        probe.apply_text(text)
    results = final.scores_by_hand()
    games = []
    for k, deal in enumerate(final.deals):
        dealer = (final.first_dealer + k) % 2
        games.append(_hand_pbn(k, deal["pbn"], dealer, per_hand[k], results[k] if k < len(results) else None))
    return "\n".join(games)


def _hand_pbn(k: int, pbn: str, dealer: int, actions: list[str], scores: list[int] | None) -> str:
    from parlour.cards import parse_card
    from parlour.games.ridge import HAND_NAMES, NT, trick_winner_of

    tags = [("Event", "parlour ridge"), ("Site", "parlour"), ("Date", "?"), ("Board", str(k + 1)),
            ("West", "seat 1"), ("North", "seat 0"), ("East", "seat 1"), ("South", "seat 0"),
            ("Dealer", HAND_NAMES[dealer]), ("Vulnerable", "None"), ("Deal", pbn), ("Scoring", "Ridge")]
    calls = [a for a in actions if not a.startswith(("declare", "play"))]
    bids = [int(a.split()[1]) for a in calls if a.startswith("bid")]
    declare = next((a for a in actions if a.startswith("declare")), None)
    cards = [a.split()[1] for a in actions if a.startswith("play")]
    ridge_tags = [("RidgeAuction", ", ".join(calls))]
    play_lines: list[str] = []
    if declare:
        _, denom, leader_name = declare.split()
        leader = HAND_NAMES.index(leader_name)
        bid = bids[-1]
        contested = len(bids) >= 2 or "contest" in calls
        tags.append(("Declarer", HAND_NAMES[(leader + 3) % 4]))
        if bid >= 7:
            tags.append(("Contract", f"{bid - 6}{'NT' if denom == 'NT' else denom}"))
        ridge_tags.append(("RidgeContract", f"{bid} {denom} {'contested' if contested else 'uncontested'}, {leader_name} leads"))
        trump = NT if denom == "NT" else "SHDC".index(denom)
        to_play = leader
        trick: list[tuple[int, str]] = []
        declarer_tricks = 0
        for card in cards:
            trick.append((to_play, card))
            if len(trick) < 4:
                to_play = (to_play + 1) % 4
                continue
            by_hand = {h: c for h, c in trick}
            play_lines.append(" ".join(_pbn_card(by_hand[(leader + i) % 4]) for i in range(4)))
            to_play = trick_winner_of([(h, parse_card(c)) for h, c in trick], trump)
            declarer_tricks += to_play % 2 != leader % 2
            trick = []
        if len(cards) == 52:
            tags.append(("Result", str(declarer_tricks)))
        tags.append(("Play", leader_name))
    else:
        tags.append(("Contract", "Pass"))
    if scores is not None:
        ridge_tags.append(("RidgeScore", f"seat 0 {scores[0]}, seat 1 {scores[1]}"))
    lines = [f'[{name} "{value}"]' for name, value in tags if name != "Play"]
    lines += [f'[{name} "{value}"]' for name, value in ridge_tags]
    if declare:
        lines.append(f'[Play "{HAND_NAMES[leader]}"]')
        lines += play_lines
        if play_lines:
            lines.append("*")
    return "\n".join(lines) + "\n"


def _pbn_card(text: str) -> str:
    """parlour's `QS` -> PBN's `SQ` (suit first)."""
    return text[1] + text[0]
