"""Exact amounts for PHH: decimal literals to integer units and back.

A PHH file writes amounts as TOML integers or decimals (``10112.5``, ``0.25``). A
hand picks one *scale*, a power of ten, such that every amount is a whole number
of units of ``1 / scale``; amounts are then plain ``int`` s. All conversions here
work on the digits of the literal (``decimal.Decimal`` built from the text, never
a float), so they are exact for any size of number.
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal

from croupier.errors import HandHistoryError

__all__ = ["format_amount", "is_power_of_ten", "scale_of", "to_units", "units_to_decimal"]


def is_power_of_ten(value: int) -> bool:
    """Whether ``value`` is 1, 10, 100, ...

    >>> is_power_of_ten(100), is_power_of_ten(20), is_power_of_ten(0)
    (True, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        return False
    while value % 10 == 0:
        value //= 10
    return value == 1


def _decimals_needed(value: int | Decimal) -> int:
    """How many digits after the point ``value`` needs (0 for a whole number)."""
    if isinstance(value, int):
        return 0
    if not value.is_finite():
        raise HandHistoryError(f"{value} is not a finite amount")
    _, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite, checked above
    # Trailing zeros after the point ("9775.0") do not need a finer unit.
    while exponent < 0 and len(digits) > 1 and digits[-1] == 0:
        digits = digits[:-1]
        exponent += 1
    if exponent < 0 and digits == (0,):
        return 0
    return max(0, -exponent)


def scale_of(amounts: Iterable[int | Decimal]) -> int:
    """The smallest power of ten making every amount a whole number of units.

    >>> scale_of([100, Decimal("10112.5"), Decimal("9775.0")])
    10
    >>> scale_of([Decimal("1259450.25"), 500])
    100
    >>> scale_of([])
    1
    """
    return int(10 ** max((_decimals_needed(a) for a in amounts), default=0))


def to_units(value: int | Decimal, scale: int) -> int:
    """``value`` as a whole number of units of ``1 / scale``; exact or an error.

    >>> to_units(Decimal("10112.5"), 10), to_units(7, 100)
    (101125, 700)
    """
    if not is_power_of_ten(scale):
        raise HandHistoryError(f"scale {scale!r} is not a power of ten (1, 10, 100, ...)")
    if isinstance(value, int):
        return value * scale
    needed = _decimals_needed(value)
    if 10**needed > scale:
        raise HandHistoryError(f"{value} is not a whole number of units of 1/{scale}")
    sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)
    magnitude = int("".join(map(str, digits)))
    shift = exponent + len(str(scale)) - 1
    units: int = magnitude * 10**shift if shift >= 0 else magnitude // 10**-shift
    return -units if sign else units


def units_to_decimal(units: int, scale: int) -> Decimal:
    """The exact amount that ``units`` of ``1 / scale`` make.

    >>> units_to_decimal(101125, 10)
    Decimal('10112.5')
    """
    return Decimal(format_amount(units, scale))


def format_amount(units: int, scale: int) -> str:
    """Write ``units`` of ``1 / scale`` as the shortest exact literal.

    Whole amounts are written as integers, others with only the digits needed.

    >>> format_amount(101125, 10), format_amount(97750, 10), format_amount(25, 100)
    ('10112.5', '9775', '0.25')
    """
    if not is_power_of_ten(scale):
        raise HandHistoryError(f"scale {scale!r} is not a power of ten (1, 10, 100, ...)")
    sign = "-" if units < 0 else ""
    whole, part = divmod(abs(units), scale)
    if part == 0:
        return f"{sign}{whole}"
    width = len(str(scale)) - 1
    return f"{sign}{whole}.{part:0{width}d}".rstrip("0")
