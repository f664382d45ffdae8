"""Seating in a cash room: buy-ins, the waiting list and the seats drawn by the floor.

Players buy in for the session's minimum to maximum (CAS-10, PKG-2) from their cashier
balance (CAS-9); they join a table directly only when nobody waits for it, otherwise they
register and are called in order, absent names skipped (CAS-7). The floor draws the seat
and alone may move a player, between hands (CAS-6).
"""

from __future__ import annotations

from collections.abc import Callable

from croupier.errors import IllegalActionError
from croupier.room.cash._base import CashTable, RoomBase
from croupier.room.cash.ledger import Account, EntryKind, format_money
from croupier.room.cash.session import Session
from croupier.room.cash.waiting import Called, Registration
from croupier.table._check import flag, name, number

__all__ = ["Seating"]


class Seating(RoomBase):
    """Buy-ins, the waiting list, seats and floor moves (mixed into the room)."""

    # ----------------------------------------------------------------- seating
    def _check_buy_in(self, player: str, session: Session, amount: int) -> None:
        where = f"at table {session.table}"
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise IllegalActionError(f"a buy-in is whole cents, not {amount!r}")
        if amount < session.min_buy_in:
            raise IllegalActionError(
                f"the minimum buy-in {where} is {format_money(session.min_buy_in)}"
                f" (CAS-10, PKG-2): {format_money(amount)} is below it"
            )
        if amount > session.max_buy_in:
            raise IllegalActionError(
                f"the maximum buy-in {where} is {format_money(session.max_buy_in)}:"
                f" {format_money(amount)} is above it"
            )
        self._check_funds(player, amount, "a buy-in")

    def _check_can_sit(self, player: str, ct: CashTable) -> None:
        if player in self._where:
            raise IllegalActionError(
                f"{player} is already seated at table {self._where[player]}:"
                " one seat per player (CAS-5)"
            )
        if not ct.session.is_open:
            raise IllegalActionError(
                f"the session of table {ct.name} is {ct.session.status.value}:"
                " no new players (CAS-25)"
            )
        if not ct.table.free_seats():
            raise IllegalActionError(
                f"table {ct.name} is full ({ct.table.size} players, CAS-5, PKG-23):"
                " register on the waiting list (CAS-7)"
            )

    def _sit(self, player: str, ct: CashTable, buy_in: int, post: bool) -> int:
        seat = self.rng.choice(ct.table.free_seats())  # CAS-7: drawn by the floor
        ct.table.sit(player, buy_in, seat=seat, post=post)
        self.ledger.transfer(
            EntryKind.BUY_IN,
            Account.cashier(player),
            Account.seat(player, ct.name),
            buy_in,
            f"{player} buys in at {ct.name}",
        )
        self._where[player] = ct.name
        self.waiting.remove(player)
        self.stats.seated += 1
        return seat

    def join(self, player: str, table: str, buy_in: int, *, post: bool = False) -> int:
        """Seat ``player`` at a free seat of ``table`` drawn at random (CAS-7), buying in
        for ``buy_in`` cents from his account; refused while others wait for the table."""
        name(player)
        flag(post, "post")
        ct = self._get(table)
        self._check_can_sit(player, ct)
        waiting = [
            r for r in self.waiting.for_table(table, ct.session.stakes_key) if r.player != player
        ]
        if waiting:
            raise IllegalActionError(
                f"{len(waiting)} players are waiting for table {table}: {player} must register"
                " on the waiting list (CAS-7)"
            )
        self._check_buy_in(player, ct.session, buy_in)
        return self._sit(player, ct, buy_in, post)

    def register(
        self,
        player: str,
        *,
        table: str | None = None,
        stakes: str | None = None,
        buy_in: int | None = None,
    ) -> Registration:
        """Put ``player`` on the waiting list of ``table`` or of ``stakes`` (CAS-7)."""
        name(player)
        if stakes is not None:
            name(stakes, "the stakes of a waiting list")
            offered = sorted({ct.session.stakes_key for ct in self._tables.values()})
            if stakes not in offered:
                shown = ", ".join(repr(k) for k in offered) or "none (no table is open)"
                raise IllegalActionError(
                    f"no table of the room plays stakes {stakes[:60]!r}: the room's stakes are"
                    f" {shown} (CAS-7)"
                )
        if buy_in is not None and (type(buy_in) is not int or buy_in <= 0):
            raise IllegalActionError(f"a buy-in is whole cents > 0, not {buy_in!r}")
        if table is not None:
            session = self._get(table).session
            if self._where.get(player) == table:
                raise IllegalActionError(f"{player} is already seated at table {table}")
            if buy_in is not None:
                self._check_buy_in(player, session, buy_in)
        return self.waiting.register(player, table=table, stakes=stakes, buy_in=buy_in)

    def set_answering(self, player: str, answers: bool) -> None:
        """Whether ``player`` answers when his name is called (an absent name is skipped)."""
        name(player)
        flag(answers, "answers")
        if answers:
            self._not_answering.discard(player)
        else:
            self._not_answering.add(player)

    def _can_take(self, r: Registration, ct: CashTable) -> bool:
        if r.player in self._where:
            return False
        amount = ct.session.min_buy_in if r.buy_in is None else r.buy_in
        s = ct.session
        return s.min_buy_in <= amount <= s.max_buy_in and amount <= self.balance(r.player)

    def call_waiting(
        self, table: str, *, answers: Callable[[Registration], bool] | None = None
    ) -> Called:
        """Call the waiting list for a free seat of ``table``: the first name in order of
        registration that answers (and can buy in) is seated at random (CAS-7)."""
        ct = self._get(table)
        if answers is not None and not callable(answers):
            raise IllegalActionError(f"answers is a function of a registration, not {answers!r}")
        if not ct.session.is_open or not ct.table.free_seats():
            return Called(None, ())
        heard = answers or (lambda r: r.player not in self._not_answering)
        called = self.waiting.call(
            table,
            ct.session.stakes_key,
            answers=lambda r: heard(r) and self._can_take(r, ct),
        )
        self.stats.skipped += len(called.skipped)
        r = called.registration
        if r is not None:
            self._sit(r.player, ct, ct.session.min_buy_in if r.buy_in is None else r.buy_in, False)
        return called

    def fill(
        self, table: str, *, answers: Callable[[Registration], bool] | None = None
    ) -> list[Registration]:
        """Call the waiting list until ``table`` is full or nobody answers."""
        seated: list[Registration] = []
        while True:
            called = self.call_waiting(table, answers=answers)
            if called.registration is None:
                return seated
            seated.append(called.registration)

    def change_seat(self, player: str, seat: int) -> None:
        """Always refused: a player never changes seats himself (CAS-6)."""
        ct = self._at(player)
        raise IllegalActionError(
            f"{player} may not change seats at table {ct.name} (to seat {seat}): seats are"
            " assigned by the floor only (CAS-6)"
        )

    def floor_move(self, player: str, *, seat: int | None = None, table: str | None = None) -> int:
        """The floor moves ``player``, between hands, to ``seat`` (random when None) of
        ``table`` (his own when None; another must play the same stakes). Returns the seat."""
        ct = self._at(player)
        dest = ct if table is None else self._get(table)
        if seat is not None:
            number(seat, "a seat", error=IllegalActionError)
        busy = ct.busy() or dest.busy()
        if busy is not None:
            raise IllegalActionError(f"the floor moves players between hands only (CAS-6): {busy}")
        if dest is not ct and dest.session.stakes_key != ct.session.stakes_key:
            raise IllegalActionError(
                f"table {dest.name} plays {dest.session.stakes_key}, not"
                f" {ct.session.stakes_key}: the player must cash out and buy in there"
            )
        if dest is not ct and not dest.session.is_open:
            raise IllegalActionError(f"the session of table {dest.name} is not open")
        old = ct.table.seat_of(player)
        ts = ct.table.seats[old]
        if ts.stack <= 0:
            raise IllegalActionError(f"{player} has no chips to move: he must rebuy first")
        free = dest.table.free_seats()
        if seat is None:
            if not free:
                raise IllegalActionError(f"table {dest.name} has no free seat")
            seat = self.rng.choice(free)
        elif seat not in free:
            raise IllegalActionError(f"seat {seat} of table {dest.name} is not free: free {free}")
        away = self.absences.get(player)
        ct.table.leave(player)
        dest.table.sit(player, ts.stack, seat=seat)
        if away is not None:
            dest.table.sit_out(player)
            missed = ct.table.hand_number - away.since_hand
            self.absences.moved(player, dest.name, since_hand=dest.table.hand_number - missed)
        if dest is not ct:
            self.ledger.transfer(
                EntryKind.MOVE,
                Account.seat(player, ct.name),
                Account.seat(player, dest.name),
                ts.stack,
                f"floor moves {player} from {ct.name} to {dest.name}",
            )
            self._where[player] = dest.name
        self.stats.moves += 1
        return seat
