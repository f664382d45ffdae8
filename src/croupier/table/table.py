"""A table across hands: seats, the button and the blinds, who is dealt in, what is owed.

The table owns the stacks between hands and builds each :class:`~croupier.engine.Hand`
from its seats: who is dealt in (CAS-4, CAS-5), where the button and the blinds go (by
the rules' button rule), what a newcomer or a returning player owes (PKG-18 to PKG-22,
ITA-24), and what happens to absent players (POK-2-10, POK-3-2). Blind levels change
between hands only (POK-7-4). Time and money live above it (rooms and tournaments).

Every operation is defined at every moment: between hands, while a hand is played, and
between its last action and its settlement (:meth:`Table.finish_hand`). Stacks change
between hands only; a player dealt in who leaves during the hand leaves when it is
settled, with the stack it left him; the next hand is planned and dealt only once the
last one is settled. A refused operation raises a croupier error and changes nothing.
"""

from __future__ import annotations

import random
import secrets
from collections import deque
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from croupier.cards import Card, Deck
from croupier.engine import ForcedBet, ForcedKind, Hand, SeatSetup
from croupier.engine.setup import next_seat
from croupier.errors import ConfigurationError, IllegalActionError
from croupier.rules.model import AbsentPlayers, AnteKind, NewPlayers, Rules, Stakes
from croupier.table._check import chips, flag, name, number, rng_state
from croupier.table.button import ButtonDraw, Positions, between, draw_button, next_positions
from croupier.table.shuffle import shuffled

__all__ = [
    "HISTORY_KEPT",
    "Eliminated",
    "HandPlan",
    "HandSettled",
    "Missed",
    "Table",
    "TableSeat",
    "Waiting",
]


HISTORY_KEPT = 10
"""Plans of the last hands a table keeps in :attr:`Table.history` (memory stays flat)."""


class Missed(StrEnum):
    """Blinds a cash-game player missed while sitting out (PKG-21, PKG-22)."""

    NONE = ""
    SMALL = "MS"
    BIG = "ML"


class Waiting(StrEnum):
    """Why a seated player is not dealt in the next hand."""

    BUTTON = "button"
    """Between the button and the blinds: waits for the button to pass (PKG-20, ITA-24)."""
    BIG_BLIND = "big-blind"
    """Chose to wait for the big blind rather than post (PKG-18, PKG-21)."""
    SITTING_OUT = "sitting-out"
    NO_CHIPS = "no-chips"


@dataclass
class TableSeat:
    """One occupied seat between hands."""

    seat: int
    player: str
    stack: int
    active: bool = False
    """Dealt into the last hands: in the blind rotation."""
    sitting_out: bool = False
    absent: bool = False
    """Away in a tournament: dealt in, blinds taken, hand killed (POK-3-2)."""
    post: bool = False
    """Will post a big blind out of position to be dealt in now (PKG-18, PKG-21)."""
    replacing: bool = False
    """Takes over the seat's position and obligations at once (POK-7-9)."""
    missed: Missed = Missed.NONE
    leaving: bool = False


class Eliminated(NamedTuple):
    """A player who lost his last chip in a hand, with his stack when the hand began.

    In a tournament he is out (and leaves the table); in a cash game he sits out.
    """

    seat: int
    player: str
    starting_stack: int


class HandPlan(NamedTuple):
    """Everything the next hand starts from."""

    number: int
    positions: Positions
    seats: tuple[SeatSetup, ...]
    forced: tuple[ForcedBet, ...]
    waiting: tuple[tuple[int, Waiting], ...]
    missed: tuple[tuple[int, Missed], ...]
    """Seats that miss a blind in this hand (cash games)."""
    hold: bool


class HandSettled(NamedTuple):
    """The outcome of a hand for the table."""

    number: int
    stacks: tuple[tuple[int, int], ...]
    eliminated: tuple[Eliminated, ...]
    voided: bool
    left: tuple[tuple[int, str, int], ...] = ()
    """(seat, player, chips) of players who asked to leave during the hand and left after it."""


class Table:
    """A table of ``rules.max_players`` seats numbered 1 and up, playing hand after hand.

    >>> from croupier.rules import tda
    >>> table = Table(tda(50, 100), rng=random.Random(1))
    >>> for seat, name in enumerate(["ann", "bob", "cy"], start=1):
    ...     _ = table.sit(name, 1_000, seat=seat)
    >>> hand = table.start_hand()
    >>> len(hand.seats)
    3
    """

    def __init__(
        self,
        rules: Rules,
        *,
        name: str = "table",
        seats: int | None = None,
        rng: random.Random | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise ConfigurationError(f"a table plays under a rules value, not {rules!r}")
        if not isinstance(name, str):
            raise ConfigurationError(f"a table's name is a text, not {name!r}")
        if rng is not None and not isinstance(rng, random.Random):
            raise ConfigurationError(f"rng is a random.Random (or None), not {rng!r}")
        self.rules = rules
        self.name = name
        self.size = rules.max_players if seats is None else seats
        if type(self.size) is not int or not 2 <= self.size <= rules.max_players:
            raise ConfigurationError(
                f"a table has 2 to {rules.max_players} seats (CAS-5), not {self.size!r}"
            )
        self._rng: random.Random = rng if rng is not None else secrets.SystemRandom()
        self._seats: dict[int, TableSeat] = {}
        self._pending_stakes: Stakes | None = None
        self._positions: Positions | None = None
        self._hold = False
        self._eliminated_last: frozenset[int] = frozenset()
        self.draw: ButtonDraw | None = None
        self.hand: Hand | None = None
        self._plan: HandPlan | None = None
        self._missed_now: tuple[tuple[int, str, Missed], ...] = ()
        self.hand_number = 0
        self.history: deque[HandPlan] = deque(maxlen=HISTORY_KEPT)
        """The plans of the last :data:`HISTORY_KEPT` hands settled, oldest first."""

    # --------------------------------------------------------------- seating
    @property
    def seats(self) -> dict[int, TableSeat]:
        """The occupied seats (a copy: change them through the table's methods)."""
        return {s: replace(ts) for s, ts in self._seats.items()}

    @property
    def positions(self) -> Positions | None:
        """The button and blinds of the last hand dealt (None before the first)."""
        return self._positions

    @property
    def last_plan(self) -> HandPlan | None:
        """The plan of the last hand settled (None before the first)."""
        return self.history[-1] if self.history else None

    @property
    def players(self) -> dict[int, str]:
        """Seat -> player of the occupied seats (no copies of the seats)."""
        return {seat: ts.player for seat, ts in self._seats.items()}

    @property
    def stacks(self) -> dict[str, int]:
        """Each seated player's chips (between hands; during a hand, before it)."""
        return {ts.player: ts.stack for ts in self._seats.values()}

    def occupied(self) -> list[int]:
        """The occupied seat numbers, in order (no copies)."""
        return sorted(self._seats)

    def stack_of(self, player: str) -> int:
        """The chips in front of ``player`` between hands (during a hand: before it)."""
        return self._seat(player).stack

    def free_seats(self) -> list[int]:
        """The empty seats, in order."""
        return [s for s in range(1, self.size + 1) if s not in self._seats]

    def seat_of(self, player: str) -> int:
        """The seat of ``player``."""
        for seat, ts in self._seats.items():
            if ts.player == player:
                return seat
        raise ConfigurationError(f"{player!r} is not seated at {self.name}")

    def _seat(self, player: str) -> TableSeat:
        return self._seats[self.seat_of(player)]

    def __iter__(self) -> Iterator[TableSeat]:
        return iter(replace(self._seats[s]) for s in sorted(self._seats))

    @property
    def in_hand(self) -> bool:
        """True while a hand is being played."""
        return self.hand is not None and not self.hand.is_over

    @property
    def between_hands(self) -> bool:
        """True when no hand is being played or waits for its settlement (finish_hand)."""
        return self.hand is None

    def dealt_in(self, player: str) -> bool:
        """True when ``player`` is dealt in the hand not yet settled."""
        hand = self.hand
        return hand is not None and any(s.player == player for s in hand.seats)

    def _unsettled(self) -> str | None:
        """Why stacks and plans must wait: the hand being played, or not yet settled."""
        if self.hand is None:
            return None
        number = self.hand_number + 1
        if not self.hand.is_over:
            return f"hand {number} is being played at {self.name}"
        return f"hand {number} at {self.name} is over but not settled (finish_hand)"

    def sit(
        self,
        player: str,
        stack: int,
        *,
        seat: int | None = None,
        post: bool = False,
        replacing: bool = False,
    ) -> int:
        """Seat ``player`` with ``stack`` chips (at a random free seat unless ``seat`` is given).

        A newcomer is dealt in by the rules' entry rule: ``post`` offers a live big blind
        out of position (PKG-18); ``replacing`` takes over the seat's obligations at once
        (POK-7-9). He may sit down during a hand: he plays from the next one. Returns the
        seat number.
        """
        name(player)
        chips(stack, "a player sits down with chips: his stack")
        if seat is not None:
            number(seat, "a seat")
        flag(post, "post")
        flag(replacing, "replacing")
        if any(ts.player == player for ts in self._seats.values()):
            raise ConfigurationError(f"{player!r} is already seated at {self.name}")
        free = self.free_seats()
        if not free:
            raise ConfigurationError(f"{self.name} is full ({self.size} seats, CAS-5)")
        if seat is None:
            seat = self._rng.choice(free)
        elif seat not in free:
            where = "taken" if seat in self._seats else f"not a seat (1 to {self.size})"
            raise ConfigurationError(f"seat {seat} is {where}: free seats are {free}")
        self._seats[seat] = TableSeat(seat, player, stack, post=post, replacing=replacing)
        return seat

    def leave(self, player: str) -> int:
        """Take ``player`` off the table and return his chips.

        A player dealt in the hand not yet settled leaves when it is settled, with the
        stack it left him (:attr:`HandSettled.left`): this returns 0 then.
        """
        seat = self.seat_of(player)
        ts = self._seats[seat]
        if self.hand is not None and seat in self.hand.stacks:
            ts.leaving = True
            return 0
        del self._seats[seat]
        return ts.stack

    def sit_out(self, player: str) -> None:
        """``player`` steps away: not dealt in (cash), or dealt in and killed (tournaments).

        During a hand he plays it out; it takes effect from the next one.
        """
        ts = self._seat(player)
        if self.rules.absent_players is AbsentPlayers.BLINDED:
            ts.absent = True
        else:
            ts.sitting_out = True

    def sit_in(self, player: str, *, post: bool = False) -> None:
        """``player`` is back. ``post``: pay what he owes now rather than wait (PKG-21)."""
        flag(post, "post")
        ts = self._seat(player)
        ts.absent = False
        ts.sitting_out = False  # owing nothing he is dealt straight back in
        ts.post = post

    def add_chips(self, player: str, amount: int) -> None:
        """A rebuy: chips added between hands only (CAS-11)."""
        self.seat_of(player)
        why = self._unsettled()
        if why is not None:
            raise IllegalActionError(
                f"{player} cannot add chips now (CAS-11): {why}; add them after it"
            )
        chips(amount, "chips added")
        ts = self._seat(player)
        chips(ts.stack + amount, f"{player}'s stack after adding {amount}")
        ts.stack += amount

    def set_stack(self, player: str, stack: int) -> None:
        """Set a stack between hands (a chip count entered by the floor).

        A cash-game stack may be 0 (the player then sits out until he rebuys); a
        tournament player without chips is eliminated, never set to 0.
        """
        self.seat_of(player)
        why = self._unsettled()
        if why is not None:
            raise IllegalActionError(f"stacks change between hands only: {why}")
        chips(stack, "a stack", minimum=1 if self.rules.tournament else 0)
        self._seat(player).stack = stack

    def set_stakes(self, stakes: Stakes) -> None:
        """New blinds and antes, from the next hand not yet started (POK-7-4, ITA-6)."""
        if not isinstance(stakes, Stakes):
            raise ConfigurationError(
                f"stakes are a Stakes value (e.g. Stakes(1, 2)), not {stakes!r}"
            )
        _at_stakes(self.rules, stakes)  # refused now if these rules cannot play them
        self._pending_stakes = stakes

    def next_rules(self) -> Rules:
        """The rules the next hand will be played under (pending stakes applied)."""
        if self._pending_stakes is None:
            return self.rules
        return _at_stakes(self.rules, self._pending_stakes)

    # -------------------------------------------------------------- planning
    def draw_for_button(self) -> ButtonDraw:
        """Draw for the first button among the seated players (POK-2-2, CAS-12).

        Only before the first hand is dealt: after it the button moves by the rules.
        """
        if self._positions is not None or self.hand is not None:
            raise IllegalActionError(
                f"the first button of {self.name} was drawn and hand 1 dealt: the button"
                " now moves by the rules"
            )
        seats = [s for s, ts in self._seats.items() if ts.stack > 0]
        self.draw = draw_button(self.rules.first_button, seats, self._rng)
        return self.draw

    def can_start(self) -> bool:
        """True exactly when :meth:`start_hand` would deal now: no hand waiting to be
        settled, at least two players ready (CAS-4), one of them present. It changes
        nothing (it does not draw for the first button)."""
        if self.hand is not None:
            return False
        if self._positions is None and (self.draw is None or self.draw.button not in self._seats):
            # before the first draw every player ready is dealt in: no need to draw yet
            settled, entering = self._candidates()
            ready = settled + entering
            return len(ready) >= 2 and not all(self._seats[s].absent for s in ready)
        try:
            self.plan()
        except ConfigurationError:
            return False
        return True

    def _candidates(self) -> tuple[list[int], list[int]]:
        """Seats in the blind rotation already, and seats that want to enter."""
        cash = self.rules.absent_players is AbsentPlayers.SIT_OUT
        settled: list[int] = []
        entering: list[int] = []
        for seat in sorted(self._seats):
            ts = self._seats[seat]
            if ts.stack <= 0 or ts.leaving or (cash and ts.sitting_out):
                continue
            if ts.active and ts.missed is Missed.NONE:
                settled.append(seat)
            else:
                entering.append(seat)
        return settled, entering

    def _positions_for(
        self, players: list[int], veterans: Collection[int] = ()
    ) -> tuple[Positions, bool]:
        drawn = None
        if self._positions is None:
            if self.draw is None or self.draw.button not in self._seats:
                raise ConfigurationError("the first button has not been drawn")
            drawn = self.draw.button
        return next_positions(
            self.rules.button_rule,
            self._positions,
            players,
            drawn=drawn,
            eliminated=self._eliminated_last,
            hold=self._hold,
            veterans=veterans,
        )

    def _admit(self, seat: int, players: list[int]) -> Waiting | None:
        """Whether the entering player at ``seat`` is dealt in (None) or why he waits."""
        ts = self._seats[seat]
        if self._positions is None or ts.replacing:
            return None  # the first hand, or a replacement (POK-7-9): dealt in at once
        trial = sorted({*players, seat})
        if len(trial) < 2:
            return None
        with_him, _ = self._positions_for(trial, veterans=players)
        if with_him.big_blind == seat:
            return None  # PKG-19: in the big blind seat he is the big blind
        # Where the button and the blinds go without him: between the button and the big
        # blind he waits for the button to pass (PKG-20, PKG-22, ITA-24, TDA R8).
        pos = self._positions_for(players)[0] if len(players) >= 2 else with_him
        if seat == pos.button or between(seat, pos.button, pos.big_blind):
            return Waiting.BUTTON
        if self.rules.new_players is NewPlayers.DEALT_IN:
            return None
        if ts.post or ts.missed is Missed.SMALL:
            return None
        return Waiting.BIG_BLIND  # PKG-18: post now, or wait for the big blind

    def plan(self, *, straddle: bool = False) -> HandPlan:
        """What the next hand would be: positions, players dealt in, forced bets, who waits.

        Refused while a hand is being played or waits for its settlement. The first
        plan draws for the first button (kept in :attr:`draw`) when a hand can be dealt.
        """
        flag(straddle, "straddle")
        why = self._unsettled()
        if why is not None:
            raise IllegalActionError(f"the next hand is planned once this one is settled: {why}")
        if self._positions is None and (self.draw is None or self.draw.button not in self._seats):
            # the first draw, or again if its winner has left; kept only if a hand can start
            settled, entering = self._candidates()
            if len(settled + entering) < 2:
                raise ConfigurationError(
                    f"a hand needs at least two players ready (CAS-4);"
                    f" {len(settled + entering)} at {self.name}"
                )
            draw, state = self.draw, rng_state(self._rng)
            try:
                self.draw = draw_button(
                    self.rules.first_button,
                    [s for s, ts in self._seats.items() if ts.stack > 0],
                    self._rng,
                )
                return self._plan_next(straddle)
            except ConfigurationError:
                self.draw = draw
                if state is not None:
                    self._rng.setstate((state[0], tuple(state[1]), state[2]))
                raise
        return self._plan_next(straddle)

    def _plan_next(self, straddle: bool) -> HandPlan:
        rules = self.next_rules()
        settled, entering = self._candidates()
        players = list(settled)
        waiting: list[tuple[int, Waiting]] = []
        admitted: list[int] = []
        for seat in entering:
            why = self._admit(seat, players)
            if why is None:
                players.append(seat)
                admitted.append(seat)
            else:
                waiting.append((seat, why))
        if len(players) < 2:  # nobody else to play with: waiting newcomers are dealt in
            for seat, why in list(waiting):
                if why in (Waiting.BUTTON, Waiting.BIG_BLIND):
                    waiting.remove((seat, why))
                    players.append(seat)
                    admitted.append(seat)
        told = {w[0] for w in waiting}  # the seats that wait already, told why
        for seat, ts in sorted(self._seats.items()):
            if seat in players or seat in told:
                continue
            waiting.append((seat, Waiting.NO_CHIPS if ts.stack <= 0 else Waiting.SITTING_OUT))
        players.sort()
        if len(players) < 2:
            raise ConfigurationError(
                f"a hand needs at least two players ready (CAS-4); {len(players)} at {self.name}"
            )
        if all(self._seats[s].absent for s in players):
            raise ConfigurationError(
                f"every player who would be dealt in at {self.name} is away: nobody to deal to"
            )
        positions, hold = self._positions_for(players, veterans=settled)
        forced = self._forced_bets(rules, positions, players, admitted, straddle)
        return HandPlan(
            self.hand_number + 1,
            positions,
            tuple(
                SeatSetup(s, self._seats[s].player, self._seats[s].stack, self._seats[s].absent)
                for s in players
            ),
            forced,
            tuple(waiting),
            self._missed_blinds(positions),
            hold,
        )

    def _forced_bets(
        self,
        rules: Rules,
        pos: Positions,
        players: list[int],
        admitted: list[int],
        straddle: bool,
    ) -> tuple[ForcedBet, ...]:
        stakes = rules.stakes
        bets: list[ForcedBet] = []
        if stakes.ante and rules.ante_kind is AnteKind.EVERY_PLAYER:
            bets.extend(ForcedBet(s, ForcedKind.ANTE, stakes.ante) for s in players)
        elif stakes.ante and rules.ante_kind is AnteKind.BIG_BLIND:
            bets.append(ForcedBet(pos.big_blind, ForcedKind.ANTE, stakes.ante))
        if pos.small_blind is not None and stakes.small_blind:
            bets.append(ForcedBet(pos.small_blind, ForcedKind.SMALL_BLIND, stakes.small_blind))
        bets.append(ForcedBet(pos.big_blind, ForcedKind.BIG_BLIND, stakes.big_blind))
        if straddle:
            if not stakes.straddle or len(players) < 4:
                raise ConfigurationError(
                    "the option needs stakes with one and four players (CAS-14)"
                )
            bets.append(
                ForcedBet(next_seat(players, pos.big_blind), ForcedKind.STRADDLE, stakes.straddle)
            )
        for seat in admitted:
            ts = self._seats[seat]
            if seat == pos.big_blind or self._positions is None or ts.replacing:
                continue
            # PKG-18, PKG-21: a live big blind
            if (ts.post or ts.missed is Missed.BIG) and seat != pos.small_blind:
                bets.append(ForcedBet(seat, ForcedKind.LIVE_BLIND, stakes.big_blind))
            if ts.missed is not Missed.NONE and stakes.small_blind:  # PKG-21, PKG-22: dead
                bets.append(ForcedBet(seat, ForcedKind.DEAD_BLIND, stakes.small_blind))
        return tuple(bets)

    def _missed_blinds(self, pos: Positions) -> tuple[tuple[int, Missed], ...]:
        previous = self._positions
        if previous is None or self.rules.absent_players is not AbsentPlayers.SIT_OUT:
            return ()
        missed: list[tuple[int, Missed]] = []
        for seat, ts in sorted(self._seats.items()):
            if not (ts.sitting_out and ts.active):
                continue
            if between(seat, previous.big_blind, pos.big_blind):
                missed.append((seat, Missed.BIG))  # PKG-21: the seat shows "ML"
            elif between(seat, previous.small_blind_seat, pos.small_blind_seat):
                missed.append((seat, Missed.SMALL))  # PKG-22: the seat shows "MS"
        return tuple(missed)

    # ----------------------------------------------------------------- hands
    def start_hand(
        self, *, deck: Deck | Sequence[Card] | None = None, straddle: bool = False
    ) -> Hand:
        """Deal the next hand (a new shuffle unless ``deck`` is given: POK-7-5, POK-2-3).

        Refused, changing nothing (pending stakes stay pending), while the last hand is
        being played or is not settled yet, or when fewer than two players are ready.
        """
        why = self._unsettled()
        if why is not None:
            raise IllegalActionError(f"cannot deal the next hand: {why}")
        if deck is not None:
            if not (
                isinstance(deck, Deck)
                or (isinstance(deck, list | tuple) and all(isinstance(c, Card) for c in deck))
            ):
                raise ConfigurationError(
                    f"a deck is a Deck or a list of 52 cards, not {deck!r:.80}"
                )
            Deck(deck).check()  # CAS-1, ITA-45: refused before anything is drawn
        plan = self.plan(straddle=straddle)
        rules = self.next_rules()
        hand = Hand(
            rules=rules,
            seats=plan.seats,
            button=plan.positions.button,
            deck=deck if deck is not None else shuffled(self._rng),
            forced_bets=plan.forced,
            hand_id=f"{self.name}#{plan.number}",
        )
        self.rules = rules
        self._pending_stakes = None
        self.hand = hand
        self._plan = plan
        self._missed_now = tuple(
            (seat, self._seats[seat].player, marker) for seat, marker in plan.missed
        )
        return hand

    def finish_hand(self) -> HandSettled:
        """Settle the hand just played: stacks, eliminations, the button for the next one,
        then the players who asked to leave during it."""
        hand, plan = self.hand, self._plan
        if hand is None or plan is None:
            raise IllegalActionError(f"no hand to finish at {self.name}")
        if not hand.is_over:
            raise IllegalActionError(f"hand {plan.number} at {self.name} is still being played")
        self.hand = None
        self._plan = None
        missed, self._missed_now = self._missed_now, ()
        voided = hand.phase.value == "voided"
        stacks = hand.stacks  # a new dict at each reading: read once
        for seat, stack in stacks.items():
            self._seats[seat].stack = stack
        eliminated: list[Eliminated] = []
        if not voided:  # a voided hand is dealt again with the same button
            self.hand_number = plan.number
            self.history.append(plan)
            self._positions = plan.positions
            self._hold = plan.hold
            for setup in plan.seats:
                ts = self._seats[setup.seat]
                ts.active, ts.post, ts.replacing, ts.missed = True, False, False, Missed.NONE
            for seat, player, marker in missed:
                there = self._seats.get(seat)  # he may have left during the hand
                if there is not None and there.player == player and there.missed is not Missed.BIG:
                    there.missed = marker
            starting = hand.starting_stacks
            for seat in sorted(starting):
                ts = self._seats[seat]
                if ts.stack == 0:
                    eliminated.append(Eliminated(seat, ts.player, starting[seat]))
            self._eliminated_last = frozenset(e.seat for e in eliminated)
        left = []
        for seat in [s for s, ts in self._seats.items() if ts.leaving]:
            ts = self._seats.pop(seat)
            left.append((seat, ts.player, ts.stack))
        for e in eliminated:
            if self.rules.tournament:  # POK-7-13: an eliminated player leaves the table
                self._seats.pop(e.seat, None)
            elif e.seat in self._seats:  # a cash player without chips sits out until he rebuys
                self._seats[e.seat].sitting_out = True
        return HandSettled(
            plan.number,
            tuple(sorted(stacks.items())),
            tuple(eliminated),
            voided,
            tuple(left),
        )

    # --------------------------------------------------------------- records
    def snapshot(self, *, rng: bool = True) -> dict[str, Any]:
        """The table's whole state, JSON-ready, at any moment (see ``docs/room.md``).

        A hand not yet settled is kept as its events, deck included: a snapshot holds
        secrets, for storage only. ``rng=False`` leaves out the generator's state (a
        room or tournament that shares its generator keeps it once).
        """
        from croupier.table._state import table_snapshot

        return table_snapshot(self, rng=rng)

    @classmethod
    def restore(cls, data: dict[str, Any], *, rng: random.Random | None = None) -> Table:
        """The table :meth:`snapshot` saved, hand in progress included (replayed from its
        events). ``rng``: the generator to use (default: the saved state, else secure)."""
        from croupier.table._state import table_restore

        return table_restore(cls, data, rng=rng)


@lru_cache(maxsize=256)
def _at_stakes(rules: Rules, stakes: Stakes) -> Rules:
    """``rules.with_stakes(stakes)``, remembered: the tables of a tournament all move to the
    same level (rules are frozen values: equal rules at equal stakes give equal rules)."""
    return rules.with_stakes(stakes)
