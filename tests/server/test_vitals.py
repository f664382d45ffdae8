"""The process's vitals (``GET /api/admin/vitals``, for the admin only) and a short soak run
of the demo room (``croupier bench soak --minutes 60`` is the real one, docs/performance.md)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

from _api import Browser, staff

from croupier.bench.soak import run_soak


def test_the_admin_sees_the_process_vitals_and_nobody_else(browser: Browser) -> None:
    assert browser.get("/api/admin/vitals").status_code == 401
    browser.register("ann")
    assert browser.get("/api/admin/vitals").status_code == 403
    staff(browser, "root1", "admin")
    assert browser.login("root1").status_code == 200
    vitals = browser.get("/api/admin/vitals").json()
    assert vitals["rss_bytes"] > 10 * 2**20 and vitals["open_fds"] > 0
    assert vitals["threads"] >= 2  # this one and the store's writer
    assert vitals["store"]["available"] is True and vitals["store"]["commits"] > 0
    assert "types" not in vitals
    types = browser.get("/api/admin/vitals?types=5").json()["types"]
    assert len(types) == 5 and all(n > 0 for n in types.values())
    assert "function" in browser.get("/api/admin/vitals?types=200").json()["types"]
    for bad in ("0", "201", "x", "-1"):
        refused = browser.get(f"/api/admin/vitals?types={bad}")
        assert refused.status_code == 400 and refused.json()["message"].startswith("types:")


def test_the_admin_sees_where_memory_grows_when_the_server_traces(browser: Browser) -> None:
    staff(browser, "root1", "admin")
    assert browser.login("root1").status_code == 200
    assert not tracemalloc.is_tracing()
    assert browser.get("/api/admin/vitals?trace=5").json()["trace"] == {"tracing": False}
    for bad in ("0", "201", "x"):
        refused = browser.get(f"/api/admin/vitals?trace={bad}")
        assert refused.status_code == 400 and refused.json()["message"].startswith("trace:")
    tracemalloc.start()
    try:
        browser.get("/api/admin/vitals?trace=5")
        kept = [bytearray(1000) for _ in range(3000)]  # 3 MB that stay, from this line
        trace = browser.get("/api/admin/vitals?trace=3").json()["trace"]
    finally:
        tracemalloc.stop()
    assert trace["tracing"] is True and len(trace["sites"]) == 3
    top = trace["sites"][0]
    assert top["where"].endswith("test_vitals.py:" + str(_line_of("kept = [bytearray")))
    assert top["bytes_diff"] >= 3_000_000 and top["count_diff"] >= 3000
    assert len(kept) == 3000


def _line_of(text: str) -> int:
    lines = Path(__file__).read_text().splitlines()
    return 1 + next(i for i, line in enumerate(lines) if text in line and "_line_of" not in line)


def test_a_short_soak_of_the_demo_room_keeps_descriptors_and_threads_flat(
    tmp_path: Path,
) -> None:
    report = run_soak(minutes=0.4, every=3, workdir=tmp_path)
    assert report["samples"] >= 6
    series = report["series"]
    assert max(s["open_fds"] for s in series) - min(s["open_fds"] for s in series) <= 3
    assert max(s["threads"] for s in series) - min(s["threads"] for s in series) <= 1
