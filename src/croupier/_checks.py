"""Input checks shared by every entry point: whole numbers, flags, text, choices.

Each check returns the value (normalised: a numpy integer becomes an ``int``, the text of
an enum member becomes the member) or raises the croupier error it is given, with a
message that quotes the input, cut short when it is long, and says what is accepted.

>>> whole(5, "seats", low=2, high=22)
5
>>> whole(True, "seats", low=2, high=22)
Traceback (most recent call last):
...
croupier.errors.ConfigurationError: seats must be a whole number from 2 to 22, not True
"""

from __future__ import annotations

import operator
from enum import StrEnum
from typing import Final, TypeVar

from croupier.errors import ConfigurationError, CroupierError

__all__ = ["MAX_CHIPS", "choice", "flag", "quote", "text", "whole"]

MAX_CHIPS: Final = 10**18
"""The largest amount accepted anywhere (a stake, a stack, a bet): it fits the signed 64-bit
integers of storage and clients, and far exceeds any real game."""

_QUOTE_LIMIT: Final = 60
_E = TypeVar("_E", bound=StrEnum)


def quote(value: object, limit: int = _QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to about ``limit`` characters.

    >>> quote("x" * 100, limit=10)
    "'xxxxxxxx… (102 characters)"
    >>> quote(10**5000)
    'a number of 5,001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        # str() of an int past 4,300 digits raises ValueError: count the digits instead
        digits = len(str(abs(value))) if value.bit_length() < 14_000 else _digits(value)
        return f"a number of {digits:,} digits"
    try:
        shown = repr(value)
    except Exception:  # a broken __repr__ must not hide the error being reported
        shown = f"<{type(value).__name__} object>"
    if len(shown) > limit:
        return f"{shown[: limit - 1]}… ({len(shown):,} characters)"
    return shown


def _digits(value: int) -> int:
    """The number of decimal digits of a huge ``value``, without writing it out."""
    magnitude = abs(value)
    guess = int(magnitude.bit_length() * 0.30102999566398120)
    return guess + 1 if magnitude >= 10**guess else guess


def whole(
    value: object,
    what: str,
    *,
    low: int = 0,
    high: int = MAX_CHIPS,
    error: type[CroupierError] = ConfigurationError,
) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high``.

    Anything with ``__index__`` counts (a numpy integer too); a bool, a float, text or
    ``None`` does not.
    """
    number: int | None = None
    if not isinstance(value, bool):
        try:
            number = operator.index(value)  # type: ignore[arg-type]
        except TypeError:
            number = None
    if number is None or not low <= number <= high:
        shown = quote(value) if number is None else quote(number)
        raise error(f"{what} must be a whole number from {low:,} to {high:,}, not {shown}")
    return number


def flag(value: object, what: str, *, error: type[CroupierError] = ConfigurationError) -> bool:
    """``value`` if it is ``True`` or ``False`` (not ``1``, not ``"no"``)."""
    if value is True or value is False:
        return value
    raise error(f"{what} must be True or False, not {quote(value)}")


def text(
    value: object,
    what: str,
    *,
    empty: bool = True,
    error: type[CroupierError] = ConfigurationError,
) -> str:
    """``value`` if it is a ``str`` (a non-empty one unless ``empty``)."""
    if not isinstance(value, str):
        raise error(f"{what} must be text, not {quote(value)}")
    if not empty and not value.strip():
        raise error(f"{what} must not be empty")
    return value


def choice(
    kind: type[_E],
    value: object,
    what: str,
    *,
    error: type[CroupierError] = ConfigurationError,
) -> _E:
    """The member of the enum ``kind`` that ``value`` is, or whose text it is.

    >>> from croupier.rules import BettingStructure
    >>> choice(BettingStructure, "pot-limit", "structure")
    <BettingStructure.POT_LIMIT: 'pot-limit'>
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str):
        try:
            return kind(value)
        except ValueError:
            pass
    names = ", ".join(repr(member.value) for member in kind)
    raise error(f"{what} must be one of {names}, not {quote(value)}")
