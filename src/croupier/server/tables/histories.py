"""Hand histories from the database: each player his own hands as he saw them (PKG-14,
PKG-15), with the deck commitment's proofs of every card he saw (``croupier verify`` checks
them); the floor reads every hand with every card."""

from __future__ import annotations

from typing import Any

from croupier.commitment import HandProofs, Opening, prove_cards
from croupier.engine import Hand, event_from_dict
from croupier.history import render_text, render_view
from croupier.history.text import currency
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage import Store
from croupier.server.tables.records import HandRecord, hand_by_number, hand_record

__all__ = ["STAFF_READERS", "hand_history", "hand_history_by_number"]

STAFF_READERS = frozenset({"floor", "admin"})
"""Roles that read every hand, every card shown (the floor, audits)."""


async def hand_history_by_number(
    store: Store, table: str, number: int, *, player: str, role: str
) -> dict[str, Any]:
    """Hand ``number`` of ``table`` as ``player`` saw it."""
    found = await store.read(lambda c: hand_by_number(c, table, number))
    if found is None:
        raise ProtocolError("not_found", f"no hand {number} at table {table!r}")
    return await hand_history(store, found, player=player, role=role)


async def hand_history(store: Store, hand_id: int, *, player: str, role: str) -> dict[str, Any]:
    """Stored hand ``hand_id``: its text for ``player`` (his own view only) and the proofs of
    the cards he saw; the floor gets every card."""
    record = await store.read(lambda c: hand_record(c, hand_id))
    if record is None:
        raise ProtocolError("not_found", f"no hand with id {hand_id}")
    seat = next((s for s, p in record.players.items() if p == player), None)
    staff = role in STAFF_READERS
    if seat is None and not staff:
        raise ProtocolError(
            "forbidden", f"{player} was not dealt in hand {record.number} at {record.table}"
        )
    return render(record, seat=None if staff else seat, staff=staff)


def render(record: HandRecord, *, seat: int | None, staff: bool) -> dict[str, Any]:
    """A stored hand's history for one seat (or the floor)."""
    events = [event_from_dict(e) for e in record.events]
    label = f"{record.table} hand {record.number}"
    money = currency("€")
    out: dict[str, Any] = {
        "hand_id": record.id,
        "table": record.table,
        "hand": record.number,
        "status": record.status,
        "started_at": record.started_at,
        "ended_at": record.ended_at,
        "players": {str(s): p for s, p in sorted(record.players.items())},
        "root": record.root,
    }
    if staff:
        out["text"] = render_text(events, hand_id=label, money=money, all_cards=True)
        out["proofs"] = None
        return out
    assert seat is not None
    view = Hand.replay(events).view(seat)
    out["text"] = render_view(view, hand_id=label, money=money)
    out["proofs"] = None
    if record.opening is not None and record.root is not None:
        opening = Opening.from_dict(record.opening)
        proofs = prove_cards(opening, view.visible_cards())
        out["proofs"] = HandProofs(root=record.root, proofs=proofs, hand=label).to_dict()
    return out
