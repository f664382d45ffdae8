"""Fixtures of the server's tests: every test that takes ``database_url`` runs twice, against
SQLite (a file in the test's folder) and PostgreSQL (a fresh database on 127.0.0.1:5432, made
for the test and dropped after it).

PostgreSQL must answer: the run fails, it never skips (``.ci/run`` starts PostgreSQL when it
is stopped). ``CROUPIER_TEST_POSTGRES`` overrides the server's address
(default ``postgresql://root@127.0.0.1:5432/postgres``, then the ``postgres`` user).
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest
from _api import Browser, make_config, running
from sqlalchemy.engine import make_url

from croupier.server import ServerConfig
from croupier.server.storage import Store

_ADMIN_URLS = (
    "postgresql://root@127.0.0.1:5432/postgres",
    "postgresql://postgres@127.0.0.1:5432/postgres",
)


def _admin_connection() -> tuple[psycopg.Connection[tuple[object, ...]], str]:
    urls = [os.environ["CROUPIER_TEST_POSTGRES"]] if "CROUPIER_TEST_POSTGRES" in os.environ else []
    problems = []
    for url in urls or list(_ADMIN_URLS):
        try:
            return psycopg.connect(url, autocommit=True, connect_timeout=5), url
        except psycopg.Error as error:
            problems.append(f"{url}: {str(error).strip()}")
    pytest.fail(
        "PostgreSQL does not answer on 127.0.0.1:5432, and the server's tests must run against"
        " it (start it: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start;"
        " .ci/run does). Tried " + "; ".join(problems),
        pytrace=False,
    )


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test (dropped after it)."""
    admin, url = _admin_connection()
    name = f"croupier_test_{secrets.token_hex(6)}"
    with admin:
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            base = make_url(url).set(drivername="postgresql+psycopg", database=name)
            yield base.render_as_string(hide_password=False)
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """The URL of an empty database: SQLite, then PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'croupier.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """An open store (migrations applied) on each database; closed after the test."""
    opened = Store(database_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def config(database_url: str, tmp_path: Path) -> ServerConfig:
    """A test configuration (cheap argon2) on each database."""
    return make_config(database_url, tmp_path / "data")


@pytest.fixture
def browser(config: ServerConfig) -> Iterator[Browser]:
    """The app running in-process on each database, and a browser on it."""
    with running(config) as opened:
        yield opened
