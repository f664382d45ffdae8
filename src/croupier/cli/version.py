"""``croupier version``: print the installed version (``--json``: with Python's and which
extras are installed)."""

from __future__ import annotations

import importlib.util
import json
import platform
from typing import Annotated

import typer

import croupier
from croupier.cli import EXTRAS
from croupier.cli.main import app


def installed_extras() -> dict[str, bool]:
    """Each extra (``cli``, ``server``, ``bench``): whether every package it adds imports."""
    extras: dict[str, bool] = {}
    for package, extra in EXTRAS.items():
        found = importlib.util.find_spec(package) is not None
        extras[extra] = extras.get(extra, True) and found
    return dict(sorted(extras.items()))


@app.command()
def version(
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON object: version, Python, extras.")
    ] = False,
) -> None:
    """Print croupier's version."""
    if not as_json:
        typer.echo(croupier.__version__)
        return
    out = {
        "name": "croupier",
        "version": croupier.__version__,
        "python": platform.python_version(),
        "extras": installed_extras(),
    }
    typer.echo(json.dumps(out))
