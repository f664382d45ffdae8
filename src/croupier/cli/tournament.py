"""``croupier tournament simulate --players N --preset PRESET [--seed S] [--json]``.

Plays a whole multi-table tournament with bots to its winner
(:func:`croupier.room.tournament.simulate`): a progress bar while it runs (not with
``--json``), then the ranking with the payouts. Chips are checked after every hand and
the tables' balance after every round; the exit status is 1 if either ever failed.

``--json`` prints one object::

    {"players": N, "hands": ..., "seconds": ..., "winner": "...", "payouts": [{"place": 1,
     "player": "...", "amount": ..., "shared": 1}, ...], "prize_pool": ...,
     "chips_conserved": true, "max_table_difference": 1, ...}

Amounts are in cents.

``--runs K`` plays K seeded tournaments of the structure (run 0 is the ``--seed`` run
itself) and reports what a club asks of it (:mod:`croupier.room.tournament.report`): the
distribution of the duration and of the hands, the places by starting seat and stack, the
final table's ICM check. ``--parallel N`` plays them in N processes (``--backend ray``: on
a Ray cluster), ``--checkpoint FILE`` records each finished run and ``--resume`` continues
a killed run from it. The report is the same whatever N and the backend.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from croupier._checks import quote
from croupier.cli._runs import (
    AddressOption,
    BackendOption,
    CheckpointOption,
    ResumeOption,
    Spread,
)
from croupier.cli.main import MAX_SEED, app
from croupier.engine import Action, Hand
from croupier.errors import CroupierError
from croupier.room.tournament import TOURNAMENT_PRESETS, SimulationError, Tournament, simulate
from croupier.room.tournament.report import play_run, summarize
from croupier.runs import MAX_PARALLEL

__all__ = ["simulate_tournament", "tournament_app"]

tournament_app = typer.Typer(
    name="tournament",
    help="Multi-table tournaments: simulate one with bots.",
    no_args_is_help=True,
)
app.add_typer(tournament_app, name="tournament")


def _bot_player(name: str, seed: int | None) -> Callable[[Hand, int], Action] | None:
    """``None`` for the built-in push/fold player, else a :mod:`croupier.bots` bot."""
    if name == "pushfold":
        return None
    from croupier.bots import make_bot

    bot = make_bot(name, seed)
    return lambda hand, seat: bot.act(hand.view(seat))


MAX_PLAYERS = 100_000
"""The most entrants of one simulated tournament."""

MAX_RUNS = 1_000_000
"""The most tournaments one ``--runs`` may ask for."""


def _money(cents: int) -> str:
    return f"{cents // 100:,}.{cents % 100:02d}"


@tournament_app.command("simulate")
def simulate_tournament(
    players: Annotated[
        int, typer.Option("--players", "-n", min=2, max=MAX_PLAYERS, help="Entrants.")
    ] = 100,
    preset: Annotated[
        str,
        typer.Option("--preset", "-p", help=f"Tournament: {', '.join(TOURNAMENT_PRESETS)}."),
    ] = "pokcomm",
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=MAX_SEED, help="Seed (secure draw if not given)."),
    ] = None,
    bot: Annotated[
        str,
        typer.Option(
            "--bot", help="pushfold (fast), or a croupier bot: random, station, reasonable."
        ),
    ] = "pushfold",
    hand_seconds: Annotated[
        float,
        typer.Option("--hand-seconds", min=1, max=86_400, help="Clock seconds per hand and table."),
    ] = 120,
    top: Annotated[
        int,
        typer.Option("--top", min=1, max=MAX_PLAYERS, help="Places to list (without --json)."),
    ] = 20,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
    runs: Annotated[
        int,
        typer.Option("--runs", min=1, max=MAX_RUNS, help="Seeded tournaments to play and report."),
    ] = 1,
    parallel: Annotated[
        int | None,
        typer.Option("--parallel", min=1, max=MAX_PARALLEL, help="Processes for the --runs."),
    ] = None,
    checkpoint: CheckpointOption = None,
    resume: ResumeOption = False,
    backend: BackendOption = "process",
    address: AddressOption = None,
) -> None:
    """Play a tournament of bots to its winner; print the ranking and the payouts."""
    console = Console()
    spread = Spread(parallel, checkpoint, resume, backend, address)
    try:
        spread.check()
        act = _bot_player(bot, seed)  # an unknown bot is refused here
        if preset not in TOURNAMENT_PRESETS:
            raise typer.BadParameter(
                f"unknown preset {quote(preset)}: choose one of {', '.join(TOURNAMENT_PRESETS)}"
            )
        if runs > 1 or spread.asked:
            _report(
                players,
                preset,
                seed=seed,
                bot=bot,
                hand_seconds=hand_seconds,
                runs=runs,
                spread=spread,
                as_json=as_json,
            )
            return
        if as_json:
            result = simulate(players, preset, seed=seed, hand_seconds=hand_seconds, act=act)
        else:
            with Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[status]}"),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task("players out", total=players - 1, status="")

                def show(t: Tournament) -> None:
                    progress.update(
                        task,
                        completed=players - t.remaining,
                        status=f"level {t.clock.level_number} {t.clock.level}"
                        f"  tables {len(t.tables)}  hands {t.hands_played:,}",
                    )

                result = simulate(
                    players, preset, seed=seed, hand_seconds=hand_seconds, act=act, progress=show
                )
    except SimulationError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=1) from exc
    except CroupierError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(code=2) from exc
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    table = RichTable(title=f"{preset}: {players:,} players, {result.hands:,} hands")
    table.add_column("place", justify="right")
    table.add_column("player")
    table.add_column("prize", justify="right")
    if result.knockouts:
        table.add_column("bounties", justify="right")
    for r in result.results[:top]:
        place = f"{r.place}" if r.shared == 1 else f"{r.place} (tie of {r.shared})"
        row = [place, r.player, _money(r.prize) if r.prize else ""]
        if result.knockouts:
            row.append(f"{r.bounty:,}")
        table.add_row(*row)
    console.print(table)
    paid = sum(1 for r in result.results if r.prize)
    console.print(
        f"winner {result.winner}; prize pool {_money(result.prize_pool)} over {paid} places;"
        f" {result.hands:,} hands in {result.seconds:.2f} s;"
        f" chips conserved: {'yes' if result.chips_conserved else 'NO'};"
        f" largest table difference: {result.max_table_difference}"
    )


def _report(
    players: int,
    preset: str,
    *,
    seed: int | None,
    bot: str,
    hand_seconds: float,
    runs: int,
    spread: Spread,
    as_json: bool,
) -> None:
    """``--runs``: play the runs in chunks (one run each) and print the report."""
    import secrets

    chosen = secrets.randbelow(MAX_SEED) if seed is None else seed
    play = partial(
        play_run, players=players, preset=preset, seed=chosen, hand_seconds=hand_seconds, bot=bot
    )
    settings = {
        "command": "tournament simulate",
        "players": players,
        "preset": preset,
        "seed": chosen,
        "bot": bot,
        "hand_seconds": hand_seconds,
    }
    err = Console(stderr=True)
    bar = Progress(
        TextColumn("[bold]tournaments"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=as_json or not err.is_terminal,
        transient=True,
    )
    task = bar.add_task("runs", total=runs)
    with bar:
        records = spread.run(
            play, runs, settings=settings, on_done=lambda done, _: bar.update(task, completed=done)
        )
    report = summarize(records, players=players, preset=preset, seed=chosen)
    if as_json:
        typer.echo(json.dumps(report))
    else:
        _print_report(Console(), report)
    if not report["chips_conserved"]:
        raise typer.Exit(code=1)


def _print_report(console: Console, report: dict[str, Any]) -> None:
    def spread(d: dict[str, float], unit: float = 1) -> str:
        return " / ".join(f"{d[k] / unit:,.1f}" for k in ("min", "p10", "median", "p90", "max"))

    console.print(
        f"{report['preset']}: {report['runs']:,} tournaments of {report['players']:,} players"
        f" (seed {report['seed']}); chips conserved: "
        + ("yes" if report["chips_conserved"] else "NO")
    )
    console.print(f"hands (min / p10 / median / p90 / max): {spread(report['hands'])}")
    console.print(f"duration in hours: {spread(report['duration_seconds'], 3600)}")
    seats = RichTable(title="places by starting seat")
    for column in ("seat", "entrants", "mean place", "paid", "wins", "mean prize"):
        seats.add_column(column, justify="right")
    for row in report["by_starting_seat"]:
        seats.add_row(
            str(row["seat"]),
            f"{row['entrants']:,}",
            f"{row['mean_place']:,.1f}",
            f"{row['paid_share']:.1%}",
            f"{row['wins']:,}",
            _money(round(row["mean_prize"])),
        )
    console.print(seats)
    icm = report["icm"]
    table = RichTable(
        title=f"final table ICM ({icm['runs']} runs, sums exact: {icm['sums_exact']})"
    )
    for column in ("chip rank", "mean stack", "mean ICM", "mean prize"):
        table.add_column(column, justify="right")
    for row in icm["by_chip_rank"]:
        table.add_row(
            str(row["rank"]),
            f"{row['mean_stack']:,.0f}",
            _money(round(row["mean_icm"])),
            _money(round(row["mean_prize"])),
        )
    console.print(table)
