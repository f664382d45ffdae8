"""``croupier bench web``: how fast the pages come, cold, in Debian's Chromium on loopback.

A real server (``create_app``, the demo room, its own process and SQLite folder) serves the
client's build; each run opens a new browser context (an empty cache) logged in as a player
and times, from the navigation's start, the moment the page shows what it is for: the
lobby's first table row, the table's seats, the front page's first step (for a newcomer,
not logged in). Beside each, the same page from the sources as they were served before the
build (``/bench/sources``: the ES modules one by one, uncompressed, revalidated), the peer
of the same run. Each row is the median of ``repeat`` runs; the JavaScript bytes are as
received (compressed), the requests every request of the page.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["TARGETS_MS", "WebRow", "run", "serve"]

TARGETS_MS = {"lobby": 300.0, "table": 400.0}
"""Issue 17's targets on loopback, cold cache: the lobby's rows, the table's seats."""
PAGES = {
    "front page": ("#/", "#go-register", False),
    "lobby": ("#/lobby", "#cash-tables tbody tr[data-table]", True),
    "table": ("#/table/{table}", ".seat", True),
}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# Records the time (from the navigation's start) when the selector first matches.
WATCH = """(() => {
  const selector = %s;
  const seen = () => {
    if (window.__shown === undefined && document.querySelector(selector)) {
      window.__shown = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { childList: true, subtree: true });
})()"""


@dataclass(frozen=True, slots=True)
class WebRow:
    """One page from one kind of serving: median time to its content, bytes, requests."""

    page: str
    served: str
    ms: float
    ms_all: list[float]
    js_bytes: int
    requests: int
    target_ms: float | None

    def to_json(self) -> dict[str, Any]:
        """The row as JSON."""
        return {
            "name": f"{self.page} ({self.served})",
            "page": self.page,
            "served": self.served,
            "ms": round(self.ms, 1),
            "ms_all": [round(m, 1) for m in self.ms_all],
            "js_bytes": self.js_bytes,
            "requests": self.requests,
            "target_ms": self.target_ms,
        }


def serve(port: int, data: str) -> None:
    """The bench's server: ``create_app`` on ``port`` with the demo room, and the sources'
    page (``/bench/sources``, the client as it was served before the build)."""
    import uvicorn
    from starlette.requests import Request
    from starlette.responses import FileResponse, Response
    from starlette.routing import Route

    from croupier.server import ServerConfig, create_app
    from croupier.server.web import HEADERS, WEB_DIR

    async def sources(request: Request) -> Response:
        return FileResponse(WEB_DIR / "index.html", headers=HEADERS, media_type="text/html")

    app = create_app(ServerConfig(port=port, data_dir=Path(data)))
    app.router.routes.insert(0, Route("/bench/sources", sources))
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)


def _free_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_up(url: str, process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the bench's server exited")
        try:
            with urllib.request.urlopen(f"{url}/api/health", timeout=1) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the bench's server did not answer in {timeout} s")


def run(*, repeat: int = 5, chromium: str = "/usr/bin/chromium") -> list[WebRow]:
    """Every page, built and from the sources, ``repeat`` cold loads each (median kept)."""
    from playwright.sync_api import sync_playwright

    if not Path(chromium).exists():
        raise RuntimeError(f"the web bench needs Chromium at {chromium} (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="croupier-bench-web-") as folder:
        port = _free_port()
        url = f"http://127.0.0.1:{port}"
        code = f"from croupier.bench.web import serve; serve({port}, {folder + '/data'!r})"
        with open(Path(folder) / "server.log", "wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-c", code], stdout=log, stderr=log, env={**os.environ}
            )
        try:
            _wait_up(url, process)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=FLAGS)
                try:
                    return _measure(browser, url, repeat)
                finally:
                    browser.close()
        finally:
            process.terminate()
            process.wait(timeout=20)


def _measure(browser: Any, url: str, repeat: int) -> list[WebRow]:
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{url}/#/register")
    page.wait_for_selector("#register-title")
    page.fill("input[name=full_name]", "Bench Player")
    page.fill("input[name=screen_name]", "benchplayer")
    page.fill("input[name=password]", "correct horse battery")
    page.check("input[name=adult]")
    page.check("input[name=accept_rules]")
    page.click("form button[type=submit]")
    page.wait_for_selector("#cash-tables tbody tr[data-table]")
    table = page.locator("#cash-tables tbody tr[data-table]").first.get_attribute("data-table")
    state = context.storage_state()
    context.close()
    rows = []
    for name, (route, selector, login) in PAGES.items():
        for served, base in (("built", "/"), ("sources", "/bench/sources")):
            times, sizes, counts = [], [], []
            for k in range(repeat + 1):  # the first run warms the server, not the browser
                ms, js, requests = _cold_load(
                    browser,
                    f"{url}{base}{route.format(table=table)}",
                    selector,
                    state if login else None,
                )
                if k:
                    times.append(ms)
                    sizes.append(js)
                    counts.append(requests)
            rows.append(
                WebRow(
                    page=name,
                    served=served,
                    ms=statistics.median(times),
                    ms_all=times,
                    js_bytes=int(statistics.median(sizes)),
                    requests=int(statistics.median(counts)),
                    target_ms=TARGETS_MS.get(name) if served == "built" else None,
                )
            )
    return rows


def _cold_load(
    browser: Any, url: str, selector: str, state: dict[str, Any] | None
) -> tuple[float, int, int]:
    """One load in a new context (nothing cached): ms to the selector, JS bytes, requests."""
    context = browser.new_context(storage_state=state) if state else browser.new_context()
    try:
        page = context.new_page()
        responses: list[Any] = []
        page.on("response", lambda r: responses.append(r))
        page.add_init_script(WATCH % json.dumps(selector))
        page.goto(url)
        page.wait_for_selector(selector)
        page.wait_for_function("window.__shown !== undefined")
        ms = float(page.evaluate("window.__shown"))
        page.wait_for_load_state("networkidle")
        js = 0
        for response in responses:
            if response.url.split("?")[0].endswith(".js"):
                response.finished()
                js += int(response.request.sizes()["responseBodySize"])
        return ms, js, len(responses)
    finally:
        context.close()


def print_table(rows: list[WebRow]) -> None:
    """The rows as a table, each built row beside its sources' peer."""
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Pages, cold cache, loopback (median)")
    for column in ("page", "served", "to content", "runs", "JS received", "requests", "target"):
        table.add_column(column, justify="left" if column in ("page", "served") else "right")
    for row in rows:
        target = ""
        if row.target_ms is not None:
            mark = "ok" if row.ms <= row.target_ms else "MISSED"
            target = f"≤ {row.target_ms:.0f} ms {mark}"
        table.add_row(
            row.page,
            row.served,
            f"{row.ms:.0f} ms",
            " ".join(f"{m:.0f}" for m in row.ms_all),
            f"{row.js_bytes / 1024:.1f} KB",
            str(row.requests),
            target,
        )
    Console().print(table)
