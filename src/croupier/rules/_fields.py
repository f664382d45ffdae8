"""Check every field of a rules value by its annotation, so that no knob is ever misread.

A field annotated ``bool`` takes only ``True``/``False``, ``int`` a whole number (not a
bool, not a float), an enum its member or the member's text (``"pot-limit"``), a
``Fraction`` a fraction, an integer or exact text (``"1/2"``, never a float: rules are
exact), a class an instance of it; ``X | None`` also takes ``None``. A new field is
checked the day it is added, with no code to write.
"""

from __future__ import annotations

import types
from decimal import Decimal
from enum import StrEnum
from fractions import Fraction
from typing import Any, Union, get_args, get_origin, get_type_hints

from croupier._checks import choice, flag, quote, text, whole
from croupier.errors import ConfigurationError

__all__ = ["check_fields", "exact_fraction"]


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _hints(cls: type) -> tuple[tuple[str, Any], ...]:
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = tuple(get_type_hints(cls).items())
    return hints


def check_fields(value: object, what: str) -> None:
    """Check (and normalise, in place) every field of the frozen dataclass ``value``."""
    for name, hint in _hints(type(value)):
        current = getattr(value, name)
        checked = _checked(current, hint, f"{what}: {name}")
        if checked is not current:
            object.__setattr__(value, name, checked)


def exact_fraction(value: object, what: str) -> Fraction:
    """``value`` as a :class:`~fractions.Fraction`: a fraction, a whole number, exact text.

    >>> exact_fraction("4/100", "rate"), exact_fraction(1, "rate")
    (Fraction(1, 25), Fraction(1, 1))
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int | str | Decimal) and not isinstance(value, bool):
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError, OverflowError):
            pass
    raise ConfigurationError(
        f"{what} must be an exact fraction such as Fraction(1, 2) or '1/2', not {quote(value)}"
    )


def _checked(value: object, hint: Any, what: str) -> object:
    origin = get_origin(hint)
    if origin is Union or origin is types.UnionType:
        options = [a for a in get_args(hint) if a is not type(None)]
        if value is None and len(options) < len(get_args(hint)):
            return None
        if len(options) != 1:  # pragma: no cover - no such field today
            return value
        hint = options[0]
    if hint is bool:
        return flag(value, what)
    if hint is int:
        return whole(value, what)
    if hint is str:
        return text(value, what)
    if hint is Fraction:
        return exact_fraction(value, what)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return choice(hint, value, what)
    if isinstance(hint, type) and not isinstance(value, hint):
        raise ConfigurationError(f"{what} must be a {hint.__name__}, not {quote(value)}")
    return value
