"""The table's shuffle deals exactly the decks of ``Deck.shuffled`` (POK-2-3, CAS-1)."""

from __future__ import annotations

import random
import secrets

import pytest

from croupier.cards import FULL_DECK, Deck
from croupier.evaluate import _kernel
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


@pytest.mark.parametrize("kernel", [True, False], ids=["kernel", "pure"])
def test_the_kernel_and_the_pure_loop_deal_the_same(
    kernel: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if kernel and _kernel.KERNEL is None:
        pytest.skip("the compiled kernel is not built here (the pure loop is tested)")
    if not kernel:
        monkeypatch.setattr("croupier.table.shuffle.KERNEL", None)
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert shuffled(ours) == Deck.shuffled(theirs).cards
        assert ours.getstate() == theirs.getstate()


def test_the_kernel_refuses_a_deck_it_cannot_shuffle() -> None:
    kernel = _kernel.KERNEL
    if kernel is None:
        pytest.skip("the compiled kernel is not built here")
    with pytest.raises(ValueError, match="2 to 64 cards"):
        kernel.shuffle((), b"", random.Random(1))
    with pytest.raises(ValueError, match="32-bit words"):
        kernel.shuffle(FULL_DECK, b"abc", random.Random(1))
