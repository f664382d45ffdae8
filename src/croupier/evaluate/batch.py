"""Many hands at once with numpy: the same values as :func:`croupier.evaluate.evaluate`.

Cards are indices ``4 * rank + suit`` (0 = 2c .. 51 = As, as :attr:`Card.index`).

>>> import numpy as np
>>> evaluate_batch(np.array([[48, 49, 50, 51, 44, 0, 1]])).tolist()  # four aces, king
[7452]

How it is fast: two cards' index bytes, read as one ``uint16``, index a table of
the pair's summed *words* (rank key and suit counts, see
:mod:`croupier.evaluate._arrays`); four gathers and three additions give a
seven-card hand's word; one gather in a 15.6 MB table gives its value unless
the suit counts show a flush (about 3 % of hands), which the 52-bit card set
settles. Work is cut into cache-sized pieces spread over every core.
"""

from __future__ import annotations

from math import comb
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier._checks import quote, whole
from croupier.errors import InvalidArgumentError, InvalidCardError
from croupier.evaluate import _arrays, _kernel, _parallel
from croupier.evaluate.hand import MAX_VALUE

__all__ = [
    "ALL_7CARD_HANDS",
    "MAX_RANDOM_HANDS",
    "evaluate_all_7card",
    "evaluate_batch",
    "random_hands",
    "value_counts",
]

ALL_7CARD_HANDS: Final = comb(52, 7)
"""133,784,560: the number of seven-card hands."""
MAX_RANDOM_HANDS: Final = ALL_7CARD_HANDS
"""The most hands :func:`random_hands` deals at once (about 1 GB of seven-card hands)."""

_U16 = npt.NDArray[np.uint16]
_U8 = npt.NDArray[np.uint8]
_PIECES_PER_TASK: Final = 8
_ALL7_PIECE: Final = 1 << 17  # hands per piece of the enumeration (measured best, 2 cores)
_ALL7_GROUP: Final = 1 << 21  # hands per task of the compiled enumeration


def _array(values: npt.ArrayLike, what: str) -> npt.NDArray[Any]:
    try:
        return np.asarray(values)
    except (ValueError, TypeError):
        raise InvalidArgumentError(
            f"{what} must be an array of integers, not {quote(values)}"
        ) from None


def _check_hands(hands: npt.ArrayLike) -> _U8:
    try:
        array = _array(hands, "hands")
    except InvalidArgumentError as error:
        raise InvalidCardError(str(error)) from None
    if array.ndim != 2 or array.shape[1] not in (5, 6, 7):
        raise InvalidCardError(
            f"hands must be an array of shape (N, 5), (N, 6) or (N, 7) card indices, "
            f"got shape {array.shape}"
        )
    if not np.issubdtype(array.dtype, np.integer):
        raise InvalidCardError(f"card indices must be integers, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > 51):
        row, column = np.argwhere((array < 0) | (array > 51))[0]
        raise InvalidCardError(
            f"card index {array[row, column]} in hand {row} is out of range: indices run 0 to 51"
        )
    return np.ascontiguousarray(array, dtype=np.uint8)


def _check_distinct(hands: _U8) -> None:
    ordered = np.sort(hands, axis=1)
    repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if repeated.any():
        row = int(np.flatnonzero(repeated)[0])
        raise InvalidCardError(f"hand {row} holds a card twice: {hands[row].tolist()}")


def evaluate_batch(
    hands: npt.ArrayLike, *, check_distinct: bool = False, threads: int | None = None
) -> _U16:
    """Values of ``N`` hands of 5, 6 or 7 cards given as an ``(N, n)`` array of card indices.

    Any integer dtype is accepted (``uint8`` is fastest). Indices outside 0..51
    and wrong shapes raise :class:`~croupier.errors.InvalidCardError`; a card
    repeated within a hand is caught only with ``check_distinct=True`` (a sort of
    every hand, which costs more than the evaluation). ``threads`` defaults to
    every core.
    """
    cards = _check_hands(hands)
    if check_distinct:
        _check_distinct(cards)
    count, size = cards.shape
    out = np.empty(count, dtype=np.uint16)
    kernel = _kernel.compiled()
    if kernel is not None:
        flat = cards.reshape(-1)

        def compiled(start: int) -> None:
            stop = min(start + _parallel.CHUNK * _PIECES_PER_TASK, count)
            kernel.batch(flat[start * size : stop * size], size, out[start:stop])

        _parallel.run(compiled, range(0, count, _parallel.CHUNK * _PIECES_PER_TASK), threads)
        return out
    pair_words, pair_bits = _arrays.pair_tables()
    table = _arrays.rank_table(size)
    width = size + size % 2

    def piece(start: int, stop: int) -> None:
        padded = np.empty((stop - start, width), dtype=np.uint8)
        padded[:, :size] = cards[start:stop]
        if width > size:
            padded[:, size] = 52  # "no card": word and bits 0
        pairs = padded.view(np.uint16)
        words = pair_words.take(pairs, mode="clip")
        total = words[:, 0] + words[:, 1]
        for column in range(2, width // 2):
            total += words[:, column]
        target = out[start:stop]
        table.take(total & _arrays.RANK_MASK, out=target, mode="clip")
        total += _arrays.FLUSH_BIAS
        flush = total & _arrays.FLUSH_TEST
        rows = np.flatnonzero(flush != 0)  # nonzero on booleans is ten times faster
        if rows.size:
            bits = pair_bits.take(pairs[rows], mode="clip")
            target[rows] = _arrays.flush_values(flush[rows], bits.sum(axis=1))

    def task(start: int) -> None:
        stop = min(start + _parallel.CHUNK * _PIECES_PER_TASK, count)
        for low in range(start, stop, _parallel.CHUNK):
            piece(low, min(low + _parallel.CHUNK, stop))

    _parallel.run(task, range(0, count, _parallel.CHUNK * _PIECES_PER_TASK), threads)
    return out


def evaluate_all_7card(*, threads: int | None = None) -> _U16:
    """The values of all 133,784,560 seven-card hands, each evaluated once.

    Hands come in the order of ``itertools.combinations(range(52), 7)`` over card
    indices. Each hand is its first two cards plus one of the precomputed
    five-card boards above them, so a hand costs one addition and one gather.
    """
    kernel = _kernel.compiled()
    if kernel is not None:
        return _all_7card_compiled(kernel, threads)
    keys, suits, bits = _arrays.board_arrays()
    table = _arrays.rank_table(7)
    words = _arrays.CARD_WORDS
    card_bits = _arrays.CARD_BITS
    out = np.empty(ALL_7CARD_HANDS, dtype=np.uint16)
    pieces: list[tuple[int, int, int, int, int]] = []  # (a, b, out start, board start, length)
    position = 0
    for a in range(52):
        for b in range(a + 1, 47):
            start = _arrays.tail_start(52, 5, b + 1)
            length = comb(51 - b, 5)
            for offset in range(0, length, _ALL7_PIECE):
                size = min(_ALL7_PIECE, length - offset)
                pieces.append((a, b, position + offset, start + offset, size))
            position += length
    assert position == ALL_7CARD_HANDS

    def piece(a: int, b: int, at: int, board: int, size: int) -> None:
        word = int(words[a] + words[b])
        key = np.add(keys[board : board + size], word & _arrays.RANK_MASK)
        target = out[at : at + size]
        table.take(key, out=target, mode="clip")
        suit = np.add(suits[board : board + size], np.uint16(((word >> 32) + 0x3333) & 0xFFFF))
        suit &= 0x8888
        rows = np.flatnonzero(suit != 0)
        if rows.size:
            flush = suit[rows].astype(np.int64) << 32
            hand_bits = bits[board + rows] | (card_bits[a] | card_bits[b])
            target[rows] = _arrays.flush_values(flush, hand_bits)

    def task(group: list[tuple[int, int, int, int, int]]) -> None:
        for item in group:
            piece(*item)

    groups = [pieces[i : i + _PIECES_PER_TASK] for i in range(0, len(pieces), _PIECES_PER_TASK)]
    _parallel.run(task, groups, threads)
    return out


def _all_7card_compiled(kernel: Any, threads: int | None) -> _U16:
    """:func:`evaluate_all_7card` by the compiled kernel: seven nested loops per two first cards."""
    out = np.empty(ALL_7CARD_HANDS, dtype=np.uint16)
    groups: list[list[tuple[int, int, int, int]]] = [[]]  # (a, b, out start, length)
    position = 0
    for a in range(52):
        for b in range(a + 1, 47):
            length = comb(51 - b, 5)
            if sum(item[3] for item in groups[-1]) >= _ALL7_GROUP:
                groups.append([])
            groups[-1].append((a, b, position, length))
            position += length
    assert position == ALL_7CARD_HANDS

    def task(group: list[tuple[int, int, int, int]]) -> None:
        for a, b, start, length in group:
            kernel.all7(a, b, out[start : start + length])

    _parallel.run(task, groups, threads)
    return out


def value_counts(values: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """How many times each hand value occurs: ``counts[v]`` for ``v`` in 0..7462.

    >>> value_counts([1, 7462, 7462])[[1, 7462]].tolist()
    [1, 2]
    """
    array = _array(values, "hand values").reshape(-1)
    if not np.issubdtype(array.dtype, np.integer) and array.size:
        raise InvalidArgumentError(f"hand values are integers, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > MAX_VALUE):
        bad = array[(array < 0) | (array > MAX_VALUE)][0]
        raise InvalidArgumentError(f"{bad} is not a hand value: values run from 1 to {MAX_VALUE}")
    counts = np.zeros(MAX_VALUE + 1, dtype=np.int64)
    step = 1 << 22
    for start in range(0, len(array), step):
        counts += np.bincount(array[start : start + step], minlength=MAX_VALUE + 1)
    return counts


def random_hands(count: int, size: int = 7, *, rng: np.random.Generator | int | None = None) -> _U8:
    """``count`` hands of ``size`` distinct random cards, as a ``(count, size)`` ``uint8`` array.

    >>> random_hands(2, 5, rng=1).shape
    (2, 5)
    """
    if type(size) is int and not 1 <= size <= 52:
        raise InvalidArgumentError(f"a hand of {size} cards cannot be dealt from 52")
    size = whole(size, "size", low=1, high=52, error=InvalidArgumentError)
    count = whole(count, "count", high=MAX_RANDOM_HANDS, error=InvalidArgumentError)
    if rng is not None and not isinstance(rng, np.random.Generator):
        rng = whole(rng, "the seed (rng)", high=2**128 - 1, error=InvalidArgumentError)
    generator = np.random.default_rng(rng)
    if size > 10:  # rejection would rarely succeed: take the start of random permutations
        return np.argsort(generator.random((count, 52)), axis=1)[:, :size].astype(np.uint8)
    out = np.empty((count, size), dtype=np.uint8)
    todo = np.arange(count)
    while todo.size:
        drawn = generator.integers(0, 52, size=(todo.size, size), dtype=np.uint8)
        ordered = np.sort(drawn, axis=1)
        fine = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
        out[todo[fine]] = drawn[fine]
        todo = todo[~fine]
    return out
