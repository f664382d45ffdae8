"""The room's money, persisted: the domain's double-entry ledger, loaded from the store on
start and saved entry by entry.

The rules are those of :class:`croupier.room.cash.ledger.Ledger` (entries balance, whole
cents, no account but the outside below zero): an operation is posted to the in-memory ledger
first, which refuses it (changing nothing) if it breaks a rule, then written, and only then
answered. Loading posts every stored entry again, in order, through the same ledger, so the
database cannot hold books the domain would refuse without the server saying so on start.

While the database cannot take writes (:attr:`Store.outage`), the desk refuses every new
operation with ``database_unavailable`` (nothing is posted); a write already handed over is
kept by the store and committed, in order, once the database answers, and is answered then.
If a write of entries is refused for good (not an outage), the in-memory ledger is ahead of
the database: the desk then refuses every further operation until the server is restarted
(it reloads from the database, which has only what was answered, with no hole: the store
never writes an entry after one it did not write).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Iterable, Sequence

from croupier.errors import ConfigurationError, CroupierError
from croupier.room.cash.ledger import Account, Entry, Ledger, LedgerError, LedgerTotals
from croupier.server.cluster.fence import StaleEpochError
from croupier.server.cluster.ownership import Ownership
from croupier.server.cluster.shards import CASHIER_SHARD, Shard
from croupier.server.errors import DatabaseUnavailableError, StorageFailedError
from croupier.server.storage import Record, Store
from croupier.server.storage.reads import iter_entries
from croupier.server.storage.records import WriteEntry

__all__ = ["KEEP_ENTRIES", "MAX_AMOUNT", "MoneyDesk", "load_ledger"]

MAX_AMOUNT = 10**12
"""The largest single deposit or withdrawal, in cents (ten billion euros of play money)."""

_log = logging.getLogger("croupier.server.money")


KEEP_ENTRIES = 1_000
"""Entries the running server's ledger keeps in memory (older ones are folded into its
opening balances: memory stays flat however long it runs; the database keeps them all).
Nothing in a running server reads them but the audit on start; a hand's entry of six seats
weighs ~1.4 KB, so 1,000 entries ~1.4 MB (10,000 were ~14 MB, reached after ~6 hours of the
demo room: one of the slow fillers a soak found, docs/performance.md)."""


def load_ledger(entries: Iterable[Entry], *, keep: int | None = None) -> Ledger:
    """A domain ledger rebuilt from stored entries, each one posted again through its rules;
    raises :class:`LedgerError` at the first entry that is missing, out of order or refused.
    ``keep``: how many entries it keeps in memory (None: every one)."""
    ledger = Ledger(keep=keep)
    for entry in entries:
        try:
            posted = ledger.post(entry.kind, entry.postings, entry.memo)
        except ValueError as error:
            raise LedgerError(
                f"stored entry {entry.number} ({entry.kind}) is refused: {error}"
            ) from None
        if posted.number != entry.number:
            raise LedgerError(
                f"stored entry {entry.number} comes where entry {posted.number} was expected"
                " (an entry is missing)"
            )
    return ledger


class MoneyDesk:
    """The cashier's desk over the persisted ledger (one per server process)."""

    def __init__(self, store: Store, ledger: Ledger, *, ownership: Ownership | None = None) -> None:
        self.store = store
        self.ledger = ledger
        self.ownership = ownership
        """The leases this process holds: every write carries their fence (None: unfenced,
        for a tool that runs alone on its database)."""
        self.failure: str | None = None
        self.on_deposit: list[Callable[[str], None]] = []
        """Called with the player after each deposit is written (the tables wake a funded
        bot's table)."""

    @classmethod
    def load(cls, store: Store, *, ownership: Ownership | None = None) -> MoneyDesk:
        """The desk with the ledger loaded from ``store`` and audited (``ownership``: the
        cashier's lease is taken first, before the ledger is read)."""
        if ownership is not None:
            ownership.hold_blocking([CASHIER_SHARD])
        ledger = store.read_blocking(lambda c: load_ledger(iter_entries(c), keep=KEEP_ENTRIES))
        ledger.audit()
        return cls(store, ledger, ownership=ownership)

    def check_open(self) -> None:
        """Refuse any operation while the database is unavailable, or once a write of entries
        has failed."""
        outage = self.store.outage
        if outage is not None:
            raise DatabaseUnavailableError(
                "the database is unavailable: nothing was done; money operations resume by"
                " themselves once it answers again"
            )
        if self.failure is not None:
            raise StorageFailedError(
                f"the ledger could not be saved (reference {self.failure} in the server's log);"
                " money operations are stopped until the server restarts and reloads the"
                " ledger from the database"
            )

    async def save(
        self,
        entries: Sequence[Entry],
        *,
        with_records: Sequence[Record] = (),
        hand_id: int | None = None,
        shards: Sequence[Shard] = (),
    ) -> None:
        """Write ``entries`` (already posted to :attr:`ledger`) with ``with_records``, in one
        transaction: a hand's last events and its ``EndHand`` with its entries (``hand_id``).

        The write is fenced (:mod:`croupier.server.cluster.fence`): it names the ``shards``
        it changes (the cashier's is added when it carries entries), and is refused with
        :class:`StaleEpochError`, writing nothing, if one of them moved to another worker.

        An entry without postings (nothing moved) was not kept by the ledger and is not
        written: its number is the next entry's.
        """
        entries = [e for e in entries if e.postings]
        records: list[Record] = [*with_records, *(WriteEntry(e, hand_id) for e in entries)]
        try:
            if self.ownership is not None:
                fenced = [*shards, CASHIER_SHARD] if entries else list(shards)
                if fenced:
                    records.insert(0, self.ownership.fence(fenced))
            await self.store.write(records)
        except asyncio.CancelledError:  # the write goes on (see Store.write)
            raise
        except Exception as error:
            if isinstance(error, StaleEpochError) and self.ownership is not None:
                self.ownership.refused(error)
            # The details (the driver's message, the SQL) go to the log under a reference,
            # never to the client (docs/server.md).
            reference = secrets.token_hex(4)
            _log.error(
                "write failed [ref %s] (ledger entries %s): %s",
                reference,
                [e.number for e in entries],
                error,
            )
            if entries:
                self.failure = reference
            if not isinstance(error, CroupierError):
                raise StorageFailedError(
                    f"the database did not take the write: nothing was done (reference"
                    f" {reference} in the server's log)"
                ) from error
            raise

    async def deposit(self, player: str, amount: int, memo: str = "") -> Entry:
        """Play money brought to the cashier by ``player`` (cents > 0)."""
        self.check_open()
        _bounded(amount, "a deposit")
        entry = self.ledger.deposit(player, amount, memo)
        await self.save([entry])
        for call in self.on_deposit:
            call(player)
        return entry

    async def withdraw(self, player: str, amount: int, memo: str = "") -> Entry:
        """Play money paid out to ``player``; refused beyond his balance (CAS-9: no credit)."""
        self.check_open()
        _bounded(amount, "a withdrawal")
        entry = self.ledger.withdraw(player, amount, memo)
        await self.save([entry])
        return entry

    def balance(self, player: str) -> int:
        """``player``'s cashier balance, in cents."""
        return self.ledger.balance(Account.cashier(player))

    def totals(self) -> LedgerTotals:
        """The room's money by kind of account (checked: raises if the books do not balance)."""
        return self.ledger.check()


def _bounded(amount: int, what: str) -> None:
    if isinstance(amount, int) and not isinstance(amount, bool) and amount > MAX_AMOUNT:
        raise ConfigurationError(
            f"{what} of {amount} cents is more than the desk takes at once ({MAX_AMOUNT})"
        )
