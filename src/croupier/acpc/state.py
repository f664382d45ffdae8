"""The ACPC dealer protocol's match states, written from croupier hands and read back into them.

``MATCHSTATE:position:hand:betting:cards`` (protocol version 2.0): ``betting`` is the
actions of each round, rounds separated by ``/`` — ``f`` fold, ``c`` check or call,
``r<N>`` a raise to ``N`` chips put in the whole hand (no-limit; ``r`` alone in limit);
``cards`` is each position's hole cards, separated by ``|`` (only the viewer's, and at
the showdown those of the hands still in), then ``/`` and each round's board cards.

"""

from __future__ import annotations

import re
from dataclasses import dataclass

from croupier.acpc.game import GameDef
from croupier.cards import FULL_DECK, Card
from croupier.engine import Acted, Action, ActionKind, BoardDealt, Hand, Posted, SeatSetup
from croupier.errors import IllegalActionError

__all__ = [
    "LIMIT_STACK",
    "MatchState",
    "acpc_action",
    "betting_of",
    "cards_of",
    "engine_action",
    "matchstate",
    "parse_matchstate",
    "rebuild",
]

LIMIT_STACK = 1_000_000
"""The stacks of a limit game (the ACPC's have none: no bet can reach this)."""

_RAISES = frozenset((ActionKind.BET, ActionKind.RAISE))
_STATE = re.compile(r"^MATCHSTATE:(\d+):(\d+):([^:]*):([^:]*)$")


def _stacks(game: GameDef) -> tuple[int, ...]:
    return (LIMIT_STACK,) * game.players if game.limit else game.stacks


def _committed(hand: Hand) -> dict[int, int]:
    """Chips each seat has put in the hand so far."""
    start = hand.starting_stacks
    return {s: start[s] - hand.stacks[s] for s in start}


def betting_of(hand: Hand, *, limit: bool) -> str:
    """The betting string of ``hand`` so far."""
    total: dict[int, int] = {}
    out: list[str] = []
    for event in hand.events:
        if isinstance(event, Posted):
            total[event.seat] = total.get(event.seat, 0) + event.amount
        elif isinstance(event, Acted):
            total[event.seat] = total.get(event.seat, 0) + event.put
            if event.kind is ActionKind.FOLD:
                out.append("f")
            elif event.kind in _RAISES:
                out.append("r" if limit else f"r{total[event.seat]}")
            else:  # check or call
                out.append("c")
        elif isinstance(event, BoardDealt):
            out.append("/")
    return "".join(out)


def cards_of(hand: Hand, viewer: int | None) -> str:
    """The cards string for ``viewer`` (None: every hole card, for the log)."""
    view = hand.view(viewer) if viewer is not None else None
    holes = []
    for setup in hand.seats:
        if view is None:
            cards = hand.hole_cards(setup.seat)
        else:
            cards = {s.seat: s.cards for s in view.seats}.get(setup.seat) or ()
        holes.append("".join(str(c) for c in cards))
    text = "|".join(holes)
    board = hand.board
    for start, end in ((0, 3), (3, 4), (4, 5)):
        if len(board) >= end:
            text += "/" + "".join(str(c) for c in board[start:end])
    return text


def matchstate(hand: Hand, position: int, number: int, *, limit: bool) -> str:
    """``MATCHSTATE:position:number:betting:cards`` for ``position``."""
    return (
        f"MATCHSTATE:{position}:{number}:{betting_of(hand, limit=limit)}:{cards_of(hand, position)}"
    )


@dataclass(frozen=True, slots=True)
class MatchState:
    """One match state read from the wire."""

    position: int
    hand: int
    betting: str
    cards: str

    @property
    def text(self) -> str:
        """The state as written."""
        return f"MATCHSTATE:{self.position}:{self.hand}:{self.betting}:{self.cards}"


def parse_matchstate(line: str) -> MatchState:
    """A ``MATCHSTATE`` line (without its action); IllegalActionError if it is not one."""
    found = _STATE.match(line.strip())
    if found is None:
        raise IllegalActionError(f"{line.strip()!r} is not MATCHSTATE:position:hand:betting:cards")
    return MatchState(int(found[1]), int(found[2]), found[3], found[4])


def _cards(text: str) -> list[Card]:
    return [Card(text[i : i + 2]) for i in range(0, len(text), 2)]


def engine_action(hand: Hand, token: str, *, limit: bool) -> Action:
    """The engine action of one ACPC action token for the seat to act."""
    legal = hand.legal_actions()
    if token == "f":
        if legal.check:  # the ACPC dealer's rule: no fold when checking is free
            raise IllegalActionError("f is not valid: nothing to call, check (c) instead")
        return Action.fold()
    if token == "c":
        return Action.check() if legal.check else Action.call()
    if token.startswith("r"):
        if limit:
            if token != "r":
                raise IllegalActionError(f"{token!r}: a limit raise is 'r', without a size")
            if legal.min_raise_to is None:
                raise IllegalActionError(f"r is not valid: {legal.describe()}")
            return Action.raise_to(legal.min_raise_to)
        if not token[1:].isdigit():
            raise IllegalActionError(f"{token!r}: a no-limit raise is r<chips in the hand>")
        seat = legal.seat
        before = _committed(hand)[seat] - hand.bets[seat]
        return Action.raise_to(int(token[1:]) - before)
    raise IllegalActionError(f"{token!r} is not an ACPC action: f, c or r")


def acpc_action(hand: Hand, action: Action, *, limit: bool) -> str:
    """The ACPC token of ``action`` for the seat to act (checked by the engine first)."""
    legal = hand.legal_actions()
    move = legal.resolve(action)
    if move.kind is ActionKind.FOLD:
        if legal.check:
            raise IllegalActionError("a fold when checking is free is no ACPC action: check")
        return "f"
    if move.kind in (ActionKind.CHECK, ActionKind.CALL):
        return "c"
    if limit:
        return "r"
    seat = legal.seat
    before = _committed(hand)[seat] - hand.bets[seat]
    return f"r{before + move.to}"


def _tokens(betting: str) -> list[str]:
    return re.findall(r"r\d*|[fc/]", betting)


def rebuild(game: GameDef, state: MatchState) -> Hand:
    """The hand of ``state`` rebuilt with croupier's engine, from the viewer's side.

    Unknown hole cards are filled with cards nobody saw, so the viewer's
    :meth:`~croupier.engine.Hand.view` is exactly what he may see.
    """
    n = game.players
    parts = state.cards.split("/")
    holes = parts[0].split("|")
    if len(holes) != n:
        raise IllegalActionError(f"{state.text!r}: {n} positions of hole cards expected")
    known: dict[int, list[Card]] = {i: _cards(h) for i, h in enumerate(holes) if h}
    board = [c for part in parts[1:] for c in _cards(part)]
    used = {c for cards in known.values() for c in cards} | set(board)
    spare = iter(c for c in FULL_DECK if c not in used)
    top: list[Card | None] = [None] * (2 * n + 5)
    start = (game.button + 1) % n
    for k in range(n):
        seat = (start + k) % n
        cards = known.get(seat) or [next(spare), next(spare)]
        top[k], top[k + n] = cards[0], cards[1]
    for i in range(5):
        top[2 * n + i] = board[i] if i < len(board) else next(spare)
    deck = [c for c in top if c is not None] + list(spare)
    stacks = _stacks(game)
    hand = Hand(
        rules=game.rules(),
        seats=[SeatSetup(s, f"p{s}", stacks[s]) for s in range(n)],
        button=game.button,
        deck=deck,
    )
    for token in _tokens(state.betting):
        if token == "/":
            continue
        turn = hand.to_act
        if turn is None or hand.is_over:
            raise IllegalActionError(f"{state.text!r}: {token} after the hand ended")
        hand.act(turn, engine_action(hand, token, limit=game.limit))
        while not hand.is_over and (hand.legal_actions().show or hand.legal_actions().muck):
            hand.act(hand.legal_actions().seat, Action.show())
    return hand
