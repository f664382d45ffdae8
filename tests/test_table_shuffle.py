"""The table's shuffle deals exactly the decks of ``Deck.shuffled`` (POK-2-3, CAS-1)."""

from __future__ import annotations

import random
import secrets

from croupier.cards import FULL_DECK, Deck
from croupier.table.shuffle import shuffled


def test_a_seeded_generator_gives_the_same_decks_and_ends_in_the_same_state() -> None:
    for seed in range(500):
        ours, theirs = random.Random(seed), random.Random(seed)
        for _ in range(4):
            assert shuffled(ours) == Deck.shuffled(theirs).cards
        assert ours.getstate() == theirs.getstate()


def test_draws_after_the_shuffle_are_the_same() -> None:
    ours, theirs = random.Random(11), random.Random(11)
    shuffled(ours)
    Deck.shuffled(theirs)
    assert [ours.random() for _ in range(5)] == [theirs.random() for _ in range(5)]


def test_the_secure_source_gives_a_full_deck() -> None:
    deck = shuffled(secrets.SystemRandom())
    assert sorted(deck) == sorted(FULL_DECK) and len(deck) == 52
