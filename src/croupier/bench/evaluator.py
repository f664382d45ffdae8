"""``croupier bench evaluator``: seven-card hands per second, croupier beside its peers.

Rows: ``croupier.single`` (one hand per call of :func:`croupier.evaluate.evaluate`
on a list of cards; ``.pure`` without the compiled kernel), ``croupier.batch`` (random
hands as a numpy array, all cores, and on one thread; ``.numpy`` without the kernel),
``croupier.all7`` (all 133,784,560 hands, each once), and one
call per hand of ``eval7``, ``treys``, ``phevaluator`` and ``pokerkit`` when they
are installed. Every single-hand row is a plain Python loop over the same
random hands, converted beforehand to each library's own card type.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from typing import Any

from croupier.bench.harness import Row, measure, optional_import
from croupier.cards import FULL_DECK, Card

__all__ = ["BASELINE", "run"]

BASELINE = "croupier.single"


def _loop(call: Callable[..., object], hands: Sequence[Any], *, star: bool = False) -> None:
    if star:
        for hand in hands:
            call(*hand)
    else:
        for hand in hands:
            call(hand)


def _peers(hands: list[list[Card]], *, quick: bool, repeat: int) -> list[Row]:
    rows: list[Row] = []
    texts = [[str(card) for card in hand] for hand in hands]
    eval7 = optional_import("eval7")
    if eval7 is not None:
        cards7 = [[eval7.Card(t) for t in hand] for hand in texts]
        rows.append(
            measure(
                "eval7.single",
                lambda: _loop(eval7.evaluate, cards7),
                count=len(cards7),
                unit="hands",
                repeat=repeat,
            )
        )
    treys = optional_import("treys")
    if treys is not None:
        evaluator = treys.Evaluator()
        split = [
            ([treys.Card.new(t) for t in hand[:2]], [treys.Card.new(t) for t in hand[2:]])
            for hand in texts
        ]
        rows.append(
            measure(
                "treys.single",
                lambda: _loop(evaluator.evaluate, split, star=True),
                count=len(split),
                unit="hands",
                repeat=repeat,
            )
        )
    phevaluator = optional_import("phevaluator")
    if phevaluator is not None:
        ids = [[card.index for card in hand] for hand in hands]  # same numbering as croupier
        rows.append(
            measure(
                "phevaluator.single",
                lambda: _loop(phevaluator.evaluate_cards, ids, star=True),
                count=len(ids),
                unit="hands",
                repeat=repeat,
            )
        )
    pokerkit = optional_import("pokerkit")
    if pokerkit is not None:
        few = texts[: 500 if quick else 5_000]
        games = [
            (
                list(pokerkit.Card.parse("".join(hand[:2]))),
                list(pokerkit.Card.parse("".join(hand[2:]))),
            )
            for hand in few
        ]
        rows.append(
            measure(
                "pokerkit.single",
                lambda: _loop(pokerkit.StandardHighHand.from_game, games, star=True),
                count=len(games),
                unit="hands",
                repeat=repeat,
                note="StandardHighHand.from_game",
            )
        )
    return rows


def run(*, quick: bool = False, repeat: int = 3) -> list[Row]:
    """Measure every row; ``quick`` uses fewer hands and one run of the full enumeration."""
    from croupier.evaluate import _kernel, evaluate
    from croupier.evaluate.batch import (
        ALL_7CARD_HANDS,
        evaluate_all_7card,
        evaluate_batch,
        random_hands,
    )
    from croupier.evaluate.hand import _pure_evaluate

    rng = random.Random(2024)
    hands = [rng.sample(FULL_DECK, 7) for _ in range(20_000 if quick else 300_000)]
    many = random_hands(1_000_000 if quick else 20_000_000, rng=2024)
    rows = [
        measure(
            "croupier.single",
            lambda: _loop(evaluate, hands),
            count=len(hands),
            unit="hands",
            repeat=repeat,
            note="evaluate(list of 7 Card)",
        ),
        measure(
            "croupier.single.pure",
            lambda: _loop(_pure_evaluate, hands),
            count=len(hands),
            unit="hands",
            repeat=repeat,
            note="the same, pure Python (without the compiled kernel)",
        ),
        measure(
            "croupier.batch",
            lambda: evaluate_batch(many),
            count=len(many),
            unit="hands",
            repeat=repeat,
            note="evaluate_batch, all cores",
        ),
        measure(
            "croupier.batch.1thread",
            lambda: evaluate_batch(many, threads=1),
            count=len(many),
            unit="hands",
            repeat=repeat,
            note="evaluate_batch(threads=1)",
        ),
        measure(
            "croupier.all7",
            evaluate_all_7card,
            count=ALL_7CARD_HANDS,
            unit="hands",
            repeat=1 if quick else repeat,
            warmup=not quick,
            note="evaluate_all_7card, all cores" + (", cold" if quick else ""),
        ),
    ]
    if _kernel.KERNEL is not None:
        with _kernel.pure_arrays():
            rows.append(
                measure(
                    "croupier.batch.numpy",
                    lambda: evaluate_batch(many),
                    count=len(many),
                    unit="hands",
                    repeat=repeat,
                    note="evaluate_batch, all cores, numpy (without the compiled kernel)",
                )
            )
    with warnings.catch_warnings():  # the peers' own deprecation warnings are not ours
        warnings.simplefilter("ignore")
        rows += _peers(hands, quick=quick, repeat=repeat)
    return rows
