"""The shards' leases and the fence in the commit path, on SQLite and PostgreSQL: acquire only
when free or expired (bumping the epoch), renew, release; a stale owner's write refused with
nothing of it stored, including when the lease is taken over between the owner's read and its
commit."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator

import pytest
import sqlalchemy as sa

from croupier.errors import ConfigurationError
from croupier.room.cash.ledger import Ledger
from croupier.server.cluster import leases
from croupier.server.cluster.fence import Fence, StaleEpochError
from croupier.server.cluster.leases import LeaseHeldError
from croupier.server.cluster.ownership import LeaseTimes, Ownership
from croupier.server.cluster.records import AcquireLeases, ReleaseLeases, RenewLeases
from croupier.server.cluster.shards import CASHIER_SHARD, ROOM_SHARD, Shard, table_shard
from croupier.server.storage import Store
from croupier.server.storage.engine import make_engine
from croupier.server.storage.records import SaveSnapshot, WriteEntry
from croupier.server.storage.schema import (
    hand_events,
    hands,
    ledger_entries,
    shard_leases,
    snapshots,
)
from croupier.server.tables.records import OpenHand

T1 = table_shard("t1")
TTL = 3_000


@pytest.fixture
def engine(store: Store) -> Iterator[sa.Engine]:
    """A second writer's engine on the store's database (another worker's connection)."""
    other = make_engine(store.url, writer=True)
    try:
        yield other
    finally:
        other.dispose()


def _take(store: Store, worker: str, *shards: Shard, ttl_ms: int = TTL, **kw: object) -> int:
    [taken] = store.write_blocking([AcquireLeases(worker, shards, ttl_ms, **kw)])  # type: ignore[arg-type]
    assert isinstance(taken, dict)
    return int(taken[shards[0]])


def _count(store: Store, table: sa.Table) -> int:
    return int(
        store.read_blocking(
            lambda c: c.execute(sa.select(sa.func.count()).select_from(table)).scalar_one()
        )
    )


def _lease(store: Store, shard: Shard) -> leases.Lease | None:
    return store.read_blocking(lambda c: leases.lease_of(c, shard))


def _hand_write(hand_id: int = 1) -> OpenHand:
    return OpenHand(
        hand_id=hand_id,
        table="t1",
        number=1,
        players=[(1, "ann"), (2, "bob")],
        root="00" * 32,
        opening={"salts": []},
        events=[{"type": "hand_started"}, {"type": "blind_posted"}],
    )


def test_a_free_shard_is_acquired_at_epoch_one_and_held_until_it_expires(store: Store) -> None:
    assert _take(store, "w1", T1) == 1
    with pytest.raises(LeaseHeldError, match="table:t1 is held by worker 'w1'"):
        _take(store, "w2", T1)
    lease = _lease(store, T1)
    assert lease is not None and (lease.owner, lease.epoch) == (
        "w1",
        1,
    )  # the refusal changed nothing


def test_an_expired_lease_is_taken_over_and_its_epoch_bumped(store: Store) -> None:
    _take(store, "w1", T1, ttl_ms=1)
    time.sleep(0.01)  # the database's clock passes the expiry
    assert _take(store, "w2", T1) == 2
    lease = _lease(store, T1)
    assert lease is not None and (lease.owner, lease.epoch) == ("w2", 2)


def test_the_same_worker_takes_its_own_lease_back_with_a_new_epoch(store: Store) -> None:
    # a restarted worker of the same id: the old incarnation's epoch is fenced
    assert _take(store, "w1", T1) == 1
    assert _take(store, "w1", T1) == 2


def test_a_crashed_owner_s_lease_is_taken_before_it_expires(store: Store) -> None:
    _take(store, "w1", T1)
    assert _take(store, "w2", T1, crashed=frozenset({"w1"})) == 2


def test_acquiring_several_shards_is_all_or_nothing(store: Store) -> None:
    _take(store, "w1", ROOM_SHARD)
    with pytest.raises(LeaseHeldError):
        _take(store, "w2", T1, ROOM_SHARD)
    assert _lease(store, T1) is None  # t1's row was not even made: the write rolled back


def test_a_renewal_pushes_the_expiry_back_and_lists_the_leases_still_held(store: Store) -> None:
    _take(store, "w1", T1, ROOM_SHARD, ttl_ms=1)
    first = _lease(store, T1)
    [held] = store.write_blocking([RenewLeases("w1", TTL)])
    assert held == {T1: 1, ROOM_SHARD: 1}
    renewed = _lease(store, T1)
    assert first is not None and renewed is not None and renewed.expires_ms > first.expires_ms
    time.sleep(0.01)
    with pytest.raises(LeaseHeldError):  # renewed: no longer expired
        _take(store, "w2", T1)
    assert store.read_blocking(leases.live_workers) == ["w1"]  # the renewal is a heartbeat too


def test_a_lease_taken_over_is_missing_from_the_old_owner_s_renewal(store: Store) -> None:
    _take(store, "w1", T1, ROOM_SHARD)
    _take(store, "w2", T1, crashed=frozenset({"w1"}))
    [held] = store.write_blocking([RenewLeases("w1", TTL)])
    assert held == {ROOM_SHARD: 1}


def test_a_released_lease_is_free_at_once_and_the_next_owner_bumps_the_epoch(store: Store) -> None:
    _take(store, "w1", T1)
    [freed] = store.write_blocking([ReleaseLeases("w1", ((T1, 7),))])  # not its epoch
    assert freed == []
    [freed] = store.write_blocking([ReleaseLeases("w1", ((T1, 1),), leave=True)])
    assert freed == [T1]
    assert _take(store, "w2", T1) == 2
    assert store.read_blocking(leases.live_workers) == []


def test_workers_alive_draining_or_expired(store: Store, engine: sa.Engine) -> None:
    with engine.begin() as connection:
        leases.heartbeat(connection, "w1", ttl_ms=TTL)
        leases.heartbeat(connection, "w2", ttl_ms=TTL, draining=True)
        leases.heartbeat(connection, "w3", ttl_ms=1)
    time.sleep(0.01)
    with engine.connect() as connection:
        assert leases.live_workers(connection) == ["w1"]
        assert leases.live_workers(connection, draining=True) == ["w1", "w2"]


@pytest.mark.parametrize(
    ("worker", "ttl_ms", "message"),
    [
        ("", TTL, "a worker's id is 1 to 64"),
        ("w" * 65, TTL, "a worker's id is 1 to 64"),
        ("w\n1", TTL, "a worker's id is 1 to 64"),
        ("w1", 0, "a lease lasts 1 ms to an hour"),
        ("w1", True, "a lease lasts 1 ms to an hour"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(
    store: Store, worker: str, ttl_ms: int, message: str
) -> None:
    with pytest.raises(ConfigurationError, match=message):
        _take(store, worker, T1, ttl_ms=ttl_ms)
    assert _count(store, shard_leases) == 0


def test_a_shard_is_one_of_the_four_kinds() -> None:
    assert Shard.parse("tournament:mtt-1") == Shard("tournament", "mtt-1")
    assert str(CASHIER_SHARD) == "cashier:0"
    with pytest.raises(ConfigurationError, match="a shard is one of table, tournament"):
        Shard("lobby")
    with pytest.raises(ConfigurationError, match="a table shard needs the table's name"):
        Shard.parse("table")


# ------------------------------------------------------------------ fencing
def test_a_stale_owner_s_hand_and_ledger_entries_are_refused_and_nothing_is_written(
    store: Store,
) -> None:
    # w1 reads its epoch (acquires), then w2 takes the table over before w1 commits
    epoch = _take(store, "w1", T1, CASHIER_SHARD, ttl_ms=1)
    time.sleep(0.01)
    _take(store, "w2", T1)
    entry = Ledger().deposit("ann", 500, "test chips")
    stale = Fence.of("w1", {T1: epoch, CASHIER_SHARD: epoch})
    with pytest.raises(
        StaleEpochError,
        match=r"table:t1 moved: worker 'w1' wrote at epoch 1,"
        r" the lease is at epoch 2, held by worker 'w2'",
    ):
        store.write_blocking(
            [stale, _hand_write(), WriteEntry(entry), SaveSnapshot("table", "t1", {"x": 1})]
        )
    assert [_count(store, t) for t in (hands, hand_events, ledger_entries, snapshots)] == [0] * 4
    # the new owner's same write goes through (the entry's number was not used up)
    fresh = Fence.of("w2", {T1: 2})
    store.write_blocking([fresh, _hand_write(), SaveSnapshot("table", "t1", {"x": 1})])
    store.write_blocking([Fence.of("w1", {CASHIER_SHARD: epoch}), WriteEntry(entry)])
    assert [_count(store, t) for t in (hands, hand_events, ledger_entries)] == [1, 2, 1]


def test_a_refused_write_does_not_refuse_the_others_of_its_batch(store: Store) -> None:
    _take(store, "w1", T1)
    _take(store, "w2", ROOM_SHARD)
    stale = Fence.of("w1", {ROOM_SHARD: 0})
    fine = Fence.of("w1", {T1: 1})

    async def both() -> list[object]:
        return await asyncio.gather(
            store.write([fine, SaveSnapshot("table", "t1", {})]),
            store.write([stale, SaveSnapshot("room", "room", {})]),
            return_exceptions=True,
        )

    done, refused = asyncio.run(both())
    assert done == [None, 1] and isinstance(refused, StaleEpochError)
    assert store.read_blocking(lambda c: [r.kind for r in c.execute(sa.select(snapshots))]) == [
        "table"
    ]


def test_a_released_shard_fences_its_last_owner(store: Store) -> None:
    _take(store, "w1", T1)
    store.write_blocking([ReleaseLeases("w1", ((T1, 1),))])
    with pytest.raises(StaleEpochError, match="held by nobody"):
        store.write_blocking([Fence.of("w1", {T1: 1}), _hand_write()])
    assert _count(store, hands) == 0


def test_a_takeover_under_way_when_the_owner_commits_refuses_the_owner(
    store: Store, engine: sa.Engine
) -> None:
    """The takeover has changed the lease (not committed yet) when the old owner's commit
    checks it: the check waits for the takeover and then refuses the write."""
    _take(store, "w1", T1)
    changed, go = threading.Event(), threading.Event()

    def take_over() -> None:
        with engine.begin() as connection:
            leases.acquire(connection, T1, "w2", ttl_ms=TTL, crashed={"w1"})
            changed.set()
            go.wait(10)
            time.sleep(0.2)  # the owner's commit is waiting on the lease's row meanwhile

    thief = threading.Thread(target=take_over)
    thief.start()
    assert changed.wait(10)
    go.set()
    with pytest.raises(StaleEpochError, match="at epoch 2, held by worker 'w2'"):
        store.write_blocking([Fence.of("w1", {T1: 1}), _hand_write()])
    thief.join()
    assert _count(store, hands) == 0


def test_a_takeover_waits_for_a_commit_that_passed_the_fence(
    store: Store, engine: sa.Engine
) -> None:
    """The owner's commit has passed the fence when another worker takes the shard over: the
    takeover waits until that commit is done, so the new owner reads the state with it (it
    never slips between the check and the commit)."""
    _take(store, "w1", T1, ttl_ms=1)
    time.sleep(0.01)  # expired: anyone may take it
    order: list[str] = []
    checked, go = threading.Event(), threading.Event()

    def owner_commits() -> None:
        with engine.begin() as connection:
            Fence.of("w1", {T1: 1}).apply(connection)
            checked.set()
            go.wait(10)
            _hand_write().apply(connection)
            time.sleep(0.3)  # a slow commit: a takeover that did not wait would finish first
            order.append("owner commits")

    owner = threading.Thread(target=owner_commits)
    owner.start()
    assert checked.wait(10)
    go.set()
    assert _take(store, "w2", T1) == 2
    order.append("taken over")
    owner.join()
    assert order == ["owner commits", "taken over"]
    assert _count(store, hands) == 1  # the new owner reads the hand the old one wrote


# ---------------------------------------------------------------- ownership
def test_a_worker_s_ownership_holds_fences_loses_and_releases(store: Store) -> None:
    async def scenario() -> None:
        ownership = Ownership(store, worker="w1", times=LeaseTimes(ttl=3.0, renew_every=1.0))
        lost: list[tuple[Shard, str]] = []
        ownership.on_lost.append(lambda shard, why: lost.append((shard, why)))
        await ownership.hold([T1, ROOM_SHARD])
        assert ownership.fence([T1]) == Fence("w1", ((T1, 1),))
        with pytest.raises(StaleEpochError, match="table:t2 is not owned by worker 'w1'"):
            ownership.fence([T1, table_shard("t2")])
        await store.write([ownership.fence([T1, ROOM_SHARD]), SaveSnapshot("table", "t1", {})])
        _take(store, "w2", T1, crashed=frozenset({"w1"}))
        await ownership.renew()
        assert [shard for shard, _ in lost] == [T1] and "taken over" in lost[0][1]
        assert not ownership.holds(T1) and ownership.holds(ROOM_SHARD)
        assert await ownership.release([ROOM_SHARD, T1], leave=True) == [ROOM_SHARD]
        with pytest.raises(StaleEpochError, match="room is not owned"):
            ownership.fence([ROOM_SHARD])
        lease = _lease(store, ROOM_SHARD)
        assert lease is not None and lease.owner == ""

    asyncio.run(scenario())


def test_the_heartbeat_renews_the_leases_every_period(store: Store) -> None:
    async def scenario() -> None:
        ownership = Ownership(store, worker="w1", times=LeaseTimes(ttl=2.0, renew_every=0.05))
        await ownership.hold([T1])
        first = _lease(store, T1)
        assert first is not None
        ownership.start()
        while store.read_blocking(leases.db_now_ms) <= first.expires_ms + 100:
            await asyncio.sleep(0.05)  # past the first expiry: only the renewals keep it
        assert ownership.renewals >= 2
        with pytest.raises(LeaseHeldError):
            _take(store, "w2", T1)
        await ownership.stop()
        assert _take(store, "w2", T1) == 2  # a clean stop freed it

    asyncio.run(scenario())
