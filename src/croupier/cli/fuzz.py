"""``croupier fuzz tables|rooms|tournaments|live|all --runs N --seed S [--steps K] [--json]``.

The operations fuzzer (:mod:`croupier.room.fuzz`) at length: random sequences of every
public operation, good and bad, during hands and between them, with a chip and ledger
check after each and a restored twin compared step by step. Run ``k`` uses seed
``S + k``; a failure prints what failed, the last operations and the command that
reproduces it alone. The exit status is 1 when anything failed.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable
from typing import Annotated

import typer

from croupier.cli.main import app

__all__ = ["fuzz_app"]

fuzz_app = typer.Typer(
    name="fuzz",
    help="Fuzz tables, cash rooms and tournaments with random operations (chips checked).",
    no_args_is_help=True,
)
app.add_typer(fuzz_app, name="fuzz")

Runs = Annotated[int, typer.Option("--runs", "-n", min=1, max=10_000_000, help="Runs.")]
Seed = Annotated[
    int | None, typer.Option("--seed", min=0, help="Seed of the first run (random if not given).")
]
Steps = Annotated[
    int | None, typer.Option("--steps", min=1, max=100_000, help="Operations per run.")
]
Json = Annotated[bool, typer.Option("--json", help="Print a JSON object.")]


def _run(target: str, runs: int, seed: int | None, steps: int | None, as_json: bool) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from croupier.room import fuzz

    fuzzers: dict[str, Callable[..., fuzz.FuzzReport]] = {
        "tables": fuzz.fuzz_tables,
        "rooms": fuzz.fuzz_rooms,
        "tournaments": fuzz.fuzz_tournaments,
        "live": fuzz.fuzz_live,
    }
    first = secrets.randbelow(2**31) if seed is None else seed
    targets = list(fuzzers) if target == "all" else [target]
    console = Console(stderr=True)
    failed = False
    out = []
    for name in targets:
        progress = Progress(
            TextColumn(f"[bold]fuzz {name}"),
            BarColumn(),
            MofNCompleteColumn(),
            console=console,
            disable=as_json or not console.is_terminal,
            transient=True,
        )
        task = progress.add_task(name, total=runs)
        extra = {} if steps is None else {"steps": steps}
        began = time.perf_counter()
        with progress:
            report = fuzzers[name](
                runs,
                seed=first,
                progress=lambda done, bar=progress, task=task: bar.update(task, completed=done),
                **extra,
            )
        seconds = time.perf_counter() - began
        data = {**report.to_dict(), "seed": first, "seconds": round(seconds, 2)}
        out.append(data)
        failed = failed or bool(report.failures)
        if not as_json:
            verdict = "[red]FAILED[/]" if report.failures else "[green]ok[/]"
            console.print(
                f"{name}: {report.runs:,} runs from seed {first}, {report.operations:,}"
                f" operations ({report.refused:,} refused), {report.hands:,} hands,"
                f" {report.twins:,} restored twins, {seconds:.1f} s: {verdict}"
            )
            for failure in report.failures:
                console.print(str(failure), markup=False, highlight=False)
    if as_json:
        print(json.dumps(out[0] if len(out) == 1 else out, indent=2))
    if failed:
        raise typer.Exit(code=1)


@fuzz_app.command("tables")
def fuzz_tables(
    runs: Runs = 1_000, seed: Seed = None, steps: Steps = None, as_json: Json = False
) -> None:
    """Tables: sit, leave, sit out and in, chips, stakes, hands played and voided."""
    _run("tables", runs, seed, steps, as_json)


@fuzz_app.command("rooms")
def fuzz_rooms(
    runs: Runs = 1_000, seed: Seed = None, steps: Steps = None, as_json: Json = False
) -> None:
    """Cash rooms: the cashier, waiting lists, buy-ins, rebuys, absences, sessions."""
    _run("rooms", runs, seed, steps, as_json)


@fuzz_app.command("tournaments")
def fuzz_tournaments(
    runs: Runs = 1_000, seed: Seed = None, steps: Steps = None, as_json: Json = False
) -> None:
    """Tournaments on engine tables, with the floor: entries, rebuys, penalties, the clock."""
    _run("tournaments", runs, seed, steps, as_json)


@fuzz_app.command("live")
def fuzz_live(
    runs: Runs = 1_000, seed: Seed = None, steps: Steps = None, as_json: Json = False
) -> None:
    """Live tournaments against a model of the real chips: busts, undos, counts."""
    _run("live", runs, seed, steps, as_json)


@fuzz_app.command("all")
def fuzz_all(
    runs: Runs = 1_000, seed: Seed = None, steps: Steps = None, as_json: Json = False
) -> None:
    """Every fuzzer in turn, ``--runs`` runs each."""
    _run("all", runs, seed, steps, as_json)
