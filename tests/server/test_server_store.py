"""The store: migrations, the single writer's group commit, and every table written and read back.

Each test runs against SQLite and PostgreSQL (the ``store`` fixture).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext

from _random_play import play_randomly, random_hand
from croupier.engine import Hand
from croupier.engine.events import event_from_dict, event_to_dict
from croupier.room.cash.ledger import Account, EntryKind, Ledger
from croupier.rules import tda
from croupier.server.errors import ConflictError, NotFoundError
from croupier.server.storage import Store, StoreClosedError, reads
from croupier.server.storage.migrate import current_revision, head_revision
from croupier.server.storage.records import (
    AppendHandEvents,
    EndHand,
    NewUser,
    OpenSession,
    SaveSnapshot,
    StartHand,
    WriteEntry,
)
from croupier.server.storage.schema import ledger_entries, metadata, users
from croupier.server.storage.store import LedgerGapError
from croupier.server.storage.types import utc_now


def new_user(name: str) -> NewUser:
    now = utc_now()
    return NewUser(
        screen_name=name,
        full_name=f"{name.title()} Example",
        date_of_birth=date(1990, 5, 17),
        adult_confirmed_at=now,
        rules_version="test-1",
        rules_accepted_at=now,
        role="player",
        password_hash="not-a-real-hash",
    )


@dataclass(frozen=True)
class Gate:
    """A record that holds the writer until the test opens the gate (to queue a batch)."""

    entered: threading.Event
    opened: threading.Event

    def apply(self, connection: sa.Connection) -> object:
        self.entered.set()
        assert self.opened.wait(10)
        return "gate"


def test_migrations_build_exactly_the_schema(store: Store) -> None:
    engine = sa.create_engine(store.url)
    try:
        with engine.connect() as connection:
            assert current_revision(connection) == head_revision()
            diff = compare_metadata(MigrationContext.configure(connection), metadata)
    finally:
        engine.dispose()
    assert diff == []


def test_opening_twice_applies_nothing_new(database_url: str) -> None:
    first = Store(database_url)
    first.write_blocking([new_user("ann")])
    first.close()
    again = Store(database_url)
    try:
        assert again.read_blocking(reads.count_users) == 1
    finally:
        again.close()


def test_a_user_and_a_session_round_trip(store: Store) -> None:
    [user_id] = store.write_blocking([new_user("Ann")])
    assert isinstance(user_id, int)
    expires = utc_now()
    store.write_blocking([OpenSession("h" * 64, user_id, "c" * 32, expires)])
    row = store.read_blocking(lambda c: reads.user_by_name(c, "ANN"))
    assert row is not None
    assert (row.screen_name, row.full_name, row.date_of_birth) == (
        "Ann",
        "Ann Example",
        date(1990, 5, 17),
    )
    assert row.adult_confirmed_at.tzinfo is not None
    session = store.read_blocking(lambda c: reads.session_by_hash(c, "h" * 64))
    assert session is not None
    assert (session.screen_name, session.csrf_token) == ("Ann", "c" * 32)
    assert session.expires_at == expires


def test_queued_writes_are_committed_together(store: Store) -> None:
    """While the writer is busy, 200 callers queue up; they cost one or two commits, not 200."""
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> list[list[object]]:
        first = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        before = store.stats.commits
        writes = [asyncio.ensure_future(store.write([new_user(f"p{i}")])) for i in range(200)]
        await asyncio.sleep(0.05)
        gate.opened.set()
        await first
        results = await asyncio.gather(*writes)
        assert store.stats.commits - before <= 2
        return results

    results = asyncio.run(scenario())
    assert len({r[0] for r in results}) == 200
    assert store.stats.largest_batch >= 199
    assert store.read_blocking(reads.count_users) == 200


def test_a_refused_call_fails_alone_and_writes_none_of_its_records(store: Store) -> None:
    store.write_blocking([new_user("ann")])
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> list[object]:
        first = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        good1 = asyncio.ensure_future(store.write([new_user("bob")]))
        bad = asyncio.ensure_future(store.write([new_user("cy"), new_user("ANN")]))
        good2 = asyncio.ensure_future(store.write([new_user("dee")]))
        gate.opened.set()
        await first
        return list(await asyncio.gather(good1, bad, good2, return_exceptions=True))

    good1, bad, good2 = asyncio.run(scenario())
    assert isinstance(bad, ConflictError)
    assert "'ANN' is already taken" in str(bad)
    assert not isinstance(good1, BaseException)
    assert not isinstance(good2, BaseException)
    names = store.read_blocking(
        lambda c: sorted(c.execute(sa.select(users.c.screen_name)).scalars())
    )
    assert names == ["ann", "bob", "dee"]  # not "cy": its call was refused as a whole


def test_a_cancelled_caller_still_gets_its_write(store: Store) -> None:
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> None:
        first = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        task = asyncio.ensure_future(store.write([new_user("ann")]))
        await asyncio.sleep(0)
        task.cancel()
        gate.opened.set()
        await first
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())
    store.close()  # drains the queue
    reopened = Store(store.url, migrate=False)
    try:
        assert reopened.read_blocking(reads.count_users) == 1
    finally:
        reopened.close()


def test_writes_after_close_are_refused(store: Store) -> None:
    store.close()
    with pytest.raises(StoreClosedError):
        store.write_blocking([new_user("ann")])


def test_ledger_entries_round_trip_to_the_same_entries(store: Store) -> None:
    ledger = Ledger()
    entries = [
        ledger.deposit("ann", 10_000, "at the cashier"),
        ledger.transfer(EntryKind.BUY_IN, Account.cashier("ann"), Account.seat("ann", "t1"), 4_000),
        ledger.post(
            EntryKind.HAND,
            {Account.seat("ann", "t1"): -300, Account.house("t1"): 300},
            "hand 1",
        ),
        ledger.withdraw("ann", 1_000),
    ]
    store.write_blocking([WriteEntry(e) for e in entries])
    stored = store.read_blocking(lambda c: list(reads.iter_entries(c, chunk=3)))
    assert stored == entries
    lines = store.read_blocking(lambda c: reads.ledger_lines(c, "ann"))
    assert [(line.number, line.account, line.amount) for line in lines] == [
        (4, "player", -1_000),
        (3, "seat@t1", -300),
        (2, "player", -4_000),
        (2, "seat@t1", 4_000),
        (1, "player", 10_000),
    ]
    older = store.read_blocking(lambda c: reads.ledger_lines(c, "ann", before=2))
    assert [line.number for line in older] == [1]


def test_snapshots_keep_the_newest_version(store: Store) -> None:
    assert store.write_blocking([SaveSnapshot("table", "t1", {"hand": 1})]) == [1]
    assert store.write_blocking([SaveSnapshot("table", "t1", {"hand": 2, "seats": [1, 2]})]) == [2]
    store.write_blocking([SaveSnapshot("tournament", "mtt", {"level": 3})])
    assert store.read_blocking(lambda c: reads.latest_snapshot(c, "table", "t1")) == {
        "hand": 2,
        "seats": [1, 2],
    }
    assert store.read_blocking(lambda c: reads.latest_snapshot(c, "table", "t9")) is None
    assert store.read_blocking(lambda c: reads.latest_snapshots(c, "tournament")) == {
        "mtt": {"level": 3}
    }


def test_a_hand_written_as_it_happens_replays_from_the_database(store: Store) -> None:
    rng = random.Random(11)
    hand = random_hand(rng, tda(50, 100), [5_000, 3_000, 8_000, 2_000])
    [hand_id] = store.write_blocking([StartHand("t1", 1)])
    assert isinstance(hand_id, int)
    written = 0
    events = list(hand.events)
    store.write_blocking([AppendHandEvents(hand_id, 0, [event_to_dict(e) for e in events])])
    written = len(events)
    assert [h.id for h in store.read_blocking(reads.open_hands)] == [hand_id]
    play_randomly(hand, rng)
    rest = [event_to_dict(e) for e in hand.events[written:]]
    ledger = Ledger()
    entry = ledger.deposit("p0", 500, "stands in for the hand's entries")
    store.write_blocking(
        [AppendHandEvents(hand_id, written, rest), EndHand(hand_id), WriteEntry(entry, hand_id)]
    )
    stored = store.read_blocking(lambda c: reads.hand_events_of(c, hand_id))
    replayed = Hand.replay([event_from_dict(d) for d in stored])
    assert replayed.events == hand.events
    assert store.read_blocking(reads.open_hands) == []
    with pytest.raises(NotFoundError):
        store.write_blocking([EndHand(hand_id, "voided")])


def test_a_hand_voided_in_the_same_call_as_its_events_is_all_or_nothing(store: Store) -> None:
    [hand_id] = store.write_blocking([StartHand("t1", 7)])
    with pytest.raises(ValueError, match="'ended' or 'voided'"):
        store.write_blocking([AppendHandEvents(hand_id, 0, [{"type": "x"}]), EndHand(hand_id, "?")])
    assert store.read_blocking(lambda c: reads.hand_events_of(c, hand_id)) == []
    assert [h.number for h in store.read_blocking(lambda c: reads.open_hands(c, "t1"))] == [7]


@dataclass(frozen=True)
class CountEntries:
    """A record that reads what the records before it in the batch wrote."""

    def apply(self, connection: sa.Connection) -> object:
        return connection.execute(sa.select(sa.func.count()).select_from(ledger_entries)).scalar()


def test_merged_rows_are_written_before_the_next_record_runs(store: Store) -> None:
    ledger = Ledger()
    first, second = ledger.deposit("ann", 100), ledger.deposit("bob", 200)
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> list[list[object]]:
        held = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        calls = [
            asyncio.ensure_future(store.write([WriteEntry(first), CountEntries()])),
            asyncio.ensure_future(store.write([WriteEntry(second), CountEntries()])),
        ]
        gate.opened.set()
        await held
        return list(await asyncio.gather(*calls))

    assert asyncio.run(scenario()) == [[None, 1], [None, 2]]


def test_a_duplicate_row_in_a_merged_insert_fails_only_its_caller(store: Store) -> None:
    ledger = Ledger()
    entries = [ledger.deposit("ann", 100), ledger.deposit("bob", 200), ledger.deposit("cy", 300)]
    store.write_blocking([WriteEntry(entries[0])])
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> list[object]:
        held = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        calls = [
            asyncio.ensure_future(store.write([WriteEntry(entries[1])])),
            asyncio.ensure_future(store.write([WriteEntry(entries[0])])),  # already there
            asyncio.ensure_future(store.write([WriteEntry(entries[2])])),
        ]
        gate.opened.set()
        await held
        return list(await asyncio.gather(*calls, return_exceptions=True))

    ok1, duplicate, ok2 = asyncio.run(scenario())
    assert isinstance(duplicate, LedgerGapError)  # refused before the database sees it
    assert str(duplicate) == "ledger entry 1 is stored already"
    assert ok1 == ok2 == [None]
    assert store.read_blocking(lambda c: list(reads.iter_entries(c))) == entries


def test_a_ledger_entry_is_never_stored_after_a_hole(store: Store) -> None:
    ledger = Ledger()
    first, second = ledger.deposit("ann", 100), ledger.deposit("bob", 200)
    with pytest.raises(LedgerGapError, match="entry 2 is not stored: entry 1 before it"):
        store.write_blocking([WriteEntry(second)])
    store.write_blocking([WriteEntry(first)])
    store.write_blocking([WriteEntry(second)])
    assert store.read_blocking(lambda c: list(reads.iter_entries(c))) == [first, second]


def test_a_write_the_database_cannot_take_is_kept_and_never_half_done(tmp_path: Path) -> None:
    path = tmp_path / "gone.db"
    store = Store(f"sqlite:///{path}")
    store.retry_every = 0.05
    entry = Ledger().deposit("ann", 100)
    assert store.available and store.probe() is None
    path.unlink()  # the file removed under the store
    waiting = store._submit([WriteEntry(entry)])
    deadline = time.monotonic() + 10
    while store.available and time.monotonic() < deadline:
        time.sleep(0.02)
    outage = store.outage
    assert outage is not None and outage.writes_waiting
    assert outage.reason == "DatabaseGoneError: the database file gone.db was removed"
    time.sleep(0.3)
    assert not waiting.done()  # kept, tried again, not dropped nor answered
    store.close()
    with pytest.raises(StoreClosedError):
        waiting.result(timeout=10)


def _lose_the_next_commits_answer(
    store: Store, monkeypatch: pytest.MonkeyPatch, *, committed: bool, skip: int = 0
) -> list[str]:
    """The writer's next commit (after ``skip`` others) goes through (or is rolled back) and
    then its answer is lost with the connection, as when PostgreSQL or its network goes away
    at that moment."""
    dialect = store._writer.dialect
    commit = dialect.do_commit
    lost: list[str] = []
    skipped = [0]

    def do_commit(dbapi_connection: object) -> None:
        if skipped[0] < skip:
            skipped[0] += 1
            commit(dbapi_connection)
            return
        if lost:
            commit(dbapi_connection)
            return
        if committed:
            commit(dbapi_connection)
        else:
            dialect.do_rollback(dbapi_connection)
        lost.append("committed" if committed else "rolled back")
        raise sa.exc.OperationalError("COMMIT", {}, ConnectionError("server closed the connection"))

    monkeypatch.setattr(dialect, "do_commit", do_commit)
    return lost


@pytest.mark.parametrize("committed", [True, False], ids=["went-through", "rolled-back"])
def test_a_commit_whose_answer_is_lost_is_applied_once(
    store: Store, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    store.retry_every = 0.02
    [hand_id] = store.write_blocking([StartHand("t1", 1)])
    entry = Ledger().deposit("ann", 500, "before the connection is lost")
    lost = _lose_the_next_commits_answer(store, monkeypatch, committed=committed)
    events = [{"type": "started", "n": i} for i in range(3)]
    # a hand's events (rows a retry would insert twice), a new user (a result the caller
    # needs) and a ledger entry, in the batch whose answer is lost
    results = store.write_blocking(
        [AppendHandEvents(hand_id, 0, events), new_user("ann"), WriteEntry(entry, hand_id)]
    )
    assert lost == ["committed" if committed else "rolled back"]
    assert results[0] is None and results[2] is None
    user_id = results[1]
    assert isinstance(user_id, int)
    named_ann = sa.select(users.c.id).where(users.c.screen_name == "ann")
    assert store.read_blocking(lambda c: c.execute(named_ann).scalars().all()) == [user_id]
    assert store.read_blocking(lambda c: reads.hand_events_of(c, hand_id)) == events
    assert store.read_blocking(lambda c: list(reads.iter_entries(c))) == [entry]
    assert store.available
    # the writer goes on: the hand's next events and the next ledger entry follow at once
    more = Ledger()
    more.deposit("ann", 500, "before the connection is lost")
    second = more.deposit("bob", 300, "after it")
    store.write_blocking([AppendHandEvents(hand_id, 3, [{"type": "ended"}]), WriteEntry(second)])
    assert len(store.read_blocking(lambda c: reads.hand_events_of(c, hand_id))) == 4
    assert [e.number for e in store.read_blocking(lambda c: list(reads.iter_entries(c)))] == [1, 2]


def test_a_lost_answer_keeps_each_callers_own_refusal(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch applied one caller at a time (one was refused) whose answer is then lost:
    the refused caller still gets his refusal, the others their results, once."""
    store.retry_every = 0.02
    store.write_blocking([new_user("ann")])
    gate = Gate(threading.Event(), threading.Event())

    async def scenario() -> list[object]:
        held = asyncio.ensure_future(store.write([gate]))
        assert await asyncio.to_thread(gate.entered.wait, 10)
        calls = [
            asyncio.ensure_future(store.write([new_user("bob")])),
            asyncio.ensure_future(store.write([new_user("ANN")])),  # the name is taken
            asyncio.ensure_future(store.write([new_user("cy")])),
        ]
        await asyncio.sleep(0.05)
        gate.opened.set()  # the gate's own batch commits; the three callers' answer is lost
        await held
        return list(await asyncio.gather(*calls, return_exceptions=True))

    lost = _lose_the_next_commits_answer(store, monkeypatch, committed=True, skip=1)
    bob, ann, cy = asyncio.run(scenario())
    assert lost == ["committed"]
    assert isinstance(ann, ConflictError)
    assert isinstance(bob, list) and isinstance(cy, list)
    names = store.read_blocking(
        lambda c: c.execute(sa.select(users.c.screen_name).order_by(users.c.id)).scalars().all()
    )
    assert names == ["ann", "bob", "cy"]
    assert store.available


def test_a_closed_store_forgets_its_commit_mark(database_url: str) -> None:
    from croupier.server.storage.schema import store_commits

    opened = Store(database_url)
    opened.write_blocking([new_user("ann")])
    writer = opened.writer_id
    marks = opened.read_blocking(
        lambda c: c.execute(sa.select(store_commits.c.writer, store_commits.c.batch)).all()
    )
    assert [tuple(m) for m in marks] == [(writer, 1)]
    opened.close()
    again = Store(database_url)
    try:
        assert again.read_blocking(lambda c: c.execute(sa.select(store_commits)).all()) == []
    finally:
        again.close()
