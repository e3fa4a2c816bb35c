"""Bot levels for people: easy, normal and strong, each a bot spec of the registry.

People choose a level, never a bot's code name ("ribs-heuristic"); the lobby, the table
and the terminal show a bot as "Ribs bot (normal)". What stands behind each level is
decided here, with the departures each game declares (`Game.levels`, reasons in `MEASURED`). Where the package ships a learned player's weights for the game
(parlour.bots.learned), normal is the learned player and strong the search with the
learned player as its model (`LEARNED_STRONG`): the learned player's choice is the move
to beat, its ranking gives the rivals and it plays the searching seat in the playouts;
the game's heuristic plays the other seats there, being cheap and able to judge sampled
worlds. Its value head is not used: cutting playouts short with it measured worse
in the arena. Its settings are the search's defaults except where a game measured
better with others (`Levels.strong_settings`: Yaniv scores its playouts by points). The
package ships weights for 6-player Ribs and, trained with the heuristic's move as an
input, Ribs at 4, 5, 7, 8 and 10, Cramps at 4 and 7, Couillon, Pitch and Seven and a Half at 4, Zetema
at 2 to 6, and Paks, Ridge and Yaniv at 2; as the values of a turn's end, Kings in the
Corner at 2 and 6 and Six-Pack Bezique at 2; and as move values Mighty at 5 (each beats
its heuristic in the arena: docs/strength.md, which lists the table sizes trained without
beating it).
Elsewhere normal is the game's heuristic bot and strong the search bot with the heuristic
as its model (with fewer playouts where a game's slowest moves need it,
`Levels.strong_iterations`). Where a game has a stronger player than the search, strong is that
player (`Levels.strong_player`: at Seven and a Half, the banker's draws valued exactly;
`Levels.learned_strong_player` where it needs the weights: at Six-Pack Bezique, the learned
player's turn ends weighed over eight sampled deals; at a table its weights do not fit,
the search), and where the learned player is too
dear to be the search's model, the search keeps the heuristic (`Levels.heuristic_model_search`:
Kings in the Corner). Strong plays
within the host's per-move limit, or `seconds` when given. Easy is the careless player
(the heuristic with a share of random legal moves) everywhere. A game without a heuristic
bot plays random at easy and normal. Weights are per table size; at a table they do not
fit, the learned player plays as the heuristic
(see parlour.bots.learned).
"""

from __future__ import annotations

from parlour.bots.learned import has_weights
from parlour.engine import OptionsError
from parlour.games import get_game

LEVELS = ("easy", "normal", "strong")
LEARNED_STRONG = "ismcts(model=learned, opponents={opponents}, {budget}{settings})"
"""The strong level where a game has learned weights; its settings are the ones measured
in docs/strength.md."""
MEASURED = """Each game declares where its levels depart from the rule (`Game.levels`, a
`parlour.declaration.Levels`); the reasons, measured in docs/strength.md:

- `strong_settings`: where the strong level's search with the learned model plays better
  with other settings than the defaults. At Yaniv, a two-player game, the default reward
  is whether the hand is won, so the search won hands and gave up points; scored by points
  with a stricter race it beat the heuristic by +1.272 over 2,000 hands, against -0.161
  before (with the weights of Yaniv's first tensor; with today's, +0.490 over 400 hands,
  within the noise). At 6-player Ribs the search's departures from the learned player were mostly the
  race trusting noise: with the shipped weights, on the same 204 deals,
  the default race made +2.018 and the stricter one +3.257, the learned player alone
  +3.585; over 1,000 hands the stricter one beat the heuristic by +3.198.
- `strong_player`: a player stronger than the search. At Seven and a Half the search was
  never above the learned player (ten settings), while banking by exact expectation and
  playing as the learned player elsewhere beat it by +0.028 over 8,000 hands and the
  heuristic by +0.084; it decides in milliseconds, so it needs no time budget.
- `learned_strong_player`: where the shipped weights make a stronger player than the
  search with them. At Six-Pack Bezique the learned player values each move's turn end in
  one sampled deal; weighing it over eight (a search over the cards the seat may draw in
  its turn, with the network's value at the turn's end) beat it by +175.5 over 1,000
  hands, where the search with the heuristic as its model was level with it over 60 at 35
  CPU-seconds a hand.
- `heuristic_model_search`: the strong search keeps the heuristic as its model though
  weights ship. At Kings in the Corner the learned player values turn ends (`parlour
  train --method turn-value`), sampling a world of its own at every move, too dear for
  every step of every playout; the search with the heuristic as its model beat the
  heuristic by +1.243 and the learned player by +0.753. At Mighty the learned player (move
  values) is cheap, but the search with it as its model did worse on the same 1,000
  deals: +0.052 with 24 playouts a move and +0.139 with 64, where the heuristic as the
  model made +0.171.
- `strong_iterations`: playouts a move of the strong level's search where the search's
  default (the model search's 64) would take over the second on a game's slowest moves:
  at Six-Pack Bezique they took 1.5 s. There it plays where the weights do not fit the
  table (`strong_search_spec`)."""


def level_spec(game_name: str, level: str, seconds: float | None = None) -> str:
    """The bot spec (for `parlour.bots.make_bot`) of `level` at `game_name`."""
    game = get_game(game_name)
    heuristic = game.heuristic_bot()
    if level == "easy":
        return "careless" if heuristic else "random"
    learned = heuristic is not None and has_weights(game_name)
    if level == "normal":
        return "learned" if learned else heuristic or "random"
    if level == "strong":
        choices = game.levels
        if choices.strong_player:
            return choices.strong_player
        if learned and choices.learned_strong_player:
            return choices.learned_strong_player
        if learned and not choices.heuristic_model_search:
            budget = f"seconds={seconds:g}" if seconds is not None else "iterations=24"
            settings = choices.strong_settings
            return LEARNED_STRONG.format(opponents=heuristic, budget=budget, settings=f", {settings}" if settings else "")
        return strong_search_spec(game_name, seconds)
    raise OptionsError(f"unknown bot level {str(level)[:40]!r} (levels: {', '.join(LEVELS)})")


def strong_search_spec(game_name: str, seconds: float | None = None) -> str:
    """The strong level's search with the heuristic as its model: strong where a game has
    no weights, and what a strong learned player (`Levels.learned_strong_player`) plays at a
    table its weights do not fit (another rule, a match of several deals)."""
    if seconds is not None:
        return f"ismcts(seconds={seconds:g})"
    iterations = get_game(game_name).levels.strong_iterations
    return f"ismcts(iterations={iterations})" if iterations else "ismcts"


def level_of(game_name: str, spec: str) -> str | None:
    """The level whose spec `spec` is (with the host's default settings), or which `spec`
    names (a level is also a bot name), else None."""
    if spec in LEVELS:
        return spec
    for level in LEVELS:
        if level_spec(game_name, level) == spec:
            return level
    return None


def display_name(game_name: str, spec: str) -> str:
    """How people see a bot: "Ribs bot (normal)"; a bot of no level by its spec's name,
    "Ribs bot (random)"."""
    title = get_game(game_name).title
    level = level_of(game_name, spec)
    return f"{title} bot ({level or spec.split('(')[0].strip()})"
