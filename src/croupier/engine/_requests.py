"""RRP-5: the winner of a pot asks to see a losing hand, and both hands are live.

« Si le joueur gagnant demande à voir la main d'un joueur perdant, les deux mains sont
considérées valables et la meilleure main l'emporte. » Online the award follows the last
decision at once, so the request comes after it: the hand asked for, mucked at the
showdown, is live again; both hands are tabled and every pot the mucked hand contested is
awarded again by the cards (a new ``Awarded`` for each pot whose winners change, then a new
``HandEnded``). Where a preset does not follow RRP-5 (``winner_request_live`` False), or
when another player asks, the request only shows the hand and it stays dead (RRP-4).

Functions over the hand's own state (player indices); :meth:`Hand.ask_to_see` calls them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from croupier.engine.events import Awarded, HandEnded
from croupier.engine.pots import split_pot
from croupier.evaluate import describe, evaluate
from croupier.rules.model import PotOrder

# The enum members the hot paths test, bound once: compiled, reading a member from its
# class goes through the enum type's __getattr__ hook each time.
_SIDE_POTS_FIRST: Final = PotOrder.SIDE_POTS_FIRST

if TYPE_CHECKING:
    from croupier.engine.hand import Hand

__all__ = ["revive_for_winner", "won_against"]


def won_against(hand: Hand, asker: int, i: int) -> bool:
    """True when ``asker`` won a share of a pot that ``i``'s mucked hand contested."""
    if not hand._mucked[i]:
        return False
    for pot, (winners, shares) in zip(hand._final_pots, hand._awarded, strict=True):
        if i in pot.eligible:
            for k, share in zip(winners, shares, strict=True):
                if k == asker and share > 0:
                    return True
    return False


def revive_for_winner(hand: Hand, asker: int, i: int) -> None:
    """``i``'s mucked hand is live again beside the ``asker``'s: both are tabled and the
    pots ``i`` contested go to the best hands still in (RRP-5)."""
    hand._mucked[i] = False
    for k in (asker, i):
        if not hand._shown[k]:
            hand._table(k, auto=True)
    board = hand._board
    values = {
        k: evaluate((*hand._hole[k], *board))
        for k in range(hand._n)
        if not (hand._folded[k] or hand._mucked[k])
    }
    rules, seats, stack = hand.rules, hand._seats, hand._stack
    changed = False
    order = list(range(len(hand._final_pots)))
    if rules.pot_order is _SIDE_POTS_FIRST:  # the order of the first award
        order.reverse()
    for p in order:
        pot = hand._final_pots[p]
        before, paid = hand._awarded[p]
        if i not in pot.eligible:
            continue
        winners = hand._pot_winners(pot, values)
        if winners == before:
            continue
        amount = sum(paid)  # the pot after its rake, which stays taken
        shares = split_pot(amount, winners, rule=rules.odd_chips, unit=rules.odd_chip_unit)
        for k, share in zip(before, paid, strict=True):
            stack[k] -= share
        for k, share in zip(winners, shares, strict=True):
            stack[k] += share
        hand._awarded[p] = (winners, shares)
        pairs = tuple((seats[k], s) for k, s in zip(winners, shares, strict=True))
        hand._events.append(Awarded(p, amount, pairs, describe(values[winners[0]])))
        changed = True
    if changed:
        hand._events.append(HandEnded(tuple(zip(seats, stack, strict=True)), hand._rake))
