"""A player's list of hands: each hand with its table's name as players know it, his cards,
the board, the pot and his result, read from the hand's events as he saw them (his own view:
no other player's card unless it was shown)."""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa

from croupier.engine import Hand, event_from_dict
from croupier.errors import CroupierError
from croupier.server.storage.reads import latest_snapshot
from croupier.server.storage.schema import hand_events, hand_players, hands
from croupier.server.tables.frames import client_event

__all__ = ["hand_list", "table_title"]

TOURNAMENT_KIND = "tournament"  # croupier.server.tournaments.actor.KIND


def table_title(connection: sa.Connection, table: str) -> dict[str, Any]:
    """How players know ``table``: a cash table by its name; a tournament's table
    (``"id@n"``) by its number and the tournament's name."""
    if "@" not in table:
        return {"name": table}
    tid, _, number = table.rpartition("@")
    part = latest_snapshot(connection, TOURNAMENT_KIND, tid) or {}
    name = (part.get("spec") or {}).get("name") or tid
    return {"tournament": str(name), "number": int(number) if number.isdigit() else None}


def _summary(events: list[dict[str, Any]], seat: int) -> dict[str, Any]:
    """His cards, the board, the pot and his result from the hand's stored events, through
    the engine's view of ``seat``."""
    try:
        hand = Hand.replay([event_from_dict(e) for e in events])
        seen = [client_event(e) for e in hand.view(seat).events]
    except (CroupierError, KeyError, ValueError, TypeError):
        return {"cards": [], "board": [], "pot": None, "result": None}
    cards: list[str] = []
    board: list[str] = []
    pot = 0
    start: int | None = None
    end: int | None = None
    for e in seen:
        kind = e["type"]
        if kind == "started":
            start = next((row[2] for row in e["seats"] if row[0] == seat), None)
        elif kind == "dealt" and e["seat"] == seat and e.get("cards"):
            cards = list(e["cards"])
        elif kind == "board":
            board += list(e["cards"])
        elif kind in ("awarded", "raked"):
            pot += int(e["amount"])
        elif kind in ("ended", "voided"):
            end = next((s for t, s in e["stacks"] if t == seat), None)
            if kind == "voided":
                end, pot = start, 0
    result = None if start is None or end is None else end - start
    return {"cards": cards, "board": board, "pot": pot, "result": result}


def hand_list(
    connection: sa.Connection,
    player: str,
    *,
    before: int | None = None,
    limit: int = 50,
    table: str | None = None,
) -> dict[str, Any]:
    """The hands ``player`` was dealt in, newest first (``before``: ids below it; ``table``:
    one table's alone), each with its summary; ``tables``: every table he played at, for a
    filter; ``more``: whether older hands remain."""
    mine = hand_players.c.player == player
    query = (
        sa.select(hands, hand_players.c.seat)
        .join(hand_players, hand_players.c.hand_id == hands.c.id)
        .where(mine)
        .order_by(hands.c.id.desc())
        .limit(limit + 1)
    )
    if before is not None:
        query = query.where(hands.c.id < before)
    if table is not None:
        query = query.where(hands.c.table_name == table)
    rows = list(connection.execute(query))
    more = len(rows) > limit
    rows = rows[:limit]
    events: dict[int, list[dict[str, Any]]] = {int(r.id): [] for r in rows}
    if events:
        for hand_id, data in connection.execute(
            sa.select(hand_events.c.hand_id, hand_events.c.data)
            .where(hand_events.c.hand_id.in_(list(events)))
            .order_by(hand_events.c.hand_id, hand_events.c.seq)
        ):
            events[int(hand_id)].append(dict(json.loads(data)))
    names = sorted(
        {
            str(n)
            for (n,) in connection.execute(
                sa.select(hands.c.table_name)
                .join(hand_players, hand_players.c.hand_id == hands.c.id)
                .where(mine)
                .distinct()
            )
        }
    )
    titles = {n: table_title(connection, n) for n in names}
    out = []
    for r in rows:
        seat = int(r.seat)
        out.append(
            {
                "id": int(r.id),
                "table": r.table_name,
                "title": titles.get(r.table_name) or table_title(connection, r.table_name),
                "number": int(r.number),
                "status": r.status,
                "started_at": r.started_at.isoformat(),
                "ended_at": None if r.ended_at is None else r.ended_at.isoformat(),
                "seat": seat,
                "unit": "chips" if "@" in r.table_name else "cents",
                **_summary(events[int(r.id)], seat),
            }
        )
    return {
        "hands": out,
        "more": more,
        "tables": [{"table": n, "title": titles[n]} for n in names],
    }
