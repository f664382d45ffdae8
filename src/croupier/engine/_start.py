"""The checks a hand's start passes: the same for a new hand and for a replayed one.

:func:`hand_start` turns what ``Hand(...)`` is given (or what a ``HandStarted`` event
holds) into the checked ``HandStarted`` the hand begins from, or raises a croupier error
that quotes the bad input and says what is accepted. Well-formed text is read as the
enum member it names (``"ante"`` as ``ForcedKind.ANTE``), a tuple as the record it
spells (``(0, "ann", 1_000)`` as a ``SeatSetup``); nothing else is converted.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Final, cast

from croupier._checks import MAX_CHIPS, choice, flag, quote, text, whole
from croupier.cards import FULL_DECK, Card, Deck
from croupier.engine.events import HandStarted
from croupier.engine.setup import MAX_SEAT, ForcedBet, ForcedKind, SeatSetup, forced_bets_of
from croupier.errors import ConfigurationError, DeckError
from croupier.rules.model import Rules

__all__ = ["MAX_PLAYERS", "MAX_SEAT", "check_rules", "hand_start"]

MAX_PLAYERS: Final = 22
"""A 52-card deck deals at most 22 players (44 hole cards, 5 board cards and 3 burns)."""

_FULL_SET: Final = frozenset(FULL_DECK)
_CARD_TYPE: Final = {Card}
_SINGLE_BLINDS: Final = frozenset(
    (ForcedKind.SMALL_BLIND, ForcedKind.BIG_BLIND, ForcedKind.STRADDLE)
)
_SEAT_HELP: Final = "give SeatSetup(seat, player, stack) or (seat, player, stack[, absent])"


def check_rules(rules: object) -> Rules:
    """``rules`` if it is a :class:`~croupier.rules.Rules` value."""
    if not isinstance(rules, Rules):
        raise ConfigurationError(
            f"rules must be a Rules value, such as croupier.rules.preset('tda', 50, 100),"
            f" not {quote(rules)}"
        )
    return rules


def hand_start(
    *,
    rules: object,
    seats: object,
    button: object,
    deck: object,
    forced_bets: object = None,
    straddle: object = False,
    hand_id: object = "",
) -> HandStarted:
    """The checked start of a hand; see the module. Forced bets default to the standard ones."""
    checked_rules = rules if type(rules) is Rules else check_rules(rules)
    players = _players(seats)
    if type(button) is not int or not 0 <= button <= MAX_SEAT:
        button = whole(button, "the button", high=MAX_SEAT)
    cards = _deck(deck)
    numbers = [p.seat for p in players]
    if forced_bets is None:
        if straddle is not False:
            straddle = flag(straddle, "straddle")
        forced = forced_bets_of(checked_rules, numbers, button, straddle=straddle is True)
    else:
        if straddle is not False:
            raise ConfigurationError(
                f"straddle={quote(straddle)} with forced_bets: the forced bets given say"
                " who posts the option"
            )
        forced = _forced(forced_bets, set(numbers))
    if type(hand_id) is not str:
        hand_id = text(hand_id, "hand_id")
    return HandStarted(checked_rules, players, button, forced, cards, hand_id)


def _players(seats: object) -> tuple[SeatSetup, ...]:
    items = seats if type(seats) is list or type(seats) is tuple else _many(seats)
    if items is None:
        raise ConfigurationError(
            f"seats must be a list of players, not {quote(seats)}: {_SEAT_HELP}"
        )
    players = []
    for s in items:
        if type(s) is SeatSetup:  # the fast path: a well-formed SeatSetup
            # its fields read as what they are, not as what they are declared (compiled, a
            # declared int is checked as one on reading: a float would raise TypeError)
            seat, player, stack, absent = cast("tuple[object, object, object, object]", s)
            if (
                type(seat) is int
                and 0 <= seat <= MAX_SEAT
                and type(stack) is int
                and 0 < stack <= MAX_CHIPS
                and type(player) is str
                and player
                and (absent is False or absent is True)
            ):
                players.append(s)
                continue
        players.append(_seat(s))
    players.sort(key=_seat_number)
    if not 2 <= len(players) <= MAX_PLAYERS:
        raise ConfigurationError(f"a hand needs 2 to {MAX_PLAYERS} players, not {len(players)}")
    if all(p.absent for p in players):
        raise ConfigurationError("every player is absent: at least one must be present to play")
    if len({p.seat for p in players}) != len(players):
        for before, after in pairwise(players):
            if before.seat == after.seat:
                raise ConfigurationError(f"seat {after.seat} is given twice")
    return tuple(players)


def _many(value: object) -> Iterable[object] | None:
    """``value`` if it is a collection of items (a list, a tuple, a generator), not text."""
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        return None
    return value


def _seat_number(setup: SeatSetup) -> int:
    return setup.seat


def _seat(given: object) -> SeatSetup:
    """One player dealt in, checked and rebuilt as a ``SeatSetup``."""
    if (
        isinstance(given, str | bytes)
        or not isinstance(given, Sequence)
        or not 3 <= len(given) <= 4
    ):
        raise ConfigurationError(f"{quote(given)} is not a player: {_SEAT_HELP}")
    seat = whole(given[0], "a seat number", high=MAX_SEAT)
    player = text(given[1], f"the player of seat {seat}", empty=False)
    stack = given[2]
    if isinstance(stack, bool) or not isinstance(stack, int) or stack <= 0:
        raise ConfigurationError(
            f"seat {seat} ({quote(player)}) has a stack of {quote(stack)}: only players with"
            " chips (a whole number >= 1) are dealt in"
        )
    stack = whole(stack, f"the stack of seat {seat}", low=1)
    absent = flag(given[3], f"absent (seat {seat})") if len(given) == 4 else False
    return SeatSetup(seat, player, stack, absent)


def _deck(deck: object) -> tuple[Card, ...]:
    """The 52 cards in order; a deck that fails its check is never dealt (CAS-1, ITA-45)."""
    if type(deck) is Deck:
        cards = deck.cards
    else:
        items = deck if type(deck) is list or type(deck) is tuple else _many(deck)
        if items is None:
            raise DeckError(f"the deck must be a Deck or a sequence of 52 cards, not {quote(deck)}")
        given = tuple(items)
        if set(map(type, given)) == _CARD_TYPE:
            cards = cast("tuple[Card, ...]", given)
        else:  # text ("As") is read as the card; anything else is refused
            cards = tuple(c if type(c) is Card else Card(c) for c in given)
    if len(cards) != 52 or _FULL_SET.difference(cards):
        Deck(cards).check()
    return cards


def _forced(given: object, seats: set[int]) -> tuple[ForcedBet, ...]:
    items = _many(given)
    if items is None:
        raise ConfigurationError(
            f"forced_bets must be a list of ForcedBet(seat, kind, amount), not {quote(given)}"
        )
    forced = tuple(_forced_bet(f, seats) for f in items)
    single: set[ForcedKind] = set()
    for f in forced:
        if f.kind in _SINGLE_BLINDS:
            if f.kind in single:
                raise ConfigurationError(f"there can be only one {f.kind.value} in a hand")
            single.add(f.kind)
    return forced


def _forced_bet(given: object, seats: set[int]) -> ForcedBet:
    if type(given) is ForcedBet:  # its fields read as what they are (see _players)
        seat, kind, amount = cast("tuple[object, object, object]", given)
        if (
            type(seat) is int
            and seat in seats
            and type(kind) is ForcedKind
            and type(amount) is int
            and 0 <= amount <= MAX_CHIPS
        ):
            return given
    if isinstance(given, str | bytes) or not isinstance(given, Sequence) or len(given) != 3:
        raise ConfigurationError(
            f"{quote(given)} is not a forced bet: give ForcedBet(seat, kind, amount)"
        )
    seat = whole(given[0], "the seat of a forced bet", high=MAX_SEAT)
    if seat not in seats:
        raise ConfigurationError(f"a forced bet names seat {seat}, which is not in the hand")
    kind = choice(ForcedKind, given[1], "the kind of a forced bet")
    amount = whole(given[2], f"the {kind.value} of seat {seat}")
    return ForcedBet(seat, kind, amount)
