"""What a server keeps in memory while it runs for weeks stays under a bound (issue 22):
each structure that fills at the pace of hands is measured at its bound, here, without a
timed run (``croupier bench soak`` measures the whole process, docs/performance.md)."""

from __future__ import annotations

import sys
import tracemalloc
from enum import Enum

from croupier.bots import ReasonableBot, reasonable
from croupier.cards import Card
from croupier.evaluate.ranges import Range
from croupier.room.cash import Account, Ledger
from croupier.room.cash.ledger import EntryKind
from croupier.server.money import KEEP_ENTRIES
from croupier.simulate import simulate

PLAYERS = [f"Bot-{name}" for name in ("Anna", "Bruno", "Carla", "Dario", "Elsa", "Fabio")]


def _hand(ledger: Ledger, k: int) -> None:
    """One hand's entry as a cash table posts it: every seat's change and the rake."""
    table = f"demo-{k % 3}"
    winner = PLAYERS[k % len(PLAYERS)]
    lost = [(Account.seat(p, table), -(100 + k % 50)) for p in PLAYERS if p != winner]
    pot = -sum(amount for _, amount in lost)
    postings = [*lost, (Account.seat(winner, table), pot - 10), (Account.house(table), 10)]
    ledger.post(EntryKind.HAND, postings, f"hand {1_000_000 + k} at {table}")


def test_the_money_desks_ledger_in_memory_stays_small_however_many_hands_are_played() -> None:
    ledger = Ledger(keep=KEEP_ENTRIES)
    for player in PLAYERS:
        ledger.deposit(player, 10**9)
        for t in range(3):
            ledger.transfer(
                EntryKind.BUY_IN, Account.cashier(player), Account.seat(player, f"demo-{t}"), 10**8
            )
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for k in range(KEEP_ENTRIES + 500):
            _hand(ledger, k)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(ledger.entries) == KEEP_ENTRIES
    assert len(ledger.snapshot()["balances"]) == 1 + len(PLAYERS) * 4 + 3
    assert held < 2 * 2**20, f"the ledger's entries hold {held / 2**20:.1f} MB"
    assert ledger.audit().balanced


def _bytes(item: object, seen: set[int]) -> int:
    """The bytes ``item`` holds of its own: containers and what they hold, not the cards,
    enums and names every hand shares."""
    if id(item) in seen or isinstance(item, Card | Enum | bool) or item is None:
        return 0
    seen.add(id(item))
    size = sys.getsizeof(item)
    if isinstance(item, dict):
        size += sum(_bytes(k, seen) + _bytes(v, seen) for k, v in item.items())
    elif isinstance(item, tuple | list):
        size += sum(_bytes(x, seen) for x in item)
    elif isinstance(item, Range):
        size += _bytes(item.text, seen) + _bytes(item.combos, seen)
    return size


def test_the_demo_rooms_bots_remember_less_than_two_megabytes_at_their_bounds() -> None:
    """The 26 reasonable bots of the demo room, each at its bound of equities, and the ranges
    they share at theirs, weigh under 2 MB (each entry measured after real hands; 1,024 of
    each were ~8 MB, filled over hours of a soak: docs/performance.md)."""
    reasonable._NARROWED.clear()
    bots = [ReasonableBot(seed=i, samples=20) for i in range(6)]
    result = simulate(hands=40, preset="tda", bots=bots, seed=7)
    assert result.chips_conserved
    equities = [b._equities for b in bots if b._equities]
    seen: set[int] = set()
    per_equity = sum(_bytes(e, seen) for e in equities) / sum(len(e) for e in equities)
    per_range = _bytes(reasonable._NARROWED, seen) / len(reasonable._NARROWED)
    at_bounds = 26 * reasonable.EQUITIES_KEPT * per_equity + reasonable.NARROWED_KEPT * per_range
    assert at_bounds < 2 * 2**20, (
        f"{per_equity:.0f} B an equity, {per_range:.0f} B a range: {at_bounds / 2**20:.1f} MB"
    )
