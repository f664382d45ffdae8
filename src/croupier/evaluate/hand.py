"""One hand of five to seven cards: its value, category, best five cards, description.

A hand's *value* runs from 1 (7-5-4-3-2 of mixed suits) to 7,462 (royal flush):
higher wins, equal ties (ITA-12, CAS-22). There is one value per equivalence
class of five-card hands, so seven-card hands take 4,824 distinct values.

>>> evaluate(parse_cards("As Ks Qs Js Ts 2d 2c"))
7462
>>> rank_hand("Kh Kd Ks 7c 7d 2s 3h").description
'Full house, kings full of sevens'
>>> rank_hand("Ah 2d 3c 4s 5h Kd Qc").description
'Straight, five high'
"""

from __future__ import annotations

import array
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from itertools import accumulate
from typing import Final

from croupier._checks import quote, whole
from croupier.cards import FULL_DECK, RANK_NAMES, Card, format_cards, parse_cards
from croupier.errors import InvalidArgumentError, InvalidCardError
from croupier.evaluate import _kernel, _tables
from croupier.evaluate._build import CATEGORY_SIZES

__all__ = [
    "MAX_VALUE",
    "Category",
    "HandRank",
    "category_of",
    "describe",
    "evaluate",
    "evaluate_checked",
    "rank_hand",
]

MAX_VALUE: Final = 7462
"""The value of a royal flush, the best hand; the worst five cards are worth 1."""

_FIRST_VALUES: Final = tuple(accumulate((1, *CATEGORY_SIZES[:-1])))


class Category(IntEnum):
    """The nine categories of hands, in order (ITA-12); a royal flush is the best straight flush."""

    HIGH_CARD = 1
    PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9

    @property
    def label(self) -> str:
        """The category in words: ``"Three of a kind"``."""
        return self.name.replace("_", " ").capitalize()

    @property
    def value_range(self) -> range:
        """The hand values of this category.

        >>> Category.STRAIGHT.value_range
        range(5854, 5864)
        """
        first = _FIRST_VALUES[self - 1]
        return range(first, first + CATEGORY_SIZES[self - 1])


@dataclass(frozen=True, slots=True)
class HandRank:
    """What a hand is worth: compare ``value`` (higher wins, equal ties).

    ``cards`` are the best five, in order of importance: the quads, trips or
    pairs first, then the kickers high to low; a straight from its top card
    (the wheel as 5-4-3-2-A).
    """

    value: int
    category: Category
    cards: tuple[Card, ...]

    @property
    def description(self) -> str:
        """The hand in words, as a dealer announces it: ``"Two pair, aces and fours"``."""
        return describe(self.value)

    def __str__(self) -> str:
        return f"{self.description} ({format_cards(self.cards)})"


# ---------------------------------------------------------------------------
# The fast path. A card's int value is its evaluation code: the sum of the codes
# has the base-5 rank counts in its low 32 bits and one nibble per suit above.
# Starting the sum at 3 in every suit nibble sets a nibble's top bit exactly when
# its suit has five cards or more, so one mask finds every flush.

_SUIT_RANK_BITS: Final = tuple(
    {card: (1 << card.rank if card.suit == suit else 0) for card in FULL_DECK} for suit in range(4)
)
_FLUSH_SUIT: Final = {0x8 << 32: 0, 0x80 << 32: 1, 0x800 << 32: 2, 0x8000 << 32: 3}
_FLUSH_BIAS: Final = 0x3333 << 32
assert float(_FLUSH_BIAS) == 56294136348672.0  # the start of the fast path's sum


class _LazyRankValues(dict[int, int]):
    """Stands in for the rank table until the first lookup loads the real one."""

    def __missing__(self, key: int) -> int:
        _load()
        return _rank_values[key]


_rank_values: dict[int, int] = _LazyRankValues()
_flush_values: list[int] = []


def _load() -> None:
    global _rank_values, _flush_values
    _rank_values, _flush_values = _tables.load_tables()
    if _kernel.KERNEL is not None and not _kernel.KERNEL.ready():
        _kernel.KERNEL.init(
            array.array("q", _rank_values.keys()),
            array.array("H", _rank_values.values()),
            array.array("H", _flush_values),
        )


def evaluate(cards: Sequence[Card] | str) -> int:
    """The value (1..7462, higher wins) of the best five of 5, 6 or 7 cards.

    The fast path is for a list or tuple of distinct :class:`~croupier.cards.Card`;
    text (``"As Ks Qs Js Ts"``) is parsed on a slower path. A wrong number of cards
    or something that is not a card raises :class:`~croupier.errors.InvalidCardError`
    at no cost to the fast path. The one thing not checked is that the cards are
    distinct, which would cost more than the evaluation itself: use
    :func:`evaluate_checked` or :func:`rank_hand` for untrusted input.

    >>> evaluate(parse_cards("7h 5d 4c 3s 2h")), evaluate(parse_cards("Ah Kh Qh Jh Th"))
    (1, 7462)
    """
    try:
        # The sum starts from the flush bias, 3 in each suit nibble (0x3333 << 32), as a
        # float: the running total stays a C double (exact below 2**53) instead of a new
        # int at each card, and one conversion at the end is cheaper.
        total = int(sum(cards, 56294136348672.0))
        if total & 0x8888_0000_0000:
            return _flush_value(cards, total & 0x8888_0000_0000)  # type: ignore[arg-type]
        return _rank_values[total & 0xFFFF_FFFF]
    except (KeyError, TypeError, IndexError):
        return evaluate_checked(cards)


_pure_evaluate: Final = evaluate
"""The pure-Python :func:`evaluate`; the compiled kernel hands it whatever it does not take."""
if _kernel.KERNEL is not None:
    # The compiled kernel's evaluate: the same values, and for anything but a list or tuple
    # of 5 to 7 distinct cards it calls the pure function above, so the same errors too.
    _kernel.KERNEL.set_fallback(_pure_evaluate)
    evaluate = _kernel.KERNEL.evaluate


def _flush_value(cards: Sequence[Card], flush: int) -> int:
    if not _flush_values:
        _load()
    bits = _SUIT_RANK_BITS[_FLUSH_SUIT[flush]]
    mask = 0
    for card in cards:
        mask |= bits[card]
    value = _flush_values[mask]
    if not value or not 5 <= len(cards) <= 7:
        raise KeyError(mask)  # not a hand: let the checked path explain why
    return value


def _checked(cards: Iterable[Card | str] | str) -> tuple[Card, ...]:
    try:
        hand = parse_cards(cards)
    except TypeError:
        raise InvalidCardError(f"{cards!r} is not a list of cards") from None
    if not 5 <= len(hand) <= 7:
        raise InvalidCardError(f"a hand is 5 to 7 cards, got {len(hand)}: {format_cards(hand)!r}")
    return hand


def _value(hand: tuple[Card, ...]) -> int:
    """Value of 5 to 7 cards already checked."""
    total = sum(hand, _FLUSH_BIAS)
    if total & 0x8888_0000_0000:
        return _flush_value(hand, total & 0x8888_0000_0000)
    return _rank_values[total & 0xFFFF_FFFF]


def evaluate_checked(cards: Iterable[Card | str] | str) -> int:
    """:func:`evaluate` for untrusted input: also refuses a card given twice.

    >>> evaluate_checked("As Ks Qs Js Ts 9s As")
    Traceback (most recent call last):
    ...
    croupier.errors.InvalidCardError: As appears twice in 'AsKsQsJsTs9sAs'
    """
    return _value(_checked(cards))


_SHAPES: Final = {
    Category.FOUR_OF_A_KIND: (4, 1),
    Category.FULL_HOUSE: (3, 2),
    Category.THREE_OF_A_KIND: (3, 1, 1),
    Category.TWO_PAIR: (2, 2, 1),
    Category.PAIR: (2, 1, 1, 1),
}


def rank_hand(cards: Iterable[Card | str] | str) -> HandRank:
    """Value, category and best five cards of 5 to 7 cards (checked like :func:`evaluate_checked`).

    >>> hand = rank_hand("Jc Jd 9h 8s 2c 3d 4h")
    >>> hand.category, hand.description, format_cards(hand.cards)
    (<Category.PAIR: 2>, 'Pair of jacks', 'JcJd9h8s4h')
    """
    hand = _checked(cards)
    value = _value(hand)
    category_number, ranks = _tables.classes()[value]
    category = Category(category_number)
    pool: Sequence[Card] = hand
    if category in (Category.FLUSH, Category.STRAIGHT_FLUSH):
        suit = Counter(card.suit for card in hand).most_common(1)[0][0]
        pool = [card for card in hand if card.suit == suit]
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        wanted = [((ranks[0] - i) % 13, 1) for i in range(5)]  # the wheel wraps to the ace
    elif category in (Category.FLUSH, Category.HIGH_CARD):
        wanted = [(rank, 1) for rank in ranks]
    else:
        wanted = list(zip(ranks, _SHAPES[category], strict=True))
    best: list[Card] = []
    for rank, count in wanted:
        best += [card for card in pool if card.rank == rank][:count]
    return HandRank(value=value, category=category, cards=tuple(best))


def _check_value(value: int) -> int:
    """``value`` if it is a hand value (a numpy integer too); else InvalidArgumentError."""
    if type(value) is int and 1 <= value <= MAX_VALUE:
        return value
    try:
        return whole(value, "a hand value", low=1, high=MAX_VALUE, error=InvalidArgumentError)
    except InvalidArgumentError:
        raise InvalidArgumentError(
            f"{quote(value)} is not a hand value: values are whole numbers from 1 to {MAX_VALUE}"
        ) from None


def category_of(value: int) -> Category:
    """The category of a hand value.

    >>> category_of(7462), category_of(1)
    (<Category.STRAIGHT_FLUSH: 9>, <Category.HIGH_CARD: 1>)
    """
    return Category(bisect_right(_FIRST_VALUES, _check_value(value)))


_PLURALS: Final = tuple(name + ("es" if name.endswith("x") else "s") for name in RANK_NAMES)


def describe(value: int) -> str:
    """A hand value in words: ``"Full house, kings full of sevens"``, ``"Royal flush"``.

    >>> describe(1), describe(7462)
    ('High card, seven', 'Royal flush')
    """
    said = _DESCRIBED.get(value) if type(value) is int else None
    if said is None:
        checked = _check_value(value)
        said = _DESCRIBED[checked] = _describe(checked)
    return said


_DESCRIBED: Final[dict[int, str]] = {}
"""The words of each hand value described so far (at most 7,462 of them)."""


def _describe(value: int) -> str:
    """:func:`describe` of a checked value."""
    number, ranks = _tables.classes()[value]
    first = ranks[0]
    match Category(number):
        case Category.HIGH_CARD:
            return f"High card, {RANK_NAMES[first]}"
        case Category.PAIR:
            return f"Pair of {_PLURALS[first]}"
        case Category.TWO_PAIR:
            return f"Two pair, {_PLURALS[first]} and {_PLURALS[ranks[1]]}"
        case Category.THREE_OF_A_KIND:
            return f"Three of a kind, {_PLURALS[first]}"
        case Category.STRAIGHT:
            return f"Straight, {RANK_NAMES[first]} high"
        case Category.FLUSH:
            return f"Flush, {RANK_NAMES[first]} high"
        case Category.FULL_HOUSE:
            return f"Full house, {_PLURALS[first]} full of {_PLURALS[ranks[1]]}"
        case Category.FOUR_OF_A_KIND:
            return f"Four of a kind, {_PLURALS[first]}"
        case _:
            if first == 12:
                return "Royal flush"
            return f"Straight flush, {RANK_NAMES[first]} high"
