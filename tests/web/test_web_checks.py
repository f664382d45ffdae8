"""Every page in Chromium against the real server, in English, French and Italian, at a laptop's
and a phone's size: no text wider than its box (the overflow check) and no critical or serious
fault by axe-core; no error in the console. The club's wall clock at every screen from
1280x720 to 3840x2160 (and a phone), its key numbers never cut, paused during a break, with
its level's progress, the time of day and the rebuys and add-ons. The words of counts by each
language's plural rules."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import PHONE, Player, Server, new_player, wait_until
from _checks import axe_problems, overflows
from playwright.sync_api import Browser, Page
from test_web_live import _floor_password

LANGS = ("en", "fr", "it")
SIZES = [
    {"width": 1366, "height": 768},
    {"width": 1280, "height": 720},
    {"width": 1920, "height": 1080},
    PHONE,
    {"width": 844, "height": 390},
]
WALLS = [
    (1280, 720),
    (1366, 768),
    (1920, 1080),
    (2560, 1440),
    (3840, 2160),
    (390, 844),
    (844, 390),
]
PLAYER_PAGES = {
    "lobby": ("#/lobby", "#cash-tables tbody tr[data-table]"),
    "cashier": ("#/cashier", "#cashier-balance"),
    "settings": ("#/settings", "main input[type=checkbox]"),
    "hands": ("#/hands", "main h1"),
    "standings": ("#/standings", "main h1"),
}


def _api(page: Page, method: str, path: str, body: Any = None) -> Any:
    """The page's own API client (its session and CSRF token)."""
    return page.evaluate(
        """async ([method, path, body]) => {
          const api = await import('/static/js/api.js');
          return method === 'GET' ? api.get(path) : api.post(path, body);
        }""",
        [method, path, body],
    )


@pytest.fixture(scope="module")
def floor(browser: Browser, server: Server) -> Iterator[Player]:
    """The demo's floor, logged in through the page."""
    p = new_player(browser, server, "floor")
    p.goto("#/login")
    p.page.fill("input[name=screen_name]", "floor")
    p.page.fill("input[name=password]", _floor_password(server))
    p.page.click("form button[type=submit]")
    p.page.wait_for_selector("#nav a[href='#/floor']")
    yield p
    p.context.close()


@pytest.fixture(scope="module")
def event(floor: Player) -> str:
    """A live rebuy tournament of 12, started: antes from level 2, an add-on at the break."""
    page = floor.page
    made = _api(
        page,
        "POST",
        "/api/floor/live",
        {
            "name": "Championnat du jeudi soir",
            "preset": "pokcomm-rebuy",
            "table_size": 6,
            # long figures with antes next (French: "12 500/25 000 ante 2 500")
            "levels": [
                {"small_blind": 25, "big_blind": 50, "minutes": 20},
                {"small_blind": 12_500, "big_blind": 25_000, "ante": 2_500},
                {"break": 10},
                {"small_blind": 150_000, "big_blind": 300_000, "ante": 50_000},
                {"small_blind": 200_000, "big_blind": 400_000, "ante": 50_000},
            ],
            "rebuy": {"until_level": 2, "stack": 5_000, "price": 2_000, "threshold": 5_000},
            "add_on": {"after_level": 2, "stack": 5_000, "price": 2_000},
        },
    )
    url = f"/api/floor/live/{made['id']}"
    names = [f"Joueur {k:02d}" for k in range(1, 13)]
    _api(page, "POST", f"{url}/register", {"names": names, "adult": True})
    _api(page, "POST", f"{url}/start", {})
    return str(made["id"])


def check(page: Page, where: str, *, axe: bool = True) -> list[str]:
    """The overflow check and (once per page and language) axe-core, as problem lines."""
    found = [f"{where}: {p}" for p in overflows(page)]
    if axe:
        found += [f"{where} axe: {p}" for p in axe_problems(page)]
    return found


def test_every_page_of_a_player_fits_and_passes_axe(
    browser: Browser, server: Server, shots: Path
) -> None:
    p = new_player(browser, server, "zoe")
    p.register()
    page = p.page
    tournament = page.locator("a[href^='#/tournament/']").first.get_attribute("href")
    assert tournament
    pages = {**PLAYER_PAGES, "tournament": (tournament, ".t-page .t-head")}
    problems: list[str] = []
    for lang in LANGS:
        page.select_option("#lang", lang)
        for name, (path, ready) in pages.items():
            p.goto(path)
            page.wait_for_selector(ready)
            page.wait_for_timeout(150)
            for k, size in enumerate(SIZES):
                page.set_viewport_size(size)
                page.wait_for_timeout(50)
                where = f"{name} {lang} {size['width']}x{size['height']}"
                problems += check(page, where, axe=k == 0)
                page.screenshot(
                    path=str(shots / f"page-{name}-{lang}-{size['width']}x{size['height']}.png")
                )
            page.set_viewport_size(SIZES[0])
    page.select_option("#lang", "en")
    assert problems == [], "\n".join(problems)
    assert p.errors == [] and p.console == [], (p.errors, p.console)
    p.context.close()


def test_the_floors_consoles_fit_and_pass_axe(floor: Player, event: str, shots: Path) -> None:
    page = floor.page
    consoles = {
        "floor-cash": ("#/floor", "#floor-section-cash"),
        "floor-tournaments": ("#/floor/tournaments", "#floor-section-tournaments"),
        "floor-event": (f"#/floor/tournaments/{event}", ".live-body"),
        "floor-log": ("#/floor/log", "#floor-section-log"),
    }
    problems: list[str] = []
    for lang in LANGS:
        page.select_option("#lang", lang)
        for name, (path, ready) in consoles.items():
            floor.goto(path)
            page.wait_for_selector(ready)
            page.wait_for_timeout(200)
            problems += check(page, f"{name} {lang}")
            if lang != "en":
                page.screenshot(path=str(shots / f"{name}-{lang}.png"))
    page.select_option("#lang", "en")
    assert problems == [], "\n".join(problems)
    assert floor.errors == [], floor.errors


def _wall(page: Page, event: str, lang: str) -> None:
    page.goto(f"{page.url.split('/clock')[0].split('#')[0].rstrip('/')}/clock/{event}?lang={lang}")
    page.wait_for_function(
        "() => document.querySelector('[data-f=players]')?.textContent.length > 0"
    )


def test_the_wall_clock_is_never_cut(
    browser: Browser, server: Server, floor: Player, event: str, shots: Path
) -> None:
    url = f"/api/floor/live/{event}"
    _api(floor.page, "POST", f"{url}/rebuy", {"player": "Joueur 03"})
    wall = new_player(browser, server, "wall", viewport={"width": 1920, "height": 1080})
    page = wall.page
    wall.goto(f"clock/{event}")
    problems: list[str] = []
    for lang in LANGS:
        _wall(page, event, lang)
        for width, height in WALLS:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)  # a draw (every 250 ms) fits the figures again
            problems += check(page, f"wall {lang} {width}x{height}", axe=width == 1920)
            page.screenshot(path=str(shots / f"wall-{lang}-{width}x{height}.png"))
    assert problems == [], "\n".join(problems)
    # the time of day, the level's progress, the rebuys and add-ons
    page.set_viewport_size({"width": 1920, "height": 1080})
    _wall(page, event, "fr")
    now = page.inner_text("[data-f=now]")
    assert now == time.strftime("%H:%M") or len(now) == 5, now
    bar = page.locator("[data-f=progress]")
    assert bar.get_attribute("role") == "progressbar" and bar.is_visible()
    assert 0 <= int(bar.get_attribute("aria-valuenow") or -1) <= 100
    assert page.inner_text("[data-f=rebuys]") == "1" and page.inner_text("[data-f=add_ons]") == "0"
    assert page.inner_text("[data-f=players]") == "12 sur 12"
    # to the first break, then paused by the floor: the wall says so
    face = _api(floor.page, "GET", f"/api/clock/{event}")
    for _ in range(20):
        if face["on_break"]:
            break
        _api(floor.page, "POST", f"{url}/clock", {"action": "next"})
        face = _api(floor.page, "GET", f"/api/clock/{event}")
    assert face["on_break"], "the structure has a break"
    _api(floor.page, "POST", f"{url}/add-on", {"player": "Joueur 04"})
    wait_until(
        lambda: page.inner_text("[data-f=add_ons]") == "1", timeout=6, what="the add-on counted"
    )
    _api(floor.page, "POST", f"{url}/clock", {"action": "pause"})
    wait_until(
        lambda: page.inner_text("[data-f=state]").upper() == "EN PAUSE",
        timeout=6,
        what="the wall says the break's clock is paused",
    )
    page.screenshot(path=str(shots / "wall-fr-break-paused-1920x1080.png"))
    for width, height in (WALLS[0], WALLS[4]):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        problems += check(page, f"wall fr break {width}x{height}", axe=False)
    assert problems == [], "\n".join(problems)
    _api(floor.page, "POST", f"{url}/clock", {"action": "resume"})
    assert wall.errors == [] and wall.console == [], (wall.errors, wall.console)
    wall.context.close()


def test_counts_follow_each_languages_plural_rules(browser: Browser, server: Server) -> None:
    p = new_player(browser, server, "pluto")
    p.goto("")
    p.page.wait_for_selector("main h1")
    got = p.page.evaluate(
        """async () => {
          const i18n = await import('/static/js/i18n.js');
          i18n.addWords((await import('/static/js/words/live_public.js')).WORDS);
          i18n.addWords((await import('/static/js/words/floor_live.js')).WORDS);
          const store = await import('/static/js/tournaments/store.js');
          const out = {};
          for (const code of ['en', 'fr', 'it']) {
            i18n.setLang(code);
            out[code] = [0, 1, 2].map((count) => i18n.t('live.entries_n', { count }))
              .concat([1, 3].map((hands) => i18n.t('live.suspended_n', { hands })))
              .concat([1, 2, 3, 11, 21, 22].map(store.placeText));
          }
          i18n.setLang('en');
          return out;
        }"""
    )
    counts = {
        "en": ["0 entries", "1 entry", "2 entries", "suspended: 1 hand", "suspended: 3 hands"],
        "fr": ["0 entrée", "1 entrée", "2 entrées", "suspendu : 1 coup", "suspendu : 3 coups"],
        "it": ["0 iscritti", "1 iscritto", "2 iscritti", "sospeso: 1 mano", "sospeso: 3 mani"],
    }
    places = {
        "en": ["1st", "2nd", "3rd", "11th", "21st", "22nd"],
        "fr": ["1er", "2e", "3e", "11e", "21e", "22e"],
        "it": ["1º", "2º", "3º", "11º", "21º", "22º"],
    }
    assert got == {code: counts[code] + places[code] for code in counts}
    p.context.close()
