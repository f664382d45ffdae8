"""Playing in a real browser against the real server: players register, sit, play hands to a
showdown through the page (the keyboard's c to check or call), rebuy between hands, close the
page mid-hand and come back to their seat; the page reconnects by itself and says so. In every
scenario, no card a player may not see ever reached his page (frames, DOM, scripts' state).
A player plays the demo's sit-and-go against bots to its end through the page."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from _browser import (
    DESKTOP,
    PHONE,
    Player,
    Server,
    iter_frames,
    new_player,
    privacy_problems,
    wait_until,
)
from playwright.sync_api import Browser

TABLE = "casino-fr-2"
OTHER = "casino-fr-1"


@pytest.fixture(scope="module")
def people(browser: Browser, server: Server) -> Iterator[dict[str, Player]]:
    """The module's players, closed at the end (each keeps his context across tests)."""
    made: dict[str, Player] = {}
    yield made
    for player in made.values():
        player.context.close()


def person(
    people: dict[str, Player], browser: Browser, server: Server, name: str, **kw: object
) -> Player:
    """A newly registered player (each test has its own: they may run in any order, on any
    worker)."""
    assert name not in people, name
    people[name] = new_player(browser, server, name, **kw)  # type: ignore[arg-type]
    people[name].register()
    return people[name]


def open_table(p: Player, table: str) -> None:
    p.goto(f"#/table/{table}")
    p.page.wait_for_selector(f".table-page[data-table='{table}'] .felt-wrap")


def sit(p: Player, table: str, buy_in: str) -> None:
    page = p.page
    page.wait_for_selector(f"#sit-{table}")
    page.fill(".seat-panel input[type=text]", buy_in)
    page.click(f"#sit-{table}")
    wait_until(
        lambda: page.locator(".seat.me").count(), timeout=15, what=f"{p.name} seated at {table}"
    )
    muck = page.locator("[data-pref='muck-losing']")
    if muck.count() and muck.first.is_checked():
        muck.first.uncheck()  # a beaten hand is asked, and shown: both hands seen at showdowns


def act_if_turn(p: Player) -> str | None:
    """Play the player's turn if it is his: check or call with the keyboard's c, show at the
    showdown. Returns what was done."""
    page = p.page
    if not page.locator(".actions [data-action]").count():
        return None
    p.look()
    if page.locator(".actions [data-action='show']").count():
        page.click(".actions [data-action='show']")
        done = "show"
    elif page.locator(".actions [data-action='check'], .actions [data-action='call']").count():
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("c")
        done = "c"
    else:
        return None
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and page.locator(".actions [data-action]").count():
        time.sleep(0.05)
    return done


def stay_in(p: Player) -> None:
    """A player who went broke (or was sat out) buys chips again and comes back."""
    page = p.page
    if page.locator(".seat-panel .notice").count():  # no chips left: rebuy first
        page.fill(".seat-panel input[type=text]", "40.00")
        page.click("[data-control='rebuy']")
        page.wait_for_timeout(300)
    if page.locator("[data-control='sit-in-post']").count():
        page.click("[data-control='sit-in-post']")
        page.wait_for_timeout(300)


def leave(p: Player, *others: Player) -> None:
    """Leave the table through the page (confirming), playing out the hand if dealt in (the
    others at the table play their turns meanwhile, so that the hand ends)."""
    p.page.once("dialog", lambda dialog: dialog.accept())
    p.page.click("[data-control='leave']")

    def gone() -> bool:
        for other in others:
            act_if_turn(other)
        act_if_turn(p)
        return not p.page.locator(".seat.me").count()

    try:
        wait_until(
            gone,
            timeout=30,
            what=f"{p.name} gone from the table",
        )
    except AssertionError as error:
        said = p.page.locator(".table-note").all_inner_texts()
        raise AssertionError(f"{error}; the table said {said}; console {p.console}") from None


def shown_by(p: Player, seat_player: str) -> list[dict[str, object]]:
    """The "shown" events of another player's cards that reached p's page."""
    out = []
    for frame in iter_frames(p, "update"):
        names = {}
        for e in frame.get("events", []):
            if e.get("type") == "started":
                names = {row[0]: row[1] for row in e["seats"]}
        for e in frame.get("events", []):
            if e.get("type") == "shown":
                out.append({**e, "hand": frame.get("hand"), "names": names})
    seats = {s["seat"]: s["player"] for f in iter_frames(p, "update") for s in f["state"]["seats"]}
    return [e for e in out if seats.get(e["seat"]) == seat_player]


def stack_of(p: Player) -> float:
    text = p.page.locator(".seat.me .stack").inner_text()
    return float(re.sub(r"[^\d.]", "", text))


def test_two_players_play_to_a_showdown_and_one_rebuys(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    ann = person(people, browser, server, "ann")
    ann.page.wait_for_timeout(400)
    ann.page.screenshot(path=str(shots / "lobby-desktop.png"), full_page=True)
    bob = person(people, browser, server, "bob")
    for p in (ann, bob):
        open_table(p, TABLE)
        sit(p, TABLE, "100.00")
    rebuy_asked = False
    midhand_shot = False
    showdown = None
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        for p in (ann, bob):
            act_if_turn(p)
            stay_in(p)  # broke against the bots: he buys chips again before he is stood up
        if (
            not midhand_shot
            and ann.page.locator(".seat.me.to-act").count()
            and ann.page.locator(".board .card").count() >= 3
        ):
            ann.page.screenshot(path=str(shots / "table-midhand-desktop.png"), full_page=True)
            midhand_shot = True
        if not rebuy_asked and ann.page.locator(".seat.me .cards [data-card]").count():
            # during a hand: the rebuy waits for its end (CAS-11: between hands only)
            before = stack_of(ann)
            ann.page.fill("[data-control='rebuy']~input, .seat-panel input[type=text]", "40.00")
            ann.page.click("[data-control='rebuy']")
            rebuy_asked = True
        if showdown is None and shown_by(ann, "bob") and shown_by(bob, "ann"):
            showdown = True
            ann.page.wait_for_timeout(300)
            ann.look()
            bob.look()
            ann.page.screenshot(path=str(shots / "table-showdown-desktop.png"), full_page=True)
        if (
            showdown
            and midhand_shot
            and rebuy_asked
            and "Rebuy of €40.00 taken" in ann.page.locator(".table-note").inner_text()
        ):
            break
        time.sleep(0.1)
    assert showdown, "the two players never reached a showdown against each other"
    assert midhand_shot
    # the rebuy was taken between hands: the ledger has it, and the stack grew by 40 €
    ledger = ann.page.evaluate("() => fetch('/api/me/ledger').then(r => r.json())")
    kinds = [line["kind"] for line in ledger["lines"]]
    assert "rebuy" in kinds and "buy-in" in kinds, kinds
    assert before > 0
    # at the showdown bob's cards were on ann's page, drawn face up in his seat
    seen = shown_by(ann, "bob")[0]
    assert seen["cards"], seen
    # the table's last hands: read on the page, written in her language from the events
    ann.page.locator(".history [data-hand]").first.click()
    ann.page.wait_for_selector(".history .hand-history")
    told = ann.page.locator(".history .hand-history").inner_text()
    assert f"{TABLE}, hand #" in told and "Seat " in told and "*** Preflop ***" in told, told
    assert "Dealt to ann: " in told and "*** Summary ***" in told, told
    # the hands she played are in her hand histories, to read and download (PKG-15),
    # told in her language (the English original beside it)
    ann.goto("#/hands")
    ann.page.wait_for_selector("#hands tbody tr")
    ann.page.select_option("#lang", "fr")
    ann.page.wait_for_selector("text=Historique des mains")
    # the newest row may be the hand still in play: read one that has ended
    ann.page.locator("#hands tbody tr[data-status='ended'] button.hand-read").first.click()
    ann.page.wait_for_selector("#hand-text:not([hidden]) .hand-history")
    told = ann.page.locator("#hand-text .hand-history").inner_text()
    assert f"{TABLE}, main n° " in told and "Siège " in told and "*** Préflop ***" in told, told
    assert "Cartes de ann : " in told and "finit avec" in told and "\u00a0€" in told, told
    assert TABLE in (ann.page.locator("#hand-text details.original pre").text_content() or "")
    ann.page.select_option("#lang", "en")
    ann.page.wait_for_selector("text=Hand histories")
    # each hand to download (its text and proofs, in her language: test_web_hands.py); the
    # page draws its title at once and its rows when the hands have come
    ann.page.wait_for_selector("#hands tbody tr button.hand-text")
    assert ann.page.locator("#hands tbody tr button.hand-text").count() >= 1
    assert ann.page.locator("#hands tbody tr button.hand-proofs").count() >= 1
    open_table(ann, TABLE)
    # ann leaves at her turn (dealt in: paid at the hand's settlement), bob when he can
    wait_until(
        lambda: (act_if_turn(bob), ann.page.locator(".actions .main-buttons").count())[1],
        timeout=30,
        what="ann's turn",
    )
    for p, other in ((ann, bob), (bob, ann)):
        leave(p, other)
        # the header's balance is the server's at once, her stack paid back included
        wait_until(
            partial(_header_is_the_servers_balance, p),
            timeout=10,
            what=f"{p.name}'s balance in the header",
        )
        assert p.errors == [], p.errors
        assert privacy_problems(p, server.hands()) == []


def _header_is_the_servers_balance(p: Player) -> bool:
    cents = p.page.evaluate("async () => (await (await fetch('/api/me')).json()).balance")
    return bool(p.page.locator("#balance").inner_text() == f"Balance: €{cents / 100:,.2f}")


def test_closing_the_page_mid_hand_sits_out_and_the_seat_comes_back(
    browser: Browser, server: Server, people: dict[str, Player]
) -> None:
    carl = person(people, browser, server, "carl")
    dora = person(people, browser, server, "dora")
    open_table(dora, OTHER)  # dora watches
    open_table(carl, OTHER)
    sit(carl, OTHER, "60.00")
    wait_until(
        lambda: carl.page.locator(".seat.me .cards [data-card]").count(),
        timeout=30,
        what="carl dealt in",
    )
    carl.look()
    frames_before = list(carl.frames)
    carl.page.close()  # mid-hand: his clock runs, then he is sat out
    seat = dora.page.locator(".seat[data-player='carl']")
    wait_until(
        lambda: "Disconnected" in seat.inner_text(), timeout=15, what="carl shown disconnected"
    )
    wait_until(lambda: "Sitting out" in seat.inner_text(), timeout=60, what="carl sat out")
    # he comes back: a new page, same browser (his session), and his seat is there
    carl.page = carl.context.new_page()
    carl.frames = frames_before
    carl.listen()
    carl.goto("#/lobby")
    wait_until(
        lambda: carl.page.locator(f"#tabs [data-tab='{OTHER}']").count(),
        timeout=15,
        what="his table's tab",
    )
    open_table(carl, OTHER)
    carl.page.wait_for_selector(".seat.me")
    # the server gives him his seat back; if he is still sat out, "I am back" brings him in
    if "Sitting out" in carl.page.locator(".seat.me").inner_text():
        carl.page.click("[data-control='sit-in-post']")
    wait_until(
        lambda: carl.page.locator("[data-control='sit-out']").count(),
        timeout=30,
        what="carl sitting in",
    )
    theirs = dora.page.locator(".seat[data-player='carl']")
    wait_until(
        lambda: "Disconnected" not in theirs.inner_text(), timeout=15, what="carl back for dora"
    )
    wait_until(
        lambda: act_if_turn(carl) or carl.page.locator(".seat.me .cards [data-card]").count(),
        timeout=30,
        what="carl dealt in again",
    )
    # the page's own connection drops: it says so, reconnects by itself, and keeps the table
    carl.page.evaluate("() => window.croupier.connection.socket.close()")
    wait_until(
        lambda: "Connection lost" in carl.page.locator("#link").inner_text(),
        timeout=5,
        what="the loss told",
    )
    wait_until(
        lambda: carl.page.locator("#link").inner_text().strip() == "Connected",
        timeout=15,
        what="reconnected",
    )
    assert "Reconnected" in carl.page.locator("#toasts").inner_text()
    carl.look()
    dora.look()
    leave(carl)
    for p in (carl, dora):
        assert privacy_problems(p, server.hands()) == []


def test_the_lobby_draws_its_rows_before_the_socket_answers(
    people: dict[str, Player], browser: Browser, server: Server
) -> None:
    """The lobby's rows come from GET /api/lobby, fetched while the socket opens: with a
    socket that opens but never answers, the cash tables are still listed, stakes and seats
    included (the first row does not wait for the socket's handshake and its answer)."""
    player = person(people, browser, server, "lobby-early")
    page = player.page
    held: list[object] = []
    page.route_web_socket("**/ws", lambda ws: held.append(ws))  # never connected to the server
    page.reload()
    page.wait_for_selector("#cash-tables tbody tr[data-table]")
    assert held, "the page's socket was not the one held"
    row = page.locator(f"#cash-tables tr[data-table='{OTHER}']").inner_text()
    assert "€1.00 / €2.00" in row, row
    assert page.locator("#no-tournaments").count() == 1  # the tournaments wait for the socket


def test_language_switch_on_every_page(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    dora = person(people, browser, server, "lena")
    page = dora.page
    dora.goto("#/lobby")
    page.wait_for_selector("#cash-tables tbody tr[data-table]")
    page.select_option("#lang", "fr")
    page.wait_for_selector("text=Tables de cash game")
    assert page.locator("#nav-lobby").inner_text() == "Salon"
    row = page.locator(f"#cash-tables tr[data-table='{OTHER}']").inner_text()
    assert "1,00\u00a0€ / 2,00\u00a0€" in row
    page.select_option("#lang", "it")
    page.wait_for_selector("text=Tavoli cash")
    assert "Puntate" in page.locator("#cash-tables thead").inner_text()
    open_table(dora, OTHER)
    text = page.locator(".table-page").inner_text()
    assert "Informazioni del tavolo" in text and "Bui" in text
    # no rule code for the players (CAS-28: kept for the floor), no limits at a no-limit table
    assert "CAS-28" not in text and "Limiti" not in text
    # the hand's log, told in Italian, is told again in English when she switches
    wait_until(
        lambda: "\u00a0€" in page.locator(".table-page .log").inner_text(),
        timeout=30,
        what="an amount in the Italian log",
    )
    page.select_option("#lang", "en")
    page.wait_for_selector("text=Table information")
    log = page.locator(".table-page .log").inner_text()
    assert "\u00a0€" not in log and "€" in log, log
    page.select_option("#lang", "it")
    page.wait_for_selector("text=Informazioni del tavolo")
    dora.goto("#/cashier")
    page.wait_for_selector("text=Il tuo saldo")
    # CLDR's Italian groups from five digits: 1000,00 € (and 12.345,67 €)
    assert page.locator("#cashier-balance").inner_text() == "1000,00\u00a0€"
    page.select_option("#lang", "en")
    page.wait_for_selector("text=Your balance")
    # the choice is remembered across pages and visits
    dora.goto("#/lobby")
    page.select_option("#lang", "fr")
    page.reload()
    page.wait_for_selector("text=Tables de cash game")
    page.select_option("#lang", "en")


def test_a_phone_sized_window(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    eve = person(people, browser, server, "eve", viewport=PHONE)
    page = eve.page
    page.wait_for_timeout(300)
    page.screenshot(path=str(shots / "lobby-phone.png"), full_page=True)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    open_table(eve, OTHER)
    sit(eve, OTHER, "40,00")
    acted = False
    shot_mid = shot_end = False
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline and not (shot_mid and shot_end):
        if page.locator(".actions [data-action]").count():
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
            if not shot_mid:
                page.screenshot(path=str(shots / "table-midhand-phone.png"), full_page=True)
                shot_mid = True
            acted = bool(act_if_turn(eve)) or acted
        if (
            shot_mid
            and page.locator(".winners li").count()
            and page.locator(".seat:not(.me) .cards [data-card]").count()
        ):
            page.screenshot(path=str(shots / "table-showdown-phone.png"), full_page=True)
            shot_end = True
        time.sleep(0.1)
    assert acted and shot_mid and shot_end
    eve.look()
    leave(eve)
    assert privacy_problems(eve, server.hands()) == []


def shove_if_turn(p: Player) -> str | None:
    """Play the player's turn all-in if he may (the largest size, then the keyboard's r),
    else call or check (c); show at the showdown: a sit-and-go played this way is over in
    minutes."""
    page = p.page
    if not page.locator(".actions [data-action]").count():
        return None
    p.look()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    if page.locator(".actions [data-action='show']").count():
        page.click(".actions [data-action='show']")
        done = "show"
    elif page.locator(".actions [data-size='max']").count():
        page.click(".actions [data-size='max']")
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.keyboard.press("r")
        done = "r"
    elif page.locator(".actions [data-action='all_in']").count():
        page.click(".actions [data-action='all_in']")
        done = "all-in"
    elif page.locator(".actions [data-action='check'], .actions [data-action='call']").count():
        page.keyboard.press("c")
        done = "c"
    else:
        return None
    deadline = time.monotonic() + 3
    while time.monotonic() < deadline and page.locator(".actions [data-action]").count():
        time.sleep(0.05)
    return done


def test_a_sit_and_go_against_bots_to_its_end(
    browser: Browser, server: Server, people: dict[str, Player], shots: Path
) -> None:
    sam = person(people, browser, server, "sam")
    page = sam.page
    # the lobby lists the demo's tournaments; the pokcomm sit-and-go is open to register
    page.wait_for_selector("#tournaments tbody tr[data-tournament]")
    row = page.locator("#tournaments tbody tr:has([data-register])").filter(has_text="pokcomm")
    row.first.wait_for()
    tid = row.first.get_attribute("data-tournament") or ""
    assert tid, "no sit-and-go to register for"
    before = sam.page.evaluate("() => fetch('/api/me').then(r => r.json())")["balance"]
    page.locator("#tour-title").scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "lobby-tournaments-desktop.png"), full_page=True)
    page.click(f"[data-register='{tid}']")
    page.wait_for_selector(f"#tournaments tr[data-tournament='{tid}'] [data-unregister]")
    page.click(f"[data-details='{tid}']")
    # his part of the tournament's page; or, when the bots filled it first, his table
    wait_until(
        lambda: (
            page.locator(".t-page .t-you").count() > 0
            or page.evaluate("() => location.hash").startswith("#/table/")
        ),
        timeout=60,
        what="the tournament's page with his part, or his table",
    )
    # the bots fill it; its start takes him to his table
    wait_until(
        lambda: page.evaluate("() => location.hash").startswith("#/table/"),
        timeout=90,
        what="the sit-and-go started and sam was taken to his table",
    )
    table = page.evaluate("() => decodeURIComponent(location.hash.slice(8))")
    page.wait_for_selector(f".table-page[data-table='{table}'] .t-strip")
    # a second page of his (the tournament's lobby at both sizes while he plays)
    lobby = Player(name="sam", context=sam.context, page=sam.context.new_page(), server=server)
    lobby.listen()
    shot_table = shot_lobby = False
    deadline = time.monotonic() + 360
    while time.monotonic() < deadline and not list(iter_frames(sam, "tournament_result")):
        if not page.locator(".actions [data-action]").count():
            time.sleep(0.1)
            continue
        # his turn: the shots first (his clock runs), then he plays
        if not shot_table:
            page.screenshot(path=str(shots / "tournament-table-desktop.png"), full_page=True)
            page.set_viewport_size(PHONE)
            page.wait_for_timeout(200)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
            page.screenshot(path=str(shots / "tournament-table-phone.png"), full_page=True)
            page.set_viewport_size(DESKTOP)
            shot_table = True
        if not shot_lobby:
            lobby.goto(f"#/tournament/{tid}")
            lobby.page.wait_for_selector("#t-players tbody tr")
            lobby.page.wait_for_timeout(300)
            text = lobby.page.locator(".t-page").inner_text()
            assert "Level " in text and "sam (you)" in text and "Your place: " in text, text
            lobby.page.screenshot(path=str(shots / "tournament-lobby-desktop.png"), full_page=True)
            lobby.page.set_viewport_size(PHONE)
            lobby.page.wait_for_timeout(200)
            width = lobby.page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= PHONE["width"] + 1
            lobby.page.screenshot(path=str(shots / "tournament-lobby-phone.png"), full_page=True)
            lobby.page.set_viewport_size(DESKTOP)
            shot_lobby = True
        shove_if_turn(sam)
        time.sleep(0.1)
    results = list(iter_frames(sam, "tournament_result"))
    assert results, "the sit-and-go was not over for sam within 6 minutes"
    result = results[0]
    assert result["tournament"] == tid and result["player"] == "sam"
    assert shot_table and shot_lobby
    # his result and prize on his table and on the tournament's page
    page.wait_for_selector(f".table-page[data-table='{table}'] .t-strip .t-result")
    sam.look()
    page.goto(f"{server.url}/#/tournament/{tid}")
    page.wait_for_selector("#t-result, #t-place")
    # the bots play it to its end: the winner is named
    page.wait_for_selector("#t-winner", timeout=240_000)
    finish = page.locator(".t-you").inner_text()
    assert re.search(r"(over for you|You finished|You won)", finish), finish
    page.screenshot(path=str(shots / "tournament-result-desktop.png"), full_page=True)
    after = page.evaluate("() => fetch('/api/me').then(r => r.json())")["balance"]
    ledger = page.evaluate("() => fetch('/api/me/ledger').then(r => r.json())")
    kinds = [line["kind"] for line in ledger["lines"]]
    assert "tournament-entry" in kinds, kinds
    if result["prize"]:
        assert "tournament-prize" in kinds, kinds
    assert after == result["balance"], (before, after, result)  # the prize was paid into it
    # his tournament hands in his histories, told in chips
    page.goto(f"{server.url}/#/hands")
    page.wait_for_selector("#hands tbody tr")
    page.locator("#hands tbody tr button.hand-read").first.click()
    page.wait_for_selector("#hand-text:not([hidden]) .hand-history")
    told = page.locator("#hand-text .hand-history").inner_text()
    # the table by its number and the tournament's name, never its id
    number = table.rpartition("@")[2]
    assert f"Table {number} · " in told and ", hand #" in told and "€" not in told, told
    assert table not in page.locator("#hands").inner_text()
    for p in (sam, lobby):
        assert p.errors == [], p.errors
        assert privacy_problems(p, server.hands()) == []
    lobby.page.close()
