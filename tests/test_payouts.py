"""Prize pools and payout tables (ITA-18: entries net of fees, decreasing, >= 10 % paid)."""

from __future__ import annotations

import doctest
import importlib
import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from croupier.errors import ConfigurationError
from croupier.room.tournament.payouts import (
    HARMONIC,
    GeometricCurve,
    PayoutTable,
    PowerCurve,
    default_places,
    minimum_places,
    payouts,
    prize_pool,
)

UNITS = st.sampled_from([1, 2, 5, 10, 25, 100, 500, 1_000, 5_000]) | st.integers(1, 2_000)
POOLS = st.integers(0, 10**9) | st.integers(0, 10**6)

# The package re-exports the function ``payouts``, which hides the module of that name.
payouts_module = importlib.import_module("croupier.room.tournament.payouts")


def fewest_units(places: int) -> int:
    """Units needed for ``places`` strictly decreasing positive multiples: 1 + 2 + ... + n."""
    return places * (places + 1) // 2


def most_places(pool: int, unit: int) -> int:
    """The most places payable, by bisection (the module uses a square root)."""
    low, high = 0, 1
    while fewest_units(high) * unit <= pool:
        high *= 2
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if fewest_units(middle) * unit <= pool else (low, middle)
    return low


# --------------------------------------------------------------------------- prize pool


@pytest.mark.rule("ITA-18")
def test_the_prize_pool_is_the_entries_net_of_fees() -> None:
    # 80 players pay 50 € + 5 € fee: the pool is 80 x 50 €, the fees 80 x 5 € go to the house.
    pool = prize_pool(80, 50_00, 5_00)
    assert pool.total == 80 * 50_00
    assert pool.fees == 80 * 5_00
    assert pool.paid_in == 80 * 55_00
    assert pool.overlay == 0 and pool.bounties == 0


def test_rebuys_and_add_ons_go_wholly_to_the_pool() -> None:
    pool = prize_pool(50, 20_00, 2_00, rebuys=35, rebuy_price=20_00, add_ons=44, add_on_price=10_00)
    assert (pool.from_entries, pool.from_rebuys, pool.from_add_ons) == (100_000, 70_000, 44_000)
    assert pool.total == pool.collected == 214_000
    assert pool.fees == 10_000


def test_bounties_are_kept_apart_from_the_prize_pool() -> None:
    # Knock-out: 100 € + 10 €, of which 40 € is the bounty on the player's head.
    pool = prize_pool(64, 100_00, 10_00, bounty_part=40_00)
    assert pool.bounties == 64 * 40_00
    assert pool.total == 64 * 60_00
    assert pool.paid_in == 64 * 110_00


def test_a_guarantee_tops_up_the_pool_with_an_overlay() -> None:
    short = prize_pool(30, 100_00, 10_00, guarantee=5_000_00)
    assert short.collected == 3_000_00
    assert short.overlay == 2_000_00
    assert short.total == 5_000_00
    beaten = prize_pool(60, 100_00, 10_00, guarantee=5_000_00)
    assert beaten.overlay == 0
    assert beaten.total == 6_000_00


def test_the_guarantee_does_not_count_the_bounties() -> None:
    pool = prize_pool(10, 100, 10, bounty_part=50, guarantee=800)
    assert pool.collected == 500
    assert pool.overlay == 300
    assert pool.bounties == 500


@given(
    entries=st.integers(0, 10_000),
    buy_in=st.integers(0, 10_000),
    fee=st.integers(0, 1_000),
    rebuys=st.integers(0, 5_000),
    rebuy_price=st.integers(0, 10_000),
    add_ons=st.integers(0, 5_000),
    add_on_price=st.integers(0, 10_000),
    guarantee=st.integers(0, 10**8),
    bounty=st.floats(0, 1),
)
def test_the_breakdown_adds_up(
    entries: int,
    buy_in: int,
    fee: int,
    rebuys: int,
    rebuy_price: int,
    add_ons: int,
    add_on_price: int,
    guarantee: int,
    bounty: float,
) -> None:
    bounty_part = int(buy_in * bounty)
    pool = prize_pool(
        entries,
        buy_in,
        fee,
        rebuys=rebuys,
        rebuy_price=rebuy_price,
        add_ons=add_ons,
        add_on_price=add_on_price,
        guarantee=guarantee,
        bounty_part=bounty_part,
    )
    paid = entries * (buy_in + fee) + rebuys * rebuy_price + add_ons * add_on_price
    assert pool.paid_in == paid
    assert pool.total == max(guarantee, paid - entries * (fee + bounty_part))
    lines = pool.breakdown()
    assert lines[-1] == ("prize pool", pool.total)
    assert sum(amount for _, amount in lines[:-1]) == pool.total
    assert f"{pool.total:,}" in str(pool)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"entries": -1}, "entries must be at least 0"),
        ({"buy_in": 10.5}, "buy_in must be an integer"),
        ({"fee": True}, "fee must be an integer"),
        ({"bounty_part": 200}, "bounty part 200 is more than the buy-in 100"),
        ({"guarantee": -5}, "guarantee must be at least 0"),
    ],
)
def test_prize_pool_refuses_bad_input(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"entries": 10, "buy_in": 100, "fee": 10, **kwargs}
    with pytest.raises(ConfigurationError, match=message):
        prize_pool(**arguments)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- places paid


@pytest.mark.rule("ITA-18")
@pytest.mark.parametrize(
    ("entrants", "least"), [(1, 1), (9, 1), (10, 1), (11, 2), (20, 2), (21, 3), (999, 100)]
)
def test_at_least_ten_percent_of_the_entrants_are_paid(entrants: int, least: int) -> None:
    assert minimum_places(entrants) == least
    assert len(payouts(10**9, entrants, places=least)) == least
    if least > 1:
        with pytest.raises(ConfigurationError, match="ITA-18"):
            payouts(10**9, entrants, places=least - 1)


@pytest.mark.rule("ITA-18")
def test_a_custom_table_paying_too_few_is_refused() -> None:
    table = PayoutTable.of(50, 30, 20)
    assert len(payouts(1_000, 30, table=table)) == 3
    with pytest.raises(ConfigurationError, match=r"below the ITA-18 minimum.*at least 4 places"):
        payouts(1_000, 31, table=table)


def test_the_default_pays_fifteen_percent_rounded_up() -> None:
    assert [default_places(n, 10**9) for n in (1, 2, 6, 7, 100, 101, 1_000)] == [
        1,
        1,
        1,
        2,
        15,
        16,
        150,
    ]
    assert len(payouts(10**9, 101)) == 16


def test_the_default_pays_fewer_when_the_unit_cannot_pay_that_many() -> None:
    # 100 entrants, a pool of 100 units: 15 places need 120 units, 13 need 91.
    assert default_places(100, 10_000, unit=100) == 13
    assert len(payouts(10_000, 100, unit=100)) == 13
    # Never below ITA-18: 10 places need 55 units for strictly decreasing amounts, and
    # there are only 50, so the unit forces some ties (or, if strict, a refusal).
    assert default_places(100, 5_000, unit=100) == 10
    amounts = payouts(5_000, 100, unit=100)
    assert len(amounts) == 10 and sum(amounts) == 5_000
    assert amounts == sorted(amounts, reverse=True)
    assert len(set(amounts)) < 10
    with pytest.raises(ConfigurationError, match="ITA-18 asks for at least 10 of them"):
        payouts(5_000, 100, unit=100, strict=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"places": 31}, "cannot pay 31 places with only 30 entrants"),
        ({"places": 0}, "places must be at least 1"),
        ({"unit": 0}, "unit must be at least 1"),
        ({"pool": -1}, "pool must be at least 0"),
        ({"entrants": 0}, "entrants must be at least 1"),
        ({"pool": 5, "places": 6}, "cannot pay 6 places at least one unit of 1: .* at least 6"),
        ({"unit": 300, "places": 4}, "at least 1200; use a smaller unit or pay at most 3 places"),
        ({"unit": 300, "places": 4, "entrants": 40}, r"\(ITA-18 asks for at least 4 of them\)"),
        (
            {"pool": 5, "entrants": 10, "places": 3, "strict": True},
            "needs at least 6; use a smaller unit or pay at most 2 places",
        ),
        (
            {"unit": 100, "places": 5, "strict": True},
            "pool of 1000 cannot pay 5 places in strictly decreasing multiples of 100",
        ),
        ({"table": PayoutTable.of(60, 40), "places": 3}, "table pays 2 places, but 3"),
    ],
)
def test_impossible_requests_are_refused(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"pool": 1_000, "entrants": 30, **kwargs}
    with pytest.raises(ConfigurationError, match=message):
        payouts(**arguments)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- amounts


def test_a_custom_table_is_paid_as_given() -> None:
    table = PayoutTable.of("27.5", "17.5", "12.5", "10", "8", "7", "6", "5", "3.5", "3")
    assert payouts(100_000, 100, table=table) == [
        27_500,
        17_500,
        12_500,
        10_000,
        8_000,
        7_000,
        6_000,
        5_000,
        3_500,
        3_000,
    ]


def test_the_remainder_goes_to_first_place() -> None:
    # 10,037 in units of 100: 37 cannot be a multiple of 100, so first place gets it.
    assert payouts(10_037, 30, table=PayoutTable.of(50, 30, 20), unit=100) == [5_037, 3_000, 2_000]


def test_ties_are_avoided_by_spacing_the_lowest_places_one_unit_apart() -> None:
    # 40/30.5/29.5 % of 1,000, rounded to hundreds, would be 400, 300, 300: a tie. The
    # bottom places are spaced one unit apart instead, and the rest goes up the table.
    table = PayoutTable.of("40", "30.5", "29.5")
    assert payouts(1_000, 30, table=table, unit=100) == [500, 300, 200]
    assert payouts(600, 30, table=table, unit=100) == [300, 200, 100]
    # The bare minimum: exactly the staircase.
    assert payouts(1_500, 50, unit=100, places=5) == [500, 400, 300, 200, 100]


def test_a_large_field_in_a_coarse_unit_is_paid_in_bands_at_the_bottom() -> None:
    # 10,000 entrants, 1,000 places (ITA-18), a pool of 100,000 units of 100: strictly
    # decreasing amounts would need 500,500 units. The harmonic shares of neighbouring
    # places differ by less than a unit below about place 115, so they share amounts there.
    amounts = payouts(10_000_000, 10_000, unit=100)
    assert len(amounts) == 1_000 and sum(amounts) == 10_000_000
    assert all(lower < upper for upper, lower in itertools.pairwise(amounts[:100]))
    assert all(lower <= upper for upper, lower in itertools.pairwise(amounts))
    assert len(set(amounts)) < 300
    harmonic = sum(1 / k for k in range(1, 1_001))
    assert amounts[0] == pytest.approx(10_000_000 / harmonic, abs=100)
    assert amounts[-1] == pytest.approx(10_000_000 / harmonic / 1_000, abs=100)


def test_the_default_curve_is_harmonic() -> None:
    # Place k gets 1/k of first place: 60/30/20 of 110.
    assert payouts(110, 30, places=3) == [60, 30, 20]
    assert HARMONIC(4) == [1.0, 0.5, 1 / 3, 0.25]
    amounts = payouts(1_000_000, 1_000)
    assert len(amounts) == 150
    harmonic = sum(1 / k for k in range(1, 151))
    assert amounts[0] == pytest.approx(1_000_000 / harmonic, abs=1)
    assert amounts[-1] == pytest.approx(1_000_000 / harmonic / 150, abs=1)


def test_a_power_curve_fitted_to_first_place_share() -> None:
    assert payouts(1_000, 20, places=2, curve=PowerCurve(first_share=0.65)) == [650, 350]
    for places in (3, 9, 27, 200):
        amounts = payouts(10_000_000, places * 10, places=places, curve=PowerCurve(first_share=0.4))
        assert amounts[0] == pytest.approx(4_000_000, abs=1)
    steeper = payouts(100_000, 100, places=10, curve=PowerCurve(exponent=1.5))
    assert steeper[0] / steeper[1] == pytest.approx(2**1.5, rel=1e-3)
    with pytest.raises(ConfigurationError, match="share must be between 1/5 and 1"):
        payouts(100_000, 50, places=5, curve=PowerCurve(first_share=0.2))
    with pytest.raises(ConfigurationError, match="exponent > 0"):
        PowerCurve(exponent=0)
    with pytest.raises(ConfigurationError, match=r"share must be in \(0, 1\]"):
        PowerCurve(first_share=1.5)


def test_a_geometric_curve() -> None:
    assert payouts(7_000, 30, places=3, curve=GeometricCurve(0.5)) == [4_000, 2_000, 1_000]
    with pytest.raises(ConfigurationError, match="ratio < 1"):
        GeometricCurve(1.0)
    with pytest.raises(ConfigurationError, match=r"place 1076 gets 0\.0"):
        payouts(10**12, 50_000, places=5_000, curve=GeometricCurve(0.5))


def test_a_bad_custom_curve_is_refused() -> None:
    with pytest.raises(ConfigurationError, match="not strictly decreasing"):
        payouts(1_000, 30, places=3, curve=lambda n: [1.0] * n)
    with pytest.raises(ConfigurationError, match="gave 2 weights for 3 places"):
        payouts(1_000, 30, places=3, curve=lambda n: [2.0, 1.0])
    with pytest.raises(ConfigurationError, match=r"must be positive, but place 3 gets -1\.0"):
        payouts(1_000, 30, places=3, curve=lambda n: [1.0, 0.5, -1.0])


# --------------------------------------------------------------------------- tables


def test_a_table_is_validated() -> None:
    with pytest.raises(ConfigurationError, match=r"sums to 99\.9 %, not 100 %"):
        PayoutTable.of("50", "30", "19.9")
    with pytest.raises(ConfigurationError, match="place 3 gets 30 % and place 2 25 %"):
        PayoutTable.of(45, 25, 30)
    with pytest.raises(ConfigurationError, match="not strictly decreasing"):
        PayoutTable.of(40, 30, 30)
    with pytest.raises(ConfigurationError, match="must be > 0"):
        PayoutTable.of(100, 0)
    with pytest.raises(ConfigurationError, match="at least one place"):
        PayoutTable.of()
    with pytest.raises(ConfigurationError, match="'fifty' is not a percentage"):
        PayoutTable.of("fifty", "50")


def test_a_table_reads_percentages_as_data() -> None:
    table = PayoutTable.of("33.4%", 33.35, Fraction(133, 4))
    assert table.percentages == (Fraction(334, 10), Fraction(3335, 100), Fraction(3325, 100))
    assert table.places == 3
    assert repr(table) == "PayoutTable.of('33.4', '33.35', '33.25')"
    assert eval(repr(table)) == table
    assert PayoutTable.of(100).places == 1
    thirds = PayoutTable.of(Fraction(100, 2), Fraction(100, 3), Fraction(100, 6))
    assert repr(thirds) == "PayoutTable.of('50', '100/3', '50/3')"
    assert payouts(600, 30, table=thirds) == [300, 200, 100]


# --------------------------------------------------------------------------- properties


def check_amounts(amounts: list[int], pool: int, entrants: int, unit: int) -> None:
    """Exact, ITA-18, in the unit, and strictly decreasing unless the unit forces ties."""
    assert sum(amounts) == pool
    assert math.ceil(entrants / 10) <= len(amounts) <= entrants
    assert all(amount % unit == 0 for amount in amounts[1:])
    assert amounts[0] % unit == pool % unit
    assert amounts[-1] >= unit
    assert all(lower <= upper for upper, lower in itertools.pairwise(amounts))
    if fewest_units(len(amounts)) * unit <= pool:
        event("strictly decreasing")
        assert all(lower < upper for upper, lower in itertools.pairwise(amounts))
    else:
        # The unit forces ties: whole units, first place's remainder aside, repeat.
        event("ties forced by the unit")
        units = [(amounts[0] - pool % unit) // unit] + [a // unit for a in amounts[1:]]
        assert len(set(units)) < len(units)


@pytest.mark.rule("ITA-18")
@settings(max_examples=300, deadline=None)
@given(pool=POOLS, entrants=st.integers(1, 3_000), unit=UNITS)
def test_default_payouts_are_exact_decreasing_and_pay_ten_percent(
    pool: int, entrants: int, unit: int
) -> None:
    least = math.ceil(entrants / 10)
    places = max(least, min(math.ceil(entrants * 15 / 100), most_places(pool, unit)))
    if places * unit > pool:
        event("refused")
        with pytest.raises(ConfigurationError, match=r"cannot pay .* at least one unit"):
            payouts(pool, entrants, unit=unit)
        return
    amounts = payouts(pool, entrants, unit=unit)
    assert len(amounts) == places
    check_amounts(amounts, pool, entrants, unit)


@pytest.mark.rule("ITA-18")
@settings(max_examples=300, deadline=None)
@given(
    pool=POOLS,
    entrants=st.integers(1, 2_000),
    unit=UNITS,
    fraction=st.floats(0, 1),
    exponent=st.floats(0.2, 3),
    strict=st.booleans(),
)
def test_any_number_of_places_is_exact_and_decreasing_or_refused(
    pool: int, entrants: int, unit: int, fraction: float, exponent: float, strict: bool
) -> None:
    places = 1 + int(fraction**2 * (entrants - 1))
    curve = PowerCurve(exponent=exponent)
    if places < math.ceil(entrants / 10):
        event("below ITA-18")
        with pytest.raises(ConfigurationError, match="ITA-18"):
            payouts(pool, entrants, places=places, unit=unit, curve=curve, strict=strict)
    elif places * unit > pool:
        event("not a unit for each place")
        with pytest.raises(ConfigurationError, match="at least one unit"):
            payouts(pool, entrants, places=places, unit=unit, curve=curve, strict=strict)
    elif strict and fewest_units(places) * unit > pool:
        event("strict refused")
        with pytest.raises(ConfigurationError, match="strictly decreasing multiples"):
            payouts(pool, entrants, places=places, unit=unit, curve=curve, strict=strict)
    else:
        amounts = payouts(pool, entrants, places=places, unit=unit, curve=curve, strict=strict)
        assert len(amounts) == places
        check_amounts(amounts, pool, entrants, unit)


@pytest.mark.rule("ITA-18")
@settings(max_examples=200, deadline=None)
@given(places=st.integers(2, 400), unit=UNITS, where=st.floats(0, 1, exclude_max=True))
def test_when_the_unit_forces_ties_the_amounts_still_do_not_increase(
    places: int, unit: int, where: float
) -> None:
    # A pool of at least one unit a place, short of the n(n+1)/2 units strictly
    # decreasing amounts need.
    least, most = places * unit, fewest_units(places) * unit - 1
    pool = least + int(where * (most - least + 1))
    entrants = 10 * places
    amounts = payouts(pool, entrants, places=places, unit=unit)
    check_amounts(amounts, pool, entrants, unit)
    with pytest.raises(ConfigurationError, match="strictly decreasing multiples"):
        payouts(pool, entrants, places=places, unit=unit, strict=True)


@settings(max_examples=200, deadline=None)
@given(
    weights=st.lists(st.integers(1, 10_000), min_size=1, max_size=40, unique=True),
    pool=st.integers(1, 10**9),
    unit=UNITS,
)
def test_tables_are_followed_to_within_a_unit(weights: list[int], pool: int, unit: int) -> None:
    weights.sort(reverse=True)
    table = PayoutTable(tuple(Fraction(100 * w, sum(weights)) for w in weights))
    targets = [pool * p / 100 for p in table.percentages]
    entrants = 10 * table.places
    if table.places * unit > pool:
        with pytest.raises(ConfigurationError, match="cannot pay"):
            payouts(pool, entrants, table=table, unit=unit)
        return
    amounts = payouts(pool, entrants, table=table, unit=unit)
    check_amounts(amounts, pool, entrants, unit)
    # Where the last share is at least a unit and neighbouring shares are at least a unit
    # apart (first place: a unit more than the remainder), every amount is within one
    # unit of its exact share.
    gaps = [upper - lower for upper, lower in itertools.pairwise(targets)]
    if (
        targets[-1] >= unit
        and all(gap >= unit for gap in gaps)
        and (not gaps or gaps[0] >= unit + pool % unit)
    ):
        event("shares a unit apart")
        assert all(abs(a - t) < unit for a, t in zip(amounts, targets, strict=True))


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(payouts_module)
    assert tests > 10
    assert failures == 0
