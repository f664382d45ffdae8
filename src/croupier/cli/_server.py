"""What the server's commands share: the --data and --database options, clean failures."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from croupier._checks import quote

__all__ = ["DataOption", "DatabaseOption", "fail", "failures", "resolve_url"]

DataOption = Annotated[
    Path,
    typer.Option("--data", help="The data folder (the SQLite database and the session secret)."),
]
DatabaseOption = Annotated[
    str | None,
    typer.Option(
        "--database",
        help="A database URL (postgresql+psycopg://USER@HOST/DB); default: SQLite in --data.",
    ),
]


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print one line to stderr and return the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=code)


@contextmanager
def failures() -> Iterator[None]:
    """Turn croupier's errors and the database's into one line on stderr and exit status 2."""
    from sqlalchemy.exc import SQLAlchemyError

    from croupier.errors import CroupierError

    try:
        yield
    except CroupierError as error:
        raise fail(str(error)) from None
    except SQLAlchemyError as error:
        detail = str(getattr(error, "orig", None) or error).strip().splitlines()
        shown = detail[0] if detail else type(error).__name__
        raise fail(f"the database refused: {shown}") from None
    except OSError as error:
        where = quote(str(error.filename)) if error.filename else ""
        raise fail(f"{error.strerror or error}: {where}".rstrip(": ")) from None


def resolve_url(data: Path, database: str | None, *, must_exist: bool) -> str:
    """The database URL of the options; with ``must_exist``, an SQLite file that is missing
    is an error (rather than a new empty database)."""
    from croupier.server.config import ServerConfig

    config = ServerConfig(data_dir=data, database=database)
    url = config.database_url
    if must_exist and database is None and not (data / "croupier.db").is_file():
        raise fail(f"no database in {str(data)!r}: start the server once, or give --database")
    return url
