"""The live console in Chromium: a player busted during the rebuy period is listed under the
tables, not ranked; the director rebuys him (back in play with the rebuy's chips) or records
that he does not rebuy (ranked then)."""

from __future__ import annotations

from pathlib import Path

import pytest
from _browser import DESKTOP, Server, new_player, wait_until
from playwright.sync_api import Browser
from test_web_live import _do, _floor_password, _view


@pytest.mark.rule("POK-6-1")
def test_the_console_rebuys_a_busted_player(browser: Browser, server: Server, shots: Path) -> None:
    floor = new_player(browser, server, "floor", viewport=DESKTOP)
    page = floor.page
    page.set_default_timeout(15_000)
    floor.goto("#/login?next=%23%2Ffloor%2Ftournaments")
    page.fill("input[name=screen_name]", "floor")
    page.fill("input[name=password]", _floor_password(server))
    page.click("form button[type=submit]")
    page.wait_for_selector("#live-create")
    page.fill("#new-name", "Rebuy night")
    page.select_option("#new-preset", "pokcomm-rebuy")
    page.click("#create-submit")
    page.wait_for_selector("#reg-form")
    event = page.url.rsplit("/", 1)[-1]
    page.fill("#reg-names", "Ann\nBob\nCy\nDee")
    page.check("#reg-adult")
    page.click("#reg-submit")
    wait_until(lambda: "4" in page.inner_text("#reg-count"), timeout=10, what="4 entries")
    page.click("#start")
    page.wait_for_selector("#tables .live-table")
    page.select_option("#bust-player", "Ann")
    page.select_option("#bust-by", "Bob")
    _do(page, "#bust-submit")
    page.wait_for_selector("#busted-may-rebuy li[data-player='Ann']")
    assert _view(page, event)["finishes"] == []
    page.screenshot(path=str(shots / "live-busted-may-rebuy.png"), full_page=True)
    _do(page, "#busted-may-rebuy li[data-player='Ann'] button:first-of-type")
    page.wait_for_selector("#busted-may-rebuy", state="detached")
    view = _view(page, event)
    seat = next(s for t in view["tables"] for s in t["seats"] if s["player"] == "Ann")
    assert seat["stack"] == 5_000 and view["pool"]["total"] == 5 * 2_000
    page.select_option("#bust-player", "Dee")
    page.select_option("#bust-by", "Cy")
    _do(page, "#bust-submit")
    page.wait_for_selector("#busted-may-rebuy li[data-player='Dee']")
    _do(page, "#busted-may-rebuy li[data-player='Dee'] button:last-of-type")
    page.wait_for_selector("#busted-may-rebuy", state="detached")
    finishes = _view(page, event)["finishes"]
    assert [(f["place"], f["player"]) for f in finishes] == [(4, "Dee")]


@pytest.mark.rule("POK-6-3")
def test_the_lobby_shows_the_bounty_of_a_knock_out(
    browser: Browser, server: Server, shots: Path
) -> None:
    floor = new_player(browser, server, "floor", viewport=DESKTOP)
    page = floor.page
    floor.goto("#/login?next=%23%2Flobby")
    page.fill("input[name=screen_name]", "floor")
    page.fill("input[name=password]", _floor_password(server))
    page.click("form button[type=submit]")
    page.wait_for_selector("#tour-title")
    made = page.evaluate(
        """async () => {
          const api = await import('/static/js/api.js');
          const r = await api.post('/api/tournaments', {preset: 'pokcomm-pko', id: 'pko-web',
                                                        reason: 'knock-out night'});
          return r.tournament.id;
        }"""
    )
    assert made == "pko-web"
    page.reload()
    wait_until(
        lambda: "progressive bounty €10.00" in page.inner_text("#tournaments"),
        timeout=10,
        what="the bounty in the lobby",
    )
    page.locator("#tournaments").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lobby-bounty-desktop.png"))
    cancelled = page.evaluate(
        """async () => {
          const api = await import('/static/js/api.js');
          return (await api.post('/api/tournaments/pko-web/cancel', {reason: 'test over'})).state;
        }"""
    )
    assert cancelled == "cancelled"  # the shared server's lobby as the other tests left it
