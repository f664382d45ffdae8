"""One hand: values, categories, best five cards, descriptions, errors, table cache."""

from __future__ import annotations

import doctest
import os
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest

import croupier.evaluate
from croupier.cards import FULL_DECK, Card, format_cards, parse_cards
from croupier.errors import InvalidCardError
from croupier.evaluate import (
    MAX_VALUE,
    Category,
    _tables,
    category_of,
    describe,
    evaluate,
    evaluate_checked,
    hand,
    ranges,
    rank_hand,
)


def value(text: str) -> int:
    return evaluate(parse_cards(text))


# ------------------------------------------------------------------ ranking (ITA-12)

LADDER = [  # from the best hand down, each category from its best to its worst hand
    ("AsKsQsJsTs", "Royal flush"),
    ("KhQhJhTh9h", "Straight flush, king high"),
    ("5d4d3d2dAd", "Straight flush, five high"),  # the steel wheel: the lowest
    ("AcAdAhAsKc", "Four of a kind, aces"),
    ("2c2d2h2s3c", "Four of a kind, twos"),
    ("AcAdAhKcKd", "Full house, aces full of kings"),
    ("2c2d2h3c3d", "Full house, twos full of threes"),
    ("AhKhQhJh9h", "Flush, ace high"),
    ("7c5c4c3c2c", "Flush, seven high"),
    ("AcKdQhJsTc", "Straight, ace high"),
    ("6c5d4h3s2c", "Straight, six high"),
    ("5c4d3h2sAc", "Straight, five high"),  # the wheel: the lowest straight
    ("AcAdAhKsQd", "Three of a kind, aces"),
    ("2c2d2h4s3d", "Three of a kind, twos"),
    ("AcAdKhKsQd", "Two pair, aces and kings"),
    ("3c3d2h2s4c", "Two pair, threes and twos"),
    ("AcAdKhQsJd", "Pair of aces"),
    ("2c2d5h4s3d", "Pair of twos"),
    ("AcKdQhJs9d", "High card, ace"),
    ("7c5d4h3s2d", "High card, seven"),
]


@pytest.mark.rule("ITA-12")
def test_the_ladder_of_hands_from_royal_flush_down_to_seven_high() -> None:
    values = [value(text) for text, _ in LADDER]
    assert values == sorted(values, reverse=True)
    assert len(set(values)) == len(values)
    assert values[0] == MAX_VALUE and values[-1] == 1
    assert [describe(v) for v in values] == [name for _, name in LADDER]


@pytest.mark.rule("ITA-12")
def test_the_wheel_is_the_lowest_straight_and_the_ace_plays_low_only_there() -> None:
    wheel, six_high, broadway = value("Ac2d3h4s5c"), value("2d3h4s5c6d"), value("TcJdQhKsAc")
    assert category_of(wheel) == Category.STRAIGHT
    assert wheel == Category.STRAIGHT.value_range.start < six_high < broadway
    assert broadway == Category.STRAIGHT.value_range.stop - 1
    assert category_of(value("QcKdAh2s3c")) == Category.HIGH_CARD  # no wrap-around straight
    steel = rank_hand("Ah2h3h4h5h")
    assert steel.category == Category.STRAIGHT_FLUSH
    assert steel.value == Category.STRAIGHT_FLUSH.value_range.start
    assert format_cards(steel.cards) == "5h4h3h2hAh"


@pytest.mark.rule("ITA-12")
def test_categories_have_the_standard_number_of_classes_and_rank_in_order() -> None:
    sizes = [len(c.value_range) for c in Category]
    assert sizes == [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]
    assert Category.HIGH_CARD.value_range.start == 1
    assert Category.STRAIGHT_FLUSH.value_range.stop == MAX_VALUE + 1
    for low, high in zip(Category, list(Category)[1:], strict=False):
        assert low.value_range.stop == high.value_range.start
    for v in (1, 1277, 1278, 5854, 5863, 5864, 7140, 7141, 7452, 7453, 7462):
        assert v in category_of(v).value_range
    assert Category.THREE_OF_A_KIND.label == "Three of a kind"


@pytest.mark.rule("ITA-12")
def test_all_five_card_hands_one_at_a_time_give_the_known_counts() -> None:
    """The pure-Python path on all 2,598,960 five-card hands: 7,462 values."""
    values = Counter(evaluate(hand) for hand in combinations(FULL_DECK, 5))
    assert len(values) == 7462
    per_category = Counter()
    for v, n in values.items():
        per_category[category_of(v)] += n
    assert per_category == {
        Category.STRAIGHT_FLUSH: 40,
        Category.FOUR_OF_A_KIND: 624,
        Category.FULL_HOUSE: 3744,
        Category.FLUSH: 5108,
        Category.STRAIGHT: 10200,
        Category.THREE_OF_A_KIND: 54912,
        Category.TWO_PAIR: 123552,
        Category.PAIR: 1098240,
        Category.HIGH_CARD: 1302540,
    }
    assert values[MAX_VALUE] == 4  # the four royal flushes


# ---------------------------------------------- best five of seven (PKG-1, ITA-11, CAS-22)


@pytest.mark.rule("PKG-1", "ITA-11", "CAS-22")
@pytest.mark.parametrize(
    ("seven", "best", "description"),
    [
        # the board plays: both hole cards are of no use
        ("2c3d AhKhQhJhTh", "AhKhQhJhTh", "Royal flush"),
        # one hole card makes the straight flush over the board's flush
        ("9h2c AhQhJhTh8h", "QhJhTh9h8h", "Straight flush, queen high"),
        # a flush beats the straight that is also there
        ("Kd2d 9d8c7d6d5s", "Kd9d7d6d2d", "Flush, king high"),
        # three pairs: the third pair counterfeits nothing but the kicker is the best card left
        ("AsAd KcKh 4c4d Qs", "AsAdKcKhQs", "Two pair, aces and kings"),
        # counterfeited: the board's two higher pairs play, the hole pair of fours does not
        ("4c4d AsAhKsKh9c", "AsAhKsKh9c", "Two pair, aces and kings"),
        # two trips: the higher trips and a pair from the lower
        ("7s7d 7c 2h2d2s Kc", "7s7d7c2h2d", "Full house, sevens full of twos"),
        # full house from trips and the higher of two pairs
        ("KhKdKs 7c7d 2s2h", "KhKdKs7c7d", "Full house, kings full of sevens"),
        # four of a kind and the best kicker of the three left
        ("AcAdAhAs 3c 3d Kc", "AcAdAhAsKc", "Four of a kind, aces"),
        # the wheel with a higher card that does not make a straight
        ("Ah2d 3c4s5hKdQc", "5h4s3c2dAh", "Straight, five high"),
        # six high beats the wheel on the same board
        ("6c2d 3c4s5hAhKd", "6c5h4s3c2d", "Straight, six high"),
        ("Jc Jd 9h 8s 2c 3d 4h", "JcJd9h8s4h", "Pair of jacks"),
        ("Ac Jd 9h 8s 2c 3d 4h", "AcJd9h8s4h", "High card, ace"),
        ("9c 9d 9h 2s 3c 5d Kh", "9c9d9hKh5d", "Three of a kind, nines"),
    ],
)
def test_best_five_of_seven(seven: str, best: str, description: str) -> None:
    ranked = rank_hand(seven)
    assert format_cards(ranked.cards) == best
    assert ranked.description == description
    assert evaluate(ranked.cards) == ranked.value == evaluate(parse_cards(seven))
    assert str(ranked) == f"{description} ({best})"


@pytest.mark.rule("PKG-1", "ITA-11", "CAS-22")
def test_kickers_decide_in_order_and_exact_ties_are_equal() -> None:
    board = "AcKd8h5s2c"
    assert value("Qh3d" + board) > value("Jh9d" + board)  # third card decides
    assert value("AhQd" + board) > value("AsJd" + board)  # pair of aces: first kicker
    assert value("AhQd7c6h3s") > value("AsQc7d6s2h")  # the fifth card decides
    # the fifth card of the board plays for both: an exact tie, whatever the suits
    assert value("Qh3d" + board) == value("Qs4d" + board)
    assert value("AsKsQsJs9h") == value("AhKhQhJh9s")
    # six and seven cards take the best five
    assert value("AsKsQsJsTs2c") == value("AsKsQsJsTs2c3d") == MAX_VALUE


@pytest.mark.rule("PKG-1", "ITA-11", "CAS-22")
def test_the_best_five_of_any_seven_are_worth_the_seven() -> None:
    import random

    rng = random.Random(12)
    for _ in range(3000):
        seven = rng.sample(FULL_DECK, 7)
        ranked = rank_hand(seven)
        assert len(set(ranked.cards)) == 5 and set(ranked.cards) <= set(seven)
        assert evaluate(ranked.cards) == ranked.value == evaluate(seven)
        assert max(evaluate(five) for five in combinations(seven, 5)) == ranked.value
        assert ranked.category == category_of(ranked.value)


def test_sizes_five_six_and_seven_agree_with_the_best_five() -> None:
    import random

    rng = random.Random(5)
    for size in (6, 7):
        for _ in range(2000):
            cards = rng.sample(FULL_DECK, size)
            assert evaluate(cards) == max(evaluate(f) for f in combinations(cards, 5))


def test_describe_covers_every_value_in_plain_english() -> None:
    names = [describe(v) for v in range(1, MAX_VALUE + 1)]
    assert names.count("Royal flush") == 1
    assert "Straight flush, five high" in names and "Two pair, sixes and fives" in names
    assert "Full house, sixes full of twos" in names and "Pair of sixes" in names
    assert all(n[0].isupper() and "  " not in n for n in names)
    for bad in (0, MAX_VALUE + 1, -3, 2.5):
        with pytest.raises(ValueError, match="is not a hand value"):
            describe(bad)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="is not a hand value"):
            category_of(bad)  # type: ignore[arg-type]


# ------------------------------------------------------------------- input checks


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ("AsKs", "a hand is 5 to 7 cards, got 2: 'AsKs'"),
        ("AsKsQsJs", "a hand is 5 to 7 cards, got 4"),
        ("AsKsQsJsTs9s8s7s", "a hand is 5 to 7 cards, got 8"),
        ("As Kd Qh Jc 2x", "'2x' is not a card"),
        (5, "5 is not a list of cards"),
        ([0, 1, 2, 3, 4], "0 is not a card"),
    ],
)
def test_bad_hands_are_refused_on_the_fast_path_and_the_checked_one(
    cards: object, message: str
) -> None:
    for function in (evaluate, evaluate_checked, rank_hand):
        with pytest.raises(InvalidCardError, match=message.replace("(", r"\(")):
            function(cards)  # type: ignore[arg-type]


def test_eight_cards_with_a_flush_are_refused_too() -> None:
    with pytest.raises(InvalidCardError, match="got 8"):
        evaluate(parse_cards("AsKsQsJsTs9s8s7s"))
    with pytest.raises(InvalidCardError, match="got 10"):
        evaluate(parse_cards("AsKsQsJsTs AhKhQhJhTh"))


def test_duplicates_are_caught_by_the_checked_entry_points_only() -> None:
    twice = [Card("As"), Card("As"), Card("Kd"), Card("Qh"), Card("Jc")]
    with pytest.raises(InvalidCardError, match="As appears twice"):
        evaluate_checked(twice)
    with pytest.raises(InvalidCardError, match="As appears twice"):
        rank_hand(twice)
    assert evaluate(twice) == evaluate(parse_cards("AsAdKdQhJc"))  # documented: not checked
    with pytest.raises(InvalidCardError, match="appears twice"):
        evaluate([Card("As")] * 5)  # five of one card: not a hand at all


def test_text_and_iterables_go_through_the_checked_path() -> None:
    assert evaluate("As Ks Qs Js Ts") == MAX_VALUE  # type: ignore[arg-type]
    assert evaluate_checked(iter(["Ah", "Kh", "Qh", "Jh", "Th"])) == MAX_VALUE
    assert rank_hand(("As", "Ks", "Qs", "Js", "Ts")).value == MAX_VALUE


# ------------------------------------------------------------------- tables and import


def test_tables_are_cached_in_a_file_and_rebuilt_when_corrupt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(tmp_path / "cache"))
    _tables.load_tables.cache_clear()
    try:
        rank_values, flush_values = _tables.load_tables()
        stored = tmp_path / "cache" / "evaluator-1.bin"
        assert stored.is_file()
        assert len(rank_values) == _tables.RANK_ENTRIES and len(flush_values) == 8192
        _tables.load_tables.cache_clear()
        assert _tables.load_tables() == (rank_values, flush_values)  # read back
        stored.write_bytes(stored.read_bytes()[:-1] + b"\x01")  # corrupt the last byte
        _tables.load_tables.cache_clear()
        assert _tables.load_tables() == (rank_values, flush_values)  # rebuilt
        assert _tables._decode(stored.read_bytes()) is not None  # and stored again
    finally:
        _tables.load_tables.cache_clear()


def test_an_unwritable_cache_only_means_building_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("CROUPIER_CACHE_DIR", str(blocker / "cache"))
    _tables.load_tables.cache_clear()
    try:
        rank_values, _ = _tables.load_tables()
        assert len(rank_values) == _tables.RANK_ENTRIES
        assert blocker.read_text() == "not a directory"
    finally:
        _tables.load_tables.cache_clear()


def test_the_cache_directory_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CROUPIER_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert _tables.cache_dir() == Path("/somewhere/croupier")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert _tables.cache_dir() == Path.home() / ".cache" / "croupier"
    monkeypatch.setenv("CROUPIER_CACHE_DIR", "/elsewhere")
    assert _tables.cache_dir() == Path("/elsewhere")


def test_importing_croupier_loads_no_table_and_no_numpy(tmp_path: Path) -> None:
    """``import croupier`` and the one-hand evaluator stay light: tables come on first use."""
    script = (
        "import sys, croupier, croupier.evaluate\n"
        "from croupier.evaluate import _tables, evaluate\n"
        "assert 'numpy' not in sys.modules, 'numpy imported'\n"
        "assert _tables.load_tables.cache_info().currsize == 0, 'tables loaded'\n"
        "import os; assert not os.path.exists(sys.argv[1]), 'cache written'\n"
        "from croupier.cards import parse_cards\n"
        "assert evaluate(parse_cards('AsKsQsJsTs')) == 7462\n"
        "assert os.path.exists(sys.argv[1]) and 'numpy' not in sys.modules\n"
    )
    cache = tmp_path / "cache"
    env = {**os.environ, "CROUPIER_CACHE_DIR": str(cache)}
    subprocess.run(
        [sys.executable, "-c", script, str(cache / "evaluator-1.bin")], check=True, env=env
    )


def test_the_numpy_parts_are_imported_on_first_use() -> None:
    assert croupier.evaluate.evaluate_batch is not None
    assert croupier.evaluate.Range is ranges.Range
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = croupier.evaluate.nothing  # type: ignore[attr-defined]


def test_doctests_of_the_evaluator_modules() -> None:
    from croupier.bench import harness
    from croupier.evaluate import _arrays, batch, equity

    for module in (hand, ranges, _arrays, batch, equity, harness):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
