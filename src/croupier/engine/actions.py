"""What a player may do: the kinds of action and the :class:`Action` a player asks for.

An :class:`Action` is what a player asks for (``Action.raise_to(300)``); the engine
resolves it into what happened (a call of 100, a raise to 300, all-in or not):
:mod:`croupier.engine.legal` says what is legal at a given moment.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final, NamedTuple

from croupier._checks import MAX_CHIPS, quote
from croupier.errors import InvalidActionError

__all__ = [
    "Action",
    "ActionKind",
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
