"""Placement by rendezvous (highest-random-weight) hashing: each shard goes to the live worker
with the highest weight for it, a hash of (worker, shard).

Every process computes the same placement from the same list of live workers, with nothing to
agree on. When a worker joins, only the shards it now wins move (to it); when one leaves, only
its shards move (each to its next-highest worker): the others stay where they are.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping

from croupier.errors import ConfigurationError
from croupier.server.cluster.shards import Shard

__all__ = ["moves", "owner_of", "place", "weight"]


def weight(worker: str, shard: Shard) -> int:
    """The weight of ``worker`` for ``shard``: 64 bits of BLAKE2b of both (the same on every
    machine and every run, unlike Python's ``hash``)."""
    digest = hashlib.blake2b(f"{worker}\x00{shard}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def owner_of(shard: Shard, workers: Iterable[str]) -> str:
    """The worker ``shard`` is placed on: the highest weight (ties, in theory only, to the
    smallest id)."""
    best: tuple[int, str] | None = None
    for worker in workers:
        key = (weight(worker, shard), worker)
        if best is None or key[0] > best[0] or (key[0] == best[0] and worker < best[1]):
            best = key
    if best is None:
        raise ConfigurationError(f"no live worker to place {shard} on")
    return best[1]


def place(shards: Iterable[Shard], workers: Iterable[str]) -> dict[Shard, str]:
    """Where each shard goes, over ``workers``."""
    live = sorted(set(workers))
    if not live:
        raise ConfigurationError("no live worker to place the shards on")
    return {shard: owner_of(shard, live) for shard in shards}


def moves(before: Mapping[Shard, str], after: Mapping[Shard, str]) -> dict[Shard, tuple[str, str]]:
    """The shards placed on another worker in ``after`` than in ``before``: (from, to)."""
    return {
        shard: (before[shard], worker)
        for shard, worker in after.items()
        if shard in before and before[shard] != worker
    }
