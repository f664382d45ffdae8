"""``croupier replay PATH... [--json]``: replay PHH hand histories through the engine.

Each hand of each ``.phh``/``.phhs`` file (folders are walked recursively) is
played by :func:`croupier.history.replay_phh`; its finishing stacks are compared
with the file's. Without ``--json`` one short line per hand and a summary; with
``--json`` one JSON object per hand and line::

    {"file": "hands/0.phh", "hand": 1, "variant": "NT", "finishing_stacks": [...],
     "expected": [...] or null, "match": true/false/null, "unfinished": false,
     "error": null or "...",
     "skipped": null or "...", "note": null or "..."}

``hand`` is the hand's number in its file (1 for a ``.phh`` file). Amounts are in
the file's own units: integers when whole, otherwise decimal numbers (``10112.5``).
The exit status is 1 when a hand does not match or cannot be replayed (a file that
cannot be read counts as an error), 0 otherwise.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from croupier.cli.main import app
from croupier.errors import CroupierError
from croupier.history import ReplayResult, iter_phh_files, read_phh, read_phhs, replay_phh

__all__ = ["replay"]


def _results(paths: list[Path]) -> Iterator[tuple[str, int | None, ReplayResult | str]]:
    """``(file, hand number, result)`` for every hand; a file that cannot be read gives text."""
    for given in paths:
        try:
            files = list(iter_phh_files(given))
        except FileNotFoundError as error:
            yield str(given), None, str(error)
            continue
        for path in files:
            try:
                hands = read_phhs(path) if path.suffix == ".phhs" else [read_phh(path)]
            except (CroupierError, OSError, UnicodeDecodeError) as error:
                yield str(path), None, str(error)
                continue
            for number, hand in enumerate(hands, start=1):
                yield str(path), number, replay_phh(hand)


def _amounts(values: tuple[Decimal | None, ...] | None) -> str:
    if values is None:
        return "-"
    return " ".join("inf" if v is None else f"{v:,}" for v in values)


def _line(file: str, number: int | None, result: ReplayResult | str) -> str:
    """One hand as a line of rich text."""
    where = escape(file if number is None else f"{file} #{number}")
    if isinstance(result, str):
        return f"[red]error[/]     {where}: {escape(result)}"
    if result.skipped is not None:
        return f"[dim]skipped   {where}: {escape(result.skipped)}[/]"
    if result.error is not None:
        return f"[red]error[/]     {where} {result.variant}: {escape(result.error)}"
    stacks = _amounts(result.finishing_stacks)
    note = f" [dim]({escape(result.note)})[/]" if result.note else ""
    if result.match is None:
        return (
            f"[yellow]replayed[/]  {where} {result.variant}: {stacks} (no finishing stacks)" + note
        )
    if result.match:
        return f"[green]match[/]     {where} {result.variant}: {stacks}{note}"
    expected = _amounts(result.expected)
    return f"[red]MISMATCH[/]  {where} {result.variant}: {stacks} [red]expected[/] {expected}"


def _json(file: str, number: int | None, result: ReplayResult | str) -> dict[str, Any]:
    if isinstance(result, str):
        return {
            "file": file,
            "hand": number,
            "variant": None,
            "finishing_stacks": None,
            "expected": None,
            "match": None,
            "unfinished": False,
            "error": result,
            "skipped": None,
            "note": None,
        }
    return {"file": file, "hand": number, **result.to_json()}


def _status(result: ReplayResult | str) -> str:
    if isinstance(result, str) or result.error is not None:
        return "error"
    if result.skipped is not None:
        return "skipped"
    return {True: "matched", False: "mismatched", None: "unchecked"}[result.match]


@app.command()
def replay(
    paths: Annotated[
        list[Path], typer.Argument(help="PHH files (.phh, .phhs) or folders, walked recursively.")
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object per hand and line, nothing else.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Print only the hands that fail, and the summary.")
    ] = False,
) -> None:
    """Replay PHH hand histories through the engine and check their finishing stacks."""
    console = Console(highlight=False, soft_wrap=True)
    counts: Counter[str] = Counter()
    for file, number, result in _results(paths):
        status = _status(result)
        counts[status] += 1
        if as_json:
            typer.echo(json.dumps(_json(file, number, result)))
        elif not quiet or status in ("error", "mismatched"):
            console.print(_line(file, number, result))
    if not as_json:
        replayed = counts["matched"] + counts["mismatched"] + counts["unchecked"]
        console.print(
            f"[bold]{replayed:,} hands replayed[/]: {counts['matched']:,} matched, "
            f"{counts['mismatched']:,} mismatched, {counts['unchecked']:,} without finishing "
            f"stacks; {counts['error']:,} errors, {counts['skipped']:,} skipped"
        )
    if counts["error"] or counts["mismatched"]:
        raise typer.Exit(1)
