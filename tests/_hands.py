"""Helpers for tests that play hands: rigged decks, short action scripts, chip checks.

hand = make_hand(tda(50, 100), {1: 1_000, 2: 1_000, 3: 1_000}, button=1,
                 holes={2: "AsAh", 3: "KdKc"}, board="2c7d9hTsJs")
play(hand, "1: raise 300, 2: call, 3: fold")
assert_conserved(hand)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from croupier.cards import FULL_DECK, Card, Deck, parse_cards
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    ForcedBet,
    Hand,
    HandStarted,
    HoleDealt,
    Mucked,
    SeatSetup,
    Shown,
)
from croupier.rules import Rules

__all__ = [
    "assert_conserved",
    "deal_order",
    "make_hand",
    "play",
    "play_again",
    "rigged_deck",
    "run_out",
]


def _setups(stacks: Mapping[int, int] | Sequence[int], absent: Iterable[int]) -> list[SeatSetup]:
    items = stacks.items() if isinstance(stacks, Mapping) else enumerate(stacks)
    away = set(absent)
    return [SeatSetup(seat, f"p{seat}", stack, seat in away) for seat, stack in items]


def deal_order(
    rules: Rules,
    seats: list[SeatSetup],
    button: int,
    forced: Sequence[ForcedBet] | None = None,
    straddle: bool = False,
) -> list[int]:
    """The seats in the order the engine deals their first hole card."""
    probe = Hand(
        rules=rules, seats=seats, button=button, deck=Deck(), forced_bets=forced, straddle=straddle
    )
    return [e.seat for e in probe.events if isinstance(e, HoleDealt)]


def rigged_deck(
    rules: Rules,
    seats: list[SeatSetup],
    button: int,
    holes: Mapping[int, str] | None = None,
    board: str = "",
    forced: Sequence[ForcedBet] | None = None,
    straddle: bool = False,
) -> Deck:
    """A full deck that deals ``holes`` (seat -> "AsKd") and ``board`` (up to 5 cards)."""
    order = deal_order(rules, seats, button, forced, straddle)
    n = len(order)
    wanted: dict[int, Card] = {}
    for seat, text in (holes or {}).items():
        first, second = parse_cards(text)
        k = order.index(seat)
        wanted[k], wanted[k + n] = first, second
    pos = 2 * n
    board_cards = parse_cards(board)
    for street, count in ((0, 3), (3, 1), (4, 1)):
        if rules.burn_cards:
            pos += 1
        for j in range(count):
            if street + j < len(board_cards):
                wanted[pos + j] = board_cards[street + j]
        pos += count
    rest = iter(c for c in FULL_DECK if c not in set(wanted.values()))
    return Deck(wanted[k] if k in wanted else next(rest) for k in range(52))


def make_hand(
    rules: Rules,
    stacks: Mapping[int, int] | Sequence[int],
    *,
    button: int = 0,
    holes: Mapping[int, str] | None = None,
    board: str = "",
    forced: Sequence[ForcedBet] | None = None,
    absent: Iterable[int] = (),
    straddle: bool = False,
) -> Hand:
    """A hand at ``stacks`` (seat -> chips, or a list for seats 0..n-1) with rigged cards."""
    seats = _setups(stacks, absent)
    deck = rigged_deck(rules, seats, button, holes, board, forced, straddle)
    return Hand(
        rules=rules, seats=seats, button=button, deck=deck, forced_bets=forced, straddle=straddle
    )


_VERBS = {
    "fold": Action.fold,
    "check": Action.check,
    "call": Action.call,
    "allin": Action.all_in,
    "all-in": Action.all_in,
    "timeout": Action.timeout,
    "show": Action.show,
    "muck": Action.muck,
}


def play(hand: Hand, script: str) -> None:
    """Play ``"1: raise 300, 2: call, 3: fold"`` (verbs: fold, check, call, bet N, raise N,
    put N, all-in, timeout, show, muck), checking each seat is the one to act."""
    for step in filter(None, (s.strip() for s in script.split(","))):
        seat_text, _, order = step.partition(":")
        seat = int(seat_text)
        words = order.split()
        verb = words[0]
        if verb in ("raise", "bet"):
            action = Action.raise_to(int(words[1]))
        elif verb == "put":
            action = Action.put(int(words[1]))
        else:
            action = _VERBS[verb]()
        assert hand.to_act == seat, f"{step!r}: it is seat {hand.to_act}'s turn"
        hand.act(seat, action)


def run_out(hand: Hand) -> None:
    """Finish the hand passively: check or call every bet, show every hand."""
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        if legal.show:
            hand.act(seat, Action.show())
        elif legal.check:
            hand.act(seat, Action.check())
        else:
            hand.act(seat, Action.call())


def assert_conserved(hand: Hand) -> None:
    """No chip created or lost: stacks + bets + pots + rake equal the starting stacks."""
    start = sum(hand.starting_stacks.values())
    assert hand.total_in_play == start, (hand.total_in_play, start)
    if hand.is_over:
        assert sum(hand.stacks.values()) + hand.rake == start


def play_again(hand: Hand, rules: Rules) -> Hand:
    """The same deal and decisions under other rules."""
    started = hand.events[0]
    assert isinstance(started, HandStarted)
    again = Hand(
        rules=rules,
        seats=started.seats,
        button=started.button,
        deck=started.deck,
        forced_bets=started.forced,
    )
    for e in hand.events:
        if isinstance(e, Acted) and e.reason == "":
            raising = e.kind in (ActionKind.BET, ActionKind.RAISE)
            again.act(e.seat, Action.raise_to(e.to) if raising else Action(e.kind))
        elif isinstance(e, Shown) and not e.auto:
            again.act(e.seat, Action.show())
        elif isinstance(e, Mucked):
            again.act(e.seat, Action.muck())
    assert again.is_over
    return again
