"""Live tournaments: the floor enters busts, chip counts and the button; croupier runs the
clock, balancing, breaking, the final table, the places and the payouts."""

from __future__ import annotations

import dataclasses
import random

import pytest

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament import (
    BustRanking,
    Fault,
    Floor,
    KnockOut,
    LiveTournament,
    ManualClock,
    Move,
    MoveReason,
    TournamentConfig,
    tournament_preset,
)
from test_tournament import names


def live(
    config: TournamentConfig | str = "pokcomm",
    players: int = 14,
    per_table: int = 7,
) -> tuple[LiveTournament, ManualClock]:
    """``players`` seated in order, ``per_table`` a table, seats from 1."""
    cfg = tournament_preset(config) if isinstance(config, str) else config
    clock = ManualClock()
    t = LiveTournament(cfg, clock=clock, rng=random.Random(9))
    for p in names(players):
        t.register(p, adult=True)
    t.start({p: (1 + k // per_table, 1 + k % per_table) for k, p in enumerate(names(players))})
    return t, clock


def places(t: LiveTournament) -> list[tuple[int, str, int]]:
    return [(f.place, f.player, f.shared) for f in t.finishes()]


@pytest.mark.rule("POK-1-3", "ITA-2")
def test_croupier_draws_the_seats_of_a_live_event() -> None:
    t = LiveTournament(tournament_preset("italian"), clock=ManualClock(), rng=random.Random(1))
    for p in names(25):
        t.register(p, adult=True)
    draw = t.start()
    assert sorted(t.tables.values()) == [8, 8, 9]
    assert {t.table_map(n).seats[s] for n, s in draw.values()} == set(names(25))
    assert t.status()["players"] == 25 and t.status()["blinds"] == "25/50"


@pytest.mark.rule("POK-7-1", "POK-7-7", "ITA-14")
def test_live_balancing_tells_the_floor_to_move_the_next_big_blind() -> None:
    t, _ = live()
    t.set_button(1, 3)  # table 1's next hand: button 3, small blind 4, big blind 5
    t.set_button(2, 6)  # table 2's next hand: button 6, small blind 7
    assert t.bust("p10") == []  # 7 against 6
    moves = t.bust("p11")  # 7 against 5
    # p05 (seat 5) would post table 1's next big blind (POK-7-7); at table 2 the big blind
    # moves on from seat 7 (its last big blind, the next small blind) to the next player:
    # seat 8, the first free seat after 7, makes him that big blind (ITA-14)
    assert moves == [Move("p05", 1, 5, 2, 8, MoveReason.BALANCE)]
    assert t.table_map(2).seats[8] == "p05" and t.tables == {1: 6, 2: 6}


def test_live_breaking_and_the_final_table() -> None:
    t, _ = live(players=21, per_table=7)
    moves = t.bust("p21")
    assert t.tables == {1: 10, 2: 10} and {m.reason for m in moves} == {MoveReason.BREAK}
    for p in names(10)[:9]:
        t.bust(p)
    final = t.bust("p10")
    assert t.tables == {1: 10} and {m.reason for m in final} == {MoveReason.FINAL_TABLE}


@pytest.mark.rule("POK-9-8")
def test_live_busts_in_one_hand_rank_by_the_stacks_the_floor_gives() -> None:
    t, _ = live()
    t.chip_count("p02", 3_000)
    t.bust(["p02", "p03"], starting_stacks={"p03": 4_000})  # p02 by his last count
    assert places(t) == [(13, "p03", 1), (14, "p02", 1)]
    with pytest.raises(ConfigurationError, match="one table at a time"):
        t.bust(["p04", "p10"])


def test_a_bust_entered_by_mistake_is_undone_and_later_places_move_up() -> None:
    config = tournament_preset("pokcomm").but(knockout=KnockOut(1_000))
    t, _ = live(config)
    t.bust("p03", eliminator="p01")
    t.bust("p11", eliminator="p12")
    assert places(t) == [(13, "p11", 1), (14, "p03", 1)]
    assert t.bounties is not None and t.bounties.won["p01"] == 1_000
    t.undo_bust("p03", stack=2_500)  # the floor entered the wrong player
    assert places(t) == [(14, "p11", 1)]
    assert t.seat_of("p03") == (1, 3) and t.stack("p03") == 2_500
    assert t.bounties.won["p01"] == 0 and t.bounties.head["p03"] == 1_000
    with pytest.raises(IllegalActionError, match="no bust to undo"):
        t.undo_bust("p03")


def test_undoing_the_last_bust_reopens_the_tournament() -> None:
    config = tournament_preset("pokcomm").but(knockout=KnockOut(500, progressive=True))
    t, _ = live(config, players=3, per_table=3)
    t.bust("p03", eliminator="p01")
    t.bust("p02", eliminator="p01")
    assert t.finished and t.winner == "p01"
    assert t.bounties is not None and t.bounties.won["p01"] == 250 + 250 + 1_000
    t.undo_bust("p02")
    assert not t.finished and t.winner is None and t.remaining == 2
    assert t.bounties.won["p01"] == 250 and t.bounties.head["p01"] == 750
    assert t.stack("p02") == 5_000  # his stack at the start of the hand he did not lose
    t.bust("p02", eliminator="p01")
    assert t.finished and t.bounties.won["p01"] == 1_500


def test_live_hand_for_hand_ranks_the_busts_of_one_hand_together() -> None:
    base = tournament_preset("tda")
    config = base.but(
        options=dataclasses.replace(base.options, table_size=4, bust_ranking=BustRanking.SHARE),
        places=11,
    )
    t, _ = live(config, players=12, per_table=4)
    assert t.hand_for_hand and t.status()["hand_for_hand"]
    t.bust(["p01"])
    t.bust(["p05"])  # another table, the same hand
    assert places(t) == []
    t.close_hand()
    assert places(t) == [(11, "p01", 2), (11, "p05", 2)]
    assert not t.hand_for_hand


def test_live_chip_counts_and_penalties() -> None:
    t, _ = live()
    assert t.chip_discrepancy() == 0
    t.chip_count("p01", 7_000)  # p01 won 2,000 from players not yet recounted
    assert t.chip_discrepancy() == -2_000
    t.chip_count("p02", 3_000)
    assert t.chip_discrepancy() == 0
    floor = Floor(t, director="anna")
    floor.disqualify("p02", Fault.CONDUCT, "threats")
    assert t.chips_removed == 3_000 and t.chip_discrepancy() == 0
    floor.suspend("p04", 1, Fault.TIME_ABUSE, "stalling")
    assert t.is_absent("p04") and t.suspension_left("p04") == 6  # 6 at his table now
    for _ in range(6):
        t.hand_played(1)
    assert not t.is_absent("p04")
    with pytest.raises(IllegalActionError, match="live tournament"):
        floor.void_hand(1, "misdeal")


def test_a_live_event_pays_its_places() -> None:
    t, _ = live(players=10, per_table=10)
    for p in names(10)[1:]:
        t.bust(p, eliminator="p01")
    assert t.finished and t.winner == "p01"
    results = t.results()
    assert [r.player for r in results] == ["p01", *reversed(names(10)[1:])]
    assert sum(r.prize for r in results) == t.prize_pool().total == 10 * 2_000
    assert results[0].prize > results[1].prize > 0


@pytest.mark.rule("POK-7-7", "ITA-15")
def test_the_public_next_big_blind_rearrange_and_break_table() -> None:
    """What the server calls: ``next_big_blind``, ``rearrange`` and ``break_table`` (the
    floor breaks a table of its choice; its players are drawn into the free seats)."""
    t, _ = live(players=21, per_table=7)
    t.set_button(1, 3)
    assert t.next_big_blind(1) == "p05"
    assert t.rearrange() == []  # balanced: nothing moves
    with pytest.raises(ValueError, match="no such table"):
        t.break_table(9)
    with pytest.raises(ValueError, match="6 free seats for its 7 players"):
        t.break_table(3)
    moves = t.bust("p15")  # 20 players fit two tables of ten: one is broken (ITA-15)
    assert {m.reason for m in moves} == {MoveReason.BREAK} and len(t.tables) == 2
    t2, _ = live(players=4, per_table=4)
    with pytest.raises(ValueError, match="the last table"):
        t2.break_table(1)
