"""The exceptions croupier raises: one type per kind of bad input.

Every one is a ``ValueError`` so that callers who only care that the input was
refused can catch that; callers who care why catch the specific type. Each
message quotes the input and, where it can, says what would have been legal.
"""

from __future__ import annotations

__all__ = [
    "ConfigurationError",
    "CroupierError",
    "DeckError",
    "HandHistoryError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidArgumentError",
    "InvalidCardError",
    "InvalidRangeError",
    "OutOfTurnError",
]


class CroupierError(ValueError):
    """Base class of every error croupier raises for bad input."""


class InvalidCardError(CroupierError):
    """A card, or a list of cards, could not be parsed or is not allowed here."""


class InvalidRangeError(CroupierError):
    """A range of starting hands ("TT+, AKs") could not be parsed."""


class DeckError(CroupierError):
    """A deck failed its integrity check (duplicate, missing or extra cards)."""


class ConfigurationError(CroupierError):
    """A rules value, a table or a tournament was configured inconsistently."""


class IllegalActionError(CroupierError):
    """An action that the rules do not allow at this moment of the hand."""


class InvalidActionError(IllegalActionError):
    """Something that is not an action at all: an unknown kind, an amount that is not chips.

    A subclass of :class:`IllegalActionError`, so that whoever catches an illegal action
    catches a malformed one too; catch this one to tell them apart.
    """


class OutOfTurnError(IllegalActionError):
    """An action by a seat whose turn it is not (POK-8-13, ITA-27)."""


class InvalidArgumentError(CroupierError):
    """An argument of the wrong type or out of range: a count, a seed, a hand value."""


class HandHistoryError(CroupierError):
    """A hand history (PHH or events) is malformed or does not replay."""
