"""PostgreSQL stopped under a running server while bots play, then started again, twice
(a private PostgreSQL of the test's own, never the shared one): the server says
``unavailable`` while it is down, resumes by itself when it is back, the hands go on, the
books balance, every acknowledged action is stored, and the server restarts cleanly
(``croupier bench outage`` is the longer run, 15 s outages)."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.bench.outage import run_outages
from croupier.bench.private_pg import postgres_binaries


@pytest.mark.skipif(postgres_binaries() is None, reason="PostgreSQL's binaries are not installed")
def test_the_room_comes_through_postgresql_stopped_and_started(tmp_path: Path) -> None:
    report = run_outages(outages=2, down=2.0, play=1.0, workdir=tmp_path)
    assert report["restarted"] == "ok"
    assert all(seconds < 5 for seconds in report["noticed_after"]), report
    assert all(seconds < 10 for seconds in report["resumed_after"]), report
    assert report["actions_acknowledged"] > 50, report
