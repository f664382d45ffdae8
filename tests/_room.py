"""Helpers for cash-room tests: a seated room, rigged hands through the room, snapshots."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from _hands import rigged_deck
from croupier.engine import Action, Hand
from croupier.room.cash import AbsencePolicy, Room
from croupier.rules import Rules


def seated_room(
    rules: Rules,
    players: Mapping[str, int],
    *,
    seed: int = 1,
    deposit: int = 1_000_000,
    absence: AbsencePolicy | None = None,
    clock: Any = None,
    **session: Any,
) -> Room:
    """A room with table ``t1`` open under ``rules`` and ``players`` (name -> buy-in) seated."""
    room = Room(rng=random.Random(seed), absence=absence, clock=clock)
    room.open_table("t1", rules, **session)
    for name, buy_in in players.items():
        room.deposit(name, deposit)
        room.join(name, "t1", buy_in)
    return room


def deal(
    room: Room, holes: Mapping[str, str] | None = None, board: str = "", table: str = "t1"
) -> Hand:
    """Start the next hand at ``table`` with ``holes`` (player -> "AsKd") and ``board``."""
    plan = room.plan(table)
    seat = {s.player: s.seat for s in plan.seats}
    deck = rigged_deck(
        room.session(table).rules,
        list(plan.seats),
        plan.positions.button,
        {seat[p]: cards for p, cards in (holes or {}).items()},
        board,
        plan.forced,
    )
    return room.start_hand(table, deck=deck)


def player_to_act(hand: Hand) -> str:
    """The name of the player whose turn it is."""
    return next(s.player for s in hand.seats if s.seat == hand.to_act)


def raise_then_check_down(hand: Hand, to: int | None = None) -> None:
    """The first to act raises to ``to`` (or calls when None), everyone calls, then all
    check down and every hand is shown."""
    first = True
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        elif first and to is not None:
            hand.act(seat, Action.raise_to(to))
        elif legal.check:
            hand.act(seat, Action.check())
        else:
            hand.act(seat, Action.call())
        first = False


def snapshot(room: Room) -> tuple[object, ...]:
    """Everything a refused operation must leave as it was."""
    return (
        room.ledger.totals(),
        len(room.ledger),
        {t: room.table(t).seats for t in room.tables},
        list(room.waiting),
        {t: room.info(t) for t in room.tables},
        list(room.absences),
        room.stats.to_dict(),
    )
