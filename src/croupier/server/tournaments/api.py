"""Tournaments over HTTP: the lobby's tournaments and one tournament's view for anyone logged
in; the floor's operations for the ``floor`` and ``admin`` roles (a player gets 403): create
from a preset (and a structure), start, pause and resume the clock, add or remove time, move
a player, apply the balancing suggestion, hand-for-hand on or off, cancel, copy; the floor's
view (``GET /api/tournaments/ID/floor``: chip counts, balancing suggestion). Every operation
gives its reason and is written to the floor's log with who, role and when, in the same
transaction as the change (``GET /api/tournaments/ID/decisions``). The clock's public face:
``GET /api/tournaments/ID/clock`` (no login; ``/api/clock/ID`` falls back to it)."""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.errors import ConfigurationError
from croupier.server.errors import ServerError
from croupier.server.floor.log import LogFilter, read_log
from croupier.server.http import Context, api_route
from croupier.server.protocol.codes import ProtocolError
from croupier.server.tables.commands import Command
from croupier.server.tournaments.console import decision_line, public_face
from croupier.server.tournaments.service import Tournaments
from croupier.server.tournaments.spec import ONLINE_PRESETS, Spec, levels_json

__all__ = ["routes"]

STAFF = ("floor", "admin")
Reason = Annotated[str, StringConstraints(min_length=1, max_length=500)]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateBody(_Body):
    preset: Annotated[str, StringConstraints(pattern=r"^[a-z-]{1,32}$")]
    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,48}$")] | None = None
    name: Annotated[str, StringConstraints(min_length=1, max_length=80)] | None = None
    kind: Literal["sit-and-go", "scheduled"] = "sit-and-go"
    max_players: Annotated[int, Field(ge=2, le=1000)] | None = None
    table_size: Annotated[int, Field(ge=2, le=10)] | None = None
    start_when: Annotated[int, Field(ge=2, le=1000)] | None = None
    starts_at: float | None = None
    buy_in: Annotated[int, Field(ge=0, le=10**9)] | None = None
    fee: Annotated[int, Field(ge=0, le=10**9)] | None = None
    structure: dict[str, Any] | None = None
    reason: Reason = "created by the floor"


class ReasonBody(_Body):
    reason: Reason


class TimeBody(_Body):
    seconds: Annotated[int, Field(ge=-3600, le=3600)]
    reason: Reason


class MoveBody(_Body):
    player: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,32}$")]
    table: Annotated[int, Field(ge=1, le=1000)]
    seat: Annotated[int, Field(ge=1, le=10)] | None = None
    reason: Reason


class HandForHandBody(_Body):
    on: bool
    reason: Reason


def _service(ctx: Context) -> Tournaments:
    online = ctx.services.online
    if online is None or online.tournaments is None:
        raise ProtocolError("unavailable", "the tournaments are not running")
    return online.tournaments


def _id(ctx: Context) -> str:
    return str(ctx.request.path_params["tid"])


async def list_tournaments(ctx: Context) -> Response:
    """Every tournament of the lobby."""
    return JSONResponse({"tournaments": _service(ctx).lobby()})


async def one_tournament(ctx: Context) -> Response:
    """One tournament as the caller sees it (his ``you``)."""
    user = ctx.user_session.user.screen_name
    return JSONResponse(_service(ctx).view(_id(ctx), user))


async def decisions(ctx: Context) -> Response:
    """The floor's decisions on a tournament, oldest first: who, role, when, what, why (the
    floor's log, subject kind ``tournament``; a tournament older than the log: its own)."""
    actor = _service(ctx).actor(_id(ctx))
    where = LogFilter(subject_kind="tournament", subject_id=actor.id, limit=5000)
    logged = await ctx.services.store.read(lambda c: read_log(c, where))
    if not logged:
        return JSONResponse({"decisions": actor.decisions})
    return JSONResponse({"decisions": [decision_line(d) for d in reversed(logged)]})


async def floor_view(ctx: Context) -> Response:
    """The tournament as the floor sees it: every player's table, seat and chips, the
    tables, the clock, the balancing suggestion (read only)."""
    actor = _service(ctx).actor(_id(ctx))
    return JSONResponse(await actor.submit(Command("floor_view")))


async def clock_face(ctx: Context) -> Response:
    """The clock's public face of a tournament online (no login: nothing hidden in it)."""
    actor = _service(ctx).actor(_id(ctx))
    return JSONResponse(await public_face(actor))


async def presets(ctx: Context) -> Response:
    """The presets served online with what the console's form starts from: the structure
    (levels and breaks), the starting stack, the late registration, the buy-in and fee, the
    table size, rebuys and add-ons."""
    out: dict[str, Any] = {}
    for name in ONLINE_PRESETS:
        config = Spec.make(id="preset", preset=name).tournament_config()
        structure = config.structure
        levels, breaks = levels_json(structure)
        out[name] = {
            "levels": levels,
            "breaks": breaks,
            "starting_stack": structure.starting_stack,
            "late_registration_levels": structure.late_registration_levels,
            "buy_in": config.buy_in,
            "fee": config.fee,
            "table_size": config.options.table_size,
            "rebuys": config.rebuy is not None,
            "add_on": config.add_on is not None,
        }
    return JSONResponse({"presets": out})


class CopyBody(_Body):
    id: Annotated[str, StringConstraints(pattern=r"^[A-Za-z0-9_.-]{1,48}$")] | None = None
    name: Annotated[str, StringConstraints(min_length=1, max_length=80)] | None = None
    starts_at: float | None = None
    reason: Reason = "copied by the floor"


async def copy(ctx: Context) -> Response:
    """A new tournament registering, with the same preset, structure and limits as this one
    (a scheduled one starts at ``starts_at``, or when the floor starts it)."""
    body = await ctx.body(CopyBody)
    service = _service(ctx)
    source = service.actor(_id(ctx)).spec
    tid = body.id or service.next_id(source.preset)
    data = source.to_json()
    data.update(
        id=tid,
        name=body.name or f"{source.name} ({tid})",
        demo=False,
        bots=0,
        created_at=time.time(),
        starts_at=body.starts_at,  # none given: the floor starts it (the old time is gone)
    )
    try:
        spec = Spec.from_json(data)
        decision = {
            "at": spec.created_at,
            "by": ctx.user_session.user.screen_name,
            "what": "copy",
            "args": {"from": source.id, "name": spec.name},
            "why": body.reason,
        }
        await service.create(spec, decision=decision, role=ctx.user_session.user.role)
    except ConfigurationError as error:
        raise ServerError(str(error)) from None
    return JSONResponse({"id": tid, "tournament": service.lobby_entry(tid)}, status_code=201)


async def create(ctx: Context) -> Response:
    """A new tournament from a preset, registering."""
    body = await ctx.body(CreateBody)
    service = _service(ctx)
    tid = body.id or service.next_id(body.preset)
    try:
        spec = Spec.make(
            id=tid,
            preset=body.preset,
            name=body.name,
            kind=body.kind,
            max_players=body.max_players,
            table_size=body.table_size,
            start_when=body.start_when,
            starts_at=body.starts_at,
            buy_in=body.buy_in,
            fee=body.fee,
            structure=body.structure,
        )
        decision = {
            "at": spec.created_at,
            "by": ctx.user_session.user.screen_name,
            "what": "create",
            "args": body.model_dump(exclude={"reason"}, exclude_none=True),
            "why": body.reason,
        }
        await service.create(spec, decision=decision, role=ctx.user_session.user.role)
    except ConfigurationError as error:
        raise ServerError(str(error)) from None
    return JSONResponse({"id": tid, "tournament": service.lobby_entry(tid)}, status_code=201)


def _operation(op: str, model: type[_Body]) -> Any:
    async def handler(ctx: Context) -> Response:
        body = await ctx.body(model)
        order = {"op": op, **body.model_dump(), "role": ctx.user_session.user.role}
        by = ctx.user_session.user.screen_name
        result = await _service(ctx).floor(_id(ctx), by, order)
        return JSONResponse(result)

    handler.__doc__ = f"The floor's {op!r} on a tournament."
    return handler


routes: list[Route] = [
    api_route("/api/tournaments", list_tournaments),
    api_route("/api/tournaments", create, method="POST", roles=STAFF),
    api_route("/api/tournaments/presets", presets, roles=STAFF),  # before {tid}
    api_route("/api/tournaments/{tid}", one_tournament),
    api_route("/api/tournaments/{tid}/decisions", decisions, roles=STAFF),
    api_route("/api/tournaments/{tid}/floor", floor_view, roles=STAFF),
    api_route("/api/tournaments/{tid}/copy", copy, method="POST", roles=STAFF),
    api_route("/api/tournaments/{tid}/clock", clock_face, login=False),
    *(
        api_route(
            f"/api/tournaments/{{tid}}/{op}", _operation(op, model), method="POST", roles=STAFF
        )
        for op, model in (
            ("start", ReasonBody),
            ("pause", ReasonBody),
            ("resume", ReasonBody),
            ("time", TimeBody),
            ("move", MoveBody),
            ("balance", ReasonBody),
            ("hand-for-hand", HandForHandBody),
            ("cancel", ReasonBody),
        )
    ),
]
