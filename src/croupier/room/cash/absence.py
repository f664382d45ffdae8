"""Players away from their seats, and the house maximum of an absence (CAS-8).

A player may step away leaving his chips on the table: the table deals him out and
counts the blinds he misses (PKG-21, PKG-22). The house sets the longest absence in
hands dealt at his table, in seconds of an injectable clock, or both (the first reached
ends it). Past it the room sets his chips aside in his name and frees the seat.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from croupier.errors import ConfigurationError
from croupier.table._check import duration

__all__ = ["AbsencePolicy", "Absences", "Away", "AwayReason"]


@dataclass(frozen=True, slots=True)
class AbsencePolicy:
    """The house maximum of an absence: ``max_hands`` hands dealt at the table and/or
    ``max_seconds`` of the room's clock (None: no limit of that kind).

    >>> AbsencePolicy(max_hands=3).overdue(hands=3, seconds=0.0)
    True
    >>> AbsencePolicy(max_hands=None, max_seconds=600).overdue(hands=99, seconds=600.0)
    False
    """

    max_hands: int | None = 30
    max_seconds: float | None = None

    def __post_init__(self) -> None:
        if self.max_hands is not None and (type(self.max_hands) is not int or self.max_hands < 0):
            raise ConfigurationError(
                f"the longest absence is a whole number >= 0 of hands, not {self.max_hands!r}"
            )
        if self.max_seconds is not None:
            duration(self.max_seconds, "the longest absence in seconds")

    def overdue(self, *, hands: int, seconds: float) -> bool:
        """True once an absence of ``hands`` dealt and ``seconds`` is past the maximum.

        A player may miss ``max_hands`` hands: once that many were dealt without him
        the next one would be past it. Time is past the maximum once strictly over it.
        """
        if self.max_hands is not None and hands >= self.max_hands:
            return True
        return self.max_seconds is not None and seconds > self.max_seconds


class AwayReason(StrEnum):
    """Why a seated player is not playing."""

    STEPPED_AWAY = "stepped-away"
    NO_CHIPS = "no-chips"
    """Lost his last chip: he has the same time to rebuy before the seat is freed."""


class Away(NamedTuple):
    """A player away from his seat since hand ``since_hand`` of his table, at ``since``."""

    player: str
    table: str
    since_hand: int
    since: float
    reason: AwayReason


class Absences:
    """Who is away, where, and since when."""

    def __init__(self) -> None:
        self._away: dict[str, Away] = {}

    def __contains__(self, player: object) -> bool:
        return player in self._away

    def __iter__(self) -> Iterator[Away]:
        return iter(list(self._away.values()))

    def __len__(self) -> int:
        return len(self._away)

    def get(self, player: str) -> Away | None:
        """The absence of ``player``, if he is away."""
        return self._away.get(player)

    def start(self, player: str, table: str, *, hand: int, now: float, reason: AwayReason) -> Away:
        """Record that ``player`` is away (keeping the earlier start if he already was)."""
        current = self._away.get(player)
        if current is not None and current.table == table:
            return current
        away = Away(player, table, hand, now, reason)
        self._away[player] = away
        return away

    def end(self, player: str) -> Away | None:
        """``player`` is back (or gone): forget his absence."""
        return self._away.pop(player, None)

    def moved(self, player: str, table: str, *, since_hand: int) -> None:
        """``player`` was moved by the floor to ``table``: his absence goes with him
        (``since_hand`` counts the hands he already missed at the new table's numbering)."""
        away = self._away.get(player)
        if away is not None:
            self._away[player] = away._replace(table=table, since_hand=since_hand)

    def overdue(self, policy: AbsencePolicy, table: str, *, hand: int, now: float) -> list[Away]:
        """The players of ``table`` away past the maximum, at its hand number ``hand``."""
        return [
            a
            for a in self._away.values()
            if a.table == table and policy.overdue(hands=hand - a.since_hand, seconds=now - a.since)
        ]
