"""A multi-table rebuy tournament against the real server, through the pages: the floor
creates it (``pokcomm-rebuy``, tables of two, short levels), four players register in the
lobby, are taken to their tables at the start, take or decline the rebuy and add-on offers
on the page, are moved when a table breaks (taken to the new seat and told why), and see
their finish and prize at the end; no card any of them may not see ever reached his page."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import Player, Server, iter_frames, new_player, privacy_problems, wait_until
from playwright.sync_api import Browser
from test_web_play import shove_if_turn

PASSWORD = "correct horse battery"
TID = "rb-web"
NAMES = ("amy", "ben", "cat", "dan")


def floor_account(server: Server, name: str) -> None:
    """A floor account, made as an administrator does (``croupier admin create-user``)."""
    croupier = Path(sys.executable).with_name("croupier")
    command = [str(croupier), "admin", "create-user", name, "--role", "floor"]
    subprocess.run(
        [*command, "--password-stdin", "--full-name", "Boss Floor", "--data", str(server.data)],
        input=f"{PASSWORD}\n",
        text=True,
        check=True,
        capture_output=True,
    )


def api(p: Player, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """The page's own API client (with its CSRF token)."""
    return p.page.evaluate(
        """async ([method, path, body]) => {
          const api = await import('/static/js/api.js');
          try {
            return method === 'get' ? await api.get(path) : await api.post(path, body || {});
          } catch (error) { return { error: error.message, status: error.status }; }
        }""",
        [method, path, body],
    )


@pytest.fixture(scope="module")
def players(browser: Browser, server: Server) -> Iterator[dict[str, Player]]:
    made: dict[str, Player] = {}
    yield made
    for p in made.values():
        p.context.close()


def test_a_multi_table_rebuy_tournament_through_the_pages(
    browser: Browser, server: Server, players: dict[str, Player], shots: Path
) -> None:
    floor_account(server, "boss")
    boss = players["boss"] = new_player(browser, server, "boss")
    boss.goto("")
    boss.page.wait_for_selector("main h1")
    assert "error" not in api(
        boss, "post", "/api/login", {"screen_name": "boss", "password": PASSWORD}
    )
    levels = [{"small_blind": 25 * 2**i, "big_blind": 50 * 2**i, "minutes": 0.5} for i in range(12)]
    made = api(
        boss,
        "post",
        "/api/tournaments",
        {
            "preset": "pokcomm-rebuy",
            "id": TID,
            "name": "Web rebuy",
            "max_players": 4,
            "table_size": 2,
            "start_when": 4,
            "structure": {"levels": levels},
            "reason": "the browser test",
        },
    )
    assert made.get("id") == TID, made
    for name in NAMES:
        p = players[name] = new_player(browser, server, name)
        p.register()
        p.page.wait_for_selector(f"[data-register='{TID}']")
        p.page.click(f"[data-register='{TID}']")
        # registered (his row says so), or already taken to his table (the last one starts it)
        wait_until(
            lambda p=p: p.page.locator(
                f"#tournaments tr[data-tournament='{TID}'] th .tag, .toast-error, .table-page"
            ).count(),
            timeout=20,
            what=f"{p.name} registered",
        )
        assert not p.page.locator(".toast-error").count(), p.page.locator("#toasts").inner_text()
    # the fourth registration starts it: each is taken to his table
    for name in NAMES:
        p = players[name]
        wait_until(
            lambda p=p: p.page.evaluate("() => location.hash").startswith("#/table/"),
            timeout=60,
            what=f"{name} taken to his table",
        )
    took: dict[str, str] = {}
    moved_seen = False
    shot_offer = False
    deadline = time.monotonic() + 420
    while time.monotonic() < deadline:
        over = [n for n in NAMES if list(iter_frames(players[n], "tournament_result"))]
        if len(over) == len(NAMES):
            break
        for name in NAMES:
            p = players[name]
            if name in over:
                continue
            offers = p.page.locator(".t-offers [data-accept]")
            if offers.count():
                kind = offers.first.get_attribute("data-accept") or ""
                if not shot_offer:
                    p.page.screenshot(
                        path=str(shots / "tournament-offer-desktop.png"), full_page=True
                    )
                    shot_offer = True
                # amy takes what she is offered (once of each kind), the others decline
                if name == "amy" and kind not in took:
                    offers.first.click()
                    took[kind] = name
                else:
                    p.page.click(f".t-offers [data-decline='{kind}']")
            shove_if_turn(p)
            moves = [f for f in iter_frames(p, "moved") if f.get("from_table")]
            if moves and not moved_seen:
                move = moves[0]
                p.page.wait_for_function(
                    f"() => decodeURIComponent(location.hash) === '#/table/{move['table']}'",
                    timeout=10_000,
                )
                note = p.page.locator(".table-note").inner_text()
                said = (
                    "A new seat at this table"  # the final table made anew under its name
                    if move["from_table"] == move["table"]
                    else f"You were moved here from Table {move['from_table'].rsplit('@', 1)[1]}"
                )
                assert said in note, note
                p.page.screenshot(path=str(shots / "tournament-moved-desktop.png"), full_page=True)
                moved_seen = True
        time.sleep(0.1)
    results = {n: next(iter_frames(players[n], "tournament_result"), None) for n in NAMES}
    assert all(results.values()), results
    places = sorted(r["place"] for r in results.values() if r)
    assert places == [1, 2, 3, 4], places
    assert moved_seen, "nobody was moved to another table"
    assert "rebuy" in took, took
    winner = next(n for n, r in results.items() if r and r["place"] == 1)
    page = players[winner].page
    page.goto(f"{server.url}/#/tournament/{TID}")
    page.wait_for_selector("#t-winner")
    assert f"Winner: {winner}" in page.locator("#t-winner").inner_text()
    assert "You won the tournament!" in page.locator("#t-result").inner_text()
    page.screenshot(path=str(shots / "tournament-won-desktop.png"), full_page=True)
    truth = server.hands()
    for name in NAMES:
        p = players[name]
        p.look()
        assert p.errors == [], (name, p.errors)
        assert privacy_problems(p, truth) == [], name
