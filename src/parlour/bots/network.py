"""The learned players' network: a small MLP in numpy, with a policy and a value head.

A learned player (parlour.bots.learned) and the trainer (parlour.training) share this one
definition of the forward pass, so what is trained is exactly what plays. Playing needs
numpy alone: no deep-learning library, float32 throughout.

Shape: the encoder's tensor (flattened) -> `hidden` ReLU layers -> two heads, the logits
of a policy over the game's action universe (masked to the legal actions before the
softmax) and a value, the hand's expected margin for the seat in units of the trainer's
`scale` (points of the game per unit). Weights and what they were trained on (game,
options, the action texts in order, the encoder's shape, the training's own facts) are
one `.npz` file, loaded without pickle.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import numpy as np
from threadpoolctl import threadpool_limits

FloatArray = np.ndarray
THREAD_COUNT_SETTINGS = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")
"""The environment variables by which a person chooses how many threads numpy's BLAS runs."""


def blas_on_one_thread() -> bool:
    """Run numpy's matrix products on one thread in this process, unless the person
    running it chose a count (`THREAD_COUNT_SETTINGS`); whether it did so.

    parlour multiplies one observation at a time (a move, a decision in training) and
    runs in parallel by processes (`--jobs`), by a server's bot threads, or beside other
    runs. OpenBLAS splits a product with a side of a few thousand over a thread per core,
    and when the other core is busy the product waits for its helper, which spins: 128
    hands of Six-Pack Bezique training, when its forward pass still scored all 2,049
    outputs of its features head, took 27 CPU-seconds so and 11 on one thread, beside
    other runs on two cores. The thread count also changes how a product's sums are
    rounded, so with one thread a seeded training run gives the same weights on a machine
    of any number of cores."""
    if any(os.environ.get(name) for name in THREAD_COUNT_SETTINGS):
        return False
    threadpool_limits(1, user_api="blas")
    return True


def init_params(inputs: int, hidden: tuple[int, ...], actions: int, rng: np.random.Generator) -> dict[str, FloatArray]:
    """Fresh weights: He-scaled hidden layers, small policy and value heads (a near
    uniform policy and a value near zero to start from)."""
    params: dict[str, FloatArray] = {}
    width = inputs
    for k, units in enumerate(hidden):
        params[f"w{k}"] = (rng.standard_normal((width, units)) * np.sqrt(2.0 / width)).astype(np.float32)
        params[f"b{k}"] = np.zeros(units, np.float32)
        width = units
    params["wp"] = (rng.standard_normal((width, actions)) * 0.01).astype(np.float32)
    params["bp"] = np.zeros(actions, np.float32)
    params["wv"] = (rng.standard_normal((width, 1)) * 0.01).astype(np.float32)
    params["bv"] = np.zeros(1, np.float32)
    return params


def depth(params: dict[str, FloatArray]) -> int:
    """How many hidden layers `params` has."""
    return sum(1 for key in params if key.startswith("w") and key[1:].isdigit())


def forward(
    params: dict[str, FloatArray], x: FloatArray, keep: list[FloatArray] | None = None
) -> tuple[FloatArray, FloatArray]:
    """Policy logits (rows x actions) and values (rows) of a batch of inputs.

    `keep`, when given, receives every hidden layer's output in order, which is what
    the trainer's backward pass needs."""
    h = x
    for k in range(depth(params)):
        h = np.maximum(h @ params[f"w{k}"] + params[f"b{k}"], 0.0)
        if keep is not None:
            keep.append(h)
    return h @ params["wp"] + params["bp"], (h @ params["wv"] + params["bv"])[:, 0]


def hidden_and_value(params: dict[str, FloatArray], x: FloatArray) -> tuple[FloatArray, FloatArray]:
    """The last hidden layer and the values of a batch: what a player needs before it
    reads only the policy outputs its legal actions use (`forward` gives all of them)."""
    h = x
    for k in range(depth(params)):
        h = np.maximum(h @ params[f"w{k}"] + params[f"b{k}"], 0.0)
    return h, (h @ params["wv"] + params["bv"])[:, 0]


def masked_probabilities(logits: FloatArray, mask: FloatArray) -> FloatArray:
    """Softmax of `logits` over the entries where `mask` is true; zero elsewhere."""
    z = np.where(mask, logits, -np.inf)
    z = z - z.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def save(path: str | Path, params: dict[str, FloatArray], meta: dict[str, Any]) -> None:
    """Write weights and their facts (`meta`, JSON) as one compressed `.npz`, whole or not
    at all: a run killed while writing leaves the previous file as it was. Integer arrays
    (training's copied moves) keep their type; the rest are float32."""
    arrays: dict[str, Any] = {
        key: value if value.dtype.kind in "iu" else value.astype(np.float32) for key, value in params.items()
    }
    arrays["meta"] = np.frombuffer(json.dumps(meta, sort_keys=True).encode(), dtype=np.uint8)
    path = Path(path)
    part = path.with_name(path.name + ".part")
    try:
        with open(part, "wb") as out:
            np.savez_compressed(out, **arrays)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        part.unlink(missing_ok=True)
        raise
    os.replace(part, path)


def load(path: str | Path) -> tuple[dict[str, FloatArray], dict[str, Any]]:
    """The weights and facts `save` wrote (integer arrays as integers, as saved)."""
    with np.load(path, allow_pickle=False) as data:
        meta = json.loads(bytes(data["meta"]).decode())
        params = {
            key: value if value.dtype.kind in "iu" else value.astype(np.float32)
            for key in data.files if key != "meta"
            for value in (data[key],)
        }
    return params, meta
