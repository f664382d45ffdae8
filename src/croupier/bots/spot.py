"""What a bot reads off its view before deciding: the pot, the price, who is in, who did what.

Everything here comes from one seat's :class:`~croupier.engine.HandView`: public
bets and pots, the redacted events, and the viewer's own cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from croupier.bots.base import cards_of, hand_rules
from croupier.bots.chart import Line
from croupier.cards import Card
from croupier.engine import (
    Acted,
    ActionKind,
    BoardDealt,
    ForcedKind,
    HandView,
    LegalActions,
    Posted,
    SeatView,
    Street,
)
from croupier.rules import Rules

__all__ = ["Spot", "read_spot"]

_AGGRESSIVE = (ActionKind.BET, ActionKind.RAISE)


@dataclass(frozen=True, slots=True)
class Spot:
    """One decision as the bot sees it."""

    rules: Rules
    seat: int
    cards: tuple[Card, Card]
    board: tuple[Card, ...]
    street: Street
    legal: LegalActions
    pot: int
    """Every chip in the middle: gathered pots and the bets of this round."""
    blind: int
    """The largest live blind posted (the big blind, or the option when posted)."""
    opponents: tuple[SeatView, ...]
    """The other players still in the hand (all-in ones included)."""
    behind: int
    """Opponents with chips who act after the bot in this round's order."""
    raises: int
    """Bets and raises made in this round (the blinds not counted)."""
    callers: int
    """Players who called in this round without raising."""
    last_raiser: int | None
    lines: dict[int, Line] = field(default_factory=dict)
    """Each opponent's preflop line."""
    postflop: dict[int, tuple[ActionKind, ...]] = field(default_factory=dict)
    """Each opponent's strongest action on each street after the flop so far."""

    @property
    def owed(self) -> int:
        """Chips the bot must put in to call (0 when checking is free)."""
        return self.legal.call or 0

    @property
    def total(self) -> int:
        """The bot's stack plus its bet in this round."""
        return self.legal.stack + self.legal.bet

    @property
    def effective(self) -> int:
        """The chips really at stake: the bot's total or the largest opponent's, if smaller."""
        biggest = max((s.stack + s.bet for s in self.opponents), default=0)
        return min(self.total, biggest)

    @property
    def price(self) -> float:
        """Pot odds: the share of the final pot the bot puts in by calling."""
        return self.owed / (self.pot + self.owed) if self.owed else 0.0


def _order_after(seats: list[int], after: int) -> list[int]:
    """``seats`` clockwise, starting with the first one after seat number ``after``."""
    ordered = sorted(seats)
    later = [s for s in ordered if s > after]
    return later + [s for s in ordered if s <= after]


def _strongest(kinds: list[ActionKind]) -> ActionKind:
    for kind in (ActionKind.RAISE, ActionKind.BET, ActionKind.CALL):
        if kind in kinds:
            return kind
    return ActionKind.CHECK


def read_spot(view: HandView) -> Spot:
    """Read the decision of ``view``'s seat (its turn) from the view alone."""
    legal = view.legal
    if legal is None or view.viewer is None:
        raise ValueError(f"it is not seat {view.viewer}'s turn")
    rules = hand_rules(view)
    me = view.viewer
    blind_seat, blind = None, 0
    street = Street.PREFLOP
    raises = callers = 0
    last_raiser: int | None = None
    lines: dict[int, Line] = {}
    actions: dict[int, dict[Street, list[ActionKind]]] = {}
    for event in view.events:
        if isinstance(event, Posted):
            if event.kind in (ForcedKind.BIG_BLIND, ForcedKind.STRADDLE) and event.amount >= blind:
                blind_seat, blind = event.seat, event.amount
        elif isinstance(event, BoardDealt):
            street = event.street
            raises = callers = 0
            last_raiser = None
        elif isinstance(event, Acted):
            kind = event.kind
            if street is Street.PREFLOP and event.seat != me:
                lines[event.seat] = max(lines.get(event.seat, Line.ANY), _line(kind, raises))
            actions.setdefault(event.seat, {}).setdefault(street, []).append(kind)
            if kind in _AGGRESSIVE:
                raises += 1
                last_raiser = event.seat
            elif kind is ActionKind.CALL:
                callers += 1
    opponents = tuple(s for s in view.seats if s.seat != me and not s.folded)
    live = [s.seat for s in view.seats if not s.folded]
    if view.street is Street.PREFLOP and blind_seat is not None:
        order = _order_after([s.seat for s in view.seats], blind_seat)
    else:
        order = _order_after([s.seat for s in view.seats], view.button)
    after_me = order[order.index(me) + 1 :] if me in order else []
    able = {s.seat for s in opponents if not s.all_in}
    behind = sum(1 for s in after_me if s in able and s in live)
    postflop = {
        seat: tuple(_strongest(kinds) for st, kinds in sorted(by_street.items()) if st > 0)
        for seat, by_street in actions.items()
        if seat != me
    }
    return Spot(
        rules=rules,
        seat=me,
        cards=cards_of(view),
        board=view.board,
        street=view.street,
        legal=legal,
        pot=sum(p.amount for p in view.pots) + sum(s.bet for s in view.seats),
        blind=blind or rules.stakes.big_blind,
        opponents=opponents,
        behind=behind,
        raises=raises,
        callers=callers,
        last_raiser=last_raiser,
        lines=lines,
        postflop=postflop,
    )


def _line(kind: ActionKind, raises_before: int) -> Line:
    """The preflop line an action shows, given the raises made before it."""
    if kind in _AGGRESSIVE:
        return (Line.RAISE, Line.THREE_BET)[raises_before] if raises_before < 2 else Line.FOUR_BET
    if kind is ActionKind.CALL:
        return (Line.LIMP, Line.CALL)[raises_before] if raises_before < 2 else Line.CALL_3BET
    return Line.ANY
