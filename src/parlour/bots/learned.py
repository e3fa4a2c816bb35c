"""`learned`: a player whose moves come from trained weights (parlour.training).

A weights file says which kind it holds (its `kind` field), and the player reads it as
that kind (`read_weights`): a policy network (`Policy`, "policy"), move values
(`MoveValues`, "move_value") or turn-end values (`TurnValue`, "turn_value"). The weights
shipped with the package are `parlour/bots/weights/<game>-<players>.npz`, one file per
game and table size, trained with the game's default rules. At a table they do not fit
(another number of players, other rules) the bot plays as the game's heuristic bot
instead (`fallback`), so a level built on it is there for every table;
`learned(weights=PATH)` plays weights of one's own and refuses a table they do not fit.
A file also says which layout of the research tensor it was trained on (its `layout`, a
fingerprint: parlour.envs.contract); weights that read the tensor are refused when this
parlour's encoder gives their table another layout, shipped or not, with a sentence naming
both: weights read on a changed tensor play noise, never an error.

A policy (`parlour train --method policy`) reads the research tensor of its observation
(`parlour.envs.encoder`, seat-relative), runs the network (parlour.bots.network, numpy
only) and plays the legal action with the highest policy logit; `temperature` > 0
samples from the masked softmax instead, with the bot's seeded generator. A search
(parlour.bots.ismcts) uses the same player as its model: `preferences` ranks the legal
moves (its candidates).

Two policy heads. Where a game's action universe is small (Ribs: 92 actions at six
seats), the head has one output per action ("actions"). Where it is huge (Mighty 23,796,
Zetema 55,407, Bezique 158,715) or cannot be listed at all (Paks), the head scores
each legal action by its features instead ("features"): the action's text is read as a
card player reads it (its verb, each card and its rank and suit, each other word in its
place, the move's shape with the cards left out, how many cards), each such fact is
hashed into one of `buckets` outputs, and an action's logit is the sum of its facts'
outputs. So "meld KS KS* KH* KC*" shares what was learned with every other meld of
kings, and an action never met in training still has a sensible score. Both heads are the
same network: the "actions" head is the special case where each action has one fact, its
own number.

The heuristic's move as a fact (`prior`). Weights trained with `parlour train --prior`
read one more fact of an action: whether it is the move the game's heuristic bot would
make here. The head has one more output for it, started high, so a fresh player plays
the heuristic's move and training learns where to depart from it: the player improves
on the heuristic instead of having to rediscover it from nothing. Such a player asks its
own copy of the heuristic bot (seeded like itself) before each move, so it is as fast as
the heuristic plus one pass of the network.

Move values (`parlour train --method move-value`). Weights with no network at all, only
the features head's numbers (`bp`): a move's logit is the sum of its facts' numbers, the
prior's among them, fitted to what each move won when played out in the heuristic's
hands. Besides its text, a move's facts may say what it does at the table
(`move_facts`, parlour.bots.move_facts): at Mighty whether the card takes the trick now,
who is winning it, the points on it. Values trained with `--only VERBS` decide only among
moves of those verbs (`judged`); the heuristic makes the others. Such a player reads no
tensor, so it costs the heuristic's time and a few sums.

Turn-end values (`parlour train --method turn-value`). Weights of this kind have no
policy head: the network values the seat's view at the end of its turn. The player plays
each legal move in a world sampled from its observation, finishes its turn as the game's
heuristic would and takes the move that ends the turn best
(`LearnedBot.turn_end_choice`). `learned(worlds=N, bonus=P)` overrides the weights' own
settings.
"""

from __future__ import annotations

import functools
import zlib
from collections.abc import Callable
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots.base import Bot
from parlour.bots.move_facts import move_facts
from parlour.bots.network import FloatArray, forward, hidden_and_value, load
from parlour.cards import parse_card
from parlour.engine import Game, OptionsError, State

ENCODER_READS = frozenset({"actions", "scores"})
"""The engine's dear observation keys the encoder reads (the hand's course and the
scores; it leaves out past hands and the log), so a search asks for no others."""
TENSOR_READS: ContextVar[list[dict[str, Any]] | None] = ContextVar("tensor_reads", default=None)
"""Where a host that keeps a record learns that a learned player read the tensor: set it to
a list, and each move played by weights that read it adds their layout's fingerprint (its
first one only). Nested players (a search's model) report as well, which the host could
not see from the bots' specs."""
WEIGHTS_PACKAGE = "parlour.bots"
WEIGHTS_FOLDER = "weights"
FEATURE_BUCKETS = 2048
"""Outputs of a "features" head: enough that the few hundred facts a game's actions
have seldom share one, small enough that the weights stay about 2 MB."""


def card_of(token: str) -> str | None:
    """The card a word of an action names ("KS", "QC*1": a card with a pack's mark), else None."""
    base = token.split("*", 1)[0]
    try:
        parse_card(base)
    except ValueError:
        return None
    return base.upper()


@functools.lru_cache(maxsize=1 << 16)
def action_features(text: str, buckets: int) -> np.ndarray:
    """The bucket numbers of an action's facts (see the module's docstring), with repeats:
    "meld QD QD QC QC" counts each queen twice."""
    words = text.split()
    facts = [f"verb:{words[0] if words else ''}", f"text:{text}"]
    shape: list[str] = []
    cards = 0
    for place, word in enumerate(words):
        card = card_of(word)
        if card is None:
            facts.append(f"{place}:{word}")
            shape.append(word)
            continue
        cards += 1
        facts += [f"card:{card}", f"rank:{card[:-1]}", f"suit:{card[-1]}"]
        if "*" in word:
            facts.append("marked")
        shape.append("#")
    facts += [f"shape:{' '.join(shape)}", f"cards:{cards}"]
    found = np.array([zlib.crc32(fact.encode()) % buckets for fact in facts], np.int64)
    found.flags.writeable = False
    return found


class Weights:
    """Trained weights with what reads them: the table they were trained at and the
    heuristic whose moves they read (`prior`). A file says which kind it holds (its `kind`
    field: `Policy`, `MoveValues` or `TurnValue`), and `read_weights` makes that kind."""

    kind = ""
    reads_tensor = False
    """Whether the weights read the research tensor, so that another layout of it than the
    one they were trained on would feed them noise (parlour.envs.contract)."""

    def __init__(self, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
        from parlour.envs.contract import check, fingerprint, saved_fingerprint

        self.params = params
        self.meta = meta
        self.spec: str = meta["spec"]
        self.game: str = meta["game"]
        self.options: dict[str, Any] = meta["options"]
        self.prior: str | None = meta.get("prior")
        self.layout = saved_fingerprint(meta)
        """The tensor layout the weights were trained on (None: the file does not say)."""
        if self.reads_tensor:
            check(self.layout, fingerprint(self.spec), "these weights", "the encoder here")
        self._probe: Any = None

    def fits(self, observation: dict[str, Any]) -> bool:
        """Whether the weights were trained for this observation's game and rules."""
        return observation["game"] == self.game and observation["options"] == self.options

    def canonical(self, text: str) -> str:
        """An action text as the engine writes it ("discard 3S 5D 2D" for the heuristic's
        "discard 2D 3S 5D"), read on a probe deal of the weights' table."""
        if self._probe is None:
            from parlour.games import game_from_spec

            game, options = game_from_spec(self.spec)
            self._probe = game.new_state(options, 0)
        return engine_text(self._probe, text)


class Policy(Weights):
    """A policy and value network (`parlour train --method policy`): it reads the research
    tensor and scores each legal action (see the module's docstring for its two heads and
    the heuristic's move as a fact). Its value head serves training alone."""

    kind = "policy"
    reads_tensor = True

    def __init__(self, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
        from parlour.envs import encoder

        super().__init__(params, meta)
        self.encoder = encoder(self.spec)
        self.head: str = meta["head"]
        self.index = {text: i for i, text in enumerate(meta["actions"])}
        self.buckets = int(meta["buckets"])
        self.prior_output = head_size(self.head, len(self.index), self.buckets)

    def features(self, text: str) -> np.ndarray:
        """The policy head's outputs whose sum is the action's logit (the prior's fact aside)."""
        return head_features(self.head, self.index, self.buckets, text)

    def legal_logits(self, outputs: FloatArray, legal: list[str], prior_move: str | None = None) -> FloatArray:
        """The logits of the legal actions, in their order, from the head's outputs."""
        if self.head == "actions":
            logits = outputs[[self.index[text] for text in legal]]
        else:
            logits = np.array([outputs[self.features(text)].sum() for text in legal], np.float32)
        if self.prior is not None and prior_move in legal:
            logits = logits.copy()
            logits[legal.index(prior_move)] += outputs[self.prior_output]
        return logits

    def evaluate(self, observation: dict[str, Any], prior_move: str | None = None) -> FloatArray:
        """The logits of the observation's legal actions, in their order. `prior_move` is
        the heuristic's move, for weights that read it."""
        legal = observation["legal_actions"]
        x = np.asarray(self.encoder.encode(observation), np.float32).reshape(1, -1)
        if self.head == "actions":
            outputs, _ = forward(self.params, x)
            return self.legal_logits(outputs[0], legal, prior_move)
        heads = legal_heads(self.head, self.index, self.buckets, legal)
        if self.prior is not None:
            heads = with_prior_fact(heads, legal, prior_move, self.prior_output)
        h, _ = hidden_and_value(self.params, x)
        return head_logits(self.params, h[0], heads).astype(np.float32)


class MoveValues(Weights):
    """Move values (`parlour train --method move-value`): no network, only a number per
    fact of a move (`bp`, the features head's outputs, the heuristic's move's fact last);
    a move's logit is the sum of its facts' numbers, read without the tensor. Values
    trained with `--only VERBS` decide only among moves of those verbs (`judged`); the
    heuristic makes the others."""

    kind = "move_value"

    def __init__(self, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
        super().__init__(params, meta)
        self.buckets = int(meta["buckets"])
        self.only: tuple[str, ...] = tuple(meta["only"])
        self.move_facts: bool = bool(meta["move_facts"])
        self.prior_output = head_size("features", 0, self.buckets)

    def evaluate(self, observation: dict[str, Any], prior_move: str | None = None) -> FloatArray:
        """The logits of the observation's legal actions, in their order."""
        legal = observation["legal_actions"]
        heads = legal_heads("features", {}, self.buckets, legal, self.game if self.move_facts else None, observation)
        if self.prior is not None:
            heads = with_prior_fact(heads, legal, prior_move, self.prior_output)
        return np.array([self.params["bp"][h].sum() for h in heads], np.float32)


class TurnValue(Weights):
    """Weights of a value network (`parlour train --method turn-value`): the seat's
    expected hand margin, read from its view at the end of its turn. A player with them
    weighs each legal action by finishing its turn as the heuristic would and valuing
    where that leaves it (`LearnedBot.turn_end_choice`). It has no policy head."""

    kind = "turn_value"
    reads_tensor = True

    def __init__(self, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
        from parlour.envs import encoder

        super().__init__(params, meta)
        self.encoder = encoder(self.spec)
        self.scale = float(meta["scale"])
        self.worlds = int(meta["worlds"])
        self.bonus = float(meta["bonus"])

    def values(self, views: list[dict[str, Any]]) -> FloatArray:
        """The expected margins, in points, of the seat's views."""
        x = np.stack([np.asarray(self.encoder.encode(view), np.float32).reshape(-1) for view in views])
        return hidden_and_value(self.params, x)[1] * np.float32(self.scale)


WEIGHT_KINDS: dict[str, type[Weights]] = {kind.kind: kind for kind in (Policy, MoveValues, TurnValue)}
"""Each `kind` a weights file may say it holds, and what reads it."""


def read_weights(path: str | Path) -> Weights:
    """The weights of a file, read as the kind the file says it holds. Weights that read
    the tensor and were trained on another layout of it than this parlour's encoder gives
    are refused (`LayoutMismatch`, naming both layouts): they would play noise."""
    params, meta = load(path)
    kind = meta.get("kind")
    if kind not in WEIGHT_KINDS:
        raise OptionsError(
            f"learned: {str(path)!r} does not say which kind of weights it holds ({kind!r}; "
            f"one of {', '.join(WEIGHT_KINDS)})"
        )
    from parlour.envs.contract import LayoutMismatch

    try:
        return WEIGHT_KINDS[kind](params, meta)
    except LayoutMismatch as exc:
        raise LayoutMismatch(f"learned: {Path(path).name}: {exc}") from None


def number_setting(name: str, value: int | float | str | None, kind: type, low: float, high: float) -> float | None:
    """A bot setting given as a number or its text, within [low, high], or None when not given."""
    if value is None:
        return None
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or not low <= number <= high:
        raise OptionsError(f"learned: {name} must be a number from {low:g} to {high:g}, not {value!r}")
    return float(number)


def judged(legal: list[str], only: tuple[str, ...] | list[str]) -> bool:
    """Whether move values trained with `--only VERBS` decide a decision: every move's verb
    is one of `only`, or `only` is empty (all decisions); elsewhere the heuristic's move
    is played. The trainer (`parlour train --method move-value --only`) and the player
    share it."""
    return not only or all(text.split(" ", 1)[0] in only for text in legal)


def seat_margins(game: Game, scores: list[Any]) -> list[float]:
    """Each seat's score minus the others' mean, positive when better in the game's sense:
    the arena's duplicate margin, what training returns and values are in."""
    values = [game.score_sense * float(s) for s in scores]
    total, others = sum(values), len(values) - 1
    return [v - (total - v) / others for v in values]


def head_logits(params: dict[str, FloatArray], hidden: FloatArray, heads: list[np.ndarray]) -> FloatArray:
    """Each action's logit, the sum of its head outputs (`heads`, one array per action),
    from the last hidden layer of one observation. Only the outputs the actions use are
    computed: a features head has thousands, and a decision uses a few dozen. One
    function for the player and the trainer, so what is trained is what plays."""
    used, where = np.unique(np.concatenate(heads), return_inverse=True)
    outputs = hidden @ params["wp"][:, used] + params["bp"][used]
    sizes = np.array([len(head) for head in heads], np.int64)
    return np.add.reduceat(outputs[where], np.cumsum(sizes) - sizes)


def head_features(head: str, index: dict[str, int], buckets: int, text: str) -> np.ndarray:
    """An action's outputs of a policy head: its own number ("actions") or its facts'
    buckets ("features"). The trainer and the player share it."""
    if head == "actions":
        return np.array([index[text]], np.int64)
    return action_features(text, buckets)


def legal_heads(
    head: str, index: dict[str, int], buckets: int, legal: list[str], facts_of: str | None = None,
    observation: dict[str, Any] | None = None,
) -> list[np.ndarray]:
    """The legal actions' head outputs: each one's text's (`head_features`) and, for
    weights that read them (`facts_of`, the game's name), the bucket of each fact of what
    the move does at this table (parlour.bots.move_facts). One function for the trainer
    and the player."""
    heads = [head_features(head, index, buckets, text) for text in legal]
    if facts_of is None or observation is None:
        return heads
    return [
        np.concatenate([h, np.array([zlib.crc32(f"move:{fact}".encode()) % buckets for fact in facts], np.int64)])
        if facts else h
        for h, facts in zip(heads, move_facts(facts_of, observation, legal), strict=True)
    ]


def head_size(head: str, actions: int, buckets: int) -> int:
    """How many outputs a policy head has before the prior's: one per action of the
    universe ("actions") or `buckets` ("features"). The prior's output is the next one,
    so this is also its number; the trainer sizes the network by it and the player reads
    the prior there, and the two must agree or trained weights would be misread."""
    return actions if head == "actions" else buckets


def with_prior_fact(heads: list[np.ndarray], legal: list[str], prior_move: str | None, prior_output: int) -> list[np.ndarray]:
    """The legal actions' head outputs (`heads`, in the order of `legal`) with the
    prior's output added to the heuristic's move, where that move is legal. One function
    for the trainer and the player, so weights trained with `--prior` are played exactly
    as they were trained."""
    if prior_move is None or prior_move not in legal:
        return heads
    k = legal.index(prior_move)
    return [*heads[:k], np.append(heads[k], prior_output), *heads[k + 1 :]]


def engine_text(state: State, text: str) -> str:
    """An action text as the engine writes it, read on `state` (a bot may spell a move
    otherwise, "discard 2D 3S 5D" for "discard 3S 5D 2D"; the policy knows the engine's)."""
    return str(state.action_to_text(state.text_to_action(text)))


def weights_path(game: str, players: int) -> Path:
    """Where the package keeps the shipped weights of `game` at `players` seats."""
    return Path(str(resources.files(WEIGHTS_PACKAGE).joinpath(WEIGHTS_FOLDER, f"{game}-{players}.npz")))


def shipped_tables() -> list[tuple[str, int]]:
    """Every (game, players) the package has weights for. The package's files do not
    change while it runs, and every state message a server sends names its bots' levels
    (which ask this), so the folder is read once per process."""
    return list(_shipped_tables())


@functools.cache
def _shipped_tables() -> tuple[tuple[str, int], ...]:
    folder = Path(str(resources.files(WEIGHTS_PACKAGE).joinpath(WEIGHTS_FOLDER)))
    out = []
    for path in sorted(folder.glob("*-*.npz")) if folder.is_dir() else []:
        game, _, players = path.stem.rpartition("-")
        if players.isdigit():
            out.append((game, int(players)))
    return tuple(out)


def has_weights(game: str) -> bool:
    """Whether any table size of `game` has shipped weights."""
    return any(name == game for name, _ in shipped_tables())


def weights_at(path: str) -> Weights:
    """The weights of a file, read once per process and version of the file (bots are
    made per hand; a trainer rewrites its file between measurements)."""
    stat = Path(path).stat()
    return _weights(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _weights(path: str, mtime: int, size: int) -> Weights:
    return read_weights(path)


def shipped_weights(game: str, players: int) -> Weights | None:
    """The shipped weights of a table, or None where the package has none."""
    path = weights_path(game, players)
    return weights_at(str(path)) if path.is_file() else None


class LearnedBot(Bot):
    """`learned`, `learned(temperature=0.5)`, `learned(weights=checkpoint.npz)`; with
    turn-end values, `learned(worlds=8, bonus=100)` overrides the weights' own settings."""

    name = "learned"
    READS: frozenset[str] | None = ENCODER_READS

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        weights: str | None = None,
        temperature: float | str = 0.0,
        fallback: Callable[[], Bot] | None = None,
        prior_model: Callable[[str], Bot] | None = None,
        worlds: int | str | None = None,
        bonus: float | str | None = None,
        **unknown: Any,
    ) -> None:
        super().__init__(game, seat, seed, **unknown)
        self.worlds = number_setting("worlds", worlds, int, 1, 256)
        self.bonus = number_setting("bonus", bonus, float, 0.0, 1e9)
        try:
            self.temperature = float(temperature)
        except ValueError:
            self.temperature = -1.0
        if not 0 <= self.temperature <= 100:
            raise OptionsError(f"learned: temperature must be a number from 0 to 100, not {temperature!r}")
        self.weights: Weights | None = None
        if weights is not None:
            if not Path(weights).is_file():
                raise OptionsError(f"learned: no weights file {weights!r}")
            self.weights = weights_at(str(Path(weights).resolve()))
            if self.weights.game != game.name:
                raise OptionsError(f"learned: {weights!r} holds weights for {self.weights.game}, not {game.name}")
        self.fallback_factory = fallback
        self.fallback: Bot | None = None
        self.prior_model = prior_model
        self.prior_bot: Bot | None = None

    def weights_for(self, observation: dict[str, Any]) -> Weights | None:
        """The weights that play this observation, or None: the fallback plays it (tells
        `TENSOR_READS` where the weights read the tensor)."""
        if self.weights is not None:
            if not self.weights.fits(observation):
                raise OptionsError(f"learned: these weights were trained for {self.weights.spec}, not this table")
            weights: Weights | None = self.weights
        else:
            weights = shipped_weights(observation["game"], observation["players"])
            if weights is None or not weights.fits(observation):
                return None
        assert weights is not None
        reads = TENSOR_READS.get()
        if reads is not None and not reads and weights.reads_tensor:
            from parlour.envs.contract import fingerprint

            reads.append(fingerprint(weights.spec))
        return weights

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        weights = self.weights_for(observation)
        if weights is None:
            return self.fallback_bot().choose(observation)
        if isinstance(weights, TurnValue):
            return self.turn_end_choice(weights, observation)
        assert isinstance(weights, Policy | MoveValues)
        if isinstance(weights, MoveValues) and not judged(legal, weights.only):
            return weights.canonical(self.prior_player(weights).choose(observation))
        logits = self.evaluate(weights, observation)
        if self.temperature == 0:
            return legal[int(np.argmax(logits))]
        chances = np.exp((logits - logits.max()) / self.temperature)
        cumulative = np.cumsum(chances / chances.sum())
        k = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], side="right"))
        return legal[min(k, len(legal) - 1)]

    def preferences(self, observation: dict[str, Any]) -> list[str]:
        """The legal actions, the weights' favourite first (the fallback's choice first
        where no weights fit; the turn-end choice first for turn-end values)."""
        legal = observation["legal_actions"]
        weights = self.weights_for(observation) if len(legal) > 1 else None
        if not isinstance(weights, Policy | MoveValues) or (isinstance(weights, MoveValues) and not judged(legal, weights.only)):
            first = self.choose(observation)
            return [first, *(a for a in legal if a != first)]
        logits = self.evaluate(weights, observation)
        return [legal[k] for k in np.argsort(-logits, kind="stable")]

    def evaluate(self, weights: Policy | MoveValues, observation: dict[str, Any]) -> FloatArray:
        """The weights' logits, with the heuristic's move where they read one."""
        prior_move = None
        if weights.prior is not None:
            prior_move = weights.canonical(self.prior_player(weights).choose(observation))
        return weights.evaluate(observation, prior_move)

    def prior_player(self, weights: Weights) -> Bot:
        """The bot whose moves the weights read (the game's heuristic), made once."""
        if self.prior_bot is None:
            if self.prior_model is None or weights.prior is None:
                raise OptionsError(f"learned: these weights read {weights.prior}'s moves, and no such bot was given")
            self.prior_bot = self.prior_model(weights.prior)
        return self.prior_bot

    def turn_end_choice(self, values: TurnValue, observation: dict[str, Any]) -> str:
        """The legal action with the best expected margin at the end of the seat's turn.
        In each of `values.worlds` worlds (or the bot's `worlds`) sampled from the
        observation, every action is played and the seat's turn finished as the heuristic
        would (until another seat is to act); a hand that ended there counts its margin,
        else the network values the seat's view. The heuristic's own move gets
        `values.bonus` (or the bot's `bonus`) points more, since the network's error would
        otherwise overrule it on noise."""
        legal = observation["legal_actions"]
        model = self.prior_player(values)
        first = values.canonical(model.choose(observation))
        totals = np.zeros(len(legal))
        views: list[dict[str, Any]] = []
        owners: list[int] = []
        worlds = values.worlds if self.worlds is None else int(self.worlds)
        for _ in range(worlds):
            world = self.game.determinize(observation, self.rng)
            for k, text in enumerate(legal):
                after = world.clone(hand_only=True)
                after.apply_text(text)
                while not after.hand_over() and after.to_act() == self.seat:
                    after.apply_text(model.choose(after.observation(self.seat, views=False, keys=model.READS)))
                if after.hand_over():
                    totals[k] += seat_margins(self.game, after.hand_scores())[self.seat]
                else:
                    views.append(after.observation(self.seat, views=False, keys=values.encoder.READS))
                    owners.append(k)
        if views:
            np.add.at(totals, np.array(owners), values.values(views))
        totals /= worlds
        if first in legal:
            totals[legal.index(first)] += values.bonus if self.bonus is None else self.bonus
        return legal[int(np.argmax(totals))]

    def fallback_bot(self) -> Bot:
        if self.fallback is None:
            if self.fallback_factory is None:
                raise OptionsError(f"learned: no weights for this {self.game.title} table")
            self.fallback = self.fallback_factory()
        return self.fallback
