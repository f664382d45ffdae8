"""Monte Carlo's boards for known hands (croupier.evaluate._deals): the documented stream, drawn
the same by the numpy path and the compiled kernel, uniform, and honest against exact equity.

The reference here is a plain-Python reading of the stream as the module's docstring states
it (splitmix64 on Python ints, one lane at a time), independent of the vectorized code.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from croupier.cards import FULL_DECK, parse_cards
from croupier.evaluate import _deals, _kernel, hand
from croupier.evaluate.equity import equity

MASK = 2**64 - 1
GAMMA = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def _reference_board(key: int, deal: int, cards: int, missing: int) -> list[int]:
    """Deal ``deal``'s board positions, read lane by lane as the docstring says."""
    board: list[int] = []
    lane = 0
    while len(board) < missing:
        word = _mix((key + (((lane // 5) << 16) + deal + 1) * GAMMA) & MASK)
        value = (word >> (12 * (lane % 5))) & 0xFFF
        lane += 1
        product = value * cards
        if product % 4096 < 4096 % cards:
            continue  # Lemire's rejection
        card = product >> 12
        if card not in board:
            board.append(card)
    return board


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to make the array paths pure for the rest of the test."""
    return lambda: monkeypatch.setattr(_kernel, "KERNEL", None)


@pytest.mark.parametrize(
    ("key", "cards", "missing"),
    [
        (0, 46, 5),
        (2**64 - 1, 45, 2),
        (12345678901234567, 48, 5),
        (7, 5, 5),
        (99, 30, 1),
        (3, 44, 0),
    ],
)
def test_boards_follow_the_documented_stream(key: int, cards: int, missing: int) -> None:
    drawn = _deals.board_positions(key, 3000, cards, missing)
    assert drawn.shape == (3000, missing)
    for deal in (0, 1, 2, 17, 1000, 2999):
        assert drawn[deal].tolist() == _reference_board(key, deal, cards, missing)


def test_each_card_is_equally_likely_and_a_board_never_repeats_one() -> None:
    drawn = _deals.board_positions(2024, _deals.DEALS_PER_STREAM, 46, 5)
    ordered = np.sort(drawn, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all() and drawn.min() >= 0 and drawn.max() < 46
    counts = np.bincount(drawn.reshape(-1), minlength=46)
    expected = drawn.size / 46
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    assert chi2 < 100  # 45 degrees of freedom: mean 45, sd 9.5; 100 is beyond 5.8 sd
    first = np.bincount(drawn[:, 0], minlength=46)  # the first card alone, too
    chi2_first = float(((first - len(drawn) / 46) ** 2 / (len(drawn) / 46)).sum())
    assert chi2_first < 100


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="65,536 deals"):
        _deals.board_positions(1, _deals.DEALS_PER_STREAM + 1, 46, 5)
    with pytest.raises(ValueError, match="deck holds"):
        _deals.board_positions(1, 10, 4, 5)


@pytest.mark.parametrize("path", ["default", "numpy"])
def test_seeded_equity_is_the_count_over_the_streams_boards(
    path: str, pure: Callable[[], None]
) -> None:
    # known hands, 100,000 deals (the streamed path): recount each deal with the one-hand
    # evaluator over the reference boards of the same keys
    if path == "numpy":
        pure()
    hands, board = ["AsAh", "KsKd"], parse_cards("2c 7h Td")
    result = equity(hands, board=board, samples=100_000, rng=31)
    held = [parse_cards(h) for h in hands]
    deck = [c for c in FULL_DECK if c not in board and all(c not in h for h in held)]
    streams = np.random.default_rng(31).spawn(2)  # 65,536 + 34,464 deals
    keys = [int(k) for k in _deals.stream_keys(streams)]
    wins, ties = [0, 0], 0
    for key, size in zip(keys, (65_536, 34_464), strict=True):
        for deal in range(size):
            full = [*board, *(deck[i] for i in _reference_board(key, deal, len(deck), 2))]
            a, b = (hand.evaluate([*h, *full]) for h in held)
            if a == b:
                ties += 1
            else:
                wins[b > a] += 1
    assert result.wins == tuple(wins) and result.ties == (ties, ties)


@pytest.mark.parametrize("path", ["default", "numpy"])
@pytest.mark.parametrize(
    "case",
    [
        {"hands": ["AsAh", "KsKd", "QcJc"]},
        {"hands": ["AhKh", "QsQd", "7c6c", "2d2s"], "dead": "Th Jh 9c"},
        {"hands": ["AsAh", "KsKd"], "board": "2c 7h Td"},
        {"hands": ["8h9h", "AcKd"], "board": "Th Jh 2c 3d"},
    ],
)
def test_monte_carlo_is_within_four_standard_errors_of_exact(
    case: dict[str, object], path: str, pure: Callable[[], None]
) -> None:
    if path == "numpy":
        pure()
    exact = equity(**case)  # type: ignore[arg-type]
    assert exact.exact
    for seed in (1, 2):
        sampled = equity(samples=150_000, rng=seed, **case)  # type: ignore[arg-type]
        assert not sampled.exact and sampled.boards == 150_000
        for p, q, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
            assert se > 0 and abs(p - q) < 4 * se


def test_every_deal_of_a_partial_last_stream_is_counted_once() -> None:
    # 200,001 deals: three full streams and one of 3,393; each deal shares out one pot
    result = equity(["AsAh", "KsKd"], samples=200_001, rng=4)
    assert result.boards == 200_001
    assert result.wins[0] + result.wins[1] + result.ties[0] == 200_001
    assert result.ties[0] == result.ties[1]
