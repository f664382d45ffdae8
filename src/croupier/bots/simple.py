"""Two simple players for tests, load and sparring: one random, one that always calls."""

from __future__ import annotations

from croupier.bots.base import Bot
from croupier.engine import Action, HandView, LegalActions

__all__ = ["CallingStation", "RandomBot"]


class RandomBot(Bot):
    """Uniform over the legal options; a bet or raise is a uniform amount in its range.

    The options are fold (only when facing a bet: nobody folds a free check), check,
    call, bet or raise, and all-in; at the showdown, show or muck when both are allowed.
    """

    kind = "random"

    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """A uniformly random legal action."""
        options: list[Action] = []
        if legal.fold and not legal.check:
            options.append(Action.fold())
        if legal.check:
            options.append(Action.check())
        if legal.call is not None:
            options.append(Action.call())
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            options.append(Action.raise_to(self.rng.randint(low, high)))
        if legal.all_in is not None:
            options.append(Action.all_in())
        if not options:  # pragma: no cover - the engine always offers something
            return Action.fold()
        return self.rng.choice(options)

    def showdown(self, view: HandView, legal: LegalActions) -> Action:
        """Show or muck at random when both are allowed."""
        if legal.show and legal.muck:
            return self.rng.choice((Action.show(), Action.muck()))
        return Action.show() if legal.show else Action.muck()


class CallingStation(Bot):
    """Checks or calls whatever the bet; never raises; folds only when it cannot call."""

    kind = "station"

    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """Check if free, else call (all-in for less when short)."""
        if legal.check:
            return Action.check()
        if legal.call is not None:
            return Action.call()
        if legal.all_in is not None:  # pragma: no cover - a short call is offered as a call
            return Action.all_in()
        return Action.fold()
