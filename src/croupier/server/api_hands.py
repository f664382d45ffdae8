"""Hand histories and the lobby over HTTP: a player lists and downloads his own hands (PKG-15:
text, and the deck commitment's proofs for ``croupier verify``); the floor reads every hand."""

from __future__ import annotations

import re

from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route

from croupier.server.errors import ServerError
from croupier.server.http import Context, api_route
from croupier.server.tables.hand_list import hand_list
from croupier.server.tables.histories import FORMATS, hand_history

__all__ = ["routes"]


_DIGITS = re.compile(r"[0-9]{1,19}")
_MAX_ID = 2**63 - 1
"""The largest id a database column holds (a bigger one is refused, never sent to SQL)."""


def _int(ctx: Context, name: str, default: int | None, *, low: int, high: int) -> int | None:
    text = ctx.request.query_params.get(name)
    if text is None:
        return default
    if not _DIGITS.fullmatch(text) or not low <= int(text) <= high:
        raise ServerError(f"{name} {text[:40]!r}: a whole number from {low} to {high}")
    return int(text)


async def my_hands(ctx: Context) -> Response:
    """The player's own hands, newest first: ``?limit=50&before=ID&table=NAME``, each with
    its table's title, his cards, the board, the pot and his result; ``more``: older hands
    remain; ``tables``: the tables he played at."""
    user = ctx.user_session.user.screen_name
    limit = _int(ctx, "limit", 50, low=1, high=500)
    before = _int(ctx, "before", None, low=1, high=10**15)
    table = ctx.request.query_params.get("table") or None
    if table is not None and len(table) > 120:
        raise ServerError("table: a table's name, at most 120 characters")
    assert limit is not None
    found = await ctx.services.store.read(
        lambda c: hand_list(c, user, before=before, limit=limit, table=table)
    )
    return JSONResponse(found)


async def one_hand(ctx: Context) -> Response:
    """One hand as the player saw it (JSON); one format alone with ``?format=text``,
    ``pokerstars`` or ``phh`` (a download); the proofs alone with ``?format=proofs`` (the file
    ``croupier verify`` reads)."""
    session = ctx.user_session
    raw = ctx.request.path_params["hand_id"]
    if not _DIGITS.fullmatch(raw) or not 1 <= int(raw) <= _MAX_ID:
        raise ServerError(f"hand id {raw[:40]!r}: a whole number from 1 to {_MAX_ID}")
    hand_id = int(raw)
    found = await hand_history(
        ctx.services.store,
        hand_id,
        player=session.user.screen_name,
        role=session.user.role,
        live_cards=ctx.services.config.online.floor_sees_live_cards,
    )
    kind = ctx.request.query_params.get("format", "json")
    if kind in FORMATS:
        text = found[kind]
        if text is None:
            raise ServerError(f"hand {hand_id} has no {kind} history (it was voided)")
        suffix = {"text": "txt", "pokerstars": "txt", "phh": "phh"}[kind]
        name = f"{found['table']}-hand-{found['hand']}-{kind}.{suffix}"
        return PlainTextResponse(
            text, headers={"Content-Disposition": f'attachment; filename="{name}"'}
        )
    if kind == "proofs":
        return JSONResponse(found["proofs"])
    if kind != "json":
        raise ServerError(f"format {kind!r}: json, text, pokerstars, phh or proofs")
    return JSONResponse(found)


async def lobby(ctx: Context) -> Response:
    """Every cash table: game, version, stakes, seats taken, waiting list, its information
    (CAS-28)."""
    online = ctx.services.online
    tables = [] if online is None else online.tables.lobby()
    return JSONResponse({"tables": tables})


routes: list[Route] = [
    api_route("/api/hands", my_hands),
    api_route("/api/hands/{hand_id}", one_hand),
    api_route("/api/lobby", lobby),
]
