"""The cash-game room: tables in session, the cashier, the waiting list, absences, the rake.

The room drives :class:`croupier.table.Table` objects and records every movement of
money in its :class:`~croupier.room.cash.ledger.Ledger`: buy-ins within the session's
limits (CAS-10, PKG-2), rebuys between hands only (CAS-11), table stakes with no credit
(CAS-9), the rake of each hand to the table's house box (CAS-23), chips set aside after
an absence past the house maximum and the orphan register (CAS-8). Seats are drawn at
random by the floor and never changed by the players (CAS-6, CAS-7); a session's terms
are fixed until it closes, three hands after it is announced (CAS-24, CAS-25).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from croupier.cards import Deck
from croupier.engine import Hand
from croupier.errors import IllegalActionError
from croupier.room.cash._base import CashTable, RoomStats, SetAside
from croupier.room.cash.absence import AwayReason
from croupier.room.cash.ledger import (
    Account,
    AccountKind,
    EntryKind,
    LedgerError,
    LedgerTotals,
    format_money,
)
from croupier.room.cash.seating import Seating
from croupier.room.cash.session import SessionLockedError
from croupier.table import HandPlan, HandSettled
from croupier.table._check import flag, whole

__all__ = ["CashTable", "Room", "RoomStats", "SetAside"]


class Room(Seating):
    """A cash-game room.

    ``rng`` draws the seats (CAS-7), the first buttons and the shuffles: cryptographically
    secure by default, a seeded ``random.Random`` for tests and simulations. ``clock``
    measures absences in seconds (``time.monotonic`` by default). Amounts are cents.

    >>> from croupier.rules import casino_fr
    >>> import random
    >>> room = Room(rng=random.Random(7))
    >>> session = room.open_table("t1", casino_fr("no-limit", 100, 200))
    >>> for name in ("ann", "bob"):
    ...     _ = room.deposit(name, 10_000)
    ...     _ = room.join(name, "t1", 5_000)
    >>> hand = room.start_hand("t1")
    >>> room.check().balanced
    True
    """

    # ------------------------------------------------------------------- money
    def rebuy(self, player: str, amount: int) -> int:
        """``player`` adds ``amount`` cents from his account, never during a hand, at most
        the house maximum (CAS-11); a player with no chips buys in again (CAS-10)."""
        ct = self._at(player)
        session = ct.session
        busy = ct.busy()
        if busy is not None:
            raise IllegalActionError(
                f"no rebuy during a hand (CAS-11): {busy}; {player} may rebuy after it is settled"
            )
        if not isinstance(amount, int) or isinstance(amount, bool) or amount <= 0:
            raise IllegalActionError(f"a rebuy is whole cents > 0, not {amount!r}")
        if amount > session.max_rebuy:
            raise IllegalActionError(
                f"the house maximum rebuy at table {ct.name} is"
                f" {format_money(session.max_rebuy)} (CAS-11): {format_money(amount)} is above it"
            )
        stack = self.seat(player).stack
        if stack == 0 and amount < session.min_buy_in:
            raise IllegalActionError(
                f"{player} has no chips left: he buys in again for at least the minimum"
                f" {format_money(session.min_buy_in)} (CAS-10), not {format_money(amount)}"
            )
        self._check_funds(player, amount, "a rebuy")
        ct.table.add_chips(player, amount)
        self.ledger.transfer(
            EntryKind.REBUY,
            Account.cashier(player),
            Account.seat(player, ct.name),
            amount,
            f"{player} rebuys at {ct.name}",
        )
        away = self.absences.get(player)
        if away is not None and away.reason is AwayReason.NO_CHIPS:
            self.absences.end(player)
            ct.table.sit_in(player)
        self.stats.rebuys += 1
        return stack + amount

    def leave(self, player: str) -> int:
        """``player`` leaves with his chips, paid into his account; dealt in a hand not
        yet settled, he leaves when it is settled, with the stack it left him (returns 0
        then: the cash-out is posted by :meth:`finish_hand`)."""
        ct = self._at(player)
        if ct.in_current_hand(player):
            ct.leaving.add(player)
            return 0
        return self._cash_out(player, ct)

    def _cash_out(self, player: str, ct: CashTable) -> int:
        stack = ct.table.leave(player)
        self.ledger.transfer(
            EntryKind.CASH_OUT,
            Account.seat(player, ct.name),
            Account.cashier(player),
            stack,
            f"{player} leaves {ct.name}",
        )
        del self._where[player]
        ct.leaving.discard(player)
        self.absences.end(player)
        self.stats.left += 1
        return stack

    # ----------------------------------------------------------------- absence
    def step_away(self, player: str) -> None:
        """``player`` steps away leaving his chips (CAS-8): dealt out, blinds missed."""
        ct = self._at(player)
        ct.table.sit_out(player)
        playing = 1 if ct.in_current_hand(player) else 0
        self.absences.start(
            player,
            ct.name,
            hand=ct.table.hand_number + playing,
            now=self.clock(),
            reason=AwayReason.STEPPED_AWAY,
        )

    def come_back(self, player: str, *, post: bool = False) -> None:
        """``player`` is back before the maximum (``post``: pay missed blinds now, PKG-21)."""
        flag(post, "post")
        ct = self._at(player)
        if self.seat(player).stack <= 0:
            raise IllegalActionError(f"{player} has no chips: he must rebuy to play (CAS-9)")
        self.absences.end(player)
        ct.table.sit_in(player, post=post)

    def enforce_absence(self, table: str | None = None) -> list[SetAside]:
        """Free the seats of players away past the house maximum, setting their chips
        aside in their name (CAS-8). Runs after every hand; call it as the clock goes."""
        done: list[SetAside] = []
        now = self.clock()
        for ct in [self._get(table)] if table is not None else list(self._tables.values()):
            for away in self.absences.overdue(
                self.absence, ct.name, hand=ct.table.hand_number, now=now
            ):
                if not ct.in_current_hand(away.player):
                    done.append(self._set_aside(away.player, ct))
        return done

    def _set_aside(self, player: str, ct: CashTable) -> SetAside:
        stack = ct.table.leave(player)
        self.ledger.transfer(
            EntryKind.SET_ASIDE,
            Account.seat(player, ct.name),
            Account.set_aside(player, ct.name),
            stack,
            f"{player} away past the maximum at {ct.name}",
        )
        del self._where[player]
        ct.leaving.discard(player)
        self.absences.end(player)
        record = SetAside(player, ct.name, stack, ct.table.hand_number)
        self.set_asides.append(record)
        self.stats.set_aside += 1
        return record

    # ------------------------------------------------------------------- hands
    def plan(self, table: str) -> HandPlan:
        """What the next hand at ``table`` would be."""
        return self._get(table).table.plan()

    def can_start(self, table: str) -> bool:
        """True exactly when :meth:`start_hand` would deal at ``table`` now."""
        ct = self._get(table)
        return (
            ct.session.can_deal
            and ct.table.between_hands
            and ct.table.next_rules() == ct.session.rules
            and self._ready(ct)
        )

    def _ready(self, ct: CashTable) -> bool:
        """Whether two players are ready (CAS-4); the table draws the first button again
        if the player who drew it left before the first hand."""
        return ct.table.can_start()

    def start_hand(self, table: str, *, deck: Deck | None = None, straddle: bool = False) -> Hand:
        """Deal the next hand at ``table``: refused, changing nothing, while the last one
        is not settled (:meth:`finish_hand`), the session is closed or two players are not
        ready."""
        ct = self._get(table)
        if not ct.session.can_deal:
            raise IllegalActionError(
                f"the session of table {table} is closed (CAS-25): open a new session"
            )
        busy = ct.busy()
        if busy is not None:
            raise IllegalActionError(f"cannot deal the next hand: {busy} (finish_hand first)")
        if ct.table.next_rules() != ct.session.rules:
            raise SessionLockedError(
                f"the stakes of table {table} were changed: they are fixed for the session (CAS-24)"
            )
        return ct.table.start_hand(deck=deck, straddle=straddle)

    def finish_hand(self, table: str) -> HandSettled:
        """Settle the hand just played: the chips won and lost and the rake into the
        ledger, then leavers, players without chips, absences and the session's end."""
        ct = self._get(table)
        hand = ct.table.hand
        if hand is None:
            raise IllegalActionError(f"no hand to finish at table {table}")
        settled = ct.table.finish_hand()
        postings: list[tuple[Account, int]] = [
            (Account.seat(s.player, table), hand.stacks[s.seat] - s.stack) for s in hand.seats
        ]
        postings.append((Account.house(table), hand.rake))  # CAS-23
        self.ledger.post(EntryKind.HAND, postings, f"{table} hand {settled.number}")
        closes = False
        if not settled.voided:
            self.stats.hands += 1
            self.stats.rake += hand.rake
            closes = ct.session.hand_played()
        for player in sorted(ct.leaving):
            self._cash_out(player, ct)
        now = self.clock()
        for e in settled.eliminated:
            if self._where.get(e.player) == table:
                self.absences.start(
                    e.player, table, hand=ct.table.hand_number, now=now, reason=AwayReason.NO_CHIPS
                )
        if closes:
            self._close(ct)
        else:
            self.enforce_absence(table)
        return settled

    def award_again(
        self, table: str, hand: Hand, settled: Mapping[int, int], *, check_only: bool = False
    ) -> None:
        """The last hand of ``table``, settled with the stacks ``settled`` (seat -> chips),
        was awarded again (RRP-5: the winner asked to see a losing hand, both were live):
        move the difference between the seats and into the ledger, before the next hand.

        Refused, changing nothing, once the next hand is dealt (POK-10-1) or when a player
        whose stack changes has left the table since; ``check_only`` only checks.
        """
        ct = self._get(table)
        busy = ct.busy()
        if busy is not None:
            raise IllegalActionError(f"the last hand can no longer change: {busy} (POK-10-1)")
        names = {s.seat: s.player for s in hand.seats}
        changes = {
            names[seat]: hand.stacks[seat] - chips
            for seat, chips in settled.items()
            if hand.stacks[seat] != chips
        }
        if sum(changes.values()):
            raise IllegalActionError("a hand awarded again moves chips between its players only")
        for player in changes:
            if self._where.get(player) != table:
                raise IllegalActionError(
                    f"{player} has left {table} since the hand: its pots can no longer be"
                    " awarded again (RRP-5)"
                )
        if not changes or check_only:
            return
        postings = [(Account.seat(p, table), change) for p, change in changes.items()]
        self.ledger.post(EntryKind.HAND, postings, f"{table} hand {ct.table.hand_number} again")
        for player, change in changes.items():
            ct.table.set_stack(player, ct.table.stack_of(player) + change)
            away = self.absences.get(player)
            if away is not None and away.reason is AwayReason.NO_CHIPS and change > 0:
                self.absences.end(player)  # he has chips again
                ct.table.sit_in(player)

    # ---------------------------------------------------------------- sessions
    def announce_close(self, table: str, hands: int = 3) -> None:
        """Announce the last three hands of ``table``'s session (CAS-25)."""
        ct = self._get(table)
        whole(hands, "the last hands announced", minimum=1)
        ct.session.announce_close(hands)

    def close(self, table: str) -> None:
        """Close ``table``'s session now: allowed when its last hands were announced, or
        when the game has stopped anyway (fewer than two players, CAS-4)."""
        ct = self._get(table)
        busy = ct.busy()
        if busy is not None:
            raise IllegalActionError(f"{busy}: close the table once it is settled")
        if ct.session.can_deal and self._ready(ct):
            if ct.session.is_open:
                raise IllegalActionError(
                    f"the game at table {table} goes on: announce the last three hands first"
                    " (CAS-25)"
                )
            raise IllegalActionError(
                f"{ct.session.hands_left} announced hands remain to be played at table"
                f" {table} (CAS-25)"
            )
        if ct.session.can_deal:
            ct.session.close()
            self._close(ct)

    def _close(self, ct: CashTable) -> None:
        """Cash everyone out; set-aside chips of the session go to the orphan register."""
        for ts in list(ct.table):
            self._cash_out(ts.player, ct)
        for account, amount in self.ledger.accounts(AccountKind.SET_ASIDE, table=ct.name).items():
            self.ledger.transfer(
                EntryKind.ORPHAN,
                account,
                Account.orphan(account.player),
                amount,
                f"unclaimed at the end of session {ct.session.number} of {ct.name} (CAS-8)",
            )
            self.stats.orphaned += 1
        self.stats.sessions_closed += 1

    # ---------------------------------------------------------------- checking
    def table_chips(self, table: str) -> int:
        """The chips physically at ``table``: stacks, and everything in the hand being played."""
        t = self._get(table).table
        hand = t.hand
        dealt = {s.player for s in hand.seats} if hand is not None else set()
        total = sum(stack for player, stack in t.stacks.items() if player not in dealt)
        return total + (hand.total_in_play if hand is not None else 0)

    def check(self) -> LedgerTotals:
        """Prove the books: the ledger balances, and every seat account holds exactly the
        chips of its player at the table (his stack, or his share of the hand being
        played). Raises :class:`LedgerError` otherwise."""
        totals = self.ledger.check()
        problems: list[str] = []
        seats = self.ledger.accounts(AccountKind.SEAT)
        for name, ct in self._tables.items():
            t, hand = ct.table, ct.table.hand
            dealt = {s.player: s for s in hand.seats} if hand is not None else {}
            for player, stack in t.stacks.items():
                recorded = self.ledger.balance(Account.seat(player, name))
                expected = dealt[player].stack if player in dealt else stack
                if recorded != expected:
                    problems.append(f"{player}@{name}: ledger {recorded}, table {expected}")
            if hand is not None:
                booked = sum(self.ledger.balance(Account.seat(p, name)) for p in dealt)
                if booked != hand.total_in_play:
                    problems.append(f"hand at {name}: ledger {booked}, hand {hand.total_in_play}")
            if sum(v for a, v in seats.items() if a.table == name) != self.table_chips(name):
                problems.append(f"table {name}: ledger and chips on the table differ")
        for account in seats:
            if self._where.get(account.player) != account.table:
                problems.append(f"{account} holds chips but {account.player} is not seated there")
        if problems:
            raise LedgerError("the ledger disagrees with the tables: " + "; ".join(problems))
        return totals

    # ----------------------------------------------------------------- records
    def snapshot(self) -> dict[str, Any]:
        """The room's whole state, JSON-ready, at any moment: sessions, the ledger's
        balances, waiting lists, absences, set-aside chips, the orphan register, the
        house boxes, and each table (a hand not yet settled as its events, deck included:
        store a snapshot, never send it). See ``docs/room.md``."""
        from croupier.room.cash._state import room_snapshot

        return room_snapshot(self)

    @classmethod
    def restore(
        cls,
        data: dict[str, Any],
        *,
        clock: Callable[[], float] | None = None,
        rng: random.Random | None = None,
    ) -> Room:
        """The room :meth:`snapshot` saved, proven by :meth:`check` before it is returned.
        ``clock`` as for a new room (absences resume where they stood); ``rng`` replaces
        the saved generator's state."""
        from croupier.room.cash._state import room_restore

        return room_restore(cls, data, clock=clock, rng=rng)

    def summary(self) -> dict[str, Any]:
        """The room's money and counters, JSON-ready."""
        totals = self.ledger.totals()
        return {
            **self.stats.to_dict(),
            **totals._asdict(),
            "held": totals.held,
            "balanced": totals.balanced,
        }
