"""A live tournament: real cards and chips at real tables, croupier running the room.

No engine hands here. The floor enters what happens at the tables (busts, chip counts,
where the button is, moves it made itself); croupier runs the clock, draws the seats,
says who moves where to balance or break tables and when the final table is drawn,
ranks the eliminations and computes the payouts. A bust entered by mistake can be undone.

Chip counts must add up: croupier knows every chip issued and removed, so a count that
would make the stacks add up to anything else is kept apart (:meth:`LiveTournament.
pending_counts`) and the floor is told at once (the :class:`CountResult`); the counts
kept apart are applied together as soon as they add up (usually once the rest of the
table is counted), or when the floor accepts them as a correction (chips found or
missing) or discards them.

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
from typing import Any, NamedTuple

from croupier.errors import ConfigurationError, CroupierError, IllegalActionError
from croupier.room.tournament.balancing import Move, MoveReason
from croupier.room.tournament.base import Phase, TournamentBase
from croupier.room.tournament.clock import Clock
from croupier.room.tournament.config import TournamentConfig
from croupier.room.tournament.standings import Bust, BustKind
from croupier.room.tournament.structure import Break, Level
from croupier.table._check import MAX_CHIPS, chips, name

__all__ = ["CountCorrection", "CountResult", "LiveTable", "LiveTournament"]


class CountResult(NamedTuple):
    """What became of the floor's counts: applied to the stacks, or kept apart."""

    applied: bool
    """True: every count entered so far is in the stacks (they add up)."""
    difference: int
    """The counts kept apart make this many chips more (negative: fewer) than in play."""
    pending: tuple[tuple[str, int], ...]
    """The counts kept apart, (player, stack), in the order entered."""


class CountCorrection(NamedTuple):
    """Counts the floor accepted though they did not add up: chips found or missing."""

    at: float
    difference: int
    """Chips found (positive: added to those issued) or missing (negative: removed)."""
    counts: tuple[tuple[str, int], ...]
    reason: str


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
        self._counted: dict[str, int] = {}  # counts kept apart until they add up
        self.corrections: list[CountCorrection] = []
        """Counts accepted by the floor though they did not add up, in order."""

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
        if player in self._counted:
            raise IllegalActionError(
                f"{player}'s count of {self._counted[player]:,} is kept apart (it does not add"
                " up): resolve it first (more counts, accept_counts or discard_counts)"
            )
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
    def _table(self, table: int) -> LiveTable:
        t = self._tables.get(table) if type(table) is int else None
        if t is None:
            raise ConfigurationError(
                f"there is no table {table!r}: the tables are {sorted(self._tables)}"
            )
        return t

    def table_map(self, table: int) -> LiveTable:
        """Table ``table`` as croupier knows it (a copy)."""
        t = self._table(table)
        return LiveTable(t.number, t.size, dict(t.seats), t.button)

    def set_button(self, table: int, seat: int) -> None:
        """The button of the next hand at ``table`` is at ``seat`` (for POK-7-7)."""
        self._sync_clock()
        t = self._table(table)
        if type(seat) is not int or not 1 <= seat <= t.size:
            raise ConfigurationError(f"table {table} has seats 1 to {t.size}, not {seat!r}")
        t.button = seat

    def chip_count(self, player: str, stack: int) -> CountResult:
        """The floor counted ``player``'s chips: applied if the counts add up, else kept
        apart (see :class:`CountResult`)."""
        self.table_of(player)
        return self.chip_counts({player: stack})

    def chip_counts(self, counts: Mapping[str, int]) -> CountResult:
        """The floor counted several players (a whole table, say): applied together when
        every count entered so far adds up to the chips in play, else kept apart."""
        self._sync_clock()
        if not isinstance(counts, Mapping) or not counts:
            raise ConfigurationError(f"counts map players to their chips, not {counts!r}")
        for player, stack in counts.items():
            self.table_of(player)
            if type(stack) is not int or not 0 < stack <= MAX_CHIPS:
                raise ConfigurationError(
                    f"{player}'s count is a whole number of chips from 1 to {MAX_CHIPS:,}, not"
                    f" {stack!r} (a player without chips is busted: enter bust({player!r}))"
                )
        self._counted.update(counts)
        return self._settle_counts()

    def pending_counts(self) -> dict[str, int]:
        """The counts kept apart because they do not add up yet."""
        self._forget_gone()
        return dict(self._counted)

    def _sync_clock(self) -> None:
        super()._sync_clock()
        self._forget_gone()  # no-shows removed: their counts are no longer pending

    def _forget_gone(self) -> None:
        """Counts of players no longer in play (busted, removed) are no longer pending."""
        if any(p not in self._where for p in self._counted):
            self._counted = {p: c for p, c in self._counted.items() if p in self._where}

    def _settle_counts(self) -> CountResult:
        """Apply the counts kept apart once they add up to the chips in play."""
        counted = self._counted_total()
        if counted == self.chips_expected():
            self._stacks.update(self._counted)
            self._counted.clear()
        return CountResult(
            not self._counted,
            counted - self.chips_expected() if self._counted else 0,
            tuple(self._counted.items()),
        )

    def _counted_total(self) -> int:
        self._forget_gone()
        return self.chips_in_play() + sum(c - self._stacks[p] for p, c in self._counted.items())

    def accept_counts(self, reason: str) -> int:
        """The floor decides the counts kept apart are right although they do not add up:
        they are applied, and the difference is chips found (counted as issued) or missing
        (counted as removed), recorded in :attr:`corrections`. Count every stack first.
        Returns the difference."""
        self._sync_clock()
        if not isinstance(reason, str) or not reason.strip():
            raise ConfigurationError("accepting counts that do not add up needs a reason")
        if not self._counted:
            raise IllegalActionError("no count is kept apart")
        difference = self._counted_total() - self.chips_expected()
        counts = tuple(self._counted.items())
        self._stacks.update(self._counted)
        self._counted.clear()
        if difference > 0:
            self.chips_issued += difference
        else:
            self.chips_removed -= difference
        self.corrections.append(CountCorrection(self.time.now(), difference, counts, reason))
        return difference

    def discard_counts(self, players: Sequence[str] | None = None) -> None:
        """Forget the counts kept apart (all of them, or those of ``players``)."""
        self._sync_clock()
        if players is None:
            self._counted.clear()
            return
        if not isinstance(players, list | tuple) or not all(
            isinstance(p, str) and p in self._counted for p in players
        ):
            raise ConfigurationError(
                f"name players whose counts are kept apart ({sorted(self._counted)}),"
                f" not {players!r}"
            )
        for player in players:
            del self._counted[player]

    def chip_discrepancy(self) -> int:
        """Chips expected in play minus the floor's counts, those kept apart included (0
        once every count is fresh)."""
        return self.chips_expected() - self._counted_total()

    def disqualify(self, player: str) -> int:
        """Remove ``player`` and his chips (his last count, kept apart or not) from play."""
        self.table_of(player)
        if player in self._counted:
            self._stacks[player] = self._counted.pop(player)
        chips = super().disqualify(player)
        self._settle_counts()
        return chips

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
        self._sync_clock()
        if isinstance(players, str):
            names = [players]
        elif isinstance(players, list | tuple) and all(isinstance(p, str) for p in players):
            names = list(players)
        else:
            raise ConfigurationError(f"name the busted players (a name or a list), not {players!r}")
        if self.phase is not Phase.RUNNING:
            raise IllegalActionError(f"the tournament is {self.phase.value}")
        if not names or len(set(names)) != len(names):
            raise ConfigurationError("name each busted player once")
        starts = dict(starting_stacks or {})
        if starting_stacks is not None and not isinstance(starting_stacks, Mapping):
            raise ConfigurationError(
                f"starting stacks map players to chips, not {starting_stacks!r}"
            )
        for player, start in starts.items():
            if player not in names or type(start) is not int or start <= 0:
                raise ConfigurationError(
                    f"a starting stack is a whole number >= 1 for a busted player, not"
                    f" {player!r}: {start!r}"
                )
        if eliminator is not None and not (
            isinstance(eliminator, str)
            or (
                isinstance(eliminator, list | tuple) and all(isinstance(p, str) for p in eliminator)
            )
        ):
            raise ConfigurationError(
                f"the eliminator is a name or a list of names, not {eliminator!r}"
            )
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
            start = starts.get(player, self._counted.pop(player, self._stacks[player]))
            self._remove(player)
            self._suspended.pop(player, None)
            self._undo[player] = (table, seat)
            bust = Bust(player, start, table, 0, by, seat=seat)
            if self.can_rebuy_after_bust(player):  # not ranked until he declines or it ends
                bust.pending = True
                self._pending[player] = bust
            busts.append(bust)
        self._record_busts(busts, hand_for_hand=self._hfh)
        moves = self._rearrange()
        self._settle_counts()
        return moves

    def close_hand(self) -> list[Move]:
        """Hand-for-hand: every table has finished the current hand; its busts are ranked
        together (TDA RP-8 or POK-9-8 by the options)."""
        self._sync_clock()
        if not self._hfh:
            raise IllegalActionError("hand-for-hand play is not on")
        self._close_hand_for_hand_round()
        return self._rearrange()

    def undo_bust(self, player: str, *, stack: int | None = None) -> list[Move]:
        """Put back a player whose bust was entered by mistake, with ``stack`` chips (by
        default his stack at the start of the hand he was said to bust in).

        Refused, changing nothing, when he has no bust to undo, ``stack`` is not a
        number of chips, or a player who collected his bounty has been knocked out
        since (undo that bust first)."""
        self._sync_clock()
        name(player, error=IllegalActionError)
        if stack is not None:
            chips(stack, "a player put back in has chips: his stack")
        bust = self.standings.find(player)
        pending = next((b for b in self._hfh_busts if b.player == player), None)
        if pending is None and (bust is None or bust.kind is not BustKind.BUSTED):
            raise IllegalActionError(f"{player} has no bust to undo")
        if pending is not None:
            bust = pending
        assert bust is not None
        back = bust.starting_stack if stack is None else stack
        pay = self.knockouts.get(player)
        gone = [p for p, _, _ in pay.paid if p not in self._where] if pay is not None else []
        if gone and self.bounties is not None:
            raise IllegalActionError(
                f"{', '.join(gone)} collected {player}'s bounty and has been knocked out since:"
                f" undo that bust first"
            )
        if pending is not None:
            self._hfh_busts.remove(pending)
        else:
            self.standings.remove(player)
        self._pending.pop(player, None)  # a bust that could still rebuy
        if self.phase is Phase.FINISHED:  # the last bust was the mistake
            self.phase = Phase.RUNNING
            if self.bounties is not None and self.winner is not None:
                self.bounties.won[self.winner] -= self._winner_bounty
                self.bounties.head[self.winner] += self._winner_bounty
            self.winner = None
            self._winner_bounty = 0
            if not self.clock.running and not self._hfh:
                self.clock.resume()
        if self.bounties is not None and player in self.knockouts:
            self.bounties.restore(self.knockouts.pop(player))
        table, seat = self._undo.pop(player, (0, 0))
        absent = not self.registry[player].arrived  # POK-3-1: still blinded until he arrives
        if table in self._tables and seat not in self._tables[table].seats:
            self._place(player, table, seat, back, replacing=False, absent=absent)
        else:
            self._seat_newcomer(player, back, absent=absent)
            self.chips_issued -= back  # not new chips: his own, back in play
        moves = self._rearrange()
        self._settle_counts()
        return moves

    def move(self, player: str, table: int, seat: int) -> Move:
        """The floor moved ``player`` itself."""
        self._sync_clock()
        self.table_of(player)
        t = self._table(table)
        if type(seat) is not int or seat in t.seats or not 1 <= seat <= t.size:
            raise ConfigurationError(f"seat {seat!r} at table {table} is not free")
        return self._move(player, table, seat, MoveReason.FLOOR)

    def hand_played(self, table: int) -> None:
        """A hand was played at ``table``: suspended players there count it (ITA-51)."""
        self._sync_clock()
        self._table(table)
        self._count_suspension(table)

    def is_absent(self, player: str) -> bool:
        """True while ``player`` is away (not arrived, or suspended)."""
        self.table_of(player)
        return player in self._absent

    # ------------------------------------------------------------ records
    def snapshot(self) -> dict[str, Any]:
        """The live tournament's whole state, JSON-ready: as
        :meth:`Tournament.snapshot`, with the floor's seat maps, buttons, counts (those
        kept apart too), corrections and the seats of busts that may be undone."""
        from croupier.room.tournament._state import core_to_json

        self._sync_clock()
        return {
            "kind": "live-tournament",
            "version": 1,
            **core_to_json(self),
            "tables": [
                [n, t.size, [[s, p] for s, p in t.seats.items()], t.button]
                for n, t in self._tables.items()
            ],
            "stacks": [[p, c] for p, c in self._stacks.items()],
            "absent": sorted(self._absent),
            "undo": [[p, t, s] for p, (t, s) in self._undo.items()],
            "counted": [[p, c] for p, c in self._counted.items()],
            "corrections": [
                [c.at, c.difference, [list(x) for x in c.counts], c.reason]
                for c in self.corrections
            ],
        }

    @classmethod
    def restore(
        cls, data: dict[str, Any], *, clock: Clock | None = None, rng: random.Random | None = None
    ) -> LiveTournament:
        """The live tournament :meth:`snapshot` saved (see :meth:`Tournament.restore`)."""
        from croupier.room.tournament._state import config_from_json, core_from_json
        from croupier.table._check import rng_from_state, snapshot_part

        snapshot_part(data, "live-tournament")
        try:
            generator = rng if rng is not None else rng_from_state(data["rng"])
            t = cls(config_from_json(data["config"]), clock=clock, rng=generator)
            core_from_json(t, data, t.time)
            for n, size, seats, button in data["tables"]:
                t._tables[n] = LiveTable(n, size, {s: p for s, p in seats}, button)
            t._stacks = {p: c for p, c in data["stacks"]}
            t._absent = set(data["absent"])
            t._undo = {p: (table, seat) for p, table, seat in data["undo"]}
            t._counted = {p: c for p, c in data["counted"]}
            t.corrections = [
                CountCorrection(at, diff, tuple((p, c) for p, c in counts), reason)
                for at, diff, counts, reason in data["corrections"]
            ]
        except CroupierError as exc:
            raise ConfigurationError(f"not a valid live tournament snapshot: {exc}") from exc
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ConfigurationError(f"not a valid live tournament snapshot: {exc!r}") from exc
        return t

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
