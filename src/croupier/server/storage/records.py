"""What the store writes: one small record type per kind of change.

Each record's :meth:`apply` runs on the writer's connection inside the batch's transaction
(see :class:`~croupier.server.storage.store.Store`). Records are plain frozen values: build
them in the asyncio thread, hand them to ``await store.write([...])``; everything in one call
commits together or not at all (a hand's last events, its ``EndHand`` and its ledger entries).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

import sqlalchemy as sa

from croupier.room.cash.ledger import Entry
from croupier.server.errors import ConflictError, NotFoundError
from croupier.server.storage.schema import (
    hand_events,
    hands,
    ledger_entries,
    ledger_postings,
    sessions,
    snapshots,
    users,
)
from croupier.server.storage.store import insert_rows
from croupier.server.storage.types import utc_now

__all__ = [
    "AppendHandEvents",
    "CloseSession",
    "EndHand",
    "LoginFailed",
    "LoginSucceeded",
    "NewUser",
    "OpenSession",
    "SaveSnapshot",
    "StartHand",
    "WriteEntry",
    "dump_json",
]


def dump_json(data: Any) -> str:
    """JSON text for a stored document: compact, keys in their given order, no NaN."""
    return json.dumps(data, separators=(",", ":"), allow_nan=False)


def screen_key(screen_name: str) -> str:
    """The case-folded form under which screen names must be unique."""
    return screen_name.casefold()


# --------------------------------------------------------------------- accounts
@dataclass(frozen=True, slots=True)
class NewUser:
    """A new account; returns its id. Refused if the screen name is taken (any case)."""

    screen_name: str
    full_name: str
    date_of_birth: date | None
    adult_confirmed_at: datetime
    rules_version: str
    rules_accepted_at: datetime
    role: str
    password_hash: str
    created_at: datetime = field(default_factory=utc_now)
    is_bot: bool = False
    """One of the house's bots (set only by the house: the demo, or an administrator)."""

    def apply(self, connection: sa.Connection) -> object:
        key = screen_key(self.screen_name)
        taken = connection.execute(sa.select(users.c.id).where(users.c.screen_key == key))
        if taken.first() is not None:
            raise ConflictError(f"the screen name {self.screen_name!r} is already taken")
        result = connection.execute(
            users.insert().values(
                screen_name=self.screen_name,
                screen_key=key,
                full_name=self.full_name,
                date_of_birth=self.date_of_birth,
                adult_confirmed_at=self.adult_confirmed_at,
                rules_version=self.rules_version,
                rules_accepted_at=self.rules_accepted_at,
                role=self.role,
                password_hash=self.password_hash,
                failed_logins=0,
                created_at=self.created_at,
                is_bot=self.is_bot,
            )
        )
        assert result.inserted_primary_key is not None
        return int(result.inserted_primary_key[0])


@dataclass(frozen=True, slots=True)
class LoginFailed:
    """A failed login. The count of failures in a row goes up by one; when it reaches
    ``max_failures`` the account is locked until ``lock_until`` and the count starts again.
    Returns the lock's end when this failure locked the account, else None."""

    user_id: int
    max_failures: int
    lock_until: datetime

    def apply(self, connection: sa.Connection) -> object:
        key = users.c.id == self.user_id
        connection.execute(
            users.update().where(key).values(failed_logins=users.c.failed_logins + 1)
        )
        failures = connection.execute(sa.select(users.c.failed_logins).where(key)).scalar()
        if failures is None or failures < self.max_failures:
            return None
        connection.execute(
            users.update().where(key).values(failed_logins=0, locked_until=self.lock_until)
        )
        return self.lock_until


@dataclass(frozen=True, slots=True)
class LoginSucceeded:
    """A successful login clears the count of failures and any lock."""

    user_id: int

    def apply(self, connection: sa.Connection) -> object:
        connection.execute(
            users.update()
            .where(users.c.id == self.user_id)
            .values(failed_logins=0, locked_until=None)
        )
        return None


@dataclass(frozen=True, slots=True)
class OpenSession:
    """A logged-in browser: the keyed hash of its token, its CSRF token, its expiry."""

    token_hash: str
    user_id: int | None
    csrf_token: str
    expires_at: datetime
    created_at: datetime = field(default_factory=utc_now)
    screen_name: str | None = None
    """Instead of ``user_id``: the account created by an earlier record of the same write."""

    def apply(self, connection: sa.Connection) -> object:
        user_id = self.user_id
        if user_id is None:
            assert self.screen_name is not None, "OpenSession needs a user_id or a screen_name"
            found = connection.execute(
                sa.select(users.c.id).where(users.c.screen_key == screen_key(self.screen_name))
            ).scalar()
            if found is None:
                raise NotFoundError(f"no account named {self.screen_name!r}")
            user_id = int(found)
        connection.execute(
            sessions.insert().values(
                token_hash=self.token_hash,
                user_id=user_id,
                csrf_token=self.csrf_token,
                created_at=self.created_at,
                expires_at=self.expires_at,
            )
        )
        return None


@dataclass(frozen=True, slots=True)
class CloseSession:
    """Log out: the session is deleted."""

    token_hash: str

    def apply(self, connection: sa.Connection) -> object:
        connection.execute(sessions.delete().where(sessions.c.token_hash == self.token_hash))
        return None


# ------------------------------------------------------------------------ money
@dataclass(frozen=True, slots=True)
class WriteEntry:
    """One entry of the domain ledger (:class:`croupier.room.cash.ledger.Entry`), as posted.

    The entry was checked by the domain :class:`~croupier.room.cash.ledger.Ledger` when it
    was posted; the store keeps it as it is, with its number, so that loading the entries in
    order through the same ledger rebuilds the same balances.
    """

    entry: Entry
    hand_id: int | None = None
    created_at: datetime = field(default_factory=utc_now)

    @property
    def ledger_number(self) -> int:
        """The entry's number: the store writes it only right after the entry before it."""
        return self.entry.number

    def rows(self) -> Iterator[tuple[sa.Table, dict[str, object]]]:
        """The entry's row, then its postings' rows."""
        entry = self.entry
        yield (
            ledger_entries,
            {
                "number": entry.number,
                "kind": entry.kind.value,
                "memo": entry.memo,
                "hand_id": self.hand_id,
                "created_at": self.created_at,
            },
        )
        for line, (account, amount) in enumerate(entry.postings):
            yield (
                ledger_postings,
                {
                    "entry_number": entry.number,
                    "line": line,
                    "account_kind": account.kind.value,
                    "player": account.player,
                    "table_name": account.table,
                    "amount": amount,
                },
            )

    def apply(self, connection: sa.Connection) -> object:
        insert_rows(connection, self)
        return None


# ------------------------------------------------------------ tables and hands
@dataclass(frozen=True, slots=True)
class SaveSnapshot:
    """The newest snapshot of a table, room or tournament (replaces the one before);
    returns the snapshot's version (1, 2, ...)."""

    kind: str
    name: str
    data: Mapping[str, Any]
    updated_at: datetime = field(default_factory=utc_now)

    def apply(self, connection: sa.Connection) -> object:
        text = dump_json(dict(self.data))
        key = (snapshots.c.kind == self.kind) & (snapshots.c.name == self.name)
        version = connection.execute(sa.select(snapshots.c.version).where(key)).scalar()
        if version is None:
            connection.execute(
                snapshots.insert().values(
                    kind=self.kind, name=self.name, version=1, data=text, updated_at=self.updated_at
                )
            )
            return 1
        connection.execute(
            snapshots.update()
            .where(key)
            .values(version=version + 1, data=text, updated_at=self.updated_at)
        )
        return int(version) + 1


@dataclass(frozen=True, slots=True)
class StartHand:
    """A hand begins at ``table`` (its number there); returns the hand's id."""

    table: str
    number: int
    started_at: datetime = field(default_factory=utc_now)

    def apply(self, connection: sa.Connection) -> object:
        result = connection.execute(
            hands.insert().values(
                table_name=self.table,
                number=self.number,
                status="open",
                started_at=self.started_at,
            )
        )
        assert result.inserted_primary_key is not None
        return int(result.inserted_primary_key[0])


@dataclass(frozen=True, slots=True)
class AppendHandEvents:
    """Events of a hand in progress, numbered from ``first_seq`` (0 for ``HandStarted``)."""

    hand_id: int
    first_seq: int
    events: Sequence[Mapping[str, Any]]

    def rows(self) -> Iterator[tuple[sa.Table, dict[str, object]]]:
        """One row per event."""
        for i, event in enumerate(self.events):
            yield (
                hand_events,
                {"hand_id": self.hand_id, "seq": self.first_seq + i, "data": dump_json(event)},
            )

    def apply(self, connection: sa.Connection) -> object:
        insert_rows(connection, self)
        return None


@dataclass(frozen=True, slots=True)
class EndHand:
    """A hand is over: ``ended`` (played out) or ``voided`` (every chip returned)."""

    hand_id: int
    status: str = "ended"
    ended_at: datetime = field(default_factory=utc_now)

    def apply(self, connection: sa.Connection) -> object:
        if self.status not in ("ended", "voided"):
            raise ValueError(f"a hand ends 'ended' or 'voided', not {self.status!r}")
        done = connection.execute(
            hands.update()
            .where((hands.c.id == self.hand_id) & (hands.c.status == "open"))
            .values(status=self.status, ended_at=self.ended_at)
        )
        if done.rowcount != 1:
            raise NotFoundError(f"no open hand with id {self.hand_id}")
        return None
