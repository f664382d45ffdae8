"""The process's vitals (``GET /api/admin/vitals``, for the admin only) and a short soak run
of the demo room (``croupier bench soak --minutes 60`` is the real one, docs/performance.md)."""

from __future__ import annotations

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


def test_a_short_soak_of_the_demo_room_keeps_descriptors_and_threads_flat(
    tmp_path: Path,
) -> None:
    report = run_soak(minutes=0.4, every=3, workdir=tmp_path)
    assert report["samples"] >= 6
    series = report["series"]
    assert max(s["open_fds"] for s in series) - min(s["open_fds"] for s in series) <= 3
    assert max(s["threads"] for s in series) - min(s["threads"] for s in series) <= 1
