"""``croupier db check [--database URL] [--json]`` and ``croupier db upgrade``.

``check`` reads the database alone: every ledger entry is posted again through the domain
ledger's rules and audited; it prints ``ledger_balanced``, ``chips_in_play`` (cents on the
tables) and ``open_hands`` (hands in progress when the server stopped), with the totals.
Exit status 1 when the books do not balance.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli._server import DatabaseOption, DataOption, fail, failures, resolve_url
from croupier.cli.main import app

__all__ = ["check", "db_app", "upgrade"]

db_app = typer.Typer(name="db", help="The server's database.", no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command("check")
def check(
    data: DataOption = Path("data"),
    database: DatabaseOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Prove the stored ledger balances; count the chips in play and the open hands."""
    from croupier.server.check import check_database
    from croupier.server.storage import Store
    from croupier.server.storage.migrate import current_revision, head_revision

    with failures():
        url = resolve_url(data, database, must_exist=True)
        store = Store(url, migrate=False)
        try:
            revision = store.read_blocking(current_revision)
            if revision != head_revision():
                raise fail(
                    f"the database is at revision {revision!r}, this croupier expects"
                    f" {head_revision()!r}: run croupier db upgrade"
                )
            report = check_database(store)
        finally:
            store.close()
    if as_json:
        typer.echo(json.dumps(report))
    else:
        state = "balanced" if report["ledger_balanced"] else "NOT balanced"
        typer.echo(
            f"ledger {state} ({report['entries']} entries), chips in play"
            f" {report['chips_in_play']} cents, open hands {report['open_hands']},"
            f" users {report['users']}"
        )
        for problem in report["problems"]:
            typer.echo(f"  {problem}")
    if not report["ledger_balanced"]:
        raise typer.Exit(code=1)


@db_app.command("upgrade")
def upgrade(data: DataOption = Path("data"), database: DatabaseOption = None) -> None:
    """Apply the migrations the database lacks (the server also does on start)."""
    from croupier.server.storage.engine import database_url, make_engine
    from croupier.server.storage.migrate import upgrade as run_upgrade

    with failures():
        url = resolve_url(data, database, must_exist=False)
        if database is None:
            data.mkdir(mode=0o700, parents=True, exist_ok=True)
        engine = make_engine(database_url(url), writer=True)
        try:
            revision = run_upgrade(engine)
        finally:
            engine.dispose()
    typer.echo(f"database at revision {revision}")
