"""What a hand starts from: the seats, the button and the forced bets due.

The table layer decides who owes what (dead button, missed blinds, new players);
:func:`standard_forced_bets` gives the usual obligations for a table where nobody
owes anything special.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import pairwise
from typing import Final, NamedTuple

from croupier._checks import flag, quote, whole
from croupier.errors import ConfigurationError
from croupier.rules.model import AnteKind, Rules

__all__ = [
    "MAX_SEAT",
    "ForcedBet",
    "ForcedKind",
    "SeatSetup",
    "next_seat",
    "standard_forced_bets",
]

MAX_SEAT: Final = 999
"""The largest seat number: seat numbers label the places at one table, from 0."""


class SeatSetup(NamedTuple):
    """A player dealt into the hand: his seat number (clockwise order), id and stack.

    ``absent`` players (POK-2-10, POK-3-2) are dealt in and pay their forced bets,
    and their hand is killed before the first betting round. A plain record: the hand
    it is given to checks it (a seat number from 0 to 999, a non-empty player id, a
    stack of at least one chip, ``absent`` True or False).
    """

    seat: int
    player: str
    stack: int
    absent: bool = False


class ForcedKind(StrEnum):
    """A forced bet. Live ones count toward the poster's bet; dead ones only feed the pot."""

    ANTE = "ante"
    SMALL_BLIND = "small-blind"
    BIG_BLIND = "big-blind"
    STRADDLE = "straddle"
    """The optional "option" of CAS-14: the third player left of the button, live."""
    LIVE_BLIND = "live-blind"
    """A big blind posted live by a new or returning player out of position (PKG-18, PKG-21)."""
    DEAD_BLIND = "dead-blind"
    """A missed small blind paid dead into the pot (PKG-21, PKG-22)."""

    @property
    def live(self) -> bool:
        """True for blinds that count toward the poster's bet in the first round."""
        return self not in (ForcedKind.ANTE, ForcedKind.DEAD_BLIND)


class ForcedBet(NamedTuple):
    """One forced bet due before the cards are dealt (a record the hand checks)."""

    seat: int
    kind: ForcedKind
    amount: int


def next_seat(seats: Sequence[int], after: int) -> int:
    """The first of ``seats`` clockwise after seat number ``after`` (which may be empty).

    >>> next_seat([1, 4, 7], 4), next_seat([1, 4, 7], 7), next_seat([1, 4, 7], 5)
    (7, 1, 7)
    """
    numbers = _seat_numbers(seats)
    if not numbers:
        raise ConfigurationError("there is no seat to move to: the list of seats is empty")
    if type(after) is not int:
        after = whole(after, "a seat number", low=-1)
    return _next(numbers, after)


def _next(seats: Sequence[int], after: int) -> int:
    """:func:`next_seat` for seats already checked."""
    ordered = seats if _is_sorted(seats) else sorted(seats)
    for seat in ordered:
        if seat > after:
            return seat
    return ordered[0]


def _is_sorted(seats: Sequence[int]) -> bool:
    return all(a < b for a, b in pairwise(seats))


def _seat_numbers(seats: object) -> Sequence[int]:
    """``seats`` if it is a list of seat numbers (whole numbers >= 0)."""
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence):
        raise ConfigurationError(f"seats must be a list of seat numbers, not {quote(seats)}")
    for seat in seats:
        if type(seat) is not int or seat < 0:
            whole(seat, "a seat number")
    return seats


def standard_forced_bets(
    rules: Rules,
    seats: Sequence[int],
    button: int,
    *,
    straddle: bool = False,
) -> tuple[ForcedBet, ...]:
    """The forced bets of a hand where nobody owes anything special.

    The small blind is left of the button and the big blind left of it (PKG-5,
    ITA-4); heads-up the button posts the small blind (POK-7-11, ITA-23). Antes are
    paid by everyone (ITA-5) or by the big blind (TDA RP-11). With ``straddle`` the
    third player left of the button posts the option (CAS-14).

    >>> from croupier.rules import tda
    >>> [(f.seat, f.kind.value, f.amount) for f in standard_forced_bets(tda(), [0, 1, 2], 0)]
    [(1, 'small-blind', 50), (2, 'big-blind', 100)]
    """
    if not isinstance(rules, Rules):
        raise ConfigurationError(f"rules must be a Rules value, not {quote(rules)}")
    seats = _seat_numbers(seats)
    if len(set(seats)) != len(seats) or len(seats) < 2:
        raise ConfigurationError(f"forced bets need at least two distinct seats, not {list(seats)}")
    if type(button) is not int:
        button = whole(button, "the button")
    return forced_bets_of(rules, seats, button, straddle=flag(straddle, "straddle"))


def forced_bets_of(
    rules: Rules, seats: Sequence[int], button: int, *, straddle: bool
) -> tuple[ForcedBet, ...]:
    """:func:`standard_forced_bets` for arguments already checked (by the hand's start)."""
    stakes = rules.stakes
    if len(seats) == 2:
        small = button if button in seats else _next(seats, button)
    else:
        small = _next(seats, button)
    big = _next(seats, small)
    bets: list[ForcedBet] = []
    if stakes.ante and rules.ante_kind is AnteKind.EVERY_PLAYER:
        bets.extend(ForcedBet(s, ForcedKind.ANTE, stakes.ante) for s in sorted(seats))
    elif stakes.ante and rules.ante_kind is AnteKind.BIG_BLIND:
        bets.append(ForcedBet(big, ForcedKind.ANTE, stakes.ante))
    if stakes.small_blind:
        bets.append(ForcedBet(small, ForcedKind.SMALL_BLIND, stakes.small_blind))
    bets.append(ForcedBet(big, ForcedKind.BIG_BLIND, stakes.big_blind))
    if straddle:
        if not stakes.straddle:
            raise ConfigurationError("these stakes have no option (straddle) to post")
        if len(seats) < 4:
            raise ConfigurationError("the option needs at least four players (CAS-14)")
        bets.append(ForcedBet(_next(seats, big), ForcedKind.STRADDLE, stakes.straddle))
    return tuple(bets)
