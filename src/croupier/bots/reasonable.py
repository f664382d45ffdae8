"""A reasonable player: a starting-hand chart before the flop, equity against ranges after.

**Before the flop** the hand's Chen score (:func:`~croupier.bots.chart.chen_score`)
is compared with a threshold that depends on the position (how many players act
after it) and on what happened before it:

==================  ==========================================================
situation           play
==================  ==========================================================
nobody raised       raise (3 blinds, +1 per limper) from a score of 9 with eight
                    or more players behind, 8 with five to seven, 7 with four,
                    6 with three, 5 with two or fewer (the button, the blinds);
                    steal at the bluff frequency with two or fewer behind;
                    complete the small blind from 3 points below; limp behind
                    from 1 below with three or fewer behind; check the big
                    blind; else fold
facing a raise      re-raise (3x) from 11 (JJ+, AQs+; from 14, QQ+, facing two
                    raises or more); otherwise call when the equity against the
                    ranges of the players who put chips in beats the pot odds
                    by 5 points (0 for an all-in call); else fold
10 blinds or less   no-limit and pot-limit: push (all-in) first in from 7, from
                    5 with two or fewer behind; facing a raise, re-raise all-in
                    as above or when the equity beats the pot odds
==================  ==========================================================

A raiser known to be wild (see below) is answered 2 points wider.

**After the flop** each opponent still in is put on a range: the preflop one of
his line (:data:`~croupier.bots.chart.RANGES`: a raiser's is tighter than a
caller's), then narrowed street by street to the best part of it on this board
(a bet keeps the best half, a raise the best 35 %, a call the best 75 %). The
bot's equity against those ranges (:func:`croupier.evaluate.equity.equity`, a few
hundred Monte Carlo deals, cached) decides:

* checked to it: bet half the pot with a value hand (equity over 0.62 heads-up,
  less against more players), the pot with a very strong one (+0.2), a third of
  the pot as a bluff at a low seeded frequency against at most two players who
  fold; otherwise check;
* facing a bet: raise with equity 0.15 above the value threshold; call when the
  equity beats the pot odds (by 3 points); never fold the nuts on the river;
  else fold.

A bet that would commit half the stack or more is made all-in, and so is a value
bet or raise with no more than the pot behind. In fixed-limit the sizes are the
limit's; in pot-limit they are capped by the pot. A range wider than 300 combos is
cut to a fixed sample of 300 (a few hundred deals use no more), which keeps a
decision to about a millisecond.

**Opponents** are watched across hands: a player who bets or raises in 40 % or more
of his decisions (after 15) is *wild* and his ranges are widened; one who calls
three bets in four or more without raising is a *station*: his calls do not narrow
his range and he is never bluffed.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from itertools import combinations
from math import ceil
from typing import TypeVar

from croupier.bots.base import Bot, own_seat
from croupier.bots.chart import Line, chen_score, range_of
from croupier.bots.spot import Spot, read_spot
from croupier.cards import FULL_DECK, Card
from croupier.engine import (
    Acted,
    Action,
    ActionKind,
    HandStarted,
    HandView,
    LegalActions,
    SeatView,
    Street,
)
from croupier.errors import CroupierError
from croupier.evaluate import evaluate
from croupier.evaluate.equity import equity
from croupier.evaluate.ranges import Range
from croupier.rules import BettingStructure

__all__ = ["OpponentStats", "ReasonableBot"]

_OPEN = (5, 5, 5, 6, 7, 8, 8, 8, 9)
"""Chen score to open with a raise, by the number of players still to act behind."""
_VALUE = (1.0, 0.62, 0.48, 0.40, 0.34)
"""Equity to bet for value, by the number of opponents (the last one for more)."""
_NARROW = {ActionKind.RAISE: 0.35, ActionKind.BET: 0.5, ActionKind.CALL: 0.75}
_NARROW_WILD = {ActionKind.RAISE: 0.7, ActionKind.BET: 0.85, ActionKind.CALL: 0.9}
_WIDER = {
    Line.LIMP: Line.ANY,
    Line.CALL: Line.LIMP,
    Line.RAISE: Line.LIMP,
    Line.CALL_3BET: Line.CALL,
    Line.THREE_BET: Line.CALL,
    Line.FOUR_BET: Line.RAISE,
}
EQUITIES_KEPT = 64
"""Equity estimates a bot remembers (the most recent; a float each, ~0.2 KB with its key).
Keyed by the bot's cards and the board, one is asked for again only within its hand: 64 hold
the current hands' several times over. It was 1,024: ~0.2 MB a bot, ~5 MB for the demo
room's 26 bots, filled over hours (a slow filler of the soak, docs/performance.md)."""
NARROWED_KEPT = 256
"""Narrowed ranges remembered, shared by every reasonable bot of the process (a pure function
of line, keep and board; up to ``_MAX_COMBOS`` combos, ~2.6 KB each: ~0.7 MB at most). Boards
seldom come back, so they are asked for again within a hand: 256 hold the hands of a room's
tables. It was 4096 per bot (~10 MB a bot once full, the memory that grew in a server running
the demo room's 26 bots for hours), then 1,024 shared (~3 MB, filled in the soak's first
quarter of an hour: docs/performance.md, soak)."""
OPPONENTS_KEPT = 512
"""Opponents whose statistics a bot remembers (the most recently seen): a room that runs for
weeks sees new players every day."""
_MAX_COMBOS = 300
"""Combos kept of a wide range: a few hundred Monte Carlo deals cannot use more."""
_K = TypeVar("_K")
_V = TypeVar("_V")
_NARROWED: OrderedDict[tuple[object, ...], Range] = OrderedDict()
"""The narrowed ranges every reasonable bot shares (``NARROWED_KEPT`` at most)."""


@dataclass
class OpponentStats:
    """What one opponent has been seen to do, across hands."""

    decisions: int = 0
    aggressive: int = 0
    """Bets and raises."""
    faced: int = 0
    """Decisions facing a bet."""
    stayed: int = 0
    """Calls of a bet (not raises)."""

    @property
    def wild(self) -> bool:
        """Bets or raises in 40 % or more of his decisions (after 15)."""
        return self.decisions >= 15 and self.aggressive >= 0.4 * self.decisions

    @property
    def station(self) -> bool:
        """Calls three bets in four or more, and is not wild (after 15 decisions)."""
        return self.faced >= 15 and self.stayed >= 0.75 * self.faced and not self.wild


class ReasonableBot(Bot):
    """A tight, mostly honest player: chart before the flop, equity and pot odds after.

    ``samples`` is the number of Monte Carlo deals per equity estimate; ``bluff`` the
    frequency of bluffs where one is possible.
    """

    kind = "reasonable"

    def __init__(
        self,
        *,
        seed: int | None = None,
        rng: random.Random | None = None,
        samples: int = 400,
        bluff: float = 0.06,
    ) -> None:
        super().__init__(seed=seed, rng=rng)
        self.samples = samples
        self.bluff = bluff
        self.stats: OrderedDict[str, OpponentStats] = OrderedDict()
        """Per opponent, the ``OPPONENTS_KEPT`` most recently seen."""
        self._hand: tuple[object, ...] = ()
        self._seen = 0
        self._equities: OrderedDict[tuple[object, ...], float] = OrderedDict()

    # ------------------------------------------------------------ watching
    def _watch(self, view: HandView) -> dict[int, OpponentStats]:
        """Update the opponents' statistics with the events not seen yet."""
        started = view.events[0]
        assert isinstance(started, HandStarted)
        hand = (started, own_seat(view).cards)
        if hand != self._hand or len(view.events) < self._seen:
            self._hand, self._seen = hand, 1
        names = {s.seat: s.player for s in started.seats}
        for event in view.events[self._seen :]:
            if isinstance(event, Acted) and event.seat != view.viewer and not event.reason:
                name = names[event.seat]
                stats = self.stats.get(name) or OpponentStats()
                _remember(self.stats, name, stats, OPPONENTS_KEPT)
                stats.decisions += 1
                kind = event.kind
                if kind in (ActionKind.BET, ActionKind.RAISE):
                    stats.aggressive += 1
                if kind in (ActionKind.CALL, ActionKind.RAISE, ActionKind.FOLD):
                    stats.faced += 1
                    stats.stayed += kind is ActionKind.CALL
        self._seen = len(view.events)
        return {seat: self.stats.get(name, OpponentStats()) for seat, name in names.items()}

    # ------------------------------------------------------------ deciding
    def decide(self, view: HandView, legal: LegalActions) -> Action:
        """Preflop by the chart, postflop by equity against the opponents' ranges."""
        stats = self._watch(view)
        spot = read_spot(view)
        if spot.street is Street.PREFLOP:
            return self._preflop(spot, stats)
        return self._postflop(spot, stats)

    def _preflop(self, spot: Spot, stats: dict[int, OpponentStats]) -> Action:
        legal = spot.legal
        score = chen_score(*spot.cards)
        raiser = stats.get(spot.last_raiser) if spot.last_raiser is not None else None
        if raiser is not None and raiser.wild:
            score += 2
        limit = spot.rules.structure is BettingStructure.FIXED_LIMIT
        short = not limit and spot.effective <= 10 * spot.blind
        if spot.raises == 0:
            if short:  # push or fold
                if score >= (5 if spot.behind <= 2 else 7):
                    return self._all_in(spot)
                return Action.check() if legal.check else Action.fold()
            opening = _OPEN[min(spot.behind, len(_OPEN) - 1)]
            steal = spot.behind <= 2 and self.rng.random() < self.bluff
            if (score >= opening or steal) and legal.can_raise:
                return self._raise(spot, (3 + spot.callers) * spot.blind)
            if legal.check:
                return Action.check()
            if spot.owed <= spot.blind // 2 and score >= opening - 3:
                return Action.call()  # complete the small blind
            if spot.callers and spot.behind <= 3 and score >= opening - 1:
                return Action.call()  # limp behind
            return Action.fold()
        reraise = 11 if spot.raises == 1 else 14
        if score >= reraise and legal.can_raise:
            return self._all_in(spot) if short else self._raise(spot, 3 * (legal.bet + spot.owed))
        if legal.call is None:
            return Action.check()
        # facing a raise: equity against the ranges of the players who put chips in
        entered = tuple(s for s in spot.opponents if spot.lines.get(s.seat, Line.ANY) > Line.ANY)
        strength = self._equity(spot, stats, entered or spot.opponents)
        margin = 0.0 if short or spot.owed >= legal.stack else 0.05  # to play on out of position
        if strength >= spot.price + margin:
            return self._all_in(spot) if short and legal.can_raise else Action.call()
        return Action.fold()

    def _postflop(self, spot: Spot, stats: dict[int, OpponentStats]) -> Action:
        legal = spot.legal
        n = len(spot.opponents)
        strength = self._equity(spot, stats, spot.opponents)
        value = _VALUE[min(n, len(_VALUE) - 1)]
        short = spot.total <= spot.pot
        if legal.check:
            if strength >= value and legal.can_raise:
                if short:
                    return self._all_in(spot)
                return self._bet(spot, 1.0 if strength >= value + 0.2 else 0.5)
            if self._may_bluff(spot, stats) and legal.can_raise:
                return self._bet(spot, 1 / 3)
            return Action.check()
        if strength >= value + 0.15 and legal.can_raise:
            if short:
                return self._all_in(spot)
            return self._bet(spot, 1.0 if strength >= value + 0.3 else 0.5)
        if strength >= spot.price + 0.03:
            return Action.call()
        if spot.street is Street.RIVER and is_nuts(spot.cards, spot.board):
            return self._all_in(spot) if legal.can_raise else Action.call()
        return Action.fold()

    def _may_bluff(self, spot: Spot, stats: dict[int, OpponentStats]) -> bool:
        if len(spot.opponents) > 2 or any(stats[s.seat].station for s in spot.opponents):
            return False
        return self.rng.random() < self.bluff

    # ------------------------------------------------------------ sizing
    def _bet(self, spot: Spot, fraction: float) -> Action:
        """Bet or raise by ``fraction`` of the pot after calling."""
        legal = spot.legal
        target = legal.bet + spot.owed + round(fraction * (spot.pot + spot.owed))
        return self._raise(spot, target)

    def _raise(self, spot: Spot, target: int) -> Action:
        """Raise to about ``target``, within the limits; all-in when it commits half the stack."""
        legal = spot.legal
        low, high = legal.min_raise_to, legal.max_raise_to
        assert low is not None and high is not None
        unit = max(1, spot.rules.stakes.small_blind)
        amount = min(max(round(target / unit) * unit, low), high)
        if 2 * amount >= spot.total:
            return self._all_in(spot)
        return Action.raise_to(amount)

    def _all_in(self, spot: Spot) -> Action:
        legal = spot.legal
        if legal.all_in is not None:
            return Action.all_in()
        if legal.max_raise_to is not None:
            return Action.raise_to(legal.max_raise_to)
        return Action.call() if legal.call is not None else Action.check()

    # ------------------------------------------------------------ equity
    def _range(self, spot: Spot, seat: int, stats: OpponentStats) -> tuple[Line, float]:
        line = spot.lines.get(seat, Line.ANY)
        if stats.wild or (stats.station and line in (Line.LIMP, Line.CALL)):
            line = _WIDER.get(line, line)
        keep = 1.0
        narrow = _NARROW_WILD if stats.wild else _NARROW
        for kind in spot.postflop.get(seat, ()):
            if kind is ActionKind.CALL and stats.station:
                continue
            keep *= narrow.get(kind, 1.0)
        return line, max(round(keep, 3), 0.15)

    def _narrow(self, line: Line, keep: float, board: tuple[Card, ...]) -> Range:
        key = (line, keep, board)
        found = _NARROWED.get(key)
        if found is not None:
            return found
        combos = range_of(line).without(board)
        if keep < 1.0:
            ranked = sorted(combos, key=lambda c: evaluate((*c, *board)), reverse=True)
            combos = tuple(ranked[: max(ceil(keep * len(ranked)), 12)])
        if len(combos) > _MAX_COMBOS:  # a few hundred deals use no more: a fixed sample
            chooser = random.Random(f"{line.name}/{keep}/{''.join(map(str, board))}")
            combos = tuple(sorted(chooser.sample(combos, _MAX_COMBOS)))
        found = Range(f"{line.name.lower()}@{keep}", combos)
        _remember(_NARROWED, key, found, NARROWED_KEPT)
        return found

    def _equity(
        self, spot: Spot, stats: dict[int, OpponentStats], opponents: tuple[SeatView, ...]
    ) -> float:
        """The bot's share of the pot against ``opponents``' ranges (cached)."""
        ranges = sorted(self._range(spot, s.seat, stats[s.seat]) for s in opponents)
        key = (spot.cards, spot.board, tuple(ranges))
        found = self._equities.get(key)
        if found is not None:
            return found
        hands: list[Range | tuple[Card, Card]] = [spot.cards]
        hands += [self._narrow(line, keep, spot.board) for line, keep in ranges]
        seed = self.rng.getrandbits(32)
        try:
            result = equity(hands, board=spot.board, samples=self.samples, rng=seed)
        except CroupierError:  # the narrowed ranges leave no deal: fall back on any hands
            wide = [range_of(Line.ANY)] * len(opponents)
            result = equity([spot.cards, *wide], board=spot.board, samples=self.samples, rng=seed)
        found = result.equity[0]
        _remember(self._equities, key, found, EQUITIES_KEPT)
        return found


def _remember(cache: OrderedDict[_K, _V], key: _K, value: _V, kept: int) -> None:
    """Put ``key`` last (the most recent) and let the oldest go beyond ``kept`` entries."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > kept:
        cache.popitem(last=False)


def is_nuts(cards: tuple[Card, Card], board: tuple[Card, ...]) -> bool:
    """Whether no two unseen cards make a better hand than ``cards`` on a full ``board``."""
    mine = evaluate((*cards, *board))
    seen = {*cards, *board}
    rest = [c for c in FULL_DECK if c not in seen]
    return all(evaluate((a, b, *board)) <= mine for a, b in combinations(rest, 2))
