"""Cards and decks: parsing, printing, interning, shuffling and the integrity check."""

from __future__ import annotations

import copy
import pickle
import random

import numpy as np
import pytest

from croupier.cards import FULL_DECK, Card, Deck, format_cards, parse_cards
from croupier.errors import DeckError, InvalidCardError


def test_card_prints_and_parses() -> None:
    assert str(Card("As")) == "As"
    assert str(Card("10d")) == "Td"
    assert str(Card("td")) == "Td"
    assert repr(Card("7h")) == "Card('7h')"
    assert eval(repr(Card("Kc"))) is Card("Kc")
    assert f"{Card('Qs'):>4}" == "  Qs"


def test_cards_are_interned_and_distinct() -> None:
    assert len(set(FULL_DECK)) == 52
    assert Card("As") is Card("As")
    assert pickle.loads(pickle.dumps(Card("As"))) is Card("As")
    assert copy.deepcopy(Card("2c")) is Card("2c")
    for i, card in enumerate(FULL_DECK):
        assert card.index == i
        assert Card.from_index(i) is card
        assert Card.of(card.rank, card.suit) is card
        assert Card(str(card)) is card


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Ax", "'Ax' is not a card: suits are c, d, h, s"),
        ("1s", "'1s' is not a card: ranks are 2-9, T (or 10), J, Q, K, A"),
        ("", "'' is not a card"),
        ("Asd", "'Asd' is not a card"),
    ],
)
def test_bad_card_has_clear_error(text: str, message: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        Card(text)
    assert str(info.value).startswith(message)


def test_parse_cards_forms() -> None:
    assert parse_cards("AsKd7h") == (Card("As"), Card("Kd"), Card("7h"))
    assert parse_cards("As Kd, 10h") == (Card("As"), Card("Kd"), Card("Th"))
    assert parse_cards(["As", Card("Kd")]) == (Card("As"), Card("Kd"))
    assert parse_cards("") == ()
    assert format_cards(parse_cards("AsKd")) == "AsKd"
    with pytest.raises(InvalidCardError, match="appears twice"):
        parse_cards("AsKdAs")
    assert len(parse_cards("AsAs", distinct=False)) == 2
    with pytest.raises(InvalidCardError, match="suits are"):
        parse_cards("AsKx")


def test_deck_integrity_check() -> None:
    Deck().check()
    Deck.shuffled().check()
    with pytest.raises(DeckError, match="duplicated: As; missing: Ad"):
        Deck([*FULL_DECK[:-3], Card("Ah"), Card("As"), Card("As")]).check()
    with pytest.raises(DeckError, match="51 cards"):
        Deck(FULL_DECK[:51]).check()


def test_seeded_shuffle_replays_and_secure_shuffle_differs() -> None:
    assert Deck.shuffled(random.Random(3)) == Deck.shuffled(random.Random(3))
    assert Deck.shuffled(random.Random(3)) != Deck.shuffled(random.Random(4))
    # Two secure shuffles coincide with probability 1/52!, i.e. never.
    assert Deck.shuffled() != Deck.shuffled()
    assert eval(repr(Deck.shuffled(random.Random(5)))) == Deck.shuffled(random.Random(5))


@pytest.mark.rule("POK-2-3")
def test_shuffle_is_uniform_chi_square() -> None:
    """Card-by-position counts over many seeded shuffles fit the uniform law."""
    rng = random.Random(20261129)
    shuffles = 26_000
    counts = np.zeros((52, 52), dtype=np.int64)
    positions = np.arange(52)
    for _ in range(shuffles):
        order = [c.index for c in Deck.shuffled(rng)]
        counts[order, positions] += 1
    expected = shuffles / 52
    chi2 = float(((counts - expected) ** 2 / expected).sum())
    # Each column and row sums to `shuffles`: (52-1)^2 = 2601 degrees of freedom.
    # Mean 2601, sd sqrt(2*2601) = 72.1; 5 sd on either side is a safe, still sharp band.
    assert 2601 - 5 * 72.1 < chi2 < 2601 + 5 * 72.1
    # A biased shuffle (the classic naive swap with any position) fails the same test.
    biased = np.zeros((52, 52), dtype=np.int64)
    for _ in range(shuffles):
        cards = list(range(52))
        for i in range(52):
            j = rng.randrange(52)
            cards[i], cards[j] = cards[j], cards[i]
        biased[cards, positions] += 1
    chi2_biased = float(((biased - expected) ** 2 / expected).sum())
    assert chi2_biased > 2601 + 5 * 72.1
