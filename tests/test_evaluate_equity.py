"""Equity (exact and Monte Carlo) and ranges, checked against brute force."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from croupier.cards import FULL_DECK, Card, format_cards, parse_cards
from croupier.errors import InvalidCardError, InvalidRangeError
from croupier.evaluate import evaluate
from croupier.evaluate.equity import EXACT_LIMIT, EquityResult, equity
from croupier.evaluate.ranges import Range, parse_range


def brute_force(
    holes: Sequence[Sequence[tuple[Card, Card]]], board: str = "", dead: str = ""
) -> tuple[list[int], list[int], list[Fraction], int]:
    """Wins, ties, exact equity and deals, with the one-hand evaluator and itertools."""
    known = parse_cards(board)
    gone = set(known) | set(parse_cards(dead))
    wins, ties = [0] * len(holes), [0] * len(holes)
    shares = [Fraction(0)] * len(holes)
    deals = 0
    for chosen in product(*holes):
        cards = [c for combo in chosen for c in combo]
        if len(set(cards)) < len(cards) or gone & set(cards):
            continue
        deck = [c for c in FULL_DECK if c not in gone and c not in cards]
        for extra in combinations(deck, 5 - len(known)):
            values = [evaluate([*combo, *known, *extra]) for combo in chosen]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                shares[i] += Fraction(1, len(winners))
                if len(winners) == 1:
                    wins[i] += 1
                else:
                    ties[i] += 1
            deals += 1
    return wins, ties, [s / deals for s in shares], deals


def combo(text: str) -> tuple[Card, Card]:
    a, b = parse_cards(text)
    return (a, b)


def assert_matches(
    result: EquityResult, expected: tuple[list[int], list[int], list[Fraction], int]
):
    wins, ties, shares, deals = expected
    assert result.boards == deals
    assert list(result.wins) == wins and list(result.ties) == ties
    assert result.equity == pytest.approx([float(s) for s in shares], abs=1e-12)
    assert result.method == "exact" and result.stderr == (0.0,) * len(wins)


# ------------------------------------------------------------------------ exact


def test_aces_against_kings_preflop_exact_integers() -> None:
    result = equity(["AsAh", "KsKd"])
    assert result.method == "exact" and result.exact
    assert result.boards == 1_712_304
    assert result.wins == (1_399_204, 305_177)
    assert result.ties == (7_923, 7_923)
    assert f"{result.equity[0]:.3%}" == "81.946%"
    assert sum(result.equity) == pytest.approx(1.0)
    assert result.hands == ("AsAh", "KsKd")


def test_exact_count_does_not_depend_on_the_threads() -> None:
    one = equity(["Ah7h", "9c9d", "KsQd"], threads=1)
    assert one == equity(["Ah7h", "9c9d", "KsQd"], threads=2)
    assert one.boards == 1_370_754 and one.wins[1] > one.wins[2]


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsAh", "KsKd"], "2s7s9h", ""),  # flop: 990 boards
        (["Ah7h", "9c9d", "KsQd"], "2h3h4c", "Jd"),  # three hands, dead card
        (["AsKs", "AhKh"], "QsJhTd2c", ""),  # turn: chopped straights mostly
        (["2c3c", "2d3d", "2h3h", "2s3s"], "AsKdQhJc", ""),  # four-way ties on the board
        (["AhAd", "7c2s"], "Ac7d2h9sTs", ""),  # river: one board
        (["QsQh", "Tc9c"], "8c7c2d", "AcKc"),  # flush and straight draws
    ],
)
def test_exact_equity_agrees_with_brute_force(hands: list[str], board: str, dead: str) -> None:
    result = equity(hands, board=board, dead=dead)
    assert_matches(result, brute_force([[combo(h)] for h in hands], board, dead))
    assert result.board == parse_cards(board) and result.dead == parse_cards(dead)


@pytest.mark.rule("ITA-13")
def test_ties_share_the_pot_and_count_as_ties() -> None:
    result = equity(["2c3c", "2d3d", "4h4s"], board="AsKdQhJcTs")  # the board plays for all
    assert result.wins == (0, 0, 0) and result.ties == (1, 1, 1)
    assert result.equity == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_ranges_exact_agree_with_brute_force() -> None:
    aces, kings = parse_range("AA"), parse_range("KK")
    board = "2c7d9hTs"
    result = equity(["AA", "KK"], board=board)
    assert_matches(result, brute_force([aces.combos, kings.combos], board))
    hands = ["QQ+, AKs", "JhTh", "76s"]
    result = equity(hands, board="9h8h2c", exact=True)
    ranges = [parse_range(h).combos for h in hands]
    assert_matches(result, brute_force(ranges, "9h8h2c"))


def test_a_range_preflop_exactly_is_the_sum_over_its_combos() -> None:
    result = equity(["AA", "KsKd"], dead="Ac", exact=True)
    assert result.boards == 3 * 1_533_939  # AsAh, AsAd, AhAd; 47 cards left for the board
    per_combo = [equity([c, "KsKd"], dead="Ac") for c in ("AsAh", "AsAd", "AhAd")]
    assert result.wins[0] == sum(r.wins[0] for r in per_combo)
    assert result.ties[0] == sum(r.ties[0] for r in per_combo)
    assert result.equity[0] == pytest.approx(sum(r.equity[0] for r in per_combo) / 3)


# ------------------------------------------------------------------ Monte Carlo


def test_monte_carlo_is_within_four_standard_errors_of_exact() -> None:
    hands = ["AsAh", "KsKd", "QcJc"]
    exact = equity(hands)
    sampled = equity(hands, samples=200_000, rng=11)  # known hands: drawing from listed boards
    assert sampled.method == "monte carlo" and not sampled.exact and sampled.boards == 200_000
    for p, q, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
        assert 0.0005 < se < 0.002
        assert abs(p - q) < 4 * se
    assert sum(sampled.equity) == pytest.approx(1.0)


def test_monte_carlo_with_few_samples_and_ranges_is_within_four_standard_errors() -> None:
    exact = equity(["AA", "KK"], board="Jc8d3s", exact=True)
    for samples in (5_000, 150_000):
        sampled = equity(["AA", "KK"], board="Jc8d3s", samples=samples, rng=samples)
        for p, q, se in zip(exact.equity, sampled.equity, sampled.stderr, strict=True):
            assert abs(p - q) < 4 * se
    known = equity(["AsAh", "KsKd"], samples=5_000, rng=3)  # known hands, drawing card by card
    assert abs(known.equity[0] - 0.81946) < 4 * known.stderr[0]


def test_monte_carlo_is_reproducible_with_a_seed_whatever_the_threads() -> None:
    first = equity(["AsAh", "KsKd", "QcJc"], samples=100_000, rng=5, threads=1)
    again = equity(["AsAh", "KsKd", "QcJc"], samples=100_000, rng=np.random.default_rng(5))
    assert first == again
    assert first != equity(["AsAh", "KsKd", "QcJc"], samples=100_000, rng=6)


def test_big_range_problems_default_to_monte_carlo() -> None:
    result = equity(["any", "any", "any"], samples=None, rng=1)
    assert result.method == "monte carlo" and result.boards == 1_000_000
    assert result.equity == pytest.approx((1 / 3,) * 3, abs=0.003)
    assert EXACT_LIMIT >= 100_000_000
    assert equity(["AA", "KK"]).method == "exact"  # 2 x 36 x 1,712,304 evaluations
    with pytest.raises(ValueError, match="too many to enumerate"):
        equity(["any", "any"], exact=True)
    with pytest.raises(ValueError, match="too many to enumerate"):
        equity(["any", "any", "any"], exact=True)


def test_exact_false_asks_for_monte_carlo() -> None:
    result = equity(["AsAh", "KsKd"], board="2c3d4h", exact=False, rng=1)
    assert result.method == "monte carlo" and result.boards == 1_000_000


# ----------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": ["AsAh"]}, InvalidCardError, "equity needs 2 to 10 hands, got 1"),
        ({"hands": ["AsAh"] * 11}, InvalidCardError, "got 11"),
        ({"hands": "AsAh KsKd"}, InvalidCardError, "got one string"),
        ({"hands": ["AsAh", "AsKd"]}, InvalidCardError, "As is both in hand 1 and in hand 2"),
        (
            {"hands": ["AsAh", "KsKd"], "board": "Ks2c3c"},
            InvalidCardError,
            "Ks is both on the board and in hand 2",
        ),
        (
            {"hands": ["AsAh", "KsKd"], "dead": "Ah"},
            InvalidCardError,
            "Ah is both dead and in hand 1",
        ),
        ({"hands": ["AsAh", "KsKd"], "board": "2c3c"}, InvalidCardError, "0, 3, 4 or 5 cards"),
        ({"hands": ["AsAh", "KsKd"], "board": "2c3x4c"}, InvalidCardError, "board: '3x'"),
        ({"hands": ["AsAh", "KsKd"], "dead": "1c"}, InvalidCardError, "dead cards: "),
        ({"hands": ["AsAh", ["Kd"]]}, InvalidCardError, "a hand is two cards, got 'Kd'"),
        ({"hands": ["AsAh", "AKx"]}, InvalidRangeError, "'AKx' is not a hand range"),
        ({"hands": ["AsAh", "AA"], "dead": "AdAc"}, InvalidRangeError, "'AA' has no combo left"),
        ({"hands": ["AsKs", "AsKs, AhKh"], "dead": "Ah"}, InvalidRangeError, "no combo left"),
        ({"hands": ["AsAh", "KsKd"], "samples": 0}, ValueError, "samples must be at least 1"),
        (
            {"hands": ["AsAh", "KsKd"], "samples": 10, "exact": True},
            ValueError,
            "not both",
        ),
        (
            {"hands": ["AsKs", "AsKs"], "exact": True},
            InvalidCardError,
            "As is both in hand 1 and in hand 2",
        ),
        (
            {"hands": ["AsKs, AhKh", "AsKs, AhKh", "AsKs, AhKh"], "exact": True},
            InvalidRangeError,
            "no deal is possible",
        ),
        (
            {"hands": ["AsKs, AhKh", "AsKs, AhKh", "AsKs, AhKh"], "samples": 10},
            InvalidRangeError,
            "no deal is possible",
        ),
        (
            {
                "hands": [f"{r}c{r}d" for r in "23456789TJ"],
                "board": "QcQdQh",
                "dead": [c for c in FULL_DECK if c.rank < 12 and c.suit > 1 and c != Card("Qh")]
                + [Card("Ac"), Card("Ad"), Card("Ah"), Card("Kc"), Card("Kd")],
            },
            InvalidCardError,
            "not enough cards: 1 left for 2 more on the board",
        ),
    ],
)
def test_bad_equity_requests_are_refused(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        equity(**kwargs)  # type: ignore[arg-type]


def test_results_as_json_ready_dict() -> None:
    result = equity([[Card("As"), Card("Ah")], parse_range("KK")], board="2c3d4h", dead="5s")
    data = result.as_dict()
    assert data["hands"] == ["AsAh", "KK"] and data["board"] == "2c3d4h" and data["dead"] == "5s"
    assert data["method"] == "exact" and data["boards"] == result.boards
    assert data["wins"] == list(result.wins) and data["equity"] == list(result.equity)


# ----------------------------------------------------------------------- ranges


@pytest.mark.parametrize(
    ("text", "size", "first"),
    [
        ("AA", 6, "AsAh"),
        ("AKs", 4, "AsKs"),
        ("AKo", 12, "AsKh"),
        ("AK", 16, "AsKs"),
        ("KA", 16, "AsKs"),
        ("ak", 16, "AsKs"),
        ("TT+", 30, "AsAh"),
        ("A2s+", 48, "AsKs"),
        ("K9o+", 48, "KsQh"),
        ("KQo-KTo", 36, "KsQh"),
        ("KTo-KQo", 36, "KsQh"),
        ("22-55", 24, "5s5h"),
        ("55-22", 24, "5s5h"),
        ("AsKs", 1, "AsKs"),
        ("KsAs", 1, "AsKs"),
        ("AA, KK", 12, "AsAh"),
        ("AA KK,QQ", 18, "AsAh"),
        ("A5s - A2s", 16, "As5s"),
        ("TT+, AKs, AsKs", 34, "AsAh"),  # a combo given twice counts once
        ("any", 1326, "AsAh"),
        ("random", 1326, "AsAh"),
    ],
)
def test_range_notation(text: str, size: int, first: str) -> None:
    parsed = parse_range(text)
    assert len(parsed) == size == len(set(parsed.combos))
    assert format_cards(parsed.combos[0]) == first
    assert all(a.index > b.index for a, b in parsed)
    assert str(parsed) == text.strip()


def test_range_classes_hold_the_right_combos() -> None:
    suited = parse_range("T9s").combos
    assert all(a.suit == b.suit and {a.rank, b.rank} == {8, 7} for a, b in suited)
    offsuit = parse_range("T9o").combos
    assert all(a.suit != b.suit for a, b in offsuit) and len(offsuit) == 12
    assert set(parse_range("T9").combos) == set(suited) | set(offsuit)
    assert {a.rank for a, _ in parse_range("TT+")} == {8, 9, 10, 11, 12}
    assert {b.rank for _, b in parse_range("A2s+")} == set(range(12))


def test_card_removal() -> None:
    aces = parse_range("AA")
    assert len(aces.without(parse_cards("As"))) == 3
    assert len(aces.without(parse_cards("AsAh"))) == 1
    assert len(aces.without(parse_cards("AsAhAd"))) == 0
    assert len(parse_range("AKs").without(parse_cards("2c"))) == 4


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty hand range in ''"),
        ("AA,,KK", "empty hand range in 'AA,,KK'"),
        ("AA,", "empty hand range"),
        ("AKx", "'AKx' is not a hand range in 'AKx'"),
        ("AAs", "'AAs' in 'AAs': a pair is neither suited nor offsuit, write 'AA'"),
        ("AK-QJ", "both ends must share their top card"),
        ("AKs-KQs", "both ends must share their top card"),
        ("22-AK", "both ends must be pairs, or hands of the same kind"),
        ("AKs-AKo", "both ends must be pairs, or hands of the same kind"),
        ("TT+-JJ", "'TT\\+-JJ' is not a hand range"),
        ("22-33+", "use either '\\+' or '-', not both"),
        ("AsAs", "'AsAs' in 'AsAs': As appears twice"),
        ("Z9", "'Z9' is not a hand range in 'Z9'"),
        ("AA, 1K", "'1K' is not a hand range in 'AA, 1K'"),
    ],
)
def test_bad_ranges_quote_the_token(text: str, message: str) -> None:
    with pytest.raises(InvalidRangeError, match=message):
        parse_range(text)


def test_a_range_is_not_parsed_from_something_else() -> None:
    with pytest.raises(InvalidRangeError, match="is not a range"):
        parse_range(42)  # type: ignore[arg-type]
    assert isinstance(parse_range("AA"), Range)
