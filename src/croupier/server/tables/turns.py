"""The clock of the turn being played at a table, and the time banks of its players.

The actor starts a :class:`Turn` whenever the player to act changes (a new decision), asks it
when to wake up next, and at that moment what to do: call the clock for the house where the
rules let the dealer call it (POK-4-4, TDA R29), or time the player out (``Action.timeout()``:
ITA-28, POK-4-4). A disconnected player's clock runs like anyone's. At the showdown a player
has ``showdown_seconds`` to show or muck; then his hand is shown (it can only win).
"""

from __future__ import annotations

from dataclasses import dataclass

from croupier.rules.model import ActionClock, ClockCaller, Rules, Timeout
from croupier.table.clock import Phase, TurnClock

__all__ = ["Turn", "TurnKey", "start_turn"]

TurnKey = tuple[int, int]
"""(hand number, events in the hand when the turn began): one decision."""


@dataclass
class Turn:
    """One player's decision and its clock."""

    key: TurnKey
    seat: int
    player: str
    clock: TurnClock
    house_calls: bool
    showdown: bool

    def wake_at(self, now: float) -> float | None:
        """When the actor must look at this turn again (None: nothing will happen by itself)."""
        moments = []
        change = self.clock.next_change(now)
        if change is not None:
            moments.append(change)
        if self.house_calls and self.clock.called is None:
            opens = self.clock.callable_at()
            if opens is not None:
                moments.append(max(opens, now))
        return min(moments) if moments else None

    def house_call_due(self, now: float) -> bool:
        """Whether the house calls the clock now."""
        return self.house_calls and self.clock.may_call(now, by=ClockCaller.DEALER)

    def expired(self, now: float) -> bool:
        """Whether the player's time ran out."""
        return self.clock.phase(now) is Phase.EXPIRED

    def to_json(self, now: float) -> dict[str, object]:
        """The clock as every client sees it: its phase, the seconds left, and for a time
        bar the current stretch of the turn (``span`` seconds long, ``next_in`` left of it;
        None while nothing ends by itself) and when the time bank starts (``time_bank_in``)."""
        clock = self.clock
        remaining = clock.remaining(now)
        opens = clock.callable_at()
        phase = clock.phase(now)
        change = clock.next_change(now)
        return {
            "phase": phase.value,
            "ends_in": None if remaining is None else round(remaining, 2),
            "callable_in": None
            if opens is None or clock.called is not None
            else round(max(0.0, opens - now), 2),
            "time_bank": round(clock.bank_left(now), 2),
            "rules": str(clock.clock),
            "next_in": None if change is None else round(max(0.0, change - now), 2),
            "span": _span(clock, phase),
            "time_bank_in": _bank_in(clock, now),
        }


def _span(clock: TurnClock, phase: Phase) -> float | None:
    """How long the current stretch of a turn lasts in all (None: it has no end by itself)."""
    rules = clock.clock
    if phase is Phase.THINKING:
        return float(rules.call_after)
    if phase is Phase.ON_THE_CLOCK:
        return float(rules.clock)
    if phase is Phase.TIME_BANK:
        return clock.bank_left(clock.started or 0.0)
    if phase is Phase.COUNTDOWN:
        return float(rules.countdown)
    return None


def _bank_in(clock: TurnClock, now: float) -> float | None:
    """Seconds until the time bank put in play starts to run (None: not in play, or running)."""
    countdown = clock.countdown_at()
    start = clock.bank_started
    if start is None or countdown is None or now >= start:
        return None
    return round(start - now, 2)


def start_turn(
    *,
    key: TurnKey,
    seat: int,
    player: str,
    rules: Rules,
    now: float,
    bank: float | None,
    showdown: bool,
    showdown_seconds: float,
    house_calls_clock: bool,
) -> Turn:
    """The clock of a new decision, started at ``now``."""
    if showdown:
        seconds = max(1, round(showdown_seconds))
        clock = TurnClock(
            ActionClock(call_after=0, clock=seconds, countdown=0, callers=(), automatic=True),
            timeout=Timeout.CHECK_OR_FOLD,
            bank=0,
        )
        house = False
    else:
        action_clock = rules.action_clock
        left = action_clock.time_bank if bank is None else min(bank, action_clock.time_bank)
        clock = TurnClock.for_rules(rules, bank=left)
        house = (
            house_calls_clock
            and not action_clock.automatic
            and ClockCaller.DEALER in action_clock.callers
        )
    clock.start(now)
    return Turn(key, seat, player, clock, house, showdown)
