"""The Independent Chip Model (Malmuth-Harville) and final-table deals."""

from __future__ import annotations

import doctest
import importlib
import itertools
import math
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.errors import ConfigurationError
from croupier.room.tournament.icm import (
    chip_chop,
    icm,
    icm_deal,
    icm_exact,
    icm_monte_carlo,
)

STACKS = st.lists(st.integers(1, 100_000), min_size=1, max_size=7)

# The package re-exports the function ``icm``, which hides the module of that name.
icm_module = importlib.import_module("croupier.room.tournament.icm")


@st.composite
def tables(draw: st.DrawFn, max_players: int = 7) -> tuple[list[int], list[int]]:
    """Stacks, and strictly decreasing payouts for some of the places."""
    stacks = draw(st.lists(st.integers(1, 100_000), min_size=1, max_size=max_players))
    paid = draw(st.integers(1, len(stacks)))
    prizes = draw(st.lists(st.integers(1, 10**6), min_size=paid, max_size=paid, unique=True))
    return stacks, sorted(prizes, reverse=True)


def test_the_three_player_textbook_example() -> None:
    # Stacks 5,000 / 3,000 / 2,000 (10,000 in play), prizes 50 / 30 / 20.
    # First:  A 5/10, B 3/10, C 2/10.
    # Second: A = P(B 1st) * 5/7 + P(C 1st) * 5/8 = 3/14 + 1/8 = 19/56
    #         B = P(A 1st) * 3/5 + P(C 1st) * 3/8 = 3/10 + 3/40 = 3/8
    #         C = P(A 1st) * 2/5 + P(B 1st) * 2/7 = 1/5 + 3/35 = 2/7
    # Third is what is left: A 1 - 1/2 - 19/56 = 9/56, B 1 - 3/10 - 3/8 = 13/40,
    #                        C 1 - 1/5 - 2/7 = 18/35.
    # A = 50/2 + 30 * 19/56 + 20 * 9/56 = 25 + 750/56 = 1075/28 = 38.39
    # B = 15 + 30 * 3/8 + 20 * 13/40 = 15 + 11.25 + 6.5 = 131/4 = 32.75
    # C = 10 + 30 * 2/7 + 20 * 18/35 = 10 + 60/7 + 72/7 = 202/7 = 28.86
    assert icm([5_000, 3_000, 2_000], [50, 30, 20]) == [
        Fraction(1075, 28),
        Fraction(131, 4),
        Fraction(202, 7),
    ]
    # The chip leader's 50 % of the chips is worth only 38.4 % of the money.


def test_two_prizes_for_three_players() -> None:
    # 1,000 / 1,000 / 2,000, prizes 100 / 50 / nothing.
    # Big stack: first 1/2, second 1/4 * 2/3 + 1/4 * 2/3 = 1/3: 50 + 50/3 = 200/3.
    # Each small stack: first 1/4, second 1/4 * 1/3 + 1/2 * 1/2 = 1/3: 25 + 50/3 = 125/3.
    assert icm([1_000, 1_000, 2_000], [100, 50]) == [
        Fraction(125, 3),
        Fraction(125, 3),
        Fraction(200, 3),
    ]


@given(a=st.integers(1, 10**9), b=st.integers(1, 10**9), first=st.integers(0, 10**6))
def test_heads_up_the_prize_above_second_is_shared_in_proportion_to_chips(
    a: int, b: int, first: int
) -> None:
    second = first // 3
    expected = [second + Fraction((first - second) * s, a + b) for s in (a, b)]
    assert icm([a, b], [first, second]) == expected
    assert icm([a, b], [first]) == [Fraction(first * s, a + b) for s in (a, b)]


@given(STACKS, st.integers(0, 10**6))
def test_winner_takes_all_is_proportional_to_chips(stacks: list[int], prize: int) -> None:
    assert icm(stacks, [prize]) == [Fraction(prize * s, sum(stacks)) for s in stacks]


@given(tables(), st.randoms(use_true_random=False))
def test_the_values_sum_to_the_prizes_and_follow_the_players(
    table: tuple[list[int], list[int]], rng: random.Random
) -> None:
    stacks, prizes = table
    values = icm(stacks, prizes)
    assert sum(values) == sum(prizes)
    assert all(isinstance(v, Fraction) for v in values)
    # Symmetry: reordering the players reorders their values.
    order = list(range(len(stacks)))
    rng.shuffle(order)
    shuffled = icm([stacks[i] for i in order], prizes)
    assert shuffled == [values[i] for i in order]


@given(st.integers(1, 10**6), st.integers(2, 8), st.integers(1, 10**6))
def test_equal_stacks_share_equally(stack: int, players: int, prize: int) -> None:
    prizes = [prize * (players - k) for k in range(players)]
    assert icm([stack] * players, prizes) == [Fraction(sum(prizes), players)] * players


@settings(deadline=None)
@given(tables(), st.data())
def test_more_chips_are_worth_more(table: tuple[list[int], list[int]], data: st.DataObject) -> None:
    stacks, prizes = table
    values = icm(stacks, prizes)
    # Between players: a bigger stack is worth more, an equal one as much.
    for i, j in itertools.permutations(range(len(stacks)), 2):
        if stacks[i] > stacks[j]:
            assert values[i] > values[j]
        if stacks[i] == stacks[j]:
            assert values[i] == values[j]
    # For one player: adding chips raises their value (prizes strictly decreasing).
    i = data.draw(st.integers(0, len(stacks) - 1))
    more = data.draw(st.integers(1, 100_000))
    richer = icm([s + more * (k == i) for k, s in enumerate(stacks)], prizes)
    if len(stacks) > 1:
        assert richer[i] > values[i]
    # Every value lies between the smallest prize in play and the first prize.
    smallest = prizes[-1] if len(prizes) == len(stacks) else 0
    assert all(smallest <= v <= prizes[0] for v in values)


def test_exact_and_monte_carlo_agree() -> None:
    stacks = [12_000, 9_500, 7_000, 4_000, 2_500, 1_000]
    prizes = [4_000, 2_500, 1_500, 1_000, 600, 400]
    exact = icm_exact(stacks, prizes)
    samples = 100_000
    estimate = icm_monte_carlo(stacks, prizes, samples=samples, seed=2024)
    # The standard error of each value is at most max(prizes) / (2 sqrt(samples)) = 6.3.
    tolerance = 4 * max(prizes) / (2 * math.sqrt(samples))
    assert all(abs(e - float(x)) < tolerance for e, x in zip(estimate, exact, strict=True))
    assert sum(estimate) == pytest.approx(sum(prizes))
    # And the estimate resolves the differences between neighbouring players.
    assert estimate == sorted(estimate, reverse=True)


def test_monte_carlo_is_seeded() -> None:
    stacks, prizes = [30, 20, 10, 5], [60, 40]
    first = icm_monte_carlo(stacks, prizes, samples=5_000, seed=7)
    assert icm_monte_carlo(stacks, prizes, samples=5_000, seed=7) == first
    assert icm_monte_carlo(stacks, prizes, samples=5_000, seed=8) != first


def test_monte_carlo_over_many_players_goes_in_chunks() -> None:
    # 1,000 players: 10,000 orders are drawn in chunks of 4,000. Winner takes all, so the
    # first 500 players' exact share is their share of the chips; the estimate of that
    # sum has a standard error of at most 1,000 / (2 sqrt(10,000)) = 5.
    stacks = [1_000 + k for k in range(1_000)]
    values = icm_monte_carlo(stacks, [1_000], samples=10_000, seed=1)
    assert sum(values) == pytest.approx(1_000)
    exact = Fraction(1_000 * sum(stacks[:500]), sum(stacks))
    assert abs(sum(values[:500]) - exact) < 20
    assert all(v >= 0 for v in values)


def test_auto_is_exact_up_to_ten_players_or_few_prizes() -> None:
    ten = icm(list(range(1_000, 11_000, 1_000)), list(range(100, 0, -10)))
    assert all(isinstance(v, Fraction) for v in ten) and sum(ten) == 550
    eleven = icm(list(range(1_000, 12_000, 1_000)), list(range(110, 0, -10)))
    assert all(isinstance(v, float) for v in eleven)
    assert sum(eleven) == pytest.approx(660)
    # Thirty players, two prizes left: only 31 subsets to go through, exact.
    thirty = icm(list(range(100, 3_100, 100)), [700, 300])
    assert all(isinstance(v, Fraction) for v in thirty) and sum(thirty) == 1_000
    forced = icm([1, 2, 3], [3, 2, 1], method="monte-carlo", samples=1_000)
    assert all(isinstance(v, float) for v in forced)
    exact = icm(list(range(1, 12)), [2, 1], method="exact")
    assert all(isinstance(v, Fraction) for v in exact)


def test_a_ten_handed_final_table_exactly() -> None:
    stacks = [31_000, 27_500, 22_000, 18_000, 15_000, 12_500, 9_000, 6_000, 4_000, 1_500]
    prizes = [25_000, 16_000, 11_000, 8_000, 6_000, 4_500, 3_500, 2_800, 2_200, 1_800]
    values = icm_exact(stacks, prizes)
    assert sum(values) == sum(prizes)
    assert values == sorted(values, reverse=True)


# --------------------------------------------------------------------------- deals


def test_the_textbook_deal_against_the_chip_chop() -> None:
    # ICM 38.39 / 32.75 / 28.86 rounded by largest remainders: 38 + 32 + 28 = 98, and the
    # two units left go to the largest fractions (.86 and .75): 38 / 33 / 29.
    # Chip chop: each takes third prize (20), the other 40 by chips: 20 + 20, 20 + 12, 20 + 8.
    deal = icm_deal([5_000, 3_000, 2_000], [50, 30, 20])
    assert deal.amounts == (38, 33, 29)
    assert deal.chip_chop == (40, 32, 28)
    assert deal.differences == (-2, 1, 1)
    assert deal.on_table == 100
    assert deal.equities == (Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7))
    text = str(deal)
    assert "chip chop" in text and "5,000" in text and "-2" in text


def test_heads_up_the_icm_deal_is_the_chip_chop() -> None:
    # Exact: 6,000 + 4,000 x 73 % = 8,920 and 6,000 + 4,000 x 27 % = 7,080, as the chip
    # chop gives. In units of 50: 178.4 and 141.6 units, floors 178 + 141 = 319 of 320,
    # the last unit to the larger fraction (.6): 8,900 and 7,100.
    deal = icm_deal([7_300, 2_700], [10_000, 6_000], unit=50)
    assert deal.equities == (Fraction(8_920), Fraction(7_080))
    assert deal.amounts == deal.chip_chop == (8_900, 7_100)


def test_keeping_an_amount_in_play_for_the_winner() -> None:
    stacks, prizes, keep = [5_000, 3_000, 2_000], [5_000, 3_000, 2_000], 600
    deal = icm_deal(stacks, prizes, keep=keep)
    assert deal.on_table == 9_400 == sum(deal.amounts) == sum(deal.chip_chop)
    # What each takes now plus their chance of winning the rest is their full ICM value.
    full = icm(stacks, prizes)
    for value, now, stack in zip(full, deal.equities, stacks, strict=True):
        assert now + keep * Fraction(stack, sum(stacks)) == value
    assert "kept in play for the winner: 600" in str(deal)


@settings(deadline=None)
@given(
    tables(max_players=6),
    st.sampled_from([1, 5, 10, 100, 1_000]),
    st.floats(0, 1),
)
def test_deals_are_rounded_to_the_unit_and_share_exactly_the_money_on_the_table(
    table: tuple[list[int], list[int]], unit: int, kept: float
) -> None:
    stacks, prizes = table
    if len(stacks) < 2:
        with pytest.raises(ConfigurationError, match="at least two players"):
            icm_deal(stacks, prizes)
        return
    keep = int(prizes[0] * kept)
    deal = icm_deal(stacks, prizes, keep=keep, unit=unit)
    total = sum(prizes) - keep
    remainder = total % unit
    # The remainder goes to the largest value: by ICM, and by chips for the chip chop.
    top = max(range(len(stacks)), key=lambda i: (deal.equities[i], -i))
    leader = max(range(len(stacks)), key=lambda i: (stacks[i], -i))
    for amounts, first in ((deal.amounts, top), (deal.chip_chop, leader)):
        assert sum(amounts) == total
        for i, amount in enumerate(amounts):
            assert (amount - remainder * (i == first)) % unit == 0
    # Each ICM amount is within a unit of its exact value (the top one also has the rest).
    for i, (amount, exact) in enumerate(zip(deal.amounts, deal.equities, strict=True)):
        assert abs(amount - remainder * (i == top) - exact) < unit


def test_a_monte_carlo_deal_still_shares_exactly_the_money() -> None:
    stacks = [5_000 + 700 * k for k in range(12)]
    prizes = [1_000 * (12 - k) for k in range(12)]
    deal = icm_deal(stacks, prizes, unit=100, samples=20_000)
    assert all(isinstance(v, float) for v in deal.equities)
    assert sum(deal.amounts) == sum(prizes) == 78_000
    assert all(a % 100 == 0 for a in deal.amounts)
    assert list(deal.amounts) == sorted(deal.amounts)


def test_chip_chop_with_fewer_prizes_than_players_shares_everything_by_chips() -> None:
    assert chip_chop([6_000, 3_000, 1_000], [700, 300]) == [600, 300, 100]
    assert chip_chop([6_000, 3_000, 1_000], [700, 200, 100], keep=100) == [
        100 + 360,
        100 + 180,
        100 + 60,
    ]


# --------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    ("stacks", "prizes", "message"),
    [
        ([], [], "at least one stack"),
        ([100, 0], [10], "every stack in play must be positive"),
        ([100, -5], [10], "every stack in play must be positive"),
        ([100, 50], [10, 5, 1], "3 payouts for 2 players"),
        ([100, 50], [10, -1], "payouts cannot be negative"),
        ([100, 50.5], [10], "every stack must be an integer"),
        ([100, 50], [True], "every payout must be an integer"),
    ],
)
def test_icm_refuses_bad_input(stacks: list[int], prizes: list[int], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        icm(stacks, prizes)


def test_bad_options_are_refused() -> None:
    with pytest.raises(ConfigurationError, match="unknown ICM method 'guess'"):
        icm([1, 2], [1], method="guess")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="samples must be a positive integer"):
        icm_monte_carlo([1, 2], [1], samples=0)
    with pytest.raises(ConfigurationError, match="between 0 and the first prize"):
        icm_deal([1, 2], [10, 5], keep=11)
    with pytest.raises(ConfigurationError, match="between 0 and the first prize"):
        chip_chop([1, 2], [10, 5], keep=-1)
    with pytest.raises(ConfigurationError, match="rounding unit must be at least 1"):
        icm_deal([1, 2], [10, 5], unit=0)
    with pytest.raises(ConfigurationError, match="at least two players"):
        chip_chop([5], [10])


def test_no_prizes_left_means_no_value() -> None:
    assert icm([3, 2, 1], []) == [0, 0, 0]
    assert icm_monte_carlo([3, 2, 1], [], samples=10) == [0.0, 0.0, 0.0]


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(icm_module)
    assert tests > 5
    assert failures == 0
