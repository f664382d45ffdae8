"""One flooding client must not slow the room (issue 23): a real server, a table of bot
clients playing over real WebSockets, and one more user flooding one socket without reading
(invalid 4 KB frames, or valid pings past his allowance). The server counts every frame
before reading it, drops what is over the allowance unanswered and closes the socket that
keeps on (4429); the players' latency stays within a loose bound and the server's memory
comes back. The figures with more tables and time: ``croupier bench flood``
(docs/performance.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from croupier.bench.flood import run_flood


@pytest.mark.parametrize("kind", ["invalid", "pings"])
def test_a_flooding_client_is_closed_and_the_players_do_not_notice(
    kind: str, tmp_path: Path
) -> None:
    report = run_flood(tables=1, seconds=5, kind=kind, settle=2, workdir=tmp_path)
    assert report["flood_frames"] > 1_000, report  # it did flood
    assert 4429 in report["flood_closes"], report  # and was closed for it, saying why
    assert report["flooded"]["actions"] > 0, report
    # Before the frame gate: 2.2 s (invalid) and 4.2 s (pings) for another player's answer.
    assert report["flooded"]["p99_ms"] < 1_000, report
    assert report["rss_after_mib"] - report["rss_before_mib"] < 32, report  # was +81 MiB
