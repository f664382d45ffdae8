"""The seat draw (POK-1-3, ITA-2) and where a newcomer sits (POK-7-8).

Seats are drawn with a cryptographically secure source unless a seeded
``random.Random`` is injected (tests, simulations, replays). Players are spread over
the fewest tables of ``table_size`` seats, no table more than one player larger than
another (ITA-14), each at a random seat of a random table.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

from croupier.errors import ConfigurationError

__all__ = [
    "draw_seats",
    "first_free_after",
    "secure_rng",
    "table_count",
]


def secure_rng() -> random.Random:
    """The default source of every draw: the operating system's secure generator."""
    return secrets.SystemRandom()


def table_count(players: int, table_size: int) -> int:
    """The fewest tables that seat ``players``.

    >>> table_count(1_000, 10), table_count(11, 10), table_count(10, 10)
    (100, 2, 1)
    """
    return max(1, -(-players // table_size))


def draw_seats(
    players: Sequence[str],
    *,
    table_size: int,
    rng: random.Random,
    first_table: int = 1,
) -> dict[str, tuple[int, int]]:
    """Draw a table and a seat for every player: ``{player: (table, seat)}``.

    Tables are numbered from ``first_table``; seats from 1 to ``table_size``. Table
    sizes differ by at most one player, and which tables get the extra players is
    drawn too.

    >>> seats = draw_seats([f"p{i}" for i in range(23)], table_size=10, rng=random.Random(7))
    >>> sorted(sum(1 for t, _ in seats.values() if t == n) for n in (1, 2, 3))
    [7, 8, 8]
    """
    if len(set(players)) != len(players):
        raise ConfigurationError("a player is in the draw twice")
    if not players:
        return {}
    tables = table_count(len(players), table_size)
    base, extra = divmod(len(players), tables)
    numbers = list(range(first_table, first_table + tables))
    bigger = set(rng.sample(numbers, extra))
    slots: list[tuple[int, int]] = []
    for number in numbers:
        count = base + (1 if number in bigger else 0)
        seats = sorted(rng.sample(range(1, table_size + 1), count))
        slots.extend((number, seat) for seat in seats)
    order = list(players)
    rng.shuffle(order)
    return dict(zip(order, slots, strict=True))


def first_free_after(free: Sequence[int], seat: int | None, rng: random.Random) -> int:
    """The first of the ``free`` seats clockwise after ``seat`` (a random one if None).

    Used for a new player, after the dealer (POK-7-8), and for a player moved to
    balance, after the big blind (POK-7-7, ITA-14).

    >>> rng = random.Random(0)
    >>> first_free_after([2, 5, 9], 5, rng), first_free_after([2, 5], 9, rng)
    (9, 2)
    """
    if not free:
        raise ConfigurationError("no free seat")
    ordered = sorted(free)
    if seat is None:
        return rng.choice(ordered)
    for s in ordered:
        if s > seat:
            return s
    return ordered[0]
