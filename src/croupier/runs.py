"""Seeded chunks of work spread over processes, with a checkpoint to resume a killed run.

A long simulation is cut into chunks numbered 0, 1, 2 ...; chunk ``i`` is a pure function
of the run's settings and ``i`` (its own seed included), so its result is the same in any
process and in any order. :func:`run_chunks` plays them in this process (``parallel=1``) or
in ``parallel`` worker processes, and returns the results in chunk order: whatever is built
from that list is the same whatever the number of workers.

With a ``checkpoint`` file each finished chunk is appended to it (one JSON line, flushed),
after a first line naming the run's settings; ``resume=True`` reads it back and plays only
the chunks it lacks (a line cut short by the kill is dropped and played again).

>>> from functools import partial
>>> run_chunks(partial(pow, 2), 5, parallel=1)
[1, 2, 4, 8, 16]
"""

from __future__ import annotations

import importlib
import json
import multiprocessing
import os
import random
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, TypeVar

from croupier._checks import quote
from croupier.errors import ConfigurationError

__all__ = ["BACKENDS", "MAX_PARALLEL", "chunk_seed", "run_chunks"]

BACKENDS = ("process", "ray")
"""Where the chunks run: local worker processes, or a Ray cluster (the ``ray`` extra)."""

T = TypeVar("T")

MAX_PARALLEL = 256
"""The most worker processes one run may ask for."""

_KIND = "croupier-chunks"


def chunk_seed(seed: int, chunk: int) -> int:
    """The seed of chunk ``chunk`` of a run seeded ``seed``: ``seed`` itself for chunk 0 (a
    run of one chunk is the run it always was), a draw from ``(seed, chunk)`` after it.

    >>> chunk_seed(7, 0), chunk_seed(7, 1) == chunk_seed(7, 1) != chunk_seed(8, 1)
    (7, True)
    """
    if chunk == 0:
        return seed
    return random.Random(f"croupier:{seed}:{chunk}").getrandbits(31)


def run_chunks(
    play: Callable[[int], Any],
    chunks: int,
    *,
    parallel: int = 1,
    checkpoint: Path | None = None,
    settings: dict[str, Any] | None = None,
    resume: bool = False,
    on_done: Callable[[int, int], None] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> list[Any]:
    """The results of ``play(0) ... play(chunks - 1)``, in chunk order, each as JSON gives
    it back (tuples become lists, keys texts), whether played now or read from a checkpoint.

    ``play`` must be picklable (a module-level function, or a ``functools.partial`` of
    one) when ``parallel > 1``, and its results JSON-ready.
    ``settings`` name the run in the checkpoint: resuming a checkpoint of other settings is
    refused, and so is starting over an existing checkpoint without ``resume``.
    ``on_done(done, chunks)`` is called after each chunk (a progress bar).
    ``backend="ray"`` sends the chunks to the Ray cluster at ``address`` (a Ray started on
    this machine with ``parallel`` CPUs when None), ``parallel`` of them at a time.
    """
    if backend not in BACKENDS:
        raise ConfigurationError(
            f"unknown backend {quote(backend)}: choose {' or '.join(BACKENDS)}"
        )
    if address is not None and backend != "ray":
        raise ConfigurationError("--address is the Ray cluster's: give it with --backend ray")
    if type(chunks) is not int or chunks < 0:
        raise ConfigurationError(f"the number of chunks is a whole number >= 0, not {chunks!r}")
    if type(parallel) is not int or not 1 <= parallel <= MAX_PARALLEL:
        raise ConfigurationError(f"--parallel is 1 to {MAX_PARALLEL} processes, not {parallel!r}")
    header = {"kind": _KIND, "chunks": chunks, "settings": settings or {}}
    if resume and checkpoint is None:
        raise ConfigurationError("--resume continues from a --checkpoint file: give one")
    if checkpoint is not None and not resume and checkpoint.exists():
        raise ConfigurationError(
            f"the checkpoint {checkpoint} exists: add --resume to continue that run, or remove it"
        )
    done: dict[int, Any] = _read_checkpoint(checkpoint, header) if resume else {}
    writer = _open_checkpoint(checkpoint, header, fresh=not resume)
    try:
        left = [i for i in range(chunks) if i not in done]

        def finished(index: int, result: Any) -> None:
            # as JSON gives it back: a chunk read from the checkpoint is the same value
            done[index] = json.loads(json.dumps(result))
            if writer is not None:
                writer.write(json.dumps({"chunk": index, "result": result}) + "\n")
                writer.flush()
                os.fsync(writer.fileno())
            if on_done is not None:
                on_done(len(done), chunks)

        if on_done is not None:
            on_done(len(done), chunks)
        if backend == "ray" and left:
            _in_ray(play, left, parallel, finished, address)
        elif parallel == 1 or len(left) <= 1:
            for index in left:
                finished(index, play(index))
        else:
            _in_processes(play, left, min(parallel, len(left)), finished)
    finally:
        if writer is not None:
            writer.close()
    return [done[i] for i in range(chunks)]


def _in_processes(
    play: Callable[[int], T], left: list[int], workers: int, finished: Callable[[int, T], None]
) -> None:
    """Play the chunks ``left`` in ``workers`` fresh processes, a few at a time each (so a
    kill loses little), reporting each as it finishes."""
    context = multiprocessing.get_context("spawn")  # no fork of a process with threads
    queue = list(reversed(left))
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        running: dict[Future[T], int] = {}
        while queue or running:
            while queue and len(running) < 2 * workers:
                index = queue.pop()
                running[pool.submit(play, index)] = index
            ready, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in sorted(ready, key=running.__getitem__):
                index = running.pop(future)
                finished(index, future.result())


def _in_ray(
    play: Callable[[int], Any],
    left: list[int],
    parallel: int,
    finished: Callable[[int, Any], None],
    address: str | None,
) -> None:
    """Play the chunks ``left`` as Ray tasks, ``parallel`` at a time (``pip install ray``)."""
    try:
        ray: Any = importlib.import_module("ray")
    except ImportError:
        raise ConfigurationError(
            "--backend ray needs Ray: pip install 'croupier[ray]' (or pip install ray)"
        ) from None
    started = not ray.is_initialized()
    if started:
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address is None:
            options["num_cpus"] = parallel
        try:
            ray.init(address=address, **options)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise ConfigurationError(f"no Ray cluster at {address!r}: {error}") from None
    try:
        task = ray.remote(num_cpus=1)(_call)
        queue = list(reversed(left))
        running: dict[Any, int] = {}
        while queue or running:
            while queue and len(running) < parallel:
                index = queue.pop()
                running[task.remote(play, index)] = index
            ready, _ = ray.wait(list(running), num_returns=1)
            for ref in ready:
                finished(running.pop(ref), ray.get(ref))
    finally:
        if started:
            ray.shutdown()


def _call(play: Callable[[int], Any], index: int) -> Any:
    return play(index)


def _read_checkpoint(checkpoint: Path | None, header: dict[str, Any]) -> dict[int, Any]:
    """The chunks a checkpoint holds; refused if it is of another run."""
    if checkpoint is None:
        return {}
    try:
        if not checkpoint.exists():
            return {}
        lines = checkpoint.read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigurationError(f"the checkpoint {quote(str(checkpoint))}: {error}") from None
    try:
        first = json.loads(lines[0])
    except json.JSONDecodeError:
        first = None
    if first != header:
        raise ConfigurationError(
            f"the checkpoint {quote(str(checkpoint))} is of another run (its first line is not"
            f" {json.dumps(header)}): remove it or give the same settings"
        )
    done: dict[int, Any] = {}
    for line in lines[1:]:
        try:
            entry = json.loads(line)
        except json.JSONDecodeError:
            continue  # the last line, cut short when the run was killed: played again
        if (
            isinstance(entry, dict)
            and type(entry.get("chunk")) is int
            and "result" in entry
            and 0 <= entry["chunk"] < header["chunks"]
        ):
            done[entry["chunk"]] = entry["result"]
    return done


def _open_checkpoint(checkpoint: Path | None, header: dict[str, Any], *, fresh: bool) -> Any:
    if checkpoint is None:
        return None
    try:
        if fresh or not checkpoint.exists():
            writer = checkpoint.open("w", encoding="utf-8")
            writer.write(json.dumps(header) + "\n")
            writer.flush()
            return writer
        text = checkpoint.read_text(encoding="utf-8")
        writer = checkpoint.open("a", encoding="utf-8")
        if text and not text.endswith("\n"):
            writer.write("\n")  # end the line the kill cut short: it is skipped on reading
        return writer
    except OSError as error:
        raise ConfigurationError(
            f"the checkpoint {quote(str(checkpoint))} cannot be written: {error.strerror or error}"
        ) from None
