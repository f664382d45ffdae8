"""``croupier version``: print the installed version."""

from __future__ import annotations

import typer

import croupier
from croupier.cli.main import app


@app.command()
def version() -> None:
    """Print croupier's version."""
    typer.echo(croupier.__version__)
