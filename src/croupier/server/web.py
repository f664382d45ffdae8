"""The browser client (issue 12, shipped as issue 17 asks): its pages under ``/``, its files
under ``/static``.

The client's sources are plain ES modules, stylesheets and HTML pages in ``croupier/web/``.
``scripts/build_web.mjs`` (esbuild, run by ``make`` and by the package's build) bundles them
into ``croupier/web/dist/``: content-hashed files with a gzip and a brotli copy each, the
pages pointing at them, and ``manifest.json`` with the digest of the sources it was built
from. This module serves that build:

- ``/`` (the players' and the floor's pages) and ``/clock/<id>`` (the wall clock): the built
  HTML, ``Cache-Control: no-cache`` (revalidated with its ETag: a new version is seen at once);
- ``/static/dist/<file>``: a built file, ``Cache-Control: public, max-age=31536000,
  immutable`` (its name changes with its content), compressed as the browser accepts
  (brotli, else gzip);
- ``/static/js|css|img/...``: the sources themselves, ``no-cache`` (the source maps point at
  them; no page loads them).

A build whose digest is not the sources' (a source edited since, or no build at all) is never
served: the pages answer 503 saying how to build, and the server logs it at start. Every
answer carries a content security policy that allows only this origin.
"""

from __future__ import annotations

import hashlib
import json
import logging
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from croupier.server.webdigest import sources_digest

__all__ = [
    "HEADERS",
    "WEB_DIR",
    "Build",
    "asset_url",
    "load_build",
    "page_response",
    "routes",
    "sources_digest",
]

log = logging.getLogger(__name__)

WEB_DIR = Path(str(files("croupier") / "web"))
"""Where the client's files are (its sources, and its build in ``dist/``)."""

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
IMMUTABLE = "public, max-age=31536000, immutable"
BUILD_HINT = (
    "run `make web` (or `npm ci && node scripts/build_web.mjs` in the project's folder;"
    " Node.js 18 or newer)"
)
_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".map": "application/json",
    ".json": "application/json",
}


@dataclass(frozen=True, slots=True)
class _File:
    """One built file: its bytes as they are and compressed, its type and ETag."""

    raw: bytes
    gzip: bytes | None
    brotli: bytes | None
    media_type: str
    etag: str


@dataclass(frozen=True, slots=True)
class Build:
    """The client's build as the server serves it (in memory: a few hundred KB)."""

    files: dict[str, _File]
    """By name under ``dist/`` (``main-ABCD1234.js``, ``chunks/...``, ``index.html``)."""
    names: dict[str, str]
    """The built name of each source (``css/app.css`` to ``app-1234abcd.css``)."""
    problem: str | None
    """Why the build cannot be served (missing, stale), or None."""

    def url(self, source: str) -> str:
        """The URL of a source's built file (``css/report.css``), or of the source itself."""
        name = self.names.get(source)
        return f"/static/dist/{name}" if name else f"/static/{source}"


def load_build(web: Path = WEB_DIR) -> Build:
    """Read ``web/dist``: every file, checked against the sources' digest."""
    dist = web / "dist"
    try:
        manifest: dict[str, Any] = json.loads((dist / "manifest.json").read_text())
    except (OSError, ValueError):
        return Build({}, {}, f"the web client is not built (no {dist}/manifest.json): {BUILD_HINT}")
    digest = sources_digest(web)
    if manifest.get("digest") != digest:
        return Build(
            {},
            {},
            f"the web client's build in {dist} is stale (its sources changed since): {BUILD_HINT}",
        )
    built: dict[str, _File] = {}
    for path in dist.rglob("*"):
        if not path.is_file() or path.suffix in (".gz", ".br") or path.name == "manifest.json":
            continue
        raw = path.read_bytes()
        gz, br = path.with_name(path.name + ".gz"), path.with_name(path.name + ".br")
        built[path.relative_to(dist).as_posix()] = _File(
            raw=raw,
            gzip=gz.read_bytes() if gz.is_file() else None,
            brotli=br.read_bytes() if br.is_file() else None,
            media_type=_TYPES.get(path.suffix, "application/octet-stream"),
            etag='"' + hashlib.sha256(raw).hexdigest()[:20] + '"',
        )
    return Build(built, dict(manifest.get("files", {})), None)


_build: Build | None = None


def current_build() -> Build:
    """The build this process serves (read once)."""
    global _build
    if _build is None:
        _build = load_build()
        if _build.problem:
            log.error("%s", _build.problem)
    return _build


def asset_url(source: str) -> str:
    """The URL to link a source file by (``css/print.css``): its built, hashed file."""
    return current_build().url(source)


def _encoding(request: Request) -> str:
    """The best encoding the browser accepts among brotli, gzip and none."""
    accepted: dict[str, float] = {}
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        if name:
            accepted[name.strip().lower()] = quality
    for name in ("br", "gzip"):
        if accepted.get(name, accepted.get("*", 0.0)) > 0:
            return name
    return "identity"


def _send(request: Request, item: _File, *, cache: str) -> Response:
    headers = {**HEADERS, "Cache-Control": cache, "ETag": item.etag, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == item.etag:
        return Response(status_code=304, headers=headers)
    body, encoding = item.raw, _encoding(request)
    if encoding == "br" and item.brotli is not None:
        body = item.brotli
        headers["Content-Encoding"] = "br"
    elif encoding in ("br", "gzip") and item.gzip is not None:
        body = item.gzip
        headers["Content-Encoding"] = "gzip"
    return Response(body, headers=headers, media_type=item.media_type)


def page_response(request: Request, name: str, build: Build | None = None) -> Response:
    """A built HTML page (``index.html``, ``clock.html``), or a 503 saying how to build."""
    build = build or current_build()
    item = build.files.get(name)
    if build.problem or item is None:
        problem = build.problem or f"the web client's build has no {name}: {BUILD_HINT}"
        return HTMLResponse(
            "<!doctype html><html lang=en><meta charset=utf-8><title>croupier: not built</title>"
            f"<h1>The web client cannot be served</h1><p>{_escape(problem)}</p></html>",
            status_code=503,
            headers=HEADERS,
        )
    return _send(request, item, cache="no-cache")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


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


def routes(build: Build | None = None) -> list[BaseRoute]:
    """The client's routes, to put after the API's (``build``: the one read at start)."""
    served = build or current_build()  # read and checked at start: a stale build is logged

    async def index(request: Request) -> Response:
        """The client's single page (its router reads the fragment: ``/#/lobby``)."""
        return page_response(request, "index.html", served)

    async def built(request: Request) -> Response:
        """A built file: immutable (its name is its content's)."""
        name = request.path_params["name"]
        item = None if name.endswith(".html") else served.files.get(name)
        if item is None:
            return PlainTextResponse("not found", status_code=404, headers=HEADERS)
        return _send(request, item, cache=IMMUTABLE)

    return [
        Route("/", index, methods=["GET", "HEAD"]),
        Route("/static/dist/{name:path}", built, methods=["GET", "HEAD"]),
        Mount("/static", app=_Headers(StaticFiles(directory=WEB_DIR)), name="static"),
    ]
