"""Money in a cash-game room: a double-entry ledger in whole cents.

Every movement of money is one :class:`Entry` whose postings sum to zero: money
deposited at the cashier comes from the ``outside`` account, a buy-in moves it from
the player's cashier account to his seat at a table (CAS-10, CAS-11), a hand moves
chips between the seats of the table and the rake to the table's house box (CAS-23),
chips of a player away too long go to the set-aside account in his name, then to the
orphan register (CAS-8). Only the outside account may go below zero: nobody plays on
credit (CAS-9). So at any moment

    accounts + seats + set-aside + orphan register + house = deposited - withdrawn

and :meth:`Ledger.check` proves it.
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.table._check import MAX_CHIPS

__all__ = [
    "Account",
    "AccountKind",
    "Entry",
    "EntryKind",
    "Ledger",
    "LedgerError",
    "LedgerTotals",
    "format_money",
]


def format_money(cents: int, currency: str = "€") -> str:
    """An amount of cents for display: ``format_money(123_456) == '1,234.56 €'``.

    >>> format_money(-5)
    '-0.05 €'
    """
    sign = "-" if cents < 0 else ""
    whole, part = divmod(abs(cents), 100)
    text = f"{sign}{whole:,}.{part:02d}"
    return f"{text} {currency}" if currency else text


class LedgerError(RuntimeError):
    """The ledger does not balance, or disagrees with the chips on the tables (a bug)."""


class AccountKind(StrEnum):
    """Where money can be."""

    OUTSIDE = "outside"
    """The world outside the room: deposits come from it, withdrawals go to it."""
    PLAYER = "player"
    """A player's cashier balance."""
    SEAT = "seat"
    """A player's chips on a table (his stack, or what he has in the hand being played)."""
    SET_ASIDE = "set-aside"
    """Chips of a player away past the house maximum, kept in his name (CAS-8)."""
    ORPHAN = "orphan"
    """The orphan register: set-aside chips unclaimed at the end of the session (CAS-8)."""
    HOUSE = "house"
    """The house box of one table, which receives its rake (CAS-23)."""
    PRIZE_POOL = "prize-pool"
    """The prize pool of one tournament (its ``table`` is the tournament's id): the buy-ins,
    rebuys and add-ons net of fees, until the prizes are paid (ITA-18)."""


class Account(NamedTuple):
    """One account: its kind, the player it belongs to and the table it is at."""

    kind: AccountKind
    player: str = ""
    table: str = ""

    def __str__(self) -> str:
        text = self.kind.value
        if self.player:
            text += f":{self.player}"
        if self.table:
            text += f"@{self.table}"
        return text

    @classmethod
    def outside(cls) -> Account:
        """The world outside the room."""
        return cls(AccountKind.OUTSIDE)

    @classmethod
    def cashier(cls, player: str) -> Account:
        """The cashier balance of ``player``."""
        return cls(AccountKind.PLAYER, player)

    @classmethod
    def seat(cls, player: str, table: str) -> Account:
        """The chips of ``player`` at ``table``."""
        return cls(AccountKind.SEAT, player, table)

    @classmethod
    def set_aside(cls, player: str, table: str) -> Account:
        """Chips set aside in the name of ``player`` at ``table`` (CAS-8)."""
        return cls(AccountKind.SET_ASIDE, player, table)

    @classmethod
    def orphan(cls, player: str) -> Account:
        """The orphan register's line for ``player`` (CAS-8)."""
        return cls(AccountKind.ORPHAN, player)

    @classmethod
    def house(cls, table: str) -> Account:
        """The house box of ``table`` (CAS-23)."""
        return cls(AccountKind.HOUSE, "", table)

    @classmethod
    def prize_pool(cls, tournament: str) -> Account:
        """The prize pool of ``tournament``."""
        return cls(AccountKind.PRIZE_POOL, "", tournament)


class EntryKind(StrEnum):
    """Why money moved."""

    DEPOSIT = "deposit"
    WITHDRAWAL = "withdrawal"
    BUY_IN = "buy-in"
    REBUY = "rebuy"
    CASH_OUT = "cash-out"
    HAND = "hand"
    MOVE = "move"
    SET_ASIDE = "set-aside"
    ORPHAN = "orphan"
    CLAIM = "claim"
    ENTRY = "tournament-entry"
    """A tournament's buy-in and fee (the fee to the house)."""
    REFUND = "tournament-refund"
    """A tournament entry given back (unregistered before the start, or cancelled)."""
    TOURNAMENT_REBUY = "tournament-rebuy"
    ADD_ON = "tournament-add-on"
    PRIZE = "tournament-prize"
    """A tournament's prize paid from its pool to the player's balance (ITA-18)."""
    BOUNTY = "tournament-bounty"
    """A tournament's bounties paid from its bounty account (knock-outs, POK-6-3)."""


class Entry(NamedTuple):
    """One balanced movement: signed postings (+ into an account, - out of it) summing to 0."""

    number: int
    kind: EntryKind
    postings: tuple[tuple[Account, int], ...]
    memo: str = ""


class LedgerTotals(NamedTuple):
    """The room's money by kind of account, and what came in and went out."""

    deposited: int
    withdrawn: int
    accounts: int
    seats: int
    set_aside: int
    orphans: int
    house: int
    prize_pools: int = 0
    """Tournaments' prize pools not yet paid out."""

    @property
    def held(self) -> int:
        """Everything the room holds: accounts + seats + set-aside + orphans + house +
        prize pools."""
        return (
            self.accounts
            + self.seats
            + self.set_aside
            + self.orphans
            + self.house
            + self.prize_pools
        )

    @property
    def balanced(self) -> bool:
        """True when the room holds exactly what was deposited minus what was withdrawn."""
        return self.held == self.deposited - self.withdrawn


class Ledger:
    """The room's books: balances by account, and every entry that made them.

    >>> ledger = Ledger()
    >>> _ = ledger.deposit("ann", 10_000)
    >>> _ = ledger.transfer(EntryKind.BUY_IN, Account.cashier("ann"), Account.seat("ann", "t1"),
    ...                     4_000)
    >>> ledger.balance(Account.cashier("ann")), ledger.check().seats
    (6000, 4000)
    """

    def __init__(self, *, keep: int | None = None) -> None:
        if keep is not None and (type(keep) is not int or keep < 0):
            raise ConfigurationError(f"a ledger keeps a whole number >= 0 of entries, not {keep!r}")
        self._balances: dict[Account, int] = defaultdict(int)
        self._by_kind: dict[AccountKind, int] = defaultdict(int)
        self._entries: deque[Entry] = deque()
        self._keep = keep
        self._opening: dict[Account, int] = {}
        """Balances before the first entry kept (a restored ledger, or entries let go)."""
        self._count = 0
        self._deposited = 0
        self._withdrawn = 0

    # ------------------------------------------------------------------ reading
    @property
    def entries(self) -> tuple[Entry, ...]:
        """The entries kept, in order: every one, unless the ledger was restored (those
        since) or keeps only the last ``keep`` (memory stays flat; the server stores them)."""
        return tuple(self._entries)

    def __len__(self) -> int:
        """How many entries were ever posted (their numbers run from 1)."""
        return self._count

    def balance(self, account: Account) -> int:
        """The balance of ``account`` (0 for an account never used)."""
        _account(account)
        return self._balances.get(account, 0)

    def cashier_balance(self, player: str) -> int:
        """The cashier balance of ``player``, a name the room already knows (a seated
        player's: read without the checks of :meth:`balance`, for each frame's ``you``)."""
        return self._balances.get(Account(AccountKind.PLAYER, player), 0)

    def accounts(
        self,
        kind: AccountKind | None = None,
        *,
        player: str | None = None,
        table: str | None = None,
    ) -> dict[Account, int]:
        """The accounts with a non-zero balance, filtered by kind, player and table."""
        return {
            a: b
            for a, b in self._balances.items()
            if b
            and (kind is None or a.kind is kind)
            and (player is None or a.player == player)
            and (table is None or a.table == table)
        }

    def totals(self) -> LedgerTotals:
        """The running totals by kind of account."""
        k = self._by_kind
        return LedgerTotals(
            self._deposited,
            self._withdrawn,
            k[AccountKind.PLAYER],
            k[AccountKind.SEAT],
            k[AccountKind.SET_ASIDE],
            k[AccountKind.ORPHAN],
            k[AccountKind.HOUSE],
            k[AccountKind.PRIZE_POOL],
        )

    # ------------------------------------------------------------------ posting
    def post(
        self,
        kind: EntryKind,
        postings: Mapping[Account, int] | Iterable[tuple[Account, int]],
        memo: str = "",
    ) -> Entry:
        """Record one balanced entry; refused, changing nothing, if it would not balance,
        is not in whole cents, or would leave any account but the outside below zero."""
        if not isinstance(kind, EntryKind):
            raise ConfigurationError(f"ledger: an entry's kind is an EntryKind, not {kind!r}")
        if not isinstance(memo, str):
            raise ConfigurationError(f"ledger: a memo is a text, not {memo!r}")
        items = postings.items() if isinstance(postings, Mapping) else postings
        try:
            pairs = [(account, amount) for account, amount in items]
        except (TypeError, ValueError):
            raise ConfigurationError(
                f"ledger: postings are (account, cents) pairs, not {postings!r:.80}"
            ) from None
        merged: dict[Account, int] = {}
        for account, amount in pairs:
            _account(account)
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise ConfigurationError(f"ledger: amounts are whole cents, not {amount!r}")
            merged[account] = merged.get(account, 0) + amount
        lines = tuple((a, v) for a, v in merged.items() if v)
        if sum(v for _, v in lines) != 0:
            raise ConfigurationError(
                f"ledger: a {kind.value} entry must balance; postings {_show(lines)} do not"
            )
        for account, amount in lines:
            after = self._balances.get(account, 0) + amount
            if after < 0 and account.kind is not AccountKind.OUTSIDE:
                raise IllegalActionError(
                    f"{account} holds {format_money(self.balance(account))}: cannot take"
                    f" {format_money(-amount)} from it (CAS-9: no credit)"
                )
        entry = Entry(self._count + 1, kind, lines, memo)
        if not lines:
            return entry
        for account, amount in lines:
            after = self._balances[account] + amount
            if after or account.kind is AccountKind.OUTSIDE:
                self._balances[account] = after
            else:  # an account emptied is forgotten (0 when read): memory stays bounded
                del self._balances[account]
            self._by_kind[account.kind] += amount
            if account.kind is AccountKind.OUTSIDE:
                if amount < 0:
                    self._deposited -= amount
                else:
                    self._withdrawn += amount
        self._entries.append(entry)
        self._count += 1
        if self._keep is not None and len(self._entries) > self._keep:
            oldest = self._entries.popleft()  # folded into the opening balances
            for account, amount in oldest.postings:
                opening = self._opening.get(account, 0) + amount
                if opening:
                    self._opening[account] = opening
                else:
                    self._opening.pop(account, None)
        return entry

    def transfer(
        self, kind: EntryKind, source: Account, destination: Account, amount: int, memo: str = ""
    ) -> Entry:
        """Move ``amount`` cents from ``source`` to ``destination``."""
        _account(source)
        _account(destination)
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ConfigurationError(f"ledger: amounts are whole cents >= 0, not {amount!r}")
        return self.post(kind, ((source, -amount), (destination, amount)), memo)

    def deposit(self, player: str, amount: int, memo: str = "") -> Entry:
        """Money brought to the cashier by ``player``."""
        _player(player)
        _positive(amount, "a deposit")
        return self.transfer(
            EntryKind.DEPOSIT, Account.outside(), Account.cashier(player), amount, memo
        )

    def withdraw(self, player: str, amount: int, memo: str = "") -> Entry:
        """Money paid out to ``player`` by the cashier."""
        _player(player)
        _positive(amount, "a withdrawal")
        return self.transfer(
            EntryKind.WITHDRAWAL, Account.cashier(player), Account.outside(), amount, memo
        )

    # ----------------------------------------------------------------- checking
    def check(self) -> LedgerTotals:
        """Prove the books balance (fast: from the running balances); raise LedgerError if not."""
        sums: dict[AccountKind, int] = defaultdict(int)
        problems: list[str] = []
        for account, amount in self._balances.items():
            sums[account.kind] += amount
            if amount < 0 and account.kind is not AccountKind.OUTSIDE:
                problems.append(f"{account} is below zero ({amount})")
        for kind in AccountKind:
            if sums[kind] != self._by_kind[kind]:
                problems.append(
                    f"{kind.value} accounts sum to {sums[kind]}, not {self._by_kind[kind]}"
                )
        totals = self.totals()
        if sums[AccountKind.OUTSIDE] != totals.withdrawn - totals.deposited:
            problems.append(
                f"outside is {sums[AccountKind.OUTSIDE]}, not withdrawn - deposited"
                f" ({totals.withdrawn - totals.deposited})"
            )
        if not totals.balanced:
            problems.append(
                f"the room holds {totals.held}, but {totals.deposited} was deposited"
                f" and {totals.withdrawn} withdrawn"
            )
        if problems:
            raise LedgerError("the ledger does not balance: " + "; ".join(problems))
        return totals

    def audit(self) -> LedgerTotals:
        """Rebuild every balance from the opening balances and the entries kept, compare,
        then :meth:`check` (slower)."""
        rebuilt: dict[Account, int] = defaultdict(int, self._opening)
        for entry in self._entries:
            if sum(v for _, v in entry.postings) != 0:
                raise LedgerError(f"entry {entry.number} ({entry.kind.value}) does not balance")
            for account, amount in entry.postings:
                rebuilt[account] += amount
        wrong = [
            f"{a}: {self._balances.get(a, 0)} recorded, {rebuilt.get(a, 0)} from the entries"
            for a in set(rebuilt) | set(self._balances)
            if rebuilt.get(a, 0) != self._balances.get(a, 0)
        ]
        if wrong:
            raise LedgerError("balances differ from the entries: " + "; ".join(sorted(wrong)))
        return self.check()

    # ---------------------------------------------------------------- records
    def snapshot(self) -> dict[str, Any]:
        """The balances and counters, JSON-ready (the entries are the server's record)."""
        return {
            "kind": "ledger",
            "version": 1,
            "balances": [  # every account holding money, in the order first used
                [a.kind.value, a.player, a.table, amount] for a, amount in self._balances.items()
            ],
            "count": self._count,
            "deposited": self._deposited,
            "withdrawn": self._withdrawn,
            "keep": self._keep,
        }

    @classmethod
    def restore(cls, data: Any) -> Ledger:
        """A ledger continuing from :meth:`snapshot`: its balances are the opening
        balances :meth:`audit` starts from; entry numbers go on."""
        if not isinstance(data, dict) or data.get("kind") != "ledger":
            raise ConfigurationError(f"not a ledger snapshot: {data!r:.60}")
        try:
            ledger = cls(keep=data["keep"])
            for kind, player, table, amount in data["balances"]:
                if type(amount) is not int:
                    raise ConfigurationError(f"ledger: amounts are whole cents, not {amount!r}")
                account = Account(AccountKind(kind), player, table)
                if not amount and account.kind is not AccountKind.OUTSIDE:
                    continue  # an empty account (older snapshots list them): 0 when read
                ledger._balances[account] = amount
                ledger._by_kind[account.kind] += amount
                ledger._opening[account] = amount
            ledger._count = data["count"]
            ledger._deposited = data["deposited"]
            ledger._withdrawn = data["withdrawn"]
        except (KeyError, TypeError, ValueError) as exc:
            raise ConfigurationError(f"not a valid ledger snapshot: {exc!r}") from exc
        try:
            ledger.check()
        except LedgerError as exc:
            raise ConfigurationError(f"not a valid ledger snapshot: {exc}") from exc
        return ledger


def _account(account: object) -> None:
    if not isinstance(account, Account) or not isinstance(account.kind, AccountKind):
        raise ConfigurationError(f"ledger: an account is an Account, not {account!r:.60}")
    if not isinstance(account.player, str) or not isinstance(account.table, str):
        raise ConfigurationError(f"ledger: an account names a player and a table: {account!r:.60}")


def _player(player: object) -> None:
    if not isinstance(player, str) or not player.strip():
        raise ConfigurationError(f"ledger: a player is named by a non-empty text, not {player!r}")


def _positive(amount: int, what: str) -> None:
    if type(amount) is not int or not 0 < amount <= MAX_CHIPS:
        raise ConfigurationError(
            f"{what} is a whole number of cents from 1 to {MAX_CHIPS:,}, not {amount!r}"
        )


def _show(lines: Iterable[tuple[Account, int]]) -> str:
    return ", ".join(f"{a} {v:+d}" for a, v in lines)
