"""How the client ships (docs/web.md, "How it ships"), against the real server: the pages
point at content-hashed built files, sent compressed (brotli or gzip) and cached for good;
a build older than its sources is never served; a player's walk through his pages loads no
source file and none of the floor's code, under 150 KB of compressed JavaScript, with nothing
in the console (no error status, no refusal by the security policy); a second visit takes
every built file from the browser's cache; the floor's console loads its own code; a wheel
built from the project (its build making the client's bundles) serves working pages."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from _browser import SERVE, Player, Server, free_port, new_player, wait_until
from playwright.sync_api import Browser, Response
from starlette.applications import Starlette
from starlette.testclient import TestClient
from test_web_floor import floor_person

from croupier.server.web import WEB_DIR, load_build, routes, sources_digest

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((WEB_DIR / "dist" / "manifest.json").read_text())
BUILT = re.compile(r"^/static/dist/(chunks/)?[\w-]+-[A-Za-z0-9]{8,10}\.(js|css|svg)$")
PLAYER_JS_BUDGET = 150 * 1024


def floor_files() -> set[str]:
    """The built JavaScript files that hold the floor's console's code."""
    return {
        name
        for name, module in MANIFEST["modules"].items()
        if any(re.search(r"js/(pages/floor|words/floor)", s) for s in module["sources"])
    }


def refs(html: str) -> list[str]:
    """Every file a page links (scripts, preloads, stylesheets, icons, images)."""
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_the_pages_link_built_files_sent_compressed_and_cached_for_good(server: Server) -> None:
    with httpx2.Client(base_url=server.url) as http:
        page = http.get("/", headers={"Accept-Encoding": "identity"})
        assert page.status_code == 200 and page.headers["cache-control"] == "no-cache"
        etag = page.headers["etag"]
        again = http.get("/", headers={"If-None-Match": etag})
        assert again.status_code == 304  # revalidated, nothing sent
        linked = refs(page.text)
        assert linked and all(BUILT.match(u) for u in linked), linked
        assert sum(1 for u in linked if u.endswith(".js")) == 1 + len(
            MANIFEST["pages"]["index.html"]["preload"]
        )
        for url in linked:
            raw = http.get(url, headers={"Accept-Encoding": "identity"})
            assert raw.status_code == 200, url
            assert raw.headers["cache-control"] == "public, max-age=31536000, immutable"
            assert raw.headers["vary"] == "Accept-Encoding"
            assert "content-security-policy" in raw.headers
            assert "content-encoding" not in raw.headers
            with http.stream("GET", url, headers={"Accept-Encoding": "gzip"}) as zipped:
                assert zipped.headers["content-encoding"] == "gzip"
                body = b"".join(zipped.iter_raw())
            assert gzip.decompress(body) == raw.content and len(body) < len(raw.content)
            with http.stream("GET", url, headers={"Accept-Encoding": "gzip, br"}) as brotli:
                assert brotli.headers["content-encoding"] == "br"
                squeezed = b"".join(brotli.iter_raw())
            assert len(squeezed) < len(raw.content)
            refused = http.get(url, headers={"Accept-Encoding": "br;q=0, gzip;q=0"})
            assert "content-encoding" not in refused.headers
        # the wall clock's page is built too
        clock = http.get("/clock/anything")
        assert clock.status_code == 200 and all(BUILT.match(u) for u in refs(clock.text))
        assert MANIFEST["files"]["js/pages/clock.js"] in clock.text
        # the built HTML is never served as a file of its own, nor a name not built
        assert http.get("/static/dist/index.html").status_code == 404
        assert http.get("/static/dist/main-00000000.js").status_code == 404


def test_a_stale_or_missing_build_is_refused_with_a_clear_page(tmp_path: Path) -> None:
    assert MANIFEST["digest"] == sources_digest(WEB_DIR)  # the build served is the sources'
    web = tmp_path / "web"
    shutil.copytree(WEB_DIR, web)
    assert load_build(web).problem is None
    source = web / "js" / "dom.js"
    source.write_text(source.read_text() + "\n// edited after the build\n")
    stale = load_build(web)
    assert stale.problem is not None and "stale" in stale.problem
    added = tmp_path / "web2"
    shutil.copytree(WEB_DIR, added)
    (added / "js" / "new_module.js").write_text("export const x = 1;\n")
    assert "stale" in (load_build(added).problem or "")
    shutil.rmtree(web / "dist")
    missing = load_build(web)
    assert missing.problem is not None and "not built" in missing.problem
    for build in (stale, missing):
        with TestClient(Starlette(routes=routes(build))) as client:
            page = client.get("/")
            assert page.status_code == 503
            assert "make web" in page.text and "The web client cannot be served" in page.text
            name = MANIFEST["files"]["js/main.js"]
            assert client.get(f"/static/dist/{name}").status_code == 404


class Walk:
    """What a page loaded over the network, and what the browser took from its cache."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.responses: list[Response] = []
        self.cached: dict[str, bool] = {}
        player.page.on("response", lambda r: self.responses.append(r))
        cdp = player.context.new_cdp_session(player.page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", self._received)

    def _received(self, event: dict[str, Any]) -> None:
        response = event["response"]
        self.cached[response["url"]] = bool(
            response.get("fromDiskCache") or response.get("fromMemoryCache")
        )

    def paths(self) -> list[str]:
        return [re.sub(r"^https?://[^/]+", "", r.url) for r in self.responses]

    def js_bytes(self) -> int:
        """Compressed bytes of JavaScript received (from the network, cache or not)."""
        total = 0
        for r in self.responses:
            if r.url.endswith(".js"):
                r.finished()
                total += r.request.sizes()["responseBodySize"]
        return total

    def errors(self) -> list[str]:
        bad = [f"{r.status} {r.url}" for r in self.responses if r.status >= 400]
        return bad + self.player.console + self.player.errors


PLAYER_PAGES = [
    ("", "#go-lobby, #go-register, main h1"),
    ("#/lobby", "#cash-tables tbody tr[data-table]"),
    ("#/cashier", "#ledger"),
    ("#/hands", "main h1"),
    ("#/settings", "main h1"),
    ("#/standings", "main h1"),
]


@pytest.fixture
def walker(browser: Browser, server: Server) -> Iterator[Player]:
    person = new_player(browser, server, "walker")
    yield person
    person.context.close()


def test_a_players_walk_loads_his_pages_only_compressed_then_from_the_cache(
    walker: Player,
) -> None:
    walk = Walk(walker)
    page = walker.page
    walker.goto("")  # a newcomer: asks who he is, no error status
    page.wait_for_selector("#go-register")
    session = [r for r in walk.responses if r.url.endswith("/api/session")]
    assert session and session[0].status == 200 and session[0].json()["user"] is None
    walker.register()
    table = page.locator("#cash-tables tbody tr[data-table]").first.get_attribute("data-table")
    for path, ready in [*PLAYER_PAGES, (f"#/table/{table}", ".seat")]:
        walker.goto(path)
        page.wait_for_selector(ready)
    tournaments = page.evaluate("fetch('/api/tournaments').then((r) => r.json())")
    tid = (tournaments.get("tournaments") or [{}])[0].get("id")
    if tid:
        walker.goto(f"#/tournament/{tid}")
        page.wait_for_selector(".t-page .t-head")
    page.wait_for_timeout(300)
    paths = walk.paths()
    assert not [p for p in paths if re.match(r"/static/(js|css|img)/", p)], "a source file"
    loaded = {p.removeprefix("/static/dist/") for p in paths if p.startswith("/static/dist/")}
    assert loaded and not loaded & floor_files(), sorted(loaded & floor_files())
    for r in walk.responses:
        if "/static/dist/" in r.url:
            assert r.headers.get("content-encoding") in ("gzip", "br"), r.url
    assert walk.js_bytes() <= PLAYER_JS_BUDGET, walk.js_bytes()
    assert walk.errors() == []
    # a second visit (a new tab): every built file comes from the browser's cache
    walk.cached.clear()
    second = walker.context.new_page()
    cdp = walker.context.new_cdp_session(second)
    cdp.send("Network.enable")
    cdp.on("Network.responseReceived", walk._received)
    second.goto(f"{walker.server.url}/#/lobby")
    second.wait_for_selector("#cash-tables tbody tr[data-table]")
    built = {u: c for u, c in walk.cached.items() if "/static/dist/" in u}
    assert built and all(built.values()), built
    second.close()


def test_the_floor_loads_its_console_and_nothing_is_refused(
    browser: Browser, server: Server
) -> None:
    director = floor_person(browser, server, "shipfloor")
    walk = Walk(director)
    page = director.page
    try:
        director.goto("#/floor")
        page.wait_for_selector("#floor-section-cash")
        director.goto("#/floor/log")
        page.wait_for_selector("#floor-section-log")
        director.goto("#/floor/tournaments")
        page.wait_for_selector("#online-new-summary")
        online = page.evaluate("fetch('/api/tournaments').then((r) => r.json())")
        tid = (online.get("tournaments") or [{}])[0].get("id")
        if tid:
            director.goto(f"#/floor/tournaments/online/{tid}")
            page.wait_for_selector("#online-body")
            page.wait_for_timeout(2500)  # live refreshes redraw it
        loaded = {p.removeprefix("/static/dist/") for p in walk.paths()}
        assert loaded & floor_files()
        assert walk.errors() == []  # no inline style refused, no error status
    finally:
        director.context.close()


def test_a_wheel_built_from_the_project_serves_its_pages(tmp_path: Path) -> None:
    """The package's build makes the client's bundles (no build in the copy): the wheel's
    pages and bundles are served by a server run from the wheel alone."""
    project = tmp_path / "project"
    project.mkdir()
    for name in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "package.json"):
        shutil.copy2(ROOT / name, project / name)
    shutil.copy2(ROOT / "package-lock.json", project / "package-lock.json")
    shutil.copytree(ROOT / "scripts", project / "scripts")
    shutil.copytree(
        ROOT / "src",
        project / "src",
        ignore=shutil.ignore_patterns("dist", "__pycache__", "*.egg-info"),
    )
    (project / "node_modules").symlink_to(ROOT / "node_modules")  # npm ci's, as make has it
    assert not (project / "src" / "croupier" / "web" / "dist").exists()
    made = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "-q",
            "-w",
            str(tmp_path / "wheels"),
            str(project),
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr[-3000:]
    [wheel] = (tmp_path / "wheels").glob("croupier-*.whl")
    unpacked = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked)
    web = unpacked / "croupier" / "web"
    assert (web / "dist" / "manifest.json").is_file()
    assert load_build(web).problem is None  # the wheel's bundles are its sources'
    port = free_port()
    data = tmp_path / "data"
    env = {"PYTHONPATH": str(unpacked), "PATH": "/usr/bin:/bin"}
    where = subprocess.run(
        [sys.executable, "-c", "import croupier.server.web as w; print(w.WEB_DIR)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    assert where.stdout.strip() == str(web)  # the wheel's package, not the project's
    with open(tmp_path / "server.log", "wb") as log:
        process = subprocess.Popen(
            [sys.executable, str(SERVE), str(port), str(data)], env=env, stdout=log, stderr=log
        )
    try:
        url = f"http://127.0.0.1:{port}"

        def up() -> bool:
            try:
                return httpx2.get(f"{url}/api/health", timeout=1).status_code == 200
            except httpx2.TransportError:
                return False

        wait_until(up, timeout=60, what="the server from the wheel")
        page = httpx2.get(url)
        assert page.status_code == 200
        for ref in refs(page.text):
            assert httpx2.get(url + ref).status_code == 200, ref
        served = httpx2.get(f"{url}/api/session").json()
        assert served == {"user": None, "balance": None}
    finally:
        process.terminate()
        process.wait(timeout=20)
