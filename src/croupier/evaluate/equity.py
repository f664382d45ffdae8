"""Equity: each hand's share of the pot over every board still to come.

>>> result = equity(["AsAh", "KsKd"])
>>> result.wins, result.ties, result.boards, f"{result.equity[0]:.3%}"
((1399204, 305177), (7923, 7923), 1712304, '81.946%')

Two to ten hands, each two known cards (``"AsAh"``) or a range (``"TT+, AKs"``,
see :mod:`croupier.evaluate.ranges`), on a board of 0, 3, 4 or 5 cards, with
dead cards that no one holds and that will not come.

*Exact* enumeration counts every deal: every board for known hands, and every
board for every combination of combos that share no card for ranges (each such
combination is equally likely, as if the hands were dealt at random from the
ranges). It is the default whenever it takes at most :data:`EXACT_LIMIT` hand
evaluations (deals times hands, about a second), which always holds for known
hands (at most 2,118,760 boards); beyond :data:`EXACT_MAX` it is refused even on
request.
Otherwise, or on request, *Monte Carlo* deals random boards (and combos) from
an injectable seeded generator and reports each equity's standard error.
A seed gives the same result on any number of threads and with or without the
compiled kernel. What a seed draws: ranges, and known hands below
100,000 samples, take numpy's draws card by card; known hands from 100,000
samples on take each deal's board from the counter-based stream of
:mod:`croupier.evaluate._deals` (one key per 65,536 deals from ``rng.spawn``),
so their seeded results are those of that stream (not of croupier before it).

A hand *wins* a deal when it alone holds the best hand and *ties* when it shares
the best hand; its *equity* counts a win as 1 and a tie between ``n`` hands as
``1/n`` (the pot is split, ITA-13), averaged over the deals.

How the exact count is fast: with the board still to come, each board is the
first of its cards plus one of the four-card boards above it, whose words
(:mod:`croupier.evaluate._arrays`) are summed once per deck; a hand on a board
then costs one addition and one gather, on every core.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from math import comb, prod, sqrt
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from croupier._checks import quote, whole
from croupier.cards import FULL_DECK, Card, format_cards, parse_cards
from croupier.errors import InvalidArgumentError, InvalidCardError, InvalidRangeError
from croupier.evaluate import _arrays, _deals, _kernel, _parallel
from croupier.evaluate.ranges import Range, parse_range

__all__ = [
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "EXACT_MAX",
    "MAX_SAMPLES",
    "EquityResult",
    "HandSpec",
    "equity",
]

EXACT_LIMIT: Final = 150_000_000
"""Hand evaluations (deals x hands) up to which the default is exact enumeration (~1 s)."""
EXACT_MAX: Final = 5_000_000_000
"""Hand evaluations beyond which exact enumeration is refused (about half a minute)."""
DEFAULT_SAMPLES: Final = 1_000_000
"""Monte Carlo deals when neither an exact count nor a number of samples is asked for."""
MAX_SAMPLES: Final = 1_000_000_000
"""The most Monte Carlo deals one call may ask for (half a minute to a few minutes; the
standard error is then below 0.002 %)."""
MAX_SEED: Final = 2**128 - 1
"""The largest seed: numpy's generators take 128 bits of entropy."""
MAX_HANDS: Final = 10
_TUPLE_LIMIT: Final = 5_000_000
_FEW_SAMPLES: Final = 100_000  # below this, drawing cards beats listing every board first

HandSpec = str | Range | Sequence[Card | str]
"""Two known cards (``"AsAh"``, ``[Card("As"), Card("Ah")]``) or a range (``"TT+, AKs"``)."""

_I64 = npt.NDArray[np.int64]
_U16 = npt.NDArray[np.uint16]
_Counts = npt.NDArray[np.int64]


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The outcome of :func:`equity`, one entry per hand in the order given.

    ``boards`` is the number of deals counted (boards, times hole-card combos for
    ranges; the samples for Monte Carlo); ``wins[i]`` and ``ties[i]`` count deals
    that hand ``i`` won alone or shared; ``equity[i]`` is its average share of the
    pot (0..1) and ``stderr[i]`` its standard error (0 when exact).
    """

    hands: tuple[str, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    method: str
    boards: int
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    equity: tuple[float, ...]
    stderr: tuple[float, ...]

    @property
    def exact(self) -> bool:
        """Whether every deal was counted (else: Monte Carlo)."""
        return self.method == "exact"

    def as_dict(self) -> dict[str, Any]:
        """A JSON-ready form: ``hands``, ``board``, ``dead``, ``method``, ``boards``, lists."""
        return {
            "hands": list(self.hands),
            "board": format_cards(self.board),
            "dead": format_cards(self.dead),
            "method": self.method,
            "boards": self.boards,
            "wins": list(self.wins),
            "ties": list(self.ties),
            "equity": list(self.equity),
            "stderr": list(self.stderr),
        }


# --------------------------------------------------------------------------- input


@dataclass(frozen=True, slots=True)
class _Player:
    label: str
    combos: npt.NDArray[np.intp]  # (n, 2) card indices
    words: _I64
    bits: _I64

    @classmethod
    def of(cls, label: str, combos: Sequence[tuple[Card, Card]]) -> _Player:
        indices = np.array([[a.index, b.index] for a, b in combos], dtype=np.intp).reshape(-1, 2)
        words = _arrays.CARD_WORDS[indices].sum(axis=1)
        bits = _arrays.CARD_BITS[indices].sum(axis=1)
        return cls(label, indices, words, bits)


def _parse_hand(spec: HandSpec) -> tuple[str, tuple[Card, Card] | Range]:
    if not isinstance(spec, str | Range | Sequence):
        raise InvalidCardError(
            f"{quote(spec)} is not a hand: give two cards ('AsAh') or a range ('TT+, AKs')"
        )
    if isinstance(spec, Range):
        return spec.text, spec
    if isinstance(spec, str):
        try:
            cards = parse_cards(spec)
        except InvalidCardError:
            cards = ()
        if len(cards) == 2:
            return format_cards(cards), (cards[0], cards[1])
        return spec.strip(), parse_range(spec)
    cards = parse_cards(spec)
    if len(cards) != 2:
        raise InvalidCardError(f"a hand is two cards, got {format_cards(cards)!r}")
    return format_cards(cards), (cards[0], cards[1])


def _cards(cards: str | Iterable[Card | str], what: str) -> tuple[Card, ...]:
    try:
        return parse_cards(cards)
    except InvalidCardError as error:
        raise InvalidCardError(f"{what}: {error}") from None


def _players(
    hands: Sequence[HandSpec], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> list[_Player]:
    if not isinstance(hands, str | Sequence):
        raise InvalidCardError(f"equity needs a list of 2 to {MAX_HANDS} hands, not {quote(hands)}")
    if isinstance(hands, str) or not 2 <= len(hands) <= MAX_HANDS:
        count = "one string" if isinstance(hands, str) else f"{len(hands)}"
        raise InvalidCardError(f"equity needs 2 to {MAX_HANDS} hands, got {count}")
    if len(board) not in (0, 3, 4, 5):
        raise InvalidCardError(
            f"a board is 0, 3, 4 or 5 cards, got {len(board)}: {format_cards(board)!r}"
        )
    parsed = [_parse_hand(spec) for spec in hands]
    owner: dict[Card, str] = {}
    places = [("on the board", board), ("dead", dead)]
    places += [(f"in hand {i + 1}", h) for i, (_, h) in enumerate(parsed) if isinstance(h, tuple)]
    for place, cards in places:
        for card in cards:
            if card in owner:
                raise InvalidCardError(f"{card} is both {owner[card]} and {place}")
            owner[card] = place
    players = []
    for label, hand in parsed:
        if isinstance(hand, tuple):
            players.append(_Player.of(label, [hand]))
            continue
        combos = hand.without(owner)
        if not combos:
            raise InvalidRangeError(
                f"range {hand.text!r} has no combo left without {format_cards(owner)}"
            )
        players.append(_Player.of(label, combos))
    return players


# --------------------------------------------------------------------------- counting


def _tally(values: _U16) -> _Counts:
    """``counts[p, j]``: deals where player ``p`` holds the best hand with ``j - 1`` others."""
    players = len(values)
    counts = np.zeros((players, players + 1), dtype=np.int64)
    if players == 2:
        first = np.count_nonzero(values[0] > values[1])
        second = np.count_nonzero(values[1] > values[0])
        tied = values.shape[1] - first - second
        counts[:, 1] = first, second
        counts[:, 2] = tied
        return counts
    best = values.max(axis=0)
    winners = values == best
    sharing = winners.sum(axis=0, dtype=np.uint8)
    for p in range(players):
        counts[p] = np.bincount(sharing[winners[p]], minlength=players + 1)
    return counts


_BitsAt = Callable[[npt.NDArray[np.intp]], _I64]


def _values(hole_words: _I64, hole_bits: _I64, words: _I64, board_bits: _BitsAt) -> _U16:
    """Values of each player (row) on each deal (column), all players at once.

    ``words`` are the board words (with the flush bias) of the ``m`` deals and
    ``board_bits(columns)`` the board bits of some of them (asked only for flushes).
    ``hole_words``/``hole_bits`` have one row per player: shape ``(k,)`` for the
    same hole cards on every deal, or ``(k, m)``.
    """
    same = hole_words.ndim == 1
    hands = words[None, :] + (hole_words[:, None] if same else hole_words)
    out = _arrays.rank_table(7).take(hands & _arrays.RANK_MASK, mode="clip")
    flush = hands & _arrays.FLUSH_TEST
    cells = np.flatnonzero(flush != 0)
    if cells.size:
        player, column = np.divmod(cells, len(words))
        held = hole_bits[player] if same else hole_bits[player, column]
        out.flat[cells] = _arrays.flush_values(flush.flat[cells], board_bits(column) | held)
    return out


def _exact_known(
    hole_words: _I64,
    hole_bits: _I64,
    deck: npt.NDArray[np.intp],
    board_word: int,
    board_bits: int,
    missing: int,
    threads: int | None,
) -> _Counts:
    """Every board of ``missing`` cards from ``deck`` for known hands."""
    kernel = _kernel.compiled()
    if kernel is not None:  # one call: the kernel's threads take the boards' first cards
        counts = np.zeros((len(hole_words), len(hole_words) + 1), dtype=np.int64)
        kernel.exact(
            np.ascontiguousarray(hole_words, dtype=np.int64),
            np.ascontiguousarray(hole_bits, dtype=np.int64),
            np.ascontiguousarray(_arrays.CARD_WORDS[deck]),
            np.ascontiguousarray(_arrays.CARD_BITS[deck]),
            board_word + _arrays.FLUSH_BIAS,
            board_bits,
            missing,
            _parallel.default_threads() if threads is None else threads,
            counts,
        )
        return counts
    deck_words = _arrays.CARD_WORDS[deck]
    deck_bits = _arrays.CARD_BITS[deck]
    base = board_word + _arrays.FLUSH_BIAS
    n = len(deck)
    segments: list[tuple[int, int, int, int]] = []  # (common word, common bits, start, stop)
    if missing == 5:  # the first card of the board, then the four-card boards above it
        tail = 4
        for first in range(n - 4):
            start = _arrays.tail_start(n, 4, first + 1)
            stop = start + comb(n - first - 1, 4)
            word = base + int(deck_words[first])
            segments += [
                (word, board_bits | int(deck_bits[first]), lo, min(lo + _parallel.CHUNK, stop))
                for lo in range(start, stop, _parallel.CHUNK)
            ]
    else:
        tail = missing
        total = comb(n, missing)
        segments = [
            (base, board_bits, lo, min(lo + _parallel.CHUNK, total))
            for lo in range(0, total, _parallel.CHUNK)
        ]
    tail_words = _arrays.combo_sums(deck_words, tail)
    tail_bits = _arrays.combo_sums(deck_bits, tail)

    def piece(segment: tuple[int, int, int, int]) -> _Counts:
        word, common_bits, start, stop = segment

        def bits_at(rows: npt.NDArray[np.intp]) -> _I64:
            return tail_bits[start + rows] | common_bits

        return _tally(_values(hole_words, hole_bits, tail_words[start:stop] + word, bits_at))

    return np.sum(_parallel.run(piece, segments, threads), axis=0)  # type: ignore[no-any-return]


def _combinations(players: list[_Player]) -> tuple[npt.NDArray[np.intp], _I64]:
    """Every choice of one combo per player with no card shared: indices (T, k), used bits."""
    chosen = np.arange(len(players[0].words), dtype=np.intp)[:, None]
    used = players[0].bits.copy()
    for player in players[1:]:
        left = np.repeat(np.arange(len(chosen)), len(player.bits))
        right = np.tile(np.arange(len(player.bits)), len(chosen))
        fine = (used[left] & player.bits[right]) == 0
        left, right = left[fine], right[fine]
        chosen = np.column_stack([chosen[left], right])
        used = used[left] | player.bits[right]
    return chosen, used


def _exact(
    players: list[_Player],
    deck: npt.NDArray[np.intp],
    board_word: int,
    board_bits: int,
    missing: int,
    threads: int | None,
) -> tuple[_Counts, int]:
    chosen, used = _combinations(players)
    if not len(chosen):
        raise InvalidRangeError("no deal is possible: the hands always share a card")
    counts = np.zeros((len(players), len(players) + 1), dtype=np.int64)
    hole_words = np.stack([p.words[chosen[:, i]] for i, p in enumerate(players)])
    hole_bits = np.stack([p.bits[chosen[:, i]] for i, p in enumerate(players)])
    deck_bits = _arrays.CARD_BITS[deck]
    if len(chosen) == 1:  # known hands: every board, on every thread
        free = deck[(deck_bits & used[0]) == 0]
        counts += _exact_known(
            hole_words[:, 0], hole_bits[:, 0], free, board_word, board_bits, missing, threads
        )
        return counts, comb(len(deck) - 2 * len(players), missing)
    if missing == 5:
        # One choice of combos is a job of a few milliseconds, too short to share between
        # threads: the threads share out the choices instead.
        def one(t: int) -> _Counts:
            free = deck[(deck_bits & used[t]) == 0]
            return _exact_known(
                hole_words[:, t], hole_bits[:, t], free, board_word, board_bits, missing, 1
            )

        counts += np.sum(_parallel.run(one, range(len(chosen)), threads), axis=0)
        return counts, len(chosen) * comb(len(deck) - 2 * len(players), missing)
    # A few cards to come: every (combos, board) pair of a block at once, by broadcasting.
    # Boards that use a card of the combos are evaluated too, then given the value 0
    # for every player: they come out as ties of all players and are taken off.
    boards_words = _arrays.combo_sums(_arrays.CARD_WORDS[deck], missing) + (
        board_word + _arrays.FLUSH_BIAS
    )
    boards_bits = _arrays.combo_sums(deck_bits, missing)
    step = max(1, _parallel.CHUNK // len(boards_words))

    def piece(start: int) -> tuple[_Counts, int]:
        stop = min(start + step, len(chosen))
        clash = ((used[start:stop, None] & boards_bits[None, :]) != 0).reshape(-1)
        width = len(boards_words)
        count = (stop - start) * width
        hole = np.repeat(hole_words[:, start:stop], width, axis=1)
        held = np.repeat(hole_bits[:, start:stop], width, axis=1) | board_bits
        on_board = np.tile(boards_words, stop - start)

        def bits_at(columns: npt.NDArray[np.intp]) -> _I64:
            return boards_bits[columns % width]

        values = _values(hole, held, on_board, bits_at)
        assert values.shape == (len(players), count)
        values[:, clash] = 0
        tally = _tally(values)
        skipped = int(np.count_nonzero(clash))
        tally[:, len(players)] -= skipped
        return tally, len(clash) - skipped

    results = _parallel.run(piece, range(0, len(chosen), step), threads)
    for part, _ in results:
        counts += part
    return counts, sum(n for _, n in results)


def _monte_carlo(
    players: list[_Player],
    deck: npt.NDArray[np.intp],
    board_word: int,
    board_bits: int,
    missing: int,
    samples: int,
    rng: np.random.Generator,
    threads: int | None,
) -> _Counts:
    deck_words = _arrays.CARD_WORDS[deck]
    deck_bits = _arrays.CARD_BITS[deck]
    sizes = [_parallel.CHUNK] * (samples // _parallel.CHUNK)
    if samples % _parallel.CHUNK:
        sizes.append(samples % _parallel.CHUNK)
    streams = rng.spawn(len(sizes))
    if all(len(p.words) == 1 for p in players) and samples >= _FEW_SAMPLES:
        return _monte_carlo_known(
            players, deck, board_word, board_bits, missing, sizes, streams, threads
        )

    def piece(task: tuple[int, np.random.Generator]) -> _Counts:
        size, g = task
        picks = np.empty((len(players), size), dtype=np.intp)
        used = np.empty(size, dtype=np.int64)
        todo = np.arange(size)
        for _ in range(10_000):
            draw = [g.integers(0, len(p.bits), size=len(todo)) for p in players]
            taken = np.zeros(len(todo), dtype=np.int64)
            fine = np.ones(len(todo), dtype=bool)
            for p, d in zip(players, draw, strict=True):
                fine &= (taken & p.bits[d]) == 0
                taken |= p.bits[d]
            for i, d in enumerate(draw):
                picks[i, todo[fine]] = d[fine]
            used[todo[fine]] = taken[fine]
            todo = todo[~fine]
            if not todo.size:
                break
        else:
            raise InvalidRangeError("no deal is possible: the ranges almost always share a card")
        words = np.full(size, board_word + _arrays.FLUSH_BIAS, dtype=np.int64)
        bits = np.full(size, board_bits, dtype=np.int64)
        for _ in range(missing):
            card = g.integers(0, len(deck), size=size)
            clash = np.flatnonzero(deck_bits[card] & used)
            while clash.size:
                card[clash] = g.integers(0, len(deck), size=clash.size)
                clash = clash[(deck_bits[card[clash]] & used[clash]) != 0]
            words += deck_words[card]
            bits |= deck_bits[card]
            used |= deck_bits[card]
        hole_words = np.stack([p.words[picks[i]] for i, p in enumerate(players)])
        hole_bits = np.stack([p.bits[picks[i]] for i, p in enumerate(players)])
        return _tally(_values(hole_words, hole_bits, words, bits.__getitem__))

    parts = _parallel.run(piece, list(zip(sizes, streams, strict=True)), threads)
    return np.sum(parts, axis=0)  # type: ignore[no-any-return]


def _monte_carlo_known(
    players: list[_Player],
    deck: npt.NDArray[np.intp],
    board_word: int,
    board_bits: int,
    missing: int,
    sizes: list[int],
    streams: list[np.random.Generator],
    threads: int | None,
) -> _Counts:
    """Known hands, many samples: each deal's board by :mod:`croupier.evaluate._deals`."""
    hole_words = np.array([p.words[0] for p in players], dtype=np.int64)
    hole_bits = np.array([p.bits[0] for p in players], dtype=np.int64)
    free = deck[(_arrays.CARD_BITS[deck] & np.bitwise_or.reduce(hole_bits)) == 0]
    free_words = np.ascontiguousarray(_arrays.CARD_WORDS[free])
    free_bits = np.ascontiguousarray(_arrays.CARD_BITS[free])
    base = board_word + _arrays.FLUSH_BIAS
    keys = _deals.stream_keys(streams)
    kernel = _kernel.compiled()
    if kernel is not None:  # one call: the kernel's threads take the streams in turn
        counts = np.zeros((len(players), len(players) + 1), dtype=np.int64)
        count = _parallel.default_threads() if threads is None else threads
        deals = np.array(sizes, dtype=np.int64)
        kernel.deal(
            hole_words,
            hole_bits,
            free_words,
            free_bits,
            base,
            board_bits,
            missing,
            keys,
            deals,
            count,
            counts,
        )
        return counts

    def stream(task: tuple[int, int]) -> _Counts:
        key, size = task
        at = _deals.board_positions(key, size, len(free), missing)
        words = free_words[at].sum(axis=1, dtype=np.int64) + base
        bits = (
            np.bitwise_or.reduce(free_bits[at], axis=1) | board_bits
            if missing
            else np.full(size, board_bits, dtype=np.int64)
        )
        return _tally(_values(hole_words, hole_bits, words, bits.__getitem__))

    tasks = [(int(key), size) for key, size in zip(keys, sizes, strict=True)]
    return np.sum(_parallel.run(stream, tasks, threads), axis=0)  # type: ignore[no-any-return]


# --------------------------------------------------------------------------- the function


def equity(
    hands: Sequence[HandSpec],
    *,
    board: str | Iterable[Card | str] = (),
    dead: str | Iterable[Card | str] = (),
    exact: bool | None = None,
    samples: int | None = None,
    rng: np.random.Generator | int | None = None,
    threads: int | None = None,
) -> EquityResult:
    """Each hand's wins, ties and equity over the boards to come (see the module).

    ``exact=True`` forces enumeration, ``samples=N`` (or ``exact=False``) Monte
    Carlo with ``N`` (default :data:`DEFAULT_SAMPLES`) deals from ``rng`` (a
    ``numpy`` generator or a seed; fresh entropy if ``None``). Bad cards, boards
    or ranges raise :class:`~croupier.errors.InvalidCardError` or
    :class:`~croupier.errors.InvalidRangeError`; a bad count, seed or number of
    threads (``samples`` from 1 to :data:`MAX_SAMPLES`) raises
    :class:`~croupier.errors.InvalidArgumentError`.

    >>> equity(["AhAd", "7c2s"], board="Ac 7d 2h 9s Ts").wins
    (1, 0)
    """
    exact, samples, rng = _options(exact, samples, rng)
    if threads is not None:
        threads = _parallel.check_threads(threads)
    board_cards = _cards(board, "board")
    dead_cards = _cards(dead, "dead cards")
    players = _players(hands, board_cards, dead_cards)
    gone = set(board_cards) | set(dead_cards)
    deck = np.array([c.index for c in FULL_DECK if c not in gone], dtype=np.intp)
    missing = 5 - len(board_cards)
    if len(deck) - 2 * len(players) < missing:
        raise InvalidCardError(
            f"not enough cards: {len(deck) - 2 * len(players)} left for {missing} more on the board"
        )
    board_word = sum(int(_arrays.CARD_WORDS[c.index]) for c in board_cards)
    board_bits = sum(int(_arrays.CARD_BITS[c.index]) for c in board_cards)
    combos = prod(len(p.words) for p in players)
    work = combos * comb(len(deck) - 2 * len(players), missing) * len(players)
    if exact is None and samples is None:
        exact = combos <= _TUPLE_LIMIT and work <= EXACT_LIMIT
    if exact:
        if combos > _TUPLE_LIMIT or work > EXACT_MAX:
            raise InvalidArgumentError(
                f"{combos:,} combinations of hole cards on every board are too many to "
                "enumerate: use Monte Carlo (samples=...)"
            )
        counts, deals = _exact(players, deck, board_word, board_bits, missing, threads)
        method = "exact"
    else:
        deals = samples if samples is not None else DEFAULT_SAMPLES
        generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        counts = _monte_carlo(
            players, deck, board_word, board_bits, missing, deals, generator, threads
        )
        method = "monte carlo"
    return _result(players, board_cards, dead_cards, method, deals, counts)


def _options(
    exact: object, samples: object, rng: object
) -> tuple[bool | None, int | None, np.random.Generator | int | None]:
    """Check how to count: ``exact``, ``samples`` and ``rng``, or InvalidArgumentError."""
    if exact is not None and exact is not True and exact is not False:
        raise InvalidArgumentError(f"exact must be True, False or None, not {quote(exact)}")
    if samples is not None:
        if type(samples) is int and samples < 1:
            raise InvalidArgumentError(f"samples must be at least 1, got {quote(samples)}")
        samples = whole(samples, "samples", low=1, high=MAX_SAMPLES, error=InvalidArgumentError)
        if exact:
            raise InvalidArgumentError(
                "ask for an exact count or for a number of samples, not both"
            )
    if rng is not None and not isinstance(rng, np.random.Generator):
        rng = whole(rng, "the seed (rng)", high=MAX_SEED, error=InvalidArgumentError)
    return exact, samples, rng


def _result(
    players: list[_Player],
    board: tuple[Card, ...],
    dead: tuple[Card, ...],
    method: str,
    deals: int,
    counts: _Counts,
) -> EquityResult:
    shares = np.array([0.0] + [1.0 / j for j in range(1, len(players) + 1)])
    means = counts @ shares / deals
    if method == "exact" or deals < 2:
        errors = [0.0] * len(players)
    else:
        squares = counts @ (shares * shares) / deals
        errors = [
            sqrt(max(s - m * m, 0.0) / (deals - 1)) for s, m in zip(squares, means, strict=True)
        ]
    return EquityResult(
        hands=tuple(p.label for p in players),
        board=board,
        dead=dead,
        method=method,
        boards=deals,
        wins=tuple(int(c) for c in counts[:, 1]),
        ties=tuple(int(c) for c in counts[:, 2:].sum(axis=1)),
        equity=tuple(float(m) for m in means),
        stderr=tuple(errors),
    )
