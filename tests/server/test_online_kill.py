"""A real server killed (SIGKILL) at random moments while bot clients play over WebSockets, 20
times: after each restart the ledger balances, no chip is created or lost, every action a
client was told was taken is in the stored hand, and every table's chips in the view are the
ledger's; kills also land during tournament registrations, tournament hands and table moves
(``croupier bench crash --kills 100`` is the longer run)."""

from __future__ import annotations

from pathlib import Path

from croupier.bench.crash import run_crashes


def test_a_server_killed_at_random_moments_loses_nothing(database_url: str, tmp_path: Path) -> None:
    report = run_crashes(kills=20, database=database_url, workdir=tmp_path, seed=11)
    assert report["kills"] == 20 and report["ledger_balanced"]
    assert report["actions_acknowledged"] > 200, report
    assert report["registrations_acknowledged"] > 20, report
    assert report["tournament_hands"] > 20 and report["tournament_moves"] > 0, report
