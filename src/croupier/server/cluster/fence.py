"""The fence: a commit of a shard's changes checks, in its own transaction, that the shard's
lease still has the epoch its writer holds; if the epoch moved (another worker took the shard
over), the commit is refused and writes nothing.

:class:`Fence` is a store record (:class:`croupier.server.storage.store.Record`) put FIRST in
the same ``store.write([...])`` as the hand's events and the ledger's entries. The store
applies each caller's records all or none: a refused fence refuses the caller's whole write
(and only his: the others of the batch commit).

The check locks the lease row until the commit (PostgreSQL: ``SELECT ... FOR SHARE``; SQLite:
the writer's ``BEGIN IMMEDIATE`` already excludes every other writer), so a takeover cannot
slip in between the check and the commit: it either committed before (the check sees the new
epoch and refuses) or waits until the commit is done (the new owner then reads the shard's
state with that commit in it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sqlalchemy as sa

from croupier.server.cluster.shards import Shard
from croupier.server.errors import ServerError
from croupier.server.storage.schema import shard_leases

__all__ = ["Fence", "StaleEpochError"]


class StaleEpochError(ServerError):
    """A write refused by the fence: this worker no longer owns the shard (its epoch moved).
    Nothing of the write was stored; the writer must stop writing that shard."""

    status = 503
    code = "unavailable"

    def __init__(self, message: str, *, shard: Shard) -> None:
        super().__init__(message)
        self.shard = shard


@dataclass(frozen=True, slots=True)
class Fence:
    """The check of ``worker``'s epochs of some shards, inside the commit's transaction."""

    worker: str
    epochs: tuple[tuple[Shard, int], ...]

    @classmethod
    def of(cls, worker: str, epochs: Mapping[Shard, int]) -> Fence:
        """The fence of ``epochs`` (shard -> epoch held), in a stable order."""
        return cls(worker, tuple(sorted(epochs.items())))

    def apply(self, connection: sa.Connection) -> object:
        """Refuse (:class:`StaleEpochError`) unless every shard is ``worker``'s at its epoch."""
        if not self.epochs:
            return None
        key = sa.or_(
            *(
                (shard_leases.c.kind == shard.kind) & (shard_leases.c.name == shard.name)
                for shard, _ in self.epochs
            )
        )
        query = sa.select(
            shard_leases.c.kind, shard_leases.c.name, shard_leases.c.owner, shard_leases.c.epoch
        ).where(key)
        if connection.dialect.name == "postgresql":
            query = query.with_for_update(read=True)
        found = {Shard(r.kind, r.name): (r.owner, int(r.epoch)) for r in connection.execute(query)}
        for shard, epoch in self.epochs:
            owner, stored = found.get(shard, ("", 0))
            if owner != self.worker or stored != epoch:
                who = f"worker {owner!r}" if owner else "nobody (released)"
                raise StaleEpochError(
                    f"{shard} moved: worker {self.worker!r} wrote at epoch {epoch}, the lease is"
                    f" at epoch {stored}, held by {who}; nothing was written and this worker"
                    " stops writing it",
                    shard=shard,
                )
        return None
