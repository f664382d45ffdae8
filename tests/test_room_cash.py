"""The cash-game room (layer C of seeds 001 and 003): sessions, buy-ins, rebuys, table stakes,
the waiting list, seats, absences and the orphan register, closing a game, and the rake as
the ledger records it. Amounts are in cents."""

from __future__ import annotations

import secrets

import pytest

from _room import deal, player_to_act, raise_then_check_down, seated_room, snapshot
from croupier.engine import Action, Awarded, Hand
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.cash import (
    AbsencePolicy,
    Account,
    AccountKind,
    EntryKind,
    Room,
    SessionLockedError,
    SessionStatus,
)
from croupier.rules import Stakes, casino_fr, pokerkings, tda

THREE = {"ann": 10_000, "bob": 10_000, "cy": 10_000}


def cas(version: str = "no-limit", sb: int = 100, bb: int = 200) -> object:
    return casino_fr(version, sb, bb)


def refused(room: Room, operation: object, error: type = IllegalActionError) -> str:
    """Assert ``operation()`` is refused and changes nothing; return the message."""
    before = snapshot(room)
    with pytest.raises(error) as info:
        operation()  # type: ignore[operator]
    assert snapshot(room) == before
    room.check()
    return str(info.value)


# ------------------------------------------------------------------------------- PKG: online room


@pytest.mark.rule("PKG-2")
@pytest.mark.parametrize(
    ("lower", "upper", "minimum"),
    [(100, 200, 1_000), (200, 400, 2_000), (1_500, 3_000, 15_000)],  # 1-2 EUR: 10 EUR (the seed)
)
def test_pkg2_the_minimum_buy_in_is_ten_times_the_lower_limit(
    lower: int, upper: int, minimum: int
) -> None:
    room = seated_room(pokerkings(lower, upper, euro=100), {})
    assert room.info("t1").min_buy_in == minimum
    room.deposit("ann", 100_000)
    message = refused(room, lambda: room.join("ann", "t1", minimum - 1))
    assert f"minimum buy-in at table t1 is {minimum // 100:,}.00 €" in message
    assert "PKG-2" in message
    room.join("ann", "t1", minimum)  # the posted amount is enough
    assert room.seat("ann").stack == minimum
    assert room.balance("ann") == 100_000 - minimum


@pytest.mark.rule("PKG-2")
def test_pkg2_players_buy_in_before_they_play_the_buy_in_is_posted() -> None:
    room = seated_room(pokerkings(100, 200, euro=100), {"ann": 1_000, "bob": 2_500})
    info = room.info("t1")
    assert (info.min_buy_in, info.small_blind, info.big_blind) == (1_000, 50, 100)
    assert "buy-in 10.00 € to 100.00 €, rebuy up to 100.00 €" in info.lines()
    hand = room.start_hand("t1")
    assert {s.player: s.stack for s in hand.seats} == {"ann": 1_000, "bob": 2_500}


@pytest.mark.rule("CAS-28", "CAS-5")
def test_a_table_of_six_seats_posts_six_players_not_the_rules_maximum() -> None:
    room = seated_room(casino_fr("no-limit", 100, 200), {"ann": 40_000, "bob": 40_000}, seats=6)
    assert room.info("t1").max_players == 6
    assert "at most 6 players" in room.info("t1").lines()[1]


@pytest.mark.rule("PKG-23")
def test_pkg23_at_most_ten_players_and_stakes_written_lower_upper() -> None:
    room = seated_room(pokerkings(1_500, 3_000, euro=100), {f"p{k}": 15_000 for k in range(10)})
    info = room.info("t1")
    assert (info.stakes, info.max_players, info.version) == ("15-30", 10, "fixed-limit")
    assert "pokerkings fixed-limit 15-30, at most 10 players" in info.lines()
    assert room.info("t1").small_blind == 700  # PKG-4: 15-30 has a small blind of 7 EUR
    room.deposit("eleventh", 100_000)
    message = refused(room, lambda: room.join("eleventh", "t1", 15_000))
    assert "full (10 players" in message and "waiting list" in message
    with pytest.raises(ConfigurationError, match="2 to 10 seats"):
        Room().open_table("t2", pokerkings(100, 200, euro=100), seats=11)
    assert seated_room(pokerkings(100, 200, euro=100), {}).info("t1").stakes == "1-2"


# ----------------------------------------------------------------------- CAS-6, CAS-7: seats


@pytest.mark.rule("CAS-6")
def test_cas6_a_player_never_changes_seats_himself() -> None:
    room = seated_room(cas(), THREE)
    seat = room.seat("ann").seat
    free = room.table("t1").free_seats()[0]
    message = refused(room, lambda: room.change_seat("ann", free))
    assert "ann may not change seats" in message and "floor only (CAS-6)" in message
    assert room.seat("ann").seat == seat


@pytest.mark.rule("CAS-6")
def test_cas6_the_floor_moves_a_player_between_hands_only() -> None:
    room = seated_room(cas(), THREE)
    hand = room.start_hand("t1")
    free = room.table("t1").free_seats()[0]
    message = refused(room, lambda: room.floor_move("ann", seat=free))
    assert "between hands only (CAS-6)" in message
    raise_then_check_down(hand)
    room.finish_hand("t1")
    stack = room.seat("ann").stack
    target = room.table("t1").free_seats()[-1]
    assert room.floor_move("ann", seat=target) == target
    assert (room.seat("ann").seat, room.seat("ann").stack) == (target, stack)
    room.check()


@pytest.mark.rule("CAS-6")
def test_cas6_the_floor_moves_a_player_to_another_table_of_the_same_stakes() -> None:
    room = seated_room(cas(), THREE)
    room.open_table("t2", cas())
    room.open_table("t3", cas("pot-limit"))
    stack = room.seat("bob").stack
    message = refused(room, lambda: room.floor_move("bob", table="t3"))
    assert "plays casino-fr pot-limit 1-2" in message
    room.floor_move("bob", table="t2")
    assert room.where("bob") == "t2" and room.seat("bob").stack == stack
    assert room.ledger.entries[-1].kind is EntryKind.MOVE
    assert room.ledger.balance(Account.seat("bob", "t2")) == stack
    assert room.ledger.balance(Account.seat("bob", "t1")) == 0
    room.check()


@pytest.mark.rule("CAS-7")
def test_cas7_names_are_called_in_order_of_registration_absent_names_skipped() -> None:
    room = seated_room(cas(), {f"p{k}": 10_000 for k in range(10)})
    for name in ("una", "vic", "wes", "xia"):
        room.deposit(name, 50_000)
    room.register("una", table="t1")
    room.register("vic", stakes="casino-fr no-limit 1-2", buy_in=20_000)  # any table at 1-2
    room.register("wes", table="t1")
    room.register("xia", table="t1")
    assert room.call_waiting("t1").registration is None  # the table is full: nobody called
    room.leave("p0")
    room.leave("p1")
    room.set_answering("una", False)  # una does not answer: skipped, keeps her place
    called = room.call_waiting("t1")
    assert called.registration is not None and called.registration.player == "vic"
    assert [r.player for r in called.skipped] == ["una"]
    assert room.seat("vic").stack == 20_000  # bought in for what he registered with
    room.set_answering("una", True)
    assert room.call_waiting("t1").registration.player == "una"  # type: ignore[union-attr]
    assert room.seat("una").stack == room.info("t1").min_buy_in
    assert [r.player for r in room.waiting] == ["wes", "xia"]


@pytest.mark.rule("CAS-7")
def test_cas7_nobody_jumps_the_waiting_list() -> None:
    room = seated_room(cas(), {"ann": 10_000})
    room.deposit("bob", 50_000)
    room.deposit("cy", 50_000)
    room.register("bob", table="t1")
    message = refused(room, lambda: room.join("cy", "t1", 10_000))
    assert "1 players are waiting for table t1" in message and "(CAS-7)" in message
    assert [r.player for r in room.fill("t1")] == ["bob"]
    room.join("cy", "t1", 10_000)


@pytest.mark.rule("CAS-7")
def test_cas7_the_floor_draws_the_seat_at_random() -> None:
    def seats(seed: int) -> list[int]:
        room = seated_room(cas(), {f"p{k}": 10_000 for k in range(5)}, seed=seed)
        return [room.seat(f"p{k}").seat for k in range(5)]

    assert seats(3) == seats(3)  # an injected seeded generator replays the draw
    draws = {tuple(seats(seed)) for seed in range(30)}
    assert len(draws) > 20  # not first-free-seat: the draws differ
    firsts = {d[0] for d in draws}
    assert len(firsts) >= 6
    assert isinstance(Room().rng, secrets.SystemRandom)  # secure by default


# ------------------------------------------------------------------------------- CAS-8: absence


@pytest.mark.rule("CAS-8")
def test_cas8_a_player_steps_away_and_comes_back_with_his_chips() -> None:
    room = seated_room(cas(), THREE, absence=AbsencePolicy(max_hands=3))
    room.step_away("cy")
    for _ in range(2):
        hand = room.start_hand("t1")
        assert "cy" not in {s.player for s in hand.seats}  # not dealt in while away
        raise_then_check_down(hand)
        room.finish_hand("t1")
    assert room.seat("cy").stack == 10_000 and room.where("cy") == "t1"
    room.come_back("cy", post=True)
    dealt = []
    for _ in range(3):  # dealt in at once, or when the button has passed (PKG-20)
        hand = room.start_hand("t1")
        dealt.append("cy" in {s.player for s in hand.seats})
        raise_then_check_down(hand)
        room.finish_hand("t1")
    assert dealt[-1] and room.seat("cy").stack != 10_000


@pytest.mark.rule("CAS-8")
def test_cas8_past_the_maximum_the_chips_are_set_aside_and_the_seat_freed() -> None:
    room = seated_room(cas(), {**THREE, "dee": 12_345}, absence=AbsencePolicy(max_hands=3))
    seat = room.seat("dee").seat
    room.step_away("dee")
    for played in range(3):
        assert room.where("dee") == "t1", played
        raise_then_check_down(room.start_hand("t1"))
        room.finish_hand("t1")
    assert room.where("dee") is None and seat in room.table("t1").free_seats()
    assert room.set_asides[-1] == (("dee", "t1", 12_345, 3))
    assert room.ledger.balance(Account.set_aside("dee", "t1")) == 12_345
    assert room.claimable("dee") == 12_345
    room.deposit("eve", 50_000)
    room.register("eve", table="t1")
    assert room.fill("t1")[0].player == "eve"  # the freed seat goes to the waiting list
    assert room.claim("dee") == 12_345
    assert room.balance("dee") == 1_000_000 - 12_345 + 12_345
    room.check()


@pytest.mark.rule("CAS-8")
def test_cas8_the_maximum_can_be_time_on_an_injected_clock() -> None:
    now = [0.0]
    room = seated_room(
        cas(), THREE, absence=AbsencePolicy(max_hands=None, max_seconds=600), clock=lambda: now[0]
    )
    room.step_away("ann")
    now[0] = 600.0
    assert room.enforce_absence() == []  # exactly the maximum: still his seat
    now[0] = 600.5
    (aside,) = room.enforce_absence()
    assert aside.player == "ann" and aside.amount == 10_000 and room.where("ann") is None


@pytest.mark.rule("CAS-8")
def test_cas8_unclaimed_chips_go_to_the_orphan_register_and_stay_his() -> None:
    room = seated_room(cas(), {**THREE, "dee": 5_000}, absence=AbsencePolicy(max_hands=1))
    room.step_away("dee")
    raise_then_check_down(room.start_hand("t1"))
    room.finish_hand("t1")
    assert room.claimable("dee") == 5_000
    room.announce_close("t1")
    for _ in range(3):
        raise_then_check_down(room.start_hand("t1"))
        room.finish_hand("t1")
    assert room.session("t1").status is SessionStatus.CLOSED
    assert room.ledger.balance(Account.set_aside("dee", "t1")) == 0
    assert room.ledger.balance(Account.orphan("dee")) == 5_000
    assert room.ledger.totals().orphans == 5_000
    assert room.ledger.entries[-1].kind is EntryKind.ORPHAN
    room.open_table("t1", cas())  # a later session: the orphan register keeps his chips
    assert room.claim("dee") == 5_000 and room.balance("dee") == 1_000_000
    assert room.ledger.totals().orphans == 0
    room.check()


def bust_ann(room: Room) -> None:
    """Ann (4,000) goes all-in with 2-3 against aces and loses everything."""
    hand = deal(room, {"ann": "2c3d", "bob": "AsAh", "cy": "KsKh"}, "AdKd9h8s4c")
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        if legal.show:
            hand.act(seat, Action.show())
        elif player_to_act(hand) == "ann" and legal.all_in is not None:
            hand.act(seat, Action.all_in())
        else:
            hand.act(seat, Action.check() if legal.check else Action.call())
    room.finish_hand("t1")
    assert room.seat("ann").stack == 0 and room.seat("bob").stack > 0


@pytest.mark.rule("CAS-8")
@pytest.mark.parametrize("rebuys", [True, False])
def test_cas8_a_player_without_chips_has_the_same_time_to_rebuy(rebuys: bool) -> None:
    players = {"ann": 4_000, "bob": 10_000, "cy": 10_000, "dee": 10_000}
    room = seated_room(cas(), players, seed=5, absence=AbsencePolicy(max_hands=2))
    bust_ann(room)
    seat = room.seat("ann").seat
    assert room.absences.get("ann").reason == "no-chips"  # type: ignore[union-attr]
    if rebuys:
        room.rebuy("ann", 4_000)  # in time: he is back in the game
        assert "ann" not in room.absences
    for _ in range(2):
        raise_then_check_down(room.start_hand("t1"))
        room.finish_hand("t1")
    if rebuys:
        assert room.where("ann") == "t1" and not room.seat("ann").sitting_out
    else:  # past the maximum: the seat is freed, nothing to set aside
        assert room.where("ann") is None and seat in room.table("t1").free_seats()
        assert room.set_asides[-1].amount == 0 and room.claimable("ann") == 0
    room.check()


# --------------------------------------------------------------- CAS-9, CAS-10, CAS-11: money


@pytest.mark.rule("CAS-9")
def test_cas9_no_credit_at_the_cashier() -> None:
    room = seated_room(cas(), {})
    room.deposit("ann", 5_000)
    message = refused(room, lambda: room.join("ann", "t1", 6_000))
    assert "ann has 50.00 € at the cashier" in message and "on credit (CAS-9)" in message
    room.join("ann", "t1", 5_000)
    assert "on credit (CAS-9)" in refused(room, lambda: room.rebuy("ann", 1))
    assert "cannot withdraw 0.01 €" in refused(room, lambda: room.withdraw("ann", 1))


@pytest.mark.rule("CAS-9")
def test_cas9_only_the_chips_on_the_table_play() -> None:
    room = seated_room(cas(), {"ann": 4_000, "bob": 20_000}, deposit=1_000_000)
    hand = deal(room, {"ann": "2c3d", "bob": "AsAh"}, "AdKd9h8s4c")
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        if legal.show:
            hand.act(seat, Action.show())
        elif legal.all_in is not None:
            hand.act(seat, Action.all_in())
        else:
            assert legal.call is None or legal.call <= 4_000  # never more than his stack
            hand.act(seat, Action.call())
        assert room.balance("ann") == 1_000_000 - 4_000  # the account never enters the hand
    room.finish_hand("t1")
    assert room.seat("ann").stack == 0 and room.seat("bob").stack > 20_000
    assert room.balance("ann") == 996_000
    room.check()


@pytest.mark.rule("CAS-10")
def test_cas10_the_house_sets_the_minimum_buy_in_for_the_session() -> None:
    room = seated_room(cas(), {}, min_buy_in=5_000, max_buy_in=30_000)
    room.deposit("ann", 100_000)
    message = refused(room, lambda: room.join("ann", "t1", 4_999))
    assert "minimum buy-in at table t1 is 50.00 € (CAS-10" in message
    assert "maximum buy-in at table t1 is 300.00 €" in refused(
        room, lambda: room.join("ann", "t1", 30_001)
    )
    message = refused(
        room, lambda: setattr(room.session("t1"), "min_buy_in", 100), SessionLockedError
    )
    assert "minimum buy-in of table t1 is fixed for the session at 50.00 €" in message
    room.join("ann", "t1", 5_000)
    assert room.info("t1").min_buy_in == 5_000


@pytest.mark.rule("CAS-10")
def test_cas10_a_player_with_no_chips_buys_in_again_for_the_minimum() -> None:
    room = seated_room(cas(), {"ann": 4_000, "bob": 20_000, "cy": 20_000}, seed=2)
    bust_ann(room)
    message = refused(room, lambda: room.rebuy("ann", 3_999))
    assert "at least the minimum 40.00 € (CAS-10)" in message
    assert room.rebuy("ann", 4_000) == 4_000


@pytest.mark.rule("CAS-11")
def test_cas11_rebuy_between_hands_up_to_the_house_maximum() -> None:
    room = seated_room(cas(), THREE, max_rebuy=5_000)
    assert room.rebuy("ann", 5_000) == 15_000
    message = refused(room, lambda: room.rebuy("ann", 5_001))
    assert "house maximum rebuy at table t1 is 50.00 € (CAS-11)" in message
    assert room.ledger.entries[-1].kind is EntryKind.REBUY
    assert room.ledger.balance(Account.seat("ann", "t1")) == 15_000


@pytest.mark.rule("CAS-11")
def test_cas11_never_a_rebuy_during_a_hand() -> None:
    room = seated_room(cas(), {**THREE, "dee": 10_000})
    room.step_away("dee")
    hand = room.start_hand("t1")
    for name in ("ann", "dee"):  # in the hand or not: the table is playing
        message = refused(room, lambda name=name: room.rebuy(name, 1_000))
        assert "no rebuy during a hand (CAS-11)" in message and "after it" in message
    with pytest.raises(IllegalActionError, match="CAS-11"):
        room.table("t1").add_chips("ann", 1_000)  # the table refuses it too
    raise_then_check_down(hand)
    room.finish_hand("t1")
    room.rebuy("ann", 1_000)
    room.check()


# ------------------------------------------------------------ CAS-24, CAS-26, CAS-25: sessions


@pytest.mark.rule("CAS-24", "CAS-26")
def test_cas24_the_terms_are_fixed_for_the_session() -> None:
    room = seated_room(casino_fr("pot-limit", 100, 200, option=True), THREE)
    session = room.session("t1")
    info = room.info("t1")
    assert (info.version, info.stakes, info.small_blind, info.big_blind, info.option) == (
        "pot-limit",
        "1-2",
        100,
        200,
        400,
    )
    assert (info.rake_rate, info.rake_step, info.min_buy_in, info.max_buy_in) == (
        "4%",
        10,
        4_000,
        40_000,
    )
    message = refused(room, lambda: session.change(rules=casino_fr("no-limit")), SessionLockedError)
    assert "version, stakes and rake of table t1 is fixed for the session" in message
    assert "casino-fr pot-limit 1-2" in message and "CAS-24, CAS-26" in message
    for term in ("min_buy_in", "max_buy_in", "max_rebuy"):
        refused(room, lambda term=term: session.change(**{term: 1}), SessionLockedError)
    message = refused(
        room, lambda: room.open_table("t1", casino_fr("no-limit")), SessionLockedError
    )
    assert "is in session (open)" in message
    room.table("t1").set_stakes(Stakes(200, 400))  # behind the room's back
    with pytest.raises(SessionLockedError, match="CAS-24"):
        room.start_hand("t1")
    assert room.info("t1") == info


@pytest.mark.rule("CAS-24")
def test_cas24_a_new_session_may_change_the_terms() -> None:
    room = seated_room(cas(), THREE)
    room.announce_close("t1")
    for _ in range(3):
        raise_then_check_down(room.start_hand("t1"))
        room.finish_hand("t1")
    session = room.open_table("t1", casino_fr("fixed-limit", 200, 400), min_buy_in=8_000)
    assert (session.number, session.info().version, session.min_buy_in) == (2, "fixed-limit", 8_000)
    assert room.info("t1").stakes == "4-8"  # limit games are written lower-upper


@pytest.mark.rule("CAS-25")
def test_cas25_the_last_three_hands_are_announced_then_play_stops() -> None:
    room = seated_room(cas(), THREE)
    raise_then_check_down(room.start_hand("t1"))
    room.finish_hand("t1")
    room.deposit("dee", 50_000)
    room.announce_close("t1")
    assert room.info("t1").hands_left == 3 and room.info("t1").status == "closing"
    assert "last hands: 3 to play (CAS-25)" in room.info("t1").lines()
    assert "no new players (CAS-25)" in refused(room, lambda: room.join("dee", "t1", 10_000))
    assert "already closing (3 hands left)" in refused(room, lambda: room.announce_close("t1"))
    assert "3 announced hands remain" in refused(room, lambda: room.close("t1"))
    for left in (2, 1):
        raise_then_check_down(room.start_hand("t1"))
        room.finish_hand("t1")
        assert room.info("t1").hands_left == left
    stacks = {name: room.seat(name).stack for name in THREE}
    before = {name: room.balance(name) for name in THREE}
    hand = room.start_hand("t1")
    raise_then_check_down(hand)
    room.finish_hand("t1")
    assert room.session("t1").status is SessionStatus.CLOSED
    message = refused(room, lambda: room.start_hand("t1"))
    assert "closed (CAS-25)" in message
    for name in THREE:  # everyone cashed out
        assert room.where(name) is None
        assert room.balance(name) == before[name] + stacks[name] + (
            hand.stacks[next(s.seat for s in hand.seats if s.player == name)] - stacks[name]
        )
    assert room.session("t1").hands_played == 4
    assert room.ledger.totals().seats == 0
    room.check()


@pytest.mark.rule("CAS-25")
def test_cas25_a_game_still_going_is_not_stopped_unannounced() -> None:
    room = seated_room(cas(), THREE)
    message = refused(room, lambda: room.close("t1"))
    assert "announce the last three hands first (CAS-25)" in message
    room.leave("bob")
    room.leave("cy")
    room.close("t1")  # one player left: the game had stopped (CAS-4)
    assert room.session("t1").status is SessionStatus.CLOSED and room.where("ann") is None


# ---------------------------------------------------------------------- CAS-23: the rake, booked


@pytest.mark.rule("CAS-23")
@pytest.mark.parametrize(
    ("players", "raise_to", "pot", "rake"),
    [
        (2, None, 100, 0),  # 4 cents: rounds down to nothing
        (3, None, 150, 10),  # 6 cents -> 10
        (2, 187, 374, 10),  # 14.96 cents -> 10
        (3, 125, 375, 20),  # 15 cents: the half rounds up
        (2, 188, 376, 20),  # 15.04 cents -> 20
        (2, 625, 1_250, 50),  # exactly 50 cents
    ],
)
def test_cas23_the_rake_of_each_hand_goes_to_the_table_house_box(
    players: int, raise_to: int | None, pot: int, rake: int
) -> None:
    names = ["ann", "bob", "cy"][:players]
    room = seated_room(casino_fr("no-limit", 25, 50), {n: 5_000 for n in names}, min_buy_in=1_000)
    holes = {"ann": "AsAh", "bob": "2c3d", "cy": "4c5d"}
    hand = deal(room, {n: holes[n] for n in names}, "KdQh9s8c7d")
    raise_then_check_down(hand, raise_to)
    assert sum(e.amount for e in hand.events if isinstance(e, Awarded)) + hand.rake == pot
    room.finish_hand("t1")
    assert hand.rake == rake
    assert room.ledger.balance(Account.house("t1")) == rake
    assert room.ledger.totals().house == rake and room.stats.rake == rake
    assert sum(room.seat(n).stack for n in names) == players * 5_000 - rake
    assert room.seat("ann").stack == 5_000 + pot - pot // players - rake
    entry = room.ledger.entries[-1]
    assert entry.kind is EntryKind.HAND and sum(v for _, v in entry.postings) == 0
    room.check()


@pytest.mark.rule("CAS-23")
def test_cas23_a_split_pot_is_raked_once_and_the_rest_split_exactly() -> None:
    room = seated_room(cas(), {n: 10_000 for n in ("ann", "bob", "cy", "dee")}, seed=4)
    hand = deal(
        room,
        {"ann": "AhKd", "bob": "AdKh", "cy": "AcKs", "dee": "3c4d"},
        "2c7d9hJcQs",
    )
    raise_then_check_down(hand)  # four calls of 2 EUR: pot 8 EUR, rake 32 cents -> 30
    room.finish_hand("t1")
    assert hand.rake == 30
    (award,) = [e for e in hand.events if isinstance(e, Awarded)]
    assert award.amount == 770 and sorted(s for _, s in award.shares) == [256, 256, 258]
    seat = {s.player: s.seat for s in hand.seats}
    first = min((p for p in ("ann", "bob", "cy")), key=lambda p: (seat[p] - hand.button - 1) % 100)
    assert room.seat(first).stack == 10_000 - 200 + 258  # the odd chips: first left of the button
    assert room.seat("dee").stack == 9_800
    assert room.ledger.balance(Account.house("t1")) == 30
    room.check()


@pytest.mark.rule("CAS-23")
def test_cas23_each_table_has_its_own_house_box() -> None:
    room = seated_room(cas(), THREE)
    room.open_table("t2", cas())
    for name in ("dee", "eve"):
        room.deposit(name, 50_000)
        room.join(name, "t2", 10_000)
    raise_then_check_down(room.start_hand("t1"), 500)  # 15 EUR: 60 cents
    room.finish_hand("t1")
    raise_then_check_down(room.start_hand("t2"))  # 4 EUR: 16 cents -> 20
    room.finish_hand("t2")
    assert room.ledger.accounts(AccountKind.HOUSE) == {
        Account.house("t1"): 60,
        Account.house("t2"): 20,
    }


def test_other_presets_take_no_rake_in_the_room() -> None:
    room = seated_room(pokerkings(100, 200, euro=100), {n: 5_000 for n in ("ann", "bob")})
    raise_then_check_down(room.start_hand("t1"))
    room.finish_hand("t1")
    assert room.ledger.totals().house == 0 and room.info("t1").rake_rate == "0%"
    assert "no rake" in room.info("t1").lines()


# ---------------------------------------------------------------------------- leaving, errors


def test_leaving_during_a_hand_pays_out_when_it_ends() -> None:
    room = seated_room(cas(), THREE)
    hand = room.start_hand("t1")
    name = player_to_act(hand)
    assert room.leave(name) == 0 and room.where(name) == "t1"
    room.check()
    raise_then_check_down(hand)
    stack = hand.stacks[next(s.seat for s in hand.seats if s.player == name)]
    room.finish_hand("t1")
    assert room.where(name) is None and room.balance(name) == 1_000_000 - 10_000 + stack
    assert room.ledger.entries[-1].kind is EntryKind.CASH_OUT
    room.check()


def test_a_voided_hand_moves_no_money() -> None:
    room = seated_room(cas(), THREE)
    hand = room.start_hand("t1")
    hand.act(hand.to_act, Action.call())  # type: ignore[arg-type]
    hand.void("misdeal")
    entries = len(room.ledger)
    room.finish_hand("t1")
    assert len(room.ledger) == entries and room.stats.hands == 0
    assert room.session("t1").hands_played == 0
    assert all(room.seat(n).stack == 10_000 for n in THREE)


def test_bad_operations_say_what_is_wrong() -> None:
    room = seated_room(cas(), THREE)
    room.deposit("dee", 50_000)
    assert "not seated at any table" in refused(room, lambda: room.rebuy("dee", 100))
    assert "already seated at table t1" in refused(room, lambda: room.join("ann", "t1", 5_000))
    assert "already seated at table t1" in refused(room, lambda: room.register("ann", table="t1"))
    assert "no table 't9'" in refused(
        room, lambda: room.join("dee", "t9", 5_000), ConfigurationError
    )
    assert "whole cents" in refused(room, lambda: room.join("dee", "t1", 50.5))  # type: ignore[arg-type]
    assert "deposit is a whole number" in refused(
        room, lambda: room.deposit("dee", 0), ConfigurationError
    )
    room.register("dee", table="t1")
    assert "already on the waiting list for table t1" in refused(
        room, lambda: room.register("dee", table="t1")
    )
    assert "CAS-25" in refused(room, lambda: room.close("t1"))
    with pytest.raises(ConfigurationError, match="tournament"):
        Room().open_table("t1", tda(50, 100))
    with pytest.raises(ConfigurationError, match="exceeds the maximum"):
        Room().open_table("t1", cas(), min_buy_in=5_000, max_buy_in=4_000)
    with pytest.raises(ConfigurationError, match="cover the largest blind"):
        Room().open_table("t1", cas(), min_buy_in=100)


def test_the_check_catches_chips_that_appear_from_nowhere() -> None:
    from croupier.room.cash import LedgerError

    room = seated_room(cas(), THREE)
    room.table("t1").set_stack("ann", 10_001)  # behind the ledger's back
    with pytest.raises(LedgerError, match="ann@t1: ledger 10000, table 10001"):
        room.check()
    room = seated_room(cas(), THREE)
    room.table("t1").sit("zed", 1_000)  # seated without buying in
    with pytest.raises(LedgerError, match="zed@t1: ledger 0, table 1000"):
        room.check()


def test_the_seeded_room_replays_exactly() -> None:
    def run(seed: int) -> list[object]:
        room = seated_room(cas(), THREE, seed=seed)
        out = []
        for _ in range(5):
            hand = room.start_hand("t1")
            raise_then_check_down(hand, 400)
            room.finish_hand("t1")
            out.append(hand.events)
        return out

    assert run(11) == run(11)
    assert run(11) != run(12)


def test_the_first_button_is_drawn_again_if_its_player_leaves_before_the_first_hand() -> None:
    room = seated_room(cas(), THREE)
    assert room.can_start("t1") and room.table("t1").draw is None  # asking draws nothing
    room.plan("t1")  # the draw for the button is made
    drawn = room.table("t1").draw
    assert drawn is not None
    gone = next(ts.player for ts in room.table("t1") if ts.seat == drawn.button)
    room.leave(gone)
    hand = room.start_hand("t1")
    assert gone not in {s.player for s in hand.seats} and len(hand.seats) == 2
    assert room.table("t1").draw.button in {s.seat for s in hand.seats}  # type: ignore[union-attr]


def test_the_doctests() -> None:
    import doctest

    from croupier.room.cash import absence, ledger, room, session, waiting

    for module in (absence, ledger, room, session, waiting):
        failures, tests = doctest.testmod(module)
        assert failures == 0 and tests > 0, module.__name__


@pytest.mark.rule("RRP-5")
def test_a_hand_awarded_again_moves_the_pot_between_seats_and_in_the_ledger() -> None:
    """casino-fr, heads-up: ann calls the river and mucks a set of kings (a misread) to
    bob's queens; bob asks to see them before the next deal: both live, ann takes the pot;
    ``Room.award_again`` moves it between the seats and in the ledger. If ann had left the
    table, the request would be refused, changing nothing."""
    for leaves in (False, True):
        room = seated_room(casino_fr("no-limit", 100, 200), {"ann": 20_000, "bob": 20_000})
        hand = deal(room, {"ann": "KcKh", "bob": "QsQd"}, "KdJc9s5h3d")
        while not hand.is_over:
            legal = hand.legal_actions()
            name = player_to_act(hand)
            if legal.show or legal.muck:
                hand.act(
                    legal.seat, Action.muck() if legal.muck and name == "ann" else Action.show()
                )
            elif legal.check:
                hand.act(legal.seat, Action.check())
            else:
                hand.act(legal.seat, Action.call())
        room.finish_hand("t1")
        seat = {s.player: s.seat for s in hand.seats}
        assert hand.has_mucked(seat["ann"])
        settled = hand.stacks
        if leaves:
            room.leave("ann")
        before = snapshot(room)
        trial = Hand.replay(hand.events)
        trial.ask_to_see(seat["bob"], seat["ann"])
        assert trial.stacks[seat["ann"]] > settled[seat["ann"]]
        if leaves:
            with pytest.raises(IllegalActionError, match="ann has left t1"):
                room.award_again("t1", trial, settled, check_only=True)
            assert snapshot(room) == before
            continue
        room.award_again("t1", trial, settled)
        assert room.table("t1").stacks == {
            "ann": trial.stacks[seat["ann"]],
            "bob": trial.stacks[seat["bob"]],
        }
        room.check()
