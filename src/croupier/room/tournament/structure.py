"""The blind structure: levels (blinds, ante, duration) and breaks, published in advance.

Blinds and antes rise on a schedule known before the tournament starts (ITA-6); a new
level applies from the next hand not yet started (POK-7-4), which the tournament does
through :meth:`croupier.table.Table.set_stakes`. The seeds give no schedule: the presets
below are croupier's choice (see ``docs/tournament.md``), with the starting stacks the
seeds do give (POK-6-2: 5,000 for a freezeout, 10,000 for a double stack).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from croupier.errors import ConfigurationError
from croupier.rules.model import AnteKind, Stakes
from croupier.table._check import duration

__all__ = [
    "Break",
    "Level",
    "Period",
    "Structure",
    "italian_structure",
    "pokcomm_double_stack",
    "pokcomm_freezeout",
    "tda_structure",
]


@dataclass(frozen=True, slots=True)
class Level:
    """One blind level: small blind, big blind, ante and duration in minutes.

    >>> level = Level(50, 100, ante=10)
    >>> str(level), level.stakes.min_bet
    ('50/100 ante 10', 100)
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    minutes: float = 20

    def __post_init__(self) -> None:
        Stakes(self.small_blind, self.big_blind, ante=self.ante)  # validates the amounts
        duration(self.minutes, "a level's length in minutes", positive=True)

    @property
    def stakes(self) -> Stakes:
        """The stakes of this level, for :meth:`croupier.table.Table.set_stakes`."""
        return Stakes(self.small_blind, self.big_blind, ante=self.ante)

    @property
    def seconds(self) -> float:
        """The duration in seconds."""
        return self.minutes * 60

    def __str__(self) -> str:
        ante = f" ante {self.ante:,}" if self.ante else ""
        return f"{self.small_blind:,}/{self.big_blind:,}{ante}"


@dataclass(frozen=True, slots=True)
class Break:
    """A break: no hand starts until it ends (add-ons are taken during one)."""

    minutes: float = 10

    def __post_init__(self) -> None:
        duration(self.minutes, "a break's length in minutes", positive=True)

    @property
    def seconds(self) -> float:
        """The duration in seconds."""
        return self.minutes * 60

    def __str__(self) -> str:
        return f"break ({self.minutes:g} min)"


Period = Level | Break


@dataclass(frozen=True, slots=True)
class Structure:
    """The published schedule of a tournament (ITA-6): levels and breaks, in order.

    ``starting_stack`` is every entrant's stack (POK-1-4); ``ante_kind`` says who pays a
    level's ante (every player, ITA-5, or the big blind, TDA RP-11). The last level lasts
    until the end of the tournament. ``late_registration_levels`` is the number of levels
    during which players may still register (0: none).
    """

    name: str
    starting_stack: int
    periods: tuple[Period, ...]
    ante_kind: AnteKind = AnteKind.EVERY_PLAYER
    late_registration_levels: int = 0

    def __post_init__(self) -> None:
        if type(self.starting_stack) is not int or self.starting_stack <= 0:
            raise ConfigurationError(
                f"the starting stack is a whole number of chips >= 1, not {self.starting_stack!r}"
            )
        if not isinstance(self.periods, tuple) or not all(
            isinstance(p, Level | Break) for p in self.periods
        ):
            raise ConfigurationError("a structure's periods are a tuple of levels and breaks")
        if type(self.late_registration_levels) is not int:
            raise ConfigurationError(
                f"late registration lasts a whole number of levels,"
                f" not {self.late_registration_levels!r}"
            )
        if not self.periods or not isinstance(self.periods[0], Level):
            raise ConfigurationError("a structure starts with a level")
        if not isinstance(self.periods[-1], Level):
            raise ConfigurationError("a structure ends with a level, not a break")
        if self.late_registration_levels < 0:
            raise ConfigurationError("late registration lasts zero or more levels")
        levels = self.levels
        for a, b in itertools.pairwise(levels):
            if b.big_blind < a.big_blind:
                raise ConfigurationError(f"blinds do not go down: {a} is followed by {b}")
        if any(lv.ante for lv in levels) and self.ante_kind is AnteKind.NONE:
            raise ConfigurationError("the structure has antes: say who pays them (ante_kind)")

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels alone, in order (level 1 is ``levels[0]``)."""
        return tuple(p for p in self.periods if isinstance(p, Level))

    def level_number(self, period: int) -> int:
        """The number (from 1) of the level in force at period ``period``: during a break,
        the level before it."""
        return sum(1 for p in self.periods[: period + 1] if isinstance(p, Level))

    def __iter__(self) -> Iterator[Period]:
        return iter(self.periods)

    def with_stack(self, starting_stack: int, name: str | None = None) -> Structure:
        """The same schedule with another starting stack (POK-6-2: a double stack)."""
        return Structure(
            name or self.name,
            starting_stack,
            self.periods,
            self.ante_kind,
            self.late_registration_levels,
        )


def _schedule(
    blinds: Sequence[tuple[int, int, int]], minutes: float, break_every: int, break_minutes: float
) -> tuple[Period, ...]:
    periods: list[Period] = []
    for k, (sb, bb, ante) in enumerate(blinds, start=1):
        periods.append(Level(sb, bb, ante, minutes))
        if break_every and k % break_every == 0 and k < len(blinds):
            periods.append(Break(break_minutes))
    return tuple(periods)


_POKCOMM_BLINDS = (
    (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 0), (150, 300, 0), (200, 400, 0),
    (300, 600, 0), (400, 800, 0), (500, 1_000, 0), (600, 1_200, 0), (800, 1_600, 0),
    (1_000, 2_000, 0), (1_500, 3_000, 0), (2_000, 4_000, 0), (3_000, 6_000, 0),
    (4_000, 8_000, 0), (5_000, 10_000, 0), (6_000, 12_000, 0), (8_000, 16_000, 0),
    (10_000, 20_000, 0), (15_000, 30_000, 0), (20_000, 40_000, 0), (30_000, 60_000, 0),
    (40_000, 80_000, 0), (50_000, 100_000, 0), (75_000, 150_000, 0), (100_000, 200_000, 0),
)  # fmt: skip

_ITALIAN_BLINDS = (
    (25, 50, 0), (50, 100, 0), (75, 150, 0), (100, 200, 25), (150, 300, 25), (200, 400, 50),
    (250, 500, 50), (300, 600, 75), (400, 800, 100), (500, 1_000, 100), (600, 1_200, 200),
    (800, 1_600, 200), (1_000, 2_000, 300), (1_500, 3_000, 400), (2_000, 4_000, 500),
    (3_000, 6_000, 1_000), (4_000, 8_000, 1_000), (5_000, 10_000, 1_500),
    (6_000, 12_000, 2_000), (8_000, 16_000, 2_000), (10_000, 20_000, 3_000),
    (15_000, 30_000, 4_000), (20_000, 40_000, 5_000), (30_000, 60_000, 10_000),
    (40_000, 80_000, 10_000), (50_000, 100_000, 15_000), (75_000, 150_000, 20_000),
    (100_000, 200_000, 30_000),
)  # fmt: skip


def pokcomm_freezeout(*, minutes: float = 20, late_levels: int = 0) -> Structure:
    """Seed 000's freezeout: 5,000 chips (POK-6-1, POK-6-2), 20-minute levels, no ante,
    a 10-minute break every six levels (the schedule is croupier's choice)."""
    return Structure(
        "pokcomm-freezeout",
        5_000,
        _schedule(_POKCOMM_BLINDS, minutes, 6, 10),
        AnteKind.NONE,
        late_levels,
    )


def pokcomm_double_stack(*, minutes: float = 20, late_levels: int = 0) -> Structure:
    """Seed 000's double stack: the freezeout's schedule with 10,000 chips (POK-6-2)."""
    return pokcomm_freezeout(minutes=minutes, late_levels=late_levels).with_stack(
        10_000, "pokcomm-double-stack"
    )


def italian_structure(*, minutes: float = 20, late_levels: int = 0) -> Structure:
    """An Italian structure (seed 002): 10,000 chips, the big blind double the small (ITA-4),
    antes paid by every player from level 4 (ITA-5, ITA-6), a break every five levels."""
    return Structure(
        "italian",
        10_000,
        _schedule(_ITALIAN_BLINDS, minutes, 5, 15),
        AnteKind.EVERY_PLAYER,
        late_levels,
    )


def tda_structure(*, minutes: float = 20, late_levels: int = 0) -> Structure:
    """A TDA-style structure: 10,000 chips, a big-blind ante (TDA RP-11) from level 4."""
    blinds = tuple((sb, bb, bb if ante else 0) for sb, bb, ante in _ITALIAN_BLINDS)
    return Structure(
        "tda",
        10_000,
        _schedule(blinds, minutes, 5, 15),
        AnteKind.BIG_BLIND,
        late_levels,
    )
