"""The shared benchmark machinery: timing, rows, a table or JSON.

A benchmark is a list of :class:`Row`: a name (``"croupier.single"``,
``"eval7.single"``), a rate (``per_s``: hands, boards or deals per second), the
median time of one run and what a run counts. Peers are imported lazily:
:func:`optional_import` returns ``None`` (and says so on stderr) when a package
is missing, and the benchmark skips that row.

>>> row = measure("sum", lambda: sum(range(1000)), count=1000, unit="numbers", repeat=3)
>>> row.name, row.count, row.per_s > 0
('sum', 1000, True)
"""

from __future__ import annotations

import importlib
import json
import platform
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

__all__ = [
    "Row",
    "emit",
    "machine",
    "measure",
    "optional_import",
    "print_rows",
    "rate_text",
    "rows_json",
]


@dataclass(frozen=True, slots=True)
class Row:
    """One measured line: ``count`` ``unit`` in ``seconds`` (median of ``runs``)."""

    name: str
    per_s: float
    unit: str
    seconds: float
    count: int
    runs: int
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self, baseline: Row | None = None) -> dict[str, Any]:
        """The row for JSON; ``vs_baseline`` is ``per_s`` over the baseline's."""
        out: dict[str, Any] = {
            "name": self.name,
            "per_s": self.per_s,
            "unit": self.unit,
            "seconds": self.seconds,
            "count": self.count,
            "runs": self.runs,
        }
        if baseline is not None:
            out["vs_baseline"] = self.per_s / baseline.per_s
            out["baseline"] = baseline.name
        if self.note:
            out["note"] = self.note
        out.update(self.extra)
        return out


def measure(
    name: str,
    work: Callable[[], object],
    *,
    count: int,
    unit: str,
    repeat: int,
    warmup: bool = True,
    note: str = "",
    **extra: Any,
) -> Row:
    """Time ``work()`` ``repeat`` times (after one untimed warm-up run) and keep the median.

    The row's ``cpu_seconds`` is the median CPU time of the process over a run (every
    thread's): on a loaded machine it moves less than the wall time.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be at least 1, got {repeat}")
    if warmup:
        work()
    times, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    seconds = statistics.median(times)
    extra = {"cpu_seconds": statistics.median(cpu), **extra}
    return Row(name, count / seconds, unit, seconds, count, repeat, note, extra)


def optional_import(module: str, *, quiet: bool = False) -> ModuleType | None:
    """Import a peer library, or say on stderr that it is missing and return ``None``."""
    try:
        with warnings.catch_warnings():  # a peer's own deprecation warnings are not ours
            warnings.simplefilter("ignore")
            return importlib.import_module(module)
    except ImportError:
        if not quiet:
            print(
                f"{module} is not installed: skipped (pip install 'croupier[bench]')",
                file=sys.stderr,
            )
        return None


def machine() -> str:
    """A one-line description of this machine for the record: Python, cores, load, kernel."""
    import os

    from croupier.evaluate import _kernel

    line = f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} cores"
    if hasattr(os, "getloadavg"):
        line += f", load average {os.getloadavg()[0]:.2f}"
    return line + f", evaluator kernel: {_kernel.name()}"


def rate_text(value: float) -> str:
    """A rate in few digits: ``"3.2 M"``, ``"487 "``."""
    return _rate(value)


def _rate(value: float) -> str:
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if value >= scale:
            return f"{value / scale:.3g}{suffix}"
    return f"{value:.3g} "


def _ratio(value: float) -> str:
    return f"{value:.3g}x" if value >= 0.01 else f"{value:.1e}x"


def _seconds(value: float) -> str:
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.1f} ms"
    return f"{value * 1e6:.1f} µs"


def print_rows(
    rows: Sequence[Row], *, title: str, baseline: Row | None, console: Console | None = None
) -> None:
    """Print the rows as a table, with each rate as a multiple of the baseline's."""
    caption = f"{machine()}; one run: median time (of n runs) / count"
    if baseline:
        caption += f"; x = rate / {baseline.name}'s"
    table = Table(title=title, caption=caption, box=box.SIMPLE_HEAD)
    table.add_column("benchmark", no_wrap=True)
    table.add_column("rate", justify="right", no_wrap=True)
    table.add_column("one run", justify="right", no_wrap=True)
    table.add_column("x" if baseline else "", justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.name,
            f"{_rate(row.per_s)}{row.unit}/s",
            f"{_seconds(row.seconds)} / {row.count:,}"
            + (f" ({row.runs})" if row.runs != 1 else ""),
            _ratio(row.per_s / baseline.per_s) if baseline else "",
        )
    out = console or Console()
    if not out.is_terminal:
        out = Console(width=max(out.width, 110), file=out.file)
    out.print(table)
    for row in rows:
        if row.note:
            out.print(f"  {row.name}: {row.note}", highlight=False)


def rows_json(rows: Sequence[Row], *, baseline: Row | None) -> str:
    """The rows as a JSON list of objects with at least ``name`` and ``per_s``."""
    return json.dumps([row.as_dict(baseline) for row in rows], indent=2)


def emit(rows: Sequence[Row], *, title: str, baseline: str | None, as_json: bool) -> None:
    """Print the rows as JSON or as a table; ``baseline`` names the row ratios refer to."""
    base = next((row for row in rows if row.name == baseline), None)
    if as_json:
        print(rows_json(rows, baseline=base))
    else:
        print_rows(rows, title=title, baseline=base)
