"""What one process holds: its worker id, the epoch of each shard it owns, the heartbeat that
renews them, and the fence its commits carry.

``croupier serve`` (all in one process) is the worker :data:`SOLO`: it takes every lease
itself on start (a restart of the same id takes its own leases back at once, bumping their
epochs) and renews them like any worker, so the one-process room runs the same fenced commit
path as a cluster will.

A lease found lost (a renewal that no longer lists it, or a commit the fence refused) is
dropped here and every ``on_lost`` callback is told: its actor stops at once. The lease's
expiry is the database's business: a worker never trusts its own clock to decide that it
still owns a shard; the fence in each commit is the guarantee.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from croupier.errors import ConfigurationError
from croupier.server.cluster.advisory import WorkerLock
from croupier.server.cluster.fence import Fence, StaleEpochError
from croupier.server.cluster.leases import check_worker
from croupier.server.cluster.records import AcquireLeases, ReleaseLeases, RenewLeases
from croupier.server.cluster.shards import Shard
from croupier.server.storage import Store

__all__ = ["SOLO", "LeaseTimes", "Ownership"]

SOLO = "serve"
"""The worker id of ``croupier serve`` run as one process."""

_log = logging.getLogger("croupier.server.cluster")


@dataclass(frozen=True)
class LeaseTimes:
    """How long a lease lasts without a renewal, and how often it is renewed (seconds)."""

    ttl: float = 3.0
    renew_every: float = 1.0

    def __post_init__(self) -> None:
        if not 0 < self.renew_every < self.ttl <= 3600:
            raise ConfigurationError(
                f"a lease is renewed more often than it expires: renew every {self.renew_every}"
                f" s, expire after {self.ttl} s"
            )

    @property
    def ttl_ms(self) -> int:
        """The lease's life in milliseconds."""
        return round(self.ttl * 1000)


class Ownership:
    """The shards one worker owns, with their epochs."""

    def __init__(
        self,
        store: Store,
        *,
        worker: str = SOLO,
        times: LeaseTimes | None = None,
        advisory: bool = False,
    ) -> None:
        self.store = store
        self.worker = check_worker(worker)
        self.times = times or LeaseTimes()
        self.lock: WorkerLock | None = None
        """``advisory`` (PostgreSQL): the worker's advisory lock, its crash signal, held until
        :meth:`stop` (a second live process with this id is refused here)."""
        if advisory:
            self.lock = WorkerLock(store.url, self.worker)
        self.epochs: dict[Shard, int] = {}
        self.on_lost: list[Callable[[Shard, str], None]] = []
        """Called with (shard, why) when a lease is found lost."""
        self.renewals = 0
        self._task: asyncio.Task[None] | None = None

    # ----------------------------------------------------------- holding
    def holds(self, shard: Shard) -> bool:
        """Whether this worker believes it owns ``shard``."""
        return shard in self.epochs

    async def hold(self, shards: Iterable[Shard], *, crashed: Iterable[str] = ()) -> None:
        """Acquire ``shards`` (all or none; :class:`~.leases.LeaseHeldError` if one is held
        by another live worker) before any of their state is read."""
        record = self._acquire(shards, crashed)
        if record is not None:
            [taken] = await self.store.write([record])
            self._took(taken)

    def hold_blocking(self, shards: Iterable[Shard]) -> None:
        """:meth:`hold` outside an event loop (the server's start)."""
        record = self._acquire(shards, ())
        if record is not None:
            [taken] = self.store.write_blocking([record])
            self._took(taken)

    def _acquire(self, shards: Iterable[Shard], crashed: Iterable[str]) -> AcquireLeases | None:
        wanted = tuple(dict.fromkeys(shards))
        if not wanted:
            return None
        return AcquireLeases(self.worker, wanted, self.times.ttl_ms, frozenset(crashed))

    def _took(self, taken: object) -> None:
        assert isinstance(taken, dict)
        self.epochs.update(taken)

    async def release(self, shards: Iterable[Shard], *, leave: bool = False) -> list[Shard]:
        """Free ``shards`` (a drain, a rebalance: between hands, once their last write is
        done); return those freed. ``leave``: the worker's heartbeat row goes too."""
        epochs = tuple((s, self.epochs.pop(s)) for s in dict.fromkeys(shards) if s in self.epochs)
        if not epochs and not leave:
            return []
        try:
            [freed] = await self.store.write([ReleaseLeases(self.worker, epochs, leave=leave)])
        except BaseException:  # not freed: still held (and still renewed)
            self.epochs.update(epochs)
            raise
        assert isinstance(freed, list)
        return freed

    # ------------------------------------------------------------ fencing
    def fence(self, shards: Iterable[Shard]) -> Fence:
        """The fence of a commit that writes ``shards``: put it first in the write. Raises
        :class:`StaleEpochError` at once for a shard this worker does not (or no longer) own."""
        epochs: dict[Shard, int] = {}
        for shard in shards:
            epoch = self.epochs.get(shard)
            if epoch is None:
                raise StaleEpochError(
                    f"{shard} is not owned by worker {self.worker!r}: nothing was written",
                    shard=shard,
                )
            epochs[shard] = epoch
        return Fence.of(self.worker, epochs)

    def refused(self, error: StaleEpochError) -> None:
        """A commit was refused by the fence: the shard is lost (its actor stops)."""
        self._lose(error.shard, str(error))

    def _lose(self, shard: Shard, why: str) -> None:
        if self.epochs.pop(shard, None) is None:
            return
        _log.error("worker %s lost %s: %s", self.worker, shard, why)
        for call in list(self.on_lost):
            call(shard, why)

    # ---------------------------------------------------------- heartbeat
    async def renew(self) -> None:
        """One heartbeat: renew every lease held; a lease no longer listed is lost (one
        acquired or released while the renewal was on its way is judged at the next one)."""
        before = dict(self.epochs)
        [held] = await self.store.write([RenewLeases(self.worker, self.times.ttl_ms)])
        assert isinstance(held, dict)
        self.renewals += 1
        for shard, epoch in before.items():
            if self.epochs.get(shard) == epoch and held.get(shard) != epoch:
                self._lose(shard, "taken over by another worker (found at the renewal)")

    def start(self) -> None:
        """Start the heartbeat task (in the running event loop)."""
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(
                self._heartbeat(), name=f"leases-{self.worker}"
            )

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.times.renew_every)
            try:
                await self.renew()
            except asyncio.CancelledError:
                raise
            except Exception as error:  # the store keeps an outage's write: this is a refusal
                _log.error("worker %s: the renewal of its leases failed: %s", self.worker, error)

    async def stop(self, *, release: bool = True) -> None:
        """Stop the heartbeat; ``release``: free every lease held and leave (a clean stop)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if release:
            await self.release(list(self.epochs), leave=True)
        if self.lock is not None:
            self.lock.release()
            self.lock = None
