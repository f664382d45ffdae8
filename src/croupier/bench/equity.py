"""``croupier bench equity``: exact heads-up preflop equity and Monte Carlo, beside peers.

Rows: ``croupier.exact_hu`` (AsAh vs KsKd, all 1,712,304 boards),
``croupier.exact_ranges`` (AA vs KK: every board for each of the 36 pairs of
combos), ``croupier.mc3`` (AsAh, KsKd, QcJc, one million random boards),
``croupier.mc_hu`` (the same heads-up); ``.numpy`` rows without the compiled kernel;
``eval7.loop_hu`` (two ``eval7.evaluate`` calls per board in a Python loop over a sample
of the boards, extrapolated to all of them), ``eval7.mc_hu`` (eval7's own compiled Monte
Carlo, heads-up only) and ``pokerkit.mc3`` (``calculate_equities`` on a small sample, extrapolated).
"""

from __future__ import annotations

import random
import warnings
from itertools import combinations

from croupier.bench.harness import Row, measure, optional_import
from croupier.cards import FULL_DECK, parse_cards

__all__ = ["BASELINE", "run"]

BASELINE = "croupier.exact_hu"
HU = ("AsAh", "KsKd")
THREE = ("AsAh", "KsKd", "QcJc")
HU_BOARDS = 1_712_304


def _peers(*, quick: bool, repeat: int, trials: int) -> list[Row]:
    rows: list[Row] = []
    eval7 = optional_import("eval7")
    if eval7 is not None:
        held = [[eval7.Card(t) for t in (h[:2], h[2:])] for h in HU]
        rest = [str(c) for c in FULL_DECK if c not in set(parse_cards("".join(HU)))]
        boards = random.Random(7).sample(list(combinations(rest, 5)), 2_000 if quick else 20_000)
        boards7 = [[eval7.Card(t) for t in board] for board in boards]

        def loop() -> None:
            evaluate = eval7.evaluate
            first, second = held
            for board in boards7:
                a = evaluate(first + board)
                b = evaluate(second + board)
                _ = a > b

        row = measure("eval7.loop_hu", loop, count=len(boards7), unit="boards", repeat=repeat)
        rows.append(
            Row(
                row.name,
                row.per_s,
                row.unit,
                row.seconds,
                row.count,
                row.runs,
                note=f"Python loop on a sample; all boards: {HU_BOARDS / row.per_s:.2f} s",
                extra={"extrapolated_s": HU_BOARDS / row.per_s},
            )
        )
        villain = eval7.HandRange(HU[1])
        rows.append(
            measure(
                "eval7.mc_hu",
                lambda: eval7.py_hand_vs_range_monte_carlo(held[0], villain, [], trials),
                count=trials,
                unit="deals",
                repeat=repeat,
                note="compiled Monte Carlo, heads-up",
            )
        )
    pokerkit = optional_import("pokerkit")
    if pokerkit is not None:
        ranges = [[list(pokerkit.Card.parse(h))] for h in THREE]
        sample = 200 if quick else 2_000

        def deal() -> None:
            pokerkit.calculate_equities(
                ranges,
                (),
                2,
                5,
                pokerkit.Deck.STANDARD,
                (pokerkit.StandardHighHand,),
                sample_count=sample,
            )

        row = measure("pokerkit.mc3", deal, count=sample, unit="deals", repeat=repeat)
        rows.append(
            Row(
                row.name,
                row.per_s,
                row.unit,
                row.seconds,
                row.count,
                row.runs,
                note=f"calculate_equities; 1M deals: {1e6 / row.per_s:.0f} s",
                extra={"extrapolated_s": 1e6 / row.per_s},
            )
        )
    return rows


def run(*, quick: bool = False, repeat: int = 3) -> list[Row]:
    """Measure every row; ``quick`` uses fewer Monte Carlo deals and smaller peer samples."""
    from croupier.evaluate import _kernel
    from croupier.evaluate.equity import equity

    trials = 100_000 if quick else 1_000_000
    rows = [
        measure(
            "croupier.exact_hu",
            lambda: equity(HU, exact=True),
            count=HU_BOARDS,
            unit="boards",
            repeat=repeat,
            note="AsAh vs KsKd, every board (one thread: too short to share)",
        ),
        measure(
            "croupier.exact_ranges",
            lambda: equity(("AA", "KK"), exact=True),
            count=36 * HU_BOARDS,
            unit="boards",
            repeat=repeat,
            note="AA vs KK: 36 pairs of combos, every board, all cores",
        ),
        measure(
            "croupier.mc3",
            lambda: equity(THREE, samples=trials, rng=1),
            count=trials,
            unit="deals",
            repeat=repeat,
            note="AsAh, KsKd, QcJc, Monte Carlo",
        ),
        measure(
            "croupier.mc_hu",
            lambda: equity(HU, samples=trials, rng=1),
            count=trials,
            unit="deals",
            repeat=repeat,
            note="AsAh vs KsKd, Monte Carlo",
        ),
    ]
    if _kernel.KERNEL is not None:
        with _kernel.pure_arrays():
            rows += [
                measure(
                    "croupier.exact_hu.numpy",
                    lambda: equity(HU, exact=True),
                    count=HU_BOARDS,
                    unit="boards",
                    repeat=repeat,
                    note="croupier.exact_hu without the compiled kernel",
                ),
                measure(
                    "croupier.mc3.numpy",
                    lambda: equity(THREE, samples=trials, rng=1),
                    count=trials,
                    unit="deals",
                    repeat=repeat,
                    note="croupier.mc3 without the compiled kernel",
                ),
            ]
    with warnings.catch_warnings():  # the peers' own deprecation warnings are not ours
        warnings.simplefilter("ignore")
        rows += _peers(quick=quick, repeat=repeat, trials=trials)
    return rows
