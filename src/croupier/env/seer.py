"""The flat observation read from the hand directly, the betting kept up event by event.

:func:`croupier.env.observation.flat` builds the vector from a seat's whole
:class:`~croupier.engine.HandView`, which redacts every event of the hand at each call.
:class:`Seer` builds the same vector (a test compares them on random hands) from what that
view shows and nothing more: the public state of the hand (stacks, bets, folds, board, pots,
button, the legal actions of the seat to act) and the viewer's own hole cards, never
another seat's; and the chips and raises per street from the public events (posts, actions,
board cards) appended since its last read.
"""

from __future__ import annotations

import numpy as np

from croupier.engine import Acted, ActionKind, BoardDealt, Hand, LegalActions, Posted
from croupier.env.observation import Vector, size

__all__ = ["Seer"]

_RAISES = frozenset((ActionKind.BET, ActionKind.RAISE))


class Seer:
    """The flat vectors of one table's seats (``players`` clockwise, ``scale`` its chips)."""

    def __init__(self, players: list[int], scale: int) -> None:
        self.players = list(players)
        self.scale = scale
        self.position = {seat: i for i, seat in enumerate(self.players)}
        self._hand: Hand | None = None
        self._seen = 0
        self._street = 0
        self._chips: list[list[int]] = []  # [street][position of the seat in players]
        self._raises = [0, 0, 0, 0]
        self.chips_at_start = 0
        """The chips of the hand's seats before it (its starting stacks added up)."""

    def _catch_up(self, hand: Hand) -> None:
        """Read the public events appended since the last call (all of a new hand's)."""
        if hand is not self._hand:
            self._hand = hand
            self._seen = 0
            self._street = 0
            self._chips = [[0] * len(self.players) for _ in range(4)]
            self._raises = [0, 0, 0, 0]
            self.chips_at_start = sum(hand.starting_stacks.values())
        events = hand.events
        if len(events) == self._seen:
            return
        chips = self._chips
        position = self.position
        for event in events[self._seen :]:
            if isinstance(event, Acted):
                at = position.get(event.seat)
                if at is not None:
                    chips[self._street][at] += event.put
                if event.kind in _RAISES:
                    self._raises[self._street] += 1
            elif isinstance(event, Posted):
                at = position.get(event.seat)
                if at is not None:
                    chips[self._street][at] += event.amount
            elif isinstance(event, BoardDealt):
                self._street = int(event.street)
        self._seen = len(events)

    def betting(self, hand: Hand) -> tuple[list[list[int]], list[int]]:
        """The chips each seat put in per street (``[street][position in players]``) and
        the bets and raises per street, read from the public events of ``hand``.

        The lists are the seer's own, kept up as the hand goes on: read, never change them.
        """
        self._catch_up(hand)
        return self._chips, self._raises

    def pot(self, hand: Hand) -> int:
        """The chips put in (pots gathered plus this round's bets): public amounts."""
        if hand is not self._hand:
            self._catch_up(hand)
        return self.chips_at_start - sum(hand.stacks.values()) - hand.rake

    def legal(self, hand: Hand, viewer: int) -> LegalActions | None:
        """``viewer``'s legal actions when it is his turn (what his view holds), else None."""
        if hand.to_act != viewer or viewer not in hand.starting_stacks:
            return None
        return hand.legal_actions()

    def flat(self, hand: Hand, viewer: int, legal: LegalActions | None) -> Vector:
        """What :func:`~croupier.env.observation.flat` makes of ``viewer``'s view;
        ``legal`` is :meth:`legal` (read once by the caller for the mask too)."""
        return np.array(self.values(hand, viewer, legal), dtype=np.float32)

    def values(self, hand: Hand, viewer: int, legal: LegalActions | None) -> list[float]:
        """The numbers of :meth:`flat` as a list (to copy into a row of a larger array)."""
        self._catch_up(hand)
        players = self.players
        n = len(players)
        out = [0.0] * size(n)  # filled as Python floats, made float32 once at the end
        stacks = hand.stacks
        bets = hand.bets
        if viewer in stacks:
            for card in hand.hole_cards(viewer):  # his own cards: the only hidden ones read
                out[card.index] = 1.0
        for card in hand.board:
            out[52 + card.index] = 1.0
        out[104 + int(hand.street)] = 1.0
        me = players.index(viewer) if viewer in players else 0
        order = players[me:] + players[:me]
        unit = 1.0 / self.scale
        button = hand.button
        for i, seat in enumerate(order):
            base = 108 + 6 * i
            if seat in stacks:
                folded = hand.is_folded(seat)
                stack = stacks[seat]
                out[base] = stack * unit
                out[base + 1] = bets[seat] * unit
                out[base + 2] = 1.0 if folded else 0.0
                out[base + 3] = 1.0 if not folded and stack == 0 else 0.0
                out[base + 4] = 0.0 if folded else 1.0
            if seat == button:
                out[base + 5] = 1.0
        base = 108 + 6 * n
        # the chips put in (pots gathered plus this round's bets): public amounts
        put_in = self.chips_at_start - sum(stacks.values()) - hand.rake
        out[base] = put_in * unit
        if legal is not None:
            out[base + 1] = (legal.call or 0) * unit
            out[base + 2] = (legal.min_raise_to or 0) * unit
            out[base + 3] = (legal.max_raise_to or 0) * unit
        base += 4
        position = self.position
        for street in range(4):
            chips = self._chips[street]
            at = base + n * street
            for i, seat in enumerate(order):
                out[at + i] = chips[position[seat]] * unit
        at = base + 4 * n
        for street in range(4):
            out[at + street] = min(self._raises[street], 8) / 8
        return out
