"""Hand histories from the database: each player his own hands as he saw them (PKG-14,
PKG-15) in three formats (croupier's readable text, PokerStars text, PHH), with the deck
commitment's proofs of every card he saw (``croupier verify`` checks them); the floor reads
every hand with every card."""

from __future__ import annotations

import datetime
import zlib
from dataclasses import replace
from typing import Any, NamedTuple

import sqlalchemy as sa

from croupier.commitment import HandProofs, Opening, prove_cards
from croupier.engine import Hand, event_from_dict
from croupier.errors import CroupierError, HandHistoryError
from croupier.history import (
    Tournament,
    dumps,
    hand_to_phh,
    render_pokerstars,
    render_pokerstars_view,
    render_text,
    render_view,
)
from croupier.history.text import chips, currency
from croupier.room.tournament._state import config_from_json
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage import Store
from croupier.server.storage.reads import latest_snapshot
from croupier.server.tables.frames import client_event
from croupier.server.tables.records import HandRecord, hand_by_number, hand_record

__all__ = ["FORMATS", "STAFF_READERS", "hand_history", "hand_history_by_number"]

FORMATS = ("text", "pokerstars", "phh")
"""The formats of a hand history: croupier's text, PokerStars text, PHH."""

STAFF_READERS = frozenset({"floor", "admin"})
"""Roles that read every hand, every card shown (the floor, audits)."""


async def hand_history_by_number(
    store: Store, table: str, number: int, *, player: str, role: str, live_cards: bool = False
) -> dict[str, Any]:
    """Hand ``number`` of ``table`` as ``player`` saw it."""
    found = await store.read(lambda c: hand_by_number(c, table, number))
    if found is None:
        raise ProtocolError("not_found", f"no hand {number} at table {table!r}")
    return await hand_history(store, found, player=player, role=role, live_cards=live_cards)


class Where(NamedTuple):
    """Where a hand was played, for its PokerStars header: the table's seats and, at a
    tournament's table, the tournament (its number, buy-in and fee; the level is the
    hand's)."""

    max_seats: int | None = None
    tournament: Tournament | None = None
    levels: tuple[tuple[int, int, int], ...] = ()
    """The tournament's levels as (small blind, big blind, ante), level 1 first."""


TOURNAMENT_KIND = "tournament"  # croupier.server.tournaments.actor.KIND
CASH_TABLE_KIND = "cash-table"  # croupier.server.tables.state.TABLE_KIND


def tournament_number(tournament_id: str) -> int:
    """The number a tournament's hands carry in PokerStars headers (``Tournament #N``):
    the CRC-32 of its id, the same for every hand of it and different between
    tournaments (a ``sng-pokcomm-3`` and a ``sng-italian-3`` do not share one)."""
    return zlib.crc32(tournament_id.encode("utf-8"))


def where_played(connection: sa.Connection, table: str) -> Where:
    """The table's size and its tournament, from their stored parts (defaults if gone)."""
    if "@" not in table:
        part = latest_snapshot(connection, CASH_TABLE_KIND, table)
        size = (part or {}).get("table", {}).get("size")
        return Where(max_seats=size if isinstance(size, int) else None)
    tid, _, number = table.rpartition("@")
    part = latest_snapshot(connection, TOURNAMENT_KIND, tid)
    spec = (part or {}).get("spec") or {}
    try:
        config = config_from_json(spec["config"])
    except (KeyError, TypeError, ValueError, CroupierError):
        return Where(tournament=Tournament(tournament_number(tid), level=1))
    return Where(
        max_seats=config.options.table_size,
        tournament=Tournament(
            tournament_number(tid),
            level=1,
            buy_in=config.buy_in,
            fee=config.fee,
            currency="EUR",
            table=int(number) if number.isdigit() else 1,
        ),
        levels=tuple((v.small_blind, v.big_blind, v.ante) for v in config.structure.levels),
    )


async def hand_history(
    store: Store, hand_id: int, *, player: str, role: str, live_cards: bool = False
) -> dict[str, Any]:
    """Stored hand ``hand_id``: its text for ``player`` (his own view only) and the proofs of
    the cards he saw; the floor gets every card, of a hand still being played only with
    ``live_cards`` (the room's ``floor_sees_live_cards``: off by default)."""

    def read(connection: sa.Connection) -> tuple[HandRecord | None, Where]:
        found = hand_record(connection, hand_id)
        return found, Where() if found is None else where_played(connection, found.table)

    record, where = await store.read(read)
    if record is None:
        raise ProtocolError("not_found", f"no hand with id {hand_id}")
    seat = next((s for s, p in record.players.items() if p == player), None)
    staff = role in STAFF_READERS
    if staff and record.ended_at is None and not live_cards:
        if seat is None:
            raise ProtocolError(
                "forbidden",
                f"hand {record.number} at {record.table} is still being played: the floor reads"
                " its cards once it has ended (the room's floor_sees_live_cards setting)",
            )
        staff = False  # a staff member dealt in sees his own cards, as any player
    if seat is None and not staff:
        raise ProtocolError(
            "forbidden", f"{player} was not dealt in hand {record.number} at {record.table}"
        )
    return render(record, seat=None if staff else seat, staff=staff, where=where)


def _level(where: Where, hand: Hand) -> int:
    """The tournament level whose blinds and ante the hand was played at (1 if unknown)."""
    stakes = hand.rules.stakes
    played = (stakes.small_blind, stakes.big_blind, stakes.ante)
    return next((k + 1 for k, level in enumerate(where.levels) if level == played), 1)


def render(
    record: HandRecord, *, seat: int | None, staff: bool, where: Where | None = None
) -> dict[str, Any]:
    """A stored hand's history for one seat (or the floor); ``where``: the table's size and
    its tournament, for the PokerStars header."""
    where = where or Where()
    events = [event_from_dict(e) for e in record.events]
    label = f"{record.table} hand {record.number}"
    # A tournament's tables ("sng-pokcomm-3@1": tournaments.spec.table_name) play for chips,
    # written in chips with the tournament's header, as the library writes them.
    in_chips = "@" in record.table
    money = chips if in_chips else currency("€")
    out: dict[str, Any] = {
        "hand_id": record.id,
        "table": record.table,
        "hand": record.number,
        "status": record.status,
        "started_at": record.started_at,
        "ended_at": record.ended_at,
        "players": {str(s): p for s, p in sorted(record.players.items())},
        "root": record.root,
        "unit": "chips" if in_chips else "cents",
    }
    hand = Hand.replay(events)
    played_at = datetime.datetime.fromisoformat(record.started_at)
    stars: dict[str, Any] = {
        "hand_number": record.id,
        "played_at": played_at,
        "table": record.table,
        "max_seats": where.max_seats,
    }
    scale = 1
    if in_chips:
        tid = record.table.rpartition("@")[0]
        tournament = where.tournament or Tournament(tournament_number(tid), level=1)
        stars["tournament"] = replace(tournament, level=_level(where, hand))
    else:
        stars |= {"currency": "EUR", "scale": 100}
        scale = 100
    if staff:
        out["text"] = render_text(events, hand_id=label, money=money, all_cards=True)
        out["pokerstars"] = _maybe(lambda: render_pokerstars(events, all_cards=True, **stars))
        out["phh"] = _maybe(lambda: dumps(hand_to_phh(hand, scale=scale)))
        out["proofs"] = None
        return out
    assert seat is not None
    view = hand.view(seat)
    out["text"] = render_view(view, hand_id=label, money=money)
    # The events as this seat saw them (the protocol's form: other players' cards only where
    # shown), for a client that writes the history in the player's language.
    out["events"] = [client_event(e) for e in view.events]
    out["pokerstars"] = _maybe(lambda: render_pokerstars_view(view, **stars))
    out["phh"] = _maybe(lambda: dumps(hand_to_phh(hand, scale=scale, viewer=seat)))
    out["proofs"] = None
    if record.opening is not None and record.root is not None:
        opening = Opening.from_dict(record.opening)
        proofs = prove_cards(opening, view.visible_cards())
        out["proofs"] = HandProofs(root=record.root, proofs=proofs, hand=label).to_dict()
    return out


def _maybe(write: Any) -> str | None:
    """A format's text, or None for a hand it cannot hold (a voided hand: nothing played)."""
    try:
        text: str = write()
    except HandHistoryError:
        return None
    return text
