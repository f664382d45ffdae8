"""The numpy forms of the evaluator's tables, built in memory from the cached ones.

Card indices are ``4 * rank + suit`` (0 = 2c .. 51 = As), as :attr:`Card.index`.

For numpy the base-5 rank key of :mod:`croupier.cards` is too wide to index an
array (5**13 entries), so each rank gets a smaller weight instead: ``RANK_KEYS``
are chosen so that any two different multisets of seven ranks (at most four of
each) have different sums; so do any two of five, or of six (add the same
missing card to both). The largest seven-card sum is 7,825,759, so a direct
``uint16`` table of 15.6 MB answers a seven-card rank multiset in one gather.
The weights come from the greedy search that SKPokerEval (K. Shackleton)
published; :func:`rank_table` checks the uniqueness again when it builds.

Every gather uses ``take(..., mode="clip")``: the indices are valid by
construction (card indices are checked on the way in), and numpy's default
``mode="raise"`` buffers the output and scales badly over threads.

A card's *word* (``int64``) holds its rank key in the low 32 bits and a one in
its suit's nibble above, exactly like a :class:`Card` code, so that the sum of
the words of a hand gives both the rank key and the suit counts. A card's *bit*
is ``1 << (13 * suit + rank)``: the sum of a hand's bits has each suit's rank
mask in its own 13-bit field, which is all a flush needs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb
from typing import Final

import numpy as np
import numpy.typing as npt

from croupier.evaluate import _tables

__all__ = [
    "CARD_BITS",
    "CARD_WORDS",
    "FLUSH_BIAS",
    "FLUSH_TEST",
    "RANK_KEYS",
    "RANK_MASK",
    "board_arrays",
    "combo_sums",
    "flush_table",
    "flush_values",
    "pair_tables",
    "rank_table",
    "seven_card_values",
    "tail_start",
]

RANK_KEYS: Final = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
RANK_MASK: Final = 0xFFFF_FFFF
FLUSH_BIAS: Final = 0x3333 << 32
"""Added to a sum of words, sets the top bit of a suit nibble iff the suit has 5 cards or more."""
FLUSH_TEST: Final = 0x8888 << 32

_INDEX = np.arange(52)
_RANK = _INDEX >> 2
_SUIT = _INDEX & 3
CARD_WORDS: Final = np.array(RANK_KEYS, dtype=np.int64)[_RANK] + (np.int64(1) << (32 + 4 * _SUIT))
CARD_BITS: Final = np.left_shift(np.int64(1), (13 * _SUIT + _RANK).astype(np.int64))

U16 = npt.NDArray[np.uint16]
I64 = npt.NDArray[np.int64]
IntArray = npt.NDArray[np.intp]


@cache
def rank_table(size: int) -> U16:
    """Rank-key sum of ``size`` (5, 6 or 7) cards -> value of the best non-flush five."""
    rank_values, _ = _tables.load_tables()
    keys = np.fromiter(rank_values.keys(), dtype=np.int64, count=len(rank_values))
    values = np.fromiter(rank_values.values(), dtype=np.uint16, count=len(rank_values))
    weights = np.zeros(len(keys), dtype=np.int64)
    counts = np.zeros(len(keys), dtype=np.int64)
    rest = keys.copy()
    for weight in RANK_KEYS:
        digit = rest % 5
        rest //= 5
        weights += digit * weight
        counts += digit
    chosen = counts == size
    table = np.zeros(int(weights[chosen].max()) + 1, dtype=np.uint16)
    table[weights[chosen]] = values[chosen]
    if np.count_nonzero(table) != np.count_nonzero(chosen):  # pragma: no cover - a wrong weight
        raise AssertionError("rank keys collide")
    table.flags.writeable = False
    return table


@cache
def flush_table() -> U16:
    """13-bit mask of the ranks held in one suit -> flush value (0 below five ranks)."""
    _, flush_values = _tables.load_tables()
    table = np.array(flush_values, dtype=np.uint16)
    table.flags.writeable = False
    return table


@cache
def pair_tables() -> tuple[I64, I64]:
    """Words and bits of two cards, indexed by the ``uint16`` of their two index bytes.

    Index 52 stands for "no card" (word and bit 0), used to pad odd hands.
    """
    words = np.zeros(256, dtype=np.int64)
    bits = np.zeros(256, dtype=np.int64)
    words[:52] = CARD_WORDS
    bits[:52] = CARD_BITS
    # little-endian uint16 view of bytes (lo, hi) is lo + 256 * hi
    pair_words = (words[None, :] + words[:, None]).reshape(-1)
    pair_bits = (bits[None, :] | bits[:, None]).reshape(-1)
    if np.little_endian is False:  # pragma: no cover
        pair_words = pair_words.reshape(256, 256).T.reshape(-1).copy()
        pair_bits = pair_bits.reshape(256, 256).T.reshape(-1).copy()
    pair_words.flags.writeable = False
    pair_bits.flags.writeable = False
    return pair_words, pair_bits


def combo_sums(values: I64, k: int) -> I64:
    """Sums of ``values`` over every ``k``-subset of its positions, in combinations order.

    With card words or bits as ``values`` this gives the words or bits of every
    ``k``-card board at one addition per board. The subsets whose first position
    is at least ``s`` come last, from :func:`tail_start` on.

    >>> combo_sums(np.array([1, 10, 100], dtype=np.int64), 2).tolist()
    [11, 101, 110]
    """
    n = len(values)
    sums = np.zeros(1, dtype=np.int64)  # the one 0-subset
    for j in range(1, k + 1):
        previous = sums
        pieces = [
            previous[tail_start(n, j - 1, first + 1) :] + values[first]
            for first in range(n - j + 1)
        ]
        sums = np.concatenate(pieces) if pieces else np.zeros(0, dtype=np.int64)
    return sums


def tail_start(n: int, k: int, first: int) -> int:
    """Position, in :func:`combo_sums` order, of the first ``k``-subset of ``range(n)`` whose
    smallest element is at least ``first``."""
    return comb(n, k) - comb(n - first, k)


def flush_values(flush: I64, bits: I64) -> U16:
    """Values of hands known to hold a flush.

    ``flush`` is the biased word sum masked by :data:`FLUSH_TEST` (one nibble's
    top bit set: the flush suit) and ``bits`` the sum of the hands' card bits.
    """
    nibble = flush >> 35  # 1, 16, 256 or 4096
    shift = 13 * ((nibble > 1).astype(np.int64) + (nibble > 16) + (nibble > 256))
    masks = (bits >> shift) & 0x1FFF
    return flush_table().take(masks, mode="clip")


def seven_card_values(words: I64, bits_at: Callable[[IntArray], I64], out: U16) -> None:
    """Write into ``out`` the values of seven-card hands from their biased word sums.

    ``bits_at(rows)`` gives the card-bit sums of the given rows; it is called only
    for the few hands that hold a flush.
    """
    rank_table(7).take(words & RANK_MASK, out=out, mode="clip")
    flush = words & FLUSH_TEST
    rows = np.flatnonzero(flush != 0)  # nonzero on booleans is ten times faster
    if rows.size:
        out[rows] = flush_values(flush[rows], bits_at(rows))


@cache
def board_arrays() -> tuple[I64, U16, I64]:
    """Every five-card board in ``itertools.combinations(range(52), 5)`` order.

    Returns the rank keys, the suit nibbles (``uint16``) and the card bits.
    """
    words = combo_sums(CARD_WORDS, 5)
    keys = words & RANK_MASK
    suits = (words >> 32).astype(np.uint16)
    bits = combo_sums(CARD_BITS, 5)
    for array in (keys, suits, bits):
        array.flags.writeable = False
    return keys, suits, bits
