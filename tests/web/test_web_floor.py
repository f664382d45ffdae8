"""The floor's console in Chromium against the real server: a floor opens a cash table, players
join its waiting list and the floor calls them, a hand is voided and a penalty given, the floor
announces the last three hands and the table closes with its rake box reconciled (the ledger
balanced, ``croupier db check`` green); the log page shows the decisions, filters and exports
them. A player is refused the console. Screenshots: desktop 1366x768 and phone 390x844."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from _browser import PHONE, Player, Server, new_player, wait_until
from playwright.sync_api import Browser

TABLE = "floor-t1"
PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def people(browser: Browser, server: Server) -> Iterator[dict[str, Player]]:
    made: dict[str, Player] = {}
    yield made
    for player in made.values():
        player.context.close()


def croupier(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "croupier", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def floor_person(browser: Browser, server: Server, name: str) -> Player:
    made = croupier(
        "admin", "create-user", name, "--role", "floor", "--password-stdin",
        "--data", str(server.data), stdin=PASSWORD + "\n",
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


def act_if_turn(p: Player) -> bool:
    """Check or call (show at the showdown) when it is the player's turn."""
    page = p.page
    for action in ("show", "check", "call"):
        button = page.locator(f".actions [data-action='{action}']")
        if button.count():
            try:
                button.first.click(timeout=1000)
            except Exception:
                return False
            return True
    return False


def api(p: Player, path: str) -> dict[str, object]:
    response = p.context.request.get(p.server.url + path)
    assert response.ok, response.text()
    data: dict[str, object] = response.json()
    return data


def table_view(floor: Player) -> dict[str, object]:
    tables = api(floor, "/api/floor/cash")["tables"]
    assert isinstance(tables, list)
    return next(t for t in tables if t["table"] == TABLE)


@pytest.mark.rule("CAS-7", "CAS-25", "CAS-23", "POK-2-9", "POK-13-1")
def test_a_floor_runs_a_cash_table_from_opening_to_close(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    for name in ("ann", "bob"):
        people[name] = new_player(browser, server, name)
        people[name].register()
    ann, bob = people["ann"], people["bob"]
    # a player is told he may not, and the API refuses him
    assert not ann.page.locator("#nav-floor").count()
    ann.goto("#/floor")
    ann.page.wait_for_selector("#floor-forbidden")
    assert "ann is a player" in ann.page.locator("#floor-forbidden").inner_text()
    refused = ann.context.request.get(server.url + "/api/floor/cash")
    assert refused.status == 403

    floor = people["flo"] = floor_person(browser, server, "flo")
    page = floor.page
    floor.goto("#/floor")
    page.wait_for_selector("#floor-open")
    page.fill("#open-table", TABLE)
    page.fill("#open-small", "1")
    page.fill("#open-big", "2")
    page.fill("#open-seats", "6")
    page.click("#open-submit")
    page.wait_for_selector(f".floor-table[data-table='{TABLE}']")
    page.fill("#open-table", "bad name!")
    page.click("#open-submit")
    wait_until(lambda: "table name" in page.locator(".toasts").inner_text(), timeout=5,
               what="a bad table name refused")  # fmt: skip

    # the players join the waiting list from the lobby; the floor calls them (CAS-7)
    for p in (ann, bob):
        p.goto("#/lobby")
        p.page.wait_for_selector(f"[data-list='{TABLE}']")
        p.page.click(f"[data-list='{TABLE}']")
    wait_until(lambda: len(table_view(floor)["waiting_list"]) == 2, timeout=10, what="2 waiting")  # type: ignore[arg-type]
    page.wait_for_selector(f"#call-{TABLE}:not([disabled])")
    page.screenshot(path=str(shots / "floor-cash-desktop.png"), full_page=True)
    for expected in (1, 2):
        page.click(f"#call-{TABLE}")
        wait_until(lambda n=expected: table_view(floor)["taken"] == n, timeout=10,
                   what=f"{expected} called")  # fmt: skip
        page.wait_for_timeout(300)
    wait_until(lambda: "is called to" in page.locator(".toasts").inner_text(), timeout=5,
               what="the call shown")  # fmt: skip

    # a hand in progress is voided (POK-2-9): every chip goes back
    wait_until(lambda: table_view(floor)["hand"] is not None, timeout=15, what="a hand dealt")
    page.wait_for_selector(f"#void-{TABLE}:not([disabled])", timeout=10_000)
    page.fill(f"#why-{TABLE}", "a card was exposed on the deal")
    page.click(f"#void-{TABLE}")
    wait_until(
        lambda: any(
            d["action"] == "hand_voided" for d in api(floor, "/api/floor/log")["decisions"]
        ),  # type: ignore[index, union-attr]
        timeout=10,
        what="the void logged",
    )
    stacks = {s["player"]: s["stack"] for s in table_view(floor)["seated"]}  # type: ignore[attr-defined]
    assert stacks == {"ann": 4000, "bob": 4000}

    # a penalty: a warning for ann
    page.fill("#penalty-player", "ann")
    page.select_option("#penalty-kind", "warning")
    page.fill("#penalty-why", "slow play, repeatedly")
    page.click("#penalty-submit")
    wait_until(lambda: "Done: Warning" in page.locator(".toasts").inner_text(), timeout=5,
               what="the warning given")  # fmt: skip
    page.fill("#penalty-why", "insults in the chat")
    page.click("#mute-on")
    wait_until(lambda: "ann: muted" in page.locator("#floor-penalties").inner_text(), timeout=5,
               what="the mute in force")  # fmt: skip

    # the players play; the floor announces the last three hands (CAS-25)
    for p in (ann, bob):
        p.goto(f"#/table/{TABLE}")
        p.page.wait_for_selector(f".table-page[data-table='{TABLE}'] .felt-wrap")
    page.fill(f"#why-{TABLE}", "closing time")
    page.click(f"#announce-{TABLE}")
    wait_until(lambda: table_view(floor)["status"] in ("closing", "closed"), timeout=10,
               what="the last hands announced")  # fmt: skip
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and table_view(floor)["status"] != "closed":
        if not (act_if_turn(ann) or act_if_turn(bob)):
            time.sleep(0.2)
    view = table_view(floor)
    assert view["status"] == "closed" and view["taken"] == 0, view
    assert view["info"]["hands_played"] == 3  # type: ignore[index]

    # the rake box reconciled, the books balanced
    page.wait_for_selector(f".floor-table.status-closed[data-table='{TABLE}']", timeout=10_000)
    page.click(f"#reconcile-{TABLE}")
    wait_until(lambda: "reconciled." in page.locator(f"#rake-{TABLE}").inner_text(), timeout=5,
               what="the rake box reconciled")  # fmt: skip
    rake = api(floor, f"/api/floor/cash/tables/{TABLE}/rake")
    assert rake["reconciled"] and rake["room_balanced"]
    ledger = floor.context.request.get(
        f"{server.url}/api/floor/cash/tables/{TABLE}/ledger?format=csv"
    ).text()
    assert ledger.startswith("entry,at,kind") and "cash-out" in ledger
    report = floor.context.request.get(f"{server.url}/api/floor/cash/report?format=csv").text()
    assert TABLE in report
    checked = croupier("db", "check", "--json", "--data", str(server.data))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert json.loads(checked.stdout)["ledger_balanced"]
    page.screenshot(path=str(shots / "floor-cash-closed-desktop.png"), full_page=True)
    page.click(f"#reopen-{TABLE}")  # a closed table opens again, a new session
    wait_until(lambda: table_view(floor)["status"] == "open", timeout=10, what="reopened")

    # the log: readable, filterable, exportable
    floor.goto("#/floor/log")
    page.wait_for_selector("#floor-log tbody tr[data-action]")
    text = page.locator("#floor-log").inner_text()
    for words in ("hand voided", "warning", "table closed", "last three hands announced",
                  "a card was exposed on the deal", "slow play, repeatedly", "muted",
                  "insults in the chat"):  # fmt: skip
        assert words in text, words
    page.screenshot(path=str(shots / "floor-log-desktop.png"), full_page=True)
    page.select_option("#log-kind", "player")
    page.click("#log-apply")

    def filtered() -> bool:
        shown = page.locator("#floor-log").inner_text()
        return "table closed" not in shown and "warning" in shown

    wait_until(filtered, timeout=5, what="the log filtered to the players")
    href = page.get_attribute("#log-csv", "href")
    assert href is not None and "subject_kind=player" in href
    exported = floor.context.request.get(server.url + href).text()
    assert exported.startswith("id,at,who") and "slow play" in exported
    assert "table_closed" not in exported

    page.set_viewport_size(PHONE)
    page.wait_for_timeout(200)
    page.screenshot(path=str(shots / "floor-log-phone.png"), full_page=True)
    page.locator("#floor-log").screenshot(path=str(shots / "floor-log-phone-table.png"))
    floor.goto("#/floor")
    page.wait_for_selector(f".floor-table[data-table='{TABLE}']")
    page.screenshot(path=str(shots / "floor-cash-phone.png"), full_page=True)
    page.screenshot(path=str(shots / "floor-cash-phone-screen.png"))
    page.locator(f".floor-table[data-table='{TABLE}']").screenshot(
        path=str(shots / "floor-cash-phone-table.png")
    )
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=Tables de cash game")
    page.wait_for_selector(f".floor-table[data-table='{TABLE}'] .rake-box")
    assert "Cagnotte" in page.locator("main").inner_text()
    page.screenshot(path=str(shots / "floor-cash-fr-phone.png"), full_page=True)
    page.select_option("#lang", "en")
    assert not floor.errors and not ann.errors, (floor.errors, ann.errors)
