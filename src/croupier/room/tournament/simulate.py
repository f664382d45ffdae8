"""Play a whole tournament with bots, checking the room's invariants after every hand.

After every hand: the hand conserved its chips. After every round (each table one hand):
every chip issued and not removed is on a table, and no two tables are two players
apart (POK-7-1, ITA-14). Time is simulated: a :class:`ManualClock` advances a fixed
``hand_seconds`` per round, so levels rise as they would at a live table.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from croupier.engine import Action, Hand
from croupier.errors import CroupierError
from croupier.room.tournament.balancing import difference
from croupier.room.tournament.base import Result
from croupier.room.tournament.bots import PushFold
from croupier.room.tournament.clock import ManualClock
from croupier.room.tournament.config import TournamentConfig, tournament_preset
from croupier.room.tournament.seating import secure_rng
from croupier.room.tournament.tournament import Tournament

__all__ = ["SimulationError", "SimulationResult", "simulate"]


class SimulationError(CroupierError):
    """An invariant failed during a simulation (a bug: chips lost, tables unbalanced)."""


@dataclass
class SimulationResult:
    """The outcome of a simulated tournament."""

    players: int
    hands: int
    seconds: float
    winner: str
    results: list[Result]
    prize_pool: int
    chips_conserved: bool
    max_table_difference: int
    rounds: int
    level: int
    moves: int
    knockouts: dict[str, int] = field(default_factory=dict)
    clock_seconds: float = 0.0
    """The tournament's duration on its simulated clock (``hand_seconds`` a round, breaks
    included): how long it would last in the room."""

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` output of ``croupier tournament simulate``."""
        return {
            "players": self.players,
            "hands": self.hands,
            "seconds": round(self.seconds, 3),
            "winner": self.winner,
            "payouts": [
                {"place": r.place, "player": r.player, "amount": r.prize, "shared": r.shared}
                | ({"bounty": r.bounty} if self.knockouts else {})
                for r in self.results
                if r.prize or r.bounty
            ],
            "prize_pool": self.prize_pool,
            "chips_conserved": self.chips_conserved,
            "max_table_difference": self.max_table_difference,
            "rounds": self.rounds,
            "level": self.level,
            "moves": self.moves,
        }


def simulate(
    players: int,
    preset: str | TournamentConfig = "pokcomm",
    *,
    seed: int | None = None,
    hand_seconds: float = 120,
    act: Callable[[Hand, int], Action] | None = None,
    progress: Callable[[Tournament], None] | None = None,
    started: Callable[[Tournament], None] | None = None,
    max_rounds: int = 1_000_000,
) -> SimulationResult:
    """Play a tournament of ``players`` bots to its winner.

    ``act(hand, seat)`` plays every seat (the fast :class:`PushFold` player by default);
    ``progress`` is called after every round, ``started`` once the players are drawn to
    their first seats (before the first hand). Raises :class:`SimulationError` if chips
    are not conserved or tables end a round two players apart.

    >>> result = simulate(12, "pokcomm", seed=3)
    >>> result.chips_conserved, result.max_table_difference <= 1, result.players
    (True, True, 12)
    """
    with _few_collections() as freeze:
        return _simulate(
            players, preset, seed, hand_seconds, act, progress, started, max_rounds, freeze
        )


@contextmanager
def _few_collections() -> Iterator[bool]:
    """Fewer cyclic garbage collections while a tournament plays (restored after).

    A large event keeps millions of objects alive (its players, tables and their recent
    hands) and makes no reference cycles (a seeded 3,000-player event leaves none to
    collect): each full collection walked them all, a cost per hand that grew with the
    field (40 % of the time at 100,000 players). The objects alive at the start are frozen
    out of the collections (unless the caller froze some already: yields whether it may
    freeze), and so is what each hand leaves alive once it is played (``gc.freeze`` only
    moves the collector's lists, whatever their length): otherwise the hands of a round,
    all alive until the round is settled, were walked by every young collection, a cost
    per hand that grew with the number of tables (a fifth of the time at 30,000 players).
    Refcounting still frees every object as before; the collections run ten to a hundred
    times less often. Restored after: thawed, the frozen objects are collectable again.
    """
    thresholds = gc.get_threshold()
    freeze = gc.get_freeze_count() == 0
    gc.set_threshold(20_000, 50, 1_000)
    if freeze:
        gc.freeze()
    try:
        yield freeze
    finally:
        gc.set_threshold(*thresholds)
        if freeze:
            gc.unfreeze()


def _simulate(
    players: int,
    preset: str | TournamentConfig,
    seed: int | None,
    hand_seconds: float,
    act: Callable[[Hand, int], Action] | None,
    progress: Callable[[Tournament], None] | None,
    started: Callable[[Tournament], None] | None,
    max_rounds: int,
    freeze: bool,
) -> SimulationResult:
    config = tournament_preset(preset) if isinstance(preset, str) else preset
    rng = random.Random(seed) if seed is not None else secure_rng()
    bot = PushFold(seed=rng.getrandbits(32))
    play = act if act is not None else bot.act
    clock = ManualClock()
    began = time.perf_counter()
    t = Tournament(config, clock=clock, rng=rng)
    width = len(str(players))
    for k in range(1, players + 1):
        t.register(f"p{k:0{width}d}", adult=True)
    t.start()
    if freeze:
        gc.freeze()  # the players and tables stay to the end: out of the collections
    if started is not None:
        started(t)
    broken: list[str] = []

    def check_hand(hand: Hand) -> None:
        before = sum(hand.starting_stacks.values())
        if before != sum(hand.stacks.values()) + hand.rake:
            broken.append(f"hand {hand!r} did not conserve its chips")
        if freeze:
            gc.freeze()  # what this hand left alive (it and its table's news) out of the scans

    rounds = 0
    while not t.finished:
        rounds += 1
        if rounds > max_rounds:
            raise SimulationError(f"no winner after {max_rounds} rounds")
        if t.clock.on_break:
            if t.add_on_open:
                _add_ons(t, bot)
            clock.advance(t.clock.remaining())
            continue
        if t.add_on_open:
            _add_ons(t, bot)
        reports = t.play_round(play, on_hand=check_hand)
        for report in reports:
            for player in report.may_rebuy:
                if t.finished or player not in t._pending:
                    continue
                if bot.wants_rebuy(player):
                    t.rebuy(player)
                else:
                    t.decline_rebuy(player)
        if not reports and not t.finished:
            raise SimulationError(
                f"no table could deal at round {rounds}: tables {t.tables},"
                f" {[t.why_not(n) for n in t.table_numbers()]}"
            )
        if broken:
            raise SimulationError(broken[0])
        if t.chips_in_play() != t.chips_expected():
            raise SimulationError(
                f"round {rounds}: {t.chips_in_play():,} chips in play,"
                f" {t.chips_expected():,} expected"
            )
        if not t.finished and difference(t.tables) > 1:
            raise SimulationError(f"round {rounds}: tables unbalanced {t.tables}")
        if progress is not None:
            progress(t)
        clock.advance(hand_seconds)
    assert t.winner is not None
    conserved = t.chips_in_play() == t.chips_expected() == t.stack(t.winner)
    if not conserved:
        raise SimulationError("the winner does not hold every chip in play (POK-1-4)")
    return SimulationResult(
        players=players,
        hands=t.hands_played,
        seconds=time.perf_counter() - began,
        winner=t.winner,
        results=t.results(),
        prize_pool=t.prize_pool().total,
        chips_conserved=conserved,
        max_table_difference=t.max_difference,
        rounds=rounds,
        level=t.clock.level_number,
        moves=len(t.moves),
        knockouts=dict(t.bounties.won) if t.bounties is not None else {},
        clock_seconds=clock.now(),
    )


def _add_ons(t: Tournament, bot: PushFold) -> None:
    for player in t.players():
        if not t.registry[player].add_on and bot.wants_add_on(player):
            t.add_on(player)
