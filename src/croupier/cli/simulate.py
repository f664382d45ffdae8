"""``croupier simulate --hands N --preset P --bots reasonable,random,station [--seed S] [--json]
[--history DIR [--history-format pokerstars|text|phh]]``.

Bots play each other at one table (:mod:`croupier.simulate`): a progress bar while
it runs (not with ``--json`` or when the output is not a terminal), then each seat's
chips won, its win rate in big blinds per 100 hands, and the speed. The chips are
counted after every hand; the exit status is 1 if one was ever created or lost. With
``--history DIR`` every hand is saved to the folder (:mod:`croupier.history.save`), with
every card dealt (bots have no secrets from the floor).

``--parallel N`` cuts the hands into seeded chunks of ``--chunk-hands`` (each a fresh
table: chunk 0 is the ``--seed`` session itself) played in N processes (``--backend ray``:
on a Ray cluster); every chunk counts its chips, ``--checkpoint FILE`` records the finished
chunks and ``--resume`` continues a killed run from it. The JSON is the same whatever N.
"""

from __future__ import annotations

import json
import secrets
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier._checks import quote
from croupier.cli._history import FORMAT_HELP, HISTORY_HELP
from croupier.cli._runs import (
    AddressOption,
    BackendOption,
    CheckpointOption,
    ResumeOption,
    Spread,
)
from croupier.cli.main import MAX_SEED, MAX_STACK, app

__all__ = ["simulate_command"]

MAX_HANDS = 1_000_000_000
"""The most hands one simulation may ask for."""


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


@app.command("simulate")
def simulate_command(
    hands: Annotated[
        int, typer.Option("--hands", "-n", min=0, max=MAX_HANDS, help="Hands to play.")
    ] = 1_000,
    preset: Annotated[
        str, typer.Option("--preset", "-p", help="Rules preset (tda, casino-fr, pokerkings ...).")
    ] = "tda",
    bots: Annotated[
        str,
        typer.Option("--bots", "-b", help="One bot per seat: random, station, reasonable."),
    ] = "reasonable,random,station",
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=MAX_SEED, help="Seed (random if not given)."),
    ] = None,
    stack: Annotated[
        int | None,
        typer.Option("--stack", min=1, max=MAX_STACK, help="Starting stack (100 big blinds)."),
    ] = None,
    level_hands: Annotated[
        int,
        typer.Option(
            "--level-hands", min=0, max=1_000_000, help="Hands per tournament level (0: fixed)."
        ),
    ] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    room: Annotated[
        str | None,
        typer.Option("--room", help="A cash room of this preset instead (casino-fr, pokerkings)."),
    ] = None,
    tables: Annotated[
        int, typer.Option("--tables", min=1, max=100, help="Tables of the --room.")
    ] = 2,
    history: Annotated[Path | None, typer.Option("--history", help=HISTORY_HELP)] = None,
    history_format: Annotated[
        str, typer.Option("--history-format", help=FORMAT_HELP)
    ] = "pokerstars",
    parallel: Annotated[
        int | None,
        typer.Option("--parallel", min=1, max=256, help="Processes for seeded chunks of hands."),
    ] = None,
    chunk_hands: Annotated[
        int,
        typer.Option("--chunk-hands", min=1, max=MAX_HANDS, help="Hands per chunk (--parallel)."),
    ] = 10_000,
    checkpoint: CheckpointOption = None,
    resume: ResumeOption = False,
    backend: BackendOption = "process",
    address: AddressOption = None,
) -> None:
    """Play bots against each other and count who won what, checking every chip."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from croupier.bots import BOTS
    from croupier.cli._history import history_folder
    from croupier.engine import Hand
    from croupier.errors import CroupierError
    from croupier.simulate import default_rules, simulate

    names = [b.strip() for b in bots.split(",") if b.strip()]
    unknown = [b for b in names if b not in BOTS]
    if unknown:
        raise _fail(f"unknown bot {quote(unknown[0])}: choose from {', '.join(sorted(BOTS))}")
    if room is not None:  # the cash room of croupier.room.cash (docs/room.md)
        from croupier.room.cash.console import room_command

        try:
            code = room_command(
                room, tables=tables, hands=hands, seed=seed, bots=names, as_json=as_json
            )
        except CroupierError as error:
            raise _fail(str(error)) from None
        raise typer.Exit(code=code)
    if room is not None and history is not None:
        raise _fail("--history saves the hands of one table: not with --room")
    chosen_seed = secrets.randbelow(2**31) if seed is None else seed
    spread = Spread(parallel, checkpoint, resume, backend, address)
    chunked = spread.asked
    if chunked:
        if history is not None:
            raise _fail("--history saves the hands of one session: not with --parallel")
        try:
            spread.check()
            default_rules(preset)
            code = _chunked(
                hands=hands,
                names=names,
                preset=preset,
                seed=chosen_seed,
                stack=stack,
                level_hands=level_hands,
                chunk_hands=chunk_hands,
                spread=spread,
                as_json=as_json,
            )
        except CroupierError as error:
            raise _fail(str(error)) from None
        raise typer.Exit(code=code)
    try:
        folder = history_folder(
            history,
            history_format,
            preset=preset,
            rules=default_rules(preset),
            seed=chosen_seed,
            seats=len(names),  # croupier.simulate seats one bot a seat
        )
    except CroupierError as error:
        raise _fail(str(error)) from None

    def save(hand: Hand, level: int) -> None:
        if folder is not None:
            folder.write(hand, number=folder.written + 1, level=level)

    console = Console()
    progress = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        console=console,
        disable=as_json or not console.is_terminal,
        transient=True,
    )
    task = progress.add_task("hands", total=hands)
    try:
        with progress:
            result = simulate(
                hands=hands,
                bots=names,
                preset=preset,
                seed=chosen_seed,
                stack=stack,
                level_hands=level_hands,
                on_hand=lambda n: progress.update(task, completed=n),
                on_played=save if folder is not None else None,
            )
    except CroupierError as error:
        raise _fail(str(error)) from None
    except OSError as error:
        raise _fail(f"the hand history could not be saved: {error}") from None
    if as_json:
        typer.echo(json.dumps(result.as_dict(), indent=2))
    else:
        _print(console, result)
    if not result.chips_conserved:
        raise typer.Exit(code=1)


def _print(console: object, result: object) -> None:
    from rich.console import Console
    from rich.table import Table

    from croupier.simulate import SimulationResult

    assert isinstance(console, Console) and isinstance(result, SimulationResult)
    table = Table(
        title=f"{result.hands:,} hands of {result.preset} (seed {result.seed})",
        caption=(
            f"{result.per_s:,.0f} hands/s · big blind {result.big_blind:,}"
            f" · rake {result.rake:,} · chips conserved: "
            + ("yes" if result.chips_conserved else "NO")
            + (" · stopped: one player left" if result.stopped == "winner" else "")
        ),
    )
    for column in ("seat", "player", "bot", "net", "bb/100", "hands", "buy-ins"):
        justify = "left" if column in ("player", "bot") else "right"
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for bot in sorted(result.bots, key=lambda b: -b.net):
        style = "green" if bot.net > 0 else "red" if bot.net < 0 else ""
        table.add_row(
            str(bot.seat),
            bot.name,
            bot.bot,
            f"[{style}]{bot.net:+,}[/]" if style else "0",
            f"{bot.bb_per_100:+,.1f}",
            f"{bot.hands:,}",
            str(bot.buy_ins),
        )
    console.print(table)


def _chunked(
    *,
    hands: int,
    names: list[str],
    preset: str,
    seed: int,
    stack: int | None,
    level_hands: int,
    chunk_hands: int,
    spread: Spread,
    as_json: bool,
) -> int:
    """``--parallel``: the seeded chunks over processes; prints the merged result."""
    import time

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from croupier.simulate import chunks_of, merge_chunks, play_chunk

    settings: dict[str, Any] = {
        "command": "simulate",
        "hands": hands,
        "chunk_hands": chunk_hands,
        "bots": names,
        "preset": preset,
        "seed": seed,
        "stack": stack,
        "level_hands": level_hands,
    }
    play = partial(
        play_chunk,
        hands=hands,
        chunk_hands=chunk_hands,
        bots=names,
        preset=preset,
        seed=seed,
        stack=stack,
        level_hands=level_hands,
    )
    total = chunks_of(hands, chunk_hands)
    err = Console(stderr=True)
    bar = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("chunks"),
        console=err,
        disable=as_json or not err.is_terminal,
        transient=True,
    )
    task = bar.add_task("chunks", total=total)
    began = time.perf_counter()
    with bar:
        chunks = spread.run(
            play, total, settings=settings, on_done=lambda done, _: bar.update(task, completed=done)
        )
    merged = merge_chunks(chunks, seed=seed)
    if as_json:
        typer.echo(json.dumps(merged, indent=2))
    else:
        _print(Console(), _as_result(merged, time.perf_counter() - began))
    return 0 if merged["chips_conserved"] else 1


def _as_result(merged: dict[str, Any], seconds: float) -> object:
    from croupier.simulate import BotResult, SimulationResult

    bots = tuple(
        BotResult(
            b["seat"], b["bot"], b["name"], b["net"], b["hands"], b["buy_ins"], b["bb_per_100"]
        )
        for b in merged["bots"]
    )
    return SimulationResult(
        preset=merged["preset"],
        seed=merged["seed"],
        hands=merged["hands"],
        seconds=seconds,
        chips_conserved=merged["chips_conserved"],
        rake=merged["rake"],
        big_blind=merged["big_blind"],
        bots=bots,
        stopped="winner" if merged["stopped"].get("winner") else "hands",
    )
