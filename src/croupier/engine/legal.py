"""What is legal at a given moment, and the move an action makes.

:class:`LegalActions` says what is legal for the player to act, and its ``in`` runs
the very check that :meth:`croupier.engine.Hand.act` runs: there is one copy of the
betting rules, not two. :class:`Move` is an action resolved by the engine.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from croupier.engine.actions import Action, ActionKind, as_action, format_amount
from croupier.errors import IllegalActionError

# The enum members the hot paths test, bound once: compiled, reading a member from its
# class goes through the enum type's __getattr__ hook each time.
_SHOW: Final = ActionKind.SHOW
_MUCK: Final = ActionKind.MUCK
_TIMEOUT: Final = ActionKind.TIMEOUT
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_CALL: Final = ActionKind.CALL
_ALL_IN: Final = ActionKind.ALL_IN
_RAISE_TO: Final = ActionKind.RAISE_TO
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_PUT: Final = ActionKind.PUT

__all__ = ["LegalActions", "Move"]

_LEGAL_FIELDS: Final = (
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

_SHOWDOWN_KINDS: Final = frozenset((_SHOW, _MUCK))


class Move(NamedTuple):
    """An action resolved by the engine: what the player does and the total it brings him to."""

    kind: ActionKind
    put: int = 0
    """Chips moved from the stack to the bet by this action."""
    to: int = 0
    """The player's total bet in this round after the action."""
    all_in: bool = False


def _move(kind: ActionKind, put: int, to: int, all_in: bool) -> Move:
    """``Move(kind, put, to, all_in)`` without the call of its Python ``__new__`` (the hot path)."""
    return tuple.__new__(Move, (kind, put, to, all_in))


class LegalActions:
    """What the player to act may do now.

    ``call`` is the amount to call (None when checking is free or calling is not
    possible); ``min_raise_to``/``max_raise_to`` bound a bet or raise (None when
    neither is allowed); ``all_in`` is the total an all-in brings the player to
    (None when going all-in is not allowed). ``why_no_raise`` says why raising is
    not offered. At the showdown only ``show`` and ``muck`` are set. A value object:
    the engine builds one per decision and never changes it.
    """

    __slots__ = _LEGAL_FIELDS

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
        return tuple(getattr(self, name) for name in _LEGAL_FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LegalActions) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{name}={getattr(self, name)!r}"
            for name in _LEGAL_FIELDS
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

    def resolve(self, action: object) -> Move:
        """The move ``action`` makes, or :class:`IllegalActionError` saying what is legal."""
        if type(action) is not Action or type(action.kind) is not ActionKind:
            action = as_action(action)
        kind = action.kind
        at_showdown = self.show or self.muck
        if kind in _SHOWDOWN_KINDS:
            allowed = self.show if kind is _SHOW else self.muck
            if not allowed:
                raise self._refuse(f"{kind.value} is not allowed now")
            return Move(kind)
        if at_showdown:
            raise self._refuse(f"{kind.value} is not possible at the showdown")
        if kind is _TIMEOUT:
            kind = _CHECK if self.check else _FOLD
        if kind is _FOLD:
            if not self.fold:
                raise self._refuse("fold is not allowed now")
            return _move(_FOLD, 0, self.bet, False)
        if kind is _CHECK:
            if not self.check:
                owed = "" if self.call is None else f" (you owe {format_amount(self.call)})"
                raise self._refuse(f"check is not allowed{owed}")
            return _move(_CHECK, 0, self.bet, False)
        if kind is _CALL:
            if self.call is None:
                raise self._refuse(
                    "there is nothing to call" if self.check else "call is not allowed"
                )
            return _move(_CALL, self.call, self.bet + self.call, self.call == self.stack)
        if kind is _ALL_IN:
            if self.all_in is None:
                raise self._refuse("going all-in is not allowed now")
            total = self.stack + self.bet
            if self.call is not None and self.call == self.stack:
                return Move(_CALL, self.stack, total, True)
            return Move(self._raise_kind(), self.stack, total, True)
        if kind in (_RAISE_TO, _BET, _RAISE):
            return self._resolve_raise(action.amount)
        if kind is _PUT:
            return self._resolve_put(action.amount)
        raise self._refuse(f"unknown action {action!r}")  # pragma: no cover

    def _raise_kind(self) -> ActionKind:
        return _RAISE if self.facing_bet else _BET

    def _resolve_put(self, amount: object) -> Move:
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

    def _resolve_raise(self, amount: object) -> Move:
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
        return _move(self._raise_kind(), amount - self.bet, amount, amount == total)
