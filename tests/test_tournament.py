"""Tournaments (issue 6): registration, the seat draw, formats, the structure and the clock.

The helpers at the top are shared by the other ``test_tournament_*`` files. Every
tournament here runs on a :class:`ManualClock` and a seeded ``random.Random`` so that
the draws and shuffles are the same on every run; hands that matter are dealt from
rigged decks.
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Mapping

import pytest

from _hands import assert_conserved, rigged_deck
from croupier.engine import Action, ForcedKind, Hand, Posted
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament import (
    AddOn,
    Break,
    Level,
    LevelClock,
    ManualClock,
    Rebuy,
    RegistrationError,
    Structure,
    Tournament,
    TournamentConfig,
    pokcomm_freezeout,
    tournament_preset,
)
from croupier.room.tournament.seating import draw_seats
from croupier.rules import AnteKind, pokcomm

# ----------------------------------------------------------------------------- helpers


def names(n: int) -> list[str]:
    """``p01`` ... ``pNN``."""
    return [f"p{k:02d}" for k in range(1, n + 1)]


def make(
    config: TournamentConfig | str = "pokcomm",
    players: int | list[str] = 10,
    *,
    draw: Mapping[str, tuple[int, int]] | None = None,
    seed: int = 1,
    start: bool = True,
) -> tuple[Tournament, ManualClock]:
    """A tournament of ``players`` on a manual clock, started (with ``draw`` if given)."""
    cfg = tournament_preset(config) if isinstance(config, str) else config
    clock = ManualClock()
    t = Tournament(cfg, clock=clock, rng=random.Random(seed))
    for p in names(players) if isinstance(players, int) else players:
        t.register(p, adult=True)
    if start:
        t.start(draw)
    return t, clock


def seats_of(t: Tournament, table: int) -> dict[int, str]:
    """Seat -> player at ``table``."""
    return {s: ts.player for s, ts in t.table(table).seats.items()}


def deal(t: Tournament, table: int, holes: Mapping[str, str], board: str = "") -> Hand:
    """Start the next hand at ``table`` with ``holes`` (player -> "AsAh") and ``board``."""
    tab = t.table(table)
    plan = tab.plan()
    by_seat = {tab.seat_of(p): cards for p, cards in holes.items()}
    deck = rigged_deck(
        tab.next_rules(), list(plan.seats), plan.positions.button, by_seat, board, plan.forced
    )
    return t.start_hand(table, deck=deck)


def all_in(hand: Hand) -> None:
    """Everyone to act goes all-in or calls, then the hand is run out."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        elif legal.all_in is not None:
            hand.act(seat, Action.all_in())
        elif legal.call is not None:
            hand.act(seat, Action.call())
        else:
            hand.act(seat, Action.check())
    assert_conserved(hand)


def passive(hand: Hand) -> None:
    """Everyone folds to the big blind (or checks when free)."""
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        legal = hand.legal_actions()
        if legal.show:
            hand.act(seat, Action.show())
        elif legal.check:
            hand.act(seat, Action.check())
        else:
            hand.act(seat, Action.fold())
    assert_conserved(hand)


def play_hand(t: Tournament, table: int) -> Hand:
    """Deal and play a quiet hand at ``table`` (folds to the big blind) and settle it."""
    hand = t.start_hand(table)
    passive(hand)
    t.finish_hand(table)
    return hand


def transfer(t: Tournament, giver: str, taker: str, amount: int) -> None:
    """Move chips between two players of one table between hands (the total is kept)."""
    tab = t.table(t.table_of(giver))
    assert t.table_of(taker) == t.table_of(giver)
    tab.set_stack(giver, t.stack(giver) - amount)
    tab.set_stack(taker, t.stack(taker) + amount)


def posted(hand: Hand) -> dict[tuple[int, ForcedKind], int]:
    """(seat, kind) -> amount of every forced bet of ``hand``."""
    return {(e.seat, e.kind): e.amount for e in hand.events if isinstance(e, Posted)}


# ------------------------------------------------------------------------ registration


@pytest.mark.rule("POK-1-2")
def test_a_registration_without_the_adult_confirmation_is_refused() -> None:
    t, _ = make(players=0, start=False)
    with pytest.raises(RegistrationError, match=r"minors are not accepted \(POK-1-2\)"):
        t.register("kid", adult=False)
    assert "kid" not in t.registry
    t.register("ann", adult=True)
    assert t.registry.players == ["ann"]
    with pytest.raises(RegistrationError, match="already registered"):
        t.register("ann", adult=True)


# ----------------------------------------------------------------------------- draw


@pytest.mark.rule("POK-1-3", "ITA-2")
def test_seats_are_drawn_with_a_secure_source_unless_a_generator_is_injected() -> None:
    t = Tournament(tournament_preset("pokcomm"))
    assert isinstance(t.rng, secrets.SystemRandom)
    one = draw_seats(names(30), table_size=10, rng=random.Random(5))
    again = draw_seats(names(30), table_size=10, rng=random.Random(5))
    other = draw_seats(names(30), table_size=10, rng=random.Random(6))
    assert one == again != other


@pytest.mark.rule("POK-1-3", "ITA-2")
def test_the_draw_gives_every_player_every_table_and_seat_alike() -> None:
    rng = random.Random(11)
    tables: Counter[tuple[str, int]] = Counter()
    seats: Counter[int] = Counter()
    for _ in range(400):
        draw = draw_seats(names(20), table_size=10, rng=rng)
        for player, (table, seat) in draw.items():
            tables[player, table] += 1
            seats[seat] += 1
    # each of 20 players lands at each of 2 tables about 200 times in 400 draws
    assert all(140 < tables[p, n] < 260 for p in names(20) for n in (1, 2))
    assert all(650 < seats[s] < 950 for s in range(1, 11))  # 8,000 seats over 10


@pytest.mark.rule("ITA-1", "POK-1-3", "ITA-2")
def test_tables_of_ten_no_two_tables_a_player_apart_more_than_one() -> None:
    t, _ = make(players=103)
    assert len(t.tables) == 11
    assert sorted(set(t.tables.values())) == [9, 10]
    assert all(t.table(n).size == 10 for n in t.table_numbers())
    draw = {p: t.seat_of(p) for p in t.players()}
    assert len(set(draw.values())) == 103


@pytest.mark.rule("POK-1-4")
def test_every_entrant_gets_the_same_stack() -> None:
    t, _ = make(players=23)
    assert {t.stack(p) for p in t.players()} == {5_000}
    assert t.chips_in_play() == t.chips_expected() == 23 * 5_000


# --------------------------------------------------------------------------- formats


@pytest.mark.rule("POK-6-1")
def test_a_freezeout_has_no_rebuy_and_no_add_on() -> None:
    t, _ = make(players=4)
    assert t.config.freezeout
    with pytest.raises(IllegalActionError, match=r"no rebuys \(POK-6-1"):
        t.rebuy("p01")
    with pytest.raises(IllegalActionError, match=r"no add-on \(POK-6-1"):
        t.add_on("p01")
    holes = {"p01": "AsAh", "p02": "7c2d", "p03": "8c3d", "p04": "9c4d"}
    hand = deal(t, 1, holes, "AdKcQh5s6h")
    all_in(hand)
    report = t.finish_hand(1)
    assert sorted(report.eliminated) == ["p02", "p03", "p04"] and not report.may_rebuy
    assert t.finished and t.winner == "p01"  # the busted are out at once
    assert t.chips_issued == 4 * 5_000


@pytest.mark.rule("POK-6-2")
def test_double_stack_starts_with_ten_thousand_against_five_for_the_freezeout() -> None:
    assert tournament_preset("pokcomm").starting_stack == 5_000
    assert tournament_preset("pokcomm-double").starting_stack == 10_000
    single, _ = make("pokcomm", 12)
    double, _ = make("pokcomm-double", 12)
    assert {single.stack(p) for p in single.players()} == {5_000}
    assert {double.stack(p) for p in double.players()} == {10_000}
    # the same schedule of blinds
    assert [lv.stakes for lv in tournament_preset("pokcomm").structure.levels] == [
        lv.stakes for lv in tournament_preset("pokcomm-double").structure.levels
    ]


def test_rebuys_and_the_add_on_are_options() -> None:
    config = tournament_preset("pokcomm").but(
        rebuy=Rebuy(until_level=2, stack=5_000, price=2_000, max_rebuys=1),
        add_on=AddOn(after_level=2, stack=8_000, price=2_000),
    )
    t, clock = make(config, 3, draw={"p01": (1, 1), "p02": (1, 2), "p03": (1, 3)})
    with pytest.raises(IllegalActionError, match="at most 0"):
        t.rebuy("p01")  # 5,000 chips: above the threshold of 0 (busted only)
    hand = deal(t, 1, {"p01": "2c7d", "p02": "AsAh", "p03": "KsKh"}, "2h8dTcJs4s")
    all_in(hand)
    report = t.finish_hand(1)
    assert report.may_rebuy == ("p01", "p03") and report.eliminated == ()
    assert t.remaining == 3 and t.finishes() == []
    t.decline_rebuy("p03")
    assert [(f.place, f.player) for f in t.finishes()] == [(3, "p03")]
    t.rebuy("p01")
    assert t.stack("p01") == 5_000 and t.seat_of("p01") == (1, 1)
    assert t.registry["p01"].rebuys == 1
    assert not t.can_rebuy("p01")  # at most one
    clock.advance(40 * 60)  # past level 2: the rebuy period is over
    assert not t.rebuy_open
    assert t.add_on_open  # level 3 follows level 2 with no break between
    before = t.stack("p02")
    t.add_on("p02")
    assert t.stack("p02") == before + 8_000
    with pytest.raises(IllegalActionError, match="already taken"):
        t.add_on("p02")
    assert t.chips_in_play() == t.chips_expected() == 3 * 5_000 + 5_000 + 8_000
    pool = t.prize_pool()
    assert (pool.from_entries, pool.from_rebuys, pool.from_add_ons) == (6_000, 2_000, 2_000)
    assert t.remaining == 2 and not t.finished


def test_a_busted_player_who_declines_to_rebuy_is_ranked_when_he_busted() -> None:
    config = tournament_preset("pokcomm-rebuy")
    t, _ = make(config, 3, draw={"p01": (1, 1), "p02": (1, 2), "p03": (1, 3)})
    transfer(t, "p01", "p02", 1_000)  # p01 4,000, p02 6,000, p03 5,000
    hand = deal(t, 1, {"p01": "2c7d", "p02": "AsAh", "p03": "KsKh"}, "2h8dTcJs4s")
    all_in(hand)
    assert t.finish_hand(1).may_rebuy == ("p01", "p03")
    t.decline_rebuy("p01")
    t.decline_rebuy("p03")
    assert t.finished and t.winner == "p02"
    assert [(f.place, f.player) for f in t.finishes()] == [(1, "p02"), (2, "p03"), (3, "p01")]


# ------------------------------------------------------------------ structure, clock


def test_the_clock_pauses_resumes_and_takes_added_or_removed_time() -> None:
    clock = ManualClock()
    structure = Structure("s", 1_000, (Level(10, 20, minutes=10), Break(5), Level(20, 40)))
    levels = LevelClock(structure, clock)
    levels.start()
    clock.advance(6 * 60)
    assert levels.remaining() == 4 * 60
    levels.pause()
    clock.advance(3_600)  # nothing elapses while paused
    assert levels.remaining() == 4 * 60 and levels.level_number == 1
    levels.resume()
    levels.add_time(60)
    clock.advance(4 * 60)
    assert levels.remaining() == 60 and not levels.on_break
    levels.remove_time(30)
    assert levels.remaining() == 30
    clock.advance(30)
    assert levels.on_break and levels.level_number == 1  # a break keeps the level before it
    levels.next_period()
    assert levels.level_number == 2 and str(levels.level) == "20/40"
    assert levels.remaining() == float("inf")  # the last level lasts to the end
    with pytest.raises(IllegalActionError):
        levels.resume()


@pytest.mark.rule("POK-7-4", "ITA-6")
def test_a_new_level_applies_from_the_next_hand_not_yet_started() -> None:
    t, clock = make(players=12, draw={p: (1 + k % 2, 1 + k // 2) for k, p in enumerate(names(12))})
    first = t.start_hand(1)
    assert t.clock.level_number == 1
    clock.advance(20 * 60)  # level 2 (50/100) begins while table 1 plays
    hand_2 = t.start_hand(2)  # table 2 had not started: its next hand is at level 2
    assert sorted(posted(hand_2).values()) == [50, 100]
    assert sorted(posted(first).values()) == [25, 50]
    passive(first)
    passive(hand_2)
    t.finish_hand(1)
    t.finish_hand(2)
    assert sorted(posted(first).values()) == [25, 50]  # the hand in progress kept its blinds
    assert sorted(posted(play_hand(t, 1)).values()) == [50, 100]


@pytest.mark.rule("ITA-6")
def test_the_italian_schedule_raises_blinds_and_brings_every_player_an_ante() -> None:
    config = tournament_preset("italian")
    levels = config.structure.levels
    assert all(lv.big_blind == 2 * lv.small_blind for lv in levels)  # ITA-4
    assert levels[0].ante == 0 and levels[3].ante == 25
    assert config.structure.ante_kind is AnteKind.EVERY_PLAYER
    t, clock = make(config, 4, draw={p: (1, k + 1) for k, p in enumerate(names(4))})
    clock.advance(3 * 20 * 60)  # level 4: 100/200 ante 25
    hand = t.start_hand(1)
    antes = [a for (_, kind), a in posted(hand).items() if kind is ForcedKind.ANTE]
    assert antes == [25] * 4
    assert sorted(a for (_, k), a in posted(hand).items() if k is not ForcedKind.ANTE) == [
        100,
        200,
    ]


def test_no_hand_starts_during_a_break() -> None:
    t, clock = make(players=3)
    clock.advance(6 * 20 * 60)  # six levels, then the first break
    assert t.clock.on_break
    assert t.why_not(1) == "the tournament is on a break"
    with pytest.raises(IllegalActionError, match="break"):
        t.start_hand(1)
    clock.advance(10 * 60)
    assert t.can_start(1) and t.clock.level_number == 7


def test_a_structure_is_checked() -> None:
    with pytest.raises(ConfigurationError, match="do not go down"):
        Structure("s", 1_000, (Level(50, 100), Level(25, 50)))
    with pytest.raises(ConfigurationError, match="ends with a level"):
        Structure("s", 1_000, (Level(50, 100), Break()))
    with pytest.raises(ConfigurationError, match="say who pays"):
        Structure("s", 1_000, (Level(50, 100, 10),), AnteKind.NONE)
    with pytest.raises(ConfigurationError, match="not a tournament preset"):
        TournamentConfig(
            "cash", lambda sb, bb: pokcomm(sb, bb).but(tournament=False), pokcomm_freezeout()
        )


# --------------------------------------------------------------- late registration


@pytest.mark.rule("POK-7-8")
def test_a_late_entrant_sits_at_the_nearest_free_seat_left_of_the_dealer() -> None:
    config = tournament_preset("pokcomm").but(structure=pokcomm_freezeout(late_levels=2))
    draw = {p: (1, s) for p, s in zip(names(5), (1, 3, 5, 7, 9), strict=True)}
    draw |= {p: (2, s) for p, s in zip(names(11)[5:], (1, 2, 3, 4, 5, 6), strict=True)}
    t, clock = make(config, names(11), draw=draw)
    hand = play_hand(t, 1)
    button = hand.button
    free = [s for s in range(1, 11) if s not in seats_of(t, 1)]
    expected = next((s for s in free if s > button), free[0])
    clock.advance(25 * 60)  # level 2: late registration still open
    t.register("late", adult=True)
    assert t.seat_of("late") == (1, expected)  # table 1 is the shorter (5 against 6)
    assert t.stack("late") == 5_000 and t.registry["late"].late
    assert t.standings.entrants == 12 and t.chips_expected() == 12 * 5_000
    clock.advance(20 * 60)  # level 3: closed
    with pytest.raises(RegistrationError, match="closed at the end of level 2"):
        t.register("later", adult=True)


def test_late_entrants_open_a_table_when_every_seat_is_taken() -> None:
    config = tournament_preset("tda").but(structure=pokcomm_freezeout(late_levels=1))
    t, _ = make(config, 10)
    assert t.tables == {1: 10}
    t.register("late", adult=True)
    assert t.tables == {1: 5, 2: 6} or t.tables == {1: 6, 2: 5}  # and balanced at once
    assert t.chips_in_play() == t.chips_expected() == 11 * 5_000


# --------------------------------------------------------------------- absent players


@pytest.mark.rule("POK-3-1")
def test_absent_players_are_blinded_and_removed_at_the_end_of_level_one() -> None:
    clock = ManualClock()
    t = Tournament(tournament_preset("pokcomm"), clock=clock, rng=random.Random(3))
    for p in names(4):
        t.register(p, adult=True, arrived=p not in ("p03", "p04"))
    t.start({p: (1, k + 1) for k, p in enumerate(names(4))})
    hand = t.start_hand(1)
    # dealt in, forced bets taken, the hand killed before the first betting round
    away = {t.table(1).seat_of(p) for p in ("p03", "p04")}
    assert {s.seat for s in hand.seats} >= away
    assert all(hand.is_folded(s) for s in away)
    passive(hand)
    t.finish_hand(1)
    t.arrive("p03")  # arrives during level 1: plays from now on
    clock.advance(20 * 60)
    play_hand(t, 1)  # the end of level 1 is seen at the next hand's settlement
    assert t.players() == ["p01", "p02", "p03"]
    [out] = t.finishes()
    assert (out.player, out.place, out.bust.kind.value) == ("p04", 4, "no-show")
    assert t.chips_removed == out.bust.starting_stack > 0  # his chips leave play
    assert t.chips_in_play() == t.chips_expected() == 4 * 5_000 - t.chips_removed


@pytest.mark.rule("POK-3-1")
def test_a_late_entrant_not_yet_arrived_has_until_the_end_of_his_level() -> None:
    config = tournament_preset("pokcomm").but(structure=pokcomm_freezeout(late_levels=3))
    t, clock = make(config, 12)
    clock.advance(25 * 60)  # level 2
    t.register("late", adult=True, arrived=False)
    t.tick()
    assert "late" in t.players()  # level 1 is over, but he entered during level 2
    clock.advance(20 * 60)  # level 3
    t.tick()
    assert "late" not in t.players()
    assert t.standings.find("late").kind.value == "no-show"


def test_a_table_left_empty_by_no_shows_is_closed() -> None:
    clock = ManualClock()
    t = Tournament(tournament_preset("pokcomm"), clock=clock, rng=random.Random(3))
    for p in names(14):
        t.register(p, adult=True, arrived=p <= "p07")  # p08-p14 never come
    t.start({p: (1 + k // 7, 1 + k % 7) for k, p in enumerate(names(14))})
    assert t.why_not(2) == "every player at table 2 is away: nobody to deal to"
    with pytest.raises(IllegalActionError, match="nobody to deal to"):
        t.start_hand(2)
    play_hand(t, 1)
    clock.advance(20 * 60)
    play_hand(t, 1)  # level 1 is over: the seven no-shows are out, table 2 closes
    assert t.tables == {1: 7} and t.table_numbers() == [1]
    assert [f.player for f in t.finishes()] == names(14)[7:]
    assert {f.place for f in t.finishes()} == {8}  # equal stacks: they share the place
    assert t.chips_removed == 7 * 5_000  # never dealt a hand: their whole stacks
    assert t.chips_in_play() == t.chips_expected() == 7 * 5_000
