"""The action clock of one player's turn: a pure state machine, driven by the times given it.

It never reads a clock: every call passes ``now`` (seconds, from any clock that only moves
forward, such as ``time.monotonic()``), so a turn is as deterministic as a hand. The rules
come from the preset's :class:`~croupier.rules.ActionClock` and its ``Rules.timeout``:

- ITA-28: after 30 s the other players may call the clock; then 60 s more, a 10 s
  countdown, and the hand is folded.
- POK-4-4: after a reasonable time (30 s here) the dealer, an opponent or the player
  himself may call it; then 1 minute and a 10-second countdown, and the hand is dead.
- TDA R29 (``tda``, and ``casino-fr`` where its seed is silent): once called, 25 s and a
  5 s countdown; facing a bet the hand is dead, otherwise it is checked.
- An online room (``pokerkings``): a fixed think time running from the start of the turn,
  and a time bank.

A turn::

    >>> from croupier.rules import italian
    >>> turn = TurnClock.for_rules(italian())
    >>> turn.start(0.0)
    >>> turn.deadline() is None                        # nobody has called the clock
    True
    >>> turn.call_clock(30.0, by=ClockCaller.OPPONENT)   # ITA-28: 60 s + 10 s from now
    100.0
    >>> turn.phase(95.0), turn.expired(99.0), turn.expired(100.0)
    (<Phase.COUNTDOWN: 'countdown'>, None, <Timeout.FOLD: 'fold'>)

The time bank: once the clock runs, :meth:`TurnClock.use_time_bank` puts the player's
whole bank in play between his clock and the countdown (at once, if the countdown has
begun: a full countdown follows the bank); only the time he actually spends in it is
taken, and :meth:`TurnClock.stop` returns what is left for his next turns.
"""

from __future__ import annotations

import math
from enum import StrEnum

from croupier.errors import IllegalActionError
from croupier.rules.model import ActionClock, ClockCaller, Rules, Timeout

__all__ = ["ClockCaller", "Phase", "TurnClock"]


class Phase(StrEnum):
    """Where a turn stands on the clock."""

    THINKING = "thinking"
    """Free time: the clock may not be called yet."""
    CALLABLE = "callable"
    """Still free time, but the clock may now be called on the player."""
    ON_THE_CLOCK = "on-the-clock"
    """The clock runs: ``ActionClock.clock`` seconds."""
    TIME_BANK = "time-bank"
    """Spending the time bank."""
    COUNTDOWN = "countdown"
    """The last seconds, counted down."""
    EXPIRED = "expired"
    """Out of time: the hand is timed out as ``Rules.timeout`` says."""
    STOPPED = "stopped"
    """The player acted (or the turn ended otherwise)."""


class TurnClock:
    """The clock of one player's turn; :meth:`start` it, then ask it at any time.

    ``bank`` is the player's time bank left from his earlier turns (by default the
    preset's full ``time_bank``).
    """

    __slots__ = (
        "_bank",
        "_bank_start",
        "_called",
        "_last",
        "_rules",
        "_start",
        "_stopped",
        "timeout",
    )

    def __init__(self, clock: ActionClock, *, timeout: Timeout, bank: float | None = None) -> None:
        if not isinstance(clock, ActionClock):
            raise IllegalActionError(f"{clock!r} is not an ActionClock")
        self._rules = clock
        self.timeout = Timeout(timeout)
        """What running out of time does to the hand (``Rules.timeout``)."""
        left = clock.time_bank if bank is None else _seconds(bank, "a time bank")
        if left < 0:
            raise IllegalActionError(f"a time bank is >= 0 seconds, not {bank!r}")
        self._bank = float(left)
        self._start: float | None = None
        self._called: float | None = None
        self._bank_start: float | None = None
        self._stopped: float | None = None
        self._last = -math.inf

    @classmethod
    def for_rules(cls, rules: Rules, *, bank: float | None = None) -> TurnClock:
        """The clock of a turn under ``rules`` (its ``action_clock`` and ``timeout``)."""
        return cls(rules.action_clock, timeout=rules.timeout, bank=bank)

    @property
    def clock(self) -> ActionClock:
        """The rules of this clock."""
        return self._rules

    # -- what happens ------------------------------------------------------------------

    def start(self, now: float) -> None:
        """The turn begins at ``now`` (an automatic clock starts running ``call_after`` later)."""
        if self._start is not None:
            raise IllegalActionError(f"this turn's clock started at {self._start:g} already")
        self._start = self._last = self._at(now)
        if self._rules.automatic:
            self._called = self._start + self._rules.call_after

    def call_clock(self, now: float, *, by: ClockCaller = ClockCaller.OPPONENT) -> float:
        """``by`` calls the clock on the player at ``now``; returns the new deadline.

        Refused before ``call_after`` seconds, by someone the rules do not let call it, or
        when the clock already runs.
        """
        start = self._running("call the clock")
        try:
            caller = ClockCaller(by)
        except ValueError:
            known = ", ".join(c.value for c in ClockCaller)
            raise IllegalActionError(f"{by!r} is not one who calls the clock: {known}") from None
        rules = self._rules
        if rules.automatic:
            raise IllegalActionError("the clock runs by itself here: nobody calls it")
        if self._called is not None:
            raise IllegalActionError(f"the clock was called at {self._called:g} already")
        if caller not in rules.callers:
            allowed = ", ".join(c.value for c in rules.callers)
            raise IllegalActionError(f"the {caller} may not call the clock: only {allowed}")
        at = self._at(now)
        opens = start + rules.call_after
        if at < opens:
            raise IllegalActionError(
                f"the clock may be called {rules.call_after} s into the turn:"
                f" {opens - at:.1f} s from now"
            )
        self._called = self._last = at
        deadline = self.deadline()
        assert deadline is not None
        return deadline

    def use_time_bank(self, now: float) -> float:
        """Put the player's time bank in play at ``now``; returns the new deadline."""
        self._running("use the time bank")
        at = self._at(now)
        if self._bank_start is not None:
            raise IllegalActionError("the time bank is running already")
        if self._bank <= 0:
            raise IllegalActionError("no time bank is left")
        if self._called is None or at < self._called:
            raise IllegalActionError("the clock is not running: there is no time to add to")
        deadline = self.deadline()
        assert deadline is not None
        if at >= deadline:
            raise IllegalActionError(f"the time ran out at {deadline:g}")
        self._bank_start = max(at, self._called + self._rules.clock)
        self._last = at
        deadline = self.deadline()
        assert deadline is not None
        return deadline

    def stop(self, now: float) -> float:
        """The turn ends at ``now`` (the player acted, or was timed out); returns the time
        bank he has left for his next turns."""
        self._running("stop")
        self._stopped = self._last = self._at(now)
        return self.bank_left(self._stopped)

    # -- what is asked -----------------------------------------------------------------

    @property
    def started(self) -> float | None:
        """When the turn began (None before :meth:`start`)."""
        return self._start

    @property
    def called(self) -> float | None:
        """When the clock was called (or starts by itself), None while nobody has called it."""
        return self._called

    @property
    def bank_started(self) -> float | None:
        """When the time bank put in play starts to run (None while it is not in play)."""
        return self._bank_start

    def callable_at(self) -> float | None:
        """When the clock may first be called (None if nobody calls it: it runs by itself)."""
        start = self._started("ask")
        return None if self._rules.automatic else start + self._rules.call_after

    def may_call(self, now: float, *, by: ClockCaller = ClockCaller.OPPONENT) -> bool:
        """Whether ``by`` may call the clock at ``now``."""
        opens = self.callable_at()
        return (
            opens is not None
            and self._stopped is None
            and self._called is None
            and ClockCaller(by) in self._rules.callers
            and now >= opens
        )

    def countdown_at(self) -> float | None:
        """When the countdown begins (None while nobody has called the clock)."""
        if self._called is None:
            return None
        rules = self._rules
        if self._bank_start is None:
            return self._called + rules.clock
        return self._bank_start + self._bank

    def deadline(self) -> float | None:
        """When the hand is timed out (None while nobody has called the clock)."""
        countdown = self.countdown_at()
        return None if countdown is None else countdown + self._rules.countdown

    def remaining(self, now: float) -> float | None:
        """Seconds left before the deadline (None while there is none; 0 once past it)."""
        deadline = self.deadline()
        return None if deadline is None else max(0.0, deadline - now)

    def phase(self, now: float) -> Phase:
        """Where the turn stands at ``now``."""
        start = self._started("ask")
        if self._stopped is not None and now >= self._stopped:
            return Phase.STOPPED
        called = self._called
        if called is None or now < called:
            if self._rules.automatic or now < start + self._rules.call_after:
                return Phase.THINKING
            return Phase.CALLABLE
        countdown = self.countdown_at()
        assert countdown is not None
        if now >= countdown + self._rules.countdown:
            return Phase.EXPIRED
        if now >= countdown:
            return Phase.COUNTDOWN
        if self._bank_start is not None and now >= self._bank_start:
            return Phase.TIME_BANK
        return Phase.ON_THE_CLOCK

    def expired(self, now: float) -> Timeout | None:
        """What the timeout does to the hand if the time ran out by ``now``, else None."""
        return self.timeout if self.phase(now) is Phase.EXPIRED else None

    def next_change(self, now: float) -> float | None:
        """The next moment after ``now`` when :meth:`phase` changes (for a timer), or None."""
        start = self._started("ask")
        if self._stopped is not None:
            return None
        moments: list[float] = []
        if self._called is None:
            moments.append(start + self._rules.call_after)
        else:
            moments.append(self._called)
            if self._bank_start is not None:
                moments.append(self._bank_start)
            countdown = self.countdown_at()
            assert countdown is not None
            moments += [countdown, countdown + self._rules.countdown]
        later = [m for m in moments if m > now]
        return min(later) if later else None

    def bank_left(self, now: float) -> float:
        """The time bank the player would have left if the turn ended at ``now``."""
        if self._bank_start is None:
            return self._bank
        end = now if self._stopped is None else min(now, self._stopped)
        spent = min(max(0.0, end - self._bank_start), self._bank)
        return self._bank - spent

    def __repr__(self) -> str:
        return (
            f"<TurnClock {self._rules}; started {self._start}, called {self._called},"
            f" deadline {self.deadline()}>"
        )

    # -- checks ------------------------------------------------------------------------

    def _started(self, what: str) -> float:
        if self._start is None:
            raise IllegalActionError(f"cannot {what}: the turn's clock has not started")
        return self._start

    def _running(self, what: str) -> float:
        start = self._started(what)
        if self._stopped is not None:
            raise IllegalActionError(f"cannot {what}: the turn ended at {self._stopped:g}")
        return start

    def _at(self, now: float) -> float:
        """``now`` as seconds, checked not to be before the last moment the clock was told."""
        at = _seconds(now, "a time")
        if at < self._last:
            raise IllegalActionError(f"time {at:g} is before {self._last:g}: time only moves on")
        return at


def _seconds(value: object, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise IllegalActionError(f"{what} is a finite number of seconds, not {value!r}")
    return float(value)
