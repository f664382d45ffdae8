"""A table's session: the terms fixed when the table opens, and how the game stops.

The house fixes at opening the stakes and the version of the game (limit, pot-limit or
no-limit: the rules value), the blinds and the option, the rake, the minimum and the
maximum buy-in and the largest rebuy. None of them changes before the session closes
(CAS-24, CAS-26, CAS-10) and all are the table's posted information (CAS-28:
:meth:`Session.info`). To stop the game the last three hands are announced (CAS-25).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from croupier.errors import ConfigurationError, IllegalActionError
from croupier.room.cash.ledger import format_money
from croupier.rules.model import Rules

__all__ = [
    "LAST_HANDS",
    "Session",
    "SessionInfo",
    "SessionLockedError",
    "SessionStatus",
    "default_buy_ins",
    "stakes_label",
]

LAST_HANDS = 3
"""Hands announced before a game stops (CAS-25)."""

_TERMS = ("table", "number", "rules", "min_buy_in", "max_buy_in", "max_rebuy")


class SessionLockedError(ConfigurationError):
    """An attempt to change a term of a session before it closes (CAS-24, CAS-26)."""


class SessionStatus(StrEnum):
    """Where a session stands."""

    OPEN = "open"
    CLOSING = "closing"
    """The last hands are announced (CAS-25)."""
    CLOSED = "closed"


def _amount(cents: int) -> str:
    """Cents written as the seeds write stakes: 100 -> '1', 50 -> '0.50'."""
    whole, part = divmod(cents, 100)
    return f"{whole}" if not part else f"{whole}.{part:02d}"


def stakes_label(rules: Rules) -> str:
    """The stakes as posted: lower-upper limits in limit (PKG-23), else the blinds.

    >>> from croupier.rules import casino_fr, pokerkings
    >>> stakes_label(pokerkings(100, 200, euro=100)), stakes_label(casino_fr("no-limit", 100, 200))
    ('1-2', '1-2')
    """
    s = rules.stakes
    if rules.fixed_limit:
        return f"{_amount(s.small_bet)}-{_amount(s.big_bet)}"
    return f"{_amount(s.small_blind)}-{_amount(s.big_blind)}"


def default_buy_ins(rules: Rules) -> tuple[int, int]:
    """The house's default minimum and maximum buy-in for ``rules`` (cents).

    In limit the minimum is ten times the lower limit (PKG-2: 1-2 EUR, 10 EUR); otherwise
    twenty big blinds. The maximum is ten times the minimum.

    >>> from croupier.rules import pokerkings
    >>> default_buy_ins(pokerkings(100, 200, euro=100))
    (1000, 10000)
    """
    s = rules.stakes
    low = 10 * s.small_bet if rules.fixed_limit else 20 * s.big_blind
    return low, 10 * low


@dataclass(frozen=True, slots=True)
class SessionInfo:
    """What the table displays at all times (CAS-28): rake, version, limits, buy-ins."""

    table: str
    session: int
    game: str
    version: str
    stakes: str
    small_blind: int
    big_blind: int
    option: int
    min_bet: int
    small_bet: int
    big_bet: int
    max_players: int
    min_buy_in: int
    max_buy_in: int
    max_rebuy: int
    rake_rate: str
    rake_step: int
    rake_cap: int | None
    no_flop_no_drop: bool
    status: str
    hands_played: int
    hands_left: int | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary."""
        return asdict(self)

    def lines(self) -> list[str]:
        """The posted information, one line per item."""
        rake = f"{self.rake_rate} of every pot, rounded to {_amount(self.rake_step)}"
        if self.rake_cap is not None:
            rake += f", at most {format_money(self.rake_cap)}"
        option = f", option {format_money(self.option)}" if self.option else ""
        out = [
            f"table {self.table}, session {self.session} ({self.status})",
            f"{self.game} {self.version} {self.stakes}, at most {self.max_players} players",
            f"blinds {format_money(self.small_blind)} / {format_money(self.big_blind)}{option}",
            f"buy-in {format_money(self.min_buy_in)} to {format_money(self.max_buy_in)},"
            f" rebuy up to {format_money(self.max_rebuy)}",
            f"rake {rake}" if self.rake_rate != "0%" else "no rake",
        ]
        if self.hands_left is not None:
            out.append(f"last hands: {self.hands_left} to play (CAS-25)")
        return out


class Session:
    """One session of one table: terms fixed at opening, then hands until it closes.

    >>> from croupier.rules import casino_fr
    >>> s = Session(table="t1", number=1, rules=casino_fr("pot-limit", 100, 200))
    >>> s.info().version, s.info().rake_rate, s.min_buy_in
    ('pot-limit', '4%', 4000)
    >>> s.min_buy_in = 1  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    croupier...SessionLockedError: the minimum buy-in of table t1 is fixed for the session at ...
    """

    __slots__ = (
        "_locked",
        "hands_left",
        "hands_played",
        "max_buy_in",
        "max_rebuy",
        "min_buy_in",
        "number",
        "rules",
        "status",
        "table",
    )

    table: str
    number: int
    rules: Rules
    min_buy_in: int
    max_buy_in: int
    max_rebuy: int
    status: SessionStatus
    hands_played: int
    hands_left: int | None

    def __init__(
        self,
        *,
        table: str,
        number: int,
        rules: Rules,
        min_buy_in: int | None = None,
        max_buy_in: int | None = None,
        max_rebuy: int | None = None,
    ) -> None:
        if rules.tournament:
            raise ConfigurationError(
                f"a cash-game session needs cash-game rules; {rules.name!r} is for tournaments"
            )
        low, high = default_buy_ins(rules)
        low = low if min_buy_in is None else min_buy_in
        high = max(high, low) if max_buy_in is None else max_buy_in
        rebuy = high if max_rebuy is None else max_rebuy
        for name, value in (("minimum buy-in", low), ("maximum buy-in", high), ("rebuy", rebuy)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ConfigurationError(f"the {name} is whole cents > 0, not {value!r}")
        if low > high:
            raise ConfigurationError(
                f"the minimum buy-in ({format_money(low)}) exceeds the maximum"
                f" ({format_money(high)})"
            )
        if low < rules.stakes.largest_blind:
            raise ConfigurationError(
                f"the minimum buy-in ({format_money(low)}) must cover the largest blind"
                f" ({format_money(rules.stakes.largest_blind)})"
            )
        self._locked = False
        self.table = table
        self.number = number
        self.rules = rules
        self.min_buy_in = low
        self.max_buy_in = high
        self.max_rebuy = rebuy
        self.status = SessionStatus.OPEN
        self.hands_played = 0
        self.hands_left = None
        self._locked = True

    def __setattr__(self, name: str, value: object) -> None:
        if name in _TERMS and getattr(self, "_locked", False):
            what = {
                "rules": "version, stakes and rake",
                "min_buy_in": "minimum buy-in",
                "max_buy_in": "maximum buy-in",
                "max_rebuy": "largest rebuy",
            }.get(name, name)
            now = getattr(self, name)
            shown = format_money(now) if isinstance(now, int) and name != "number" else str(now)
            if name == "rules":
                shown = f"{self.rules.name} {self.rules.structure.value} {stakes_label(self.rules)}"
            raise SessionLockedError(
                f"the {what} of table {self.table} is fixed for the session at {shown}"
                " (CAS-24, CAS-26, CAS-10): close the session to change it"
            )
        object.__setattr__(self, name, value)

    def __repr__(self) -> str:
        return (
            f"Session(table={self.table!r}, number={self.number}, {self.rules.name}"
            f" {self.rules.structure.value} {stakes_label(self.rules)}, {self.status.value})"
        )

    # ------------------------------------------------------------------ reading
    @property
    def is_open(self) -> bool:
        """True while new players may sit down (not closing, not closed)."""
        return self.status is SessionStatus.OPEN

    @property
    def can_deal(self) -> bool:
        """True while hands may still be dealt."""
        return self.status is not SessionStatus.CLOSED

    @property
    def stakes_key(self) -> str:
        """Game, version and stakes: the key of a waiting list by stakes (CAS-7)."""
        return f"{self.rules.name} {self.rules.structure.value} {stakes_label(self.rules)}"

    def info(self, *, seats: int | None = None) -> SessionInfo:
        """The table's posted information (CAS-28); ``seats``: the table's seats, when it
        has fewer than the rules allow."""
        r, s = self.rules, self.rules.stakes
        rate = r.rake.rate * 100
        rate_text = f"{rate.numerator}%" if rate.denominator == 1 else f"{float(rate):g}%"
        return SessionInfo(
            table=self.table,
            session=self.number,
            game=r.name,
            version=r.structure.value,
            stakes=stakes_label(r),
            small_blind=s.small_blind,
            big_blind=s.big_blind,
            option=s.straddle,
            min_bet=s.min_bet,
            small_bet=s.small_bet,
            big_bet=s.big_bet,
            max_players=r.max_players if seats is None else seats,
            min_buy_in=self.min_buy_in,
            max_buy_in=self.max_buy_in,
            max_rebuy=self.max_rebuy,
            rake_rate=rate_text,
            rake_step=r.rake.step,
            rake_cap=r.rake.cap,
            no_flop_no_drop=r.rake.no_flop_no_drop,
            status=self.status.value,
            hands_played=self.hands_played,
            hands_left=self.hands_left,
        )

    # ---------------------------------------------------------------- changing
    def change(self, **terms: object) -> None:
        """Always refused: the terms are fixed until the session closes (CAS-24, CAS-26)."""
        for name, value in terms.items():
            if name not in _TERMS:
                raise ConfigurationError(f"a session has no term {name!r}: terms are {_TERMS}")
            setattr(self, name, value)

    def announce_close(self, hands: int = LAST_HANDS) -> None:
        """Announce the last ``hands`` hands (three, CAS-25); play stops after them."""
        if self.status is not SessionStatus.OPEN:
            raise IllegalActionError(
                f"the session of table {self.table} is already {self.status.value}"
                + (f" ({self.hands_left} hands left)" if self.hands_left is not None else "")
            )
        if hands < 1:
            raise ConfigurationError(f"announce at least one last hand, not {hands}")
        self.status = SessionStatus.CLOSING
        self.hands_left = hands

    def hand_played(self) -> bool:
        """Count a hand; True when it was the last announced one and the session closes."""
        if self.status is SessionStatus.CLOSED:
            raise IllegalActionError(f"the session of table {self.table} is closed")
        self.hands_played += 1
        if self.hands_left is not None:
            self.hands_left -= 1
            if self.hands_left <= 0:
                self.close()
                return True
        return False

    def close(self) -> None:
        """Close the session (the room settles the chips)."""
        self.status = SessionStatus.CLOSED
        self.hands_left = 0
