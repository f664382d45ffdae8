"""What every tournament shares, played by the engine or live: entries and the seat draw,
the clock, rebuys and add-ons, payouts and penalties.

:class:`TournamentBase` runs the room on top of
:class:`~croupier.room.tournament._core.TournamentCore` (state, balancing, breaking,
busts); its subclasses say how seats are held:
:class:`~croupier.room.tournament.tournament.Tournament` on engine tables
(:class:`croupier.table.Table`), :class:`~croupier.room.tournament.live.LiveTournament` on
seat maps the floor keeps up to date. See ``docs/tournament.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.tournament._core import Phase, TournamentCore
from croupier.room.tournament.payouts import PrizePool, minimum_places, payouts, prize_pool
from croupier.room.tournament.registration import Entry, RegistrationError
from croupier.room.tournament.seating import draw_seats
from croupier.room.tournament.standings import Bust, BustKind, Finish
from croupier.room.tournament.structure import Level
from croupier.table._check import flag, name, whole

__all__ = ["Phase", "Result", "TournamentBase"]


class Result(NamedTuple):
    """A final place with its prize (money units) and the bounties collected."""

    place: int
    player: str
    shared: int
    prize: int
    bounty: int


class TournamentBase(TournamentCore):
    """The room of a multi-table tournament; subclasses hold the seats."""

    # -------------------------------------------------------- registration
    def register(self, player: str, *, adult: bool, arrived: bool = True) -> Entry:
        """Register ``player``, confirmed adult (POK-1-2); late entries are seated at once.

        A player registered in advance may not have arrived (``arrived=False``): he is
        dealt in and blinded until :meth:`arrive`, and removed at the end of the first
        level (POK-3-1).
        """
        self._sync_clock()
        flag(arrived, "arrived")
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
        places = self.config.places
        if places is not None and minimum_places(len(self.registry) + 1) > places:
            raise RegistrationError(
                f"this tournament pays {places} places: at most {10 * places} entrants"
                " (ITA-18: at least 10 % of the entrants are paid)"
            )
        entry = self.registry.register(
            player, adult=adult, at=self.time.now(), late=late, arrived=arrived
        )
        self.standings.entrants += 1
        if self.bounties is not None:
            self.bounties.enter(player)
        if not arrived:  # POK-3-1: until the end of level 1, or of the level he entered in
            level = self.clock.level_number if late else 1
            self._arrival_deadline[player] = max(self.options.absent_deadline_level, level)
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
        self._sync_clock()
        name(player, error=RegistrationError)
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
            if not isinstance(draw, Mapping):
                raise ConfigurationError(f"a draw maps players to (table, seat), not {draw!r}")
            self._check_draw(players, dict(draw))
            draw = {p: (int(t), int(s)) for p, (t, s) in draw.items()}
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
        if not all(isinstance(p, str) for p in draw) or sorted(draw) != sorted(players):
            raise ConfigurationError("the draw must seat every registered player, once")
        for player, place in draw.items():
            if (
                not isinstance(place, tuple | list)
                or len(place) != 2
                or any(type(n) is not int for n in place)
            ):
                raise ConfigurationError(
                    f"{player} draws a (table, seat) pair of whole numbers, not {place!r}"
                )
        if len(set(draw.values())) != len(draw):
            raise ConfigurationError("two players drew the same seat")
        size = self.options.table_size
        for player, (table, seat) in draw.items():
            if table < 1 or not 1 <= seat <= size:
                raise ConfigurationError(
                    f"{player}: tables are numbered from 1 and seats from 1 to {size},"
                    f" not table {table} seat {seat}"
                )

    # --------------------------------------------------------------- clock
    def tick(self) -> None:
        """Apply what the clock says now: a new level, the end of the first level for
        absent players, the end of the rebuy period. Every method that starts or settles
        a hand does it too; a server calls it when the clock screen refreshes."""
        self._sync_clock()

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
        if self.registry.not_arrived:
            self._remove_no_shows(number)
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
        if not isinstance(player, str):
            return False
        if rebuy is None or not self.rebuy_open or player not in self.registry:
            return False
        entry = self.registry[player]
        if rebuy.max_rebuys is not None and entry.rebuys >= rebuy.max_rebuys:
            return False
        if player in self._pending:
            return True
        return player in self._where and self._stack(player) <= rebuy.threshold

    def can_rebuy_after_bust(self, player: str) -> bool:
        """True when a player who just lost his last chip may still rebuy."""
        rebuy = self.config.rebuy
        if not isinstance(player, str) or player not in self.registry:
            return False
        if rebuy is None or not self.rebuy_open:
            return False
        done = self.registry[player].rebuys
        return rebuy.max_rebuys is None or done < rebuy.max_rebuys

    def busted_may_rebuy(self) -> list[str]:
        """Players busted during the rebuy period who may still rebuy (not ranked yet): each
        rebuys (back in play), declines, or is ranked when the period ends."""
        return sorted(self._pending)

    def rebuy(self, player: str) -> None:
        """``player`` buys ``rebuy.stack`` more chips (between hands)."""
        self._sync_clock()
        rebuy = self.config.rebuy
        name(player, error=IllegalActionError)
        if rebuy is None or not self.can_rebuy(player):
            raise IllegalActionError(self._why_no_rebuy(player))
        if player in self._where and not self._between_hands(self._where[player]):
            raise IllegalActionError(
                f"table {self._where[player]} is playing a hand: {player} rebuys after it"
            )
        if player in self._pending:
            bust = self._pending.pop(player)
            if bust in self._hfh_busts:  # busted in a hand-for-hand hand not yet closed
                self._hfh_busts.remove(bust)
            else:
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
        self._sync_clock()
        name(player, error=IllegalActionError)
        if player not in self._pending:
            raise IllegalActionError(f"{player} has no rebuy to decline")
        self._finalize_pending(player)
        self._rearrange()

    def add_on(self, player: str) -> None:
        """``player`` takes the add-on (once, during the add-on window)."""
        self._sync_clock()
        self._running()
        add_on = self.config.add_on
        if add_on is None:
            raise IllegalActionError("this tournament has no add-on (POK-6-1: a freezeout)")
        if not self.add_on_open:
            raise IllegalActionError(f"the add-on is taken after level {add_on.after_level}")
        name(player, error=IllegalActionError)
        entry = self.registry[player]
        if entry.add_on:
            raise IllegalActionError(f"{player} has already taken the add-on")
        table = self.table_of(player)
        if not self._between_hands(table):
            raise IllegalActionError(f"table {table} is playing a hand: {player} adds on after it")
        self._set_stack(player, self._stack(player) + add_on.stack)
        self.chips_issued += add_on.stack
        self.registry.record_add_on(player)

    def _remove_no_shows(self, level: int) -> None:
        late = [
            p
            for p in sorted(self.registry.not_arrived)
            if p in self._where
            and level > self._arrival_deadline.get(p, self.options.absent_deadline_level)
            and self._between_hands(self._where[p])
        ]
        if not late or len(late) == len(self._where):
            return  # none late, or nobody would be left: they wait for someone to arrive
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

    def _running(self) -> None:
        """Refuse a change to the players' chips or seats unless the tournament runs."""
        if self.phase is not Phase.RUNNING:
            raise IllegalActionError(f"the tournament is {self.phase.value}: nothing to change")

    # ------------------------------------------------------------ payouts
    def paid_places(self) -> int:
        """How many places the prize pool pays (ITA-18: at least 10 % of the entrants)."""
        return len(self._prize_table())  # no copy of the table: asked after every hand

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
        return list(self._prize_table())

    def _prize_table(self) -> tuple[int, ...]:
        """:meth:`prize_amounts`, remembered while the entries, rebuys and add-ons stay (the
        pool is made of them and the configuration: asked after every hand)."""
        registry = self.registry
        key = (len(registry), registry.rebuys, registry.add_ons)
        if self._prizes is not None and self._prizes[0] == key:
            return self._prizes[1]
        pool = self.prize_pool().total
        entrants = max(1, len(registry))
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
        return self._prizes[1]

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

    # --------------------------------------------------------- penalties
    def suspend(self, player: str, hands: int) -> None:
        """Sit ``player`` out for ``hands`` hands: dealt in, blinded, his hand killed
        (POK-13-1, ITA-51). Use :class:`~croupier.room.tournament.floor.Floor`."""
        self._sync_clock()
        self._running()
        self.table_of(player)
        whole(hands, "a suspension, in hands,", minimum=1)
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

    def lift_suspension(self, player: str, *, absent: bool = False) -> int:
        """End ``player``'s suspension now (the director's decision, POK-13-2); he is dealt
        in again from the next hand unless ``absent`` (away for another reason). Returns the
        hands he had left."""
        self._sync_clock()
        self.table_of(player)
        left = self._suspended.pop(player, 0)
        if not left:
            raise IllegalActionError(f"{player} serves no suspension")
        if self.registry[player].arrived and not absent:
            self._set_absent(player, False)
        return left

    def disqualify(self, player: str) -> int:
        """Remove ``player`` and his chips from play (POK-13-1, ITA-51); returns the chips."""
        self._sync_clock()
        self._running()
        table = self.table_of(player)
        if not self._between_hands(table):
            raise IllegalActionError(
                f"table {table} is playing a hand: disqualify {player} once it is over"
            )
        if len(self._where) == 1:
            raise IllegalActionError(
                f"{player} is the last player with chips: he cannot be disqualified"
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
        self._sync_clock()
        self._running()
        table = self.table_of(player)
        if not self._between_hands(table):
            raise IllegalActionError(f"table {table} is playing a hand: remove chips after it")
        stack = self._stack(player)
        if type(amount) is not int or not 0 < amount < stack:
            raise ConfigurationError(
                f"remove between 1 and {stack - 1} chips from {player}, not {amount!r} (all of"
                " them: disqualify him)"
            )
        self._set_stack(player, stack - amount)
        self.chips_removed += amount

    def players_at_table_of(self, player: str) -> int:
        """Players at ``player``'s table, him included (an orbit, ITA-51)."""
        return self._counts[self.table_of(player)]
