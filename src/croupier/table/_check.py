"""Checks of the input of tables, rooms and tournaments: one message style everywhere.

Each check returns the value when it is acceptable and raises the given croupier error
(a :class:`~croupier.errors.ConfigurationError` unless told otherwise) quoting the input
and saying what is accepted. ``True`` and ``False`` are never numbers here.
"""

from __future__ import annotations

import math
import random
from typing import Any

from croupier.errors import ConfigurationError, CroupierError

__all__ = [
    "MAX_CHIPS",
    "chips",
    "duration",
    "flag",
    "name",
    "number",
    "rng_from_state",
    "rng_state",
    "snapshot_part",
    "whole",
]

MAX_CHIPS = 10**15
"""The largest amount a stack, a buy-in or a deposit may be (it fits every database)."""


def whole(
    value: object,
    what: str,
    *,
    minimum: int = 0,
    error: type[CroupierError] = ConfigurationError,
) -> int:
    """``value`` if it is a whole number (not a bool) of at least ``minimum``.

    >>> whole(5, "a stack", minimum=1)
    5
    >>> whole("5", "a stack", minimum=1)
    Traceback (most recent call last):
    ...
    croupier.errors.ConfigurationError: a stack is a whole number >= 1, not '5'
    """
    if type(value) is not int or value < minimum:
        raise error(f"{what} is a whole number >= {minimum}, not {value!r}")
    return value


def chips(
    value: object,
    what: str,
    *,
    minimum: int = 1,
    error: type[CroupierError] = ConfigurationError,
) -> int:
    """``value`` if it is a whole number of chips from ``minimum`` to :data:`MAX_CHIPS`.

    >>> chips(10**30, "a stack")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier.errors.ConfigurationError: a stack is a whole number from 1 to 1,000,000,...
    """
    if type(value) is not int or not minimum <= value <= MAX_CHIPS:
        raise error(f"{what} is a whole number from {minimum} to {MAX_CHIPS:,}, not {value!r}")
    return value


def duration(value: object, what: str, *, positive: bool = False) -> float:
    """``value`` if it is a finite number of seconds or minutes, >= 0 (> 0 if ``positive``)."""
    if (
        type(value) not in (int, float)
        or not math.isfinite(value)  # type: ignore[arg-type]
        or value < 0  # type: ignore[operator]
        or (positive and value == 0)
    ):
        least = "> 0" if positive else ">= 0"
        raise ConfigurationError(f"{what} is a finite number {least}, not {value!r}")
    return float(value)  # type: ignore[arg-type]


def number(value: object, what: str, *, error: type[CroupierError] = ConfigurationError) -> int:
    """``value`` if it is a whole number (a table or seat number), else ``error``."""
    if type(value) is not int:
        raise error(f"{what} is a whole number, not {value!r}")
    return value


def name(
    value: object, what: str = "a player", *, error: type[CroupierError] = ConfigurationError
) -> str:
    """``value`` if it is a non-empty name."""
    if not isinstance(value, str) or not value.strip():
        raise error(f"{what} is named by a non-empty text, not {value!r}")
    return value


def flag(value: object, what: str) -> bool:
    """``value`` if it is True or False."""
    if type(value) is not bool:
        raise ConfigurationError(f"{what} is True or False, not {value!r}")
    return value


def rng_state(rng: random.Random) -> list[Any] | None:
    """The JSON-ready state of a seeded generator; None for the secure one (no state)."""
    if isinstance(rng, random.SystemRandom) or not isinstance(rng, random.Random):
        return None
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_state(state: object) -> random.Random:
    """A generator continuing from :func:`rng_state` (the secure one when None)."""
    if state is None:
        return random.SystemRandom()
    if not isinstance(state, list) or len(state) != 3:
        raise ConfigurationError(f"not a generator state: {state!r:.60}")
    rng = random.Random()
    rng.setstate((state[0], tuple(state[1]), state[2]))
    return rng


def snapshot_part(data: object, kind: str, version: int = 1) -> dict[str, Any]:
    """``data`` if it is a snapshot of ``kind`` in a version this croupier reads."""
    if not isinstance(data, dict) or data.get("kind") != kind:
        got = data.get("kind") if isinstance(data, dict) else type(data).__name__
        raise ConfigurationError(f"not a {kind} snapshot (kind {got!r})")
    if data.get("version") != version:
        raise ConfigurationError(
            f"a {kind} snapshot of version {data.get('version')!r}: this croupier reads"
            f" version {version}"
        )
    return data
