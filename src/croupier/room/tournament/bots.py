"""A very fast push-or-fold player for whole simulated tournaments.

It reads the hand it plays directly (its own hole cards and the legal actions: nothing
a player could not see) rather than a :class:`~croupier.engine.HandView`, to keep a
1,000-player tournament within a minute. Preflop it moves all-in with a share of the
starting hands that widens as its stack shrinks in big blinds, calls an all-in with a
narrower share, and otherwise checks or folds; after the flop it checks, and calls only
with the best hands. Hands are ranked once by the Chen formula, weighted by combinations.
"""

from __future__ import annotations

import random
from itertools import combinations

from croupier.cards import FULL_DECK, Card
from croupier.engine import Action, Hand, Street

__all__ = ["PushFold", "chen", "hand_percentile"]


def chen(first: Card, second: Card) -> float:
    """Bill Chen's score of a starting hand (higher is stronger).

    >>> chen(Card("As"), Card("Ah")), chen(Card("7s"), Card("2d"))
    (20, -1.5)
    """
    high, low = (first, second) if first.rank >= second.rank else (second, first)
    points = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}.get(high.rank, (high.rank + 2) / 2)
    if high.rank == low.rank:
        return max(5, int(points * 2 + 0.5))
    score = points
    if high.suit == low.suit:
        score += 2
    gap = high.rank - low.rank - 1
    score -= (0, 1, 2, 4)[gap] if gap < 4 else 5
    if gap <= 1 and high.rank < 10:
        score += 1
    return score


def _percentiles() -> dict[tuple[int, int], float]:
    pairs = list(combinations(FULL_DECK, 2))
    scores = {(a, b): chen(a, b) for a, b in pairs}
    ordered = sorted(set(scores.values()), reverse=True)
    counts = {s: 0 for s in ordered}
    for s in scores.values():
        counts[s] += 1
    top: dict[float, float] = {}
    seen = 0
    for s in ordered:
        seen += counts[s]
        top[s] = seen / len(pairs)
    table: dict[tuple[int, int], float] = {}
    for (a, b), s in scores.items():
        table[a, b] = table[b, a] = top[s]
    return table


_PERCENTILE = _percentiles()


def hand_percentile(first: Card, second: Card) -> float:
    """The share of starting hands at least as strong (0.0045 for aces, 1.0 for the worst).

    >>> aces = hand_percentile(Card("As"), Card("Ad"))
    >>> aces < 0.01 < 0.9 < hand_percentile(Card("7s"), Card("2d"))
    True
    """
    return _PERCENTILE[first, second]


class PushFold:
    """Push or fold by stack depth; ``rebuy_chance``/``add_on_chance`` for rebuy formats.

    ``act(hand, seat)`` returns a legal action for the seat to act.
    """

    def __init__(
        self, *, seed: int | None = None, rebuy_chance: float = 0.5, add_on_chance: float = 0.7
    ) -> None:
        self.rng = random.Random(seed)
        self.rebuy_chance = rebuy_chance
        self.add_on_chance = add_on_chance

    def act(self, hand: Hand, seat: int) -> Action:
        """The action for ``seat``, whose turn it is."""
        legal = hand.legal_actions()
        if legal.show or legal.muck:
            return Action.show() if legal.show else Action.muck()
        cards = hand.hole_cards(seat)
        strength = _PERCENTILE[cards[0], cards[1]]
        big_blind = hand.rules.stakes.big_blind
        depth = (legal.stack + legal.bet) / big_blind
        if hand.street is Street.PREFLOP:
            owed = legal.call or 0
            raised = legal.bet + owed > big_blind
            if not raised:
                push = 0.5 if depth <= 8 else 0.3 if depth <= 15 else 0.15 if depth <= 30 else 0.07
                if strength <= push:
                    return Action.all_in() if legal.all_in is not None else Action.call()
            else:
                share = 0.2 if depth <= 12 or owed * 3 <= legal.stack else 0.1
                if strength <= share:
                    return Action.call() if legal.call is not None else Action.all_in()
        elif strength <= 0.1 and legal.call is not None:
            return Action.call()
        return Action.check() if legal.check else Action.fold()

    def wants_rebuy(self, player: str) -> bool:
        """Whether ``player`` rebuys when he may."""
        return self.rng.random() < self.rebuy_chance

    def wants_add_on(self, player: str) -> bool:
        """Whether ``player`` takes the add-on."""
        return self.rng.random() < self.add_on_chance
