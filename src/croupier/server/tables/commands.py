"""What a table's actor takes from its queue: players' commands, and its own timers."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from croupier.server.storage import Record

__all__ = ["Command", "Step", "Viewer"]


class Viewer(Protocol):
    """A client connection as a table sees it: who it is, and a way to hand it frames."""

    @property
    def user(self) -> str:
        """The screen name of the connection's user."""
        ...

    def push(self, text: str) -> None:
        """Queue a frame for the client (never blocks, never fails)."""
        ...


@dataclass
class Command:
    """One thing for a table to do.

    ``kind`` is a client message type (``"act"``, ``"sit"`` ...) with its ``message`` and the
    ``player`` who sent it, or an internal kind: ``"timer"`` and ``"bot"`` (``token`` names the
    turn they were set for), ``"deal"``, ``"connected"``/``"disconnected"``/``"grace"`` (of
    ``player``), ``"call_list"``, ``"watch"`` (``viewer``, ``since``), ``"floor"`` (an
    operation of the floor's console: ``message`` is a function of the actor and the step,
    run in the table's turn; see :mod:`croupier.server.floor.cash`).
    """

    kind: str
    player: str | None = None
    message: Any = None
    token: int = 0
    viewer: Viewer | None = None
    since: int | None = None
    reply: asyncio.Future[dict[str, Any]] | None = field(default=None, repr=False)


class Step:
    """What one command changed at a table, gathered for the write and the frames:
    ``table`` (its stored part), ``room`` (the room's part), ``publish`` (a frame);
    ``records``: more records written in the same transaction (the floor's log, its state);
    ``tells``: frames for one player each, sent once the write is committed."""

    __slots__ = ("entries_before", "publish", "records", "room", "table", "tells")

    def __init__(self, entries_before: int) -> None:
        self.entries_before = entries_before
        self.table = False
        self.room = False
        self.publish = False
        self.records: list[Record] = []
        self.tells: list[tuple[str, dict[str, Any]]] = []
