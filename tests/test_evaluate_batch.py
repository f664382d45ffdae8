"""Many hands at once: the numpy path agrees with the one-hand path; all 133,784,560 hands."""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np
import pytest

from croupier.cards import Card
from croupier.errors import InvalidCardError
from croupier.evaluate import Category, evaluate
from croupier.evaluate.batch import (
    ALL_7CARD_HANDS,
    evaluate_all_7card,
    evaluate_batch,
    random_hands,
    value_counts,
)


def one_by_one(hands: np.ndarray) -> np.ndarray:
    return np.array([evaluate([Card.from_index(int(i)) for i in row]) for row in hands])


@pytest.fixture(scope="module")
def all_7card_values() -> np.ndarray:
    return evaluate_all_7card()


@pytest.mark.rule("ITA-12")
def test_all_seven_card_hands_each_once_give_the_known_counts(
    all_7card_values: np.ndarray,
) -> None:
    assert all_7card_values.shape == (ALL_7CARD_HANDS,) == (133_784_560,)
    counts = value_counts(all_7card_values)
    assert counts[0] == 0 and counts.sum() == ALL_7CARD_HANDS
    assert np.count_nonzero(counts) == 4824
    per_category = {
        c: int(counts[c.value_range.start : c.value_range.stop].sum()) for c in Category
    }
    assert per_category == {
        Category.STRAIGHT_FLUSH: 41_584,
        Category.FOUR_OF_A_KIND: 224_848,
        Category.FULL_HOUSE: 3_473_184,
        Category.FLUSH: 4_047_644,
        Category.STRAIGHT: 6_180_020,
        Category.THREE_OF_A_KIND: 6_461_620,
        Category.TWO_PAIR: 31_433_400,
        Category.PAIR: 58_627_800,
        Category.HIGH_CARD: 23_294_460,
    }
    assert counts[7462] == 4_324  # royal flushes


def _lex_rank(combo: tuple[int, ...], n: int = 52) -> int:
    """Position of a sorted combination in itertools.combinations(range(n), k) order."""
    k, position, previous = len(combo), 0, -1
    for i, c in enumerate(combo):
        for skipped in range(previous + 1, c):
            position += comb(n - skipped - 1, k - i - 1)
        previous = c
    return position


def test_all_seven_card_hands_come_in_combinations_order(all_7card_values: np.ndarray) -> None:
    assert _lex_rank((0, 1, 2, 3, 4, 5, 6)) == 0
    assert _lex_rank(tuple(range(45, 52))) == ALL_7CARD_HANDS - 1
    assert [_lex_rank(c, 6) for c in combinations(range(6), 3)] == list(range(20))
    rng = np.random.default_rng(3)
    for _ in range(3000):
        combo = tuple(sorted(rng.choice(52, size=7, replace=False).tolist()))
        expected = evaluate([Card.from_index(i) for i in combo])
        assert all_7card_values[_lex_rank(combo)] == expected
    first = [Card.from_index(i) for i in range(7)]
    assert all_7card_values[0] == evaluate(first)


def test_all_five_card_hands_in_one_batch() -> None:
    hands = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    counts = value_counts(evaluate_batch(hands))
    assert np.count_nonzero(counts) == 7462 and counts.sum() == 2_598_960
    assert counts[Category.FLUSH.value_range.start : Category.FLUSH.value_range.stop].sum() == 5108


@pytest.mark.parametrize("size", [5, 6, 7])
def test_batch_agrees_with_one_hand_at_a_time(size: int) -> None:
    hands = random_hands(60_000, size, rng=size)
    assert np.array_equal(evaluate_batch(hands), one_by_one(hands))


def test_batch_on_many_flushes_and_straight_flushes() -> None:
    """Hands drawn from 26 cards of two suits: a third hold a flush."""
    rng = np.random.default_rng(8)
    pool = np.array([i for i in range(52) if i % 4 in (1, 3)])
    hands = np.array([rng.choice(pool, 7, replace=False) for _ in range(20_000)])
    values = evaluate_batch(hands)
    flushes = (values >= Category.FLUSH.value_range.start) & (
        (values < Category.FULL_HOUSE.value_range.start)
        | (values >= Category.STRAIGHT_FLUSH.value_range.start)
    )
    assert flushes.mean() > 0.3
    assert (values >= Category.STRAIGHT_FLUSH.value_range.start).sum() > 50
    assert np.array_equal(values, one_by_one(hands))


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.uint16, np.int32, np.int64])
def test_any_integer_dtype_and_lists(dtype: type) -> None:
    hands = random_hands(2_000, 7, rng=1)
    expected = evaluate_batch(hands)
    assert np.array_equal(evaluate_batch(hands.astype(dtype)), expected)
    assert np.array_equal(evaluate_batch(hands.T.copy().T.astype(dtype)), expected)  # strided
    assert evaluate_batch(hands[:3].tolist()).tolist() == expected[:3].tolist()
    assert evaluate_batch(np.empty((0, 7), dtype=dtype)).shape == (0,)


def test_thread_count_does_not_change_the_values() -> None:
    hands = random_hands(300_000, 7, rng=4)
    assert np.array_equal(evaluate_batch(hands, threads=1), evaluate_batch(hands, threads=3))
    with pytest.raises(ValueError, match="threads must be at least 1"):
        evaluate_batch(hands, threads=0)


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        (np.zeros((3, 4), dtype=np.uint8), r"shape \(N, 5\), \(N, 6\) or \(N, 7\).*\(3, 4\)"),
        (np.zeros(7, dtype=np.uint8), r"got shape \(7,\)"),
        (np.zeros((2, 7)), "card indices must be integers, got dtype float64"),
        (np.array([[0, 1, 2, 3, 52]]), "card index 52 in hand 0 is out of range"),
        (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -1]]), "card index -1 in hand 1"),
    ],
)
def test_bad_batches_are_refused(hands: np.ndarray, message: str) -> None:
    with pytest.raises(InvalidCardError, match=message):
        evaluate_batch(hands)


def test_repeated_cards_are_caught_on_request() -> None:
    hands = np.array([[0, 1, 2, 3, 4, 5, 6], [8, 9, 10, 11, 12, 13, 8]])
    with pytest.raises(InvalidCardError, match=r"hand 1 holds a card twice: \[8, 9"):
        evaluate_batch(hands, check_distinct=True)
    assert evaluate_batch(hands[:1], check_distinct=True).shape == (1,)


def test_random_hands_are_distinct_cards_and_reproducible() -> None:
    for size in (2, 5, 7, 12):
        hands = random_hands(5_000, size, rng=9)
        assert hands.shape == (5_000, size) and hands.dtype == np.uint8 and hands.max() < 52
        assert all(len(set(row)) == size for row in hands.tolist())
        assert np.array_equal(hands, random_hands(5_000, size, rng=9))
    counts = np.bincount(random_hands(52_000, 7, rng=2).reshape(-1), minlength=52)
    assert counts.min() > 6_000 and counts.max() < 8_000  # every card about 7,000 times
    with pytest.raises(ValueError, match="cannot be dealt"):
        random_hands(1, 53)


def test_value_counts() -> None:
    counts = value_counts(np.array([1, 7462, 7462, 5], dtype=np.uint16))
    assert counts.shape == (7463,) and counts[7462] == 2 and counts.sum() == 4


def _evaluate_in_child(hands: np.ndarray, expected: np.ndarray) -> None:
    assert np.array_equal(evaluate_batch(hands, threads=2), expected)


def test_a_forked_child_gets_fresh_worker_threads() -> None:
    """The thread pool does not survive a fork: the child must not wait on dead threads."""
    import multiprocessing

    hands = random_hands(300_000, 7, rng=6)
    expected = evaluate_batch(hands, threads=2)  # the parent's pool exists now
    child = multiprocessing.get_context("fork").Process(
        target=_evaluate_in_child, args=(hands, expected)
    )
    child.start()
    child.join(timeout=60)
    if child.is_alive():
        child.kill()
        child.join()
    assert child.exitcode == 0
