"""Fuzzing the cash room (:class:`croupier.room.cash.Room`): every public operation, good
and bad, at every moment of the hands of one to three tables, with random players.

After every operation: ``room.check()`` (the ledger balances and every seat account holds
exactly its player's chips at the table, hand in progress included), the money deposited
minus the money withdrawn (counted here, independently) is what the room holds, and the
house boxes hold exactly the rake of the hands settled. Every few operations the ledger
is audited from its entries.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from croupier.errors import CroupierError
from croupier.room.cash import AbsencePolicy, Room
from croupier.room.fuzz._common import BAD_NUMBERS, FuzzReport, Op, Run, random_action, run_many
from croupier.room.fuzz.tables import RULES
from croupier.rules import Rules
from croupier.table import HandSettled

__all__ = ["RoomRun", "fuzz_rooms"]

CASH = ("pokerkings", "casino-fr-nl", "casino-fr-pl", "casino-fr-fl")
NAMES = tuple(f"p{k}" for k in range(1, 15))


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class RoomRun(Run[Room]):
    """One cash room under random operations."""

    target = "rooms"

    def build(self) -> Room:
        rng = self.rng
        self.clock = _Clock()
        policy = AbsencePolicy(
            max_hands=rng.choice([None, 0, 2, 5]), max_seconds=rng.choice([None, 120.0, 600.0])
        )
        room = Room(rng=random.Random(rng.getrandbits(64)), clock=self.clock, absence=policy)
        self.money = 0  # deposited minus withdrawn, counted here
        self.raked = 0
        self.rakes: dict[str, int] = {}
        for k in range(rng.randint(1, 3)):
            room.open_table(f"t{k + 1}", self._rules(), seats=rng.randint(2, 6))
        for name in rng.sample(NAMES, rng.randint(3, len(NAMES))):
            amount = rng.randint(5, 60) * 10_000
            room.deposit(name, amount)
            self.money += amount
            table = rng.choice(room.tables)
            session = room.session(table)
            if room.table(table).free_seats() and rng.random() < 0.7:
                buy_in = rng.randint(session.min_buy_in, min(session.max_buy_in, amount))
                room.join(name, table, buy_in)
        return room

    def _rules(self) -> Rules:
        return RULES[self.rng.choice(CASH)]()

    def snap(self, obj: Room) -> dict[str, Any]:
        return obj.snapshot()

    def restore(self, data: dict[str, Any]) -> Room:
        return Room.restore(data, clock=self.clock)

    # ---------------------------------------------------------- operations
    def _player(self) -> Any:
        r, rng = self.rng.random(), self.rng
        seated = [p for t in self.obj.tables for p in self.obj.table(t).players.values()]
        if seated and r < 0.6:
            return rng.choice(seated)
        if r < 0.95:
            return rng.choice(NAMES)
        return rng.choice([None, 3, "", "nobody"])

    def _table(self) -> Any:
        if self.rng.random() < 0.95:
            return self.rng.choice(self.obj.tables)
        return self.rng.choice(["t9", None, 1, ""])

    def _cents(self, low: int, high: int) -> tuple[Any, bool]:
        if self.rng.random() < 0.1:
            return self.rng.choice(BAD_NUMBERS), True
        return self.rng.randint(low, high), False

    def _book_money(self, delta: int) -> Callable[[object], None]:
        def book(_: object) -> None:
            self.money += delta

        return book

    def choose(self) -> Op:
        room, rng = self.obj, self.rng
        playing = [t for t in room.tables if room.table(t).in_hand]
        over = [t for t in room.tables if room.table(t).hand is not None and t not in playing]
        if playing and rng.random() < 0.7:
            return self._act(rng.choice(playing))
        if over and rng.random() < 0.5:
            return self._finish(rng.choice(over))
        closed = [t for t in room.tables if not room.session(t).can_deal]
        if closed and rng.random() < 0.3:
            name, rules = rng.choice(closed), self._rules()
            return Op(f"open_table({name!r})", lambda x: x.open_table(name, rules))
        ready = [t for t in room.tables if room.can_start(t)]
        if ready and rng.random() < 0.4:
            return self._start(rng.choice(ready))
        if rng.random() < 0.1:
            return self._start(self._table())
        if rng.random() < 0.15:
            return self._join()
        return self._other()

    def _join(self) -> Op:
        room, rng = self.obj, self.rng
        table = rng.choice(room.tables)
        standing = [p for p in NAMES if room.where(p) is None and room.balance(p) > 0]
        who = rng.choice(standing) if standing else rng.choice(NAMES)
        session = room.session(table)
        amount = rng.randint(session.min_buy_in, session.max_buy_in)
        if rng.random() < 0.5:
            return Op(
                f"register({who!r}, table={table!r}, buy_in={amount})",
                lambda x: x.register(who, table=table, buy_in=amount),
            )
        return Op(f"join({who!r}, {table!r}, {amount})", lambda x: x.join(who, table, amount))

    def _act(self, table: str) -> Op:
        hand = self.obj.table(table).hand
        assert hand is not None and hand.to_act is not None
        seat, action = hand.to_act, random_action(hand, self.rng)
        if self.rng.random() < 0.01:
            return Op(f"void {table}", lambda x: x.table(table).hand.void("fuzz"))
        return Op(f"act {table} {seat} {action}", lambda x: x.table(table).hand.act(seat, action))

    def _finish(self, table: Any) -> Op:
        hand = self.obj.table(table).hand if table in self.obj.tables else None
        rake = hand.rake if hand is not None else 0

        def book(_: HandSettled) -> None:
            self.raked += rake
            self.rakes[table] = self.rakes.get(table, 0) + rake

        return Op(f"finish_hand({table!r})", lambda x: x.finish_hand(table), book=book)

    def _start(self, table: Any) -> Op:
        straddle = self.rng.random() < 0.2
        known = table in self.obj.tables
        expected = self.obj.can_start(table) if known and not straddle else None

        def start(x: Room) -> object:
            try:
                hand = x.start_hand(table, straddle=straddle)
            except CroupierError:
                if expected is True:
                    raise AssertionError("can_start() said yes but start_hand() refused") from None
                raise
            if expected is False:
                raise AssertionError("can_start() said no but start_hand() dealt")
            return hand

        def dealt(_: object) -> None:
            self.hands += 1

        return Op(f"start_hand({table!r}, straddle={straddle})", start, bad=not known, book=dealt)

    def _other(self) -> Op:
        room, rng = self.obj, self.rng
        who, table = self._player(), self._table()
        roll = rng.random()
        if roll < 0.06:
            amount, bad = self._cents(1, 200_000)
            good = isinstance(who, str) and who.strip() != ""
            return Op(
                f"deposit({who!r}, {amount!r})",
                lambda x: x.deposit(who, amount),
                bad=bad or not good,
                book=self._book_money(amount if not bad else 0),
            )
        if roll < 0.10:
            amount, bad = self._cents(1, 100_000)
            return Op(
                f"withdraw({who!r}, {amount!r})",
                lambda x: x.withdraw(who, amount),
                bad=bad,
                book=self._book_money(-amount if not bad else 0),
            )
        if roll < 0.20:
            if table in room.tables:
                session = room.session(table)
                amount, bad = self._cents(session.min_buy_in - 10, session.max_buy_in + 10)
            else:
                amount, bad = self._cents(1_000, 60_000)
            post: Any = rng.random() < 0.3
            return Op(
                f"join({who!r}, {table!r}, {amount!r}, post={post})",
                lambda x: x.join(who, table, amount, post=post),
                bad=bad,
            )
        if roll < 0.27:
            buy_in: Any = rng.choice([None, 4_000, 20_000, 100_000, -5, "x"])
            if rng.random() < 0.5:
                return Op(
                    f"register({who!r}, table={table!r}, buy_in={buy_in!r})",
                    lambda x: x.register(who, table=table, buy_in=buy_in),
                    bad=buy_in in (-5, "x"),
                )
            stakes = room.session(rng.choice(room.tables)).stakes_key
            return Op(
                f"register({who!r}, stakes={stakes!r})", lambda x: x.register(who, stakes=stakes)
            )
        if roll < 0.30:
            answers: Any = rng.choice([True, False, "no"])
            return Op(
                f"set_answering({who!r}, {answers!r})",
                lambda x: x.set_answering(who, answers),
                bad=answers == "no",
            )
        if roll < 0.36:
            if rng.random() < 0.5:
                return Op(f"call_waiting({table!r})", lambda x: x.call_waiting(table))
            return Op(f"fill({table!r})", lambda x: x.fill(table))
        if roll < 0.45:
            amount, bad = self._cents(1, 20_000)
            return Op(f"rebuy({who!r}, {amount!r})", lambda x: x.rebuy(who, amount), bad=bad)
        if roll < 0.53:
            return Op(f"leave({who!r})", lambda x: x.leave(who))
        if roll < 0.59:
            return Op(f"step_away({who!r})", lambda x: x.step_away(who))
        if roll < 0.65:
            post = rng.choice([False, True, 1])
            return Op(
                f"come_back({who!r}, post={post!r})",
                lambda x: x.come_back(who, post=post),
                bad=post == 1 and post is not True,
            )
        if roll < 0.69:
            seconds = rng.choice([30.0, 60.0, 300.0])

            def tick(_: Room) -> None:
                self.clock.now += seconds

            return Op(f"clock +{seconds}", tick, shared=True)
        if roll < 0.72:
            where = rng.choice([None, table])
            return Op(f"enforce_absence({where!r})", lambda x: x.enforce_absence(where))
        if roll < 0.76:
            seat: Any = rng.choice([None, None, 1, 2, 3, 9, "1"])
            dest = rng.choice([None, table])
            return Op(
                f"floor_move({who!r}, seat={seat!r}, table={dest!r})",
                lambda x: x.floor_move(who, seat=seat, table=dest),
                bad=seat == "1",
            )
        if roll < 0.77:
            return Op(f"change_seat({who!r})", lambda x: x.change_seat(who, 1), bad=True)
        if roll < 0.80:
            hands: Any = rng.choice([1, 2, 3, 3, 0, "3"])
            return Op(
                f"announce_close({table!r}, {hands!r})",
                lambda x: x.announce_close(table, hands),
                bad=hands in (0, "3"),
            )
        if roll < 0.83:
            return Op(f"close({table!r})", lambda x: x.close(table))
        if roll < 0.86:
            name = rng.choice([*room.tables, "t4"])
            rules = self._rules()
            return Op(f"open_table({name!r})", lambda x: x.open_table(name, rules))
        if roll < 0.90:
            return Op(f"claim({who!r})", lambda x: x.claim(who))
        if roll < 0.93:
            return self._finish(table)
        return Op(
            f"queries({who!r}, {table!r})",
            lambda x: (
                x.where(who) if isinstance(who, str) else None,
                x.balance(who) if isinstance(who, str) else None,
                x.claimable(who) if isinstance(who, str) else None,
                x.can_start(table),
                x.info(table),
                x.summary(),
            ),
        )

    # ------------------------------------------------------------- checks
    def check(self) -> None:
        room = self.obj
        totals = room.check()
        if totals.held != self.money or totals.deposited - totals.withdrawn != self.money:
            raise AssertionError(
                f"the room holds {totals.held}, but {self.money} was deposited and not withdrawn"
            )
        if totals.house != self.raked:
            raise AssertionError(
                f"the house boxes hold {totals.house}, the hands raked {self.raked}"
            )
        for table in room.tables:
            for ts in room.table(table):
                if room.where(ts.player) != table:
                    raise AssertionError(f"{ts.player} sits at {table} but the room says otherwise")
        if self.step_no % 25 == 0:
            room.ledger.audit()


def fuzz_rooms(
    runs: int, *, seed: int = 0, steps: int = 150, progress: Callable[[int], None] | None = None
) -> FuzzReport:
    """Fuzz ``runs`` random cash rooms (seeds ``seed`` ...); see the module docstring."""
    return run_many(
        lambda s: RoomRun(s, steps=steps), runs=runs, seed=seed, target="rooms", progress=progress
    )
