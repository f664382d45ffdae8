"""The store records of the leases: acquire, renew (with the worker's heartbeat), release.

Each runs :mod:`.leases` on the writer's connection, in the store's batch transaction, like
any other write (:class:`croupier.server.storage.store.Record`).
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from croupier.server.cluster import leases
from croupier.server.cluster.shards import Shard

__all__ = ["AcquireLeases", "ReleaseLeases", "RenewLeases"]


@dataclass(frozen=True, slots=True)
class AcquireLeases:
    """Take ``shards`` for ``worker`` (all or none); returns {shard: epoch}."""

    worker: str
    shards: tuple[Shard, ...]
    ttl_ms: int
    crashed: frozenset[str] = frozenset()

    def apply(self, connection: sa.Connection) -> object:
        taken: dict[Shard, int] = {}
        for shard in self.shards:
            lease = leases.acquire(
                connection, shard, self.worker, ttl_ms=self.ttl_ms, crashed=self.crashed
            )
            taken[shard] = lease.epoch
        return taken


@dataclass(frozen=True, slots=True)
class RenewLeases:
    """``worker``'s heartbeat and the renewal of all its leases; returns {shard: epoch} of
    the leases it still holds."""

    worker: str
    ttl_ms: int
    draining: bool = False

    def apply(self, connection: sa.Connection) -> object:
        leases.heartbeat(connection, self.worker, ttl_ms=self.ttl_ms, draining=self.draining)
        return leases.renew(connection, self.worker, ttl_ms=self.ttl_ms)


@dataclass(frozen=True, slots=True)
class ReleaseLeases:
    """Free the leases ``worker`` holds at these epochs (``leave``: and its heartbeat's row);
    returns the shards freed."""

    worker: str
    epochs: tuple[tuple[Shard, int], ...]
    leave: bool = False

    def apply(self, connection: sa.Connection) -> object:
        freed = [
            shard
            for shard, epoch in self.epochs
            if leases.release(connection, shard, self.worker, epoch=epoch)
        ]
        if self.leave:
            leases.leave(connection, self.worker)
        return freed
