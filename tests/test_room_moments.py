"""The cash room at every moment (issue 9): leaves, rebuys, absences and the floor during a
hand and between its last action and its settlement; refused operations change nothing
and the ledger balances after each; bad input of the wrong type. Amounts are cents."""

from __future__ import annotations

import pytest

from _room import seated_room, snapshot
from croupier.engine import Action, Hand
from croupier.errors import ConfigurationError, CroupierError, IllegalActionError
from croupier.room.cash import AbsencePolicy, Account, EntryKind, Room
from croupier.rules import pokerkings
from croupier.table import Missed

FOUR = {"ann": 10_000, "bob": 10_000, "cy": 10_000, "dee": 10_000}


def pk() -> object:
    return pokerkings(200, 400, euro=100)


def refused(room: Room, operation: object, error: type[Exception] = CroupierError) -> str:
    """``operation()`` is refused, changes nothing, and the books still prove."""
    before = (snapshot(room), state(room))
    with pytest.raises(error) as info:
        operation()  # type: ignore[operator]
    assert (snapshot(room), state(room)) == before
    room.check()
    return str(info.value)


def state(room: Room) -> dict[str, object]:
    """The room's whole state, but the time it was taken."""
    return {k: v for k, v in room.snapshot().items() if k != "taken_at"}


def fold_around(hand: Hand) -> None:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.fold() if hand.legal_actions().fold else Action.check())


def call_down(hand: Hand) -> None:
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        else:
            hand.act(seat, Action.check() if legal.check else Action.call())


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def missing_a_blind(**absence: object) -> tuple[Room, str, Hand, Clock]:
    """Hand 1 played; the player due the big blind of hand 2 stepped away; hand 2 dealt."""
    clock = Clock()
    room = seated_room(pk(), FOUR, absence=AbsencePolicy(**absence), clock=clock)  # type: ignore[arg-type]
    fold_around(room.start_hand("t1"))
    room.finish_hand("t1")
    table = room.table("t1")
    away = table.seats[table.plan().positions.big_blind].player
    room.step_away(away)
    assert dict(room.plan("t1").missed) == {room.table("t1").seat_of(away): Missed.BIG}
    return room, away, room.start_hand("t1"), clock


@pytest.mark.rule("CAS-8", "PKG-21")
def test_a_sitting_out_player_who_missed_a_blind_leaves_during_the_next_hand() -> None:
    room, away, hand, _ = missing_a_blind()
    balance = room.balance(away)
    assert room.leave(away) == 10_000  # not dealt in: cashed out at once
    room.check()
    fold_around(hand)
    room.finish_hand("t1")  # used to raise KeyError, leaving the ledger unbalanced
    assert room.check().balanced and room.where(away) is None
    assert room.balance(away) == balance + 10_000


@pytest.mark.rule("CAS-8", "PKG-21")
def test_chips_set_aside_during_the_next_hand_of_a_player_who_missed_a_blind() -> None:
    room, away, hand, clock = missing_a_blind(max_hands=None, max_seconds=60)
    clock.now = 120.0
    (record,) = room.enforce_absence()  # during the hand: he is not dealt in
    assert (record.player, record.amount) == (away, 10_000)
    fold_around(hand)
    room.finish_hand("t1")
    totals = room.check()
    assert totals.balanced and totals.set_aside == 10_000
    assert room.ledger.balance(Account.set_aside(away, "t1")) == 10_000


@pytest.fixture
def over() -> tuple[Room, Hand]:
    """A hand played to its end and not yet settled."""
    room = seated_room(pk(), {"ann": 10_000, "bob": 10_000})
    hand = room.start_hand("t1")
    call_down(hand)
    assert hand.is_over and room.table("t1").hand is hand
    return room, hand


@pytest.mark.rule("CAS-11")
def test_no_rebuy_between_the_last_action_and_the_settlement(over: tuple[Room, Hand]) -> None:
    room, _ = over
    message = refused(room, lambda: room.rebuy("ann", 1_000), IllegalActionError)
    assert "CAS-11" in message and "not settled" in message
    room.finish_hand("t1")
    stack = room.seat("ann").stack
    room.rebuy("ann", 1_000)  # once settled: the chips arrive, once
    assert room.seat("ann").stack == stack + 1_000 and room.check().balanced


def test_a_leave_between_the_last_action_and_the_settlement_pays_the_stack_after_it(
    over: tuple[Room, Hand],
) -> None:
    room, hand = over
    winner = max(hand.stacks, key=lambda s: hand.stacks[s])
    name = next(s.player for s in hand.seats if s.seat == winner)
    balance = room.balance(name)
    assert room.leave(name) == 0  # he leaves when the hand is settled
    room.check()
    room.finish_hand("t1")
    assert room.balance(name) == balance + hand.stacks[winner] > balance + 10_000
    assert room.where(name) is None and room.check().balanced


def test_the_floor_moves_and_closes_only_settled_tables(over: tuple[Room, Hand]) -> None:
    room, _ = over
    refused(room, lambda: room.floor_move("ann"), IllegalActionError)
    refused(room, lambda: room.close("t1"), IllegalActionError)
    refused(room, lambda: room.start_hand("t1"), IllegalActionError)  # settle it first
    assert not room.can_start("t1")
    room.finish_hand("t1")
    assert room.can_start("t1")


def test_a_refused_start_settles_nothing_and_applies_nothing(over: tuple[Room, Hand]) -> None:
    room, hand = over
    message = refused(room, lambda: room.start_hand("t1"), IllegalActionError)
    assert "finish_hand" in message and room.table("t1").hand is hand


@pytest.mark.parametrize(
    "call",
    [
        lambda r: r.deposit("", 100),
        lambda r: r.deposit(None, 100),
        lambda r: r.deposit("ann", 2.5),
        lambda r: r.deposit("ann", 10**30),
        lambda r: r.withdraw("ann", "100"),
        lambda r: r.join("eve", "t1", 5_000.0),
        lambda r: r.join("eve", "t1", 5_000, post="yes"),
        lambda r: r.join(3, "t1", 5_000),
        lambda r: r.join("eve", "t9", 5_000),
        lambda r: r.register("eve", table="t1", buy_in=-5),
        lambda r: r.register("eve", stakes=5),
        lambda r: r.set_answering("ann", "no"),
        lambda r: r.rebuy("ann", True),
        lambda r: r.come_back("ann", post=1),
        lambda r: r.floor_move("ann", seat="1"),
        lambda r: r.announce_close("t1", "3"),
        lambda r: r.announce_close("t1", 0),
        lambda r: r.open_table("", pk()),
        lambda r: r.open_table("t2", "casino"),
        lambda r: r.open_table("t2", pk(), seats=2.5),
        lambda r: r.call_waiting("t1", answers="yes"),
        lambda r: r.start_hand("t1", straddle="yes"),
        lambda r: r.enforce_absence("t9"),
    ],
)
def test_bad_input_is_refused_and_changes_nothing(call: object) -> None:
    room = seated_room(pk(), {"ann": 10_000, "bob": 10_000})
    room.deposit("eve", 100_000)
    refused(room, lambda: call(room))  # type: ignore[operator]


def test_a_room_is_built_from_an_rng_a_clock_and_a_policy() -> None:
    with pytest.raises(ConfigurationError):
        Room(rng=7)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError):
        Room(clock=5.0)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError):
        Room(absence=30)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "call",
    [
        lambda r: r.where(["ann"]),
        lambda r: r.seat(["ann"]),
        lambda r: r.balance(None),
        lambda r: r.claim(["ann"]),
        lambda r: r.leave(["ann"]),
        lambda r: r.table(["t1"]),
        lambda r: r.info(None),
        lambda r: r.can_start(["t1"]),
        lambda r: r.ledger.deposit(["ann"], 100),
        lambda r: r.ledger.balance("ann"),
        lambda r: r.ledger.transfer("buy-in", Account.cashier("ann"), Account.outside(), 1),
        lambda r: r.ledger.post(None, [(Account.cashier("ann"), 0)]),
        lambda r: r.ledger.post(EntryKind.CLAIM, [Account.cashier("ann")]),
        lambda r: r.ledger.post(EntryKind.CLAIM, {"ann": 1, "bob": -1}),
    ],
)
def test_names_tables_and_accounts_of_the_wrong_type_are_refused(call: object) -> None:
    room = seated_room(pk(), {"ann": 10_000, "bob": 10_000})
    refused(room, lambda: call(room))  # type: ignore[operator]


@pytest.mark.parametrize(
    "policy",
    [{"max_hands": "3"}, {"max_hands": 2.5}, {"max_seconds": "60"}, {"max_seconds": float("nan")}],
)
def test_an_absence_policy_is_made_of_numbers(policy: dict[str, object]) -> None:
    with pytest.raises(ConfigurationError):
        AbsencePolicy(**policy)  # type: ignore[arg-type]
