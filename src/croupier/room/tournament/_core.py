"""The core of a tournament room: its state, the seat hooks, moving players (balancing,
breaking, the final table) and recording busts (POK-9-8, hand-for-hand).

:class:`TournamentCore` is extended by :class:`~croupier.room.tournament.base.TournamentBase`;
see ``docs/tournament.md``.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Collection, Iterator, Sequence
from enum import StrEnum

from croupier.errors import ConfigurationError
from croupier.room.tournament.balancing import (
    Move,
    MoveReason,
    TableCounts,
    break_draw_counted,
    difference,
    is_final,
    long_and_short,
    table_to_break,
)
from croupier.room.tournament.clock import Clock, LevelClock, SystemClock
from croupier.room.tournament.config import BustRanking, NewSeat, TournamentConfig
from croupier.room.tournament.registration import Registry
from croupier.room.tournament.seating import first_free_after, secure_rng
from croupier.room.tournament.standings import Bounties, Bust, KnockOutPay, Standings
from croupier.room.tournament.structure import Level

__all__ = ["Phase", "TournamentCore"]


class Phase(StrEnum):
    """Where the tournament stands."""

    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"


class TournamentCore(ABC):
    """The state of a tournament room and how it moves players; subclasses hold the seats
    (:class:`~croupier.room.tournament.base.TournamentBase` adds entries, the clock,
    rebuys, payouts and penalties)."""

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
        self._counts = TableCounts()
        self._where: dict[str, int] = {}
        self._pending: dict[str, Bust] = {}  # busted in the rebuy period, may rebuy
        self._suspended: dict[str, int] = {}  # hands of suspension left (ITA-51)
        self._hfh = False
        self._hfh_busts: list[Bust] = []
        self._hfh_played: set[int] = set()
        self._level_applied = 1
        self._arrival_deadline: dict[str, int] = {}
        self._prizes: tuple[tuple[int, int, int], tuple[int, ...]] | None = None
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
        if not isinstance(player, str):
            raise ConfigurationError(f"a player is named by a text, not {player!r}")
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

    @abstractmethod
    def paid_places(self) -> int:
        """How many places the prize pool pays."""

    @abstractmethod
    def _sync_clock(self) -> None:
        """Apply what the clock says now."""

    def is_suspended(self, player: str) -> bool:
        """True while ``player`` serves a suspension (ITA-51)."""
        return isinstance(player, str) and player in self._suspended

    def suspension_left(self, player: str) -> int:
        """Hands of suspension ``player`` still has to sit out."""
        return self._suspended.get(player, 0) if isinstance(player, str) else 0

    def next_big_blind(self, table: int) -> str | None:
        """The player who would be big blind in the next hand at ``table`` (POK-7-7): the one
        balancing moves first (POK-7-1, ITA-14); ``None`` when it is not known yet."""
        return self._next_big_blind(table)

    def rearrange(self) -> list[Move]:
        """Rearrange after busts, arrivals or a move by the floor: the end, hand-for-hand,
        the final table (POK-7-2), breaking tables (ITA-15) and balancing (POK-7-1, ITA-14),
        each where the tables are between hands; returns the moves made."""
        return self._rearrange()

    def break_table(self, number: int) -> list[Move]:
        """Break table ``number`` now, on the floor's decision (ITA-15): its players are drawn
        into the free seats elsewhere; returns the moves. Raises ``ValueError`` for a table
        that is not open, the last one, or one with a hand in play."""
        if number not in self._counts:
            raise ValueError(f"break table {number}: no such table (open: {sorted(self._counts)})")
        if len(self._counts) < 2:
            raise ValueError(f"break table {number}: it is the last table")
        if not self._between_hands(number):
            raise ValueError(f"break table {number}: a hand is in play there")
        free = sum(len(self._free(t)) for t in self._counts if t != number)
        if free < self._counts[number]:
            raise ValueError(
                f"break table {number}: the other tables have {free} free seats for its"
                f" {self._counts[number]} players"
            )
        return self._break_table(number)

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

    # --------------------------------------------------------- rearranging
    def _rearrange(self) -> list[Move]:
        """After busts or arrivals: end, hand-for-hand, final table, breaks, balance."""
        self._check_over()
        if self.phase is not Phase.RUNNING:
            return []
        self._update_hand_for_hand()
        empty = self._counts.with_count(0)
        for number in [n for n in self._counts if n in empty] if empty else []:
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
            pair = long_and_short(self._counts, _BetweenHands(self))
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
        # every table has the event's size (as table_to_break counts): the draw asks the free
        # seats of the tables it draws only, not of every other table
        size = self.options.table_size
        draw = break_draw_counted(players, self._counts, number, size, self._free, self.rng)
        done = [self._move(player, table, seat, MoveReason.BREAK) for player, table, seat in draw]
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


class _BetweenHands(Collection[int]):
    """The open tables between hands, as a live view (no list of every table per call)."""

    __slots__ = ("_core",)

    def __init__(self, core: TournamentCore) -> None:
        self._core = core

    def __contains__(self, table: object) -> bool:
        return table in self._core._counts and self._core._between_hands(table)  # type: ignore[arg-type]

    def __iter__(self) -> Iterator[int]:
        return (t for t in self._core._counts if self._core._between_hands(t))

    def __len__(self) -> int:
        return sum(1 for _ in self)
