"""The deck a PHH hand is replayed from: the file's cards where the engine deals them.

Private to :mod:`croupier.history`. The engine deals from the deck it is given, in
order. Where each hole card goes is learnt from the engine itself (a hand dealt
from a new deck says which place each seat's cards came from), so the dealing
order of any rules (left of the button, from the small blind) is followed; the
board follows the hole cards, with a burn before each street when the rules burn.
Places the file leaves empty (unknown cards, burns, cards never dealt) get the
unused cards in the order of a new deck, so the same file always gives the same deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from croupier.cards import FULL_DECK, Card, Deck
from croupier.engine import Hand, HoleDealt
from croupier.errors import HandHistoryError
from croupier.history._phh_actions import DealBoard, DealHole, MaybeCard, ShowOrMuck
from croupier.history._phh_hand import PHHHand
from croupier.history._phh_setup import Setup

__all__ = ["HOLE_CARDS", "FileCards"]

HOLE_CARDS: Final = 2
_BOARD_CARDS: Final = 5


class FileCards:
    """The cards a PHH hand names, by player and on the board."""

    def __init__(self, hand: PHHHand) -> None:
        n = hand.player_count
        self.hole: list[list[MaybeCard]] = [[] for _ in range(n)]
        self.board: list[MaybeCard] = []
        self.unknown_hole: set[int] = set()
        """Players whose hole cards the file leaves (partly) unknown, even once shown."""
        shown: list[tuple[Card | None, ...]] = [() for _ in range(n)]
        for index, action in enumerate(hand.actions):
            if isinstance(action, DealHole):
                self.hole[action.player_index].extend(action.cards)
                if len(self.hole[action.player_index]) > HOLE_CARDS:
                    raise _error(hand, index, "a hold'em player receives two hole cards")
            elif isinstance(action, DealBoard):
                self.board.extend(action.cards)
                if len(self.board) > _BOARD_CARDS:
                    raise _error(hand, index, "a hold'em board has five cards")
            elif isinstance(action, ShowOrMuck) and action.cards:
                shown[action.player_index] = action.cards
        for i in range(n):
            cards = self.hole[i]
            cards.extend([None] * (HOLE_CARDS - len(cards)))
            known = {c for c in cards if c is not None}
            extra = [c for c in shown[i] if c is not None and c not in known]
            for k, card in enumerate(cards):
                if card is None and extra:
                    cards[k] = extra.pop(0)
            if None in cards:
                self.unknown_hole.add(i)

    @property
    def board_named(self) -> int:
        """How many board cards the file deals (known or ``??``)."""
        return len(self.board)

    def deck(self, setup: Setup) -> Deck:
        """A deck from which the engine, started from ``setup``, deals these cards."""
        n = len(setup.seats)
        if 2 * n + 8 > len(FULL_DECK):
            raise HandHistoryError(
                f"{n} players: a 52-card deck deals hold'em to at most 22 players"
            )
        slots: list[MaybeCard] = [None] * len(FULL_DECK)
        for player, places in enumerate(_hole_places(setup)):
            for place, card in zip(places, self.hole[player], strict=True):
                slots[place] = card
        burn = 1 if setup.rules.burn_cards else 0
        flop = 2 * n + burn
        turn = flop + 3 + burn
        river = turn + 1 + burn
        for place, card in zip((flop, flop + 1, flop + 2, turn, river), self.board, strict=False):
            slots[place] = card
        where: dict[Card, str] = {}
        names = {
            place: f"p{player + 1}"
            for player, places in enumerate(_hole_places(setup))
            for place in places
        }
        for place, card in enumerate(slots):
            if card is None:
                continue
            name = names.get(place, "the board")
            if card in where:
                raise HandHistoryError(f"the card {card} is dealt twice ({where[card]} and {name})")
            where[card] = name
        unused = iter(c for c in FULL_DECK if c not in where)
        return Deck(card if card is not None else next(unused) for card in slots)


def _hole_places(setup: Setup) -> list[tuple[int, ...]]:
    """For each player, the places in the deck his hole cards are dealt from."""
    probe = Hand(
        rules=setup.rules,
        seats=setup.seats,
        button=setup.button,
        deck=Deck(FULL_DECK),
        forced_bets=setup.forced,
    )
    place = {card: k for k, card in enumerate(FULL_DECK)}
    dealt: dict[int, tuple[int, ...]] = {}
    for event in probe.events:
        if isinstance(event, HoleDealt) and event.cards is not None:
            dealt[event.seat] = tuple(place[c] for c in event.cards)
    return [dealt[s.seat] for s in setup.seats]


def _error(hand: PHHHand, index: int, reason: str) -> HandHistoryError:
    action = hand.actions[index].to_phh(hand.scale)
    return HandHistoryError(f"action {index} {action!r}: {reason}")


def cards_text(cards: Sequence[MaybeCard]) -> str:
    """Cards as PHH writes them, unknown ones as ``??``."""
    return "".join("??" if c is None else str(c) for c in cards)
