"""The room's state shared by its parts: tables in session, who sits where, the cashier.

Private: use :class:`croupier.room.cash.Room`.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import NamedTuple

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.cash.absence import AbsencePolicy, Absences
from croupier.room.cash.ledger import Account, AccountKind, EntryKind, Ledger, format_money
from croupier.room.cash.session import Session, SessionInfo, SessionLockedError
from croupier.room.cash.waiting import WaitingList
from croupier.rules.model import Rules
from croupier.table import Table, TableSeat
from croupier.table._check import name as _name
from croupier.table._check import whole

__all__ = ["CashTable", "RoomBase", "RoomStats", "SetAside"]


class SetAside(NamedTuple):
    """Chips of ``player`` set aside at ``table`` after hand ``hand`` (CAS-8)."""

    player: str
    table: str
    amount: int
    hand: int


@dataclass
class RoomStats:
    """Counters of what happened in the room."""

    hands: int = 0
    rake: int = 0
    seated: int = 0
    left: int = 0
    rebuys: int = 0
    set_aside: int = 0
    claimed: int = 0
    orphaned: int = 0
    skipped: int = 0
    moves: int = 0
    sessions_opened: int = 0
    sessions_closed: int = 0

    def to_dict(self) -> dict[str, int]:
        """A JSON-ready dictionary."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


class CashTable:
    """A table of the room with its current session and the players leaving after the hand."""

    __slots__ = ("leaving", "session", "table")

    def __init__(self, table: Table, session: Session) -> None:
        self.table = table
        self.session = session
        self.leaving: set[str] = set()

    @property
    def name(self) -> str:
        """The table's name."""
        return self.table.name

    def in_current_hand(self, player: str) -> bool:
        """True when ``player`` is dealt in the hand not yet settled (being played, or over
        and waiting for :meth:`Room.finish_hand`)."""
        return self.table.dealt_in(player)

    def busy(self) -> str | None:
        """Why chips cannot move at this table now (a hand not yet settled), or None."""
        t = self.table
        if t.hand is None:
            return None
        if t.in_hand:
            return f"table {self.name} is playing hand {t.hand_number + 1}"
        return f"hand {t.hand_number + 1} at table {self.name} is over but not settled yet"


class RoomBase:
    """The room's state: tables and sessions, seats, the ledger, the lists and counters."""

    def __init__(
        self,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] | None = None,
        absence: AbsencePolicy | None = None,
        keep_entries: int | None = None,
    ) -> None:
        if rng is not None and not isinstance(rng, random.Random):
            raise ConfigurationError(f"rng is a random.Random (or None), not {rng!r}")
        if clock is not None and not callable(clock):
            raise ConfigurationError(f"clock is a function returning seconds, not {clock!r}")
        if absence is not None and not isinstance(absence, AbsencePolicy):
            raise ConfigurationError(f"absence is an AbsencePolicy, not {absence!r}")
        self.rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self.clock: Callable[[], float] = clock if clock is not None else time.monotonic
        self.absence = absence if absence is not None else AbsencePolicy()
        self.ledger = Ledger(keep=keep_entries)
        self.waiting = WaitingList()
        self.absences = Absences()
        self.stats = RoomStats()
        self.set_asides: list[SetAside] = []
        self._tables: dict[str, CashTable] = {}
        self._where: dict[str, str] = {}
        self._not_answering: set[str] = set()
        self._sessions = 0

    # ------------------------------------------------------------------ tables
    def open_table(
        self,
        name: str,
        rules: Rules,
        *,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        max_rebuy: int | None = None,
        seats: int | None = None,
    ) -> Session:
        """Open a session at table ``name`` (a new table, or one whose session closed)."""
        _name(name, "a table")
        if not isinstance(rules, Rules):
            raise ConfigurationError(f"a table opens under a rules value, not {rules!r}")
        if seats is not None:
            whole(seats, "a table's seats", minimum=2)
        current = self._tables.get(name)
        if current is not None and current.session.can_deal:
            raise SessionLockedError(
                f"table {name} is in session ({current.session.status.value}): its terms are"
                " fixed until the session closes (CAS-24); announce the last hands first"
                " (CAS-25)"
            )
        session = Session(
            table=name,
            number=self._sessions + 1,
            rules=rules,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            max_rebuy=max_rebuy,
        )
        self._sessions += 1
        self._tables[name] = CashTable(Table(rules, name=name, seats=seats, rng=self.rng), session)
        self.stats.sessions_opened += 1
        return session

    @property
    def tables(self) -> list[str]:
        """The tables' names, in the order they opened."""
        return list(self._tables)

    def table(self, name: str) -> Table:
        """The table ``name`` (read it; change it through the room)."""
        return self._get(name).table

    def session(self, name: str) -> Session:
        """The current (or last) session of table ``name``."""
        return self._get(name).session

    def info(self, name: str) -> SessionInfo:
        """The posted information of table ``name`` (CAS-28)."""
        return self._get(name).session.info()

    def _get(self, name: str) -> CashTable:
        try:
            return self._tables[name]
        except (KeyError, TypeError):
            raise ConfigurationError(
                f"no table {name!r}: tables are {sorted(self._tables)}"
            ) from None

    def _at(self, player: str) -> CashTable:
        _name(player, error=IllegalActionError)
        name = self._where.get(player)
        if name is None:
            raise IllegalActionError(f"{player} is not seated at any table")
        return self._tables[name]

    def where(self, player: str) -> str | None:
        """The table where ``player`` is seated, or None."""
        _name(player)
        return self._where.get(player)

    def seat(self, player: str) -> TableSeat:
        """The seat of ``player`` (a copy)."""
        ct = self._at(player)
        return ct.table.seats[ct.table.seat_of(player)]

    # ----------------------------------------------------------------- cashier
    def deposit(self, player: str, amount: int) -> int:
        """``player`` brings ``amount`` cents to the cashier; returns his balance."""
        _name(player)
        self.ledger.deposit(player, amount)
        return self.balance(player)

    def withdraw(self, player: str, amount: int) -> int:
        """The cashier pays ``amount`` cents to ``player``; returns his balance."""
        _name(player)
        have = self.balance(player)
        if isinstance(amount, int) and amount > have:
            raise IllegalActionError(
                f"{player} has {format_money(have)} at the cashier: cannot withdraw"
                f" {format_money(amount)}"
            )
        self.ledger.withdraw(player, amount)
        return self.balance(player)

    def balance(self, player: str) -> int:
        """The cashier balance of ``player``."""
        _name(player)
        return self.ledger.balance(Account.cashier(player))

    def claimable(self, player: str) -> int:
        """Chips set aside in ``player``'s name or on the orphan register (CAS-8)."""
        _name(player)
        return sum(self.ledger.accounts(AccountKind.SET_ASIDE, player=player).values()) + sum(
            self.ledger.accounts(AccountKind.ORPHAN, player=player).values()
        )

    def claim(self, player: str) -> int:
        """Pay ``player``'s set-aside and orphan chips into his account (CAS-8)."""
        _name(player)
        owed = {
            **self.ledger.accounts(AccountKind.SET_ASIDE, player=player),
            **self.ledger.accounts(AccountKind.ORPHAN, player=player),
        }
        total = sum(owed.values())
        if total:
            postings = [(a, -v) for a, v in owed.items()] + [(Account.cashier(player), total)]
            self.ledger.post(EntryKind.CLAIM, postings, f"{player} claims")
            self.stats.claimed += 1
        return total

    def _check_funds(self, player: str, amount: int, what: str) -> None:
        have = self.balance(player)
        if amount > have:
            raise IllegalActionError(
                f"{player} has {format_money(have)} at the cashier: {what} of"
                f" {format_money(amount)} cannot be made on credit (CAS-9)"
            )
