"""What one seat, or a spectator, may see of a hand (POK-12-3, POK-4-2).

A view is built from the hand and the viewer; the hand itself is never handed out.
Other players' hole cards appear only once shown; folded hands never, mucked hands only
when a player asked to see them (RRP-5: to the table, or to him alone under PKG-14);
undealt cards (the rest of the deck, the burn cards) never leave the engine. The
events of a view are the hand's events with everything secret removed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from croupier._checks import quote
from croupier.cards import Card
from croupier.engine.events import Event, HandStarted, HoleDealt, Pot, Revealed, Shown, Street
from croupier.engine.legal import LegalActions
from croupier.errors import IllegalActionError
from croupier.rules.model import RequestedHand, Rules

if TYPE_CHECKING:
    from croupier.engine.hand import Hand, Phase

__all__ = ["HandView", "SeatView", "view_of"]


class SeatView(NamedTuple):
    """One seat as the viewer sees it. ``cards`` is None unless the viewer may see them."""

    seat: int
    player: str
    stack: int
    bet: int
    folded: bool
    all_in: bool
    cards: tuple[Card, ...] | None
    shown: bool
    mucked: bool


class HandView(NamedTuple):
    """The hand as one seat (or a spectator, ``viewer=None``) may see it."""

    viewer: int | None
    rules_name: str
    button: int
    street: Street
    phase: Phase
    board: tuple[Card, ...]
    pots: tuple[Pot, ...]
    seats: tuple[SeatView, ...]
    to_act: int | None
    legal: LegalActions | None
    """The viewer's legal actions when it is his turn, else None."""
    events: tuple[Event, ...]
    rules: Rules
    """The rules of the hand (public: every player may know them, CAS-28)."""

    def visible_cards(self) -> set[Card]:
        """Every card this view shows, wherever it appears (for privacy checks)."""
        cards: set[Card] = set(self.board)
        for seat in self.seats:
            if seat.cards:
                cards.update(seat.cards)
        for event in self.events:
            for name in ("cards", "deck"):
                value = getattr(event, name, None)
                if value:
                    cards.update(value)
        return cards


def _redact(event: Event, viewer: int | None, table_sees: bool) -> Event:
    if isinstance(event, HandStarted):
        return event._replace(deck=())
    if isinstance(event, HoleDealt) and event.seat != viewer:
        return event._replace(cards=None)
    if isinstance(event, Revealed) and event.asker != viewer and not table_sees:
        return event._replace(cards=None)  # shown to the player who asked, to him alone
    return event


def view_of(hand: Hand, viewer: int | None) -> HandView:
    """The view of ``hand`` for seat ``viewer``, or for a spectator when it is None."""
    if viewer is not None and type(viewer) is not int:  # True would be seat 1's view
        raise IllegalActionError(
            f"{quote(viewer)} is not a seat: a viewer is a seat number or None"
        )
    shown = {e.seat for e in hand.events if isinstance(e, Shown)}
    table_sees = hand.rules.requested_hand is RequestedHand.TABLE  # RRP-6: show one, show all
    if table_sees:
        shown.update(e.seat for e in hand.events if isinstance(e, Revealed))
    asked = set(hand.revealed_to(viewer)) if viewer is not None else set()
    seats = []
    for setup in hand.seats:
        s = setup.seat
        visible = s == viewer or s in shown or s in asked
        seats.append(
            SeatView(
                seat=s,
                player=setup.player,
                stack=hand.stacks[s],
                bet=hand.bets[s],
                folded=hand.is_folded(s),
                all_in=hand.is_all_in(s),
                cards=hand.hole_cards(s) if visible else None,
                shown=s in shown,
                mucked=hand.has_mucked(s),
            )
        )
    legal = hand.legal_actions() if viewer is not None and hand.to_act == viewer else None
    return HandView(
        viewer=viewer,
        rules_name=hand.rules.name,
        button=hand.button,
        street=hand.street,
        phase=hand.phase,
        board=hand.board,
        pots=hand.pots,
        seats=tuple(seats),
        to_act=hand.to_act,
        legal=legal,
        events=tuple(_redact(e, viewer, table_sees) for e in hand.events),
        rules=hand.rules,
    )
