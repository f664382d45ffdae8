"""Database URLs and engines: SQLite (WAL) by default, PostgreSQL through psycopg 3.

SQLite runs in WAL mode with ``synchronous=FULL``: a commit is on disk before ``write()``
returns, so a client never hears of a change that a power cut could still take back (NORMAL
would survive a killed process but not a power cut; group commit makes FULL cheap, one sync
for a whole batch). Python's sqlite3 module opens transactions on its own and breaks
SAVEPOINT; the engines here turn that off and begin every transaction themselves (the
writer's with ``BEGIN IMMEDIATE``, so it never has to upgrade a read lock).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError

from croupier._checks import quote
from croupier.errors import ConfigurationError

__all__ = ["database_url", "make_engine", "sqlite_url"]

_ACCEPTED = "sqlite:///PATH or postgresql+psycopg://USER@HOST:PORT/DATABASE"


def sqlite_url(path: str) -> str:
    """The URL of the SQLite database file at ``path``."""
    return URL.create("sqlite", database=path).render_as_string()


def database_url(text: str) -> URL:
    """Parse and check a database URL; ``postgresql://`` means psycopg 3.

    >>> database_url("postgresql://root@127.0.0.1/test").drivername
    'postgresql+psycopg'
    """
    try:
        url = make_url(text)
    except ArgumentError:
        raise ConfigurationError(f"database {quote(text)} is not a URL: use {_ACCEPTED}") from None
    backend = url.get_backend_name()
    if backend == "postgresql":
        if url.drivername in ("postgresql", "postgresql+psycopg"):
            return url.set(drivername="postgresql+psycopg")
        raise ConfigurationError(
            f"database {text!r}: PostgreSQL is reached through psycopg 3 (postgresql+psycopg://),"
            f" not {url.drivername}"
        )
    if backend == "sqlite":
        if url.drivername != "sqlite":
            raise ConfigurationError(f"database {text!r}: use the plain sqlite:/// driver")
        if not url.database or url.database == ":memory:":
            raise ConfigurationError(
                f"database {text!r}: SQLite needs a file (sqlite:///PATH); a memory database"
                " would lose everything at exit"
            )
        return url
    raise ConfigurationError(f"database {text!r}: {backend} is not supported; use {_ACCEPTED}")


def make_engine(url: URL, *, writer: bool = False, pool_size: int = 4) -> sa.Engine:
    """An engine for ``url``: the writer's (one connection) or the readers' (a small pool)."""
    if url.get_backend_name() == "sqlite":
        engine = sa.create_engine(url, pool_size=1 if writer else pool_size, max_overflow=0)
        begin = "BEGIN IMMEDIATE" if writer else "BEGIN"

        @sa.event.listens_for(engine, "connect")
        def _connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=10000")
            cursor.close()

        @sa.event.listens_for(engine, "begin")
        def _begin(connection: sa.Connection) -> None:
            connection.exec_driver_sql(begin)

        return engine
    return sa.create_engine(
        url,
        pool_size=1 if writer else pool_size,
        max_overflow=0,
        pool_pre_ping=True,
        connect_args={"connect_timeout": 5},
    )
