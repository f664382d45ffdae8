"""``croupier equity`` and ``croupier bench evaluator|equity``."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.evaluate import _kernel

runner = CliRunner()


def test_equity_table_for_aces_against_kings() -> None:
    result = runner.invoke(app, ["equity", "AsAh", "KsKd"])
    assert result.exit_code == 0, result.output
    for text in ("AsAh", "KsKd", "1,399,204", "305,177", "7,923", "81.946%", "18.054%"):
        assert text in result.stdout
    assert "exact: all 1,712,304 boards" in result.stdout


def test_equity_json_exact() -> None:
    result = runner.invoke(app, ["equity", "AsAh", "KsKd", "--exact", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["boards"] == 1_712_304 and data["method"] == "exact"
    assert data["hands"] == ["AsAh", "KsKd"]
    assert data["wins"] == [1_399_204, 305_177] and data["ties"] == [7_923, 7_923]
    assert data["equity"][0] == pytest.approx(0.8194605, abs=1e-7)
    assert data["stderr"] == [0.0, 0.0]


def test_equity_json_monte_carlo_with_ranges_board_and_dead_cards_is_seeded() -> None:
    args = ["equity", "TT+,AKs", "KhQh", "8c7c", "-b", "2c 7d 9h", "-d", "As"]
    args += ["--samples", "20000", "--seed", "4", "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    data = json.loads(first.stdout)
    assert data["method"] == "monte carlo" and data["boards"] == 20_000 and data["seed"] == 4
    assert data["hands"] == ["TT+,AKs", "KhQh", "8c7c"]
    assert data["board"] == "2c7d9h" and data["dead"] == "As"
    assert len(data["wins"]) == len(data["ties"]) == len(data["equity"]) == 3
    assert sum(data["equity"]) == pytest.approx(1.0)
    assert all(0 < e < 0.01 for e in data["stderr"])
    assert runner.invoke(app, args).stdout == first.stdout


def test_equity_table_for_monte_carlo_shows_the_standard_error() -> None:
    result = runner.invoke(app, ["equity", "AsAh", "KsKd", "--samples", "5000", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Monte Carlo: 5,000 random deals, seed 1" in result.stdout
    assert "± std. error" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["AsAh", "AsKd"], "error: As is both in hand 1 and in hand 2"),
        (["AsAh"], "error: equity needs 2 to 10 hands, got 1"),
        (["AsAh", "AKx"], "error: 'AKx' is not a hand range in 'AKx'"),
        (["AsAh", "KsKd", "--board", "2c3c"], "error: a board is 0, 3, 4 or 5 cards"),
        (["AsAh", "KsKd", "--exact", "--samples", "5"], "error: give --exact or --samples"),
        (["AsAh", "KsKd", "--samples", "0"], "error: samples must be at least 1"),
        (["any", "any", "any", "--exact"], "error: 2,331,473,976 combinations of hole cards"),
    ],
)
def test_equity_errors_are_one_clear_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["equity", *args])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.output and result.stdout == ""


def test_the_installed_croupier_script_runs_equity() -> None:
    script = Path(sys.executable).with_name("croupier")
    done = subprocess.run(
        [str(script), "equity", "AsAh", "KsKd", "--board", "Kc7h2c", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    assert data["boards"] == 990 and data["method"] == "exact"
    assert data["wins"][1] + data["wins"][0] + data["ties"][0] == 990
    failed = subprocess.run(
        [str(script), "equity", "AsAh", "AsKd"], capture_output=True, text=True, check=False
    )
    assert failed.returncode == 2 and failed.stderr.startswith("error: As is both")
    assert "Traceback" not in failed.stderr


def _installed(module: str) -> bool:
    return importlib.util.find_spec(module) is not None


def _check_rows(rows: object, expected: list[str]) -> None:
    assert isinstance(rows, list) and rows
    for row in rows:
        assert isinstance(row["name"], str)
        assert isinstance(row["per_s"], float) and row["per_s"] > 0
        assert row["seconds"] > 0 and row["count"] > 0 and row["runs"] >= 1
        assert isinstance(row["unit"], str) and row["vs_baseline"] > 0
    assert [row["name"] for row in rows] == expected


def test_bench_evaluator_quick_json() -> None:
    result = runner.invoke(app, ["bench", "evaluator", "--quick", "--json", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    peers = [f"{m}.single" for m in ("eval7", "treys", "phevaluator", "pokerkit") if _installed(m)]
    expected = ["croupier.single", "croupier.single.pure", "croupier.batch"]
    expected += ["croupier.batch.1thread", "croupier.all7"]
    if _kernel.KERNEL is not None:  # the numpy path beside the compiled kernel
        expected += ["croupier.batch.numpy"]
    rows = json.loads(result.stdout)
    _check_rows(rows, expected + peers)
    assert all(row["cpu_seconds"] >= 0 for row in rows)


def test_bench_equity_quick_json() -> None:
    result = runner.invoke(app, ["bench", "equity", "--quick", "--json", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    expected = ["croupier.exact_hu", "croupier.exact_ranges", "croupier.mc3", "croupier.mc_hu"]
    if _kernel.KERNEL is not None:
        expected += ["croupier.exact_hu.numpy", "croupier.mc3.numpy"]
    if _installed("eval7"):
        expected += ["eval7.loop_hu", "eval7.mc_hu"]
    if _installed("pokerkit"):
        expected += ["pokerkit.mc3"]
    _check_rows(rows, expected)
    exact = next(r for r in rows if r["name"] == "croupier.exact_hu")
    assert exact["count"] == 1_712_304 and exact["unit"] == "boards"


def test_bench_table_and_a_missing_peer(monkeypatch: pytest.MonkeyPatch) -> None:
    from croupier.bench import harness

    real = harness.importlib.import_module

    def without_eval7(name: str) -> object:
        if name == "eval7":
            raise ImportError(name)
        return real(name)

    monkeypatch.setattr(harness.importlib, "import_module", without_eval7)
    assert harness.optional_import("eval7") is None
    result = runner.invoke(app, ["bench", "equity", "--quick", "--repeat", "1"])
    assert result.exit_code == 0, result.output
    assert "eval7 is not installed: skipped" in result.stderr
    assert "croupier.exact_hu" in result.stdout and "eval7.loop_hu" not in result.stdout
    assert "2 cores" in result.stdout or "cores" in result.stdout
    with pytest.raises(ValueError, match="repeat must be at least 1"):
        harness.measure("x", lambda: None, count=1, unit="u", repeat=0)


def test_bench_needs_a_subcommand() -> None:
    result = runner.invoke(app, ["bench"])
    assert "evaluator" in result.output and "equity" in result.output
