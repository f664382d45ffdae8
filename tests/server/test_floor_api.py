"""The floor's API over HTTP: every route refused to a player (403) and to a stranger (401),
and the floor's and the admin's console at work; bad input is refused and changes nothing."""

from __future__ import annotations

import re
from typing import Any

import pytest
from _api import Browser, running, staff

from croupier.server import ServerConfig, api_floor


def _paths(app: Any) -> list[tuple[str, str]]:
    """Every route of the app under /api/floor (the console's parts all live there), with
    its path parameters filled in."""
    out = []
    for route in app.routes:
        path = getattr(route, "path", "")
        if not path.startswith("/api/floor"):
            continue
        for method in sorted(getattr(route, "methods", None) or ()):
            if method != "HEAD":
                out.append((method, re.sub(r"\{[^}]+\}", "t1", path)))
    return out


def _call(browser: Browser, method: str, path: str, body: Any = None) -> Any:
    if method == "GET":
        return browser.get(path)
    return browser.post(path, body if body is not None else {})


def test_every_floor_route_is_refused_to_a_player(config: ServerConfig) -> None:
    with running(config) as browser:
        paths = _paths(browser.client.app)
        assert len(paths) >= len(api_floor.routes) >= 17
        for method, path in paths:
            if method == "GET":
                assert browser.get(path).status_code == 401, path
        assert browser.register("ann").status_code == 201
        for method, path in paths:
            answer = _call(browser, method, path, {"player": "ann", "why": "x"})
            assert answer.status_code == 403, (method, path, answer.text)
            assert answer.json()["error"] == "forbidden"
            assert "floor or admin role" in answer.json()["message"]


def _floor(browser: Browser, name: str = "flo", role: str = "floor") -> None:
    staff(browser, name, role)
    assert browser.login(name).status_code == 200


@pytest.mark.rule("CAS-23", "CAS-25", "POK-13-1")
def test_the_console_over_http(config: ServerConfig) -> None:
    with running(config) as browser:
        _floor(browser, "boss", "admin")
        opened = browser.post(
            "/api/floor/cash/tables",
            {
                "table": "t1",
                "preset": "casino-fr",
                "small_blind": 100,
                "big_blind": 200,
                "seats": 6,
            },
        )
        assert opened.status_code == 201, opened.text
        bad = browser.post("/api/floor/cash/tables", {"table": "t 2", "seats": 6})
        assert bad.status_code == 400 and "table name 't 2'" in bad.json()["message"]
        bad = browser.post("/api/floor/cash/tables", {"table": "t2", "seats": 11})
        assert bad.status_code == 400 and "seats" in bad.json()["message"]
        bad = browser.post(
            "/api/floor/cash/tables", {"table": "t2", "preset": "pokerkings", "small_blind": 100,
                                       "big_blind": 300}
        )  # fmt: skip
        assert bad.status_code == 400 and "lower-upper" in bad.json()["message"]
        low = browser.post("/api/floor/cash/tables", {"table": "t3", "min_buy_in": 100})
        assert low.status_code == 400 and "must cover the largest blind" in low.json()["message"]
        view = browser.get("/api/floor/cash").json()
        assert [t["table"] for t in view["tables"]] == ["t1"]
        t1 = view["tables"][0]
        assert (t1["rake_box"], t1["floor_calls"], t1["status"]) == (0, True, "open")
        missing = browser.post("/api/floor/cash/tables/nope/announce", {})
        assert missing.status_code == 404 and "no cash table 'nope'" in missing.json()["message"]
        empty = browser.post("/api/floor/cash/tables/t1/call", {})
        assert empty.status_code == 400 and "nobody is on the waiting list" in empty.text
        void = browser.post("/api/floor/cash/tables/t1/void", {"why": "misdeal"})
        assert void.status_code == 409 or "no hand is being played" in void.text
        nowhy = browser.post("/api/floor/penalties", {"player": "boss", "kind": "warning"})
        assert nowhy.status_code == 400 and "why" in nowhy.json()["message"]
        ghost = browser.post(
            "/api/floor/penalties", {"player": "zed", "kind": "warning", "why": "late"}
        )
        assert ghost.status_code == 404
        assert browser.get("/api/floor/log?action=warning").json()["decisions"] == []
        warned = browser.post(
            "/api/floor/penalties", {"player": "boss", "kind": "warning", "why": "a test"}
        )
        assert warned.status_code == 200, warned.text
        announced = browser.post("/api/floor/cash/tables/t1/announce", {"why": "quiet night"})
        assert announced.json()["status"] == "closed"  # nobody plays: it closes at once
        rake = browser.get("/api/floor/cash/tables/t1/rake").json()
        assert rake["reconciled"] and rake["room_balanced"]
        report = browser.get("/api/floor/cash/report?format=csv")
        assert report.headers["content-type"].startswith("text/csv")
        assert "TOTAL" in report.text
        page = browser.get("/api/floor/cash/report?format=html&lang=it")
        assert "Rapporto giornaliero" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert browser.get("/api/floor/cash/report?date=2026-13-01").status_code == 400
        ledger = browser.get("/api/floor/cash/tables/t1/ledger?format=csv")
        assert ledger.text.startswith("entry,at,kind")
        actions = [d["action"] for d in browser.get("/api/floor/log").json()["decisions"]]
        assert actions == ["table_closed", "last_hands_announced", "warning", "table_opened"]
        assert all(d["who"] == "boss" for d in browser.get("/api/floor/log").json()["decisions"])
