"""The floor's API (``/api/floor/...``): the floor and the admin only; a player gets 403.

The log of decisions (:mod:`croupier.server.floor.log`) as JSON or CSV.
"""

from __future__ import annotations

from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.server.errors import ServerError
from croupier.server.floor.log import LogFilter, log_csv, read_log
from croupier.server.http import Context, api_route

__all__ = ["FLOOR", "csv_response", "routes"]

FLOOR = ("floor", "admin")
"""The roles that may use the floor's console (the admin may do what the floor does)."""


def csv_response(text: str, filename: str) -> Response:
    """A CSV download."""
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


async def floor_log(ctx: Context) -> Response:
    """The floor's log, newest first, filtered by the query (``subject_kind``, ``subject_id``,
    ``place``, ``action``, ``who``, ``since``, ``until``, ``text``, ``before``, ``limit``);
    ``?format=csv`` for a download."""
    query = ctx.request.query_params
    where = LogFilter.from_query(query)
    kind = query.get("format", "json")
    if kind not in ("json", "csv"):
        raise ServerError(f"format {kind!r}: json or csv")
    decisions = await ctx.services.store.read(lambda c: read_log(c, where))
    if kind == "csv":
        return csv_response(log_csv(decisions), "floor-log.csv")
    return JSONResponse({"decisions": [d.to_dict() for d in decisions]})


routes: list[Route] = [
    api_route("/api/floor/log", floor_log, roles=FLOOR),
]
