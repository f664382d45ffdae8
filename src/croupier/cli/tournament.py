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
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table as RichTable

from croupier._checks import quote
from croupier.cli.main import MAX_SEED, app
from croupier.engine import Action, Hand
from croupier.errors import CroupierError
from croupier.room.tournament import TOURNAMENT_PRESETS, SimulationError, Tournament, simulate

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
) -> None:
    """Play a tournament of bots to its winner; print the ranking and the payouts."""
    console = Console()
    try:
        act = _bot_player(bot, seed)
        if preset not in TOURNAMENT_PRESETS:
            raise typer.BadParameter(
                f"unknown preset {quote(preset)}: choose one of {', '.join(TOURNAMENT_PRESETS)}"
            )
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
