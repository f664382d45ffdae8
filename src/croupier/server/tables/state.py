"""The cash room's stored state, split so that one table's change writes one table.

``Room.snapshot()`` holds the whole room (every table); rewriting it at every hand of 200
tables would cost a hundred times more than the hand. The server stores it in parts, each in
the ``snapshots`` table:

- ``cash-room``/``room``: what the room holds besides its tables (the waiting list, absences,
  set-aside chips, counters) and the server's own (muted players);
- ``cash-table``/NAME: one table (``Table.snapshot``, a hand in progress included), its
  session and who leaves after the hand, written with every change of that table in the same
  transaction as the ledger entries it makes.

The ledger is not in them: its entries are the record, loaded by the money desk on start. On
start :func:`assemble` puts the parts back together in the form ``Room.restore`` reads, with
the ledger's balances; ``Room.restore`` checks every seat account against its table.

This module reads and writes the room's private fields, in the very format of
``croupier.room.cash._state`` (a partial ``Room.snapshot``/``Room.restore`` in the domain
would make it unnecessary).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from croupier.errors import ConfigurationError
from croupier.room.cash import Room
from croupier.room.cash._state import session_to_json
from croupier.room.cash.absence import AbsencePolicy
from croupier.room.cash.ledger import Ledger
from croupier.table._check import rng_state

__all__ = ["ROOM", "ROOM_KIND", "TABLE_KIND", "assemble", "new_room", "room_part", "table_part"]

ROOM_KIND = "cash-room"
TABLE_KIND = "cash-table"
ROOM = "room"


def new_room(*, max_hands: int | None, max_seconds: float | None) -> Room:
    """An empty room with the house maximum of an absence (CAS-8) and the secure shuffle."""
    return Room(
        rng=random.SystemRandom(),
        absence=AbsencePolicy(max_hands=max_hands, max_seconds=max_seconds),
    )


def room_part(room: Room, *, muted: set[str]) -> dict[str, Any]:
    """What the room holds besides its tables and its ledger, JSON-ready."""
    waiting = room.waiting
    return {
        "kind": "cash-room-part",
        "version": 1,
        "taken_at": room.clock(),
        "rng": rng_state(room.rng),
        "absence": [room.absence.max_hands, room.absence.max_seconds],
        "waiting": {"count": waiting._count, "entries": [list(r) for r in waiting._entries]},
        "absences": [
            [a.player, a.table, a.since_hand, a.since, a.reason.value] for a in room.absences
        ],
        "stats": room.stats.to_dict(),
        "set_asides": [list(s) for s in room.set_asides],
        "not_answering": sorted(room._not_answering),
        "sessions": room._sessions,
        "muted": sorted(muted),
    }


def table_part(room: Room, name: str, *, extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One table of the room, JSON-ready (a hand not yet settled as its events, deck
    included: stored, never sent); ``extra``: the server's own (time banks)."""
    ct = room._tables[name]
    return {
        "table": ct.table.snapshot(rng=False),
        "session": session_to_json(ct.session),
        "leaving": sorted(ct.leaving),
        "extra": dict(extra or {}),
    }


def assemble(
    part: Mapping[str, Any] | None,
    tables: Mapping[str, Mapping[str, Any]],
    ledger: Ledger,
) -> dict[str, Any]:
    """The room's whole snapshot (``Room.restore``'s input) from its stored parts."""
    if part is None:
        if tables:
            raise ConfigurationError(
                f"the stored room has tables {sorted(tables)} but no room part ({ROOM_KIND})"
            )
        part = room_part(new_room(max_hands=None, max_seconds=None), muted=set())
    where: list[list[str]] = []
    for name, entry in tables.items():
        for row in entry["table"]["seats"]:
            where.append([row[1], name])
    return {
        "kind": "cash-room",
        "version": 1,
        "taken_at": part["taken_at"],
        "rng": part["rng"],
        "absence": part["absence"],
        "ledger": ledger.snapshot(),
        "waiting": part["waiting"],
        "absences": part["absences"],
        "stats": part["stats"],
        "set_asides": part["set_asides"],
        "tables": [
            {"table": entry["table"], "session": entry["session"], "leaving": entry["leaving"]}
            for entry in tables.values()
        ],
        "where": where,
        "not_answering": part["not_answering"],
        "sessions": part["sessions"],
    }
