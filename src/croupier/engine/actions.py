"""What a player may do, and what is legal at a given moment.

An :class:`Action` is what a player asks for (``Action.raise_to(300)``); the engine
resolves it into what happened (a call of 100, a raise to 300, all-in or not).
:class:`LegalActions` says what is legal for the player to act, and its ``in`` runs
the very check that :meth:`croupier.engine.Hand.act` runs: there is one copy of the
betting rules, not two.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from croupier._checks import MAX_CHIPS, quote
from croupier.errors import IllegalActionError, InvalidActionError

__all__ = [
    "Action",
    "ActionKind",
    "LegalActions",
    "Move",
    "action_kind",
    "as_action",
    "format_amount",
]


class ActionKind(StrEnum):
    """What a player asks for; also what the engine records (fold ... raise, show, muck)."""

    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    RAISE_TO = "raise-to"
    """A bet or a raise to a total (POK-8-3, ITA-29): resolved into BET or RAISE."""
    ALL_IN = "all-in"
    TIMEOUT = "timeout"
    """The clock ran out: a check if free, otherwise a fold (ITA-28, ITA-43, POK-4-4)."""
    SHOW = "show"
    MUCK = "muck"
    PUT = "put"
    """Chips put forward without a declaration, read by the 50 % rule (ITA-30, TDA R45)."""


def format_amount(amount: int) -> str:
    """Write an amount with thousands separators: ``2,000``."""
    return f"{amount:,}"


_AMOUNT_KINDS: Final = frozenset(
    (ActionKind.RAISE_TO, ActionKind.BET, ActionKind.RAISE, ActionKind.PUT)
)
"""The kinds that need an amount; every other kind takes none."""
_KIND_BY_TEXT: Final = {kind.value: kind for kind in ActionKind}
_KINDS: Final = ", ".join(repr(kind.value) for kind in ActionKind)
_HOW: Final = "build one with Action.fold(), Action.call(), Action.raise_to(300) or Action('fold')"


def action_kind(value: object) -> ActionKind:
    """The :class:`ActionKind` that ``value`` is or names: ``"fold"``, ``"raise-to"``.

    Text is read as the kind it names, in any case, with ``_`` for ``-`` as the
    ``repr`` writes it (``"raise_to"``); anything else raises
    :class:`~croupier.errors.InvalidActionError`.

    >>> action_kind("show"), action_kind("RAISE_TO")
    (<ActionKind.SHOW: 'show'>, <ActionKind.RAISE_TO: 'raise-to'>)
    """
    if type(value) is ActionKind:
        return value
    if isinstance(value, str):
        kind = _KIND_BY_TEXT.get(value.strip().lower().replace("_", "-"))
        if kind is not None:
            return kind
    raise InvalidActionError(f"{quote(value)} is not a kind of action: the kinds are {_KINDS}")


def _amount(kind: ActionKind, amount: object) -> int | None:
    """The amount of an action of ``kind``, checked: chips for a bet, nothing otherwise."""
    if kind not in _AMOUNT_KINDS:
        if amount is None:
            return None
        raise InvalidActionError(f"{kind.value} takes no amount, not {quote(amount)}")
    if type(amount) is int and 0 <= amount <= MAX_CHIPS:
        return amount
    raise InvalidActionError(
        f"{kind.value} needs a whole number of chips from 0 to {format_amount(MAX_CHIPS)},"
        f" not {quote(amount)}"
    )


class _ActionFields(NamedTuple):
    kind: ActionKind
    amount: int | None


class Action(_ActionFields):
    """A player's request. Build it with the constructors: ``Action.raise_to(300)``.

    The kind may be given as its text, read as the kind it names (``Action("fold")`` is
    ``Action.fold()``, ``Action("raise-to", 300)`` is ``Action.raise_to(300)``); an
    unknown kind, an amount on an action that takes none, or an amount that is not a
    whole number of chips raises :class:`~croupier.errors.InvalidActionError`.

    >>> Action.raise_to(300)
    Action.raise_to(300)
    >>> Action.fold().kind.value, Action("show") == Action.show()
    ('fold', True)
    """

    __slots__ = ()

    def __new__(cls, kind: ActionKind | str, amount: int | None = None) -> Action:
        """Check ``kind`` and ``amount``; see the class."""
        checked = kind if type(kind) is ActionKind else action_kind(kind)
        if amount is None:
            if checked in _AMOUNT_KINDS:
                _amount(checked, amount)  # raises: this kind needs an amount
        elif (
            type(amount) is not int or not 0 <= amount <= MAX_CHIPS or checked not in _AMOUNT_KINDS
        ):
            amount = _amount(checked, amount)
        return tuple.__new__(cls, (checked, amount))

    @staticmethod
    def fold() -> Action:
        """Give up the hand (POK-4-1: final and binding)."""
        return _FOLD

    @staticmethod
    def check() -> Action:
        """Pass without betting, when nothing is owed."""
        return _CHECK

    @staticmethod
    def call() -> Action:
        """Match the bet (or go all-in for less when the stack is short)."""
        return _CALL

    @staticmethod
    def raise_to(amount: int) -> Action:
        """Bet or raise to a total of ``amount`` in this round, in one motion (POK-8-3)."""
        if type(amount) is int and 0 <= amount <= MAX_CHIPS:  # the checks of __new__, inline
            return tuple.__new__(Action, (ActionKind.RAISE_TO, amount))
        return Action(ActionKind.RAISE_TO, amount)

    @staticmethod
    def bet(amount: int) -> Action:
        """Same as :meth:`raise_to`: a bet is a raise from nothing."""
        return Action(ActionKind.RAISE_TO, amount)

    @staticmethod
    def all_in() -> Action:
        """Put in every chip: a call or a raise as the stack allows (ITA-25)."""
        return _ALL_IN

    @staticmethod
    def timeout() -> Action:
        """The player's time ran out: check if free, otherwise fold (ITA-28)."""
        return _TIMEOUT

    @staticmethod
    def put(amount: int) -> Action:
        """Put ``amount`` chips forward without declaring a call or a raise (ITA-30).

        Read as the dealer would: at most the call is a call; beyond it, less than half
        a minimum raise more is a call (the excess stays with the player), at least half
        is a raise completed to the minimum. Facing no bet, any chips are a bet of at
        least the minimum.
        """
        return Action(ActionKind.PUT, amount)

    @staticmethod
    def show() -> Action:
        """Table both hole cards at the showdown (ITA-37, RRP-1)."""
        return _SHOW

    @staticmethod
    def muck() -> Action:
        """Give up at the showdown without showing (PKG-14, RRP-8)."""
        return _MUCK

    def __repr__(self) -> str:
        name = self.kind.value.replace("-", "_")
        return f"Action.{name}({self.amount})" if self.amount is not None else f"Action.{name}()"


_FOLD: Final = Action(ActionKind.FOLD)
_CHECK: Final = Action(ActionKind.CHECK)
_CALL: Final = Action(ActionKind.CALL)
_ALL_IN: Final = Action(ActionKind.ALL_IN)
_TIMEOUT: Final = Action(ActionKind.TIMEOUT)
_SHOW: Final = Action(ActionKind.SHOW)
_MUCK: Final = Action(ActionKind.MUCK)


def as_action(value: object) -> Action:
    """``value`` if it is a well-formed :class:`Action`; else :class:`InvalidActionError`.

    An action rebuilt around the checks (``Action._make``, ``_replace``) is checked again;
    anything that is not an :class:`Action` (text, a plain tuple, ``None``) is refused:
    ``Hand.act`` takes an action, not its text.
    """
    if type(value) is Action and type(value.kind) is ActionKind:
        return value
    if isinstance(value, Action):
        return Action(value.kind, value.amount)
    raise InvalidActionError(f"{quote(value)} is not an action: {_HOW}")


_SHOWDOWN_KINDS = frozenset((ActionKind.SHOW, ActionKind.MUCK))


class Move(NamedTuple):
    """An action resolved by the engine: what the player does and the total it brings him to."""

    kind: ActionKind
    put: int = 0
    """Chips moved from the stack to the bet by this action."""
    to: int = 0
    """The player's total bet in this round after the action."""
    all_in: bool = False


class LegalActions:
    """What the player to act may do now.

    ``call`` is the amount to call (None when checking is free or calling is not
    possible); ``min_raise_to``/``max_raise_to`` bound a bet or raise (None when
    neither is allowed); ``all_in`` is the total an all-in brings the player to
    (None when going all-in is not allowed). ``why_no_raise`` says why raising is
    not offered. At the showdown only ``show`` and ``muck`` are set. A value object:
    the engine builds one per decision and never changes it.
    """

    __slots__ = _LEGAL_FIELDS = (
        "seat",
        "fold",
        "check",
        "call",
        "min_raise_to",
        "max_raise_to",
        "all_in",
        "stack",
        "bet",
        "facing_bet",
        "why_no_raise",
        "show",
        "muck",
    )

    def __init__(
        self,
        seat: int,
        fold: bool = False,
        check: bool = False,
        call: int | None = None,
        min_raise_to: int | None = None,
        max_raise_to: int | None = None,
        all_in: int | None = None,
        stack: int = 0,
        bet: int = 0,
        facing_bet: bool = False,
        why_no_raise: str = "",
        show: bool = False,
        muck: bool = False,
    ) -> None:
        self.seat = seat
        self.fold = fold
        self.check = check
        self.call = call
        self.min_raise_to = min_raise_to
        self.max_raise_to = max_raise_to
        self.all_in = all_in
        self.stack = stack
        self.bet = bet
        self.facing_bet = facing_bet
        self.why_no_raise = why_no_raise
        self.show = show
        self.muck = muck

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._LEGAL_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalActions) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in self._LEGAL_FIELDS
            if name == "seat" or getattr(self, name) not in (None, False, "", 0)
        )
        return f"LegalActions({shown})"

    @property
    def can_raise(self) -> bool:
        """True when a bet or raise is allowed."""
        return self.min_raise_to is not None

    def __contains__(self, action: object) -> bool:
        """``Action.raise_to(300) in legal``: the very check that ``act`` runs."""
        if not isinstance(action, Action):
            return False
        try:
            self.resolve(action)
        except IllegalActionError:
            return False
        return True

    def options(self) -> list[str]:
        """The legal choices in words: ``['fold', 'call 100', 'raise to 300 to 2,000', ...]``."""
        out: list[str] = []
        if self.show:
            out.append("show")
        if self.muck:
            out.append("muck")
        if self.fold:
            out.append("fold")
        if self.check:
            out.append("check")
        if self.call is not None:
            out.append(f"call {format_amount(self.call)}")
        if self.min_raise_to is not None and self.max_raise_to is not None:
            verb = "raise to" if self.facing_bet else "bet"
            low, high = self.min_raise_to, self.max_raise_to
            if low == high:
                out.append(f"{verb} {format_amount(low)}")
            else:
                out.append(f"{verb} {format_amount(low)} to {format_amount(high)}")
        if self.all_in is not None:
            out.append(f"go all-in for {format_amount(self.all_in)}")
        return out

    def describe(self) -> str:
        """``"you may fold, call 100, raise to 300 to 2,000, or go all-in for 2,000"``."""
        options = self.options()
        if not options:
            return "you may do nothing now"
        if len(options) == 1:
            return f"you may {options[0]}"
        return "you may " + ", ".join(options[:-1]) + ", or " + options[-1]

    def _refuse(self, what: str) -> IllegalActionError:
        return IllegalActionError(f"{what}: {self.describe()}")

    def resolve(self, action: Action) -> Move:
        """The move ``action`` makes, or :class:`IllegalActionError` saying what is legal."""
        if type(action) is not Action or type(action.kind) is not ActionKind:
            action = as_action(action)
        kind = action.kind
        at_showdown = self.show or self.muck
        if kind in _SHOWDOWN_KINDS:
            allowed = self.show if kind is ActionKind.SHOW else self.muck
            if not allowed:
                raise self._refuse(f"{kind.value} is not allowed now")
            return Move(kind)
        if at_showdown:
            raise self._refuse(f"{kind.value} is not possible at the showdown")
        if kind is ActionKind.TIMEOUT:
            kind = ActionKind.CHECK if self.check else ActionKind.FOLD
        if kind is ActionKind.FOLD:
            if not self.fold:
                raise self._refuse("fold is not allowed now")
            return Move(ActionKind.FOLD, 0, self.bet)
        if kind is ActionKind.CHECK:
            if not self.check:
                owed = "" if self.call is None else f" (you owe {format_amount(self.call)})"
                raise self._refuse(f"check is not allowed{owed}")
            return Move(ActionKind.CHECK, 0, self.bet)
        if kind is ActionKind.CALL:
            if self.call is None:
                raise self._refuse(
                    "there is nothing to call" if self.check else "call is not allowed"
                )
            return Move(ActionKind.CALL, self.call, self.bet + self.call, self.call == self.stack)
        if kind is ActionKind.ALL_IN:
            if self.all_in is None:
                raise self._refuse("going all-in is not allowed now")
            total = self.stack + self.bet
            if self.call is not None and self.call == self.stack:
                return Move(ActionKind.CALL, self.stack, total, True)
            return Move(self._raise_kind(), self.stack, total, True)
        if kind in (ActionKind.RAISE_TO, ActionKind.BET, ActionKind.RAISE):
            return self._resolve_raise(action.amount)
        if kind is ActionKind.PUT:
            return self._resolve_put(action.amount)
        raise self._refuse(f"unknown action {action!r}")  # pragma: no cover

    def _raise_kind(self) -> ActionKind:
        return ActionKind.RAISE if self.facing_bet else ActionKind.BET

    def _resolve_put(self, amount: int | None) -> Move:
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise self._refuse(f"put needs a whole number of chips >= 0, not {amount!r}")
        if amount > self.stack:
            raise self._refuse(
                f"put {format_amount(amount)} is more than your stack"
                f" of {format_amount(self.stack)}"
            )
        owed = self.call or 0
        if amount == 0:
            return self.resolve(Action.check() if self.check else Action.fold())
        if amount == self.stack and self.all_in is not None:
            return self.resolve(Action.all_in())
        low, high = self.min_raise_to, self.max_raise_to
        if self.check and not self.facing_bet and low is not None and high is not None:
            # no bet to face: any chips open the betting, completed to the minimum
            return self._resolve_raise(min(max(low, self.bet + amount), high))
        if amount <= owed or low is None or high is None:
            return self.resolve(Action.call() if self.call is not None else Action.check())
        extra = amount - owed
        increment = low - self.bet - owed
        if 2 * extra < increment:  # under half a minimum raise: a call (ITA-30 case 3)
            return self.resolve(Action.call() if self.call is not None else Action.check())
        # ITA-30 case 4: completed to a minimum raise (or cut to the limit)
        return self._resolve_raise(min(max(low, self.bet + amount), high))

    def _resolve_raise(self, amount: int | None) -> Move:
        verb = "raise to" if self.facing_bet else "bet"
        if not isinstance(amount, int) or isinstance(amount, bool):
            raise self._refuse(f"{verb} needs a whole number of chips, not {amount!r}")
        low, high = self.min_raise_to, self.max_raise_to
        if low is None or high is None:
            reason = f" ({self.why_no_raise})" if self.why_no_raise else ""
            raise self._refuse(f"{verb} {format_amount(amount)} is not allowed{reason}")
        total = self.stack + self.bet
        if amount == total and low <= amount <= high:
            return Move(self._raise_kind(), self.stack, total, True)
        if amount < low:
            raise self._refuse(
                f"{verb} {format_amount(amount)} is below the minimum of {format_amount(low)}"
            )
        if amount > high:
            limit = "your stack" if high == total else "the limit"
            raise self._refuse(
                f"{verb} {format_amount(amount)} is above the maximum of {format_amount(high)}"
                f" ({limit})"
            )
        return Move(self._raise_kind(), amount - self.bet, amount, amount == total)
