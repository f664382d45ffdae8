"""The garbage collector of a serving process: long-lived objects kept out of its walks.

A server holds a large heap that changes little (the modules, the room, its tables, a thousand
connections with their tasks and buffers) beside a stream of short-lived frames and commands.
CPython's full collections walk the whole heap each time (at 200 busy tables a few times a
minute, 0.1 to 0.3 s each: about a quarter of the main thread's CPU in the bench's 10 s).

:func:`settle` freezes what lives at the start (:func:`gc.freeze`: out of every later walk),
then after each full collection freezes what survived it, so the next full collections walk
only what is new. Every ``thaw_every`` seconds the frozen objects go back to the oldest
generation (:func:`gc.unfreeze`) and the next full collection walks them all once, freeing the
reference cycles among them that died meanwhile: memory stays bounded (a dead cycle waits at
most one period), and the young generations are collected as before.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

__all__ = ["THAW_EVERY", "Collector", "settle"]

THAW_EVERY = 600.0
"""Seconds between two full walks of the whole heap (the frozen objects put back)."""


class Collector:
    """The callback that freezes the survivors of each full collection, and thaws them all
    every ``thaw_every`` seconds (``clock``: monotonic seconds)."""

    def __init__(
        self, thaw_every: float = THAW_EVERY, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.thaw_every = thaw_every
        self.clock = clock
        self.thawed = clock()
        self.freezes = 0
        self.thaws = 0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        """Called by :mod:`gc` around each collection; acts at the end of a full one."""
        if phase != "stop" or info.get("generation") != 2:
            return
        now = self.clock()
        if now - self.thawed >= self.thaw_every:
            gc.unfreeze()  # the next full collection walks everything once
            self.thawed = now
            self.thaws += 1
        else:
            gc.freeze()
            self.freezes += 1


def settle(thaw_every: float = THAW_EVERY) -> Collector:
    """Keep this process's long-lived objects out of the collector's walks (call once the
    server's services are loaded); returns the callback installed."""
    for callback in list(gc.callbacks):
        if isinstance(callback, Collector):
            gc.callbacks.remove(callback)
    gc.collect()
    gc.freeze()
    collector = Collector(thaw_every)
    gc.callbacks.append(collector)
    return collector
