"""The table at every moment (issue 9, "Tables and rooms under ordinary comings and goings"):
during a hand, between its last action and its settlement (finish_hand), and between
hands, every operation is refused with a croupier error and changes nothing, or takes
effect exactly once. Also the table's bad input of the wrong type, and its memory."""

from __future__ import annotations

import pickle
import random

import pytest

from croupier.cards import Deck
from croupier.engine import Action, Hand
from croupier.errors import ConfigurationError, CroupierError, DeckError, IllegalActionError
from croupier.rules import Stakes, pokcomm, pokerkings, tda
from croupier.table import HISTORY_KEPT, Missed, Table


def table_of(rules: object = None, players: int = 4, stack: int = 1_000, seed: int = 3) -> Table:
    table = Table(rules or pokerkings(2, 4), rng=random.Random(seed))  # type: ignore[arg-type]
    for seat in range(1, players + 1):
        table.sit(f"p{seat}", stack, seat=seat)
    return table


def passive(hand: Hand) -> None:
    """Everyone checks or calls down; every hand is shown."""
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


def first_folds(hand: Hand) -> None:
    """Everyone folds to the big blind."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.act(seat, Action.fold() if hand.legal_actions().fold else Action.check())


def unchanged(table: Table, operation: object, error: type[Exception] = CroupierError) -> str:
    """``operation()`` is refused with ``error`` and the table's snapshot is unchanged."""
    before = table.snapshot()
    with pytest.raises(error) as info:
        operation()  # type: ignore[operator]
    assert table.snapshot() == before
    return str(info.value)


def chips(table: Table) -> int:
    """The chips at the table: stacks of players not dealt in, and the hand not settled."""
    hand = table.hand
    dealt = {s.seat for s in hand.seats} if hand is not None else set()
    return sum(ts.stack for ts in table if ts.seat not in dealt) + (
        hand.total_in_play if hand is not None else 0
    )


# ------------------------------------------------------- a missed blind and a leave


@pytest.mark.rule("PKG-21", "PKG-22")
@pytest.mark.parametrize("blind", [Missed.SMALL, Missed.BIG])
def test_a_sitting_out_player_who_missed_a_blind_leaves_during_the_next_hand(
    blind: Missed,
) -> None:
    table = table_of()
    first_folds(table.start_hand())
    table.finish_hand()
    due = table.plan().positions
    seat = due.small_blind if blind is Missed.SMALL else due.big_blind
    assert seat is not None
    table.sit_out(f"p{seat}")  # due a blind of hand 2
    assert dict(table.plan().missed) == {seat: blind}  # he misses it (PKG-21, PKG-22)
    hand = table.start_hand()
    stack = table.stack_of(f"p{seat}")
    assert table.leave(f"p{seat}") == stack  # not dealt in: he leaves at once, his chips
    first_folds(hand)
    settled = table.finish_hand()  # used to raise KeyError on the missed blind
    assert settled.left == () and seat not in table.seats and chips(table) == 4_000 - stack


@pytest.mark.rule("PKG-21")
def test_a_newcomer_in_the_seat_of_a_player_who_missed_a_blind_does_not_owe_it() -> None:
    table = table_of()
    first_folds(table.start_hand())
    table.finish_hand()
    seat = table.plan().positions.big_blind
    table.sit_out(f"p{seat}")
    hand = table.start_hand()
    table.leave(f"p{seat}")
    table.sit("new", 500, seat=seat)  # sits down during the hand, in the same seat
    first_folds(hand)
    table.finish_hand()
    assert table.seats[seat].player == "new" and table.seats[seat].missed is Missed.NONE


def test_a_leave_between_the_last_action_and_the_settlement_takes_the_stack_after_the_hand() -> (
    None
):
    table = table_of(players=2)
    hand = table.start_hand()
    passive(hand)  # over, not settled
    winner = max(hand.stacks, key=lambda s: hand.stacks[s])
    name = table.seats[winner].player
    assert table.leave(name) == 0  # dealt in the hand not settled: he leaves after it
    assert table.seats[winner].leaving
    settled = table.finish_hand()
    assert settled.left == ((winner, name, hand.stacks[winner]),)  # his stack after the hand
    assert hand.stacks[winner] > 1_000 and winner not in table.seats


def test_a_leave_during_a_hand_takes_effect_once_when_it_is_settled() -> None:
    table = table_of(players=3)
    hand = table.start_hand()
    assert table.leave("p1") == 0 and table.leave("p1") == 0  # asked twice: leaves once
    first_folds(hand)
    settled = table.finish_hand()
    assert [(s, p) for s, p, _ in settled.left] == [(1, "p1")] and chips(table) == sum(
        stack for seat, stack in hand.stacks.items() if seat != 1
    )


@pytest.mark.parametrize("moment", ["during", "before-settlement"])
def test_stacks_do_not_change_until_the_hand_is_settled(moment: str) -> None:
    table = table_of(players=3)
    hand = table.start_hand()
    if moment == "before-settlement":
        passive(hand)
    message = unchanged(table, lambda: table.add_chips("p1", 100), IllegalActionError)
    assert "CAS-11" in message and "after it" in message
    assert "between hands only" in unchanged(
        table, lambda: table.set_stack("p2", 5_000), IllegalActionError
    )
    unchanged(table, table.plan, IllegalActionError)
    if moment == "during":
        first_folds(hand)
    table.finish_hand()
    table.add_chips("p1", 100)  # between hands: once, on top of the stack after the hand
    assert table.stack_of("p1") == hand.stacks[1] + 100


# ------------------------------------------------------------------ start_hand


def test_a_refused_start_leaves_the_pending_stakes_pending() -> None:
    table = table_of(tda(50, 100), players=1)
    table.set_stakes(Stakes(100, 200))
    unchanged(table, table.start_hand, ConfigurationError)  # one player: CAS-4
    assert table.rules.stakes.big_blind == 100 and table.next_rules().stakes.big_blind == 200
    table.sit("p2", 1_000, seat=2)
    assert table.start_hand().rules.stakes.big_blind == 200


def test_start_hand_refuses_while_the_last_hand_waits_for_its_settlement() -> None:
    table = table_of(players=3)
    passive(table.start_hand())
    table.set_stakes(Stakes(2, 4))
    message = unchanged(table, table.start_hand, IllegalActionError)
    assert "over but not settled" in message and table.hand is not None
    assert not table.can_start()
    table.finish_hand()
    assert table.can_start() and table.start_hand().rules.stakes.small_blind == 2


def test_a_deck_that_fails_its_check_is_refused_before_the_first_button_is_drawn() -> None:
    table = table_of(players=3)
    unchanged(table, lambda: table.start_hand(deck=list(Deck())[:51]), DeckError)
    assert table.draw is None


def test_can_start_says_no_when_every_player_would_be_away() -> None:
    table = table_of(pokcomm(25, 50), players=3)
    for name in ("p1", "p2", "p3"):
        table.sit_out(name)  # tournaments: dealt in and blinded, but someone must be there
    assert not table.can_start()
    assert "away" in unchanged(table, table.start_hand, ConfigurationError)
    table.sit_in("p2")
    assert table.can_start()
    hand = table.start_hand()
    assert [s.absent for s in hand.seats] == [True, False, True]


def test_can_start_changes_nothing_and_agrees_with_start_hand() -> None:
    table = table_of(players=2)
    before = table.snapshot()
    assert table.can_start() and table.snapshot() == before  # it does not draw the button
    table.start_hand()
    assert not table.can_start()


# ------------------------------------------------------------------- bad input


@pytest.mark.parametrize("stack", [-50, 2.5, "100", True, None, 10**30])
def test_set_stack_refuses_what_is_not_a_number_of_chips(stack: object) -> None:
    table = table_of()
    message = unchanged(table, lambda: table.set_stack("p1", stack))  # type: ignore[arg-type]
    assert repr(stack) in message and "whole number" in message


def test_a_tournament_stack_is_never_set_to_zero_a_cash_stack_may_be() -> None:
    tournament = table_of(pokcomm(25, 50))
    unchanged(tournament, lambda: tournament.set_stack("p1", 0))
    cash = table_of()
    cash.set_stack("p1", 0)
    assert cash.stack_of("p1") == 0


@pytest.mark.parametrize("stakes", ["1-2", (1, 2), None, 5])
def test_set_stakes_refuses_what_is_not_stakes(stakes: object) -> None:
    table = table_of()
    message = unchanged(table, lambda: table.set_stakes(stakes))  # type: ignore[arg-type]
    assert "Stakes" in message and repr(stakes) in message
    table.start_hand()  # the next hand is not broken


def test_set_stakes_refuses_stakes_these_rules_cannot_play() -> None:
    table = table_of(pokerkings(2, 4))  # nobody pays an ante in these rules
    assert "ante" in unchanged(table, lambda: table.set_stakes(Stakes(1, 2, ante=1)))


@pytest.mark.parametrize("seat", [True, "3", 2.0, -1, 0, 11])
def test_sit_refuses_seats_that_are_not_seat_numbers(seat: object) -> None:
    table = table_of(players=0)
    unchanged(table, lambda: table.sit("ann", 100, seat=seat))  # type: ignore[arg-type]
    table.sit("ann", 100, seat=1)
    table.sit("bob", 100, seat=2)
    assert table.can_start()


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.sit(None, 100),
        lambda t: t.sit("", 100),
        lambda t: t.sit("ann", True),
        lambda t: t.sit("ann", 100, post="yes"),
        lambda t: t.sit_in("p1", post=1),
        lambda t: t.add_chips("p1", 2.5),
        lambda t: t.add_chips("p1", True),
        lambda t: t.start_hand(straddle="yes"),
        lambda t: t.start_hand(deck="AsKd"),
        lambda t: t.leave("nobody"),
        lambda t: t.finish_hand(),
    ],
)
def test_the_other_operations_refuse_bad_input(call: object) -> None:
    table = table_of()
    unchanged(table, lambda: call(table))  # type: ignore[operator]


def test_a_table_is_built_from_a_rules_value_and_a_number_of_seats() -> None:
    with pytest.raises(ConfigurationError, match="rules value"):
        Table("tda")  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match=r"2\.5"):
        Table(tda(), seats=2.5)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="True"):
        Table(tda(), seats=True)


def test_the_first_button_is_drawn_once() -> None:
    table = table_of(players=3)
    table.start_hand()
    unchanged(table, table.draw_for_button, IllegalActionError)


# ---------------------------------------------------------------------- memory


def play_hands(table: Table, hands: int) -> None:
    for _ in range(hands):
        first_folds(table.start_hand())
        table.finish_hand()


def test_memory_stays_flat_the_table_keeps_a_window_of_recent_hands() -> None:
    table = table_of(tda(1, 2), players=3, stack=10**9)
    play_hands(table, 300)
    after_300 = len(pickle.dumps(table))
    play_hands(table, 2_700)
    after_3000 = len(pickle.dumps(table))
    assert table.hand_number == 3_000 and len(table.history) == HISTORY_KEPT
    assert table.last_plan is not None and table.last_plan.number == 3_000
    assert after_3000 <= after_300 * 1.01  # everything the table holds, pickled


def test_the_plans_remembered_for_snapshots_stay_within_their_bound() -> None:
    from croupier.table import _state

    table = table_of()
    sizes: list[int] = []
    for _ in range(_state.PLANS_REMEMBERED + 100):
        play_hands(table, 1)
        table.snapshot()
        sizes.append(len(_state._PLANS_SEEN))
    assert max(sizes) <= _state.PLANS_REMEMBERED
    assert max(sizes) >= _state.PLANS_REMEMBERED - HISTORY_KEPT  # it filled, then let go
