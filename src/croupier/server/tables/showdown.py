"""The showdown's decisions the server takes at once, and the one it asks for.

A player is asked to show or muck only when the rules give him a choice that means something.
Where his hand must be shown (the rules' order: the called hand first, PKG-12, TDA R18-B; the
last hand in, RRP-1, ITA-37; a hand that is all that contests a pot), it is shown at once. A
hand no shown hand beats is shown at once too: mucking it would give up a pot it may win,
which no player means (the cards speak). A hand beaten by a shown hand in every pot it
contests is mucked at once when its player chose "muck losing hands" where the rules allow
mucking (PKG-14, RRP-8); otherwise he is asked, on his showdown clock.
"""

from __future__ import annotations

from collections.abc import Collection

from croupier.engine import Action, Hand, Phase
from croupier.evaluate import evaluate

__all__ = ["automatic", "beaten"]


def _value(hand: Hand, seat: int) -> int:
    return int(evaluate((*hand.hole_cards(seat), *hand.board)))


def _live(hand: Hand, seat: int) -> bool:
    return not (hand.is_folded(seat) or hand.has_mucked(seat))


def beaten(hand: Hand, seat: int) -> bool:
    """True at the showdown when every pot ``seat`` contests has a hand shown by another
    player, still live, that beats his: showing could win him nothing."""
    if hand.phase is not Phase.SHOWDOWN or not _live(hand, seat) or hand.has_shown(seat):
        return False
    mine = _value(hand, seat)
    contested = [pot for pot in hand.final_pots if seat in pot.eligible]
    if not contested:
        return False
    for pot in contested:
        best = [
            _value(hand, other)
            for other in pot.eligible
            if other != seat and _live(hand, other) and hand.has_shown(other)
        ]
        if not best or max(best) <= mine:
            return False
    return True


def _someone_shown(hand: Hand, seat: int) -> bool:
    return any(
        s.seat != seat and hand.has_shown(s.seat) and _live(hand, s.seat) for s in hand.seats
    )


def automatic(hand: Hand, mucks_losers: Collection[int] = ()) -> Action | None:
    """The showdown decision taken for the player to show now, or None when he is asked.

    ``mucks_losers``: the seats whose players chose to muck their losing hands.
    """
    if hand.phase is not Phase.SHOWDOWN:
        return None
    legal = hand.legal_actions()
    seat = legal.seat
    if seat < 0 or not legal.show:
        return None
    if not legal.muck:
        return Action.show()  # the rules say it is shown: at once
    if beaten(hand, seat):
        return Action.muck() if seat in mucks_losers else None
    if _someone_shown(hand, seat):
        return Action.show()  # it wins or ties something: never mucked for him
    return None  # the first to show, where the rules let him muck: his choice
