"""The value of one PHH hand: :class:`PHHHand`, with exact integer amounts.

Private to :mod:`croupier.history`; :mod:`croupier.history.phh` documents the
seat convention and the units, and reads and writes hands.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from croupier.errors import HandHistoryError
from croupier.history._phh_actions import (
    BetOrRaiseTo,
    CheckOrCall,
    DealBoard,
    DealHole,
    Fold,
    NoOp,
    PHHAction,
    PostBringIn,
    ShowOrMuck,
    StandPatOrDiscard,
    compact_repr,
)
from croupier.history._phh_amounts import is_power_of_ten, scale_of, to_units, units_to_decimal
from croupier.history._phh_toml import is_int

__all__ = ["FIELD_ORDER", "HOLDEM_VARIANTS", "REQUIRED_FIELDS", "PHHHand"]

HOLDEM_VARIANTS: Final = frozenset({"NT", "FT"})
"""Variant codes of Texas hold'em: no-limit (``NT``) and fixed-limit (``FT``)."""

FIELD_ORDER: Final = (
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "bring_in",
    "small_bet",
    "big_bet",
    "min_bet",
    "starting_stacks",
    "actions",
    "author",
    "event",
    "url",
    "venue",
    "address",
    "city",
    "region",
    "postal_code",
    "country",
    "time",
    "time_zone",
    "time_zone_abbreviation",
    "day",
    "month",
    "year",
    "hand",
    "level",
    "seats",
    "seat_count",
    "table",
    "players",
    "finishing_stacks",
    "winnings",
    "currency",
    "currency_symbol",
    "time_limit",
    "time_banks",
)
"""The standard's fields in the order they are written (PokerKit's order; unknown ones follow)."""

_BUTTON_FIXED = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_BUTTON_POT_OR_NO = ("antes", "blinds_or_straddles", "min_bet")
_STUD = ("antes", "bring_in", "small_bet", "big_bet")

REQUIRED_FIELDS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "FT": _BUTTON_FIXED,
        "NT": _BUTTON_POT_OR_NO,
        "NS": _BUTTON_POT_OR_NO,
        "PO": _BUTTON_POT_OR_NO,
        "FO/8": _BUTTON_FIXED,
        "F7S": _STUD,
        "F7S/8": _STUD,
        "FR": _STUD,
        "N2L1D": _BUTTON_POT_OR_NO,
        "F2L3D": _BUTTON_FIXED,
        "FB": _BUTTON_FIXED,
    }
)
"""Fields each known variant requires besides ``variant``, ``starting_stacks`` and ``actions``."""

AMOUNT_FIELDS: Final = ("bring_in", "small_bet", "big_bet", "min_bet")
AMOUNT_LIST_FIELDS: Final = ("antes", "blinds_or_straddles")
RESULT_FIELDS: Final = ("finishing_stacks", "winnings")
_PER_PLAYER_FIELDS: Final = (
    "antes",
    "blinds_or_straddles",
    "seats",
    "players",
    "finishing_stacks",
    "winnings",
    "time_banks",
)


_ACTION_TYPES: Final = (
    DealBoard,
    DealHole,
    PostBringIn,
    Fold,
    CheckOrCall,
    BetOrRaiseTo,
    StandPatOrDiscard,
    ShowOrMuck,
    NoOp,
)


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


@dataclass(frozen=True, kw_only=True, slots=True, repr=False)
class PHHHand:
    """One hand as recorded in a PHH file; amounts in integer units of ``1 / scale``.

    ``finishing_stacks`` and ``winnings`` are in units of ``1 / result_scale``
    (0, the default, means ``scale``). Per-player tuples are indexed by player:
    index 0 is ``p1``. ``None`` means the field is absent, except in
    ``starting_stacks`` where it is an unknown (``inf``) stack. See
    :mod:`croupier.history.phh` for the seat convention and the units.

    >>> from croupier.history import loads
    >>> hand = loads('variant = "NT"\\nantes = [0, 0]\\nblinds_or_straddles = [0.5, 1]\\n'
    ...              'min_bet = 1\\nstarting_stacks = [100, inf]\\nactions = ["p2 cbr 2.5"]')
    >>> hand.scale, hand.blinds_or_straddles, hand.starting_stacks, hand.actions
    (10, (5, 10), (1000, None), (BetOrRaiseTo(player_index=1, amount=25),))
    >>> hand.blinds_by_player  # heads-up: p2 has the button and posts the small blind
    (10, 5)
    """

    variant: str
    antes: tuple[int, ...]
    starting_stacks: tuple[int | None, ...]
    actions: tuple[PHHAction, ...] = ()
    scale: int = 1
    result_scale: int = 0
    ante_trimming_status: bool = False
    blinds_or_straddles: tuple[int, ...] | None = None
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: int | str | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: int | str | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[int, ...] | None = None
    winnings: tuple[int, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    time_limit: Decimal | None = None
    time_banks: tuple[Decimal, ...] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict, hash=False)
    header_comment: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", _freeze(self.extra))
        if self.result_scale == 0:
            object.__setattr__(self, "result_scale", self.scale)
        self._check()

    def __repr__(self) -> str:
        return compact_repr(self, skip=("result_scale",) if self.result_scale == self.scale else ())

    def _check(self) -> None:
        def bad(what: str) -> HandHistoryError:
            return HandHistoryError(f"{self._name()}: {what}")

        if not isinstance(self.variant, str) or not self.variant:
            raise bad(f"variant {self.variant!r} is not a variant code like 'NT'")
        if not is_power_of_ten(self.scale):
            raise bad(f"scale {self.scale!r} is not a power of ten (1, 10, 100, ...)")
        if not (is_power_of_ten(self.result_scale) and self.result_scale >= self.scale):
            raise bad(
                f"result_scale {self.result_scale!r} is not a power of ten >= scale {self.scale}"
            )
        count = len(self.starting_stacks)
        if count < 2:
            raise bad(f"a hand needs at least two players; starting_stacks has {count}")
        for name in _PER_PLAYER_FIELDS:
            value = getattr(self, name)
            if value is not None and len(value) != count:
                raise bad(
                    f"{name} has {len(value)} entries but there are {count} players "
                    "(one per starting stack)"
                )
        for i, stack in enumerate(self.starting_stacks):
            if stack is not None and (not is_int(stack) or stack <= 0):
                raise bad(f"starting stack of p{i + 1} is {stack!r}; stacks are positive")
        for name in (*AMOUNT_LIST_FIELDS, *RESULT_FIELDS):
            signed = name == "blinds_or_straddles"  # negative: a blind that does not open
            for amount in getattr(self, name) or ():
                if not is_int(amount) or (amount < 0 and not signed):
                    raise bad(f"{name} holds {amount!r}; amounts are non-negative integers")
        for name in AMOUNT_FIELDS:
            amount = getattr(self, name)
            if amount is not None and (not is_int(amount) or amount < 0):
                raise bad(f"{name} is {amount!r}; amounts are non-negative integers")
        for index, action in enumerate(self.actions):
            if not isinstance(action, _ACTION_TYPES):
                raise bad(f"action {index} is {action!r}, not a PHH action")
            player = getattr(action, "player_index", None)
            if player is not None and not 0 <= player < count:
                raise bad(
                    f"action {index} {action.to_phh(self.scale)!r}: there is no player "
                    f"p{player + 1} (players are p1..p{count})"
                )
            if isinstance(action, BetOrRaiseTo) and action.amount <= 0:
                raise bad(f"action {index}: the amount {action.amount} is not positive")
        clash = set(self.extra) & set(FIELD_ORDER)
        if clash:
            raise bad(f"extra repeats standard fields {sorted(clash)}")

    def _name(self) -> str:
        return f"hand {self.hand!r}" if self.hand is not None else f"{self.variant} hand"

    @property
    def player_count(self) -> int:
        """The number of players, ``p1``..``pN``."""
        return len(self.starting_stacks)

    @property
    def is_holdem(self) -> bool:
        """Whether the variant is Texas hold'em (``NT`` or ``FT``)."""
        return self.variant in HOLDEM_VARIANTS

    @property
    def is_heads_up(self) -> bool:
        """Whether exactly two players take part (forced bets then apply reversed)."""
        return self.player_count == 2

    @property
    def button_index(self) -> int | None:
        """Index of the button: the last player; ``None`` in games without blinds (stud)."""
        return None if self.blinds_or_straddles is None else self.player_count - 1

    @property
    def blinds_by_player(self) -> tuple[int, ...]:
        """The blind or straddle each player posts, reversed heads-up (zeros if none).

        >>> from croupier.history import loads
        >>> loads(EXAMPLE_PHH).blinds_by_player
        (1000, 2000, 0)
        """
        blinds = self.blinds_or_straddles or (0,) * self.player_count
        return blinds[::-1] if self.is_heads_up else blinds

    @property
    def antes_by_player(self) -> tuple[int, ...]:
        """The ante each player posts, reversed heads-up like the blinds."""
        return self.antes[::-1] if self.is_heads_up else self.antes

    @property
    def results_fractional(self) -> bool:
        """Whether some result (finishing stack, winning) is not whole in play units."""
        return self.result_scale != self.scale

    @property
    def finishing_stacks_in_units(self) -> tuple[Fraction, ...] | None:
        """The finishing stacks in units of play (``1 / scale``), exactly.

        Whole numbers except in hands whose file records fractions of the smallest
        chip (:attr:`results_fractional`).
        """
        if self.finishing_stacks is None:
            return None
        ratio = self.result_scale // self.scale
        return tuple(Fraction(s, ratio) for s in self.finishing_stacks)

    def to_amount(self, units: int) -> Decimal:
        """The amount, as written in the file, of ``units`` units of play.

        >>> from croupier.history import loads
        >>> loads(EXAMPLE_PHH).to_amount(7000)
        Decimal('7000')
        """
        return units_to_decimal(units, self.scale)

    def result_to_amount(self, units: int) -> Decimal:
        """The amount, as written in the file, of ``units`` result units (``1 / result_scale``)."""
        return units_to_decimal(units, self.result_scale)

    def action_texts(self) -> tuple[str, ...]:
        """The actions as PHH text, amounts in the file's notation."""
        return tuple(action.to_phh(self.scale) for action in self.actions)

    def with_scale(self, scale: int) -> PHHHand:
        """The same hand counted in units of ``1 / scale`` (e.g. cents: ``with_scale(100)``).

        Hands read from text have the smallest scale that fits; a finer one is
        always exact, a coarser one only when every amount stays whole (else
        :class:`HandHistoryError`).

        >>> from croupier.history import loads
        >>> hand = loads(EXAMPLE_PHH).with_scale(100)
        >>> hand.min_bet, hand.actions[0].amount, hand.with_scale(1) == loads(EXAMPLE_PHH)
        (200000, 700000, True)
        """
        if scale == self.scale:
            return self
        if not is_power_of_ten(scale):
            raise HandHistoryError(f"scale {scale!r} is not a power of ten (1, 10, 100, ...)")

        def play(units: int) -> int:
            return to_units(units_to_decimal(units, self.scale), scale)

        def plays(values: tuple[int, ...] | None) -> tuple[int, ...] | None:
            return None if values is None else tuple(map(play, values))

        results = [
            units_to_decimal(v, self.result_scale)
            for values in (self.finishing_stacks, self.winnings)
            for v in values or ()
        ]
        result_scale = max(scale, scale_of(results))

        def outcome(values: tuple[int, ...] | None) -> tuple[int, ...] | None:
            if values is None:
                return None
            return tuple(
                to_units(units_to_decimal(v, self.result_scale), result_scale) for v in values
            )

        return replace(
            self,
            scale=scale,
            result_scale=result_scale,
            antes=tuple(map(play, self.antes)),
            blinds_or_straddles=plays(self.blinds_or_straddles),
            bring_in=None if self.bring_in is None else play(self.bring_in),
            small_bet=None if self.small_bet is None else play(self.small_bet),
            big_bet=None if self.big_bet is None else play(self.big_bet),
            min_bet=None if self.min_bet is None else play(self.min_bet),
            starting_stacks=tuple(None if s is None else play(s) for s in self.starting_stacks),
            actions=tuple(
                replace(a, amount=play(a.amount)) if isinstance(a, BetOrRaiseTo) else a
                for a in self.actions
            ),
            finishing_stacks=outcome(self.finishing_stacks),
            winnings=outcome(self.winnings),
        )


# The example hand of the doctests (the start of dwan-ivey-2009.phh).
EXAMPLE_PHH: Final = """\
variant = "NT"
ante_trimming_status = true
antes = [500, 500, 500]
blinds_or_straddles = [1000, 2000, 0]
min_bet = 2000
starting_stacks = [1125600, 2000000, 553500]
actions = ["p3 cbr 7000 # Dwan", "p1 cbr 23000", "p2 f", "p3 cc"]
"""
