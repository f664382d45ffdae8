"""Hand strength: one hand fast, many at once with numpy, and equity.

One hand (pure Python, no numpy imported)::

    evaluate, evaluate_checked, rank_hand, HandRank, Category, category_of, describe

Many hands at once and equity (these import numpy on first use)::

    evaluate_batch, evaluate_all_7card, value_counts      (croupier.evaluate.batch)
    EquityResult; the function is croupier.evaluate.equity.equity
    parse_range, Range                                    (croupier.evaluate.ranges)

``croupier.evaluate.equity`` is the module: import the function from it
(``from croupier.evaluate.equity import equity``).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from croupier.evaluate.hand import (
    MAX_VALUE,
    Category,
    HandRank,
    category_of,
    describe,
    evaluate,
    evaluate_checked,
    rank_hand,
)

if TYPE_CHECKING:
    from croupier.evaluate.batch import evaluate_all_7card, evaluate_batch, value_counts
    from croupier.evaluate.equity import EquityResult
    from croupier.evaluate.ranges import Range, parse_range

__all__ = [
    "MAX_VALUE",
    "Category",
    "EquityResult",
    "HandRank",
    "Range",
    "category_of",
    "describe",
    "evaluate",
    "evaluate_all_7card",
    "evaluate_batch",
    "evaluate_checked",
    "parse_range",
    "rank_hand",
    "value_counts",
]

_LAZY = {
    "evaluate_batch": "batch",
    "evaluate_all_7card": "batch",
    "value_counts": "batch",
    "EquityResult": "equity",
    "parse_range": "ranges",
    "Range": "ranges",
}


def __getattr__(name: str) -> Any:
    """Import the numpy-based parts only when one of their names is first used."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f"croupier.evaluate.{module}"), name)
    globals()[name] = value
    return value
