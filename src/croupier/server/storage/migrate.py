"""Alembic migrations shipped inside the package, applied from code (no alembic.ini needed)."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

__all__ = ["current_revision", "head_revision", "migrations_config", "upgrade"]

MIGRATIONS = Path(__file__).resolve().parents[1] / "migrations"


def migrations_config(connection: sa.Connection | None = None) -> Config:
    """An Alembic configuration for the package's migrations, bound to ``connection``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def upgrade(engine: sa.Engine, revision: str = "head") -> str | None:
    """Apply the migrations up to ``revision``; return the revision the database is at."""
    with engine.begin() as connection:
        command.upgrade(migrations_config(connection), revision)
    with engine.connect() as connection:
        return current_revision(connection)


def current_revision(connection: sa.Connection) -> str | None:
    """The revision the database is at (None for a database never migrated)."""
    return MigrationContext.configure(connection).get_current_revision()


def head_revision() -> str | None:
    """The newest revision the package ships."""
    return ScriptDirectory.from_config(migrations_config()).get_current_head()
