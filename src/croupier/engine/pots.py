"""Pots: side pots by contribution level, unmatched chips, and exact splits with odd chips.

The principle every book shares (ITA-40, POK-9-6, TDA R21): a player all-in wins from
each opponent at most what he put in himself. So the pots are layers of the players'
contributions: one layer at each distinct contribution of a player still in the hand,
each won only by the players still in who reached it. What lies above every contribution
of a player still in (an absent player's killed blind, POK-3-2, ITA-51, TDA R30: his blinds
and antes stay in the pot) may be won by the players still in with chips behind, who could
have matched it: one left alone wins everything. Only what no player still in can win,
because every one of them is all-in for less, goes back to whoever put it in
(:func:`unmatched`), folded, absent or not.

Dead money (the big blind ante, antes under ``ante_pot=dead-money``) is not matched
against anyone's bets: every hand still in may win it, except that a player who could
not pay his own dead money in full wins from each payer's dead money at most what he
paid of his own (the same principle, among the dead money).

Pure functions over player indices; the hand turns indices into seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from croupier.rules.model import OddChips

# The enum members the hot paths test, bound once: compiled, reading a member from its
# class goes through the enum type's __getattr__ hook each time.
_ONE_EACH_FROM_BUTTON: Final = OddChips.ONE_EACH_FROM_BUTTON
_FIRST_LEFT_OF_BUTTON: Final = OddChips.FIRST_LEFT_OF_BUTTON

__all__ = [
    "PotLayer",
    "build_pots",
    "join",
    "pot_layers",
    "split_pot",
    "unmatched",
    "unmatched_dead",
]


class PotLayer(NamedTuple):
    """One pot: its chips, who may win it, and who put chips into it (player indices)."""

    amount: int
    eligible: tuple[int, ...]
    contributors: tuple[int, ...]


def _no_caps(n: int) -> list[int | None]:
    return [None] * n


def pot_layers(
    committed: Sequence[int],
    live: Sequence[bool],
    dead: Sequence[int] | int = 0,
    *,
    dead_cap: Sequence[int | None] | None = None,
    reach: Sequence[bool] | None = None,
) -> list[PotLayer]:
    """Main pot then side pots, as :class:`PotLayer` values.

    ``committed`` is what each player put into the pots (dead money excluded), ``live``
    whether he can still win (not folded), ``dead`` each player's dead money (or one
    total that nobody paid in particular), ``dead_cap`` for each player the most he may
    win from each payer's dead money (None: all of it; a short payer's own payment),
    ``reach`` the players still in with chips behind once betting is over: beyond what
    they matched, they may win what no player still in put in (POK-3-2, ITA-51, TDA R30:
    an absent player's blinds stay in the pot).

    Chips above every live contribution (a folded bettor's, a killed blind) belong to
    the last pot, or to a pot of the players in ``reach`` when they are not all in it;
    with nobody in ``reach`` the hand gives them back first (:func:`unmatched`), so no
    pot holds chips that nobody still in can win.

    >>> [tuple(p[:2]) for p in pot_layers([100, 300, 300, 50], [True, True, True, False])]
    [(350, (0, 1, 2)), (400, (1, 2))]
    >>> [tuple(p[:2]) for p in pot_layers([0, 100, 100], [True, True, True], dead=30)]
    [(30, (0, 1, 2)), (200, (1, 2))]
    >>> short = pot_layers([0] * 3, [True] * 3, [7, 10, 10], dead_cap=[7, None, None])
    >>> [tuple(p[:2]) for p in short]
    [(21, (0, 1, 2)), (6, (1, 2))]
    >>> live = [True, True, False, False]
    >>> alone = pot_layers([1, 0, 5, 5], live, reach=[False, True, False, False])
    >>> [tuple(p[:2]) for p in alone]
    [(3, (0,)), (8, (1,))]
    """
    n = len(committed)
    if len(live) != n:
        raise ValueError("committed and live must have one entry per player")
    if reach is not None:
        if not any(reach):
            reach = None
        elif len(reach) != n:
            raise ValueError("committed and reach must have one entry per player")
    if reach is None and (not dead or (not isinstance(dead, int) and not any(dead))):
        levels = {c for c, alive in zip(committed, live, strict=True) if alive and c > 0}
        if len(levels) == 1:  # the usual case: everyone still in put in the same
            (level,) = levels
            if max(committed) <= level:
                eligible = tuple(i for i in range(n) if live[i] and committed[i] >= level)
                payers = tuple(j for j in range(n) if committed[j])
                return [PotLayer(sum(committed), eligible, payers)]
    layers: list[PotLayer] = []
    _dead_layers(layers, live, dead, dead_cap)
    _live_layers(layers, committed, live, reach)
    return _merged(layers)


def _dead_layers(
    layers: list[PotLayer],
    live: Sequence[bool],
    dead: Sequence[int] | int,
    dead_cap: Sequence[int | None] | None,
) -> None:
    n = len(live)
    if isinstance(dead, int):
        if dead:
            everyone = tuple(i for i in range(n) if live[i])
            layers.append(PotLayer(dead, everyone, ()))
        return
    if not any(dead):
        return
    caps = dead_cap if dead_cap is not None else _no_caps(n)
    previous = 0
    for cap in sorted({c for i, c in enumerate(caps) if live[i] and c is not None}):
        amount, payers = _slice(dead, previous, cap)
        if amount:
            eligible = tuple(i for i in range(n) if live[i] and _reaches(caps[i], cap))
            layers.append(PotLayer(amount, eligible, payers))
        previous = cap
    rest, payers = _above(dead, previous)
    if rest:
        eligible = tuple(i for i in range(n) if live[i] and caps[i] is None)
        if eligible or not layers:
            layers.append(PotLayer(rest, eligible, payers))
        else:  # nobody still in may win it: it rides with the last pot until given back
            layers[-1] = join(layers[-1], PotLayer(rest, (), payers))


def _reaches(cap: int | None, level: int) -> bool:
    return cap is None or cap >= level


def _slice(amounts: Sequence[int], previous: int, level: int) -> tuple[int, tuple[int, ...]]:
    """The chips of ``amounts`` between ``previous`` and ``level``, and who put them in."""
    total = 0
    payers = []
    for j, a in enumerate(amounts):
        if a > previous:
            total += (a if a < level else level) - previous
            payers.append(j)
    return total, tuple(payers)


def _above(amounts: Sequence[int], level: int) -> tuple[int, tuple[int, ...]]:
    """The chips of ``amounts`` above ``level``, and who put them in."""
    payers = tuple(j for j, a in enumerate(amounts) if a > level)
    return sum(amounts[j] - level for j in payers), payers


def _live_layers(
    layers: list[PotLayer],
    committed: Sequence[int],
    live: Sequence[bool],
    reach: Sequence[bool] | None,
) -> None:
    n = len(committed)
    previous = 0
    for level in sorted({c for c, alive in zip(committed, live, strict=True) if alive and c > 0}):
        amount, payers = _slice(committed, previous, level)
        eligible = tuple(i for i in range(n) if live[i] and committed[i] >= level)
        layers.append(PotLayer(amount, eligible, payers))
        previous = level
    excess, over = _above(committed, previous)
    if not excess:
        return
    if reach is not None:  # chips behind: they may win what nobody still in put in
        covering = tuple(i for i in range(n) if reach[i] and live[i])
        if not layers or layers[-1].eligible != covering:
            layers.append(PotLayer(excess, covering, over))
            return
    if layers:
        layers[-1] = join(layers[-1], PotLayer(excess, (), over))
    else:  # nobody still in put anything in: they share what there is
        layers.append(PotLayer(excess, tuple(i for i in range(n) if live[i]), over))


def join(pot: PotLayer, more: PotLayer) -> PotLayer:
    """``more``'s chips and contributors added to ``pot``, which keeps its eligible players."""
    return PotLayer(
        pot.amount + more.amount,
        pot.eligible,
        tuple(sorted({*pot.contributors, *more.contributors})),
    )


def _merged(layers: list[PotLayer]) -> list[PotLayer]:
    """Consecutive pots with the same players eligible are one pot."""
    out: list[PotLayer] = []
    for layer in layers:
        if out and out[-1].eligible == layer.eligible:
            out[-1] = join(out[-1], layer)
        else:
            out.append(layer)
    return out


def build_pots(
    committed: Sequence[int],
    live: Sequence[bool],
    dead: Sequence[int] | int = 0,
    *,
    dead_cap: Sequence[int | None] | None = None,
    reach: Sequence[bool] | None = None,
) -> list[tuple[int, tuple[int, ...]]]:
    """Main pot then side pots, each ``(amount, eligible player indices)``.

    The same pots as :func:`pot_layers`, without who contributed to each.

    >>> build_pots([100, 300, 300, 50], [True, True, True, False])
    [(350, (0, 1, 2)), (400, (1, 2))]
    >>> build_pots([0, 100, 100], [True, True, True], dead=30)
    [(30, (0, 1, 2)), (200, (1, 2))]
    """
    layers = pot_layers(committed, live, dead, dead_cap=dead_cap, reach=reach)
    return [(p.amount, p.eligible) for p in layers]


def unmatched(
    committed: Sequence[int], live: Sequence[bool], behind: Sequence[int] | None = None
) -> list[int]:
    """For each player, what no player still in can win: once betting is over it goes
    back to whoever put it in (a folded bettor, a killed hand's blind, an absent post).

    ``behind`` is each player's stack. A player still in with chips behind may win what
    lies above every contribution of a player still in (POK-3-2, ITA-51, TDA R30: an
    absent player's blinds stay in the pot), so nothing comes back; when every player
    still in is all-in, the chips above the largest of their contributions come back
    (ITA-40, TDA R21).

    >>> unmatched([30, 50, 0], [True, False, False], [0, 950, 1_000])
    [0, 20, 0]
    >>> unmatched([5, 60, 10], [True, False, False])
    [0, 55, 5]
    >>> unmatched([50, 100, 0], [True, False, False], [950, 900, 1_000])
    [0, 0, 0]
    """
    if behind is not None:
        for alive, chips in zip(live, behind, strict=True):
            if alive and chips > 0:
                return [0] * len(committed)
    top = max((c for c, alive in zip(committed, live, strict=True) if alive), default=0)
    return [c - top if c > top else 0 for c in committed]


def unmatched_dead(
    dead: Sequence[int], live: Sequence[bool], dead_cap: Sequence[int | None]
) -> list[int]:
    """For each payer, the dead money that no player still in may win.

    Only when every player still in was short on his own dead money: the part of each
    payer's dead money above the largest of their payments goes back to the payer.

    >>> unmatched_dead([7, 10, 10], [True, False, False], [7, None, None])
    [0, 3, 3]
    >>> unmatched_dead([7, 10, 10], [True, True, False], [7, None, None])
    [0, 0, 0]
    """
    caps = [c for c, alive in zip(dead_cap, live, strict=True) if alive]
    if not caps or any(c is None for c in caps):
        return [0] * len(dead)
    top = max(c for c in caps if c is not None)
    return [d - top if d > top else 0 for d in dead]


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

    >>> split_pot(101, [4, 7], rule=_ONE_EACH_FROM_BUTTON)
    [51, 50]
    >>> split_pot(102, [1, 2, 3, 5], rule=_ONE_EACH_FROM_BUTTON)
    [26, 26, 25, 25]
    >>> split_pot(102, [1, 2, 3, 5], rule=_FIRST_LEFT_OF_BUTTON)
    [27, 25, 25, 25]
    """
    count = len(winners)
    each = amount // (count * unit) * unit
    shares = [each] * count
    left = amount - each * count
    if rule is _FIRST_LEFT_OF_BUTTON:
        shares[0] += left
    else:
        i = 0
        while left > 0:
            give = unit if left >= unit else left
            shares[i % count] += give
            left -= give
            i += 1
    return shares
