"""`learned`: a player whose moves come from weights trained by self-play (parlour.train).

It reads the research tensor of its observation (`parlour.envs.encoder`, seat-relative),
runs the network (parlour.bots.network, numpy only) and plays the legal action with the
highest policy logit; `temperature` > 0 samples from the masked softmax instead, with the
bot's seeded generator. The weights shipped with the package are
`parlour/bots/weights/<game>-<players>.npz`, one file per game and table size, trained
with the game's default rules. At a table they do not fit (another number of players,
other rules) the bot plays as the game's heuristic bot instead (`fallback`), so a
level built on it is there for every table; `learned(weights=PATH)` plays a checkpoint
of one's own and refuses a table it does not fit.

A search (parlour.bots.ismcts) uses the same player as its model: `preferences` ranks
the legal moves (its candidates), and `value` is the network's estimate of the hand's
margin for the seat.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from parlour.bots.base import Bot
from parlour.bots.network import FloatArray, forward, load
from parlour.engine import Game, OptionsError

ENCODER_READS = frozenset({"actions", "scores"})
"""The engine's dear observation keys the encoder reads (the hand's course and the
scores; it leaves out past hands and the log), so a search asks for no others."""
WEIGHTS_PACKAGE = "parlour.bots"
WEIGHTS_FOLDER = "weights"


class Policy:
    """Weights with what reads them: the encoder of the table they were trained at and
    the index of each action text in the network's policy head."""

    def __init__(self, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
        from parlour.envs import encoder

        self.params = params
        self.meta = meta
        self.spec: str = meta["spec"]
        self.game: str = meta["game"]
        self.options: dict[str, Any] = meta["options"]
        self.encoder = encoder(self.spec)
        self.index = {text: i for i, text in enumerate(meta["actions"])}
        self.scale = float(meta.get("scale", 1.0))

    def fits(self, observation: dict[str, Any]) -> bool:
        """Whether the weights were trained for this observation's game and rules."""
        return observation["game"] == self.game and observation["options"] == self.options

    def mask(self, legal: list[str]) -> tuple[list[int], FloatArray]:
        """The policy-head indices of the legal texts, and the boolean mask over the head."""
        rows = [self.index[text] for text in legal]
        mask = np.zeros(len(self.index), bool)
        mask[rows] = True
        return rows, mask

    def evaluate(self, observation: dict[str, Any]) -> tuple[FloatArray, float]:
        """The logits of the observation's legal actions, in their order, and the value
        (the seat's expected hand margin, in points)."""
        x = np.asarray(self.encoder.encode(observation), np.float32).reshape(1, -1)
        logits, value = forward(self.params, x)
        rows = [self.index[text] for text in observation["legal_actions"]]
        return logits[0, rows], float(value[0]) * self.scale


def weights_path(game: str, players: int) -> Path:
    """Where the package keeps the shipped weights of `game` at `players` seats."""
    return Path(str(resources.files(WEIGHTS_PACKAGE).joinpath(WEIGHTS_FOLDER, f"{game}-{players}.npz")))


def shipped_tables() -> list[tuple[str, int]]:
    """Every (game, players) the package has weights for."""
    folder = Path(str(resources.files(WEIGHTS_PACKAGE).joinpath(WEIGHTS_FOLDER)))
    out = []
    for path in sorted(folder.glob("*-*.npz")) if folder.is_dir() else []:
        game, _, players = path.stem.rpartition("-")
        if players.isdigit():
            out.append((game, int(players)))
    return out


def has_weights(game: str) -> bool:
    """Whether any table size of `game` has shipped weights."""
    return any(name == game for name, _ in shipped_tables())


def policy_at(path: str) -> Policy:
    """The policy of a weights file, read once per process and version of the file (bots
    are made per hand; a trainer rewrites its file between measurements)."""
    stat = Path(path).stat()
    return _policy(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=16)
def _policy(path: str, mtime: int, size: int) -> Policy:
    return Policy(*load(path))


def shipped_policy(game: str, players: int) -> Policy | None:
    """The shipped policy of a table, or None where the package has none."""
    path = weights_path(game, players)
    return policy_at(str(path)) if path.is_file() else None


class LearnedBot(Bot):
    """`learned`, `learned(temperature=0.5)`, `learned(weights=checkpoint.npz)`."""

    name = "learned"
    READS = ENCODER_READS

    def __init__(
        self,
        game: Game,
        seat: int,
        seed: int | None = None,
        *,
        weights: str | None = None,
        temperature: float | str = 0.0,
        fallback: Callable[[], Bot] | None = None,
        policy: Policy | None = None,
        **unknown: Any,
    ) -> None:
        super().__init__(game, seat, seed, **unknown)
        try:
            self.temperature = float(temperature)
        except ValueError:
            self.temperature = -1.0
        if not 0 <= self.temperature <= 100:
            raise OptionsError(f"learned: temperature must be a number from 0 to 100, not {temperature!r}")
        self.policy = policy
        if weights is not None:
            if not Path(weights).is_file():
                raise OptionsError(f"learned: no weights file {weights!r}")
            self.policy = policy_at(str(Path(weights).resolve()))
            if self.policy.game != game.name:
                raise OptionsError(f"learned: {weights!r} holds weights for {self.policy.game}, not {game.name}")
        self.own_weights = self.policy is not None
        self.fallback_factory = fallback
        self.fallback: Bot | None = None

    def policy_for(self, observation: dict[str, Any]) -> Policy | None:
        """The weights that play this observation, or None: the fallback plays it."""
        if self.own_weights:
            assert self.policy is not None
            if not self.policy.fits(observation):
                raise OptionsError(
                    f"learned: these weights were trained for {self.policy.spec}, not this table"
                )
            return self.policy
        policy = shipped_policy(observation["game"], observation["players"])
        return policy if policy is not None and policy.fits(observation) else None

    def choose(self, observation: dict[str, Any]) -> str:
        legal = observation["legal_actions"]
        if len(legal) == 1:
            return legal[0]
        policy = self.policy_for(observation)
        if policy is None:
            return self.fallback_bot().choose(observation)
        logits, _ = policy.evaluate(observation)
        if self.temperature == 0:
            return legal[int(np.argmax(logits))]
        weights = np.exp((logits - logits.max()) / self.temperature)
        cumulative = np.cumsum(weights / weights.sum())
        k = int(np.searchsorted(cumulative, self.rng.random() * cumulative[-1], side="right"))
        return legal[min(k, len(legal) - 1)]

    def preferences(self, observation: dict[str, Any]) -> list[str]:
        """The legal actions, the policy's favourite first (the fallback's choice first
        where no weights fit)."""
        legal = observation["legal_actions"]
        policy = self.policy_for(observation) if len(legal) > 1 else None
        if policy is None:
            first = self.choose(observation)
            return [first, *(a for a in legal if a != first)]
        logits, _ = policy.evaluate(observation)
        return [legal[k] for k in np.argsort(-logits, kind="stable")]

    def value(self, observation: dict[str, Any]) -> float | None:
        """The network's estimate of the seat's hand margin in points (None without
        weights that fit)."""
        policy = self.policy_for(observation)
        return None if policy is None else policy.evaluate(observation)[1]

    def fallback_bot(self) -> Bot:
        if self.fallback is None:
            if self.fallback_factory is None:
                raise OptionsError(f"learned: no weights for this {self.game.title} table")
            self.fallback = self.fallback_factory()
        return self.fallback
