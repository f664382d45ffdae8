"""The ``croupier`` command: each command lives in its own module and is registered here."""

from __future__ import annotations

from typing import Annotated

import typer

import croupier

app = typer.Typer(
    name="croupier",
    help="croupier: Texas Hold'em by the rules that clubs, casinos and card rooms publish.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"croupier {croupier.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            "-V",
            callback=_print_version,
            is_eager=True,
            help="Print croupier's version and exit.",
        ),
    ] = False,
) -> None:
    """croupier: Texas Hold'em by the rules that clubs, casinos and card rooms publish."""


def _register() -> None:
    """Import the command modules; each adds its commands to ``app``."""
    # One import per command module; keep the list sorted.
    import croupier.cli.admin
    import croupier.cli.bench
    import croupier.cli.db
    import croupier.cli.equity
    import croupier.cli.fuzz
    import croupier.cli.play
    import croupier.cli.replay
    import croupier.cli.serve
    import croupier.cli.simulate
    import croupier.cli.tournament
    import croupier.cli.verify  # noqa: F401
    from croupier.cli import version  # noqa: F401


_register()

if __name__ == "__main__":  # pragma: no cover
    app()
