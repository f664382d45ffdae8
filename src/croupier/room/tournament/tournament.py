"""A tournament played entirely in croupier: engine hands on :class:`croupier.table.Table`s.

>>> import random
>>> from croupier.room.tournament import ManualClock, Tournament, tournament_preset
>>> t = Tournament(tournament_preset("pokcomm"), clock=ManualClock(), rng=random.Random(1))
>>> for name in ("ann", "bob", "cy"):
...     _ = t.register(name, adult=True)
>>> _ = t.start()
>>> from croupier.engine import Action
>>> hand = t.start_hand(1)          # play it with hand.act(...), then settle it:
>>> while not hand.is_over:
...     _ = hand.act(hand.to_act, Action.fold() if hand.legal_actions().fold else Action.check())
>>> t.finish_hand(1).hand
1

The caller plays each hand (bots, a server, tests); the tournament starts hands only
when the rules allow (not on a break, not before the final table is drawn, one at a time
per table during hand-for-hand play) and, after each, records the eliminations, counts
suspensions, applies a new level and balances or breaks tables.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from croupier.cards import Deck
from croupier.engine import Action, ForcedKind, Hand, HandStarted
from croupier.errors import ConfigurationError, CroupierError, IllegalActionError
from croupier.room.tournament.balancing import Move, is_final
from croupier.room.tournament.base import Phase, TournamentBase
from croupier.room.tournament.clock import Clock
from croupier.room.tournament.config import TournamentConfig
from croupier.room.tournament.standings import Bust, eliminators
from croupier.room.tournament.structure import Level
from croupier.rules import Rules
from croupier.table import Table

__all__ = ["HandReport", "Tournament"]


class HandReport(NamedTuple):
    """What followed a hand: who went out, who may rebuy, who moved, where things stand."""

    table: int
    hand: int
    voided: bool
    eliminated: tuple[str, ...]
    may_rebuy: tuple[str, ...]
    moves: tuple[Move, ...]
    level: int
    hand_for_hand: bool
    finished: bool


class Tournament(TournamentBase):
    """A multi-table tournament on engine tables (see the module docstring)."""

    def __init__(
        self,
        config: TournamentConfig,
        *,
        clock: Clock | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(config, clock=clock, rng=rng)
        self._rules: Rules = config.table_rules()
        self._tables: dict[int, Table] = {}
        self._in_hand: set[int] = set()
        self._last_hand: dict[int, Hand] = {}
        self.hands_played = 0

    # ------------------------------------------------------------- tables
    def table(self, number: int) -> Table:
        """The engine table ``number``."""
        table = self._tables.get(number) if type(number) is int else None
        if table is None:
            raise ConfigurationError(
                f"there is no table {number!r}: the tables are {sorted(self._tables)}"
            )
        return table

    def table_numbers(self) -> list[int]:
        """The tables in play."""
        return sorted(self._tables)

    def _rules_now(self) -> Rules:
        level = self.clock.level if self.clock.started else self.structure.levels[0]
        return self._rules.with_stakes(level.stakes)

    def _open_table(self, number: int) -> None:
        name = "final table" if number == 1 and self.phase is Phase.RUNNING else f"table {number}"
        self._tables[number] = Table(
            self._rules_now(), name=name, seats=self.options.table_size, rng=self.rng
        )

    def _close_table(self, number: int) -> None:
        del self._tables[number]
        self._last_hand.pop(number, None)

    def _table_of(self, player: str) -> Table:
        return self._tables[self._where[player]]

    def _seat(
        self, player: str, table: int, seat: int, stack: int, *, replacing: bool, absent: bool
    ) -> None:
        t = self._tables[table]
        t.sit(player, stack, seat=seat, replacing=replacing)
        if absent:
            t.sit_out(player)

    def _unseat(self, player: str) -> int:
        return self._table_of(player).leave(player)

    def _stack(self, player: str) -> int:
        return self._table_of(player).stack_of(player)

    def _set_stack(self, player: str, stack: int) -> None:
        self._table_of(player).set_stack(player, stack)

    def _occupied(self, table: int) -> dict[int, str]:
        return self._tables[table].players

    def _size(self, table: int) -> int:
        return self._tables[table].size

    def _between_hands(self, table: int) -> bool:
        return table not in self._in_hand

    def _all_between_hands(self) -> bool:
        return not self._in_hand

    def _dealer(self, table: int) -> int | None:
        t = self._tables[table]
        if t.hand is not None:
            return t.hand.button
        if t.positions is not None:
            return t.positions.button
        return t.draw.button if t.draw is not None else None

    def _last_big_blind(self, table: int) -> int | None:
        t = self._tables[table]
        if t.hand is not None:
            started = t.hand.events[0]
            assert isinstance(started, HandStarted)
            for forced in started.forced:
                if forced.kind is ForcedKind.BIG_BLIND:
                    return forced.seat
        return t.positions.big_blind if t.positions is not None else None

    def _next_big_blind(self, table: int) -> str | None:
        t = self._tables[table]
        try:
            seat = t.plan().positions.big_blind  # POK-7-7: who would be big blind next
        except ConfigurationError:
            return None
        return t.players[seat]

    def _vacated(self, table: int) -> set[int]:
        t = self._tables[table]
        last = t.last_plan
        if table in self._in_hand or last is None:
            return set()
        return {s.seat for s in last.seats} - set(t.players)

    def _set_absent(self, player: str, absent: bool) -> None:
        t = self._table_of(player)
        if absent:
            t.sit_out(player)
        else:
            t.sit_in(player)

    def _apply_level(self, level: Level) -> None:
        for t in self._tables.values():
            t.set_stakes(level.stakes)  # POK-7-4: from the next hand not yet started

    def chips_in_play(self) -> int:
        """Every chip on the tables: stacks between hands, stacks and pots in a hand."""
        total = 0
        for t in self._tables.values():
            if t.hand is None:
                total += sum(t.stacks.values())  # no copies of the seats: a recount per round
                continue
            in_hand = t.hand.stacks
            stacks = t.stacks
            for seat, player in t.players.items():
                if seat not in in_hand:
                    total += stacks[player]
            total += t.hand.total_in_play
        return total

    # -------------------------------------------------------------- hands
    def why_not(self, table: int) -> str | None:
        """Why ``table`` may not start a hand now, or None when it may."""
        if self.phase is not Phase.RUNNING:
            return f"the tournament is {self.phase.value}"
        if type(table) is not int or table not in self._tables:
            return f"there is no table {table!r}: the tables are {sorted(self._tables)}"
        if table in self._in_hand:
            return f"table {table} is playing hand {self._tables[table].hand_number + 1}"
        self._sync_clock()
        if self.clock.on_break:
            return "the tournament is on a break"
        if self.options.redraw_final_table and is_final(self._counts, self.options.table_size):
            return "the final table is about to be drawn (POK-7-2)"
        if self._hfh and table in self._hfh_played:
            return "hand-for-hand: waiting for the other tables to finish their hand"
        if self._counts.get(table, 0) < 2:
            return f"table {table} has fewer than two players"
        if (self.registry.not_arrived or self._suspended) and all(
            ts.absent for ts in self._tables[table]
        ):
            return f"every player at table {table} is away: nobody to deal to"
        return None

    def can_start(self, table: int) -> bool:
        """True exactly when :meth:`start_hand` would deal at ``table`` now."""
        return self.why_not(table) is None and self._tables[table].can_start()

    def start_hand(self, table: int, *, deck: Deck | None = None) -> Hand:
        """Deal the next hand at ``table`` (a secure shuffle unless ``deck`` is given)."""
        why = self.why_not(table)
        if why is not None:
            raise IllegalActionError(why)
        return self._deal(table, deck)

    def _deal(self, table: int, deck: Deck | None) -> Hand:
        """:meth:`start_hand` once :meth:`why_not` said the table may deal."""
        t = self._tables[table]
        rules = t.rules
        if rules.lift_cap_event_heads_up and not rules.lift_cap_heads_up and self.remaining == 2:
            t.rules = rules.but(lift_cap_heads_up=True)  # TDA R48: the event is heads-up
        hand = t.start_hand(deck=deck)
        self._last_hand.pop(table, None)  # POK-10-1: the previous hand is now closed
        self._in_hand.add(table)
        if self._hfh:
            self._hfh_played.add(table)
        return hand

    def hand(self, table: int) -> Hand | None:
        """The hand in progress (or over, not yet settled) at ``table``, if any."""
        t = self.table(table)
        return t.hand if table in self._in_hand else None

    def last_hand(self, table: int) -> Hand:
        """The last hand finished at ``table``, while no other hand has started there
        (a decision on its pots is still possible: POK-10-1, ITA-49)."""
        self.table(table)
        try:
            return self._last_hand[table]
        except KeyError:
            raise IllegalActionError(
                f"no decision can change a hand of table {table} any more: the next hand"
                " has started (POK-10-1, ITA-49)"
            ) from None

    def finish_hand(self, table: int) -> HandReport:
        """Settle the hand just played at ``table``: busts, suspensions, level, tables."""
        t = self.table(table)
        hand = t.hand
        if hand is None or table not in self._in_hand:
            raise IllegalActionError(f"table {table} has no hand to finish")
        hfh_hand = self._hfh and table in self._hfh_played
        settled = t.finish_hand()
        self._in_hand.discard(table)
        eliminated: list[str] = []
        pending: list[str] = []
        if settled.voided:
            self._hfh_played.discard(table)  # the hand is dealt again
        else:
            self.hands_played += 1
            self._last_hand[table] = hand
            names = {s.seat: s.player for s in hand.seats} if settled.eliminated else {}
            busts = []
            for out in settled.eliminated:
                del self._where[out.player]
                self._counts[table] -= 1
                self._suspended.pop(out.player, None)
                by = tuple(names[s] for s in eliminators(hand, out.seat))
                bust = Bust(
                    out.player, out.starting_stack, table, settled.number, by, seat=out.seat
                )
                if self.can_rebuy_after_bust(out.player):
                    bust.pending = True
                    self._pending[out.player] = bust
                    pending.append(out.player)
                else:
                    eliminated.append(out.player)
                busts.append(bust)
            self._count_suspension(table)
            self._record_busts(busts, hand_for_hand=hfh_hand)
        self._sync_clock()
        if self._hfh and not self._in_hand and self._round_complete():
            self._close_hand_for_hand_round()
        moves = self._rearrange()
        return HandReport(
            table,
            settled.number,
            settled.voided,
            tuple(eliminated),
            tuple(pending),
            tuple(moves),
            self.clock.level_number,
            self._hfh,
            self.finished,
        )

    def _round_complete(self) -> bool:
        return all(n in self._hfh_played or not self._tables[n].can_start() for n in self._tables)

    def void_hand(self, table: int, reason: str) -> HandReport:
        """Void the hand in progress: every chip goes back (POK-2-9, ITA-45). Use
        :meth:`croupier.room.tournament.floor.Floor.void_hand`, which logs it."""
        if not isinstance(reason, str):
            raise ConfigurationError(f"a voided hand gives its reason as a text, not {reason!r}")
        hand = self.hand(table)
        if hand is None:
            raise IllegalActionError(f"table {table} has no hand in progress to void")
        if not hand.is_over:
            hand.void(reason)
        elif hand.phase.value != "voided":
            raise IllegalActionError(
                "the hand is over: its result stands (POK-10-1); correct a pot instead"
            )
        return self.finish_hand(table)

    # ------------------------------------------------------------ records
    def snapshot(self) -> dict[str, Any]:
        """The tournament's whole state, JSON-ready, at any moment: configuration, clock,
        registry, standings, busts waiting for a decision, bounties, every table (a hand
        in progress as its events, deck included: store it, never send it) and the last
        hand of each table while a pot decision on it is still possible (POK-10-1)."""
        from croupier.room.tournament._state import core_to_json
        from croupier.table._state import hand_to_json

        self._sync_clock()  # the state as of now: what the clock says applied first
        return {
            "kind": "tournament",
            "version": 1,
            **core_to_json(self),
            "tables": [[n, t.snapshot(rng=False)] for n, t in self._tables.items()],
            "in_hand": sorted(self._in_hand),
            "last_hands": [[n, hand_to_json(h)] for n, h in self._last_hand.items()],
            "hands_played": self.hands_played,
        }

    @classmethod
    def restore(
        cls, data: dict[str, Any], *, clock: Clock | None = None, rng: random.Random | None = None
    ) -> Tournament:
        """The tournament :meth:`snapshot` saved; ``clock`` continues the level clock where
        it stood (time between the snapshot and now does not run)."""
        from croupier.room.tournament._state import config_from_json, core_from_json
        from croupier.table._check import rng_from_state, snapshot_part
        from croupier.table._state import hand_from_json

        snapshot_part(data, "tournament")
        try:
            generator = rng if rng is not None else rng_from_state(data["rng"])
            t = cls(config_from_json(data["config"]), clock=clock, rng=generator)
            core_from_json(t, data, t.time)
            t._tables = {n: Table.restore(d, rng=generator) for n, d in data["tables"]}
            t._in_hand = set(data["in_hand"])
            t._last_hand = {n: hand_from_json(h) for n, h in data["last_hands"]}
            t.hands_played = data["hands_played"]
        except CroupierError as exc:
            raise ConfigurationError(f"not a valid tournament snapshot: {exc}") from exc
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise ConfigurationError(f"not a valid tournament snapshot: {exc!r}") from exc
        return t

    # --------------------------------------------------------- simulation
    def play_round(
        self, act: Callable[[Hand, int], Action], *, on_hand: Callable[[Hand], None] | None = None
    ) -> list[HandReport]:
        """Every table that may deal plays one hand with ``act(hand, seat)``; then every
        hand is settled, tables in order. Returns the reports (none on a break)."""
        if not callable(act) or (on_hand is not None and not callable(on_hand)):
            raise ConfigurationError(f"act is a function of (hand, seat), not {act!r}")
        self._sync_clock()
        hands: list[tuple[int, Hand]] = []
        for number in sorted(self._tables):
            if self.why_not(number) is not None:
                continue
            try:
                hand = self._deal(number, None)  # why_not just said it may deal
            except ConfigurationError:
                continue  # fewer than two players may be dealt in (entering players wait)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.act(seat, act(hand, seat))
            if on_hand is not None:
                on_hand(hand)
            hands.append((number, hand))
        return [self.finish_hand(number) for number, _ in hands]
