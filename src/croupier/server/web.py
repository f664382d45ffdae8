"""The browser client (issue 12): static files served by the app, pages under ``/``.

The client is plain ES modules, CSS and one HTML page in ``croupier/web/`` (package data, no
build step). ``/`` serves the page; ``/static/...`` its files. Every answer carries a
content security policy that allows only this origin (scripts, styles, images, the
WebSocket), and ``Cache-Control: no-cache`` so that a new version is picked up at once
(the browser revalidates with the ETag: a 304 costs nothing).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["WEB_DIR", "routes"]

WEB_DIR = Path(str(files("croupier") / "web"))
"""Where the client's files are."""

HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
        " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none';"
        " form-action 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-cache",
}


class _Headers:
    """An ASGI wrapper adding :data:`HEADERS` to every answer of ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                extra = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message["headers"] = [*message.get("headers", []), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)


async def _index(request: Request) -> Response:
    """The client's single page (its router reads the fragment: ``/#/lobby``)."""
    return FileResponse(WEB_DIR / "index.html", headers=HEADERS, media_type="text/html")


def routes() -> list[BaseRoute]:
    """The client's routes, to put after the API's."""
    return [
        Route("/", _index, methods=["GET", "HEAD"]),
        Mount("/static", app=_Headers(StaticFiles(directory=WEB_DIR)), name="static"),
    ]
