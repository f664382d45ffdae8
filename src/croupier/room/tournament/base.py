"""What every tournament shares, played by the engine or live: entries, the clock, the
seat draw, balancing and breaking, eliminations and places, chips in and out, payouts.

:class:`TournamentBase` runs the room; its subclasses say how seats are held:
:class:`~croupier.room.tournament.tournament.Tournament` on engine tables
(:class:`croupier.table.Table`), :class:`~croupier.room.tournament.live.LiveTournament` on
seat maps the floor keeps up to date. See ``docs/tournament.md``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament.balancing import (
    Move,
    MoveReason,
    break_draw,
    difference,
    is_final,
    long_and_short,
    table_to_break,
)
from croupier.room.tournament.clock import Clock, LevelClock, SystemClock
from croupier.room.tournament.config import BustRanking, NewSeat, TournamentConfig
from croupier.room.tournament.payouts import PrizePool, payouts, prize_pool
from croupier.room.tournament.registration import Entry, RegistrationError, Registry
from croupier.room.tournament.seating import draw_seats, first_free_after, secure_rng
from croupier.room.tournament.standings import (
    Bounties,
    Bust,
    BustKind,
    Finish,
    KnockOutPay,
    Standings,
)
from croupier.room.tournament.structure import Level

__all__ = ["Phase", "Result", "TournamentBase"]


class Phase(StrEnum):
    """Where the tournament stands."""

    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"


class Result(NamedTuple):
    """A final place with its prize (money units) and the bounties collected."""

    place: int
    player: str
    shared: int
    prize: int
    bounty: int


class TournamentBase(ABC):
    """The room of a multi-table tournament; subclasses hold the seats."""

    def __init__(
        self,
        config: TournamentConfig,
        *,
        clock: Clock | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.config = config
        self.options = config.options
        self.structure = config.structure
        self.rng: random.Random = rng if rng is not None else secure_rng()
        self.time: Clock = clock if clock is not None else SystemClock()
        self.clock = LevelClock(config.structure, self.time)
        self.registry = Registry()
        self.standings = Standings()
        self.bounties = Bounties(config.knockout) if config.knockout is not None else None
        self.knockouts: dict[str, KnockOutPay] = {}
        self.phase = Phase.REGISTRATION
        self.moves: list[Move] = []
        self.max_difference = 0
        """The largest difference in players between two tables seen once balancing ran."""
        self.chips_issued = 0
        """Chips given out: starting stacks, rebuys, add-ons."""
        self.chips_removed = 0
        """Chips taken out of play: disqualifications, no-shows, penalties (POK-13-1)."""
        self._counts: dict[int, int] = {}
        self._where: dict[str, int] = {}
        self._pending: dict[str, Bust] = {}  # busted in the rebuy period, may rebuy
        self._suspended: dict[str, int] = {}  # hands of suspension left (ITA-51)
        self._hfh = False
        self._hfh_busts: list[Bust] = []
        self._hfh_played: set[int] = set()
        self._level_applied = 1
        self._prizes: tuple[tuple[int, int], tuple[int, ...]] | None = None
        self.winner: str | None = None
        self._winner_bounty = 0

    # ------------------------------------------------------------ seat hooks
    @abstractmethod
    def _open_table(self, number: int) -> None: ...

    @abstractmethod
    def _close_table(self, number: int) -> None: ...

    @abstractmethod
    def _seat(
        self, player: str, table: int, seat: int, stack: int, *, replacing: bool, absent: bool
    ) -> None: ...

    @abstractmethod
    def _unseat(self, player: str) -> int:
        """Take ``player`` off his table; returns his stack."""

    @abstractmethod
    def _stack(self, player: str) -> int: ...

    @abstractmethod
    def _set_stack(self, player: str, stack: int) -> None: ...

    @abstractmethod
    def _occupied(self, table: int) -> dict[int, str]:
        """Seat -> player at ``table``."""

    @abstractmethod
    def _size(self, table: int) -> int: ...

    @abstractmethod
    def _between_hands(self, table: int) -> bool: ...

    @abstractmethod
    def _dealer(self, table: int) -> int | None:
        """The button's seat (the last hand's, or the one in progress), if known."""

    @abstractmethod
    def _last_big_blind(self, table: int) -> int | None: ...

    @abstractmethod
    def _next_big_blind(self, table: int) -> str | None:
        """The player who would be big blind in the next hand (POK-7-7)."""

    @abstractmethod
    def _vacated(self, table: int) -> set[int]:
        """Seats whose player took part in the last hand and has gone since (POK-7-9)."""

    @abstractmethod
    def _set_absent(self, player: str, absent: bool) -> None: ...

    def _all_between_hands(self) -> bool:
        return all(self._between_hands(t) for t in self._counts)

    @abstractmethod
    def _apply_level(self, level: Level) -> None:
        """A new level is in force: the tables apply it from their next hand (POK-7-4)."""

    # ------------------------------------------------------------- queries
    @property
    def finished(self) -> bool:
        """True once one player holds every chip (POK-1-4, ITA-17)."""
        return self.phase is Phase.FINISHED

    @property
    def remaining(self) -> int:
        """Players still in (seated, or busted and still allowed to rebuy)."""
        return len(self._where) + len(self._pending)

    @property
    def tables(self) -> dict[int, int]:
        """Players at each table (a copy)."""
        return dict(self._counts)

    @property
    def hand_for_hand(self) -> bool:
        """True while every table plays one hand at a time (the money bubble, TDA RP-8)."""
        return self._hfh

    def players(self) -> list[str]:
        """The players still seated."""
        return list(self._where)

    def table_of(self, player: str) -> int:
        """The table where ``player`` sits."""
        try:
            return self._where[player]
        except KeyError:
            raise ConfigurationError(f"{player!r} is not seated in this tournament") from None

    def seat_of(self, player: str) -> tuple[int, int]:
        """``(table, seat)`` of ``player``."""
        table = self.table_of(player)
        for seat, who in self._occupied(table).items():
            if who == player:
                return table, seat
        raise AssertionError(f"{player} is not at table {table}")  # pragma: no cover

    def stack(self, player: str) -> int:
        """The chips of ``player`` (between hands)."""
        self.table_of(player)
        return self._stack(player)

    def chips_expected(self) -> int:
        """The chips that should be in play: issued minus removed."""
        return self.chips_issued - self.chips_removed

    @abstractmethod
    def chips_in_play(self) -> int:
        """The chips actually on the tables (in stacks, bets and pots)."""

    def is_suspended(self, player: str) -> bool:
        """True while ``player`` serves a suspension (ITA-51)."""
        return player in self._suspended

    def suspension_left(self, player: str) -> int:
        """Hands of suspension ``player`` still has to sit out."""
        return self._suspended.get(player, 0)

    # -------------------------------------------------------- registration
    def register(self, player: str, *, adult: bool, arrived: bool = True) -> Entry:
        """Register ``player``, confirmed adult (POK-1-2); late entries are seated at once.

        A player registered in advance may not have arrived (``arrived=False``): he is
        dealt in and blinded until :meth:`arrive`, and removed at the end of the first
        level (POK-3-1).
        """
        if self.phase is Phase.FINISHED:
            raise RegistrationError("the tournament is over")
        late = self.phase is Phase.RUNNING
        if late and not self.late_registration_open:
            levels = self.structure.late_registration_levels
            raise RegistrationError(
                f"registration closed at the end of level {levels}"
                if levels
                else "registration closed when the tournament started (no late registration)"
            )
        entry = self.registry.register(
            player, adult=adult, at=self.time.now(), late=late, arrived=arrived
        )
        self.standings.entrants += 1
        if self.bounties is not None:
            self.bounties.enter(player)
        if late:
            self._seat_newcomer(player, self.structure.starting_stack, absent=not arrived)
            self._rearrange()
        return entry

    @property
    def late_registration_open(self) -> bool:
        """True while late entries are accepted."""
        if self.phase is Phase.REGISTRATION:
            return True
        if self.phase is Phase.FINISHED or self._hfh:
            return False
        return self.clock.level_number <= self.structure.late_registration_levels

    def arrive(self, player: str) -> None:
        """A registered player reaches his seat (POK-3-1)."""
        self.registry.arrive(player)
        if player in self._where and player not in self._suspended:
            self._set_absent(player, False)

    def start(
        self, draw: Mapping[str, tuple[int, int]] | None = None
    ) -> dict[str, tuple[int, int]]:
        """Draw the seats (POK-1-3, ITA-2), give every entrant the same stack (POK-1-4),
        start the clock. Returns ``{player: (table, seat)}``.

        ``draw`` gives seats drawn elsewhere (by hand at a live event, or in a test)
        instead of croupier's secure draw.
        """
        if self.phase is not Phase.REGISTRATION:
            raise IllegalActionError("the tournament has already started")
        players = self.registry.players
        if len(players) < 2:
            raise ConfigurationError("a tournament needs at least two players")
        if draw is None:
            draw = draw_seats(players, table_size=self.options.table_size, rng=self.rng)
        else:
            draw = dict(draw)
            self._check_draw(players, draw)
        for number in sorted({t for t, _ in draw.values()}):
            self._open_table(number)
            self._counts[number] = 0
        stack = self.structure.starting_stack
        for player in players:
            table, seat = draw[player]
            absent = not self.registry[player].arrived
            self._place(player, table, seat, stack, replacing=False, absent=absent)
            self.chips_issued += stack
        self.phase = Phase.RUNNING
        self.clock.start()
        self._rearrange()  # a draw given by hand may need balancing
        return draw

    def _check_draw(self, players: Sequence[str], draw: Mapping[str, tuple[int, int]]) -> None:
        if sorted(draw) != sorted(players):
            raise ConfigurationError("the draw must seat every registered player, once")
        if len(set(draw.values())) != len(draw):
            raise ConfigurationError("two players drew the same seat")
        size = self.options.table_size
        for player, (table, seat) in draw.items():
            if table < 1 or not 1 <= seat <= size:
                raise ConfigurationError(
                    f"{player}: tables are numbered from 1 and seats from 1 to {size},"
                    f" not table {table} seat {seat}"
                )

    def _place(
        self, player: str, table: int, seat: int, stack: int, *, replacing: bool, absent: bool
    ) -> None:
        self._seat(player, table, seat, stack, replacing=replacing, absent=absent)
        self._where[player] = table
        self._counts[table] += 1

    def _remove(self, player: str) -> int:
        stack = self._unseat(player)
        table = self._where.pop(player)
        self._counts[table] -= 1
        return stack

    def _seat_newcomer(self, player: str, stack: int, *, absent: bool) -> tuple[int, int]:
        """A late entrant: the shortest table, at the seat the options say (POK-7-8)."""
        open_tables = [t for t in sorted(self._counts) if self._counts[t] < self._size(t)]
        if open_tables:
            table = min(open_tables, key=lambda t: self._counts[t])
        else:
            table = max(self._counts, default=0) + 1
            self._open_table(table)
            self._counts[table] = 0
        free = [s for s in range(1, self._size(table) + 1) if s not in self._occupied(table)]
        if self.options.new_seat is NewSeat.LEFT_OF_DEALER:
            seat = first_free_after(free, self._dealer(table), self.rng)
        else:
            seat = self.rng.choice(free)
        replacing = self.options.replacement_takes_position and seat in self._vacated(table)
        self._place(player, table, seat, stack, replacing=replacing, absent=absent)
        self.chips_issued += stack
        return table, seat

    # --------------------------------------------------------------- clock
    def _sync_clock(self) -> None:
        """Apply a new level (POK-7-4, ITA-6) and remove the no-shows (POK-3-1)."""
        if self.phase is not Phase.RUNNING:
            return
        if self._hfh:  # the clock stands still in hand-for-hand play, except for breaks
            if self.clock.on_break and not self.clock.running:
                self.clock.resume()
            elif not self.clock.on_break and self.clock.running:
                self.clock.pause()
        number = self.clock.level_number
        if number != self._level_applied:
            self._level_applied = number
            self._apply_level(self.clock.level)
        if number > self.options.absent_deadline_level:
            self._remove_no_shows()
        if self._pending and not self.rebuy_open:
            for player in list(self._pending):
                self._finalize_pending(player)
            self._rearrange()

    # ------------------------------------------------------ rebuys, add-ons
    @property
    def rebuy_open(self) -> bool:
        """True during the rebuy period."""
        rebuy = self.config.rebuy
        return (
            rebuy is not None
            and self.phase is Phase.RUNNING
            and self.clock.level_number <= rebuy.until_level
        )

    @property
    def add_on_open(self) -> bool:
        """True during the add-on window: the break after the add-on level, or the next
        level when no break follows it."""
        add_on = self.config.add_on
        if add_on is None or self.phase is not Phase.RUNNING:
            return False
        index = self.clock.period_index
        number = self.structure.level_number(index)
        if self.clock.on_break:
            return number == add_on.after_level
        previous = self.structure.periods[index - 1] if index else None
        return number == add_on.after_level + 1 and isinstance(previous, Level)

    def can_rebuy(self, player: str) -> bool:
        """True when ``player`` may rebuy now."""
        rebuy = self.config.rebuy
        if rebuy is None or not self.rebuy_open or player not in self.registry:
            return False
        entry = self.registry[player]
        if rebuy.max_rebuys is not None and entry.rebuys >= rebuy.max_rebuys:
            return False
        if player in self._pending:
            return True
        return player in self._where and self._stack(player) <= rebuy.threshold

    def rebuy(self, player: str) -> None:
        """``player`` buys ``rebuy.stack`` more chips (between hands)."""
        rebuy = self.config.rebuy
        if rebuy is None or not self.can_rebuy(player):
            raise IllegalActionError(self._why_no_rebuy(player))
        if player in self._pending:
            bust = self._pending.pop(player)
            self.standings.remove(player)
            free = self._free(bust.table) if bust.table in self._counts else []
            old = [s for s in free if s == bust.seat]
            if old:  # back in his seat, with its obligations (POK-7-9)
                self._place(player, bust.table, old[0], rebuy.stack, replacing=True, absent=False)
                self.chips_issued += rebuy.stack
            else:
                self._seat_newcomer(player, rebuy.stack, absent=False)
        else:
            self._set_stack(player, self._stack(player) + rebuy.stack)
            self.chips_issued += rebuy.stack
        self.registry.record_rebuy(player)
        self._rearrange()

    def _why_no_rebuy(self, player: str) -> str:
        if self.config.rebuy is None:
            return "this tournament has no rebuys (POK-6-1: a freezeout)"
        if not self.rebuy_open:
            return f"the rebuy period ended with level {self.config.rebuy.until_level}"
        if player not in self.registry:
            return f"{player!r} is not registered"
        return (
            f"{player} may not rebuy: a rebuy needs a stack of at most"
            f" {self.config.rebuy.threshold:,} and at most {self.config.rebuy.max_rebuys} rebuys"
        )

    def decline_rebuy(self, player: str) -> None:
        """A player busted in the rebuy period does not rebuy: he is out."""
        if player not in self._pending:
            raise IllegalActionError(f"{player} has no rebuy to decline")
        self._finalize_pending(player)
        self._rearrange()

    def add_on(self, player: str) -> None:
        """``player`` takes the add-on (once, during the add-on window)."""
        add_on = self.config.add_on
        if add_on is None:
            raise IllegalActionError("this tournament has no add-on (POK-6-1: a freezeout)")
        if not self.add_on_open:
            raise IllegalActionError(f"the add-on is taken after level {add_on.after_level}")
        entry = self.registry[player]
        if entry.add_on:
            raise IllegalActionError(f"{player} has already taken the add-on")
        self.table_of(player)
        self._set_stack(player, self._stack(player) + add_on.stack)
        self.chips_issued += add_on.stack
        self.registry.record_add_on(player)

    def _remove_no_shows(self) -> None:
        late = [
            p
            for p in sorted(self.registry.not_arrived)
            if p in self._where and self._between_hands(self._where[p])
        ]
        if not late:
            return
        busts = []
        for player in late:
            table = self._where[player]
            stack = self._remove(player)
            self._suspended.pop(player, None)
            self.chips_removed += stack  # POK-3-1: removed, chips out of play
            busts.append(Bust(player, stack, table, 0, kind=BustKind.NO_SHOW))
            self._unclaimed_bounty(player)
        self.standings.add(busts, share=False, at=self.time.now())
        self._rearrange()

    # ------------------------------------------------------------- busts
    def _unclaimed_bounty(self, player: str) -> None:
        if self.bounties is not None:
            self.knockouts[player] = self.bounties.knock_out(player, ())

    def _record_busts(self, busts: Sequence[Bust], *, hand_for_hand: bool) -> None:
        """Players out in one hand at one table (or one live entry); during hand-for-hand
        play they wait for the other tables' busts of the same hand."""
        if self.bounties is not None:
            for bust in busts:
                if not bust.pending:
                    self.knockouts[bust.player] = self.bounties.knock_out(
                        bust.player, bust.eliminators
                    )
        if hand_for_hand:
            self._hfh_busts.extend(busts)
        elif busts:
            self.standings.add(busts, share=False, at=self.time.now())  # POK-9-8

    def _close_hand_for_hand_round(self) -> None:
        """Every table played the hand-for-hand hand: rank its busts together."""
        busts, self._hfh_busts = self._hfh_busts, []
        self._hfh_played.clear()
        if busts:
            share = self.options.bust_ranking is BustRanking.SHARE
            self.standings.add(busts, share=share, at=self.time.now())
        if self._hfh:
            if not self.clock.running:
                self.clock.elapse(self.options.hand_for_hand_seconds)
            self._sync_clock()

    def _check_over(self) -> None:
        if self.remaining == 1 and self.phase is Phase.RUNNING:
            if self._hfh_busts:
                self._close_hand_for_hand_round()
            for bust in list(self._pending.values()):
                self._finalize_pending(bust.player)
            self.winner = next(iter(self._where))
            self.phase = Phase.FINISHED
            if self._hfh:
                self._hfh = False
            if self.bounties is not None:
                self._winner_bounty = self.bounties.collect_own(self.winner)
            if self.clock.running:
                self.clock.pause()

    def _finalize_pending(self, player: str) -> None:
        bust = self._pending.pop(player)
        bust.pending = False
        if self.bounties is not None:
            self.knockouts[player] = self.bounties.knock_out(player, bust.eliminators)

    # ------------------------------------------------------------ payouts
    def paid_places(self) -> int:
        """How many places the prize pool pays (ITA-18: at least 10 % of the entrants)."""
        return len(self.prize_amounts())

    def prize_pool(self) -> PrizePool:
        """The prize pool (ITA-18), from the entries, rebuys and add-ons."""
        ko = self.config.knockout
        return prize_pool(
            len(self.registry),
            self.config.buy_in,
            self.config.fee,
            rebuys=self.registry.rebuys,
            rebuy_price=self.config.rebuy.price if self.config.rebuy else 0,
            add_ons=self.registry.add_ons,
            add_on_price=self.config.add_on.price if self.config.add_on else 0,
            bounty_part=ko.bounty if ko is not None and not ko.points else 0,
        )

    def prize_amounts(self) -> list[int]:
        """The prize of each place, first place first (whole euros when the pool allows)."""
        pool = self.prize_pool().total
        entrants = max(1, len(self.registry))
        key = (pool, entrants)
        if self._prizes is not None and self._prizes[0] == key:
            return list(self._prizes[1])
        amounts: list[int] = []
        if pool > 0:
            places = self.config.places
            if places is not None:
                places = min(places, entrants)
            try:
                amounts = payouts(pool, entrants, places=places, unit=100)
            except ConfigurationError:  # too small a pool for whole euros: cents
                amounts = payouts(pool, entrants, places=places, unit=1)
        self._prizes = (key, tuple(amounts))
        return amounts

    def finishes(self) -> list[Finish]:
        """Every place decided so far, best first."""
        return self.standings.finishes([self.winner] if self.winner else ())

    def results(self) -> list[Result]:
        """Places with prizes; players sharing places share their prizes equally, the odd
        units one each to the bigger starting stacks first."""
        amounts = self.prize_amounts()
        finishes = self.finishes()
        out: list[Result] = []
        i = 0
        while i < len(finishes):
            f = finishes[i]
            tied = finishes[i : i + f.shared]
            money = sum(
                amounts[p - 1] for p in range(f.place, f.place + f.shared) if p <= len(amounts)
            )
            each, left = divmod(money, f.shared)
            order = sorted(
                tied, key=lambda t: (-(t.bust.starting_stack if t.bust else 0), t.player)
            )
            for k, t in enumerate(order):
                won = self.bounties.won.get(t.player, 0) if self.bounties is not None else 0
                out.append(Result(t.place, t.player, t.shared, each + (1 if k < left else 0), won))
            i += f.shared
        return out

    # --------------------------------------------------------- rearranging
    def _rearrange(self) -> list[Move]:
        """After busts or arrivals: end, hand-for-hand, final table, breaks, balance."""
        self._check_over()
        if self.phase is not Phase.RUNNING:
            return []
        self._update_hand_for_hand()
        for number in [n for n, c in self._counts.items() if c == 0]:
            if len(self._counts) > 1:  # emptied by no-shows or disqualifications
                self._close_table(number)
                del self._counts[number]
        done: list[Move] = []
        size = self.options.table_size
        if is_final(self._counts, size) and self.options.redraw_final_table:
            if self._all_between_hands():
                done += self._redraw_final_table()
            return done
        while (t := table_to_break(self._counts, size)) is not None and self._between_hands(t):
            done += self._break_table(t)
        done += self._balance()
        if self._all_between_hands():
            self.max_difference = max(self.max_difference, difference(self._counts))
        return done

    def _update_hand_for_hand(self) -> None:
        if not self.options.hand_for_hand:
            return
        bubble = len(self._counts) > 1 and self.remaining == self.paid_places() + 1
        if bubble and not self._hfh:
            self._hfh = True  # TDA RP-8: the clock runs a fixed time per hand
            self._hfh_played.clear()
            if self.clock.running:
                self.clock.pause()
        elif self._hfh and not bubble and not self._hfh_busts:
            self._hfh = False
            if not self.clock.running:
                self.clock.resume()

    def _move(self, player: str, table: int, seat: int, reason: MoveReason) -> Move:
        source, from_seat = self.seat_of(player)
        vacated = self._vacated(table)
        stack = self._remove(player)
        absent = player in self._suspended or not self.registry[player].arrived
        replacing = self.options.replacement_takes_position and seat in vacated
        self._place(player, table, seat, stack, replacing=replacing, absent=absent)
        move = Move(player, source, from_seat, table, seat, reason)
        self.moves.append(move)
        return move

    def _free(self, table: int) -> list[int]:
        taken = self._occupied(table)
        return [s for s in range(1, self._size(table) + 1) if s not in taken]

    def _balance(self) -> list[Move]:
        """POK-7-1, ITA-14: the next big blind of the longest table moves (POK-7-7) to the
        seat of the shortest table that gets the big blind soonest."""
        done: list[Move] = []
        while True:
            movable = [t for t in self._counts if self._between_hands(t)]
            pair = long_and_short(self._counts, movable)
            if pair is None:
                return done
            source, short = pair
            player = self._next_big_blind(source)
            if player is None:
                player = self.rng.choice(sorted(self._occupied(source).values()))
            seat = first_free_after(self._free(short), self._last_big_blind(short), self.rng)
            done.append(self._move(player, short, seat, MoveReason.BALANCE))

    def _break_table(self, number: int) -> list[Move]:
        """ITA-15: the players of the last table are drawn into the free seats elsewhere."""
        players = [p for _, p in sorted(self._occupied(number).items())]
        others = {t: c for t, c in self._counts.items() if t != number}
        free = {t: self._free(t) for t in others}
        done = [
            self._move(player, table, seat, MoveReason.BREAK)
            for player, table, seat in break_draw(players, free, self.rng, others)
        ]
        self._close_table(number)
        del self._counts[number]
        return done

    def _redraw_final_table(self) -> list[Move]:
        """POK-7-2: every remaining player draws a new seat at the final table."""
        where = {p: self.seat_of(p) for p in self._where}
        stacks = {p: self._remove(p) for p in list(self._where)}
        for number in list(self._counts):
            self._close_table(number)
        self._counts.clear()
        final = 1
        self._open_table(final)
        self._counts[final] = 0
        players = sorted(stacks)
        self.rng.shuffle(players)
        seats = sorted(self.rng.sample(range(1, self._size(final) + 1), len(players)))
        done = []
        for player, seat in zip(players, seats, strict=True):
            absent = player in self._suspended or not self.registry[player].arrived
            self._place(player, final, seat, stacks[player], replacing=False, absent=absent)
            source, from_seat = where[player]
            move = Move(player, source, from_seat, final, seat, MoveReason.FINAL_TABLE)
            self.moves.append(move)
            done.append(move)
        return done

    # --------------------------------------------------------- penalties
    def suspend(self, player: str, hands: int) -> None:
        """Sit ``player`` out for ``hands`` hands: dealt in, blinded, his hand killed
        (POK-13-1, ITA-51). Use :class:`~croupier.room.tournament.floor.Floor`."""
        self.table_of(player)
        if hands < 1:
            raise ConfigurationError("a suspension lasts at least one hand")
        self._suspended[player] = self._suspended.get(player, 0) + hands
        self._set_absent(player, True)

    def _count_suspension(self, table: int) -> None:
        """One hand was played at ``table``: suspended players there have one less."""
        for player in [p for p in self._suspended if self._where.get(p) == table]:
            self._suspended[player] -= 1
            if self._suspended[player] <= 0:
                del self._suspended[player]
                if self.registry[player].arrived:
                    self._set_absent(player, False)

    def disqualify(self, player: str) -> int:
        """Remove ``player`` and his chips from play (POK-13-1, ITA-51); returns the chips."""
        table = self.table_of(player)
        if not self._between_hands(table):
            raise IllegalActionError(
                f"table {table} is playing a hand: disqualify {player} once it is over"
            )
        stack = self._remove(player)
        self._suspended.pop(player, None)
        self.chips_removed += stack
        self.standings.add(
            [Bust(player, stack, table, 0, kind=BustKind.DISQUALIFIED)],
            share=False,
            at=self.time.now(),
        )
        self._unclaimed_bounty(player)
        self._rearrange()
        return stack

    def remove_chips(self, player: str, amount: int) -> None:
        """Take ``amount`` of ``player``'s chips out of play (POK-12-6)."""
        table = self.table_of(player)
        if not self._between_hands(table):
            raise IllegalActionError(f"table {table} is playing a hand: remove chips after it")
        stack = self._stack(player)
        if not 0 < amount < stack:
            raise ConfigurationError(
                f"remove between 1 and {stack - 1} chips from {player} (all of them:"
                " disqualify him)"
            )
        self._set_stack(player, stack - amount)
        self.chips_removed += amount

    def players_at_table_of(self, player: str) -> int:
        """Players at ``player``'s table, him included (an orbit, ITA-51)."""
        return self._counts[self.table_of(player)]
