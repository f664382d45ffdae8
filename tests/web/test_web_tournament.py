"""The tournament pages from frames in the protocol's format (``fixtures/tournament.json``:
a ``tournament`` view and the lobby's entries), fed to the page's own connection as if the
server had sent them: the lobby's list (sortable, filterable, register), the tournament's
lobby (clock, players, tables, chip counts, payouts, one's place), the offers, the result,
a move by balancing; in English, French and Italian, at desktop and phone sizes."""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from _browser import DESKTOP, PHONE, Player, Server, new_player
from playwright.sync_api import Browser, Page
from test_web_view import MOUNT, UNLABELLED, fixture

FIXTURE = json.loads(Path(__file__).with_name("fixtures").joinpath("tournament.json").read_text())

# the page's own connection (its bundle's: window.croupier), fed as if the server had sent
# it, and the sources' (the table mounted from them, MOUNT, follows that one)
RECEIVE = """async (frame) => {
  window.croupier.connection.receive(JSON.stringify(frame));
  const { connection } = await import('/static/js/ws.js');
  await import('/static/js/tournaments/store.js');  // its listener, before the frame
  connection.receive(JSON.stringify(frame));
}"""


@pytest.fixture(scope="module")
def ann(browser: Browser, server: Server) -> Iterator[Player]:
    person = new_player(browser, server, "ann")
    person.register()
    yield person
    person.context.close()


def receive(page: Page, frame: dict[str, Any]) -> None:
    page.evaluate(RECEIVE, frame)


def texts(page: Page, selector: str) -> list[str]:
    return [re.sub(r"\s+", " ", t).strip() for t in page.locator(selector).all_inner_texts()]


def lobby_frame(entries: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    tournaments = entries or FIXTURE["lobby"]
    return {"v": 1, "type": "lobby_update", "tables": [], "tournaments": tournaments}


def open_tournament(p: Player, view: dict[str, Any]) -> None:
    """The page of the view's tournament, fed the view (after the server's own answer, which
    knows no such tournament)."""
    p.page.set_viewport_size(DESKTOP)
    p.goto("#/lobby")
    p.page.wait_for_selector("#tournament-list")
    receive(p.page, lobby_frame())
    p.goto(f"#/tournament/{view['id']}")
    p.page.wait_for_selector(".t-page .error, .t-page .t-head")
    receive(p.page, view)
    p.page.wait_for_selector(".t-page .t-head")


def test_the_lobby_lists_tournaments_sortable_and_filterable(ann: Player, shots: Path) -> None:
    page = ann.page
    page.set_viewport_size(DESKTOP)
    ann.goto("#/lobby")
    page.wait_for_selector("#tournament-list")
    receive(page, lobby_frame())
    page.wait_for_selector("#tournaments tr[data-tournament='italian-12']")
    row = texts(page, "#tournaments tr[data-tournament='italian-12']")[0]
    assert "Torneo all'italiana #12 (Scheduled)" in row
    assert "10,000 chips, levels of 20 min · rebuys, add-on" in row
    assert "€20.00 + €2.00" in row and "9 of 60" in row and "Running" in row
    assert "€1,234.50" in row
    sng = texts(page, "#tournaments tr[data-tournament='sng-pokcomm-3']")[0]
    assert "When 6 have registered" in sng and "freezeout" in sng and "Registering" in sng
    assert page.locator("[data-register='sng-pokcomm-3']").count() == 1
    assert page.locator("[data-register='italian-12']").count() == 0  # running, no late entry
    # sorted by state (running first), then by any column, both ways
    order = lambda: page.eval_on_selector_all(  # noqa: E731
        "#tournaments tbody tr", "rs => rs.map(r => r.dataset.tournament)"
    )
    assert order() == ["italian-12", "sng-pokcomm-3", "sng-pokcomm-1"]
    page.click("[data-tsort='prize_pool']")
    assert order() == ["sng-pokcomm-3", "sng-pokcomm-1", "italian-12"]
    page.click("[data-tsort='prize_pool']")
    assert order() == ["italian-12", "sng-pokcomm-1", "sng-pokcomm-3"]
    assert page.get_attribute("th:has([data-tsort='prize_pool'])", "aria-sort") == "descending"
    # filtered by words and by state
    page.fill("#tournament-list input[type=search]", "pokcomm")
    assert order() == ["sng-pokcomm-1", "sng-pokcomm-3"]
    page.fill("#tournament-list input[type=search]", "")
    page.select_option("#tournament-list select", "finished")
    assert order() == ["sng-pokcomm-1"]
    page.select_option("#tournament-list select", "")
    # live: a new list replaces the old one
    fuller = copy.deepcopy(FIXTURE["lobby"])
    fuller[1]["entrants"] = 5
    fuller[1]["registered"] += ["ann"]
    receive(page, lobby_frame(fuller))
    sng = texts(page, "#tournaments tr[data-tournament='sng-pokcomm-3']")[0]
    assert "5 of 6" in sng and "Registered" in sng
    assert page.locator("[data-unregister='sng-pokcomm-3']").count() == 1
    page.check("#tournament-list input[type=checkbox]")
    assert order() == ["italian-12", "sng-pokcomm-3"]  # ann plays the first too
    page.uncheck("#tournament-list input[type=checkbox]")
    assert page.evaluate(UNLABELLED, "#tournament-list") == []
    page.locator("#tour-title").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "fixture-tournament-list-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    page.screenshot(path=str(shots / "fixture-tournament-list-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def test_the_tournament_lobby(ann: Player, shots: Path) -> None:
    page = ann.page
    view = FIXTURE["view"]
    open_tournament(ann, view)
    head = texts(page, ".t-head")[0]
    assert "Torneo all'italiana #12" in head and "Running" in head and "Scheduled" in head
    clock = texts(page, ".t-clock-panel")[0]
    assert "Level 3: blinds 75/150" in clock and "Next: Level 4: blinds 100/200, ante 25" in clock
    assert re.search(r"Time left in the level 1[12]:\d\d", clock), clock
    assert "Next break in 32:15" in clock and "Rebuys open" in clock
    facts = texts(page, "#t-facts-title + dl")[0]
    assert "€20.00 + €2.00" in facts and "9 of 60" in facts and "€1,234.50" in facts
    assert "11,667 chips" in facts
    # one's own place, chips and table (a link to it)
    you = texts(page, ".t-you")[0]
    assert "Your place: 3rd of 6" in you and "Your chips: 12,350" in you
    assert "Your table: Table 1, seat 2" in you
    assert page.get_attribute("#t-go-table", "href") == "#/table/italian-12-t1"
    # the players by chips (with their rank), then those out by their place
    ranks = page.eval_on_selector_all(
        "#t-players tbody tr", "rs => rs.map(r => [r.dataset.player, r.cells[0].textContent])"
    )
    assert ranks[:3] == [["bob", "1"], ["Bot-Bruno", "2"], ["ann", "3"]]
    assert ranks[-3:] == [["cy", "7th"], ["Bot-Elena", "8th"], ["Bot-Chloe", "9th"]]
    assert "mine" in (page.get_attribute("#t-players tr[data-player='ann']", "class") or "")
    assert "ann (you)" in texts(page, "#t-players tr[data-player='ann']")[0]
    assert "table 1, seat 2" in texts(page, "#t-players tr[data-player='ann']")[0]
    # the tables, to watch, and the payouts
    assert texts(page, ".t-table-list li strong") == ["Table 1", "Table 2"]
    assert texts(page, "#t-payouts tbody tr") == ["1st €740.70", "2nd €493.80"]
    # the structure, published
    page.click(".t-structure summary")
    assert "Break of 10 min" in texts(page, ".t-structure")[0]
    assert page.evaluate(UNLABELLED, ".t-page") == []
    page.screenshot(path=str(shots / "fixture-tournament-lobby-desktop.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(100)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    page.screenshot(path=str(shots / "fixture-tournament-lobby-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        (
            "fr",
            [
                "Niveau 3 : blindes 75/150",
                "Votre place : 3e sur 6",
                "Vos jetons : 12\u202f350",
                "1\u202f234,50\u00a0€",
                "Tapis moyen",
                "Recaves ouvertes",
                "Répartition des gains",
            ],
        ),
        (
            "it",
            [
                "Livello 3: bui 75/150",
                "La tua posizione: 3º su 6",
                "Le tue fiches: 12.350",
                "1234,50\u00a0€",
                "Stack medio",
                "Rebuy aperti",
                "Montepremi",
            ],
        ),
    ],
)
def test_the_tournament_lobby_in_french_and_italian(
    ann: Player, lang: str, words: list[str]
) -> None:
    open_tournament(ann, FIXTURE["view"])
    ann.page.select_option("#lang", lang)
    # the page is drawn again in the language (and asks the server again: feed it again)
    ann.page.wait_for_selector(".t-page .error, .t-page .t-head")
    ann.page.wait_for_timeout(200)
    receive(ann.page, dict(FIXTURE["view"], seq=FIXTURE["view"]["seq"] + 1))
    ann.page.wait_for_selector(".t-page .t-head")
    text = ann.page.locator(".t-page").inner_text()
    for word in words:
        assert word in text, (word, text)
    ann.page.select_option("#lang", "en")


def test_a_tournament_table_shows_its_tournament_not_the_cash_controls(
    ann: Player, shots: Path
) -> None:
    page = ann.page
    view = FIXTURE["view"]
    open_tournament(ann, view)
    frame = copy.deepcopy(fixture("midhand"))
    frame["table"] = "italian-12-t1"
    info = frame["info"]
    for key in ("min_buy_in", "max_buy_in", "max_rebuy", "rake_rate", "rake_cap", "session"):
        info.pop(key, None)
    info.update(table="italian-12-t1", unit="chips", tournament="italian-12", lines=[])
    offer = {
        "v": 1,
        "type": "offer",
        "tournament": view["id"],
        "offer": {"kind": "rebuy", "chips": 10000, "price": 2000, "expires_in": None},
    }
    for size, name in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page.set_viewport_size(size)
        page.evaluate(MOUNT, [[frame], "en", False])
        receive(page, offer)
        strip = page.locator("#fixture .t-strip")
        strip.wait_for()
        page.wait_for_selector("#fixture .t-strip .t-offers")
        text = strip.inner_text()
        assert "Tournament Torneo all'italiana #12" in text and "Level 3: blinds 75/150" in text
        assert "Your place: 3rd of 6" in text and "Rebuy for €20.00" in text
        assert page.get_attribute("#fixture [data-t-lobby]", "href") == "#/tournament/italian-12"
        # the cash table's controls are not offered at a tournament's table
        cash = "#fixture [data-control='rebuy'], #fixture [data-control='leave']"
        assert page.locator(cash).count() == 0
        assert page.locator("#fixture .table-head h1").inner_text() == (
            "Table 1 · Torneo all'italiana #12"
        )
        assert "Buy-in" not in page.locator("#fixture .panel.info").inner_text()
        # chips, not euros
        assert "15,100" in page.locator("#fixture .seat[data-seat='1']").inner_text()
        assert "€" not in page.locator("#fixture .felt-wrap").inner_text()
        if size is PHONE:
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
        page.screenshot(path=str(shots / f"fixture-tournament-table-{name}.png"), full_page=True)
    page.set_viewport_size(DESKTOP)
    page.evaluate(
        "() => { document.getElementById('fixture').remove();"
        " document.querySelector('main').hidden = false; }"
    )


def test_offers_and_the_result(ann: Player, shots: Path) -> None:
    page = ann.page
    view = FIXTURE["view"]
    open_tournament(ann, view)
    offer = {
        "v": 1,
        "type": "offer",
        "tournament": view["id"],
        "offer": {"kind": "rebuy", "chips": 10000, "price": 2000, "expires_in": 30.0},
    }
    receive(page, offer)
    page.wait_for_selector(".t-offers [data-accept='rebuy']")
    assert "Rebuy open: 10,000 chips for €20.00" in texts(page, ".t-offers")[0]
    assert texts(page, ".t-offers [data-accept]") == ["Rebuy for €20.00"]
    assert re.search(r"Time left to answer: 0:(30|29)", texts(page, ".t-offers")[0])
    assert "Rebuy open" in page.locator("#toasts").inner_text()
    page.screenshot(path=str(shots / "fixture-tournament-offer-desktop.png"), full_page=True)
    # the view's own offers (the add-on when it opens)
    addon = copy.deepcopy(view)
    addon.update(
        seq=view["seq"] + 1,
        type="tournament_update",
        add_on_open=True,
        offers=[{"kind": "add_on", "chips": 15000, "price": 2000, "expires_in": None}],
    )
    receive(page, addon)
    page.wait_for_selector(".t-offers [data-accept='add_on']")
    assert texts(page, ".t-offers [data-accept]") == ["Take the add-on for €20.00"]
    # the end: out second, the prize paid into the balance
    finished = copy.deepcopy(addon)
    finished.update(seq=addon["seq"] + 1, state="finished", remaining=1, offers=[])
    for p in finished["players"]:
        if p["player"] == "ann":
            p.update(status="out", place=2, prize=49380, table=None, seat=None, chips=0)
        elif p["player"] == "bob":
            p.update(status="winner", place=1, prize=74070, table=None, seat=None)
        elif p["status"] == "playing":
            p.update(status="out", place=3, table=None, seat=None, chips=0)
    finished["you"].update(status="out", place=2, prize=49380, table=None, seat=None, chips=0)
    finished["tables"] = []
    receive(page, finished)
    result = {
        "v": 1,
        "type": "tournament_result",
        "tournament": view["id"],
        "player": "ann",
        "place": 2,
        "prize": 49380,
        "entrants": 9,
        "balance": 147180,
    }
    receive(page, result)
    page.wait_for_selector("#t-result")
    told = texts(page, "#t-result")[0]
    assert "You finished 2nd of 9: €493.80 is paid into your balance." in told
    assert "Winner: bob" in texts(page, "#t-winner")[0]
    assert "€1,471.80" in page.locator("#balance").inner_text()
    page.screenshot(path=str(shots / "fixture-tournament-result-desktop.png"), full_page=True)


def test_a_move_by_balancing_takes_the_player_to_his_new_seat(ann: Player) -> None:
    page = ann.page
    ann.goto("#/lobby")
    page.wait_for_selector("#tournament-list")
    moved = {
        "v": 1,
        "type": "moved",
        "tournament": "italian-12",
        "table": "italian-12-t1",
        "seat": 7,
        "from_table": "italian-12-t3",
        "reason": "table broken",
    }
    receive(page, moved)
    page.wait_for_function("() => location.hash === '#/table/italian-12-t1'")
    toast = page.locator("#toasts").inner_text()
    assert "Table move (your table was broken up): you now sit at Table 1, seat 7" in toast
    page.wait_for_selector(".table-page[data-table='italian-12-t1'] .table-note")
    note = page.locator(".table-page[data-table='italian-12-t1'] .table-note").inner_text()
    assert "You were moved here from Table 3: your table was broken up." in note


def test_the_start_takes_the_player_to_his_table(ann: Player) -> None:
    page = ann.page
    waiting = copy.deepcopy(FIXTURE["view"])
    waiting.update(id="sng-pokcomm-9", name="Sit & Go pokcomm #9", state="registering", tables=[])
    waiting["you"].update(status="registered", table=None, seat=None, place=None)
    open_tournament(ann, waiting)
    assert "Registered" in texts(page, ".t-you")[0]
    started = copy.deepcopy(waiting)
    started.update(type="tournament_update", state="running", tables=FIXTURE["view"]["tables"])
    started["you"].update(status="playing", table="sng-pokcomm-9-t1", seat=4, place=1)
    receive(page, started)
    page.wait_for_function("() => location.hash === '#/table/sng-pokcomm-9-t1'")
    assert "Sit & Go pokcomm #9 has started: you sit at Table 1, seat 4." in (
        page.locator("#toasts").inner_text()
    )


def test_the_seat_drawn_at_the_start_is_not_a_move(ann: Player) -> None:
    page = ann.page
    ann.goto("#/lobby")
    page.wait_for_selector("#tournament-list")
    drawn = {
        "v": 1,
        "type": "moved",
        "tournament": "italian-12",
        "table": "italian-12-t2",
        "seat": 3,
        "from_table": "",
        "reason": "seat drawn",
    }
    receive(page, drawn)
    page.wait_for_function("() => location.hash === '#/table/italian-12-t2'")
    last = page.locator("#toasts .toast").last.inner_text()
    assert "has started: you sit at Table 2, seat 3." in last and "move" not in last


def test_a_busted_player_keeps_no_cards_of_his_last_hand(ann: Player) -> None:
    page = ann.page
    frame = copy.deepcopy(fixture("midhand"))
    page.evaluate(MOUNT, [[frame], "en", False])
    assert {"Qh", "Qs"} <= set(
        page.eval_on_selector_all("#fixture [data-card]", "els => els.map(e => e.dataset.card)")
    )
    # the next hand is dealt without him (his seat gone): a public frame, no `you`
    later = copy.deepcopy(frame)
    later.update(type="update", seq=frame["seq"] + 5, hand=frame["hand"] + 1)
    later.pop("you", None)
    later["state"]["seats"] = [s for s in later["state"]["seats"] if s["player"] != "ann"]
    later["state"]["hand"] = frame["hand"] + 1
    later["state"]["to_act"] = None
    later["state"]["board"] = []
    later["events"] = [{"type": "started", "button": 3, "seats": [], "forced": []}]
    page.evaluate("(f) => window.tab.apply(f)", later)
    cards = page.eval_on_selector_all("#fixture [data-card]", "els => els.map(e => e.dataset.card)")
    assert not {"Qh", "Qs"} & set(cards), cards
    assert page.locator("#fixture .seat.me").count() == 0
    assert page.evaluate("() => window.tab.view.you") is None
    page.evaluate(
        "() => { document.getElementById('fixture').remove();"
        " document.querySelector('main').hidden = false; }"
    )
