"""The tournament clock: which level is in force and how long it has left.

Time enters through an injectable :class:`Clock` (``now()`` in seconds): the real
:class:`SystemClock`, or a :class:`ManualClock` that tests and simulations advance by
hand, so that a whole day of levels runs in a microsecond. The :class:`LevelClock` can be
paused and resumed, and time can be added to or removed from the current period; a new
level is *in force* as soon as the clock reaches it, and the tables apply it from their
next hand (POK-7-4, ITA-6).
"""

from __future__ import annotations

import time
from typing import Protocol

from croupier.errors import IllegalActionError
from croupier.room.tournament.structure import Break, Level, Period, Structure
from croupier.table._check import duration

__all__ = ["Clock", "LevelClock", "ManualClock", "SystemClock"]


class Clock(Protocol):
    """Anything with a ``now()`` in seconds that never goes back."""

    def now(self) -> float:
        """The current time in seconds."""
        ...


class SystemClock:
    """The machine's monotonic clock."""

    def now(self) -> float:
        """``time.monotonic()``."""
        return time.monotonic()


class ManualClock:
    """A clock that moves only when told to: ``advance(seconds)``.

    >>> clock = ManualClock()
    >>> clock.advance(90); clock.now()
    90.0
    """

    def __init__(self, start: float = 0.0) -> None:
        self._now = duration(start, "a clock's start, in seconds,")

    def now(self) -> float:
        """The current time in seconds."""
        return self._now

    def advance(self, seconds: float) -> None:
        """Move time forward by ``seconds`` (>= 0)."""
        self._now += duration(seconds, "time goes forward by a number of seconds, which")


class LevelClock:
    """Which period (level or break) of a structure is in force, on an injectable clock.

    The clock counts *running* time only: while paused nothing elapses. ``add_time``
    and ``remove_time`` lengthen or shorten the current period.

    >>> from croupier.room.tournament.structure import pokcomm_freezeout
    >>> clock = ManualClock()
    >>> levels = LevelClock(pokcomm_freezeout(), clock)
    >>> levels.start(); clock.advance(20 * 60)
    >>> levels.level_number, str(levels.level)
    (2, '50/100')
    """

    def __init__(self, structure: Structure, clock: Clock) -> None:
        self.structure = structure
        self.clock = clock
        self._started = False
        self._running_since: float | None = None
        self._banked = 0.0  # running time accumulated before the last pause
        self._period = 0
        self._period_start = 0.0  # running time at which the current period started
        self._period_length = structure.periods[0].seconds
        self._numbers = tuple(structure.level_number(i) for i in range(len(structure.periods)))
        """The level number in force at each period (asked several times a hand)."""
        self._breaks = tuple(isinstance(p, Break) for p in structure.periods)

    # ------------------------------------------------------------- control
    @property
    def started(self) -> bool:
        """True once :meth:`start` was called."""
        return self._started

    @property
    def running(self) -> bool:
        """True while the clock runs (started and not paused)."""
        return self._running_since is not None

    def start(self) -> None:
        """Start level 1."""
        if self._started:
            raise IllegalActionError("the clock has already started")
        self._started = True
        self._running_since = self.clock.now()

    def pause(self) -> None:
        """Stop the clock (a dispute, hand-for-hand play)."""
        if self._running_since is None:
            raise IllegalActionError("the clock is not running")
        self._banked += self.clock.now() - self._running_since
        self._running_since = None

    def resume(self) -> None:
        """Restart a paused clock."""
        if not self._started:
            raise IllegalActionError("the clock has not started")
        if self._running_since is not None:
            raise IllegalActionError("the clock is already running")
        self._running_since = self.clock.now()

    def add_time(self, seconds: float) -> None:
        """Lengthen the current period by ``seconds``."""
        duration(seconds, "time added (use remove_time to shorten)")
        self._sync()
        self._period_length += seconds

    def remove_time(self, seconds: float) -> None:
        """Shorten the current period by ``seconds`` (at most down to its end)."""
        duration(seconds, "time removed (use add_time to lengthen)")
        self._sync()
        self._period_length -= min(seconds, self.remaining())
        self._sync()

    def elapse(self, seconds: float) -> None:
        """Count ``seconds`` of play while paused (TDA RP-8: time per hand-for-hand hand)."""
        duration(seconds, "time counted while paused")
        self._banked += seconds
        self._sync()

    def next_period(self) -> None:
        """End the current period now (the director moves to the next level or break)."""
        self.remove_time(self.remaining())

    # ------------------------------------------------------------- reading
    def elapsed(self) -> float:
        """Running time since the start, in seconds."""
        running = self.clock.now() - self._running_since if self._running_since is not None else 0
        return self._banked + running

    def _sync(self) -> None:
        periods = self.structure.periods
        now = self.elapsed()
        if now < self._period_start + self._period_length:
            return  # still in the same period (the common case: asked several times a hand)
        while self._period < len(periods) - 1 and now >= self._period_start + self._period_length:
            self._period_start += self._period_length
            self._period += 1
            self._period_length = periods[self._period].seconds

    @property
    def period_index(self) -> int:
        """The index of the period in force in ``structure.periods``."""
        self._sync()
        return self._period

    @property
    def period(self) -> Period:
        """The level or break in force."""
        return self.structure.periods[self.period_index]

    @property
    def on_break(self) -> bool:
        """True during a break: no hand starts."""
        return self._breaks[self.period_index]

    @property
    def level_number(self) -> int:
        """The level in force, from 1 (during a break: the level before it)."""
        return self._numbers[self.period_index]

    @property
    def level(self) -> Level:
        """The level in force (during a break: the level before it)."""
        return self.structure.levels[self.level_number - 1]

    def remaining(self) -> float:
        """Seconds left in the current period (the last level never ends: infinity)."""
        self._sync()
        if self._period == len(self.structure.periods) - 1:
            return float("inf")
        return max(0.0, self._period_start + self._period_length - self.elapsed())

    def __repr__(self) -> str:
        state = "running" if self.running else ("paused" if self._started else "not started")
        return f"<LevelClock {self.period} level {self.level_number} {state}>"
