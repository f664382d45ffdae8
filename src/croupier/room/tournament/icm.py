"""The Independent Chip Model (Malmuth-Harville) and final-table deals.

ICM turns stacks into money: a player finishes first with probability stack / chips in
play, and, given who finished above, each next place goes the same way among those
left (Harville). A player's ICM value is the expected prize over these finishing orders.

Exact values are rationals (:class:`fractions.Fraction`) computed over the subsets of
players already placed; beyond ten players the subsets get too many and a seeded Monte
Carlo estimate (floats) is used, unless the payouts in play are so few that the subsets
stay few.

>>> icm([5000, 3000, 2000], [50, 30, 20])
[Fraction(1075, 28), Fraction(131, 4), Fraction(202, 7)]
>>> deal = icm_deal([5000, 3000, 2000], [50, 30, 20])
>>> deal.amounts, deal.chip_chop
((38, 33, 29), (40, 32, 28))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import numpy as np

from croupier.errors import ConfigurationError
from croupier.room.tournament.payouts import _largest_remainder

__all__ = [
    "EXACT_PLAYERS",
    "Deal",
    "Method",
    "chip_chop",
    "icm",
    "icm_deal",
    "icm_exact",
    "icm_monte_carlo",
]

#: :func:`icm` is exact for up to this many players (and beyond, while no more subsets of
#: placed players need enumerating than for this many).
EXACT_PLAYERS = 10
_EXACT_BUDGET = EXACT_PLAYERS * 2**EXACT_PLAYERS
#: How :func:`icm` computes: exact where affordable ("auto"), or as asked.
Method = Literal["auto", "exact", "monte-carlo"]


def _check(stacks: Sequence[int], payouts: Sequence[int]) -> None:
    if not stacks:
        raise ConfigurationError("ICM needs at least one stack")
    for name, values in (("stack", stacks), ("payout", payouts)):
        for value in values:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ConfigurationError(f"every {name} must be an integer, not {value!r}")
    if any(stack <= 0 for stack in stacks):
        raise ConfigurationError(
            f"every stack in play must be positive, not {list(stacks)}: "
            "a player with no chips is out and has already been paid"
        )
    if any(payout < 0 for payout in payouts):
        raise ConfigurationError(f"payouts cannot be negative: {list(payouts)}")
    if len(payouts) > len(stacks):
        raise ConfigurationError(
            f"{len(payouts)} payouts for {len(stacks)} players: give only the payouts "
            "still in play, first place first"
        )


def _exact_cost(players: int, paid: int) -> int:
    """Steps of the exact computation: one per player not yet placed, per placed subset."""
    return players * sum(math.comb(players, placed) for placed in range(paid))


def icm(
    stacks: Sequence[int],
    payouts: Sequence[int],
    *,
    method: Method = "auto",
    samples: int = 200_000,
    seed: int = 0,
) -> list[Fraction | float]:
    """Each player's ICM value: their expected prize, in the units of ``payouts``.

    ``payouts[k]`` is the prize for finishing ``k + 1``-th among the players in
    ``stacks``; places beyond the payouts win nothing. ``method="auto"`` is exact
    (Fractions) for up to :data:`EXACT_PLAYERS` players, or more when few payouts are
    left; otherwise a Monte Carlo estimate (floats) over ``samples`` finishing orders
    drawn with ``seed``. The values sum to the payouts (exactly, when exact).

    >>> icm([1000, 3000], [70, 30])
    [Fraction(40, 1), Fraction(60, 1)]
    """
    _check(stacks, payouts)
    if method == "exact" or (
        method == "auto" and _exact_cost(len(stacks), len(payouts)) <= _EXACT_BUDGET
    ):
        return list(icm_exact(stacks, payouts))
    if method in ("auto", "monte-carlo"):
        return list(icm_monte_carlo(stacks, payouts, samples=samples, seed=seed))
    raise ConfigurationError(f"unknown ICM method {method!r}: auto, exact or monte-carlo")


def icm_exact(stacks: Sequence[int], payouts: Sequence[int]) -> list[Fraction]:
    """Exact ICM values, by dynamic programming over the subsets of players placed so far.

    The probability that the first ``j`` places went to exactly the set ``S`` is carried
    forward: the next place goes to each player ``i`` outside ``S`` with probability
    ``stack[i] / chips outside S``. Cost: about ``n * 2**n`` steps for ``n`` players and
    ``n`` payouts, far fewer when few payouts are left.

    >>> icm_exact([2, 1, 1], [1])
    [Fraction(1, 2), Fraction(1, 4), Fraction(1, 4)]
    """
    _check(stacks, payouts)
    players = len(stacks)
    total = sum(stacks)
    equity = [Fraction(0)] * players
    # subset of players placed (bit mask) -> (probability, their chips)
    layer: dict[int, tuple[Fraction, int]] = {0: (Fraction(1), 0)}
    for place, prize in enumerate(payouts):
        last = place + 1 == len(payouts)
        following: dict[int, tuple[Fraction, int]] = {}
        for placed, (probability, chips) in layer.items():
            left = total - chips
            for i, stack in enumerate(stacks):
                bit = 1 << i
                if placed & bit:
                    continue
                chance = probability * stack / left
                equity[i] += chance * prize
                if not last:
                    previous, _ = following.get(placed | bit, (Fraction(0), 0))
                    following[placed | bit] = (previous + chance, chips + stack)
        layer = following
    return equity


def icm_monte_carlo(
    stacks: Sequence[int], payouts: Sequence[int], *, samples: int = 200_000, seed: int = 0
) -> list[float]:
    """ICM values estimated from ``samples`` finishing orders drawn with ``seed``.

    Each order is drawn as an exponential race: player ``i`` finishes at a time
    exponentially distributed with rate ``stack[i]``, earliest first; by the memoryless
    property this is exactly the Harville order. The standard error of a value is at most
    ``max(payouts) / (2 * sqrt(samples))``.
    """
    _check(stacks, payouts)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise ConfigurationError(f"samples must be a positive integer, not {samples!r}")
    players, paid = len(stacks), len(payouts)
    if paid == 0:
        return [0.0] * players
    rates = np.asarray(stacks, dtype=np.float64)
    prizes = np.asarray(payouts, dtype=np.float64)
    totals = np.zeros(players, dtype=np.float64)
    rng = np.random.default_rng(seed)
    chunk = max(1, min(samples, 4_000_000 // players))
    done = 0
    while done < samples:
        size = min(chunk, samples - done)
        times = rng.standard_exponential((size, players)) / rates
        order = np.argsort(times, axis=1)[:, :paid]
        for place in range(paid):
            totals += np.bincount(order[:, place], minlength=players) * prizes[place]
        done += size
    return [float(value) for value in totals / samples]


# --------------------------------------------------------------------------- deals


@dataclass(frozen=True)
class Deal:
    """A final-table deal: what each player takes now, by ICM and by chip chop.

    ``amounts`` and ``chip_chop`` are in the units of the payouts, rounded to ``unit``,
    and each sums exactly to ``on_table``: the payouts in play less ``keep``, which stays
    in play for the winner.
    """

    stacks: tuple[int, ...]
    payouts: tuple[int, ...]
    keep: int
    unit: int
    equities: tuple[Fraction | float, ...]
    amounts: tuple[int, ...]
    chip_chop: tuple[int, ...]

    @property
    def on_table(self) -> int:
        """The money shared now: the payouts in play less what is kept for the winner."""
        return sum(self.payouts) - self.keep

    @property
    def differences(self) -> tuple[int, ...]:
        """For each player, the ICM deal less the chip chop (the chip leader's is < 0)."""
        return tuple(a - c for a, c in zip(self.amounts, self.chip_chop, strict=True))

    def __str__(self) -> str:
        rows = [("player", "stack", "ICM", "chip chop", "difference")]
        for i, (stack, amount, chop, diff) in enumerate(
            zip(self.stacks, self.amounts, self.chip_chop, self.differences, strict=True)
        ):
            rows.append((str(i), f"{stack:,}", f"{amount:,}", f"{chop:,}", f"{diff:+,}"))
        widths = [max(len(row[c]) for row in rows) for c in range(5)]
        lines = [
            "  ".join(cell.rjust(w) for cell, w in zip(row, widths, strict=True)) for row in rows
        ]
        if self.keep:
            lines.append(f"kept in play for the winner: {self.keep:,}")
        return "\n".join(lines)


def _check_deal(stacks: Sequence[int], payouts: Sequence[int], keep: int, unit: int) -> None:
    _check(stacks, payouts)
    if len(stacks) < 2:
        raise ConfigurationError("a deal needs at least two players")
    for name, value in (("keep", keep), ("unit", unit)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigurationError(f"{name} must be an integer, not {value!r}")
    if unit < 1:
        raise ConfigurationError(f"the rounding unit must be at least 1, not {unit}")
    first = payouts[0] if payouts else 0
    if not 0 <= keep <= first:
        raise ConfigurationError(
            f"the amount kept for the winner ({keep}) must be between 0 and "
            f"the first prize ({first})"
        )


def _round_deal(values: Sequence[Fraction | float], total: int, unit: int) -> list[int]:
    """Round values to multiples of ``unit`` summing exactly to ``total``.

    The values are first scaled to sum to ``total`` (a no-op when exact), then rounded
    by largest remainders (each to a neighbouring multiple of ``unit``); the remainder
    ``total % unit`` goes to the player with the largest value (the earlier on a tie).
    """
    exact = [Fraction(value) for value in values]
    whole = sum(exact, Fraction(0))
    if whole == 0:
        shares = [Fraction(total, len(exact))] * len(exact)
    else:
        shares = [value * total / whole for value in exact]
    units, remainder = divmod(total, unit)
    amounts = [count * unit for count in _largest_remainder([s / unit for s in shares], units)]
    amounts[max(range(len(amounts)), key=lambda i: (shares[i], -i))] += remainder
    assert sum(amounts) == total
    return amounts


def chip_chop(
    stacks: Sequence[int], payouts: Sequence[int], *, keep: int = 0, unit: int = 1
) -> list[int]:
    """The chip-chop deal: each player takes the lowest prize in play, the rest by chips.

    The lowest prize in play is the last place's (nothing when fewer payouts than
    players are left). ``keep`` is taken off first prize first, as in :func:`icm_deal`;
    the amounts are rounded the same way.

    >>> chip_chop([5000, 3000, 2000], [50, 30, 20])
    [40, 32, 28]
    """
    _check_deal(stacks, payouts, keep, unit)
    played = [payouts[0] - keep, *payouts[1:]] if payouts else []
    total = sum(played)
    floor = min(played) if len(played) == len(stacks) else 0
    chips = sum(stacks)
    rest = total - floor * len(stacks)
    values = [floor + Fraction(rest * stack, chips) for stack in stacks]
    return _round_deal(values, total, unit)


def icm_deal(
    stacks: Sequence[int],
    payouts: Sequence[int],
    *,
    keep: int = 0,
    unit: int = 1,
    method: Method = "auto",
    samples: int = 200_000,
    seed: int = 0,
) -> Deal:
    """An ICM deal for a final table, beside the chip chop.

    Each player takes their ICM value now, rounded to ``unit`` (the remainder to the
    largest value), the amounts summing exactly to the payouts less ``keep``. With
    ``keep``, that amount is taken off first prize and stays in play: the players play
    on and the winner takes it. ``method``, ``samples`` and ``seed`` are as for
    :func:`icm`.

    >>> deal = icm_deal([6000, 4000], [700, 300], keep=100, unit=50)
    >>> deal.amounts, deal.on_table
    ((500, 400), 900)
    """
    _check_deal(stacks, payouts, keep, unit)
    played = [payouts[0] - keep, *payouts[1:]] if payouts else []
    equities = icm(stacks, played, method=method, samples=samples, seed=seed)
    return Deal(
        stacks=tuple(stacks),
        payouts=tuple(payouts),
        keep=keep,
        unit=unit,
        equities=tuple(equities),
        amounts=tuple(_round_deal(equities, sum(played), unit)),
        chip_chop=tuple(chip_chop(stacks, payouts, keep=keep, unit=unit)),
    )
