"""The random boards of Monte Carlo equity with known hands, drawn the same way by numpy here
and by the compiled kernel (``deal`` in ``_ckernel.c``), so that a seed gives the same counts
on either path and on any number of threads.

The deals come in *streams* of at most :data:`DEALS_PER_STREAM`; stream ``t`` has a 64-bit
key ``K``, one ``integers(0, 2**64, dtype=uint64)`` from the ``t``-th generator that
``rng.spawn`` gives (:func:`stream_keys`). Deal ``j`` of a stream reads 12-bit *lanes*, five
to a 64-bit word, lowest first (the top four bits unused); its word ``w`` is splitmix64's
output function applied to ``K + (w * 2**16 + j + 1) * 0x9E3779B97F4A7C15`` (mod 2**64). A
board card is drawn among the ``n`` cards that may come (the cards not held, on the board or
dead, in card-index order) by Lemire's method: ``m = lane * n``; a lane whose ``m mod 4096`` is
below ``4096 mod n`` is rejected and the next one read; else the card is number ``m >> 12``,
drawn again (from the next lanes) when the deal's board already holds it. Each card is
therefore exactly uniform among the cards not yet on the board, every board equally likely (as
far as splitmix64's outputs are uniform and independent), and a deal's board depends only on
the key and its number: not on the threads, nor on the path (numpy or the compiled kernel).
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

__all__ = ["DEALS_PER_STREAM", "board_positions", "stream_keys"]

DEALS_PER_STREAM: Final = 1 << 16
"""The most deals of one stream: the deal's number takes 16 bits of a word's counter."""

_GAMMA: Final = np.uint64(0x9E3779B97F4A7C15)
_MIX1: Final = np.uint64(0xBF58476D1CE4E5B9)
_MIX2: Final = np.uint64(0x94D049BB133111EB)
_LANE: Final = np.uint64(0xFFF)


def stream_keys(generators: list[np.random.Generator]) -> npt.NDArray[np.uint64]:
    """One key per stream: a 64-bit draw from each of the generators ``rng.spawn`` gave."""
    return np.array([g.integers(0, 2**64, dtype=np.uint64) for g in generators], dtype=np.uint64)


def _mix(z: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """splitmix64's output function, on every element (mod 2**64)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


def _lanes(key: int, deals: npt.NDArray[np.uint64], lane: int) -> npt.NDArray[np.int64]:
    """Lane number ``lane`` of each of the ``deals`` of the stream ``key``."""
    counter = np.uint64((lane // 5) << 16) + deals + np.uint64(1)
    words = _mix(np.uint64(key) + counter * _GAMMA)
    return ((words >> np.uint64(12 * (lane % 5))) & _LANE).astype(np.int64)


def board_positions(key: int, deals: int, cards: int, missing: int) -> npt.NDArray[np.intp]:
    """The positions in the deck of each deal's ``missing`` board cards: ``(deals, missing)``.

    Lane by lane for every deal still short of cards (nearly all are done after seven lanes).
    """
    if not 0 <= deals <= DEALS_PER_STREAM or not 0 <= missing <= min(cards, 5):
        raise ValueError("board_positions: 0 to 65,536 deals, 0 to 5 cards that the deck holds")
    number = np.arange(deals, dtype=np.uint64)
    found = np.zeros(deals, dtype=np.intp)  # cards drawn so far
    used = np.zeros(deals, dtype=np.int64)  # bit c: card c is on the deal's board
    out = np.empty((deals, missing), dtype=np.intp)
    reject = 4096 % cards if cards else 0
    todo = np.arange(deals) if missing else np.arange(0)
    lane = 0
    while todo.size:
        product = _lanes(key, number[todo], lane) * cards
        card = product >> 12
        fresh = ((product & 0xFFF) >= reject) & (((used[todo] >> card) & 1) == 0)
        done, card = todo[fresh], card[fresh]
        out[done, found[done]] = card
        used[done] |= np.int64(1) << card
        found[done] += 1
        todo = todo[found[todo] < missing]
        lane += 1
    return out
