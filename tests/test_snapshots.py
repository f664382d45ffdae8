"""Snapshots for the server's crash recovery (issue 11): ``snapshot()`` is JSON-ready at any
moment, ``restore()`` rebuilds the very same state (a hand in progress replayed from its
events), the restored object goes on exactly as the original would, clocks resume where
they stood, and malformed snapshots are refused with a clear error."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from _room import seated_room
from croupier.engine import Action, Hand
from croupier.errors import ConfigurationError
from croupier.room.cash import AbsencePolicy, Account, Ledger, Room
from croupier.room.cash.ledger import EntryKind
from croupier.room.tournament import (
    Fault,
    Floor,
    KnockOut,
    LiveTournament,
    ManualClock,
    Tournament,
    tournament_preset,
)
from croupier.rules import casino_fr, tda
from croupier.table import Table
from test_tournament import names


def json_trip(data: dict[str, Any]) -> dict[str, Any]:
    text = json.dumps(data)
    back: dict[str, Any] = json.loads(text)
    assert back == data  # JSON-ready: nothing is lost on the way
    return back


def next_actions(hand: Hand, rng: random.Random, steps: int) -> list[tuple[int, Action]]:
    """The next ``steps`` decisions of a random player (drawn without changing ``hand``)."""
    out = []
    copy = Hand.replay(hand.events)
    for _ in range(steps):
        if copy.is_over:
            break
        legal = copy.legal_actions()
        seat = copy.to_act
        assert seat is not None
        if legal.show:
            action = Action.show()
        else:
            options = [Action.check() if legal.check else Action.call(), Action.fold()]
            if legal.min_raise_to is not None:
                options.append(Action.raise_to(legal.min_raise_to))
            action = rng.choice(options)
            if action.kind.value == "fold" and not legal.fold:
                action = options[0]
        copy.act(seat, action)
        out.append((seat, action))
    return out


# ----------------------------------------------------------------------- table


@pytest.mark.parametrize("moment", ["between", "during", "over"])
def test_a_table_restored_at_any_moment_goes_on_as_the_original(moment: str) -> None:
    table = Table(tda(50, 100, ante=100), rng=random.Random(5))
    for seat, stack in ((1, 3_000), (2, 5_000), (3, 2_000), (4, 800)):
        table.sit(f"p{seat}", stack, seat=seat)
    rng = random.Random(1)
    for _ in range(3):
        hand = table.start_hand()
        for seat, action in next_actions(hand, rng, 100):
            hand.act(seat, action)
        table.finish_hand()
    table.set_stakes(tda(100, 200, ante=200).stakes)
    table.leave("p4")
    if moment != "between":
        hand = table.start_hand()
        for seat, action in next_actions(hand, rng, 3 if moment == "during" else 100):
            hand.act(seat, action)
        table.leave("p1")  # dealt in: leaves after the hand
    twin = Table.restore(json_trip(table.snapshot()))
    assert twin.snapshot() == table.snapshot()
    for t in (table, twin):  # the same decisions, the same generator: the same future
        r = random.Random(9)
        for _ in range(3):
            if t.hand is None:
                t.start_hand()
            hand = t.hand
            assert hand is not None
            for seat, action in next_actions(hand, r, 100):
                hand.act(seat, action)
            t.finish_hand()
    assert twin.snapshot() == table.snapshot()


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: {},
        lambda d: {**d, "kind": "room"},
        lambda d: {**d, "version": 2},
        lambda d: {k: v for k, v in d.items() if k != "seats"},
        lambda d: {**d, "seats": [[1, "p1", "1000", *d["seats"][0][3:]]]},
        lambda d: {**d, "rules": {**d["rules"], "knob": 1}},
        lambda d: {**d, "hand": {**d["hand"], "events": [*d["hand"]["events"][:1], {"type": "x"}]}},
        lambda d: {
            **d,
            "hand": {**d["hand"], "events": d["hand"]["events"][:-3] + d["hand"]["events"][-1:]},
        },
    ],
)
def test_a_malformed_table_snapshot_is_refused(tamper: Any) -> None:
    table = Table(tda(), rng=random.Random(2))
    for seat in (1, 2, 3):
        table.sit(f"p{seat}", 1_000, seat=seat)
    hand = table.start_hand()
    hand.act(hand.to_act, Action.call())  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match="snapshot"):
        Table.restore(tamper(table.snapshot()))
    with pytest.raises(ConfigurationError, match="snapshot"):
        Table.restore("not a snapshot")  # type: ignore[arg-type]


# ------------------------------------------------------------------------ room


def call_down(hand: Hand) -> None:
    while not hand.is_over:
        legal = hand.legal_actions()
        seat = hand.to_act
        assert seat is not None
        if legal.show:
            hand.act(seat, Action.show())
        else:
            hand.act(seat, Action.call() if legal.call is not None else Action.check())


class Clock:
    def __init__(self) -> None:
        self.now = 1_000.0

    def __call__(self) -> float:
        return self.now


def busy_room() -> tuple[Room, Clock]:
    """A room with everything in it: sessions, a waiting list, an absence, set-aside chips,
    the orphan register, rake, and a hand in progress with a player leaving after it."""
    clock = Clock()
    room = Room(rng=random.Random(4), clock=clock, absence=AbsencePolicy(max_hands=1))
    room.open_table("t1", casino_fr("no-limit", 100, 200), seats=3)
    room.open_table("t2", casino_fr("no-limit", 100, 200), seats=6)
    for name in ("ann", "bob", "cy", "dee", "eve", "fay", "gus"):
        room.deposit(name, 100_000)
    for name in ("ann", "bob", "cy"):
        room.join(name, "t1", 10_000)
    for name in ("dee", "eve", "gus"):
        room.join(name, "t2", 10_000)
    room.register("fay", table="t1", buy_in=8_000)
    room.set_answering("fay", False)
    room.step_away("cy")
    for _ in range(2):  # cy misses two hands: his chips are set aside
        call_down(room.start_hand("t1"))
        room.finish_hand("t1")
    assert room.check().set_aside == 10_000 and room.check().house > 0
    room.step_away("eve")
    room.announce_close("t2", 1)
    hand = room.start_hand("t2")
    hand.act(hand.to_act, Action.call())  # type: ignore[arg-type]
    room.leave("dee")  # dealt in: cashed out when the hand is settled
    return room, clock


def test_a_room_restored_in_the_middle_of_a_hand_is_the_same_room() -> None:
    room, clock = busy_room()
    twin = Room.restore(json_trip(room.snapshot()), clock=clock)
    assert twin.snapshot() == room.snapshot()
    assert twin.check() == room.check()
    twin.ledger.audit()  # the restored balances are the opening balances of its audit
    for r in (room, twin):
        hand = r.table("t2").hand
        assert hand is not None
        while not hand.is_over:
            hand.act(hand.to_act, Action.fold() if hand.legal_actions().fold else Action.check())  # type: ignore[arg-type]
        r.finish_hand("t2")  # the session's last hand: everyone cashed out, orphans
        r.set_answering("fay", True)
        r.fill("t1")
    assert twin.snapshot() == room.snapshot()
    assert twin.ledger.entries == room.ledger.entries[-len(twin.ledger.entries) :]
    assert twin.balance("dee") == room.balance("dee") > 90_000
    assert room.ledger.balance(Account.orphan("eve")) == 0  # eve was cashed out at the close


def test_absences_resume_where_they_stood() -> None:
    clock = Clock()
    room = seated_room(
        casino_fr("no-limit", 100, 200),
        {"ann": 10_000, "bob": 10_000, "cy": 10_000},
        absence=AbsencePolicy(max_hands=None, max_seconds=600),
        clock=clock,
    )
    room.step_away("cy")
    clock.now += 500
    data = json_trip(room.snapshot())
    clock.now += 3_600  # the server was down an hour
    twin = Room.restore(data, clock=clock)
    assert twin.enforce_absence() == []  # 500 s away so far: the hour does not count
    clock.now += 101
    assert [s.player for s in twin.enforce_absence()] == ["cy"]


def test_a_room_snapshot_that_disagrees_with_itself_is_refused() -> None:
    room, _ = busy_room()
    data = room.snapshot()
    data["ledger"]["balances"] = [
        [k, p, t, a + 1 if (k, p) == ("seat", "ann") else a]
        for k, p, t, a in data["ledger"]["balances"]
    ]
    with pytest.raises(ConfigurationError, match="room snapshot"):
        Room.restore(data)


def test_a_ledger_keeps_its_last_entries_and_still_audits() -> None:
    ledger = Ledger(keep=3)
    for k in range(10):
        ledger.deposit("ann", 100 + k)
        ledger.transfer(EntryKind.BUY_IN, Account.cashier("ann"), Account.seat("ann", "t1"), 50)
    assert len(ledger) == 20 and [e.number for e in ledger.entries] == [18, 19, 20]
    assert ledger.audit().seats == 500
    again = Ledger.restore(json_trip(ledger.snapshot()))
    again.deposit("bob", 5)
    assert again.entries[0].number == 21 and again.audit().balanced


def test_a_ledger_forgets_the_accounts_it_emptied() -> None:
    """A room running for weeks sees new players every day and a prize pool a tournament:
    an account back at zero is not kept (it reads 0), so the balances stay as many as the
    accounts holding money (issue 22: nothing grows with every player ever seen)."""
    ledger = Ledger(keep=5)
    for k in range(300):
        player, table = f"p{k}", f"t{k % 7}"
        ledger.deposit(player, 1_000)
        ledger.transfer(EntryKind.BUY_IN, Account.cashier(player), Account.seat(player, table), 600)
        ledger.transfer(
            EntryKind.CASH_OUT, Account.seat(player, table), Account.cashier(player), 600
        )
        ledger.withdraw(player, 1_000 if k % 2 else 400)
    rows = ledger.snapshot()["balances"]
    kept = {(kind, player) for kind, player, _, _ in rows}
    assert kept == {("outside", "")} | {("player", f"p{k}") for k in range(0, 300, 2)}
    assert (
        ledger.balance(Account.seat("p3", "t3")) == 0
        and ledger.balance(Account.cashier("p4")) == 600
    )
    assert len(ledger._opening) <= len(kept) + 5 * 2  # what the entries let go of, not more
    assert ledger.audit().accounts == 150 * 600
    again = Ledger.restore(json_trip(ledger.snapshot()))
    assert again.snapshot()["balances"] == rows and again.audit().balanced


# ------------------------------------------------------------------ tournaments


def push_or_fold(hand: Hand, rng: random.Random) -> Action:
    legal = hand.legal_actions()
    if legal.show:
        return Action.show()
    if legal.all_in is not None and rng.random() < 0.3:
        return Action.all_in()
    if legal.call is not None and rng.random() < 0.3:
        return Action.call()
    return Action.check() if legal.check else Action.fold()


def test_a_tournament_restored_mid_hand_goes_on_and_keeps_its_pending_decisions() -> None:
    config = tournament_preset("pokcomm").but(knockout=KnockOut(1_000, progressive=True))
    clock = ManualClock()
    t = Tournament(config, clock=clock, rng=random.Random(8))
    for p in names(30):
        t.register(p, adult=True, arrived=p != "p07")
    t.start()
    floor = Floor(t, director="anna")
    floor.warn("p02", Fault.CONDUCT, "language")
    rng = random.Random(3)
    for _ in range(2):
        t.play_round(lambda h, s: push_or_fold(h, rng))
        clock.advance(400)
    first, *_, last = t.table_numbers()
    hand = t.start_hand(last)
    hand.act(hand.to_act, Action.call())  # type: ignore[arg-type]
    data = json_trip({"t": t.snapshot(), "floor": floor.snapshot()})
    twin = Tournament.restore(data["t"], clock=clock)
    twin_floor = Floor.restore(data["floor"], twin)
    assert twin.snapshot() == t.snapshot() and twin_floor.log == floor.log
    for x, f in ((t, floor), (twin, twin_floor)):
        assert f.pots(first) == floor.pots(first)  # a decision is still possible (POK-10-1)
        h = x.hand(last)
        assert h is not None
        while not h.is_over:
            h.act(h.to_act, Action.fold() if h.legal_actions().fold else Action.check())  # type: ignore[arg-type]
        x.finish_hand(last)
        clock_now = x.clock.level_number
        assert clock_now == t.clock.level_number
    assert twin.snapshot() == t.snapshot()


def test_the_level_clock_resumes_where_it_stood() -> None:
    clock = ManualClock()
    t = Tournament(tournament_preset("tda"), clock=clock, rng=random.Random(1))
    for p in names(4):
        t.register(p, adult=True)
    t.start()
    clock.advance(300)
    left = t.clock.remaining()
    data = json_trip(t.snapshot())
    clock.advance(10_000)  # down for hours: the level does not run meanwhile
    twin = Tournament.restore(data, clock=clock)
    assert twin.clock.remaining() == left and twin.clock.level_number == 1


def test_a_live_tournament_restored_keeps_its_counts_kept_apart_and_its_busts() -> None:
    clock = ManualClock()
    config = tournament_preset("tda").but(knockout=KnockOut(500))
    live = LiveTournament(config, clock=clock, rng=random.Random(6))
    for p in names(12):
        live.register(p, adult=True)
    live.start({p: (1 + k // 6, 1 + k % 6) for k, p in enumerate(names(12))})
    live.bust("p03", eliminator="p01")
    live.chip_count("p02", 12_000)
    data = json_trip(live.snapshot())
    twin = LiveTournament.restore(data, clock=clock)
    assert twin.snapshot() == live.snapshot()
    assert twin.pending_counts() == {"p02": 12_000} and twin.chip_discrepancy() == 8_000
    for x in (live, twin):
        assert x.chip_counts({"p01": 18_000}).applied  # 10,000 + p03's 10,000 - 2,000
        x.undo_bust("p03", stack=1)
    assert twin.snapshot() == live.snapshot()


@pytest.mark.parametrize("cls", [Tournament, LiveTournament])
def test_a_malformed_tournament_snapshot_is_refused(cls: Any) -> None:
    t = cls(tournament_preset("pokcomm"), clock=ManualClock(), rng=random.Random(1))
    for p in names(3):
        t.register(p, adult=True)
    t.start()
    data = t.snapshot()
    for bad in ({}, {**data, "version": 9}, {**data, "where": "x"}, {**data, "config": {}}):
        with pytest.raises(ConfigurationError, match="snapshot"):
            cls.restore(bad, clock=ManualClock())
