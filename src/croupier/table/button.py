"""Where the button and the blinds go: the first button by a card draw, then hand after hand.

Pure functions of the previous positions and the seats in the blind rotation, one per
button rule of the rules value (:class:`croupier.rules.ButtonRule`).
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from typing import NamedTuple

from croupier.cards import FULL_DECK, Card
from croupier.errors import ConfigurationError
from croupier.rules.model import ButtonRule, FirstButton

__all__ = ["ButtonDraw", "Positions", "between", "draw_button", "next_positions"]


class ButtonDraw(NamedTuple):
    """The recorded draw for the first button: the card each seat received, and the winner."""

    cards: tuple[tuple[int, Card], ...]
    button: int
    rule: FirstButton


class Positions(NamedTuple):
    """The button and the blinds of one hand.

    ``small_blind`` is None in a hand played without a small blind (a dead small blind
    under the dead button, ITA-21); ``small_blind_seat`` is then the seat where it was
    due. ``button`` may be an empty seat (dead button, POK-7-6).
    """

    button: int
    small_blind: int | None
    big_blind: int
    small_blind_seat: int


def draw_button(rule: FirstButton, seats: Sequence[int], rng: random.Random) -> ButtonDraw:
    """Draw for the first button: lowest card (POK-2-2), highest card, or highest club (CAS-12).

    Cards are dealt one to each seat in seat order from a shuffled deck (only the
    thirteen clubs for CAS-12); ties of rank are broken by suit, clubs lowest and
    spades highest.
    """
    ordered = sorted(seats)
    if len(ordered) < 2:
        raise ConfigurationError("the button draw needs at least two players")
    pool = (
        [c for c in FULL_DECK if c.suit == 0]
        if rule is FirstButton.HIGHEST_CLUB
        else list(FULL_DECK)
    )
    if len(ordered) > len(pool):
        raise ConfigurationError(f"{len(ordered)} players cannot draw from {len(pool)} cards")
    rng.shuffle(pool)
    dealt = tuple(zip(ordered, pool, strict=False))

    def strength(item: tuple[int, Card]) -> tuple[int, int]:
        return item[1].rank, item[1].suit

    if rule is FirstButton.LOWEST_CARD:
        winner = min(dealt, key=strength)
    else:
        winner = max(dealt, key=strength)
    return ButtonDraw(dealt, winner[0], rule)


def between(seat: int, start: int, end: int) -> bool:
    """True when ``seat`` lies clockwise strictly after ``start`` and at or before ``end``.

    >>> between(5, 3, 7), between(3, 3, 7), between(1, 8, 2), between(9, 2, 4)
    (True, False, True, False)
    """
    if start < end:
        return start < seat <= end
    return seat > start or seat <= end


def _after(seats: Sequence[int], after: int) -> int:
    """The first of ``seats`` (seat numbers in order, as every caller here has them) after
    seat ``after``, round the table: ``croupier.engine.setup.next_seat`` without its checks.

    >>> _after([1, 4, 7], 4), _after([1, 4, 7], 7), _after([1, 4, 7], 5)
    (7, 1, 7)
    """
    for seat in seats:
        if seat > after:
            return seat
    return seats[0]


def _first(players: Sequence[int], button: int) -> Positions:
    if len(players) == 2:  # POK-7-11, ITA-23: heads-up the button posts the small blind
        small = button if button in players else _after(players, button)
        big = _after(players, small)
        return Positions(small, small, big, small)
    small = _after(players, button)
    return Positions(button, small, _after(players, small), small)


def next_positions(
    rule: ButtonRule,
    previous: Positions | None,
    players: Collection[int],
    *,
    drawn: int | None = None,
    eliminated: Collection[int] = (),
    hold: bool = False,
    veterans: Collection[int] = (),
) -> tuple[Positions, bool]:
    """The positions of the next hand, and whether the following hand holds the button.

    ``players`` are the seats in the blind rotation this hand; ``drawn`` the first
    button (when ``previous`` is None); ``eliminated`` the seats whose players were
    eliminated in the previous hand and ``hold`` the flag returned last time (both for
    the Italian rule); ``veterans`` the players already in the rotation before this hand:
    under the Italian rule the button moves among them, so a newcomer dealt in does not
    take it (ITA-24).
    """
    seats = sorted(players)
    if len(seats) < 2:
        raise ConfigurationError("a hand needs at least two players in the blind rotation")
    if previous is None:
        if drawn is None:
            raise ConfigurationError("the first hand needs a drawn button")
        return _first(seats, drawn), False
    if rule is ButtonRule.DEAD_BUTTON:
        return _dead_button(previous, seats), False
    if rule is ButtonRule.ITALIAN:
        movers = sorted(set(veterans) & set(seats)) or seats
        return _italian(previous, seats, set(eliminated), hold, movers)
    return _moving(previous, seats), False


def _heads_up(previous: Positions, seats: list[int]) -> Positions:
    """The big blind advances; the other player is the button and posts the small blind."""
    big = _after(seats, previous.big_blind)
    other = seats[0] if seats[1] == big else seats[1]
    return Positions(other, other, big, other)


def _moving(previous: Positions, seats: list[int]) -> Positions:
    """PKG-17: the last small blind gets the button (his seat's, if he has gone), so that
    nobody gets the button before paying both blinds; the blinds follow it. Heads-up the
    button alternates (it posts the small blind)."""
    button = previous.small_blind_seat
    if len(seats) == 2:
        if previous.button == previous.small_blind:  # already heads-up: alternate
            button = previous.big_blind
        if button not in seats:
            button = _after(seats, button)
        other = seats[0] if seats[1] == button else seats[1]
        return Positions(button, button, other, button)
    small = _after(seats, button)
    return Positions(button, small, _after(seats, small), small)


def _dead_button(previous: Positions, seats: list[int]) -> Positions:
    big = _after(seats, previous.big_blind)  # POK-7-6: the big blind always advances one
    if len(seats) == 2:  # POK-7-12: the other player is the button, even twice running
        return _heads_up(previous, seats)
    small_seat = previous.big_blind
    small = small_seat if small_seat in seats else None
    return Positions(previous.small_blind_seat, small, big, small_seat)


def _italian(
    previous: Positions, seats: list[int], eliminated: set[int], hold: bool, movers: list[int]
) -> tuple[Positions, bool]:
    if len(seats) == 2 and previous.button != previous.small_blind:
        # Going heads-up (the last hand had three players or more): ITA-23 has both blinds
        # posted every hand, the button's small blind and the other's big blind, so ITA-20
        # and ITA-21 have nothing to hold the button for; the big blind advances as in
        # every hand (ITA-19: each player pays every blind each round) and the other player
        # has the button, then they alternate (docs/rules.md).
        return _heads_up(previous, seats), False
    if previous.big_blind in eliminated:
        # ITA-21: the button moves (to the last small blind, if he is still in; else it
        # stays) and the hand is played without a small blind; the next hand the button
        # stays so that both blinds are posted.
        small = previous.small_blind
        button = small if small is not None and small not in eliminated else previous.button
        big = _after(seats, previous.big_blind)
        return Positions(button, None, big, previous.big_blind), True
    if hold or (previous.small_blind is not None and previous.small_blind in eliminated):
        # ITA-20 (and the second hand of ITA-21): the button stays put one hand.
        return _first(seats, previous.button), False
    return _first(seats, _after(movers, previous.button)), False
