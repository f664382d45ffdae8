"""Penalties and decisions on players (POK-13-1, ITA-51): a warning, a suspension counted in
orbits, a disqualification, and lifting one; each written to the floor's log with who, when and
why.

A penalty is about a player (the subject) and served at a *place*: ``table:NAME`` (a cash
table: applied here, :mod:`croupier.server.floor.cash`), ``tournament:ID`` (applied by whoever
runs tournaments: they register an applier with :func:`register_applier`), or nothing (the
player's cash table if he sits at one; a warning needs none). The log line is written in the
transaction of the change it makes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from croupier.server.floor import cash
from croupier.server.floor.cash import Floor
from croupier.server.floor.log import LogDecision
from croupier.server.protocol.codes import ProtocolError
from croupier.server.services import Services
from croupier.server.storage.reads import user_by_name

__all__ = ["KINDS", "MAX_ORBITS", "Penalty", "apply_penalty", "register_applier"]

KINDS = ("warning", "suspension", "disqualification", "lift")
MAX_ORBITS = 50


@dataclass(frozen=True, slots=True)
class Penalty:
    """A decision on ``player``: ``kind`` in :data:`KINDS`, ``orbits`` for a suspension,
    served at ``place`` (``""``, ``table:NAME`` or ``tournament:ID``), and why."""

    player: str
    kind: str
    why: str
    orbits: int = 0
    place: str = ""

    def log(self, floor: Floor, **detail: Any) -> LogDecision:
        """The penalty's line in the floor's log."""
        return floor.log(
            subject_kind="player",
            subject_id=self.player,
            action=self.kind if self.kind != "lift" else "penalty_lifted",
            why=self.why,
            detail={"orbits": self.orbits, **detail} if self.kind == "suspension" else detail,
            place=self.place,
        )


Applier = Callable[[Services, Floor, Penalty, LogDecision], Awaitable[dict[str, Any]]]
"""Applies a penalty at a place of its kind; writes ``log`` with its change, returns what it did."""

_APPLIERS: dict[str, Applier] = {}


def register_applier(place_kind: str, applier: Applier) -> None:
    """Let ``applier`` serve the penalties at places ``place_kind:ID`` (``"tournament"``): the
    tournaments online and the live events register theirs."""
    _APPLIERS[place_kind] = applier


async def apply_penalty(services: Services, floor: Floor, penalty: Penalty) -> dict[str, Any]:
    """Check ``penalty``, apply it where it is served, and log it; a bad one changes nothing."""
    if penalty.kind not in KINDS:
        raise ProtocolError("bad_message", f"penalty {penalty.kind!r}: one of {', '.join(KINDS)}")
    if not penalty.why.strip():
        raise ProtocolError(
            "bad_message", f"say why: every decision is logged with its reason ({penalty.kind})"
        )
    tables = services.online.tables if services.online is not None else None
    place_kind, _, place_id = penalty.place.partition(":")
    if place_kind not in ("tournament", "event"):  # a cash player: an account, or at a table
        row = await services.store.read(lambda c: user_by_name(c, penalty.player))
        known = tables is not None and (
            tables.room.where(penalty.player) is not None
            or penalty.player in tables.room.waiting
            or penalty.player in tables.floor.barred
            or penalty.player in tables.floor.suspensions
        )
        if row is None and not known:
            raise ProtocolError("not_found", f"no account named {penalty.player!r}")
        penalty = Penalty(
            player=penalty.player if row is None else str(row.screen_name),
            kind=penalty.kind,
            why=penalty.why.strip(),
            orbits=penalty.orbits,
            place=penalty.place,
        )
    if penalty.kind == "suspension" and not 1 <= penalty.orbits <= MAX_ORBITS:
        raise ProtocolError(
            "bad_message", f"a suspension is 1 to {MAX_ORBITS} orbits, not {penalty.orbits}"
        )
    if penalty.kind != "suspension" and penalty.orbits:
        raise ProtocolError("bad_message", f"a {penalty.kind} has no orbits")
    if penalty.place and (not place_id or place_kind not in ("table", "tournament", "event")):
        raise ProtocolError(
            "bad_message", f"place {penalty.place!r}: table:NAME, tournament:ID or event:ID"
        )
    if place_kind in ("tournament", "event"):
        applier = _APPLIERS.get(place_kind)
        if applier is None:
            if penalty.kind != "warning":
                raise ProtocolError(
                    "illegal", f"no {place_kind} here applies penalties (only a warning is logged)"
                )
            log = penalty.log(floor)
            await services.store.write([log])
            return {"player": penalty.player, "kind": penalty.kind, "logged": True}
        return await applier(services, floor, penalty, penalty.log(floor))
    if tables is None:
        raise ProtocolError("unavailable", "the cash tables are not running")
    seated = tables.room.where(penalty.player)
    if place_kind == "table":
        tables.actor(place_id)
        if penalty.kind == "suspension" and seated != place_id:
            raise ProtocolError(
                "not_seated",
                f"{penalty.player} is not seated at {place_id}: he cannot sit out there",
            )
    elif seated is not None:
        penalty = Penalty(
            player=penalty.player,
            kind=penalty.kind,
            why=penalty.why,
            orbits=penalty.orbits,
            place=f"table:{seated}",
        )
    if penalty.kind == "warning":
        log = penalty.log(floor)
        await services.store.write([log])
        await _tell(tables, penalty, log)
        return {"player": penalty.player, "kind": "warning", "logged": True}
    if penalty.kind == "suspension":
        if seated is None:
            raise ProtocolError(
                "not_seated",
                f"{penalty.player} is not seated at a cash table: a suspension is served at a"
                " table (or give the place tournament:ID)",
            )
        hands = penalty.orbits * max(2, len(tables.room.table(seated).players))
        done = await cash.suspend_at_table(
            tables, floor, penalty.player, penalty.orbits, penalty.log(floor, hands=hands)
        )
        return {"kind": "suspension", **done}
    if penalty.kind == "disqualification":
        if penalty.player in tables.floor.barred:
            raise ProtocolError("illegal", f"{penalty.player} is disqualified already")
        done = await cash.disqualify_at_table(tables, floor, penalty.player, penalty.log(floor))
        return {"kind": "disqualification", **done}
    log = penalty.log(floor)
    done = await cash.lift_at_tables(tables, floor, penalty.player, log)
    await _tell(tables, penalty, log)
    return {"kind": "lift", **done}


async def _tell(tables: Any, penalty: Penalty, log: LogDecision) -> None:
    """Tell the player a decision written outside his table's turn, at the table he sits at."""
    from croupier.server.tables import notices

    table = tables.room.where(penalty.player)
    if table is None and penalty.place.startswith("table:"):
        table = penalty.place.partition(":")[2]
    actor = tables.actors.get(table) if table is not None else None
    if actor is not None:
        await notices.deliver(actor, [log])
