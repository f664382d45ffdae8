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
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, InvalidStateError
from dataclasses import dataclass
from typing import Protocol, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import URL

from croupier.server.storage.engine import database_url, make_engine
from croupier.server.storage.migrate import upgrade
from croupier.server.storage.private import private_sqlite_file

__all__ = ["Record", "RowsRecord", "Store", "StoreClosedError", "StoreStats", "insert_rows"]

T = TypeVar("T")
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
        self._queue: queue.SimpleQueue[_Call | None] = queue.SimpleQueue()
        self._closed = False
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="croupier-store-writer", daemon=True)
        self._thread.start()

    @property
    def backend(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return self.url.get_backend_name()

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
                self._commit(batch)
            except BaseException as error:  # pragma: no cover - a bug in _commit itself
                _log.exception("the store's writer failed")
                for call in batch:
                    _settle(call, None, error)

    def _commit(self, batch: list[_Call]) -> None:
        stats = self.stats
        try:
            with self._writer.begin() as connection:
                pending: _Pending = {}
                results = [_apply(connection, call.records, pending) for call in batch]
                _flush(connection, pending)
        except Exception as error:
            if len(batch) == 1:
                stats.failed_calls += 1
                _settle(batch[0], None, error)
                return
            self._commit_one_by_one(batch)
            return
        stats.commits += 1
        stats.calls += len(batch)
        stats.records += sum(len(c.records) for c in batch)
        stats.largest_batch = max(stats.largest_batch, len(batch))
        for call, result in zip(batch, results, strict=True):
            _settle(call, result, None)

    def _commit_one_by_one(self, batch: list[_Call]) -> None:
        """The batch failed: apply it again, each caller's records inside a savepoint."""
        outcomes: list[tuple[_Call, list[object] | None, BaseException | None]] = []
        try:
            with self._writer.begin() as connection:
                for call in batch:
                    savepoint = connection.begin_nested()
                    try:
                        pending: _Pending = {}
                        done = _apply(connection, call.records, pending)
                        _flush(connection, pending)
                    except Exception as refused:
                        savepoint.rollback()
                        outcomes.append((call, None, refused))
                    else:
                        savepoint.commit()
                        outcomes.append((call, done, None))
        except Exception as failed:
            self.stats.failed_calls += len(batch)
            for call in batch:
                _settle(call, None, failed)
            return
        self.stats.commits += 1
        for call, result, error in outcomes:
            if error is None:
                self.stats.calls += 1
                self.stats.records += len(call.records)
            else:
                self.stats.failed_calls += 1
            _settle(call, result, error)

    # ------------------------------------------------------------------- reading
    async def read(self, query: Callable[[sa.Connection], T]) -> T:
        """Run ``query(connection)`` on a reader connection, in a worker thread."""
        return await asyncio.to_thread(self.read_blocking, query)

    def read_blocking(self, query: Callable[[sa.Connection], T]) -> T:
        """Run ``query(connection)`` on a reader connection, here and now."""
        with self._reader.connect() as connection:
            return query(connection)


_Pending = dict[sa.Table, list[dict[str, object]]]


def _apply(connection: sa.Connection, records: Sequence[Record], pending: _Pending) -> list[object]:
    """Apply ``records`` in order; rows records only add their rows to ``pending``, which is
    inserted before any other record runs (so the order of the effects is kept)."""
    results: list[object] = []
    for record in records:
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
