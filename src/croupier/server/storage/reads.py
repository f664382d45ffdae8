"""Read queries: plain functions of a connection, for ``await store.read(fn)``.

They return simple values (rows as named tuples or dicts, JSON documents parsed); none of them
writes. Pass arguments with ``functools.partial`` or a lambda:
``await store.read(lambda c: user_by_name(c, "ann"))``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any, NamedTuple

import sqlalchemy as sa

from croupier.room.cash.ledger import Account, AccountKind, Entry, EntryKind
from croupier.server.storage.records import screen_key
from croupier.server.storage.schema import (
    hand_events,
    hands,
    ledger_entries,
    ledger_postings,
    sessions,
    snapshots,
    users,
)

__all__ = [
    "HOUSE_BOT_HASH",
    "HandRow",
    "LedgerLine",
    "bot_accounts",
    "count_users",
    "hand_events_of",
    "house_bots",
    "iter_entries",
    "latest_snapshot",
    "latest_snapshots",
    "ledger_lines",
    "open_hands",
    "session_by_hash",
    "user_by_id",
    "user_by_name",
]


def user_by_name(connection: sa.Connection, screen_name: str) -> sa.Row[Any] | None:
    """The account whose screen name is ``screen_name`` (in any case), or None."""
    query = sa.select(users).where(users.c.screen_key == screen_key(screen_name))
    return connection.execute(query).first()


def user_by_id(connection: sa.Connection, user_id: int) -> sa.Row[Any] | None:
    """The account with id ``user_id``, or None."""
    return connection.execute(sa.select(users).where(users.c.id == user_id)).first()


HOUSE_BOT_HASH = "!bot"
"""The password hash of a house bot: no password verifies against it (nobody logs in)."""


def house_bots(connection: sa.Connection) -> set[str]:
    """The screen names of the house's bots: accounts marked ``is_bot`` the house plays
    (nobody logs in to them)."""
    query = sa.select(users.c.screen_name).where(
        users.c.is_bot.is_(True), users.c.password_hash == HOUSE_BOT_HASH
    )
    return {str(name) for name in connection.execute(query).scalars()}


def bot_accounts(connection: sa.Connection) -> set[str]:
    """The screen names of every account marked ``is_bot``: the house's and the bots that
    log in and play through :mod:`croupier.client`."""
    query = sa.select(users.c.screen_name).where(users.c.is_bot.is_(True))
    return {str(name) for name in connection.execute(query).scalars()}


def count_users(connection: sa.Connection) -> int:
    """How many accounts there are."""
    return int(connection.execute(sa.select(sa.func.count()).select_from(users)).scalar_one())


def session_by_hash(connection: sa.Connection, token_hash: str) -> sa.Row[Any] | None:
    """The session with this token hash joined to its user's columns, or None."""
    query = (
        sa.select(
            sessions.c.token_hash,
            sessions.c.csrf_token,
            sessions.c.expires_at,
            users,
        )
        .join(users, users.c.id == sessions.c.user_id)
        .where(sessions.c.token_hash == token_hash)
    )
    return connection.execute(query).first()


# ------------------------------------------------------------------------ money
def iter_entries(connection: sa.Connection, *, chunk: int = 5_000) -> Iterator[Entry]:
    """Every ledger entry in order of number, as the domain's :class:`Entry` values."""
    last = 0
    while True:
        heads = connection.execute(
            sa.select(ledger_entries.c.number, ledger_entries.c.kind, ledger_entries.c.memo)
            .where(ledger_entries.c.number > last)
            .order_by(ledger_entries.c.number)
            .limit(chunk)
        ).all()
        if not heads:
            return
        lines: dict[int, list[tuple[Account, int]]] = {n: [] for n, _, _ in heads}
        rows = connection.execute(
            sa.select(
                ledger_postings.c.entry_number,
                ledger_postings.c.account_kind,
                ledger_postings.c.player,
                ledger_postings.c.table_name,
                ledger_postings.c.amount,
            )
            .where(
                (ledger_postings.c.entry_number > last)
                & (ledger_postings.c.entry_number <= heads[-1][0])
            )
            .order_by(ledger_postings.c.entry_number, ledger_postings.c.line)
        )
        for number, kind, player, table, amount in rows:
            lines[number].append((Account(AccountKind(kind), player, table), int(amount)))
        for number, kind, memo in heads:
            yield Entry(int(number), EntryKind(kind), tuple(lines[number]), memo)
        last = heads[-1][0]


class LedgerLine(NamedTuple):
    """One posting touching a player: the entry's number, kind, memo and time, the account
    (``player``, ``seat@t1`` ...) and the signed amount in cents."""

    number: int
    kind: str
    memo: str
    at: str
    account: str
    amount: int


def ledger_lines(
    connection: sa.Connection, player: str, *, before: int | None = None, limit: int = 50
) -> list[LedgerLine]:
    """The newest postings of ``player``'s accounts (cashier, seats, set-aside ...), newest
    first; ``before`` pages back from an entry number."""
    query = (
        sa.select(
            ledger_entries.c.number,
            ledger_entries.c.kind,
            ledger_entries.c.memo,
            ledger_entries.c.created_at,
            ledger_postings.c.account_kind,
            ledger_postings.c.table_name,
            ledger_postings.c.amount,
        )
        .join(ledger_entries, ledger_entries.c.number == ledger_postings.c.entry_number)
        .where(ledger_postings.c.player == player)
        .order_by(ledger_postings.c.entry_number.desc(), ledger_postings.c.line)
        .limit(limit)
    )
    if before is not None:
        query = query.where(ledger_postings.c.entry_number < before)
    out = []
    for number, kind, memo, at, account_kind, table, amount in connection.execute(query):
        account = account_kind + (f"@{table}" if table else "")
        out.append(LedgerLine(int(number), kind, memo, at.isoformat(), account, int(amount)))
    return out


# ------------------------------------------------------------ tables and hands
def latest_snapshot(connection: sa.Connection, kind: str, name: str) -> dict[str, Any] | None:
    """The newest snapshot of ``kind``/``name`` (parsed JSON), or None."""
    text = connection.execute(
        sa.select(snapshots.c.data).where((snapshots.c.kind == kind) & (snapshots.c.name == name))
    ).scalar()
    return None if text is None else dict(json.loads(text))


def latest_snapshots(connection: sa.Connection, kind: str) -> dict[str, dict[str, Any]]:
    """Every newest snapshot of ``kind``, by name (what recovery rebuilds on start)."""
    rows = connection.execute(
        sa.select(snapshots.c.name, snapshots.c.data)
        .where(snapshots.c.kind == kind)
        .order_by(snapshots.c.name)
    )
    return {name: dict(json.loads(data)) for name, data in rows}


class HandRow(NamedTuple):
    """A stored hand: its id, table, number there, status and times."""

    id: int
    table: str
    number: int
    status: str
    started_at: str
    ended_at: str | None


def open_hands(connection: sa.Connection, table: str | None = None) -> list[HandRow]:
    """The hands still open (in progress when the server stopped), oldest first."""
    query = sa.select(hands).where(hands.c.status == "open").order_by(hands.c.id)
    if table is not None:
        query = query.where(hands.c.table_name == table)
    return [
        HandRow(
            int(r.id),
            r.table_name,
            int(r.number),
            r.status,
            r.started_at.isoformat(),
            None if r.ended_at is None else r.ended_at.isoformat(),
        )
        for r in connection.execute(query)
    ]


def hand_events_of(connection: sa.Connection, hand_id: int) -> list[dict[str, Any]]:
    """The stored events of a hand, in order (dicts from ``event_to_dict``)."""
    rows = connection.execute(
        sa.select(hand_events.c.data)
        .where(hand_events.c.hand_id == hand_id)
        .order_by(hand_events.c.seq)
    )
    return [dict(json.loads(data)) for (data,) in rows]
