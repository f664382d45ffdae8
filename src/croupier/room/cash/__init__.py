"""Cash games: table sessions, the cashier's ledger, the waiting list, absences, the rake.

See ``docs/room.md`` ("Cash games") for how the pieces fit and which clause each proves.
"""

from croupier.room.cash.absence import AbsencePolicy, Absences, Away, AwayReason
from croupier.room.cash.ledger import (
    Account,
    AccountKind,
    Entry,
    EntryKind,
    Ledger,
    LedgerError,
    LedgerTotals,
    format_money,
)
from croupier.room.cash.room import CashTable, Room, RoomStats, SetAside
from croupier.room.cash.session import (
    LAST_HANDS,
    Session,
    SessionInfo,
    SessionLockedError,
    SessionStatus,
    default_buy_ins,
    stakes_label,
)
from croupier.room.cash.waiting import Called, Registration, WaitingList

__all__ = [
    "LAST_HANDS",
    "AbsencePolicy",
    "Absences",
    "Account",
    "AccountKind",
    "Away",
    "AwayReason",
    "Called",
    "CashTable",
    "Entry",
    "EntryKind",
    "Ledger",
    "LedgerError",
    "LedgerTotals",
    "Registration",
    "Room",
    "RoomStats",
    "Session",
    "SessionInfo",
    "SessionLockedError",
    "SessionStatus",
    "SetAside",
    "WaitingList",
    "default_buy_ins",
    "format_money",
    "stakes_label",
]
