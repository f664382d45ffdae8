"""Balancing and breaking tables: pure decisions over player counts and free seats.

The fixed procedure (POK-7-1, TDA R11-C) croupier follows:

* **balance** as soon as two tables differ by two players (POK-7-1, ITA-14): the table
  with the most players (the lowest-numbered one on a tie, among the tables between
  hands) gives the player who would be big blind next (POK-7-7, ITA-14) to the table
  with the fewest (the lowest-numbered on a tie), at the free seat first clockwise after
  that table's last big blind: the seat that gets the big blind soonest, the matching
  position (ITA-14);
* **break** the last table (the highest-numbered) as soon as the free seats at the
  other tables can take its players (ITA-15); its players are drawn at random, one by
  one, each to a shortest table and a random free seat there, so no two tables end up
  two players apart;
* the **final table** is formed when every remaining player fits at one table: fully
  redrawn (POK-7-2) or by breaking the last other table (ITA-15), by the options.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

__all__ = [
    "Move",
    "MoveReason",
    "TableCounts",
    "break_draw",
    "break_draw_counted",
    "difference",
    "is_final",
    "long_and_short",
    "table_to_break",
]


class MoveReason(StrEnum):
    """Why a player changed seat."""

    BALANCE = "balance"
    BREAK = "break"
    FINAL_TABLE = "final-table"
    FLOOR = "floor"


class Move(NamedTuple):
    """A player moved from one seat to another (ITA-16: he takes the new seat at once)."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: MoveReason

    def __str__(self) -> str:
        return (
            f"{self.player}: table {self.from_table} seat {self.from_seat}"
            f" -> table {self.to_table} seat {self.to_seat} ({self.reason.value})"
        )


class TableCounts(dict[int, int]):
    """Players at each table (table number -> players), keeping what balancing asks of them.

    A plain ``dict`` to read, that also keeps the total, the tables that hold each number of
    players (in order) and the highest table number up to date as it changes, so that the
    functions below answer in time independent of the number of tables (a sum or a scan of
    every table after every hand made a 10,000-table event quadratic). Their answers are the
    same as on a plain mapping.

    >>> counts = TableCounts({1: 9, 2: 7, 3: 9})
    >>> counts[2] += 1
    >>> counts.total, counts.fewest(), counts.most(), counts.with_count(9), counts.last()
    (26, 8, 9, [1, 3], 3)
    """

    __slots__ = ("_by_count", "_last", "total")

    def __init__(self, items: Mapping[int, int] | Iterable[tuple[int, int]] = ()) -> None:
        super().__init__()
        self.total = 0
        self._by_count: dict[int, list[int]] = {}
        self._last: int | None = None
        pairs = items.items() if isinstance(items, Mapping) else items
        for table, count in pairs:
            self[table] = count

    def __setitem__(self, table: int, count: int) -> None:
        if table in self:
            self._drop(table)
        elif self._last is not None and table > self._last:
            self._last = table
        super().__setitem__(table, count)
        self.total += count
        insort(self._by_count.setdefault(count, []), table)

    def __delitem__(self, table: int) -> None:
        self._drop(table)
        super().__delitem__(table)
        if table == self._last:
            self._last = None

    def _drop(self, table: int) -> None:
        count = dict.__getitem__(self, table)
        self.total -= count
        tables = self._by_count[count]
        del tables[bisect_left(tables, table)]
        if not tables:
            del self._by_count[count]

    def clear(self) -> None:
        """Remove every table."""
        super().clear()
        self.total = 0
        self._by_count.clear()
        self._last = None

    def pop(self, table: int, *default: int) -> int:  # type: ignore[override]
        """Remove ``table`` and return its count (or ``default`` when it is not open)."""
        if table not in self and default:
            return default[0]
        count = self[table]
        del self[table]
        return count

    def popitem(self) -> tuple[int, int]:
        """Not kept up to date: refused."""
        raise TypeError("TableCounts.popitem is not supported")

    def setdefault(self, table: int, default: int = 0) -> int:
        """The count of ``table``, opening it with ``default`` first if needed."""
        if table not in self:
            self[table] = default
        return self[table]

    def update(self, *others: object, **more: int) -> None:
        """Not kept up to date this way: refused (set each table instead)."""
        raise TypeError("TableCounts.update is not supported: set each table")

    def __ior__(self, other: object) -> TableCounts:  # type: ignore[override,misc]
        raise TypeError("TableCounts |= is not supported: set each table")

    def fewest(self) -> int:
        """The fewest players at a table (a ValueError when no table is open)."""
        return min(self._by_count)

    def most(self) -> int:
        """The most players at a table (a ValueError when no table is open)."""
        return max(self._by_count)

    def with_count(self, count: int) -> list[int]:
        """The tables with exactly ``count`` players, lowest number first (do not change it)."""
        return self._by_count.get(count, [])

    def last(self) -> int:
        """The highest table number (a ValueError when no table is open)."""
        if self._last is None:
            self._last = max(self)
        return self._last


def difference(counts: Mapping[int, int]) -> int:
    """The largest difference in players between two tables (0 with one table).

    >>> difference({1: 9, 2: 7, 3: 8})
    2
    """
    if len(counts) < 2:
        return 0
    if isinstance(counts, TableCounts):
        return counts.most() - counts.fewest()
    return max(counts.values()) - min(counts.values())


def long_and_short(
    counts: Mapping[int, int], movable: Collection[int] | None = None
) -> tuple[int, int] | None:
    """The table that gives a player and the one that gets him, or None when balanced.

    ``movable`` are the tables that may give a player now (between hands); None: all.

    >>> long_and_short({1: 9, 2: 7, 3: 9})
    (1, 2)
    >>> long_and_short({1: 9, 2: 7, 3: 9}, movable={3})
    (3, 2)
    >>> long_and_short({1: 9, 2: 8}) is None
    True
    """
    if difference(counts) < 2:
        return None
    if isinstance(counts, TableCounts):
        longest = counts.with_count(counts.most())
        source = next((t for t in longest if movable is None or t in movable), None)
        return None if source is None else (source, counts.with_count(counts.fewest())[0])
    most = max(counts.values())
    fewest = min(counts.values())
    sources = [t for t in sorted(counts) if counts[t] == most]
    if movable is not None:
        sources = [t for t in sources if t in movable]
    if not sources:
        return None
    short = min(t for t in counts if counts[t] == fewest)
    return sources[0], short


def table_to_break(counts: Mapping[int, int], table_size: int) -> int | None:
    """The last table, when the free seats at the others can take its players (ITA-15).

    >>> table_to_break({1: 8, 2: 8, 3: 4}, 10)  # 4 free seats elsewhere, 4 players
    3
    >>> table_to_break({1: 8, 2: 8, 3: 5}, 10) is None
    True
    """
    if len(counts) < 2:
        return None
    if isinstance(counts, TableCounts):
        last = counts.last()
        free = table_size * (len(counts) - 1) - (counts.total - counts[last])
        return last if free >= counts[last] else None
    last = max(counts)
    free = sum(table_size - c for t, c in counts.items() if t != last)
    return last if free >= counts[last] else None


def is_final(counts: Mapping[int, int], table_size: int) -> bool:
    """True when the players of several tables fit at one: time for the final table.

    >>> is_final({1: 5, 2: 4}, 10), is_final({1: 6, 2: 5}, 10), is_final({1: 9}, 10)
    (True, False, False)
    """
    if isinstance(counts, TableCounts):
        return len(counts) > 1 and counts.total <= table_size
    return len(counts) > 1 and sum(counts.values()) <= table_size


def break_draw(
    players: Sequence[str],
    free: Mapping[int, Sequence[int]],
    rng: random.Random,
    counts: Mapping[int, int],
) -> list[tuple[str, int, int]]:
    """Draw the players of a broken table into the free seats of the others (ITA-15).

    One by one in a random order, each player goes to a table with the fewest players
    (a random one on a tie) and a random free seat there. Returns ``(player, table,
    seat)`` in the order drawn.

    >>> moves = break_draw(["a", "b", "c"], {1: [3, 7], 2: [5]}, random.Random(1), {1: 8, 2: 9})
    >>> sorted((t, s) for _, t, s in moves)
    [(1, 3), (1, 7), (2, 5)]
    """
    seats = {t: list(s) for t, s in free.items()}
    if sum(len(s) for s in seats.values()) < len(players):
        raise ValueError("not enough free seats to break the table")
    sizes = dict(counts)
    order = list(players)
    rng.shuffle(order)
    out: list[tuple[str, int, int]] = []
    for player in order:
        open_tables = [t for t in sorted(seats) if seats[t]]
        fewest = min(sizes[t] for t in open_tables)
        table = rng.choice([t for t in open_tables if sizes[t] == fewest])
        seat = rng.choice(sorted(seats[table]))
        seats[table].remove(seat)
        sizes[table] += 1
        out.append((player, table, seat))
    return out


def break_draw_counted(
    players: Sequence[str],
    counts: TableCounts,
    broken: int,
    table_size: int,
    free_seats: Callable[[int], list[int]],
    rng: random.Random,
) -> list[tuple[str, int, int]]:
    """:func:`break_draw` for table ``broken`` of ``counts``, without listing the other tables.

    The same draw as ``break_draw(players, {t: free_seats(t) ...}, rng, others)`` over every
    other table of ``table_size`` seats (the same calls to ``rng``, so the same moves), in
    time independent of the number of tables: the shortest tables come from ``counts``, and
    ``free_seats(table)`` is asked only of the tables drawn.

    >>> counts = TableCounts({1: 8, 2: 9, 3: 3})
    >>> free = {1: [3, 7], 2: [5], 3: []}
    >>> moves = break_draw_counted(["a", "b", "c"], counts, 3, 10, free.__getitem__,
    ...                            random.Random(1))
    >>> moves == break_draw(["a", "b", "c"], {1: [3, 7], 2: [5]}, random.Random(1), {1: 8, 2: 9})
    True
    """
    room = table_size * (len(counts) - 1) - (counts.total - counts[broken])
    if room < len(players):
        raise ValueError("not enough free seats to break the table")
    bumped: dict[int, int] = {}  # tables given players so far -> their count now
    seats: dict[int, list[int]] = {}
    order = list(players)
    rng.shuffle(order)
    out: list[tuple[str, int, int]] = []
    for player in order:
        table = rng.choice(_shortest(counts, broken, table_size, bumped))
        if table not in seats:
            seats[table] = list(free_seats(table))
        seat = rng.choice(sorted(seats[table]))
        seats[table].remove(seat)
        bumped[table] = bumped.get(table, counts[table]) + 1
        out.append((player, table, seat))
    return out


def _shortest(
    counts: TableCounts, broken: int, table_size: int, bumped: Mapping[int, int]
) -> Sequence[int]:
    """The tables other than ``broken`` with free seats and the fewest players, in order
    (``bumped`` overrides the counts of the tables already given players)."""
    for count in sorted(set(counts._by_count) | set(bumped.values())):
        if count >= table_size:
            break
        base = counts.with_count(count)
        gone = sorted(t for t in (broken, *bumped) if counts[t] == count)
        added = sorted(t for t, c in bumped.items() if c == count)
        tables = _Tables(base, gone, added)
        if len(tables):
            return tables
    raise ValueError("not enough free seats to break the table")  # pragma: no cover


class _Tables(Sequence[int]):
    """A sorted list of tables less a few (``gone``, in it) and plus a few (``added``, not in
    it), as a sequence in order, without copying the list."""

    __slots__ = ("_added", "_base", "_gone")

    def __init__(self, base: list[int], gone: list[int], added: list[int]) -> None:
        self._base, self._gone, self._added = base, gone, added

    def __len__(self) -> int:
        return len(self._base) - len(self._gone) + len(self._added)

    def _rank(self, table: int) -> int:
        """Tables of the base, less the gone, numbered below ``table``."""
        return bisect_left(self._base, table) - sum(1 for t in self._gone if t < table)

    def _kept(self, k: int) -> int:
        """The ``k``-th table of the base once the gone are taken out."""
        index = k
        for t in self._gone:  # in order: each gone table at or before shifts the index on
            if bisect_left(self._base, t) <= index:
                index += 1
        return self._base[index]

    def __getitem__(self, k: int) -> int:  # type: ignore[override]
        if not 0 <= k < len(self):
            raise IndexError(k)
        before = 0
        for table in self._added:
            place = self._rank(table) + before
            if place == k:
                return table
            if place > k:
                break
            before += 1
        return self._kept(k - before)
