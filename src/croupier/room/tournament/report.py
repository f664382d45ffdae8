"""Many seeded runs of one tournament structure, and what a club or a researcher asks of them.

:func:`play_run` plays run ``i`` of a structure (its seed: :func:`croupier.runs.chunk_seed`)
and keeps a small, JSON-ready record of it: the hands, the rounds and the duration on the
simulated clock, the place of every entrant grouped by the seat and the stack he started
with, and the final table's ICM check (each player's ICM value at the final table's first
hand, exact fractions summed against the payouts, beside the prize he then won).
:func:`summarize` turns the records of runs ``0 .. K-1``, in that order, into the report:
the same report whatever process played which run.

>>> runs = [play_run(i, players=12, preset="pokcomm", seed=3, hand_seconds=120) for i in range(2)]
>>> report = summarize(runs, players=12, preset="pokcomm", seed=3)
>>> report["runs"], report["chips_conserved"], report["icm"]["sums_exact"]
(2, True, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from croupier.engine import Action, Hand
from croupier.room.tournament.icm import icm_exact
from croupier.room.tournament.simulate import simulate
from croupier.room.tournament.tournament import Tournament
from croupier.runs import chunk_seed

__all__ = ["distribution", "play_run", "summarize"]

_ICM_MOST = 10
"""The final table's ICM is computed exactly for up to this many players."""


def play_run(
    run: int, *, players: int, preset: str, seed: int, hand_seconds: float, bot: str = "pushfold"
) -> dict[str, Any]:
    """Play run ``run`` of ``players`` entrants of ``preset`` (the chips checked after every
    hand and round, as :func:`~croupier.room.tournament.simulate` does) by ``bot`` (the
    built-in push/fold player, or a :mod:`croupier.bots` name) and return its record;
    raises :class:`~croupier.room.tournament.simulate.SimulationError` on a fault."""
    own = chunk_seed(seed, run)
    act: Callable[[Hand, int], Action] | None = None
    if bot != "pushfold":
        from croupier.bots import make_bot

        player = make_bot(bot, own)
        act = lambda hand, seat: player.act(hand.view(seat))  # noqa: E731
    first: dict[str, tuple[int, int]] = {}  # player -> (seat, stack) at the first draw
    final: dict[str, int] = {}  # player -> stack at the final table's first hand
    payouts: list[int] = []

    def at_start(t: Tournament) -> None:
        for player in t.players():
            first[player] = (t.seat_of(player)[1], t.stack(player))
        at_round(t)

    def at_round(t: Tournament) -> None:
        if final or t.finished or len(t.tables) != 1 or t._pending:
            return
        if t.remaining > _ICM_MOST:
            return
        for player in t.players():
            final[player] = t.stack(player)
        payouts.extend(t.prize_amounts()[: t.remaining])

    result = simulate(
        players,
        preset,
        seed=own,
        hand_seconds=hand_seconds,
        act=act,
        progress=at_round,
        started=at_start,
    )
    places = {r.player: (r.place, r.prize) for r in result.results}
    by_seat: dict[int, list[int]] = {}
    by_stack: dict[int, list[int]] = {}
    for entrant, (seat, stack) in first.items():
        place, prize = places[entrant]
        for key, table in ((seat, by_seat), (stack, by_stack)):
            row = table.setdefault(key, [0, 0, 0, 0, 0])  # entrants, places, paid, wins, prizes
            row[0] += 1
            row[1] += place
            row[2] += prize > 0
            row[3] += place == 1
            row[4] += prize
    icm_rows: list[list[Any]] = []
    exact = False
    if final:
        order = sorted(final, key=lambda p: (-final[p], p))  # the chip leader first
        values = icm_exact([final[p] for p in order], payouts)
        exact = sum(values) == sum(payouts)
        icm_rows = [
            [final[p], v.numerator, v.denominator, places[p][1]]
            for p, v in zip(order, values, strict=True)
        ]
    return {
        "run": run,
        "seed": own,
        "hands": result.hands,
        "rounds": result.rounds,
        "clock_seconds": result.clock_seconds,
        "level": result.level,
        "moves": result.moves,
        "winner": result.winner,
        "prize_pool": result.prize_pool,
        "chips_conserved": result.chips_conserved,
        "max_table_difference": result.max_table_difference,
        "by_seat": sorted([k, *v] for k, v in by_seat.items()),
        "by_stack": sorted([k, *v] for k, v in by_stack.items()),
        "icm": {"exact": exact, "rows": icm_rows} if final else None,
    }


def distribution(values: list[float]) -> dict[str, float]:
    """The least, the deciles 1, 5 and 9 (nearest rank), the most and the mean of ``values``.

    >>> distribution([3, 1, 2, 10])
    {'min': 1, 'p10': 1, 'median': 2, 'p90': 10, 'max': 10, 'mean': 4.0}
    """
    ranked = sorted(values)
    n = len(ranked)

    def rank(percent: int) -> float:
        return ranked[max(0, -(-percent * n // 100) - 1)]  # the ceil(p n)-th value

    return {
        "min": ranked[0],
        "p10": rank(10),
        "median": rank(50),
        "p90": rank(90),
        "max": ranked[-1],
        "mean": round(sum(ranked) / n, 3),
    }


def _grouped(runs: list[dict[str, Any]], key: str, name: str) -> list[dict[str, Any]]:
    sums: dict[int, list[int]] = {}
    for run in runs:
        for k, *row in run[key]:
            total = sums.setdefault(k, [0, 0, 0, 0, 0])
            for i, value in enumerate(row):
                total[i] += value
    return [
        {
            name: k,
            "entrants": n,
            "mean_place": round(places / n, 3),
            "paid_share": round(paid / n, 4),
            "wins": wins,
            "mean_prize": round(prizes / n, 2),
        }
        for k, (n, places, paid, wins, prizes) in sorted(sums.items())
    ]


def _icm(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """By chip rank at the final table: the mean stack, ICM value and prize won."""
    checked = [run["icm"] for run in runs if run["icm"] is not None]
    ranks: dict[int, list[Any]] = {}
    error = Fraction(0)
    rows = 0
    for check in checked:
        for rank, (stack, num, den, prize) in enumerate(check["rows"], start=1):
            value = Fraction(num, den)
            row = ranks.setdefault(rank, [0, 0, Fraction(0), 0])
            row[0] += 1
            row[1] += stack
            row[2] += value
            row[3] += prize
            error += abs(value - prize)
            rows += 1
    return {
        "runs": len(checked),
        "sums_exact": sum(1 for c in checked if c["exact"]),
        "mean_abs_difference": round(float(error / rows), 2) if rows else None,
        "by_chip_rank": [
            {
                "rank": rank,
                "runs": n,
                "mean_stack": round(stacks / n, 1),
                "mean_icm": round(float(values / n), 2),
                "mean_prize": round(prizes / n, 2),
            }
            for rank, (n, stacks, values, prizes) in sorted(ranks.items())
        ],
    }


def summarize(
    runs: list[dict[str, Any]], *, players: int, preset: str, seed: int
) -> dict[str, Any]:
    """The report of runs ``0 .. K-1`` (records of :func:`play_run`, in run order)."""
    return {
        "players": players,
        "preset": preset,
        "seed": seed,
        "runs": len(runs),
        "chips_conserved": all(run["chips_conserved"] for run in runs),
        "max_table_difference": max(run["max_table_difference"] for run in runs),
        "hands": distribution([run["hands"] for run in runs]),
        "duration_seconds": distribution([run["clock_seconds"] for run in runs]),
        "rounds": distribution([run["rounds"] for run in runs]),
        "last_level": distribution([run["level"] for run in runs]),
        "by_starting_seat": _grouped(runs, "by_seat", "seat"),
        "by_starting_stack": _grouped(runs, "by_stack", "stack"),
        "icm": _icm(runs),
        "per_run": [
            {k: run[k] for k in ("run", "seed", "hands", "clock_seconds", "winner", "prize_pool")}
            for run in runs
        ],
    }
