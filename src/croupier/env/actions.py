"""The discrete action sets of the environments, and their legal-action masks.

A discrete set (:class:`ActionSet`) is, in this order: fold, check/call, one bet or raise
per size (fractions of the pot, then multiples of the big blind), and all-in. The exact
amount set (:class:`AmountActions`) is fold, check/call, then one index per total: index
``2 + t`` bets or raises to a total of ``t`` chips this round.

Every index maps to one engine :class:`~croupier.engine.Action`; the mask says which the
engine would accept now, from the seat's :class:`~croupier.engine.LegalActions` alone.
An index the mask refuses is refused by :meth:`ActionSet.action` with the engine's words.

>>> ActionSet().names
('fold', 'check/call', 'raise 0.5 pot', 'raise 1 pot', 'raise 2 pot', 'all-in')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from croupier._checks import quote
from croupier.engine import Action, LegalActions
from croupier.errors import ConfigurationError, IllegalActionError

__all__ = ["FOLD", "PASS", "ActionSet", "Actions", "AmountActions", "Mask"]

FOLD = 0
"""The index of fold in every set."""
PASS = 1
"""The index of check/call in every set."""

Mask = npt.NDArray[np.int8]
Ints = npt.NDArray[np.int64]


def _fractions(values: Sequence[float | Fraction | int], what: str) -> tuple[Fraction, ...]:
    out = []
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
            raise ConfigurationError(f"{what}: {quote(value)} is not a number")
        fraction = Fraction(value).limit_denominator(1000)
        if fraction <= 0:
            raise ConfigurationError(f"{what}: sizes are above 0, not {quote(value)}")
        out.append(fraction)
    return tuple(out)


def _text(fraction: Fraction) -> str:
    return str(float(fraction)).removesuffix(".0")


@dataclass(frozen=True, slots=True)
class ActionSet:
    """Fold, check/call, bets and raises sized from the pot or the blind, and all-in.

    A pot fraction ``f`` raises to the largest bet plus ``f`` times the pot after the call
    (``1`` is a pot-sized raise); a blind multiple ``m`` bets or raises to ``m`` big blinds
    in all. A size below the smallest legal raise is raised to it; a size above the
    largest legal one is not offered (all-in is its own action).
    """

    pot: tuple[float | Fraction | int, ...] = (0.5, 1, 2)
    blinds: tuple[float | Fraction | int, ...] = ()
    all_in: bool = True
    _pot_ratios: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)
    _blind_ratios: tuple[tuple[int, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        pot = _fractions(self.pot, "action set: pot")
        blinds = _fractions(self.blinds, "action set: blinds")
        object.__setattr__(self, "pot", pot)
        object.__setattr__(self, "blinds", blinds)
        if type(self.all_in) is not bool:
            raise ConfigurationError(f"action set: all_in is True or False, not {self.all_in!r}")
        # the sizes as whole numerator and denominator: ceil(p * x / q) in integers, exactly
        object.__setattr__(self, "_pot_ratios", tuple((f.numerator, f.denominator) for f in pot))
        object.__setattr__(
            self, "_blind_ratios", tuple((f.numerator, f.denominator) for f in blinds)
        )

    @property
    def size(self) -> int:
        """How many actions the set has."""
        return 2 + len(self.pot) + len(self.blinds) + self.all_in

    @property
    def names(self) -> tuple[str, ...]:
        """Each action's name, by index."""
        names = ["fold", "check/call"]
        names += [f"raise {_text(Fraction(f))} pot" for f in self.pot]
        names += [f"raise to {_text(Fraction(m))} bb" for m in self.blinds]
        if self.all_in:
            names.append("all-in")
        return tuple(names)

    def _targets(self, legal: LegalActions, pot: int, top: int, big_blind: int) -> list[int]:
        after_call = pot + (legal.call or 0)
        targets = [top - (-p * after_call // q) for p, q in self._pot_ratios]
        targets += [-(-p * big_blind // q) for p, q in self._blind_ratios]
        return targets

    def mask(self, legal: LegalActions, pot: int, top: int, big_blind: int) -> Mask:
        """1 for each action the engine accepts now, 0 otherwise."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[FOLD] = legal.fold
        mask[PASS] = legal.check or legal.call is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            for i, target in enumerate(self._targets(legal, pot, top, big_blind)):
                mask[2 + i] = max(target, low) <= high
        if self.all_in:
            mask[-1] = legal.all_in is not None
        return mask

    def masks(self, legal: Ints, sizing: Ints, big_blind: int) -> Mask:
        """:meth:`mask` for many decisions at once, in numpy: one row per decision.

        ``legal`` (rows, 5) holds each decision's fold (0 or 1), check or call (0 or 1),
        smallest and largest raise-to (-1 when raising is not allowed) and all-in (0 or
        1); ``sizing`` (rows, 3) its pot, largest bet and amount to call (0 when none). The
        sizes are computed in int64, exactly as :meth:`mask` does in Python ints, while the
        products fit (:meth:`fits`).
        """
        rows = len(legal)
        mask = np.zeros((rows, self.size), dtype=np.int8)
        mask[:, FOLD] = legal[:, 0]
        mask[:, PASS] = legal[:, 1]
        low, high = legal[:, 2:3], legal[:, 3:4]
        targets = []
        if self._pot_ratios:
            p = np.array([r[0] for r in self._pot_ratios], dtype=np.int64)
            q = np.array([r[1] for r in self._pot_ratios], dtype=np.int64)
            after_call = (sizing[:, 0] + sizing[:, 2])[:, None]
            targets.append(sizing[:, 1:2] - (-p * after_call // q))
        if self._blind_ratios:
            blind = [-(-p * big_blind // q) for p, q in self._blind_ratios]
            targets.append(np.broadcast_to(np.array(blind, dtype=np.int64), (rows, len(blind))))
        if targets:
            sized = np.concatenate(targets, axis=1)
            allowed = (np.maximum(sized, low) <= high) & (low >= 0) & (high >= 0)
            mask[:, 2 : 2 + sized.shape[1]] = allowed
        if self.all_in:
            mask[:, -1] = legal[:, 4]
        return mask

    def fits(self, chips: int, big_blind: int) -> bool:
        """True when :meth:`masks` is exact at a table of ``chips`` in all (int64 products)."""
        largest = max([p for p, _ in self._pot_ratios] + [1])
        blind = max([p for p, _ in self._blind_ratios] + [1])
        return largest * 3 * chips < 2**62 and blind * big_blind < 2**62

    def action(self, index: int, legal: LegalActions, pot: int, top: int, big_blind: int) -> Action:
        """The engine action of ``index``; IllegalActionError in the engine's words if refused."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise IllegalActionError(f"{quote(index)} is not an action index: 0 to {self.size - 1}")
        index = int(index)
        if not 0 <= index < self.size:
            raise IllegalActionError(f"action {index} does not exist: 0 to {self.size - 1}")
        if index == FOLD:
            action = Action.fold()
        elif index == PASS:
            action = Action.check() if legal.check else Action.call()
        elif self.all_in and index == self.size - 1:
            action = Action.all_in()
        else:
            target = self._targets(legal, pot, top, big_blind)[index - 2]
            low = legal.min_raise_to
            action = Action.raise_to(max(target, low) if low is not None else target)
        legal.resolve(action)  # raises with the engine's words
        return action


@dataclass(frozen=True, slots=True)
class AmountActions:
    """Fold, check/call, and every exact total: index ``2 + t`` bets or raises to ``t``.

    ``max_total`` is the largest total offered (the table's chips): the set has
    ``max_total + 3`` actions.
    """

    max_total: int

    def __post_init__(self) -> None:
        if type(self.max_total) is not int or self.max_total < 1:
            raise ConfigurationError(
                f"amount actions: max_total is a whole number of chips, not {self.max_total!r}"
            )

    @property
    def size(self) -> int:
        """How many actions the set has."""
        return self.max_total + 3

    @property
    def names(self) -> tuple[str, ...]:
        """Each action's name, by index (``raise to t`` from index 2)."""
        return ("fold", "check/call", *(f"raise to {t}" for t in range(self.max_total + 1)))

    def mask(self, legal: LegalActions, pot: int, top: int, big_blind: int) -> Mask:
        """1 for each action the engine accepts now, 0 otherwise."""
        mask = np.zeros(self.size, dtype=np.int8)
        mask[FOLD] = legal.fold
        mask[PASS] = legal.check or legal.call is not None
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            mask[2 + low : 2 + min(high, self.max_total) + 1] = 1
        return mask

    def action(self, index: int, legal: LegalActions, pot: int, top: int, big_blind: int) -> Action:
        """The engine action of ``index``; IllegalActionError in the engine's words if refused."""
        if isinstance(index, bool) or not isinstance(index, int | np.integer):
            raise IllegalActionError(f"{quote(index)} is not an action index: 0 to {self.size - 1}")
        index = int(index)
        if not 0 <= index < self.size:
            raise IllegalActionError(f"action {index} does not exist: 0 to {self.size - 1}")
        if index == FOLD:
            action = Action.fold()
        elif index == PASS:
            action = Action.check() if legal.check else Action.call()
        else:
            action = Action.raise_to(index - 2)
        legal.resolve(action)
        return action


Actions = ActionSet | AmountActions
