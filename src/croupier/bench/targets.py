"""``croupier bench targets``: each speed target of the project beside what this run measures.

One run measures the rows of ``croupier bench evaluator``, ``equity`` and ``engine`` (peers
included) and sets each target against its row: met or not, with the best peer's figure for
the same work. The tournament targets take minutes and are measured by
``croupier tournament simulate`` (docs/performance.md, "Tournament").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from croupier.bench.harness import Row, rate_text

__all__ = ["TARGETS", "Target", "Verdict", "judge", "run"]


@dataclass(frozen=True, slots=True)
class Target:
    """One target: ``measured(rows)`` is the figure, good when at least (or most) ``goal``."""

    what: str
    goal: float
    at_least: bool
    unit: str
    measured: Callable[[dict[str, Row]], float | None]
    peer: Callable[[dict[str, Row]], str]


@dataclass(frozen=True, slots=True)
class Verdict:
    """A target judged on one run: its figure (None when a row is missing) and whether it is met."""

    what: str
    goal: str
    value: float | None
    shown: str
    peer: str
    met: bool | None


def _ratio(name: str, peer: str) -> Callable[[dict[str, Row]], float | None]:
    def value(rows: dict[str, Row]) -> float | None:
        if name in rows and peer in rows:
            return rows[name].per_s / rows[peer].per_s
        return None

    return value


def _rate(name: str, scale: float) -> Callable[[dict[str, Row]], float | None]:
    return lambda rows: rows[name].per_s / scale if name in rows else None


def _time(name: str, scale: float) -> Callable[[dict[str, Row]], float | None]:
    return lambda rows: rows[name].seconds * scale if name in rows else None


def _peer(*names: str) -> Callable[[dict[str, Row]], str]:
    def text(rows: dict[str, Row]) -> str:
        shown = []
        for name in names:
            if name in rows:
                row = rows[name]
                shown.append(f"{name} {rate_text(row.per_s)}{row.unit}/s")
        return "; ".join(shown) or "(not installed)"

    return text


TARGETS: tuple[Target, ...] = (
    Target(
        "whole six-handed hands, times PokerKit",
        50,
        True,
        "x",
        _ratio("croupier.engine", "pokerkit.engine"),
        _peer("pokerkit.engine"),
    ),
    Target(
        "one hand evaluation (public API), times eval7",
        1.5,
        True,
        "x",
        _ratio("croupier.single", "eval7.single"),
        _peer("eval7.single", "phevaluator.single"),
    ),
    Target(
        "random seven-card hands in batches, both cores",
        600,
        True,
        "M/s",
        _rate("croupier.batch", 1e6),
        _peer("eval7.single", "phevaluator.single"),
    ),
    Target(
        "all 133,784,560 seven-card hands",
        0.1,
        False,
        "s",
        _time("croupier.all7", 1),
        _peer("eval7.single"),
    ),
    Target(
        "exact heads-up preflop equity, AsAh v KsKd",
        5,
        False,
        "ms",
        _time("croupier.exact_hu", 1e3),
        _peer("eval7.loop_hu"),
    ),
    Target(
        "1 M Monte Carlo deals, three hands",
        10,
        False,
        "ms",
        _time("croupier.mc3", 1e3),
        _peer("eval7.mc_hu", "pokerkit.mc3"),
    ),
)


def judge(rows: Sequence[Row], targets: Sequence[Target] = TARGETS) -> list[Verdict]:
    """Each target against the rows of one run."""
    by_name = {row.name: row for row in rows}
    verdicts = []
    for target in targets:
        value = target.measured(by_name)
        sign = ">=" if target.at_least else "<="
        met = (
            None
            if value is None
            else (value >= target.goal if target.at_least else value <= target.goal)
        )
        verdicts.append(
            Verdict(
                what=target.what,
                goal=f"{sign} {target.goal:g} {target.unit}",
                value=value,
                shown="not measured" if value is None else f"{value:.3g} {target.unit}",
                peer=target.peer(by_name),
                met=met,
            )
        )
    return verdicts


def run(*, quick: bool = False, repeat: int = 3) -> tuple[list[Row], list[Verdict]]:
    """Measure the evaluator, equity and engine rows once each, and judge every target."""
    from croupier.bench import engine, equity, evaluator

    rows = evaluator.run(quick=quick, repeat=repeat)
    rows += equity.run(quick=quick, repeat=repeat)
    rows += engine.engine_rows(quick=quick, repeat=repeat)
    return rows, judge(rows)
