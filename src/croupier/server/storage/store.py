"""The store: every write goes through one writer thread that group-commits.

``await store.write(records)`` hands a list of records to the writer thread and returns once
they are committed (with each record's result: the id of a new row, or None). The thread takes
whatever is queued, applies it in ONE transaction and commits once, so a hundred tables that act
at the same moment cost one commit, not a hundred. Each caller's records are all-or-nothing:
if one of them fails (a screen name already taken), the batch is applied again with a savepoint
around each caller's records, so that only that caller gets the error and the others commit.
Commits are in the order of the calls, so what one asyncio task writes lands in order.
Records that only insert rows (:class:`RowsRecord`: ledger entries, hand events) are merged
into one multi-row insert per table, flushed before any other record runs, so the effects
keep their order.

Reads use their own small pool of connections (``await store.read(fn)`` runs ``fn(connection)``
in a worker thread). A write that has returned is visible to every read that starts after it.

When the database cannot take a write for a reason that may pass (PostgreSQL stopped or
unreachable, an SQLite disk full or read-only, its file removed), the writer does not drop the
batch and does not go on with the next one: it keeps the batch, says the store is
*unavailable* (:attr:`Store.outage`), and tries it again until it commits, so what was queued
is written once, in order, with no hole, as soon as the database answers again. Ledger entries
are checked as they are written: an entry is only stored right after the one before it
(:class:`LedgerGapError` otherwise), so a write refused for good can never leave a hole that a
later write steps over. Each transaction also marks this writer's row of ``store_commits``
with the batch's number, so that when a commit's answer is lost with the connection (the
commit went through, or not) the writer asks which it was on the next try: a batch committed
is answered with what it did, never applied twice; one that was not is applied again.
"""

from __future__ import annotations

import asyncio
import logging
import os
import queue
import secrets
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from typing import Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import URL

from croupier.server.storage.engine import database_url, make_engine
from croupier.server.storage.migrate import upgrade
from croupier.server.storage.private import private_sqlite_file

__all__ = [
    "DatabaseGoneError",
    "LedgerGapError",
    "Outage",
    "Record",
    "RowsRecord",
    "Store",
    "StoreClosedError",
    "StoreStats",
    "insert_rows",
]

T = TypeVar("T")
MARKS_KEPT_MS = 7 * 24 * 3600 * 1000
"""A writer's mark not renewed for a week belongs to a store that was killed: forgotten."""
_log = logging.getLogger("croupier.server.store")


class Record(Protocol):
    """Something to write: ``apply`` runs its statements on the writer's connection, inside
    the batch's transaction, and returns its result (a new row's id, or None). It must only
    touch the database: it may run twice (once in a batch that fails, once again alone)."""

    def apply(self, connection: sa.Connection) -> object:
        """Run the statements; raise to refuse (the caller's records are then not written)."""
        ...


class RowsRecord(Record, Protocol):
    """A record that only inserts rows: the writer merges the rows of consecutive such records
    into one multi-row insert per table (much cheaper than a statement per record). ``rows``
    gives (table, row) pairs; every row of one table has the same keys."""

    def rows(self) -> Iterable[tuple[sa.Table, dict[str, object]]]:
        """The rows to insert."""
        ...


class StoreClosedError(RuntimeError):
    """A write was sent to a store that is closed."""


class DatabaseGoneError(RuntimeError):
    """The SQLite database file was removed or replaced under the running server."""


class LedgerGapError(RuntimeError):
    """A ledger entry would be stored after a hole (the entry before it was not written)."""


@dataclass(frozen=True)
class Outage:
    """Why the database cannot be used now, and since when (``time.time()``)."""

    reason: str
    since: float
    writes_waiting: bool
    """True when a write is kept and tried again (it is committed once the database answers)."""


def transient(error: BaseException) -> bool:
    """True for a database error that may pass (the server keeps the write and tries again):
    a connection refused or lost, a disk full or read-only, a database file removed."""
    if isinstance(error, DatabaseGoneError):
        return True
    if isinstance(error, (sa.exc.OperationalError, sa.exc.InterfaceError)):
        return True
    return isinstance(error, sa.exc.DBAPIError) and error.connection_invalidated


@dataclass
class StoreStats:
    """What the writer has done: commits, the calls and records they carried, the largest batch."""

    commits: int = 0
    calls: int = 0
    records: int = 0
    largest_batch: int = 0
    failed_calls: int = 0


class _Call:
    __slots__ = ("future", "records")

    def __init__(self, records: Sequence[Record]) -> None:
        self.records = tuple(records)
        self.future: Future[list[object]] = Future()


class Store:
    """The server's database: one writer thread, a pool of readers, migrations applied on open.

    >>> import tempfile, os
    >>> store = Store(f"sqlite:///{os.path.join(tempfile.mkdtemp(), 'doc.db')}")
    >>> store.read_blocking(lambda c: c.execute(sa.text("select 1")).scalar())
    1
    >>> store.close()
    """

    retry_every = 0.5
    """Seconds between two tries of a write the database did not take (doubling up to 2 s)."""

    def __init__(self, url: str | URL, *, migrate: bool = True, max_batch: int = 2_000) -> None:
        text = url if isinstance(url, str) else url.render_as_string(hide_password=False)
        self.url = database_url(text)
        if self.url.get_backend_name() == "sqlite":
            private_sqlite_file(self.url.database)
        self.max_batch = max_batch
        self.stats = StoreStats()
        self._writer = make_engine(self.url, writer=True)
        self._reader = make_engine(self.url)
        if migrate:
            upgrade(self._writer)
        self._file = self._file_identity()
        self._write_outage: Outage | None = None
        self._read_outage: Outage | None = None
        self._read_failed_at = 0.0
        self._next_entry = self._stored_entries() + 1
        self.writer_id = secrets.token_hex(8)
        """This store's row in ``store_commits`` (a new one each time a store is opened)."""
        self._marks = self._has_marks()
        self._forget_marks(older_than_ms=MARKS_KEPT_MS)
        self._batches = 0
        self._inflight: _Inflight | None = None
        self._queue: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="croupier-store-writer", daemon=True)
        self._thread.start()

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.url.get_backend_name()

    # ------------------------------------------------------------------- state
    read_outage_lasts = 2.0
    """Seconds a failed read keeps the store unavailable (unless another read fails): after
    that, the next write or probe finds out, so nothing waits for a read that never comes."""

    @property
    def outage(self) -> Outage | None:
        """Why the database cannot be used now (None: it answers)."""
        if self._write_outage is not None:
            return self._write_outage
        recent = time.time() - self._read_failed_at <= self.read_outage_lasts
        return self._read_outage if recent else None

    @property
    def available(self) -> bool:
        """True when the database answers and no write is waiting for it."""
        return self.outage is None

    def probe(self) -> Outage | None:
        """Check the database now (its file still there, a trivial query answered) and return
        the outage, if any. Run in a worker thread: it may wait for the network."""
        try:
            self._check_file()
            with self._reader.connect() as connection:
                connection.exec_driver_sql("SELECT 1").scalar()
        except Exception as error:
            if not transient(error):
                raise
            self._read_failed(error)
        else:
            self._read_outage = None
        return self.outage

    def _read_failed(self, error: BaseException) -> None:
        now = time.time()
        if self._read_outage is None or now - self._read_failed_at > self.read_outage_lasts:
            self._read_outage = Outage(_reason(error), now, writes_waiting=False)
        self._read_failed_at = now

    def _file_identity(self) -> tuple[int, int] | None:
        if self.backend != "sqlite" or not self.url.database:
            return None
        status = os.stat(self.url.database)
        return (status.st_dev, status.st_ino)

    def _check_file(self) -> None:
        """Raise :class:`DatabaseGoneError` if the SQLite file is not the one opened."""
        if self._file is None:
            return
        path = self.url.database or ""
        try:
            status = os.stat(path)
        except FileNotFoundError:
            raise DatabaseGoneError(
                f"the database file {os.path.basename(path)} was removed"
            ) from None
        if (status.st_dev, status.st_ino) != self._file:
            raise DatabaseGoneError(f"the database file {os.path.basename(path)} was replaced")

    def _stored_entries(self) -> int:
        from croupier.server.storage.schema import ledger_entries

        try:
            with self._writer.connect() as connection:
                top = connection.execute(sa.select(sa.func.max(ledger_entries.c.number))).scalar()
        except sa.exc.DBAPIError:  # not migrated yet (migrate=False): no entries
            return 0
        return int(top or 0)

    # ------------------------------------------------------------------- writing
    async def write(self, records: Sequence[Record]) -> list[object]:
        """Commit ``records`` (all or none) and return their results, in order.

        Cancelling the caller does not cancel the write: once handed over, it is committed.
        """
        future = self._submit(records)
        return await asyncio.shield(asyncio.wrap_future(future))

    def write_blocking(self, records: Sequence[Record]) -> list[object]:
        """:meth:`write` for code outside an event loop (the command line, startup)."""
        return self._submit(records).result()

    def _submit(self, records: Sequence[Record]) -> Future[list[object]]:
        call = _Call(records)
        with self._lock:
            if self._closed:
                raise StoreClosedError("the store is closed: nothing more can be written")
            self._queue.put(call)
        return call.future

    def close(self) -> None:
        """Write what is queued, stop the writer thread and close every connection."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._queue.put(None)
        self._thread.join()
        self._forget_marks(writer=self.writer_id)
        self._writer.dispose()
        self._reader.dispose()

    def _run(self) -> None:
        stop = False
        while not stop:
            first = self._queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < self.max_batch:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            try:
                self._commit_until_done(batch)
            except BaseException as error:  # pragma: no cover - a bug in _commit itself
                _log.exception("the store's writer failed")
                for call in batch:
                    _settle(call, None, error)

    def _commit_until_done(self, batch: list[_Call]) -> None:
        """Commit ``batch``; while the database cannot take it, keep it and try again."""
        delay = self.retry_every
        first_entry = _first_entry(batch)
        self._batches += 1
        mark = self._batches
        while True:
            self._inflight = None
            try:
                self._commit(batch, mark)
            except Exception as error:
                if not transient(error):
                    raise
                if self._write_outage is None:
                    _log.error("the database does not take writes: %s", _reason(error))
                    self._write_outage = Outage(_reason(error), time.time(), writes_waiting=True)
                while True:  # until it is known whether the lost commit went through
                    inflight = self._inflight
                    if self._closed and inflight is not None and self._committed(mark):
                        self._settle_all(inflight.outcomes, inflight.next_entry)
                        return
                    if self._closed:
                        self.stats.failed_calls += len(batch)
                        for call in batch:
                            _settle(
                                call, None, StoreClosedError("closed before the database answered")
                            )
                        return
                    time.sleep(delay)
                    delay = min(delay * 2, 2.0)
                    inflight = self._inflight
                    if inflight is None or inflight.mark != mark:
                        break  # it failed before its commit: nothing of it is stored
                    committed = self._committed(mark)
                    if committed is None:
                        continue  # the database does not answer yet: ask again
                    if committed:
                        # the commit went through, its answer was lost with the connection:
                        # the callers get what it did (results and refusals), nothing twice
                        _log.warning("a batch was committed before the connection was lost")
                        self._settle_all(inflight.outcomes, inflight.next_entry)
                        self._recovered()
                        return
                    break
                unmarked = None if self._marks else first_entry  # a database before 0006
                if unmarked is not None and self._already_stored(unmarked):
                    # the commit went through, its answer was lost with the connection
                    _log.warning("a batch was committed before the connection was lost")
                    self._next_entry = self._stored_entries() + 1
                    for call in batch:
                        _settle(call, [None] * len(call.records), None)
                    self._recovered()
                    return
                continue
            self._recovered()
            return

    def _recovered(self) -> None:
        if self._write_outage is not None:
            _log.warning("the database takes writes again")
        self._write_outage = None
        self._read_outage = None

    def _has_marks(self) -> bool:
        """True when the database has ``store_commits`` (a store opened with ``migrate=False``
        on an older database falls back on its ledger entries to tell a lost answer)."""
        try:
            return sa.inspect(self._writer).has_table("store_commits")
        except sa.exc.DBAPIError:
            return False

    def _forget_marks(self, *, writer: str | None = None, older_than_ms: int = 0) -> None:
        """Delete a closed writer's mark, or the marks no writer has renewed for a while (of
        stores that were killed): a live writer's next batch writes its own again."""
        if not self._marks:
            return
        from croupier.server.storage.schema import store_commits

        if writer is not None:
            where = store_commits.c.writer == writer
        else:
            where = store_commits.c.at_ms < int(time.time() * 1000) - older_than_ms
        try:
            with self._writer.begin() as connection:
                connection.execute(store_commits.delete().where(where))
        except sa.exc.DBAPIError:  # the database does not answer: they are deleted later
            pass

    def _mark(self, connection: sa.Connection, mark: int) -> None:
        """Say in the transaction itself that this writer's batch ``mark`` is committed."""
        if not self._marks:
            return
        from croupier.server.storage.schema import store_commits

        dialect = postgresql if connection.dialect.name == "postgresql" else sqlite
        now = int(time.time() * 1000)
        statement = dialect.insert(store_commits).values(
            writer=self.writer_id, batch=mark, at_ms=now
        )
        connection.execute(
            statement.on_conflict_do_update(
                index_elements=[store_commits.c.writer],
                set_={"batch": mark, "at_ms": now},
            )
        )

    def _committed(self, mark: int) -> bool | None:
        """Whether this writer's batch ``mark`` is in the database (asked after a commit
        whose answer was lost; None while the database does not answer)."""
        from croupier.server.storage.schema import store_commits

        try:
            self._check_file()
            with self._writer.connect() as connection:
                stored = connection.execute(
                    sa.select(store_commits.c.batch).where(store_commits.c.writer == self.writer_id)
                ).scalar()
        except Exception as error:
            if transient(error):
                return None
            raise
        return stored == mark

    def _settle_all(self, outcomes: Sequence[_Outcome], next_entry: int) -> None:
        """A transaction committed: each caller gets its results, or its own refusal (the
        store is available again before any of them hears it)."""
        self._recovered()
        stats = self.stats
        self._next_entry = next_entry
        stats.commits += 1
        stats.largest_batch = max(stats.largest_batch, len(outcomes))
        for call, result, error in outcomes:
            if error is None:
                stats.calls += 1
                stats.records += len(call.records)
            else:
                stats.failed_calls += 1
            _settle(call, result, error)

    def _already_stored(self, number: int) -> bool:
        from croupier.server.storage.schema import ledger_entries

        try:
            with self._writer.connect() as connection:
                found = connection.execute(
                    sa.select(ledger_entries.c.number).where(ledger_entries.c.number == number)
                ).first()
        except Exception:
            return False
        return found is not None

    def _commit(self, batch: list[_Call], mark: int) -> None:
        self._check_file()
        try:
            with self._writer.begin() as connection:
                pending: _Pending = {}
                numbers = _Numbers(self._next_entry)
                results = [_apply(connection, call.records, pending, numbers) for call in batch]
                _flush(connection, pending)
                self._mark(connection, mark)
                outcomes: list[_Outcome] = [
                    (call, result, None) for call, result in zip(batch, results, strict=True)
                ]
                self._inflight = _Inflight(mark, outcomes, numbers.next)
        except Exception as error:
            if transient(error):
                raise
            if len(batch) == 1:
                self.stats.failed_calls += 1
                _settle(batch[0], None, error)
                return
            self._commit_one_by_one(batch, mark)
            return
        self._settle_all(outcomes, numbers.next)

    def _commit_one_by_one(self, batch: list[_Call], mark: int) -> None:
        """The batch failed: apply it again, each caller's records inside a savepoint."""
        outcomes: list[_Outcome] = []
        numbers = _Numbers(self._next_entry)
        try:
            with self._writer.begin() as connection:
                for call in batch:
                    savepoint = connection.begin_nested()
                    entry_before = numbers.next
                    try:
                        pending: _Pending = {}
                        done = _apply(connection, call.records, pending, numbers)
                        _flush(connection, pending)
                    except Exception as refused:
                        if transient(refused):
                            raise
                        savepoint.rollback()
                        numbers.next = entry_before
                        outcomes.append((call, None, refused))
                    else:
                        savepoint.commit()
                        outcomes.append((call, done, None))
                self._mark(connection, mark)
                self._inflight = _Inflight(mark, outcomes, numbers.next)
        except Exception as failed:
            if transient(failed):
                raise
            self.stats.failed_calls += len(batch)
            for call in batch:
                _settle(call, None, failed)
            return
        self._settle_all(outcomes, numbers.next)

    # ------------------------------------------------------------------- reading
    async def read(self, query: Callable[[sa.Connection], T]) -> T:
        """Run ``query(connection)`` on a reader connection, in a worker thread."""
        return await asyncio.to_thread(self.read_blocking, query)

    def read_blocking(self, query: Callable[[sa.Connection], T]) -> T:
        """Run ``query(connection)`` on a reader connection, here and now."""
        try:
            self._check_file()
            with self._reader.connect() as connection:
                result = query(connection)
        except Exception as error:
            if transient(error):
                self._read_failed(error)
            raise
        self._read_outage = None
        return result


_Pending = dict[sa.Table, list[dict[str, object]]]


_Outcome = tuple["_Call", list[object] | None, BaseException | None]


@dataclass(frozen=True)
class _Inflight:
    """What a transaction did, kept until its commit answers: if the answer is lost and the
    commit went through (its mark is stored), the callers are told this."""

    mark: int
    outcomes: list[_Outcome]
    next_entry: int


class _Numbers:
    """The number the next ledger entry written must have."""

    __slots__ = ("next",)

    def __init__(self, start: int) -> None:
        self.next = start


def _first_entry(batch: Sequence[_Call]) -> int | None:
    for call in batch:
        for record in call.records:
            number = getattr(record, "ledger_number", None)
            if number is not None:
                return int(number)
    return None


def _reason(error: BaseException) -> str:
    """A short reason for the log and the health answer (never the SQL)."""
    original = getattr(error, "orig", None) or error
    text = str(original).strip().splitlines()[0] if str(original).strip() else ""
    return f"{type(original).__name__}: {text[:200]}" if text else type(original).__name__


def _apply(
    connection: sa.Connection,
    records: Sequence[Record],
    pending: _Pending,
    numbers: _Numbers | None = None,
) -> list[object]:
    """Apply ``records`` in order; rows records only add their rows to ``pending``, which is
    inserted before any other record runs (so the order of the effects is kept). A ledger
    entry must be the next number (``numbers``): never stored after a hole."""
    results: list[object] = []
    for record in records:
        number = getattr(record, "ledger_number", None)
        if number is not None and numbers is not None:
            if number < numbers.next:
                raise LedgerGapError(f"ledger entry {number} is stored already")
            if number > numbers.next:
                raise LedgerGapError(
                    f"ledger entry {number} is not stored: entry {numbers.next} before it"
                    " was not written"
                )
            numbers.next += 1
        rows = getattr(record, "rows", None)
        if rows is not None:
            for table, row in rows():
                pending.setdefault(table, []).append(row)
            results.append(None)
        else:
            _flush(connection, pending)
            results.append(record.apply(connection))
    return results


def _flush(connection: sa.Connection, pending: _Pending) -> None:
    if not pending:
        return
    for table in _insert_order(pending):
        connection.execute(table.insert(), pending[table])
    pending.clear()


def _insert_order(pending: _Pending) -> list[sa.Table]:
    """The pending tables, referenced ones first (ledger entries before their postings)."""
    tables = list(pending)
    order = {t: i for i, t in enumerate(tables[0].metadata.sorted_tables)} if tables else {}
    return sorted(tables, key=lambda t: order.get(t, len(order)))


def insert_rows(connection: sa.Connection, record: RowsRecord) -> None:
    """A rows record's ``apply``: insert its rows now."""
    pending: _Pending = {}
    for table, row in record.rows():
        pending.setdefault(table, []).append(row)
    _flush(connection, pending)


def _settle(call: _Call, result: list[object] | None, error: BaseException | None) -> None:
    try:
        if error is not None:
            call.future.set_exception(error)
        else:
            call.future.set_result(result if result is not None else [])
    except InvalidStateError:  # pragma: no cover - the future was cancelled by its caller
        pass
