"""`parlour play GAME`: a person at one seat against bots, through plain prompts.

Plain `input()` prompts and printed lines (no full-screen UI), so a script, a test or tmux
can drive it. Everything shown comes from the person's observation: the log sentences of
the hand (bids, plays, trick explanations), the person's cards and the table. A game may
define `render_text(observation)` for a better view; advice (`hint`) comes from the game's
oracle in parlour.analysis, looked up by the game's name. Every game's headline facts (the
observation's `status`) are printed as `label: value` lines above the view at each turn, a
game's own `render_text` or not; the last public event (`recent`, e.g. the last trick with
its winner marked `*`) is printed once each time it changes, after the log lines (its
explanation too, unless a log line just said it). Plain text
(no `rich`), so the output is the same in a pipe, a test or tmux.
Bad input re-prompts with the reason and changes nothing. At the end the record can be
saved (`--record FILE` saves it without asking).
"""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from parlour.analysis import hints
from parlour.arguments import add_game_arguments, game_from_args
from parlour.bots import Bot, make_bot
from parlour.engine import Game, IllegalAction, State, jsonable_scores
from parlour.record import record_of, save
from parlour.views import generic_view, recent_text, status_lines

HELP = "Type an action as shown, 'help' for the legal actions, 'hint' for advice, 'quit' to stop."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--seed", type=int, help="seed of the deal (random when omitted)")
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    parser.add_argument("--bots", help="bot specs for the other seats, comma-separated")
    parser.add_argument("--record", metavar="FILE", help="save the game record to FILE at the end")


def run(args: argparse.Namespace) -> int:
    import random

    from parlour.simulate import split_bots

    game, options = game_from_args(args)
    n = options.players
    if not 0 <= args.seat < n:
        from parlour.engine import OptionsError

        raise OptionsError(f"--seat must be from 0 to {n - 1}")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    default_bot = game.heuristic_bot() or "random"
    specs = split_bots(args.bots) if args.bots else [default_bot]
    others = [s for s in range(n) if s != args.seat]
    bots: dict[int, Bot] = {}
    for i, seat in enumerate(others):
        bots[seat] = make_bot(specs[min(i, len(specs) - 1)], game, seat, seed * 100 + seat)
    state = game.new_state(options, seed)
    session = TerminalGame(game, state, args.seat, bots, sys.stdin, sys.stdout)
    session.say(f"{game.title}, {n} players, seed {seed}. You are seat {args.seat}. {HELP}"
                f" New to {game.title}? 'parlour rules {game.name}' explains it.")
    session.run()
    session.offer_record(args.record)
    return 0


class TerminalGame:
    """The prompt loop; reads from `inp`, writes to `out` (so tests can drive it)."""

    def __init__(self, game: Game, state: State, seat: int, bots: dict[int, Bot], inp: TextIO, out: TextIO) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.bots = bots
        self.inp = inp
        self.out = out
        self.hands_shown = 0
        self.shown_lines = 0
        self.shown_recent: str | None = None
        self.quit = False

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

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
            winners = ", ".join(f"seat {s}" for s in self.state.winners())
            self.say(f"The match is over. Winner: {winners}. Final standing: {self.standing()}")

    def standing(self) -> str:
        scores = jsonable_scores(self.state.match_scores())
        return ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores))

    def show_news(self) -> None:
        """Print the log sentences not shown yet, finishing a hand before the next one."""
        obs = self.state.observation(self.seat)
        finished = len(self.state.scores_by_hand())
        if finished > self.hands_shown:
            last = obs.get("last_hand") or {}
            for line in last.get("log", [])[self.shown_lines :]:
                self.say(line)
            scores = jsonable_scores(self.state.hand_scores())
            self.say("Hand scores: " + ", ".join(f"seat {s}: {v}" for s, v in enumerate(scores)))
            self.say(f"Match standing: {self.standing()}")
            self.say()
            self.hands_shown = finished
            self.shown_lines = 0
        if obs["match_over"]:
            return
        for line in obs["log"][self.shown_lines :]:
            self.say(line)
        self.shown_lines = len(obs["log"])
        recent = recent_text(obs)
        if recent is not None and recent != self.shown_recent:
            event = obs["recent"]
            self.say(recent_text(obs, explain=event.get("explanation") not in obs["log"]))
        self.shown_recent = recent

    def person_turn(self) -> None:
        obs = self.state.observation(self.seat)
        render = getattr(self.game, "render_text", None)
        for line in status_lines(obs):
            self.say(line)
        self.say(render(obs) if render else generic_view(obs))
        legal = obs["legal_actions"]
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
                lines = hints(self.game.name, obs)
                self.say("\n".join(lines) if lines else "No hints for this game.")
                continue
            try:
                self.state.apply_text(line)
            except IllegalAction as exc:
                self.say(f"Not allowed: {exc} Try again ('help' lists the legal actions).")
                continue
            return

    def offer_record(self, path: str | None) -> None:
        record = record_of(self.state)
        if path is None:
            answer = self.ask("Save the record? Type a file name, or press Enter to skip: ")
            path = answer or None
        if path:
            try:
                save(record, path)
            except OSError as exc:
                self.say(f"Could not save {path}: {exc.strerror}")
                return
            self.say(f"Record saved to {path} (replay it with: parlour replay {path})")

