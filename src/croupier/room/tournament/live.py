"""A live tournament: real cards and chips at real tables, croupier running the room.

No engine hands here. The floor enters what happens at the tables (busts, chip counts,
where the button is, moves it made itself); croupier runs the clock, draws the seats,
says who moves where to balance or break tables and when the final table is drawn,
ranks the eliminations and computes the payouts. A bust entered by mistake can be undone.

>>> from croupier.room.tournament import ManualClock, tournament_preset
>>> import random
>>> live = LiveTournament(tournament_preset("pokcomm"), clock=ManualClock(), rng=random.Random(2))
>>> for name in ("ann", "bob", "cy"):
...     _ = live.register(name, adult=True)
>>> _ = live.start()
>>> _ = live.bust("cy", eliminator="ann")
>>> [(f.place, f.player) for f in live.finishes()]
[(3, 'cy')]
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament.balancing import Move, MoveReason
from croupier.room.tournament.base import Phase, TournamentBase
from croupier.room.tournament.clock import Clock
from croupier.room.tournament.config import TournamentConfig
from croupier.room.tournament.standings import Bust, BustKind
from croupier.room.tournament.structure import Break, Level

__all__ = ["LiveTable", "LiveTournament"]


@dataclass
class LiveTable:
    """A real table as the floor reports it: who sits where, and the button."""

    number: int
    size: int
    seats: dict[int, str] = field(default_factory=dict)
    button: int | None = None
    """The seat of the button for the next hand to be dealt, as the floor entered it."""

    def players_clockwise_after(self, seat: int) -> list[int]:
        """The occupied seats clockwise after ``seat``."""
        ordered = sorted(self.seats)
        return [s for s in ordered if s > seat] + [s for s in ordered if s <= seat]


class LiveTournament(TournamentBase):
    """A tournament with real cards: the floor reports, croupier runs the room."""

    def __init__(
        self,
        config: TournamentConfig,
        *,
        clock: Clock | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(config, clock=clock, rng=rng)
        self._tables: dict[int, LiveTable] = {}
        self._stacks: dict[str, int] = {}
        self._absent: set[str] = set()
        self._undo: dict[str, tuple[int, int]] = {}  # player -> (table, seat) when busted

    # ---------------------------------------------------------- seat hooks
    def _open_table(self, number: int) -> None:
        self._tables[number] = LiveTable(number, self.options.table_size)

    def _close_table(self, number: int) -> None:
        del self._tables[number]

    def _seat(
        self, player: str, table: int, seat: int, stack: int, *, replacing: bool, absent: bool
    ) -> None:
        t = self._tables[table]
        if seat in t.seats or not 1 <= seat <= t.size:
            raise ConfigurationError(f"seat {seat} of table {table} is not free")
        t.seats[seat] = player
        self._stacks[player] = stack
        if absent:
            self._absent.add(player)

    def _unseat(self, player: str) -> int:
        t = self._tables[self._where[player]]
        seat = next(s for s, p in t.seats.items() if p == player)
        del t.seats[seat]
        self._absent.discard(player)
        return self._stacks.pop(player)

    def _stack(self, player: str) -> int:
        return self._stacks[player]

    def _set_stack(self, player: str, stack: int) -> None:
        self._stacks[player] = stack

    def _occupied(self, table: int) -> dict[int, str]:
        return dict(self._tables[table].seats)

    def _size(self, table: int) -> int:
        return self._tables[table].size

    def _between_hands(self, table: int) -> bool:
        return True  # the floor makes every move between hands

    def _dealer(self, table: int) -> int | None:
        return self._tables[table].button

    def _last_big_blind(self, table: int) -> int | None:
        t = self._tables[table]
        if t.button is None or not t.seats:
            return None
        after = t.players_clockwise_after(t.button)
        return after[0]  # the last hand's big blind is the next hand's small blind

    def _next_big_blind(self, table: int) -> str | None:
        t = self._tables[table]
        if t.button is None or len(t.seats) < 2:
            return None
        after = t.players_clockwise_after(t.button)
        if len(after) == 2:  # heads-up the button is the small blind
            return t.seats[after[0] if after[0] != t.button else after[1]]
        return t.seats[after[1]]

    def _vacated(self, table: int) -> set[int]:
        return set()

    def _set_absent(self, player: str, absent: bool) -> None:
        if absent:
            self._absent.add(player)
        else:
            self._absent.discard(player)

    def _apply_level(self, level: Level) -> None:
        """The clock shows the new level; the dealers apply it from the next shuffle."""

    def chips_in_play(self) -> int:
        """The chips the floor's counts add up to."""
        return sum(self._stacks.values())

    # -------------------------------------------------------------- floor
    def table_map(self, table: int) -> LiveTable:
        """Table ``table`` as croupier knows it (a copy)."""
        t = self._tables[table]
        return LiveTable(t.number, t.size, dict(t.seats), t.button)

    def set_button(self, table: int, seat: int) -> None:
        """The button of the next hand at ``table`` is at ``seat`` (for POK-7-7)."""
        t = self._tables[table]
        if not 1 <= seat <= t.size:
            raise ConfigurationError(f"table {table} has seats 1 to {t.size}, not {seat}")
        t.button = seat

    def chip_count(self, player: str, stack: int) -> None:
        """The floor counted ``player``'s chips."""
        self.table_of(player)
        if stack <= 0:
            raise ConfigurationError(f"{player} has chips or is busted: enter bust({player!r})")
        self._stacks[player] = stack

    def chip_discrepancy(self) -> int:
        """Chips expected in play minus the floor's counts (0 once every count is fresh)."""
        return self.chips_expected() - self.chips_in_play()

    def bust(
        self,
        players: str | Sequence[str],
        *,
        starting_stacks: Mapping[str, int] | None = None,
        eliminator: str | Sequence[str] | None = None,
    ) -> list[Move]:
        """Players out in the same hand (POK-9-8: ranked by ``starting_stacks``, by default
        their last chip counts). ``eliminator`` knocked them out (POK-6-3). Returns the
        moves croupier asks the floor to make (balancing, breaking, final table)."""
        names = [players] if isinstance(players, str) else list(players)
        if self.phase is not Phase.RUNNING:
            raise IllegalActionError(f"the tournament is {self.phase.value}")
        if not names or len(set(names)) != len(names):
            raise ConfigurationError("name each busted player once")
        tables = {self.table_of(p) for p in names}
        if len(tables) > 1 and not self._hfh:
            raise ConfigurationError(
                "players busting at different tables are entered one table at a time"
            )
        by = (eliminator,) if isinstance(eliminator, str) else tuple(eliminator or ())
        for p in by:
            if p in names:
                raise ConfigurationError(f"{p} cannot knock himself out")
            self.table_of(p)
        if len(names) >= len(self._where):
            raise ConfigurationError("someone must be left holding the chips")
        busts = []
        for player in names:
            table, seat = self.seat_of(player)
            start = (starting_stacks or {}).get(player, self._stacks[player])
            self._remove(player)
            self._suspended.pop(player, None)
            self._undo[player] = (table, seat)
            busts.append(Bust(player, start, table, 0, by, seat=seat))
        self._record_busts(busts, hand_for_hand=self._hfh)
        return self._rearrange()

    def close_hand(self) -> list[Move]:
        """Hand-for-hand: every table has finished the current hand; its busts are ranked
        together (TDA RP-8 or POK-9-8 by the options)."""
        if not self._hfh:
            raise IllegalActionError("hand-for-hand play is not on")
        self._close_hand_for_hand_round()
        return self._rearrange()

    def undo_bust(self, player: str, *, stack: int | None = None) -> list[Move]:
        """Put back a player whose bust was entered by mistake, with ``stack`` chips (by
        default his stack at the start of the hand he was said to bust in)."""
        bust = self.standings.find(player)
        pending = next((b for b in self._hfh_busts if b.player == player), None)
        if pending is None and (bust is None or bust.kind is not BustKind.BUSTED):
            raise IllegalActionError(f"{player} has no bust to undo")
        if pending is not None:
            self._hfh_busts.remove(pending)
            bust = pending
        else:
            self.standings.remove(player)
        assert bust is not None
        chips = bust.starting_stack if stack is None else stack
        if chips <= 0:
            raise ConfigurationError("a player put back in has chips")
        if self.phase is Phase.FINISHED:  # the last bust was the mistake
            self.phase = Phase.RUNNING
            if self.bounties is not None and self.winner is not None:
                self.bounties.won[self.winner] -= self._winner_bounty
                self.bounties.head[self.winner] += self._winner_bounty
            self.winner = None
            if not self.clock.running and not self._hfh:
                self.clock.resume()
        if self.bounties is not None and player in self.knockouts:
            self.bounties.restore(self.knockouts.pop(player))
        table, seat = self._undo.pop(player, (0, 0))
        if table in self._tables and seat not in self._tables[table].seats:
            self._place(player, table, seat, chips, replacing=False, absent=False)
        else:
            self._seat_newcomer(player, chips, absent=False)
            self.chips_issued -= chips  # not new chips: his own, back in play
        return self._rearrange()

    def move(self, player: str, table: int, seat: int) -> Move:
        """The floor moved ``player`` itself."""
        if table not in self._tables:
            raise ConfigurationError(f"there is no table {table}")
        if seat in self._tables[table].seats or not 1 <= seat <= self._tables[table].size:
            raise ConfigurationError(f"seat {seat} at table {table} is not free")
        return self._move(player, table, seat, MoveReason.FLOOR)

    def hand_played(self, table: int) -> None:
        """A hand was played at ``table``: suspended players there count it (ITA-51)."""
        self._count_suspension(table)

    def is_absent(self, player: str) -> bool:
        """True while ``player`` is away (not arrived, or suspended)."""
        return player in self._absent

    def status(self) -> dict[str, Any]:
        """What the tournament clock screen shows."""
        self._sync_clock()
        period = self.clock.period
        left = self.clock.remaining()
        return {
            "phase": self.phase.value,
            "level": self.clock.level_number,
            "blinds": str(self.clock.level),
            "on_break": isinstance(period, Break),
            "seconds_left": None if left == float("inf") else round(left),
            "players": self.remaining,
            "entrants": len(self.registry),
            "tables": len(self._tables),
            "average_stack": self.chips_expected() // max(1, self.remaining),
            "hand_for_hand": self._hfh,
            "paid_places": self.paid_places(),
            "prize_pool": self.prize_pool().total,
        }
