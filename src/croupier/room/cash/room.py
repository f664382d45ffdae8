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
import secrets
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, NamedTuple

from croupier.cards import Deck
from croupier.engine import Hand
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.cash.absence import AbsencePolicy, Absences, AwayReason
from croupier.room.cash.ledger import (
    Account,
    AccountKind,
    EntryKind,
    Ledger,
    LedgerError,
    LedgerTotals,
    format_money,
)
from croupier.room.cash.session import Session, SessionInfo, SessionLockedError
from croupier.room.cash.waiting import Called, Registration, WaitingList
from croupier.rules.model import Rules
from croupier.table import HandPlan, HandSettled, Table, TableSeat

__all__ = ["CashTable", "Room", "RoomStats", "SetAside"]


class SetAside(NamedTuple):
    """Chips of ``player`` set aside at ``table`` after hand ``hand`` (CAS-8)."""

    player: str
    table: str
    amount: int
    hand: int


@dataclass
class RoomStats:
    """Counters of what happened in the room."""

    hands: int = 0
    rake: int = 0
    seated: int = 0
    left: int = 0
    rebuys: int = 0
    set_aside: int = 0
    claimed: int = 0
    orphaned: int = 0
    skipped: int = 0
    moves: int = 0
    sessions_opened: int = 0
    sessions_closed: int = 0

    def to_dict(self) -> dict[str, int]:
        """A JSON-ready dictionary."""
        return asdict(self)


class CashTable:
    """A table of the room with its current session and the players leaving after the hand."""

    __slots__ = ("leaving", "session", "table")

    def __init__(self, table: Table, session: Session) -> None:
        self.table = table
        self.session = session
        self.leaving: set[str] = set()

    @property
    def name(self) -> str:
        """The table's name."""
        return self.table.name

    def in_current_hand(self, player: str) -> bool:
        """True when ``player`` is dealt in the hand being played."""
        hand = self.table.hand
        return (
            self.table.in_hand and hand is not None and any(s.player == player for s in hand.seats)
        )


class Room:
    """A cash-game room.

    ``rng`` draws the seats (CAS-7), the first buttons and the shuffles: cryptographically
    secure by default, a seeded ``random.Random`` for tests and simulations. ``clock``
    measures absences in seconds (``time.monotonic`` by default). Amounts are cents.

    >>> from croupier.rules import casino_fr
    >>> room = Room(rng=random.Random(7))
    >>> session = room.open_table("t1", casino_fr("no-limit", 100, 200))
    >>> for name in ("ann", "bob"):
    ...     _ = room.deposit(name, 10_000)
    ...     _ = room.join(name, "t1", 5_000)
    >>> hand = room.start_hand("t1")
    >>> room.check().balanced
    True
    """

    def __init__(
        self,
        *,
        rng: random.Random | None = None,
        clock: Callable[[], float] | None = None,
        absence: AbsencePolicy | None = None,
    ) -> None:
        self.rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self.clock: Callable[[], float] = clock if clock is not None else time.monotonic
        self.absence = absence if absence is not None else AbsencePolicy()
        self.ledger = Ledger()
        self.waiting = WaitingList()
        self.absences = Absences()
        self.stats = RoomStats()
        self.set_asides: list[SetAside] = []
        self._tables: dict[str, CashTable] = {}
        self._where: dict[str, str] = {}
        self._not_answering: set[str] = set()
        self._sessions = 0

    # ------------------------------------------------------------------ tables
    def open_table(
        self,
        name: str,
        rules: Rules,
        *,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        max_rebuy: int | None = None,
        seats: int | None = None,
    ) -> Session:
        """Open a session at table ``name`` (a new table, or one whose session closed)."""
        current = self._tables.get(name)
        if current is not None and current.session.can_deal:
            raise SessionLockedError(
                f"table {name} is in session ({current.session.status.value}): its terms are"
                " fixed until the session closes (CAS-24); announce the last hands first"
                " (CAS-25)"
            )
        session = Session(
            table=name,
            number=self._sessions + 1,
            rules=rules,
            min_buy_in=min_buy_in,
            max_buy_in=max_buy_in,
            max_rebuy=max_rebuy,
        )
        self._sessions += 1
        self._tables[name] = CashTable(Table(rules, name=name, seats=seats, rng=self.rng), session)
        self.stats.sessions_opened += 1
        return session

    @property
    def tables(self) -> list[str]:
        """The tables' names, in the order they opened."""
        return list(self._tables)

    def table(self, name: str) -> Table:
        """The table ``name`` (read it; change it through the room)."""
        return self._get(name).table

    def session(self, name: str) -> Session:
        """The current (or last) session of table ``name``."""
        return self._get(name).session

    def info(self, name: str) -> SessionInfo:
        """The posted information of table ``name`` (CAS-28)."""
        return self._get(name).session.info()

    def _get(self, name: str) -> CashTable:
        try:
            return self._tables[name]
        except KeyError:
            raise ConfigurationError(
                f"no table {name!r}: tables are {sorted(self._tables)}"
            ) from None

    def _at(self, player: str) -> CashTable:
        name = self._where.get(player)
        if name is None:
            raise IllegalActionError(f"{player} is not seated at any table")
        return self._tables[name]

    def where(self, player: str) -> str | None:
        """The table where ``player`` is seated, or None."""
        return self._where.get(player)

    def seat(self, player: str) -> TableSeat:
        """The seat of ``player`` (a copy)."""
        ct = self._at(player)
        return ct.table.seats[ct.table.seat_of(player)]

    # ----------------------------------------------------------------- cashier
    def deposit(self, player: str, amount: int) -> int:
        """``player`` brings ``amount`` cents to the cashier; returns his balance."""
        self.ledger.deposit(player, amount)
        return self.balance(player)

    def withdraw(self, player: str, amount: int) -> int:
        """The cashier pays ``amount`` cents to ``player``; returns his balance."""
        have = self.balance(player)
        if isinstance(amount, int) and amount > have:
            raise IllegalActionError(
                f"{player} has {format_money(have)} at the cashier: cannot withdraw"
                f" {format_money(amount)}"
            )
        self.ledger.withdraw(player, amount)
        return self.balance(player)

    def balance(self, player: str) -> int:
        """The cashier balance of ``player``."""
        return self.ledger.balance(Account.cashier(player))

    def claimable(self, player: str) -> int:
        """Chips set aside in ``player``'s name or on the orphan register (CAS-8)."""
        return sum(self.ledger.accounts(AccountKind.SET_ASIDE, player=player).values()) + sum(
            self.ledger.accounts(AccountKind.ORPHAN, player=player).values()
        )

    def claim(self, player: str) -> int:
        """Pay ``player``'s set-aside and orphan chips into his account (CAS-8)."""
        owed = {
            **self.ledger.accounts(AccountKind.SET_ASIDE, player=player),
            **self.ledger.accounts(AccountKind.ORPHAN, player=player),
        }
        total = sum(owed.values())
        if total:
            postings = [(a, -v) for a, v in owed.items()] + [(Account.cashier(player), total)]
            self.ledger.post(EntryKind.CLAIM, postings, f"{player} claims")
            self.stats.claimed += 1
        return total

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

    def _check_funds(self, player: str, amount: int, what: str) -> None:
        have = self.balance(player)
        if amount > have:
            raise IllegalActionError(
                f"{player} has {format_money(have)} at the cashier: {what} of"
                f" {format_money(amount)} cannot be made on credit (CAS-9)"
            )

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
        if table is not None:
            session = self._get(table).session
            if self._where.get(player) == table:
                raise IllegalActionError(f"{player} is already seated at table {table}")
            if buy_in is not None:
                self._check_buy_in(player, session, buy_in)
        return self.waiting.register(player, table=table, stakes=stakes, buy_in=buy_in)

    def set_answering(self, player: str, answers: bool) -> None:
        """Whether ``player`` answers when his name is called (an absent name is skipped)."""
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
        if ct.table.in_hand or dest.table.in_hand:
            raise IllegalActionError(
                f"the floor moves players between hands only (CAS-6): a hand is being played"
                f" at table {ct.name if ct.table.in_hand else dest.name}"
            )
        if dest is not ct and dest.session.stakes_key != ct.session.stakes_key:
            raise IllegalActionError(
                f"table {dest.name} plays {dest.session.stakes_key}, not"
                f" {ct.session.stakes_key}: the player must cash out and buy in there"
            )
        if dest is not ct and not dest.session.is_open:
            raise IllegalActionError(f"the session of table {dest.name} is not open")
        old = ct.table.seat_of(player)
        free = dest.table.free_seats()
        if seat is None:
            if not free:
                raise IllegalActionError(f"table {dest.name} has no free seat")
            seat = self.rng.choice(free)
        elif seat not in free:
            raise IllegalActionError(f"seat {seat} of table {dest.name} is not free: free {free}")
        ts = ct.table.seats[old]
        if ts.stack <= 0:
            raise IllegalActionError(f"{player} has no chips to move: he must rebuy first")
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

    # ------------------------------------------------------------------- money
    def rebuy(self, player: str, amount: int) -> int:
        """``player`` adds ``amount`` cents from his account, never during a hand, at most
        the house maximum (CAS-11); a player with no chips buys in again (CAS-10)."""
        ct = self._at(player)
        session = ct.session
        if ct.table.in_hand:
            raise IllegalActionError(
                f"no rebuy during a hand (CAS-11): table {ct.name} is playing hand"
                f" {ct.table.hand_number + 1}; {player} may rebuy after it"
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
        """``player`` leaves with his chips, paid into his account; during a hand he is
        dealt in, he leaves when it ends (returns 0 then)."""
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
        """True when ``table`` may deal a hand now."""
        ct = self._get(table)
        return ct.session.can_deal and not ct.table.in_hand and self._ready(ct)

    def _ready(self, ct: CashTable) -> bool:
        """Whether two players are ready (CAS-4), drawing the first button again if the
        player who drew it left before the first hand."""
        t = ct.table
        if t.positions is None and t.draw is not None and t.draw.button not in t.seats:
            try:
                t.draw_for_button()
            except ConfigurationError:
                return False
        return t.can_start()

    def start_hand(self, table: str, *, deck: Deck | None = None, straddle: bool = False) -> Hand:
        """Deal the next hand at ``table`` (settling the last one first if needed)."""
        ct = self._get(table)
        if not ct.session.can_deal:
            raise IllegalActionError(
                f"the session of table {table} is closed (CAS-25): open a new session"
            )
        if ct.table.hand is not None and not ct.table.in_hand:
            self.finish_hand(table)
        self._ready(ct)
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

    # ---------------------------------------------------------------- sessions
    def announce_close(self, table: str, hands: int = 3) -> None:
        """Announce the last three hands of ``table``'s session (CAS-25)."""
        self._get(table).session.announce_close(hands)

    def close(self, table: str) -> None:
        """Close ``table``'s session now: allowed when its last hands were announced, or
        when the game has stopped anyway (fewer than two players, CAS-4)."""
        ct = self._get(table)
        if ct.table.in_hand:
            raise IllegalActionError(f"table {table} is playing a hand: close after it")
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
        if ct.table.hand is not None:
            self.finish_hand(table)
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
        total = sum(ts.stack for ts in t if ts.player not in dealt)
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
            for ts in t:
                recorded = self.ledger.balance(Account.seat(ts.player, name))
                expected = dealt[ts.player].stack if ts.player in dealt else ts.stack
                if recorded != expected:
                    problems.append(f"{ts.player}@{name}: ledger {recorded}, table {expected}")
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

    def summary(self) -> dict[str, Any]:
        """The room's money and counters, JSON-ready."""
        totals = self.ledger.totals()
        return {
            **self.stats.to_dict(),
            **totals._asdict(),
            "held": totals.held,
            "balanced": totals.balanced,
        }
