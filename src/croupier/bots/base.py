"""What every computer player shares: it sees one seat's view and answers with an action.

A bot is given a :class:`~croupier.engine.HandView` of its own seat (never the
:class:`~croupier.engine.Hand`: it cannot see other players' cards or the deck) and
returns an :class:`~croupier.engine.Action` among the view's ``legal`` ones. Every
random choice comes from the bot's own ``random.Random``, so a bot built with the
same seed and shown the same views plays the same actions.

>>> import random
>>> from croupier.cards import Deck
>>> from croupier.engine import Hand, SeatSetup
>>> from croupier.rules import tda
>>> from croupier.bots.simple import CallingStation
>>> hand = Hand(rules=tda(50, 100), seats=[SeatSetup(1, "ann", 1_000),
...     SeatSetup(2, "bob", 1_000)], button=1, deck=Deck.shuffled(random.Random(1)))
>>> CallingStation(seed=1).act(hand.view(1))
Action.call()
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import ClassVar

from croupier.cards import Card
from croupier.engine import Action, HandView, LegalActions, SeatView
from croupier.evaluate import evaluate
from croupier.rules import Rules

__all__ = ["Bot", "can_win", "hand_rules", "own_seat", "showdown_choice"]


class Bot(ABC):
    """A computer player: ``act(view) -> Action``, deterministic for a given seed.

    ``rng`` (or ``seed``) drives every random choice; without either the bot is
    seeded from the system's entropy.
    """

    kind: ClassVar[str] = "bot"
    """The name the bot is registered under (``"random"``, ``"station"`` ...)."""

    def __init__(self, *, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def act(self, view: HandView) -> Action:
        """The action for the seat of ``view``, whose turn it must be."""
        if not isinstance(view, HandView):
            raise TypeError(f"a bot plays from its seat's HandView, not {type(view).__name__}")
        legal = view.legal
        if legal is None or view.viewer is None:
            raise ValueError(f"it is not seat {view.viewer}'s turn: the bot has nothing to do")
        if legal.show or legal.muck:
            return self.showdown(view, legal)
        return self.decide(view, legal)

    @abstractmethod
    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """A betting decision: fold, check, call, bet, raise or all-in."""

    def showdown(self, view: HandView, legal: LegalActions) -> Action:
        """Show when the hand can still win a pot (or must be shown), muck otherwise."""
        return showdown_choice(view, legal)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def hand_rules(view: HandView) -> Rules:
    """The rules of the hand (``view.rules``)."""
    return view.rules


def own_seat(view: HandView) -> SeatView:
    """The viewer's own seat in ``view``."""
    for seat in view.seats:
        if seat.seat == view.viewer:
            return seat
    raise ValueError(f"seat {view.viewer} is not in this hand")


def can_win(view: HandView) -> bool:
    """Whether the viewer's hand beats or ties every hand shown so far in some pot he may win.

    Before anyone has shown (or without a full board to compare on) it can always win.
    """
    me = own_seat(view)
    if me.cards is None or len(view.board) < 3:
        return True
    mine = evaluate((*me.cards, *view.board))
    shown: dict[int, int] = {}
    for seat in view.seats:
        if seat.seat != view.viewer and seat.shown and seat.cards and not seat.folded:
            shown[seat.seat] = evaluate((*seat.cards, *view.board))
    pots = [set(p.eligible) for p in view.pots if view.viewer in p.eligible]
    for eligible in pots or [set(shown)]:
        rivals = [v for s, v in shown.items() if s in eligible]
        if mine >= max(rivals, default=0):
            return True
    return False


def showdown_choice(view: HandView, legal: LegalActions) -> Action:
    """Show when the hand can win or may not be mucked; muck a beaten hand."""
    if not legal.muck or (legal.show and can_win(view)):
        return Action.show()
    return Action.muck()


def cards_of(view: HandView) -> tuple[Card, Card]:
    """The viewer's two hole cards."""
    cards = own_seat(view).cards
    if cards is None or len(cards) != 2:
        raise ValueError(f"seat {view.viewer} holds no cards in this view")
    return cards[0], cards[1]
