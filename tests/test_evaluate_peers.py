"""The evaluator orders hands exactly as independent evaluators do (phevaluator, treys).

Both peers number the 7,462 classes from 1 (royal flush) to 7,462 (seven high),
so beyond agreeing on the order of every pair of hands, croupier's value must be
``7463 - peer``. The order check is done without that assumption: the map from
croupier's values to the peer's must be a function, and strictly decreasing.
"""

from __future__ import annotations

import numpy as np
import pytest
from phevaluator import evaluate_cards
from treys import Card as TreysCard
from treys import Evaluator

from croupier.cards import FULL_DECK
from croupier.evaluate.batch import evaluate_batch, random_hands


def assert_same_order(ours: np.ndarray, theirs: np.ndarray) -> None:
    """Equal values map to equal values and higher (better) to lower (better) peer values."""
    pairs = np.unique(np.stack([ours, theirs], axis=1), axis=0)  # sorted by ours, then theirs
    assert len(np.unique(pairs[:, 0])) == len(pairs), "one croupier value, two peer values"
    assert (np.diff(pairs[:, 1]) < 0).all(), "the peer orders some hands the other way"


@pytest.mark.rule("ITA-12", "PKG-1", "CAS-22")
def test_one_million_random_seven_card_hands_against_phevaluator() -> None:
    hands = random_hands(1_000_000, 7, rng=20240601)
    ours = evaluate_batch(hands).astype(np.int64)
    # phevaluator numbers cards 4 * rank + suit with suits c, d, h, s, as croupier does
    theirs = np.array([evaluate_cards(*row) for row in hands.tolist()], dtype=np.int64)
    assert_same_order(ours, theirs)
    assert len(np.unique(ours)) > 4_500
    assert np.array_equal(ours, 7463 - theirs)


@pytest.mark.rule("ITA-12")
@pytest.mark.parametrize("size", [5, 6, 7])
def test_random_hands_of_each_size_against_treys(size: int) -> None:
    hands = random_hands(40_000, size, rng=size + 100)
    treys_cards = [TreysCard.new(str(card)) for card in FULL_DECK]
    evaluator = Evaluator()
    theirs = np.array(
        [evaluator.evaluate([], [treys_cards[i] for i in row]) for row in hands.tolist()],
        dtype=np.int64,
    )
    ours = evaluate_batch(hands).astype(np.int64)
    assert_same_order(ours, theirs)
    assert np.array_equal(ours, 7463 - theirs)


def test_the_order_check_can_fail() -> None:
    with pytest.raises(AssertionError, match="other way"):
        assert_same_order(np.array([1, 2, 3]), np.array([9, 7, 8]))
    with pytest.raises(AssertionError, match="two peer values"):
        assert_same_order(np.array([1, 1, 3]), np.array([9, 8, 7]))
