"""Eliminations: places (POK-9-8), hand-for-hand play at the bubble, the end of the
tournament (POK-1-4, ITA-17) and knock-out bounties (POK-6-3)."""

from __future__ import annotations

import dataclasses

import pytest

from croupier.engine import Awarded, Posted
from croupier.errors import IllegalActionError
from croupier.room.tournament import (
    BustRanking,
    KnockOut,
    Tournament,
    TournamentConfig,
    tournament_preset,
)
from test_tournament import all_in, deal, make, names, passive, transfer
from test_tournament_tables import showdown


def places(t: Tournament) -> list[tuple[int, str, int]]:
    """(place, player, players sharing the place) of every decided place."""
    return [(f.place, f.player, f.shared) for f in t.finishes()]


# ------------------------------------------------------------------------- POK-9-8


@pytest.mark.rule("POK-9-8")
def test_two_players_busting_in_one_hand_rank_by_their_stacks_at_its_start() -> None:
    t, _ = make("pokcomm", 6, draw={p: (1, k + 1) for k, p in enumerate(names(6))})
    transfer(t, "p02", "p01", 2_000)  # p02 starts the hand with 3,000, p03 with 5,000
    hand = showdown(t, 1, "p01", ["p02", "p03"])
    assert hand.starting_stacks[2] < hand.starting_stacks[3]
    report = t.finish_hand(1)
    assert set(report.eliminated) == {"p02", "p03"}
    assert places(t) == [(5, "p03", 1), (6, "p02", 1)]


@pytest.mark.rule("POK-9-8")
def test_three_players_busting_in_one_hand_rank_by_their_stacks_at_its_start() -> None:
    t, _ = make("pokcomm", 8, draw={p: (1, k + 1) for k, p in enumerate(names(8))})
    transfer(t, "p02", "p01", 1_000)  # p02: 4,000
    transfer(t, "p04", "p01", 3_000)  # p04: 2,000; p03 keeps 5,000
    showdown(t, 1, "p01", ["p04", "p02", "p03"])
    t.finish_hand(1)
    assert places(t) == [(6, "p03", 1), (7, "p02", 1), (8, "p04", 1)]
    # a later bust ranks above all three
    showdown(t, 1, "p01", ["p05"])
    t.finish_hand(1)
    assert places(t)[0] == (5, "p05", 1)


@pytest.mark.rule("POK-9-8")
def test_equal_starting_stacks_share_the_place() -> None:
    t, _ = make("pokcomm", 5, draw={p: (1, k + 1) for k, p in enumerate(names(5))})
    transfer(t, "p05", "p01", 100)
    showdown(t, 1, "p01", ["p02", "p03"])  # both start with 5,000
    t.finish_hand(1)
    assert places(t) == [(4, "p02", 2), (4, "p03", 2)]


# ------------------------------------------------------------------- hand-for-hand


def bubble(ranking: BustRanking) -> Tournament:
    """12 players at three tables of four, 11 places paid: hand-for-hand from the start."""
    base = tournament_preset("pokcomm")
    options = dataclasses.replace(base.options, table_size=4, bust_ranking=ranking)
    config = base.but(options=options, places=11)
    t, _ = make(config, 12, draw={p: (1 + k // 4, 1 + k % 4) for k, p in enumerate(names(12))})
    return t


@pytest.mark.parametrize("ranking", list(BustRanking))
def test_hand_for_hand_every_table_plays_one_hand_at_a_time(ranking: BustRanking) -> None:
    t = bubble(ranking)
    assert t.hand_for_hand and t.paid_places() == 11
    assert not t.clock.running  # paused: a fixed time comes off per hand (TDA RP-8)
    first = t.start_hand(1)
    passive(first)
    t.finish_hand(1)
    assert t.why_not(1) == "hand-for-hand: waiting for the other tables to finish their hand"
    with pytest.raises(IllegalActionError, match="hand-for-hand"):
        t.start_hand(1)
    for n in (2, 3):
        passive(t.start_hand(n))
        t.finish_hand(n)
    assert t.can_start(1)  # every table played: the next hand-for-hand hand
    assert t.clock.elapsed() == t.options.hand_for_hand_seconds


def bubble_busts(ranking: BustRanking) -> Tournament:
    """p02 (table 1, 3,000 chips) and p06 (table 2, 5,000) bust in the same hand-for-hand
    hand; the tables finish in the order 1, 2, 3."""
    t = bubble(ranking)
    transfer(t, "p02", "p01", 2_000)
    hands = {
        1: showdown(t, 1, "p01", ["p02"]),
        2: showdown(t, 2, "p05", ["p06"]),
        3: t.start_hand(3),
    }
    passive(hands[3])
    t.finish_hand(1)
    t.finish_hand(2)
    assert places(t) == []  # not ranked until every table has played the hand
    t.finish_hand(3)
    assert not t.hand_for_hand and t.clock.running  # in the money: the clock runs again
    return t


@pytest.mark.rule("POK-9-8")
def test_busts_of_one_hand_for_hand_hand_rank_by_starting_stack() -> None:
    t = bubble_busts(BustRanking.BY_STACK)
    assert places(t) == [(11, "p06", 1), (12, "p02", 1)]
    prizes = {r.player: r.prize for r in t.results()}
    assert prizes["p06"] == t.prize_amounts()[10] > 0 and prizes["p02"] == 0


def test_busts_of_one_hand_for_hand_hand_share_the_place_under_tda() -> None:
    t = bubble_busts(BustRanking.SHARE)
    assert places(t) == [(11, "p02", 2), (11, "p06", 2)]
    last = t.prize_amounts()[10]
    prizes = sorted(r.prize for r in t.results())
    assert prizes == [last // 2, last - last // 2]  # the 11th prize, split


def test_presets_choose_how_simultaneous_busts_rank() -> None:
    assert tournament_preset("pokcomm").options.bust_ranking is BustRanking.BY_STACK
    assert tournament_preset("tda").options.bust_ranking is BustRanking.SHARE
    assert tournament_preset("italian").options.bust_ranking is BustRanking.SHARE


# ---------------------------------------------------------------- end of the event


@pytest.mark.rule("ITA-17", "POK-1-4")
def test_the_tournament_ends_when_the_second_to_last_player_is_eliminated() -> None:
    t, _ = make("italian", 3, draw={p: (1, k + 1) for k, p in enumerate(names(3))})
    transfer(t, "p03", "p01", 1_000)
    showdown(t, 1, "p01", ["p02"])
    t.finish_hand(1)
    assert not t.finished and t.remaining == 2
    showdown(t, 1, "p01", ["p03"])
    report = t.finish_hand(1)
    assert report.finished and t.finished and t.winner == "p01"
    assert t.stack("p01") == t.chips_in_play() == t.chips_expected() == 30_000  # every chip
    assert places(t) == [(1, "p01", 1), (2, "p03", 1), (3, "p02", 1)]
    assert t.why_not(1) == "the tournament is finished"
    amounts = t.prize_amounts()
    assert [r.prize for r in t.results()] == amounts + [0] * (3 - len(amounts))
    assert sum(r.prize for r in t.results()) == t.prize_pool().total


# -------------------------------------------------------------------- knock-outs


def knockout(ko: KnockOut, players: int = 4) -> Tournament:
    config: TournamentConfig = tournament_preset("pokcomm").but(knockout=ko)
    t, _ = make(config, players, draw={p: (1, k + 1) for k, p in enumerate(names(players))})
    return t


@pytest.mark.rule("POK-6-3")
def test_a_knock_out_point_goes_to_the_player_who_takes_all_the_chips() -> None:
    t = knockout(KnockOut(1, points=True))
    transfer(t, "p04", "p01", 100)
    showdown(t, 1, "p01", ["p02", "p03"])
    t.finish_hand(1)
    assert t.bounties is not None
    assert t.bounties.won == {"p01": 2, "p02": 0, "p03": 0, "p04": 0}
    assert t.prize_pool().bounties == 0  # points are not money
    showdown(t, 1, "p01", ["p04"])
    t.finish_hand(1)
    assert t.finished and t.bounties.won["p01"] == 4  # three knock-outs and his own head
    assert [r.bounty for r in t.results()][:1] == [4]


@pytest.mark.rule("POK-6-3")
def test_with_side_pots_each_bust_is_credited_to_the_winner_of_his_last_chip() -> None:
    t = knockout(KnockOut(1_000))
    transfer(t, "p01", "p04", 4_000)  # p01: 1,000
    transfer(t, "p02", "p04", 3_500)  # p02: 1,500
    transfer(t, "p03", "p04", 2_000)  # p03: 3,000; p04: 14,500
    # p02 has the best hand but wins only up to 1,500; p04 the second best
    hand = deal(t, 1, {"p01": "JsJh", "p02": "AsAh", "p03": "QsQh", "p04": "KsKh"}, "2c7d9hTs3c")
    all_in(hand)
    report = t.finish_hand(1)
    assert set(report.eliminated) == {"p01", "p03"}
    assert t.standings.find("p01").eliminators == ("p02",)  # main pot, his last chip
    assert t.standings.find("p03").eliminators == ("p04",)  # the side pot above 1,500
    assert t.bounties is not None
    assert t.bounties.won["p02"] == 1_000 and t.bounties.won["p04"] == 1_000
    assert places(t) == [(3, "p03", 1), (4, "p01", 1)]  # POK-9-8: 3,000 above 1,000


@pytest.mark.rule("POK-6-3")
def test_a_split_pot_splits_the_bounty_and_a_progressive_one_goes_half_on_the_head() -> None:
    t = knockout(KnockOut(1_001, progressive=True), players=3)
    transfer(t, "p03", "p01", 1_000)
    transfer(t, "p03", "p02", 1_000)  # p03: 3,000, covered by both
    hand = deal(t, 1, {"p01": "AsKs", "p02": "AdKd", "p03": "7c2h"}, "QhJhTc2s3d")
    all_in(hand)  # p01 and p02 both have the ace-high straight
    t.finish_hand(1)
    assert t.standings.find("p03").eliminators in (("p01", "p02"), ("p02", "p01"))
    assert t.bounties is not None
    first, second = t.standings.find("p03").eliminators
    # 1,001 split 501 / 500 from the button's left; each share half collected (the odd
    # chip collected), half added to the eliminator's own head
    assert t.bounties.won[first] == 251 and t.bounties.head[first] == 1_001 + 250
    assert t.bounties.won[second] == 250 and t.bounties.head[second] == 1_001 + 250
    assert t.bounties.head["p03"] == 0
    assert t.prize_pool().bounties == 3 * 1_001


@pytest.mark.rule("POK-6-3")
def test_a_split_pot_gives_no_knock_out_point_under_pokcomm() -> None:
    """POK-6-3: the point goes to the player « qui prend la totalité des jetons »; p03's
    chips split between p01 and p02 went to nobody whole: no point (the pokcomm-ko
    preset's ``KnockOut(shared=False)``), and the point on his head is nobody's."""
    ko = tournament_preset("pokcomm-ko").knockout
    assert ko is not None and ko.points and not ko.shared
    t = knockout(ko, players=3)
    transfer(t, "p03", "p01", 1_000)
    transfer(t, "p03", "p02", 1_000)
    hand = deal(t, 1, {"p01": "AsKs", "p02": "AdKd", "p03": "7c2h"}, "QhJhTc2s3d")
    all_in(hand)  # p01 and p02 both have the ace-high straight
    t.finish_hand(1)
    assert len(t.standings.find("p03").eliminators) == 2
    assert t.bounties is not None
    assert t.bounties.won == {"p01": 0, "p02": 0, "p03": 0}
    assert t.bounties.head["p03"] == 0 and t.bounties.unclaimed == 1


@pytest.mark.rule("POK-6-3")
def test_a_short_big_blind_with_an_ante_does_not_hide_the_eliminator() -> None:
    config = tournament_preset("tda").but(knockout=KnockOut(100))
    t, clock = make(config, 3, draw={p: (1, k + 1) for k, p in enumerate(names(3))})
    clock.advance(3 * 20 * 60)  # level 4: 100/200, a big-blind ante of 200 (dead money)
    plan = t.table(1).plan()
    seats = {s.seat: s.player for s in plan.seats}
    big = seats[plan.positions.big_blind]
    x, y = (p for p in names(3) if p != big)
    transfer(t, big, y, t.stack(big) - 150)  # the big blind cannot cover blind and ante
    transfer(t, x, y, t.stack(x) - 2_000)
    hand = deal(t, 1, {big: "AsAh", y: "KsKh", x: "QsQh"}, "2c7d9hTs3c")
    # TDA RP-11 (2024): the big blind first, the ante from what is left (nothing)
    assert [(e.kind.value, e.amount) for e in hand.events if isinstance(e, Posted)] == [
        ("ante", 0),
        ("small-blind", 100),
        ("big-blind", 150),
    ]
    all_in(hand)
    assert [e.pot for e in hand.events if isinstance(e, Awarded)] == [1, 0]  # two pots
    t.finish_hand(1)
    # the big blind's aces win his 150 matched by each; x's queens lose to y's kings
    assert t.stack(big) == 450
    assert t.standings.find(x).eliminators == (y,)
    assert t.bounties is not None and t.bounties.won[y] == 100 and t.bounties.won[big] == 0
