"""The table tells its players, in Chromium against the real server (players act through the
page; the floor acts through its API as staff):

- the showdown asks only for a real choice: a hand the rules make shown, or that no shown hand
  beats, is shown at once; a beaten hand is mucked for a player with "muck losing hands" on, and
  with it off he is asked, told why;
- the floor's decisions reach the players at once in their language (French, Italian): the void
  and its reason, the suspension with its hands (the suspended player is offered no sit-in), the
  last hands and the table closed (no "Sit down" on a closed table), kept in the table's list;
- a busted tournament player is told his place and what he may do next at his own table.

Screenshots: desktop 1366x768 and phone 390x844, opened and looked at by their author; and a
table showing a floor's banner, and one showing the busted box, at the five sizes in English,
French and Italian, each with the overflow check and axe-core (one page, resized and switched
from language to language: no new server or browser per case).
"""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import PHONE, Player, Server, new_player, wait_until
from _checks import axe_problems, overflows
from playwright.sync_api import Browser

TABLE = "notices-t1"
PASSWORD = "correct horse battery"
SIZES = [(1280, 720), (1366, 768), (1920, 1080), (390, 844), (844, 390)]
LANGS = ("en", "fr", "it")


def _checked_everywhere(p: Player, shown: str, shots: Path, name: str) -> None:
    """The page as it is (``shown`` on it) at the five sizes in the three languages: no text
    wider than its box, no critical or serious fault by axe-core; a screenshot of each."""
    page = p.page
    was = page.evaluate("() => document.documentElement.lang")
    problems: list[str] = []
    for lang in LANGS:
        page.select_option("#lang", lang)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)  # the felt fitted to the window (a ResizeObserver)
            assert page.locator(shown).count(), f"{shown} not shown at {width}x{height} {lang}"
            where = f"{name} {lang} {width}x{height}"
            problems += [f"{where}: {x}" for x in overflows(page) + axe_problems(page)]
            page.screenshot(path=str(shots / f"{name}-{lang}-{width}x{height}.png"))
    page.select_option("#lang", was or "en")
    assert problems == [], "\n".join(problems)


@pytest.fixture(scope="module")
def people(browser: Browser, server: Server) -> Iterator[dict[str, Player]]:
    made: dict[str, Player] = {}
    yield made
    for player in made.values():
        player.context.close()


def _floor(browser: Browser, server: Server, name: str) -> Player:
    made = subprocess.run(
        [sys.executable, "-m", "croupier", "admin", "create-user", name, "--role", "floor",
         "--password-stdin", "--data", str(server.data)],
        input=PASSWORD + "\n", capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    p = new_player(browser, server, name)
    p.goto("#/login")
    p.page.wait_for_selector("#login-title")
    p.page.fill("input[name=screen_name]", name)
    p.page.fill("input[name=password]", PASSWORD)
    p.page.click("form button[type=submit]")
    p.page.wait_for_selector("#nav-floor")
    return p


def _post(p: Player, path: str, body: dict[str, Any]) -> dict[str, Any]:
    token = p.context.request.get(p.server.url + "/api/csrf").json()["csrf_token"]
    response = p.context.request.post(
        p.server.url + path, data=body, headers={"Origin": p.server.url, "X-CSRF-Token": token}
    )
    assert response.ok, response.text()
    data: dict[str, Any] = response.json()
    return data


def _table(floor: Player) -> dict[str, Any]:
    response = floor.context.request.get(floor.server.url + "/api/floor/cash")
    assert response.ok
    return next(t for t in response.json()["tables"] if t["table"] == TABLE)


def _act(p: Player, order: tuple[str, ...] = ("check", "call")) -> bool:
    """Click the first of ``order`` the action bar offers (None offered: False)."""
    for action in order:
        bar = f".table-page[data-table='{TABLE}'] .actions"
        button = p.page.locator(f"{bar} [data-action='{action}']")
        if button.count():
            try:
                button.first.click(timeout=1000)
            except Exception:
                return False
            return True
    return False


def _asked_to_show(p: Player) -> bool:
    asked = p.page.locator(".actions [data-action='show'], .actions [data-action='muck']")
    return bool(asked.count())


def _banner(p: Player, kind: str) -> str:
    sel = f".table-page[data-table='{TABLE}'] .floor-notice[data-notice='{kind}']"
    p.page.wait_for_selector(sel, timeout=10_000)
    return p.page.locator(sel).inner_text()


@pytest.mark.rule("PKG-14", "POK-2-9", "POK-13-1", "CAS-25")
def test_showdown_and_floor_decisions_reach_the_players(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    floor = people["flo"] = _floor(browser, server, "flo")
    _post(floor, "/api/floor/cash/tables",
          {"table": TABLE, "small_blind": 100, "big_blind": 200, "seats": 6,
           "floor_calls": False, "why": "the notices' test"})  # fmt: skip
    ann = people["ann"] = new_player(browser, server, "ann")
    ann.register(lang="fr")
    bob = people["bob"] = new_player(browser, server, "bob", viewport=PHONE)
    bob.register(lang="it")
    for p in (ann, bob):
        p.goto(f"#/table/{TABLE}")
        p.page.wait_for_selector(f"#sit-{TABLE}")
        p.page.click(f"#sit-{TABLE}")
        p.page.wait_for_selector(f".table-page[data-table='{TABLE}'] [data-pref='muck-losing']")
    # bob turns "muck losing hands" off: asked when beaten; ann keeps it on
    assert ann.page.is_checked("[data-pref='muck-losing']")
    bob.page.uncheck("[data-pref='muck-losing']")
    wait_until(
        lambda: any(
            f.get("type") == "ok" and f.get("result") == {"muck_losing": False} for f in bob.frames
        ),
        timeout=10,
        what="bob's setting told to the table",
    )

    # hands through the page until bob, beaten, is asked (ann is never asked)
    deadline = time.monotonic() + 150
    asked = False
    while time.monotonic() < deadline:
        assert not _asked_to_show(ann), "ann was asked to show though she has no choice"
        if bob.page.locator("[data-showdown='beaten']").count():
            asked = True
            break
        if not (_act(ann) or _act(bob)):
            time.sleep(0.1)
    assert asked, "bob was never asked with a beaten hand"
    hint = bob.page.locator("[data-showdown='beaten']").inner_text()
    assert "battuta" in hint  # Italian: "La tua mano è battuta da una mano mostrata"
    bob.page.screenshot(path=str(shots / "notices-showdown-beaten-it-phone.png"))
    bob.page.click(".actions [data-action='muck']")
    shown = [
        e
        for f in ann.frames
        if f.get("type") == "update"
        for e in f.get("events", [])
        if e.get("type") == "shown"
    ]
    assert shown, "hands were shown at the showdown without a click"

    # the floor voids the hand being played: told with its reason, in each one's language
    wait_until(lambda: _table(floor)["hand"] is not None, timeout=20, what="a hand dealt")
    number = _table(floor)["hand"]
    _post(floor, f"/api/floor/cash/tables/{TABLE}/void",
          {"hand": number, "why": "carte exposée / carta scoperta"})  # fmt: skip
    fr = _banner(ann, "hand_voided")
    ann.page.wait_for_selector("text=Donne annulée")  # the turn's line says it too
    assert "La direction a annulé la donne" in fr and "carte exposée" in fr
    it = _banner(bob, "hand_voided")
    assert "La direzione ha annullato la mano" in it
    ann.page.screenshot(path=str(shots / "notices-void-fr-desktop.png"))
    bob.page.screenshot(path=str(shots / "notices-void-it-phone.png"))

    # ann is suspended: told the hands, never offered a sit-in she would be refused
    suspension = {"player": "ann", "kind": "suspension", "orbits": 1, "why": "langage injurieux"}
    _post(floor, "/api/floor/penalties", suspension)
    text = _banner(ann, "suspension")
    assert "Vous êtes suspendu pour 1 tour (2 donnes)" in text and "langage injurieux" in text
    assert "ann" in _banner(bob, "suspension")
    # her hand, if she is dealt in, is played out; then she sits out
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not ann.page.locator("[data-suspended]").count():
        if not (_act(ann) or _act(bob)):
            time.sleep(0.1)
    ann.page.wait_for_selector("[data-suspended='2']")
    sit_in = ann.page.locator("[data-control='sit-in-post'], [data-control='sit-in-wait']")
    assert not sit_in.count()
    ann.page.screenshot(path=str(shots / "notices-suspended-fr-desktop.png"))

    # the last hands: too few to play, the table closes at once; no seat offered on it
    _post(floor, f"/api/floor/cash/tables/{TABLE}/announce", {"why": "fermeture / chiusura"})
    # a hand still in play is played out first, then the table closes
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _table(floor)["status"] != "closed":
        if not (_act(ann) or _act(bob)):
            time.sleep(0.1)
    assert _table(floor)["status"] == "closed", "the table closed: not within 60 s"
    assert "La table est fermée" in _banner(ann, "table_closed")
    assert "Il tavolo è chiuso" in _banner(bob, "table_closed")
    for p in (ann, bob):
        p.page.wait_for_selector(f".table-page[data-table='{TABLE}'] [data-closed]")
        assert not p.page.locator(f"#sit-{TABLE}").count()
        winners = p.page.locator(f".table-page[data-table='{TABLE}'] .winners").all_inner_texts()
        assert all(w.split()[0] in ("ann", "bob") for w in winners), winners  # names, not seats
        listed = p.page.locator(f".table-page[data-table='{TABLE}'] .floor-notices li").count()
        assert listed >= 4  # void, suspension, last hands, closed: the table's log
    ann.page.screenshot(path=str(shots / "notices-closed-fr-desktop.png"), full_page=True)
    bob.page.screenshot(path=str(shots / "notices-closed-it-phone.png"), full_page=True)
    # a table showing the floor's banner: fits and passes axe at five sizes in three languages
    _checked_everywhere(ann, ".floor-notice[data-notice='table_closed']", shots, "notices-banner")
    for p in (ann, bob):
        assert not p.errors, p.errors


def test_a_busted_tournament_player_is_told_his_finish_at_his_table(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    floor = people.get("flo") or _floor(browser, server, "flo")
    people["flo"] = floor
    tid = "bust-web"
    _post(floor, "/api/tournaments",
          {"preset": "pokcomm", "id": tid, "name": "Bust test", "max_players": 2,
           "table_size": 2, "start_when": 2, "buy_in": 100, "fee": 0,
           "structure": {"starting_stack": 1000,
                         "levels": [{"small_blind": 100, "big_blind": 200, "minutes": 5}]},
           "reason": "the busted player's test"})  # fmt: skip
    cy = people["cyril"] = new_player(browser, server, "cyril")
    cy.register()
    dan = people["daniel"] = new_player(browser, server, "daniel", viewport=PHONE)
    dan.register()
    for p in (cy, dan):
        p.goto("#/lobby")
        p.page.wait_for_selector(f"[data-register='{tid}']")
        p.page.click(f"[data-register='{tid}']")
    for p in (cy, dan):
        p.page.wait_for_selector(f".table-page[data-table='{tid}@1'] .felt-wrap", timeout=20_000)

    def play(p: Player, order: tuple[str, ...]) -> bool:
        if f"/table/{tid}@1" not in p.page.evaluate("() => decodeURIComponent(location.hash)"):
            p.goto(f"#/table/{tid}@1")  # his own table, wherever a toast or a link took him
        bar = f".table-page[data-table='{tid}@1'] .actions"
        if order[0] == "all_in" and p.page.locator(f"{bar} [data-size='max']").count():
            # all in through the sizing: the largest size, then Bet or Raise
            try:
                p.page.click(f"{bar} [data-size='max']", timeout=3000)
                p.page.click(f"{bar} .slot-right:not([disabled])", timeout=3000)
            except Exception:
                return False
            return True
        for action in order:
            button = p.page.locator(f"{bar} [data-action='{action}']")
            if button.count():
                try:
                    button.first.click(timeout=3000)
                except Exception:
                    return False
                return True
        return False

    deadline = time.monotonic() + 200
    sel = f".table-page[data-table='{tid}@1'] .busted[data-place='2']"
    loser = None
    while time.monotonic() < deadline and loser is None:
        for p in (cy, dan):
            if p.page.locator(sel).count():
                loser = p
        if loser is None:
            acted = [play(cy, ("all_in", "call", "check")), play(dan, ("call", "check", "all_in"))]
            if not any(acted):
                cy.page.wait_for_timeout(100)
    if loser is None:
        for p in (cy, dan):
            p.page.screenshot(path=str(shots / f"notices-busted-failed-{p.name}.png"))
        seen = {
            p.name: (
                [f for f in p.frames if f.get("type") in ("busted", "tournament_result")],
                p.page.locator(".busted-slot").all_inner_texts(),
                p.page.evaluate("() => location.hash"),
                p.errors,
            )
            for p in (cy, dan)
        }
        raise AssertionError(f"nobody was told he finished second: {seen}")
    box = loser.page.locator(sel).inner_text()
    assert "You finished 2nd of 2" in box
    assert loser.page.locator(f"{sel} [data-busted='watch']").count()
    next_steps = loser.page.locator(f"{sel} [data-busted='lobby'], {sel} [data-busted='register']")
    assert next_steps.count()
    busted = [f for f in loser.frames if f.get("type") == "busted"]
    assert busted and busted[-1]["place"] == 2 and busted[-1]["table"] == f"{tid}@1"
    name = "cyril" if loser is cy else "daniel"
    loser.page.screenshot(path=str(shots / f"notices-busted-{name}.png"))
    _checked_everywhere(loser, sel, shots, "notices-busted")
    loser.page.click(f"{sel} [data-busted='watch']")
    loser.page.wait_for_selector(f".table-page[data-table='{tid}@1'] .busted-watching")
    assert not loser.errors, loser.errors
