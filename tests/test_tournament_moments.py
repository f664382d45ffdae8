"""Tournaments at every moment (issue 9): a mistaken bust undone, chip counts that do not add
up (told at once, kept apart until resolved), bad input of the wrong type everywhere, and
the floor's operations refused before they change anything."""

from __future__ import annotations

import random

import pytest

from croupier.engine import Action
from croupier.errors import ConfigurationError, CroupierError, IllegalActionError
from croupier.room.tournament import (
    AddOn,
    Break,
    Fault,
    Floor,
    KnockOut,
    Level,
    ManualClock,
    Options,
    Rebuy,
    RegistrationError,
    Tournament,
    tournament_preset,
)
from croupier.room.tournament.base import TournamentBase
from test_tournament import names
from test_tournament_live import live, places


def unchanged(t: TournamentBase, operation: object, error: type[Exception] = CroupierError) -> str:
    """``operation()`` is refused with ``error`` and the tournament's snapshot is unchanged."""
    before = t.snapshot()  # type: ignore[attr-defined]
    with pytest.raises(error) as info:
        operation()  # type: ignore[operator]
    assert t.snapshot() == before  # type: ignore[attr-defined]
    return str(info.value)


# ------------------------------------------------------------------ undo_bust


@pytest.mark.parametrize("stack", [0, -5, 2.5, "4000", True])
def test_undo_bust_refuses_a_stack_that_is_not_chips_and_keeps_the_bust(stack: object) -> None:
    t, _ = live()
    t.bust("p03", eliminator="p01")
    assert places(t) == [(14, "p03", 1)]
    unchanged(t, lambda: t.undo_bust("p03", stack=stack))  # type: ignore[arg-type]
    assert places(t) == [(14, "p03", 1)]  # he does not vanish from the standings
    t.undo_bust("p03", stack=4_000)
    assert places(t) == [] and t.stack("p03") == 4_000


def test_undo_bust_waits_for_the_later_bust_of_the_player_who_took_the_bounty() -> None:
    t, _ = live(tournament_preset("pokcomm").but(knockout=KnockOut(1_000, progressive=True)))
    t.bust("p03", eliminator="p01")
    t.bust("p01", eliminator="p02")  # p01 collected p03's bounty, then went out
    message = unchanged(t, lambda: t.undo_bust("p03"), IllegalActionError)
    assert "p01" in message and "undo that bust first" in message
    t.undo_bust("p01")
    t.undo_bust("p03")
    assert t.bounties is not None and all(v >= 0 for v in t.bounties.head.values())
    assert sum(t.bounties.head.values()) == 14 * 1_000 and sum(t.bounties.won.values()) == 0


# ---------------------------------------------------------------- chip counts


def test_a_count_that_does_not_add_up_is_told_at_once_and_kept_apart() -> None:
    t, _ = live()  # 14 players of 5,000
    result = t.chip_count("p01", 7_000)  # p01 won 2,000 from players not counted yet
    assert not result.applied and result.difference == 2_000
    assert result.pending == (("p01", 7_000),) and t.pending_counts() == {"p01": 7_000}
    assert t.stack("p01") == 5_000 and t.chips_in_play() == t.chips_expected()
    assert t.chip_discrepancy() == -2_000
    result = t.chip_counts({"p02": 4_000, "p03": 4_000})  # the rest of his table
    assert result.applied and result.pending == () and t.pending_counts() == {}
    assert (t.stack("p01"), t.stack("p02"), t.chip_discrepancy()) == (7_000, 4_000, 0)


def test_a_bust_leaves_its_chips_to_be_counted_with_the_eliminator() -> None:
    t, _ = live()
    t.bust("p03", eliminator="p01")
    assert t.chip_discrepancy() == 5_000  # with someone not yet counted
    assert t.chip_count("p01", 10_000).applied


def test_counts_kept_apart_are_accepted_as_a_correction_or_discarded() -> None:
    t, clock = live()
    t.chip_count("p01", 5_100)  # a chip found on the floor
    clock.advance(60)
    assert t.accept_counts("a 100 chip found under the table") == 100
    assert t.stack("p01") == 5_100 and t.chips_expected() == 14 * 5_000 + 100
    (correction,) = t.corrections
    assert (correction.at, correction.difference, correction.counts) == (60, 100, (("p01", 5_100),))
    t.chip_count("p02", 1)
    t.discard_counts(["p02"])
    assert t.pending_counts() == {} and t.stack("p02") == 5_000
    unchanged(t, lambda: t.accept_counts("nothing to accept"), IllegalActionError)
    unchanged(t, lambda: t.accept_counts(""))


def test_a_stack_kept_apart_changes_only_once_resolved() -> None:
    config = tournament_preset("pokcomm-rebuy")
    t, _ = live(config)
    t.chip_count("p01", 4_000)
    message = unchanged(t, lambda: t.rebuy("p01"), IllegalActionError)
    assert "kept apart" in message
    t.chip_count("p02", 6_000)  # the table adds up: both applied
    t.rebuy("p01")
    assert t.stack("p01") == 9_000


def test_a_disqualified_player_leaves_with_his_last_count() -> None:
    t, _ = live()
    t.chip_count("p02", 3_000)  # kept apart: 2,000 went to someone not yet counted
    Floor(t).disqualify("p02", Fault.CONDUCT, "threats")
    assert t.chips_removed == 3_000 and t.chip_discrepancy() == 2_000


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.bust(None),
        lambda t: t.bust([None]),
        lambda t: t.bust(["p01", 3]),
        lambda t: t.bust("p01", eliminator=5),
        lambda t: t.bust("p01", starting_stacks={"p01": "100"}),
        lambda t: t.bust("p01", starting_stacks=[("p01", 100)]),
        lambda t: t.chip_count("p01", "1000"),
        lambda t: t.chip_count("p01", 2.5),
        lambda t: t.chip_count("p01", 0),
        lambda t: t.chip_count(["p01"], 1_000),
        lambda t: t.chip_counts([("p01", 1_000)]),
        lambda t: t.chip_counts({}),
        lambda t: t.set_button(99, 1),
        lambda t: t.set_button("1", 1),
        lambda t: t.set_button(1, "3"),
        lambda t: t.set_button(1, True),
        lambda t: t.table_map(99),
        lambda t: t.hand_played(99),
        lambda t: t.hand_played(None),
        lambda t: t.move("p01", 99, 1),
        lambda t: t.move("p01", 2, "1"),
        lambda t: t.move(None, 2, 1),
        lambda t: t.is_absent(None),
        lambda t: t.undo_bust(None),
        lambda t: t.rebuy(None),
        lambda t: t.decline_rebuy(["p01"]),
        lambda t: t.add_on(None),
        lambda t: t.arrive(None),
        lambda t: t.register("new", adult=True, arrived="no"),
        lambda t: t.suspend("p01", "2"),
        lambda t: t.remove_chips("p01", "100"),
        lambda t: t.remove_chips("p01", 2.5),
        lambda t: t.discard_counts("p01"),
        lambda t: t.close_hand(),
    ],
)
def test_a_live_tournament_refuses_bad_input_and_changes_nothing(call: object) -> None:
    t, _ = live()
    unchanged(t, lambda: call(t))  # type: ignore[operator]


def engine(players: int = 12, preset: str = "pokcomm") -> Tournament:
    t = Tournament(tournament_preset(preset), clock=ManualClock(), rng=random.Random(4))
    for p in names(players):
        t.register(p, adult=True)
    t.start()
    return t


@pytest.mark.parametrize(
    "call",
    [
        lambda t: t.table("1"),
        lambda t: t.table(99),
        lambda t: t.table(True),
        lambda t: t.hand(99),
        lambda t: t.last_hand(None),
        lambda t: t.start_hand(99),
        lambda t: t.start_hand("1"),
        lambda t: t.finish_hand(None),
        lambda t: t.void_hand(1, None),
        lambda t: t.stack(None),
        lambda t: t.table_of(["p01"]),
        lambda t: t.play_round("fold"),
        lambda t: t.start({"p01": (1, 1)}),
    ],
)
def test_an_engine_tournament_refuses_bad_input_and_changes_nothing(call: object) -> None:
    t = engine()
    unchanged(t, lambda: call(t))  # type: ignore[operator]
    assert t.why_not(True) is not None and t.why_not("1") is not None  # type: ignore[arg-type]


def test_no_rebuy_or_add_on_while_the_table_plays_a_hand() -> None:
    t = engine(preset="pokcomm-rebuy")
    hand = t.start_hand(1)
    player = next(s.player for s in hand.seats)
    assert "playing a hand" in unchanged(t, lambda: t.rebuy(player), IllegalActionError)
    while not hand.is_over:
        hand.act(hand.to_act, Action.fold() if hand.legal_actions().fold else Action.check())  # type: ignore[arg-type]
    unchanged(t, lambda: t.rebuy(player), IllegalActionError)  # over, not settled yet
    t.finish_hand(1)
    t.rebuy(player)


def test_nothing_changes_a_finished_tournament() -> None:
    t, _ = live(players=3, per_table=3)
    t.bust("p03", eliminator="p01")
    t.bust("p02", eliminator="p01")
    assert t.finished and t.winner == "p01"
    for call in (t.disqualify, lambda p: t.remove_chips(p, 10), lambda p: t.suspend(p, 1)):
        assert "finished" in unchanged(t, lambda call=call: call("p01"), IllegalActionError)


def test_the_last_player_with_chips_is_not_disqualified() -> None:
    t = engine(players=2, preset="pokcomm-rebuy")
    while not t._pending:  # all-in every hand until one busts in the rebuy period
        hand = t.start_hand(1)
        while not hand.is_over:
            legal = hand.legal_actions()
            action = Action.show() if legal.show else Action.all_in()
            if legal.all_in is None and not legal.show:
                action = Action.call() if legal.call is not None else Action.check()
            hand.act(hand.to_act, action)  # type: ignore[arg-type]
        t.finish_hand(1)
    (survivor,) = t.players()
    message = unchanged(t, lambda: t.disqualify(survivor), IllegalActionError)
    assert "last player with chips" in message


@pytest.mark.rule("ITA-18")
def test_a_tournament_paying_fixed_places_takes_at_most_ten_entrants_a_place() -> None:
    t = Tournament(tournament_preset("italian").but(places=2), clock=ManualClock())
    for p in names(20):
        t.register(p, adult=True)
    message = unchanged(t, lambda: t.register("p21", adult=True), RegistrationError)
    assert "ITA-18" in message and "20 entrants" in message


# --------------------------------------------------------------------- floor


def test_the_floor_refuses_a_sanction_before_recording_anything() -> None:
    t = engine()
    floor = Floor(t)
    for call in (
        lambda: floor.suspend("p01", "1", Fault.CONDUCT, "x"),  # type: ignore[arg-type]
        lambda: floor.suspend("p01", 9, Fault.CONDUCT, "x"),
        lambda: floor.penalize("p01", "conduct", "x"),  # type: ignore[arg-type]
        lambda: floor.penalize("p01", Fault.CONDUCT, None),  # type: ignore[arg-type]
        lambda: floor.remove_chips("p01", 10, Fault.SOFT_PLAY, ""),
        lambda: floor.override("POK-9-1", "x", "y", players="p01"),  # type: ignore[arg-type]
        lambda: floor.warn("p01", Fault.CONDUCT, "x", by=5),  # type: ignore[arg-type]
    ):
        unchanged(t, call)
        assert floor.log == () and floor.offences("p01") == ()


def test_chip_dumping_sanctions_both_or_neither() -> None:
    t = engine(players=3)
    floor = Floor(t)
    floor.chip_dumping("p01", "p02", "first time", orbits=1)
    hand = t.start_hand(1)
    # the ladder now disqualifies both, between hands only: neither is touched during it
    unchanged(t, lambda: floor.chip_dumping("p01", "p02", "again"), IllegalActionError)
    assert len(floor.log) == 2 and floor.offences("p01") == (Fault.CHIP_DUMPING,)
    assert hand is t.hand(1)


@pytest.mark.parametrize(
    "build",
    [
        lambda: Level(25, 50, minutes="20"),
        lambda: Level(25, 50, minutes=float("inf")),
        lambda: Break(None),
        lambda: KnockOut("5"),
        lambda: KnockOut(5, points="yes"),
        lambda: Rebuy(until_level=1.5, stack=1_000, price=1_000),
        lambda: AddOn(after_level=1, stack=None, price=0),
        lambda: Options(table_size="10"),
        lambda: Options(hand_for_hand_seconds=-1),
        lambda: tournament_preset("tda").but(buy_in="20"),
        lambda: tournament_preset("tda").but(places=0),
        lambda: ManualClock("noon"),
        lambda: ManualClock().advance(float("nan")),
        lambda: engine().clock.add_time("60"),
    ],
)
def test_configurations_and_clocks_are_made_of_numbers(build: object) -> None:
    with pytest.raises(ConfigurationError):
        build()  # type: ignore[operator]
