"""The live events API: tournaments the director runs in the room with real cards.

Everything under ``/api/floor/live`` and ``/api/floor/seasons`` needs the floor or the
admin role (a player's account is refused, 403). The clock on the wall (``/clock/<id>``,
``/api/clock/<id>``) and the championship standings (``/api/standings/...``) are public:
they hold nothing hidden. Every change is applied to the domain, which refuses bad input
with a clear message and changes nothing, then stored; what the floor did goes to the
event's journal with who, when and why, penalties to the floor's decision log.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.championship import FORMULAS
from croupier.room.tournament import TOURNAMENT_PRESETS, tournament_preset
from croupier.room.tournament.floor import Fault, Sanction
from croupier.room.tournament.structure import Break
from croupier.server.errors import NotFoundError
from croupier.server.http import Context, api_route
from croupier.server.live.desk import desk_of
from croupier.server.live.event import LiveEvent
from croupier.server.live.views import (
    console_view,
    event_summary,
    public_clock,
    results_csv,
    results_page,
    seat_cards_page,
    seating_csv,
    seating_page,
)
from croupier.server.storage.reads import user_by_name
from croupier.server.tournaments.console import public_face
from croupier.server.web import HEADERS, page_response

__all__ = ["routes"]

FLOOR = ("floor", "admin")
Name = Field(min_length=1, max_length=40)
Reason = Field(default="", max_length=300)


class _Form(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateForm(_Form):
    """A new live tournament: a preset and what the floor changes in it."""

    name: str = Field(min_length=1, max_length=80)
    preset: str = Field(default="pokcomm", max_length=32)
    levels: list[dict[str, int | float]] | None = Field(default=None, max_length=200)
    starting_stack: int | None = None
    late_levels: int | None = None
    buy_in: int | None = None
    fee: int | None = None
    places: int | None = None
    table_size: int | None = None
    rebuy: dict[str, int | None] | None = None
    add_on: dict[str, int] | None = None
    knockout: dict[str, int | bool] | None = None
    guarantee: int = 0
    payouts: list[str] | None = Field(default=None, max_length=200)


class CopyForm(_Form):
    name: str = Field(min_length=1, max_length=80)


class RegisterForm(_Form):
    names: list[str] = Field(default_factory=list, max_length=500)
    account: str | None = Field(default=None, max_length=32)
    adult: bool = False
    arrived: bool = True


class PlayerForm(_Form):
    player: str = Name
    reason: str = Reason


class ClockForm(_Form):
    action: Literal["pause", "resume", "add", "remove", "next"]
    seconds: int = Field(default=0, ge=0, le=24 * 3600)
    reason: str = Reason


class MessageForm(_Form):
    text: str = Field(max_length=200)


class SeatForm(_Form):
    table: int
    seat: int


class MoveForm(_Form):
    player: str = Name
    table: int
    seat: int
    reason: str = Reason


class DoneForm(_Form):
    player: str | None = None


class BustForm(_Form):
    players: list[str] = Field(min_length=1, max_length=22)
    by: list[str] = Field(default_factory=list, max_length=22)
    starting_stacks: dict[str, int] | None = None


class UndoForm(_Form):
    player: str = Name
    stack: int | None = None
    reason: str = Reason


class CountsForm(_Form):
    counts: dict[str, int] = Field(min_length=1, max_length=500)


class ReasonForm(_Form):
    reason: str = Field(default="", max_length=300)


class HandForm(_Form):
    table: int | None = None


class TableForm(_Form):
    table: int
    reason: str = Reason


class PenaltyForm(_Form):
    player: str = Name
    fault: str = Field(max_length=32)
    sanction: str | None = Field(default=None, max_length=32)
    orbits: int = 1
    reason: str = Field(min_length=1, max_length=300)


class SeasonPick(_Form):
    season: str = Field(min_length=1, max_length=64)


class SeasonForm(_Form):
    name: str = Field(min_length=1, max_length=64)
    points: str | dict[str, Any] = "linear"
    knockout_points: int = Field(default=0, ge=0, le=10_000)
    shared_knockouts: bool = False


def _by(ctx: Context) -> str:
    return ctx.user_session.user.screen_name


def _role(ctx: Context) -> str:
    return ctx.user_session.user.role


def _id(ctx: Context) -> str:
    return str(ctx.request.path_params["event"])


def _view(event: LiveEvent) -> Response:
    return JSONResponse(console_view(event))


# ------------------------------------------------------------------- events
async def list_events(ctx: Context) -> Response:
    """The live tournaments, the presets, the seasons and the points formulas."""
    desk = desk_of(ctx.request)
    await desk.load()
    return JSONResponse(
        {
            "events": [event_summary(e) for e in desk.events.values()],
            "presets": list(TOURNAMENT_PRESETS),
            "preset_settings": {name: _preset(name) for name in TOURNAMENT_PRESETS},
            "seasons": sorted(desk.seasons),
            "formulas": list(FORMULAS),
            "faults": [f.value for f in Fault],
            "sanctions": [s.value for s in Sanction if s is not Sanction.CHIP_PENALTY],
        }
    )


def _preset(name: str) -> dict[str, Any]:
    config = tournament_preset(name)
    s = config.structure
    return {
        "starting_stack": s.starting_stack,
        "late_levels": s.late_registration_levels,
        "buy_in": config.buy_in,
        "fee": config.fee,
        "table_size": config.options.table_size,
        "knockout": None if config.knockout is None else dataclasses.asdict(config.knockout),
        "rebuy": None if config.rebuy is None else dataclasses.asdict(config.rebuy),
        "add_on": None if config.add_on is None else dataclasses.asdict(config.add_on),
        "levels": [
            {"break": p.minutes}
            if isinstance(p, Break)
            else {
                "small_blind": p.small_blind,
                "big_blind": p.big_blind,
                "ante": p.ante,
                "minutes": p.minutes,
            }
            for p in s.periods
        ],
    }


async def create(ctx: Context) -> Response:
    """Create a live tournament from a preset and a structure."""
    form = await ctx.body(CreateForm)
    desk = desk_of(ctx.request)
    await desk.load()
    spec = form.model_dump(exclude={"name"}, exclude_none=True)
    event = await desk.create(form.name, spec, by=_by(ctx), role=_role(ctx))
    return _view(event)


async def show(ctx: Context) -> Response:
    """The console's view of one live tournament."""
    desk = desk_of(ctx.request)
    await desk.load()
    return _view(desk.event(_id(ctx)))


async def copy(ctx: Context) -> Response:
    """A new tournament with the settings of another one."""
    form = await ctx.body(CopyForm)
    desk = desk_of(ctx.request)
    await desk.load()
    source = desk.event(_id(ctx))
    event = await desk.create(form.name, source.spec, by=_by(ctx), role=_role(ctx))
    return _view(event)


def _changer(form_type: type[_Form], action: Any) -> Any:
    """A route that applies ``action(event, form, by)`` and answers the console's view."""

    async def handler(ctx: Context) -> Response:
        form = await ctx.body(form_type)
        desk = desk_of(ctx.request)
        await desk.load()
        by = _by(ctx)
        event = desk.event(_id(ctx))
        await desk.change(event.id, lambda e: action(e, form, by), role=_role(ctx))
        return _view(desk.event(event.id))

    return handler


def _register(event: LiveEvent, form: RegisterForm, by: str) -> None:
    names = [n.strip() for n in form.names if n.strip()]
    if form.account is not None:
        names = [form.account]
    if not names:
        raise ConfigurationError("type the names of the players to register (one a line)")
    if len(set(names)) != len(names):
        raise ConfigurationError("a name appears twice in the list")
    t = event.tournament
    taken = [n for n in names if n in t.registry]
    if taken:
        raise ConfigurationError(f"already registered: {', '.join(taken)}")
    before = len(t.moves)
    for player in names:
        if len(player) > 40:
            raise ConfigurationError(f"a name is at most 40 characters: {player[:40]!r}...")
        t.register(player, adult=form.adult, arrived=form.arrived)
    _rearranged(event, before)
    if form.account is not None:
        event.accounts.add(form.account)
    event.note(by, "registered", ", ".join(names))


async def register(ctx: Context) -> Response:
    """Register players: names typed by the floor (adult confirmed, POK-1-2), or an online
    account; late entries are seated at once."""
    form = await ctx.body(RegisterForm)
    if form.account is not None:
        account = form.account
        row = await ctx.services.store.read(lambda c: user_by_name(c, account))
        if row is None:
            raise NotFoundError(f"no account named {account!r}")
        form = form.model_copy(update={"account": str(row.screen_name)})
    desk = desk_of(ctx.request)
    await desk.load()
    by = _by(ctx)
    event_id = _id(ctx)
    desk.event(event_id)
    await desk.change(event_id, lambda e: _register(e, form, by), role=_role(ctx))
    return _view(desk.event(event_id))


def _arrive(event: LiveEvent, form: PlayerForm, by: str) -> None:
    event.tournament.arrive(form.player)
    event.note(by, "arrived", form.player)


def _start(event: LiveEvent, form: ReasonForm, by: str) -> None:
    t = event.tournament
    t.start()
    event.asked(t.moves)
    event.note(
        by, "seats drawn, clock started", f"{len(t.registry)} players, {len(t.tables)} tables"
    )


def _clock(event: LiveEvent, form: ClockForm, by: str) -> None:
    t = event.tournament
    t.tick()
    if t.phase.value != "running":
        raise IllegalActionError(f"the tournament is {t.phase.value}: its clock does not run")
    clock = t.clock
    if form.action == "pause":
        clock.pause()
        detail = "clock paused"
    elif form.action == "resume":
        if t.hand_for_hand and not clock.on_break:
            raise IllegalActionError("hand-for-hand: the clock moves by the hands played")
        clock.resume()
        detail = "clock resumed"
    elif form.action in ("add", "remove"):
        if form.seconds <= 0:
            raise ConfigurationError("say how many seconds to add or remove")
        if form.action == "add":
            clock.add_time(form.seconds)
        else:
            clock.remove_time(form.seconds)
        detail = f"{form.action} {form.seconds} s"
    else:
        if clock.remaining() == float("inf"):
            raise IllegalActionError("this is the last level: there is no next one")
        clock.next_period()
        detail = "next period"
    t.tick()
    event.note(by, "clock", detail, form.reason)


def _message(event: LiveEvent, form: MessageForm, by: str) -> None:
    event.message = form.text.strip()
    event.note(by, "message", event.message)


def _button(event: LiveEvent, form: SeatForm, by: str) -> None:
    event.tournament.set_button(form.table, form.seat)
    event.note(by, "button", f"table {form.table} seat {form.seat}")


def _move(event: LiveEvent, form: MoveForm, by: str) -> None:
    move = event.tournament.move(form.player, form.table, form.seat)
    event.moves_todo = [m for m in event.moves_todo if m.player != form.player]
    event.note(by, "moved", str(move), form.reason)


def _done(event: LiveEvent, form: DoneForm, by: str) -> None:
    if not event.moves_todo:
        raise IllegalActionError("there is no move to make")
    if form.player is None:
        event.moves_todo = []
        event.note(by, "moves made", "all")
        return
    if all(m.player != form.player for m in event.moves_todo):
        raise ConfigurationError(f"{form.player} has no move to make")
    event.moves_todo = [m for m in event.moves_todo if m.player != form.player]
    event.note(by, "move made", form.player)


def _rearranged(event: LiveEvent, before: int) -> None:
    event.asked(event.tournament.moves[before:])


def _bust(event: LiveEvent, form: BustForm, by: str) -> None:
    t = event.tournament
    before = len(t.moves)
    eliminator: str | list[str] | None = form.by or None
    t.bust(form.players, eliminator=eliminator, starting_stacks=form.starting_stacks)
    _rearranged(event, before)
    who = f" by {', '.join(form.by)}" if form.by else ""
    event.note(by, "bust", f"{', '.join(form.players)}{who}")
    if t.finished:
        event.note(by, "winner", str(t.winner))


def _undo(event: LiveEvent, form: UndoForm, by: str) -> None:
    if event.in_season:
        raise IllegalActionError(
            f"{event.name} is in the season {event.season}: take it out of the season first"
        )
    t = event.tournament
    before = len(t.moves)
    t.undo_bust(form.player, stack=form.stack)
    _rearranged(event, before)
    event.note(by, "bust undone", form.player, form.reason)


def _counts(event: LiveEvent, form: CountsForm, by: str) -> None:
    result = event.tournament.chip_counts(form.counts)
    shown = ", ".join(f"{p} {c:,}" for p, c in form.counts.items())
    state = "applied" if result.applied else f"kept apart: {result.difference:+,} chips"
    event.note(by, "chip count", f"{shown} ({state})")


def _accept(event: LiveEvent, form: ReasonForm, by: str) -> None:
    difference = event.tournament.accept_counts(form.reason)
    event.note(by, "counts accepted", f"{difference:+,} chips", form.reason)


def _discard(event: LiveEvent, form: ReasonForm, by: str) -> None:
    if not event.tournament.pending_counts():
        raise IllegalActionError("no count is kept apart: nothing to discard")
    event.tournament.discard_counts()
    event.note(by, "counts discarded", "", form.reason)


def _hand(event: LiveEvent, form: HandForm, by: str) -> None:
    t = event.tournament
    before = len(t.moves)
    if form.table is not None:
        t.hand_played(form.table)
        event.note(by, "hand played", f"table {form.table}")
    else:
        t.close_hand()
        event.note(by, "hand-for-hand hand closed")
    _rearranged(event, before)


def _break(event: LiveEvent, form: TableForm, by: str) -> None:
    t = event.tournament
    if form.table not in t.tables:
        raise ConfigurationError(
            f"there is no table {form.table}: the tables are {sorted(t.tables)}"
        )
    if len(t.tables) < 2:
        raise IllegalActionError("the last table cannot be broken")
    free = sum(t.options.table_size - c for n, c in t.tables.items() if n != form.table)
    if free < t.tables[form.table]:
        raise IllegalActionError(
            f"the other tables have {free} free seats for table {form.table}'s"
            f" {t.tables[form.table]} players"
        )
    before = len(t.moves)
    # the domain's own table break (ITA-15: its players drawn into the free seats)
    t.break_table(form.table)
    t.rearrange()
    _rearranged(event, before)
    event.note(by, "table broken", f"table {form.table}", form.reason)


def _balance(event: LiveEvent, form: ReasonForm, by: str) -> None:
    t = event.tournament
    before = len(t.moves)
    t.rearrange()  # POK-7-1, ITA-14: the next big blind of the longest table moves
    if len(t.moves) == before:
        raise IllegalActionError("the tables are balanced: nobody has to move")
    _rearranged(event, before)
    event.note(by, "balanced", f"{len(t.moves) - before} move(s)", form.reason)


def _rebuy(event: LiveEvent, form: PlayerForm, by: str) -> None:
    t = event.tournament
    before = len(t.moves)
    t.rebuy(form.player)
    _rearranged(event, before)
    event.note(by, "rebuy", form.player)


def _decline(event: LiveEvent, form: PlayerForm, by: str) -> None:
    t = event.tournament
    before = len(t.moves)
    t.decline_rebuy(form.player)
    _rearranged(event, before)
    event.note(by, "rebuy declined", form.player)


def _add_on(event: LiveEvent, form: PlayerForm, by: str) -> None:
    event.tournament.add_on(form.player)
    event.note(by, "add-on", form.player)


def _penalty(event: LiveEvent, form: PenaltyForm, by: str) -> None:
    try:
        fault = Fault(form.fault)
        sanction = Sanction(form.sanction) if form.sanction else None
    except ValueError:
        raise ConfigurationError(
            f"a fault is one of {[f.value for f in Fault]} and a sanction one of"
            f" {[s.value for s in Sanction]}"
        ) from None
    t = event.tournament
    before = len(t.moves)
    decision = event.floor.penalize(
        form.player, fault, form.reason, orbits=form.orbits, sanction=sanction, by=by
    )
    _rearranged(event, before)
    detail = f"{decision.sanction.value if decision.sanction else ''} {decision.detail}".strip()
    event.note(by, "penalty", f"{form.player}: {fault.value}, {detail}", form.reason)


async def add_to_season(ctx: Context) -> Response:
    """Add a finished tournament to a championship season."""
    form = await ctx.body(SeasonPick)
    desk = desk_of(ctx.request)
    await desk.load()
    await desk.add_to_season(_id(ctx), form.season, by=_by(ctx), role=_role(ctx))
    return _view(desk.event(_id(ctx)))


_EXPORTS = {
    "results.csv": (results_csv, "text/csv"),
    "seating.csv": (seating_csv, "text/csv"),
    "results.html": (results_page, "text/html"),
    "seating.html": (seating_page, "text/html"),
    "seat-cards.html": (seat_cards_page, "text/html"),
}


async def export(ctx: Context) -> Response:
    """Results and payouts (CSV, a printable page), the seating list, the seat cards."""
    desk = desk_of(ctx.request)
    await desk.load()
    event = desk.event(_id(ctx))
    what = str(ctx.request.path_params["what"])
    if what not in _EXPORTS:
        raise NotFoundError(f"exports are {', '.join(_EXPORTS)}, not {what!r}")
    make, media = _EXPORTS[what]
    body = make(event)
    headers = dict(HEADERS)
    if media == "text/csv":
        headers["Content-Disposition"] = f'attachment; filename="live-{event.id}-{what}"'
    return Response(body, media_type=f"{media}; charset=utf-8", headers=headers)


# ------------------------------------------------------------------ seasons
async def list_seasons(ctx: Context) -> Response:
    """The seasons and the ready formulas."""
    desk = desk_of(ctx.request)
    await desk.load()
    return JSONResponse(
        {
            "seasons": [_season_line(s) for s in desk.seasons.values()],
            "formulas": list(FORMULAS),
        }
    )


def _season_line(season: Any) -> dict[str, Any]:
    return {
        "name": season.name,
        "events": len(season.events),
        "formula": season.formula.to_json(),
        "knockout_points": season.knockout_points,
        "shared_knockouts": season.shared_knockouts,
    }


async def create_season(ctx: Context) -> Response:
    """A new championship season with its points formula and knock-out bonus (POK-6-3)."""
    form = await ctx.body(SeasonForm)
    desk = desk_of(ctx.request)
    await desk.load()
    season = await desk.create_season(
        form.name,
        points=form.points,
        knockout_points=form.knockout_points,
        shared_knockouts=form.shared_knockouts,
    )
    return JSONResponse(_season_line(season))


class RemoveForm(_Form):
    event: str = Field(min_length=1, max_length=80)
    reason: str = Field(min_length=1, max_length=300)


async def remove_from_season(ctx: Context) -> Response:
    """Take an event out of a season (added by mistake), with the reason."""
    form = await ctx.body(RemoveForm)
    desk = desk_of(ctx.request)
    await desk.load()
    season = await desk.remove_from_season(
        str(ctx.request.path_params["season"]),
        form.event,
        by=_by(ctx),
        role=_role(ctx),
        why=form.reason,
    )
    return JSONResponse(_season_line(season))


async def standings(ctx: Context) -> Response:
    """A season's standings and each player's results (public)."""
    desk = desk_of(ctx.request)
    await desk.load()
    season = desk.season(str(ctx.request.path_params["season"]))
    rows = season.standings()
    return JSONResponse(
        {
            **_season_line(season),
            "event_list": [
                {"event": e.event, "date": e.date, "entrants": e.entrants} for e in season.events
            ],
            "standings": [s._asdict() for s in rows],
            "results": {
                s.player: [
                    {**r._asdict(), "points": r.points} for r in season.player_results(s.player)
                ]
                for s in rows
            },
        }
    )


async def standings_csv(ctx: Context) -> Response:
    """A season's standings as CSV (public)."""
    desk = desk_of(ctx.request)
    await desk.load()
    season = desk.season(str(ctx.request.path_params["season"]))
    return Response(
        season.to_csv(),
        media_type="text/csv; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="standings-{season.name}.csv"'},
    )


async def public_seasons(ctx: Context) -> Response:
    """The seasons (public)."""
    desk = desk_of(ctx.request)
    await desk.load()
    return JSONResponse({"seasons": [_season_line(s) for s in desk.seasons.values()]})


# -------------------------------------------------------------------- clock
async def clock_data(ctx: Context) -> Response:
    """The clock's public face (no login: nothing hidden in it)."""
    desk = desk_of(ctx.request)
    await desk.load()
    event = desk.events.get(_id(ctx))
    online = ctx.services.online
    if event is None and online is not None and online.tournaments is not None:
        actor = online.tournaments.actors.get(_id(ctx))
        if actor is not None:  # a tournament online: its actor reads its clock
            return JSONResponse(await public_face(actor))
    return JSONResponse(public_clock(desk.event(_id(ctx))))


async def clock_page(request: Request) -> Response:
    """The clock on the wall: a full-screen page that follows the server's clock."""
    return page_response(request, "clock.html")


def _route(path: str, action: Any, form: type[_Form]) -> Route:
    return api_route(
        f"/api/floor/live/{{event}}/{path}", _changer(form, action), method="POST", roles=FLOOR
    )


routes: list[Route] = [
    api_route("/api/floor/live", list_events, roles=FLOOR),
    api_route("/api/floor/live", create, method="POST", roles=FLOOR),
    api_route("/api/floor/live/{event}", show, roles=FLOOR),
    api_route("/api/floor/live/{event}/copy", copy, method="POST", roles=FLOOR),
    api_route("/api/floor/live/{event}/register", register, method="POST", roles=FLOOR),
    _route("arrive", _arrive, PlayerForm),
    _route("start", _start, ReasonForm),
    _route("clock", _clock, ClockForm),
    _route("message", _message, MessageForm),
    _route("button", _button, SeatForm),
    _route("move", _move, MoveForm),
    _route("moves-done", _done, DoneForm),
    _route("bust", _bust, BustForm),
    _route("undo-bust", _undo, UndoForm),
    _route("counts", _counts, CountsForm),
    _route("counts/accept", _accept, ReasonForm),
    _route("counts/discard", _discard, ReasonForm),
    _route("hand", _hand, HandForm),
    _route("break-table", _break, TableForm),
    _route("balance", _balance, ReasonForm),
    _route("rebuy", _rebuy, PlayerForm),
    _route("decline-rebuy", _decline, PlayerForm),
    _route("add-on", _add_on, PlayerForm),
    _route("penalty", _penalty, PenaltyForm),
    api_route("/api/floor/live/{event}/season", add_to_season, method="POST", roles=FLOOR),
    api_route("/api/floor/live/{event}/export/{what}", export, roles=FLOOR),
    api_route("/api/floor/seasons", list_seasons, roles=FLOOR),
    api_route("/api/floor/seasons", create_season, method="POST", roles=FLOOR),
    api_route("/api/floor/seasons/{season}/remove", remove_from_season, method="POST", roles=FLOOR),
    api_route("/api/standings", public_seasons, login=False),
    api_route("/api/standings/{season}", standings, login=False),
    api_route("/api/standings/{season}/csv", standings_csv, login=False),
    api_route("/api/clock/{event}", clock_data, login=False),
    Route("/clock/{event}", clock_page, methods=["GET", "HEAD"]),
]
