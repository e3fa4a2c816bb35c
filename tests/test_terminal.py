"""`parlour play` for every registered game: a whole match through the prompt loop."""

from __future__ import annotations

import io
import random

import pytest

from parlour.bots import make_bot
from parlour.games import GAMES
from parlour.terminal import TerminalGame


class ScriptedPerson(io.StringIO):
    """Answers each prompt: first with nonsense and 'help', then with a legal action."""

    def __init__(self, session: list[TerminalGame], seed: int) -> None:
        super().__init__()
        self.session = session
        self.rng = random.Random(seed)
        self.answers: list[str] = []
        self.moves = 0

    def readline(self, size: int | None = -1) -> str:
        if not self.answers:
            state = self.session[0].state
            legal = state.legal_texts()
            self.answers = ["nonsense", "help", self.rng.choice(legal)] if self.moves == 0 else [self.rng.choice(legal)]
            self.moves += 1
        return self.answers.pop(0) + "\n"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_person_plays_a_whole_match_in_the_terminal(name: str) -> None:
    game = GAMES[name]
    short = {"ribs": {"hands_to_win": 1}, "cramps": {}, "ridge": {"hands": 1}, "couillon": {},
             "mighty": {"hands": 1}, "pitch": {"target": 1}}.get(name, {})
    options = game.options(players=game.min_players, **short)
    state = game.new_state(options, 3)
    bot = game.heuristic_bot() or "random"
    bots = {s: make_bot(bot, game, s, s) for s in range(1, options.players)}
    holder: list[TerminalGame] = []
    person = ScriptedPerson(holder, 1)
    out = io.StringIO()
    session = TerminalGame(game, state, 0, bots, person, out)
    holder.append(session)
    for _ in range(50):
        if state.is_over():
            break
        session.run()
    text = out.getvalue()
    assert state.is_over(), f"{name}: the match did not end"
    assert "Not allowed:" in text and "Legal actions:" in text
    assert "The match is over. Winner:" in text and "Hand scores:" in text
