"""``croupier bench soak``: run the demo room (bots at its cash tables and its demo
tournaments) in a real server for a while and sample the process's vitals
(``GET /api/admin/vitals``: resident memory, file descriptors, threads, asyncio tasks); report
each one's slope after a warm-up, per minute, by least squares. A room runs for weeks: the
memory slope should be about zero, descriptors and threads flat.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from croupier.bench.online import free_port
from croupier.server.demo import read_demo_accounts

__all__ = ["run_soak", "slope"]

LEAK_MB_PER_MINUTE = 1.0
"""A memory slope above this after warm-up is called a leak."""

FAST: dict[str, Any] = {
    "bot_think": [0.02, 0.08],
    "between_hands": 0.2,
    "sng_bots_after": 2.0,
    "italian_every": 20.0,
    "demo_level_minutes": 0.5,
}
"""The demo room at a fast pace (``--pace fast``): the bots think a few hundredths of a
second, the next hand is dealt 0.2 s after the last, tournaments open every 20 s and raise
their blinds every 30 s, so that they finish in minutes; a few minutes of it play about as
many hands, and finish as many tournaments, as an hour at the default pace. What fills up to
a bound fills within them; what grows with every hand grows ten times faster."""


def slope(points: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``(x, y)`` points (0 for fewer than two).

    >>> slope([(0, 1), (1, 3), (2, 5)])
    2.0
    """
    if len(points) < 2:
        return 0.0
    n = len(points)
    mean_x = sum(x for x, _ in points) / n
    mean_y = sum(y for _, y in points) / n
    spread = sum((x - mean_x) ** 2 for x, _ in points)
    if spread == 0:
        return 0.0
    return sum((x - mean_x) * (y - mean_y) for x, y in points) / spread


def run_soak(
    *,
    minutes: float,
    every: float = 5.0,
    warmup: float | None = None,
    database: str | None = None,
    workdir: Path | None = None,
    log: Any = None,
    online: dict[str, Any] | None = None,
    leak_mb_per_minute: float = LEAK_MB_PER_MINUTE,
) -> dict[str, Any]:
    """Serve the demo room ``minutes`` long, sampling every ``every`` seconds; the slopes are
    taken after ``warmup`` minutes (default: the first third). ``online``: settings of the
    tables online (:class:`~croupier.server.tables.config.OnlineConfig`, e.g. :data:`FAST`);
    a memory slope above ``leak_mb_per_minute`` is reported as a leak."""
    base = Path(tempfile.mkdtemp(prefix="croupier-soak-")) if workdir is None else workdir
    data = base / "data"
    port = free_port()
    config: dict[str, Any] = {"port": port, "data_dir": str(data), "demo": True}
    if database is not None:
        config["database"] = database
    if online:
        config["online"] = dict(online)
    url = f"http://127.0.0.1:{port}"
    with open(base / "soak-server.log", "ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "croupier.server.launch", json.dumps(config)],
            stdout=out,
            stderr=out,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    after = minutes / 3 if warmup is None else warmup
    samples: list[dict[str, Any]] = []
    types: list[dict[str, int]] = []
    try:
        client = _admin(url, data, process)
        started = time.monotonic()
        end = started + minutes * 60
        while True:
            last = time.monotonic() + every >= end
            counted = not types and (time.monotonic() - started) / 60 >= after
            query = "?types=200" if counted or (last and types) else ""
            sample = client.get("/api/admin/vitals" + query)
            sample["minute"] = round((time.monotonic() - started) / 60, 3)
            if "types" in sample:
                types.append(sample.pop("types"))
            samples.append(sample)
            if log is not None:
                log(
                    f"{sample['minute']:7.2f} min  rss {sample['rss_bytes'] / 2**20:7.1f} MB"
                    f"  fds {sample['open_fds']}  threads {sample['threads']}"
                    f"  tasks {sample['tasks']}"
                )
            if time.monotonic() >= end:
                break
            time.sleep(min(every, max(0.0, end - time.monotonic())))
    finally:
        if process.poll() is None:
            process.send_signal(2)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
    kept = [s for s in samples if s["minute"] >= after] or samples
    middle = (kept[0]["minute"] + kept[-1]["minute"]) / 2

    def per_minute(field: str, scale: float = 1.0, among: list[dict[str, Any]] = kept) -> float:
        points = [(s["minute"], s[field] / scale) for s in among if s[field] is not None]
        return round(slope(points), 3)

    report = {
        "minutes": minutes,
        "samples": len(samples),
        "warmup_minutes": round(after, 2),
        "rss_mb_start": round(samples[0]["rss_bytes"] / 2**20, 1),
        "rss_mb_end": round(samples[-1]["rss_bytes"] / 2**20, 1),
        "rss_mb_at_warmup": round(kept[0]["rss_bytes"] / 2**20, 1),
        "rss_mb_per_minute": per_minute("rss_bytes", 2**20),
        "rss_mb_per_minute_halves": [
            per_minute("rss_bytes", 2**20, [s for s in kept if s["minute"] <= middle]),
            per_minute("rss_bytes", 2**20, [s for s in kept if s["minute"] >= middle]),
        ],
        "gc_objects_per_minute": per_minute("gc_objects"),
        "fds_per_minute": per_minute("open_fds"),
        "threads_per_minute": per_minute("threads"),
        "tasks_per_minute": per_minute("tasks"),
        "fds_max": max(s["open_fds"] or 0 for s in samples),
        "threads_max": max(s["threads"] for s in samples),
        "tasks_max": max(s["tasks"] or 0 for s in samples),
        "store_commits": samples[-1].get("store", {}).get("commits"),
        "types_grown": _grown(types),
        "series": [
            {k: s[k] for k in ("minute", "rss_bytes", "open_fds", "threads", "tasks", "gc_objects")}
            for s in samples
        ],
    }
    report["leak"] = report["rss_mb_per_minute"] > leak_mb_per_minute
    return report


def _grown(types: list[dict[str, int]], top: int = 15) -> dict[str, int]:
    """The ``top`` types of objects whose count grew most between the first and last counts
    (after the warm-up, and at the end)."""
    if len(types) < 2:
        return {}
    first, last = types[0], types[-1]
    grown = {name: n - first.get(name, 0) for name, n in last.items()}
    ranked = sorted(grown.items(), key=lambda pair: -pair[1])[:top]
    return {name: n for name, n in ranked if n > 0}


class _Client:
    """A tiny JSON client with cookies (the standard library's)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def get(self, path: str) -> Any:
        with self.opener.open(self.url + path, timeout=30) as answer:
            return json.loads(answer.read())

    def post(self, path: str, body: Any, headers: dict[str, str]) -> Any:
        request = urllib.request.Request(
            self.url + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", **headers},
            method="POST",
        )
        with self.opener.open(request, timeout=30) as answer:
            return json.loads(answer.read())


def _admin(url: str, data: Path, process: subprocess.Popen[bytes]) -> _Client:
    """A client logged in as the demo room's admin, once the server answers."""
    deadline = time.monotonic() + 120
    client = _Client(url)
    while True:
        if process.poll() is not None:
            raise RuntimeError("the server exited before it answered")
        try:
            client.get("/api/health")
            break
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not answer in 120 s")
        time.sleep(0.1)
    [admin] = [a for a in read_demo_accounts(data) if a.role == "admin"]
    csrf = client.get("/api/csrf")["csrf_token"]
    client.post(
        "/api/login",
        {"screen_name": admin.screen_name, "password": admin.password},
        {"Origin": url, "X-CSRF-Token": csrf},
    )
    return client
