"""``croupier serve [--host H] [--port P] [--data DIR] [--database URL] [--no-demo]
[--trusted-proxy ADDR]... [--secure-cookies]``.

Runs the server (uvicorn, one process) until Ctrl-C: opens the data folder and its session
secret, applies the migrations, loads and audits the ledger, makes the demo room on a new
database, then prints the address and how to log in.
"""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path
from typing import Annotated, Any

import typer

from croupier.cli._server import DatabaseOption, DataOption, failures
from croupier.cli.main import app

__all__ = ["banner", "serve"]


def banner(services: Any) -> str:
    """What ``croupier serve`` prints once it listens: the address and how to log in."""
    config = services.config
    lines = [
        f"croupier is serving {config.address} ({services.store.backend} database)",
        f"  play: open {config.address} in a browser, register, sit at a table",
        f"  (the JSON API is under {config.address}/api: POST /api/register, GET /api/rules)",
    ]
    online = getattr(services, "online", None)
    if online is not None and online.tables.actors:
        names = ", ".join(sorted(online.tables.actors))
        lines.append(
            f"  cash tables ({names}) over ws://{config.address.removeprefix('http://')}/ws"
            " (docs/protocol.md)"
        )
    tournaments = None if online is None else getattr(online, "tournaments", None)
    if tournaments is not None and tournaments.actors:
        open_now = [a.spec.name for a in tournaments.actors.values() if a.state == "registering"]
        if open_now:
            lines.append(f"  tournaments open for registration: {', '.join(open_now)}")
    if config.demo and config.demo_chips:
        from croupier.room.cash.ledger import format_money

        lines.append(f"  every newcomer gets {format_money(config.demo_chips)} of play money")
    if services.demo_accounts:
        where = config.data_dir / "demo-accounts.txt"
        if services.new_database:  # their passwords once, when they are made (not in every log)
            accounts = ", ".join(
                f"{a.screen_name} / {a.password} ({a.role})" for a in services.demo_accounts
            )
            lines.append(f"  demo staff (also in {where}): {accounts}")
        else:
            names = ", ".join(f"{a.screen_name} ({a.role})" for a in services.demo_accounts)
            lines.append(f"  demo staff: {names}; their passwords are in {where}")
    lines.append("  staff accounts: croupier admin create-user NAME --role floor|cashier|admin")
    lines.append("  stop with Ctrl-C")
    return "\n".join(lines)


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=0, max=65_535, help="The port.")] = 8000,
    data: DataOption = Path("data"),
    database: DatabaseOption = None,
    no_demo: Annotated[
        bool,
        typer.Option(
            "--no-demo",
            help="No demo room, no demo chips for newcomers, no bot funded by the house.",
        ),
    ] = False,
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="A reverse proxy's address (or network) whose X-Forwarded-For is believed"
            " (repeat for several); without it, forwarded headers are ignored.",
        ),
    ] = None,
    secure_cookies: Annotated[
        bool,
        typer.Option(
            "--secure-cookies", help="Mark cookies Secure (the room is reached over HTTPS)."
        ),
    ] = False,
) -> None:
    """Run the croupier server (the room online) until Ctrl-C."""
    import uvicorn

    from croupier.server import ServerConfig, create_app
    from croupier.server.collector import settle
    from croupier.server.services import start_services

    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(message)s")
    with failures():
        config = ServerConfig(
            host=host,
            port=port,
            data_dir=data,
            database=database,
            demo=not no_demo,
            trusted_proxies=tuple(trusted_proxy or ()),
            secure_cookies=secure_cookies,
        )
        services = start_services(config)
    settle()
    asgi = create_app(config, services=services)

    class Server(uvicorn.Server):
        async def startup(self, sockets: Any = None) -> None:
            await super().startup(sockets=sockets)
            if self.started:
                typer.echo(banner(services))

    from croupier.server.launch import uvicorn_options

    server = Server(uvicorn.Config(asgi, **uvicorn_options(config)))
    with contextlib.suppress(KeyboardInterrupt):  # uvicorn shut down, then re-raised Ctrl-C
        server.run()
    if not server.started:
        raise typer.Exit(code=1)
    typer.echo("croupier stopped")
