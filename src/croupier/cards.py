"""Cards and decks.

A :class:`Card` prints and parses as ``"As"``, ``"Td"`` or ``"7h"`` (``"10d"`` is
read too) and its ``repr`` can be pasted back::

    >>> Card("As")
    Card('As')
    >>> str(Card("10d")), Card("Kh").rank_char, Card("Kh").suit_char
    ('Td', 'K', 'h')

A card is also an ``int``: its value is an *evaluation code* built so that the
sum of the codes of five to seven cards identifies the hand (the counts of each
rank in base 5 in the low 32 bits, the count of each suit in one nibble per suit
above them). The hand evaluator adds cards with the built-in ``sum``, which is
what makes one hand fast to evaluate in pure Python. The 52 cards are interned:
``Card("As") is Card("As")``.

A :class:`Deck` is an ordered, immutable run of the 52 cards, shuffled by
Fisher-Yates with a cryptographically secure source unless a seeded random
generator is injected (for replays and tests), with an integrity check.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterable, Iterator, Sequence
from typing import Final, SupportsIndex, overload

from croupier._checks import quote, whole
from croupier.errors import DeckError, InvalidCardError

__all__ = [
    "FULL_DECK",
    "RANKS",
    "RANK_NAMES",
    "SUITS",
    "SUIT_SHIFT",
    "Card",
    "Deck",
    "format_cards",
    "parse_cards",
]

RANKS: Final = "23456789TJQKA"
"""Rank characters from the deuce (rank 0) to the ace (rank 12)."""
SUITS: Final = "cdhs"
"""Suit characters: clubs (0), diamonds (1), hearts (2), spades (3)."""
RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip
SUIT_SHIFT: Final = 32
"""Bit where the suit nibbles of an evaluation code start."""

_SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def _code(rank: int, suit: int) -> int:
    return int(5**rank) + (1 << (SUIT_SHIFT + 4 * suit))


class Card(int):
    """One playing card; an ``int`` whose value is its evaluation code.

    >>> Card("Ah").rank, Card("Ah").suit, Card("Ah").index
    (12, 2, 50)
    """

    __slots__ = ()

    _by_text: dict[str, Card]
    _by_index: list[Card]
    _rank_of: dict[int, int]
    _suit_of: dict[int, int]

    def __new__(cls, text: str | Card) -> Card:
        """Return the card written ``text`` ("As", "td", "10h"); a card is returned as is."""
        try:
            return cls._by_text[text]  # type: ignore[index]
        except (KeyError, TypeError):
            pass
        if type(text) is Card:
            return text
        if not isinstance(text, str):
            raise InvalidCardError(
                f"{quote(text)} is not a card: write cards like 'As', 'Td', '7h'"
            )
        key = text.strip()
        if len(key) == 3 and key[:2] == "10":
            key = "T" + key[2]
        if len(key) == 2:
            rank_char, suit_char = key[0].upper(), key[1].lower()
            if rank_char in RANKS and suit_char in SUITS:
                return cls._by_text[rank_char + suit_char]
            if rank_char not in RANKS:
                raise InvalidCardError(
                    f"{quote(text)} is not a card: ranks are 2-9, T (or 10), J, Q, K, A"
                )
            raise InvalidCardError(f"{quote(text)} is not a card: suits are c, d, h, s")
        raise InvalidCardError(
            f"{quote(text)} is not a card: write a rank (2-9, T, J, Q, K, A)"
            " then a suit (c, d, h, s)"
        )

    @classmethod
    def from_index(cls, index: SupportsIndex) -> Card:
        """Return the card with index ``4 * rank + suit`` (0 = 2c, 51 = As)."""
        return cls._by_index[whole(index, "a card index", high=51, error=InvalidCardError)]

    @classmethod
    def of(cls, rank: int, suit: int) -> Card:
        """Return the card of ``rank`` (0 = deuce .. 12 = ace) and ``suit`` (0 = c .. 3 = s)."""
        r = whole(rank, "a rank", high=12, error=InvalidCardError)
        return cls._by_index[4 * r + whole(suit, "a suit", high=3, error=InvalidCardError)]

    @property
    def rank(self) -> int:
        """Rank from 0 (deuce) to 12 (ace)."""
        return Card._rank_of[self]

    @property
    def suit(self) -> int:
        """Suit from 0 to 3: clubs, diamonds, hearts, spades."""
        return Card._suit_of[self]

    @property
    def index(self) -> int:
        """Position in a new deck, ``4 * rank + suit``: 0 for 2c up to 51 for As."""
        return 4 * Card._rank_of[self] + Card._suit_of[self]

    @property
    def rank_char(self) -> str:
        """The rank as written: one of ``23456789TJQKA``."""
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        """The suit as written: one of ``cdhs``."""
        return SUITS[self.suit]

    @property
    def name(self) -> str:
        """The card in words: ``"ace of spades"``."""
        return f"{RANK_NAMES[self.rank]} of {_SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return RANKS[Card._rank_of[self]] + SUITS[Card._suit_of[self]]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __getnewargs__(self) -> tuple[str]:  # type: ignore[override]
        return (str(self),)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


def _intern_cards() -> tuple[Card, ...]:
    Card._by_text = {}
    Card._by_index = []
    Card._rank_of = {}
    Card._suit_of = {}
    for rank in range(13):
        for suit in range(4):
            code = _code(rank, suit)
            card = int.__new__(Card, code)
            Card._by_text[RANKS[rank] + SUITS[suit]] = card
            Card._by_index.append(card)
            Card._rank_of[code] = rank
            Card._suit_of[code] = suit
    return tuple(Card._by_index)


FULL_DECK: Final[tuple[Card, ...]] = _intern_cards()
"""The 52 cards in index order, 2c 2d 2h 2s 3c ... As."""

_CARD_TEXT = re.compile(r"(10|[2-9TJQKAtjqka])([cdhsCDHS])")
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_cards(text: str | Iterable[str | Card], *, distinct: bool = True) -> tuple[Card, ...]:
    """Parse cards written together or apart: ``"AsKd"``, ``"As Kd, 7h"``, ``["As", "Kd"]``.

    >>> parse_cards("AsKd 10h")
    (Card('As'), Card('Kd'), Card('Th'))

    With ``distinct`` (the default) a card written twice is an error. Anything else
    (a number, ``None``) raises :class:`~croupier.errors.InvalidCardError`.
    """
    cards: list[Card] = []
    if not isinstance(text, str) and not _iterable(text):
        raise InvalidCardError(
            f"{quote(text)} is not a list of cards: write 'AsKd' or give a list like ['As', 'Kd']"
        )
    if isinstance(text, str):
        for chunk in _SEPARATORS.split(text.strip()):
            if not chunk:
                continue
            pos = 0
            while pos < len(chunk):
                m = _CARD_TEXT.match(chunk, pos)
                if m is None:
                    bad = chunk[pos : pos + 2] or chunk
                    Card(bad)  # raises the precise message
                    raise InvalidCardError(
                        f"{quote(chunk)} is not a list of cards"
                    )  # pragma: no cover
                cards.append(Card(m.group(0)))
                pos = m.end()
    else:
        for item in text:
            cards.append(item if isinstance(item, Card) else Card(item))
    if distinct and len(set(cards)) != len(cards):
        seen: set[Card] = set()
        for card in cards:
            if card in seen:
                raise InvalidCardError(f"{card} appears twice in {format_cards(cards)!r}")
            seen.add(card)
    return tuple(cards)


def _iterable(value: object) -> bool:
    try:
        iter(value)  # type: ignore[call-overload]
    except TypeError:
        return False
    return True


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards one after another: ``"AsKd7h"``."""
    return "".join(str(c) for c in cards)


class Deck(Sequence[Card]):
    """An ordered run of cards; position 0 is the top, dealt first.

    >>> deck = Deck.shuffled(random.Random(7))
    >>> len(deck), deck.check()
    (52, None)
    >>> Deck.shuffled(random.Random(7)) == deck
    True
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: Iterable[Card | str] = FULL_DECK) -> None:
        if isinstance(cards, str) or not _iterable(cards):
            raise DeckError(
                f"{quote(cards)} is not a deck: give cards in order (Deck.parse('AsKd...') reads"
                " text)"
            )
        self._cards: tuple[Card, ...] = tuple(c if isinstance(c, Card) else Card(c) for c in cards)

    @classmethod
    def shuffled(cls, rng: random.Random | None = None) -> Deck:
        """A full deck shuffled by Fisher-Yates (POK-2-3, CAS-1).

        The source is ``secrets.SystemRandom`` unless a generator is injected;
        inject a seeded ``random.Random`` only for replays and tests.
        """
        if rng is not None and not isinstance(rng, random.Random):
            raise DeckError(
                f"{quote(rng)} is not a random generator: give a random.Random, or nothing"
                " for the secure source"
            )
        source = rng if rng is not None else secrets.SystemRandom()
        cards = list(FULL_DECK)
        # Fisher-Yates from the last card down, j = randbelow(i + 1): the very draws of
        # ``randrange(i + 1)`` in a loop, so a seed gives the same deck as before
        source.shuffle(cards)
        deck = cls.__new__(cls)
        deck._cards = tuple(cards)  # the 52 cards of FULL_DECK: nothing to check
        return deck

    @classmethod
    def parse(cls, text: str) -> Deck:
        """A deck written as cards in order, for tests and replays (need not be 52 cards)."""
        return cls(parse_cards(text, distinct=False))

    def check(self) -> None:
        """Raise :class:`DeckError` unless this is 52 distinct cards with none missing."""
        counts: dict[Card, int] = {}
        for card in self._cards:
            counts[card] = counts.get(card, 0) + 1
        duplicates = sorted((c for c, n in counts.items() if n > 1), key=lambda c: c.index)
        missing = [c for c in FULL_DECK if c not in counts]
        if duplicates or missing or len(self._cards) != 52:
            parts = [f"{len(self._cards)} cards"]
            if duplicates:
                parts.append("duplicated: " + " ".join(map(str, duplicates)))
            if missing:
                parts.append("missing: " + " ".join(map(str, missing)))
            raise DeckError("deck fails its integrity check (" + "; ".join(parts) + ")")

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, top first."""
        return self._cards

    @overload
    def __getitem__(self, index: int) -> Card: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...
    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        return self._cards[index]

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deck) and self._cards == other._cards

    def __hash__(self) -> int:
        return hash(self._cards)

    def __repr__(self) -> str:
        return f"Deck.parse({format_cards(self._cards)!r})"
