"""The ASGI app: ``create_app(config)`` for uvicorn (``croupier serve``) or a test client."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from starlette.applications import Starlette
from starlette.middleware import Middleware

from croupier.server import api_accounts, api_floor, api_hands, api_live, api_money, web
from croupier.server.api_headers import ApiHeaders
from croupier.server.config import ServerConfig
from croupier.server.http import exception_handlers
from croupier.server.services import Services, start_services
from croupier.server.tournaments import api as api_tournaments
from croupier.server.ws.endpoint import routes as ws_routes

__all__ = ["create_app"]


def create_app(
    config: ServerConfig,
    *,
    services: Services | None = None,
    on_ready: Callable[[Services], None] | None = None,
) -> Starlette:
    """The server's app. Its lifespan opens everything (:func:`start_services`: migrations,
    the ledger, the demo room on a new database) unless ``services`` were opened already,
    calls ``on_ready``, and on shutdown writes what is queued and closes the database."""

    given = services

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        nonlocal given
        current = given if given is not None else start_services(config)
        given = None  # services handed over serve one run; a second run opens its own
        app.state.services = current
        try:
            from croupier.server.online import start_online

            current.online = await start_online(current)
            try:
                if on_ready is not None:
                    on_ready(current)
                yield
            finally:
                await current.online.close()
                current.online = None
        finally:
            current.close()

    return Starlette(
        routes=[
            *api_accounts.routes,
            *api_money.routes,
            *api_hands.routes,
            *api_live.routes,
            *api_floor.routes,
            *api_tournaments.routes,
            *ws_routes,
            *web.routes(),
        ],
        exception_handlers=exception_handlers(),
        middleware=[Middleware(ApiHeaders)],
        lifespan=lifespan,
    )
