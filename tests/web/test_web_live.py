"""A live event in Chromium against the real server: the director creates a 30-player
tournament, draws the seats, runs the clock, enters busts until a winner (balancing,
breaking tables, hand-for-hand at the bubble and the final table happening on the way),
and the standings and payouts come out exact: the very busts replayed in the domain give
the same places, prizes and knock-out points, every chip and cent accounted for. The clock
on the wall at 1920x1080 and on a phone, the console and the standings are screenshotted."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, PHONE, Server, new_player, wait_until
from playwright.sync_api import Browser, Page

from croupier.room.championship import Season, event_from_tournament, formula
from croupier.server.demo import DEMO_ACCOUNTS_FILE
from croupier.server.live.event import ClubLive, build_config

ENTRANTS = [f"Player {k:02d}" for k in range(1, 31)]
WALL = {"width": 1920, "height": 1080}
FAILURE = Path(__file__).resolve().parents[2] / "build" / "live-failure.png"


def _floor_password(server: Server) -> str:
    for line in (server.data / DEMO_ACCOUNTS_FILE).read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] == "floor":
            return parts[2]
    raise AssertionError("no demo floor account")


def _origin(page: Page) -> str:
    return page.url.split("#")[0].rstrip("/")


def _view(page: Page, event: str) -> dict[str, Any]:
    response = page.request.get(f"{_origin(page)}/api/floor/live/{event}")
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()
    return data


def _journal(page: Page, event: str) -> int:
    count: int = _view(page, event)["journal_count"]
    return count


def _do(page: Page, selector: str) -> None:
    """Click, the toasts of earlier actions cleared first (a refusal shows as one)."""
    page.evaluate("document.getElementById('toasts').replaceChildren()")
    page.click(selector)


def _wait_change(page: Page, event: str, before: int) -> dict[str, Any]:
    def changed() -> bool:
        if page.locator(".toast-error").count():
            raise AssertionError(f"refused: {page.locator('.toast-error').all_inner_texts()}")
        return _journal(page, event) > before

    try:
        wait_until(changed, timeout=10, what="the console's change")
    except AssertionError:
        page.screenshot(path=str(FAILURE), full_page=True)
        raise
    view = _view(page, event)
    page.wait_for_selector(f".live-body[data-journal='{view['journal_count']}']")
    return view


@pytest.mark.rule("POK-6-3")
@pytest.mark.rule("POK-7-1")
@pytest.mark.rule("POK-7-2")
@pytest.mark.rule("ITA-15")
@pytest.mark.rule("ITA-18")
def test_a_director_runs_a_30_player_live_tournament_to_its_winner(
    browser: Browser, server: Server, shots: Path
) -> None:
    floor = new_player(browser, server, "floor", viewport=DESKTOP)
    page = floor.page
    page.set_default_timeout(15_000)
    floor.goto("#/login?next=%23%2Ffloor%2Ftournaments")
    page.fill("input[name=screen_name]", "floor")
    page.fill("input[name=password]", _floor_password(server))
    page.click("form button[type=submit]")
    page.wait_for_selector("#live-create")
    # a season first, with two points a knock-out (POK-6-3)
    page.fill("#season-name", "Club 2026")
    page.select_option("#season-formula", "linear")
    page.fill("#season-ko", "2")
    page.click("#season-create button[type=submit]")
    page.wait_for_selector("#season-list a")
    page.screenshot(path=str(shots / "live-list-desktop.png"), full_page=True)
    # the tournament: the knock-out preset, 12 places paid, a structure edited
    page.fill("#new-name", "Thursday knock-out")
    page.select_option("#new-preset", "pokcomm-ko")
    page.fill("#new-places", "12")
    page.click("#add-break")
    page.click("#add-level")
    page.click("#create-submit")
    page.wait_for_selector("#reg-form")
    event = page.url.rsplit("/", 1)[-1]
    spec = _view(page, event)["spec"]
    page.fill("#reg-names", "\n".join(ENTRANTS))
    page.click("#reg-submit")  # the adults not confirmed: refused, nobody registered
    page.wait_for_selector(".toast-error")
    assert "POK-1-2" in page.inner_text(".toast-error")
    assert _view(page, event)["entries"] == 0
    page.check("#reg-adult")
    page.click("#reg-submit")
    wait_until(lambda: "30" in page.inner_text("#reg-count"), timeout=10, what="30 entries")
    page.click("#start")
    page.wait_for_selector("#tables .live-table")
    view = _view(page, event)
    assert len(view["tables"]) == 3 and view["chips_expected"] == 30 * 5_000
    draw = {
        s["player"]: (t["number"], s["seat"])
        for t in view["tables"]
        for s in t["seats"]
        if s["player"]
    }
    # the clock: paused, time added, resumed; the message to the room
    page.click("#clock-pause")
    page.wait_for_selector("#clock-resume")
    page.fill("#clock-seconds", "120")
    page.click("#clock-add")
    wait_until(
        lambda: _view(page, event)["clock"]["seconds_left"] > 20 * 60, timeout=5, what="+2 min"
    )
    page.click("#clock-resume")
    page.wait_for_selector("#clock-pause")
    page.fill("#clock-message", "Dinner break after level 4")
    page.click("#message-form button[type=submit]")
    # the clock on the wall, as a TV and a phone see it (no login)
    wall = new_player(browser, server, "wall", viewport=WALL)
    wall.goto(f"clock/{event}")
    wall.page.wait_for_function(
        "() => document.querySelector('[data-f=title]')?.textContent.length > 0"
    )
    wall_text = wall.page.inner_text("body")
    assert "Thursday knock-out" in wall_text and "LEVEL 1" in wall_text.upper()
    assert "25/50" in wall_text and "Dinner break after level 4" in wall_text
    assert "30 of 30" in wall_text and not any(p in wall_text for p in ENTRANTS)
    wall.page.screenshot(path=str(shots / "live-clock-1920x1080.png"))
    first = wall.page.inner_text("[data-f=time]")
    wall.page.wait_for_timeout(1_300)
    assert wall.page.inner_text("[data-f=time]") != first  # it counts down between readings
    phone = new_player(browser, server, "phone", viewport=PHONE)
    phone.goto(f"clock/{event}?lang=fr")
    phone.page.wait_for_function(
        "() => document.querySelector('[data-f=title]')?.textContent.length > 0"
    )
    assert "NIVEAU 1" in phone.page.inner_text("body").upper()
    phone.page.screenshot(path=str(shots / "live-clock-phone-fr.png"), full_page=True)
    # the wall follows the server's clock: a pause, then the next level announced
    _do(page, "#clock-pause")
    wall.page.wait_for_function(
        "() => document.querySelector('[data-f=state]')?.textContent.toUpperCase() === 'PAUSED'",
        timeout=6_000,
    )
    _do(page, "#clock-resume")
    page.wait_for_selector("#clock-pause")
    _do(page, "#clock-next")
    wall.page.wait_for_selector("[data-f=announce]:not([hidden])", timeout=6_000)
    assert "50/100" in wall.page.inner_text("[data-f=announce]")
    assert "LEVEL 2" in wall.page.inner_text("[data-f=announce]").upper()
    wall.page.screenshot(path=str(shots / "live-clock-level-2-1920x1080.png"))
    # a count that does not add up is flagged at once, then discarded
    someone = view["tables"][0]["seats"][0]["player"]
    page.select_option("#count-player", someone)
    page.fill("#count-chips", "7000")
    page.click("#count-submit")
    page.wait_for_selector("#count-flag")
    assert "2,000 chips too many" in page.inner_text("#count-flag")
    page.click("#count-discard")
    page.wait_for_selector("#count-flag", state="detached")
    # a warning, logged with who and why (POK-13-1)
    page.select_option("#pen-player", someone)
    page.select_option("#pen-fault", "conduct")
    page.fill("#pen-reason", "phone at the table")
    page.click("#pen-submit")
    page.wait_for_selector("#decisions li")
    assert "phone at the table" in page.inner_text("#decisions")
    page.screenshot(path=str(shots / "live-console-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(shots / "live-console-phone.png"), full_page=True)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= PHONE["width"] + 1, wide  # nothing wider than the phone
    page.set_viewport_size(DESKTOP)
    # busts until a winner, always from the shortest table so that balancing happens
    order: list[tuple[str, str]] = []
    reasons: set[str] = set()
    hand_for_hand = False
    rng = random.Random(13)
    mistake_done = False
    moved = False
    while view["phase"] == "running":
        tables = sorted(view["tables"], key=lambda t: (t["players"], t["number"]))
        at = [s["player"] for s in tables[0]["seats"] if s["player"]]
        victim, killer = rng.sample(at, 2)
        before = view["journal_count"]
        page.select_option("#bust-player", victim)
        page.select_option("#bust-by", killer)
        _do(page, "#bust-submit")
        view = _wait_change(page, event, before)
        if not mistake_done:  # the first bust was a mistake: undone, entered again
            mistake_done = True
            before = view["journal_count"]
            _do(page, f"#finishes tr[data-player='{victim}'] button")
            view = _wait_change(page, event, before)
            assert victim in view["still_in"] and view["players_left"] == 30
            continue
        order.append((victim, killer))
        if len(order) == 2:  # the floor moves a player itself, into a free seat
            longest = max(view["tables"], key=lambda t: (t["players"], -t["number"]))
            shortest = min(view["tables"], key=lambda t: (t["players"], t["number"]))
            if longest["players"] - shortest["players"] >= 1 and longest is not shortest:
                mover = next(s["player"] for s in longest["seats"] if s["player"])
                free = next(s["seat"] for s in shortest["seats"] if not s["player"])
                page.select_option("#move-player", mover)
                page.fill("#move-table", str(shortest["number"]))
                page.fill("#move-seat", str(free))
                page.fill("#move-reason", "closer to the window")
                before = view["journal_count"]
                _do(page, "#move-submit")
                view = _wait_change(page, event, before)
                assert view["journal"][-1]["action"] == "moved"
                moved = True
        if view["hand_for_hand"]:
            if not hand_for_hand:
                page.wait_for_selector("#hfh-notice")
                page.screenshot(path=str(shots / "live-console-hand-for-hand.png"))
            hand_for_hand = True
            before = view["journal_count"]
            _do(page, "#hfh-close")
            view = _wait_change(page, event, before)
        reasons |= {m["reason"] for m in view["moves_todo"]}
        if view["moves_todo"]:
            before = view["journal_count"]
            if len(view["moves_todo"]) > 1:
                page.click("#moves-all-done")
            else:
                _do(page, "#moves li button")
            view = _wait_change(page, event, before)
        if view["phase"] == "running":
            counts = [t["players"] for t in view["tables"]]
            assert max(counts) - min(counts) <= 1, counts  # POK-7-1
        if view["players_left"] == 10 and len(order) == 20:
            page.screenshot(path=str(shots / "live-console-final-table.png"), full_page=True)
    assert {"balance", "break", "final-table"} <= reasons, reasons
    assert moved and hand_for_hand  # the money bubble: 13 players on two tables, 12 paid
    page.wait_for_selector("#winner")
    winner = view["winner"]
    assert winner == order[-1][1] and len(order) == 29
    # the chips: the winner holds them all once counted (they add up at once)
    page.select_option("#count-player", winner)
    page.fill("#count-chips", str(30 * 5_000))
    before = view["journal_count"]
    _do(page, "#count-submit")
    view = _wait_change(page, event, before)
    assert view["chip_discrepancy"] == 0 and view["pending_counts"] == []
    # the very busts replayed in the domain give the same standings and payouts
    replay = ClubLive(build_config({**spec, "name": "replay"}), rng=random.Random(1))
    for player in ENTRANTS:
        replay.register(player, adult=True)
    replay.start(draw)
    for victim, killer in order:
        replay.bust(victim, eliminator=killer)
        if replay.hand_for_hand:
            replay.close_hand()
    expected = [
        {
            "place": r.place,
            "player": r.player,
            "shared": r.shared,
            "prize": r.prize,
            "bounty": r.bounty,
        }
        for r in replay.results()
    ]
    assert view["results"] == expected
    assert [r["player"] for r in view["results"]] == [winner] + [v for v, _ in reversed(order)]
    pool = view["pool"]["total"]
    assert pool == 30 * 2_000 and sum(r["prize"] for r in view["results"]) == pool
    assert len([r for r in view["results"] if r["prize"]]) == 12  # ITA-18: 12 of 30 paid
    assert sum(r["bounty"] for r in view["results"]) == 30  # a point a head, the winner's own
    # results and payouts to print and as CSV
    csv = page.request.get(f"{_origin(page)}/api/floor/live/{event}/export/results.csv").text()
    assert csv.splitlines()[1].startswith(f"1,{winner},1,")
    printed = floor.context.new_page()
    printed.goto(f"{server.url}/api/floor/live/{event}/export/results.html")
    assert printed.locator("table").first.locator("tbody tr").count() == 30
    printed.screenshot(path=str(shots / "live-results-print.png"), full_page=True)
    printed.goto(f"{server.url}/api/floor/live/{event}/export/seat-cards.html")
    printed.close()
    # into the season, and the public standings
    page.select_option("#season-pick", "Club 2026")
    page.click("#season-add")
    page.wait_for_selector("#season-link")
    page.select_option("#lang", "fr")
    page.wait_for_function(
        "() => document.querySelector('#results-title')?.textContent === 'Classement'"
    )
    page.screenshot(path=str(shots / "live-console-finished-fr.png"), full_page=True)
    season = Season("Club 2026", formula("linear"), knockout_points=2)
    season.add(event_from_tournament(replay, event="Thursday knock-out", date="x"))
    reader = new_player(browser, server, "reader", viewport=DESKTOP)
    reader.goto("#/standings/Club%202026")
    reader.page.wait_for_selector("#standings tbody tr")
    rows = reader.page.locator("#standings tbody tr")
    assert rows.count() == 30
    shown = [
        (rows.nth(k).get_attribute("data-player"), rows.nth(k).locator("td").nth(1).inner_text())
        for k in range(5)
    ]
    assert shown == [(s.player, str(s.points)) for s in season.standings()[:5]]
    reader.page.click(f"#standings tr[data-player='{winner}'] button")
    reader.page.wait_for_selector("#player-results table")
    reader.page.screenshot(path=str(shots / "live-standings-desktop.png"), full_page=True)
    phone.page.set_viewport_size(PHONE)
    phone.goto("#/standings/Club%202026")
    phone.page.wait_for_selector("#standings tbody tr")
    phone.page.screenshot(path=str(shots / "live-standings-phone.png"))
    wall.page.reload()
    wall.page.wait_for_function(
        "() => document.querySelector('[data-f=state]')?.textContent.length > 0"
    )
    assert winner.upper() in wall.page.inner_text("[data-f=state]").upper()
    wall.page.screenshot(path=str(shots / "live-clock-finished-1920x1080.png"))
    for person in (floor, wall, phone, reader):
        assert person.errors == [], person.errors
        person.context.close()
