"""The ``croupier`` command line: one module per command, gathered in :mod:`croupier.cli.main`.

The command needs the ``cli`` extra (``pip install 'croupier[cli]'``) and its server commands
the ``server`` extra; the plain install is the library alone. :func:`run` (the installed
``croupier`` script) says which extra to install instead of a traceback.
"""

from __future__ import annotations

import sys
from typing import Final

__all__ = ["EXTRAS", "missing_extra", "run"]

EXTRAS: Final = {
    "typer": "cli",
    "rich": "cli",
    "numpy": "cli",
    "starlette": "server",
    "uvicorn": "server",
    "sqlalchemy": "server",
    "alembic": "server",
    "psycopg": "server",
    "redis": "server",
    "argon2": "server",
    "pydantic": "server",
    "websockets": "server",
    "pettingzoo": "env",
    "gymnasium": "env",
    "pokerkit": "bench",
    "treys": "bench",
    "phevaluator": "bench",
    "eval7": "bench",
    "playwright": "bench",
}
"""The third-party packages croupier's commands import, and the extra that installs each."""


def missing_extra(error: ModuleNotFoundError, what: str = "this command") -> str | None:
    """The message for ``what`` when a package it needs is missing: the extra that installs
    it (None when the missing module is not one of croupier's dependencies)."""
    package = (error.name or "").split(".")[0]
    extra = EXTRAS.get(package)
    if extra is None:
        return None
    return (
        f"{what} needs the {package!r} package, which the plain install of croupier"
        f" leaves out: pip install 'croupier[{extra}]' (or 'croupier[all]')"
    )


def run() -> None:
    """The ``croupier`` command; one line naming the extra to install when the command line's
    packages are missing."""
    try:
        from croupier.cli.main import app
    except ModuleNotFoundError as error:
        message = missing_extra(error, "the croupier command")
        if message is None:
            raise
        sys.stderr.write(f"error: {message}\n")
        sys.exit(2)
    app(prog_name="croupier")
