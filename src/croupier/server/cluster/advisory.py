"""PostgreSQL's fast crash signal: each worker holds a session advisory lock keyed by its id
on a connection of its own for as long as it runs. When its process dies (or its machine, once
the connection drops), PostgreSQL ends the session and the lock is gone at once: the others
may take its shards without waiting for its leases to expire (:func:`crashed`).

The signal only says *dead*: a paused or partitioned worker keeps its session and its lock,
and is caught by its leases' expiry instead. Either way the fence in each commit is what keeps
an old owner from writing. The lock also refuses a second live process with the same id.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import sqlalchemy as sa
from sqlalchemy.engine import URL

from croupier.errors import ConfigurationError
from croupier.server.cluster.leases import check_worker
from croupier.server.storage.engine import make_engine

__all__ = ["NAMESPACE", "WorkerLock", "crashed", "worker_key"]

NAMESPACE = 0x43525550
"""The first key of croupier's advisory locks ("CRUP"): a lock is (NAMESPACE, worker_key)."""


def worker_key(worker: str) -> int:
    """The second key of ``worker``'s lock: 31 bits of BLAKE2b of its id."""
    digest = hashlib.blake2b(check_worker(worker).encode(), digest_size=4).digest()
    return int.from_bytes(digest, "big") & 0x7FFFFFFF


class WorkerLock:
    """``worker``'s advisory lock, held on a connection of its own until :meth:`release`."""

    def __init__(self, url: URL, worker: str) -> None:
        if url.get_backend_name() != "postgresql":
            raise ConfigurationError("an advisory lock needs PostgreSQL")
        self.worker = worker
        self._engine = make_engine(url, writer=True)
        self._connection: sa.Connection | None = self._engine.connect()
        taken = self._connection.execute(
            sa.text("SELECT pg_try_advisory_lock(:space, :key)"),
            {"space": NAMESPACE, "key": worker_key(worker)},
        ).scalar_one()
        self._connection.commit()
        if not taken:
            self.release()
            raise ConfigurationError(
                f"worker id {worker!r} is in use by another live process (its advisory lock"
                " is held): give each worker its own id"
            )

    def release(self) -> None:
        """Free the lock (close its session); idempotent."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None
        self._engine.dispose()


def crashed(connection: sa.Connection, workers: Iterable[str]) -> set[str]:
    """Those of ``workers`` whose advisory lock no session holds (dead, or never locked)."""
    wanted = {worker_key(w): w for w in workers}
    if not wanted:
        return set()
    held = connection.execute(
        sa.text(
            "SELECT objid::bigint FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND classid = CAST(:space AS oid) AND objsubid = 2"
        ),
        {"space": NAMESPACE},
    ).scalars()
    alive = {int(k) for k in held}
    return {w for k, w in wanted.items() if k not in alive}
