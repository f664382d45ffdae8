"""HTTP plumbing: JSON errors (never a stack trace), bodies read within a size limit and
validated, and the guard every API route passes: session, role, origin and CSRF token."""

from __future__ import annotations

import hmac
import json
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

import sqlalchemy as sa
from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.errors import CroupierError
from croupier.server.accounts import SessionInfo
from croupier.server.errors import AuthenticationError, ForbiddenError, ServerError
from croupier.server.security import origin_allowed, request_origin
from croupier.server.services import Services
from croupier.server.storage.store import DatabaseGoneError, transient
from croupier.server.textcheck import check_text

__all__ = [
    "CSRF_COOKIE",
    "CSRF_HEADER",
    "SESSION_COOKIE",
    "Context",
    "api_route",
    "error_response",
    "exception_handlers",
    "read_model",
]

SESSION_COOKIE = "croupier_session"
CSRF_COOKIE = "croupier_csrf"
CSRF_HEADER = "x-csrf-token"
_SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
_SECRET_FIELDS = frozenset({"password"})
_log = logging.getLogger("croupier.server.http")

M = TypeVar("M", bound=BaseModel)


class PayloadTooLargeError(ServerError):
    """A request body over the server's limit."""

    status = 413
    code = "too_large"


class UnsupportedMediaError(ServerError):
    """A request body that is not JSON."""

    status = 415
    code = "not_json"


def error_response(
    status: int, code: str, message: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    """The JSON every error is: ``{"error": code, "message": message}``."""
    return JSONResponse({"error": code, "message": message}, status_code=status, headers=headers)


async def _server_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ServerError)
    headers = None
    retry = getattr(exc, "retry_after", None)
    if retry is not None:
        headers = {"Retry-After": str(retry)}
    return error_response(exc.status, exc.code, str(exc), headers)


async def _croupier_error(request: Request, exc: Exception) -> Response:
    return error_response(400, "bad_request", str(exc))


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    message = exc.detail if exc.status_code not in (404, 405) else None
    if exc.status_code == 404:
        message = f"no such page: {request.url.path}"
    elif exc.status_code == 405:
        message = f"{request.method} is not allowed on {request.url.path}"
    return error_response(exc.status_code, code, str(message), exc.headers)


async def _database_error(request: Request, exc: Exception) -> Response:
    if transient(exc):
        _log.warning("database unavailable on %s %s: %s", request.method, request.url.path, exc)
        return error_response(
            503,
            "database_unavailable",
            "the database is unavailable for now: nothing was done; try again shortly",
        )
    return await _unexpected(request, exc)


async def _unexpected(request: Request, exc: Exception) -> Response:
    _log.exception("internal error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response(500, "internal", "internal error: the server's log has the details")


def exception_handlers() -> dict[Any, Callable[[Request, Exception], Awaitable[Response]]]:
    """Starlette's exception handlers: every error becomes JSON."""
    return {
        ServerError: _server_error,
        CroupierError: _croupier_error,
        HTTPException: _http_error,
        sa.exc.DBAPIError: _database_error,
        DatabaseGoneError: _database_error,
        Exception: _unexpected,
    }


async def read_model(request: Request, model: type[M], *, limit: int) -> M:
    """The request's JSON body as ``model``, read up to ``limit`` bytes; a clear 4xx otherwise."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise UnsupportedMediaError(
            f"the body must be JSON (Content-Type: application/json), not {kind or 'none'!r}"
        )
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise PayloadTooLargeError(f"the body is over {limit} bytes")
    try:
        form = model.model_validate_json(bytes(body))
    except ValidationError as error:
        raise ServerError(_describe(error)) from None
    check_text(json.loads(bytes(body)))
    return form


def _describe(error: ValidationError) -> str:
    parts = []
    for item in error.errors(include_url=False):
        where = ".".join(str(p) for p in item["loc"]) or "body"
        text = f"{where}: {item['msg']}"
        if item["type"] == "json_invalid":
            text = f"the body is not valid JSON ({item['msg']})"
        elif item["loc"] and item["loc"][0] not in _SECRET_FIELDS and "input" in item:
            shown = repr(item["input"])
            text += f" (got {shown[:80]})"
        parts.append(text)
    return "; ".join(parts)


@dataclass(frozen=True, slots=True)
class Context:
    """What an API handler gets: the request, the server's parts and the session (if any)."""

    request: Request
    services: Services
    session: SessionInfo | None

    @property
    def user_session(self) -> SessionInfo:
        """The session of a route that requires one."""
        assert self.session is not None, "this route does not require a login"
        return self.session

    async def body(self, model: type[M]) -> M:
        """The request's body as ``model``."""
        return await read_model(self.request, model, limit=self.services.config.max_body_bytes)


Handler = Callable[[Context], Awaitable[Response]]


def api_route(
    path: str,
    handler: Handler,
    *,
    method: str = "GET",
    login: bool = True,
    roles: tuple[str, ...] = (),
) -> Route:
    """A route of the JSON API. ``login``: a session is required (CAS-3: only registered
    players have access); ``roles``: one of them is required; every method but GET must come
    from the server's own origin and carry the CSRF token in ``X-CSRF-Token``."""

    async def endpoint(request: Request) -> Response:
        services: Services = request.app.state.services
        session = None
        token = request.cookies.get(SESSION_COOKIE)
        if token:
            session = await services.accounts.session(token)
        if login and session is None:
            raise AuthenticationError("log in first: this needs a registered account (CAS-3)")
        if request.method not in _SAFE:
            _check_origin(request, services)
            _check_csrf(request, session)
        if roles:
            assert session is not None
            if session.user.role not in roles:
                raise ForbiddenError(
                    f"this needs the {' or '.join(roles)} role; {session.user.screen_name}"
                    f" is {session.user.role}"
                )
        return await handler(Context(request, services, session))

    return Route(path, endpoint, methods=[method])


def _check_origin(request: Request, services: Services) -> None:
    own = request_origin(request.url.scheme, request.headers.get("host", ""))
    if not origin_allowed(request.headers, own, services.config.allowed_origins):
        shown = request.headers.get("origin") or request.headers.get("referer") or "none"
        raise ForbiddenError(
            f"cross-origin request refused: origin {shown!r}, this server is {own!r}"
        )


def _check_csrf(request: Request, session: SessionInfo | None) -> None:
    sent = request.headers.get(CSRF_HEADER, "")
    expected = session.csrf_token if session is not None else request.cookies.get(CSRF_COOKIE, "")
    if not sent or not expected or not hmac.compare_digest(sent, expected):
        where = "your session's" if session is not None else "the croupier_csrf cookie's"
        raise ForbiddenError(
            f"missing or wrong CSRF token: send {where} token in the X-CSRF-Token header"
            " (GET /api/me or GET /api/csrf gives it)"
        )
