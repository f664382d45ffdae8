"""The lease rows (``shard_leases``) and the workers' heartbeats (``cluster_workers``), read
and changed on a connection inside the caller's transaction.

Every time is in milliseconds of the **database's** clock (:func:`db_now_ms`), never a
worker's: two machines whose clocks disagree still agree on who holds a lease.

- :func:`acquire` takes a shard only when it is free, expired, already the caller's (a
  restarted worker of the same id), or held by a worker known to have crashed (its advisory
  lock is gone, :mod:`.advisory`); it always bumps the epoch, which fences every earlier
  holder (:mod:`.fence`).
- :func:`renew` pushes back the expiry of every lease the worker still holds, in one
  statement, and says which those are (a shard missing from the answer was taken over).
- :func:`release` frees a lease (a drain, a rebalance between hands); the epoch stays, the
  next :func:`acquire` bumps it.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import NamedTuple

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from croupier._checks import quote
from croupier.errors import ConfigurationError
from croupier.server.cluster.shards import Shard
from croupier.server.errors import ConflictError
from croupier.server.storage.schema import cluster_workers, shard_leases

__all__ = [
    "Lease",
    "LeaseHeldError",
    "acquire",
    "db_now_ms",
    "heartbeat",
    "leases",
    "live_workers",
    "release",
    "renew",
]

MAX_WORKER = 64


class LeaseHeldError(ConflictError):
    """The shard is held by another live worker: it cannot be acquired now."""


class Lease(NamedTuple):
    """A lease row: the shard, its owner (``""``: free), its epoch, when it expires (ms)."""

    shard: Shard
    owner: str
    epoch: int
    expires_ms: int


def check_worker(worker: str) -> str:
    """A worker's id as given, or a clear error (text of 1 to 64 printable characters)."""
    if not isinstance(worker, str) or not 0 < len(worker) <= MAX_WORKER or not worker.isprintable():
        raise ConfigurationError(
            f"a worker's id is 1 to {MAX_WORKER} printable characters, not {quote(worker)}"
        )
    return worker


def db_now_ms(connection: sa.Connection) -> int:
    """The database's clock, in milliseconds since the epoch (PostgreSQL's
    ``clock_timestamp()``: the moment of the call, not of the transaction's start)."""
    if connection.dialect.name == "postgresql":
        query = "SELECT CAST(EXTRACT(EPOCH FROM clock_timestamp()) * 1000 AS BIGINT)"
    else:
        query = "SELECT CAST((julianday('now') - 2440587.5) * 86400000.0 AS INTEGER)"
    return int(connection.exec_driver_sql(query).scalar_one())


def _key(shard: Shard) -> sa.ColumnElement[bool]:
    return (shard_leases.c.kind == shard.kind) & (shard_leases.c.name == shard.name)


def _ensure_row(connection: sa.Connection, shard: Shard) -> None:
    """The shard's row, made free (epoch 0) if it did not exist; a concurrent maker wins."""
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    connection.execute(
        dialect.insert(shard_leases)
        .values(kind=shard.kind, name=shard.name, owner="", epoch=0, acquired_ms=0, expires_ms=0)
        .on_conflict_do_nothing()
    )


def lease_of(connection: sa.Connection, shard: Shard) -> Lease | None:
    """The lease row of ``shard`` (None: never leased)."""
    row = connection.execute(
        sa.select(shard_leases.c.owner, shard_leases.c.epoch, shard_leases.c.expires_ms).where(
            _key(shard)
        )
    ).first()
    return None if row is None else Lease(shard, row.owner, int(row.epoch), int(row.expires_ms))


def acquire(
    connection: sa.Connection,
    shard: Shard,
    worker: str,
    *,
    ttl_ms: int,
    crashed: Collection[str] = (),
) -> Lease:
    """Take ``shard`` for ``worker`` for ``ttl_ms`` and bump its epoch; raise
    :class:`LeaseHeldError` if another worker holds it and it has not expired (unless that
    worker is in ``crashed``)."""
    check_worker(worker)
    _ttl(ttl_ms)
    _ensure_row(connection, shard)
    now = db_now_ms(connection)
    takeable = (
        (shard_leases.c.owner == "")
        | (shard_leases.c.owner == worker)
        | (shard_leases.c.expires_ms <= now)
    )
    if crashed:
        takeable = takeable | shard_leases.c.owner.in_(sorted(set(crashed)))
    row = connection.execute(
        shard_leases.update()
        .where(_key(shard) & takeable)
        .values(
            owner=worker,
            epoch=shard_leases.c.epoch + 1,
            acquired_ms=now,
            expires_ms=now + ttl_ms,
        )
        .returning(shard_leases.c.epoch, shard_leases.c.expires_ms)
    ).first()
    if row is None:
        held = lease_of(connection, shard)
        assert held is not None
        raise LeaseHeldError(
            f"{shard} is held by worker {held.owner!r} (epoch {held.epoch}) for"
            f" {max(0, held.expires_ms - now)} ms more: it is taken only once that lease"
            " expires or is released"
        )
    return Lease(shard, worker, int(row.epoch), int(row.expires_ms))


def renew(connection: sa.Connection, worker: str, *, ttl_ms: int) -> dict[Shard, int]:
    """Push back the expiry of every lease ``worker`` holds; return those leases' epochs
    (a lease missing here was taken over by another worker)."""
    check_worker(worker)
    _ttl(ttl_ms)
    now = db_now_ms(connection)
    rows = connection.execute(
        shard_leases.update()
        .where(shard_leases.c.owner == worker)
        .values(expires_ms=now + ttl_ms)
        .returning(shard_leases.c.kind, shard_leases.c.name, shard_leases.c.epoch)
    )
    return {Shard(r.kind, r.name): int(r.epoch) for r in rows}


def release(connection: sa.Connection, shard: Shard, worker: str, *, epoch: int) -> bool:
    """Free ``shard`` if ``worker`` still holds it at ``epoch``; True when it did."""
    done = connection.execute(
        shard_leases.update()
        .where(_key(shard) & (shard_leases.c.owner == worker) & (shard_leases.c.epoch == epoch))
        .values(owner="", expires_ms=0)
    )
    return done.rowcount == 1


def leases(connection: sa.Connection, shards: Iterable[Shard] | None = None) -> list[Lease]:
    """Every lease row (or those of ``shards``), in the order of the shards."""
    query = sa.select(shard_leases).order_by(shard_leases.c.kind, shard_leases.c.name)
    found = [
        Lease(Shard(r.kind, r.name), r.owner, int(r.epoch), int(r.expires_ms))
        for r in connection.execute(query)
    ]
    if shards is None:
        return found
    wanted = set(shards)
    return [lease for lease in found if lease.shard in wanted]


def heartbeat(
    connection: sa.Connection, worker: str, *, ttl_ms: int, draining: bool = False
) -> None:
    """``worker`` is alive for ``ttl_ms`` more (and draining or not)."""
    check_worker(worker)
    _ttl(ttl_ms)
    now = db_now_ms(connection)
    dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
    insert = dialect.insert(cluster_workers).values(
        worker=worker, started_ms=now, expires_ms=now + ttl_ms, draining=draining
    )
    connection.execute(
        insert.on_conflict_do_update(
            index_elements=[cluster_workers.c.worker],
            set_={"expires_ms": now + ttl_ms, "draining": draining},
        )
    )


def leave(connection: sa.Connection, worker: str) -> None:
    """``worker`` stops (its row goes: it is no longer placed anything)."""
    connection.execute(cluster_workers.delete().where(cluster_workers.c.worker == worker))


def live_workers(connection: sa.Connection, *, draining: bool = False) -> list[str]:
    """The workers whose heartbeat has not expired (and, unless ``draining``, that are not
    draining), by id."""
    now = db_now_ms(connection)
    query = sa.select(cluster_workers.c.worker).where(cluster_workers.c.expires_ms > now)
    if not draining:
        query = query.where(cluster_workers.c.draining == sa.false())
    return sorted(str(w) for w in connection.execute(query).scalars())


def _ttl(ttl_ms: int) -> None:
    if not isinstance(ttl_ms, int) or isinstance(ttl_ms, bool) or not 0 < ttl_ms <= 3_600_000:
        raise ConfigurationError(f"a lease lasts 1 ms to an hour, not {quote(ttl_ms)} ms")
