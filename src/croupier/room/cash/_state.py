"""A cash room's state as JSON-ready data, and back (``Room.snapshot`` / ``Room.restore``).

Private: use the methods. Everything the room holds goes in: the rng's state, the
absence policy, the ledger's balances and counters (its entries are the server's
record), the waiting list, absences, set-asides, counters, and each table with its
session and the players leaving after its hand. Absences are measured on the room's
clock: the time between a snapshot and its restore does not count toward them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from croupier.errors import ConfigurationError, CroupierError
from croupier.room.cash._base import CashTable, RoomStats, SetAside
from croupier.room.cash.absence import AbsencePolicy, Away, AwayReason
from croupier.room.cash.ledger import Ledger, LedgerError
from croupier.room.cash.session import Session, SessionStatus
from croupier.room.cash.waiting import Registration
from croupier.rules.model import Rules
from croupier.table import Table
from croupier.table._check import rng_from_state, rng_state, snapshot_part
from croupier.table._state import rules_to_json

if TYPE_CHECKING:
    from croupier.room.cash.room import Room

__all__ = ["room_restore", "room_snapshot", "session_from_json", "session_to_json"]


def session_to_json(s: Session) -> dict[str, Any]:
    """A session's terms and progress."""
    return {
        "table": s.table,
        "number": s.number,
        "rules": rules_to_json(s.rules),
        "min_buy_in": s.min_buy_in,
        "max_buy_in": s.max_buy_in,
        "max_rebuy": s.max_rebuy,
        "status": s.status.value,
        "hands_played": s.hands_played,
        "hands_left": s.hands_left,
    }


def session_from_json(data: dict[str, Any]) -> Session:
    """A session back from :func:`session_to_json`."""
    session = Session(
        table=data["table"],
        number=data["number"],
        rules=Rules.from_dict(data["rules"]),
        min_buy_in=data["min_buy_in"],
        max_buy_in=data["max_buy_in"],
        max_rebuy=data["max_rebuy"],
    )
    session.status = SessionStatus(data["status"])
    session.hands_played = data["hands_played"]
    session.hands_left = data["hands_left"]
    return session


def room_snapshot(room: Room) -> dict[str, Any]:
    """Everything a room holds, JSON-ready."""
    waiting = room.waiting
    return {
        "kind": "cash-room",
        "version": 1,
        "taken_at": room.clock(),
        "rng": rng_state(room.rng),
        "absence": [room.absence.max_hands, room.absence.max_seconds],
        "ledger": room.ledger.snapshot(),
        "waiting": {
            "count": waiting._count,
            "entries": [list(r) for r in waiting._entries],
        },
        "absences": [
            [a.player, a.table, a.since_hand, a.since, a.reason.value] for a in room.absences
        ],
        "stats": room.stats.to_dict(),
        "set_asides": [list(s) for s in room.set_asides],
        "tables": [
            {
                "table": ct.table.snapshot(rng=False),
                "session": session_to_json(ct.session),
                "leaving": sorted(ct.leaving),
            }
            for ct in room._tables.values()
        ],
        "where": [[p, t] for p, t in room._where.items()],
        "not_answering": sorted(room._not_answering),
        "sessions": room._sessions,
    }


def room_restore(
    cls: type[Room],
    data: Any,
    *,
    clock: Callable[[], float] | None,
    rng: random.Random | None,
) -> Room:
    """Rebuild a room from :func:`room_snapshot`'s data; malformed data is refused."""
    snapshot_part(data, "cash-room")
    try:
        generator = rng if rng is not None else rng_from_state(data["rng"])
        max_hands, max_seconds = data["absence"]
        room = cls(
            rng=generator,
            clock=clock,
            absence=AbsencePolicy(max_hands=max_hands, max_seconds=max_seconds),
        )
        shift = room.clock() - data["taken_at"]  # the time away does not count
        room.ledger = Ledger.restore(data["ledger"])
        room.waiting._count = data["waiting"]["count"]
        room.waiting._entries = [Registration(*r) for r in data["waiting"]["entries"]]
        for player, table, since_hand, since, reason in data["absences"]:
            room.absences._away[player] = Away(
                player, table, since_hand, since + shift, AwayReason(reason)
            )
        room.stats = RoomStats(**data["stats"])
        room.set_asides = [SetAside(*s) for s in data["set_asides"]]
        for entry in data["tables"]:
            table = Table.restore(entry["table"], rng=generator)
            ct = CashTable(table, session_from_json(entry["session"]))
            ct.leaving = set(entry["leaving"])
            room._tables[table.name] = ct
        room._where = {p: t for p, t in data["where"]}
        room._not_answering = set(data["not_answering"])
        room._sessions = data["sessions"]
    except CroupierError as exc:
        raise ConfigurationError(f"not a valid room snapshot: {exc}") from exc
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise ConfigurationError(f"not a valid room snapshot: {exc!r}") from exc
    try:
        room.check()
    except LedgerError as exc:
        raise ConfigurationError(f"not a valid room snapshot: {exc}") from exc
    return room
