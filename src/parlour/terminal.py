"""`parlour play GAME`: a person at one seat against bots, through plain prompts.

Plain `input()` prompts and printed lines (no full-screen UI), so a script, a test or tmux
can drive it. Everything shown comes from the person's observation: the log sentences of
the hand (bids, plays, trick explanations), the person's cards and the table. A game may
define `render_text(observation, names)` for a better view; advice (`hint`) comes from the game's
oracle in parlour.analysis, looked up by the game's name. Every game's headline facts (the
observation's `status`) are printed as `label: value` lines above the view at each turn, a
game's own `render_text` or not; the last public event (`recent`, e.g. the last trick with
its winner marked `*`) is printed once each time it changes, after the log lines (its
explanation too, unless a log line just said it). Plain text
(no `rich`), so the output is the same in a pipe, a test or tmux.
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
import sys
from typing import Any, TextIO

from parlour.analysis import NoHint, hint, hints
from parlour.arguments import add_game_arguments, game_from_args
from parlour.bots import Bot, make_bot
from parlour.engine import Game, IllegalAction, OptionsError, State, jsonable_scores, plural
from parlour.record import record_of, save
from parlour.spec import parse_spec
from parlour.views import (
    action_labels,
    name_seats,
    recent_text,
    recent_update,
    status_lines,
    table_text,
)
from parlour.words import Seats, table_names

DEFAULT_LEVEL = "normal"
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


def writable(path: str) -> str | None:
    """Why a record cannot be written to `path`, or None when it can (checked before play,
    so a game is not lost to a typo at its end)."""
    if os.path.isdir(path):
        return f"{path} is a folder"
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return f"the folder {folder} does not exist"
    if os.path.exists(path):
        return None if os.access(path, os.W_OK) else f"{path} cannot be written (permission denied)"
    return None if os.access(folder, os.W_OK) else f"{folder} cannot be written in (permission denied)"


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
        self.hands_shown = 0
        self.shown_lines = 0
        self.shown_recent: str | None = None
        self.quit = False

    def say(self, text: str = "") -> None:
        print(name_seats(text, self.names), file=self.out, flush=True)

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
        while not self.quit and self.state.to_act() is not None:
            actor = self.state.to_act()
            assert actor is not None
            if actor == self.seat:
                self.show_news()
                self.person_turn()
            else:
                self.state.apply_text(self.bots[actor].choose(self.state.observation(actor)))
            if self.state.hand_over():
                self.show_news()
        self.show_news()
        if self.state.is_over():
            winners = self.seats.group(self.state.winners(), start=True)
            self.say(f"The match is over. Winner: {winners}. Final standing: {self.standing()}")

    def standing(self) -> str:
        scores = jsonable_scores(self.state.match_scores())
        return ", ".join(f"{self.seats.name(s)}: {v}" for s, v in enumerate(scores))

    def show_news(self) -> None:
        """Print the log sentences not shown yet, finishing a hand before the next one."""
        obs = self.state.observation(self.seat, names=self.names)
        finished = len(self.state.scores_by_hand())
        if finished > self.hands_shown:
            last = obs.get("last_hand") or {}
            for line in last.get("log", [])[self.shown_lines :]:
                self.say(line)
            scores = jsonable_scores(self.state.hand_scores())
            self.say("Hand scores: " + ", ".join(f"{self.seats.name(s)}: {v}" for s, v in enumerate(scores)))
            self.say(f"Match standing: {self.standing()}")
            self.say()
            self.hands_shown = finished
            self.shown_lines = 0
        if obs["match_over"]:
            return
        for line in obs["log"][self.shown_lines :]:
            self.say(line)
        self.shown_lines = len(obs["log"])
        news = recent_update(obs, self.shown_recent, self.names)
        if news is not None:
            self.say(news)
        self.shown_recent = recent_text(obs, names=self.names)

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
                self.state.apply_text(typed.get(line.casefold(), line))
            except IllegalAction as exc:
                self.say(f"Not allowed: {exc} Try again ('help' lists the legal actions).")
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
            lines.append(f"Moves weighed ({advice.unit}):")
            for c in advice.candidates[:6]:
                share = f", best score in {c['wins']:.0%}" if "wins" in c else ""
                lines.append(f"  {c['label']}: {c['value']:g} (over {plural(c['visits'], 'deal')}{share})")
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

