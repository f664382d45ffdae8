"""What the tables write and read: a hand opened with its commitment and players, and the
queries of hands (a player's own, one hand's record, the open ones for recovery)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

import sqlalchemy as sa

from croupier.server.storage.records import dump_json
from croupier.server.storage.schema import hand_events, hand_players, hands
from croupier.server.storage.types import utc_now

__all__ = [
    "HandRecord",
    "HandSummary",
    "OpenHand",
    "hand_by_number",
    "hand_record",
    "hands_of_player",
    "last_hand_id",
    "open_hand_of",
]


@dataclass(frozen=True, slots=True)
class OpenHand:
    """A hand begins at ``table``: its row (with the commitment's root and secret opening),
    who is dealt in at which seat, and its first events. The server numbers the hands
    (:func:`last_hand_id` on start), so that the records written with a hand's first events
    can name it."""

    hand_id: int
    table: str
    number: int
    players: Sequence[tuple[int, str]]
    root: str
    opening: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]]
    started_at: datetime = field(default_factory=utc_now)

    def apply(self, connection: sa.Connection) -> object:
        connection.execute(
            hands.insert().values(
                id=self.hand_id,
                table_name=self.table,
                number=self.number,
                status="open",
                started_at=self.started_at,
                root=self.root,
                opening=dump_json(dict(self.opening)),
            )
        )
        hand_id = self.hand_id
        connection.execute(
            hand_players.insert(),
            [{"hand_id": hand_id, "seat": s, "player": p} for s, p in self.players],
        )
        if self.events:
            connection.execute(
                hand_events.insert(),
                [
                    {"hand_id": hand_id, "seq": i, "data": dump_json(dict(e))}
                    for i, e in enumerate(self.events)
                ],
            )
        return hand_id


def last_hand_id(connection: sa.Connection) -> int:
    """The highest hand id stored (0 when there is none)."""
    return int(connection.execute(sa.select(sa.func.max(hands.c.id))).scalar() or 0)


class HandSummary(NamedTuple):
    """A stored hand in a list: id, table, number there, status, start, end, the seat."""

    id: int
    table: str
    number: int
    status: str
    started_at: str
    ended_at: str | None
    seat: int | None


class HandRecord(NamedTuple):
    """One stored hand whole: its row, players, events (secret: the deck) and opening."""

    id: int
    table: str
    number: int
    status: str
    root: str | None
    opening: dict[str, Any] | None
    players: dict[int, str]
    events: list[dict[str, Any]]
    started_at: str
    ended_at: str | None


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def hands_of_player(
    connection: sa.Connection, player: str, *, before: int | None = None, limit: int = 50
) -> list[HandSummary]:
    """The hands ``player`` was dealt in, newest first (``before``: ids below it)."""
    query = (
        sa.select(hands, hand_players.c.seat)
        .join(hand_players, hand_players.c.hand_id == hands.c.id)
        .where(hand_players.c.player == player)
        .order_by(hands.c.id.desc())
        .limit(limit)
    )
    if before is not None:
        query = query.where(hands.c.id < before)
    return [_summary(r, r.seat) for r in connection.execute(query)]


def _summary(r: Any, seat: int | None) -> HandSummary:
    return HandSummary(
        int(r.id),
        r.table_name,
        int(r.number),
        r.status,
        r.started_at.isoformat(),
        _iso(r.ended_at),
        None if seat is None else int(seat),
    )


def hand_by_number(connection: sa.Connection, table: str, number: int) -> int | None:
    """The id of the last hand numbered ``number`` at ``table`` (a voided hand is dealt again
    under its number: the newest is the one played), or None."""
    found = connection.execute(
        sa.select(hands.c.id)
        .where((hands.c.table_name == table) & (hands.c.number == number))
        .order_by(hands.c.id.desc())
        .limit(1)
    ).scalar()
    return None if found is None else int(found)


def hand_record(connection: sa.Connection, hand_id: int) -> HandRecord | None:
    """The stored hand ``hand_id`` whole, or None."""
    row = connection.execute(sa.select(hands).where(hands.c.id == hand_id)).first()
    if row is None:
        return None
    players = {
        int(seat): player
        for seat, player in connection.execute(
            sa.select(hand_players.c.seat, hand_players.c.player).where(
                hand_players.c.hand_id == hand_id
            )
        )
    }
    events = [
        dict(json.loads(data))
        for (data,) in connection.execute(
            sa.select(hand_events.c.data)
            .where(hand_events.c.hand_id == hand_id)
            .order_by(hand_events.c.seq)
        )
    ]
    return HandRecord(
        int(row.id),
        row.table_name,
        int(row.number),
        row.status,
        row.root,
        None if row.opening is None else dict(json.loads(row.opening)),
        players,
        events,
        row.started_at.isoformat(),
        _iso(row.ended_at),
    )


def open_hand_of(connection: sa.Connection, table: str) -> HandRecord | None:
    """The hand left open at ``table`` (in progress when the server stopped), or None."""
    found = connection.execute(
        sa.select(hands.c.id)
        .where((hands.c.table_name == table) & (hands.c.status == "open"))
        .order_by(hands.c.id.desc())
        .limit(1)
    ).scalar()
    return None if found is None else hand_record(connection, int(found))
