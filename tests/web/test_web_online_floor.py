"""The floor's console on a tournament online in Chromium against the real server: a
director creates an online tournament from a preset and a structure (the live editor's
levels and breaks), players register from their own pages, the director starts it, sees its
tables and chip counts, pauses the clock, and the clock on the wall shows it paused; the
floor's log shows the tournament's decisions. A player is refused every new route (403).
Screenshots: the console at 1366x768 and 390x844, the wall clock at 1920x1080."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import PHONE, Player, Server, new_player, wait_until
from playwright.sync_api import Browser
from test_web_floor import floor_person

WALL = {"width": 1920, "height": 1080}
FAILURE = Path(__file__).resolve().parents[2] / "build" / "online-floor-failure.png"
REGISTER = """async (tid) => await new Promise((resolve) => {
  const ws = new WebSocket(location.origin.replace(/^http/, "ws") + "/ws");
  let sent = false;
  ws.onmessage = (e) => {
    const f = JSON.parse(e.data);
    if (!sent) {
      sent = true;
      ws.send(JSON.stringify({v: 1, type: "register", id: "reg-1", tournament: tid}));
    } else if (f.id === "reg-1") { resolve(f.type); ws.close(); }
  };
  setTimeout(() => resolve("timeout"), 8000);
})"""
STAFF_POST = """async ([path, body]) => {
  const api = await import("/static/js/api.js");
  try { await api.post(path, body); return 200; } catch (e) { return e.status; }
}"""


@pytest.fixture(scope="module")
def people(browser: Browser, server: Server) -> Iterator[dict[str, Player]]:
    made: dict[str, Player] = {}
    yield made
    for player in made.values():
        player.context.close()


def _api(p: Player, path: str) -> Any:
    response = p.context.request.get(p.server.url + path)
    assert response.ok, response.text()
    return response.json()


def test_a_director_runs_an_online_tournament_and_the_wall_clock_follows(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    director = people["director"] = floor_person(browser, server, "director")
    page = director.page
    try:
        director.goto("#/floor/tournaments")
        page.wait_for_selector("#online-new-summary")
        page.click("#online-new-summary")
        page.fill("#on-name", "Online Friday")
        page.select_option("#on-preset", "pokcomm")
        page.fill("#on-max", "9")
        page.fill("#on-start-when", "9")
        page.fill("#on-size", "2")
        page.fill("#on-reason", "the Friday game")
        page.screenshot(path=str(shots / "online-floor-list-desktop.png"), full_page=True)
        page.click("#on-create")
        page.wait_for_selector("#online-body[data-state='registering']")
        tid = page.url.rsplit("/", 1)[1]
        made = _api(director, f"/api/tournaments/{tid}/floor")
        assert made["name"] == "Online Friday" and made["entry"]["table_size"] == 2

        for name in ("ann", "bob", "cyd"):
            p = people[name] = new_player(browser, server, name)
            p.register()
            assert p.page.evaluate(REGISTER, tid) == "ok"
            if name == "ann":  # a player: every new route is refused
                for path in ("floor", "decisions"):
                    response = p.context.request.get(f"{server.url}/api/tournaments/{tid}/{path}")
                    assert response.status == 403
                assert p.context.request.get(f"{server.url}/api/tournaments/presets").status == 403
                for path, body in (
                    (f"/api/tournaments/{tid}/copy", {"reason": "mine"}),
                    (f"/api/tournaments/{tid}/start", {"reason": "now"}),
                    (f"/api/tournaments/{tid}/pause", {"reason": "now"}),
                ):
                    assert p.page.evaluate(STAFF_POST, [path, body]) == 403
                p.goto(f"#/floor/tournaments/online/{tid}")
                p.page.wait_for_selector("#floor-forbidden")
        wait_until(
            lambda: _api(director, f"/api/tournaments/{tid}/floor")["entrants"] == 3,
            timeout=10,
            what="three registered",
        )
        director.goto("#/floor/tournaments")
        page.wait_for_selector(f"#online-tournaments tr[data-tournament='{tid}']")
        director.goto(f"#/floor/tournaments/online/{tid}")
        page.wait_for_selector("#op-start:not([disabled])")
        page.fill("#op-reason", "three players here")
        page.click("#op-start")
        page.wait_for_selector("#online-body[data-state='running']")
        page.wait_for_selector("#online-tables [data-table]")
        assert page.locator("#online-players tbody tr").count() == 3
        page.click("#op-pause")
        page.wait_for_selector("#online-body[data-paused='true']")
        page.wait_for_selector("#op-resume")
        view = _api(director, f"/api/tournaments/{tid}/floor")
        assert view["clock"]["running"] is False
        assert sum(p["chips"] for p in view["players"]) == 3 * view["entry"]["starting_stack"]
        page.wait_for_selector("#online-decisions li[data-what='pause']")
        page.screenshot(path=str(shots / "online-floor-console-desktop.png"), full_page=True)

        ann = people["ann"]  # the tournament's own page: its clock says paused
        ann.goto(f"#/tournament/{tid}")
        ann.page.wait_for_selector(".t-clock-panel .tag.warn")
        assert "Clock paused" in ann.page.locator(".t-clock-panel").inner_text()

        wall = director.context.new_page()
        wall.set_viewport_size(WALL)
        wall.goto(f"{server.url}/clock/{tid}")
        wall.wait_for_selector("#clock.stopped [data-f='state']:not([hidden])")
        assert wall.locator("[data-f='state']").text_content() == "Paused"
        assert wall.locator("[data-f='title']").text_content() == "Online Friday"
        shown = wall.locator("[data-f='time']").inner_text()
        wall.wait_for_timeout(1500)
        assert wall.locator("[data-f='time']").inner_text() == shown  # paused: it stands
        wall.screenshot(path=str(shots / "online-floor-wall-1920.png"))

        page.fill("#op-reason", "back from dinner")
        page.click("#op-resume")
        page.wait_for_selector("#online-body[data-paused='false']")
        wall.wait_for_selector("#clock:not(.stopped)", timeout=10_000)
        page.click("#op-hfh")  # hand-for-hand: the clock stops, the wall shows it
        page.wait_for_selector("#op-hfh[aria-pressed='true']")
        page.wait_for_selector("#online-body[data-paused='true']")
        wall.wait_for_selector("#clock.stopped", timeout=10_000)
        page.click("#op-hfh")
        page.wait_for_selector("#op-hfh[aria-pressed='false']")
        page.wait_for_selector("#online-body[data-paused='false']")
        wall.close()
        page.evaluate("document.getElementById('toasts').replaceChildren()")
        page.click("#op-balance")
        page.wait_for_selector(".toast")
        assert not page.locator(".toast-error").count(), page.locator(".toast").all_inner_texts()
        page.wait_for_selector("#online-decisions li[data-what='balance']")

        director.goto("#/floor/log")
        page.wait_for_selector("tr[data-action='pause']")
        log = _api(director, f"/api/floor/log?subject_kind=tournament&subject_id={tid}")
        actions = [d["action"] for d in reversed(log["decisions"])]
        assert actions == [
            "create",
            "start",
            "pause",
            "resume",
            "hand-for-hand",
            "hand-for-hand",
            "balance",
        ], actions
        assert all(d["who"] == "director" and d["role"] == "floor" for d in log["decisions"])

        phone = new_player(browser, server, "director-phone", viewport=PHONE)
        people["phone"] = phone
        phone.context.add_cookies(director.context.cookies())
        phone.goto(f"#/floor/tournaments/online/{tid}")
        phone.page.wait_for_selector("#online-body[data-state='running']")
        phone.page.screenshot(path=str(shots / "online-floor-console-phone.png"), full_page=True)
        phone.page.evaluate("localStorage.setItem('croupier.lang', 'it')")
        phone.page.reload()
        phone.page.wait_for_selector("#online-body[data-state='running']")
        assert "Bilanciamento" in phone.page.inner_text("#online-balance")
        phone.page.screenshot(path=str(shots / "online-floor-console-it-phone.png"), full_page=True)
        assert not director.errors, director.errors
    except Exception:
        page.screenshot(path=str(FAILURE), full_page=True)
        raise
