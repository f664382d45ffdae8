"""``croupier equity AsAh KsKd [--board ...] [--dead ...] [--exact | --samples N] [--json]``."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from croupier.cli.main import MAX_SEED, app
from croupier.evaluate.equity import MAX_SAMPLES


def _fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str],
        typer.Argument(
            help="2 to 10 hands: two cards (AsAh) or a range in quotes ('TT+,AKs', 'KQo-KTo').",
            show_default=False,
        ),
    ],
    board: Annotated[str, typer.Option("--board", "-b", help="0, 3, 4 or 5 board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", help="Cards no one holds.")] = "",
    exact: Annotated[bool, typer.Option("--exact", help="Count every board.")] = False,
    samples: Annotated[
        int | None,
        typer.Option(
            "--samples",
            "-n",
            help=f"Monte Carlo with N random deals (1 to {MAX_SAMPLES:,}).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option("--seed", min=0, max=MAX_SEED, help="Seed for Monte Carlo."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print a JSON object.")] = False,
) -> None:
    """Each hand's wins, ties and equity (share of the pot) over the boards to come.

    Exact when there are few enough deals to count (always for known hands), else
    Monte Carlo with one million deals; --exact and --samples choose.
    """
    from croupier.errors import CroupierError
    from croupier.evaluate.equity import equity

    if exact and samples is not None:
        raise _fail("give --exact or --samples, not both")
    try:
        result = equity(
            hands,
            board=board,
            dead=dead,
            exact=True if exact else None,
            samples=samples,
            rng=seed,
        )
    except CroupierError as error:
        raise _fail(str(error)) from None
    if as_json:
        data = result.as_dict()
        data["seed"] = seed
        typer.echo(json.dumps(data, indent=2))
        return
    _print(result, seed)


def _print(result: object, seed: int | None) -> None:
    from rich.console import Console
    from rich.table import Table

    from croupier.cards import format_cards
    from croupier.evaluate.equity import EquityResult

    assert isinstance(result, EquityResult)
    if result.exact:
        how = f"exact: all {result.boards:,} boards"
    else:
        how = f"Monte Carlo: {result.boards:,} random deals" + (
            f", seed {seed}" if seed is not None else ""
        )
    board = format_cards(result.board) or "none"
    title = f"Equity — board: {board}" + (
        f", dead: {format_cards(result.dead)}" if result.dead else ""
    )
    table = Table(title=title, caption=how)
    table.add_column("hand")
    table.add_column("wins", justify="right")
    table.add_column("ties", justify="right")
    table.add_column("equity", justify="right")
    if not result.exact:
        table.add_column("± std. error", justify="right")
    for i, hand in enumerate(result.hands):
        cells = [hand, f"{result.wins[i]:,}", f"{result.ties[i]:,}", f"{result.equity[i]:.3%}"]
        if not result.exact:
            cells.append(f"{result.stderr[i]:.3%}")
        table.add_row(*cells)
    Console().print(table)
