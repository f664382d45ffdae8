"""The server process's vital signs: resident memory, open file descriptors, threads, asyncio
tasks, and the sizes of what the server keeps in memory that could grow (for a room that runs
for weeks: ``GET /api/admin/vitals``, and ``croupier bench soak`` samples them over time).

Linux's ``/proc/self`` gives memory, descriptors and threads; elsewhere the fields it cannot
read are None.
"""

from __future__ import annotations

import asyncio
import gc
import os
import threading
import time
import tracemalloc
from typing import Any

__all__ = ["allocation_sites", "object_types", "process_vitals"]

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


def _rss_bytes() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except (OSError, ValueError, IndexError):
        return None


def _open_fds() -> int | None:
    try:
        return len(os.listdir("/proc/self/fd"))
    except OSError:
        return None


def process_vitals(started: float | None = None) -> dict[str, Any]:
    """This process's vitals now: ``rss_bytes``, ``open_fds``, ``threads``, ``tasks`` (asyncio,
    in the running loop), ``gc_objects`` (every object the collector tracks, the frozen ones
    included), ``gc_frozen`` (those of them frozen), ``uptime_s`` (``started``: a
    ``time.time()``)."""
    try:
        tasks: int | None = len(asyncio.all_tasks())
    except RuntimeError:  # no running loop
        tasks = None
    return {
        "at": time.time(),
        "uptime_s": None if started is None else round(time.time() - started, 1),
        "rss_bytes": _rss_bytes(),
        "open_fds": _open_fds(),
        "threads": threading.active_count(),
        "tasks": tasks,
        "gc_objects": len(gc.get_objects()) + gc.get_freeze_count(),
        "gc_frozen": gc.get_freeze_count(),
    }


def _tracked_objects() -> list[object]:
    """Every object the garbage collector tracks, the frozen ones too (the server freezes its
    long-lived objects, :mod:`croupier.server.collector`, and :func:`gc.get_objects` leaves
    them out): they are put back for the count and frozen again with the young ones, which
    the collector's next thaw returns to the collections."""
    if not gc.get_freeze_count():
        return gc.get_objects()
    gc.unfreeze()
    try:
        return gc.get_objects()
    finally:
        gc.freeze()


def object_types(top: int) -> dict[str, int]:
    """The ``top`` most common types among the objects the garbage collector tracks, with
    their counts (to find what grows between two samples)."""
    counts: dict[str, int] = {}
    for item in _tracked_objects():
        name = type(item).__qualname__
        counts[name] = counts.get(name, 0) + 1
    ranked = sorted(counts.items(), key=lambda pair: -pair[1])[: max(0, top)]
    return dict(ranked)


_last_snapshot: list[tracemalloc.Snapshot] = []


def allocation_sites(top: int) -> dict[str, Any]:
    """Where Python's memory is allocated (``tracemalloc``, when the process traces: start it
    with ``PYTHONTRACEMALLOC=1``): the ``top`` source lines holding the most, each with its
    size, count and growth since the previous call (the first call compares with nothing)."""
    if not tracemalloc.is_tracing():
        return {"tracing": False}
    snapshot = tracemalloc.take_snapshot().filter_traces(
        (tracemalloc.Filter(False, tracemalloc.__file__),)
    )
    previous = _last_snapshot[0] if _last_snapshot else None
    _last_snapshot[:] = [snapshot]
    stats: list[tuple[tracemalloc.Statistic | tracemalloc.StatisticDiff, int, int]]
    if previous is None:
        stats = [(s, 0, 0) for s in snapshot.statistics("lineno")]
    else:
        stats = [(s, s.size_diff, s.count_diff) for s in snapshot.compare_to(previous, "lineno")]
    traced, peak = tracemalloc.get_traced_memory()
    return {
        "tracing": True,
        "traced_bytes": traced,
        "peak_bytes": peak,
        "sites": [
            {
                "where": f"{s.traceback[0].filename}:{s.traceback[0].lineno}",
                "bytes": s.size,
                "count": s.count,
                "bytes_diff": size_diff,
                "count_diff": count_diff,
            }
            for s, size_diff, count_diff in stats[: max(0, top)]
        ],
    }
