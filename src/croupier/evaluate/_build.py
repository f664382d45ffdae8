"""Build the evaluator's tables from the rules of hand ranking alone (ITA-12).

Pure Python, no numpy: the one-hand evaluator must not pay numpy's import.

The 7,462 *equivalence classes* of five-card hands are listed in order, lowest
first, and numbered 1 (7-5-4-3-2 offsuit) to 7,462 (royal flush). A class is a
category and its ranks in order of significance (``(12, 11)`` for "aces full of
kings"); two hands in the same class tie.

From the classes the builder derives:

* ``rank_values``: base-5 rank multiset of 5, 6 or 7 cards (the low 32 bits of
  the sum of their :class:`~croupier.cards.Card` codes) -> value of the best
  five-card hand that is not a flush. Six and seven cards take the best of the
  multisets with one card fewer, so one table serves all three sizes.
* ``flush_values``: 13-bit mask of the ranks held in one suit -> value of the
  best flush or straight flush among them (0 when fewer than five bits are set).
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

__all__ = [
    "CATEGORY_SIZES",
    "FIVE_HIGH_STRAIGHT",
    "ClassInfo",
    "build_tables",
    "list_classes",
]

# Category numbers follow ITA-12 from the bottom: 1 high card .. 9 straight flush.
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(1, 10)

CATEGORY_SIZES: Final = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
"""Number of classes in each category, high card first."""

FIVE_HIGH_STRAIGHT: Final = 3
"""The top rank of the wheel A-2-3-4-5, which plays as five high (ITA-12)."""

ClassInfo = tuple[int, tuple[int, ...]]
"""A class: its category (1-9) and its ranks in order of significance."""


def _straight_top(ranks: tuple[int, ...]) -> int | None:
    """Top rank of five distinct ranks (descending) if they make a straight."""
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if ranks == (12, 3, 2, 1, 0):
        return FIVE_HIGH_STRAIGHT
    return None


def list_classes() -> list[ClassInfo]:
    """The 7,462 classes, lowest first: ``list_classes()[v - 1]`` is the class of value ``v``."""
    desc = range(12, -1, -1)
    found: list[ClassInfo] = []
    for five in combinations(desc, 5):
        top = _straight_top(five)
        if top is None:
            found += [(HIGH_CARD, five), (FLUSH, five)]
        else:
            found += [(STRAIGHT, (top,)), (STRAIGHT_FLUSH, (top,))]
    for a in desc:
        others = [r for r in desc if r != a]
        found += [(PAIR, (a, *kickers)) for kickers in combinations(others, 3)]
        found += [(TRIPS, (a, *kickers)) for kickers in combinations(others, 2)]
        found += [(FULL_HOUSE, (a, b)) for b in others]
        found += [(QUADS, (a, b)) for b in others]
    for hi, lo in combinations(desc, 2):
        found += [(TWO_PAIR, (hi, lo, k)) for k in desc if k not in (hi, lo)]
    found.sort()
    return found


def _five_card_class(counts: dict[int, int]) -> ClassInfo:
    """Class of five cards that are not all of one suit, from their rank counts."""
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = tuple(counts[r] for r in ordered)
    if shape == (1, 1, 1, 1, 1):
        top = _straight_top(tuple(ordered))
        return (STRAIGHT, (top,)) if top is not None else (HIGH_CARD, tuple(ordered))
    category = {
        (4, 1): QUADS,
        (3, 2): FULL_HOUSE,
        (3, 1, 1): TRIPS,
        (2, 2, 1): TWO_PAIR,
        (2, 1, 1, 1): PAIR,
    }[shape]
    return category, tuple(ordered)


def _multisets(size: int) -> list[dict[int, int]]:
    """Every multiset of ``size`` ranks with at most four of each rank."""
    out: list[dict[int, int]] = []

    def walk(rank: int, left: int, acc: dict[int, int]) -> None:
        if left == 0:
            out.append(dict(acc))
            return
        if rank == 13:
            return
        for n in range(min(4, left), -1, -1):
            if n:
                acc[rank] = n
            walk(rank + 1, left - n, acc)
            acc.pop(rank, None)

    walk(0, size, {})
    return out


def _key(counts: dict[int, int]) -> int:
    return sum(n * 5**r for r, n in counts.items())


def build_tables() -> tuple[dict[int, int], list[int]]:
    """Build ``(rank_values, flush_values)`` from scratch (about 0.2 s)."""
    classes = list_classes()
    value_of = {c: v for v, c in enumerate(classes, start=1)}
    rank_values: dict[int, int] = {}
    for counts in _multisets(5):
        rank_values[_key(counts)] = value_of[_five_card_class(counts)]
    powers = [5**r for r in range(13)]
    for size in (6, 7):
        for counts in _multisets(size):
            key = _key(counts)
            rank_values[key] = max(rank_values[key - powers[r]] for r in counts)
    flush_values = [0] * 8192
    for mask in sorted(range(8192), key=int.bit_count):
        bits = mask.bit_count()
        if bits == 5:
            ranks = tuple(r for r in range(12, -1, -1) if mask >> r & 1)
            top = _straight_top(ranks)
            flush_values[mask] = value_of[
                (STRAIGHT_FLUSH, (top,)) if top is not None else (FLUSH, ranks)
            ]
        elif bits > 5:
            flush_values[mask] = max(
                flush_values[mask & ~(1 << r)] for r in range(13) if mask >> r & 1
            )
    return rank_values, flush_values
