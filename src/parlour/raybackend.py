"""The Ray backend of `run_tasks`: the same chunks of work, run on a Ray cluster.

Ray is optional (`pip install -e '.[ray]'`). With no address a local Ray is started with
`jobs` CPUs and stopped afterwards; with an address (`auto`, `ray://host:10001`, ...) the
work joins that cluster, whose workers must have parlour installed. Chunks are gathered in
task order, so a seeded run gives the same results as the local backend.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from parlour.engine import OptionsError

T = TypeVar("T")
R = TypeVar("R")


def _run_chunk(worker: Callable[[Any], Any], chunk: Sequence[Any]) -> list[Any]:
    return [worker(task) for task in chunk]


@contextlib.contextmanager
def ray_session(jobs: int, address: str | None) -> Iterator[None]:
    """Ray for the length of the block: joined at `address`, or a local Ray with `jobs`
    CPUs, stopped afterwards if this block started it (one start for many rounds of
    work, as training has)."""
    try:
        import ray
    except ImportError:
        raise OptionsError("--backend ray needs Ray: pip install -e '.[ray]'") from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        if started:
            ray.shutdown()


def run_on_ray(
    worker: Callable[[T], R],
    tasks: Sequence[T],
    chunk: int,
    jobs: int,
    address: str | None,
    advance: Callable[[int], None],
) -> list[R]:
    """`[worker(t) for t in tasks]` on Ray, calling `advance(k)` as chunks of k finish."""
    with ray_session(jobs, address):
        import ray

        remote = ray.remote(_run_chunk)
        chunks = [list(tasks[i : i + chunk]) for i in range(0, len(tasks), chunk)]
        worker_ref = ray.put(worker)
        pending = {remote.remote(worker_ref, c): k for k, c in enumerate(chunks)}
        done: dict[int, list[R]] = {}
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                k = pending.pop(ref)
                done[k] = ray.get(ref)
                advance(len(done[k]))
        return [r for k in range(len(chunks)) for r in done[k]]
