"""Run numpy work on every core: numpy releases the GIL inside its loops.

The work is cut into pieces of tens of thousands of hands so that each piece's
temporaries stay in the core's cache, yet each numpy call works long enough for
the threads not to queue on the GIL between calls; threads take pieces in turn.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import TypeVar

from croupier._checks import quote, whole
from croupier.errors import InvalidArgumentError

__all__ = ["CHUNK", "MAX_THREADS", "check_threads", "default_threads", "run"]

T = TypeVar("T")
R = TypeVar("R")

CHUNK = 1 << 16
"""Hands per piece of work: large enough to hide Python's overhead, small enough for L2."""


def default_threads() -> int:
    """The cores this process may use (at most 16)."""
    try:
        count = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        count = os.cpu_count() or 1
    return max(1, min(count, 16))


MAX_THREADS = 256
"""The most threads one evaluation may ask for."""


def check_threads(threads: object) -> int:
    """``threads`` if it is a whole number from 1 to :data:`MAX_THREADS`."""
    if type(threads) is int and 1 <= threads <= MAX_THREADS:
        return threads
    if type(threads) is int:
        raise InvalidArgumentError(
            f"threads must be at least 1 and at most {MAX_THREADS}, got {quote(threads)}"
        )
    return whole(threads, "threads", low=1, high=MAX_THREADS, error=InvalidArgumentError)


@cache
def _pool(threads: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="croupier-eval")


if hasattr(os, "register_at_fork"):  # a forked child has none of its parent's threads
    os.register_at_fork(after_in_child=_pool.cache_clear)


def run(work: Callable[[T], R], tasks: Sequence[T], threads: int | None) -> list[R]:
    """``[work(t) for t in tasks]``, spread over ``threads`` threads (default: every core)."""
    count = default_threads() if threads is None else check_threads(threads)
    if count == 1 or len(tasks) < 2:
        return [work(task) for task in tasks]
    return list(_pool(count).map(work, tasks))
