"""Live events over HTTP: the director's console API (floor and admin only), the clock on
the wall (public), the championship seasons; state stored and read back after a restart.
SQLite only (the snapshots table is the same on PostgreSQL; the store's tests cover it)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _api import Browser, make_config, running, staff

from croupier.room.tournament import ManualClock
from croupier.server import ServerConfig

BASE = "/api/floor/live"
NAMES = [f"p{k:02d}" for k in range(1, 13)]


@pytest.fixture
def config(tmp_path: Path) -> ServerConfig:
    return make_config(f"sqlite:///{tmp_path / 'croupier.db'}", tmp_path / "data")


@pytest.fixture
def floor(config: ServerConfig) -> Iterator[tuple[Browser, ManualClock]]:
    with running(config) as browser:
        clock = ManualClock(1_000_000.0)
        browser.client.app.state.live_clock = clock  # type: ignore[attr-defined]
        staff(browser, "boss", "floor")
        assert browser.login("boss").status_code == 200
        yield browser, clock


def _ok(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


def _new(browser: Browser, **spec: Any) -> dict[str, Any]:
    body = {"name": "Thursday freezeout", "preset": "pokcomm", "table_size": 6, **spec}
    return _ok(browser.post(BASE, body))


def _started(browser: Browser, names: list[str] = NAMES, **spec: Any) -> dict[str, Any]:
    event = _new(browser, **spec)
    url = f"{BASE}/{event['id']}"
    _ok(browser.post(f"{url}/register", {"names": names, "adult": True}))
    return _ok(browser.post(f"{url}/start", {}))


def _route_paths() -> list[tuple[str, str]]:
    from croupier.server.api_live import routes

    out = []
    for route in routes:
        if not route.path.startswith("/api/floor/"):
            continue
        path = route.path.replace("{event}", "1").replace("{what}", "results.csv")
        for method in sorted(route.methods or ()):
            if method != "HEAD":
                out.append((method, path))
    return out


def test_every_console_route_is_refused_to_a_player(config: ServerConfig) -> None:
    with running(config) as browser:
        assert browser.register("ann").status_code == 201
        paths = _route_paths()
        assert len(paths) > 25
        for method, path in paths:
            response = browser.get(path) if method == "GET" else browser.post(path, {})
            assert response.status_code == 403, (method, path, response.text)
            assert "floor or admin" in response.json()["message"]


def test_the_admin_may_do_what_the_floor_does(config: ServerConfig) -> None:
    with running(config) as browser:
        staff(browser, "root", "admin")
        browser.login("root")
        assert _new(browser)["phase"] == "registration"


@pytest.mark.rule("POK-1-2")
def test_bad_input_gets_a_clear_error_and_changes_nothing(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    bad = browser.post(BASE, {"name": "x", "levels": [{"small_blind": 100, "big_blind": 50}]})
    assert bad.status_code == 400 and "level 1" in bad.json()["message"]
    assert browser.post(BASE, {"name": "x", "preset": "nope"}).status_code == 400
    assert browser.post(BASE, {"name": "x", "payouts": ["60", "30"]}).status_code == 400
    assert _ok(browser.get(BASE))["events"] == []
    event = _new(browser)
    url = f"{BASE}/{event['id']}"
    minor = browser.post(f"{url}/register", {"names": ["kid"]})
    assert minor.status_code == 400 and "POK-1-2" in minor.json()["message"]
    twice = browser.post(f"{url}/register", {"names": ["a", "a"], "adult": True})
    assert twice.status_code == 400
    assert _ok(browser.get(url))["entries"] == 0
    assert browser.post(f"{url}/start", {}).status_code == 400  # fewer than two players
    assert browser.get(f"{BASE}/99").status_code == 404


@pytest.mark.rule("POK-6-3")
@pytest.mark.rule("POK-7-1")
@pytest.mark.rule("POK-9-8")
def test_a_live_tournament_runs_from_the_draw_to_the_winner(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, clock = floor
    view = _started(browser, knockout={"bounty": 1, "points": True})
    url = f"{BASE}/{view['id']}"
    assert view["phase"] == "running" and len(view["tables"]) == 2
    assert view["chips_expected"] == 12 * 5_000 == view["chips_in_play"]
    seated = [s["player"] for t in view["tables"] for s in t["seats"] if s["player"]]
    assert sorted(seated) == NAMES
    # the clock on the wall follows the server's clock
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert face["level"] == 1 and face["running"] and face["seconds_left"] == 20 * 60
    clock.advance(20 * 60 + 5)
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert face["level"] == 2 and face["seconds_left"] == pytest.approx(20 * 60 - 5)
    _ok(browser.post(f"{url}/clock", {"action": "pause"}))
    clock.advance(600)
    _ok(browser.post(f"{url}/clock", {"action": "add", "seconds": 60}))
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert not face["running"] and face["seconds_left"] == pytest.approx(20 * 60 + 55)
    _ok(browser.post(f"{url}/clock", {"action": "resume"}))
    # busts, knock-out points and the balancing that follows them
    order = []
    while True:
        view = _ok(browser.get(url))
        if view["phase"] == "finished":
            break
        tables = sorted(view["tables"], key=lambda t: -t["players"])
        victim = next(s["player"] for s in tables[0]["seats"] if s["player"])
        others = [s["player"] for t in view["tables"] for s in t["seats"]]
        killer = next(p for p in others if p and p != victim)
        _ok(browser.post(f"{url}/bust", {"players": [victim], "by": [killer]}))
        order.append((victim, killer))
        counts = [t["players"] for t in _ok(browser.get(url))["tables"]] or [1]
        assert max(counts) - min(counts) <= 1  # POK-7-1: balanced at once
    finishes = {f["player"]: f["place"] for f in view["finishes"]}
    assert [finishes[v] for v, _ in order] == list(range(12, 1, -1))
    assert view["winner"] == order[-1][1]
    assert sum(r["prize"] for r in view["results"]) == view["pool"]["total"]
    ko = {r["player"]: r["bounty"] for r in view["results"]}
    assert sum(ko.values()) == 12  # a point per knock-out (POK-6-3), the winner his own
    csv = browser.get(f"{url}/export/results.csv").text
    assert csv.splitlines()[0].startswith("place,player") and view["winner"] in csv
    page = browser.get(f"{url}/export/results.html")
    assert page.headers["content-type"].startswith("text/html") and "<table>" in page.text


def test_counts_that_do_not_add_up_are_flagged_and_corrections_undone(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _started(browser)
    url = f"{BASE}/{view['id']}"
    a, b = view["tables"][0]["seats"][0]["player"], view["tables"][0]["seats"][1]["player"]
    view = _ok(browser.post(f"{url}/counts", {"counts": {a: 6_000}}))
    assert view["chip_discrepancy"] == -1_000 and view["pending_counts"] == [[a, 6_000]]
    view = _ok(browser.post(f"{url}/counts", {"counts": {b: 4_000}}))
    assert view["chip_discrepancy"] == 0 and view["pending_counts"] == []
    assert browser.post(f"{url}/counts", {"counts": {a: 0}}).status_code == 400
    view = _ok(browser.post(f"{url}/counts", {"counts": {a: 6_100}}))
    refused = browser.post(f"{url}/counts/accept", {"reason": ""})
    assert refused.status_code == 400 and "reason" in refused.json()["message"]
    view = _ok(browser.post(f"{url}/counts/accept", {"reason": "chip found under the table"}))
    assert view["chips_expected"] == 60_100 and view["corrections"][0]["difference"] == 100
    # a bust entered by mistake, undone
    view = _ok(browser.post(f"{url}/bust", {"players": [b], "by": [a]}))
    assert b not in view["still_in"] and view["players_left"] == 11
    view = _ok(browser.post(f"{url}/undo-bust", {"player": b, "reason": "wrong player"}))
    assert view["players_left"] == 12 and view["finishes"] == []
    assert browser.post(f"{url}/undo-bust", {"player": b}).status_code == 400
    actions = [j["action"] for j in view["journal"]]
    assert actions[-2:] == ["bust", "bust undone"] and view["journal"][-1]["by"] == "boss"


@pytest.mark.rule("POK-13-1")
@pytest.mark.rule("ITA-51")
def test_penalties_go_to_the_floor_log_with_who_and_why(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _started(browser)
    url = f"{BASE}/{view['id']}"
    p = view["tables"][0]["seats"][0]["player"]
    body = {"player": p, "fault": "conduct", "reason": "swore at the dealer"}
    view = _ok(browser.post(f"{url}/penalty", body))
    view = _ok(browser.post(f"{url}/penalty", body))
    assert [d["sanction"] for d in view["decisions"]] == ["warning", "suspension"]
    seat = next(s for t in view["tables"] for s in t["seats"] if s["player"] == p)
    assert seat["suspended"] == 6 and seat["absent"]  # one orbit: six at his table
    assert view["decisions"][0]["director"] == "boss"
    assert view["decisions"][0]["reason"] == "swore at the dealer"
    assert browser.post(f"{url}/penalty", {**body, "reason": ""}).status_code == 400
    view = _ok(browser.post(f"{url}/penalty", {**body, "sanction": "disqualification"}))
    assert p not in view["still_in"] and view["finishes"][0]["kind"] == "disqualified"
    assert view["chips_expected"] == 11 * 5_000
    # the floor's log has them too, with who, when and why
    log = _ok(browser.get(f"/api/floor/log?subject_kind=event&subject_id={view['id']}"))
    penalties = [d for d in log["decisions"] if d["action"] == "penalty"]
    assert len(penalties) == 3 and all(
        d["who"] == "boss" and d["role"] == "floor" for d in penalties
    )
    assert penalties[0]["why"] == "swore at the dealer" and penalties[0]["at"]
    assert "disqualification" in penalties[0]["detail"]["detail"]


def test_the_state_survives_a_restart_and_the_clock_catches_up(config: ServerConfig) -> None:
    with running(config) as browser:
        clock = ManualClock(1_000_000.0)
        browser.client.app.state.live_clock = clock  # type: ignore[attr-defined]
        staff(browser, "boss", "floor")
        browser.login("boss")
        view = _started(browser)
        _ok(browser.post(f"{BASE}/{view['id']}/message", {"text": "Dinner at level 5"}))
        clock.advance(300)
        _ok(browser.get(f"{BASE}/{view['id']}"))
    with running(config) as browser:
        browser.client.app.state.live_clock = ManualClock(1_000_000.0 + 900)  # type: ignore[attr-defined]
        face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
        assert face["seconds_left"] == pytest.approx(20 * 60 - 900)
        assert face["message"] == "Dinner at level 5" and face["players_left"] == 12


def test_the_clock_page_needs_no_login_and_shows_nothing_hidden(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _started(browser)
    page = browser.client.get(f"/clock/{view['id']}")
    # the wall clock's own bundle (content-hashed by the build: clock-<hash>.js)
    assert page.status_code == 200 and re.search(r'src="/static/dist/clock-\w+\.js"', page.text)
    face = browser.client.get(f"/api/clock/{view['id']}").json()
    text = str(face)
    assert not any(name in text for name in NAMES)  # no seat, no stack of anyone
    assert face["average_stack"] == 5_000 and face["entries"] == 12


@pytest.mark.rule("ITA-18")
def test_a_guarantee_and_a_payout_table_make_the_prizes(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _new(browser, buy_in=2_000, guarantee=100_000, payouts=["50", "30", "20"])
    url = f"{BASE}/{view['id']}"
    names = [f"q{k}" for k in range(30)]
    view = _ok(browser.post(f"{url}/register", {"names": names, "adult": True}))
    assert view["pool"]["total"] == 100_000 and view["pool"]["overlay"] == 40_000
    assert view["clock"]["payouts"] == [50_000, 30_000, 20_000]
    more = browser.post(f"{url}/register", {"names": ["q30"], "adult": True})
    assert more.status_code == 400 and "ITA-18" in more.json()["message"]


def test_a_copy_and_the_seating_exports(floor: tuple[Browser, ManualClock]) -> None:
    browser, _ = floor
    view = _started(browser, buy_in=3_000)
    copy = _ok(browser.post(f"{BASE}/{view['id']}/copy", {"name": "Next Thursday"}))
    assert copy["buy_in"] == 3_000 and copy["entries"] == 0 and copy["id"] != view["id"]
    csv = browser.get(f"{BASE}/{view['id']}/export/seating.csv").text
    assert len(csv.splitlines()) == 13
    cards = browser.get(f"{BASE}/{view['id']}/export/seat-cards.html").text
    assert len(re.findall("class=seat-card", cards)) == 12
    assert browser.get(f"{BASE}/{view['id']}/export/nope").status_code == 404


@pytest.mark.rule("POK-6-3")
def test_a_finished_tournament_goes_into_a_season(floor: tuple[Browser, ManualClock]) -> None:
    browser, _ = floor
    season = {"name": "2026", "points": "linear", "knockout_points": 2}
    _ok(browser.post("/api/floor/seasons", season))
    assert browser.post("/api/floor/seasons", season).status_code == 400
    view = _started(browser, names=["ann", "bob", "cy"])
    url = f"{BASE}/{view['id']}"
    early = browser.post(f"{url}/season", {"season": "2026"})
    assert early.status_code == 400 and "not over" in early.json()["message"]
    _ok(browser.post(f"{url}/bust", {"players": ["cy"], "by": ["ann"]}))
    _ok(browser.post(f"{url}/bust", {"players": ["bob"], "by": ["ann"]}))
    _ok(browser.post(f"{url}/season", {"season": "2026"}))
    assert browser.post(f"{url}/season", {"season": "2026"}).status_code == 400
    undo = browser.post(f"{url}/undo-bust", {"player": "bob"})
    assert undo.status_code == 400 and "out of the season first" in undo.json()["message"]
    table = browser.client.get("/api/standings/2026").json()
    assert [(s["player"], s["points"]) for s in table["standings"]] == [
        ("ann", 7),
        ("bob", 2),
        ("cy", 1),
    ]
    csv = browser.client.get("/api/standings/2026/csv").text
    assert csv.splitlines()[1].startswith("1,ann,7")
    # added by mistake: taken out (with a reason), then added again
    gone = {"event": "Thursday freezeout", "reason": "wrong season"}
    assert browser.post("/api/floor/seasons/2026/remove", {**gone, "reason": ""}).status_code == 400
    _ok(browser.post("/api/floor/seasons/2026/remove", gone))
    assert browser.client.get("/api/standings/2026").json()["standings"] == []
    assert browser.post("/api/floor/seasons/2026/remove", gone).status_code == 400
    view = _ok(browser.post(f"{url}/season", {"season": "2026"}))
    assert view["in_season"] and view["journal"][-2]["action"] == "removed from season"


def test_an_online_account_registers_and_the_clock_face_reads_an_engine_tournament(
    floor: tuple[Browser, ManualClock],
) -> None:
    import random

    from croupier.room.tournament import Tournament, tournament_preset
    from croupier.server.live import clock_face

    browser, _ = floor
    staff(browser, "dora", "player")
    event = _new(browser)
    url = f"{BASE}/{event['id']}"
    view = _ok(browser.post(f"{url}/register", {"account": "DORA", "adult": True}))
    assert view["entries_list"] == [
        {
            "player": "dora",
            "arrived": True,
            "late": False,
            "rebuys": 0,
            "add_on": False,
            "account": True,
        }
    ]
    assert browser.post(f"{url}/register", {"account": "nobody", "adult": True}).status_code == 404
    # the very function feeds an online tournament's clock (the engine's Tournament)
    clock = ManualClock()
    online = Tournament(tournament_preset("italian"), clock=clock, rng=random.Random(3))
    for k in range(12):
        online.register(f"bot{k}", adult=True)
    online.start()
    clock.advance(125)
    face = clock_face(online, title="Sunday online")
    assert face["level"] == 1 and face["players_left"] == 12 and face["running"]
    assert face["seconds_left"] == pytest.approx(online.structure.periods[0].seconds - 125)
    assert face["average_stack"] == online.structure.starting_stack
    assert sum(face["payouts"]) == face["prize_pool"]


def test_the_floor_moves_a_player_itself_and_sets_the_button(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _started(browser)
    url = f"{BASE}/{view['id']}"
    one, two = view["tables"]
    out = next(s["player"] for s in one["seats"] if s["player"])
    _ok(browser.post(f"{url}/bust", {"players": [out]}))
    mover = next(s["player"] for s in two["seats"] if s["player"])
    taken = next(s["seat"] for s in one["seats"] if s["player"] and s["player"] != out)
    refused = browser.post(f"{url}/move", {"player": mover, "table": one["number"], "seat": taken})
    assert refused.status_code == 400 and "not free" in refused.json()["message"]
    free = next(s["seat"] for s in one["seats"] if s["player"] == out)
    view = _ok(browser.post(f"{url}/move", {"player": mover, "table": one["number"], "seat": free}))
    seat = next(s for t in view["tables"] for s in t["seats"] if s["player"] == mover)
    assert seat["seat"] == free and view["journal"][-1]["action"] == "moved"
    assert browser.post(f"{url}/button", {"table": one["number"], "seat": 99}).status_code == 400
    view = _ok(browser.post(f"{url}/button", {"table": one["number"], "seat": free}))
    table = next(t for t in view["tables"] if t["number"] == one["number"])
    assert table["button"] == free and table["next_big_blind"] is not None


def test_malformed_bodies_are_refused_on_every_route_and_change_nothing(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, _ = floor
    view = _started(browser)
    url = f"{BASE}/{view['id']}"
    before = _ok(browser.get(url))
    bodies: list[Any] = [
        {},
        {"player": 7, "players": "x", "table": "one", "seat": None, "counts": [1]},
        {"players": ["nobody"], "by": ["nobody"], "counts": {"nobody": 5}},
        {"action": "explode", "seconds": -5, "text": 3, "reason": 4},
        ["not", "an", "object"],
    ]
    for method, path in _route_paths():
        if method != "POST" or "{" in path or not path.startswith(f"{BASE}/1/"):
            continue
        for body in bodies:
            response = browser.post(path, body)
            assert response.status_code in (400, 404), (path, body, response.text)
            assert response.json()["message"], (path, body)
    after = _ok(browser.get(url))
    for key in ("journal_count", "players_left", "chips_expected", "tables", "finishes"):
        assert after[key] == before[key], key


def test_the_clock_through_a_break_and_a_custom_structure(
    floor: tuple[Browser, ManualClock],
) -> None:
    browser, clock = floor
    levels = [
        {"small_blind": 100, "big_blind": 200, "ante": 25, "minutes": 15},
        {"break": 5},
        {"small_blind": 200, "big_blind": 400, "ante": 50, "minutes": 15},
    ]
    view = _started(browser, levels=levels, starting_stack=20_000)
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert (face["small_blind"], face["big_blind"], face["ante"]) == (100, 200, 25)
    assert face["upcoming"] == {"kind": "break", "minutes": 5}
    assert face["next_level"]["big_blind"] == 400 and face["seconds_to_break"] == 15 * 60
    clock.advance(15 * 60 + 30)
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert face["on_break"] and face["level"] == 1 and face["seconds_left"] == 5 * 60 - 30
    assert face["seconds_to_break"] is None and face["upcoming"]["big_blind"] == 400
    clock.advance(5 * 60)
    face = _ok(browser.client.get(f"/api/clock/{view['id']}"))
    assert face["level"] == 2 and face["seconds_left"] is None  # the last level lasts
    assert face["average_stack"] == 20_000
    refused = browser.post(f"{BASE}/{view['id']}/clock", {"action": "next"})
    assert refused.status_code == 400 and "last level" in refused.json()["message"]


def test_progressive_bounties_are_paid_in_money(floor: tuple[Browser, ManualClock]) -> None:
    browser, _ = floor
    view = _started(browser, names=["ann", "bob", "cy", "dan"], preset="pokcomm-pko")
    url = f"{BASE}/{view['id']}"
    _ok(browser.post(f"{url}/bust", {"players": ["dan"], "by": ["cy"]}))
    _ok(browser.post(f"{url}/bust", {"players": ["cy"], "by": ["ann"]}))
    view = _ok(browser.post(f"{url}/bust", {"players": ["bob"], "by": ["ann"]}))
    bounties = {r["player"]: r["bounty"] for r in view["results"]}
    assert sum(bounties.values()) == view["pool"]["bounties"] == 4 * 1_000
    assert bounties["cy"] == 500 and bounties["dan"] == 0  # half of dan's head, half on cy's
    assert sum(r["prize"] for r in view["results"]) == view["pool"]["total"] == 4 * 1_000
    page = browser.get(f"{url}/export/results.html").text
    assert "€5.00" in page and "Bounty" in page


def test_rebuys_and_the_add_on(floor: tuple[Browser, ManualClock]) -> None:
    browser, clock = floor
    view = _started(browser, names=["ann", "bob", "cy"], preset="pokcomm-rebuy")
    url = f"{BASE}/{view['id']}"
    seat = next(s for t in view["tables"] for s in t["seats"] if s["player"] == "ann")
    assert seat["can_rebuy"] and view["rebuy_open"]
    view = _ok(browser.post(f"{url}/rebuy", {"player": "ann"}))
    assert view["chips_expected"] == 4 * 5_000 and view["pool"]["total"] == 4 * 2_000
    refused = browser.post(f"{url}/add-on", {"player": "ann"})
    assert refused.status_code == 400 and "after level 6" in refused.json()["message"]
    clock.advance(6 * 20 * 60 + 1)  # the break after level 6: the add-on window
    view = _ok(browser.get(url))
    assert view["add_on_open"] and view["clock"]["on_break"]
    view = _ok(browser.post(f"{url}/add-on", {"player": "bob"}))
    assert view["chips_expected"] == 5 * 5_000 and view["pool"]["total"] == 5 * 2_000
    again = browser.post(f"{url}/add-on", {"player": "bob"})
    assert again.status_code == 400 and "already" in again.json()["message"]
    clock.advance(10 * 60)  # level 7: the rebuy period is over
    late = browser.post(f"{url}/rebuy", {"player": "cy"})
    assert late.status_code == 400 and "ended with level 6" in late.json()["message"]


@pytest.mark.rule("POK-6-1", "ITA-18")
def test_a_busted_player_rebuys_within_the_rebuy_period(
    floor: tuple[Browser, ManualClock],
) -> None:
    """Busted during the rebuy period, a player is not ranked yet: he may rebuy (back into
    the tournament with the rebuy's chips, the pool growing by its price) or decline (ranked
    then); when the period ends, the ones left are ranked; places and payouts come out right."""
    browser, clock = floor
    view = _started(browser, names=["ann", "bob", "cy", "dee"], preset="pokcomm-rebuy")
    url = f"{BASE}/{view['id']}"
    view = _ok(browser.post(f"{url}/bust", {"players": ["ann"], "by": ["bob"]}))
    assert view["busted_may_rebuy"] == ["ann"] and view["players_left"] == 4
    assert view["finishes"] == []
    seated = {s["player"] for t in view["tables"] for s in t["seats"] if s["player"]}
    assert "ann" not in seated
    view = _ok(browser.post(f"{url}/rebuy", {"player": "ann"}))
    assert view["busted_may_rebuy"] == [] and view["pool"]["total"] == 5 * 2_000
    seat = next(s for t in view["tables"] for s in t["seats"] if s["player"] == "ann")
    assert seat["stack"] == 5_000
    assert view["chips_expected"] == 5 * 5_000  # the rebuy's chips issued (POK-6-1)
    # another bust: he declines, ranked at once
    view = _ok(browser.post(f"{url}/bust", {"players": ["dee"], "by": ["cy"]}))
    assert view["busted_may_rebuy"] == ["dee"]
    view = _ok(browser.post(f"{url}/decline-rebuy", {"player": "dee"}))
    assert [(f["place"], f["player"]) for f in view["finishes"]] == [(4, "dee")]
    # a bust left pending when the period ends is ranked then
    view = _ok(browser.post(f"{url}/bust", {"players": ["cy"], "by": ["ann"]}))
    assert view["busted_may_rebuy"] == ["cy"]
    clock.advance(6 * 20 * 60 + 10 * 60 + 1)  # past level 6 and its break
    view = _ok(browser.get(url))
    assert not view["rebuy_open"] and view["busted_may_rebuy"] == []
    assert [(f["place"], f["player"]) for f in view["finishes"]] == [(3, "cy"), (4, "dee")]
    view = _ok(browser.post(f"{url}/bust", {"players": ["ann"], "by": ["bob"]}))
    assert view["phase"] == "finished" and view["winner"] == "bob"
    places = [(r["place"], r["player"]) for r in view["results"]]
    assert places == [(1, "bob"), (2, "ann"), (3, "cy"), (4, "dee")]
    assert sum(r["prize"] for r in view["results"]) == view["pool"]["total"]
