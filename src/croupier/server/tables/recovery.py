"""Recovery on start: the cash room rebuilt from its stored parts and the hands in progress.

1. The ledger is loaded from its entries by the money desk (and audited) before this runs.
2. Each table's last stored part is taken; a table whose hand was in progress gets that hand's
   events from ``hand_events`` (every event a client heard of is there: events are committed
   before they are published) in place of the shorter list its part was written with.
3. Each such hand is checked: its events must replay through the engine (``Hand.replay``
   checks every one) and its deck must be the one its commitment's opening holds. A hand that
   fails either check is voided (ITA-45: a failed integrity check voids the hand, every chip
   going back to its player), from the events of its stored part, which the engine wrote.
   Otherwise it continues where it stopped (or is voided anyway when the server is configured
   ``interrupted_hands = "void"``: POK-2-9).
4. ``Room.restore`` rebuilds the room and proves every seat account against its table.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass, field
from typing import Any

from croupier.commitment import CommitmentError, Opening
from croupier.engine import Hand, HandStarted, event_from_dict
from croupier.errors import ConfigurationError, CroupierError
from croupier.room.cash import Room
from croupier.room.cash.absence import AbsencePolicy
from croupier.room.cash.ledger import Ledger
from croupier.server.storage import Store
from croupier.server.storage.reads import latest_snapshot, latest_snapshots, open_hands
from croupier.server.tables.config import InterruptedHands, OnlineConfig
from croupier.server.tables.records import HandRecord, open_hand_of
from croupier.server.tables.state import ROOM, ROOM_KIND, TABLE_KIND, assemble, new_room

__all__ = ["Recovered", "RecoveredRoom", "load_room"]

_log = logging.getLogger("croupier.server.recovery")


@dataclass
class Recovered:
    """What a table's actor takes over from the stored record."""

    hand_id: int | None = None
    opening: Opening | None = None
    persisted: int = 0
    """Events of the hand in progress (as rebuilt) already stored."""
    next_seq: int = 0
    """The number of the next event stored for that hand."""
    void: str | None = None
    """Why the hand in progress is to be voided (None: it continues)."""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class RecoveredRoom:
    """The room rebuilt, what each table takes over, the muted players, stray open hands."""

    room: Room
    tables: dict[str, Recovered]
    muted: set[str]
    stray_hands: list[int]
    """Hands left open that no table is playing (closed as voided: no chip moved)."""


def load_room(store: Store, ledger: Ledger, config: OnlineConfig) -> RecoveredRoom:
    """The cash room as stored, with ``ledger`` (the money desk's) as its books."""

    def read(connection: Any) -> tuple[Any, Any, list[HandRecord], list[int]]:
        part = latest_snapshot(connection, ROOM_KIND, ROOM)
        tables = latest_snapshots(connection, TABLE_KIND)
        records = []
        for name, entry in tables.items():
            if entry["table"]["hand"] is not None:
                record = open_hand_of(connection, name)
                if record is None:
                    raise ConfigurationError(
                        f"table {name}'s stored state has a hand in progress but the hands"
                        " table has no open hand for it"
                    )
                records.append(record)
        playing = {r.id for r in records}
        tournaments = set(latest_snapshots(connection, "tournament"))  # their own recovery
        stray = [
            h.id
            for h in open_hands(connection)
            if h.id not in playing and h.table.rpartition("@")[0] not in tournaments
        ]
        return part, tables, records, stray

    part, tables, records, stray = store.read_blocking(read)
    by_table = {r.table: r for r in records}
    recovered: dict[str, Recovered] = {}
    for name, entry in tables.items():
        found = by_table.get(name)
        recovered[name] = (
            Recovered(extra=dict(entry.get("extra", {})))
            if found is None
            else _take_hand(entry, found, config)
        )
    if not tables and part is None:
        room = new_room(max_hands=config.absence_max_hands, max_seconds=config.absence_max_seconds)
        room.ledger = ledger
        return RecoveredRoom(room, {}, set(), stray)
    data = assemble(part, tables, ledger)
    try:
        room = Room.restore(data, rng=random.SystemRandom())
    except ConfigurationError as error:
        raise ConfigurationError(f"the stored cash room cannot be restored: {error}") from None
    room.ledger = ledger
    room.absence = AbsencePolicy(
        max_hands=config.absence_max_hands, max_seconds=config.absence_max_seconds
    )
    room.check()
    muted = set(part.get("muted", [])) if part is not None else set()
    return RecoveredRoom(room, recovered, muted, stray)


def _take_hand(entry: dict[str, Any], record: HandRecord, config: OnlineConfig) -> Recovered:
    """Put the stored events of the hand in progress into the table's part, or keep the
    part's own (the engine's) and void the hand when the record fails its checks."""
    hand = entry["table"]["hand"]
    written = hand["events"]
    stored = record.events
    recovered = Recovered(
        hand_id=record.id,
        persisted=len(stored),
        next_seq=len(stored),
        extra=dict(entry.get("extra", {})),
    )
    problem = _check_record(written, stored, record)
    if problem is None:
        hand["events"] = stored
        assert record.opening is not None
        recovered.opening = Opening.from_dict(record.opening)
        if config.interrupted_hands is InterruptedHands.VOID:
            recovered.void = "the server restarted during the hand (POK-2-9)"
        return recovered
    _log.error("hand %s at %s fails its checks on recovery: %s", record.id, record.table, problem)
    recovered.void = f"the stored hand failed its integrity check (ITA-45): {problem}"
    recovered.persisted = len(written)
    if record.opening is not None:
        try:
            recovered.opening = Opening.from_dict(record.opening)
        except CommitmentError:
            recovered.opening = None
    return recovered


def _check_record(
    written: list[dict[str, Any]], stored: list[dict[str, Any]], record: HandRecord
) -> str | None:
    """Why the stored hand cannot continue, or None."""
    if stored[: len(written)] != written:
        return "its events disagree with the table's stored state"
    try:
        events = [event_from_dict(e) for e in stored]
        Hand.replay(events)
    except (CroupierError, ValueError, TypeError) as error:
        return f"its events do not replay ({error})"
    first = events[0]
    assert isinstance(first, HandStarted)
    if record.opening is None:
        return "its deck commitment is missing"
    try:
        opening = Opening.from_dict(record.opening)
    except CommitmentError as error:
        return f"its deck commitment is unreadable ({error})"
    if tuple(opening.deck) != tuple(first.deck) or opening.root != record.root:
        return "its deck is not the one committed before the first action"
    return None
