"""The accounts API: the room's rules, registration, login, logout, the player's own page."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime

from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.server.accounts import Login, Registration, UserInfo
from croupier.server.errors import ServerError
from croupier.server.http import CSRF_COOKIE, SESSION_COOKIE, Context, api_route
from croupier.server.room_rules import ROOM_RULES
from croupier.server.security import new_token
from croupier.server.storage.reads import ledger_lines
from croupier.server.vitals import allocation_sites, object_types, process_vitals

__all__ = ["routes"]


async def health(ctx: Context) -> Response:
    """Is the server up, and does its database answer: ``ok``; ``degraded`` (the money desk
    stopped after a write refused for good); ``unavailable`` (503: the database cannot be used
    now; the server resumes by itself once it answers)."""
    services = ctx.services
    outage = await asyncio.to_thread(services.store.probe)
    stopped = services.money.failure is not None
    status = "unavailable" if outage is not None else "degraded" if stopped else "ok"
    database: dict[str, object] = {"state": "ok"}
    if outage is not None:
        database = {
            "state": "unavailable",
            "reason": outage.reason,
            "since": datetime.fromtimestamp(outage.since, UTC).isoformat(),
            "writes_waiting": outage.writes_waiting,
        }
    return JSONResponse(
        {
            "status": status,
            "database": services.store.backend,
            "database_state": database,
            "ledger": "stopped" if stopped else "open",
            "started_at": services.started_at.isoformat(),
        },
        status_code=503 if outage is not None else 200,
    )


async def vitals(ctx: Context) -> Response:
    """The process's vital signs (memory, descriptors, threads, tasks) for the admin;
    ``?types=N``: also the N most common types of objects in memory, with their counts;
    ``?trace=N``: the N source lines whose allocations grew most since the last such call
    (when the server runs with ``PYTHONTRACEMALLOC=1``)."""
    services = ctx.services
    stats = services.store.stats
    body = process_vitals(services.started_at.timestamp())
    body["store"] = {
        "commits": stats.commits,
        "calls": stats.calls,
        "failed_calls": stats.failed_calls,
        "available": services.store.available,
    }
    top = ctx.request.query_params.get("types")
    if top is not None:
        if not top.isdigit() or not 0 < int(top) <= 200:
            raise ServerError(f"types: a whole number from 1 to 200, not {top[:20]!r}")
        body["types"] = object_types(int(top))
    sites = ctx.request.query_params.get("trace")
    if sites is not None:
        if not sites.isdigit() or not 0 < int(sites) <= 200:
            raise ServerError(f"trace: a whole number from 1 to 200, not {sites[:20]!r}")
        body["trace"] = allocation_sites(int(sites))
    return JSONResponse(body)


async def rules(ctx: Context) -> Response:
    """The room's rules a newcomer accepts (POK-1-1), and the age of majority (POK-1-2)."""
    config = ctx.services.config
    return JSONResponse(
        {"version": config.rules_version, "text": ROOM_RULES, "adult_age": config.adult_age}
    )


async def csrf(ctx: Context) -> Response:
    """A CSRF token for the requests made before logging in (register, login)."""
    if ctx.session is not None:
        return JSONResponse({"csrf_token": ctx.session.csrf_token})
    token = ctx.request.cookies.get(CSRF_COOKIE) or new_token()
    return _with_csrf_cookie(ctx, JSONResponse({"csrf_token": token}), token)


def _with_csrf_cookie(ctx: Context, response: Response, token: str) -> Response:
    response.set_cookie(
        CSRF_COOKIE,
        token,
        httponly=True,
        samesite="strict",
        secure=ctx.services.config.secure_cookies,
    )
    return response


def _logged_in(ctx: Context, user: UserInfo, token: str, csrf_token: str, status: int) -> Response:
    response = JSONResponse(
        {
            "user": user.to_json(),
            "balance": ctx.services.money.balance(user.screen_name),
            "csrf_token": csrf_token,
        },
        status_code=status,
    )
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=ctx.services.config.session_seconds,
        httponly=True,
        samesite="lax",
        secure=ctx.services.config.secure_cookies,
    )
    response.delete_cookie(CSRF_COOKIE)
    return response


async def register(ctx: Context) -> Response:
    """Register a newcomer (CAS-3, POK-1-2, POK-1-1) and log him in."""
    form = await ctx.body(Registration)
    user, token, csrf_token = await ctx.services.accounts.register(form)
    return _logged_in(ctx, user, token, csrf_token, 201)


async def login(ctx: Context) -> Response:
    """Log in with a screen name and a password."""
    form = await ctx.body(Login)
    client = ctx.request.client
    source = client.host if client is not None else "unknown"
    user, token, csrf_token = await ctx.services.accounts.login(form, source=source)
    online = ctx.services.online
    if user.is_bot and online is not None:  # a bot account made since the server started
        online.tables.bot_accounts.add(user.screen_name)
    return _logged_in(ctx, user, token, csrf_token, 200)


async def logout(ctx: Context) -> Response:
    """End the session; the answer carries a CSRF token for logging in again."""
    await ctx.services.accounts.logout(ctx.user_session)
    online = ctx.services.online
    if online is not None:  # the session's sockets end with it
        online.sockets.end_session(ctx.user_session.token_hash)
    token = new_token()
    response = JSONResponse({"logged_out": True, "csrf_token": token})
    response.delete_cookie(SESSION_COOKIE)
    return _with_csrf_cookie(ctx, response, token)


async def me(ctx: Context) -> Response:
    """The player's own account, balance and CSRF token."""
    session = ctx.user_session
    return JSONResponse(
        {
            "user": session.user.to_json(),
            "balance": ctx.services.money.balance(session.user.screen_name),
            "csrf_token": session.csrf_token,
        }
    )


async def session(ctx: Context) -> Response:
    """Who is logged in, asked by every page: :func:`me`'s answer, or ``{"user": null}``
    (200, not 401: a visitor who is not logged in is no error)."""
    if ctx.session is None:
        return JSONResponse({"user": None, "balance": None})
    return await me(ctx)


async def my_ledger(ctx: Context) -> Response:
    """The player's own ledger lines, newest first (``?before=N&limit=M`` pages back)."""
    name = ctx.user_session.user.screen_name
    before = _int_param(ctx, "before", None, low=1)
    limit = _int_param(ctx, "limit", 50, low=1, high=500)
    assert limit is not None
    lines = await ctx.services.store.read(
        lambda c: ledger_lines(c, name, before=before, limit=limit)
    )
    return JSONResponse({"lines": [line._asdict() for line in lines]})


def _int_param(
    ctx: Context, name: str, default: int | None, *, low: int, high: int | None = None
) -> int | None:
    text = ctx.request.query_params.get(name)
    if text is None:
        return default
    high = 2**63 - 1 if high is None else high  # what a database column holds
    value = int(text) if re.fullmatch(r"[0-9]{1,19}", text) else low - 1
    if not low <= value <= high:
        raise ServerError(f"?{name}={text[:40]!r}: a whole number from {low} to {high}")
    return value


routes: list[Route] = [
    api_route("/api/health", health, login=False),
    api_route("/api/admin/vitals", vitals, roles=("admin",)),
    api_route("/api/rules", rules, login=False),
    api_route("/api/csrf", csrf, login=False),
    api_route("/api/register", register, method="POST", login=False),
    api_route("/api/login", login, method="POST", login=False),
    api_route("/api/logout", logout, method="POST"),
    api_route("/api/me", me),
    api_route("/api/session", session, login=False),
    api_route("/api/me/ledger", my_ledger),
]
