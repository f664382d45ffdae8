"""Decks for the environments: pre-shuffled in bulk by a seeded numpy generator.

A :class:`Shoe` shuffles ``batch`` decks in one numpy call (each an independent, uniformly
random permutation of the 52 cards) and hands them out one per hand, so a table's deal
costs a list of cards, not a shuffle. Seeding it drops the decks it holds: the same seed
deals the same cards, hand after hand.

>>> shoe = Shoe(seed=7)
>>> first = shoe.deck()
>>> len(first), len(set(first))
(52, 52)
>>> shoe.seed(7)
>>> shoe.deck() == first
True
"""

from __future__ import annotations

import numpy as np

from croupier.cards import FULL_DECK, Card

__all__ = ["Shoe"]

_ORDER = np.arange(52, dtype=np.int8)


class Shoe:
    """Decks shuffled ``batch`` at a time from a numpy generator seeded with ``seed``."""

    def __init__(self, *, seed: int | None = None, batch: int = 32) -> None:
        self.batch = batch
        self._rng = np.random.default_rng(seed)
        self._decks: list[list[int]] = []
        self._next = 0

    def seed(self, seed: int | None) -> None:
        """Start again from ``seed`` (None: fresh entropy); the decks held are dropped."""
        self._rng = np.random.default_rng(seed)
        self._decks = []
        self._next = 0

    def choice(self, count: int) -> int:
        """A whole number from 0 to ``count - 1``, drawn from the same generator."""
        return int(self._rng.integers(count))

    def deck(self) -> list[Card]:
        """The next deck, top card first."""
        if self._next >= len(self._decks):
            orders = np.broadcast_to(_ORDER, (self.batch, 52))
            self._decks = self._rng.permuted(orders, axis=1).tolist()
            self._next = 0
        order = self._decks[self._next]
        self._next += 1
        return [FULL_DECK[i] for i in order]
