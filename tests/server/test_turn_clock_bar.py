"""The turn's clock as clients see it, with what a time bar needs: the stretch of the turn
running now (its length and what is left of it) and when the time bank starts."""

from __future__ import annotations

from croupier.rules import casino_fr, pokerkings
from croupier.server.tables.turns import start_turn


def test_the_free_time_then_the_clock_called_then_the_time_bank() -> None:
    rules = casino_fr("no-limit", 100, 200)
    turn = start_turn(
        key=(1, 1),
        seat=1,
        player="ann",
        rules=rules,
        now=0.0,
        bank=20.0,
        showdown=False,
        showdown_seconds=6,
        house_calls_clock=True,
    )
    free = turn.to_json(1.0)
    call_after = rules.action_clock.call_after
    assert free["phase"] == "thinking"
    assert free["span"] == call_after and free["next_in"] == call_after - 1
    assert free["time_bank_in"] is None
    turn.clock.call_clock(call_after + 2.0)
    called = turn.to_json(call_after + 4.0)
    assert called["phase"] == "on-the-clock"
    assert called["span"] == rules.action_clock.clock
    assert called["next_in"] == rules.action_clock.clock - 2
    assert called["time_bank_in"] is None


def test_the_time_bank_of_an_online_room() -> None:
    rules = pokerkings(100, 200, euro=100)  # 15 s from the start, 5 s countdown, a 30 s bank
    turn = start_turn(
        key=(1, 1),
        seat=1,
        player="ann",
        rules=rules,
        now=0.0,
        bank=20.0,
        showdown=False,
        showdown_seconds=6,
        house_calls_clock=False,
    )
    first = turn.to_json(0.0)
    assert first["phase"] == "on-the-clock" and first["span"] == 15.0 and first["next_in"] == 15.0
    turn.clock.use_time_bank(5.0)
    # the bank starts when his 15 s are up: the time bar knows when
    assert turn.to_json(5.0)["time_bank_in"] == 10.0
    running = turn.to_json(16.0)
    assert running["phase"] == "time-bank" and running["span"] == 20.0
    assert running["next_in"] == 19.0 and running["time_bank_in"] is None


def test_a_showdown_decision_is_one_stretch() -> None:
    turn = start_turn(
        key=(1, 9),
        seat=2,
        player="bob",
        rules=casino_fr("no-limit", 100, 200),
        now=10.0,
        bank=None,
        showdown=True,
        showdown_seconds=6,
        house_calls_clock=False,
    )
    clock = turn.to_json(11.0)
    assert clock["span"] == 6.0 and clock["next_in"] == 5.0 and clock["ends_in"] == 5.0
