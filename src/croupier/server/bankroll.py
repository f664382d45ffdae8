"""Where the room's money comes from (issue 23): nothing creates money but a cashier's deposit,
made by a named cashier account and written with its reason, or the demo's newcomer credit.

Every deposit entry's memo says which: ``"deposit by NAME: REASON"`` (a cashier, through the
cashier's API, or the house's cashier funding one of its bots from the house's bankroll), or
:data:`NEWCOMER_CREDIT` (a newcomer in the demo, written with his account). The demo funds its
bots in the name of its cashier (:data:`HOUSE_CASHIER`); without the demo the server funds no
bot by itself: the room's cashier deposits for them like for anyone.
"""

from __future__ import annotations

from typing import NamedTuple

from croupier.room.cash.ledger import Entry, EntryKind, Ledger

__all__ = [
    "HOUSE_CASHIER",
    "NEWCOMER_CREDIT",
    "Origin",
    "cashier_memo",
    "fund_bot",
    "origin",
]

HOUSE_CASHIER = "cashier"
"""The demo's cashier (a staff account the demo makes): the house's bots are funded in its
name, from the house's bankroll."""

NEWCOMER_CREDIT = "demo chips for a newcomer"
"""The memo of the demo's newcomer credit (``ServerConfig.demo_chips``, once, at registration)."""

_BY = "deposit by "


class Origin(NamedTuple):
    """Where a deposit's money comes from: ``"cashier"`` (``by`` made it, for ``reason``),
    ``"newcomer"`` (the demo's credit) or ``"unknown"`` (a memo of neither form)."""

    kind: str
    by: str = ""
    reason: str = ""


def cashier_memo(by: str, reason: str = "") -> str:
    """The memo of a deposit made by the cashier account ``by``, for ``reason``.

    >>> cashier_memo("cash1", "birthday")
    'deposit by cash1: birthday'
    >>> origin_of = origin(Entry(1, EntryKind.DEPOSIT, (), cashier_memo("cash1")))
    >>> origin_of.kind, origin_of.by
    ('cashier', 'cash1')
    """
    reason = " ".join(reason.split())
    return f"{_BY}{by}: {reason}" if reason else f"{_BY}{by}"


def origin(entry: Entry) -> Origin | None:
    """Where the money of a deposit entry comes from (None for an entry that is not a
    deposit: it only moves money already in the room, or takes it out)."""
    if entry.kind is not EntryKind.DEPOSIT:
        return None
    memo = entry.memo
    if memo == NEWCOMER_CREDIT:
        return Origin("newcomer")
    if memo.startswith(_BY):
        by, _, reason = memo[len(_BY) :].partition(": ")
        if by and " " not in by:
            return Origin("cashier", by, reason)
    return Origin("unknown")


def fund_bot(ledger: Ledger, bot: str, amount: int, reason: str) -> Entry:
    """The house's cashier funds the house's bot ``bot`` with ``amount`` cents from the
    house's bankroll (a deposit in his name, with ``reason``); the caller writes the entry."""
    return ledger.deposit(
        bot, amount, cashier_memo(HOUSE_CASHIER, f"the house's bankroll for its bot: {reason}")
    )
