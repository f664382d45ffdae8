"""The floor's API (``/api/floor/...``): the floor and the admin only; a player gets 403.

- ``GET /api/floor/log``: the log of decisions (:mod:`croupier.server.floor.log`), JSON or CSV;
- ``/api/floor/cash...``: the cash tables (:mod:`croupier.server.floor.cash`): the overview,
  open, announce the last hands (CAS-25), close, call the waiting list (CAS-7), move a player
  (CAS-6), void a hand (POK-2-9), mute, return set-aside and orphan chips (CAS-8), the daily
  report (CAS-23), a table's ledger, its rake box reconciled;
- ``/api/floor/penalties``: warnings, suspensions in orbits, disqualifications (POK-13-1,
  ITA-51), and lifting them (:mod:`croupier.server.floor.penalties`).

Every change answers once it is stored, with its line in the log.
"""

from __future__ import annotations

from datetime import date
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from croupier.room.cash.ledger import Account
from croupier.server.errors import NotFoundError, ServerError
from croupier.server.floor import cash, reports
from croupier.server.floor.cash import Floor, TableTerms
from croupier.server.floor.log import MAX_WHY, LogFilter, log_csv, read_log
from croupier.server.floor.penalties import Penalty, apply_penalty
from croupier.server.http import Context, api_route
from croupier.server.money import MAX_AMOUNT
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage.reads import user_by_name
from croupier.server.storage.types import utc_now
from croupier.server.tables.service import CashTables
from croupier.server.web import HEADERS

__all__ = ["FLOOR", "csv_response", "floor_of", "routes"]

FLOOR = ("floor", "admin")
"""The roles that may use the floor's console (the admin may do what the floor does)."""

Name = Field(min_length=1, max_length=32)
Why = Field(default="", max_length=MAX_WHY)


def csv_response(text: str, filename: str) -> Response:
    """A CSV download."""
    return Response(
        text,
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{filename}"'},
    )


def floor_of(ctx: Context) -> Floor:
    """Who is at the console."""
    user = ctx.user_session.user
    return Floor(who=user.screen_name, role=user.role)


def _tables(ctx: Context) -> CashTables:
    online = ctx.services.online
    if online is None:
        raise ProtocolError("unavailable", "the cash tables are not running")
    return online.tables


def _table(ctx: Context) -> str:
    name = ctx.request.path_params["table"]
    tables = _tables(ctx)
    if name not in tables.actors:
        shown = ", ".join(sorted(tables.actors)) or "none"
        raise NotFoundError(f"no cash table {name!r}: tables are {shown}")
    return str(name)


async def _player(ctx: Context, name: str) -> str:
    row = await ctx.services.store.read(lambda c: user_by_name(c, name))
    if row is None:
        raise NotFoundError(f"no account named {name!r}")
    return str(row.screen_name)


class _Form(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class OpenForm(_Form):
    """A table to open."""

    table: str = Name
    preset: Literal["casino-fr", "pokerkings"] = "casino-fr"
    version: Literal["no-limit", "pot-limit", "fixed-limit"] = "no-limit"
    small_blind: int = Field(default=100, gt=0, le=MAX_AMOUNT)
    big_blind: int = Field(default=200, gt=0, le=MAX_AMOUNT)
    seats: int = Field(default=6, ge=2, le=10)
    min_buy_in: int | None = Field(default=None, gt=0, le=MAX_AMOUNT)
    max_buy_in: int | None = Field(default=None, gt=0, le=MAX_AMOUNT)
    option: bool = False
    floor_calls: bool = True
    bots_allowed: bool = True
    why: str = Why


class WhyForm(_Form):
    """A decision on a table, and why."""

    why: str = Why


class VoidForm(_Form):
    """The hand to void, and why (required)."""

    hand: int | None = Field(default=None, ge=1)
    why: str = Field(min_length=1, max_length=MAX_WHY)


class CallsForm(_Form):
    """Who calls a table's waiting list."""

    floor_calls: bool


class PlayerForm(_Form):
    """A decision on a player, and why."""

    player: str = Name
    why: str = Why


class MoveForm(_Form):
    """A player to move, where to."""

    player: str = Name
    table: str = Name
    seat: int | None = Field(default=None, ge=1, le=10)
    why: str = Why


class MuteForm(_Form):
    """A player to mute or unmute."""

    player: str = Name
    muted: bool = True
    why: str = Why


class PenaltyForm(_Form):
    """A penalty on a player: at a place (``table:NAME``, ``tournament:ID``) or his table."""

    player: str = Name
    kind: Literal["warning", "suspension", "disqualification", "lift"]
    orbits: int = Field(default=0, ge=0, le=1000)
    place: str = Field(default="", max_length=80)
    why: str = Field(min_length=1, max_length=MAX_WHY)


# ------------------------------------------------------------------- log
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


# ------------------------------------------------------------------ cash
async def cash_overview(ctx: Context) -> Response:
    """The cash room as the floor sees it."""
    return JSONResponse(cash.overview(_tables(ctx)))


async def open_table(ctx: Context) -> Response:
    """Open a cash table (preset, version, stakes, seats, buy-ins)."""
    form = await ctx.body(OpenForm)
    terms = TableTerms(
        name=form.table,
        preset=form.preset,
        version=form.version,
        small_blind=form.small_blind,
        big_blind=form.big_blind,
        seats=form.seats,
        min_buy_in=form.min_buy_in,
        max_buy_in=form.max_buy_in,
        option=form.option,
        floor_calls=form.floor_calls,
        bots_allowed=form.bots_allowed,
    )
    done = await cash.open_table(_tables(ctx), floor_of(ctx), terms, form.why)
    return JSONResponse(done, status_code=201)


async def announce(ctx: Context) -> Response:
    """Announce the last three hands of a table (CAS-25)."""
    table = _table(ctx)
    form = await ctx.body(WhyForm)
    return JSONResponse(
        await cash.announce_last_hands(_tables(ctx), floor_of(ctx), table, form.why)
    )


async def close(ctx: Context) -> Response:
    """Close a table whose game has stopped, cashing everyone out."""
    table = _table(ctx)
    form = await ctx.body(WhyForm)
    return JSONResponse(await cash.close_table(_tables(ctx), floor_of(ctx), table, form.why))


async def calls(ctx: Context) -> Response:
    """Whether the floor calls the table's waiting list."""
    table = _table(ctx)
    form = await ctx.body(CallsForm)
    return JSONResponse(
        await cash.set_floor_calls(_tables(ctx), floor_of(ctx), table, form.floor_calls)
    )


async def call_next(ctx: Context) -> Response:
    """Call the next name on the table's waiting list (CAS-7)."""
    table = _table(ctx)
    await ctx.body(WhyForm)
    return JSONResponse(await cash.call_next(_tables(ctx), floor_of(ctx), table))


async def void(ctx: Context) -> Response:
    """Void the hand in progress (POK-2-9)."""
    table = _table(ctx)
    form = await ctx.body(VoidForm)
    return JSONResponse(
        await cash.void_hand(_tables(ctx), floor_of(ctx), table, form.hand, form.why)
    )


async def table_ledger(ctx: Context) -> Response:
    """The ledger of a table: JSON, or ``?format=csv``."""
    table = _table(ctx)
    lines = await ctx.services.store.read(lambda c: reports.table_ledger(c, table))
    kind = ctx.request.query_params.get("format", "json")
    if kind == "csv":
        return csv_response(reports.table_ledger_csv(lines), f"ledger-{table}.csv")
    if kind != "json":
        raise ServerError(f"format {kind!r}: json or csv")
    return JSONResponse({"table": table, "lines": lines})


async def rake_box(ctx: Context) -> Response:
    """A table's rake box, reconciled: the house box in the ledger, the rake posted in the
    stored ledger and the rake of the stored hands must be equal (CAS-23)."""
    table = _table(ctx)
    tables = _tables(ctx)
    box = tables.room.ledger.balance(Account.house(table))
    stored = await ctx.services.store.read(lambda c: reports.stored_rake(c, table))
    return JSONResponse(
        {
            "table": table,
            "rake_box": box,
            "ledger": stored["ledger"],
            "hands": stored["hands"],
            "reconciled": box == stored["ledger"] == stored["hands"],
            "room_balanced": tables.room.ledger.check().balanced,
        }
    )


async def report(ctx: Context) -> Response:
    """The daily report (CAS-23): ``?date=YYYY-MM-DD`` (today, UTC), ``&format=csv|html``."""
    query = ctx.request.query_params
    text = query.get("date") or utc_now().date().isoformat()
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise ServerError(f"date {text!r}: a day written YYYY-MM-DD") from None
    found = await ctx.services.store.read(lambda c: reports.daily_report(c, day))
    kind = query.get("format", "json")
    if kind == "csv":
        return csv_response(reports.report_csv(found), f"cash-report-{day.isoformat()}.csv")
    if kind == "html":
        return HTMLResponse(reports.report_html(found, query.get("lang", "en")), headers=HEADERS)
    if kind != "json":
        raise ServerError(f"format {kind!r}: json, csv or html")
    return JSONResponse(found)


async def move(ctx: Context) -> Response:
    """Move a player between hands (CAS-6)."""
    form = await ctx.body(MoveForm)
    player = await _player(ctx, form.player)
    tables = _tables(ctx)
    tables.actor(form.table)
    return JSONResponse(
        await cash.move_player(tables, floor_of(ctx), player, form.table, form.seat, form.why)
    )


async def mute(ctx: Context) -> Response:
    """Mute or unmute a player's chat."""
    form = await ctx.body(MuteForm)
    player = await _player(ctx, form.player)
    return JSONResponse(
        await cash.mute_player(_tables(ctx), floor_of(ctx), player, form.muted, form.why)
    )


async def return_chips(ctx: Context) -> Response:
    """Pay a player's set-aside and orphan chips into his balance (CAS-8)."""
    form = await ctx.body(PlayerForm)
    player = await _player(ctx, form.player)
    return JSONResponse(await cash.return_chips(_tables(ctx), floor_of(ctx), player, form.why))


async def unlist(ctx: Context) -> Response:
    """Take a player off every waiting list."""
    form = await ctx.body(PlayerForm)
    player = await _player(ctx, form.player)
    return JSONResponse(
        await cash.remove_from_waiting(_tables(ctx), floor_of(ctx), player, form.why)
    )


# -------------------------------------------------------------- penalties
async def penalty(ctx: Context) -> Response:
    """A warning, a suspension (orbits), a disqualification, or lifting one (POK-13-1)."""
    form = await ctx.body(PenaltyForm)
    done = await apply_penalty(
        ctx.services,
        floor_of(ctx),
        Penalty(
            player=form.player, kind=form.kind, why=form.why, orbits=form.orbits, place=form.place
        ),
    )
    return JSONResponse(done)


async def penalties(ctx: Context) -> Response:
    """The suspensions and disqualifications in force at the cash tables."""
    tables = _tables(ctx)
    return JSONResponse(
        {
            "suspensions": [s.to_dict() for s in tables.floor.suspensions.values()],
            "barred": sorted(tables.floor.barred),
        }
    )


_T = "/api/floor/cash/tables/{table}"

routes: list[Route] = [
    api_route("/api/floor/log", floor_log, roles=FLOOR),
    api_route("/api/floor/cash", cash_overview, roles=FLOOR),
    api_route("/api/floor/cash/tables", open_table, method="POST", roles=FLOOR),
    api_route(f"{_T}/announce", announce, method="POST", roles=FLOOR),
    api_route(f"{_T}/close", close, method="POST", roles=FLOOR),
    api_route(f"{_T}/calls", calls, method="POST", roles=FLOOR),
    api_route(f"{_T}/call", call_next, method="POST", roles=FLOOR),
    api_route(f"{_T}/void", void, method="POST", roles=FLOOR),
    api_route(f"{_T}/ledger", table_ledger, roles=FLOOR),
    api_route(f"{_T}/rake", rake_box, roles=FLOOR),
    api_route("/api/floor/cash/report", report, roles=FLOOR),
    api_route("/api/floor/cash/move", move, method="POST", roles=FLOOR),
    api_route("/api/floor/cash/mute", mute, method="POST", roles=FLOOR),
    api_route("/api/floor/cash/return-chips", return_chips, method="POST", roles=FLOOR),
    api_route("/api/floor/cash/unlist", unlist, method="POST", roles=FLOOR),
    api_route("/api/floor/penalties", penalty, method="POST", roles=FLOOR),
    api_route("/api/floor/penalties", penalties, roles=FLOOR),
]
"""Every route of the floor's API (a test sends each a player's session: 403)."""
