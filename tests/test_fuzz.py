"""The operations fuzzer, CI-sized (issue 9): random sequences of every public operation of
tables, cash rooms and tournaments, good and bad, during hands and between a hand's end
and its settlement, with random players; chips, cents and the ledger checked after every
operation, refusals proven to change nothing, restored twins compared step by step.

The long runs are ``croupier fuzz tables|rooms|tournaments|live --runs N --seed S``. The
last tests prove the fuzzer fails when chips are created or a snapshot forgets something.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from croupier.cli.main import app
from croupier.room.cash import Room
from croupier.room.fuzz import (
    FuzzReport,
    fuzz_live,
    fuzz_rooms,
    fuzz_tables,
    fuzz_tournaments,
)
from croupier.table import Table


def clean(report: FuzzReport) -> None:
    assert not report.failures, "\n".join(str(f) for f in report.failures)


def test_1000_random_cash_rooms_keep_every_cent() -> None:
    report = fuzz_rooms(1_000, seed=1, steps=60)
    clean(report)
    assert report.runs == 1_000 and report.hands > 3_000 and report.twins == 1_000
    assert report.refused > 5_000  # bad input and untimely operations were tried


def test_random_tables_keep_every_chip() -> None:
    report = fuzz_tables(300, seed=1, steps=100)
    clean(report)
    assert report.hands > 1_000 and report.twins == 300


def test_random_tournaments_keep_every_chip_and_every_entrant() -> None:
    report = fuzz_tournaments(200, seed=1, steps=150)
    clean(report)
    assert report.hands > 2_000 and report.twins > 100


def test_random_live_tournaments_expect_exactly_the_chips_on_the_tables() -> None:
    report = fuzz_live(200, seed=1, steps=150)
    clean(report)
    assert report.hands > 3_000 and report.twins > 100


# ------------------------------------------------------------- it can fail


def test_the_fuzzer_finds_a_chip_created_and_names_the_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = Table.add_chips

    def one_more(self: Table, player: str, amount: int) -> None:
        real(self, player, amount)
        self._seat(player).stack += 1

    monkeypatch.setattr(Table, "add_chips", one_more)
    report = fuzz_tables(50, seed=1, steps=100)
    (failure,) = report.failures
    assert "add_chips" in failure.op and "chips on the table" in failure.detail
    assert f"croupier fuzz tables --runs 1 --seed {failure.seed}" in str(failure)


def test_the_fuzzer_finds_a_ledger_that_disagrees(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Table.add_chips

    def one_more(self: Table, player: str, amount: int) -> None:
        real(self, player, amount + 1)

    monkeypatch.setattr(Table, "add_chips", one_more)
    (failure,) = fuzz_rooms(100, seed=1, steps=60).failures
    assert "rebuy" in failure.op and "ledger" in failure.detail


def test_the_fuzzer_finds_a_restore_that_forgets(monkeypatch: pytest.MonkeyPatch) -> None:
    real = Room.restore.__func__  # type: ignore[attr-defined]

    def forgetful(cls: type[Room], data: dict[str, object], **kwargs: object) -> Room:
        room: Room = real(cls, data, **kwargs)
        room.stats.hands = 0  # the counters of hands played, forgotten
        return room

    monkeypatch.setattr(Room, "restore", classmethod(forgetful))
    failures = fuzz_rooms(100, seed=1, steps=60).failures
    assert failures and failures[0].detail == "the restored object's snapshot differs"


# ------------------------------------------------------------- the command


def test_croupier_fuzz_runs_and_reports_in_json() -> None:
    result = CliRunner().invoke(app, ["fuzz", "rooms", "--runs", "3", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["target"], data["runs"], data["seed"], data["failures"]) == ("rooms", 3, 5, [])


def test_croupier_fuzz_exits_1_and_prints_the_seed_that_reproduces(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = Table.add_chips
    monkeypatch.setattr(Table, "add_chips", lambda self, p, a: real(self, p, a) or real(self, p, 1))
    result = CliRunner().invoke(app, ["fuzz", "tables", "--runs", "40", "--seed", "1"])
    assert result.exit_code == 1
    assert "FAILED" in result.output and "reproduce: croupier fuzz tables --runs 1 --seed" in (
        result.output
    )
    assert "Traceback" not in result.output
