"""The action clock: each preset's clock as a state machine driven by the times given it.

TDA R29 (the ``tda`` preset, and ``casino-fr`` where its seed is silent): once the clock is
called, 25 seconds and a 5-second countdown; facing a bet the hand is dead, otherwise it is
checked (``Timeout.CHECK_OR_FOLD``).
"""

from __future__ import annotations

import doctest
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import croupier.table.clock as clock_module
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.rules import Rules, Timeout, casino_fr, italian, phh, pokcomm, pokerkings, tda
from croupier.rules.model import ActionClock, ClockCaller
from croupier.table.clock import Phase, TurnClock


def _turn(rules: Rules, start: float = 0.0, *, bank: float | None = None) -> TurnClock:
    turn = TurnClock.for_rules(rules, bank=bank)
    turn.start(start)
    return turn


def test_the_doctests() -> None:
    failures, tests = doctest.testmod(clock_module)
    assert tests > 0 and failures == 0


@pytest.mark.rule("ITA-28")
def test_italian_clock_30_seconds_then_60_then_a_10_second_countdown_then_folded() -> None:
    turn = _turn(italian(), 1_000.0)
    assert turn.deadline() is None and turn.phase(1_029.9) is Phase.THINKING
    assert turn.expired(1_000_000.0) is None  # nobody called the clock: no time limit
    assert not turn.may_call(1_029.9) and turn.may_call(1_030.0)
    with pytest.raises(IllegalActionError, match=r"30 s into the turn: 0\.1 s from now"):
        turn.call_clock(1_029.9, by=ClockCaller.OPPONENT)
    assert turn.phase(1_030.0) is Phase.CALLABLE
    assert turn.call_clock(1_045.0, by=ClockCaller.OPPONENT) == 1_045.0 + 60 + 10
    assert turn.phase(1_104.9) is Phase.ON_THE_CLOCK
    assert turn.countdown_at() == 1_105.0 and turn.phase(1_105.0) is Phase.COUNTDOWN
    assert turn.remaining(1_110.0) == 5.0
    assert turn.expired(1_114.9) is None
    assert turn.expired(1_115.0) is Timeout.FOLD and turn.phase(1_115.0) is Phase.EXPIRED


@pytest.mark.rule("ITA-28")
def test_italian_clock_is_called_by_the_other_players_only() -> None:
    turn = _turn(italian())
    for caller in (ClockCaller.PLAYER, ClockCaller.DEALER):
        assert not turn.may_call(40.0, by=caller)
        with pytest.raises(IllegalActionError, match=f"the {caller} may not call the clock"):
            turn.call_clock(40.0, by=caller)
    assert turn.deadline() is None  # the refusals changed nothing
    turn.call_clock(40.0, by=ClockCaller.OPPONENT)
    with pytest.raises(IllegalActionError, match="called at 40 already"):
        turn.call_clock(41.0)


@pytest.mark.rule("POK-4-4")
def test_pokcomm_clock_one_minute_and_a_10_second_countdown_then_the_hand_is_dead() -> None:
    rules = pokcomm(25, 50)
    assert rules.timeout is Timeout.FOLD
    for caller in ClockCaller:  # the dealer, an opponent or the player himself
        turn = _turn(rules, 5.0)
        assert turn.call_clock(35.0, by=caller) == 35.0 + 60 + 10
        assert turn.phase(95.0) is Phase.COUNTDOWN
        assert turn.expired(104.9) is None and turn.expired(105.0) is Timeout.FOLD


@pytest.mark.rule("POK-4-4")
def test_pokcomm_clock_not_before_a_reasonable_time() -> None:
    turn = _turn(pokcomm(25, 50))
    with pytest.raises(IllegalActionError, match="30 s into the turn"):
        turn.call_clock(10.0, by=ClockCaller.DEALER)
    assert turn.called is None


def test_tda_clock_25_seconds_and_a_5_second_countdown_checks_or_folds() -> None:
    """TDA R29; casino-fr follows it where its seed is silent."""
    for rules in (tda(50, 100), casino_fr()):
        turn = _turn(rules)
        assert turn.call_clock(30.0, by=ClockCaller.DEALER) == 60.0
        assert turn.countdown_at() == 55.0
        assert turn.expired(60.0) is Timeout.CHECK_OR_FOLD
        assert rules.action_clock.callers == (ClockCaller.OPPONENT, ClockCaller.DEALER)


def test_an_online_room_runs_a_fixed_think_time_from_the_start_with_a_time_bank() -> None:
    rules = pokerkings(2, 4)
    turn = _turn(rules, 100.0)
    assert turn.deadline() == 120.0 and turn.phase(100.0) is Phase.ON_THE_CLOCK
    assert turn.callable_at() is None and not turn.may_call(110.0)
    with pytest.raises(IllegalActionError, match="runs by itself"):
        turn.call_clock(110.0)
    assert turn.phase(116.0) is Phase.COUNTDOWN
    assert turn.use_time_bank(110.0) == 150.0  # 30 s between the think time and the countdown
    assert turn.phase(114.0) is Phase.ON_THE_CLOCK and turn.phase(115.0) is Phase.TIME_BANK
    assert turn.phase(145.0) is Phase.COUNTDOWN and turn.expired(150.0) is Timeout.CHECK_OR_FOLD
    assert turn.bank_left(125.0) == 20.0
    assert turn.stop(125.0) == 20.0  # 10 s of bank spent
    assert turn.phase(125.0) is Phase.STOPPED and turn.expired(200.0) is None
    nxt = _turn(rules, 200.0, bank=20.0)
    assert nxt.use_time_bank(201.0) == 240.0


def test_the_time_bank_used_in_the_countdown_is_followed_by_a_full_countdown() -> None:
    rules = tda().but(action_clock=ActionClock(time_bank=30))
    turn = _turn(rules)
    turn.call_clock(30.0)  # clock to 55, countdown to 60
    assert turn.use_time_bank(57.0) == 57.0 + 30 + 5
    assert turn.phase(57.0) is Phase.TIME_BANK and turn.phase(87.0) is Phase.COUNTDOWN
    assert turn.stop(60.0) == 27.0
    spent = _turn(rules, bank=30.0)
    spent.call_clock(30.0)
    spent.use_time_bank(31.0)
    assert spent.bank_left(1_000.0) == 0.0 and spent.expired(1_000.0) is Timeout.CHECK_OR_FOLD


def test_the_time_bank_is_refused_when_there_is_nothing_to_extend() -> None:
    turn = _turn(italian())
    with pytest.raises(IllegalActionError, match="no time bank is left"):
        turn.use_time_bank(10.0)
    banked = _turn(italian().but(action_clock=ActionClock(clock=60, countdown=10, time_bank=20)))
    with pytest.raises(IllegalActionError, match="the clock is not running"):
        banked.use_time_bank(10.0)
    banked.call_clock(30.0)
    banked.use_time_bank(40.0)
    with pytest.raises(IllegalActionError, match="running already"):
        banked.use_time_bank(41.0)
    late = _turn(tda().but(action_clock=ActionClock(time_bank=20)))
    late.call_clock(30.0)
    with pytest.raises(IllegalActionError, match="the time ran out at 60"):
        late.use_time_bank(60.0)


def test_next_change_tells_a_timer_when_to_wake() -> None:
    turn = _turn(tda(), 0.0)
    assert turn.next_change(0.0) == 30.0  # the clock may be called
    turn.call_clock(40.0)
    assert turn.next_change(40.0) == 65.0 and turn.next_change(65.0) == 70.0
    assert turn.next_change(70.0) is None
    turn.stop(71.0)
    assert turn.next_change(71.0) is None


def test_misuse_is_refused_and_changes_nothing() -> None:
    turn = TurnClock.for_rules(tda())
    with pytest.raises(IllegalActionError, match="has not started"):
        turn.phase(0.0)
    with pytest.raises(IllegalActionError, match="has not started"):
        turn.call_clock(0.0)
    turn.start(10.0)
    with pytest.raises(IllegalActionError, match="started at 10 already"):
        turn.start(11.0)
    with pytest.raises(IllegalActionError, match="time 5 is before 10"):
        turn.call_clock(5.0)
    for bad in (float("nan"), float("inf"), "40", True, None):
        with pytest.raises(IllegalActionError, match="finite number of seconds"):
            turn.call_clock(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="'umpire' is not one who calls the clock"):
        turn.call_clock(45.0, by="umpire")  # type: ignore[arg-type]
    assert turn.called is None
    turn.stop(20.0)
    with pytest.raises(IllegalActionError, match="the turn ended at 20"):
        turn.call_clock(45.0)
    with pytest.raises(IllegalActionError, match="a time bank is >= 0"):
        TurnClock.for_rules(tda(), bank=-1)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"clock": -1}, "clock is a whole number of seconds >= 0"),
        ({"call_after": 1.5}, "call_after is a whole number"),
        ({"clock": 0, "countdown": 0}, "at least 1 second"),
        ({"callers": ("umpire",)}, "are not among opponent, player, dealer"),
        ({"callers": "opponent"}, "callers is a list"),
        ({"callers": ()}, "nobody may call the clock"),
        ({"automatic": "yes"}, "automatic is True or False"),
    ],
)
def test_bad_action_clocks_are_refused(changes: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        ActionClock(**changes)  # type: ignore[arg-type]


def test_every_preset_sets_its_clock_and_the_rules_round_trip_through_json() -> None:
    presets = [pokcomm(25, 50), pokerkings(2, 4), italian(), casino_fr(), tda(), phh()]
    clocks = {r.name: r.action_clock for r in presets}
    assert clocks["italian"] == ActionClock(
        call_after=30, clock=60, countdown=10, callers=(ClockCaller.OPPONENT,)
    )
    assert clocks["pokcomm"].callers == tuple(ClockCaller)
    assert clocks["pokerkings"].automatic and clocks["pokerkings"].time_bank == 30
    assert (clocks["tda"].clock, clocks["tda"].countdown) == (25, 5)
    assert str(clocks["pokerkings"]) == (
        "from the start, automatically: 15 s + 5 s countdown; time bank 30 s"
    )
    for rules in presets:
        assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@settings(max_examples=200, deadline=None)
@given(
    call_after=st.integers(0, 40),
    clock=st.integers(0, 70),
    countdown=st.integers(0, 12),
    bank=st.integers(0, 40),
    automatic=st.booleans(),
    steps=st.lists(
        st.tuples(st.sampled_from(["call", "bank", "look"]), st.floats(0, 30)), max_size=8
    ),
)
def test_property_the_deadline_only_moves_later_and_expiry_follows_it(
    call_after: int,
    clock: int,
    countdown: int,
    bank: int,
    automatic: bool,
    steps: list[tuple[str, float]],
) -> None:
    if clock + countdown == 0:
        clock = 1
    rules = ActionClock(
        call_after=call_after, clock=clock, countdown=countdown, automatic=automatic, time_bank=bank
    )
    turn = TurnClock(rules, timeout=Timeout.FOLD)
    turn.start(0.0)
    now, last_deadline = 0.0, turn.deadline()
    for what, wait in steps:
        now += wait
        try:
            if what == "call":
                turn.call_clock(now)
            elif what == "bank":
                turn.use_time_bank(now)
        except IllegalActionError:
            pass
        deadline = turn.deadline()
        if last_deadline is not None:
            assert deadline is not None and deadline >= last_deadline
        last_deadline = deadline
        if deadline is None:
            assert turn.expired(now) is None
        else:
            assert (turn.expired(now) is Timeout.FOLD) is (now >= deadline)
            assert deadline <= now + call_after + clock + countdown + bank or now >= deadline
        assert 0.0 <= turn.bank_left(now) <= bank
    left = turn.stop(now)
    assert 0.0 <= left <= bank and turn.phase(now) is Phase.STOPPED
