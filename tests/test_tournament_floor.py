"""The floor (layer D): sanctions with orbit counting, disqualification accounting,
voided hands, decisions on pots before the next hand, and the decision log."""

from __future__ import annotations

import pytest

from croupier.cards import Deck
from croupier.engine import Acted, Action, ForcedKind
from croupier.errors import ConfigurationError, DeckError, IllegalActionError
from croupier.room.tournament import (
    BustKind,
    Fault,
    Floor,
    KnockOut,
    Sanction,
    Tournament,
    tournament_preset,
)
from test_tournament import deal, make, names, passive, play_hand, posted, transfer
from test_tournament_tables import showdown


def six(config: str = "italian") -> tuple[Tournament, Floor]:
    """Six players at one table (p01-p06 in seats 1-6) and a floor signed "marie"."""
    t, _ = make(config, 6, draw={p: (1, k + 1) for k, p in enumerate(names(6))})
    return t, Floor(t, director="marie")


def killed(hand: object, seat: int) -> bool:
    """True when the engine killed ``seat``'s hand because he was away."""
    return any(
        isinstance(e, Acted) and e.seat == seat and e.reason == "absent"
        for e in hand.events  # type: ignore[attr-defined]
    )


# ---------------------------------------------------------------------- sanctions


@pytest.mark.rule("POK-13-1", "ITA-51", "ITA-48")
def test_sanctions_follow_the_ladder_warning_suspension_disqualification() -> None:
    t, floor = six("pokcomm")
    fault = Fault.IMPROPER_ACTION
    assert floor.next_sanction("p02", fault) is Sanction.WARNING
    first = floor.penalize("p02", fault, "acted out of turn")
    assert first.sanction is Sanction.WARNING and not t.is_suspended("p02")
    second = floor.penalize("p02", fault, "acted out of turn again")
    assert second.sanction is Sanction.SUSPENSION and t.is_suspended("p02")
    third = floor.penalize("p02", fault, "revealed his hand during the hand")
    assert third.sanction is Sanction.DISQUALIFICATION
    assert "p02" not in t.players()
    assert [d.sanction for d in floor.log] == [
        Sanction.WARNING,
        Sanction.SUSPENSION,
        Sanction.DISQUALIFICATION,
    ]


@pytest.mark.rule("ITA-51", "POK-13-1")
def test_a_suspension_lasts_as_many_hands_as_players_per_orbit_blinds_still_taken() -> None:
    t, floor = six("italian")
    play_hand(t, 1)
    decision = floor.suspend("p03", 2, Fault.CONDUCT, "obscene language")
    assert decision.detail.startswith("2 orbits: 12 hands")  # six players, him included
    seat = t.table(1).seat_of("p03")
    blinds = 0
    for k in range(12):
        assert t.suspension_left("p03") == 12 - k
        hand = t.start_hand(1)
        assert seat in {s.seat for s in hand.seats}  # dealt in ...
        assert killed(hand, seat)  # ... his hand killed before the first betting round
        blinds += sum(a for (s, kind), a in posted(hand).items() if s == seat)
        passive(hand)
        t.finish_hand(1)
    level = t.clock.level
    assert blinds == 2 * (level.small_blind + level.big_blind)  # two orbits: each blind twice
    assert not t.is_suspended("p03")
    back = t.start_hand(1)
    assert not killed(back, seat)


@pytest.mark.rule("ITA-51", "POK-13-1")
def test_suspensions_last_one_to_four_orbits_one_at_pokcomm() -> None:
    _, floor = six("italian")
    with pytest.raises(ConfigurationError, match="1 to 4 orbits, not 5"):
        floor.suspend("p01", 5, Fault.CONDUCT, "threats")
    pok, pok_floor = six("pokcomm")
    with pytest.raises(ConfigurationError, match="1 to 1 orbits, not 2"):
        pok_floor.suspend("p01", 2, Fault.CONDUCT, "threats")
    assert pok_floor.suspend("p01", 1, Fault.CONDUCT, "threats").sanction is Sanction.SUSPENSION
    assert pok.suspension_left("p01") == 6


@pytest.mark.rule("ITA-51", "ITA-47")
def test_italian_warnings_are_for_a_first_offence_only() -> None:
    _, floor = six("italian")
    assert floor.penalize("p01", Fault.CONDUCT, "disruption").sanction is Sanction.WARNING
    # a second offence, even of another kind, is no longer a warning (ITA-51)
    assert floor.next_sanction("p01", Fault.TIME_ABUSE) is Sanction.SUSPENSION
    _, pok_floor = six("pokcomm")
    pok_floor.penalize("p01", Fault.CONDUCT, "disruption")
    # POK-13-1 climbs the ladder when the same fault repeats
    assert pok_floor.next_sanction("p01", Fault.TIME_ABUSE) is Sanction.WARNING
    assert pok_floor.next_sanction("p01", Fault.CONDUCT) is Sanction.SUSPENSION


@pytest.mark.rule("POK-4-5", "ITA-48")
def test_abusing_time_is_penalised() -> None:
    t, floor = six("pokcomm")
    floor.penalize("p04", Fault.TIME_ABUSE, "tanked every hand for the full clock")
    decision = floor.penalize("p04", Fault.TIME_ABUSE, "again")
    assert decision.fault is Fault.TIME_ABUSE and decision.sanction is Sanction.SUSPENSION
    assert t.is_suspended("p04") and floor.offences("p04") == (Fault.TIME_ABUSE,) * 2


@pytest.mark.rule("POK-12-7")
def test_chip_dumping_suspends_both_players_without_a_warning() -> None:
    t, floor = six("pokcomm")
    decisions = floor.chip_dumping("p01", "p02", "p01 shoved 72o into p02 three times")
    assert [(d.players, d.sanction) for d in decisions] == [
        (("p01",), Sanction.SUSPENSION),
        (("p02",), Sanction.SUSPENSION),
    ]
    assert t.is_suspended("p01") and t.is_suspended("p02")
    again = floor.chip_dumping("p01", "p02", "again after the suspension")
    assert [d.sanction for d in again] == [Sanction.DISQUALIFICATION] * 2


@pytest.mark.rule("POK-12-6", "ITA-47")
def test_soft_play_can_cost_chips_and_collusion_disqualifies() -> None:
    t, floor = six("pokcomm")
    before = t.chips_expected()
    floor.remove_chips("p05", 1_000, Fault.SOFT_PLAY, "checked down the nuts against p06")
    assert t.stack("p05") == 4_000
    assert t.chips_removed == 1_000 and t.chips_expected() == before - 1_000
    assert t.chips_in_play() == t.chips_expected()
    with pytest.raises(ConfigurationError, match="disqualify him"):
        floor.remove_chips("p05", 4_000, Fault.SOFT_PLAY, "all of them")
    floor.disqualify("p06", Fault.SOFT_PLAY, "collusion with p05")
    assert "p06" not in t.players()


# ------------------------------------------------------------------ disqualification


@pytest.mark.rule("POK-13-1", "ITA-51")
def test_a_disqualification_takes_exactly_his_chips_out_of_play() -> None:
    config = tournament_preset("pokcomm").but(knockout=KnockOut(500))
    t, _ = make(config, 6, draw={p: (1, k + 1) for k, p in enumerate(names(6))})
    floor = Floor(t)
    transfer(t, "p01", "p03", 1_234)
    decision = floor.disqualify("p03", Fault.CONDUCT, "threatened a player")
    assert decision.detail == "6,234 chips removed from play"
    assert t.chips_removed == 6_234
    assert t.chips_in_play() == t.chips_expected() == 6 * 5_000 - 6_234
    [finish] = t.finishes()
    assert (finish.player, finish.place, finish.bust.kind) == ("p03", 6, BustKind.DISQUALIFIED)
    assert t.bounties is not None and t.bounties.unclaimed == 500  # nobody knocked him out
    busy = t.start_hand(1)
    with pytest.raises(IllegalActionError, match="once it is over"):
        floor.disqualify("p01", Fault.CONDUCT, "mid-hand")
    passive(busy)


# --------------------------------------------------------------------- voided hands


@pytest.mark.rule("POK-2-9", "ITA-45")
def test_a_voided_hand_returns_every_chip_and_is_dealt_again() -> None:
    t, floor = six("pokcomm")
    play_hand(t, 1)
    before = {p: t.stack(p) for p in t.players()}
    hand = t.start_hand(1)
    hand.act(hand.to_act, Action.all_in())
    assert sum(hand.stacks.values()) < sum(before.values())  # chips are out in bets
    report = floor.void_hand(1, "two aces of spades in the deck")
    assert report.voided and report.eliminated == ()
    assert {p: t.stack(p) for p in t.players()} == before
    assert t.chips_in_play() == t.chips_expected()
    assert floor.log[-1].action == "void hand" and floor.log[-1].table == 1
    again = t.start_hand(1)
    assert again.button == hand.button  # the same hand is dealt again
    assert t.table(1).hand_number == 1  # the voided hand does not count
    passive(again)
    t.finish_hand(1)
    with pytest.raises(IllegalActionError, match="no hand in progress"):
        floor.void_hand(1, "the hand is over")


@pytest.mark.rule("ITA-45")
def test_a_deck_that_fails_its_check_is_never_dealt() -> None:
    t, _ = six("italian")
    cards = list(Deck())
    cards[5] = cards[6]  # a duplicate card, a missing one
    with pytest.raises(DeckError):
        t.start_hand(1, deck=cards)  # type: ignore[arg-type]
    assert t.hand(1) is None and t.can_start(1)
    assert t.chips_in_play() == t.chips_expected()


# ------------------------------------------------------------------- decisions on pots


@pytest.mark.rule("ITA-49", "POK-10-1")
def test_a_pot_decision_is_possible_until_the_next_hand_starts() -> None:
    t, floor = six("pokcomm")
    transfer(t, "p04", "p01", 100)
    showdown(t, 1, "p01", ["p02"])
    hand = t.hand(1)
    t.finish_hand(1)
    [pot] = floor.pots(1)  # rebuilt from the bets
    assert posted(hand) == {(6, ForcedKind.SMALL_BLIND): 25, (1, ForcedKind.BIG_BLIND): 50}
    assert pot.amount == 5_000 + 5_000 + 25  # p02's all-in, p01's call, the small blind
    assert pot.awarded == (("p01", pot.amount),)
    assert set(pot.eligible) == {"p01", "p02"}
    with pytest.raises(IllegalActionError, match="eliminated"):
        floor.award_pot(1, 0, ["p02"], "p02 had the better hand")  # he is out: no undo here
    nxt = t.start_hand(1)  # the next hand starts: the result of the last one stands
    with pytest.raises(IllegalActionError, match="POK-10-1"):
        floor.pots(1)
    with pytest.raises(IllegalActionError, match="POK-10-1"):
        floor.award_pot(1, 0, ["p01"], "too late")
    passive(nxt)


@pytest.mark.rule("ITA-49", "POK-10-1")
def test_a_pot_given_to_the_wrong_player_is_rebuilt_and_given_back() -> None:
    t, floor = six("pokcomm")
    hand = deal(t, 1, {"p01": "AsAh", "p02": "KsKh"}, "2c7d9hTs3c")
    seat_of = {s.player: s.seat for s in hand.seats}
    while not hand.is_over:  # p01 and p02 call the big blind and check it down
        seat = hand.to_act
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        elif seat in (seat_of["p01"], seat_of["p02"]) or legal.check:
            hand.act(seat, Action.call() if legal.call is not None else Action.check())
        else:
            hand.act(seat, Action.fold())
    t.finish_hand(1)
    before = {p: t.stack(p) for p in t.players()}
    [pot] = floor.pots(1)
    decision = floor.award_pot(1, 0, ["p02"], "the dealer pushed the pot to the wrong seat")
    assert t.stack("p02") == before["p02"] + pot.amount
    assert t.stack("p01") == before["p01"] - pot.amount
    assert t.chips_in_play() == t.chips_expected()
    assert decision.action == "pot decision" and decision.hand == 1
    assert hand.events[-1] == t.last_hand(1).events[-1]  # the history itself is unchanged


# ------------------------------------------------------------------------- the log


@pytest.mark.rule("POK-13-2")
def test_director_overrides_are_logged_final_with_who_when_and_why() -> None:
    t, floor = six("pokcomm")
    clock = t.time
    clock.advance(25 * 60)  # type: ignore[attr-defined]
    lighter = floor.penalize(
        "p01", Fault.CHIP_DUMPING, "a misunderstanding", sanction=Sanction.WARNING, by="paul"
    )
    assert lighter.override  # the written rule says suspension without warning (POK-12-7)
    note = floor.override("POK-7-2", "keep the seats at the final table", "a player's wheelchair")
    assert note.override and note.detail.startswith("POK-7-2")
    for decision in floor.log:
        assert decision.director in ("paul", "marie")
        assert decision.at == 25 * 60 and decision.level == 2 and decision.reason
    assert isinstance(floor.log, tuple)  # read-only: decisions are final
    assert [d.number for d in floor.log] == [1, 2]
    with pytest.raises(ConfigurationError, match="reason"):
        floor.warn("p02", Fault.OTHER, " ")
    harsher = floor.penalize("p02", Fault.CONDUCT, "threats", sanction=Sanction.SUSPENSION)
    assert not harsher.override  # skipping steps is the director's right (POK-13-1)
