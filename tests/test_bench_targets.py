"""``croupier bench targets``: each target judged against the rows of one run (shape, not speed)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from croupier.bench.harness import Row
from croupier.bench.targets import TARGETS, judge
from croupier.cli.main import app


def _row(name: str, per_s: float, seconds: float = 1.0, unit: str = "hands") -> Row:
    return Row(name, per_s, unit, seconds, int(per_s * seconds) or 1, 3)


def test_each_target_is_met_or_not_by_its_own_row() -> None:
    rows = [
        _row("croupier.engine", 30_000),
        _row("pokerkit.engine", 500),  # 60 times: met
        _row("croupier.single", 4e6),
        _row("eval7.single", 3e6),  # 1.33 times: not met
        _row("croupier.batch", 700e6),  # met
        _row("croupier.all7", 1.2e9, seconds=0.11),  # over 0.1 s: not met
        _row("croupier.exact_hu", 4e8, seconds=0.0042, unit="boards"),  # met
        # no croupier.mc3 row: not measured
    ]
    verdicts = {v.what: v for v in judge(rows)}
    assert len(verdicts) == len(TARGETS) == 6
    engine = verdicts["whole six-handed hands, times PokerKit"]
    assert engine.met is True and engine.value == 60 and engine.goal == ">= 50 x"
    assert "pokerkit.engine 500 hands/s" in engine.peer
    single = verdicts["one hand evaluation (public API), times eval7"]
    assert single.met is False and abs(single.value - 4 / 3) < 1e-12  # type: ignore[operator]
    assert verdicts["random seven-card hands in batches, both cores"].met is True
    all7 = verdicts["all 133,784,560 seven-card hands"]
    assert all7.met is False and all7.goal == "<= 0.1 s"
    assert verdicts["exact heads-up preflop equity, AsAh v KsKd"].met is True
    mc = verdicts["1 M Monte Carlo deals, three hands"]
    assert mc.met is None and mc.value is None and mc.shown == "not measured"


def test_bench_targets_quick_json_judges_every_target() -> None:
    result = CliRunner().invoke(app, ["bench", "targets", "--quick", "--repeat", "1", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert "load average" in report["machine"] and "evaluator kernel" in report["machine"]
    names = {row["name"] for row in report["rows"]}
    assert {"croupier.single", "croupier.batch", "croupier.exact_hu", "croupier.engine"} <= names
    assert [t["what"] for t in report["targets"]] == [t.what for t in TARGETS]
    for target in report["targets"]:
        if target["what"].endswith("times PokerKit") and "pokerkit.engine" not in names:
            continue
        if target["what"].endswith("times eval7") and "eval7.single" not in names:
            continue
        assert target["value"] > 0 and target["met"] in (True, False)
