"""The server under cProfile, for ``croupier bench server --profile``::

    python -m croupier.bench.profiled OUT.pstats '{"port": 8123, ...}'

Runs :func:`croupier.server.launch.main` with a profiler that counts the main thread's CPU
time (``time.thread_time``: not the time the process waits for a core on a loaded machine,
nor the store's writer thread) and is off until the first ``SIGUSR1``: the bench sends one as
its measured time starts and one as it ends, so the statistics, written to ``OUT.pstats`` when
the server stops, hold that time alone.
"""

from __future__ import annotations

import cProfile
import signal
import sys
import time
from types import FrameType

__all__ = ["main"]


def main(argv: list[str] | None = None) -> None:
    """Serve under the profiler until stopped; write the statistics."""
    args = sys.argv[1:] if argv is None else argv
    out, config = args
    profiler = cProfile.Profile(time.thread_time)
    on = False

    def toggle(signum: int, frame: FrameType | None) -> None:
        nonlocal on
        if on:
            profiler.disable()
        else:
            profiler.enable()
        on = not on

    signal.signal(signal.SIGUSR1, toggle)
    from croupier.server.launch import main as serve

    try:
        serve([config])
    finally:
        profiler.disable()
        profiler.dump_stats(out)


if __name__ == "__main__":
    main()
