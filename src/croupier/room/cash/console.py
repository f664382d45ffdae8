"""``croupier simulate --room PRESET --tables N --hands N [--seed S] [--json]``: a cash room
of bots (:func:`~croupier.room.cash.simulation.run_room`) with a progress bar, then what it
did and whether its books balanced (exit status 1 if they ever did not)."""

from __future__ import annotations

import json
from collections.abc import Sequence

from croupier.room.cash.ledger import LedgerError, format_money
from croupier.room.cash.simulation import RoomReport, run_room

__all__ = ["room_command"]


def room_command(
    preset: str,
    *,
    tables: int = 2,
    hands: int = 1_000,
    seed: int | None = None,
    bots: Sequence[str] = ("random", "station"),
    as_json: bool = False,
) -> int:
    """Run the room and print the report (JSON with ``as_json``); returns the exit status."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    console = Console()
    progress = Progress(
        TextColumn(f"[bold]{preset} room, {tables} tables"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        TaskProgressColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=as_json or not console.is_terminal,
        transient=True,
    )
    task = progress.add_task("hands", total=hands)
    try:
        with progress:
            report = run_room(
                preset,
                tables=tables,
                hands=hands,
                seed=seed,
                bots=bots,
                progress=lambda done, _total: progress.update(task, completed=done),
            )
    except LedgerError as error:
        console.print(f"[red]the ledger does not balance:[/] {error}")
        return 1
    if as_json:
        print(json.dumps(report.to_dict(), indent=2))
    else:
        _print(console, report)
    return 0 if report.ledger_balanced else 1


def _print(console: object, report: RoomReport) -> None:
    from rich.console import Console
    from rich.table import Table

    assert isinstance(console, Console)
    table = Table(
        title=f"{report.hands:,} hands of {report.preset} at {report.tables} tables"
        f" (seed {report.seed})",
        caption=f"{report.hands_per_second:,.0f} hands/s · ledger balanced: "
        + ("yes" if report.ledger_balanced else "NO"),
    )
    table.add_column("")
    table.add_column("", justify="right")
    rows = [
        ("players", f"{report.players:,}"),
        ("seated / left", f"{report.seated:,} / {report.left:,}"),
        ("rebuys", f"{report.rebuys:,}"),
        ("set aside (CAS-8)", f"{report.set_aside:,}"),
        ("sessions opened / closed", f"{report.sessions_opened} / {report.sessions_closed}"),
        ("rake (house)", format_money(report.house)),
        ("orphan register", format_money(report.orphans)),
        (
            "deposited / withdrawn",
            f"{format_money(report.deposited)} / {format_money(report.withdrawn)}",
        ),
        ("held by the room", format_money(report.held)),
        ("ledger entries", f"{report.entries:,}"),
    ]
    for label, value in rows:
        table.add_row(label, value)
    console.print(table)
