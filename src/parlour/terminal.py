"""`parlour play GAME`: a person at one seat against bots, through plain prompts.

Plain `input()` prompts and printed lines (no full-screen UI), so a script, a test or tmux
can drive it. Everything shown comes from the person's observation: the log sentences of
the hand (bids, plays, trick explanations), the person's cards and the table. A game may
define `render_text(observation, names)` for a better view; advice (`hint`) comes from the game's
oracle in parlour.analysis, looked up by the game's name. Every game's headline facts (the
observation's `status`) are printed as `label: value` lines above the view at each turn, a
game's own `render_text` or not. A hand is told in order, each event once: the log lines
each action wrote, or the action itself where it wrote none (a bot's card led to a trick);
the last public event (`recent`, e.g. the last trick with its winner marked `*`) where it
shows what those lines do not; the cards new in the person's hand that no line named (a
card drawn from the stock, said to the person alone). A hand ends with its last events, why
it scored, its scores and the standing, and the next deal waits for Enter. Plain text (no
`rich`), so the output is the same in a pipe, a test or tmux.
Bad input re-prompts with the reason and changes nothing. At the end the record can be
saved (`--record FILE` saves it without asking).

The other seats are bots of a level, as in the lobby (`--bots strong`, or one a seat:
`--bots strong,normal,easy`; default normal), or any bot spec.

Words, not notation: the seats are named, the person's as "you" and the bots' by first
names (`words.table_names`, each said with its kind at the start), in every line the
game's view writes and in the standings; cards show their suits (K♠), and the moves are
listed by their labels (`lay ribs face down`); a move is typed as its text (`play KS`, any
case) or its label.
`hint` asks parlour.analysis.hint: the move a strong player would make, with its numbers.

Games are kept: `--record FILE` is checked before the first deal (a file that cannot be
written is an error, exit status 2; an existing one is overwritten only when the person
agrees or `--force` is given), and Ctrl-C at any point stops the game and saves it
(to the `--record` file without asking, else where the person says).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections import Counter
from typing import Any, TextIO

from parlour.analysis import NoHint, hint, hints
from parlour.arguments import add_game_arguments, game_from_args, writable
from parlour.bots import Bot, make_bot
from parlour.cards import card_symbol, symbols
from parlour.engine import Action, Game, IllegalAction, OptionsError, State, jsonable_scores, plural
from parlour.record import record_of, save
from parlour.spec import parse_spec
from parlour.views import (
    action_labels,
    hand_lines,
    match_summary,
    recent_text,
    sheet_lines,
    status_lines,
    table_text,
)
from parlour.words import Seats, table_names

DEFAULT_LEVEL = "normal"
NEXT_DEAL = "Press Enter for the next deal ('quit' stops). "
CARD_CODE = re.compile(r"(?<![\w])(?:[2-9TJQKA][SHDC]|JK)(?![A-Za-z0-9])")
HELP = "Type an action as shown, 'help' for the legal actions, 'hint' for advice, 'quit' to stop."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, help="seed of the deal (random when omitted)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--bots", help="the other seats' bots, comma-separated: a level (easy, normal, strong; "
                        "default normal) or a bot spec, e.g. strong,normal,easy or ismcts(iterations=200)")
    parser.add_argument("--record", metavar="FILE", help="save the game record to FILE at the end (or on Ctrl-C)")
    parser.add_argument("--force", "--overwrite", action="store_true", dest="force",
                        help="overwrite an existing --record file without asking")


def run(args: argparse.Namespace) -> int:
    import random

    from parlour.simulate import split_bots

    game, options = game_from_args(args)
    n = options.players
    if not 0 <= args.seat < n:
        raise OptionsError(f"--seat must be from 0 to {n - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    specs = split_bots(args.bots) if args.bots else [DEFAULT_LEVEL]
    others = [s for s in range(n) if s != args.seat]
    bots: dict[int, Bot] = {}
    chosen: dict[int, str] = {}
    for i, seat in enumerate(others):
        chosen[seat] = specs[min(i, len(specs) - 1)]
        bots[seat] = make_bot(chosen[seat], game, seat, seed * 100 + seat, outside=True)
    names = table_names(n)
    state = game.new_state(options, seed)
    session = TerminalGame(game, state, args.seat, bots, sys.stdin, sys.stdout, names=names)
    if args.record:
        problem = writable(args.record)
        if problem:
            raise OptionsError(f"cannot save the record there: {problem}")
        if os.path.exists(args.record) and not args.force and not session.confirm(
            f"{args.record} exists. Overwrite it with this game's record? (y/n) "
        ):
            raise OptionsError(f"{args.record} exists and was kept; the game was not started (--force overwrites)")
    table = Seats(names, args.seat)
    players = ", ".join(table.name(s) if s == args.seat else f"{names[s]} ({bot_words(game, chosen[s])})" for s in range(n))
    session.say(f"{game.title}, {n} players, seed {seed}. In turn: {players}. {HELP}"
                f" New to {game.title}? 'parlour rules {game.name}' explains it.")
    try:
        session.run()
    except KeyboardInterrupt:
        session.say()
        session.say("Stopped (Ctrl-C).")
    session.offer_record(args.record)
    return 0


def bot_words(game: Game, spec: str) -> str:
    """A bot as the table names it: "Ribs bot" (the normal level, or the heuristic),
    "Ribs bot, strong", "Ribs bot, search", from its spec."""
    try:
        name = parse_spec(spec)[0]
    except ValueError:
        name = spec
    kinds = {"random": "random", "ismcts": "search"}
    if name.endswith("-heuristic") or name == DEFAULT_LEVEL:
        return f"{game.title} bot"
    kind = kinds.get(name) or name.removeprefix(f"{game.name}-").replace("-", " ").replace("dd", "double dummy")
    return f"{game.title} bot, {kind}"


class TerminalGame:
    """The prompt loop; reads from `inp`, writes to `out` (so tests can drive it)."""

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        bots: dict[int, Bot],
        inp: TextIO,
        out: TextIO,
        names: list[str] | None = None,
        hint_seconds: float | None = None,
    ) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.bots = bots
        self.inp = inp
        self.out = out
        self.names = names or table_names(state.players)
        self.seats = Seats(self.names, seat)
        self.hint_seconds = hint_seconds
        self.told_hand: int | None = None
        self.told_lines = 0
        self.told_recent: str | None = None
        self.told_event: dict[str, Any] | None = None
        self.told_text: list[str] = []
        self.held: Counter[str] = Counter()
        self.pending: list[tuple[int | None, str, list[str]]] = []
        self.summaries: list[dict[str, Any]] = []
        self.quit = False

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def confirm(self, question: str) -> bool:
        answer = self.ask(question)
        return answer is not None and answer.lower() in ("y", "yes")

    def ask(self, prompt: str) -> str | None:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            return None
        return line.strip()

    def run(self) -> None:
        if self.told_hand is None:
            self.start_hand()
        while not self.quit and self.state.to_act() is not None:
            actor = self.state.to_act()
            assert actor is not None
            if actor == self.seat:
                self.tell()
                self.person_turn()
            else:
                self.act(self.bots[actor].choose(self.state.observation(actor)))
        if not self.state.is_over():
            self.tell()
        if self.state.is_over():
            winners = self.seats.group(self.state.winners(), start=True)
            self.say(f"The match is over. Winner: {winners}. Final standing: {self.standing()}")
            for line in sheet_lines(self.summaries) + match_summary(self.summaries, self.state.winners(), self.seats):
                self.say(line)

    def standing(self) -> str:
        scores = jsonable_scores(self.state.match_scores())
        return ", ".join(f"{self.seats.name(s)}: {v}" for s, v in enumerate(scores))

    def start_hand(self) -> None:
        """Begin telling the hand now dealt: its log from the first line, the person's cards
        as dealt (new cards are told from here on), the last event shown already (a new
        deal opens with the last hand's final event, which was told at that hand's end)."""
        obs = self.state.observation(self.seat, names=self.names)
        self.told_hand = self.state.hand_number
        self.pending.append((None, "", list(obs["log"])))
        self.told_lines = len(obs["log"])
        self.told_recent = recent_text(obs, names=self.names)
        self.told_event = obs.get("recent")
        self.told_text = []
        self.held = Counter(obs.get("hand") or [])

    def act(self, text: str) -> Action:
        """Apply an action of the seat to act and keep what it brought, to be told in order
        at the person's next turn or at the hand's end: the log lines it added, or, when it
        added none (a card led to a trick), the action itself as its seat made it; the last
        public event where it shows what those lines do not name; the cards it put in the
        person's hand that no line names (a card drawn from the stock)."""
        before = self.state.clone(hand_only=True)
        actor = self.state.to_act()
        action = self.state.apply_text(text)
        ended = self.state.hand_over()
        if ended:
            before.apply(action)
        obs = (before if ended else self.state).observation(self.seat, names=self.names)
        lines = list(obs["log"][self.told_lines :])
        self.told_lines = len(obs["log"])
        said = " ".join(lines)
        event = obs.get("recent")
        if lines and event and event.get("plays") != (self.told_event or {}).get("plays"):
            shown = [card_symbol(str(c)) for play in event["plays"] for c in play.get("cards") or []]
            if any(c not in said for c in shown) or any(play.get("face_down") for play in event["plays"]):
                why = event.get("explanation")
                at = next((i + 1 for i, line in enumerate(lines) if why and why in line), len(lines))
                news = recent_text(obs, explain=at == len(lines) and why not in obs["log"], names=self.names)
                if news is not None:
                    lines.insert(at, news)
        self.told_recent, self.told_event = recent_text(obs, names=self.names), event
        hand = Counter(obs.get("hand") or [])
        fresh = [c for c in sorted((hand - self.held).elements()) if card_symbol(c) not in said]
        if fresh and not ended:
            lines.append(f"Into your hand: {symbols(' '.join(fresh))}.")
        self.held = hand
        self.pending.append((actor, obs["actions"][-1][1] if obs["actions"] else "", lines))
        if ended:
            self.tell()
            self.end_hand()
        return action

    def tell(self) -> None:
        """Print what happened since the last telling, in order: each action's lines, or the
        action itself where it wrote none and no later line of the telling names its cards
        (a trick's line names the cards played to it)."""
        pending, self.pending = self.pending, []
        for i, (actor, text, lines) in enumerate(pending):
            if lines:
                for line in lines:
                    self.say(line)
                self.told_text.extend(lines)
                continue
            later = " ".join(line for _a, _t, ls in pending[i + 1 :] for line in ls)
            codes = CARD_CODE.findall(text)
            if actor is None or not text or (codes and all(card_symbol(c) in later for c in codes)):
                continue
            verb, _, rest = symbols(text).partition(" ")
            self.say(f"{self.seats.does(actor, verb, start=True)} {rest}".rstrip() + ".")

    def end_hand(self) -> None:
        """Close the hand just told: the last hand's final event where the next deal shows
        one the telling has not (a showdown of the hands), why it scored, the hand's scores
        and the standing; then, unless the match is over, wait for Enter before the deal."""
        now = self.state.observation(self.seat, names=self.names)
        summary = now.get("last_hand") or {}
        told = self.told_text
        event = now.get("recent")
        if event and event.get("explanation") not in now["log"] and event.get("plays") != (self.told_event or {}).get("plays"):
            shown = recent_text(now, explain=event.get("explanation") not in told, names=self.names)
            if shown:
                self.say(shown)
        for line in hand_lines(summary):
            if line not in told:
                self.say(line)
        self.summaries.append(summary)
        scores = jsonable_scores(self.state.hand_scores())
        self.say("Hand scores: " + ", ".join(f"{self.seats.name(s)}: {v}" for s, v in enumerate(scores)))
        self.say(f"Match standing: {self.standing()}")
        if not self.state.is_over():
            answer = self.ask(NEXT_DEAL)
            if answer is None or answer.lower() in ("quit", "exit", "q"):
                self.quit = True
                self.say("Stopped.")
                return
            self.say()
            self.start_hand()

    def person_turn(self) -> None:
        obs = self.state.observation(self.seat, names=self.names)
        render = getattr(self.game, "render_text", None)
        for line in status_lines(obs):
            self.say(line)
        self.say(table_text(obs, render, self.names))
        labels = action_labels(obs)
        typed = {label.casefold(): text for text, label in labels.items()}
        legal = list(labels.values())
        self.say("Your move: " + (" | ".join(legal) if len(legal) <= 12 else f"{len(legal)} choices, 'help' lists them"))
        while True:
            line = self.ask("> ")
            if line is None or line.lower() in ("quit", "exit", "q"):
                self.quit = True
                self.say("Stopped.")
                return
            if not line:
                continue
            if line.lower() in ("help", "?"):
                self.say("Legal actions: " + " | ".join(legal))
                self.say(HELP)
                continue
            if line.lower() == "hint":
                self.say("\n".join(self.hint_lines(obs)))
                continue
            try:
                self.act(typed.get(line.casefold(), line))
            except IllegalAction as exc:
                self.say(f"Not allowed: {exc.reason(self.names)} Try again ('help' lists the legal actions).")
                continue
            return

    def hint_lines(self, obs: dict[str, Any]) -> list[str]:
        """The hint for this turn: the exact oracle's lines where the game has one (Ridge),
        else the strong player's move, why, and the moves it weighed."""
        exact = hints(self.game.name, obs)
        if exact:
            return exact
        try:
            advice = hint(self.game, obs, seconds=self.hint_seconds)
        except NoHint as exc:
            return [str(exc)]
        lines = [f"Hint: {advice.why}"]
        if len(advice.candidates) > 1:
            deals = advice.candidates[0].get("visits") or 0
            over = f" over {plural(deals, 'possible deal')}" if deals else ""
            lines.append(f"Moves weighed{over} ({advice.unit}):")
            for c in advice.candidates[:6]:
                left = c.get("visits", 0) < deals
                note = f", left behind after {plural(c['visits'], 'deal')}" if left else ""
                lines.append(f"  {c['label']}: {c['value']:g}{note}")
        return lines

    def offer_record(self, path: str | None) -> None:
        """Save the record: to `path` (agreed to at the start), else where the person says,
        asking before an existing file is overwritten; Ctrl-C here leaves without saving."""
        record = record_of(self.state)
        while path is None:
            try:
                answer = self.ask("Save the record? Type a file name, or press Enter to skip: ")
                if not answer:
                    return
                problem = writable(answer)
                if problem:
                    self.say(f"Cannot save there: {problem}.")
                elif not os.path.exists(answer) or self.confirm(f"{answer} exists. Overwrite it? (y/n) "):
                    path = answer
            except KeyboardInterrupt:
                self.say()
                return
        if path:
            try:
                save(record, path)
            except OSError as exc:
                self.say(f"Could not save {path}: {exc.strerror}")
                return
            self.say(f"Record saved to {path} (replay it with: parlour replay {path})")

