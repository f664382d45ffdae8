"""Starting-hand strength (the Chen formula) and the ranges a bot puts its opponents on.

The Chen score rates two hole cards from about -1 (7-2 offsuit) to 20 (aces):

==========================  ===================================================
step                        points
==========================  ===================================================
highest card                ace 10, king 8, queen 7, jack 6, ten to two: half
                            the rank (ten 5, nine 4.5 ... two 1)
a pair                      double the highest card, at least 5 (deuces)
suited                      +2
gap between the ranks       none 0, one -1, two -2, three -4, four or more -5
connected or one-gapped     +1 when both cards are below a queen (not pairs)
==========================  ===================================================

rounded half up. A few landmarks: AA 20, KK 16, QQ 14, AKs 12, JJ 12, AKo 10,
TT 10, KQs 10, AJs 10, 99 9, JTs 9, 88 8, KQo 8, 76s 7, A9o 5, K8o 3, 72o -1.

The ranges (:data:`RANGES`) are what a bot assumes an opponent holds after his
actions before the flop, from the widest (``any``) to the narrowest (``4bet``).
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from math import floor
from typing import Final

from croupier.cards import Card
from croupier.evaluate.ranges import Range, parse_range

__all__ = ["RANGES", "Line", "chen_score", "range_of"]

_HIGH_POINTS: Final = (1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 6, 7, 8, 10)
"""Chen points of the highest card, by rank from the deuce (0) to the ace (12)."""
_GAP_PENALTY: Final = (0, 0, 1, 2, 4)
"""Points lost by the gap between the ranks (index: rank difference; 5 or more lose 5)."""


def chen_score(first: Card, second: Card) -> int:
    """The Chen score of two hole cards, rounded half up (see the module's table).

    >>> from croupier.cards import Card
    >>> chen_score(Card("As"), Card("Ah")), chen_score(Card("As"), Card("Ks"))
    (20, 12)
    >>> chen_score(Card("7c"), Card("2d")), chen_score(Card("Jh"), Card("Th"))
    (-1, 9)
    """
    high, low = (first, second) if first.rank >= second.rank else (second, first)
    points = _HIGH_POINTS[high.rank]
    if high.rank == low.rank:
        points = max(2 * points, 5)
    else:
        if high.suit == low.suit:
            points += 2
        diff = high.rank - low.rank
        points -= _GAP_PENALTY[diff] if diff < len(_GAP_PENALTY) else 5
        if diff <= 2 and high.rank < 10:  # both cards below a queen, at most one gap
            points += 1
    return floor(points + 0.5)


class Line(IntEnum):
    """What an opponent did before the flop, from the weakest to the strongest line."""

    ANY = 0
    """Checked his big blind, was forced all-in by a blind, or nothing seen yet."""
    LIMP = 1
    """Called the big blind without a raise (or completed the small blind)."""
    CALL = 2
    """Called one raise."""
    RAISE = 3
    """Opened with a raise."""
    CALL_3BET = 4
    """Called a re-raise."""
    THREE_BET = 5
    """Re-raised a raise."""
    FOUR_BET = 6
    """Raised a re-raise."""


RANGES: Final[dict[Line, str]] = {
    Line.ANY: "any",
    Line.LIMP: (
        "22+, A2+, K2s+, K8o+, Q5s+, Q9o+, J7s+, J9o+, T7s+, T9o, 96s+, 86s+, 75s+, 64s+, 54s"
    ),
    Line.CALL: "22+, A2s+, K9s+, Q9s+, J9s+, T8s+, 97s+, 87s, 76s, 65s, A9o+, KTo+, QTo+, JTo",
    Line.RAISE: "22+, A2s+, K9s+, QTs+, JTs, T9s, 98s, ATo+, KJo+, QJo",
    Line.CALL_3BET: "77+, ATs+, KJs+, QJs, AJo+, KQo",
    Line.THREE_BET: "99+, AJs+, KQs, AQo+",
    Line.FOUR_BET: "QQ+, AKs, AKo",
}
"""The range assumed for each preflop line (about 100 %, 45 %, 25 %, 17 %, 7 %, 4 %, 2 %)."""


@cache
def range_of(line: Line) -> Range:
    """The parsed range of a preflop line (parsed once)."""
    return parse_range(RANGES[line])
