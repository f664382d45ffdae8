"""Ranges of starting hands in the usual notation: ``"TT+, AKs, A2s+, KQo-KTo, AsKs"``.

A range is a set of *combos* (two specific cards). Tokens, separated by commas:

=============  ===================================================  ======
token          meaning                                              combos
=============  ===================================================  ======
``AA``         a pair                                                    6
``AKs``        suited                                                    4
``AKo``        offsuit                                                  12
``AK``         suited and offsuit                                       16
``TT+``        the pair and every pair above it (TT, JJ .. AA)       6 each
``A2s+``       the kicker and every kicker up to below the top card   (A2s .. AKs)
``22-55``      pairs from one to the other                              (22, 33, 44, 55)
``KQo-KTo``    one top card, kickers from one to the other             (KTo, KJo, KQo)
``AsKs``       one exact combo                                           1
``any``        every two cards                                        1326
=============  ===================================================  ======

Ranks are ``23456789TJQKA`` (lower case is read too), the higher rank may come
second (``KA`` = ``AK``); tokens may also be separated by spaces. Every combo
counts once and is equally likely: there are no weights. Combos that use a card
already seen (on the board, dead, or in another hand) are removed with
:meth:`Range.without`.

>>> len(parse_range("TT+, AKs")), len(parse_range("A2s+")), len(parse_range("KQo-KTo"))
(34, 48, 36)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from croupier._checks import quote
from croupier.cards import FULL_DECK, RANKS, Card, parse_cards
from croupier.errors import InvalidCardError, InvalidRangeError

__all__ = ["Combo", "Range", "parse_range"]

Combo = tuple[Card, Card]
"""Two specific cards, the higher card (by index) first."""

_CLASS = re.compile(r"([2-9TJQKA])([2-9TJQKA])([so]?)", re.IGNORECASE)
_EXACT = re.compile(r"(?:10|[2-9TJQKA])[cdhs](?:10|[2-9TJQKA])[cdhs]", re.IGNORECASE)
_EXAMPLES: Final = "write ranges like 'AA', 'AKs', 'AKo', 'TT+', 'A2s+', '22-55', 'KQo-KTo', 'AsKs'"


@dataclass(frozen=True, slots=True)
class Range:
    """A set of two-card combos, with the text it was written as.

    >>> r = parse_range("AA")
    >>> len(r), len(r.without(parse_cards("As")))
    (6, 3)
    """

    text: str
    combos: tuple[Combo, ...]

    def without(self, cards: Iterable[Card]) -> tuple[Combo, ...]:
        """The combos that use none of ``cards`` (card removal)."""
        seen = set(parse_cards(cards, distinct=False))
        return tuple(c for c in self.combos if c[0] not in seen and c[1] not in seen)

    def __len__(self) -> int:
        return len(self.combos)

    def __iter__(self) -> Iterator[Combo]:
        return iter(self.combos)

    def __str__(self) -> str:
        return self.text


def _combo(a: Card, b: Card) -> Combo:
    return (a, b) if a.index > b.index else (b, a)


def _class_combos(high: int, low: int, kind: str) -> list[Combo]:
    """Combos of a hand class: ranks ``high >= low``, kind ``"s"``, ``"o"`` or ``""`` (both)."""
    cards_high = [Card.of(high, s) for s in range(4)]
    cards_low = [Card.of(low, s) for s in range(4)]
    if high == low:
        return [_combo(a, b) for a, b in combinations(cards_high, 2)]
    out: list[Combo] = []
    for a in cards_high:
        for b in cards_low:
            suited = a.suit == b.suit
            if kind == "" or (kind == "s") == suited:
                out.append(_combo(a, b))
    return out


def _parse_class(part: str, token: str, text: str) -> tuple[int, int, str]:
    m = _CLASS.fullmatch(part)
    if m is None:
        raise InvalidRangeError(f"{quote(token)} is not a hand range in {quote(text)}: {_EXAMPLES}")
    first, second = RANKS.index(m.group(1).upper()), RANKS.index(m.group(2).upper())
    kind = m.group(3).lower()
    if first == second and kind:
        raise InvalidRangeError(
            f"{quote(token)} in {quote(text)}: a pair is neither suited nor offsuit,"
            f" write {part[:2]!r}"
        )
    return max(first, second), min(first, second), kind


def _token_combos(token: str, text: str) -> list[Combo]:
    if token.lower() in ("any", "random"):
        return [_combo(a, b) for a, b in combinations(FULL_DECK, 2)]
    if _EXACT.fullmatch(token):
        try:
            a, b = parse_cards(token)
        except InvalidCardError as error:
            raise InvalidRangeError(f"{quote(token)} in {quote(text)}: {error}") from None
        return [_combo(a, b)]
    plus = token.endswith("+")
    body = token[:-1] if plus else token
    if "-" in body:
        if plus:
            raise InvalidRangeError(
                f"{quote(token)} in {quote(text)}: use either '+' or '-', not both"
            )
        left, _, right = body.partition("-")
        h1, l1, k1 = _parse_class(left, token, text)
        h2, l2, k2 = _parse_class(right, token, text)
        if (h1 == l1) != (h2 == l2) or k1 != k2:
            raise InvalidRangeError(
                f"{quote(token)} in {quote(text)}: both ends must be pairs,"
                " or hands of the same kind"
            )
        if h1 == l1:
            return [c for r in range(min(h1, h2), max(h1, h2) + 1) for c in _class_combos(r, r, "")]
        if h1 != h2:
            raise InvalidRangeError(
                f"{quote(token)} in {quote(text)}: both ends must share their top card,"
                " like 'KQo-KTo'"
            )
        low, high = sorted((l1, l2))
        return [c for r in range(low, high + 1) for c in _class_combos(h1, r, k1)]
    high, low, kind = _parse_class(body, token, text)
    if not plus:
        return _class_combos(high, low, kind)
    if high == low:
        return [c for r in range(high, 13) for c in _class_combos(r, r, "")]
    return [c for r in range(low, high) for c in _class_combos(high, r, kind)]


def parse_range(text: str) -> Range:
    """Parse a range: comma-separated tokens (see the module's table).

    >>> [f"{a}{b}" for a, b in parse_range("AKs").combos]
    ['AsKs', 'AhKh', 'AdKd', 'AcKc']
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ...
    croupier.errors.InvalidRangeError: 'AKx' is not a hand range in 'AKx': write ranges like \
'AA', 'AKs', 'AKo', 'TT+', 'A2s+', '22-55', 'KQo-KTo', 'AsKs'
    """
    if not isinstance(text, str):
        raise InvalidRangeError(f"{quote(text)} is not a range: {_EXAMPLES}")
    found: set[Combo] = set()
    tokens = re.split(r"\s*,\s*|\s+", re.sub(r"\s*-\s*", "-", text.strip()))
    for token in tokens:
        if not token:
            raise InvalidRangeError(f"empty hand range in {quote(text)}: {_EXAMPLES}")
        found.update(_token_combos(token, text))
    ordered = sorted(found, key=lambda c: (c[0].index, c[1].index), reverse=True)
    return Range(text=text.strip(), combos=tuple(ordered))
