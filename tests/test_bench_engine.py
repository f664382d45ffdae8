"""``croupier bench engine`` runs and reports croupier beside PokerKit (shape, not speed)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from croupier.cli.main import app


def test_bench_engine_quick_json_has_both_engines_and_the_memory() -> None:
    result = CliRunner().invoke(app, ["bench", "engine", "--quick", "--repeat", "1", "--json"])
    assert result.exit_code == 0, result.output
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert set(rows) == {"croupier.engine", "pokerkit.engine"}
    for row in rows.values():
        assert row["per_s"] > 0 and row["unit"] == "hands"
    assert rows["croupier.engine"]["hands_in_progress"] == 1_000
    assert 0 < rows["croupier.engine"]["memory_mb"] < 20
    assert rows["croupier.engine"]["vs_baseline"] == (
        rows["croupier.engine"]["per_s"] / rows["pokerkit.engine"]["per_s"]
    )
