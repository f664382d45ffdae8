"""Tournament tables: balancing, breaking, the final table, newcomers and replacements.

Scenarios are written out seat by seat: tables are drawn by hand (``start(draw)``) and
the hands that bust players are dealt from rigged decks, so every move is exact.
"""

from __future__ import annotations

import dataclasses

import pytest

from croupier.engine import Action, ForcedKind, Hand
from croupier.errors import ConfigurationError
from croupier.room.tournament import (
    Move,
    MoveReason,
    RegistrationError,
    Tournament,
    pokcomm_freezeout,
    tournament_preset,
)
from croupier.table import Waiting
from test_tournament import (
    deal,
    make,
    names,
    passive,
    play_hand,
    posted,
    seats_of,
    transfer,
)

WEAK = ("7c2d", "8c3d", "9c4d", "Tc5d", "Jc6h", "Qc2h", "Kc3h")
BOARD = "AdKsQh5s6h"  # AsAh wins with three aces; none of WEAK makes a straight or a flush


def showdown(t: Tournament, table: int, winner: str, losers: list[str]) -> Hand:
    """A hand at ``table`` where ``losers`` and ``winner`` go all-in and ``winner``'s aces
    take everything; everyone else folds. Returns the finished hand (not yet settled)."""
    assert all(t.stack(winner) >= t.stack(p) for p in losers), "the winner must cover them"
    holes = {winner: "AsAh"} | dict(zip(losers, WEAK, strict=False))
    hand = deal(t, table, holes, BOARD)
    seat_of = {s.seat: s.player for s in hand.seats}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        elif seat_of[seat] in holes:
            hand.act(seat, Action.all_in() if legal.all_in is not None else Action.call())
        else:
            hand.act(seat, Action.check() if legal.check else Action.fold())
    return hand


def two_tables(config: str = "pokcomm") -> Tournament:
    """14 players: p01-p07 at table 1 seats 1-7, p08-p14 at table 2 seats 1-7; one quiet
    hand played at each table (table 1: button 5, big blind 7; table 2: button 1, big
    blind 3 under pokcomm)."""
    draw = {p: (1, k + 1) for k, p in enumerate(names(7))}
    draw |= {p: (2, k + 1) for k, p in enumerate(names(14)[7:])}
    t, _ = make(config, 14, draw=draw)
    play_hand(t, 1)
    play_hand(t, 2)
    return t


# ---------------------------------------------------------------------------- balance


@pytest.mark.rule("POK-7-1", "POK-7-7", "ITA-14", "ITA-2")
def test_two_players_apart_the_next_big_blind_moves_to_the_same_position() -> None:
    t = two_tables()
    assert t.table(1).positions.big_blind == 7 and t.table(2).positions.big_blind == 3
    next_big_blind = t.table(1).plan().positions.big_blind
    assert seats_of(t, 1)[next_big_blind] == "p01"  # seat 1 would post the next big blind
    # table 2, next hand: button 2, small blind 3, big blind 4; p12 (seat 5) and p13
    # (seat 6) bust against p08
    hand = showdown(t, 2, "p08", ["p12", "p13"])
    assert posted(hand)[4, ForcedKind.BIG_BLIND] == 50
    report = t.finish_hand(2)
    assert set(report.eliminated) == {"p12", "p13"}
    # 7 against 5: table 1 gives p01, who would be its next big blind (POK-7-7), to the
    # free seat of table 2 first after its last big blind (seat 4): seat 5 (ITA-14)
    assert report.moves == (Move("p01", 1, 1, 2, 5, MoveReason.BALANCE),)
    assert t.tables == {1: 6, 2: 6}
    # ... where he is the big blind of the very next hand, as he would have been at table 1
    nxt = t.start_hand(2)
    assert posted(nxt)[5, ForcedKind.BIG_BLIND] == 50
    assert t.table(2).seats[5].player == "p01"


@pytest.mark.rule("POK-7-1")
def test_one_player_apart_is_not_balanced() -> None:
    t = two_tables()
    showdown(t, 2, "p08", ["p12"])
    report = t.finish_hand(2)
    assert report.eliminated == ("p12",) and report.moves == ()
    assert t.tables == {1: 7, 2: 6}


@pytest.mark.rule("ITA-14")
def test_italian_balancing_moves_the_player_closest_to_the_big_blind() -> None:
    t = two_tables("italian")
    assert t.table(1).plan().positions.big_blind == 4  # p04 is closest to the big blind
    showdown(t, 2, "p09", ["p12", "p13"])  # p09 won the blinds of the first hand
    [move] = t.finish_hand(2).moves
    assert t.table(2).positions.big_blind == 3
    # to the matching position at table 2: the first free seat after its big blind (3);
    # seat 4 is taken, seats 5 and 6 were freed: seat 5, next in line for the big blind
    assert move == Move("p04", 1, 4, 2, 5, MoveReason.BALANCE)
    nxt = t.table(2).plan()
    assert (nxt.positions.big_blind, nxt.seats[-1].seat) == (4, 7)
    assert t.tables == {1: 6, 2: 6}


@pytest.mark.rule("POK-7-1")
def test_balancing_waits_until_the_long_table_is_between_hands() -> None:
    t = two_tables()
    busy = t.start_hand(1)  # table 1, the long table, is playing
    showdown(t, 2, "p08", ["p12", "p13"])
    report = t.finish_hand(2)
    assert report.moves == () and t.tables == {1: 7, 2: 5}
    passive(busy)
    assert t.finish_hand(1).moves == (Move("p02", 1, 2, 2, 5, MoveReason.BALANCE),)
    assert t.max_difference <= 1


@pytest.mark.rule("ITA-16")
def test_a_moved_player_is_seated_and_dealt_in_at_once() -> None:
    t = two_tables()
    showdown(t, 2, "p08", ["p12", "p13"])
    [move] = t.finish_hand(2).moves
    assert t.seat_of(move.player) == (2, move.to_seat)
    assert move.player not in seats_of(t, 1).values()
    hand = t.start_hand(2)
    assert move.player in {s.player for s in hand.seats if not s.absent}


# ----------------------------------------------------------------------------- breaks


def three_tables(config: str = "pokcomm", seed: int = 1) -> Tournament:
    """21 players at three tables of seven, seats 1-7: p01-p07, p08-p14, p15-p21."""
    draw = {p: (1 + k // 7, 1 + k % 7) for k, p in enumerate(names(21))}
    t, _ = make(config, 21, draw=draw, seed=seed)
    for n in (1, 2, 3):
        play_hand(t, n)
    return t


@pytest.mark.rule("ITA-15", "POK-7-2")
def test_the_last_table_breaks_when_the_free_seats_elsewhere_equal_its_players() -> None:
    t = three_tables()
    assert t.tables == {1: 7, 2: 7, 3: 7}  # 6 free seats at tables 1 and 2 for 7: no break
    before = {n: seats_of(t, n) for n in (1, 2)}
    showdown(t, 3, "p15", ["p16"])  # 7, 7, 6: the 6 free seats equal table 3's players
    report = t.finish_hand(3)
    assert t.tables == {1: 10, 2: 10} and t.table_numbers() == [1, 2]
    assert all(m.reason is MoveReason.BREAK and m.from_table == 3 for m in report.moves)
    assert {m.player for m in report.moves} == {"p15", "p17", "p18", "p19", "p20", "p21"}
    # drawn into the free seats only: the players of tables 1 and 2 keep theirs (POK-7-2)
    for n in (1, 2):
        assert {s: p for s, p in seats_of(t, n).items() if s in before[n]} == before[n]
    assert report.moves == (
        Move("p21", 3, 7, 2, 8, MoveReason.BREAK),
        Move("p15", 3, 1, 1, 8, MoveReason.BREAK),
        Move("p18", 3, 4, 2, 9, MoveReason.BREAK),
        Move("p17", 3, 3, 1, 10, MoveReason.BREAK),
        Move("p19", 3, 5, 1, 9, MoveReason.BREAK),
        Move("p20", 3, 6, 2, 10, MoveReason.BREAK),
    )


@pytest.mark.rule("POK-7-10")
def test_a_player_moved_from_a_broken_table_may_pay_the_big_blind_again() -> None:
    t = three_tables(seed=2)
    assert seats_of(t, 3)[t.table(3).plan().positions.big_blind] == "p18"
    hand = showdown(t, 3, "p17", ["p15"])  # p18 posts the big blind; table 3 then breaks
    assert posted(hand)[4, ForcedKind.BIG_BLIND] == 50  # seat 4 is p18
    report = t.finish_hand(3)
    assert Move("p18", 3, 4, 1, 8, MoveReason.BREAK) in report.moves
    # drawn into the seat that gets table 1's next big blind: he posts it again at once
    nxt = t.start_hand(1)
    assert posted(nxt)[8, ForcedKind.BIG_BLIND] == 50
    assert t.table(1).seats[8].player == "p18"


@pytest.mark.rule("POK-7-2")
def test_the_final_table_is_fully_redrawn() -> None:
    draw = {p: (1 + k // 6, 1 + k % 6) for k, p in enumerate(names(11))}
    t, _ = make("pokcomm", 11, draw=draw)
    play_hand(t, 2)
    showdown(t, 1, "p01", ["p02"])
    report = t.finish_hand(1)
    assert t.table_numbers() == [1] and t.tables == {1: 10}
    assert t.table(1).name == "final table"
    assert {m.reason for m in report.moves} == {MoveReason.FINAL_TABLE}
    assert sorted(m.player for m in report.moves) == sorted(set(names(11)) - {"p02"})
    assert report.moves == (
        Move("p06", 1, 6, 1, 1, MoveReason.FINAL_TABLE),
        Move("p05", 1, 5, 1, 2, MoveReason.FINAL_TABLE),
        Move("p08", 2, 2, 1, 3, MoveReason.FINAL_TABLE),
        Move("p07", 2, 1, 1, 4, MoveReason.FINAL_TABLE),
        Move("p11", 2, 5, 1, 5, MoveReason.FINAL_TABLE),
        Move("p04", 1, 4, 1, 6, MoveReason.FINAL_TABLE),
        Move("p10", 2, 4, 1, 7, MoveReason.FINAL_TABLE),
        Move("p09", 2, 3, 1, 8, MoveReason.FINAL_TABLE),
        Move("p01", 1, 1, 1, 9, MoveReason.FINAL_TABLE),
        Move("p03", 1, 3, 1, 10, MoveReason.FINAL_TABLE),
    )
    hand = t.start_hand(1)  # a new table: a new draw for the button
    assert t.table(1).draw is not None and len(hand.seats) == 10


def test_the_final_table_waits_for_every_table_to_finish_its_hand() -> None:
    draw = {p: (1 + k // 6, 1 + k % 6) for k, p in enumerate(names(11))}
    t, _ = make("pokcomm", 11, draw=draw)
    busy = t.start_hand(2)
    showdown(t, 1, "p01", ["p02"])
    assert t.finish_hand(1).moves == ()
    assert t.why_not(1) == "the final table is about to be drawn (POK-7-2)"
    passive(busy)
    assert len(t.finish_hand(2).moves) == 10 and t.tables == {1: 10}


@pytest.mark.rule("ITA-15")
def test_italian_final_table_breaks_the_last_table_into_the_free_seats() -> None:
    draw = {p: (1 + k // 6, 1 + k % 6) for k, p in enumerate(names(11))}
    t, _ = make("italian", 11, draw=draw)
    play_hand(t, 2)
    showdown(t, 1, "p01", ["p02"])  # table 1 keeps five; table 2's five fill its seats
    report = t.finish_hand(1)
    assert t.tables == {1: 10}
    assert {m.reason for m in report.moves} == {MoveReason.BREAK}
    assert {m.player for m in report.moves} == set(names(11)[6:])
    assert {seats_of(t, 1)[s] for s in (1, 3, 4, 5, 6)} == {"p01", "p03", "p04", "p05", "p06"}


# ------------------------------------------------------------------- newcomers, busts


@pytest.mark.rule("POK-7-9", "POK-7-8")
def test_a_player_replacing_another_takes_over_his_position_at_once() -> None:
    def scenario(replacement: bool) -> tuple[Tournament, int, int]:
        base = tournament_preset("pokcomm")
        cfg = base.but(
            structure=pokcomm_freezeout(late_levels=1),
            options=dataclasses.replace(base.options, replacement_takes_position=replacement),
        )
        draw = {p: (1 + k // 6, 1 + k % 6) for k, p in enumerate(names(12))}
        t, _ = make(cfg, 12, draw=draw)
        play_hand(t, 2)
        play_hand(t, 1)
        pos = t.table(1).plan().positions
        seats = seats_of(t, 1)
        victim = seats[pos.small_blind]
        winner = next(p for s, p in sorted(seats.items()) if s not in (pos.small_blind,))
        transfer(t, next(p for p in seats.values() if p not in (victim, winner)), winner, 100)
        showdown(t, 1, winner, [victim])  # the small blind busts
        t.finish_hand(1)
        assert t.tables == {1: 5, 2: 6}
        return t, pos.button, pos.small_blind

    t, button, small = scenario(True)
    assert small == button % 10 + 1  # no free seat between the dealer and the small blind
    # the nearest free seat left of the dealer is the small blind's, vacated in the last
    # hand (POK-7-8): the late entrant replaces that player and is the next button (POK-7-9)
    t.register("late", adult=True)
    assert t.seat_of("late") == (1, small)
    plan = t.table(1).plan()
    assert plan.positions.button == small
    assert small in {s.seat for s in plan.seats}  # dealt in at once, on the button
    assert plan.waiting == ()

    # without POK-7-9 (TDA R8, ITA-24) the same newcomer on the button waits for it to pass
    other, _, small = scenario(False)
    other.register("late", adult=True)
    assert other.seat_of("late") == (1, small)
    plan = other.table(1).plan()
    assert small not in {s.seat for s in plan.seats}
    assert plan.waiting == ((small, Waiting.BUTTON),)


@pytest.mark.rule("POK-7-13")
def test_an_eliminated_player_leaves_the_table_and_is_never_seated_again() -> None:
    t = two_tables()
    showdown(t, 2, "p08", ["p12"])
    t.finish_hand(2)
    assert "p12" not in seats_of(t, 2).values()
    assert "p12" not in t.players()
    with pytest.raises(ConfigurationError, match="not seated"):
        t.table_of("p12")
    with pytest.raises(RegistrationError, match="registration closed"):
        t.register("p12", adult=True)
    [finish] = t.finishes()
    assert finish.player == "p12" and finish.place == 14
