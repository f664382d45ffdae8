"""The fence wired into the room online (``croupier serve``, one process, the worker
``serve``): it holds every lease itself; a table taken over by another worker stops at its
first refused write, which stores nothing; the other tables play on. SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest
import sqlalchemy as sa
from _online import act_once, online_config, play_hands, run, running_room

from croupier.rules import casino_fr
from croupier.server.cluster import leases
from croupier.server.cluster.ownership import SOLO
from croupier.server.cluster.records import AcquireLeases
from croupier.server.cluster.shards import CASHIER_SHARD, ROOM_SHARD, table_shard
from croupier.server.config import ServerConfig
from croupier.server.storage import Store
from croupier.server.storage.schema import hand_events, hands, ledger_postings, snapshots

CAS = casino_fr("no-limit", 100, 200)
TABLES = [("t1", CAS, 6, ("ann", "bob")), ("t2", CAS, 6, ("cy", "dan"))]


@pytest.fixture
def room_config(database_url: str, tmp_path: Path) -> ServerConfig:
    return online_config(database_url, tmp_path / "data")


def _written(store: Store, table: str = "t1") -> tuple[int, int, int, int]:
    """What is stored of ``table``: its hands, their events, the ledger's postings naming it,
    and its snapshot's version."""

    def count(connection: sa.Connection) -> tuple[int, int, int, int]:
        ids = sa.select(hands.c.id).where(hands.c.table_name == table)
        found = [
            connection.execute(sa.select(sa.func.count()).select_from(t).where(w)).scalar_one()
            for t, w in (
                (hands, hands.c.table_name == table),
                (hand_events, hand_events.c.hand_id.in_(ids)),
                (ledger_postings, ledger_postings.c.table_name == table),
            )
        ]
        version = connection.execute(
            sa.select(snapshots.c.version).where(
                (snapshots.c.kind == "table") & (snapshots.c.name == table)
            )
        ).scalar()
        return int(found[0]), int(found[1]), int(found[2]), int(version or 0)

    return store.read_blocking(count)


def _steal(store: Store, table: str) -> None:
    """Another worker takes ``table`` over (as if ``serve`` had crashed)."""
    store.write_blocking([AcquireLeases("w2", (table_shard(table),), 3_000, frozenset({SOLO}))])


def test_serve_holds_every_lease_and_frees_them_on_a_clean_stop(room_config: ServerConfig) -> None:
    async def scenario() -> None:
        async with running_room(room_config, TABLES) as room:
            store = room.services.store
            held = {
                lease.shard: (lease.owner, lease.epoch)
                for lease in store.read_blocking(leases.leases)
            }
            expected = [CASHIER_SHARD, ROOM_SHARD, table_shard("t1"), table_shard("t2")]
            assert {s: held[s] for s in expected} == {s: (SOLO, 1) for s in expected}
            ownership = room.services.ownership
            assert ownership is not None
            await ownership.renew()  # the heartbeat finds them all still held
            assert all(ownership.holds(s) for s in expected)
            clients = [await room.connect(p) for p in ("ann", "bob")]
            await play_hands(clients, "t1", 1)  # fenced writes go through as before
        reader = Store(room_config.database_url)
        try:
            after = {lease.shard: lease.owner for lease in reader.read_blocking(leases.leases)}
        finally:
            reader.close()
        assert after[table_shard("t1")] == after[ROOM_SHARD] == ""  # freed on the clean stop
        async with running_room(room_config) as again:  # the restart takes them back
            held = {
                lease.shard: (lease.owner, lease.epoch)
                for lease in again.services.store.read_blocking(leases.leases)
            }
            assert held[table_shard("t1")] == (SOLO, 2)
            assert held[CASHIER_SHARD] == (SOLO, 2)

    run(scenario())


def test_a_table_taken_over_stops_at_its_first_refused_write_and_writes_nothing(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, TABLES) as room:
            store = room.services.store
            t1 = [await room.connect(p) for p in ("ann", "bob")]
            t2 = [await room.connect(p, watch="t2") for p in ("cy", "dan")]
            await room.settle()
            assert room.actor("t1").current is not None  # a hand is being played
            before = _written(store)
            _steal(store, "t1")
            answer = await act_once(t1, "t1")
            assert answer is not None and answer["type"] == "error", answer
            assert answer["code"] == "unavailable"
            assert "table:t1 moved: worker 'serve' wrote at epoch 1" in answer["message"]
            assert "held by worker 'w2'" in answer["message"]
            assert _written(store) == before  # nothing of the refused write was stored
            assert room.actor("t1").halted == "moved"
            ownership = room.services.ownership
            assert ownership is not None and not ownership.holds(table_shard("t1"))
            again = await act_once(t1, "t1")
            assert again is not None and again["code"] == "unavailable"
            assert "run by another worker now" in again["message"]
            assert _written(store) == before
            await play_hands(t2, "t2", 1)  # the other table plays on
            assert _written(store, "t2")[1] > 0

    run(scenario())


def test_a_lease_lost_at_the_renewal_stops_its_table_before_any_write(
    room_config: ServerConfig,
) -> None:
    async def scenario() -> None:
        async with running_room(room_config, TABLES) as room:
            store = room.services.store
            t1 = [await room.connect(p) for p in ("ann", "bob")]
            await room.settle()
            _steal(store, "t1")
            ownership = room.services.ownership
            assert ownership is not None
            await ownership.renew()
            assert room.actor("t1").halted == "moved"
            before = _written(store)
            answer = await act_once(t1, "t1")
            assert answer is not None and answer["code"] == "unavailable"
            assert "run by another worker now" in answer["message"]
            assert _written(store) == before

    run(scenario())
