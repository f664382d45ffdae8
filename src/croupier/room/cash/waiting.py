"""The waiting list, kept by the floor (CAS-7).

Players register for one table or for any table at given stakes. When a seat is free the
floor calls the names in order of registration; a name that does not answer is skipped
(it keeps its place for the next call) and the call goes on until someone answers. The
seat itself is then drawn at random by the room.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

from croupier.errors import IllegalActionError

__all__ = ["Called", "Registration", "WaitingList"]


class Registration(NamedTuple):
    """One name on the list: for a table, or for any table at some stakes."""

    number: int
    """Order of registration (CAS-7)."""
    player: str
    table: str | None
    stakes: str | None
    buy_in: int | None
    """What the player will buy in for when he is called (None: the table's minimum)."""

    @property
    def target(self) -> str:
        """The table or the stakes registered for."""
        return f"table {self.table}" if self.table is not None else f"stakes {self.stakes}"


class Called(NamedTuple):
    """The outcome of a call: who answered, and who was skipped before him."""

    registration: Registration | None
    skipped: tuple[Registration, ...]


class WaitingList:
    """All the room's waiting lists, in one order of registration.

    >>> wl = WaitingList()
    >>> _ = wl.register("ann", table="t1", buy_in=4_000)
    >>> _ = wl.register("bob", stakes="casino-fr no-limit 1-2", buy_in=4_000)
    >>> [r.player for r in wl.for_table("t1", "casino-fr no-limit 1-2")]
    ['ann', 'bob']
    >>> called = wl.call("t1", "casino-fr no-limit 1-2", answers=lambda r: r.player != "ann")
    >>> called.registration.player, [r.player for r in called.skipped]
    ('bob', ['ann'])
    """

    def __init__(self) -> None:
        self._entries: list[Registration] = []
        self._count = 0

    def __len__(self) -> int:
        return len(self._entries)

    def __iter__(self) -> Iterator[Registration]:
        return iter(list(self._entries))

    def __contains__(self, player: object) -> bool:
        return any(r.player == player for r in self._entries)

    def register(
        self,
        player: str,
        *,
        table: str | None = None,
        stakes: str | None = None,
        buy_in: int | None = None,
    ) -> Registration:
        """Put ``player`` on the list for ``table`` or for ``stakes`` (one of the two)."""
        if (table is None) == (stakes is None):
            raise IllegalActionError("register for one table or for one stakes, not both/neither")
        for r in self._entries:
            if r.player == player and r.table == table and r.stakes == stakes:
                raise IllegalActionError(
                    f"{player} is already on the waiting list for {r.target} (number {r.number})"
                )
        self._count += 1
        entry = Registration(self._count, player, table, stakes, buy_in)
        self._entries.append(entry)
        return entry

    def remove(self, player: str) -> list[Registration]:
        """Take every registration of ``player`` off the list; returns them."""
        gone = [r for r in self._entries if r.player == player]
        self._entries = [r for r in self._entries if r.player != player]
        return gone

    def for_table(self, table: str, stakes: str) -> list[Registration]:
        """The names that a free seat at ``table`` (playing ``stakes``) calls, in order."""
        return [r for r in self._entries if r.table == table or r.stakes == stakes]

    def call(
        self,
        table: str,
        stakes: str,
        *,
        answers: Callable[[Registration], bool],
    ) -> Called:
        """Call the names for a seat at ``table`` in order; the first who answers is taken
        off the list (all his registrations); those who do not are skipped and stay."""
        skipped: list[Registration] = []
        for r in self.for_table(table, stakes):
            if answers(r):
                self.remove(r.player)
                return Called(r, tuple(skipped))
            skipped.append(r)
        return Called(None, tuple(skipped))
