"""The floor's own state at the cash tables, stored as one snapshot (``floor``/``cash``).

- ``suspensions``: players suspended at a cash table, sat out for a number of orbits
  (POK-13-1, ITA-51), counted in hands (an orbit is as many hands as there were players at
  his table when the penalty was given); the count goes down with every hand his table plays;
- ``barred``: players disqualified from the cash games: they may not sit or join a waiting
  list until the floor lifts it;
- ``floor_calls``: tables whose waiting list the floor calls (CAS-7) instead of the table
  calling it by itself when a seat is free;
- ``no_bots``: tables where bots may not sit (opened with ``bots_allowed`` false): an account
  marked as a bot (``users.is_bot``) may not take a seat there, join its waiting list, be
  called from a list to it, or be moved to it;
- ``closing``: who announced the last hands of a table (CAS-25), for the log of its close.

The table actors consult it (a suspended player may not sit in again, a barred one may not
sit); it changes only in the asyncio thread that owns the room, and its snapshot is written in
the same transaction as the change that moved it (:meth:`FloorState.record`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from croupier.room.cash.ledger import Account
from croupier.server.floor.log import LogDecision
from croupier.server.protocol.codes import ProtocolError
from croupier.server.storage.reads import latest_snapshot
from croupier.server.storage.records import SaveSnapshot

if TYPE_CHECKING:
    from croupier.server.tables.actor import TableActor
    from croupier.server.tables.commands import Step

__all__ = ["FLOOR_KIND", "FloorState", "Suspension", "load_floor_state"]

FLOOR_KIND = "floor"
_NAME = "cash"


@dataclass
class Suspension:
    """A player sat out at cash table ``table`` for ``orbits`` orbits (``hands_left`` hands)."""

    player: str
    table: str
    orbits: int
    hands_left: int
    by: str
    role: str
    decision: int = 0
    """The id of the floor's log line that gave it."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "player": self.player,
            "table": self.table,
            "orbits": self.orbits,
            "hands_left": self.hands_left,
            "by": self.by,
            "role": self.role,
            "decision": self.decision,
        }


class FloorState:
    """What the floor holds over the cash tables (see the module)."""

    def __init__(self) -> None:
        self.suspensions: dict[str, Suspension] = {}
        self.barred: dict[str, str] = {}
        """Disqualified player -> who disqualified him."""
        self.floor_calls: set[str] = set()
        self.no_bots: set[str] = set()
        """Tables where bots may not sit."""
        self.closing: dict[str, str] = {}

    # ------------------------------------------------------------- checks
    def check_may_play(self, player: str) -> None:
        """Refuse a seat or a waiting list to a disqualified or suspended player (POK-13-1):
        a suspended player does not escape his orbits by changing tables."""
        if player in self.barred:
            raise ProtocolError(
                "forbidden",
                f"{player} is disqualified from the cash games by the floor (POK-13-1):"
                " only the floor can lift it",
            )
        s = self.suspensions.get(player)
        if s is not None:
            raise ProtocolError(
                "illegal",
                f"{player} is suspended for {_count(s.orbits, 'orbit')} at {s.table}"
                f" (POK-13-1, ITA-51): {_count(s.hands_left, 'hand')} to sit out before he"
                " plays again",
            )

    def bots_allowed(self, table: str) -> bool:
        """Whether bots may sit at ``table``."""
        return table not in self.no_bots

    def check_bots_allowed(self, table: str, player: str, is_bot: bool) -> None:
        """Refuse a seat (or a waiting list, a move) at ``table`` to a bot where bots may
        not sit."""
        if is_bot and table in self.no_bots:
            raise ProtocolError(
                "forbidden",
                f"{player} is a bot, and bots may not sit at {table}: the room keeps this"
                " table for people",
            )

    def check_may_sit_in(self, player: str) -> None:
        """Refuse to deal a suspended player in again before his orbits are over."""
        s = self.suspensions.get(player)
        if s is not None:
            raise ProtocolError(
                "illegal",
                f"{player} is suspended for {_count(s.orbits, 'orbit')} at {s.table}"
                f" (POK-13-1, ITA-51): {_count(s.hands_left, 'hand')} to sit out",
            )

    # ------------------------------------------------------------ changes
    def hand_settled(self, actor: TableActor, voided: bool, step: Step) -> None:
        """A hand of ``actor``'s table is settled: count the suspensions down (a voided hand
        does not count) and log the close of a table whose announced hands are played."""
        changed = False
        if not voided:
            for s in list(self.suspensions.values()):
                if s.table != actor.name:
                    continue
                s.hands_left -= 1
                changed = True
                if s.hands_left <= 0:
                    del self.suspensions[s.player]
                    step.records.append(
                        LogDecision(
                            who=s.by,
                            role=s.role,
                            subject_kind="player",
                            subject_id=s.player,
                            action="suspension_served",
                            detail={"orbits": s.orbits, "decision": s.decision},
                            place=f"table:{s.table}",
                            why="the orbits of the suspension are played: he may sit in again",
                        )
                    )
        if actor.name in self.closing and not actor.service.room.session(actor.name).can_deal:
            changed = True
            step.records.append(
                self._closed(
                    actor,
                    "the last announced hands are played (CAS-25); every player is cashed out",
                )
            )
        if changed:
            step.records.append(self.record())

    def close_if_stopped(self, actor: TableActor, step: Step) -> None:
        """A table whose last hands are announced and that cannot deal one of them (fewer
        than two players ready: those left sit out or are gone) closes now, every player
        cashed out (CAS-25, CAS-4), as it would have had it stopped before the announce."""
        name = actor.name
        if name not in self.closing or not actor.table.between_hands:
            return
        room = actor.service.room
        session = room.session(name)
        if not session.can_deal or actor.table.can_start():
            return
        stacks = {ts.player: ts.stack for ts in room.table(name)}
        room.close(name)
        actor.info_cache = None
        step.table = step.room = step.publish = True
        why = (
            "the announced hands cannot be dealt: fewer than two players (CAS-25);"
            " every player is cashed out"
        )
        step.records += [self._closed(actor, why, stacks), self.record()]

    def _closed(
        self, actor: TableActor, why: str, cashed_out: dict[str, int] | None = None
    ) -> LogDecision:
        """The floor's log line of a closing table now closed (in the name of whoever
        announced its last hands)."""
        name = actor.name
        room = actor.service.room
        session = room.session(name)
        who = self.closing.pop(name)
        detail: dict[str, Any] = {"session": session.number, "hands_played": session.hands_played}
        if cashed_out is not None:
            detail["cashed_out"] = cashed_out
        detail["rake_box"] = room.ledger.balance(Account.house(name))
        return LogDecision(
            who=who.split(":")[0],
            role=who.split(":")[1] if ":" in who else "floor",
            subject_kind="table",
            subject_id=name,
            action="table_closed",
            detail=detail,
            place=f"table:{name}",
            why=why,
        )

    # ------------------------------------------------------------ storing
    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "kind": "floor-cash",
            "version": 1,
            "suspensions": [s.to_dict() for s in self.suspensions.values()],
            "barred": dict(sorted(self.barred.items())),
            "floor_calls": sorted(self.floor_calls),
            "no_bots": sorted(self.no_bots),
            "closing": dict(sorted(self.closing.items())),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> FloorState:
        """The state :meth:`to_dict` wrote."""
        state = cls()
        for row in data.get("suspensions", []):
            s = Suspension(**row)
            state.suspensions[s.player] = s
        state.barred = {str(k): str(v) for k, v in data.get("barred", {}).items()}
        state.floor_calls = set(data.get("floor_calls", []))
        state.no_bots = set(data.get("no_bots", []))
        state.closing = {str(k): str(v) for k, v in data.get("closing", {}).items()}
        return state

    def record(self) -> SaveSnapshot:
        """The store record of the state as it is now."""
        return SaveSnapshot(FLOOR_KIND, _NAME, self.to_dict())


def load_floor_state(connection: sa.Connection) -> FloorState:
    """The floor's stored state (empty on a new database); a read query."""
    data = latest_snapshot(connection, FLOOR_KIND, _NAME)
    return FloorState() if data is None else FloorState.from_dict(data)


def _count(n: int, word: str) -> str:
    """``1 hand``, ``2 hands``: a count with its word in English."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"
