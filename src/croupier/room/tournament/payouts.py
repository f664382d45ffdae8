"""Prize pools and payout tables: what a tournament collects and how it pays the places.

The Italian regulations (ITA-18, "Montepremi") fix the frame: the prize pool is the
entries net of fees, it is split in decreasing amounts relative to the winner, and at
least 10 % of the entrants are paid. Everything here is in integers of the smallest unit
(cents or chips), and the amounts paid always sum exactly to the pool.

>>> pool = prize_pool(100, 100_00, 10_00)
>>> pool.total
1000000
>>> payouts(pool.total, 100, unit=5_00)[:3]
[301500, 150500, 100500]
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NoReturn

from croupier.errors import ConfigurationError

__all__ = [
    "DEFAULT_PAID_FRACTION",
    "HARMONIC",
    "ITA_18_MIN_PAID_FRACTION",
    "Curve",
    "GeometricCurve",
    "PayoutTable",
    "PowerCurve",
    "PrizePool",
    "default_places",
    "minimum_places",
    "payouts",
    "prize_pool",
]

#: ITA-18: the number of places paid is never below 10 % of the entrants.
ITA_18_MIN_PAID_FRACTION = Fraction(1, 10)
#: Places paid when none are asked for: 15 % of the entrants, rounded up (common practice).
DEFAULT_PAID_FRACTION = Fraction(15, 100)


def _check_amount(name: str, value: int, *, minimum: int = 0) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigurationError(f"{name} must be an integer in the smallest unit, not {value!r}")
    if value < minimum:
        raise ConfigurationError(f"{name} must be at least {minimum}, not {value}")


# --------------------------------------------------------------------------- prize pool


@dataclass(frozen=True)
class PrizePool:
    """What a tournament collected and where each part goes.

    ``total`` is the money the places share (ITA-18: entries net of fees, plus rebuys,
    add-ons and any overlay); ``fees`` go to the house and ``bounties`` are kept apart
    for the knock-out prizes.
    """

    entries: int
    from_entries: int
    from_rebuys: int
    from_add_ons: int
    fees: int
    bounties: int
    overlay: int

    @property
    def collected(self) -> int:
        """The players' money that goes to the places (before any overlay)."""
        return self.from_entries + self.from_rebuys + self.from_add_ons

    @property
    def total(self) -> int:
        """The prize pool the places share: what was collected, topped up to the guarantee."""
        return self.collected + self.overlay

    @property
    def paid_in(self) -> int:
        """Everything the players paid: prize money, fees and bounties."""
        return self.collected + self.fees + self.bounties

    def breakdown(self) -> list[tuple[str, int]]:
        """The pool line by line, as (label, amount), ending with the total.

        >>> prize_pool(10, 100, 10, guarantee=1500).breakdown()[-2:]
        [('overlay (guarantee)', 500), ('prize pool', 1500)]
        """
        lines = [("entries, net of fees and bounties", self.from_entries)]
        if self.from_rebuys:
            lines.append(("rebuys", self.from_rebuys))
        if self.from_add_ons:
            lines.append(("add-ons", self.from_add_ons))
        if self.overlay:
            lines.append(("overlay (guarantee)", self.overlay))
        lines.append(("prize pool", self.total))
        return lines

    def __str__(self) -> str:
        lines = self.breakdown()
        lines.append(("kept apart: bounties", self.bounties))
        lines.append(("kept apart: fees", self.fees))
        width = max(len(label) for label, _ in lines)
        return "\n".join(f"{label:<{width}}  {amount:>12,}" for label, amount in lines)


def prize_pool(
    entries: int,
    buy_in: int,
    fee: int,
    *,
    rebuys: int = 0,
    rebuy_price: int = 0,
    add_ons: int = 0,
    add_on_price: int = 0,
    guarantee: int = 0,
    bounty_part: int = 0,
) -> PrizePool:
    """The prize pool of a tournament, with its breakdown.

    Each entry pays ``buy_in + fee``: the ``fee`` goes to the house (ITA-18: the pool is
    the entries net of fees) and, in a knock-out format, ``bounty_part`` of the buy-in is
    kept apart for the bounties. Rebuys and add-ons go wholly to the pool: give their
    prices net of any fee, and count re-entries (which pay a fee and a bounty) as entries.
    A ``guarantee`` of the prize pool (bounties not included) is met by an overlay.

    >>> pool = prize_pool(120, 50_00, 5_00, rebuys=30, rebuy_price=50_00, bounty_part=20_00)
    >>> pool.from_entries, pool.from_rebuys, pool.bounties, pool.fees, pool.total
    (360000, 150000, 240000, 60000, 510000)
    """
    _check_amount("entries", entries)
    _check_amount("buy_in", buy_in)
    _check_amount("fee", fee)
    _check_amount("rebuys", rebuys)
    _check_amount("rebuy_price", rebuy_price)
    _check_amount("add_ons", add_ons)
    _check_amount("add_on_price", add_on_price)
    _check_amount("guarantee", guarantee)
    _check_amount("bounty_part", bounty_part)
    if bounty_part > buy_in:
        raise ConfigurationError(
            f"the bounty part {bounty_part} is more than the buy-in {buy_in} it is taken from"
        )
    collected = entries * (buy_in - bounty_part) + rebuys * rebuy_price + add_ons * add_on_price
    return PrizePool(
        entries=entries,
        from_entries=entries * (buy_in - bounty_part),
        from_rebuys=rebuys * rebuy_price,
        from_add_ons=add_ons * add_on_price,
        fees=entries * fee,
        bounties=entries * bounty_part,
        overlay=max(0, guarantee - collected),
    )


# --------------------------------------------------------------------------- curves

#: A payout curve: given the number of places, one positive weight per place, strictly
#: decreasing from first place. Only the ratios matter.
Curve = Callable[[int], Sequence[float]]


@dataclass(frozen=True)
class PowerCurve:
    """A power law: place ``k`` gets a weight ``k ** -exponent``.

    The default exponent 1 is the harmonic (Zipf) law: first place gets ``1 / H(n)`` of
    the pool, 2 paid 67 %, 3 paid 55 %, 9 paid 35 %, 15 paid 30 %, 150 paid 18 %, 1,500
    paid 13 % (the 2023 WSOP Main Event paid 1,507 places, 13 % to the winner).

    With ``first_share``, the exponent is instead fitted, for each number of places, so
    that first place gets that share of the pool (before rounding).

    >>> [round(w, 3) for w in PowerCurve()(3)]
    [1.0, 0.5, 0.333]
    >>> weights = PowerCurve(first_share=0.5)(3)
    >>> round(weights[0] / sum(weights), 6)
    0.5
    """

    exponent: float = 1.0
    first_share: float | None = None

    def __post_init__(self) -> None:
        if not (math.isfinite(self.exponent) and self.exponent > 0):
            raise ConfigurationError(f"a power curve needs an exponent > 0, not {self.exponent}")
        if self.first_share is not None and not 0 < self.first_share <= 1:
            raise ConfigurationError(
                f"first place's share must be in (0, 1], not {self.first_share}"
            )

    def __call__(self, places: int) -> list[float]:
        exponent = self.exponent if self.first_share is None else self._fit(places)
        return [k**-exponent for k in range(1, places + 1)]

    def _fit(self, places: int) -> float:
        share = self.first_share
        assert share is not None
        if places == 1:
            return self.exponent
        if not 1 / places < share < 1:
            raise ConfigurationError(
                f"with {places} places paid, first place's share must be between "
                f"1/{places} and 1 (exclusive) for a decreasing curve, not {share}"
            )

        def first(exponent: float) -> float:
            return 1 / math.fsum(k**-exponent for k in range(1, places + 1))

        low, high = 0.0, 1.0
        while first(high) < share:
            high *= 2
        for _ in range(60):
            middle = (low + high) / 2
            if first(middle) < share:
                low = middle
            else:
                high = middle
        return high


@dataclass(frozen=True)
class GeometricCurve:
    """A geometric law: each place gets ``ratio`` times the place above.

    Suits a few places; over hundreds the bottom weights vanish and the curve is refused.

    >>> GeometricCurve(0.5)(3)
    [1.0, 0.5, 0.25]
    """

    ratio: float

    def __post_init__(self) -> None:
        if not 0 < self.ratio < 1:
            raise ConfigurationError(f"a geometric curve needs 0 < ratio < 1, not {self.ratio}")

    def __call__(self, places: int) -> list[float]:
        return [self.ratio**k for k in range(places)]


#: The default curve: the harmonic law, place ``k`` gets a weight ``1 / k``.
HARMONIC = PowerCurve()


# --------------------------------------------------------------------------- custom tables


def _percentage(value: int | float | str | Decimal | Fraction) -> Fraction:
    if isinstance(value, bool):
        raise ConfigurationError(f"{value!r} is not a percentage")
    if isinstance(value, Fraction | int):
        return Fraction(value)
    text = repr(value) if isinstance(value, float) else str(value).strip().removesuffix("%")
    try:
        return Fraction(Decimal(text))
    except (InvalidOperation, ValueError, OverflowError):
        raise ConfigurationError(f"{value!r} is not a percentage") from None


@dataclass(frozen=True)
class PayoutTable:
    """A custom payout table: the percentage of the pool for each place, first place first.

    The percentages must be positive, strictly decreasing (ITA-18: "percentuale
    decrescente") and sum to exactly 100. Decimals are exact: give ``"27.5"``, not a
    binary float approximation (floats are read as the decimal they print as).

    >>> PayoutTable.of("50", "30", "20")
    PayoutTable.of('50', '30', '20')
    >>> PayoutTable.of(60, 30, 5)
    Traceback (most recent call last):
    ...
    croupier.errors.ConfigurationError: the payout table (60, 30, 5) sums to 95 %, not 100 %
    """

    percentages: tuple[Fraction, ...]

    def __post_init__(self) -> None:
        shown = "(" + ", ".join(_show(p) for p in self.percentages) + ")"
        if not self.percentages:
            raise ConfigurationError("a payout table needs at least one place")
        if any(p <= 0 for p in self.percentages):
            raise ConfigurationError(f"every percentage of the payout table {shown} must be > 0")
        for place, (upper, lower) in enumerate(itertools.pairwise(self.percentages), start=1):
            if lower >= upper:
                raise ConfigurationError(
                    f"the payout table {shown} is not strictly decreasing: place {place + 1} "
                    f"gets {_show(lower)} % and place {place} {_show(upper)} %"
                )
        total = sum(self.percentages, Fraction(0))
        if total != 100:
            raise ConfigurationError(
                f"the payout table {shown} sums to {_show(total)} %, not 100 %"
            )

    @classmethod
    def of(cls, *percentages: int | float | str | Decimal | Fraction) -> PayoutTable:
        """A table from percentages given as data (ints, decimal strings, ``Decimal``)."""
        return cls(tuple(_percentage(p) for p in percentages))

    @property
    def places(self) -> int:
        """The number of places the table pays."""
        return len(self.percentages)

    def __repr__(self) -> str:
        return "PayoutTable.of(" + ", ".join(repr(_show(p)) for p in self.percentages) + ")"


def _show(value: Fraction) -> str:
    """A percentage as a short decimal when it is one, else as a fraction."""
    if value.denominator == 1:
        return str(value.numerator)
    denominator = value.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator == 1:
        return format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    return str(value)


# --------------------------------------------------------------------------- payouts


def minimum_places(entrants: int) -> int:
    """The fewest places ITA-18 allows: 10 % of the entrants, rounded up.

    >>> minimum_places(9), minimum_places(10), minimum_places(11), minimum_places(250)
    (1, 1, 2, 25)
    """
    _check_amount("entrants", entrants, minimum=1)
    return math.ceil(entrants * ITA_18_MIN_PAID_FRACTION)


def _staircase(places: int) -> int:
    """Units needed to pay ``places`` strictly decreasing positive multiples of the unit."""
    return places * (places + 1) // 2


def _most_places(pool: int, unit: int) -> int:
    """The most places a pool can pay in strictly decreasing multiples of the unit."""
    units = pool // unit
    places = (math.isqrt(8 * units + 1) - 1) // 2
    assert _staircase(places) <= units < _staircase(places + 1)
    return places


def default_places(entrants: int, pool: int, *, unit: int = 1) -> int:
    """The places paid when none are asked for.

    15 % of the entrants rounded up (common practice; ITA-18 asks for at least 10 %), but
    fewer when the pool cannot pay that many in strictly decreasing multiples of ``unit``,
    never below the ITA-18 minimum.

    >>> default_places(100, 1_000_000), default_places(100, 10_000, unit=100)
    (15, 13)
    """
    _check_amount("entrants", entrants, minimum=1)
    _check_amount("pool", pool)
    _check_amount("unit", unit, minimum=1)
    usual = math.ceil(entrants * DEFAULT_PAID_FRACTION)
    return max(minimum_places(entrants), min(usual, _most_places(pool, unit)))


def payouts(
    pool: int,
    entrants: int,
    *,
    places: int | None = None,
    unit: int = 1,
    table: PayoutTable | None = None,
    curve: Curve = HARMONIC,
    strict: bool = False,
) -> list[int]:
    """The amount paid to each place, first place first.

    - The number paid is ``places``, else the ``table``'s, else :func:`default_places`;
      never fewer than 10 % of the entrants (ITA-18), never more than the entrants.
    - The shares come from the custom ``table`` if given, else from the ``curve`` (the
      harmonic law ``1 / k`` by default).
    - Every amount below first place is a multiple of ``unit``; first place gets a
      multiple of ``unit`` plus the remainder ``pool % unit``, so that the amounts sum
      exactly to ``pool``. Every place paid gets at least one ``unit``.
    - Amounts are strictly decreasing whenever the pool allows it in that unit (at
      least ``unit * n * (n + 1) / 2`` for ``n`` places): then no two places tie, even
      where the shares are less than a unit apart. Only below that, when the unit
      forces some ties, amounts are merely non-increasing: the shares are rounded to
      the unit (at least one unit each), and places whose shares the unit cannot tell
      apart may tie, usually in bands at the bottom. ``strict=True`` refuses such a pool.

    With strictly decreasing amounts, each is within one unit of the curve's (or
    table's) exact share whenever the last share is at least one unit and the shares of
    neighbouring places differ by at least one unit (first place: one unit plus the
    remainder); where they differ by less, the lower places are spaced one unit apart
    and the rest of the pool is shared in proportion to what remains.

    >>> payouts(10_000, 30, table=PayoutTable.of(50, 30, 20))
    [5000, 3000, 2000]
    >>> payouts(10_050, 30, table=PayoutTable.of(50, 30, 20), unit=100)
    [5050, 3000, 2000]
    >>> payouts(1_000, 20, unit=100, places=4)
    [400, 300, 200, 100]
    >>> payouts(800, 20, unit=100, places=4)
    [400, 200, 100, 100]
    """
    _check_amount("pool", pool)
    _check_amount("entrants", entrants, minimum=1)
    _check_amount("unit", unit, minimum=1)
    least = minimum_places(entrants)
    if places is None:
        places = table.places if table is not None else default_places(entrants, pool, unit=unit)
    _check_amount("places", places, minimum=1)
    if table is not None and table.places != places:
        raise ConfigurationError(
            f"the payout table pays {table.places} places, but {places} places were asked for"
        )
    if places > entrants:
        raise ConfigurationError(f"cannot pay {places} places with only {entrants} entrants")
    if places < least:
        raise ConfigurationError(
            f"paying {places} of {entrants} entrants is below the ITA-18 minimum of 10 %: "
            f"pay at least {least} places"
        )
    if pool < places * unit:
        _refuse(
            pool,
            places,
            unit,
            least=least,
            how="at least one unit",
            needed=places * unit,
            most=pool // unit,
        )
    if strict and pool < _staircase(places) * unit:
        _refuse(
            pool,
            places,
            unit,
            least=least,
            how="in strictly decreasing multiples",
            needed=_staircase(places) * unit,
            most=_most_places(pool, unit),
        )
    shares = list(table.percentages) if table is not None else _curve_weights(curve, places)
    whole = sum(shares, Fraction(0))
    targets = [pool * share / whole for share in shares]
    return _round_decreasing(targets, pool, unit)


def _refuse(
    pool: int, places: int, unit: int, *, least: int, how: str, needed: int, most: int
) -> NoReturn:
    """Refuse a pool too small for the places in that unit, saying what would do."""
    advice = (
        f"use a smaller unit or pay at most {most} places"
        if most >= least
        else f"use a smaller unit (ITA-18 asks for at least {least} of them)"
    )
    raise ConfigurationError(
        f"a pool of {pool} cannot pay {places} place{'s' * (places != 1)} {how} of {unit}: "
        f"that needs at least {needed}; {advice}"
    )


def _curve_weights(curve: Curve, places: int) -> list[Fraction]:
    weights = list(curve(places))
    if len(weights) != places:
        raise ConfigurationError(f"the curve gave {len(weights)} weights for {places} places")
    for place, weight in enumerate(weights, start=1):
        if not (math.isfinite(weight) and weight > 0):
            raise ConfigurationError(
                f"the curve's weights must be positive, but place {place} gets {weight} "
                f"over {places} places (a weight too small for floating point?)"
            )
    if any(lower >= upper for upper, lower in itertools.pairwise(weights)):
        raise ConfigurationError(
            f"the curve is not strictly decreasing over {places} places "
            f"(neighbouring weights equal, or too close for floating point)"
        )
    return [Fraction(w) for w in weights]


def _round_decreasing(targets: Sequence[Fraction], pool: int, unit: int) -> list[int]:
    """Round exact shares to decreasing amounts summing to ``pool``: the rounding rule.

    Place ``k`` of ``n`` is written as ``(base_k + c_k) * unit``. When the pool allows
    it, the base is a staircase ``n, n - 1, ..., 1``, one unit per step, which keeps the
    amounts strictly decreasing whatever ``c`` is; otherwise it is one unit for every
    place. ``c_k >= 0`` are units that must not increase down the places: the ideal
    ``c`` (the shares less the base) is made non-increasing (pool-adjacent-violators),
    non-negative (negative parts dropped, the rest scaled to the same sum) and rounded
    by largest remainders, ties to the better place, which keeps it non-increasing.
    First place also gets the remainder ``pool % unit``.
    """
    places = len(targets)
    units, remainder = divmod(pool, unit)
    strict = units >= _staircase(places)
    base = list(range(places, 0, -1)) if strict else [1] * places
    spare = units - sum(base)
    assert spare >= 0
    ideal = [target / unit - step for target, step in zip(targets, base, strict=True)]
    ideal[0] -= Fraction(remainder, unit)
    ideal = _non_increasing(ideal)
    positive = [max(value, Fraction(0)) for value in ideal]
    kept = sum(positive, Fraction(0))
    scaled = [value * spare / kept for value in positive] if kept else [Fraction(0)] * places
    extra = _largest_remainder(scaled, spare)
    amounts = [(step + more) * unit for step, more in zip(base, extra, strict=True)]
    amounts[0] += remainder
    assert sum(amounts) == pool
    if strict:
        assert all(lower < upper for upper, lower in itertools.pairwise(amounts))
    assert all(lower <= upper for upper, lower in itertools.pairwise(amounts))
    return amounts


def _non_increasing(values: Sequence[Fraction]) -> list[Fraction]:
    """The closest non-increasing sequence in least squares (pool adjacent violators)."""
    blocks: list[tuple[Fraction, int]] = []  # (sum, length)
    for value in values:
        total, length = value, 1
        while blocks and blocks[-1][0] * length < total * blocks[-1][1]:
            previous_total, previous_length = blocks.pop()
            total, length = total + previous_total, length + previous_length
        blocks.append((total, length))
    result: list[Fraction] = []
    for total, length in blocks:
        result.extend([total / length] * length)
    return result


def _largest_remainder(targets: Sequence[Fraction], total: int) -> list[int]:
    """Whole numbers summing to ``total``, each the floor or the ceiling of its target.

    Needs targets >= 0 with ``total <= sum(targets) < total + 1``. The units left after
    the floors go to the largest fractional parts, ties to the earlier index; so
    non-increasing targets give non-increasing results.
    """
    floors = [math.floor(t) for t in targets]
    left = total - sum(floors)
    assert 0 <= left <= len(targets)
    order = sorted(range(len(targets)), key=lambda i: (floors[i] - targets[i], i))
    for i in order[:left]:
        floors[i] += 1
    return floors
