"""The flat observations of many tables at once: read in Python, written in numpy.

:meth:`croupier.env.seer.Seer.values` fills one seat's vector a number at a time. For the
vector tables, :func:`reading` reads the same public facts of one table (and the viewer's
own hole cards, never another seat's) into one short row of integers, and :func:`rows`
turns a batch of those rows into the flat vectors (the layout of
:mod:`croupier.env.observation`) with a few numpy operations over the whole batch: the
same numbers, computed the same way (chips times ``1 / scale`` in float64, then float32),
so each row equals the vector of the seat's view (the vector tables' test compares them).

A reading, for ``n`` seats (``n`` = every seat of the table, each dealt in):

======================  ==========================================================
column                  what
======================  ==========================================================
0, 1, 2                 the viewer's position, the street, the button's position (-1: none)
3, 4                    the chips put in (the pot), the amount to call (0: none)
5, 6                    the smallest and largest raise-to (-1: raising not allowed)
7, 8, 9                 fold, check or call, all-in allowed (0 or 1)
10, 11                  the viewer's hole cards (card indices)
12 .. 16                the board (card indices, -1 for a card not dealt)
17 .. 20                bets and raises per street
21                      the largest bet of the round
22 + n k + i            for k = 0 .. 6 and seat position i: stack, bet, folded, then the
                        chips put in on each of the four streets
======================  ==========================================================
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from croupier.engine import Hand, LegalActions
from croupier.env.observation import Vector, size
from croupier.env.seer import Seer

__all__ = ["LEGAL", "SIZING", "reading", "rows"]

Ints = npt.NDArray[np.int64]

LEGAL = [7, 8, 5, 6, 9]
"""The columns of a reading that :meth:`~croupier.env.actions.ActionSet.masks` reads as
``legal``: fold, check or call, smallest and largest raise-to, all-in."""
SIZING = [3, 21, 4]
"""The columns read as ``sizing``: the pot, the largest bet, the amount to call."""

_NO_BOARD = [-1] * 5


def reading(hand: Hand, seer: Seer, viewer: int, legal: LegalActions | None) -> list[int]:
    """One table's row of integers (the module's layout), seen by ``viewer``.

    ``legal`` is ``viewer``'s legal actions when it is his turn, else None. Every seat of
    the table is dealt in (cash hands); otherwise a ValueError.
    """
    chips, raises = seer.betting(hand)
    players = seer.players
    stacks = hand.stacks
    if len(stacks) != len(players):
        raise ValueError(f"a reading needs every seat dealt in: {len(stacks)} of {len(players)}")
    bets = hand.bets
    stack = [stacks[s] for s in players]
    bet = [bets[s] for s in players]
    folded = [1 if hand.is_folded(s) else 0 for s in players]
    position = seer.position
    hole = [card.index for card in hand.hole_cards(viewer)]
    board = [card.index for card in hand.board]
    put_in = seer.chips_at_start - sum(stack) - hand.rake
    if legal is None:
        facts = [0, -1, -1, 0, 0, 0]
    else:
        low, high = legal.min_raise_to, legal.max_raise_to
        facts = [
            legal.call or 0,
            -1 if low is None else low,
            -1 if high is None else high,
            1 if legal.fold else 0,
            1 if legal.check or legal.call is not None else 0,
            0 if legal.all_in is None else 1,
        ]
    return [
        position[viewer],
        int(hand.street),
        position.get(hand.button, -1),
        put_in,
        *facts,
        *[*hole, -1, -1][:2],
        *[*board, *_NO_BOARD][:5],
        *raises,
        max(bet),
        *stack,
        *bet,
        *folded,
        *chips[0],
        *chips[1],
        *chips[2],
        *chips[3],
    ]


def rows(readings: Ints, players: int, scale: int) -> Vector:
    """The flat vectors (one row per reading) of ``players`` seats, chips over ``scale``."""
    n = players
    count = len(readings)
    out = np.zeros((count, size(n)), dtype=np.float32)
    unit = 1.0 / scale
    table = np.arange(count)[:, None]
    for first, width, offset in ((10, 2, 0), (12, 5, 52)):  # hole cards, then the board
        cards = readings[:, first : first + width]
        dealt = cards >= 0
        out[np.broadcast_to(table, cards.shape)[dealt], offset + cards[dealt]] = 1.0
    out[table[:, 0], 104 + readings[:, 1]] = 1.0
    order = (readings[:, 0:1] + np.arange(n)) % n  # seat positions from the viewer's
    base = 22

    def turned(k: int) -> Ints:
        return np.take_along_axis(readings[:, base + n * k : base + n * (k + 1)], order, axis=1)

    stack, bet, folded = turned(0), turned(1), turned(2) == 1
    seats = np.empty((count, n, 6), dtype=np.float64)
    seats[:, :, 0] = stack * unit
    seats[:, :, 1] = bet * unit
    seats[:, :, 2] = folded
    seats[:, :, 3] = ~folded & (stack == 0)
    seats[:, :, 4] = ~folded
    seats[:, :, 5] = order == readings[:, 2:3]
    out[:, 108 : 108 + 6 * n] = seats.reshape(count, 6 * n)
    at = 108 + 6 * n
    out[:, at] = readings[:, 3] * unit
    out[:, at + 1] = readings[:, 4] * unit
    out[:, at + 2] = np.maximum(readings[:, 5], 0) * unit
    out[:, at + 3] = np.maximum(readings[:, 6], 0) * unit
    streets = readings[:, base + 3 * n : base + 7 * n].reshape(count, 4, n)
    streets = np.take_along_axis(streets, order[:, None, :], axis=2)
    out[:, at + 4 : at + 4 + 4 * n] = (streets * unit).reshape(count, 4 * n)
    out[:, at + 4 + 4 * n : at + 8 + 4 * n] = np.minimum(readings[:, 17:21], 8) / 8
    return out
