"""What a tournament is: its format, its structure, its table rules and its room options.

A :class:`TournamentConfig` holds everything fixed before the start: the rules preset of
the hands (``pokcomm``, ``italian``, ``tda``), the blind structure, the format
(freezeout, double stack, knock-out with points or bounties, progressive knock-out,
rebuys and add-ons) and the :class:`Options` where the seeds differ on running the room
(how new players are seated, the final table redraw, how simultaneous busts rank ...).
:func:`tournament_preset` builds the named configurations of the seeds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from croupier.errors import ConfigurationError
from croupier.room.tournament.structure import (
    Structure,
    italian_structure,
    pokcomm_double_stack,
    pokcomm_freezeout,
    tda_structure,
)
from croupier.rules import AnteKind, AntePot, Rules, italian, pokcomm, tda
from croupier.table._check import duration, flag, whole

__all__ = [
    "TOURNAMENT_PRESETS",
    "AddOn",
    "BustRanking",
    "KnockOut",
    "NewSeat",
    "Options",
    "Rebuy",
    "TournamentConfig",
    "tournament_preset",
]


class BustRanking(StrEnum):
    """How players busting at the same time rank during hand-for-hand play.

    Busts in one hand at one table always rank by their stacks at the start of that
    hand (POK-9-8). The knob decides busts in the same hand-for-hand hand at *different*
    tables (and, under ``share``, at the same table too).
    """

    BY_STACK = "by-stack"
    """POK-9-8 extended to the hand-for-hand hand: the bigger starting stack ranks higher;
    equal starting stacks share the place."""
    SHARE = "share"
    """TDA RP-8: every player busting in the same hand-for-hand hand shares the place."""


class NewSeat(StrEnum):
    """Where a player who joins a running tournament (late registration) sits."""

    LEFT_OF_DEALER = "left-of-dealer"
    """The nearest free seat to the left of the dealer (POK-7-8), at the shortest table."""
    RANDOM = "random"
    """A random free seat at the shortest table (TDA R8: from the same pool as the others)."""


@dataclass(frozen=True, slots=True)
class KnockOut:
    """A knock-out: a bonus on every head, to the player who takes all his chips (POK-6-3).

    ``bounty`` is in points (``points=True``) or in money units (cents). With
    ``progressive`` half of a collected bounty goes to the eliminator and half onto his
    own head (a PKO); the winner collects his own head at the end. ``shared``: when the
    busted player's chips are split between several winners (a split pot) they share his
    bounty; False: nobody took « la totalité » of his chips (POK-6-3), so nobody collects
    it.
    """

    bounty: int
    points: bool = False
    progressive: bool = False
    shared: bool = True

    def __post_init__(self) -> None:
        if type(self.bounty) is not int or self.bounty <= 0:
            raise ConfigurationError(
                f"a knock-out bounty is a whole number >= 1, not {self.bounty!r}"
            )
        flag(self.points, "points")
        flag(self.progressive, "progressive")
        flag(self.shared, "shared")


@dataclass(frozen=True, slots=True)
class Rebuy:
    """Rebuys during the first ``until_level`` levels: ``stack`` chips for ``price``.

    A player may rebuy when his stack is at or below ``threshold`` (0: only once busted),
    between hands, at most ``max_rebuys`` times (None: no limit).
    """

    until_level: int
    stack: int
    price: int
    threshold: int = 0
    max_rebuys: int | None = None

    def __post_init__(self) -> None:
        whole(self.until_level, "a rebuy period, in levels,", minimum=1)
        whole(self.stack, "a rebuy's chips", minimum=1)
        whole(self.price, "a rebuy's price")
        whole(self.threshold, "a rebuy's threshold")
        if self.max_rebuys is not None:
            whole(self.max_rebuys, "the most rebuys")


@dataclass(frozen=True, slots=True)
class AddOn:
    """One add-on per player: ``stack`` chips for ``price``, during the first break after
    level ``after_level`` (or between that level and the next when there is no break)."""

    after_level: int
    stack: int
    price: int

    def __post_init__(self) -> None:
        whole(self.after_level, "the level an add-on follows", minimum=1)
        whole(self.stack, "an add-on's chips", minimum=1)
        whole(self.price, "an add-on's price")


@dataclass(frozen=True, slots=True)
class Options:
    """How the room runs the tournament, where the seeds differ or are silent."""

    table_size: int = 10
    """Seats per table (ITA-1: a full table is 10 players)."""
    new_seat: NewSeat = NewSeat.RANDOM
    replacement_takes_position: bool = False
    """A player seated in a seat vacated since the last hand takes over its position and
    obligations at once (POK-7-9); otherwise the table's entry rule applies (ITA-24)."""
    redraw_final_table: bool = True
    """The final table is fully redrawn (POK-7-2); False: the last other table breaks
    into its free seats like any other (ITA-15)."""
    bust_ranking: BustRanking = BustRanking.SHARE
    hand_for_hand: bool = True
    """All tables play one hand at a time at the money bubble (TDA RP-8)."""
    hand_for_hand_seconds: float = 120
    """Time taken off the clock per hand-for-hand hand (TDA RP-8: at most 2-3 minutes)."""
    absent_deadline_level: int = 1
    """Absent players are removed at the end of this level (POK-3-1)."""
    max_suspension_orbits: int = 4
    """Longest suspension, in orbits (ITA-51: 1 to 4; POK-13-1: one orbit)."""
    warning_once: bool = False
    """A warning only for a player's first offence, whatever the fault (ITA-51); False:
    the ladder restarts for each kind of fault (POK-13-1: "une même faute")."""

    def __post_init__(self) -> None:
        if type(self.table_size) is not int or not 2 <= self.table_size <= 22:
            raise ConfigurationError(f"a table seats 2 to 22 players, not {self.table_size!r}")
        whole(self.max_suspension_orbits, "the longest suspension, in orbits,", minimum=1)
        whole(self.absent_deadline_level, "the level absent players have", minimum=1)
        duration(self.hand_for_hand_seconds, "the time of a hand-for-hand hand")
        if not isinstance(self.new_seat, NewSeat) or not isinstance(self.bust_ranking, BustRanking):
            raise ConfigurationError("new_seat is a NewSeat and bust_ranking a BustRanking")
        for name in (
            "replacement_takes_position",
            "redraw_final_table",
            "hand_for_hand",
            "warning_once",
        ):
            flag(getattr(self, name), name)


@dataclass(frozen=True, slots=True)
class TournamentConfig:
    """Everything decided before the first hand.

    ``rules`` builds the hands' rules from (small blind, big blind); ``buy_in`` and
    ``fee`` are in money units (cents); the prize pool is the buy-ins net of fees
    (ITA-18, computed by :mod:`croupier.room.tournament.payouts`).
    """

    name: str
    rules: Callable[..., Rules]
    structure: Structure
    options: Options = field(default_factory=Options)
    buy_in: int = 2_000
    fee: int = 0
    knockout: KnockOut | None = None
    rebuy: Rebuy | None = None
    add_on: AddOn | None = None
    places: int | None = None
    """Places paid; None: the payouts' default (15 %, never below ITA-18's 10 %)."""

    def __post_init__(self) -> None:
        whole(self.buy_in, "a buy-in")
        whole(self.fee, "a fee")
        if not callable(self.rules) or not isinstance(self.structure, Structure):
            raise ConfigurationError("a tournament has a rules preset (a function) and a Structure")
        if not isinstance(self.options, Options):
            raise ConfigurationError(f"options are an Options value, not {self.options!r}")
        if self.places is not None:
            whole(self.places, "the places paid", minimum=1)
        ko = self.knockout
        if ko is not None and not ko.points and ko.bounty > self.buy_in:
            raise ConfigurationError("the bounty is a part of the buy-in")
        self.table_rules()  # fail early on an impossible combination

    @property
    def freezeout(self) -> bool:
        """True without rebuys or add-ons (POK-6-1)."""
        return self.rebuy is None and self.add_on is None

    @property
    def starting_stack(self) -> int:
        """Every entrant's stack (POK-1-4)."""
        return self.structure.starting_stack

    def table_rules(self) -> Rules:
        """The rules of the hands at level 1, with antes paid as the structure says."""
        first = self.structure.levels[0]
        rules = self.rules(first.small_blind, first.big_blind)
        if not rules.tournament:
            raise ConfigurationError(f"{rules.name} is not a tournament preset")
        if self.structure.ante_kind is not AnteKind.NONE:
            pot = (
                AntePot.DEAD_MONEY
                if self.structure.ante_kind is AnteKind.BIG_BLIND
                else rules.ante_pot
            )
            rules = rules.but(ante_kind=self.structure.ante_kind, ante_pot=pot)
        rules = rules.but(max_players=max(rules.max_players, self.options.table_size))
        return rules.with_stakes(first.stakes)

    def but(self, **changes: Any) -> TournamentConfig:
        """A copy with some fields changed."""
        return replace(self, **changes)


POKCOMM_OPTIONS = Options(
    table_size=10,
    new_seat=NewSeat.LEFT_OF_DEALER,  # POK-7-8
    replacement_takes_position=True,  # POK-7-9
    redraw_final_table=True,  # POK-7-2
    bust_ranking=BustRanking.BY_STACK,  # POK-9-8
    max_suspension_orbits=1,  # POK-13-1: one orbit
)
ITALIAN_OPTIONS = Options(
    table_size=10,  # ITA-1
    new_seat=NewSeat.RANDOM,  # ITA-2: seats by draw (silent on late entries: TDA R8)
    replacement_takes_position=False,  # ITA-24
    redraw_final_table=False,  # ITA-15: the last table breaks into the free seats
    bust_ranking=BustRanking.SHARE,  # silent: TDA RP-8
    max_suspension_orbits=4,  # ITA-51
    warning_once=True,  # ITA-51: a warning for the first offence only
)
TDA_OPTIONS = Options(
    table_size=10,
    new_seat=NewSeat.RANDOM,  # R8
    replacement_takes_position=False,  # R10
    redraw_final_table=True,
    bust_ranking=BustRanking.SHARE,  # RP-8
)


TOURNAMENT_PRESETS: dict[str, Callable[[], TournamentConfig]] = {
    "pokcomm": lambda: TournamentConfig(
        "pokcomm-freezeout", pokcomm, pokcomm_freezeout(), POKCOMM_OPTIONS
    ),
    "pokcomm-double": lambda: TournamentConfig(
        "pokcomm-double-stack", pokcomm, pokcomm_double_stack(), POKCOMM_OPTIONS
    ),
    "pokcomm-ko": lambda: TournamentConfig(
        "pokcomm-knock-out",
        pokcomm,
        pokcomm_freezeout(),
        POKCOMM_OPTIONS,
        knockout=KnockOut(1, points=True, shared=False),  # POK-6-3: « la totalité »
    ),
    "pokcomm-pko": lambda: TournamentConfig(
        "pokcomm-progressive-knock-out",
        pokcomm,
        pokcomm_freezeout(),
        POKCOMM_OPTIONS,
        buy_in=2_000,
        knockout=KnockOut(1_000, progressive=True),
    ),
    "pokcomm-rebuy": lambda: TournamentConfig(
        "pokcomm-rebuy",
        pokcomm,
        pokcomm_freezeout(),
        POKCOMM_OPTIONS,
        rebuy=Rebuy(until_level=6, stack=5_000, price=2_000, threshold=5_000),
        add_on=AddOn(after_level=6, stack=5_000, price=2_000),
    ),
    "italian": lambda: TournamentConfig("italian", italian, italian_structure(), ITALIAN_OPTIONS),
    "tda": lambda: TournamentConfig("tda", tda, tda_structure(), TDA_OPTIONS),
}
"""The named tournaments: ``pokcomm`` (the 5,000-chip freezeout of seed 000),
``pokcomm-double`` (10,000), ``pokcomm-ko`` (a point per knock-out), ``pokcomm-pko``
(progressive bounties), ``pokcomm-rebuy``, ``italian`` (seed 002) and ``tda``."""


def tournament_preset(name: str) -> TournamentConfig:
    """The named tournament configuration (see :data:`TOURNAMENT_PRESETS`)."""
    try:
        return TOURNAMENT_PRESETS[name]()
    except KeyError:
        raise ConfigurationError(
            f"unknown tournament preset {name!r}: choose one of {', '.join(TOURNAMENT_PRESETS)}"
        ) from None
