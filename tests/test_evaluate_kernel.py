"""The compiled kernel (croupier.evaluate._ckernel) gives the pure paths' answers, every one.

Each test runs the same input through the kernel and through the pure path (plain Python for
one hand, numpy for many), in the same process, and asserts equal values, counts and errors.
The pure path is also checked to be the one chosen when the kernel is ruled out
(``CROUPIER_KERNEL=pure``).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable
from itertools import combinations

import numpy as np
import pytest

from croupier.cards import FULL_DECK, Card, parse_cards
from croupier.evaluate import _kernel, batch, hand
from croupier.evaluate.equity import equity

KERNEL = _kernel.KERNEL
needs_kernel = pytest.mark.skipif(
    KERNEL is None,
    reason="the compiled kernel is not built here (no C compiler at install, or "
    "CROUPIER_KERNEL=pure): the pure paths are what every other test runs",
)


@pytest.fixture
def pure(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Call it to make the array paths pure for the rest of the test."""
    return lambda: monkeypatch.setattr(_kernel, "KERNEL", None)


def _outcome(function: Callable[[object], int], cards: object) -> tuple[str, object]:
    try:
        return "value", function(cards)
    except Exception as error:  # the error's type and message are part of the answer
        return type(error).__name__, str(error)


@needs_kernel
def test_one_hand_is_the_kernel_when_it_is_built() -> None:
    assert hand.evaluate is not hand._pure_evaluate
    assert _kernel.name() == "c"


@needs_kernel
@pytest.mark.parametrize("size", [5, 6, 7])
def test_one_hand_matches_the_pure_path_on_random_hands(size: int) -> None:
    rng = random.Random(size)
    for _ in range(60_000):
        cards = rng.sample(FULL_DECK, size)
        as_tuple = tuple(cards)
        expected = hand._pure_evaluate(cards)
        assert hand.evaluate(cards) == expected
        assert hand.evaluate(as_tuple) == expected


@needs_kernel
def test_one_hand_matches_the_pure_path_on_every_flush_and_straight_shape() -> None:
    # every five ranks in one suit plus two more cards: flushes, straight flushes, the wheel
    spades = [Card(f"{rank}s") for rank in "23456789TJQKA"]
    others = [card for card in FULL_DECK if card.suit != 3]
    rng = random.Random(7)
    for five in combinations(spades, 5):
        extra = rng.sample(others, 2)
        for cards in (list(five), [*five, extra[0]], [*five, *extra]):
            assert hand.evaluate(cards) == hand._pure_evaluate(cards)


@needs_kernel
@pytest.mark.parametrize(
    "cards",
    [
        "As Ks Qs Js Ts",
        "As Ks Qs Js Ts 9s As",  # a card twice
        [Card("As")] * 7,
        list(parse_cards("As Ks Qs Js")),  # four cards
        list(parse_cards("As Ks Qs Js Ts 9s 8s 7s")),  # eight
        [1, 2, 3, 4, 5],  # ints that are not cards
        [True, False, True, False, True],
        [*parse_cards("As Ks Qs Js"), "Ts"],  # a string among cards
        [*parse_cards("As Ks Qs Js"), 2**70],
        [*parse_cards("As Ks Qs Js"), -1],
        [*parse_cards("As Ks Qs Js"), 1.5],
        iter(parse_cards("As Ks Qs Js Ts")),  # not a list or tuple: the pure path
        None,
        42,
        [],
    ],
)
def test_anything_else_gets_the_pure_paths_answer_or_error(cards: object) -> None:
    # iterators are consumed: give each path its own
    def fresh() -> object:
        return iter(parse_cards("As Ks Qs Js Ts")) if hasattr(cards, "__next__") else cards

    assert _outcome(hand.evaluate, fresh()) == _outcome(hand._pure_evaluate, fresh())


@needs_kernel
@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("threads", [1, 2])
def test_batches_match_the_numpy_path(size: int, threads: int, pure: Callable[[], None]) -> None:
    hands = batch.random_hands(400_000, size, rng=size * 10 + threads)
    fast = batch.evaluate_batch(hands, threads=threads)
    odd = batch.evaluate_batch(hands[::3], threads=threads)  # a strided view
    pure()
    assert np.array_equal(fast, batch.evaluate_batch(hands, threads=threads))
    assert np.array_equal(odd, batch.evaluate_batch(hands[::3], threads=threads))


@needs_kernel
@pytest.mark.parametrize("size", [5, 6, 7])
def test_batches_with_repeated_cards_get_the_numpy_answers(
    size: int, pure: Callable[[], None]
) -> None:
    # not checked without check_distinct=True: whatever numpy answers, the kernel answers
    rng = np.random.default_rng(size)
    hands = rng.integers(0, 52, size=(200_000, size), dtype=np.uint8)
    hands[:1000] = rng.integers(48, 52, size=(1000, size), dtype=np.uint8)  # aces, over and over
    hands[1000:2000] = rng.integers(0, 13, size=(1000, size), dtype=np.uint8) * 4  # clubs
    fast = batch.evaluate_batch(hands)
    pure()
    assert np.array_equal(fast, batch.evaluate_batch(hands))


@needs_kernel
def test_the_rank_tables_perfect_hash_is_cache_sized() -> None:
    # the point of the hash: seven cards' 49,205 rank multisets in a table that stays in a
    # core's cache (at most 128 Ki slots of 2 bytes, and a row table of 4 bytes a row)
    _kernel.compiled()
    assert KERNEL is not None
    (_, _), (_, _), (slots, rows) = KERNEL.hash_sizes()
    assert 49_205 <= slots <= 2**17
    assert rows * 4 <= 32 * 1024


@needs_kernel
def test_every_five_card_hand_matches_the_numpy_path(pure: Callable[[], None]) -> None:
    hands = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    fast = batch.evaluate_batch(hands)
    pure()
    assert np.array_equal(fast, batch.evaluate_batch(hands))


@needs_kernel
def test_all_seven_card_hands_match_the_numpy_path(pure: Callable[[], None]) -> None:
    fast = batch.evaluate_all_7card()
    digest, counts = hashlib.sha256(fast).digest(), batch.value_counts(fast)
    del fast  # 267 MB each: never two at once
    pure()
    slow = batch.evaluate_all_7card()
    assert hashlib.sha256(slow).digest() == digest
    assert np.array_equal(batch.value_counts(slow), counts)


EQUITY_CASES = [
    {"hands": ["AsAh", "KsKd"]},
    {"hands": ["AsAh", "KsKd", "QcJc"]},
    {"hands": ["7c2d", "7h2s"], "board": "7d 2c 3h"},  # ties on most boards
    {"hands": ["AsAh", "KsKd"], "board": "2c 7h Td"},
    {"hands": ["AsAh", "KsKd", "8h8d", "9c9s"], "board": "2h 3h 4h 5d"},
    {"hands": ["AhKh", "QsQd"], "dead": "Th Jh"},
    {"hands": ["AA", "KsKd"], "exact": True},  # a range, every board
    {"hands": ["AsAh", "KsKd", "QcJc"], "samples": 300_000, "rng": 5},
    {"hands": ["AsAh", "KsKd"], "board": "2c 7h Td", "samples": 200_000, "rng": 9},
    {"hands": ["AsAh", "KsKd", "QcJc", "9d9c", "5h4h"], "samples": 150_000, "rng": 1},
    {
        "hands": ["AsAh", "KsKd"],
        "board": "2c 7h Td Js",
        "dead": "3s 4s",
        "samples": 100_000,
        "rng": 6,
    },
    {
        "hands": ["AsAh", "KsKd", "QcJc", "9d9c", "5h4h", "2c2d", "7s8s", "AcKc", "3h3d", "TdJd"],
        "samples": 100_000,
        "rng": 3,
    },
    {"hands": ["AsAh", "KsKd", "QcJc"], "board": "2c 7h 9d", "dead": "Kh", "exact": True},
]


@needs_kernel
@pytest.mark.parametrize("case", EQUITY_CASES, ids=lambda case: json.dumps(case))
@pytest.mark.parametrize("threads", [1, 2])
def test_equity_matches_the_numpy_path(
    case: dict[str, object], threads: int, pure: Callable[[], None]
) -> None:
    fast = equity(threads=threads, **case)  # type: ignore[arg-type]
    pure()
    assert fast == equity(threads=threads, **case)  # type: ignore[arg-type]


_PROBE = """
import json
from croupier.cards import parse_cards
from croupier.evaluate import _kernel, hand
from croupier.evaluate.batch import evaluate_batch, random_hands
from croupier.evaluate.equity import equity
print(json.dumps({
    "kernel": _kernel.name(),
    "pure_evaluate": hand.evaluate is hand._pure_evaluate,
    "one": [hand.evaluate(parse_cards(h)) for h in ("As Ks Qs Js Ts 2d 2c", "7h 5d 4c 3s 2h Kd")],
    "batch": evaluate_batch(random_hands(1000, rng=3)).tolist(),
    "equity": equity(["AsAh", "KsKd", "QcJc"], samples=150_000, rng=2).wins,
}))
"""


def _probe(kernel: str | None) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "CROUPIER_KERNEL"}
    if kernel is not None:
        env["CROUPIER_KERNEL"] = kernel
    done = subprocess.run(
        [sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, check=True
    )
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_croupier_kernel_pure_chooses_the_pure_paths_with_the_same_answers() -> None:
    forced = _probe("pure")
    assert forced["kernel"] == "pure"
    assert forced["pure_evaluate"] is True
    default = _probe(None)
    built = importlib.util.find_spec("croupier.evaluate._ckernel") is not None
    assert default["kernel"] == ("c" if built else "pure")
    assert default["pure_evaluate"] is (not built)
    for key in ("one", "batch", "equity"):
        assert default[key] == forced[key]
