"""Pots: side pots by contribution level, and exact splits with odd chips by the rule.

Pure functions over player indices; the hand turns indices into seats.
"""

from __future__ import annotations

from collections.abc import Sequence

from croupier.rules.model import OddChips

__all__ = ["build_pots", "split_pot"]


def build_pots(
    committed: Sequence[int],
    live: Sequence[bool],
    dead: int = 0,
) -> list[tuple[int, tuple[int, ...]]]:
    """Main pot then side pots, each ``(amount, eligible player indices)``.

    ``committed`` is what each player put into the pots, ``live`` whether he can still
    win (not folded), ``dead`` chips that belong to the main pot without entitling
    anyone (dead antes). A pot is made at each distinct contribution of a live player
    (ITA-40: one side pot per distinct all-in amount); folded players' chips fill the
    pots they reach but make nobody eligible.

    >>> build_pots([100, 300, 300, 50], [True, True, True, False])
    [(350, (0, 1, 2)), (400, (1, 2))]
    >>> build_pots([0, 100, 100], [True, True, True], dead=30)
    [(30, (0, 1, 2)), (200, (1, 2))]
    """
    levels = sorted({c for c, alive in zip(committed, live, strict=True) if alive and c > 0})
    if dead and any(alive and c == 0 for c, alive in zip(committed, live, strict=True)):
        # Someone still in put nothing but dead money (all-in for his ante): the dead
        # money is a pot of its own that every hand still in may win (ITA-40).
        everyone = tuple(i for i, alive in enumerate(live) if alive)
        return [(dead, everyone), *build_pots(committed, live, 0)]
    if len(levels) == 1:  # the usual case: everyone still in put in the same
        level = levels[0]
        eligible = tuple(i for i, c in enumerate(committed) if live[i] and c >= level)
        return [(sum(committed) + dead, eligible)]
    pots: list[tuple[int, tuple[int, ...]]] = []
    previous = 0
    for level in levels:
        amount = 0
        for c in committed:
            if c > previous:
                amount += (c if c < level else level) - previous
        eligible = tuple(i for i, c in enumerate(committed) if live[i] and c >= level)
        if pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + amount, eligible)
        else:
            pots.append((amount, eligible))
        previous = level
    # Chips above every live contribution (a folded bettor's, before his excess was
    # returned) belong to the last pot; dead money to the first.
    excess = sum(c - previous for c in committed if c > previous)
    if pots:
        if excess:
            pots[-1] = (pots[-1][0] + excess, pots[-1][1])
        if dead:
            pots[0] = (pots[0][0] + dead, pots[0][1])
    elif excess or dead:  # nobody still in put anything in: they share what there is
        pots.append((excess + dead, tuple(i for i, alive in enumerate(live) if alive)))
    return pots


def split_pot(
    amount: int,
    winners: Sequence[int],
    *,
    rule: OddChips,
    unit: int = 1,
) -> list[int]:
    """Shares of ``amount`` for ``winners``, given in order from the button's left.

    Everyone gets the same number of whole ``unit`` chips; the chips left over go
    one unit each from the button's left (POK-9-6, ITA-13) or all to the first winner
    left of the button (TDA R20-A).

    >>> split_pot(101, [4, 7], rule=OddChips.ONE_EACH_FROM_BUTTON)
    [51, 50]
    >>> split_pot(102, [1, 2, 3, 5], rule=OddChips.ONE_EACH_FROM_BUTTON)
    [26, 26, 25, 25]
    >>> split_pot(102, [1, 2, 3, 5], rule=OddChips.FIRST_LEFT_OF_BUTTON)
    [27, 25, 25, 25]
    """
    count = len(winners)
    each = amount // (count * unit) * unit
    shares = [each] * count
    left = amount - each * count
    if rule is OddChips.FIRST_LEFT_OF_BUTTON:
        shares[0] += left
    else:
        i = 0
        while left > 0:
            give = unit if left >= unit else left
            shares[i % count] += give
            left -= give
            i += 1
    return shares
