"""The events of a hand: the contract between the engine, storage, histories and clients.

Every change to a hand is one small immutable event, appended to ``hand.events``.
Events are named tuples (cheap to create, immutable, typed) and convert to and
from JSON-ready dictionaries with :func:`event_to_dict` / :func:`event_from_dict`.

===============  ==========================================================
event            meaning
===============  ==========================================================
HandStarted      the rules, seats, button, forced bets due and the deck
Posted           a forced bet (ante, blind, option, live or dead post)
HoleDealt        two hole cards to one seat (private to that seat)
Acted            a fold, check, call, bet or raise (with why: timeout, absent)
BetReturned      an uncalled bet given back
BetsGathered     the round's bets gathered into the pots (CAS-17)
BoardDealt       flop, turn or river
Shown            a hand tabled: both hole cards (``auto`` when the rules tabled it)
Mucked           a hand given up at the showdown, unseen
Revealed         a called hand shown to the player who asked to see it (RRP-5, PKG-14)
Raked            the house's share of one pot (CAS-23)
Awarded          one pot paid to its winner(s), after its rake; pot 0 is the main pot
Voided           the hand voided: every chip back where it was (POK-2-9)
HandEnded        the final stacks
===============  ==========================================================

``HandStarted`` holds the deck, so the full log is secret: clients receive the
redacted events of a view (:mod:`croupier.engine.views`), never this log.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from croupier._checks import MAX_CHIPS, quote
from croupier.cards import Card
from croupier.engine.actions import ActionKind
from croupier.engine.setup import MAX_SEAT, ForcedBet, ForcedKind, SeatSetup
from croupier.errors import HandHistoryError
from croupier.rules.model import Rules

__all__ = [
    "Acted",
    "Awarded",
    "BetReturned",
    "BetsGathered",
    "BoardDealt",
    "Event",
    "HandEnded",
    "HandStarted",
    "HoleDealt",
    "Mucked",
    "Posted",
    "Pot",
    "Raked",
    "Revealed",
    "Shown",
    "Street",
    "Voided",
    "event_from_dict",
    "event_to_dict",
]


class Street(IntEnum):
    """The four betting rounds."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3

    @property
    def title(self) -> str:
        """``"Preflop"``, ``"Flop"``, ``"Turn"``, ``"River"``."""
        return self.name.capitalize()


class Pot(NamedTuple):
    """A pot: its chips and the seats that may win it (ITA-40, CAS-20)."""

    amount: int
    eligible: tuple[int, ...]


class HandStarted(NamedTuple):
    rules: Rules
    seats: tuple[SeatSetup, ...]
    button: int
    forced: tuple[ForcedBet, ...]
    deck: tuple[Card, ...]
    hand_id: str = ""


class Posted(NamedTuple):
    seat: int
    kind: ForcedKind
    amount: int
    all_in: bool = False


class HoleDealt(NamedTuple):
    seat: int
    cards: tuple[Card, ...] | None
    """The two cards; None in the events of a view that may not see them."""


class Acted(NamedTuple):
    seat: int
    kind: ActionKind
    put: int = 0
    to: int = 0
    all_in: bool = False
    reason: str = ""
    """Why the engine acted for the player: "timeout", "absent"; empty for his own action."""


class BetReturned(NamedTuple):
    seat: int
    amount: int


class BetsGathered(NamedTuple):
    street: Street
    pots: tuple[Pot, ...]


class BoardDealt(NamedTuple):
    street: Street
    cards: tuple[Card, ...]


class Shown(NamedTuple):
    seat: int
    cards: tuple[Card, ...]
    auto: bool = False
    """Tabled by the rules (all-in, POK-9-5), not by the player's choice."""


class Mucked(NamedTuple):
    seat: int


class Revealed(NamedTuple):
    seat: int
    cards: tuple[Card, ...] | None
    """The hand asked for; None in the events of a view other than the asker's."""
    asker: int


class Raked(NamedTuple):
    pot: int
    amount: int


class Awarded(NamedTuple):
    pot: int
    amount: int
    shares: tuple[tuple[int, int], ...]
    """(seat, chips) for each winner, odd chips included."""
    hand: str = ""
    """The winning hand's description; empty when the pot was not contested."""


class Voided(NamedTuple):
    stacks: tuple[tuple[int, int], ...]
    reason: str = ""


class HandEnded(NamedTuple):
    stacks: tuple[tuple[int, int], ...]
    rake: int = 0


Event = (
    HandStarted
    | Posted
    | HoleDealt
    | Acted
    | BetReturned
    | BetsGathered
    | BoardDealt
    | Shown
    | Mucked
    | Revealed
    | Raked
    | Awarded
    | Voided
    | HandEnded
)

_TYPES: dict[str, type[Any]] = {
    "started": HandStarted,
    "posted": Posted,
    "dealt": HoleDealt,
    "acted": Acted,
    "returned": BetReturned,
    "gathered": BetsGathered,
    "board": BoardDealt,
    "shown": Shown,
    "mucked": Mucked,
    "revealed": Revealed,
    "raked": Raked,
    "awarded": Awarded,
    "voided": Voided,
    "ended": HandEnded,
}
_NAMES: dict[type[Any], str] = {cls: name for name, cls in _TYPES.items()}


def _cards_out(cards: tuple[Card, ...] | None) -> str | None:
    return None if cards is None else "".join(str(c) for c in cards)


def _cards_in(text: str | None) -> tuple[Card, ...] | None:
    if text is None:
        return None
    return tuple(Card(text[i : i + 2]) for i in range(0, len(text), 2))


def event_to_dict(event: Event) -> dict[str, Any]:
    """A JSON-ready dictionary with a ``"type"`` key (``"posted"``, ``"acted"`` ...)."""
    name = _NAMES[type(event)]
    data: dict[str, Any] = {"type": name}
    for key, value in event._asdict().items():
        if key in ("cards", "deck"):
            data[key] = _cards_out(value)
        elif key == "rules":
            data[key] = value.to_dict()
        elif key == "seats":
            data[key] = [list(s) for s in value]
        elif key == "forced":
            data[key] = [[f.seat, f.kind.value, f.amount] for f in value]
        elif key == "pots":
            data[key] = [{"amount": p.amount, "eligible": list(p.eligible)} for p in value]
        elif key in ("shares", "stacks"):
            data[key] = [list(pair) for pair in value]
        elif isinstance(value, IntEnum):
            data[key] = int(value)
        elif hasattr(value, "value"):
            data[key] = value.value
        else:
            data[key] = value
    return data


_WHOLE: dict[str, int] = {
    "seat": MAX_SEAT,
    "asker": MAX_SEAT,
    "button": MAX_SEAT,
    "amount": MAX_CHIPS,
    "put": MAX_CHIPS,
    "to": MAX_CHIPS,
    "rake": MAX_CHIPS,
    "pot": MAX_SEAT,
}
"""The whole-number fields of events, with their largest value."""
_FLAGS = frozenset(("all_in", "auto"))
_TEXTS = frozenset(("reason", "hand", "hand_id"))


def _whole(value: object, key: str, high: int = MAX_CHIPS) -> int:
    if type(value) is not int or not 0 <= value <= high:
        raise ValueError(f"{key} must be a whole number from 0 to {high:,}, not {quote(value)}")
    return value


def _checked(key: str, value: Any) -> None:
    """Refuse a field of the wrong type: an event is never rebuilt from a misread value."""
    if key in _WHOLE:
        _whole(value, key, _WHOLE[key])
    elif key in _FLAGS:
        if value is not True and value is not False:
            raise ValueError(f"{key} must be true or false, not {quote(value)}")
    elif key in _TEXTS:
        if not isinstance(value, str):
            raise ValueError(f"{key} must be text, not {quote(value)}")
    elif key in ("shares", "stacks"):
        for seat, chips in value:
            _whole(seat, "a seat", MAX_SEAT)
            _whole(chips, "an amount")
    elif key == "pots":
        for pot in value:
            _whole(pot.amount, "a pot")
            for seat in pot.eligible:
                _whole(seat, "a seat", MAX_SEAT)


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from :func:`event_to_dict`'s output.

    Anything else raises :class:`~croupier.errors.HandHistoryError`: an unknown type or
    key, a missing field, a field of the wrong type (a seat that is not a whole number,
    ``"yes"`` for a flag). A ``HandStarted`` is checked further when it is replayed.
    """
    try:
        cls = _TYPES[data["type"]]
        unknown = sorted(set(data) - {"type", *cls._fields}, key=str)
        if unknown:
            raise ValueError(f"unknown keys {unknown}; a {data['type']} event has {cls._fields}")
        fields: dict[str, Any] = {}
        for key in cls._fields:
            if key not in data:
                continue
            value = data[key]
            if key in ("cards", "deck"):
                value = _cards_in(value)
            elif key == "rules":
                value = Rules.from_dict(value)
            elif key == "seats":
                value = tuple(SeatSetup(*s) for s in value)
            elif key == "forced":
                value = tuple(ForcedBet(s, ForcedKind(k), a) for s, k, a in value)
            elif key == "pots":
                value = tuple(Pot(p["amount"], tuple(p["eligible"])) for p in value)
            elif key in ("shares", "stacks"):
                value = tuple(tuple(pair) for pair in value)
            elif key == "street":
                value = Street(_whole(value, key, Street.RIVER))
            elif key == "kind":
                value = ForcedKind(value) if cls is Posted else ActionKind(value)
            _checked(key, value)
            fields[key] = value
        event: Event = cls(**fields)
        return event
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise HandHistoryError(f"not an event: {quote(data)} ({exc})") from exc
