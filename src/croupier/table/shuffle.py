"""The table's shuffle: :meth:`croupier.cards.Deck.shuffled`, the same draws, fewer steps.

A seeded ``random.Random`` gives exactly the deck of ``Deck.shuffled`` and leaves the
generator in exactly the same state. ``random.shuffle`` runs Fisher-Yates from the last
card down, each ``j`` drawn below ``i + 1`` by rejection: ``getrandbits(k)`` with
``k = (i + 1).bit_length()``, again while the draw is above ``i``. Each such draw takes one
32-bit word of the Mersenne Twister and keeps its ``k`` high bits; a shuffle takes at least
51 words (one per card from the last down to the second), so the first 51 are drawn at once
(``getrandbits(51 * 32)`` is those 51 words, the first one lowest), and a rejected draw
takes the next word. Any other source (the secure one) goes through ``Deck.shuffled``.

The compiled kernel (``croupier.evaluate._ckernel``, when built) runs the same steps in C
on the same words; without it, or with ``CROUPIER_KERNEL=pure``, the loop below does.

>>> import random
>>> shuffled(random.Random(7)) == Deck.shuffled(random.Random(7)).cards
True
"""

from __future__ import annotations

import random
import struct
from typing import Final, cast

from croupier.cards import FULL_DECK, Card, Deck
from croupier.evaluate._kernel import KERNEL

__all__ = ["shuffled"]

_STEPS: Final = len(FULL_DECK) - 1
_DRAWS: Final = tuple((i, 32 - (i + 1).bit_length()) for i in range(_STEPS, 0, -1))
"""Each step of the shuffle: the position ``i`` filled, and the shift that keeps the
``(i + 1).bit_length()`` high bits of a 32-bit word."""
_WORDS: Final = struct.Struct(f"<{_STEPS}I")


def shuffled(rng: random.Random | None) -> tuple[Card, ...]:
    """A full deck shuffled by Fisher-Yates (POK-2-3, CAS-1): the cards of
    ``Deck.shuffled(rng)``, top first (the engine checks them as it checks any deck)."""
    if type(rng) is not random.Random:
        return Deck.shuffled(rng).cards  # the secure source, or a generator of its own kind
    first = rng.getrandbits(32 * _STEPS).to_bytes(4 * _STEPS, "little")
    if KERNEL is not None:
        return cast("tuple[Card, ...]", KERNEL.shuffle(FULL_DECK, first, rng))
    return _pure(first, rng)


def _pure(first: bytes, rng: random.Random) -> tuple[Card, ...]:
    """The shuffle's steps over the first 51 words (``first``), drawing more from ``rng``."""
    words = iter(_WORDS.unpack(first))
    cards = list(FULL_DECK)
    for i, shift in _DRAWS:
        j = next(words, None)
        j = (j if j is not None else rng.getrandbits(32)) >> shift
        while j > i:  # rejected: the next word
            j = next(words, None)
            j = (j if j is not None else rng.getrandbits(32)) >> shift
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
