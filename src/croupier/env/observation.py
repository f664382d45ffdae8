"""What a seat observes, built from its :class:`~croupier.engine.HandView` and nothing else.

The view is the one the server sends the player (other hole cards hidden until shown),
so no hidden card can reach an observation. Seats are ordered from the viewer: index 0
is the viewer, 1 the next seat clockwise, and so on; chips are divided by the table's
total (``scale``) so every number lies in [0, 1].

The flat vector of ``players = N`` seats (``size(N) = 116 + 10 N`` floats):

=========================  ===============================================================
offset                     what
=========================  ===============================================================
0 .. 51                    the viewer's hole cards, one-hot by card index (2c = 0 .. As = 51)
52 .. 103                  the board, one-hot
104 .. 107                 the street, one-hot (preflop, flop, turn, river)
108 + 6 i .. 113 + 6 i     seat i from the viewer: stack, bet, folded, all-in, in the hand,
                           has the button
108 + 6 N .. 111 + 6 N     pot (gathered + bets), to call, smallest and largest raise-to
112 + 6 N + N s + i        chips seat i put in on street s (the betting so far), s = 0..3
112 + 10 N + s             bets and raises made on street s, divided by 8 (at most 1)
=========================  ===============================================================
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from croupier.engine import Acted, ActionKind, BoardDealt, HandView, Posted

__all__ = ["NO_CARD", "betting", "flat", "pot_of", "size", "structured", "top_bet"]

Vector = npt.NDArray[np.float32]

NO_CARD = 52
"""The code of an unknown or absent card in the structured observation."""

_RAISES = frozenset((ActionKind.BET, ActionKind.RAISE))


def size(players: int) -> int:
    """The length of the flat vector for ``players`` seats."""
    return 116 + 10 * players


def pot_of(view: HandView) -> int:
    """The chips in the middle: pots gathered plus the bets of this round."""
    return sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats)


def top_bet(view: HandView) -> int:
    """The largest bet of this round."""
    return max(s.bet for s in view.seats)


def betting(view: HandView, order: list[int]) -> tuple[list[list[int]], list[int]]:
    """Chips each seat (in ``order``) put in per street, and the bets and raises per street."""
    where = {seat: i for i, seat in enumerate(order)}
    chips = [[0] * len(order) for _ in range(4)]
    raises = [0, 0, 0, 0]
    street = 0
    for event in view.events:
        if isinstance(event, Posted | Acted):
            i = where.get(event.seat)
            if i is not None:
                chips[street][i] += event.put if isinstance(event, Acted) else event.amount
            if isinstance(event, Acted) and event.kind in _RAISES:
                raises[street] += 1
        elif isinstance(event, BoardDealt):
            street = int(event.street)
    return chips, raises


def _order(view: HandView, players: list[int]) -> list[int]:
    me = players.index(view.viewer) if view.viewer in players else 0
    return players[me:] + players[:me]


def flat(view: HandView, players: list[int], scale: int) -> Vector:
    """The flat vector of ``view`` (layout in the module's docstring).

    ``players`` are every seat of the table in clockwise order (busted ones included, so
    the layout never moves), ``scale`` the table's chips.
    """
    n = len(players)
    out = np.zeros(size(n), dtype=np.float32)
    by_seat = {s.seat: s for s in view.seats}
    me = by_seat.get(view.viewer) if view.viewer is not None else None
    if me is not None and me.cards:
        for card in me.cards:
            out[card.index] = 1.0
    for card in view.board:
        out[52 + card.index] = 1.0
    out[104 + int(view.street)] = 1.0
    order = _order(view, players)
    unit = 1.0 / scale
    for i, seat in enumerate(order):
        s = by_seat.get(seat)
        base = 108 + 6 * i
        if s is not None:
            out[base] = s.stack * unit
            out[base + 1] = s.bet * unit
            out[base + 2] = s.folded
            out[base + 3] = s.all_in
            out[base + 4] = not s.folded
        out[base + 5] = seat == view.button
    base = 108 + 6 * n
    out[base] = pot_of(view) * unit
    legal = view.legal
    if legal is not None:
        out[base + 1] = (legal.call or 0) * unit
        out[base + 2] = (legal.min_raise_to or 0) * unit
        out[base + 3] = (legal.max_raise_to or 0) * unit
    chips, raises = betting(view, order)
    base += 4
    for street in range(4):
        for i in range(n):
            out[base + n * street + i] = chips[street][i] * unit
    out[base + 4 * n : base + 4 * n + 4] = [min(r, 8) / 8 for r in raises]
    return out


def structured(view: HandView, players: list[int]) -> dict[str, Any]:
    """The readable observation: cards as indices (``NO_CARD`` unknown), chips as integers.

    Keys: ``hole`` (2), ``board`` (5), ``street``, ``button`` (offset from the viewer),
    ``stacks``, ``bets``, ``folded`` and ``betting`` (4 streets x seats), seats ordered
    from the viewer, and ``pot``.
    """
    order = _order(view, players)
    by_seat = {s.seat: s for s in view.seats}
    me = by_seat.get(view.viewer) if view.viewer is not None else None
    hole = np.full(2, NO_CARD, dtype=np.int64)
    if me is not None and me.cards:
        hole[: len(me.cards)] = [c.index for c in me.cards]
    board = np.full(5, NO_CARD, dtype=np.int64)
    board[: len(view.board)] = [c.index for c in view.board]
    seats = [by_seat.get(seat) for seat in order]
    chips, _ = betting(view, order)
    return {
        "hole": hole,
        "board": board,
        "street": np.array([int(view.street)], dtype=np.int64),
        "button": np.array(
            [order.index(view.button) if view.button in order else 0], dtype=np.int64
        ),
        "stacks": np.array([s.stack if s else 0 for s in seats], dtype=np.int64),
        "bets": np.array([s.bet if s else 0 for s in seats], dtype=np.int64),
        "folded": np.array([1 if s is None or s.folded else 0 for s in seats], dtype=np.int8),
        "pot": np.array([pot_of(view)], dtype=np.int64),
        "betting": np.array(chips, dtype=np.int64),
    }
