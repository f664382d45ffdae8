"""``croupier admin create-user NAME --role floor [--full-name N] [--password-stdin]``.

Makes a staff (or player) account in the server's database; the password is asked twice at a
prompt, or read as one line from standard input with ``--password-stdin``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from croupier.cli._server import DatabaseOption, DataOption, failures, resolve_url
from croupier.cli.main import app

__all__ = ["admin_app", "create_user_command"]

admin_app = typer.Typer(
    name="admin", help="Administer the server's accounts.", no_args_is_help=True
)
app.add_typer(admin_app, name="admin")


@admin_app.command("create-user")
def create_user_command(
    name: Annotated[str, typer.Argument(help="The screen name.")],
    role: Annotated[
        str, typer.Option("--role", help="player, floor, cashier or admin.")
    ] = "player",
    full_name: Annotated[
        str | None, typer.Option("--full-name", help="The person's full name (CAS-3).")
    ] = None,
    password_stdin: Annotated[
        bool, typer.Option("--password-stdin", help="Read the password from standard input.")
    ] = False,
    bot: Annotated[
        bool,
        typer.Option(
            "--bot",
            help="A bot account, shown to all as a bot: one of the house's (nobody logs in,"
            " no password asked) or, with --password-stdin, one that logs in and plays"
            " through croupier.client.",
        ),
    ] = False,
    data: DataOption = Path("data"),
    database: DatabaseOption = None,
) -> None:
    """Create an account (a floor, cashier or admin for the staff; --bot: a house bot)."""
    from croupier.server.accounts import check_password, check_screen_name, create_user
    from croupier.server.room_rules import ROOM_RULES_VERSION
    from croupier.server.security import Passwords
    from croupier.server.storage import Store

    with failures():
        check_screen_name(name)
        if bot and not password_stdin:
            import secrets

            password = secrets.token_urlsafe(24)  # never used: nobody logs in as a bot
        elif password_stdin:
            password = sys.stdin.readline().rstrip("\r\n")
        else:
            password = typer.prompt("password", hide_input=True, confirmation_prompt=True)
        check_password(password, name)
        url = resolve_url(data, database, must_exist=False)
        if database is None:
            data.mkdir(mode=0o700, parents=True, exist_ok=True)
        store = Store(url)
        try:
            create_user(
                store,
                Passwords(),
                screen_name=name,
                role=role,
                password=password,
                full_name=full_name,
                rules_version=ROOM_RULES_VERSION,
                bot=bot,
                logs_in=bot and password_stdin,
            )
        finally:
            store.close()
    kind = (", a bot that logs in" if password_stdin else ", a house bot") if bot else ""
    typer.echo(f"created {name} ({role}{kind})")
